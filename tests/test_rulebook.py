"""The rulebook is written from the ruleset's data (issue: rulebooks from profiles).

Each test changes or compares rulesets and checks the prose follows, so a
rulebook that ignored an option, or mentioned a rule the table does not
have, would fail here.
"""

from __future__ import annotations

import re

import pytest
from profiles import PROFILES

import alsos
from alsos.rulebook import GLOSSARY, compare, render, rulebook


@pytest.mark.parametrize("variant", alsos.shipped_variants())
@pytest.mark.parametrize("fmt", ["markdown", "rst"])
def test_every_shipped_profile_has_a_complete_rulebook(variant: str, fmt: str) -> None:
    rules = alsos.load_variant(variant)
    text = render(rules, fmt)
    assert rules.name in text
    for title in ("Players and cards", "The deal", "Bidding", "Kontra", "Play"):
        assert title in text
    assert "{" not in text.replace("{{", "")  # every term marker was rendered


def test_tompa_has_no_szubkontra_and_no_calling() -> None:
    """pagat Tompa: kontra stops at rekontra and calling is not allowed, so neither appears."""
    text = render(alsos.load_variant("tompa"))
    assert "szubkontra" not in text
    assert "gyerünk" not in text and "## Calling" not in text
    assert "Betli" not in text and "Klopitzky" not in text
    potter = render(alsos.load_variant("potter1930"))
    assert "szubkontra" in potter and "gyerünk" in potter


def test_a_changed_option_changes_the_text() -> None:
    base = render(alsos.load_variant("potter1930"))
    changed = render(alsos.load_variant("potter1930", **{"games.trump": 4}))
    assert "| trump game | 1 |" in base
    assert "| trump game | 4 |" in changed
    tie = render(alsos.load_variant("house", **{"exchange.takes": "reveal"}))
    assert "turned up one at a time" in tie
    assert "turned up one at a time" not in render(alsos.load_variant("house"))


def test_figure_values_come_from_the_profile() -> None:
    """huwiki, "Figurák": csibor's abszolút is 3 from the back and 6 from the front."""
    text = render(alsos.load_variant("csibor"))
    row = next(line for line in text.splitlines() if line.startswith("  | abszolút"))
    assert "| 3 | 6 |" in row


def test_each_clause_cites_a_source() -> None:
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        for section in rulebook(rules):
            for clause in section.clauses:
                assert clause.source, (variant, clause.key)


def test_hungarian_terms_are_explained_once() -> None:
    text = render(alsos.load_variant("potter1930"))
    explanation = GLOSSARY["elölről"]
    assert text.count(explanation) == 1
    assert f"*elölről* ({explanation})" in text
    assert text.count("*elölről*") > 1


def test_compare_lists_only_differences() -> None:
    potter, house = alsos.load_variant("potter1930"), alsos.load_variant("house")
    text = compare([potter, house])
    assert "mordkontra" in text
    assert "figures.uhu" in text
    assert "cards.trump_order" not in text  # both rank trumps the same way
    same = compare([potter, alsos.load_variant("potter1930")])
    assert "agree on every rule" in same


def test_compare_of_three_rulesets_has_a_column_each() -> None:
    rules = [alsos.load_variant(v) for v in ("potter1930", "club", "tompa")]
    text = compare(rules)
    header = next(line for line in text.splitlines() if line.startswith("| rule"))
    assert header.count("|") == 5


def test_rst_output_is_valid_restructuredtext() -> None:
    docutils = pytest.importorskip("docutils.core")
    text = render(alsos.load_variant("csibor", players=4), "rst")
    html = docutils.publish_string(
        text, writer="html", settings_overrides={"report_level": 2, "halt_level": 2}
    )
    assert "rádli".encode() in html


def test_examples_are_drawn_as_cards() -> None:
    text = render(alsos.load_variant("potter1930"), images="inline")
    assert re.search(r'<img alt="PA PK PO" src="data:image/svg\+xml;base64,', text)
    rst = render(alsos.load_variant("potter1930"), "rst")
    assert ".. raw:: html" in rst and "<svg" in rst


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_every_figure_is_shown_with_its_notation(rules: alsos.Ruleset) -> None:
    """A reader sees how to write each figure next to its name (``announce <id>``)."""
    for fmt in ("markdown", "rst"):
        text = render(rules, fmt)
        for name, fig in rules.figures.items():
            if fig.enabled:
                assert f"announce {name}" in text, (rules, name, fmt)
