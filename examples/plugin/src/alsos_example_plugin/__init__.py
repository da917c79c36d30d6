"""An example alsos plugin: the figure kind ``trick-count``.

A ``trick-count`` figure is an undertaking to win at least ``threshold``
tricks (more than ``threshold`` with ``strict: true``) in the announcer's
own tricks: a defender's count does not include the partner's tricks.

Importing this module registers the kind in the ``figures`` family of
:mod:`alsos.hand.rules`; alsos does the import itself through the ``alsos.hand.rules``
entry point declared in ``pyproject.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.hand.protocol import FigureKind
from alsos.hand.rules import register

if TYPE_CHECKING:
    from alsos.hand.items import Item
    from alsos.hand.settlement import Tally
    from alsos.ruleset.profile import FigureRule, Ruleset

__all__ = ["TrickCount"]


class TrickCount(FigureKind):
    """Win at least ``threshold`` tricks (more than it with ``strict``)."""

    params = ("threshold", "strict")

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        """Whether the announcing seat took at least ``fig.threshold`` tricks."""
        if fig.threshold is None:  # check() keeps such a figure out of a loaded profile
            raise ValueError("a trick-count figure needs 'threshold': the number of tricks to win")
        won = sum(1 for winner in t.trick_winners if winner == item.seat)
        return won > fig.threshold if fig.strict else won >= fig.threshold

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        if fig.threshold is None:
            return [f"{where}.threshold: a trick-count figure needs the number of tricks to win"]
        return []

    def describe(self, fig: FigureRule, rules: Ruleset) -> str:
        more = "more than" if fig.strict else "at least"
        return f"win {more} {fig.threshold} tricks"


register("figures", "trick-count")(TrickCount())
