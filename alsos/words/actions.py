"""Actions in words: what one does in this position, and its name for a screen reader.

:func:`action_help` is the one line a person reads beside a legal action (the
web table's buttons; the terminal's help says the same of the profile's
figures and contracts): what a figure undertakes, what a ladder contract
promises, what a kontra doubles.  :func:`action_label` is the action's
accessible name: a card by its name in the language, the rest as written.
"""

from __future__ import annotations

from alsos.hand.chosen import named_contracts
from alsos.pack.actions import Action, Announce, ContractBid, Discard, Kontra, Play
from alsos.pack.cards import Card
from alsos.ruleset.profile import Ruleset
from alsos.words.language import ENGLISH, Language
from alsos.words.rules import contract_meaning, figure_meaning, suit_name

__all__ = ["action_help", "action_label", "card_name"]


def card_name(card: Card, lang: Language = ENGLISH) -> str:
    """``Ace of hearts``: a card by its name (the rank's and suit's English names are
    the messages, as ``Card.name_en`` writes them)."""
    return lang.text(
        "{rank} of {suit}", rank=lang.text(card.rank.name_en), suit=suit_name(card.suit, lang)
    )


def action_help(rules: Ruleset, action: Action, lang: Language = ENGLISH) -> str:
    """One line on what ``action`` does under ``rules`` ("" where its name says it all)."""
    if isinstance(action, Announce) and action.figure in rules.figures:
        return figure_meaning(rules, action.figure)
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
    return ""


def action_label(action: Action, lang: Language = ENGLISH) -> str:
    """The accessible name: a card to play or discard by its name, the rest as written."""
    if isinstance(action, Play):
        return lang.text("play {card}", card=card_name(action.card, lang))
    if isinstance(action, Discard):
        return lang.text("discard {card}", card=card_name(action.card, lang))
    return str(action)
