"""The rules of one ruleset as sections of clauses (:func:`rulebook`)."""

from __future__ import annotations

import json
import re

import attrs

from alsos.language import Language, language
from alsos.rulebook.clauses import Section
from alsos.rulebook.escape import shown
from alsos.rulebook.sections import sections as _parts
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import ProfileError, Ruleset
from alsos.ruleset.tables import tables_of
from alsos.ruleset.wording import worded

__all__ = ["clause", "rulebook"]

_TERM = re.compile(r"\{([^}]*)\}")


def _clauses(rules: Ruleset, lang: Language) -> dict[str, str]:
    return {
        c.key: _TERM.sub(r"\1", c.text)
        for section in rulebook(rules, lang=lang)
        for c in section.clauses
    }


def clause(rules: Ruleset, key: str, lang: str | Language = "en") -> str:
    """The rulebook's clause ``key`` for ``rules`` as plain text in ``lang``, its
    glossary terms unmarked ("" if it has none; written once per ruleset and language
    and kept on its tables).  The clauses a rule module writes are also
    :func:`alsos.words.rules.clause`'s."""
    words = language(lang)
    built = tables_of(rules).derived((_clauses, words.code), lambda r: _clauses(r, words))
    return built.get(key, "")


def rulebook(rules: Ruleset, fmt: str | None = None, lang: str | Language = "en") -> list[Section]:
    """The rules of ``rules`` as sections of clauses, written in ``lang`` (a
    :class:`~alsos.language.Language` or its code), empty sections left out.

    The profile's own words in the clause text (its figure and contract titles)
    are those it gives in ``lang`` (``alsos.ruleset.wording.worded``), else as it
    wrote them.  With ``fmt`` (``markdown`` or ``rst``) they are escaped for that
    format (``alsos.rulebook.escape.shown``), as the writer needs them.

    A clause cites the source of its section, except where this ruleset
    changed what its parent profile says without citing a source of its own:
    then it cites the profile (or the table options) that made the change.
    """
    words = language(lang)
    said = worded(rules, words)  # the profile's own words in this language, where it has them
    sections = _sections(said if fmt is None else shown(said, fmt), words)
    reference = _reference(rules, words)
    if reference is None:
        return sections
    base, label, own = reference
    before = {c.key: c for section in rulebook(base, fmt, words) for c in section.clauses}
    out = []
    for section in sections:
        cited = own and section.key in rules.own_sources
        clauses = []
        for c in section.clauses:
            old = before.get(c.key)
            same = old is not None and (old.text, old.table, old.cards) == (
                c.text,
                c.table,
                c.cards,
            )
            if not cited:
                c = attrs.evolve(c, source=old.source if same and old else label)
            clauses.append(c)
        out.append(Section(section.key, section.title, tuple(clauses)))
    return out


def _reference(rules: Ruleset, lang: Language) -> tuple[Ruleset, str, bool] | None:
    """What ``rules`` changes: (the ruleset it changes, who changed it, whether the
    changer's own citations count) -- the same profile without the table options,
    else the parent profile; None for a profile that extends nothing."""
    options = {k: v for k, v in rules.options.items() if k != "players"}
    try:
        if options:
            base = load_variant(rules.origin or rules.id, players=rules.players)
            text = ", ".join(
                f"{k}={json.dumps(v, ensure_ascii=False, default=dict)}" for k, v in options.items()
            )
            return base, lang.text("table option {options}", options=text), False
        if rules.parent is not None:
            parent = load_variant(rules.parent, players=rules.players)
            return parent, lang.text("profile {profile}", profile=rules.id), True
    except ProfileError:  # the parent does not seat this many players: nothing to compare
        return None
    return None


def _sections(rules: Ruleset, lang: Language) -> list[Section]:
    return [Section(k, t, tuple(c)) for k, t, c in _parts(rules, lang) if c]
