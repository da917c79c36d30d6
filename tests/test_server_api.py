"""What a game server relies on: turn checks, a read-only history, wire data, events,
views that show what the settlement will count, and errors that cross processes."""

from __future__ import annotations

import concurrent.futures
import pickle
import random
from collections.abc import Sequence

import attrs
import pytest
from drive import at_random, play_out, steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos import IllegalActionError, ProfileError, Record, RecordError
from alsos.hand.events import (
    EVENT_TYPES,
    HandOver,
    ItemChanged,
    PhaseChanged,
    Played,
    Said,
    TrickWon,
)
from alsos.pack.actions import Action, Discard

POTTER = alsos.load_variant("potter1930")
SERVER = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _hand(rules: alsos.Ruleset, seed: int) -> tuple[alsos.Game, list[tuple[object, ...]]]:
    """A whole random hand, with the events each action returned."""
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    returned = [step.events for step in play_out(game, at_random(random.Random(seed)))]
    return game, list(returned)


# ----------------------------------------------------------------- turns


def test_apply_with_the_wrong_seat_is_refused_and_changes_nothing() -> None:
    game = alsos.Game(POTTER, seed=3)
    before = game.copy()
    with pytest.raises(IllegalActionError, match="not seat 2's turn: it is seat 1's turn"):
        game.apply("pass", seat=2)
    assert game == before
    game.apply("pass", seat=1)
    assert game.to_act == 2


def test_apply_with_a_seat_after_the_hand_is_over() -> None:
    game, _ = _hand(POTTER, 1)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        game.apply("pass", seat=0)


def test_the_history_cannot_be_changed_from_outside() -> None:
    game = alsos.Game(POTTER, seed=3)
    game.apply("pass")
    history = game.history
    assert isinstance(history, tuple)
    with pytest.raises(AttributeError):
        game.history = ()  # type: ignore[misc]
    assert game.history == ((1, alsos.parse_action("pass")),)


# ------------------------------------------------------------------- events


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_events_tell_the_whole_hand(rules: alsos.Ruleset) -> None:
    """Replaying only the events gives each trick, each item's last value and the result."""
    for seed in range(8):
        game, returned = _hand(rules, seed)
        events = [e for batch in returned for e in batch]
        assert all(isinstance(e, EVENT_TYPES) for e in events)
        # Each action's first event is the action itself, in history order.
        firsts = [batch[0] for batch in returned]
        assert [(e.seat, e.action if isinstance(e, Said) else alsos.pack.actions.Play(e.card))
                for e in firsts] == list(game.history)  # fmt: skip
        tricks = [e for e in events if isinstance(e, TrickWon)]
        assert [t.winner for t in tricks] == list(game.trick_winners)
        assert [tuple((s, int(c)) for s, c in t.cards) for t in tricks] == list(game.tricks)
        last_value: dict[tuple[str, int], int] = {}
        for e in events:
            if isinstance(e, ItemChanged):
                last_value[(e.label, e.owner)] = e.value
        st = game.settlement
        assert st is not None
        for entry in st.entries:
            if entry.label == "klopitzky":
                continue
            key = (entry.label, entry.seat)
            assert last_value[key] == entry.value, (seed, key)  # calls and switches included
        assert isinstance(events[-1], HandOver) and events[-1].settlement == st
        assert events[-2] == PhaseChanged(alsos.Phase.OVER, None)
        phases = [e.phase for e in events if isinstance(e, PhaseChanged)]
        assert phases[-1] is alsos.Phase.OVER


def test_listeners_get_every_event_and_can_unsubscribe() -> None:
    game = alsos.Game(POTTER, seed=9)
    got: list[object] = []
    stop = game.subscribe(got.append)
    rng = random.Random(2)
    returned = []
    for _ in range(20):
        returned.extend(game.apply(rng.choice(game.legal_actions())))
    assert got == returned
    stop()
    game.apply(game.legal_actions()[0])
    assert got == returned
    assert game.copy()._listeners == []  # a copy is a new game without listeners


@SERVER
@given(rules=st.sampled_from(PROFILES), seed=st.integers(0, 10**6))
def test_events_never_carry_hidden_cards_to_a_seat_that_may_not_see_them(
    rules: alsos.Ruleset, seed: int
) -> None:
    """What each seat is sent, event by event, matches its view's history: another
    seat's síber discard or hidden bid never reaches it."""
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    sent: dict[int, list[str]] = {s: [] for s in range(rules.players)}
    for step in play_out(game, at_random(random.Random(seed))):
        for event in step.events:
            for seat in range(rules.players):
                seen = event.seen_by(seat)
                assert seen.visible_to(seat)
                if isinstance(seen, Said):
                    # A seat sees its own private action in full, the others the public text.
                    own = seen.private and seen.action is not None
                    sent[seat].append(str(seen.action) if own else seen.public)
                    if seen.action is not None and seen.seat != seat:
                        assert not isinstance(seen.action, Discard)
                elif isinstance(seen, Played):
                    sent[seat].append(str(seen.card))
    for seat in range(rules.players):
        assert sent[seat] == [step.text for step in game.view(seat).history]


def test_a_discard_is_private_to_its_seat() -> None:
    event = Said(1, Discard(alsos.Card.parse("Z8")), "discard", True)
    assert event.visible_to(1) and not event.visible_to(0)
    assert event.seen_by(0) == Said(1, None, "discard", True)
    assert event.seen_by(1) is event


# -------------------------------------------------------------------- views


def test_view_items_carry_the_settlements_labels_and_values() -> None:
    for rules in PROFILES:
        for seed in range(6):
            game, _ = _hand(rules, seed)
            st = game.settlement
            assert st is not None
            if st.contract in ("klopitzky", "thrown in"):
                continue
            items = game.view(0).items
            assert [(i.label, i.seat, i.value) for i in items] == [
                (e.label, e.seat, e.value) for e in st.entries
            ]


def test_view_shows_completed_tricks() -> None:
    game, _ = _hand(POTTER, 4)
    view = game.view(1)
    assert len(view.tricks) == len(game.tricks)
    for n, trick in enumerate(view.tricks):
        assert trick.number == n + 1
        assert trick.leader == game.tricks[n][0][0]
        assert trick.winner == game.trick_winners[n]


def _to_a_call(seed: int, rng: random.Random) -> alsos.Game:
    """A potter1930 hand played eagerly to a call (accept, call) and quietly otherwise,
    stopped when the call is to be answered (or at the end, if none came)."""
    game = alsos.Game(POTTER, seed=seed)

    def eager_to_call(_game: alsos.Game, legal: Sequence[Action]) -> Action:
        eager = [a for a in legal if str(a) in ("gyerunk", "accept")]
        quiet = [a for a in legal if str(a) == "pass" or isinstance(a, alsos.pack.actions.Play)]
        return eager[0] if eager else rng.choice(quiet or list(legal))

    play_out(game, eager_to_call, until=lambda g: g.phase is alsos.Phase.CALL)
    return game


def test_view_shows_the_stakes_of_a_pending_call() -> None:
    """pagat, "Calling": conceding pays the present stake; playing on doubles it."""
    rng = random.Random(0)
    for seed in range(400):
        game = _to_a_call(seed, rng)
        if game.phase is alsos.Phase.CALL:
            view = game.view(game.to_act)  # type: ignore[arg-type]
            game_value = view.items[0].value
            assert view.call_stakes == (game_value, 2 * game_value)
            return
    pytest.fail("no call in 400 hands")


# ---------------------------------------------------------------- wire data


# Round trips and the JSON shape of the wire data: tests/test_data.py.


def test_a_view_is_attrs_data() -> None:
    """attrs.asdict works on a view (the README's promise)."""
    game = alsos.Game(POTTER, seed=2)
    data = attrs.asdict(game.view(1))
    assert data["seat"] == 1 and data["phase"] is alsos.Phase.BIDDING


# ------------------------------------------------------------------- errors


def _raise(kind: str) -> None:
    if kind == "illegal":
        alsos.Game(POTTER, seed=1).apply("MA")
    elif kind == "profile":
        alsos.load_variant("no-such-variant")
    elif kind == "record":
        Record.loads("")
    else:
        alsos.parse_action("anounce x")


@pytest.mark.parametrize("kind", ["illegal", "profile", "record", "parse"])
def test_every_public_error_pickles_with_its_message_and_fields(kind: str) -> None:
    with pytest.raises(ValueError) as info:
        _raise(kind)
    err = info.value
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is type(err)
    assert str(again) == str(err)
    assert vars(again) == vars(err)


def test_a_worker_process_can_raise_each_error() -> None:
    """No BrokenProcessPool: the error arrives in the parent as itself."""
    expected = {
        "illegal": IllegalActionError,
        "profile": ProfileError,
        "record": RecordError,
        "parse": alsos.ActionParseError,
    }
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool:
        for kind, cls in expected.items():
            with pytest.raises(cls):
                pool.submit(_raise, kind).result(timeout=60)


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_copied_pickled_and_rebuilt_actions_act_like_the_originals(rules: alsos.Ruleset) -> None:
    """An action that arrives from another process (pickled), from ``copy``, or built
    afresh is applied by value: the hand goes exactly as with the shared instances."""
    import copy as copying

    rebuild = [
        lambda a: pickle.loads(pickle.dumps(a)),
        copying.deepcopy,
        lambda a: type(a)(*a.__getnewargs__()),
    ]
    for seed in range(12):
        plain = alsos.Game(rules, seed=seed)
        foreign = alsos.Game(rules, seed=seed)
        played, twins = [], []
        for n, step in enumerate(steps(plain, at_random(random.Random(seed)))):
            played.append(step)
            twin = rebuild[n % 3](step.action)
            assert twin == step.action
            assert twin is not step.action or isinstance(twin, type(step.action))
            twins.append(foreign.apply(twin))
        assert [step.events for step in played] == twins  # each action's events alike
        assert foreign.history == plain.history
        assert foreign.settlement == plain.settlement


@pytest.mark.parametrize("answer", ["play on", "concede"])
def test_answering_a_call_reports_the_items_new_stake(answer: str) -> None:
    """pagat, "Calling": playing on doubles the game; conceding settles it at the present
    stake.  Either way an ItemChanged says what the game is now worth."""
    rng = random.Random(0)
    for seed in range(400):
        game = _to_a_call(seed, rng)
        if game.phase is not alsos.Phase.CALL or answer not in map(str, game.legal_actions()):
            continue
        before = game.view(0).items[0].value
        events = game.apply(answer)
        changed = [e for e in events if isinstance(e, ItemChanged)]
        assert changed and changed[0].label == "game"
        assert changed[0].value == (2 * before if answer == "play on" else before)
        assert changed[0].value == game.view(0).items[0].value
        return
    pytest.fail("no call in 400 hands")
