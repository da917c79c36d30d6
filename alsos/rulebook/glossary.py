"""The Hungarian terms of the game, each with its English explanation.

Rulebook clause text writes a term as ``{term}``; the writer explains it
from :data:`GLOSSARY` at its first use and emphasises it after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from alsos.language import ENGLISH, Language
from alsos.ruleset import registry as rule_modules

if TYPE_CHECKING:
    from alsos.ruleset.profile import Ruleset

__all__ = ["GLOSSARY", "glossary", "term"]

GLOSSARY: dict[str, str] = {
    "alsó": "the Under, the knave with its suit sign low on the card; the top trump",
    "felső": "the Over, the knave with its suit sign at the top",
    "makk": "acorns, the highest suit in the pack's own order",
    "piros": "hearts, literally 'red'",
    "tök": "gourds, also called bells",
    "zöld": "leaves, literally 'green'",
    "felvevő": "the declarer, who plays alone against the others",
    "szanzadu": "a game without trumps, from French 'sans atout'",
    "figura": "a figure: an extra undertaking announced and paid on its own",
    "elölről": "'from the front': said before picking up the last cards, worth more",
    "hátulról": "'from the back': said with the whole hand",
    "kassza": "the declarer holds béla and wins the game (said by a defender: the declarer loses)",
    "béla": "the King and Over of trumps held together",
    "béla kassza": "a holder of béla raises the game's value, like a kontra",
    "abszolút": "a figure: take more than half the card points in tricks",
    "tulétroá": "a figure: win the Under, 9 and 7 of trumps; French 'tous les trois'",
    "család": "a figure ('family'): win the Ace, King and Over of trumps",
    "összes adu": "a figure ('all trumps'): win the six trumps that carry points",
    "ultimó": "a figure: win the last trick with the 7 of trumps",
    "ulti": "the same figure as ultimó, by its shorter name",
    "uhu": "a figure: win the second-last trick with a named card",
    "volát": "a figure: win every trick",
    "kontra": "a doubling of an item's stake, said by the side that did not undertake it",
    "rekontra": "the answer to a kontra, raising the stake again",
    "szubkontra": "the answer to a rekontra",
    "hirskontra": "the answer to a szubkontra",
    "mordkontra": "the answer to a hirskontra, the fifth level",
    "síber": "taking talon cards in exchange for a low trump",
    "talon": "the cards left over after the deal",
    "terc": "a sequence of three cards in one suit",
    "kvart": "a sequence of four",
    "kvint": "a sequence of five; szext is six, szept seven, okt eight",
    "vannak": "four cards of one rank; Hungarian for 'here they are'",
    "kicsi": "'small': giving up a meld contest without showing more",
    "gyerünk": "'let's go': a call inviting the other side to concede the game",
    "Betli": "a game in which the declarer must lose every trick",
    "Klopitzky": "a game with no declarer in which taking the most tricks loses",
    "rádli": "a session of hands played until someone reaches a target score",
}


def glossary(rules: Ruleset, lang: Language = ENGLISH) -> dict[str, str]:
    """:data:`GLOSSARY` as it reads for ``rules``.

    A scoring module that plays a term its own way says so in a ``terms``
    hook (``{term: explanation}``), e.g. the ``ladder`` module's Klopitzky,
    where the fewest card points win; its entries replace the common ones.
    """
    own: Mapping[str, str] = rule_modules.lookup("scoring", rules.scoring.module).terms
    return {**GLOSSARY, **own}


def term(word: str) -> str:
    """``word`` as clause text: a ``{term}`` marker if it is in :data:`GLOSSARY`,
    else the word as it is (a profile's own kontra word, say, which the writer
    must not take for markup)."""
    return f"{{{word}}}" if word in GLOSSARY else word
