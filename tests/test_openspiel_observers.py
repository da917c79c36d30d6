"""alsos.openspiel observers: the information-state tensor is one-to-one with the
information state (issue 23 item 8), and the public/private split of
``IIGObservationType`` (issue 23 item 7)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from open_spiel.python.observation import make_observation

import alsos.openspiel
from alsos.openspiel import GAME_NAME, ObserverTypeError
from alsos.rl import InformationStateEncoder, ObservationEncoder
from tests.profiles import PROFILES

_GAMES: dict[str, pyspiel.Game] = {}


def _game(rules: alsos.Ruleset) -> pyspiel.Game:
    key = str(rules)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game(GAME_NAME, {"variant": key})
    return _GAMES[key]


def _hands(game: pyspiel.Game, seed: int, hands: int):  # type: ignore[no-untyped-def]
    """Every state of ``hands`` random hands of one random deal (the same cards, other
    actions: the histories that end in like observations)."""
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    for _ in range(hands):
        state = game.new_initial_state()
        for card in pack:
            state.apply_action(card)
        while not state.is_terminal():
            yield state
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


@settings(
    max_examples=len(PROFILES) * 2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.sampled_from(PROFILES), st.integers(0, 2**32 - 1))
def test_different_information_states_give_different_tensors(rules, seed) -> None:  # type: ignore[no-untyped-def]
    """Issue 23 item 8: perfect recall in the tensor.  Over random hands of one deal,
    every seat's information-state tensor names one information-state string (the
    same passes in another order, a kontra said by another seat, the same tricks in
    another order all used to give the same observation vector)."""
    game = _game(rules)
    seen: dict[bytes, str] = {}
    for state in _hands(game, seed, 3):
        for seat in range(game.num_players()):
            key = np.asarray(state.information_state_tensor(seat), np.float32).tobytes()
            text = state.information_state_string(seat)
            assert seen.setdefault(key, text) == text, (rules, seat)


def _observer(game: pyspiel.Game, *, recall: bool = False, public: bool, private: str):  # type: ignore[no-untyped-def]
    kind = getattr(pyspiel.PrivateInfoType, private)
    return make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=kind),
    )


_PER_SEAT = {"seat", "unseen"}  # who observes, and how many face-down cards it holds


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz", "csibor[players=4]"])
def test_a_public_observer_sees_what_every_seat_sees(variant: str) -> None:
    """Issue 23 item 7: ``private_info=NONE`` leaves the seat's cards out.  Every seat's
    public tensor holds no card in ``hand`` and agrees with every other seat's on every
    field but who observes (own face-down discards and hidden bids are not in it
    either); the public strings agree but for the seat they name and hold no hand."""
    game = pyspiel.load_game(GAME_NAME, {"variant": variant})
    public = _observer(game, public=True, private="NONE")
    full = _observer(game, public=True, private="SINGLE_PLAYER")
    for state in _hands(game, 5, 2):
        if state.is_terminal():
            continue
        tensors, strings = [], set()
        for seat in range(game.num_players()):
            public.set_from(state, seat)
            assert not public.dict["hand"].any()
            tensors.append({k: v.copy() for k, v in public.dict.items() if k not in _PER_SEAT})
            text = public.string_from(state, seat)
            assert "hand" not in text and "legal" not in text
            strings.add(text.split("\n", 1)[-1])
            full.set_from(state, seat)
            assert set(full.dict) == set(public.dict)  # the same fields, fewer ones
        assert len(strings) == 1
        for other in tensors[1:]:
            for name, value in other.items():
                assert np.array_equal(value, tensors[0][name]), name


def test_a_private_observer_sees_the_seat_and_its_hand_only() -> None:
    """Issue 23 item 7: ``public_info=False`` with ``SINGLE_PLAYER``: the seat and its
    cards; with ``NONE`` as well, nothing."""
    game = pyspiel.load_game(GAME_NAME, {"variant": "potter1930"})
    private = _observer(game, public=False, private="SINGLE_PLAYER")
    nothing = _observer(game, public=False, private="NONE")
    for state in _hands(game, 2, 1):
        if state.is_terminal():
            break
        for seat in range(3):
            private.set_from(state, seat)
            view = state.game.view(seat)
            assert set(private.dict) == {"seat", "hand"}
            assert np.flatnonzero(private.dict["seat"]).tolist() == [seat]
            assert np.flatnonzero(private.dict["hand"]).tolist() == sorted(view.hand)
            text = private.string_from(state, seat)
            assert text == f"seat {seat}; hand " + " ".join(c.name for c in view.hand)
            nothing.set_from(state, seat)
            assert nothing.tensor.size == 0 and nothing.string_from(state, seat) == ""


@pytest.mark.parametrize(
    ("recall", "public", "private"),
    [
        (False, True, "ALL_PLAYERS"),
        (True, True, "ALL_PLAYERS"),
        (True, True, "NONE"),
        (True, False, "SINGLE_PLAYER"),
    ],
)
def test_observation_types_not_provided_are_refused(
    recall: bool, public: bool, private: str
) -> None:
    """Issue 23 item 7: every seat's cards (ALL_PLAYERS) and perfect recall of less
    than the whole information state are refused, with a ValueError naming them."""
    game = pyspiel.load_game(GAME_NAME, {"variant": "tompa"})
    with pytest.raises(ObserverTypeError, match=r"not supported|only"):
        _observer(game, recall=recall, public=public, private=private)


def test_the_default_observers_are_the_rl_encoders() -> None:
    """The observation tensor is the PettingZoo/Gymnasium one; the information state's
    starts with it (the encoders' public API is unchanged)."""
    game = pyspiel.load_game(GAME_NAME, {"variant": "potter1930"})
    obs = ObservationEncoder(game.rules)
    info = InformationStateEncoder(game.rules)
    assert info.shape[0] > obs.shape[0]
    assert info.fields[: len(obs.fields)] == obs.fields
    for state in _hands(game, 3, 1):
        if state.is_terminal():
            continue
        view = state.game.view(0)
        vector = obs.encode(view)
        assert np.array_equal(np.asarray(state.observation_tensor(0), np.float32), vector)
        full = np.asarray(state.information_state_tensor(0), np.float32)
        assert full.shape == info.shape and np.array_equal(full[: obs.shape[0]], vector)


def test_an_information_state_longer_than_the_recall_field_raises() -> None:
    """The recall field is never cut short: a longer history raises (two information
    states that differ only past the cut would share a tensor)."""
    import attrs

    from alsos.rl import RecallOverflowError

    rules = alsos.load_variant("tompa")
    encoder = InformationStateEncoder(rules)
    game = alsos.Game(rules, seed=1)
    game.apply(game.legal_actions()[0])
    view = game.view(0)
    length = encoder.split(np.zeros(encoder.shape, np.float32))["recall"].size
    long = attrs.evolve(view, history=view.history * (length + 1))
    with pytest.raises(RecallOverflowError, match="holds"):
        encoder.encode(long, view.hand, ())
