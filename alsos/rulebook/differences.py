"""Where rulesets differ, rule by rule (:func:`compare`), and in one line (:func:`summary`)."""

from __future__ import annotations

from collections.abc import Sequence

from alsos.language import ENGLISH, N_, Language, language
from alsos.rulebook.book import rulebook
from alsos.rulebook.escape import escape, text_width
from alsos.rulebook.markup import Terms, md_table, plain, rst_table
from alsos.ruleset.profile import Ruleset

__all__ = ["compare", "summary"]


def _flatten(
    rules: Ruleset, fmt: str | None = None, lang: Language = ENGLISH
) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """(section key, title) in order, and clause key -> comparable plain text in
    ``lang`` (with ``fmt``, the profile's words in it escaped for that format)."""
    sections, texts = [], {}
    for section in rulebook(rules, fmt, lang):
        sections.append((section.key, section.title))
        for c in section.clauses:
            if not c.compared:
                continue
            text = plain(c.text)
            if c.table:
                text += " [" + "; ".join(", ".join(plain(x) for x in r) for r in c.table) + "]"
            texts[c.key] = text
    return sections, texts


def compare(rulesets: Sequence[Ruleset], fmt: str = "markdown", lang: str | Language = "en") -> str:
    """Where two or more rulesets differ, rule by rule, in ``lang``; agreements are left
    out.

    The profiles' own words (names, titles, ...) are escaped for ``fmt``.
    """
    if len(rulesets) < 2:
        raise ValueError("compare needs at least two rulesets")
    if fmt not in ("markdown", "rst"):
        raise ValueError(f"unknown format {fmt!r}; use 'markdown' or 'rst'")
    words = language(lang)
    flat = [_flatten(r, fmt, words) for r in rulesets]
    order: list[tuple[str, str]] = []
    for sections, _ in flat:
        for s in sections:
            if s not in order:
                order.append(s)
    keys: list[str] = []
    for _, texts in flat:
        keys.extend(k for k in texts if k not in keys)
    names = [escape(fmt)(str(r)) for r in rulesets]
    rst = fmt == "rst"
    title = words.text("Differences between {rulesets}", rulesets=", ".join(names))
    missing = words.text("(not in these rules)")
    lines = [title, "=" * max(len(title), text_width(title)), ""] if rst else [f"# {title}", ""]
    any_diff = False
    for skey, stitle in order:
        rows = []
        for k in keys:
            if k.split(".")[0] != skey:
                continue
            cells = [texts.get(k, missing) for _, texts in flat]
            if len(set(cells)) > 1:
                rows.append((k, *cells))
        if not rows:
            continue
        any_diff = True
        header = (words.text("rule"), *names)
        if rst:
            lines += [stitle, "-" * max(len(stitle), text_width(stitle)), ""]
            lines += rst_table([header, *rows], Terms(True), "")
        else:
            lines += [f"## {stitle}", ""]
            lines += md_table([header, *rows], Terms(False))
            lines.append("")
    if not any_diff:
        lines.append(words.text("These rulesets agree on every rule."))
    return "\n".join(lines).rstrip() + "\n"


def summary(rules: Ruleset, base: Ruleset, lang: str | Language = "en") -> str:
    """How ``rules`` differs from ``base``, in one line in ``lang``, computed from their
    rulebooks.

    Player count, the figures added and left out (by id) and the kontra
    ladder are named; every other section in which a rule differs is
    listed by its key.
    """
    words = language(lang)
    if rules == base:
        return words.text("the reference rules")
    parts = []
    counts = rules.player_counts or (rules.players,)
    if counts != (base.player_counts or (base.players,)):
        parts.append(
            words.text("{low}-{high} players", low=counts[0], high=counts[-1])
            if len(counts) > 1
            else words.plural("{n} player", "{n} players", counts[0])
        )
    mine = {n for n, f in rules.figures.items() if f.enabled}
    theirs = {n for n, f in base.figures.items() if f.enabled}
    added, dropped = sorted(mine - theirs), sorted(theirs - mine)
    parts += _figures_changed(added, dropped, words)
    if rules.kontra.levels != base.kontra.levels:
        levels = rules.kontra.levels
        parts.append(
            words.text("kontra up to {level}", level=levels[-1])
            if levels
            else words.text("no kontra")
        )
    changed = _sections_changed(rules, base, added, dropped)
    if changed:
        parts.append(words.text("other rules: {sections}", sections=", ".join(changed)))
    return "; ".join(parts) or words.text("the same rules")


def _figures_changed(added: list[str], dropped: list[str], lang: Language) -> list[str]:
    """The figures ``rules`` adds and leaves out, by id (the first three of a long list)."""
    parts = []
    for names, few, many in (
        (added, N_("adds {names}"), N_("adds {n} figures ({names}, ...)")),
        (dropped, N_("no {names}"), N_("no {n} figures ({names}, ...)")),
    ):
        if len(names) > 4:
            parts.append(lang.text(many, n=len(names), names=", ".join(names[:3])))
        elif names:
            parts.append(lang.text(few, names=", ".join(names)))
    return parts


def _sections_changed(
    rules: Ruleset, base: Ruleset, added: list[str], dropped: list[str]
) -> list[str]:
    """The keys of the sections other than the player count, the figures added or left
    out and the kontra ladder in which a rule of ``rules`` differs from ``base``'s, in
    the rulebook's order."""
    (sections, texts), (base_sections, base_texts) = _flatten(rules), _flatten(base)
    skip = {"cards.players"}
    changed: list[str] = []
    for key in dict.fromkeys([*texts, *base_texts]):
        if key in skip or texts.get(key) == base_texts.get(key):
            continue
        section = key.split(".")[0]
        if section == "figures" and key.count(".") == 1 and key != "figures.general":
            name = key.split(".")[1]
            if name in added or name in dropped:
                continue
        if key == "kontra.levels" or (
            section == "kontra" and not (rules.kontra.levels and base.kontra.levels)
        ):  # said above as "kontra up to ..." or "no kontra"
            continue
        if section not in changed:
            changed.append(section)
    order = [k for k, _ in base_sections] + [k for k, _ in sections]
    changed.sort(key=lambda k: order.index(k) if k in order else len(order))
    return changed
