"""The rulebook as Markdown or reStructuredText, with card pictures where asked.

A rulebook opens with its sources, then "How a hand goes" (the overview),
then every section of rules, then the worked example hand.  Card pictures
are SVG; ``images`` says where they go:

``inline``
    in the text (Markdown: ``<img>`` with a data URI; RST: raw HTML);
``files``
    as separate files, referred to as ``images/<name>.svg`` (see :func:`write`);
``none``
    not at all; the cards are named in the text.

The default is ``inline`` for RST (the Sphinx site draws them in the page)
and ``none`` for Markdown, so a Markdown rulebook stays text.

Everything the profile wrote (its name, titles, kontra words, source
notes) is escaped for the format (``alsos.rulebook.escape``): it reads as
text, and can open no HTML element, link or directive.  Its name, titles and
rulings are those the profile gives in the rulebook's language, where it gives
them (``words:``, :func:`alsos.ruleset.wording.worded`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

from alsos.language import Language, language
from alsos.pack.cards import Card, format_cards
from alsos.rulebook.book import rulebook
from alsos.rulebook.escape import escape, shown, text_width
from alsos.rulebook.glossary import glossary
from alsos.rulebook.markup import Terms, md_table, rst_table
from alsos.rulebook.overview import overview
from alsos.rulebook.worked import Block, explain, worked_example
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.sources import SOURCES, cited_keys
from alsos.ruleset.wording import worded

__all__ = ["FORMATS", "IMAGES", "file_stem", "render", "render_files", "rulings", "write"]

FORMATS = ("markdown", "rst")
IMAGES = ("inline", "files", "none")
_RULING = re.compile(r"alsos ruling \(([^()]*)\)")


def rulings(rules: Ruleset) -> list[str]:
    """The points alsos decided where the sources leave them open (the profile's
    ``rulings:`` entry, written ``alsos ruling (what was decided); ...``)."""
    return _RULING.findall(rules.sources.get("rulings", ""))


class _Pictures:
    """Writes card pictures in one of the :data:`IMAGES` modes, keeping the files."""

    def __init__(self, mode: str, rst: bool, folder: str, lang: Language) -> None:
        self.mode, self.rst, self.folder, self.lang = mode, rst, folder, lang
        self.files: dict[str, str] = {}

    def __call__(self, name: str, cards: Sequence[Card], indent: str, named: bool) -> list[str]:
        from alsos.pack.svg import cards_svg, svg_data_uri

        alt = format_cards(cards)
        if self.mode == "none":
            example = self.lang.text("For example: {cards}", cards=alt)
            return [] if named else ["", f"{indent}{example}", ""]
        svg = cards_svg(list(cards))
        if self.mode == "files":
            stem = re.sub(r"[^\w-]+", "-", name).strip("-")
            path = f"{self.folder}/{stem}.svg"
            self.files[path] = svg
            if self.rst:
                return ["", f"{indent}.. image:: {path}", f"{indent}   :alt: {alt}", ""]
            return ["", f"{indent}![{alt}]({path})", ""]
        if self.rst:
            body = svg.replace("><", ">\n<").splitlines()  # docutils limits line length
            return ["", f"{indent}.. raw:: html", "", *(f"{indent}   {x}" for x in body), ""]
        return ["", f'{indent}<img alt="{alt}" src="{svg_data_uri(svg)}">', ""]


def _code(text: str, rst: bool) -> str:
    """``code`` is written with double backticks; Markdown wants single ones."""
    return text if rst else text.replace("``", "`")


def _heading(title: str, rst: bool, level: int) -> list[str]:
    if rst:
        return [title, "=-~"[level - 1] * max(len(title), text_width(title)), ""]
    return ["#" * level + " " + title, ""]


def _literal(text: str, fmt: str) -> str:
    """``text`` as code where it can be (no backtick, backslash or line break, no
    space at either end), else as escaped plain text."""
    if text and text == text.strip() and text.isprintable() and not set(text) & set("`\\"):
        return f"``{text}``"
    return escape(fmt)(text)


def _fence(body: Sequence[str]) -> str:
    """A Markdown code fence longer than any run of backticks in ``body``."""
    runs = [len(m) for line in body for m in re.findall(r"`+", line)]
    return "`" * max(3, max(runs, default=0) + 1)


def _front(rules: Ruleset, own: Ruleset, fmt: str, words: Language) -> list[str]:
    """The rulebook's title, what it is, its sources and the rulings alsos made;
    ``own`` is ``rules`` in the rulebook's language (its name and rulings)."""
    rst, esc = fmt == "rst", escape(fmt)
    title = esc(own.name) or esc(str(rules)) or words.text("Rulebook")
    lines = _heading(title, rst, 1)
    profile = _literal(str(rules), fmt)
    said = words.text(
        "The rules of the profile {profile}, written from its data by alsos.", profile=profile
    )
    lines += [_code(said, rst)]
    keys = [k for v in rules.sources.values() for k in cited_keys(v)]
    cited = [SOURCES[k] for k in dict.fromkeys(keys) if k != "pagat-fr"]
    lines += ["", words.text("Sources (cited below by key and section):"), ""]
    lines += [f"- **{s.key}**: {s.reference}" for s in cited] or [
        "- " + words.text("none recorded")
    ]
    decided = rulings(own)
    if decided:
        lines += [
            "",
            words.text("Where the sources leave a point open, an alsos ruling decides it:"),
            "",
        ]
        lines += [f"- {esc(r)}" for r in decided]
    lines.append("")
    return lines


def render_files(
    rules: Ruleset,
    fmt: str = "markdown",
    *,
    images: str | None = None,
    image_dir: str = "images",
    lang: str | Language = "en",
) -> tuple[str, dict[str, str]]:
    """The rulebook text in ``lang`` and its picture files (``{relative path: SVG}``).

    The files are empty unless ``images`` is ``files``; see the module
    docstring for the modes.
    """
    words = language(lang)
    if fmt not in FORMATS:
        raise ValueError(f"unknown rulebook format {fmt!r}; use 'markdown' or 'rst'")
    rst = fmt == "rst"
    mode = images or ("inline" if rst else "none")
    if mode not in IMAGES:
        raise ValueError(f"unknown images mode {images!r}; use 'inline', 'files' or 'none'")
    terms, pictures = Terms(rst, glossary(rules, words)), _Pictures(mode, rst, image_dir, words)
    own = worded(rules, words)  # the profile's name, titles and rulings in this language
    esc, rules_shown = escape(fmt), shown(own, fmt)
    lines = _front(rules, own, fmt, words)

    lines += _heading(words.text("How a hand goes"), rst, 2)
    for n, step in enumerate(overview(rules_shown, words), 1):
        lines.append(f"{n}. {terms(step.text)}")
    example = worked_example(rules)
    below = (
        words.text("The sections below give every rule; a complete example hand follows them.")
        if example
        else words.text("The sections below give every rule.")
    )
    lines += ["", below, ""]

    for section in rulebook(rules, fmt, words):
        if not any(c.shown for c in section.clauses):
            continue  # e.g. Kontra in a game without it, said only in comparisons
        lines += _heading(section.title, rst, 2)
        for clause in section.clauses:
            if not clause.shown:
                continue  # e.g. a figure's own clause, shown in the figures table
            cite = f" ({esc(clause.source)})" if clause.source else ""
            lines.append(f"- {_code(terms(clause.text), rst)}{cite}")
            if clause.table:
                lines.append("")
                lines += (
                    rst_table(clause.table, terms, "  ")
                    if rst
                    else ["  " + x for x in md_table(clause.table, terms)]
                )
            if clause.cards:
                lines += pictures(clause.key, clause.cards, "  ", named=False)
        lines.append("")

    if example is not None:
        lines += _heading(words.text("A worked example"), rst, 2)
        lines += _blocks(explain(rules_shown, example, words), terms, pictures, rst)
    text = "\n".join(lines).rstrip() + "\n"
    return re.sub(r"\n{3,}", "\n\n", text), pictures.files


def _blocks(blocks: Sequence[Block], terms: Terms, pictures: _Pictures, rst: bool) -> list[str]:
    lines: list[str] = []
    for b in blocks:
        if b.kind == "text":
            lines += [_code(terms(b.text), rst), ""]
        elif b.kind == "items":
            lines += [f"- {_code(terms(x), rst)}" for x in b.items] + [""]
        elif b.kind == "cards":
            lines += [_code(terms(b.text), rst), ""]
            lines += pictures(b.name, b.cards, "", named=True)
        elif b.kind == "table":
            lines += (rst_table(b.table, terms, "") if rst else md_table(b.table, terms)) + [""]
        elif b.kind == "code":
            body = b.text.splitlines()
            if rst:
                lines += [".. code-block:: text", ""] + [f"   {x}" for x in body] + [""]
            else:
                fence = _fence(body)
                lines += [f"{fence}text", *body, fence, ""]
    return lines


def render(
    rules: Ruleset,
    fmt: str = "markdown",
    *,
    images: str | None = None,
    image_dir: str = "images",
    lang: str | Language = "en",
) -> str:
    """The complete rulebook of ``rules`` as Markdown or reStructuredText, in ``lang``
    (a :class:`~alsos.language.Language` or its code: ``en``, ``hu``).

    ``images`` is ``inline``, ``files`` or ``none`` (default: inline for RST,
    none for Markdown); with ``files`` the text refers to pictures that
    :func:`write` (or :func:`render_files`) provides.
    """
    return render_files(rules, fmt, images=images, image_dir=image_dir, lang=lang)[0]


def write(
    rules: Ruleset,
    directory: str | Path,
    fmt: str = "markdown",
    *,
    images: str = "files",
    image_dir: str = "images",
    lang: str | Language = "en",
) -> Path:
    """Write the rulebook of ``rules`` into ``directory`` and return the file's path.

    The file is named after the ruleset (``potter1930.md``; see ``file_stem``);
    with ``images`` ``files`` the card pictures go into ``directory/image_dir``
    beside it.
    """
    text, files = render_files(rules, fmt, images=images, image_dir=image_dir, lang=lang)
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    stem = file_stem(str(rules))
    path = folder / f"{stem}{'.rst' if fmt == 'rst' else '.md'}"
    for rel, svg in files.items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    return path


#: Longest file stem :func:`write` makes, in UTF-8 bytes (a file name may have 255).
_STEM_MAX = 120


def file_stem(name: str) -> str:
    """A file name (without suffix) for a ruleset written ``name``: its letters,
    digits, ``.``, ``_`` and ``-``, never hidden or a path, at most
    ``_STEM_MAX`` bytes (a shortened one ends in a hash of ``name``, so two
    long names stay apart)."""
    stem = re.sub(r"[^\w.-]+", "-", name).strip("-.") or "rulebook"
    if len(stem.encode("utf-8")) > _STEM_MAX:
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        stem = stem.encode("utf-8")[: _STEM_MAX - 13].decode("utf-8", "ignore")
        stem = f"{stem.rstrip('-.')}-{digest}"
    return stem
