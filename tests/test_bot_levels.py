"""The levels for people (alsos.bots.levels): names that make fixed bots."""

from __future__ import annotations

import pytest

import alsos
from alsos.bots import (
    LEVELS,
    BotOptionError,
    HeuristicBot,
    PIMCBot,
    available,
    make,
    make_spec,
    parse_spec,
)
from alsos.pack.actions import Play
from alsos.research.arena import arena
from alsos.research.parallel import play_hand


def test_the_levels_are_bot_names_made_from_their_specs() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    assert set(LEVELS) <= set(available())
    easy, medium, hard, expert = (make_spec(name, seed=4) for name in LEVELS)
    assert isinstance(easy, HeuristicBot) and easy.mistakes == 0.6
    assert isinstance(medium, HeuristicBot) and medium.mistakes == 0.0
    assert isinstance(hard, PIMCBot) and (hard.worlds, hard.budget) == (8, 32)
    assert not hard.inference
    # expert is hard with inference, the one rung measured above it (docs/bots.rst)
    assert isinstance(expert, PIMCBot) and (expert.worlds, expert.budget) == (8, 32)
    assert expert.inference
    assert parse_spec("hard") == ("hard", {})


def test_a_level_takes_only_a_seed() -> None:
    with pytest.raises(BotOptionError, match=r"bot 'hard' has no option 'worlds'.*seed"):
        make("hard", worlds=64)


@pytest.mark.parametrize("mistakes", [-0.1, 1.5])
def test_mistakes_must_be_a_probability(mistakes: float) -> None:
    with pytest.raises(ValueError, match="mistakes must be a probability"):
        HeuristicBot(mistakes=mistakes)


def test_mistakes_change_only_card_play() -> None:
    """With mistakes=1 every choice among cards is random, and no other choice changes:
    the bids and announcements up to the first card are the heuristic's."""
    rules = alsos.load_variant("potter1930")
    differ = 0
    for seed in range(12):
        game = alsos.Game(rules, seed=seed)
        careful, careless = HeuristicBot(seed), HeuristicBot(seed, mistakes=1.0)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            action = careful.choose(view, legal)
            other = careless.choose(view, legal)
            if all(isinstance(a, Play) for a in legal):
                differ += other != action
            else:
                assert other == action, (seed, view.phase)
            game.apply(action)
    assert differ > 20


@pytest.mark.parametrize("vid", ["potter1930", "tompa"])
def test_levels_are_deterministic_with_a_seed(vid: str) -> None:
    rules = alsos.load_variant(vid)
    names = ["easy", "hard", "medium"][: len(alsos.Game(rules, seed=3).active)]
    first, again = (play_hand(rules, 3, names, table=1) for _ in range(2))
    assert first.history == again.history and first.settlement == again.settlement


def test_the_levels_meet_in_the_arena() -> None:
    """A smoke test: the levels play duplicate deals together (no strength claim;
    the ladder is measured in docs/bots.rst)."""
    result = arena("tompa", list(LEVELS), 2, workers=1)
    assert list(result.bots) == list(LEVELS)
    # two seats: each level meets each other level in both seatings of every deal
    assert all(r.hands == 2 * 2 * (len(LEVELS) - 1) for r in result.bots.values())
    assert sum(r.mean.value for r in result.bots.values()) == pytest.approx(0.0)
