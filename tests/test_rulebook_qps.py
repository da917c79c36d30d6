"""A whole rulebook in the pseudo-language (issue 33): every sentence of every shipped
profile's rulebook, and of a comparison, reaches the reader through the catalogue, so
none is left English in another language.

The pseudo-language ``qps`` wraps each message it writes in ``⟦…⟧``.  What may stand
outside the brackets is what no catalogue translates: the notation (card codes, the
action words a player types, the engine's own notation in a code block), numbers,
Markdown, the Hungarian terms, the sources' references and the profile's own words
(which a profile translates itself, in its ``words:`` section).
"""

from __future__ import annotations

import functools
import re

import pytest

import alsos
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    CALL,
    CONCEDE,
    DECLARE_MELDS,
    DRAW,
    EXCHANGE,
    KICSI,
    KONTRA_NAMES,
    MELD_NAMES,
    PASS,
    PLAY_ON,
    SHOW,
    SIBER,
)
from alsos.rulebook import GLOSSARY, compare, render
from alsos.ruleset.sources import SOURCES
from alsos.ruleset.wording import ladder_contracts

_WORD = re.compile(r"[^\W\d_]{3,}")
_INNER = re.compile(r"⟦[^⟦⟧]*⟧")


def _own_words(rules: alsos.Ruleset) -> list[str]:
    """What a profile writes in its own words: its name, titles and source notes."""
    titles = [f.title or n for n, f in rules.figures.items()]
    titles += [c.title for c in ladder_contracts(rules).values()]
    ids = [*rules.figures, *ladder_contracts(rules)]  # the notation names them so
    return [rules.name, *rules.sources.values(), *titles, *ids]


@functools.cache
def _allowed() -> set[str]:
    """The words no catalogue translates (see the module docstring)."""
    texts = [
        t
        for v in alsos.shipped_variants()
        for n in alsos.load_variant(v).player_counts or (None,)
        for t in _own_words(alsos.load_variant(v, **({} if n is None else {"players": n})))
    ]
    texts += [s.reference for s in SOURCES.values()] + list(alsos.shipped_variants())
    texts += list(GLOSSARY) + list(KONTRA_NAMES) + list(MELD_NAMES.values())
    actions = (ACCEPT, BETLI, CALL, CONCEDE, DECLARE_MELDS, DRAW, EXCHANGE, KICSI, PASS)
    texts += [str(a) for a in (*actions, PLAY_ON, SHOW, SIBER)]
    texts += ["announce declare contract discard kontra"]
    return {w for t in texts for w in _WORD.findall(t)}


def _unwrapped(text: str) -> list[tuple[str, str]]:
    """(word, line) for every word of ``text`` outside the pseudo-language's brackets,
    code spans and code blocks that is not an allowed word."""
    allowed, out, fenced = _allowed(), [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:  # the engine's own notation, shown as it writes it
            continue
        rest = re.sub(r"`[^`]*`", "", line)
        rest = re.sub(r"\b[a-z_]+(\.[\w-]+)+", "", rest)  # a rule's key: melds.comparison
        while _INNER.search(rest):
            rest = _INNER.sub("", rest)
        out += [(w, line) for w in _WORD.findall(rest) if w not in allowed]
    return out


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_every_sentence_of_a_rulebook_goes_through_the_catalogue(variant: str) -> None:
    rules = alsos.load_variant(variant)
    for players in rules.player_counts or (rules.players,):
        seated = rules if players == rules.players else alsos.load_variant(variant, players=players)
        text = render(seated, "markdown", lang="qps")
        assert "⟦" in text
        assert _unwrapped(text) == [], (variant, players)


def test_a_comparison_goes_through_the_catalogue() -> None:
    rulesets = [alsos.load_variant(v) for v in ("csibor", "club", "potter1930", "tompa")]
    assert _unwrapped(compare(rulesets, "markdown", lang="qps")) == []


def test_the_check_finds_an_english_sentence() -> None:
    """The check above would fail on an English line left in a rulebook."""
    text = render(alsos.load_variant("potter1930"), "markdown", lang="qps")
    assert _unwrapped(text + "\nThe declarer leads first.\n")
