"""Rulebooks written from a ruleset, and rule-by-rule comparisons of rulesets.

The text comes from the same data the engine plays: each section reads the
profile's parameters, and the rule modules (bidding, exchange, calling,
figure kinds) describe themselves through a ``describe(rules)`` hook.  A
changed option therefore changes the rules text and the play together, and
a rule the ruleset does not have is never mentioned.

A rulebook opens with "How a hand goes", a numbered walk through the phases
of that ruleset (``alsos.rulebook.overview``), and ends with a worked
example hand replayed by the engine from a record kept with the package
(``alsos.rulebook.worked``).

Every clause has a stable ``key`` (``kontra.levels``, ``figures.abszolut``)
so that :func:`compare` can line up two rulesets and print only where they
differ.  Hungarian terms are written ``{term}`` in clause text; the writer
gives each its explanation (:data:`GLOSSARY`, in the rulebook's language) at
first use.

Every function that writes takes ``lang`` (a :class:`~alsos.language.Language`
or its code, English by default): the Hungarian rulebook is written from the same
data through the catalogue, sentence by sentence, and a rule module's own
clauses in its own catalogue (``alsos.hand.hooks.described``).

The parts: ``alsos.rulebook.glossary``, ``alsos.rulebook.clauses``,
``alsos.rulebook.sections`` (one function per section),
``alsos.rulebook.book``, ``alsos.rulebook.overview``,
``alsos.rulebook.worked``, ``alsos.rulebook.writer`` (Markdown and
RST, card pictures), ``alsos.rulebook.differences`` and
``alsos.rulebook.sourcelist`` (the sources and what each profile takes),
``alsos.rulebook.escape`` (a profile's own words escaped for each format).

A profile is a user's file, so what it names in its own words (its name,
figure and contract titles, kontra words, source notes) is escaped for the
output format: in Markdown, reStructuredText and the Sphinx pages built from
them it reads as text and can open no HTML element, link or directive.
"""

from __future__ import annotations

from alsos.rulebook.book import clause, rulebook
from alsos.rulebook.clauses import Clause, Section
from alsos.rulebook.differences import compare, summary
from alsos.rulebook.glossary import GLOSSARY, GlossaryEntry, bilingual
from alsos.rulebook.overview import overview
from alsos.rulebook.sourcelist import sources_text
from alsos.rulebook.worked import worked_example
from alsos.rulebook.writer import IMAGES, render, render_files, rulings, write

__all__ = [
    "GLOSSARY",
    "IMAGES",
    "Clause",
    "GlossaryEntry",
    "Section",
    "bilingual",
    "clause",
    "compare",
    "overview",
    "render",
    "render_files",
    "rulebook",
    "rulings",
    "sources_text",
    "summary",
    "worked_example",
    "write",
]
