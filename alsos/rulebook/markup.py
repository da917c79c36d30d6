"""Markdown and reStructuredText pieces shared by the rulebook and the comparison.

Clause text writes a Hungarian term as ``{term}``; :class:`Terms` turns the
markers into emphasis, explaining each term from the glossary (the
ruleset's own, :func:`alsos.rulebook.glossary.glossary`, where it has one)
at its first use in a document.  A brace escaped with a backslash (as
``alsos.rulebook.escape`` writes a profile's ``{``) is no marker.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from alsos.rulebook.glossary import GLOSSARY

__all__ = ["Terms", "md_table", "plain", "rst_table"]

_TERM = re.compile(r"(?<!\\)\{([^{}]+)(?<!\\)\}")


class Terms:
    """Writes ``{term}`` markers: explained at first use, emphasised after."""

    def __init__(self, rst: bool, glossary: Mapping[str, str] = GLOSSARY) -> None:
        self.rst = rst
        self.glossary = glossary
        self.seen: set[str] = set()

    def __call__(self, line: str) -> str:
        def sub(m: re.Match[str]) -> str:
            term = m.group(1)
            out = f"*{term}*"
            if term in self.glossary and term not in self.seen:
                self.seen.add(term)
                out += f" ({self.glossary[term]})"
            end = m.end()
            if self.rst and end < len(line) and (line[end].isalnum() or line[end] == "_"):
                out += "\\ "
            return out

        return _TERM.sub(sub, line)


def plain(text: str) -> str:
    """``text`` with the term markers removed (for comparing and summaries)."""
    return _TERM.sub(lambda m: m.group(1), text)


def md_table(rows: Sequence[Sequence[str]], terms: Terms) -> list[str]:
    """A Markdown pipe table; the first row is the header.

    The cells are clause text: a profile's ``|`` in them is escaped already
    (``alsos.rulebook.escape``).
    """
    head, *body = rows
    out = [
        "| " + " | ".join(terms(c) for c in head) + " |",
        "|" + "|".join("---" for _ in head) + "|",
    ]
    out.extend("| " + " | ".join(terms(c) for c in r) + " |" for r in body)
    return out


def rst_table(rows: Sequence[Sequence[str]], terms: Terms, indent: str) -> list[str]:
    """An RST ``list-table``; the first row is the header."""
    out = [f"{indent}.. list-table::", f"{indent}   :header-rows: 1", ""]
    for r in rows:
        for i, cell in enumerate(r):
            lead = "* - " if i == 0 else "  - "
            out.append(f"{indent}   {lead}{terms(cell) or '..'}")
    out.append("")
    return out
