"""The heuristic bot's judgement of a hand in speech: its value, bids, figures and kontras.

The rules are those of the module documentation of :mod:`alsos.bots.heuristic`
("Valuing", "Bidding", "Speech", "Kontras"); :class:`~alsos.bots.heuristic.judgement.Judgement`
calls these functions for every bid, announcement and kontra it weighs.  They live
here, as plain functions of a :class:`~alsos.bots.heuristic.seen.Seen` (and the
tables kept with its ruleset), because a simulation asks them at every speech
turn of every hand: the compiled build compiles this module with mypyc
(``alsos.version.COMPILED``), and the pure-Python package runs the same source.
``boldness`` is the bot's (it scales the hand's value).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from alsos.bots.heuristic.seen import Seen
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    BIDS,
    GAME,
    GYERUNK,
    PASS,
    Action,
    Announce,
    Bid,
    Kontra,
)
from alsos.pack.cards import Card, Rank, Suit
from alsos.ruleset.profile import FigureRule, Ruleset, parse_card_spec
from alsos.ruleset.registry import lookup
from alsos.ruleset.tables import tables_of

__all__ = [
    "BID_THRESHOLD",
    "FIGURE_MARGIN",
    "POINTS_BASE",
    "POINTS_PER_VALUE",
    "UHU_TRUMPS",
    "UNSEEN_BONUS",
    "FigureRow",
    "aces",
    "aim_of",
    "bid",
    "dues_for",
    "figure_table",
    "figures_for",
    "keeps_seven",
    "kontras",
    "likely",
    "speak",
    "strong_in_trumps",
    "trick_dues",
    "trump_ranks",
    "trump_values",
    "value",
]

# The value of a trump to a hand by its place in the trump order, highest first
# (U 9 A 10 K O 8 7 in every shipped profile).
_TRUMP_VALUE: Final = (4.0, 3.0, 3.0, 2.0, 1.2, 1.0, 0.6, 0.6)
_ACE: Final = int(Rank.ACE)
_TEN: Final = int(Rank.TEN)
_SEVEN: Final = int(Rank.SEVEN)

#: Value (six or nine cards, see the module docstring) from which it bids.
BID_THRESHOLD: Final = 9.0
#: What three unseen cards add to a six-card value, on average.
UNSEEN_BONUS: Final = 2.5
#: Card points a trump hand of value ``v`` takes: ``POINTS_PER_VALUE * v + POINTS_BASE``.
POINTS_PER_VALUE: Final = 6.5
POINTS_BASE: Final = 20.0
#: Margin in card points over a points figure's threshold before announcing it.
FIGURE_MARGIN: Final = 14.0
#: Trumps of nine (one fewer of six), with the two top ones, before timing a plain Ace.
UHU_TRUMPS: Final = 4

#: Entries the per-ruleset memo of hand values keeps before it starts afresh.
_MEMO_SIZE: Final = 1 << 14

#: A row of :func:`figure_table`: (aim, mask of the cards it names, points threshold,
#: the trick from the end it is decided at or None).
FigureRow = tuple[str | None, int, int, int | None]

#: A row of :func:`_rows`: a :data:`FigureRow` and the figure's base value.
_Row = tuple[str | None, int, int, int | None, int]

#: What :func:`likely` reads of a seat's knowledge for every figure it judges, read
#: once per decision (kept in the :class:`Seen`): the rows of its trump suit, the
#: hand, the trump suit, its card mask, the trumps held, and whether all nine are seen.
_Likely = tuple[dict[str, _Row], int, int, int, int, bool]


# ------------------------------------------------------------------ tables


def aim_of(fig: FigureRule) -> str | None:
    """What the figure's kind is about, for planning
    (:attr:`~alsos.hand.protocol.FigureKind.aim`; None: the bot does not plan for it)."""
    aim: str | None = lookup("figures", fig.kind).aim
    return aim


def figure_table(rules: Ruleset, trump: int) -> dict[str, FigureRow]:
    """Per figure id: (aim, mask of the cards it names, points threshold, the trick from
    the end it is decided at -- None for a figure not decided at one trick).

    Kept with the ruleset's tables (:meth:`~alsos.ruleset.tables.RulesetTables.derived`),
    one table per trump suit.
    """
    memo = tables_of(rules).memo
    key = ("heuristic.figures", trump)
    found: dict[str, FigureRow] | None = memo.get(key)
    if found is None:
        found = _figure_table(rules, trump)
        memo[key] = found
    return found


def _figure_table(rules: Ruleset, trump: int) -> dict[str, FigureRow]:
    out: dict[str, FigureRow] = {}
    size = rules.hand_size
    for fid, fig in rules.figures.items():
        kind = lookup("figures", fig.kind)
        mask = 0
        for spec in (fig.card, *fig.cards) if fig.card else fig.cards:
            mask |= parse_card_spec(spec).mask(trump)
        threshold: int = (fig.threshold if trump >= 0 else fig.threshold_no_trumps) or 0
        if fig.melds:
            threshold += 1000  # meld figures (200) need melds it cannot count: never
        index: int | None = kind.deciding_trick(fig, size)
        out[fid] = (kind.aim, mask, threshold, None if index is None else size - index)
    return out


def figures_for(seen: Seen, trump: int) -> dict[str, FigureRow]:
    """:func:`figure_table` of the seat's ruleset (which it must have), from its tables."""
    tables = seen.tables
    assert tables is not None
    found: dict[str, FigureRow] | None = tables.memo.get(("heuristic.figures", trump))
    return figure_table(tables.rules, trump) if found is None else found


def _rows(seen: Seen, trump: int) -> dict[str, _Row]:
    """Per figure id: its :func:`figure_table` row and its base value (the seat's
    ruleset, which it must have; kept with the ruleset's tables)."""
    tables = seen.tables
    assert tables is not None
    key = ("heuristic.rows", trump)
    found: dict[str, _Row] | None = tables.memo.get(key)
    if found is None:
        figures = tables.rules.figures
        found = {}
        for fid, row in figures_for(seen, trump).items():
            found[fid] = (row[0], row[1], row[2], row[3], figures[fid].value)
        tables.memo[key] = found
    return found


def dues_for(seen: Seen, trump: int) -> frozenset[int]:
    """:func:`trick_dues` of the seat's ruleset (which it must have), from its tables."""
    tables = seen.tables
    assert tables is not None
    by_trump: list[frozenset[int]] | None = tables.memo.get("heuristic.dues")
    if by_trump is None:  # indexed by trump suit + 1 (0: no trumps)
        by_trump = tables.memo["heuristic.dues"] = [
            trick_dues(tables.rules, t) for t in range(-1, 4)
        ]
    return by_trump[trump + 1]


def trick_dues(rules: Ruleset, trump: int) -> frozenset[int]:
    """The tricks from the end at which some trick figure of the ruleset is due: at any
    other trick no announced trick figure can be due, and its items need not be read.
    Kept with the ruleset's tables, one set per trump suit."""
    memo = tables_of(rules).memo
    key = ("heuristic.trick_dues", trump)
    found: frozenset[int] | None = memo.get(key)
    if found is None:
        found = memo[key] = frozenset(
            info[3] for info in figure_table(rules, trump).values() if info[3] is not None
        )
    return found


def trump_ranks(rules: Ruleset) -> tuple[int, ...]:
    """The rank indices from the highest trump down, by the profile's trump order."""
    ranks: tuple[int, ...] = tables_of(rules).trump_ranks
    return ranks


def trump_values(rules: Ruleset) -> tuple[float, ...]:
    """The value of each trump to a hand, by rank index (kept with the ruleset's tables)."""
    memo = tables_of(rules).memo
    found: tuple[float, ...] | None = memo.get("heuristic.trump_values")
    if found is None:
        values = [0.0] * 8
        for place, rank in enumerate(trump_ranks(rules)):
            values[rank] = _TRUMP_VALUE[place]
        found = tuple(values)
        memo["heuristic.trump_values"] = found
    return found


# ----------------------------------------------------------------- valuing


def aces(hand: Sequence[Card]) -> int:
    """How many Aces the cards ``hand`` hold."""
    return sum(1 for c in hand if c & 7 == _ACE)


def _suit_value(hand: Sequence[Card], trump: int, values: tuple[float, ...]) -> float:
    """The hand's value with ``trump`` as trumps (module docstring, "Valuing")."""
    value = 0.0
    trumps = 0
    held = 0  # the suits of its Aces
    for c in hand:
        if c >> 3 == trump:
            trumps += 1
            value += values[c & 7]
        elif c & 7 == _ACE:
            value += 1.5
            held |= 1 << (c >> 3)
    for c in hand:
        if c & 7 == _TEN and c >> 3 != trump and held >> (c >> 3) & 1:
            value += 0.7
    return value + max(0, trumps - 3) * 1.0


def _no_trumps_value(hand: Sequence[Card]) -> float:
    held = 0
    for c in hand:
        if c & 7 == _ACE:
            held |= 1 << (c >> 3)
    value = 3.0 * held.bit_count()
    for c in hand:
        if c & 7 == _TEN:
            value += 1.5 if held >> (c >> 3) & 1 else 0.3
    return value


def value(view: Seen, trump: int, boldness: float) -> float:
    """The hand's value with ``trump`` as trumps (-1: none), as if it held nine cards,
    times ``boldness`` (kept with ``view`` per trump suit: a decision asks for it often,
    and with the ruleset's tables per hand)."""
    mine: dict[int, float] | None = view.values  # this decision's, by trump
    if mine is None:
        mine = {}
        view.values = mine
    else:
        raw = mine.get(trump)
        if raw is not None:
            return raw * boldness
    tables = view.tables
    values: dict[tuple[int, int, int], float] | None = (
        None if tables is None else tables.memo.get("heuristic.values")
    )
    if values is None or len(values) >= _MEMO_SIZE:
        values = {} if tables is None else tables.memo.setdefault("heuristic.values", {})
        values.clear()
    key = (view.hand, trump, view.unseen_count)
    found = values.get(key)
    if found is None:
        if trump >= 0:
            assert tables is not None, "a trump suit is valued under a ruleset"
            worth: tuple[float, ...] | None = tables.memo.get("heuristic.trump_values")
            if worth is None:
                worth = trump_values(tables.rules)
            found = _suit_value(view.cards, trump, worth)
        else:
            found = _no_trumps_value(view.cards)
        if view.unseen_count:
            found += UNSEEN_BONUS * view.unseen_count / 3
        values[key] = found
    mine[trump] = found
    return found * boldness


def _points(view: Seen, boldness: float) -> float:
    """Card points the hand should take in the game played (trump scale)."""
    return POINTS_PER_VALUE * value(view, view.trump, boldness) + POINTS_BASE


# ----------------------------------------------------------------- bidding


def bid(view: Seen, legal: Sequence[Action], boldness: float) -> Action:
    """The bid (or pass) of an auction without a contract ladder (module docstring of
    :mod:`alsos.bots.heuristic`, "Bidding")."""
    threshold = BID_THRESHOLD
    no_trumps = _no_trumps(view, boldness)
    if ACCEPT in legal:
        original = view.talon_seen[0] >> 3 if view.talon_seen else -1
        held = value(view, original, boldness) if original >= 0 else 0.0
        if held >= threshold and not no_trumps > held:
            return ACCEPT
        return PASS  # too weak, or waiting to bid no-trumps (worth double)
    if any(isinstance(a, Announce) for a in legal):
        carried = _carry(view, legal, no_trumps, boldness)
        if carried is not None:
            return carried
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids:
        best: tuple[float, Action] = (threshold, PASS)
        for offer in bids:
            suit = offer.suit
            worth = no_trumps if suit is None else value(view, int(suit), boldness)
            if worth >= best[0]:
                best = (worth, offer)
        return best[1]
    if BETLI in legal:
        return BETLI if _betli(view) else PASS
    return PASS if PASS in legal else legal[0]


def _carry(view: Seen, legal: Sequence[Action], no_trumps: float, boldness: float) -> Action | None:
    """In an auction whose bids carry figures: the next figure the intended
    contract (the best one it would bid) makes likely, then the bid; None to bid
    as without figures (module docstring, "Bidding")."""
    rules = view.rules
    assert rules is not None, "an auction with figures has its ruleset"
    b = rules.bidding
    original = view.talon_seen[0] >> 3 if view.talon_seen else -1
    # an auction that closes the suits once named (the combined module's unique_suits)
    closes = bool(getattr(b.params, "unique_suits", False))
    said = {step.action for step in view.history} if closes else set()
    best: tuple[float, Suit | None] = (BID_THRESHOLD, None)
    found = False
    for c in (*b.suit_rank, *((None,) if b.no_trumps else ())):
        if (c is not None and int(c) == original) or BIDS[c] in said:
            continue
        worth = no_trumps if c is None else value(view, int(c), boldness)
        if worth >= best[0]:
            best, found = (worth, c), True
    if not found:
        return None
    contract = best[1]
    trump = -1 if contract is None else int(contract)
    planned = view.planned(trump)
    pending = _pending(view)
    figures = figure_table(rules, trump)
    timed = 0  # one card wins one trick: one trick figure per card
    for fid in pending:
        info = figures.get(fid)
        if info is not None and info[3] is not None:
            timed |= info[1]
    most, pick = 0, None
    for a in legal:
        if not isinstance(a, Announce) or (trump < 0 and not rules.figures[a.figure].no_trumps):
            continue
        info = figures[a.figure]
        if info[3] is not None and info[1] & timed:
            continue
        made = likely(planned, a.figure, boldness)
        if made > most:
            most, pick = made, a
    if pick is not None:
        return pick
    named = BIDS[contract]
    if named in legal:
        return named
    return PASS if pending else None


def _pending(view: Seen) -> list[str]:
    """The figures this seat announced in its current auction turn."""
    out = []
    for step in reversed(view.history):
        action = step.action
        if step.seat != view.seat or action.__class__ is not Announce:
            break
        out.append(action.figure)
    return out


def _no_trumps(view: Seen, boldness: float) -> float:
    """The hand's value without trumps (0 unless it holds three Aces or more)."""
    if view.rules is None or not view.rules.bidding.no_trumps:
        return 0.0
    return value(view, -1, boldness) if aces(view.cards) >= 3 else 0.0


def _betli(view: Seen) -> bool:
    """A hand that loses every trick: in each suit its ``i``-th lowest card is at
    most the ``2i``-th lowest of the suit (the others' cards fall in between), by
    the profile's Betli order."""
    hand = view.cards
    if len(hand) < 6 or view.rules is None:
        return False
    strength = view.rules.cards.betli_order.strength
    low = sorted(range(8), key=lambda r: strength[r])  # ranks from the lowest
    position = {r: i for i, r in enumerate(low)}
    for suit in range(4):
        held = sorted(position[c & 7] for c in hand if c >> 3 == suit)
        if any(p > 2 * i for i, p in enumerate(held)):
            return False
    return True


# ------------------------------------------------------------------ speech


def speak(view: Seen, legal: Sequence[Action], boldness: float) -> Action | None:
    """A kontra or figure worth saying, or None to pass (or play)."""
    if view.kind not in ("trump", "no-trumps", "betli"):
        return None
    # The first kontra worth saying, else the likeliest figure by its worth.
    worth = 0
    pick: Action | None = None
    for action in legal:
        cls = action.__class__
        if cls is Kontra:
            if kontras(view, action, boldness):  # type: ignore[arg-type]
                return action
        elif cls is Announce:
            found = likely(view, action[1], boldness)  # the figure
            if found > worth:
                worth, pick = found, action
    return pick


def _likely_of(seen: Seen) -> _Likely:
    trump = seen.trump
    hand = seen.hand
    tmask = 0xFF << 8 * trump if trump >= 0 else 0
    return (
        _rows(seen, trump),
        hand,
        trump,
        tmask,
        (hand & tmask).bit_count(),
        seen.unseen_count == 0,
    )


def likely(view: Seen, figure: str, boldness: float) -> int:
    """The figure's worth if the hand makes it likely, else 0."""
    known: Any = view.likely
    if known is None:
        if view.rules is None:
            return 0
        known = _likely_of(view)
        view.likely = known
    kept: _Likely = known
    rows, hand, trump, tmask, trumps, nine = kept
    info = rows.get(figure)
    if info is None:
        return 0
    aim, mask, threshold, trick, base = info
    if aim == "game":
        duel = view.players < 3  # one opponent takes every point the announcer does not
        declarer = view.seat == view.declarer
        need = (9.0 if declarer else 11.0) + 1.5 * duel
        return base if value(view, view.trump, boldness) >= need else 0
    if aim == "points":
        duel = view.players < 3
        if not nine and threshold > 90:
            return 0  # 100 never from the front: abszolút first, then 100 from the back
        margin = FIGURE_MARGIN * (1.7 if duel else 1.0)
        return base if _points(view, boldness) >= threshold + margin else 0
    rules = view.rules
    assert rules is not None
    if aim == "cards":
        if mask == 0 or mask & hand != mask:
            return 0
        need_trumps = (mask & tmask).bit_count()
        if need_trumps:
            order = trump_ranks(rules)
            if not _top_run(hand, mask, trump, order):
                extra = 1 if hand >> (8 * trump + order[0]) & 1 else 3
                if trumps < need_trumps + extra:
                    return 0
        if mask & ~tmask and trump >= 0 and trumps < 3:
            return 0  # plain cards (44's Aces) need trumps to keep them from being ruffed
        return base
    if aim == "trick":
        if mask == 0 or not hand & mask or trump < 0 or trick is None:
            return 0
        if not mask & tmask:  # a plain Ace (uhu): the others' trumps must be drawn first
            if _card_claimed(view, mask):
                return 0  # one card wins one trick: not both ulti and uhu with it
            return base if _plain_trick(view, hand, mask, trick) else 0
        ranks = trump_ranks(rules)
        first, second = ranks[0], ranks[1]
        top = hand >> (8 * trump + first) & 1 or hand >> (8 * trump + second) & 1
        length = (5 if nine else 4) + (trick > 1)  # an earlier trick (uhu) is harder to time
        return base if top and trumps >= length else 0
    if aim == "every-trick":
        plain_non_aces = sum(1 for c in view.cards if c >> 3 != trump and c & 7 != _ACE)
        return (
            base
            if nine
            and trumps >= 5
            and not plain_non_aces
            and value(view, view.trump, boldness) >= 18
            else 0
        )
    return 0


def _card_claimed(view: Seen, mask: int) -> bool:
    """Whether a trick figure this seat announced already times a card of ``mask``."""
    figures = figures_for(view, view.trump)
    for label, seat in view.items:
        info = figures.get(label) if seat == view.seat else None
        if info is not None and info[3] is not None and info[1] & mask:
            return True
    return False


def _plain_trick(view: Seen, hand: int, mask: int, trick: int) -> bool:
    """Whether a plain card can win the trick ``trick`` from the end (uhu): it is its
    suit's top card, the hand holds the two top trumps and four trumps of nine (three
    of six) to draw the others' trumps and keep the lead, and ``trick`` cards of the
    suit (two at least) so that the card need not fall early when the suit is led."""
    rules = view.rules
    assert rules is not None, "a figure is judged under its ruleset"
    card = mask.bit_length() - 1
    plain = rules.cards.plain_order.strength
    if plain[card & 7] != max(plain):
        return False  # a lower card falls to the suit's Ace
    trump = view.trump
    ranks = trump_ranks(rules)
    first, second = ranks[0], ranks[1]
    tops = hand >> (8 * trump + first) & 1 and hand >> (8 * trump + second) & 1
    trumps = (hand >> 8 * trump & 0xFF).bit_count()
    suit = (hand >> 8 * (card >> 3) & 0xFF).bit_count()
    length = UHU_TRUMPS - (view.unseen_count > 0)
    return bool(tops) and trumps >= length and suit >= max(2, trick)


def _top_run(hand: int, mask: int, trump: int, order: tuple[int, ...]) -> bool:
    """Whether the figure's trumps are all above every trump the hand lacks."""
    needed = mask >> 8 * trump & 0xFF
    for r in order:
        if not needed:
            return True
        if not hand >> (8 * trump + r) & 1:
            return False
        needed &= ~(1 << r)
    return True


# ----------------------------------------------------------------- kontras


def kontras(view: Seen, action: Kontra, boldness: float) -> bool:
    """Whether to say this kontra step (module docstring, "Kontras")."""
    figure: str = action[2]
    level: int = action[1]
    if figure == GYERUNK:
        return False
    mine = 0 if view.seat == view.declarer else 1
    item_side = 0 if figure == GAME or action[3] == view.declarer else 1  # its seat
    worth = value(view, view.trump, boldness)
    if item_side == mine:  # answering a kontra on our own item
        if level > 2:
            return False
        if figure == GAME:
            return mine == 0 and worth >= 13.0
        return likely(view, figure, boldness) > 0 and worth >= 13.0
    if figure == GAME:
        if level > 3:
            return False
        if level == 3:
            return worth >= 14.0
        if view.kind == "betli":
            return False
        front = 2.0 if view.unseen_count else 0.0  # x4 from the front: be surer
        return worth >= 11.0 + front or (strong_in_trumps(view) and worth >= 8.0 + front)
    if level > 1:
        return False
    return _beats_figure(view, figure, boldness)


def strong_in_trumps(view: Seen) -> bool:
    """Two of the three top trumps among three trumps or more (no trumps: three Aces)."""
    trump = view.trump
    if trump < 0:
        return aces(view.cards) >= 3
    rules = view.rules
    assert rules is not None
    ranks = [c & 7 for c in view.cards if c >> 3 == trump]
    high = trump_ranks(rules)[:3]
    tops = sum(1 for r in ranks if r in high)
    return tops >= 2 and len(ranks) >= 3


def _beats_figure(view: Seen, figure: str, boldness: float) -> bool:
    rules = view.rules
    info = figures_for(view, view.trump).get(figure) if rules is not None else None
    if info is None or rules is None:
        return False
    aim, mask, threshold, _trick = info
    hand = view.cards
    trump = view.trump
    if aim == "cards":
        return any(mask >> c & 1 and sum(1 for d in hand if d >> 3 == c >> 3) >= 2 for c in hand)
    if aim == "trick":  # a trump kept to the end beats the figure's card
        ranks = [c & 7 for c in hand if c >> 3 == trump]
        high = trump_ranks(rules)[:3]
        tops = sum(1 for r in ranks if r in high)
        return len(ranks) >= 4 or (len(ranks) >= 3 and tops > 0)
    if aim == "points":
        return _points(view, boldness) >= 162 - threshold + 10
    if aim == "every-trick":
        top = trump_ranks(rules)[0]
        return any(c & 7 == _ACE or (c >> 3 == trump and c & 7 == top) for c in hand)
    strong = strong_in_trumps(view) and value(view, view.trump, boldness) >= 10.0
    return aim == "game" and strong


def keeps_seven(view: Seen, boldness: float) -> bool:
    """Whether a figure its seat announced (or will) needs the trump 7 it holds."""
    trump = view.trump
    if trump < 0 or view.rules is None:
        return False
    seven = 8 * trump + _SEVEN
    if not view.hand >> seven & 1:
        return False
    figures = figures_for(view, trump)
    for label, seat in view.items:
        if seat == view.seat and label != GAME:
            info = figures.get(label)
            if info is not None and info[1] >> seven & 1:
                return True
    for fid, row in figures.items():
        if row[0] in ("cards", "trick") and row[1] >> seven & 1 and likely(view, fid, boldness):
            return True
    return False
