"""What one seat may know: its hand, the seen talon cards and the public history.

A :class:`View` is built from a hand state for one seat and holds no hidden
information: other seats' hands, the face-down talon cards and other seats'
síber discards are absent.  Bots should decide from views only.  Views are
frozen attrs classes of plain values, so ``alsos.to_data(view)`` turns one
into JSON-ready data for a client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from alsos.actions import Action
from alsos.cards import CARDS, Card, cards_of
from alsos.phases import Phase

if TYPE_CHECKING:
    from alsos.engine import Engine
    from alsos.state import HandState

__all__ = ["ItemView", "TrickView", "View", "make_view"]


@frozen
class ItemView:
    """An item at stake, labelled and valued as the settlement will (:class:`~alsos.Entry`).

    ``label`` is ``game`` or the figure's id; ``seat`` announced it (the
    declarer for the game) for ``side`` (0 the declarer's, 1 the defenders');
    ``value`` counts its base, the front multiplier, every kontra step and
    any call multiplier (``call``); ``level`` is the kontra steps said so
    far; ``conceded`` is True or False once a call decided it, else None.
    """

    label: str
    seat: int
    side: int
    value: int
    level: int = 0
    call: int = 1
    conceded: bool | None = None

    def __str__(self) -> str:
        who = "" if self.label == "game" else f" (seat {self.seat})"
        extra = f", call x{self.call}" if self.call != 1 else ""
        return f"{self.label}{who} {self.value}{extra}"


@frozen
class TrickView:
    """A completed trick: its number (1 first), who led, the cards in order, who won."""

    number: int
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def __str__(self) -> str:
        cards = ", ".join(f"seat {s} {c.name}" for s, c in self.cards)
        return f"trick {self.number}: {cards} -> seat {self.winner}"


@frozen
class View:
    """A seat's knowledge of the hand at one moment.

    ``tricks`` are the completed tricks and ``trick`` the one on the table;
    ``items`` what is at stake; ``call_stakes``, while a call is being
    answered, what the called items are worth if the answer is to concede and
    if it is to play on.  ``variant`` is the ruleset's canonical string
    (``alsos.load_variant(view.variant)`` gives the rules), ``trump`` the trump
    suit (-1: none yet, or none), ``kind`` the kind of game once known
    (``trump``, ``no-trumps``, ``betli``, ``klopitzky``).

    ``taken`` remembers each taking of talon cards into a hand, in order:
    the taking seat and the cards this seat saw go -- all of them for its
    own takings (cards drawn unseen in an auction included), the ones that
    lay face up for another seat's (the indicator an exchange took, the seen
    cards and what a síber reveal turned up, Altiansz's face-up card).
    ``declared_before`` is each seat's count of contracts declared earlier in
    the session where the profile limits them (None: not counted).
    ``players`` is the number of seats at the table (0: not given), so that
    per-seat data can be sent as lists indexed by seat (:mod:`alsos.data`).
    """

    seat: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    unseen_count: int
    talon_seen: tuple[Card, ...]
    declarer: int | None
    contract: str | None
    trick: tuple[tuple[int, Card], ...]
    tricks_won: dict[int, int]
    items: tuple[ItemView, ...]
    history: tuple[tuple[int, str], ...]
    legal: tuple[Action, ...]
    tricks: tuple[TrickView, ...] = ()
    call_stakes: tuple[int, int] | None = None
    variant: str = ""
    trump: int = -1
    kind: str | None = None
    taken: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    declared_before: tuple[int, ...] | None = None
    players: int = 0

    def __str__(self) -> str:
        lines = [
            f"seat {self.seat} — phase: {self.phase}; to act: {self.to_act}",
            f"contract: {self.contract or 'not settled'}"
            + (f", declarer seat {self.declarer}" if self.declarer is not None else ""),
            "hand: "
            + " ".join(c.name for c in self.hand)
            + (f" (+{self.unseen_count} unseen)" if self.unseen_count else ""),
            "talon (seen): " + (" ".join(c.name for c in self.talon_seen) or "-"),
        ]
        if self.items:
            lines.append("items: " + ", ".join(str(i) for i in self.items))
        if self.call_stakes is not None:
            lines.append(f"call: {self.call_stakes[0]} if conceded, {self.call_stakes[1]} if not")
        if self.trick:
            lines.append("trick: " + ", ".join(f"seat {s} {c.name}" for s, c in self.trick))
        if self.legal:
            lines.append("legal: " + ", ".join(str(a) for a in self.legal))
        return "\n".join(lines)


def make_view(engine: Engine, s: HandState, seat: int, *, history: bool = True) -> View:
    """The :class:`View` of the hand ``s`` for ``seat``.

    ``history=False`` leaves the public history out (an empty tuple): a
    policy that never reads it (a playout's) is spared writing it out.
    """
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise ValueError(f"seat {seat!r} is not at this {s.players}-player table")
    items = tuple(
        ItemView(i.figure, i.seat, i.side, i.stake, i.level, i.call, i.forced) for i in s.items
    )
    pending = engine.calling.pending(s)
    stakes = None
    if pending is not None:
        targets, concede, play_on = pending
        base = sum(s.items[t].value for t in targets)
        stakes = (base * concede, base * play_on)
    tricks = tuple(
        TrickView(n + 1, t[0][0], tuple((p, CARDS[c]) for p, c in t), s.trick_winners[n])
        for n, t in enumerate(s.tricks)
    )
    return View(
        seat=seat,
        phase=s.phase,
        to_act=s.to_act,
        hand=tuple(cards_of(s.hands[seat])),
        unseen_count=s.unseen[seat].bit_count(),
        talon_seen=s.talon_seen(),
        declarer=s.declarer,
        contract=None if s.contract is None else str(s.contract),
        trick=tuple((t, CARDS[c]) for t, c in s.trick),
        tricks_won={t: s.tricks_won[t] for t in s.active},
        items=items,
        history=tuple(engine.public_history(s, seat)) if history else (),
        legal=engine.legal_actions(s) if s.to_act == seat else (),
        tricks=tricks,
        call_stakes=stakes,
        variant=str(engine.rules),
        trump=s.trump,
        kind=None if s.contract is None else str(s.contract.kind),
        taken=tuple(
            (t, tuple(CARDS[c] for c in cards if t == seat or up >> c & 1))
            for t, cards, up in s.takes
        ),
        declared_before=None if s.declared_before is None else tuple(s.declared_before),
        players=s.players,
    )
