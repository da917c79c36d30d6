"""The rulebook's own parts in the reader's language (issue 33): the overview, the worked
example, the glossary, the comparison's frame, the summary line and the sources page.

The pseudo-language ``qps`` brackets every message it looks up (``⟦…⟧``): a sentence of
these parts written without a language would show outside the brackets, so each test
renders every shipped profile in ``qps`` and fails on any letter left bare.  What the
parts take from elsewhere as it is -- card codes, seat numbers, the notation, the
profile's ids and titles, which sit inside a message as its values -- carries no
bracket of its own and is not counted.  The Hungarian tests check the words
themselves, so a wrong message (or a translation that lost a placeholder) fails.
"""

from __future__ import annotations

import re

import pytest
from pseudo import unmarked

import alsos
from alsos.language import ENGLISH, language
from alsos.rulebook import GLOSSARY, compare, render, sources_text, summary
from alsos.rulebook.glossary import ENGLISH_NAMES, bilingual, glossary
from alsos.rulebook.overview import overview
from alsos.rulebook.worked import explain, worked_example

QPS = language("qps")
HU = language("hu")
VARIANTS = alsos.shipped_variants()
#: Steps of the overview another part writes: a rule module's ``overview`` hook.
_HOOKED = {"overview.exchange", "overview.session"}
_LETTER = re.compile(r"[^\W\d_]")


def _assert_wrapped(text: str, where: object) -> None:
    bare = unmarked(text)
    assert not _LETTER.search(bare), (where, text, bare)


def _rulesets() -> list[alsos.Ruleset]:
    """Every shipped profile at each player count it seats."""
    out = []
    for v in VARIANTS:
        rules = alsos.load_variant(v)
        for n in rules.player_counts or (rules.players,):
            out.append(alsos.load_variant(v, players=n))
    return out


@pytest.mark.parametrize("rules", _rulesets(), ids=str)
def test_overview_steps_are_messages(rules: alsos.Ruleset) -> None:
    """Each step this module writes is looked up whole, its bold name included, and its
    ``{term}`` markers survive the lookup (a translation that doubled a brace, or
    dropped one, would leave a marker the writer cannot read)."""
    for clause in overview(rules, QPS):
        if clause.key not in _HOOKED:
            _assert_wrapped(clause.text, (str(rules), clause.key))
    for lang in (HU, QPS, ENGLISH):
        for clause in overview(rules, lang):
            for marker in re.findall(r"\{([^{}]*)\}", clause.text):
                assert marker in GLOSSARY, (str(rules), lang, clause.key, marker)
            assert "{{" not in clause.text and "}}" not in clause.text


@pytest.mark.parametrize("variant", VARIANTS)
def test_worked_example_blocks_are_messages(variant: str) -> None:
    """Every paragraph, caption, list item and table header of the worked example is in
    the language; the table's rows (trick numbers, seats, card codes, the notation)
    and the engine's settlement lines are the notation, the same in every language."""
    rules = alsos.load_variant(variant)
    record = worked_example(rules)
    assert record is not None
    blocks = explain(rules, record, QPS)
    kinds = {b.kind for b in blocks}
    assert {"text", "cards", "items", "table", "code"} <= kinds
    # The settlement's sentences (the items after the engine's lines) are the words
    # layer's (alsos.words.telling.settlement_sentences), checked with that layer.
    settled = [i for i, b in enumerate(blocks) if b.kind == "code"][-1] + 1
    for b in blocks[:settled]:
        if b.kind in ("text", "cards"):
            _assert_wrapped(b.text, (variant, b.kind))
        elif b.kind == "items":
            for item in b.items:
                _assert_wrapped(item, (variant, b.kind))
        elif b.kind == "table":
            for cell in b.table[0]:
                _assert_wrapped(cell, (variant, "header"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_glossary_explanations_are_messages(variant: str) -> None:
    """Every explanation the writer gives a term, a scoring module's own (the ladder's
    Klopitzky) included, is looked up in the reader's language."""
    rules = alsos.load_variant(variant)
    explained = glossary(rules, QPS)
    assert set(GLOSSARY) <= set(explained)
    for word, meaning in explained.items():
        assert meaning.startswith("⟦") and meaning.endswith("⟧"), (word, meaning)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("fmt", ["markdown", "rst"])
def test_comparison_frame_is_in_the_language(variant: str, fmt: str) -> None:
    """The comparison's title, its ``rule`` column, a rule one ruleset lacks and the
    line for rulesets that agree are messages; the clause keys and profile ids are not."""
    rules = alsos.load_variant(variant)
    other = alsos.load_variant("tompa" if variant != "tompa" else "potter1930")
    text = compare([rules, other], fmt, lang=QPS)
    title = text.splitlines()[0]
    _assert_wrapped(title.removeprefix("# "), (variant, "title"))
    assert "(not in these rules)" not in text
    assert "⟦(nót ín thésé rúlés)⟧" in text
    header = "| ⟦rúlé⟧ |" if fmt == "markdown" else "   * - ⟦rúlé⟧"
    heads = [line for line in text.splitlines() if "rule" in line.replace("rúlé", "")]
    assert header in text and not heads, heads
    same = compare([rules, rules], fmt, lang=QPS)
    assert same.rstrip().endswith("⟦Thésé rúléséts ágréé ón évéry rúlé.⟧")


@pytest.mark.parametrize("variant", VARIANTS)
def test_summary_is_in_the_language(variant: str) -> None:
    """Each part of the one-line summary is a message (section keys and figure ids are
    names, inside them)."""
    line = summary(alsos.load_variant(variant), alsos.load_variant("potter1930"), QPS)
    for part in line.split("; "):
        _assert_wrapped(part, (variant, part))


def test_sources_page_frame_is_in_the_language() -> None:
    """The sources page says each source's language and heads its table in the reader's
    language (the references and what each source covers are the sources' own data)."""
    text = sources_text("markdown", lang=QPS)
    assert "⟦Ín Énglísh.⟧" in text and "⟦Ín Húngáríán.⟧" in text
    assert "| ⟦prófílé⟧ | ⟦séctíóns tákén fróm ít⟧ |" in text
    hu = sources_text("rst", lang=HU)
    assert "Magyar nyelvű." in hu and "In Hungarian." not in hu


def test_hungarian_overview_says_what_a_player_would() -> None:
    """csibor in Hungarian: nine cards each (``9 lapot``, the noun singular after the
    number), six seen now and three later, the talon of five; its bidding, first
    announcements and play read as Hungarian, with the terms explained in Hungarian."""
    steps = {c.key: c.text for c in overview(alsos.load_variant("csibor"), HU)}
    deal = steps["overview.deal"]
    assert deal.startswith("**Osztás.** Mind a 3 játékos 9 lapot kap")
    assert "6 lapot most megnéz" in deal and "további 3 lapot" in deal
    assert "a maradék 5 lap lesz a {talon}" in deal
    assert "felfordítanak" in deal
    assert steps["overview.bidding"].startswith("**Licit.**")
    assert "adu nélküli játék vagy {Betli}" in steps["overview.bidding"]
    front = steps["overview.front"]
    assert front.startswith("**Első bemondások.**") and "{elölről}" in front
    assert "béla kassza, tuletroa és család" in front  # lang.join: "és", not "and"
    assert "egy {kontra}, erre {rekontra} a válasz" in front
    assert steps["overview.play"].startswith("**Lejátszás.** Mind a 9 ütést lejátsszák")
    four = {c.key: c.text for c in overview(alsos.load_variant("csibor", players=4), HU)}
    assert four["overview.deal"].endswith("Az osztó ebből a leosztásból kimarad.")


def test_hungarian_rulebook_explains_terms_in_hungarian() -> None:
    """The writer explains a term at its first use with the Hungarian definition, and
    the English one appears nowhere."""
    text = render(alsos.load_variant("potter1930"), lang="hu")
    assert "*alsó* (a lap, amelyen a színjel alul van; a legerősebb adu)" in text
    assert "*talon* (az osztáskor kézbe nem kerülő lapok)" in text
    for english in GLOSSARY.values():
        assert english not in text


@pytest.mark.parametrize("fmt", ["markdown", "rst"])
def test_hungarian_worked_example_has_no_stray_lists(fmt: str) -> None:
    """A Hungarian seat is ``1. játékos`` and a trick ``1. ütés``: a paragraph or item
    opening with one is escaped (``1\\. játékos``), so neither format reads it as a
    numbered list; the English example is unchanged by it."""
    rules = alsos.load_variant("csibor")
    text = render(rules, fmt, lang="hu")
    example = text[text.index("Egy végigjátszott példa") :]
    assert "**Az osztás.**" in example
    assert "0\\. játékos: TA P8 Z8 ZU Z10 Z9, később felveszi még: MA PK T9" in example
    assert "- 1\\. ütés: 1. játékos síbel" in example
    assert not re.search(r"^(- )?\d+\. ", example, re.MULTILINE)
    assert "\\." not in render(rules, fmt).split("A worked example")[1]


def test_bilingual_glossary_rows() -> None:
    """Every term of the glossary has a row with its English name and its explanation in
    the language asked for; a scoring module's own explanation replaces the common one."""
    rows = bilingual(lang="hu")
    assert [r.term for r in rows] == list(GLOSSARY)
    by_term = {r.term: r for r in rows}
    for word in GLOSSARY:
        assert by_term[word].english == ENGLISH_NAMES[word] != ""
    assert by_term["alsó"].english == "Under"
    assert by_term["alsó"].explanation == "a lap, amelyen a színjel alul van; a legerősebb adu"
    assert by_term["felvevő"].english == "declarer"
    assert all(r.explanation != GLOSSARY[r.term] for r in rows), "an explanation left English"
    english = {r.term: r.explanation for r in bilingual()}
    assert english == GLOSSARY
    ladder = {r.term: r.explanation for r in bilingual(alsos.load_variant("altiansz"))}
    assert ladder["Klopitzky"] != GLOSSARY["Klopitzky"]
    assert "fewest card points" in ladder["Klopitzky"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_hungarian_parts_render_for_every_profile(variant: str) -> None:
    """Every profile's overview, worked example and comparison render in Hungarian (a
    translation that lost or renamed a placeholder raises here), with no English
    step name left."""
    rules = alsos.load_variant(variant)
    steps = overview(rules, HU)
    for english in ("**Deal.**", "**Bidding.**", "**Play.**", "**Settlement.**"):
        assert not any(english in c.text for c in steps)
    record = worked_example(rules)
    assert record is not None
    blocks = explain(rules, record, HU)
    assert blocks[1].text == "**Az osztás.**"
    text = compare([rules, alsos.load_variant("potter1930")], lang=HU)
    assert text.startswith("# Eltérések a szabályok között: ")
