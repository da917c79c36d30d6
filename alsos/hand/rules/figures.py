"""Figure kinds: each kind of figure as one object, registered under its name.

A kind (:class:`~alsos.hand.protocol.FigureKind`) holds everything alsos knows of
it: which profile keys it reads, what a profile must give it
(:meth:`~alsos.hand.protocol.FigureKind.check`), how it is judged at the end of the
hand, the rulebook's text, and what search, bots and views ask of it (the
cards it needs, the trick it is decided in, the card its announcer keeps
back).  A judge takes the hand's frozen
:class:`~alsos.hand.settlement.Tally` (who won which cards and tricks, points,
melds), the figure's profile entry and the announced item, and says whether
the undertaking was met.  A defender's figure must be met in that defender's
own tricks; kassza is the exception (pagat, "Figures").  Plugins add kinds
with ``register("figures", "<kind>")(MyKind())``.

Adding a kind touches this file (or a plugin's) and its tests, nothing else.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from alsos.hand.items import DECLARER, Item
from alsos.hand.protocol import FigureKind, Progress
from alsos.hand.rules.ranks import every_rank, trump_rank
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.cards import Card
from alsos.ruleset.profile import FigureRule, Ruleset, parse_card_spec
from alsos.ruleset.registry import register

if TYPE_CHECKING:
    from alsos.hand.settlement import Tally

__all__ = [
    "KINDS",
    "Cards",
    "Kassza",
    "Majority",
    "Multiplier",
    "NoTricks",
    "Points",
    "Trick",
    "Tricks",
    "Volat",
]


def _card_name(card: Card, lang: Language) -> str:
    """``Ace of hearts``, in ``lang`` (the words layer's card name, which this layer
    cannot import: the same message)."""
    return lang.text(
        "{rank} of {suit}", rank=lang.text(card.rank.name_en), suit=lang.text(card.suit.name_en)
    )


def _cards_text(specs: tuple[str, ...], lang: Language) -> str:
    if not specs:
        return lang.text("no particular cards")
    words = []
    for spec in specs:
        cs = parse_card_spec(spec)
        if cs.kind == "trump":
            assert cs.rank is not None  # a spec of kind trump or all names a rank
            words.append(trump_rank(cs.rank, lang))
        elif cs.kind == "all":
            assert cs.rank is not None
            words.append(every_rank(cs.rank, lang))
        else:
            names = [_card_name(c, lang) for c in cs.choices]
            either = names[0]
            for name in names[1:]:
                either = lang.text("{left} or {right}", left=either, right=name)
            if len(names) > 1:
                either = lang.text("{cards} (the first not trump)", cards=either)
            words.append(either)
    return lang.join(words)


def _trick_text(fig: FigureRule, lang: Language) -> str:
    """A trick figure's undertaking: win the ``trick``-th trick from the end with ``card``."""
    card = _cards_text((fig.card,), lang)
    if fig.trick == 1:
        return lang.text("win the last trick with {card}", card=card)
    if fig.trick == 2:
        return lang.text("win the second-last trick with {card}", card=card)
    return lang.text("win the {n}th from last trick with {card}", n=fig.trick, card=card)


def _needs_threshold(fig: FigureRule, where: str) -> list[str]:
    if fig.threshold is None:
        said = N_("{where}: a {kind} figure needs a threshold")
        return [Said(said, where=f"{where}.threshold", kind=fig.kind)]
    return []


class Kassza(FigureKind):
    """The declarer holds béla and wins the game (a defender: a defender holds béla
    and the declarer loses)."""

    biddable = False
    declarer_needs_bela = True
    totals_only = True
    aim = "game"

    def available(self, fig: FigureRule, trump: int) -> bool:
        return trump >= 0  # béla is the trump King and Over

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        if item.side == DECLARER:
            return t.game_won is True
        return t.game_won is False and any(t.bela.get(s, 0) for s in t.defenders)

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text(
            "declarer: holds béla and wins the game; a defender: a defender holds "
            "béla and the declarer loses"
        )


class Points(FigureKind):
    """At least ``threshold`` card points (``threshold_no_trumps`` without trumps)
    in the announcer's tricks with the last-trick bonus; with ``melds`` also its
    valid melds and béla; with ``strict`` more than the threshold."""

    params = ("threshold", "threshold_no_trumps", "melds", "strict")
    totals_only = True
    aim = "points"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        total = t.card_points[item.seat]
        if fig.melds:
            total += t.meld_points.get(item.seat, 0) + t.bela.get(item.seat, 0)
        threshold = fig.threshold if t.trump >= 0 else fig.threshold_no_trumps
        assert threshold is not None
        return total > threshold if fig.strict else total >= threshold

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        out = _needs_threshold(fig, where)
        if fig.no_trumps and fig.threshold_no_trumps is None:
            said = N_("{where}: needed when no_trumps is true")
            out.append(Said(said, where=f"{where}.threshold_no_trumps"))
        return out

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        if fig.no_trumps:
            msg = (
                N_(
                    "take more than {threshold} ({no_trumps} without trumps) card points in "
                    "tricks with the last-trick bonus"
                )
                if fig.strict
                else N_(
                    "take at least {threshold} ({no_trumps} without trumps) card points in "
                    "tricks with the last-trick bonus"
                )
            )
        else:
            msg = (
                N_("take more than {threshold} card points in tricks with the last-trick bonus")
                if fig.strict
                else N_("take at least {threshold} card points in tricks with the last-trick bonus")
            )
        aim = lang.text(msg, threshold=fig.threshold, no_trumps=fig.threshold_no_trumps)
        if fig.melds:
            return lang.text("{aim}, counting valid melds and béla", aim=aim)
        return aim

    def without_trumps(self, fig: FigureRule) -> bool:
        """Whether the figure can be judged in a game without trumps."""
        return fig.threshold_no_trumps is not None

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        s = p.state
        if s.trick_no == 0 and fig.melds:
            return None  # the melds are known once everyone has played to the first trick
        threshold = fig.threshold if s.trump >= 0 else fig.threshold_no_trumps
        assert threshold is not None
        d = p.declarer
        mine = p.points[d] + (p.melds[d] if fig.melds else 0)
        if mine > threshold if fig.strict else mine >= threshold:
            return True
        best = mine + p.rest()
        return False if (best <= threshold if fig.strict else best < threshold) else None


@functools.lru_cache(maxsize=1024)
def _cards_mask(cards: tuple[str, ...], trump: int) -> int:
    """The cards the specs ``cards`` name with ``trump`` as trumps, as a bit set (read
    once per figure and suit: every settlement judges the figures announced)."""
    need = 0
    for spec in cards:
        need |= parse_card_spec(spec).mask(trump)
    return need


class Cards(FigureKind):
    """Win every card listed in ``cards`` (``trump U``: the Under of trumps;
    ``all A``: every Ace)."""

    params = ("cards",)
    aim = "cards"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        need = _cards_mask(fig.cards, t.trump)
        return need != 0 and t.won[item.seat] & need == need

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        said = N_("{where}: list the cards the figure must win")
        return [] if fig.cards else [Said(said, where=f"{where}.cards")]

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text("win {cards} in tricks", cards=_cards_text(fig.cards, lang))

    def cards_needed(self, fig: FigureRule, trump: int) -> int:
        return _cards_mask(fig.cards, trump)

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        need = self.cards_needed(fig, p.state.trump)
        mine = p.state.won[p.declarer] & need
        if mine == need and need:
            return True
        # Lost: won by a defender, face up in the talon, or left unplayed.
        return False if not need or need & ~(mine | p.open) else None


class Trick(FigureKind):
    """Win the ``trick``-th trick from the end with ``card``; its announcer keeps the
    card back for that trick where the rules of play allow."""

    params = ("trick", "card", "must_play")
    aim = "trick"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        index = t.hand_size - fig.trick
        if index >= len(t.tricks):
            return False
        card = parse_card_spec(fig.card).card(t.trump)
        return t.trick_winners[index] == item.seat and (item.seat, card) in t.tricks[index]

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        out: list[str] = []
        if not fig.card:
            out.append(
                Said(N_("{where}: name the card that must win the trick"), where=f"{where}.card")
            )
        else:
            try:
                one = parse_card_spec(fig.card)
            except ValueError:
                one = None  # reported with every figure's card specs
            if one is not None and one.kind == "all":
                said = N_(
                    "{where}: a trick figure's card is one card ('trump 7', 'TA', "
                    "'TA or PA'), not {card}"
                )
                out.append(Said(said, where=f"{where}.card", card=repr(fig.card)))
        if not 1 <= fig.trick <= rules.hand_size:
            said = N_("{where}: must be between 1 and {most}")
            out.append(Said(said, where=f"{where}.trick", most=rules.hand_size))
        return out

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        aim = _trick_text(fig, lang)
        if fig.must_hold:
            return lang.text("{aim} (must hold it to announce)", aim=aim)
        return aim

    def available(self, fig: FigureRule, trump: int) -> bool:
        return bool(parse_card_spec(fig.card).mask(trump))  # a named Ace may be trump

    def deciding_trick(self, fig: FigureRule, hand_size: int) -> int:
        return hand_size - fig.trick

    def held_back(self, fig: FigureRule, trump: int) -> int:
        return parse_card_spec(fig.card).mask(trump) if fig.card else 0

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        s = p.state
        index = p.rules.hand_size - fig.trick
        card = parse_card_spec(fig.card).card(s.trump)
        if index < s.trick_no:
            return s.trick_winners[index] == p.declarer and (p.declarer, card) in s.tricks[index]
        # No such card, played before its trick, face up in the talon, or unplayed.
        return False if card < 0 or not p.open >> card & 1 else None


class Volat(FigureKind):
    """Win every trick."""

    totals_only = True
    aim = "every-trick"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        return len(t.tricks) == t.hand_size and all(w == item.seat for w in t.trick_winners)

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text("win every trick")

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        s = p.state
        return False if s.trick_no > s.tricks_won[p.declarer] else (True if p.left == 0 else None)


class Tricks(FigureKind):
    """altiansz, "Contracts" (Solo): at least ``threshold`` tricks."""

    params = ("threshold",)
    aim = "tricks"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        assert fig.threshold is not None
        return sum(1 for w in t.trick_winners if w == item.seat) >= fig.threshold

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        return _needs_threshold(fig, where)

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        n = fig.threshold or 0
        return lang.plural("win at least {n} trick", "win at least {n} tricks", n)

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        assert fig.threshold is not None
        won = p.state.tricks_won[p.declarer]
        if won >= fig.threshold:
            return True
        return False if won + p.left < fig.threshold else None


class NoTricks(FigureKind):
    """altiansz, "Contracts" (Betli): not one trick."""

    aim = "no-trick"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        return item.seat not in t.trick_winners

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text("lose every trick")

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        lost = p.state.tricks_won[p.declarer] > 0
        return False if lost else (True if p.left == 0 else None)


class Majority(FigureKind):
    """altiansz, "Contracts" (Game): more than the other side's points and melds combined."""

    aim = "majority"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        def total(seat: int) -> int:
            return t.card_points.get(seat, 0) + t.meld_points.get(seat, 0) + t.bela.get(seat, 0)

        others = t.defenders if item.side == DECLARER else (t.declarer,)
        return total(item.seat) > sum(total(s) for s in others if s is not None)

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text(
            "take more card points in tricks (with the last-trick bonus) and melds "
            "than the opponents together"
        )

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        s = p.state
        if s.trick_no == 0:
            return None  # the melds are known once everyone has played to the first trick
        d = p.declarer
        mine = p.points[d] + p.melds[d]
        theirs = sum(p.points[t] + p.melds[t] for t in s.active if t != d)
        rest = p.rest()
        if mine > theirs + rest:
            return True
        return False if mine + rest <= theirs else None


class Multiplier(FigureKind):
    """No undertaking of its own: held with ``cards``, it multiplies the game by
    ``value`` (``front_multiplier`` more from the front) -- huwiki's béla kassza."""

    params = ("cards",)
    judged = False
    biddable = False
    aim = "game"

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        """A multiplier has no item of its own; it is never judged."""
        raise AssertionError("multiplier figures modify the game and are never settled alone")

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text(
            "held with {cards}: multiplies the game by {value} ({front} from the front)",
            cards=_cards_text(fig.cards, lang),
            value=fig.value,
            front=fig.value * fig.front_multiplier,
        )


#: The built-in kinds, by name.
KINDS: dict[str, FigureKind] = {
    "kassza": Kassza(),
    "points": Points(),
    "cards": Cards(),
    "trick": Trick(),
    "volat": Volat(),
    "tricks": Tricks(),
    "no-tricks": NoTricks(),
    "majority": Majority(),
    "multiplier": Multiplier(),
}
for _name, _kind in KINDS.items():
    register("figures", _name)(_kind)
