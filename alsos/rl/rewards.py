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
from alsos.hand.rules.calling import GyerunkCalling
from alsos.pack.phases import Kind
from alsos.rl.spaces import (
    item_figures,
    max_call_multiplier,
    max_kontra_factor,
)
from alsos.ruleset import registry
from alsos.ruleset.profile import FigureRule, Ruleset
from alsos.ruleset.tables import tables_of

__all__ = ["RewardScaleError", "payment_bound", "reward_scaler", "utility_bound"]

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


def utility_bound(rules: Ruleset) -> int:
    """The largest payment one seat can win or pay in a hand of ``rules``: a bound
    proved from how the engine values items, tighter than :func:`payment_bound`.

    The declarer settles every item with each of the ``players - 1`` other
    seats, and a defender pays each item once, so no seat moves more than
    ``players - 1`` times the sum of the items' stakes; an item's stake is its
    base, times its front multiplier if announced from the front, its kontra
    steps (at most ``max_kontra_factor``), its boosts and
    its call multiplier (set once, at most
    ``max_call_multiplier``).  Per kind of game (its
    value from the ruleset's kind table, as the engine builds the game item):

    * the game's boosts are the multiplier figures (béla kassza) that kind
      allows, each at its larger factor (front or back), announced once per
      seat in play (twice where once per side);
    * the item figures are those the kind allows (none in Betli and
      Klopitzky, only ``no_trumps`` ones without trumps), each at most once
      per seat in play, at its larger value (front or back), and a seat's
      figures at most a set it can announce together: two figures that rule
      each other out (a group, an ``exclusive`` pair) are not both counted;
    * under ``gyerunk`` with only the game called (``targets: game``) a call
      is open only while every item is the game or an ``allowed_with``
      figure, so the call multiplier reaches those items alone and the other
      figures count without it; any other calling module multiplies them all.

    Klopitzky pays at most its value to or from each other seat.  The bound
    is reached by a hand whose every step climbs the stakes in potter1930,
    four-player, house, two-player and altiansz; in club, tompa and csibor it
    stays above every hand (see the tests).  It reads the stakes as the
    ``potter`` and ladder scorings pay them (each item paid between the
    declarer and every other seat); a scoring module that pays otherwise
    needs its own.  :func:`payment_bound` stays as it was, for
    ``reward_scale="bound"``.
    """
    kontra = max_kontra_factor(rules)
    call = max_call_multiplier(rules)
    calling = registry.lookup("calling", rules.calling.module)
    called_only: frozenset[str] | None = None  # the figures a call reaches (None: all)
    if calling is GyerunkCalling and call > 1 and not calling.names_items(rules):
        called_only = frozenset(getattr(calling.params(rules), "allowed_with", ()))
    active = rules.active_players
    items = item_figures(rules)
    best = 0
    for kind, kr in tables_of(rules).kinds.items():
        if kind is Kind.KLOPITZKY:
            continue
        allowed = [
            n
            for n, f in rules.figures.items()
            if kr.figures and f.enabled and (kind is not Kind.NO_TRUMPS or f.no_trumps)
        ]
        game = kr.value
        for name in allowed:
            fig = rules.figures[name]
            if name not in items:  # a multiplier figure: it boosts the game
                times = 2 if fig.once_per_side else active
                game *= max(_worth(fig), 1) ** times
        figures = [n for n in allowed if n in items]
        every = game + active * _best_set(rules, figures)
        if called_only is None:
            stakes = every * kontra * call
        else:
            reached = [n for n in figures if n in called_only]
            stakes = max(every, (game + active * _best_set(rules, reached)) * call) * kontra
        best = max(best, stakes)
    payers = rules.players - 1
    return max(best * payers, rules.games.klopitzky * payers)


def _worth(fig: FigureRule) -> int:
    """A figure's larger value: announced from the front (times its front
    multiplier) where it may be, else from the back; 0 if neither."""
    front = fig.value * fig.front_multiplier if fig.front else 0
    return max(front, fig.value if fig.back else 0)


def _best_set(rules: Ruleset, names: list[str]) -> int:
    """The largest total :func:`_worth` of figures among ``names`` one seat can
    announce together: no two that rule each other out (each in the other's
    :func:`~alsos.ruleset.tables.figure_blockers_of` set; one that blocks the
    other only one way can still follow it).  A branch and bound over the few
    figures a profile has."""
    blockers = tables_of(rules).blockers
    worth = sorted(((_worth(rules.figures[n]), n) for n in names), reverse=True)
    clash = {
        n: {m for _, m in worth if m in blockers[n] and n in blockers.get(m, ())} for _, n in worth
    }
    top = 0

    def search(i: int, total: int, taken: frozenset[str]) -> None:
        nonlocal top
        top = max(top, total)
        if i == len(worth) or total + sum(w for w, _ in worth[i:]) <= top:
            return
        w, n = worth[i]
        if not clash[n] & taken:
            search(i + 1, total + w, taken | {n})
        search(i + 1, total, taken)

    search(0, 0, frozenset())
    return top


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
