"""The kinds of game as data: what a trump game, no-trumps, Betli and
Klopitzky each mean for play, compiled once from a ruleset.

The engine reads a contract's kind here instead of testing it case by case:
its card order, who leads, its base value, whether figures and first-trick
speech belong to it, whether the hand ends on the declarer's first trick and
whether followers must overtake.  :meth:`RulesetTables.order_for
<alsos.ruleset.tables.RulesetTables.order_for>` reads the same orders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.pack.phases import Kind

if TYPE_CHECKING:
    from alsos.pack.cards import Order
    from alsos.ruleset.profile import Ruleset

__all__ = ["KindRules", "kind_rules"]


class KindRules:
    """One kind of game as data, compiled from a profile (:func:`kind_rules`).

    ``order``: the card order of plain suits (trumps keep the trump order);
    ``lead``: who leads first (``forehand``, ``declarer``, ``before-declarer``);
    ``value``: the game's base value; ``figures``: figures may be announced, and
    with unseen cards there is a front round before the pick-up; ``speech``:
    the first trick carries the back announcements; ``exchange_and_melds``: the
    talon exchange and meld declarations are offered in the first trick;
    ``ends_on_declarer_trick``: the hand ends once the declarer wins a trick
    (Betli); ``overtake``: a seat that follows suit must beat the trick's
    highest card of the led suit when it can (``play.betli_overtake``).
    """

    __slots__ = (
        "ends_on_declarer_trick",
        "exchange_and_melds",
        "figures",
        "lead",
        "order",
        "overtake",
        "speech",
        "value",
    )

    def __init__(
        self,
        order: Order,
        lead: str,
        value: int,
        *,
        figures: bool,
        speech: bool = True,
        exchange_and_melds: bool = True,
        ends_on_declarer_trick: bool = False,
        overtake: bool = False,
    ) -> None:
        self.order = order
        self.lead = lead
        self.value = value
        self.figures = figures
        self.speech = speech
        self.exchange_and_melds = exchange_and_melds
        self.ends_on_declarer_trick = ends_on_declarer_trick
        self.overtake = overtake


def kind_rules(rules: Ruleset) -> dict[Kind, KindRules]:
    """Each kind of game of ``rules`` as data (pagat, "Types of Game and Bidding",
    "First Trick"; altiansz, "Play" for the Betli overtake)."""
    c, g, play = rules.cards, rules.games, rules.play
    return {
        Kind.TRUMP: KindRules(c.plain_order, play.trump_lead, g.trump, figures=True),
        Kind.NO_TRUMPS: KindRules(c.plain_order, play.no_trumps_lead, g.no_trumps, figures=True),
        Kind.BETLI: KindRules(
            c.betli_order,
            play.betli_lead,
            g.betli,
            figures=False,
            exchange_and_melds=False,
            ends_on_declarer_trick=True,
            overtake=play.betli_overtake,
        ),
        Kind.KLOPITZKY: KindRules(
            c.klopitzky_order, "forehand", g.klopitzky, figures=False, speech=False
        ),
    }
