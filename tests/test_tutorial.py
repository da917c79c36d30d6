"""The guided first hand (issue 35): a worked example replayed as a lesson for one seat.

The lesson of each main profile meets every idea a newcomer needs -- the deal, the
auction, a figure, a kontra and its answer, the pick-up, the play, a trick won, the
last trick, the settlement -- each explained once, where it first comes up; it
waits for the learner's own moves and refuses any other; ``alsos tutorial`` runs it
in English and in Hungarian.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

import alsos
from alsos.cli import main
from alsos.language import language
from alsos.learn.tutorial import IDEAS, LessonError, lesson
from alsos.rulebook import worked_example
from alsos.terminal.screen import Screen
from alsos.terminal.tutorial import teach
from alsos.words.tutorial import idea_text

MAIN = ("potter1930", "tompa")


@pytest.mark.parametrize("variant", MAIN)
def test_the_lesson_of_a_main_profile_meets_every_idea_once(variant: str) -> None:
    rules = alsos.load_variant(variant)
    record = worked_example(rules)
    assert record is not None
    taught = lesson(record, rules=rules)
    end = record.replay(rules)
    assert taught.seat == end.declarer  # the learner plays the declarer's seat
    met = [i for s in taught.steps for i in (*s.before, *s.after)]
    assert len(met) == len(set(met))  # each idea once
    assert set(met) | {"deal"} >= set(IDEAS) - {"exchange", "melds"}
    assert [(s.seat, s.action) for s in taught.steps] == list(record.actions)
    game = taught.new_game()
    for s in taught.steps:  # the learner is asked exactly at its own real decisions
        assert s.asks == (s.seat == taught.seat and len(game.legal_actions()) > 1)
        game.apply(s.action, seat=s.seat)
    for idea in IDEAS:  # every idea has its words, in both languages
        for lang in (language("en"), language("hu")):
            assert idea_text(idea, taught.new_game(), None, lang)


def test_a_lesson_refuses_what_is_not_a_whole_hand() -> None:
    rules = alsos.load_variant("potter1930")
    record = worked_example(rules)
    assert record is not None
    with pytest.raises(LessonError, match="not in play"):
        lesson(record, seat=7, rules=rules)
    with pytest.raises(LessonError, match="settlement"):
        lesson(attrs_evolve(record, actions=record.actions[:5]), rules=rules)
    with pytest.raises(LessonError, match="seat record"):
        lesson(record.for_seat(1), rules=rules)
    assert issubclass(LessonError, ValueError)


def attrs_evolve(record: alsos.Record, **changes: object) -> alsos.Record:
    import attrs

    return attrs.evolve(record, result=None, **changes)


def _moves(variant: str, first_wrong: str | None = None) -> Iterator[str]:
    rules = alsos.load_variant(variant)
    record = worked_example(rules)
    assert record is not None
    taught = lesson(record, rules=rules)
    if first_wrong:
        yield first_wrong
    yield from (str(s.action) for s in taught.steps if s.asks)


@pytest.mark.parametrize("variant", MAIN)
def test_a_learner_plays_the_whole_hand_in_the_terminal(variant: str) -> None:
    rules = alsos.load_variant(variant)
    record = worked_example(rules)
    assert record is not None
    taught = lesson(record, rules=rules)
    out = io.StringIO()
    moves = _moves(variant, first_wrong="T8")
    assert teach(taught, Screen(file=out), ask=lambda _prompt: next(moves)) == 0
    text = out.getvalue()
    assert "T8 is not this lesson's move: type accept" in text
    assert text.index("First comes the auction") < text.index("A figure is an extra")
    assert text.index("Kontra: a player") < text.index("Now the play")
    assert text.index("Now the play") < text.index("The settlement: the game")
    assert "payments (+ receives, - pays" in text  # the settlement explained
    assert text.rstrip().endswith(f"alsos play --variant {variant}")


def test_a_learner_may_stop() -> None:
    rules = alsos.load_variant("potter1930")
    record = worked_example(rules)
    assert record is not None
    out = io.StringIO()
    assert teach(lesson(record, rules=rules), Screen(file=out), ask=lambda _p: "") == 0
    assert "The lesson stops here." in out.getvalue()


def test_the_command_in_hungarian(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    moves = _moves("potter1930")
    monkeypatch.setattr("builtins.input", lambda _prompt: next(moves))
    assert main(["tutorial", "--lang", "hu", "--color", "never"]) == 0
    text = capsys.readouterr().out
    assert "Először a licit következik" in text and "Elszámolás" in text
    assert main(["tutorial", "--variant", "nosuch"]) == 2
