"""A Sphinx extension that writes rulebooks into documentation at build time.

Add ``"alsos.sphinxext"`` to ``extensions`` in ``conf.py`` to get its
directives.  Their text is generated from the profiles and the engine's
rule modules each time the documentation is built (by
:func:`alsos.rulebook.render` and :func:`alsos.rulebook.compare`), so a
published rulebook cannot drift from the rules the engine plays::

    .. alsos-rulebook:: potter1930

    .. alsos-rulebook:: csibor
       :players: 2
       :no-title:

    .. alsos-rulebook:: my-house-rules.yaml

    .. alsos-compare:: potter1930 house club

    .. alsos-glossary::

    .. alsos-cards:: MU PU TU ZU
       :width: 48

    .. alsos-hand:: potter1930

    .. alsos-hand::
       :record: hands/our-best.alsos
       :seat: 1

    .. alsos-sources::

``alsos-rulebook`` takes a shipped variant id, a canonical ruleset string
such as ``csibor[players=2]``, or the path of a YAML profile (relative to the
document, or to the source folder when it starts with ``/``, as for
``include``).  ``:players: N`` loads the profile for ``N`` seats.  The
rulebook comes with its own title (the ruleset's name) and sections, which
are placed below the heading that holds the directive; ``:no-title:`` leaves
the title out, for a page whose own heading already names the rules.  Since
the text has sections, the directive belongs at the level of a section's
body, not inside a list or another directive.

``alsos-compare`` takes two or more rulesets, written as for
``alsos-rulebook``, and inserts the rule-by-rule differences
(``:no-title:`` works here too).

``alsos-glossary`` inserts :data:`alsos.rulebook.GLOSSARY` as a Sphinx
glossary, sorted alphabetically, so ``:term:`kontra``` links to its entry.

``alsos-cards`` draws the cards given in the notation (``MA P10 ...``) in a
row, with :func:`alsos.pack.svg.cards_svg`; ``:width:`` and ``:gap:`` are in
pixels.  The picture is inline SVG, so it appears in HTML output only.

``alsos-hand`` embeds the hand viewer of :mod:`alsos.viewer`: one hand to
step through, trick by trick, with buttons or the arrow keys.  Given a
ruleset (as for ``alsos-rulebook``, ``:players:`` too) it shows the
profile's worked example, or, where none is shipped, a hand the heuristic
bot plays (:func:`alsos.viewer.example`; ``:seed:`` asks for such a hand
from another deal);
``:record: FILE`` shows the hand recorded in ``FILE`` instead (a path as for
``alsos-rulebook``); ``:seat: K`` shows only what seat ``K`` saw.  A caption
says where the hand comes from.  The viewer is raw HTML with its own inline
style sheet, pictures and script, so the page stays self-contained; other
builders get the caption only.

``alsos-sources`` lists the rule sources (:data:`alsos.ruleset.sources.SOURCES`)
with what each shipped profile takes from each (:func:`alsos.rulebook.sources_text`).

The pages that use the directives are read again whenever the alsos package
or a profile changes, so incremental builds stay current.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains.std import make_glossary_term
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

import alsos
from alsos import ProfileError, Ruleset, load_variant, shipped_variants
from alsos.language import LANGUAGES, language
from alsos.pack.actions import normalize
from alsos.pack.cards import CardParseError, parse_cards
from alsos.pack.svg import cards_svg
from alsos.records.record import Record, RecordError
from alsos.rulebook import (
    GLOSSARY,
    bilingual,
    compare,
    render,
    sources_text,
    worked_example,
)
from alsos.rulebook.escape import escape_rst
from alsos.viewer import ViewerError, example, fragment

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata, OptionSpec

__all__ = [
    "AlsosCards",
    "AlsosCompare",
    "AlsosGlossary",
    "AlsosHand",
    "AlsosRulebook",
    "AlsosSources",
    "setup",
]


def _drop_title(text: str) -> str:
    """Remove the document title (a line underlined with ``=``) from generated RST.

    The rulebook and comparison texts start with ``Title`` / ``=====``; what
    follows (an introduction and ``---`` sections) is kept.
    """
    lines = text.splitlines()
    if len(lines) >= 2 and lines[1] and set(lines[1]) == {"="}:
        lines = lines[2:]
        while lines and not lines[0].strip():
            lines.pop(0)
    return "\n".join(lines) + "\n"


def _package_files() -> Iterator[Path]:
    """The files the generated text depends on: the package's modules and the profiles.

    Noting them as dependencies makes Sphinx re-read the pages when the rules change.
    """
    package = Path(alsos.__file__).parent
    yield from sorted(package.rglob("*.py"))
    yield from sorted(package.rglob("*.alsos"))  # worked examples
    for folder in (package / "variants", package.parent / "variants"):
        if folder.is_dir():
            yield from sorted(folder.glob("*.yaml"))


class _RulesDirective(SphinxDirective):
    """Shared parts: loading rulesets and parsing generated reStructuredText."""

    def load(self, spec: str, players: int | None = None) -> Ruleset:
        """Load a ruleset named by a shipped id, a canonical string or a profile path.

        A path is resolved like ``include``: relative to the current document,
        or to the source folder if it starts with ``/``.  Problems become a
        directive error that points at the directive's line.
        """
        options: dict[str, Any] = {} if players is None else {"players": players}
        target: str | Path = spec
        if spec.endswith((".yaml", ".yml")):
            _rel, absolute = self.env.relfn2path(spec)
            target = Path(absolute)
            if not target.is_file():
                raise self.error(f"{self.name}: no profile file {spec!r} (looked for {target})")
            self.env.note_dependency(str(target))
        for dep in _package_files():
            self.env.note_dependency(str(dep))
        try:
            rules = load_variant(target, **options)
        except ProfileError as e:
            problems = "; ".join(e.problems)
            raise self.error(f"{self.name}: cannot load {spec!r}: {problems}") from None
        except (ValueError, OSError) as e:
            raise self.error(f"{self.name}: cannot load {spec!r}: {e}") from None
        if isinstance(target, Path):
            # Name the file as the page does, not by the build machine's absolute path.
            rules = attrs.evolve(rules, origin=spec)
        return rules

    #: HTML class given to the tables of the generated text, for stylesheets.
    table_class = "alsos-rules"

    def parse_generated(self, text: str, what: str) -> list[nodes.Node]:
        """Parse generated RST (with its own headings) into nodes for this spot.

        The headings become sections below the current one, whatever
        underline characters the surrounding document uses.  Tables get the
        class :attr:`table_class`, so a site can style them (the comparison's
        many columns, for instance, may need to scroll).
        """
        if "no-title" in self.options:
            text = _drop_title(text)
        parsed = nested_parse_to_nodes(
            self.state,
            text,
            source=f"<{self.name} {what}>",
            allow_section_headings=True,
        )
        parent = self.state.parent
        has_sections = any(isinstance(n, nodes.section) for n in parsed)
        if has_sections and not isinstance(parent, nodes.section | nodes.document):
            raise self.error(
                f"{self.name} inserts sections, so it must be placed at the level of a "
                f"section's body, not inside a {type(parent).__name__}"
            )
        for node in parsed:
            if isinstance(node, nodes.Element):
                for table in node.findall(nodes.table):
                    table["classes"].append(self.table_class)
        return list(parsed)


def _lang_option(value: str | None) -> str:
    """A directive's ``:lang:`` option: a language alsos has words for (its code)."""
    code = (value or "").strip()
    if code not in LANGUAGES:
        raise ValueError(f"no words for the language {code!r}; alsos has {', '.join(LANGUAGES)}")
    return code


class AlsosRulebook(_RulesDirective):
    """``.. alsos-rulebook:: ID_OR_PATH``: the complete rulebook of one ruleset."""

    table_class = "alsos-rulebook"

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "players": directives.positive_int,
        "no-title": directives.flag,
        "lang": lambda value: _lang_option(value),
    }

    def run(self) -> list[nodes.Node]:
        """Load the ruleset, render its rulebook as RST (in ``:lang:``, English by
        default) and parse that in place."""
        spec = self.arguments[0].strip()
        players: int | None = self.options.get("players")
        rules = self.load(spec, players)
        try:
            text = render(rules, "rst", lang=self.options.get("lang", "en"))
        except (ValueError, KeyError, AttributeError) as e:
            raise self.error(f"{self.name}: cannot write the rulebook of {rules}: {e}") from None
        return self.parse_generated(text, str(rules))


class AlsosCompare(_RulesDirective):
    """``.. alsos-compare:: ID ID ...``: where two or more rulesets differ, rule by rule."""

    table_class = "alsos-compare"
    required_arguments = 2
    optional_arguments = 100
    final_argument_whitespace = False
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "no-title": directives.flag,
        "lang": lambda value: _lang_option(value),
    }

    def run(self) -> list[nodes.Node]:
        """Load every ruleset named, compare them (in ``:lang:``) and parse the RST in
        place."""
        rulesets = [self.load(spec) for spec in self.arguments]
        try:
            text = compare(rulesets, "rst", lang=self.options.get("lang", "en"))
        except (ValueError, KeyError, AttributeError) as e:
            raise self.error(f"{self.name}: cannot compare {self.arguments}: {e}") from None
        return self.parse_generated(text, " ".join(str(r) for r in rulesets))


class AlsosFigureIds(_RulesDirective):
    """``.. alsos-figure-ids::``: every figure id of every shipped profile, with how it
    is written in the notation, its names and the profiles that have it."""

    table_class = "alsos-figure-ids"
    required_arguments = 0
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[OptionSpec] = {}

    def run(self) -> list[nodes.Node]:
        """Load every shipped profile (at each player count) and tabulate its figures."""
        seen: dict[str, tuple[list[str], list[str]]] = {}
        for vid in shipped_variants():
            rules = self.load(vid)
            for n in rules.player_counts or (rules.players,):
                counted = rules if n == rules.players else self.load(vid, n)
                label = vid if len(rules.player_counts) < 2 else f"{vid} ({n})"
                for name, fig in counted.figures.items():
                    titles, profiles = seen.setdefault(name, ([], []))
                    if (fig.title or name) not in titles:
                        titles.append(fig.title or name)
                    if label not in profiles:
                        profiles.append(label)
        lines = [".. list-table::", "   :header-rows: 1", "", "   * - written", "     - figure",
                 "     - in the profiles"]  # fmt: skip
        for name, (titles, profiles) in seen.items():
            lines += [
                f"   * - ``announce {name}``",
                f"     - {'; '.join(escape_rst(t) for t in titles)}",
                f"     - {', '.join(profiles)}",
            ]
        return self.parse_generated("\n".join(lines) + "\n", "figure ids")


class AlsosSources(_RulesDirective):
    """``.. alsos-sources::``: every source with the profiles that cite it."""

    table_class = "alsos-sources"
    required_arguments = 0
    has_content = False
    option_spec: ClassVar[OptionSpec] = {}

    def run(self) -> list[nodes.Node]:
        """Write the sources text from the shipped profiles and parse it in place."""
        return self.parse_generated(
            sources_text("rst", [self.load(v) for v in shipped_variants()]), "sources"
        )


class AlsosGlossary(SphinxDirective):
    """``.. alsos-glossary::``: the Hungarian terms of the game with their explanations.

    The entries are Sphinx glossary terms, so ``:term:`kontra``` anywhere in
    the documentation links to them.  With ``:lang: hu`` (a language other than
    English) it is the bilingual glossary instead -- each term with its English name
    and its explanation in that language (:func:`alsos.rulebook.bilingual`) -- as a
    table, whose rows are not glossary terms (the English page holds those).
    """

    required_arguments = 0
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[OptionSpec] = {"lang": lambda value: _lang_option(value)}

    def run(self) -> list[nodes.Node]:
        """Build a glossary node from :data:`alsos.rulebook.GLOSSARY`, sorted by term
        (or, in another language, the bilingual table)."""
        lang = self.options.get("lang", "en")
        if lang != "en":
            return self._bilingual(lang)
        source, lineno = self.get_source_info()
        items = nodes.definition_list(classes=["glossary"])
        for term in sorted(GLOSSARY, key=lambda t: (normalize(t), t)):
            term_node = make_glossary_term(
                self.env, [nodes.Text(term)], None, source, lineno, None, self.state.document
            )
            term_node.rawsource = term
            definition = nodes.definition("", nodes.paragraph(GLOSSARY[term], GLOSSARY[term]))
            items += nodes.definition_list_item("", term_node, definition)
        glossary = addnodes.glossary()
        glossary["sorted"] = False  # already in order (accents ignored); Sphinx needs the key
        glossary += items
        self.set_source_info(glossary)
        return [glossary]

    def _bilingual(self, lang: str) -> list[nodes.Node]:
        words = language(lang)
        rows = sorted(bilingual(lang=words), key=lambda r: (normalize(r.term), r.term))
        head = (words.text("term"), words.text("in English"), words.text("meaning"))
        table = nodes.table(classes=["alsos-glossary"])
        group = nodes.tgroup(cols=3)
        table += group
        group.extend(nodes.colspec(colwidth=w) for w in (2, 2, 6))
        thead, tbody = nodes.thead(), nodes.tbody()
        group += thead
        group += tbody
        for cells, part in [(head, thead), *((tuple(r), tbody) for r in rows)]:
            row = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += nodes.paragraph(cell, cell)
                row += entry
            part += row
        self.set_source_info(table)
        return [table]


class AlsosCards(SphinxDirective):
    """``.. alsos-cards:: MA P10 ...``: a row of card pictures (HTML output only)."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "width": directives.positive_int,
        "gap": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        """Read the card codes and return the SVG as a raw HTML node."""
        try:
            cards = parse_cards(self.arguments[0])
        except CardParseError as e:
            raise self.error(f"{self.name}: {e}") from None
        svg = cards_svg(cards, width=self.options.get("width", 44), gap=self.options.get("gap", 4))
        node = nodes.raw("", f'<p class="alsos-cards">{svg}</p>', format="html")
        self.set_source_info(node)
        return [node]


class AlsosHand(_RulesDirective):
    """``.. alsos-hand:: ID_OR_PATH`` or ``:record: FILE``: a hand to step through (HTML)."""

    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "players": directives.positive_int,
        "seat": directives.nonnegative_int,
        "seed": directives.nonnegative_int,
        "record": directives.path,
    }

    def run(self) -> list[nodes.Node]:
        """Find the hand, write its viewer and return a caption and the raw HTML."""
        record, origin = self.hand()
        try:
            html = fragment(record, seat=self.options.get("seat"))
        except (RecordError, ViewerError) as e:
            raise self.error(f"{self.name}: {e}") from None
        caption = nodes.paragraph(classes=["alsos-hand-caption"])
        caption += nodes.Text(f"Shown: {origin}, under {record.rules().name}.")
        node = nodes.raw("", f'<div class="alsos-hand">{html}</div>', format="html")
        self.set_source_info(caption)
        self.set_source_info(node)
        return [caption, node]

    def hand(self) -> tuple[Record, str]:
        """The record to show and a few words on where it comes from."""
        path: str | None = self.options.get("record")
        if path is not None:
            _rel, absolute = self.env.relfn2path(path)
            self.env.note_dependency(absolute)
            for dep in _package_files():
                self.env.note_dependency(str(dep))
            try:
                text = Path(absolute).read_text(encoding="utf-8")
                return Record.loads(text), f"the hand recorded in {path}"
            except (OSError, UnicodeDecodeError) as e:
                raise self.error(f"{self.name}: cannot read {path!r}: {e}") from None
            except RecordError as e:
                raise self.error(f"{self.name}: {path}: {e}") from None
        if not self.arguments:
            raise self.error(f"{self.name} needs a ruleset (an id or a profile) or :record: FILE")
        rules = self.load(self.arguments[0].strip(), self.options.get("players"))
        worked = None if "seed" in self.options else worked_example(rules)
        if worked is not None:
            return worked, "the worked example of this profile, as in its rulebook"
        record = example(rules, seed=self.options.get("seed", 1))
        return record, f"a hand the heuristic bot played at every seat (seed {record.seed})"


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directives; the extension keeps no state, so builds may run in parallel."""
    app.add_directive("alsos-rulebook", AlsosRulebook)
    app.add_directive("alsos-compare", AlsosCompare)
    app.add_directive("alsos-glossary", AlsosGlossary)
    app.add_directive("alsos-figure-ids", AlsosFigureIds)
    app.add_directive("alsos-cards", AlsosCards)
    app.add_directive("alsos-hand", AlsosHand)
    app.add_directive("alsos-sources", AlsosSources)
    return {
        "version": alsos.__version__,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
