"""The history as data: :class:`alsos.Step`, its notes, and the notation they render to.

What a seat may know of the history is part of the rules (pagat, "Trump
Exchange": another seat's síber discards are face down; altiansz, "Melds":
melds are declared by kind only; pagat, "Validation of Meld": each answer
shows one detail).  These tests check that the typed steps say exactly
that, that the text is only a rendering (parse and format are inverses on
every step of every shipped profile), and that a step is no longer the 0.1
pair.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alsos
from alsos import Step, StepParseError, parse_step
from alsos.hand.history import HIDDEN_KINDS, MELD_IDS, MELD_WORDS, Announced, MeldAnswer, MeldsNamed
from alsos.hand.protocol import SCORING_HOOKS, ModuleCheckError, ScoringModule
from alsos.hand.rules import ladder
from alsos.pack.actions import DECLARE_MELDS, MELD_NAMES, SHOW, Announce, Bid, Discard, Play
from alsos.pack.cards import Card, Rank, Suit
from alsos.play.view import PUBLIC
from alsos.ruleset.registry import available, register

VARIANTS = alsos.shipped_variants()


def _random_hand(variant: str, seed: int, *, declare: bool = True) -> alsos.Game:
    """A hand played to its end by random legal actions (declaring melds where it may:
    the notes random play otherwise seldom reaches)."""
    rng = random.Random(seed)
    game = alsos.Game(alsos.load_variant(variant), seed=seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(DECLARE_MELDS if declare and DECLARE_MELDS in legal else rng.choice(legal))
    return game


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**20))
def test_every_step_round_trips_through_the_notation(variant: str, seed: int) -> None:
    """docs/notation.rst: ``parse_step(seat, step.text) == step`` for every step any
    seat (and the public observer) is shown, and as data a step is ``[seat, text]``."""
    game = _random_hand(variant, seed)
    for seat in (*range(game.rules.players), PUBLIC):
        view = game.view(seat) if seat != PUBLIC else game.public_view()
        for step in view.history:
            assert step.__class__ is Step
            assert parse_step(step.seat, step.text) == step
        data = alsos.to_data(view)
        assert data["history"] == [[s.seat, s.text] for s in view.history]
        assert alsos.from_data(alsos.View, data) == view


def test_a_step_is_the_action_that_was_taken() -> None:
    """A step's seat and action are the history's own (nothing hidden from the seat that
    acted itself), and its kind is the action's tag."""
    game = _random_hand("potter1930", 7)
    for seat in game.active:
        mine = [(s.seat, s.action) for s in game.view(seat).history if s.seat == seat]
        assert mine == [(t, a) for t, a in game.history if t == seat]
    for step in game.view(0).history:
        if step.action is None:
            assert step.kind in HIDDEN_KINDS and step.seat != 0
        else:
            assert step.kind == step.action.tag


def _siber_game() -> alsos.Game:
    """A house hand (its exchange module has the síber) played until a síber discard."""
    for seed in range(400):
        rng = random.Random(seed)
        game = alsos.Game(alsos.load_variant("house"), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                game.apply(discards[0])
                return game
            game.apply(rng.choice(legal))
    raise AssertionError("no síber in 400 random house hands")


def test_another_seats_siber_discard_is_a_hidden_step() -> None:
    """pagat, "Trump Exchange" (the síber): the discards are face down, so another seat's
    step has no action, only its kind; the seat that discarded sees its card."""
    game = _siber_game()
    siber, action = game.history[-1]
    assert isinstance(action, Discard)
    own = game.view(siber).history[-1]
    assert own == Step(siber, action) and not own.hidden and own.text == str(action)
    for seat in (*(s for s in game.active if s != siber), PUBLIC):
        view = game.view(seat) if seat != PUBLIC else game.public_view()
        step = view.history[-1]
        assert step.seat == siber and step.action is None and step.hidden
        assert step.kind == "discard" and step.text == "discard"
        assert action.card.name not in repr(step) + step.text


def test_notes_carry_what_was_revealed() -> None:
    """The three notes and how the notation writes each (docs/notation.rst)."""
    assert Step(1, Announce("abszolut")).text == "announce abszolut"
    assert Step(0, Bid(Suit.HEARTS), None, Announced("abszolut")).text == (
        "bid hearts (announces abszolut)"
    )
    named = MeldsNamed(("terc", "bela", "20", "vannak"))
    assert Step(2, DECLARE_MELDS, None, named).text == "declare melds (terc, béla, a 20, vannak)"
    assert MeldAnswer("top", int(Rank.ACE)).text == "to the A"
    assert MeldAnswer("vannak", int(Rank.UNDER)).text == "vannak of U"
    assert MeldAnswer("suit", int(Suit.HEARTS)).text == "in hearts"
    assert MeldAnswer("trumps", 1).text == "in trumps"
    assert MeldAnswer("trumps", 0).text == "not in trumps"
    assert {MELD_IDS[w]: w for w in MELD_WORDS.values()} == MELD_WORDS
    for text in (
        "show (to the A)",
        "show (vannak of U)",
        "show (in hearts)",
        "show (in trumps)",
        "show (not in trumps)",
    ):
        step = parse_step(1, text)
        assert step.action == SHOW and step.note.__class__ is MeldAnswer
        assert step.text == text


def test_declaring_melds_notes_the_kinds_by_id() -> None:
    """altiansz, "Melds": a declaration names the kinds of meld, never the cards; the
    note is the ladder scoring's ``melds_declared`` at that moment, as ids."""
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        game = alsos.Game(alsos.load_variant("altiansz"), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            if DECLARE_MELDS in legal:
                seat = game.to_act
                kinds = ladder.melds_declared(game.rules, game.state, seat)
                assert kinds and set(kinds) <= {*MELD_WORDS, *MELD_NAMES.values(), "vannak"}
                game.apply(DECLARE_MELDS)
                for viewer in range(game.rules.players):
                    assert game.view(viewer).history[-1] == Step(
                        seat, DECLARE_MELDS, None, MeldsNamed(kinds)
                    )
                found += 1
            else:
                game.apply(rng.choice(legal))
    assert found >= 5


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("fly away", "'fly away'"),
        ("show (to the 11)", "cannot read the note 'to the 11'"),
        ("show (to the A", "a note ends with ')'"),
        ("bid hearts (announces)", "cannot read the note 'announces'"),
        ("declare melds ()", "cannot read the note ''"),
        ("show (in blue)", "cannot read the note 'in blue'"),
    ],
)
def test_a_text_that_is_not_a_step_is_refused_saying_why(text: str, wrong: str) -> None:
    with pytest.raises(StepParseError, match=re.escape(f"history step {text!r}")) as e:
        parse_step(0, text)
    assert wrong in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, alsos.NotationError)


def test_a_step_is_an_immutable_value() -> None:
    step = Step(1, Play(Card.parse("MA")))
    with pytest.raises(AttributeError, match="immutable"):
        step.seat = 2  # type: ignore[misc]
    assert step == Step(1, Play(Card.parse("MA"))) and hash(step) == hash(
        Step(1, Play(Card.parse("MA")))
    )
    assert step != Step(2, Play(Card.parse("MA"))) and step != (1, "MA")
    assert pickle.loads(pickle.dumps(step)) == step and copy.deepcopy(step) == step
    with pytest.raises(TypeError, match="kind"):
        Step(0, None)


def test_a_step_is_no_longer_the_0_1_pair() -> None:
    """Deprecated in 0.2, removed in 0.3: a step is not unpacked or indexed as the
    ``(seat, text)`` pair; its fields say the same."""
    step = Step(2, DECLARE_MELDS, None, MeldsNamed(("terc",)))
    with pytest.raises(TypeError):
        _seat, _text = step  # type: ignore[misc]
    with pytest.raises(TypeError):
        step[1]  # type: ignore[index]
    with pytest.raises(TypeError):
        len(step)  # type: ignore[arg-type]
    assert (step.seat, step.text) == (2, "declare melds (terc)")


def test_the_old_melds_shown_hook_is_gone() -> None:
    """Deprecated in 0.2, removed in 0.3: the engine asks the scoring module's
    ``melds_declared`` (ids) directly; ``melds_shown`` (words) is no hook any more."""
    assert not hasattr(ScoringModule, "melds_shown")
    assert not hasattr(ladder, "melds_shown") and "melds_shown" not in ladder.__all__
    assert "melds_shown" not in SCORING_HOOKS
    game = alsos.Game(alsos.load_variant("altiansz"), seed=1)
    new = alsos.hand.engine.engine_for(game.rules).melds_declared
    assert new is not None and new.__name__ == "melds_declared"

    def settle(rules: object, s: object) -> None:
        raise AssertionError("never registered")

    with pytest.raises(ModuleCheckError, match="unknown scoring hook 'melds_shown'"):
        register("scoring", "old-words", melds_shown=lambda rules, s, seat: "")(settle)
    assert "old-words" not in available("scoring")


def test_a_seat_record_refuses_a_history_line_that_is_not_a_step() -> None:
    """A seat record's body is its view's history: each line is parsed, and a bad one
    is refused at its line."""
    game = _random_hand("club", 3)
    text = alsos.Record.from_game(game).for_seat(1).dumps()
    assert alsos.Record.loads(text).view == game.view(1)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line[:2] in ("0 ", "1 ", "2 "))
    lines[at] = lines[at][:2] + "show (to the 11)"
    with pytest.raises(alsos.RecordError, match=rf"line {at + 1}\b.*to the 11"):
        alsos.Record.loads("\n".join(lines))


#: Ways of reading the history as text, which search, the bots and the RL encoders
#: no longer do (issue 31, item 3: the notation was an unwritten protocol between the
#: engine's words and the search's string matching).
_TEXT_READING = re.compile(
    r'startswith\("(declare|show|discard|announce|contract|bid)'
    r'|"bid trumps"|\.text\s*(==|!=|in\b)|\.text\.(startswith|split|find|partition)'
    r"|for \w+, text in [\w.]*history|_match\(text"
)


@pytest.mark.parametrize("package", ["search", "bots", "rl"])
def test_search_bots_and_encoders_read_no_history_text(package: str) -> None:
    root = Path(alsos.__file__).parent / package
    found = [
        f"{path.relative_to(root.parent)}:{n}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _TEXT_READING.search(line)
    ]
    assert not found, found


def test_the_text_reading_discard_card_is_deprecated() -> None:
    """The search reads typed steps; its 0.2 helper that read a discard's text warns
    (removed in 0.4) and still answers."""
    from alsos.search.knowledge import discard_card

    with pytest.warns(DeprecationWarning, match=r"parse_action\(text\)\.card"):
        assert discard_card("discard MA") == int(alsos.Card.parse("MA"))
