"""One public observer (alsos.play.view.public_view): what every seat knows of a hand.

A spectator at the web table, the RL and OpenSpiel public observers and
``Game.public_view`` are one function of the hand, read field by field as a
seat's view is (the same readers), for no seat.  Its no-leak property -- two
deals that give a seat the same view give the same public view -- is in
tests/test_no_leaks.py with every other form a seat is given.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos.play.view import PUBLIC, View, make_view

#: The fields a seat's view has of its own: everything else is what every seat knows.
_OWN = {"seat", "hand", "unseen_count", "legal", "history", "taken"}


def _position(rules: alsos.Ruleset, seed: int, steps: int) -> alsos.Game:
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(PROFILES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 80),
)
def test_the_public_view_is_what_every_seat_s_view_shares(
    rules: alsos.Ruleset, seed: int, steps: int
) -> None:
    game = _position(rules, seed, steps)
    public = game.public_view()
    assert public.seat == PUBLIC == -1
    assert public.hand == () and public.legal == () and public.unseen_count == 0
    assert list(public.history) == game.public_history()
    views = [game.view(k) for k in range(rules.players)]
    for field in attrs.fields(View):
        if field.name not in _OWN:  # the same in every seat's view, and in the public one
            assert all(getattr(v, field.name) == getattr(public, field.name) for v in views)
    # of the talon cards taken into hands, those every seat saw go (the face-up ones)
    for i, (taker, cards) in enumerate(public.taken):
        assert all(v.taken[i][0] == taker for v in views)
        assert set(cards) == set.intersection(*(set(v.taken[i][1]) for v in views))


def test_a_public_view_for_a_seat_differs_only_in_its_label() -> None:
    game = _position(alsos.load_variant("potter1930"), 3, 20)
    assert attrs.evolve(game.public_view(1), seat=-1) == game.public_view()


def test_a_spectator_and_the_openspiel_public_observer_see_the_public_view() -> None:
    """The web spectator's frame and the OpenSpiel public observation are made from
    ``Game.public_view``, not from a seat's view with parts blanked."""
    pytest.importorskip("starlette", reason="needs the web extra")
    from alsos.web.messages import state_frame

    game = _position(alsos.load_variant("potter1930"), 5, 25)
    assert state_frame(game, -1)["view"] == alsos.to_data(game.public_view())
    ospiel = pytest.importorskip("alsos.openspiel", reason="needs the openspiel extra")
    spiel = ospiel.AlsosGame({"variant": "potter1930"})
    state = spiel.new_initial_state()
    state.game = game
    observer = ospiel.AlsosObserver(spiel, perfect_recall=False, public=True, private=False)
    text = observer.string_from(state, 2)
    assert text.startswith(str(game.public_view(2)).split("\n")[0])
    assert "hand:" not in text


def test_a_seat_s_view_is_for_a_seat() -> None:
    """The public view is asked for by name; asking a seat's view of seat -1 is refused,
    not answered with some seat's cards."""
    game = _position(alsos.load_variant("tompa"), 7, 15)
    with pytest.raises(ValueError, match="not at this"):
        game.view(PUBLIC)
    with pytest.raises(ValueError, match="not at this"):
        make_view(game._eng, game.state, PUBLIC)
