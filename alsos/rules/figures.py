"""Figure modules: how each kind of figure is judged at the end of the hand.

A judge takes the hand's :class:`~alsos.settlement.Tally` (who won which
cards and tricks, points, melds), the figure's profile entry and the seat
that announced it, and says whether the undertaking was met.  A defender's
figure must be met in that defender's own tricks; kassza is the exception
(000 "Figures").  Plugins add kinds with ``@register("figures", "<kind>")``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.items import DECLARER, Item
from alsos.profile import FigureRule, parse_card_spec
from alsos.rules import register

if TYPE_CHECKING:
    from alsos.settlement import Tally

__all__ = ["judge_cards", "judge_kassza", "judge_points", "judge_trick", "judge_volat"]


@register("figures", "kassza")
def judge_kassza(t: Tally, fig: FigureRule, item: Item) -> bool:
    if item.side == DECLARER:
        return t.game_won is True
    return t.game_won is False and any(t.bela.get(s, 0) for s in t.defenders)


@register("figures", "points")
def judge_points(t: Tally, fig: FigureRule, item: Item) -> bool:
    total = t.card_points[item.seat]
    if fig.melds:
        total += t.meld_points.get(item.seat, 0) + t.bela.get(item.seat, 0)
    threshold = fig.threshold if t.trump >= 0 else fig.threshold_no_trumps
    assert threshold is not None
    return total > threshold if fig.strict else total >= threshold


@register("figures", "cards")
def judge_cards(t: Tally, fig: FigureRule, item: Item) -> bool:
    need = 0
    for spec in fig.cards:
        need |= parse_card_spec(spec).mask(t.trump)
    return need != 0 and t.won[item.seat] & need == need


@register("figures", "trick")
def judge_trick(t: Tally, fig: FigureRule, item: Item) -> bool:
    index = t.hand_size - fig.trick
    if index >= len(t.tricks):
        return False
    card = parse_card_spec(fig.card).card(t.trump)
    return t.trick_winners[index] == item.seat and (item.seat, card) in t.tricks[index]


@register("figures", "volat")
def judge_volat(t: Tally, fig: FigureRule, item: Item) -> bool:
    return len(t.tricks) == t.hand_size and all(w == item.seat for w in t.trick_winners)


@register("figures", "multiplier")
def judge_multiplier(t: Tally, fig: FigureRule, item: Item) -> bool:
    """A multiplier has no item of its own; it is never judged."""
    raise AssertionError("multiplier figures modify the game and are never settled alone")
