"""The rule sources and what each shipped profile takes from which.

:func:`sources_text` writes the documentation's Sources page from
:data:`alsos.ruleset.sources.SOURCES` and the profiles' ``sources:`` entries, so the
page lists exactly what the profiles cite and cannot drift from them.
"""

from __future__ import annotations

from alsos.language import N_, Language, language
from alsos.rulebook.escape import escape
from alsos.rulebook.markup import Terms, md_table, rst_table
from alsos.ruleset.loading import load_variant, shipped_variants
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.sources import SOURCES, cited_keys

__all__ = ["citations", "sources_text"]


def citations(rules: Ruleset) -> dict[str, list[tuple[str, str]]]:
    """Source key -> ``(section, citation)`` pairs of ``rules``, in profile order."""
    out: dict[str, list[tuple[str, str]]] = {}
    for section, text in rules.sources.items():
        for key in cited_keys(text):
            out.setdefault(key, []).append((section, text))
    return out


#: The language a source is written in, as a sentence, by the language's English name
#: (:attr:`alsos.ruleset.sources.Source.language`).
_WRITTEN_IN = {
    "English": N_("In English."),
    "French": N_("In French."),
    "Hungarian": N_("In Hungarian."),
}


def sources_text(
    fmt: str = "rst", rulesets: list[Ruleset] | None = None, lang: str | Language = "en"
) -> str:
    """One part per source: its full reference, what it covers, and the profiles
    that cite it with the sections they take from it (default: every shipped
    profile).  No title; the page that includes it has one.  What the profiles
    wrote (ids, citations) is escaped for ``fmt``.  The words around the sources'
    own (their references and what they cover, as :data:`~alsos.ruleset.sources.SOURCES`
    has them) are in ``lang``."""
    words = language(lang)
    if fmt not in ("markdown", "rst"):
        raise ValueError(f"unknown format {fmt!r}; use 'markdown' or 'rst'")
    rst, esc = fmt == "rst", escape(fmt)
    profiles = rulesets if rulesets is not None else [load_variant(v) for v in shipped_variants()]
    cited = {r.id: citations(r) for r in profiles}
    lines: list[str] = []
    for key, source in SOURCES.items():
        title = f"{source.title} (``{key}``)" if rst else f"{source.title} (`{key}`)"
        lines += [title, "-" * len(title), ""] if rst else [f"## {title}", ""]
        message = _WRITTEN_IN.get(source.language)
        written = (
            words.text(message)
            if message
            else words.text("In {language}.", language=source.language)
        )
        lines += [source.reference, "", f"{written}  {source.about}", ""]
        rows: list[tuple[str, ...]] = [
            (words.text("profile"), words.text("sections taken from it"))
        ]
        for r in profiles:
            pairs = cited[r.id].get(key, [])
            if pairs:
                cites = "; ".join(f"{esc(s)}: {esc(c)}" for s, c in pairs)
                rows.append((esc(r.id), cites))
        if len(rows) > 1:
            lines += rst_table(rows, Terms(rst), "") if rst else [*md_table(rows, Terms(rst)), ""]
        else:
            lines += [words.text("No shipped profile cites it directly."), ""]
    return "\n".join(lines).rstrip() + "\n"
