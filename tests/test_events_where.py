"""Events made where each change happens, through one action path (issue 19, points 1-2).

Every action -- a game's, a playout's, a search's -- goes through
``Engine.apply``; with a list it records the action's events as they happen,
without one it records none, and the hand ends the same either way.  What an
action revealed is kept as data (``events.Note``), rule modules see a narrow
referee rather than the engine, the pick-up is an event of its own, and a
trick is closed by one function (``tricks.take_trick``) that the solver can
take back (``tricks.give_back_trick``).
"""

from __future__ import annotations

import importlib
import random
from typing import ClassVar

import drive
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos.hand.engine import Engine, engine_for
from alsos.hand.events import MeldShown, PhaseChanged, PickedUp, Said, Took
from alsos.hand.history import Announced, MeldAnswer, MeldsNamed, Step
from alsos.hand.protocol import Referee
from alsos.hand.state import HandState
from alsos.hand.tricks import give_back_trick, take_trick, trick_winner
from alsos.pack.actions import ACCEPT, PASS, Action
from alsos.pack.phases import Contract, Kind, Phase
from alsos.ruleset import registry
from alsos.ruleset.profile import Ruleset
from alsos.version import compiled_modules

POTTER = alsos.load_variant("potter1930")
HANDS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@HANDS
@given(rules=st.sampled_from(PROFILES), seed=st.integers(0, 10**6))
def test_one_path_with_and_without_events_plays_the_same_hand(rules: Ruleset, seed: int) -> None:
    """Replaying a game's history through Engine.apply gives the events the game
    returned, action by action, and the same position; the path that records no
    event (search's) reaches the same position too."""
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    eng = engine_for(rules)
    told = eng.new_state(seed=seed, deal=None, dealer=seed % rules.players)
    quiet = told.copy()
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions())
        returned = game.apply(action)
        out: list[object] = []
        eng.apply(told, seat, action, out)  # type: ignore[arg-type]
        eng.apply(quiet, seat, action)
        assert tuple(out) == returned
        assert told == game.state and quiet == game.state
    assert eng.payments(quiet) == dict(game.settlement.payments)  # type: ignore[union-attr]


def _hand_with(rules: Ruleset, wanted: type, seeds: range) -> tuple[alsos.Game, tuple[object, ...]]:
    """A random hand with an action whose events hold a ``wanted`` event."""
    for seed in seeds:
        game = alsos.Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            events = game.apply(rng.choice(game.legal_actions()))
            if any(isinstance(e, wanted) for e in events):
                return game, events
    raise AssertionError(f"no {wanted.__name__} in {len(seeds)} hands")


def test_a_meld_detail_is_noted_as_data_and_told_where_it_is_shown() -> None:
    """pagat, "Melds": a declared meld is shown detail by detail in validation; the
    detail is kept beside the action as a Note, not as text to be read back."""
    game, events = _hand_with(POTTER, MeldShown, range(300))
    shown = next(e for e in events if isinstance(e, MeldShown))
    index = len(game.history) - 1
    note = game.state.notes[index]
    assert isinstance(note, MeldAnswer) and note.text == shown.detail
    said = events[0]
    assert isinstance(said, Said)
    assert said.public == f"{said.action} ({shown.detail})" == f"{said.action} ({note.text})"
    step = game.public_history()[index]
    assert (step.seat, step.action, step.note, step.text) == (
        said.seat,
        said.action,
        note,
        said.public,
    )


def test_every_note_is_data() -> None:
    """Whatever a hand notes (figures carried by a bid, melds declared, meld details),
    each note is data (Announced, MeldsNamed, MeldAnswer) and the history's step carries
    it, its text what the history shows after the action."""
    kinds = set()
    for rules in PROFILES:
        for seed in range(40):
            game = alsos.Game(rules, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            history = game.public_history()
            for index, note in game.state.notes.items():
                assert isinstance(note, (Announced, MeldsNamed, MeldAnswer))
                kinds.add(type(note))
                seat, action = game.history[index]
                if not history[index].hidden:
                    assert history[index] == Step(seat, action, None, note)
                    assert history[index].text == f"{action} ({note.text})"
    assert kinds  # random hands note little: altiansz declares its melds


def test_the_pick_up_is_an_event_of_its_own() -> None:
    """potter: the front round closes with a pass, and every active seat takes up the
    cards dealt face down (pagat, "Deal"): a PickedUp, public, before the phase changes."""
    game, events = _hand_with(POTTER, PickedUp, range(50))
    picked = next(e for e in events if isinstance(e, PickedUp))
    assert picked.seats == game.active
    assert all(game.state.unseen[s] == 0 for s in game.active)
    kinds = [type(e) for e in events]
    assert kinds.index(PickedUp) < kinds.index(PhaseChanged)
    assert all(picked.seen_by(s) is picked and picked.visible_to(s) for s in range(3))
    assert alsos.from_data(PickedUp, alsos.to_data(picked)) == picked


class _Recording:
    """A bidding module that keeps the referees it is handed."""

    seen: ClassVar[list[object]] = []

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def start(self, ref: Referee, s: HandState) -> None:
        ref.ask(s, Phase.BIDDING, s.active[0])

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        return (ACCEPT,)

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        self.seen.append(ref)
        ref.start_contract(s, seat, Contract(Kind.TRUMP, alsos.Suit(s.original)), original=True)

    def after_pickup(self, ref: Referee, s: HandState) -> bool:
        return False

    def hides(self, s: HandState, index: int) -> bool:
        return False


def test_a_module_is_handed_a_narrow_referee_not_the_engine() -> None:
    """The referee offers the transitions and the ruleset, not the engine's query API,
    and the events of the transitions it makes reach the game's listeners."""
    registry.register("bidding", "recording")(_Recording)
    try:
        rules = alsos.load_variant("potter1930", **{"bidding.module": "recording"})
        game = alsos.Game(rules, seed=4)
        events = game.apply(ACCEPT)
    finally:
        registry._REGISTRY["bidding"].pop("recording", None)
    ref = _Recording.seen[-1]
    assert not isinstance(ref, Engine)
    assert ref.rules is rules  # type: ignore[attr-defined]
    for name in ("legal_actions", "apply", "payments", "legal_mask", "new_state"):
        assert not hasattr(ref, name), name
    # start_contract added the game item: told by the referee, as it happened.
    assert [type(e).__name__ for e in events][:2] == ["Said", "ItemChanged"]


@HANDS
@given(rules=st.sampled_from(PROFILES), seed=st.integers(0, 10**6))
def test_a_trick_taken_and_given_back_leaves_the_hand_as_it_was(rules: Ruleset, seed: int) -> None:
    """take_trick closes a full trick as a game does; give_back_trick undoes it exactly
    (the solver's search depends on both)."""
    game = alsos.Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        s = game.state
        if s.phase is Phase.PLAY and len(s.trick) == len(s.active) - 1 and not s.discards_left:
            seat = s.to_act
            assert seat is not None
            plays = [a for a in game.legal_actions() if isinstance(a, alsos.pack.actions.Play)]
            if plays:
                before = s.copy()
                work = s.copy()
                card = plays[0].card
                work.hands[seat] &= ~(1 << card)
                trick = [*work.trick, (seat, int(card))]
                winner, mask = take_trick(work, trick)
                assert trick_winner(s.key, trick) == (winner, mask)
                assert work.trick_no == s.trick_no + 1 and work.tricks[-1] == tuple(trick)
                assert work.won[winner] == s.won[winner] | mask
                give_back_trick(work, winner, mask)
                work.hands[seat] |= 1 << card
                assert work == before
                return
        game.apply(rng.choice(game.legal_actions()))


def test_playouts_and_the_solver_close_tricks_through_take_trick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Search closes its tricks by the engine's function, not a copy of it.  (Counted
    by patching the modules' globals, which only the pure-Python source looks up at
    each call: CI runs this file on the pure source too.)"""
    if {"alsos.search.playout", "alsos.search.solver"} & set(compiled_modules()):
        pytest.skip("compiled modules call each other directly: patching cannot count it")
    playout = importlib.import_module("alsos.search.playout")
    solver = importlib.import_module("alsos.search.solver")

    calls = []

    def counting(s: HandState, trick: list[tuple[int, int]]) -> tuple[int, int]:
        calls.append(len(trick))
        return take_trick(s, trick)

    monkeypatch.setattr(playout, "take_trick", counting)
    monkeypatch.setattr(solver, "take_trick", counting)
    game = alsos.Game(alsos.load_variant("potter1930"), seed=11)
    while game.trick_no < 1 or game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        game.apply(PASS if PASS in legal else legal[-1])
        if game.is_over:
            pytest.skip("the hand ended before the second trick")
    playout.playout(game, random.Random(1))
    assert calls
    while not game.is_over and game.trick_no < game.rules.hand_size - 3:
        legal = game.legal_actions()
        game.apply(PASS if PASS in legal else legal[-1])
    if game.is_over:
        pytest.skip("the hand ended early")
    calls.clear()
    solver.solve(game)
    assert calls


def test_take_trick_asks_trick_winner_for_the_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule of who wins a trick is stated once: take_trick (every trick of a game,
    a playout or the solver) asks trick_winner rather than a copy of its loop.  (Counted
    on the pure-Python source, as above; CI runs this file on it too.)"""
    if "alsos.hand.tricks" in compiled_modules():
        pytest.skip("compiled modules call each other directly: patching cannot count it")
    tricks = importlib.import_module("alsos.hand.tricks")
    calls = []

    def counting(key: tuple[int, ...], trick: list[tuple[int, int]]) -> tuple[int, int]:
        calls.append(len(trick))
        return trick_winner(key, trick)

    monkeypatch.setattr(tricks, "trick_winner", counting)
    game = alsos.Game(alsos.load_variant("potter1930"), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert len(calls) == len(game.tricks) > 0


def _told_hand_changes(game: alsos.Game, step: drive.Step, hands: list[int]) -> bool:
    """Check the events of ``step`` against the hands before it (``hands``) and after it
    (the game's now); whether a seat took cards from the talon."""
    after = game.state.hands
    took = {e.seat: e for e in step.events if isinstance(e, Took)}
    picked = any(isinstance(e, PickedUp) for e in step.events)
    for seat in game.active:
        gained = after[seat] & ~hands[seat]
        ev = took.get(seat)
        if ev is None:
            assert not gained or picked, step.action  # else only cards played or discarded
            continue
        assert ev.cards is not None
        assert picked or sum(1 << c for c in ev.cards) == gained, step.action
        assert ev.n_cards == len(ev.cards) and set(ev.face_up) <= set(ev.cards)
        for other in game.active:
            seen = ev.seen_by(other)
            if other != seat and len(ev.face_up) < ev.n_cards:
                assert seen.cards is None and seen.face_up == ev.face_up
            else:
                assert seen == ev
    return bool(took)


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_a_hand_changed_outside_play_is_told_by_an_event(rules: Ruleset) -> None:
    """Cards taken from the talon (an exchange, a síber, a draw) come as a ``Took`` made
    where they are taken; the seat sees which, another seat only those that lay face up.
    Every other change of a hand outside play and the pick-up is a discard said.  (The
    terminal narrator reads these instead of comparing a seat's views.)"""
    took_any = False
    for seed in range(8):
        game = alsos.Game(rules, seed=seed)
        before: list[int] = []
        last: drive.Step | None = None
        for step in drive.steps(game, drive.at_random(random.Random(seed))):
            if last is not None:
                took_any |= _told_hand_changes(game, last, before)
            before, last = game.state.hands[:], step
        assert last is not None
        took_any |= _told_hand_changes(game, last, before)
    if rules.id in ("potter1930", "altiansz"):  # a síber or a draw in 8 random hands
        assert took_any, rules.id
