"""The result of a hand: the itemised :class:`Settlement` and its parts.

A scoring module (the profile's ``scoring.module``; the built-in ``potter``
is in :mod:`alsos.hand.rules.scoring`) turns a finished hand into a
:class:`Settlement`: card points per seat, valid melds and béla, whether the
game was won, each item's result and value with every multiplier
(:class:`Entry`), the zero-sum payments, and the score as written on paper.
:class:`Tally` is what figure judges read.

Sessions of many hands (rubber, rádli) are in :mod:`alsos.play.session`.
"""

from __future__ import annotations

from attrs import define, field, frozen

__all__ = ["Entry", "Settlement", "Tally"]


@frozen
class Entry:
    """One scored item: what it was, who undertook it, whether it was made, its worth.

    ``base``, ``front_multiplier`` (1 unless announced from the front),
    ``boosts``, ``steps`` (each kontra step as (seat, said from the front))
    and ``call`` are the factors of ``value``; :attr:`detail` spells them out.
    ``note`` replaces that breakdown where an entry has none (Klopitzky);
    ``step_names`` are the profile's names of the kontra levels.
    """

    label: str
    seat: int | None
    side: int | None
    made: bool
    value: int
    winners: tuple[int, ...]
    base: int = 0
    front_multiplier: int = 1
    boosts: tuple[tuple[str, int], ...] = ()
    steps: tuple[tuple[int, bool], ...] = ()
    call: int = 1
    note: str = ""
    step_names: tuple[str, ...] = field(default=(), repr=False)

    @property
    def detail(self) -> str:
        """How the value came about, e.g. ``base 2, front x2, kontra front``.

        Built on demand: simulations settle millions of hands and read few."""
        if self.note:
            return self.note
        parts = [f"base {self.base}"]
        if self.front_multiplier != 1:
            parts.append(f"front x{self.front_multiplier}")
        parts.extend(f"{label} x{factor}" for label, factor in self.boosts)
        for i, (_seat, front) in enumerate(self.steps):
            name = self.step_names[i] if i < len(self.step_names) else f"kontra step {i + 1}"
            parts.append(f"{name} {'front' if front else 'back'}")
        if self.call != 1:
            parts.append(f"call x{self.call}")
        return ", ".join(parts)


@frozen
class Tally:
    """What the hand produced, for judging figures."""

    trump: int
    hand_size: int
    declarer: int | None
    defenders: tuple[int, ...]
    won: tuple[int, ...]
    tricks: tuple[tuple[tuple[int, int], ...], ...]
    trick_winners: tuple[int, ...]
    card_points: dict[int, int]
    meld_points: dict[int, int]
    bela: dict[int, int]
    game_won: bool | None


@define
class Settlement:
    """The itemised result of a hand.

    ``payments`` maps every seat to what it gains (negative: pays); they sum
    to zero.  ``written`` is the paper score of this hand per seat.
    """

    contract: str
    declarer: int | None
    game_won: bool | None
    card_points: dict[int, int]
    meld_points: dict[int, int]
    bela: dict[int, int]
    tricks: dict[int, int]
    entries: list[Entry]
    payments: dict[int, int]
    written: dict[int, int]
    conceded: bool = False
    notes: list[str] = field(factory=list)

    def __str__(self) -> str:
        lines = [
            f"contract: {self.contract}"
            + (f", declarer seat {self.declarer}" if self.declarer is not None else "")
        ]
        if self.card_points:
            lines.append(
                "points:   "
                + ", ".join(
                    f"seat {s} {self.card_points[s]}"
                    + (f"+{self.meld_points[s]} melds" if self.meld_points.get(s) else "")
                    + (f"+{self.bela[s]} béla" if self.bela.get(s) else "")
                    for s in sorted(self.card_points)
                )
            )
        lines.append(
            "tricks:   " + ", ".join(f"seat {s} {n}" for s, n in sorted(self.tricks.items()))
        )
        lines.extend(f"note:     {n}" for n in self.notes)
        for e in self.entries:
            who = f" by seat {e.seat}" if e.seat is not None else ""
            verdict = "made" if e.made else "lost"
            lines.append(f"item:     {e.label}{who}: {verdict}, {e.value} ({e.detail})")
        lines.append(
            "payments: " + ", ".join(f"seat {s} {v:+d}" for s, v in sorted(self.payments.items()))
        )
        lines.append(
            "written:  " + ", ".join(f"seat {s} {v}" for s, v in sorted(self.written.items()))
        )
        return "\n".join(lines)
