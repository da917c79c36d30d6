"""How fast is analysis?  Open-card analysis of whole hands, and hints.

Hands: potter1930 deals (seeds 0, 1, ...) played to the end by the heuristic
bot at every seat.  For each, ``alsos.analysis.analyze(record, worlds=0)``
values every card play open-card (the solver, from the second trick: the
first carries speech).  Hints: ``alsos.analysis.hint`` at its default
settings for the seat to act at random points of those hands (speech and
cards alike).  Times are CPU seconds of this process (``time.process_time``),
so other work on a shared machine counts as little as it can; the median and
the 90th percentile are printed.  The first line says which build runs (the
pure-Python package, or the compiled one).

Usage (from the repository root)::

    python examples/bench_analysis.py                  # 10 hands, 30 hints
    python examples/bench_analysis.py --hands 3 --hints 5   # a smoke run
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

try:
    import alsos

    if not hasattr(alsos, "Game"):  # a stray namespace package, not the library
        raise ImportError("alsos is not installed")
except ImportError:  # not installed: run from the checkout this file is in
    sys.modules.pop("alsos", None)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import alsos

from alsos.analysis import analyze, hint
from alsos.bots import HeuristicBot
from alsos.version import compiled_modules


def played_hand(rules: alsos.Ruleset, seed: int) -> alsos.Game:
    """A hand dealt by ``seed`` played to the end by heuristic bots."""
    game = alsos.Game(rules, seed=seed)
    bots = {t: HeuristicBot(seed * 10 + t) for t in range(rules.players)}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def quantiles(times: Sequence[float]) -> str:
    if not times:
        return "(0 runs)"
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {1000 * statistics.median(ordered):8.1f} ms  p90 {1000 * p90:8.1f} ms  "
        f"max {1000 * ordered[-1]:8.1f} ms  ({len(ordered)} runs)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="hands analysed (default 10)")
    parser.add_argument("--hints", type=int, default=30, help="hints timed (default 30)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.hints < 0:
        parser.error("--hands must be at least 1 and --hints at least 0")
    compiled = compiled_modules()
    build = f"compiled: {', '.join(compiled)}" if compiled else "pure Python"
    print(f"alsos {alsos.__version__} ({build})")
    rules = alsos.load_variant("potter1930")
    games = [played_hand(rules, seed) for seed in range(args.hands)]
    times = []
    for game in games:
        record = game.record()
        start = time.process_time()
        analysis = analyze(record, worlds=0)
        times.append(time.process_time() - start)
        assert any(d.open_card is not None for d in analysis.decisions)
    print(f"open-card analysis per potter1930 hand:  {quantiles(times)}")
    rng = random.Random(1)
    hint_times = []
    for i in range(args.hints):
        game = games[i % len(games)]
        step = rng.randrange(len(game.history))
        position = alsos.Game(rules, deal=game.deal, dealer=game.dealer)
        for seat, action in game.history[:step]:
            position.apply(action, seat=seat)
        start = time.process_time()
        hint(position, seed=i)
        hint_times.append(time.process_time() - start)
    print(f"hint at default settings:                {quantiles(hint_times)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
