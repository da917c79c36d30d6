"""Actions in words: what one does in this position, and its name for a screen reader.

:func:`action_help` is the one line a person reads beside a legal action (the
web table's buttons; the terminal's help says the same of the profile's
figures and contracts): what a figure undertakes, what a ladder contract
promises, what a kontra doubles.  :func:`action_label` is the action's
accessible name: a card by its name in the language, the rest as written.
"""

from __future__ import annotations

from alsos.hand.chosen import named_contracts
from alsos.language import ENGLISH, Language
from alsos.pack.actions import (
    Accept,
    Action,
    Announce,
    Betli,
    Bid,
    Call,
    CallItem,
    Concede,
    ContractBid,
    Declare,
    DeclareMelds,
    Discard,
    Draw,
    Exchange,
    Kicsi,
    Kontra,
    Pass,
    Play,
    PlayOn,
    Show,
    Siber,
)
from alsos.pack.cards import Card
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.ruleset.profile import Ruleset
from alsos.words.rules import contract_meaning, figure_meaning, suit_name

__all__ = ["action_help", "action_label", "card_name"]


def card_name(card: Card, lang: Language = ENGLISH) -> str:
    """``Ace of hearts``: a card by its name (the rank's and suit's English names are
    the messages, as ``Card.name_en`` writes them)."""
    return lang.text(
        "{rank} of {suit}", rank=lang.text(card.rank.name_en), suit=suit_name(card.suit, lang)
    )


def action_help(
    rules: Ruleset,
    action: Action,
    lang: Language = ENGLISH,
    *,
    game: Game | None = None,
    seat: int | None = None,
) -> str:
    """One line on what ``action`` does under ``rules`` ("" where its name says it all).

    With the ``game`` it is legal in and the ``seat`` that may take it, the line
    speaks of this position: which suit ``accept`` takes and which face-up card
    offers it, what a pass gives up in this phase, what conceding or playing on
    a call is worth now.  Only what that seat may know is read (its view, and the
    public face-up cards).
    """
    if isinstance(action, Announce) and action.figure in rules.figures:
        return figure_meaning(rules, action.figure, lang)
    if isinstance(action, ContractBid) and action.contract in named_contracts(rules):
        return contract_meaning(rules, action.contract, lang)
    if isinstance(action, Kontra):
        k = rules.kontra
        return lang.text(
            "doubles the stake of {item}: x{front} from the front, x{back} from the back",
            item=action.figure,
            front=k.front_factor,
            back=k.back_factor,
        )
    return _position_help(rules, action, lang, game, seat)


def _position_help(
    rules: Ruleset, action: Action, lang: Language, game: Game | None, seat: int | None
) -> str:
    """The help of the actions whose meaning depends on the phase and the cards face up."""
    t = lang.text
    ladder = bool(named_contracts(rules))
    phase = game.phase if game is not None else None
    if isinstance(action, Pass):
        return _pass_help(lang, phase, ladder)
    if isinstance(action, Accept):
        if game is None:
            return t("take the offered suit as trumps")
        return t(
            "take {suit} as trumps: the turned-up {card} offers them",
            suit=suit_name(game.original, lang),
            card=card_name(game.indicator, lang),
        )
    if isinstance(action, Bid):
        if action.suit is None:
            return t("play without trumps")
        return t("name {suit} as trumps", suit=suit_name(action.suit, lang))
    if isinstance(action, Betli):
        return t("play Betli: you must lose every trick")
    if isinstance(action, Exchange):
        if ladder or game is None:
            return t("take the face-up talon card, then discard one card face up")
        return t("swap your trump 7 for the turned-up {card}", card=card_name(game.indicator, lang))
    if isinstance(action, Siber):
        if ladder:
            return t("take the face-up card and the pair set aside, then discard three face down")
        return t(
            "lay your low trump face up and take the whole talon, then put cards back "
            "face down until you hold a full hand"
        )
    if isinstance(action, Draw):
        return t("take two face-down talon cards into your hand")
    if isinstance(action, Discard):
        return t(
            "put {card} away face down: it counts for nobody", card=card_name(action.card, lang)
        )
    if isinstance(action, DeclareMelds):
        return t("declare all your melds, by kind only")
    if isinstance(action, Declare):
        if action.length == 0:
            return t("declare four cards of one rank (vannak)")
        return t("declare {n} cards in sequence in one suit", n=action.length)
    if isinstance(action, Show):
        return t("show the next detail of your meld, to compare it with the other's")
    if isinstance(action, Kicsi):
        return t("give up the meld contest: the other meld is better")
    if isinstance(action, Call | CallItem):
        return t(
            "optional: invite the other side to concede (gyerünk); they concede "
            "or play on at a higher stake"
        )
    stakes = game.view(seat).call_stakes if game is not None and seat is not None else None
    if isinstance(action, Concede):
        if stakes is None:
            return t("give up: the callers win what they called")
        return t("give up: the callers win what they called, worth {n}", n=stakes[0])
    if isinstance(action, PlayOn):
        if stakes is None:
            return t("play on: the stake doubles")
        return t("play on: the stake rises from {now} to {then}", now=stakes[0], then=stakes[1])
    return ""


def _pass_help(lang: Language, phase: Phase | None, ladder: bool) -> str:
    t = lang.text
    if phase is Phase.BIDDING:
        return t("bid nothing now") if ladder else t("decline: let the next seat bid")
    if phase in (Phase.FRONT, Phase.BACK, Phase.COMPLETION):
        return t("say nothing more: the round ends when every seat has passed")
    if phase is Phase.SIBER:
        return t("keep your hand: take nothing from the talon")
    if phase is Phase.PLAY:
        return t("say nothing before your card")
    return t("let it go")


def action_label(action: Action, lang: Language = ENGLISH) -> str:
    """The accessible name: a card to play or discard by its name, the rest as written."""
    if isinstance(action, Play):
        return lang.text("play {card}", card=card_name(action.card, lang))
    if isinstance(action, Discard):
        return lang.text("discard {card}", card=card_name(action.card, lang))
    return str(action)
