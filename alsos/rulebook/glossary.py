"""The Hungarian terms of the game, each with its explanation and its English name.

Rulebook clause text writes a term as ``{term}``; the writer explains it
from :func:`glossary` (in the rulebook's language) at its first use and
emphasises it after.  The explanations are written in English here, as the
messages of the catalogue (``N_``), and looked up in the reader's language:
a Hungarian rulebook explains *alsó* in Hungarian, as a Hungarian player
would define it.  :func:`bilingual` gives each term with its English name
too, for a glossary that serves readers of both languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from alsos.hand.hooks import words_in
from alsos.language import ENGLISH, N_, Language, language
from alsos.ruleset import registry as rule_modules

if TYPE_CHECKING:
    from alsos.ruleset.profile import Ruleset

__all__ = ["ENGLISH_NAMES", "GLOSSARY", "GlossaryEntry", "bilingual", "glossary", "term"]

#: Each term's explanation in English (the message the catalogue translates).
GLOSSARY: dict[str, str] = {
    "alsó": N_("the Under, the knave with its suit sign low on the card; the top trump"),
    "felső": N_("the Over, the knave with its suit sign at the top"),
    "makk": N_("acorns, the highest suit in the pack's own order"),
    "piros": N_("hearts, literally 'red'"),
    "tök": N_("gourds, also called bells"),
    "zöld": N_("leaves, literally 'green'"),
    "felvevő": N_("the declarer, who plays alone against the others"),
    "szanzadu": N_("a game without trumps, from French 'sans atout'"),
    "figura": N_("a figure: an extra undertaking announced and paid on its own"),
    "elölről": N_("'from the front': said before picking up the last cards, worth more"),
    "hátulról": N_("'from the back': said with the whole hand"),
    "kassza": N_(
        "the declarer holds béla and wins the game (said by a defender: the declarer loses)"
    ),
    "béla": N_("the King and Over of trumps held together"),
    "béla kassza": N_("a holder of béla raises the game's value, like a kontra"),
    "abszolút": N_("a figure: take more than half the card points in tricks"),
    "tulétroá": N_("a figure: win the Under, 9 and 7 of trumps; French 'tous les trois'"),
    "család": N_("a figure ('family'): win the Ace, King and Over of trumps"),
    "összes adu": N_("a figure ('all trumps'): win the six trumps that carry points"),
    "ultimó": N_("a figure: win the last trick with the 7 of trumps"),
    "ulti": N_("the same figure as ultimó, by its shorter name"),
    "uhu": N_("a figure: win the second-last trick with a named card"),
    "volát": N_("a figure: win every trick"),
    "kontra": N_("a doubling of an item's stake, said by the side that did not undertake it"),
    "rekontra": N_("the answer to a kontra, raising the stake again"),
    "szubkontra": N_("the answer to a rekontra"),
    "hirskontra": N_("the answer to a szubkontra"),
    "mordkontra": N_("the answer to a hirskontra, the fifth level"),
    "síber": N_("taking talon cards in exchange for a low trump"),
    "talon": N_("the cards left over after the deal"),
    "terc": N_("a sequence of three cards in one suit"),
    "kvart": N_("a sequence of four"),
    "kvint": N_("a sequence of five; szext is six, szept seven, okt eight"),
    "vannak": N_("four cards of one rank; Hungarian for 'here they are'"),
    "kicsi": N_("'small': giving up a meld contest without showing more"),
    "gyerünk": N_("'let's go': a call inviting the other side to concede the game"),
    "Betli": N_("a game in which the declarer must lose every trick"),
    "Klopitzky": N_("a game with no declarer in which taking the most tricks loses"),
    "rádli": N_("a session of hands played until someone reaches a target score"),
}

#: What an English rulebook calls each term of :data:`GLOSSARY` (the names of
#: English-speaking players, pagat.com's where it has one; a term English keeps
#: as it is stands for itself).
ENGLISH_NAMES: dict[str, str] = {
    "alsó": "Under",
    "felső": "Over",
    "makk": "acorns",
    "piros": "hearts",
    "tök": "gourds (bells)",
    "zöld": "leaves",
    "felvevő": "declarer",
    "szanzadu": "no trumps",
    "figura": "figure",
    "elölről": "from the front",
    "hátulról": "from the back",
    "kassza": "kassza (till)",
    "béla": "béla (trump marriage)",
    "béla kassza": "béla kassza",
    "abszolút": "absolute",
    "tulétroá": "tous les trois",
    "család": "family",
    "összes adu": "all trumps",
    "ultimó": "ultimo",
    "ulti": "ulti",
    "uhu": "uhu",
    "volát": "volat (all tricks)",
    "kontra": "double",
    "rekontra": "redouble",
    "szubkontra": "subkontra",
    "hirskontra": "hirskontra",
    "mordkontra": "mordkontra",
    "síber": "schieber",
    "talon": "talon (stock)",
    "terc": "tierce",
    "kvart": "quart",
    "kvint": "quint",
    "vannak": "four of a kind",
    "kicsi": "small",
    "gyerünk": "let's go",
    "Betli": "Betli (misère)",
    "Klopitzky": "Klopitzky",
    "rádli": "rádli (session)",
}


class GlossaryEntry(NamedTuple):
    """One row of the bilingual glossary: the Hungarian ``term``, its ``english``
    name, and its ``explanation`` in the reader's language."""

    term: str
    english: str
    explanation: str


def glossary(rules: Ruleset | None = None, lang: Language = ENGLISH) -> dict[str, str]:
    """Each term's explanation in ``lang``, as it reads for ``rules`` (None: the
    common explanations of :data:`GLOSSARY`).

    A scoring module that plays a term its own way says so in a ``terms``
    hook (``{term: explanation}``, English messages looked up in the module's
    own language, :func:`alsos.hand.hooks.words_in`), e.g. the ``ladder``
    module's Klopitzky, where the fewest card points win; its entries replace
    the common ones.
    """
    out = {word: lang.text(meaning) for word, meaning in GLOSSARY.items()}
    if rules is not None:
        scoring = rule_modules.lookup("scoring", rules.scoring.module)
        own: Mapping[str, str] = scoring.terms
        words = words_in(scoring, lang)
        out.update({word: words.text(meaning) for word, meaning in own.items()})
    return out


def bilingual(rules: Ruleset | None = None, lang: str | Language = "en") -> list[GlossaryEntry]:
    """The glossary as rows of (Hungarian term, English name, explanation in ``lang``),
    in the order of :data:`GLOSSARY` (a module's own terms after): what a glossary
    page for readers of both languages, or a Hungarian rulebook's list of terms,
    shows.  A term with no English name of its own (a plugin's) stands for itself."""
    explained = glossary(rules, language(lang))
    return [GlossaryEntry(t, ENGLISH_NAMES.get(t, t), e) for t, e in explained.items()]


def term(word: str) -> str:
    """``word`` as clause text: a ``{term}`` marker if it is in :data:`GLOSSARY`,
    else the word as it is (a profile's own kontra word, say, which the writer
    must not take for markup)."""
    return f"{{{word}}}" if word in GLOSSARY else word
