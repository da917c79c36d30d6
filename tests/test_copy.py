"""Copies of a game are independent, equal, and complete.

``game.copy()`` (and ``copy.copy``, ``copy.deepcopy``, pickling) must give a
game in the same position that plays on by itself: whatever one does, the
other does not see.  The hypothesis test walks random positions of every
shipped profile at every player count, copies, plays the copy to the end and
checks the original is exactly as it was, then plays the original with the
same choices and requires the same history and settlement.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from drive import Step, at_random, play_out, steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos.hand.items import Item
from alsos.hand.state import FIELDS, ModuleState

COPY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _walk(game: alsos.Game, rng: random.Random, steps: int) -> None:
    play_out(game, at_random(rng), stop_after=steps)


def _finish(game: alsos.Game, rng: random.Random) -> list[str]:
    return [str(step.action) for step in play_out(game, at_random(rng))]


def _snapshot(game: alsos.Game) -> tuple[object, ...]:
    """What a program can observe of a game: legal actions, every view, history, result."""
    views = tuple(game.view(seat) for seat in range(game.players))
    return (
        game.legal_actions(),
        views,
        game.history,
        str(game.settlement),
        game.state.key_fields(),
    )


@COPY
@given(
    rules=st.sampled_from(PROFILES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 200),
    choices=st.integers(0, 10**6),
    how=st.sampled_from(["copy", "copy.copy", "copy.deepcopy", "pickle"]),
)
def test_a_copy_plays_on_by_itself(
    rules: alsos.Ruleset, seed: int, steps: int, choices: int, how: str
) -> None:
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    _walk(game, random.Random(seed), steps)
    twin = {
        "copy": game.copy,
        "copy.copy": lambda: copy.copy(game),
        "copy.deepcopy": lambda: copy.deepcopy(game),
        "pickle": lambda: pickle.loads(pickle.dumps(game)),
    }[how]()
    before = _snapshot(game)
    assert twin == game
    assert _snapshot(twin) == before

    played = _finish(twin, random.Random(choices))
    assert _snapshot(game) == before, "playing the copy changed the original"

    assert _finish(game, random.Random(choices)) == played
    assert game.history == twin.history
    assert game.settlement == twin.settlement
    assert game == twin


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_the_original_playing_on_leaves_the_copy_alone(rules: alsos.Ruleset) -> None:
    """The other direction, at every step of whole hands: the copy keeps its position."""
    copies: list[tuple[alsos.Game, tuple[object, ...]]] = []

    def copy_kept(_game: alsos.Game, _step: Step) -> None:
        twin, kept = copies[-1]  # the copy made just before this step
        assert _snapshot(twin) == kept

    for seed in range(6):
        game = alsos.Game(rules, seed=seed)
        for _ in steps(game, at_random(random.Random(seed)), after=copy_kept):
            twin = game.copy()
            copies.append((twin, _snapshot(twin)))


def test_every_mutable_slot_is_copied() -> None:
    """A list, set or dict in the hand state is never shared by a copy, except the two
    documented shares: figure candidates (never changed once built) and the items
    (copied on the first change, by either side)."""
    shared_by_design = {"figure_candidates", "items"}
    rules = alsos.load_variant("house")
    for seed in range(30):
        game = alsos.Game(rules, seed=seed)
        for _ in steps(game, at_random(random.Random(seed))):
            s = game.state
            twin = s.copy()
            for name in FIELDS:
                value = getattr(s, name)
                if isinstance(value, (list, set, dict)) and name not in shared_by_design:
                    assert getattr(twin, name) is not value, name
                if isinstance(value, ModuleState):
                    assert getattr(twin, name) is not value, name


def test_items_are_copied_before_either_side_changes_them() -> None:
    rules = alsos.load_variant("potter1930")
    game = alsos.Game(rules, deal=None, seed=4)
    game.apply("accept")
    game.apply("pass")  # the declarer; the defenders may now kontra the game
    twin = game.copy()
    assert twin.state.items is game.state.items  # shared until a change
    game.apply("kontra game")
    assert [i.level for i in game.state.items] == [1]
    assert [i.level for i in twin.state.items] == [0]
    twin.apply("kontra game")
    assert [i.level for i in twin.state.items] == [1]
    assert game.state.items[0] is not twin.state.items[0]


def test_item_copy_copies_every_field() -> None:
    item = Item("ultimo", 1, 1, 2, front=True, front_multiplier=2)
    item.raise_(0, True, 4, 2)
    item.boost("kassza", 2)
    item.call, item.forced, item.stamp = 4, True, 9
    twin = item.copy()
    assert twin == item
    twin.raise_(1, False, 4, 2)
    twin.boosts.append(("x", 3))
    assert item.level == 1 and len(item.boosts) == 1


def test_copy_is_a_game_of_the_same_ruleset_and_engine() -> None:
    rules = alsos.load_variant("tompa")
    game = alsos.Game(rules, seed=1)
    twin = game.copy()
    assert twin.rules is rules
    assert twin.engine is game.engine
    assert twin.state is not game.state
    assert repr(twin) == repr(game)


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_the_position_key_is_a_hashable_snapshot(rules: alsos.Ruleset) -> None:
    """key_fields() hashes, does not change as play goes on, and tells apart every
    two positions of a hand (found in review: open meld contests, shared module
    memory)."""
    for seed in range(6):
        game = alsos.Game(rules, seed=seed)
        seen: dict[object, int] = {}
        for _ in steps(game, at_random(random.Random(seed))):
            key = game.state.key_fields()
            hash(key)
            assert key not in seen, (seed, len(game.history), seen.get(key))
            seen[key] = len(game.history)
        # The keys stored along the way still describe their positions afterwards.
        replay = alsos.Game(rules, seed=seed)
        for ply, (_, action) in enumerate(game.history):
            if ply % 7 == 0:
                assert seen[replay.state.key_fields()] == ply
            replay.apply(action)


def test_the_position_key_tells_apart_who_drew_which_talon_cards() -> None:
    """Two states alike but for which cards a seat drew from the talon (altiansz,
    "Bidding and use of the Talon") are different positions: the drawer's view differs
    (found in review)."""
    game = alsos.Game(alsos.load_variant("altiansz"), seed=3)
    other = game.copy()
    other.state.takes = ((0, (1, 2), 0),)
    assert game.state.takes != other.state.takes
    assert game.state.key_fields() != other.state.key_fields()
    assert game.state != other.state
