"""Game.view reads its fields when first asked for; it must still be the position it was
taken in: every field equal to the eager :func:`alsos.play.view.make_view` of that moment,
whatever was applied since and whichever fields were read before."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence

import attrs
import pytest
from drive import Policy, play_out

import alsos
from alsos.pack.actions import Action
from alsos.play.view import View, make_view

FIELDS = [a.name for a in attrs.fields(View)]


def _looking(rng: random.Random, kept: list[tuple[View, View]]) -> Policy:
    """Random play that first takes a random seat's view, reads a few of its fields, and
    keeps it with an eagerly built view of the same position."""

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        seat = rng.choice(game.active)
        view = game.view(seat)
        for name in rng.sample(FIELDS, rng.randrange(4)):
            getattr(view, name)  # some fields read now, the rest after later actions
        kept.append((view, make_view(game.engine, game.state, seat)))
        return rng.choice(legal)

    return choose


@pytest.mark.parametrize("variant", ["potter1930", "csibor", "altiansz", "house"])
def test_a_view_stays_the_position_it_was_taken_in(variant: str) -> None:
    rules = alsos.load_variant(variant)
    for seed in range(6):
        rng = random.Random(seed)
        game = alsos.Game(rules, seed=seed)
        kept: list[tuple[View, View]] = []
        play_out(game, _looking(rng, kept))
        for lazy, eager in kept[:: max(1, len(kept) // 15)]:
            assert {n: getattr(lazy, n) for n in FIELDS} == {n: getattr(eager, n) for n in FIELDS}
            assert lazy == eager


def test_a_lazy_view_pickles_copies_and_converts_as_an_eager_one() -> None:
    game = alsos.Game(alsos.load_variant("potter1930"), seed=3)
    rng = random.Random(3)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    eager = make_view(game.engine, game.state, 1)
    for clone in (
        lambda v: pickle.loads(pickle.dumps(v)),
        copy.copy,
        copy.deepcopy,
        lambda v: alsos.from_data(View, alsos.to_data(v)),
    ):
        assert clone(game.view(1)) == eager
    assert "_source" not in pickle.dumps(game.view(1)).decode("latin-1")
    assert repr(game.view(1)) == repr(eager)
    assert attrs.evolve(game.view(1), trump=2) == attrs.evolve(eager, trump=2)


def test_a_view_has_no_other_attributes() -> None:
    view = alsos.Game(alsos.load_variant("potter1930"), seed=1).view(0)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        view.nonsense  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 2  # type: ignore[misc]


def _thirty_steps_in() -> tuple[alsos.Game, random.Random, int]:
    """A potter1930 hand 30 random steps in, its generator, and the seat to act."""
    game = alsos.Game(alsos.load_variant("potter1930"), seed=5)
    rng = random.Random(5)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_act
    assert seat is not None
    return game, rng, seat


def test_a_lazy_view_without_history_equals_the_eager_one_without() -> None:
    """What a PIMC playout hands the heuristic: lazy_view(history=False) is
    make_view(history=False), the history empty and every other field read."""
    from alsos.play.view import lazy_view

    game, _, seat = _thirty_steps_in()
    lazy = lazy_view(game.engine, game.state, seat, history=False)
    assert lazy.history == ()
    assert lazy == make_view(game.engine, game.state, seat, history=False)
    assert lazy != make_view(game.engine, game.state, seat)


def test_a_held_view_is_not_read_when_the_hand_moves_on() -> None:
    """A view still held at the next apply keeps a copy of the hand rather than reading
    every field then (the public history was walked at every step of a bot loop that
    held its view): no field is read until asked for, and each is the position's."""
    game, rng, seat = _thirty_steps_in()
    view = game.view(seat)
    view.hand  # noqa: B018 -- one field read before the hand moves on
    eager = make_view(game.engine, game.state, seat)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            break
    unread = set(FIELDS) - set(view.__dict__)
    assert {"history", "items", "legal", "tricks"} <= unread  # settled without reading them
    assert view.__dict__["_source"][1] is not game.state  # but from a copy of the hand
    assert view == eager
    assert pickle.loads(pickle.dumps(view)) == eager
