"""A profile's own words in several languages: its name, titles and rulings.

A profile is written in one language -- the shipped ones in English with the
game's Hungarian terms, a house-rule author's perhaps in Hungarian -- and may
give what a person reads in others under ``words``, keyed by language code::

    name: Alsós after Csibor (2001, Hungarian Wikipedia)
    words:
      hu:
        name: Alsós Csibor szerint (2001, magyar Wikipédia)
        figures: {tuletroa: {title: tulétroá}}
        contracts: {solo: {title: Szóló}}        # a ladder auction's contracts
        rulings: [a 100-at túl kell lépni]       # one for each of sources.rulings

(:class:`~alsos.ruleset.profile.ProfileWords`).  A code is one alsos has words
for (:data:`alsos.language.LANGUAGES`), but not the pseudo-language ``qps``,
which marks alsos's own messages for tests and has no words of a profile's.
The loader checks the section as strictly as every other (the figures and
contracts it titles must be the profile's; the rulings as many as the
profile's), and says what is wrong as it says every problem: in English for
the programmer who wrote the file, and in a person's language where one is
shown it (each problem a :class:`~alsos.language.Said`).

The words change no rule: :func:`worded` gives the ruleset that reads in one
language, and it plays, settles and records exactly as the one it came from
(the words are not part of a ruleset's equality, hash or canonical string).

A translation belongs to the text it translates.  Where a profile ``extends``
another (or a ``by_players`` entry or a table option changes a profile) and
gives a text of its own -- the name, a figure's or a contract's title, the
rulings -- the parent's translations of that text are dropped
(:func:`forget_translated`): a child named "Alsós at our club" does not read
"Alsós, háromszemélyes (Potter, 1930)" in Hungarian.  Words per language are
otherwise merged key by key, like every mapping of a profile.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from alsos.language import LANGUAGES, Language
from alsos.ruleset.profile import (
    FAMILY_PLACES,
    LadderContract,
    ProfileWords,
    Ruleset,
    shown_copy,
)

__all__ = [
    "forget_translated",
    "ladder_contracts",
    "name_in",
    "profile_languages",
    "profile_words",
    "ruling_count",
    "worded",
]

#: A ruling as ``sources.rulings`` writes it (``alsos.rulebook.rulings`` reads the same).
_RULING = re.compile(r"alsos ruling \(([^()]*)\)")
_NO_WORDS = ProfileWords()


def profile_languages() -> tuple[str, ...]:
    """The language codes a profile may give words in: those alsos has words for
    (:data:`alsos.language.LANGUAGES`), without the pseudo-language ``qps``."""
    return tuple(code for code in LANGUAGES if code != "qps")


def _code(lang: str | Language) -> str:
    return lang.code if isinstance(lang, Language) else lang


def profile_words(rules: Ruleset, lang: str | Language) -> ProfileWords:
    """The words ``rules``'s profile gives in ``lang`` (a code or a
    :class:`~alsos.language.Language`); none given: an empty
    :class:`~alsos.ruleset.profile.ProfileWords`, whose lookups return their default."""
    return rules.words.get(_code(lang), _NO_WORDS)


def name_in(rules: Ruleset, lang: str | Language) -> str:
    """The profile's name as it reads in ``lang``: its ``words:`` name there, else its
    own name (what a heading, a story's first line or a lobby shows)."""
    return profile_words(rules, lang).name or rules.name


def ladder_contracts(rules: Ruleset) -> dict[str, LadderContract]:
    """The ladder contracts the chosen modules' parameters hold, by id (a ``ladder``
    auction's ``bidding.contracts``): the contracts a profile's words may title."""
    out: dict[str, LadderContract] = {}
    for family in FAMILY_PLACES:
        for table in _contract_tables(rules.module_params(family)).values():
            out.update(table)
    return out


def _contract_tables(params: Any) -> dict[str, Mapping[str, LadderContract]]:
    """The fields of a module's parameters that are tables of ladder contracts."""
    if not attrs.has(type(params)):
        return {}
    return {
        f.name: value
        for f in attrs.fields(type(params))
        if isinstance(value := getattr(params, f.name), Mapping)
        and value
        and all(isinstance(v, LadderContract) for v in value.values())
    }


def worded(rules: Ruleset, lang: str | Language) -> Ruleset:
    """``rules`` as it reads in ``lang``: its name, figure and contract titles and
    rulings replaced by the profile's words in that language where it gives them
    (``rules`` itself where it gives none).

    Only what a person reads changes, so the result plays and settles exactly as
    ``rules`` and has the same canonical string (``str``); it is a ruleset to show,
    as the rulebook shows it (``alsos.rulebook.render(rules, lang="hu")``), not one
    to start games with -- the engine's tables are built for the ruleset a game
    was started with, and records name that one.
    """
    words = rules.words.get(_code(lang))
    if words is None:
        return rules
    changes: dict[str, Any] = {}
    if words.name is not None:
        changes["name"] = words.name
    if words.figures:
        changes["figures"] = {
            n: attrs.evolve(f, title=words.figure_title(n, f.title))
            for n, f in rules.figures.items()
        }
    if words.contracts:
        for family, (section, _, holder) in FAMILY_PLACES.items():
            own = rules.module_params(family)
            tables = _contract_tables(own)
            if not tables:
                continue
            retitled = {
                key: {
                    c: attrs.evolve(v, title=words.contract_title(c, v.title)) for c, v in t.items()
                }
                for key, t in tables.items()
            }
            part = changes.get(section, getattr(rules, section))
            changes[section] = attrs.evolve(part, **{holder: attrs.evolve(own, **retitled)})
    if words.rulings:
        said = "; ".join(f"alsos ruling ({r})" for r in words.rulings)
        changes["sources"] = {**rules.sources, "rulings": said}
    return shown_copy(rules, **changes) if changes else rules


def ruling_count(rules: Ruleset) -> int:
    """How many rulings ``rules``'s profile records (``sources.rulings``)."""
    return len(_RULING.findall(rules.sources.get("rulings", "")))


def forget_translated(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` (a parent profile's data) without its translations of the texts that
    ``over`` (its child, a ``by_players`` entry, a table option) gives anew: the
    name, a figure's or a contract's title, the rulings -- and without titles of
    contracts ``base`` no longer has (a child that chooses another auction)."""
    words = base.get("words")
    if not isinstance(words, dict) or not isinstance(over, Mapping):
        return base
    figures = _retitled(over.get("figures"))
    contracts: set[Any] = set()
    known: set[Any] = set()
    for section in {s for s, _, _ in FAMILY_PLACES.values()}:
        contracts |= _retitled(_get(over.get(section), "contracts"))
        theirs = _get(base.get(section), "contracts")
        known |= set(theirs) if isinstance(theirs, Mapping) else set()
    sources = over.get("sources")
    out: dict[Any, Any] = {}
    for code, said in words.items():
        if not isinstance(said, dict):
            out[code] = said  # not a mapping: the structure check says so
            continue
        said = dict(said)
        if "name" in over:
            said.pop("name", None)
        if isinstance(sources, Mapping) and "rulings" in sources:
            said.pop("rulings", None)
        for key, gone in (("figures", figures), ("contracts", contracts)):
            items = said.get(key)
            if isinstance(items, dict):
                said[key] = {
                    k: v
                    for k, v in items.items()
                    if k not in gone and (key != "contracts" or k in known)
                }
        out[code] = said
    return {**base, "words": out}


def _get(section: Any, key: str) -> Any:
    return section.get(key) if isinstance(section, Mapping) else None


def _retitled(table: Any) -> set[Any]:
    """The ids in a table of figures or contracts (profile data) given a title."""
    if not isinstance(table, Mapping):
        return set()
    return {k for k, v in table.items() if isinstance(v, Mapping) and "title" in v}
