"""How the heuristic bot judges a hand: its value, bids, figures, kontras and calls.

The rules of thumb are described in :mod:`alsos.bots.heuristic`; this module
holds the ones that read the hand as a whole rather than a trick.
:class:`Judgement` is a mixin of :class:`~alsos.bots.heuristic.HeuristicBot`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from alsos.bots.heuristic.seen import Seen
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    BIDS,
    CONCEDE,
    GAME,
    GYERUNK,
    PASS,
    PLAY_ON,
    Action,
    Announce,
    Bid,
    Kontra,
)
from alsos.pack.cards import Card, Rank, Suit
from alsos.ruleset.profile import FigureRule, Ruleset, parse_card_spec
from alsos.ruleset.registry import lookup
from alsos.ruleset.tables import rules_named, tables_of

_P = ParamSpec("_P")
_T = TypeVar("_T")

__all__ = [
    "BID_THRESHOLD",
    "FIGURE_MARGIN",
    "UHU_TRUMPS",
    "Judgement",
    "aim_of",
    "dues_for",
    "figure_table",
    "per_rules",
    "rules_for",
    "trump_ranks",
    "trump_values",
]

# The value of a trump to a hand by its place in the trump order, highest first
# (U 9 A 10 K O 8 7 in every shipped profile).
_TRUMP_VALUE = (4.0, 3.0, 3.0, 2.0, 1.2, 1.0, 0.6, 0.6)
_ACE, _TEN, _SEVEN = int(Rank.ACE), int(Rank.TEN), int(Rank.SEVEN)

#: Value (six or nine cards, see the module docstring) from which it bids.
BID_THRESHOLD = 9.0
#: What three unseen cards add to a six-card value, on average.
UNSEEN_BONUS = 2.5
#: Card points a trump hand of value ``v`` takes: ``POINTS_PER_VALUE * v + POINTS_BASE``.
POINTS_PER_VALUE, POINTS_BASE = 6.5, 20.0
#: Margin in card points over a points figure's threshold before announcing it.
FIGURE_MARGIN = 14.0
#: Trumps of nine (one fewer of six), with the two top ones, before timing a plain Ace.
UHU_TRUMPS = 4


#: The ruleset a canonical string names (the one in use: :func:`~alsos.ruleset.tables.rules_named`).
rules_for = rules_named

_MISSING = object()
#: Entries a per-ruleset memo of hands keeps before it starts afresh.
_MEMO_SIZE = 1 << 14


def per_rules(
    maxsize: int,
) -> Callable[[Callable[Concatenate[Ruleset, _P], _T]], Callable[Concatenate[Ruleset, _P], _T]]:
    """Cache ``f(rules, *args)`` with the ruleset's tables (``tables_of(rules).memo``),
    keyed by the other arguments, at most ``maxsize`` of them (then it starts afresh):
    what the bot derives from a ruleset lives as long as the ruleset, and no table is
    looked up by the ruleset's text."""

    def wrap(f: Callable[Concatenate[Ruleset, _P], _T]) -> Callable[Concatenate[Ruleset, _P], _T]:
        name = f"heuristic.{f.__name__}"
        # The last ruleset asked about and its table, as one pair (replaced at once, so
        # another thread never sees one ruleset with another's table): most calls come
        # from one ruleset's decisions, and spare finding its tables.
        last: list[tuple[Ruleset | None, dict[Any, Any]]] = [(None, {})]

        def cached(rules: Ruleset, /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
            known, table = last[0]
            if known is not rules:
                memo = tables_of(rules).memo
                kept: dict[Any, Any] | None = memo.get(name)
                if kept is None:
                    kept = memo[name] = {}
                table = kept
                last[0] = (rules, table)
            found = table.get(args, _MISSING)
            if found is _MISSING:
                if len(table) >= maxsize:
                    table.clear()
                found = table[args] = f(rules, *args, **kwargs)
            return found  # type: ignore[no-any-return]

        cached.__name__, cached.__qualname__, cached.__doc__ = f.__name__, f.__qualname__, f.__doc__
        return cached

    return wrap


#: A row of :func:`figure_table`: (aim, mask of the cards it names, points threshold,
#: the trick from the end it is decided at or None).
FigureRow = tuple[str | None, int, int, int | None]


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
        found = memo[key] = _figure_table(rules, trump)
    return found


def figures_for(seen: Seen, trump: int) -> dict[str, FigureRow]:
    """:func:`figure_table` of the seat's ruleset (which it must have), from its tables."""
    tables = seen.tables
    assert tables is not None
    found: dict[str, FigureRow] | None = tables.memo.get(("heuristic.figures", trump))
    return figure_table(tables.rules, trump) if found is None else found


#: A row of :func:`_rows`: a :data:`FigureRow` and the figure's base value.
_Row = tuple[str | None, int, int, int | None, int]


def _rows(seen: Seen, trump: int) -> dict[str, _Row]:
    """Per figure id: its :func:`figure_table` row and its base value (the seat's
    ruleset, which it must have; kept with the ruleset's tables)."""
    tables = seen.tables
    assert tables is not None
    key = ("heuristic.rows", trump)
    found: dict[str, _Row] | None = tables.memo.get(key)
    if found is None:
        figures = tables.rules.figures
        found = tables.memo[key] = {
            fid: (*row, figures[fid].value) for fid, row in figures_for(seen, trump).items()
        }
    return found


#: What :meth:`Judgement._likely` reads of a seat's knowledge for every figure it judges,
#: read once per decision (kept in the :class:`Seen`): the rows of its trump suit, the
#: hand, the trump suit, its card mask, the trumps held, and whether all nine are seen.
_Likely = tuple[dict[str, _Row], int, int, int, int, bool]


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


def _figure_table(rules: Ruleset, trump: int) -> dict[str, FigureRow]:
    out = {}
    size = rules.hand_size
    for fid, fig in rules.figures.items():
        kind = lookup("figures", fig.kind)
        mask = 0
        for spec in (fig.card, *fig.cards) if fig.card else fig.cards:
            mask |= parse_card_spec(spec).mask(trump)
        threshold = (fig.threshold if trump >= 0 else fig.threshold_no_trumps) or 0
        if fig.melds:
            threshold += 1000  # meld figures (200) need melds it cannot count: never
        index = kind.deciding_trick(fig, size)
        out[fid] = (kind.aim, mask, threshold, None if index is None else size - index)
    return out


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
    return tables_of(rules).trump_ranks


def _trump_values(rules: Ruleset) -> tuple[float, ...]:
    values = [0.0] * 8
    for place, rank in enumerate(tables_of(rules).trump_ranks):
        values[rank] = _TRUMP_VALUE[place]
    found = tables_of(rules).memo["heuristic.trump_values"] = tuple(values)
    return found


def trump_values(rules: Ruleset) -> tuple[float, ...]:
    """The value of each trump to a hand, by rank index."""
    found: tuple[float, ...] | None = tables_of(rules).memo.get("heuristic.trump_values")
    return _trump_values(rules) if found is None else found


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class Judgement:
    """Valuing, bidding, speech and calls (mixed into the bot, which sets ``boldness``)."""

    boldness: float

    # ------------------------------------------------------------ valuing

    @staticmethod
    def _suit_value(hand: Sequence[Card], trump: int, values: tuple[float, ...]) -> float:
        """The hand's value with ``trump`` as trumps (module docstring, "Valuing")."""
        value = 0.0
        trumps = 0
        aces = 0
        for c in hand:
            if c >> 3 == trump:
                trumps += 1
                value += values[c & 7]
            elif c & 7 == _ACE:
                value += 1.5
                aces |= 1 << (c >> 3)
        for c in hand:
            if c & 7 == _TEN and c >> 3 != trump and aces >> (c >> 3) & 1:
                value += 0.7
        return value + max(0, trumps - 3) * 1.0

    @staticmethod
    def _no_trumps_value(hand: Sequence[Card]) -> float:
        aces = 0
        for c in hand:
            if c & 7 == _ACE:
                aces |= 1 << (c >> 3)
        value = 3.0 * aces.bit_count()
        for c in hand:
            if c & 7 == _TEN:
                value += 1.5 if aces >> (c >> 3) & 1 else 0.3
        return value

    def _value(self, view: Seen, trump: int | None = None) -> float:
        """The hand's value for the game played (or ``trump``), as if it held nine cards
        (kept with ``view`` per trump suit: a decision asks for it often)."""
        t = view.trump if trump is None else trump
        mine: dict[int, float] | None = view.values  # this decision's, by trump
        if mine is None:
            mine = view.values = {}
        else:
            raw = mine.get(t)
            if raw is not None:
                return raw * self.boldness
        tables = view.tables
        values: dict[tuple[int, int, int], float] | None = (
            None if tables is None else tables.memo.get("heuristic.values")
        )
        if values is None or len(values) >= _MEMO_SIZE:
            values = {} if tables is None else tables.memo.setdefault("heuristic.values", {})
            values.clear()
        key = (view.hand, t, view.unseen_count)
        value = values.get(key)
        if value is None:
            if t >= 0:
                assert tables is not None, "a trump suit is valued under a ruleset"
                worth = tables.memo.get("heuristic.trump_values")
                if worth is None:
                    worth = trump_values(tables.rules)
                value = self._suit_value(view.cards, t, worth)
            else:
                value = self._no_trumps_value(view.cards)
            if view.unseen_count:
                value += UNSEEN_BONUS * view.unseen_count / 3
            values[key] = value
        mine[t] = value
        return value * self.boldness

    def _points(self, view: Seen) -> float:
        """Card points the hand should take in the game played (trump scale)."""
        return POINTS_PER_VALUE * self._value(view) + POINTS_BASE

    # ------------------------------------------------------------ bidding

    def _bid(self, view: Seen, legal: Sequence[Action]) -> Action:
        threshold = BID_THRESHOLD
        no_trumps = self._no_trumps(view)
        if ACCEPT in legal:
            original = view.talon_seen[0] >> 3 if view.talon_seen else -1
            value = self._value(view, original) if original >= 0 else 0.0
            if value >= threshold and not no_trumps > value:
                return ACCEPT
            return PASS  # too weak, or waiting to bid no-trumps (worth double)
        if any(isinstance(a, Announce) for a in legal):
            carried = self._carry(view, legal, no_trumps)
            if carried is not None:
                return carried
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            best: tuple[float, Action] = (threshold, PASS)
            for bid in bids:
                value = no_trumps if bid.suit is None else self._value(view, int(bid.suit))
                if value >= best[0]:
                    best = (value, bid)
            return best[1]
        if BETLI in legal:
            return BETLI if self._betli(view) else PASS
        return PASS if PASS in legal else legal[0]

    def _carry(self, view: Seen, legal: Sequence[Action], no_trumps: float) -> Action | None:
        """In an auction whose bids carry figures: the next figure the intended
        contract (the best one it would bid) makes likely, then the bid; None to bid
        as without figures (module docstring, "Bidding")."""
        rules = view.rules
        assert rules is not None, "an auction with figures has its ruleset"
        b = rules.bidding
        original = view.talon_seen[0] >> 3 if view.talon_seen else -1
        said = {text for _seat, text in view.history} if b.unique_suits else set()
        best: tuple[float, Suit | None] = (BID_THRESHOLD, None)
        found = False
        for c in (*b.suit_rank, *((None,) if b.no_trumps else ())):
            if (c is not None and int(c) == original) or str(BIDS[c]) in said:
                continue
            value = no_trumps if c is None else self._value(view, int(c))
            if value >= best[0]:
                best, found = (value, c), True
        if not found:
            return None
        contract = best[1]
        trump = -1 if contract is None else int(contract)
        planned = view.planned(trump)
        pending = self._pending(view)
        figures = figure_table(rules, trump)
        timed = 0  # one card wins one trick: one trick figure per card
        for fid in pending:
            info = figures.get(fid)
            if info is not None and info[3] is not None:
                timed |= info[1]
        worth, pick = 0, None
        for a in legal:
            if not isinstance(a, Announce) or (trump < 0 and not rules.figures[a.figure].no_trumps):
                continue
            info = figures[a.figure]
            if info[3] is not None and info[1] & timed:
                continue
            likely = self._likely(planned, a.figure)
            if likely > worth:
                worth, pick = likely, a
        if pick is not None:
            return pick
        bid = BIDS[contract]
        if bid in legal:
            return bid
        return PASS if pending else None

    @staticmethod
    def _pending(view: Seen) -> list[str]:
        """The figures this seat announced in its current auction turn."""
        out = []
        for seat, text in reversed(view.history):
            if seat != view.seat or not text.startswith("announce "):
                break
            out.append(text[len("announce ") :])
        return out

    @staticmethod
    def _aces(hand: Sequence[Card]) -> int:
        return sum(1 for c in hand if c & 7 == _ACE)

    def _no_trumps(self, view: Seen) -> float:
        """The hand's value without trumps (0 unless it holds three Aces or more)."""
        if view.rules is None or not view.rules.bidding.no_trumps:
            return 0.0
        return self._value(view, -1) if self._aces(view.cards) >= 3 else 0.0

    @staticmethod
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

    # ------------------------------------------------------------- speech

    def _my_side(self, view: Seen) -> int:
        return 0 if view.seat == view.declarer else 1

    def _speak(self, view: Seen, legal: Sequence[Action]) -> Action | None:
        """A kontra or figure worth saying, or None to pass (or play)."""
        if view.kind not in ("trump", "no-trumps", "betli"):
            return None
        # The first kontra worth saying, else the likeliest figure by its worth.
        worth, pick = 0, None
        for action in legal:
            cls = action.__class__
            if cls is Kontra:
                if self._kontras(view, action):  # type: ignore[arg-type]
                    return action
            elif cls is Announce:
                likely = self._likely(view, action.figure)  # type: ignore[attr-defined]
                if likely > worth:
                    worth, pick = likely, action
        return pick

    def _likely(self, view: Seen, figure: str) -> int:
        """The figure's worth if the hand makes it likely, else 0."""
        known: _Likely | None = view.likely
        if known is None:
            if view.rules is None:
                return 0
            known = view.likely = _likely_of(view)
        rows, hand, trump, tmask, trumps, nine = known
        info = rows.get(figure)
        if info is None:
            return 0
        aim, mask, threshold, trick, base = info
        if aim == "game":
            duel = view.players < 3  # one opponent takes every point the announcer does not
            declarer = view.seat == view.declarer
            return base if self._value(view) >= (9.0 if declarer else 11.0) + 1.5 * duel else 0
        if aim == "points":
            duel = view.players < 3
            if not nine and threshold > 90:
                return 0  # 100 never from the front: abszolút first, then 100 from the back
            margin = FIGURE_MARGIN * (1.7 if duel else 1.0)
            return base if self._points(view) >= threshold + margin else 0
        if aim == "cards":
            if mask == 0 or mask & hand != mask:
                return 0
            need = (mask & tmask).bit_count()
            if need:
                order = trump_ranks(view.rules)  # type: ignore[arg-type]
                if not self._top_run(hand, mask, trump, order):
                    extra = 1 if hand >> (8 * trump + order[0]) & 1 else 3
                    if trumps < need + extra:
                        return 0
            if mask & ~tmask and trump >= 0 and trumps < 3:
                return 0  # plain cards (44's Aces) need trumps to keep them from being ruffed
            return base
        if aim == "trick":
            if mask == 0 or not hand & mask or trump < 0 or trick is None:
                return 0
            if not mask & tmask:  # a plain Ace (uhu): the others' trumps must be drawn first
                if self._card_claimed(view, mask):
                    return 0  # one card wins one trick: not both ulti and uhu with it
                return base if self._plain_trick(view, hand, mask, trick) else 0
            first, second = trump_ranks(view.rules)[:2]  # type: ignore[arg-type]
            top = hand >> (8 * trump + first) & 1 or hand >> (8 * trump + second) & 1
            length = (5 if nine else 4) + (trick > 1)  # an earlier trick (uhu) is harder to time
            return base if top and trumps >= length else 0
        if aim == "every-trick":
            plain_non_aces = sum(1 for c in view.cards if c >> 3 != trump and c & 7 != _ACE)
            return (
                base
                if nine and trumps >= 5 and not plain_non_aces and self._value(view) >= 18
                else 0
            )
        return 0

    @staticmethod
    def _card_claimed(view: Seen, mask: int) -> bool:
        """Whether a trick figure this seat announced already times a card of ``mask``."""
        figures = figures_for(view, view.trump)
        for label, seat in view.items:
            info = figures.get(label) if seat == view.seat else None
            if info is not None and info[3] is not None and info[1] & mask:
                return True
        return False

    @staticmethod
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
        first, second = trump_ranks(rules)[:2]
        tops = hand >> (8 * trump + first) & 1 and hand >> (8 * trump + second) & 1
        trumps = (hand >> 8 * trump & 0xFF).bit_count()
        suit = (hand >> 8 * (card >> 3) & 0xFF).bit_count()
        length = UHU_TRUMPS - (view.unseen_count > 0)
        return bool(tops) and trumps >= length and suit >= max(2, trick)

    @staticmethod
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

    def _kontras(self, view: Seen, action: Kontra) -> bool:
        """Whether to say this kontra step (module docstring, "Kontras")."""
        if action.figure == GYERUNK:
            return False
        mine = self._my_side(view)
        item_side = 0 if action.figure == GAME or action.seat == view.declarer else 1
        value = self._value(view)
        if item_side == mine:  # answering a kontra on our own item
            if action.level > 2:
                return False
            if action.figure == GAME:
                return mine == 0 and value >= 13.0
            return self._likely(view, action.figure) > 0 and value >= 13.0
        if action.figure == GAME:
            if action.level > 3:
                return False
            if action.level == 3:
                return value >= 14.0
            if view.kind == "betli":
                return False
            front = 2.0 if view.unseen_count else 0.0  # x4 from the front: be surer
            return value >= 11.0 + front or (self._strong_in_trumps(view) and value >= 8.0 + front)
        if action.level > 1:
            return False
        return self._beats_figure(view, action.figure)

    def _strong_in_trumps(self, view: Seen) -> bool:
        trump = view.trump
        if trump < 0:
            return self._aces(view.cards) >= 3
        ranks = [c & 7 for c in view.cards if c >> 3 == trump]
        high = trump_ranks(view.rules)[:3]  # type: ignore[arg-type]
        tops = sum(1 for r in ranks if r in high)
        return tops >= 2 and len(ranks) >= 3

    def _beats_figure(self, view: Seen, figure: str) -> bool:
        info = figures_for(view, view.trump).get(figure) if view.rules is not None else None
        if info is None:
            return False
        aim, mask, threshold, _trick = info
        hand = view.cards
        trump = view.trump
        if aim == "cards":
            return any(
                mask >> c & 1 and sum(1 for d in hand if d >> 3 == c >> 3) >= 2 for c in hand
            )
        if aim == "trick":  # a trump kept to the end beats the figure's card
            ranks = [c & 7 for c in hand if c >> 3 == trump]
            high = trump_ranks(view.rules)[:3]  # type: ignore[arg-type]
            tops = sum(1 for r in ranks if r in high)
            return len(ranks) >= 4 or (len(ranks) >= 3 and tops > 0)
        if aim == "points":
            return self._points(view) >= 162 - threshold + 10
        if aim == "every-trick":
            top = trump_ranks(view.rules)[0]  # type: ignore[arg-type]
            return any(c & 7 == _ACE or (c >> 3 == trump and c & 7 == top) for c in hand)
        strong = self._strong_in_trumps(view) and self._value(view) >= 10.0
        return aim == "game" and strong

    def _keeps_seven(self, view: Seen) -> bool:
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
        return any(info[1] >> seven & 1 and self._likely(view, fid) for fid, info in figures.items()
                   if info[0] in ("cards", "trick"))  # fmt: skip

    # -------------------------------------------------------------- calls

    def _chance(self, view: Seen) -> float:
        """Its side's estimated chance of winning the game."""
        value = self._value(view) * 9 / max(1, view.hand.bit_count() + view.unseen_count)
        if view.seat == view.declarer:
            return _logistic((value - 7.2) / 1.6)
        return _logistic((value - 6.0) / 1.6)

    def _calls(self, view: Seen) -> bool:
        return self._chance(view) >= 0.93

    def _answer_call(self, view: Seen, legal: Sequence[Action]) -> Action:
        p = self._chance(view)
        concede, play_on = view.call_stakes or (1, 2)
        for action in legal:
            if isinstance(action, Kontra) and action.level == 1 and p >= 0.9:
                return action
        if PLAY_ON in legal and ((2 * p - 1) * play_on > -concede or CONCEDE not in legal):
            return PLAY_ON
        return CONCEDE if CONCEDE in legal else legal[0]
