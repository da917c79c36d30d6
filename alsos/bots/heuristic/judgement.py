"""How the heuristic bot judges a hand: its value, bids, figures, kontras and calls.

The rules of thumb are described in :mod:`alsos.bots.heuristic`; this module
holds the ones that read the hand as a whole rather than a trick.
:class:`Judgement` is a mixin of :class:`~alsos.bots.heuristic.HeuristicBot`:
its valuing, bidding, speech and kontras are the plain functions of
:mod:`alsos.bots.heuristic.speech` (which the compiled build compiles), called
with the bot's ``boldness``; the calls (gyerünk) are judged here.
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
    aim_of,
    bid,
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
    CONCEDE,
    PLAY_ON,
    Action,
    Kontra,
)
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
        """The bid (or pass) of an auction without a contract ladder: :func:`.speech.bid`."""
        return bid(view, legal, self.boldness)

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
