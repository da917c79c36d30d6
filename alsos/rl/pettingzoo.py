"""A PettingZoo AEC environment: one hand of Alsós, every seat an agent.

::

    from alsos.rl.pettingzoo import env

    e = env("potter1930")                     # or env("csibor", players=4, **{"games.trump": 2})
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``seat_0`` ... ``seat_{P-1}``; the agent to act is the seat whose
turn it is (with four players the dealer sits out and never acts, but is
paid).  ``opponents`` seats built-in alsos bots: ``opponents={1: "heuristic",
2: "pimc(worlds=4)"}`` (a bot, or a spec for ``alsos.bots.make_spec``,
seeded from ``reset(seed=...)``) plays those seats inside ``step``, and the
agents are the other seats only.  An observation is a dict: ``observation``, the seat's view encoded
by :class:`~alsos.rl.ObservationEncoder`, and ``action_mask``, the legal
actions as a 0/1 ``int8`` vector over the :class:`~alsos.rl.ActionSpace`.
An action is an index into that space.  Rewards are zero until the hand
ends, then each seat's payment in stakes, or scaled by ``reward_scale``
(:mod:`alsos.rl.rewards`: a divisor, ``"bound"`` or ``"log"``).  An episode is one hand;
``reset(seed=...)`` makes the sequence of deals reproducible.  An illegal
action raises :class:`~alsos.play.game.IllegalActionError` and changes nothing.

There is no parallel version: PettingZoo's ``aec_to_parallel`` needs every
agent to act once per cycle, in the order of ``agents``, and the environment
to change only at the end of a cycle.  Alsós has one seat act at a time in
an order the play decides (the winner of a trick leads the next, a round of
speech closes after enough passes, a call is answered seat by seat, the
four-player dealer never acts), so no joint action of all seats exists to
step with; ``metadata["is_parallelizable"]`` stays False.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from alsos.bots import Bot, make_spec
from alsos.play.game import Game
from alsos.rl.encoding import ObservationEncoder
from alsos.rl.rewards import RewardScale, reward_scaler
from alsos.rl.spaces import ActionSpace
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import Ruleset

__all__ = ["AlsosAECEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class AlsosAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (unwrapped; :func:`env` adds PettingZoo's checking wrappers)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "alsos_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Ruleset = "potter1930",
        *,
        dealer: int | None = 0,
        render_mode: str | None = None,
        opponents: Mapping[int, Bot | str] | None = None,
        reward_scale: RewardScale = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not supported; use one of "
                f"{', '.join(self.metadata['render_modes'])} or None"
            )
        rules = variant if isinstance(variant, Ruleset) else load_variant(variant, **options)
        if dealer is not None and (dealer.__class__ is not int or not 0 <= dealer < rules.players):
            raise ValueError(
                f"dealer {dealer!r} is not a seat of a {rules.players}-player table "
                f"(or None to deal in turn)"
            )
        self._opponents = dict(opponents or {})
        for seat, bot in self._opponents.items():
            if seat.__class__ is not int or not 0 <= seat < rules.players:
                raise ValueError(
                    f"opponents: {str(seat)[:60]!r} is not a seat of a {rules.players}-player table"
                )
            if isinstance(bot, str):
                make_spec(bot)  # fail now on an unknown bot or option
        learners = [s for s in range(rules.players) if s not in self._opponents]
        if not learners:
            raise ValueError("opponents: every seat is a bot; leave at least one to the agents")
        self.rules = rules
        self.render_mode = render_mode
        self.dealer = dealer
        self.reward = reward_scaler(rules, reward_scale)
        self.space = ActionSpace(rules)
        self.encoder = ObservationEncoder(rules, self.space)
        self.possible_agents = [f"seat_{i}" for i in learners]
        self._seat_of = {f"seat_{i}": i for i in learners}
        self.agents = self.possible_agents[:]
        n = len(self.space)
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng = random.Random()
        self._hands = 0
        self._bots: dict[int, Bot] = {}
        self.game: Game | None = None

    # ---------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The dict space of ``observation`` (the encoded view) and ``action_mask``."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """A ``Discrete`` space over the indexes of the :class:`~alsos.rl.ActionSpace`."""
        return self._action_spaces[agent]

    # ------------------------------------------------------------- episodes

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; with ``seed``, this hand and the ones after it are reproducible."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._hands = 0
        self._bots = {
            seat: make_spec(bot, seed=self._rng.getrandbits(32)) if isinstance(bot, str) else bot
            for seat, bot in self._opponents.items()
        }
        self.game = self._deal()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        assert self.game.to_act is not None
        self.agent_selection = f"seat_{self.game.to_act}"

    def _deal(self) -> Game:
        """The next hand, played by the bots up to the first agent's turn.

        A hand no agent would act in (only bots at it, or every agent dealing
        and sitting out) is not dealt: the dealer moves on (with a fixed dealer
        the deal is drawn again).
        """
        players = self.rules.players
        for _ in range(1000):
            dealer = self._hands % players if self.dealer is None else self.dealer
            self._hands += 1
            active = Game(self.rules, seed=0, dealer=dealer).active if self._bots else ()
            if self._bots and not any(f"seat_{s}" in self._seat_of for s in active):
                if self.dealer is not None:
                    break
                continue
            game = Game(self.rules, seed=self._rng.getrandbits(63), dealer=dealer)
            self._bots_play(game)
            if not game.is_over:
                return game
        raise ValueError(
            f"no hand with dealer {self.dealer} lets an agent act: the agents "
            f"{', '.join(self.possible_agents)} all sit out; deal in turn (dealer=None)"
        )

    def _bots_play(self, game: Game) -> None:
        while not game.is_over and game.to_act in self._bots:
            seat = game.to_act
            game.apply(self._bots[seat].choose(game.view(seat), game.legal_actions()))

    def observe(self, agent: str) -> Observation:
        """The agent's encoded view and the mask of its legal actions (zeros off turn)."""
        game = self._game()
        view = game.view(self._seat_of[agent])
        return {
            "observation": self.encoder.encode(view),
            "action_mask": self.space.mask(view.legal),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take the selected agent's action (an index; None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        if action is None:
            raise ValueError(f"{agent} must act: give an action index, not None")
        game.apply(self.space[int(action)])
        self._bots_play(game)
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            settlement = game.settlement
            assert settlement is not None
            for a, seat in self._seat_of.items():
                self.rewards[a] = self.reward(settlement.payments[seat])
                self.terminations[a] = True
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            assert game.to_act is not None
            self.agent_selection = f"seat_{game.to_act}"
        if self.render_mode == "human":
            self.render()

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def render(self) -> str | None:
        """The acting seat's view as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        game = self._game()
        seat = game.to_act if game.to_act is not None else 0
        text = str(game.view(seat))
        if game.settlement is not None:
            text += "\n" + str(game.settlement)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
        pass


def raw_env(variant: str | Ruleset = "potter1930", **options: Any) -> AlsosAECEnv:
    """The unwrapped environment (see :class:`AlsosAECEnv`)."""
    return AlsosAECEnv(variant, **options)


def env(variant: str | Ruleset = "potter1930", **options: Any) -> AECEnv:
    """The environment for ``variant`` with PettingZoo's usual checks around it.

    ``options``: ``dealer`` (a seat, or None to deal in turn), ``render_mode``
    (``"human"`` or ``"ansi"``), ``opponents`` (``{seat: bot or spec}``, seats
    the environment plays with alsos bots), ``reward_scale``
    (:mod:`alsos.rl.rewards`), and anything else is a profile option for
    :func:`alsos.load_variant` (``players=4``, ``**{"games.trump": 2}``).
    """
    e = wrappers.AssertOutOfBoundsWrapper(raw_env(variant, **options))
    return wrappers.OrderEnforcingWrapper(e)
