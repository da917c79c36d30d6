"""Scoring modules: a finished hand's settlement.

``potter`` (pagat, "Scoring"): card points per seat (talon and síber discards
count for nobody), valid melds and béla, whether the game was won (the
declarer must beat each defender separately; a tie loses), each item's result
and value with every multiplier, paid between the declarer and every
opponent, and the score as written on paper, where every won item is a
positive number for its winners.  Klopitzky: the seat with most tricks pays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.cards import Rank
from alsos.items import DECLARER
from alsos.melds import scoring_sequences, vannak_ranks_held
from alsos.phases import Kind
from alsos.registry import lookup, register
from alsos.settlement import Entry, Settlement, Tally
from alsos.tables import point_table, suit_point_sums

if TYPE_CHECKING:
    from alsos.profile import Ruleset
    from alsos.state import HandState

__all__ = ["card_points", "settle_potter"]

_RANKS = tuple(Rank)


def card_points(rules: Ruleset, s: HandState) -> dict[int, int]:
    """Card points in each active seat's tricks, with the last-trick bonus."""
    c = rules.cards
    table = point_table(
        tuple(c.trump_points.get(r, 0) for r in _RANKS),
        tuple(c.plain_points.get(r, 0) for r in _RANKS),
        s.trump,
    )
    a, b, cc, d = suit_point_sums(table)
    out = {}
    for seat in s.active:
        w = s.won[seat]
        out[seat] = a[w & 0xFF] + b[(w >> 8) & 0xFF] + cc[(w >> 16) & 0xFF] + d[w >> 24]
    if len(s.tricks) == rules.hand_size and s.trick_winners:
        out[s.trick_winners[-1]] += c.last_trick
    return out


def _melds(rules: Ruleset, s: HandState) -> tuple[dict[int, int], dict[int, int]]:
    mr = rules.melds
    melds = {seat: 0 for seat in s.active}
    seq_winner = s.meld_winner.get("sequence")
    if seq_winner is not None:
        values = mr.sequence_values
        for n, _top, _suit in scoring_sequences(s.meld_hands[seq_winner], mr.one_run_per_length):
            lengths = [k for k in values if k <= n]  # a profile may value no short run
            if lengths:
                melds[seq_winner] += values[max(lengths)]
    van_winner = s.meld_winner.get("vannak")
    if van_winner is not None:
        held = vannak_ranks_held(s.meld_hands[van_winner], mr.vannak_ranks_for(s.trump))
        melds[van_winner] += mr.vannak * len(held)
    bela = {seat: 0 for seat in s.active}
    t = s.trump
    if t >= 0:
        need = (1 << (8 * t + 1)) | (1 << (8 * t + 2))
        for seat, hand in s.meld_hands.items():
            if hand & need == need:
                bela[seat] = mr.bela
    return melds, bela


def payers_of(s: HandState) -> tuple[int, ...]:
    """Seats that settle against the declarer: the defenders, and any seat sitting out
    (pagat, "Alsós with four players": the dealer scores with the defenders)."""
    return s.defenders() + tuple(t for t in range(s.players) if t not in s.active)


@register("scoring", "potter")
def settle_potter(rules: Ruleset, s: HandState) -> Settlement:
    """pagat, "Scoring": each item paid between the declarer and every opponent."""
    contract = s.contract
    tricks = {seat: s.tricks_won[seat] for seat in s.active}
    if contract is None:
        zero = {seat: 0 for seat in range(s.players)}
        return Settlement("thrown in", None, None, {}, {}, {}, tricks, [], zero, dict(zero))
    if contract.kind is Kind.KLOPITZKY:
        return _klopitzky(rules, s, tricks)
    declarer = s.declarer
    assert declarer is not None
    defenders = s.defenders()
    points = card_points(rules, s)
    melds, bela = _melds(rules, s)
    totals = {seat: points[seat] + melds[seat] + bela[seat] for seat in s.active}
    shown_points = {} if contract.kind is Kind.BETLI else points  # they mean nothing in Betli
    notes = []
    game_item = s.items[0]
    if game_item.forced is not None:
        game_won: bool = game_item.forced
        notes.append(f"the {'defenders' if game_won else 'declarer'} conceded a call")
    elif contract.kind is Kind.BETLI:
        game_won = tricks[declarer] == 0
    else:
        game_won = all(totals[declarer] > totals[d] for d in defenders)
    tally = Tally(
        trump=s.trump,
        hand_size=rules.hand_size,
        declarer=declarer,
        defenders=defenders,
        won=tuple(s.won),
        tricks=tuple(s.tricks),
        trick_winners=tuple(s.trick_winners),
        card_points=points,
        meld_points=melds,
        bela=bela,
        game_won=game_won,
    )
    payers = payers_of(s)
    n_payers = len(payers)
    payments = {seat: 0 for seat in range(s.players)}
    written = {seat: 0 for seat in range(s.players)}
    entries = []
    figures = rules.figures
    step_names = rules.kontra.levels
    for item in s.items:
        call = item.call
        is_game = item.is_game
        if is_game:
            made = game_won
        elif item.forced is not None:
            made = item.forced
        else:
            fig = figures[item.figure]
            made = lookup("figures", fig.kind)(tally, fig, item)
        value = item.stake
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
        shown_points,
        melds,
        bela,
        tricks,
        entries,
        payments,
        written,
        conceded=s.conceded,
        notes=notes,
    )


def _klopitzky(rules: Ruleset, s: HandState, tricks: dict[int, int]) -> Settlement:
    """Most tricks pays each other seat; two tied for most both pay the seat below them.

    All equal: nothing.  A seat sitting out (four players) scores with the
    seats that took fewer tricks (pagat, "Alsós with four players").
    """
    value = rules.games.klopitzky
    payments = {seat: 0 for seat in range(s.players)}
    written = {seat: 0 for seat in range(s.players)}
    most = max(tricks.values())
    losers = [seat for seat, n in tricks.items() if n == most]
    entries = []
    if len(losers) < len(tricks):
        gainers = [seat for seat in range(s.players) if seat not in losers]
        payers = " and ".join(f"seat {lo}" for lo in losers)
        took = f"{most} tricks" if len(losers) == 1 else f"{most} tricks each"
        for g in gainers:
            for lo in losers:
                payments[lo] -= value
                payments[g] += value
            writes = value * (len(losers) if rules.scoring.klopitzky_per_payer else 1)
            written[g] += writes
            n = tricks.get(g)
            own = "sitting out" if n is None else f"{n} trick{'' if n == 1 else 's'}"
            note = f"{value} from {payers} ({took}, the most); {own}; writes {writes}"
            gain = value * len(losers)
            entries.append(Entry("klopitzky", g, None, True, gain, (g,), base=value, note=note))
    return Settlement("klopitzky", None, None, {}, {}, {}, tricks, entries, payments, written)
