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

``--export FILE.npz`` also writes the policy's network in the learned bot's
NumPy format (:mod:`alsos.rl.learned`: inputs ``mask`` and ``observation``,
``tanh`` layers), checked against PyTorch's own output, so it plays without
PyTorch: ``alsos arena --bots "learned(weights=FILE.npz),heuristic"``.
``--from MODEL.zip`` exports a saved model without training.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from alsos.pack.phases import Phase
from alsos.rl.learned import Policy, space_digest
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


def export(model: Any, variant: str, path: str, *, checks: int = 64) -> None:
    """Write ``model``'s policy network as a learned-bot ``.npz`` for ``variant``, after
    checking on ``checks`` sampled observations that NumPy's scores are PyTorch's logits."""
    policy = model.policy
    hidden = list(policy.mlp_extractor.policy_net)
    kinds = {type(m).__name__ for m in hidden if not isinstance(m, torch.nn.Linear)}
    if kinds != {"Tanh"}:
        raise ValueError(f"only tanh layers export; this policy has {sorted(kinds)}")
    linears = [m for m in hidden if isinstance(m, torch.nn.Linear)] + [policy.action_net]
    parts = {"action_mask": "mask", "observation": "observation"}
    rules = load_variant(variant)
    data: dict[str, Any] = {
        "profile": rules.id,
        "digest": space_digest(rules),
        "layers": len(linears),
        "bonus": 0.0,
        "phases": np.array([p.name for p in Phase]),
        # Stable-Baselines3's extractor concatenates the observation's keys in order
        "inputs": np.array([parts[k] for k in model.observation_space.spaces]),
        "activation": np.array("tanh"),
        "teacher": np.array(f"MaskablePPO, {model.num_timesteps} learner decisions"),
        "seed": np.array(model.seed if model.seed is not None else -1),
    }
    for i, linear in enumerate(linears):
        data[f"w{i}"] = linear.weight.detach().cpu().numpy().T.astype(np.float32)
        data[f"b{i}"] = linear.bias.detach().cpu().numpy().astype(np.float32)
    net = Policy(data, path)
    space = model.observation_space
    space.seed(0)
    for _ in range(checks):
        obs = space.sample()
        x = np.concatenate([np.asarray(obs[k], dtype=np.float32).ravel() for k in space.spaces])
        tensor, _ = policy.obs_to_tensor(obs)
        with torch.no_grad():
            latent = policy.mlp_extractor.forward_actor(policy.extract_features(tensor))
            logits = policy.action_net(latent).cpu().numpy()[0]
        if not np.allclose(net.scores(x), logits, atol=1e-4):
            raise ValueError("the exported network does not reproduce the policy's logits")
    np.savez_compressed(path, **data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="tompa")
    parser.add_argument("--steps", type=int, default=1_000_000, help="learner decisions")
    parser.add_argument("--minutes", type=float, default=12.0, help="wall-time bound")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--reward-scale", type=float, default=50.0)
    parser.add_argument("--out", default=None, help="model file (default: ppo_VARIANT.zip)")
    parser.add_argument(
        "--threads", type=int, default=1, help="PyTorch threads (1: best for this small network)"
    )
    parser.add_argument("--export", metavar="FILE.npz", help="also write the learned-bot network")
    parser.add_argument("--from", dest="source", metavar="MODEL.zip", help="export, do not train")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    if args.source:
        if not args.export:
            parser.error("--from needs --export FILE.npz")
        export(MaskablePPO.load(args.source, device="cpu"), args.variant, args.export)
        print(f"{args.source} -> {args.export}")
        return 0
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
    if args.export:  # from the saved model, which the ppo bot plays
        export(MaskablePPO.load(out, device="cpu"), args.variant, args.export)
        print(f"the network, for the learned bot -> {args.export}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
