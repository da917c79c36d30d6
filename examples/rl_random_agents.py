"""Random agents on the RL interfaces of alsos, cell by cell (``# %%`` cells run in
Jupyter, VS Code or as a plain script): the action space and the observation,
a PettingZoo hand, a Gymnasium episode against heuristic bots, and an OpenSpiel
hand.  Needs the ``rl`` and ``openspiel`` extras; runs in a few seconds::

    python examples/rl_random_agents.py
"""

# %% The action space and the observation of one ruleset
from __future__ import annotations

import numpy as np

import alsos
from alsos.rl import ActionSpace, ObservationEncoder

rules = alsos.load_variant("potter1930")
space = ActionSpace(rules)
encoder = ObservationEncoder(rules, space)
print(f"{rules.id}: {len(space)} actions, observations of shape {encoder.shape}")
print("first actions:", ", ".join(str(a) for a in list(space)[:8]), "...")

game = alsos.Game(rules, seed=7)
view = game.view(game.to_act)
fields = encoder.split(encoder.encode(view))
print("seat", view.seat, "holds", [str(c) for c in view.hand])
print("hand field marks cards", np.flatnonzero(fields["hand"]).tolist())
print("legal:", [str(space[i]) for i in np.flatnonzero(space.mask(view.legal))])

# %% PettingZoo: every seat an agent, random legal actions
from alsos.rl.pettingzoo import env as pettingzoo_env  # noqa: E402

rng = np.random.default_rng(0)
e = pettingzoo_env("potter1930")
for hand in range(3):
    e.reset(seed=hand)
    returns = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    print(f"PettingZoo hand {hand}: returns {returns}")

# %% Gymnasium: seat 0 plays at random against two heuristic bots
from alsos.rl.gymnasium import AlsosEnv  # noqa: E402

gym_env = AlsosEnv("potter1930", seat=0, opponents="heuristic")
total = 0.0
for episode in range(5):
    obs, _ = gym_env.reset(seed=episode)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, _ = gym_env.step(action)
    total += reward
print(f"Gymnasium: a random seat 0 won {total:+.0f} stakes in 5 hands against heuristic bots")

# %% OpenSpiel: the python_alsos game, random play through a hand
import pyspiel  # noqa: E402

import alsos.openspiel  # noqa: E402  (registers python_alsos)

game_os = pyspiel.load_game("python_alsos", {"variant": "tompa"})
state = game_os.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        state.apply_action(int(rng.choice(outcomes)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))
print(f"OpenSpiel {game_os}: {len(state.history())} moves (32 deals), returns {state.returns()}")
