"""An example alsos plugin: the figure kind ``trick-count``.

A ``trick-count`` figure is an undertaking to win at least ``threshold``
tricks (more than ``threshold`` with ``strict: true``) in the announcer's
own tricks: a defender's count does not include the partner's tricks.

Importing this module registers the judge in the ``figures`` family of
:mod:`alsos.hand.rules`; alsos does the import itself through the ``alsos.hand.rules``
entry point declared in ``pyproject.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.hand.rules import register

if TYPE_CHECKING:
    from alsos.hand.items import Item
    from alsos.hand.settlement import Tally
    from alsos.ruleset.profile import FigureRule

__all__ = ["judge_trick_count"]


@register("figures", "trick-count")
def judge_trick_count(t: Tally, fig: FigureRule, item: Item) -> bool:
    """Whether the announcing seat took at least ``fig.threshold`` tricks.

    The loader cannot check a plugin's parameters, so a profile that leaves
    out ``threshold`` is reported here, when the figure is first judged.
    """
    if fig.threshold is None:
        raise ValueError("a trick-count figure needs 'threshold': the number of tricks to win")
    won = sum(1 for winner in t.trick_winners if winner == item.seat)
    return won > fig.threshold if fig.strict else won >= fig.threshold
