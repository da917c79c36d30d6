"""An agent of the RL environments as an alsos bot: rated by ``alsos bench``, seated in
``alsos arena`` and at the web table's side of the API.

An agent trained on :func:`alsos.rl.pettingzoo.env` (or the Gymnasium
environment) reads ``{"observation", "action_mask"}`` and answers with an action
index.  :class:`AgentBot` gives it exactly that for the seat to act -- the view
encoded by :class:`~alsos.rl.ObservationEncoder` and the mask of the legal
actions by :class:`~alsos.rl.ActionSpace`, as the environment's ``observe``
does -- and plays the action the index names.  So an agent needs no other
code to be benchmarked: a file with ``def make(seed=None): return
AgentBot(my_policy)`` is a bot for ``alsos bench path/to/file.py:make``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from alsos.errors import BotError
from alsos.pack.actions import Action
from alsos.play.view import View
from alsos.rl.encoding import ObservationEncoder
from alsos.rl.spaces import ActionSpace
from alsos.ruleset.tables import rules_named

__all__ = ["AgentBot", "coders"]


@functools.lru_cache(maxsize=16)
def coders(variant: str) -> tuple[ActionSpace, ObservationEncoder]:
    """The action space and observation encoder of ``variant`` (a view's
    ``variant``), made once per process."""
    rules = rules_named(variant)
    space = ActionSpace(rules)
    return space, ObservationEncoder(rules, space)


class AgentBot:
    """``act(observation) -> action index`` as a bot (module docs).

    :raises alsos.errors.BotError: from :meth:`choose`, for an index that is not a
        legal action's (the agent broke the mask).
    """

    def __init__(self, act: Callable[[dict[str, Any]], Any], *, seed: int | None = None) -> None:
        self.act = act

    def observation(self, view: View, legal: Sequence[Action]) -> dict[str, Any]:
        """What the environment's ``observe`` gives the seat to act: its encoded view
        and the mask of ``legal``."""
        space, encoder = coders(view.variant)
        return {"observation": encoder.encode(view), "action_mask": space.mask(legal)}

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action the agent's index names, among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        space, _ = coders(view.variant)
        index = self.act(self.observation(view, legal))
        try:
            action: Action = space[int(index)]
        except (IndexError, TypeError, ValueError):
            raise BotError(f"the agent answered {index!r}, not an action index") from None
        if action not in legal:
            raise BotError(f"the agent chose {str(action)!r} (index {index}), which is not legal")
        return action
