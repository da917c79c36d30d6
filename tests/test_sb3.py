"""alsos.rl.sb3: a MaskablePPO policy as an alsos bot (the ``ppo`` bot of ``alsos arena``).

Needs the ``train`` extra (PyTorch, Stable-Baselines3, sb3-contrib); skipped without it.
The policy here is tiny and untrained: the adapter's job is to feed it the view as the
environment does and to play only legal actions, which an untrained policy tests best.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib")

import gymnasium
import sb3_contrib
from drive import play_out

import alsos
from alsos.bots import available, make_spec
from alsos.rl.sb3 import PolicyBot, PolicyBotError

ENV_ID = "alsos.rl.gymnasium:alsos/Alsos-v0"


def _tiny(variant: str) -> Any:
    env = gymnasium.make(ENV_ID, variant=variant)
    return sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
        policy_kwargs={"net_arch": [8]},
    )  # fmt: skip


@pytest.mark.parametrize("variant", ["tompa", "potter1930"])
def test_a_policy_plays_whole_hands_at_every_seat(variant: str) -> None:
    bot = PolicyBot(_tiny(variant))
    rules = alsos.load_variant(variant)
    for seed in range(3):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        play_out(game, bot)  # drive checks every choice is legal
        assert game.is_over


def test_a_saved_policy_sits_in_the_arena_by_name(tmp_path: Path) -> None:
    """``ppo(model=FILE)`` loads the saved model and chooses as the model in memory does."""
    model = _tiny("tompa")
    path = tmp_path / "tiny.zip"
    model.save(str(path))
    assert "ppo" in available()
    loaded = make_spec(f"ppo(model={path})", seed=3)
    direct = PolicyBot(model)
    game = alsos.Game(alsos.load_variant("tompa"), seed=4)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        action = loaded.choose(view, legal)
        assert action == direct.choose(view, legal)
        game.apply(action)


def test_a_policy_of_another_variant_or_file_is_refused(tmp_path: Path) -> None:
    game = alsos.Game(alsos.load_variant("potter1930"), seed=1)
    seat = game.to_act
    assert seat is not None
    with pytest.raises(PolicyBotError, match="shape"):
        PolicyBot(_tiny("tompa")).choose(game.view(seat), game.legal_actions())
    with pytest.raises(PolicyBotError, match="no model file"):
        make_spec(f"ppo(model={tmp_path / 'missing.zip'})")
    junk = tmp_path / "junk.zip"
    junk.write_text("not a model", encoding="utf-8")
    with pytest.raises(PolicyBotError, match="not a MaskablePPO model"):
        PolicyBot(str(junk))


@pytest.mark.parametrize("variant", ["tompa", "potter1930"])
def test_an_exported_policy_plays_as_the_ppo_bot_with_numpy_alone(
    tmp_path: Path, variant: str
) -> None:
    """examples/train_ppo.py's export writes the policy as a learned-bot network: the
    ``learned`` bot with those weights makes every choice the ``ppo`` bot makes."""
    from test_examples import load

    from alsos.play.game import Game

    env = gymnasium.make(ENV_ID, variant=variant)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, seed=1, device="cpu")
    path = tmp_path / "ppo.npz"
    load("train_ppo").export(model, variant, str(path))
    rules = alsos.load_variant(variant)
    ppo, learned = PolicyBot(model), make_spec(f"learned(weights={path})", seed=0)
    compared = 0
    for seed in range(2):
        game = Game(rules, seed=seed)
        while not game.is_over:
            view, legal = game.view(game.to_act), game.legal_actions()
            action = ppo.choose(view, legal)
            assert learned.choose(view, legal) == action
            compared += len(legal) > 1
            game.apply(action)
    assert compared > 10
