"""Reward scaling for the RL environments (alsos.rl.rewards)."""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("gymnasium")

from drive import at_random, play_out
from profiles import PROFILES

import alsos
from alsos.rl import max_payment
from alsos.rl.gymnasium import AlsosEnv
from alsos.rl.pettingzoo import raw_env
from alsos.rl.rewards import RewardScaleError, payment_bound, reward_scaler

RULESETS = PROFILES


@pytest.mark.parametrize("rules", RULESETS, ids=str)
def test_the_bound_is_tighter_and_random_hands_stay_within_it(rules: alsos.Ruleset) -> None:
    bound = payment_bound(rules)
    assert 0 < bound <= max_payment(rules)
    rng = random.Random(7)
    for seed in range(40):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        play_out(game, at_random(rng))
        assert game.settlement is not None
        assert all(abs(p) <= bound for p in game.settlement.payments.values())


def test_the_bound_is_much_tighter_where_many_figures_share_the_largest_stake() -> None:
    rules = alsos.load_variant("potter1930")
    assert payment_bound(rules) * 2 < max_payment(rules)


def test_the_scales() -> None:
    rules = alsos.load_variant("potter1930")
    bound = payment_bound(rules)
    assert reward_scaler(rules, None)(-96) == -96.0
    assert reward_scaler(rules, 100)(-96) == pytest.approx(-0.96)
    assert reward_scaler(rules, 0.5)(3) == 6.0
    by_bound = reward_scaler(rules, "bound")
    assert by_bound(bound) == 1.0 and by_bound(-bound) == -1.0 and by_bound(0) == 0.0
    log = reward_scaler(rules, "log")
    assert log(bound) == pytest.approx(1.0) and log(-bound) == pytest.approx(-1.0)
    values = [log(p) for p in (-bound, -1000, -10, 0, 10, 1000, bound)]
    assert values == sorted(values) and values[3] == 0.0
    assert log(10) == pytest.approx(-log(-10))
    for bad in (0, -1, math.nan, math.inf, True, "huge", [1]):
        with pytest.raises(RewardScaleError, match="reward_scale"):
            reward_scaler(rules, bad)  # type: ignore[arg-type]


def test_the_environments_scale_their_rewards() -> None:
    def gym_rewards(scale: object) -> list[float]:
        env = AlsosEnv("tompa", opponents="heuristic", reward_scale=scale)  # type: ignore[arg-type]
        out = []
        for seed in range(4):
            obs, _ = env.reset(seed=seed)
            done = False
            rng = random.Random(seed)
            while not done:
                legal = [i for i, m in enumerate(obs["action_mask"]) if m]
                obs, reward, done, _, _ = env.step(rng.choice(legal))
            out.append(reward)
        return out

    raw = gym_rewards(None)
    assert any(raw)
    assert gym_rewards(50) == pytest.approx([r / 50 for r in raw])

    def zoo_reward(scale: object) -> float:
        e = raw_env("tompa", reward_scale=scale)  # type: ignore[arg-type]
        e.reset(seed=3)
        rng = random.Random(3)
        while not e.game.is_over:  # type: ignore[union-attr]
            obs = e.observe(e.agent_selection)
            e.step(rng.choice([i for i, m in enumerate(obs["action_mask"]) if m]))
        return float(e.rewards["seat_0"])

    bound = payment_bound(alsos.load_variant("tompa"))
    assert zoo_reward("bound") == pytest.approx(zoo_reward(None) / bound)
    with pytest.raises(RewardScaleError):
        raw_env("tompa", reward_scale=-3)
    with pytest.raises(RewardScaleError):
        AlsosEnv("tompa", reward_scale="huge")
