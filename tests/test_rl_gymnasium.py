"""The Gymnasium single-seat environment of alsos.rl, checked by Gymnasium's checker."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import alsos
from alsos.bots import RandomBot
from alsos.rl.gymnasium import AlsosEnv


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("potter1930", {}),
        ("four-player", {"seat": 1}),
        ("tompa", {"opponents": "random"}),
        ("csibor", {"players": 2}),
        ("altiansz", {"opponents": "random"}),
        ("altiansz", {"players": 4, "seat": 3}),
    ],
)
def test_check_env_passes(variant: str, options: dict[str, object]) -> None:
    check_env(AlsosEnv(variant, **options), skip_render_check=True)


def _episode(env: AlsosEnv, seed: int) -> tuple[list[int], float, int]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, reward, done = [], 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated and "illegal_action" not in info
    return actions, reward, len(env.game.history)


def test_reward_is_the_learners_payment_and_seeds_replay() -> None:
    env = AlsosEnv("potter1930", seat=1)
    first = _episode(env, 7)
    assert first[1] == env.game.settlement.payments[1]
    mine = [a for s, a in env.game.history if s == 1]
    assert [env.space.index(a) for a in mine] == first[0]
    assert _episode(env, 7) == first  # the deal and the heuristic bots replay exactly


def test_four_players_the_learner_never_sits_out() -> None:
    env = AlsosEnv("four-player", seat=0)
    for seed in range(8):
        env.reset(seed=seed)
        assert 0 in env.game.active


def test_bots_by_seat_and_illegal_actions() -> None:
    bots = {1: RandomBot(1), 2: RandomBot(2)}
    env = AlsosEnv("potter1930", opponents=bots)
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game.history
    _, reward, done, _, info = env.step(illegal)
    assert done and reward == -1.0 and "illegal_action" in info
    assert env.game.history == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = AlsosEnv("potter1930", illegal_reward=None)
    obs, _ = strict.reset(seed=3)
    with pytest.raises(alsos.IllegalActionError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        AlsosEnv("potter1930", seat=3)
    with pytest.raises(ValueError, match="no bot for seats"):
        AlsosEnv("potter1930", opponents={1: RandomBot()})
    with pytest.raises(ValueError, match="no bot named"):
        AlsosEnv("potter1930", opponents="grandmaster")


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make("alsos/Alsos-v0", variant="tompa")
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == env.observation_space["observation"].shape


def _fresh_python(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter that has imported nothing of alsos."""
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )


def test_make_with_the_module_prefix_needs_no_import_of_alsos() -> None:
    """The documented id ``alsos.rl.gymnasium:alsos/Alsos-v0`` works in a fresh
    interpreter; the bare id needs the module imported first, because Gymnasium
    1.x loads no plugins from entry points (docs/rl.rst says so)."""
    made = _fresh_python(
        "import sys, gymnasium\n"
        "assert 'alsos' not in sys.modules\n"
        "env = gymnasium.make('alsos.rl.gymnasium:alsos/Alsos-v0', variant='tompa')\n"
        "obs, _ = env.reset(seed=1)\n"
        "print(type(env.unwrapped).__name__, obs['action_mask'].sum() > 0)\n"
    )
    assert made.returncode == 0, made.stderr
    assert made.stdout.split() == ["AlsosEnv", "True"]
    bare = _fresh_python("import gymnasium\ngymnasium.make('alsos/Alsos-v0')\n")
    assert bare.returncode != 0 and "NamespaceNotFound" in bare.stderr
