"""A Gymnasium environment: one seat learns, alsos bots play the other seats.

::

    import gymnasium
    from alsos.rl.gymnasium import AlsosEnv    # or, importing nothing of alsos:
    # env = gymnasium.make("alsos.rl.gymnasium:alsos/Alsos-v0", opponents="heuristic")

    env = AlsosEnv("potter1930", seat=0, opponents="heuristic")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, done, truncated, info = env.step(action)

The observation and action are those of the PettingZoo environment
(:mod:`alsos.rl.pettingzoo`): a dict of the encoded view and the legal
``action_mask``, and an index into the :class:`~alsos.rl.ActionSpace`.  After
the learner's action the bots play until it is the learner's turn again or
the hand is over; the reward is the learner's payment at the end of the hand
(zero before), in stakes or scaled by ``reward_scale`` (:mod:`alsos.rl.rewards`:
a divisor, ``"bound"`` or ``"log"``; the illegal-action reward is not scaled).
``opponents`` is a bot name (default ``heuristic``; any name ``alsos.bots.make``
knows, ``openspiel-mcts`` included), or one bot per other seat.  Named bots are seeded
from ``reset(seed=...)``, so a seeded episode replays exactly.  A hand the
learner would not act in at all (four players: it deals and sits out) is not
dealt: the dealer moves on.

An action outside the mask ends the episode with reward ``illegal_reward``
(default -1, as PettingZoo's classic games do) and ``info["illegal_action"]``
naming it, leaving the hand as it was; with ``illegal_reward=None`` it raises
:class:`~alsos.play.game.IllegalActionError` instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from alsos.bots import Bot, make
from alsos.play.game import Game
from alsos.rl.encoding import ObservationEncoder
from alsos.rl.rewards import RewardScale, reward_scaler
from alsos.rl.spaces import ActionSpace
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import Ruleset

__all__ = ["AlsosEnv"]

Observation = dict[str, Any]


class AlsosEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a hand of Alsós against bots (see the module docs)."""

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012  (gymnasium declares it so)

    def __init__(
        self,
        variant: str | Ruleset = "potter1930",
        *,
        seat: int = 0,
        opponents: str | Mapping[int, Bot] = "heuristic",
        bot_options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
        reward_scale: RewardScale = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not supported; use 'human', 'ansi' or None"
            )
        rules = variant if isinstance(variant, Ruleset) else load_variant(variant, **options)
        if seat.__class__ is not int or not 0 <= seat < rules.players:
            raise ValueError(f"seat {seat!r} is not a seat of a {rules.players}-player table")
        others = [s for s in range(rules.players) if s != seat]
        if not isinstance(opponents, str):
            missing = [s for s in others if s not in opponents]
            if missing:
                raise ValueError(f"opponents: no bot for seats {missing}; give one per other seat")
        else:
            make(opponents, **(bot_options or {}))  # fail now on an unknown name
        self.rules = rules
        self.seat = seat
        self.illegal_reward = illegal_reward
        self.reward = reward_scaler(rules, reward_scale)
        self.render_mode = render_mode
        self.space = ActionSpace(rules)
        self.encoder = ObservationEncoder(rules, self.space)
        n = len(self.space)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self._opponents = opponents
        self._bot_options = dict(bot_options or {})
        self._others = others
        self._bots: dict[int, Bot] = {}
        self._deals = random.Random()
        self._hands = 0
        self.game: Game | None = None
        self._done = True

    def _observe(self) -> Observation:
        assert self.game is not None
        view = self.game.view(self.seat)
        return {
            "observation": self.encoder.encode(view),
            "action_mask": self.space.mask(view.legal),
        }

    def _bots_play(self) -> None:
        game = self.game
        assert game is not None
        while not game.is_over and game.to_act != self.seat:
            seat = game.to_act
            assert seat is not None
            game.apply(self._bots[seat].choose(game.view(seat), game.legal_actions()))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal the next hand and let the bots play up to the learner's first turn.

        With ``seed`` the deals and the named bots start afresh from it.
        Returns the first observation and an empty info dict.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._deals = random.Random(seed)
            self._hands = 0
        if isinstance(self._opponents, str):
            self._bots = {
                s: make(self._opponents, seed=self._deals.getrandbits(32), **self._bot_options)
                for s in self._others
            }
        else:
            self._bots = dict(self._opponents)
        players = self.rules.players
        while True:
            dealer = self._hands % players
            self._hands += 1
            if self.seat not in Game(self.rules, seed=0, dealer=dealer).active:
                continue
            self.game = Game(self.rules, seed=self._deals.getrandbits(63), dealer=dealer)
            self._bots_play()
            if not self.game.is_over:
                break
        self._done = False
        return self._observe(), {}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take the learner's action (an index), then let the bots play.

        Returns ``(observation, reward, terminated, truncated, info)``: the reward
        is the learner's payment once the hand is over, else 0.
        """
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset() for the next hand")
        chosen = self.space[int(action)]
        if self.illegal_reward is not None and chosen not in game.legal_actions():
            info = {"illegal_action": str(chosen)}
            self._done = True
            return self._observe(), float(self.illegal_reward), True, False, info
        game.apply(chosen, seat=self.seat)
        self._bots_play()
        reward = 0.0
        if game.is_over:
            assert game.settlement is not None
            reward = self.reward(game.settlement.payments[self.seat])
        self._done = game.is_over
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, game.is_over, False, {}

    def render(self) -> str | None:
        """The learner's view as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None or self.game is None:
            return None
        text = str(self.game.view(self.seat))
        if self.game.settlement is not None:
            text += "\n" + str(self.game.settlement)
        if self.render_mode == "human":
            print(text)
            return None
        return text


gymnasium.register(id="alsos/Alsos-v0", entry_point="alsos.rl.gymnasium:AlsosEnv")
