"""alsos.rl.agent: an RL agent as a bot sees exactly what the PettingZoo environment
gives it, and can be rated by ``alsos bench`` from a file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from alsos.bots import BotError  # noqa: E402
from alsos.rl.agent import AgentBot  # noqa: E402
from alsos.rl.pettingzoo import raw_env  # noqa: E402


def test_the_bot_gives_the_agent_what_the_environment_observes() -> None:
    """At every turn of a hand played through PettingZoo, the AgentBot's observation
    of the acting seat's view equals the environment's ``observe`` -- the agent is
    given the same arrays either way."""
    env = raw_env("tompa")
    env.reset(seed=4)
    bot = AgentBot(lambda obs: 0)
    rng = random.Random(7)
    turns = 0
    for _agent in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        game = env._game()  # the hand under way, to ask the bot as a seat would
        seat = game.to_act
        legal = game.legal_actions()
        mine = bot.observation(game.view(seat), legal)
        assert np.array_equal(mine["observation"], obs["observation"])
        assert np.array_equal(mine["action_mask"], obs["action_mask"])
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
        turns += 1
    assert turns > 10


def test_an_agent_that_breaks_the_mask_is_refused() -> None:
    import alsos

    game = alsos.Game(alsos.load_variant("tompa"), seed=1)
    legal = game.legal_actions()
    view = game.view(game.to_act)
    masked_out = next(
        i
        for i, ok in enumerate(AgentBot(lambda o: 0).observation(view, legal)["action_mask"])
        if not ok
    )
    with pytest.raises(BotError, match="not legal"):
        AgentBot(lambda o: masked_out).choose(view, legal)
    with pytest.raises(BotError, match="not an action index"):
        AgentBot(lambda o: "first").choose(view, legal)


def test_an_agent_is_rated_on_the_benchmark_from_a_file(tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    from alsos.research.bench import bench

    (tmp_path / "agent.py").write_text(
        "import numpy as np\n"
        "from alsos.rl.agent import AgentBot\n"
        "def make(seed=None):\n"
        "    return AgentBot(lambda obs: int(np.flatnonzero(obs['action_mask'])[-1]))\n"
    )
    r = bench(
        f"{tmp_path / 'agent.py'}:make", "tompa", boards_count=3, workers=1, against=["medium"]
    )
    assert r.versus["medium"].difference.n == 3 and r.decision_ms >= 0
