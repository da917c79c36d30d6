"""The PettingZoo AEC environment of alsos.rl, checked by PettingZoo's own tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import alsos
from alsos.rl.pettingzoo import env, raw_env


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("potter1930", {}),
        ("four-player", {}),
        ("tompa", {}),
        ("csibor", {"players": 4}),
        ("altiansz", {}),
        ("altiansz", {"players": 4}),
    ],
)
# PettingZoo warns about every Dict observation with an action mask (its classic games too).
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_api_test_passes(variant: str, options: dict[str, object]) -> None:
    api_test(env(variant, **options), num_cycles=400)


def test_seeded_reset_is_reproducible() -> None:
    seed_test(lambda: env("potter1930", dealer=None), num_cycles=300)


def _play(e, rng):  # type: ignore[no-untyped-def]
    total = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1
    return total, steps


def test_rewards_are_the_payments_of_the_hand() -> None:
    rng = np.random.default_rng(5)
    e = raw_env("potter1930")
    for seed in range(5):
        e.reset(seed=seed)
        total, steps = _play(e, rng)
        game = e.game
        assert game.is_over and steps == len(game.history)
        assert total == {f"seat_{s}": float(p) for s, p in game.settlement.payments.items()}
        assert sum(total.values()) == 0


def test_same_seed_same_deal_and_observations() -> None:
    a, b = raw_env("house"), raw_env("house")
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game.deal == b.game.deal
    agent = a.agent_selection
    oa, ob = a.observe(agent), b.observe(agent)
    assert np.array_equal(oa["observation"], ob["observation"])
    a.reset(seed=12)
    assert a.game.deal != b.game.deal


def test_action_mask_is_the_legal_actions() -> None:
    e = raw_env("club")
    e.reset(seed=2)
    obs = e.observe(e.agent_selection)
    legal = [e.space[int(i)] for i in np.flatnonzero(obs["action_mask"])]
    assert set(legal) == set(e.game.legal_actions())


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="dealer"):
        raw_env("potter1930", dealer=3)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("potter1930", render_mode="rgb_array")
    with pytest.raises(alsos.ProfileError):
        raw_env("potter1930", players=7)
    e = raw_env("potter1930")
    e.reset(seed=1)
    before = e.game.history
    illegal = next(i for i, m in enumerate(e.observe(e.agent_selection)["action_mask"]) if not m)
    with pytest.raises(alsos.IllegalActionError):
        e.step(illegal)
    assert e.game.history == before


def test_render_ansi_shows_the_view() -> None:
    e = raw_env("potter1930", render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    assert text is not None and "hand:" in text and "legal:" in text


@pytest.mark.parametrize(
    ("variant", "options", "opponents"),
    [
        ("potter1930", {}, {1: "heuristic", 2: "random"}),
        ("four-player", {"dealer": None}, {1: "heuristic", 2: "heuristic", 3: "random"}),
        ("tompa", {}, {0: "quiet"}),
    ],
)
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_api_test_passes_with_builtin_opponents(
    variant: str, options: dict[str, object], opponents: dict[int, str]
) -> None:
    e = env(variant, opponents=opponents, **options)
    api_test(e, num_cycles=300)
    seed_test(lambda: env(variant, opponents=opponents, **options), num_cycles=200)


def test_opponents_play_their_seats_and_agents_are_paid() -> None:
    e = raw_env("potter1930", opponents={1: "heuristic", 2: "heuristic"}, dealer=None)
    assert e.possible_agents == ["seat_0"]
    rng = np.random.default_rng(0)
    for seed in range(5):
        e.reset(seed=seed)
        acted = 0
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            assert agent == "seat_0"
            if terminated or truncated:
                e.step(None)
                continue
            assert e.game is not None and e.game.to_act == 0  # never asked for a bot's seat
            acted += 1
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert acted > 0
        assert e.game is not None and e.game.settlement is not None
        assert reward == e.game.settlement.payments[0]
        assert {seat for seat, _ in e.game.history} >= {1, 2}


def test_opponents_are_checked() -> None:
    with pytest.raises(ValueError, match="not a seat"):
        raw_env("potter1930", opponents={3: "random"})
    with pytest.raises(ValueError, match="no bot named"):
        raw_env("potter1930", opponents={1: "grandmaster"})
    with pytest.raises(ValueError, match="every seat is a bot"):
        raw_env("tompa", opponents={0: "random", 1: "random"})
    lonely = raw_env("four-player", opponents={1: "random", 2: "random", 3: "random"})
    with pytest.raises(ValueError, match="sit out"):
        lonely.reset(seed=1)  # seat 0 deals every hand and never plays


def test_there_is_no_parallel_env() -> None:
    """Seats act one at a time in an order play decides, so PettingZoo's conversion
    to a parallel env (every agent once per cycle) refuses it."""
    from pettingzoo.utils.conversions import aec_to_parallel

    assert raw_env("potter1930").metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(raw_env("potter1930"))
