"""Throughput of the RL interfaces: environment steps per second under random play.

Measures the PettingZoo AEC environment (an observation and a mask for the
acting seat at each step, as a learner would ask) and the OpenSpiel game
(legal actions and one application per step; chance nodes counted too), each
for a fixed time.  Prints steps per second of wall-clock time and of this
process's CPU time (the second is the fairer figure on a shared machine)::

    python examples/rl_benchmark.py --seconds 10 --variant potter1930
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def pettingzoo_steps(variant: str, seconds: float) -> tuple[int, int, float]:
    """(steps, hands, elapsed) of random play in the PettingZoo environment."""
    from alsos.rl.pettingzoo import raw_env

    env = raw_env(variant)
    rng = np.random.default_rng(0)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=hands)
        hands += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, hands, time.perf_counter() - start


def openspiel_steps(variant: str, seconds: float) -> tuple[int, int, float]:
    """(steps, hands, elapsed) of random play of python_alsos (deals included)."""
    import pyspiel

    import alsos.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_alsos", {"variant": variant})
    rng = np.random.default_rng(0)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        hands += 1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                state.apply_action(int(rng.choice(outcomes)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps, hands, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="potter1930")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per interface")
    args = parser.parse_args(argv)
    for name, run in (("pettingzoo", pettingzoo_steps), ("openspiel", openspiel_steps)):
        cpu = time.process_time()
        steps, hands, elapsed = run(args.variant, args.seconds)
        cpu = time.process_time() - cpu
        print(
            f"{name}: {steps / elapsed:,.0f} steps/s wall, {steps / cpu:,.0f} steps/s CPU "
            f"({steps} steps, {hands} hands, {elapsed:.1f} s, {args.variant})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
