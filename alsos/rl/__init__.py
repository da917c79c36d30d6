"""Reinforcement-learning interfaces: a fixed action space, an observation encoding
and environments for PettingZoo and Gymnasium.

Needs the ``rl`` extra (``pip install 'alsos[rl]'``: NumPy, PettingZoo,
Gymnasium); ``import alsos`` never imports this package.

- :class:`ActionSpace` numbers every action that can ever be legal under a
  ruleset, and gives the legal mask of a position;
- :class:`ObservationEncoder` turns a seat's :class:`~alsos.play.view.View` into a
  fixed-size ``float32`` vector;
- :mod:`alsos.rl.rewards` scales the payments into rewards (``reward_scale``)
  and gives :func:`~alsos.rl.rewards.payment_bound`, a tighter bound;
- :func:`alsos.rl.pettingzoo.env` is a PettingZoo AEC environment with every
  seat an agent; :class:`alsos.rl.gymnasium.AlsosEnv` a Gymnasium environment
  for one seat against alsos bots.

The documentation page ``docs/rl.rst`` describes both encodings field by field.
"""

from __future__ import annotations

from alsos.rl.encoding import InformationStateEncoder, ObservationEncoder, RecallOverflowError
from alsos.rl.spaces import (
    ActionSpace,
    UnknownActionError,
    item_figures,
    max_actions,
    max_payment,
    max_stake,
)

__all__ = [
    "ActionSpace",
    "InformationStateEncoder",
    "ObservationEncoder",
    "RecallOverflowError",
    "UnknownActionError",
    "item_figures",
    "max_actions",
    "max_payment",
    "max_stake",
]
