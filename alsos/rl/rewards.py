"""Reward scaling for the environments: stakes into numbers a learner handles well.

A hand pays stakes.  Their bounds are far from what play reaches: in
potter1930 :func:`~alsos.rl.max_payment` is 5,079,040 and
:func:`payment_bound` 1,753,088 (eight kontra steps, the largest call and
every figure announced by every seat), while real hands move tens to a few
thousand stakes.  Rewards that large destabilise value learning, and a
reward divided by the bound is almost always about zero, so the environments
take a ``reward_scale``:

* ``None`` (the default): the payment in stakes, unchanged;
* a positive number ``s``: the payment divided by ``s`` (``reward_scale=100``
  puts a typical potter1930 hand within a few units of zero, keeping the
  game's linear value);
* ``"bound"``: the payment divided by :func:`payment_bound`, so every reward
  lies in [-1, 1] (guaranteed, but typical rewards are tiny);
* ``"log"``: ``sign(p) * log2(1 + |p|) / log2(1 + bound)``, also in [-1, 1],
  which keeps small payments apart and squeezes the rare huge ones (it changes
  the objective: a learner then values a sure small win over a gamble of the
  same expected stakes).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from alsos.errors import RLError
from alsos.rl.spaces import (
    item_figures,
    max_call_multiplier,
    max_kontra_factor,
)
from alsos.ruleset import registry
from alsos.ruleset.profile import Ruleset

__all__ = ["RewardScaleError", "payment_bound", "reward_scaler"]

#: What ``reward_scale`` may be: None, a positive number, ``"bound"`` or ``"log"``.
RewardScale = float | str | None


class RewardScaleError(RLError):
    """A ``reward_scale`` that is none of None, a positive number, "bound" or "log"."""


def payment_bound(rules: Ruleset) -> int:
    """A bound on what one seat wins or pays in a hand, tighter than
    :func:`~alsos.rl.max_payment` and under the same reasoning.

    :func:`~alsos.rl.max_payment` values every item at the largest stake any
    item can reach; here each item has its own: the game at the largest game
    value with every multiplier figure announced, each item figure at its
    own value, once per seat in play, and each of them at every kontra step
    and the largest call.  Paid to or by every other seat; klopitzky as
    there.  Never above :func:`~alsos.rl.max_payment` (each item's own
    stake is at most the largest one).
    """
    steps = max_kontra_factor(rules) * max_call_multiplier(rules)
    g = rules.games
    game = max(g.trump, g.no_trumps, g.betli, g.klopitzky, 1)
    for fig in rules.figures.values():
        if fig.enabled and not registry.lookup("figures", fig.kind).judged:
            times = 2 if fig.once_per_side else rules.active_players
            game *= int(max(fig.value * fig.front_multiplier, 1) ** times)
    figures = sum(
        rules.figures[name].value * max(rules.figures[name].front_multiplier, 1)
        for name in item_figures(rules)
    )
    payers = rules.players - 1
    return max((game + rules.active_players * figures) * steps * payers, g.klopitzky * payers)


def reward_scaler(rules: Ruleset, scale: RewardScale) -> Callable[[float], float]:
    """The function that turns a payment into a reward under ``scale`` (module docs).

    :raises RewardScaleError: (an :class:`~alsos.errors.RLError`) for a scale that is not allowed.
    """
    if scale is None:
        return float
    if isinstance(scale, str):
        bound = payment_bound(rules)
        if scale == "bound":
            return lambda p: p / bound
        if scale == "log":
            top = math.log2(1 + bound)
            return lambda p: math.copysign(math.log2(1 + abs(p)), p) / top
    elif (
        isinstance(scale, int | float)
        and not isinstance(scale, bool)
        and math.isfinite(scale)
        and scale > 0
    ):
        divisor = float(scale)
        return lambda p: p / divisor
    raise RewardScaleError(
        f"reward_scale {str(scale)[:60]!r} is not allowed; "
        f"use None, a positive number, 'bound' or 'log'"
    )
