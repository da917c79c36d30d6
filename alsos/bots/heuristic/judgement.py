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
from alsos.bots.heuristic.speech import (
    BID_THRESHOLD,
    FIGURE_MARGIN,
    UHU_TRUMPS,
    aces,
    aim_of,
    dues_for,
    figure_table,
    keeps_seven,
    kontras,
    likely,
    speak,
    trick_dues,
    trump_ranks,
    trump_values,
    value,
)
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    BIDS,
    CONCEDE,
    PASS,
    PLAY_ON,
    Action,
    Announce,
    Bid,
    Kontra,
)
from alsos.pack.cards import Suit
from alsos.ruleset.profile import Ruleset
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
    "trick_dues",
    "trump_ranks",
    "trump_values",
]

#: The ruleset a canonical string names (the one in use: :func:`~alsos.ruleset.tables.rules_named`).
rules_for = rules_named

_MISSING = object()


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


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class Judgement:
    """Valuing, bidding, speech and calls (mixed into the bot, which sets ``boldness``)."""

    boldness: float

    # ------------------------------------------------------------ valuing

    def _value(self, view: Seen, trump: int | None = None) -> float:
        """The hand's value for the game played (or ``trump``), as if it held nine cards:
        :func:`.speech.value`."""
        return value(view, view.trump if trump is None else trump, self.boldness)

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

    def _no_trumps(self, view: Seen) -> float:
        """The hand's value without trumps (0 unless it holds three Aces or more)."""
        if view.rules is None or not view.rules.bidding.no_trumps:
            return 0.0
        return self._value(view, -1) if aces(view.cards) >= 3 else 0.0

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

    def _speak(self, view: Seen, legal: Sequence[Action]) -> Action | None:
        """A kontra or figure worth saying, or None to pass (or play): :func:`.speech.speak`."""
        return speak(view, legal, self.boldness)

    def _likely(self, view: Seen, figure: str) -> int:
        """The figure's worth if the hand makes it likely, else 0: :func:`.speech.likely`."""
        return likely(view, figure, self.boldness)

    def _kontras(self, view: Seen, action: Kontra) -> bool:
        """Whether to say this kontra step: :func:`.speech.kontras`."""
        return kontras(view, action, self.boldness)

    def _keeps_seven(self, view: Seen) -> bool:
        """Whether a figure its seat announced (or will) needs the trump 7 it holds:
        :func:`.speech.keeps_seven`."""
        return keeps_seven(view, self.boldness)

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
