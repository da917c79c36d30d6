"""Settling a hand: points, the game and figure results, payments, written score.

:func:`settle` turns a finished :class:`~alsos.game.Game` into a
:class:`Settlement`: card points per seat (talon and síber discards count for
nobody), valid melds and béla, whether the game was won (the declarer must
beat each defender separately; a tie loses), each item's result and value with
every multiplier, the zero-sum payments, and the score as written on paper,
where every won item is a positive number for its winners (000 "Scoring").

Sessions of many hands (rubber, rádli) are in :mod:`alsos.session`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import define, field, frozen

from alsos import rules as rule_modules
from alsos.items import DECLARER
from alsos.melds import scoring_sequences, vannak_ranks_held
from alsos.tables import suit_point_sums

if TYPE_CHECKING:
    from alsos.game import Game

__all__ = ["Entry", "Settlement", "Tally", "settle"]


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


def _points(game: Game) -> dict[int, int]:
    a, b, c, d = suit_point_sums(game.points_table())
    out = {}
    for s in game.active:
        w = game.won[s]
        out[s] = a[w & 0xFF] + b[(w >> 8) & 0xFF] + c[(w >> 16) & 0xFF] + d[w >> 24]
    if len(game.tricks) == game.rules.hand_size and game.trick_winners:
        out[game.trick_winners[-1]] += game.rules.cards.last_trick
    return out


def _melds(game: Game) -> tuple[dict[int, int], dict[int, int]]:
    rules = game.rules.melds
    melds = {s: 0 for s in game.active}
    seq_winner = game.meld_winner.get("sequence")
    if seq_winner is not None:
        values = rules.sequence_values
        for n, _top, _suit in scoring_sequences(
            game.meld_hands[seq_winner], rules.one_run_per_length
        ):
            melds[seq_winner] += values[max(k for k in values if k <= n)]
    van_winner = game.meld_winner.get("vannak")
    if van_winner is not None:
        held = vannak_ranks_held(game.meld_hands[van_winner], rules.vannak_ranks_for(game.trump))
        melds[van_winner] += rules.vannak * len(held)
    bela = {s: 0 for s in game.active}
    t = game.trump
    if t >= 0:
        need = (1 << (8 * t + 1)) | (1 << (8 * t + 2))
        for s, hand in game.meld_hands.items():
            if hand & need == need:
                bela[s] = rules.bela
    return melds, bela


def settle(game: Game) -> Settlement:
    """Score a finished hand with the profile's scoring module."""
    scorer = rule_modules.lookup("scoring", game.rules.scoring.module)
    result: Settlement = scorer(game)
    return result


@rule_modules.register("scoring", "potter")
def settle_potter(game: Game) -> Settlement:
    """000 "Scoring": each item paid between the declarer and every opponent."""
    from alsos.game import Kind

    contract = game.contract
    tricks = {s: game.tricks_won[s] for s in game.active}
    if contract is None:
        zero = {s: 0 for s in range(game.players)}
        return Settlement("thrown in", None, None, {}, {}, {}, tricks, [], zero, dict(zero))
    if contract.kind is Kind.KLOPITZKY:
        return _klopitzky(game, tricks)
    declarer = game.declarer
    assert declarer is not None
    defenders = game.defenders
    card_points = _points(game)
    melds, bela = _melds(game)
    totals = {s: card_points[s] + melds[s] + bela[s] for s in game.active}
    notes = []
    game_item = game.items[0]
    if game_item.forced is not None:
        game_won: bool = game_item.forced
        notes.append(f"the {'defenders' if game_won else 'declarer'} conceded a call")
    elif contract.kind is Kind.BETLI:
        game_won = tricks[declarer] == 0
    else:
        game_won = all(totals[declarer] > totals[d] for d in defenders)
    tally = Tally(
        trump=game.trump,
        hand_size=game.rules.hand_size,
        declarer=declarer,
        defenders=defenders,
        won=tuple(game.won),
        tricks=tuple(tuple(t) for t in game.tricks),
        trick_winners=tuple(game.trick_winners),
        card_points=card_points,
        meld_points=melds,
        bela=bela,
        game_won=game_won,
    )
    payers = game.payers
    n_payers = len(payers)
    payments = {s: 0 for s in range(game.players)}
    written = {s: 0 for s in range(game.players)}
    entries = []
    figures = game.rules.figures
    step_names = game.rules.kontra.levels
    for item in game.items:
        call = item.call
        is_game = item.is_game
        if is_game:
            made = game_won
        elif item.forced is not None:
            made = item.forced
        else:
            fig = figures[item.figure]
            made = rule_modules.lookup("figures", fig.kind)(tally, fig, item)
        value = item.value * call
        winner_side = item.side if made else item.side ^ 1
        if winner_side == DECLARER:
            winners: tuple[int, ...] = (declarer,)
            payments[declarer] += value * n_payers
            for d in payers:
                payments[d] -= value
            written[declarer] += value
        else:
            winners = payers
            payments[declarer] -= value * n_payers
            for d in payers:
                payments[d] += value
                written[d] += value
        entries.append(
            Entry(
                "game" if is_game else item.figure,
                item.seat,
                item.side,
                made,
                value,
                winners,
                item.base,
                item.front_multiplier if item.front else 1,
                tuple(item.boosts),
                tuple(item.steps),
                call,
                step_names=step_names,
            )
        )
    return Settlement(
        str(contract),
        declarer,
        game_won,
        card_points,
        melds,
        bela,
        tricks,
        entries,
        payments,
        written,
        conceded=game.conceded,
        notes=notes,
    )


def _klopitzky(game: Game, tricks: dict[int, int]) -> Settlement:
    """Most tricks pays each other seat; two tied for most both pay the seat below them.

    All equal: nothing.  A seat sitting out (four players) scores with the
    seats that took fewer tricks (000 "Alsós with four players").
    """
    value = game.rules.games.klopitzky
    payments = {s: 0 for s in range(game.players)}
    written = {s: 0 for s in range(game.players)}
    most = max(tricks.values())
    losers = [s for s, n in tricks.items() if n == most]
    entries = []
    if len(losers) < len(tricks):
        gainers = [s for s in range(game.players) if s not in losers]
        for g in gainers:
            for lo in losers:
                payments[lo] -= value
                payments[g] += value
            written[g] += value * (len(losers) if game.rules.scoring.klopitzky_per_payer else 1)
            detail = f"{tricks[g]} tricks against {most}" if g in tricks else "sitting out"
            entries.append(Entry("klopitzky", g, None, True, value, (g,), note=detail))
    return Settlement("klopitzky", None, None, {}, {}, {}, tricks, entries, payments, written)
