"""A profile's own words, escaped for the Markdown or reStructuredText they go into.

A rulebook is written from a profile, and a profile is a user's file: its
name, figure titles, contract titles, kontra words, group names and source
notes are free text.  Copied into the rulebook unchanged, ``<script>`` in a
figure title would reach the reader's browser through Markdown, and a
newline followed by ``.. raw:: html`` would make docutils (and so Sphinx)
emit raw HTML.  So every such string is escaped for the output format before
it meets the rulebook's own markup (``**bold**``, ````code````, ``{term}``):

* line breaks and other control characters become spaces, so a string
  stays inside the line it is put in and can start no block of its own;
* the characters of inline markup are backslash-escaped, so they read as
  themselves (Markdown: backslash, backtick, ``*``, ``_``, braces, ``|``,
  ``~``, ``#`` and a ``]`` that would close a link's text, with ``<``, ``>``
  and an ``&`` that would start an entity written as entities; reST:
  backslash, backtick, ``*``, ``_``, ``|``, braces, and a ``:`` that would
  end a URI scheme or a paragraph);
* a string that could open a block where it stands first (a list item, a
  table cell: ``- x``, ``1. x``, ``.. raw::``) is guarded at its start.

A string without those characters is left exactly as it was, so the
shipped profiles' rulebooks read as before.  :func:`shown` applies this to
a whole ruleset: a copy whose display-only strings are escaped, which the
writer, the comparison and the worked example then use as they are.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from alsos.ruleset.profile import FAMILY_PLACES, Ruleset, shown_copy

__all__ = ["escape", "escape_markdown", "escape_rst", "shown", "text_width"]

#: Control characters and Unicode line/paragraph separators: folded to spaces.
#: (``str.splitlines``, which docutils uses, breaks lines at several of them.)
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_MD_CHARS = re.compile(r"[\\`*_{}|~#]")
#: A ``]`` that would close a link's text: before its target ``(``, a reference
#: ``[`` or a definition's ``:``.  (Other brackets stay: ``csibor[players=2]``.)
_MD_LINK = re.compile(r"\](?=\s*[(\[:])")
_MD_ENTITY = re.compile(r"&(?=[#A-Za-z0-9])")
_RST_CHARS = re.compile(r"[\\`*_|{}@]")  # @: a bare e-mail address becomes a link
#: A colon that could end a URI scheme (``javascript:``) or a paragraph (``::``).
_RST_COLON = re.compile(r":(?=\S|$)")
#: A start that reads as an enumerated list item: ``1.``, ``a)``, ``iv.`` (reST), or
#: ``1.``, ``1)`` (Markdown).
_ENUMERATOR = re.compile(r"^(\w+)([.)])(?=\s|$)")
_MD_ENUMERATOR = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")


def _fold(text: str) -> str:
    return _BREAKS.sub(" ", text).strip()


def escape_markdown(text: str) -> str:
    """``text`` as Markdown (CommonMark, GitHub tables) that shows it as plain text."""
    text = _fold(text)
    first = text[:1]
    text = _MD_CHARS.sub(lambda m: "\\" + m.group(), text)
    text = _MD_LINK.sub(r"\\]", text)
    text = _MD_ENTITY.sub("&amp;", text)
    text = text.replace("<", "&lt;").replace(">", "&gt;")
    punctuation = first.isascii() and not first.isalnum() and first not in " \\&<>"
    if punctuation and not text.startswith("\\"):
        text = "\\" + text  # ``- x``, ``+ x``, ``= x`` open no list or heading
    return _MD_ENUMERATOR.sub(r"\1\\\2", text, count=1)


def escape_rst(text: str) -> str:
    """``text`` as reStructuredText that docutils reads as plain text."""
    text = _fold(text)
    guard = bool(text) and (not text[0].isalnum() or _ENUMERATOR.match(text) is not None)
    text = _RST_CHARS.sub(lambda m: "\\" + m.group(), text)
    text = _RST_COLON.sub(r"\\:", text)
    # An escaped space is dropped from the output, and no block starts with a backslash.
    return "\\ " + text if guard else text


def escape(fmt: str) -> Callable[[str], str]:
    """The escaping function of output format ``fmt`` (``markdown`` or ``rst``)."""
    return escape_rst if fmt == "rst" else escape_markdown


def text_width(text: str) -> int:
    """Columns ``text`` takes, as docutils counts them for a title's underline
    (wide East Asian characters two, combining marks none)."""
    wide = sum(unicodedata.east_asian_width(c) in "WF" for c in text)
    combining = sum(unicodedata.combining(c) != 0 for c in text)
    return len(text) + wide - combining


def shown(rules: Ruleset, fmt: str) -> Ruleset:
    """A copy of ``rules`` whose display strings are escaped for ``fmt``.

    Escaped: the name, figure titles and groups, ladder contract titles and
    the kontra words -- strings the engine only shows or compares with
    each other, so the copy plays exactly as ``rules`` does.  Ids (figure and
    contract ids are checked by the loader), paths and ``sources`` are kept:
    the writer escapes what it shows of them.  The profile's words in other
    languages (``words``) are not escaped: take the ruleset of the language
    first (``shown(worded(rules, lang), fmt)``,
    :func:`alsos.ruleset.wording.worded`), as the rulebook does.
    """
    esc = escape(fmt)
    figures = {
        name: attrs.evolve(f, title=esc(f.title), group=None if f.group is None else esc(f.group))
        for name, f in rules.figures.items()
    }
    sections: dict[str, Any] = {}
    for section, _, holder in FAMILY_PLACES.values():  # the modules' own tables' titles
        part = sections.get(section, getattr(rules, section))
        sections[section] = attrs.evolve(part, **{holder: _titles(getattr(part, holder), esc)})
    return shown_copy(
        rules,
        name=esc(rules.name),
        figures=figures,
        kontra=attrs.evolve(rules.kontra, levels=tuple(esc(w) for w in rules.kontra.levels)),
        **sections,
    )


def _titles(value: Any, esc: Callable[[str], str]) -> Any:
    """``value`` -- a module's parameters -- with every ``title`` of the attrs objects in
    it escaped (a ladder's contracts are such a table), else unchanged."""
    if attrs.has(type(value)):
        changes = {}
        for f in attrs.fields(type(value)):
            old = getattr(value, f.name)
            new = esc(old) if f.name == "title" and isinstance(old, str) else _titles(old, esc)
            if new is not old:
                changes[f.alias or f.name] = new
        return attrs.evolve(value, **changes) if changes else value
    if isinstance(value, Mapping):
        changed = {k: _titles(v, esc) for k, v in value.items()}
        return changed if any(changed[k] is not v for k, v in value.items()) else value
    return value
