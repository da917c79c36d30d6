"""What OpenSpiel's ISMCTS costs on alsos: per decision, per simulation, and its parts.

Needs the ``openspiel`` extra.  ``openspiel-ismcts(rollout=medium)`` (the
baseline of the bots page) decides at every seat of ``--deals`` deals from
seed 10,000 (as ``examples/arena_openspiel.py`` times its bots), once with 4
simulations a decision and once with 16; the medians of the CPU time of the
decisions with a choice give a cost per decision and a cost per simulation
(the slope between the two).  Then the parts of a simulation that are alsos's,
timed alone on the positions of heuristic hands (median CPU time):

* a sampled world (``AlsosState.search_world``, what ISMCTS's resampler
  calls once per simulation: a determinized world held without a replay);
* a ``medium`` rollout of that world (``BotRolloutEvaluator.evaluate``);
* an information-state string made afresh (ISMCTS's key of a node, made once
  per new position a simulation reaches).

Usage (from the repository root)::

    python examples/bench_openspiel_search.py
    python examples/bench_openspiel_search.py --variant tompa --deals 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from arena_openspiel import decision_times

import alsos
from alsos.bots import HeuristicBot
from alsos.interop import BotRolloutEvaluator, openspiel_state

CLOCK = time.process_time


def _median_us(times: list[float]) -> float:
    return statistics.median(times) * 1e6


def parts(variant: str, hands: int) -> tuple[int, float, float, float]:
    """(positions, µs per sampled world, per medium rollout, per information-state string)."""
    rules = alsos.load_variant(variant)
    roots = []
    for i in range(10_000, 10_000 + hands):
        game = alsos.Game(rules, seed=i, dealer=i % rules.players)
        bots = {s: HeuristicBot(s) for s in game.active}
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            if len(legal) > 1:
                roots.append(openspiel_state(game.copy()))
            game.apply(bots[seat].choose(game.view(seat), legal))
    rollout = BotRolloutEvaluator("medium", seed=1)
    random.seed(1)
    worlds, rollouts, strings = [], [], []
    for root in roots:
        seat = root.current_player()
        root.search_world(seat)  # the position's determinizer made
        start = CLOCK()
        for _ in range(10):
            world = root.search_world(seat)
        worlds.append((CLOCK() - start) / 10)
        start = CLOCK()
        for _ in range(10):
            rollout.evaluate(world)
        rollouts.append((CLOCK() - start) / 10)
        observer = world.get_game().info_observer
        start = CLOCK()
        for _ in range(10):
            observer.string_from(world, seat)
        strings.append((CLOCK() - start) / 10)
    return len(roots), _median_us(worlds), _median_us(rollouts), _median_us(strings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="potter1930")
    parser.add_argument("--deals", type=int, default=3, help="deals timed per setting")
    args = parser.parse_args(argv)
    low, high = (f"openspiel-ismcts(simulations={n},rollout=medium)" for n in (4, 16))
    times = decision_times(args.variant, [low, high], args.deals)
    at_low, at_high = (statistics.median(times[s]) * 1e3 for s in (low, high))
    per = (at_high - at_low) / 12
    print(
        f"{args.variant}: ISMCTS (rollout=medium) median {at_low:.2f} ms a decision at 4 "
        f"simulations, {at_high:.2f} ms at 16: {at_low - 4 * per:.2f} ms a decision "
        f"+ {per:.3f} ms a simulation"
    )
    n, world, rollout, string = parts(args.variant, 4)
    print(
        f"  alsos's parts ({n} positions of heuristic hands): a sampled world {world:.0f} µs, "
        f"a medium rollout {rollout:.0f} µs, an information-state string {string:.0f} µs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
