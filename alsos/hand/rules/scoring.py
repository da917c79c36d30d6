"""Scoring modules: a finished hand's settlement.

``potter`` (pagat, "Scoring"): card points per seat (talon and síber discards
count for nobody), valid melds and béla, whether the game was won (the
declarer must beat each defender separately; a tie loses), each item's result
and value with every multiplier, paid between the declarer and every
opponent, and the score as written on paper, where every won item is a
positive number for its winners.  Klopitzky: the seat with most tricks pays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from attrs import frozen

from alsos.hand.items import DECLARER
from alsos.hand.melds import scoring_sequences, vannak_ranks_held
from alsos.hand.protocol import PointRace
from alsos.hand.settlement import Entry, Settlement, Tally
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.actions import GAME
from alsos.pack.phases import Kind
from alsos.ruleset.registry import lookup, register
from alsos.ruleset.tables import tables_of

if TYPE_CHECKING:
    from alsos.hand.items import Item
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "PotterScoringParams",
    "card_points",
    "describe_potter",
    "game_payments",
    "meld_totals",
    "potter_payments",
    "potter_point_race",
    "settle_potter",
]


_BETLI: Final = Kind.BETLI
_KLOPITZKY: Final = Kind.KLOPITZKY


def card_points(rules: Ruleset, s: HandState) -> dict[int, int]:
    """Card points in each active seat's tricks, with the last-trick bonus."""
    a, b, cc, d = tables_of(rules).point_sums[s.trump + 1]
    won = s.won
    out = {}
    for seat in s.active:
        w = won[seat]
        out[seat] = a[w & 0xFF] + b[(w >> 8) & 0xFF] + cc[(w >> 16) & 0xFF] + d[w >> 24]
    if len(s.tricks) == rules.hand_size and s.trick_winners:
        out[s.trick_winners[-1]] += rules.cards.last_trick
    return out


def _melds(rules: Ruleset, s: HandState) -> tuple[dict[int, int], dict[int, int]]:
    mr = rules.melds
    # comprehensions rather than dict.fromkeys: as fast interpreted, faster compiled
    melds = {seat: 0 for seat in s.active}
    bela = {seat: 0 for seat in s.active}
    if not s.meld_hands:  # nobody played to the first trick with speech: no melds, no béla
        return melds, bela
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
    t = s.trump
    if t >= 0:
        need = (1 << (8 * t + 1)) | (1 << (8 * t + 2))
        for seat, hand in s.meld_hands.items():
            if hand & need == need:
                bela[seat] = mr.bela
    return melds, bela


def meld_totals(rules: Ruleset, s: HandState) -> dict[int, int]:
    """Each active seat's valid melds and béla together: what it adds to its card
    points when the game is judged.  Fixed once the first trick's
    speech is over, so search reads it once per position."""
    melds, bela = _melds(rules, s)
    return {seat: melds[seat] + bela[seat] for seat in s.active}


def hand_tally(
    rules: Ruleset,
    s: HandState,
    declarer: int,
    defenders: tuple[int, ...],
    points: dict[int, int],
    melds: dict[int, int],
    bela: dict[int, int],
    game_won: bool | None,
) -> Tally:
    """What the played hand produced, for the figure judges (every scoring module
    builds its :class:`~alsos.hand.settlement.Tally` here)."""
    return Tally(
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


def figure_made(rules: Ruleset, tally: Tally, name: str, item: Item) -> bool:
    """Whether the figure ``name`` of the profile was made, by its kind's registered judge."""
    fig, judge = _judges(rules)[name]
    return bool(judge(tally, fig, item))


def _judges(rules: Ruleset) -> dict[str, tuple[Any, Any]]:
    """Each figure of the profile with its kind's judge, looked up once per ruleset
    (a settlement judges every announced figure: a random hand announces twenty)."""
    memo = tables_of(rules).memo
    found: dict[str, tuple[Any, Any]] | None = memo.get("scoring.judges")
    if found is None:
        found = memo["scoring.judges"] = {
            name: (fig, lookup("figures", fig.kind).judge) for name, fig in rules.figures.items()
        }
    return found


def payers_of(s: HandState) -> tuple[int, ...]:
    """Seats that settle against the declarer: the defenders, and any seat sitting out
    (pagat, "Alsós with four players": the dealer scores with the defenders)."""
    return s.defenders() + tuple(t for t in range(s.players) if t not in s.active)


class _Judged:
    """What a finished trump, no-trumps or Betli hand produced, and each item's result."""

    __slots__ = ("bela", "declarer", "game_won", "melds", "notes", "payers", "points", "results")

    def __init__(
        self,
        declarer: int,
        points: dict[int, int],
        melds: dict[int, int],
        bela: dict[int, int],
        game_won: bool,
        results: list[tuple[Item, bool]],
        payers: tuple[int, ...],
        notes: list[str],
    ) -> None:
        self.declarer = declarer
        self.points = points
        self.melds = melds
        self.bela = bela
        self.game_won = game_won
        self.results = results  # each item, and whether it was made
        self.payers = payers
        self.notes = notes


def _judge(rules: Ruleset, s: HandState, declarer: int) -> _Judged:
    """pagat, "Scoring": points, melds, the game and every figure, judged once.

    Both the payments (:func:`potter_payments`) and the itemised settlement
    (:func:`settle_potter`) are read from this.
    """
    contract = s.contract
    assert contract is not None
    defenders = s.defenders()
    points = card_points(rules, s)
    melds, bela = _melds(rules, s)
    notes: list[str] = []
    items = s.items
    game_item = items[0]
    if game_item.forced is not None:
        game_won: bool = game_item.forced
        notes.append(
            Said(N_("the defenders conceded a call"))
            if game_won
            else Said(N_("the declarer conceded a call"))
        )
    elif contract.kind is _BETLI:
        game_won = s.tricks_won[declarer] == 0
    else:
        mine = points[declarer] + melds[declarer] + bela[declarer]
        game_won = True  # beat each defender separately; a tie loses
        for d in defenders:
            if mine <= points[d] + melds[d] + bela[d]:
                game_won = False
                break
    results = []
    tally = None
    judges = None
    for item in items:
        if item.figure == GAME:
            results.append((item, game_won))
        elif item.forced is not None:
            results.append((item, item.forced))
        else:
            if tally is None or judges is None:  # only a figure needs the tally
                tally = hand_tally(rules, s, declarer, defenders, points, melds, bela, game_won)
                judges = _judges(rules)
            fig, judge = judges[item.figure]  # figure_made, written out
            results.append((item, bool(judge(tally, fig, item))))
    return _Judged(declarer, points, melds, bela, game_won, results, _payers(s, defenders), notes)


def _payers(s: HandState, defenders: tuple[int, ...]) -> tuple[int, ...]:
    return payers_of(s) if s.players != len(defenders) + 1 else defenders


def game_payments(s: HandState, game_won: bool) -> dict[int, int]:
    """The payments of hand ``s`` (with a declarer) when nothing but the game is at
    stake (no figure, no forced result) and the game is won or lost as ``game_won``
    says: what :func:`potter_payments` gives for any finished hand with that result.
    The solver reads both before it searches (only these two values are possible)."""
    declarer = s.declarer
    assert declarer is not None
    results = [(item, game_won) for item in s.items]
    j = _Judged(declarer, {}, {}, {}, game_won, results, _payers(s, s.defenders()), [])
    return _pay(s, j)


def _pay(s: HandState, j: _Judged, written: dict[int, int] | None = None) -> dict[int, int]:
    """Each item paid between the declarer and every payer; ``written`` gets the paper score."""
    declarer, payers = j.declarer, j.payers
    n_payers = len(payers)
    payments = {seat: 0 for seat in range(s.players)}
    for item, made in j.results:
        value = item.base * (item.front_multiplier if item.front else 1) * item.factor * item.call
        if (item.side if made else item.side ^ 1) == DECLARER:
            payments[declarer] += value * n_payers
            for d in payers:
                payments[d] -= value
            if written is not None:
                written[declarer] += value
        else:
            payments[declarer] -= value * n_payers
            for d in payers:
                payments[d] += value
                if written is not None:
                    written[d] += value
    return payments


def potter_payments(rules: Ruleset, s: HandState) -> dict[int, int]:
    """``settle_potter(rules, s).payments``, without building the itemised settlement.

    The scoring module's ``payments`` hook: what search and simulations read.
    """
    contract = s.contract
    if contract is None:
        return dict.fromkeys(range(s.players), 0)
    if contract.kind is _KLOPITZKY:
        return settle_potter(rules, s).payments
    declarer = s.declarer
    assert declarer is not None
    return _pay(s, _judge(rules, s, declarer))


def potter_point_race(rules: Ruleset, s: HandState) -> PointRace | None:
    """A trump or no-trumps game with nothing but the game at stake (no figure, no
    call's forced result) is won or lost on the card points with melds and béla
    (the declarer must beat each defender; a tie loses: pagat, "Scoring"), so its
    payments take two values.  None for any other hand.  Read in the play, once
    the melds are fixed."""
    contract = s.contract
    if (
        contract is None
        or s.declarer is None
        or contract.kind not in (Kind.TRUMP, Kind.NO_TRUMPS)
        or not all(item.is_game and item.forced is None for item in s.items)
    ):
        return None
    return PointRace(meld_totals(rules, s), game_payments(s, False), game_payments(s, True))


@frozen
class PotterScoringParams:
    """The ``potter`` scoring's own keys.

    ``klopitzky_per_payer``: in the written score, a Klopitzky winner writes the
    value once per seat that pays it (huwiki: the one-trick seat of a 4-4-1 split
    writes 6), rather than once (pagat: it scores 3).
    """

    klopitzky_per_payer: bool = False


def describe_potter(
    rules: Ruleset, lang: Language = ENGLISH
) -> list[tuple[str, str, tuple[Any, ...]]]:
    """The rulebook's clauses of pagat's settlement (and the potter scoring's option),
    in ``lang``."""
    payments = (
        N_(
            "For each item the declarer collects its value from every opponent when the "
            "declarer's side wins it, and pays it to every opponent otherwise; the player "
            "sitting out settles with the opponents."
        )
        if rules.players > 3
        else N_(
            "For each item the declarer collects its value from every opponent when the "
            "declarer's side wins it, and pays it to every opponent otherwise."
        )
    )
    out: list[tuple[str, str, tuple[Any, ...]]] = [
        (
            "scoring.game",
            lang.text(
                "The declarer wins the game with more points (cards in tricks, the last-trick "
                "bonus, valid melds and béla) than each opponent separately; a tie loses.  "
                "Cards left in the talon count for nobody."
            ),
            (),
        ),
        ("scoring.payments", lang.text(payments), ()),
        (
            "scoring.written",
            lang.text(
                "On paper every item won is written as a positive number for each of its winners."
            ),
            (),
        ),
    ]
    if rules.bidding.klopitzky:
        klopitzky = (
            N_(
                "In {{Klopitzky}} the player with the most tricks pays {value} to each other "
                "player; two tied for most each pay the one below them, who writes the value "
                "(once for each payer); an equal split scores nothing."
            )
            if _per_payer(rules)
            else N_(
                "In {{Klopitzky}} the player with the most tricks pays {value} to each other "
                "player; two tied for most each pay the one below them, who writes the value; "
                "an equal split scores nothing."
            )
        )
        out.append(("scoring.klopitzky", lang.text(klopitzky, value=rules.games.klopitzky), ()))
    return out


def _per_payer(rules: Ruleset) -> bool:
    own = rules.scoring.params
    return isinstance(own, PotterScoringParams) and own.klopitzky_per_payer


# Compiled, so given as functions (wrapped in a ScoringModule); ``totals_only``: the
# settlement follows from card points, tricks and item results (search keys on sums);
# ``zero_sum``: every payer pays the declarer alike (_pay), the seat sitting out too.
@register(
    "scoring",
    "potter",
    payments=potter_payments,
    point_race=potter_point_race,
    Params=PotterScoringParams,
    describe=describe_potter,
    totals_only=True,
    zero_sum=True,
)
def settle_potter(rules: Ruleset, s: HandState) -> Settlement:
    """pagat, "Scoring": each item paid between the declarer and every opponent."""
    contract = s.contract
    tricks = {seat: s.tricks_won[seat] for seat in s.active}
    if contract is None:
        zero = {seat: 0 for seat in range(s.players)}
        return Settlement("thrown in", None, None, {}, {}, {}, tricks, [], zero, dict(zero))
    if contract.kind is _KLOPITZKY:
        return _klopitzky(rules, s, tricks)
    declarer = s.declarer
    assert declarer is not None
    j = _judge(rules, s, declarer)
    written = {seat: 0 for seat in range(s.players)}
    payments = _pay(s, j, written)
    step_names = rules.kontra.levels
    entries = []
    payers = j.payers
    for item, made in j.results:
        side = item.side
        front = item.front_multiplier if item.front else 1
        entries.append(
            Entry(
                "game" if item.figure == GAME else item.figure,
                item.seat,
                side,
                made,
                item.base * front * item.factor * item.call,  # Item.stake, written out
                (declarer,) if (side if made else side ^ 1) == DECLARER else payers,
                item.base,
                front,
                tuple(item.boosts),
                tuple(item.steps),
                item.call,
                step_names=step_names,
            )
        )
    return Settlement(
        str(contract),
        declarer,
        j.game_won,
        {} if contract.kind is _BETLI else j.points,  # points mean nothing in Betli
        j.melds,
        j.bela,
        tricks,
        entries,
        payments,
        written,
        conceded=s.conceded,
        notes=j.notes,
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
        payers = _seats_said(losers)
        for g in gainers:
            for lo in losers:
                payments[lo] -= value
                payments[g] += value
            writes = value * (len(losers) if _per_payer(rules) else 1)
            written[g] += writes
            note = _klopitzky_note(value, payers, most, len(losers), tricks.get(g), writes)
            gain = value * len(losers)
            entries.append(Entry("klopitzky", g, None, True, gain, (g,), base=value, note=note))
    return Settlement("klopitzky", None, None, {}, {}, {}, tricks, entries, payments, written)


def _seats_said(seats: list[int]) -> Said:
    """``seat 0 and seat 2``, written in the reader's language when read."""
    said = Said(N_("seat {seat}"), seat=seats[0])
    for seat in seats[1:]:
        said = Said(N_("{items} and {last}"), items=said, last=Said(N_("seat {seat}"), seat=seat))
    return said


def _klopitzky_note(
    value: int, payers: Said, most: int, losers: int, own: int | None, writes: int
) -> Said:
    """A Klopitzky winner's line: who pays it, for the most tricks, its own tricks."""
    took = Said(N_("{n} tricks"), n=most) if losers == 1 else Said(N_("{n} tricks each"), n=most)
    mine = Said(N_("sitting out")) if own is None else Said.counted("{n} trick", "{n} tricks", own)
    return Said(
        N_("{value} from {payers} ({took}, the most); {own}; writes {writes}"),
        value=value,
        payers=payers,
        took=took,
        own=mine,
        writes=writes,
    )
