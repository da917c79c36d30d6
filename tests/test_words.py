"""The words layer (issue 31, item 5): one place that writes what a person reads, in a
language passed as a parameter.

The pseudo-language ``qps`` marks every message (``⟦…⟧``): a line written for a
person that carries no mark did not pass through a language, so it could never
be translated.  English is the messages themselves, so the terminal's and the
web's English text is what it was before the words moved here.
"""

from __future__ import annotations

import importlib
import random
import re
from html import escape as html_escape

import pytest
from pseudo import unmarked

import alsos
from alsos.pack.actions import Action
from alsos.words import (
    ENGLISH,
    LANGUAGES,
    Language,
    LanguageError,
    action_help,
    action_label,
    card_name,
    explain_settlement,
    hint_text,
    language,
    seats_text,
)
from alsos.words import rules as words_rules

QPS = language("qps")


def _finished(variant: str, seed: int) -> alsos.Game:
    rng = random.Random(seed)
    game = alsos.Game(alsos.load_variant(variant), seed=seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_language_is_found_by_its_code_and_an_unknown_one_is_refused() -> None:
    assert language("en") is ENGLISH and language() is ENGLISH
    assert language(QPS) is QPS and isinstance(QPS, Language)
    assert set(LANGUAGES) >= {"en", "qps"}
    with pytest.raises(LanguageError, match=r"no words for the language 'xx'; alsos has en"):
        language("xx")
    assert isinstance(LanguageError("x"), alsos.NotationError)


def test_messages_are_whole_sentences_with_named_places() -> None:
    assert ENGLISH.text("{player} plays {card}", player="Anna", card="MA") == "Anna plays MA"
    assert QPS.text("{player} plays {card}", player="Anna", card="MA") == "⟦Anna pláys MA⟧"
    assert ENGLISH.plural("{n} trick", "{n} tricks", 1) == "1 trick"
    assert ENGLISH.plural("{n} trick", "{n} tricks", 3) == "3 tricks"
    assert ENGLISH.join(["a", "b", "c"]) == "a, b and c" and ENGLISH.join(["a"]) == "a"
    assert seats_text([2, 0, 1]) == "seats 0, 1 and 2" and seats_text([1, 2]) == "seat 1 and seat 2"


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_every_line_of_a_settlement_passes_through_the_language(variant: str) -> None:
    """Each line of the explanation is a message (or a rulebook clause, quoted whole);
    the same lines in English are the terminal's."""
    for seed in range(6):
        game = _finished(variant, seed)
        st = game.settlement
        assert st is not None
        english = explain_settlement(st, game)
        marked = explain_settlement(st, game, lang=QPS)
        assert len(english) == len(marked)
        clauses = {words_rules.session_rule(game.rules), words_rules.klopitzky_rule(game.rules)}
        for line, plain in zip(marked, english, strict=True):
            if plain.strip() in clauses or plain.strip().startswith("("):
                continue  # the rulebook's own clause, in the rulebook's language
            assert "⟦" in line, (variant, seed, line)
            assert not re.search(r"[a-z]{3,}", unmarked(line)), line


def test_each_legal_actions_help_and_name_pass_through_the_language() -> None:
    seen: set[type] = set()
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        for seed in range(4):
            rng = random.Random(seed)
            game = alsos.Game(rules, seed=seed)
            while not game.is_over:
                legal = game.legal_actions()
                for action in legal:
                    _check_words(rules, action)
                    seen.add(type(action))
                game.apply(rng.choice(legal))
    assert len(seen) >= 8


def _check_words(rules: alsos.Ruleset, action: Action) -> None:
    helped = action_help(rules, action, QPS)
    if action_help(rules, action) and type(action).__name__ == "Kontra":
        assert helped.startswith("⟦"), helped
    # A figure's meaning (and a ladder contract's, made of its figures') is the figure
    # kind's own text, in the rulebook's language: a module's words (issue 33).
    label = action_label(action, QPS)
    if hasattr(action, "card"):
        assert label.startswith("⟦") and card_name(action.card) in action_label(action)
    else:
        assert label == action_label(action) == str(action)  # the notation, as typed


def test_a_hint_is_written_in_the_language() -> None:
    game = alsos.Game(alsos.load_variant("potter1930"), seed=3)
    me = game.to_act
    assert me is not None
    english = hint_text(game, me, worlds=2, seed=1)
    marked = hint_text(game, me, worlds=2, seed=1, lang=QPS)
    assert english.startswith("hint: ") and marked.startswith("⟦hínt: ")


def test_the_old_terminal_paths_are_gone() -> None:
    """Deprecated in 0.2, removed in 0.3: the names are in alsos.words and alsos.analysis."""
    for old in ("alsos.terminal.words", "alsos.terminal.assist"):
        with pytest.raises(ModuleNotFoundError, match=old.replace(".", r"\.")):
            importlib.import_module(old)


def test_the_clauses_the_words_quote_are_the_rulebooks() -> None:
    """alsos.words quotes the clauses the rule modules write, below the rulebook: each is
    the rulebook's own clause, word for word (so the two cannot drift apart)."""
    from alsos.rulebook import clause as rulebook_clause
    from alsos.words.rules import DECIDED, clause

    keys = ("scoring.klopitzky", "scoring.session", "scoring.contract", "bidding.draw")
    seen = 0
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        for key in (*keys, "play.decided"):
            quoted = clause(rules, key)
            assert quoted == rulebook_clause(rules, key), (variant, key)
            seen += bool(quoted)
        assert clause(rules, "cards.pack") == ""  # a rulebook clause no module writes
    assert seen >= 10
    assert rulebook_clause(alsos.load_variant("altiansz"), "play.decided") == DECIDED


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_the_worked_examples_sentences_pass_through_the_language(variant: str) -> None:
    """The rulebook's worked example is told by alsos.words.telling from the typed
    actions: in the pseudo-language every sentence is marked."""
    from alsos.pack.actions import Play
    from alsos.pack.deal import Deal
    from alsos.rulebook import worked_example
    from alsos.words.telling import action_sentence, settlement_sentences

    rules = alsos.load_variant(variant)
    record = worked_example(rules)
    assert record is not None
    game = alsos.Game(rules, deal=Deal.parse(record.deal), dealer=record.dealer)
    told = 0
    for seat, action in record.actions:
        if not isinstance(action, Play):
            english = action_sentence(game, seat, action, front=False)
            marked = action_sentence(game, seat, action, front=False, lang=QPS)
            assert marked.startswith("⟦") and f"``{action}``" in english, (english, marked)
            told += 1
        game.apply(action, seat=seat)
    assert told
    for line in settlement_sentences(game, lang=QPS):
        assert "⟦" in line or line.endswith((": made.", ": lost.")), line


def test_the_viewer_explains_the_payments_as_the_terminal_does() -> None:
    from alsos.viewer import example, page

    rules = alsos.load_variant("potter1930")
    record = example(rules, seed=2)
    html = page(record)
    game = alsos.Game(rules, deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    for seat, action in record.actions:
        game.apply(action, seat=seat)
    assert game.settlement is not None
    assert "Why these payments" in html
    for line in explain_settlement(game.settlement, game):
        assert html_escape(line.strip()) in html, line
