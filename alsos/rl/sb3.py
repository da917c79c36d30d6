"""A trained MaskablePPO policy as an alsos bot, so it can sit in ``alsos arena``.

Needs the ``train`` extra (``pip install 'alsos[train]'``: PyTorch,
Stable-Baselines3 and sb3-contrib).  A policy trained on the Gymnasium
environment (:mod:`alsos.rl.gymnasium`, ``examples/train_ppo.py``) reads the
encoded view and the mask of legal actions; :class:`PolicyBot` gives it the
acting seat's :class:`~alsos.play.view.View` encoded the same way
(:class:`~alsos.rl.ObservationEncoder`) and plays the action it picks.  The
registry name (:func:`alsos.bots.make`) is ``ppo``::

    alsos arena --variant tompa --bots "hard,ppo(model=ppo_tompa.zip)" --workers 1

The policy plays its most likely legal action (deterministic), so ``seed``
changes nothing; it is taken because every bot of the registry takes one.
A saved model is loaded once per process and shared by the bots made from it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from alsos.errors import BotError
from alsos.pack.actions import Action
from alsos.play.view import View
from alsos.rl.agent import coders

__all__ = ["PolicyBot", "PolicyBotError", "ppo_bot"]


class PolicyBotError(BotError):
    """A policy that cannot play this hand: a model file that is missing or not a
    MaskablePPO model, one trained for another observation, or an illegal answer."""


@functools.lru_cache(maxsize=8)
def _load(path: str) -> Any:
    """The MaskablePPO model saved at ``path``, on the CPU (loaded once per process)."""
    from sb3_contrib import MaskablePPO

    if not Path(path).is_file():
        raise PolicyBotError(f"no model file {path[:60]!r} (train one with examples/train_ppo.py)")
    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as e:  # a zip of another kind fails in many ways
        raise PolicyBotError(f"{path[:60]!r} is not a MaskablePPO model: {e}") from e


class PolicyBot:
    """A MaskablePPO ``model`` (a loaded model, or the path of a saved one) as a bot."""

    def __init__(self, model: Any, *, seed: int | None = None) -> None:
        self.model = _load(str(model)) if isinstance(model, str | Path) else model

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The policy's most likely action among ``legal``, from ``view`` encoded as the
        environment encodes it."""
        if len(legal) == 1:
            return legal[0]
        space, encoder = coders(view.variant)
        shape = getattr(self.model.observation_space["observation"], "shape", None)
        if shape != encoder.shape:
            raise PolicyBotError(
                f"the policy reads observations of shape {shape}; {view.variant[:60]!r}"
                f" encodes {encoder.shape} (train it on this variant)"
            )
        mask = space.mask(legal)
        obs = {"observation": encoder.encode(view), "action_mask": mask}
        index, _ = self.model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        action: Action = space[int(index)]
        if action not in legal:
            raise PolicyBotError(f"the policy chose {str(action)!r}, which is not legal here")
        return action


def ppo_bot(*, model: str, seed: int | None = None) -> PolicyBot:
    """The ``ppo`` bot: the MaskablePPO policy saved at ``model`` (a ``.zip`` path)."""
    return PolicyBot(model, seed=seed)
