"""Figure modules: how each kind of figure is judged at the end of the hand.

A judge takes the hand's :class:`~alsos.hand.settlement.Tally` (who won which
cards and tricks, points, melds), the figure's profile entry and the seat
that announced it, and says whether the undertaking was met.  A defender's
figure must be met in that defender's own tricks; kassza is the exception
(pagat, "Figures").  Plugins add kinds with ``@register("figures", "<kind>")``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from alsos.hand.items import DECLARER, Item
from alsos.ruleset.profile import FigureRule, Ruleset, parse_card_spec
from alsos.ruleset.registry import register

if TYPE_CHECKING:
    from alsos.hand.settlement import Tally

T = TypeVar("T")

__all__ = [
    "judge_cards",
    "judge_kassza",
    "judge_majority",
    "judge_no_tricks",
    "judge_points",
    "judge_trick",
    "judge_tricks",
    "judge_volat",
]


def _cards_text(specs: tuple[str, ...]) -> str:
    if not specs:
        return "no particular cards"
    words = []
    for spec in specs:
        cs = parse_card_spec(spec)
        if cs.kind == "trump":
            words.append(f"the trump {cs.rank.code if cs.rank is not None else '?'}")
        elif cs.kind == "all":
            words.append(f"every {cs.rank.code if cs.rank is not None else '?'}")
        else:
            names = [c.name_en for c in cs.choices]
            words.append(
                names[0] if len(names) == 1 else f"{' or '.join(names)} (the first not trump)"
            )
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _describes(text: Callable[[FigureRule, Ruleset], str]) -> Callable[[T], T]:
    """Attach a rulebook description to a judge (read by :mod:`alsos.rulebook`)."""

    def deco(judge: T) -> T:
        judge.describe = text  # type: ignore[attr-defined]
        return judge

    return deco


def _ordinal(n: int) -> str:
    return "last" if n == 1 else "second-last" if n == 2 else f"{n}th from last"


@_describes(
    lambda f, r: (
        "declarer: holds béla and wins the game; a defender: a defender holds "
        "béla and the declarer loses"
    )
)
@register("figures", "kassza")
def judge_kassza(t: Tally, fig: FigureRule, item: Item) -> bool:
    if item.side == DECLARER:
        return t.game_won is True
    return t.game_won is False and any(t.bela.get(s, 0) for s in t.defenders)


@_describes(
    lambda f, r: (
        f"take {'more than ' if f.strict else 'at least '}{f.threshold}"
        + (f" ({f.threshold_no_trumps} without trumps)" if f.no_trumps else "")
        + " card points in tricks with the last-trick bonus"
        + (", counting valid melds and béla" if f.melds else "")
    )
)
@register("figures", "points")
def judge_points(t: Tally, fig: FigureRule, item: Item) -> bool:
    total = t.card_points[item.seat]
    if fig.melds:
        total += t.meld_points.get(item.seat, 0) + t.bela.get(item.seat, 0)
    threshold = fig.threshold if t.trump >= 0 else fig.threshold_no_trumps
    assert threshold is not None
    return total > threshold if fig.strict else total >= threshold


@_describes(lambda f, r: f"win {_cards_text(f.cards)} in tricks")
@register("figures", "cards")
def judge_cards(t: Tally, fig: FigureRule, item: Item) -> bool:
    need = 0
    for spec in fig.cards:
        need |= parse_card_spec(spec).mask(t.trump)
    return need != 0 and t.won[item.seat] & need == need


@_describes(
    lambda f, r: (
        f"win the {_ordinal(f.trick)} trick with {_cards_text((f.card,))}"
        + (" (must hold it to announce)" if f.must_hold else "")
    )
)
@register("figures", "trick")
def judge_trick(t: Tally, fig: FigureRule, item: Item) -> bool:
    index = t.hand_size - fig.trick
    if index >= len(t.tricks):
        return False
    card = parse_card_spec(fig.card).card(t.trump)
    return t.trick_winners[index] == item.seat and (item.seat, card) in t.tricks[index]


@_describes(lambda f, r: "win every trick")
@register("figures", "volat")
def judge_volat(t: Tally, fig: FigureRule, item: Item) -> bool:
    return len(t.tricks) == t.hand_size and all(w == item.seat for w in t.trick_winners)


@_describes(lambda f, r: f"win at least {f.threshold} tricks")
@register("figures", "tricks")
def judge_tricks(t: Tally, fig: FigureRule, item: Item) -> bool:
    """altiansz, "Contracts" (Solo): at least ``threshold`` tricks."""
    assert fig.threshold is not None
    return sum(1 for w in t.trick_winners if w == item.seat) >= fig.threshold


@_describes(lambda f, r: "lose every trick")
@register("figures", "no-tricks")
def judge_no_tricks(t: Tally, fig: FigureRule, item: Item) -> bool:
    """altiansz, "Contracts" (Betli): not one trick."""
    return item.seat not in t.trick_winners


@_describes(
    lambda f, r: (
        "take more card points in tricks (with the last-trick bonus) and melds "
        "than the opponents together"
    )
)
@register("figures", "majority")
def judge_majority(t: Tally, fig: FigureRule, item: Item) -> bool:
    """altiansz, "Contracts" (Game): more than the other side's points and melds combined."""

    def total(seat: int) -> int:
        return t.card_points.get(seat, 0) + t.meld_points.get(seat, 0) + t.bela.get(seat, 0)

    others = t.defenders if item.side == DECLARER else (t.declarer,)
    return total(item.seat) > sum(total(s) for s in others if s is not None)


@_describes(
    lambda f, r: (
        f"held with {_cards_text(f.cards)}: multiplies the game by {f.value} "
        f"({f.value * f.front_multiplier} from the front)"
    )
)
@register("figures", "multiplier")
def judge_multiplier(t: Tally, fig: FigureRule, item: Item) -> bool:
    """A multiplier has no item of its own; it is never judged."""
    raise AssertionError("multiplier figures modify the game and are never settled alone")
