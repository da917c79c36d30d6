"""The story of a hand (issue 31, item 5): one narration, in a language passed as a
parameter, drawn by each client its own way.

The terminal's narrator is a :class:`~alsos.words.story.Story` drawn on a screen
(its English output is the same text as before the story moved to the words
layer: checked by replaying hands of every shipped profile through both and
comparing, in the closing note of the session that moved it).  What a seated
player may be told is checked by the leak property (tests/test_no_leaks.py,
the terminal channel); here: the lines are data with the cards as cards, every
sentence is a message of the language, and a client's names for the seats are
the ones used.
"""

from __future__ import annotations

import random
import re

import pytest
from pseudo import unmarked

import alsos
from alsos.pack.cards import Card, Suit
from alsos.words import language
from alsos.words import rules as words_rules
from alsos.words.story import Line, Story, Strong, plain_text

QPS = language("qps")


def _told(
    variant: str, seed: int, *, viewer: int | None = None, **options: object
) -> tuple[alsos.Game, list[Line]]:
    """A hand of random legal moves told to a list of lines."""
    rng = random.Random(seed)
    game = alsos.Game(alsos.load_variant(variant), seed=seed)
    lines: list[Line] = []
    watched = game.active if viewer is None else (viewer,)
    story = Story(game, lines.append, watched, viewer, **options)  # type: ignore[arg-type]
    story.open()
    while not game.is_over:
        story.before()
        seat = game.to_act
        assert seat is not None
        story.step(seat, game.apply(rng.choice(game.legal_actions())))
    story.close()
    return game, lines


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_cards_are_parts_of_the_line_not_text(variant: str) -> None:
    """A client draws cards its own way: every card the story names is a Card part,
    and no card's notation is left inside the words."""
    game, lines = _told(variant, 1)
    cards = [p for line in lines for p in line.parts if isinstance(p, Card)]
    assert set(cards) >= {c for s in game.active for c in game.deal.hands[s]}
    notation = re.compile(r"\b[MPTZ](?:A|K|O|U|10|9|8|7)\b")
    settled = next(i for i, line in enumerate(lines) if line.title == "Settlement")
    for line in lines[:settled]:  # the settlement's lines are text (tests/test_words.py)
        for p in line.parts:
            assert not (isinstance(p, str) and notation.search(p)), (line, p)
    assert any(isinstance(p, Strong) for line in lines for p in line.parts)


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_every_sentence_passes_through_the_language(variant: str) -> None:
    """Told in the pseudo-language, a line's words outside the marks are only the
    notation of the actions said (as typed, the same in every language), the
    profile's own titles and the figures' descriptions (a module's words)."""
    for seed in range(3):
        game, lines = _told(variant, seed, lang=QPS)
        rules = game.rules
        said = {str(a) for _, a in game.history} | {"pass", "discard", "bid trumps"}
        own = {f.title for f in rules.figures.values() if f.title} | set(rules.figures)
        own |= set(rules.kontra.levels)
        clauses = {words_rules.session_rule(rules), words_rules.klopitzky_rule(rules)}
        for line in lines:
            if line.style == "rule" or plain_text(line.parts) in clauses:
                continue  # the rulebook's clause, in the rulebook's language
            if plain_text(line.parts).startswith("(a "):
                continue  # the settlement quoting the scoring clause (tests/test_words.py)
            text = unmarked(plain_text(line.parts))
            assert "⟦" in plain_text(line.parts) or line.style == "header", line
            for word in sorted(said | own, key=len, reverse=True):
                text = text.replace(word, "")
            text = re.sub(r"\b[a-z]+@\d\b", "", text)  # an item: the figure seat 1 announced
            assert not re.search(r"[a-z]{3,}", text), (variant, seed, line)
        headers = [line for line in lines if line.style == "header"]
        assert headers and all(h.title.startswith("⟦") for h in headers)


def test_a_clients_names_for_the_seats_are_used() -> None:
    names = {0: "Anna", 1: "Béla", 2: "Cili"}
    _, lines = _told("potter1930", 3, who=names.__getitem__)
    text = "\n".join(plain_text(line.parts) for line in lines)
    assert "Anna" in text and "Béla" in text and "Cili" in text
    assert not re.search(r"\bseat \d\b", text.split("payments")[0]), text


def test_the_english_story_is_the_terminals_narration() -> None:
    """The terminal draws the story: the same words, cards in the notation."""
    import io

    from alsos.terminal.narrator import Narrator
    from alsos.terminal.screen import Screen

    rng = random.Random(5)
    game = alsos.Game(alsos.load_variant("csibor"), seed=5)
    twin = game.copy()
    out = io.StringIO()
    narrator = Narrator(game, Screen(file=out), game.active, None)
    lines: list[Line] = []
    story = Story(twin, lines.append, twin.active, None)
    narrator.open()
    story.open()
    while not game.is_over:
        narrator.before()
        story.before()
        action = rng.choice(game.legal_actions())
        seat = game.to_act
        assert seat is not None
        narrator.step(seat, game.apply(action))
        story.step(seat, twin.apply(action))
    narrator.close()
    story.close()
    printed = out.getvalue().splitlines()
    assert len(printed) == len(lines)
    for text, line in zip(printed, lines, strict=True):
        assert plain_text(line.parts) in text
        if line.style == "header":
            assert text.startswith(f"== {line.title} ==")


def test_parts_fill_a_translated_message_with_objects() -> None:
    en = language("en")
    card, suit = Card.parse("PA"), Suit.HEARTS
    assert en.parts("the turned-up {card} offers {suit} as trumps", card=card, suit=suit) == (
        "the turned-up ",
        card,
        " offers ",
        suit,
        " as trumps",
    )
    assert en.parts("{a}{b} and {n}", a=("x", card), b="y", n=3) == ("x", card, "y and 3")
    marked = QPS.parts("{player} plays {card}", player="Anna", card=card)
    assert marked == ("⟦Anna pláys ", card, "⟧")
