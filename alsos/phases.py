"""Where a hand stands: its phase, the kind of game and the contract.

Kept apart from :mod:`alsos.game` so that rule modules can name phases and
contracts without importing the engine.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from alsos.cards import Suit

if TYPE_CHECKING:
    from alsos.cards import Order
    from alsos.profile import Ruleset

__all__ = ["Contract", "Kind", "KindRules", "Phase", "kind_rules"]


class Phase(enum.StrEnum):
    """What the hand is waiting for."""

    BIDDING = "bidding"
    FRONT = "front announcements"
    BACK = "back announcements"
    SIBER = "siber"
    DISCARD = "discard"
    PLAY = "play"
    COMPLETION = "completion of announcements"
    MELDS = "meld validation"
    CALL = "answer to a call"
    OVER = "over"


class Kind(enum.StrEnum):
    TRUMP = "trump"
    NO_TRUMPS = "no-trumps"
    BETLI = "betli"
    KLOPITZKY = "klopitzky"


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


class Contract:
    """The kind of game and its trump suit (None without trumps).

    ``name``: the contract of a ladder auction (altiansz: ``ultimo``,
    ``game-trull``, ...), None where the kind of game is the whole contract.
    """

    __slots__ = ("kind", "name", "trump")

    def __init__(self, kind: Kind, trump: Suit | None = None, name: str | None = None) -> None:
        self.kind = kind
        self.trump = trump
        self.name = name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return (self.kind, self.trump, self.name) == (other.kind, other.trump, other.name)

    def __hash__(self) -> int:
        return hash((self.kind, self.trump, self.name))

    def __str__(self) -> str:
        game = f"trump {self.trump.name_en}" if self.trump is not None else str(self.kind)
        return game if self.name is None else f"{self.name}, {game}"

    def __repr__(self) -> str:
        extra = "" if self.name is None else f", {self.name!r}"
        return f"Contract({self.kind!s}, {self.trump!s}{extra})"
