"""Train a MaskablePPO policy on the Gymnasium environment, for ``alsos arena``.

Needs the ``train`` extra (``pip install 'alsos[train]'``: PyTorch,
Stable-Baselines3, sb3-contrib).  One environment per seat
(``alsos.rl.gymnasium:alsos/Alsos-v0``, the other seats played by
``--opponents``, ``heuristic`` by default) feeds Stable-Baselines3's
``MaskablePPO`` with the mask of legal actions, so the policy learns every
seat it will be seated at.  Rewards are the hand's payment divided by
``--reward-scale`` (:mod:`alsos.rl.rewards`).  Training stops after
``--steps`` learner decisions or ``--minutes`` of wall time, whichever comes
first; with the step bound alone a seed replays the same training (on the
same machine and library versions).  The model is saved as a ``.zip`` that
the ``ppo`` bot (:mod:`alsos.rl.sb3`) loads::

    nice -n 10 python examples/train_ppo.py --variant tompa --minutes 12 --out ppo_tompa.zip
    alsos arena --variant tompa --bots "hard,ppo(model=ppo_tompa.zip)" --deals 200 --workers 1
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from alsos.ruleset.loading import load_variant

ENV_ID = "alsos.rl.gymnasium:alsos/Alsos-v0"


def legal_mask(env: gymnasium.Env[Any, Any]) -> npt.NDArray[np.bool_]:
    """The learner's legal actions now, as ``MaskablePPO`` asks for them."""
    inner: Any = env.unwrapped
    game = inner.game
    if game is None or game.is_over:  # between hands: any mask is ignored
        return np.ones(len(inner.space), dtype=bool)
    mask: npt.NDArray[np.bool_] = inner.space.mask(game.legal_actions()).astype(bool)
    return mask


class Deadline(BaseCallback):  # type: ignore[misc]
    """Stops the training when ``seconds`` of wall time have passed."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.end = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.end


def train(
    variant: str,
    *,
    steps: int,
    minutes: float,
    seed: int,
    opponents: str,
    reward_scale: float,
) -> tuple[Any, float]:
    """The trained model and the training's wall time in seconds."""
    players = load_variant(variant).players

    def make(seat: int) -> Any:
        def build() -> gymnasium.Env[Any, Any]:
            env = gymnasium.make(
                ENV_ID, variant=variant, seat=seat, opponents=opponents, reward_scale=reward_scale
            )
            return ActionMasker(env, legal_mask)

        return build

    env = DummyVecEnv([make(seat) for seat in range(players)])
    env.seed(seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=512,
        batch_size=256,
        learning_rate=3e-4,
        gamma=1.0,  # one reward, at the end of the hand
        seed=seed,
        device="cpu",
        verbose=0,
    )
    start = time.monotonic()
    model.learn(total_timesteps=steps, callback=Deadline(minutes * 60))
    return model, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="tompa")
    parser.add_argument("--steps", type=int, default=1_000_000, help="learner decisions")
    parser.add_argument("--minutes", type=float, default=12.0, help="wall-time bound")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--reward-scale", type=float, default=50.0)
    parser.add_argument("--out", default=None, help="model file (default: ppo_VARIANT.zip)")
    args = parser.parse_args()
    model, seconds = train(
        args.variant,
        steps=args.steps,
        minutes=args.minutes,
        seed=args.seed,
        opponents=args.opponents,
        reward_scale=args.reward_scale,
    )
    out = args.out or f"ppo_{args.variant}.zip"
    model.save(out)
    print(f"{args.variant}: {model.num_timesteps} decisions in {seconds / 60:.1f} min -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
