"""CPU time per decision of named bots: mean, median and 90th percentile.

Each bot plays ``--hands`` seeded hands in half the seats (every other seat,
the heuristic in the rest); only its decisions with a choice are timed, the
view built outside the timing, as an arena or a server would hand it over::

    python examples/bench_bots.py --variant tompa --bots learned heuristic medium --hands 30

``--profile`` runs each bot's hands under cProfile and prints the share of its
decisions spent in the search's Python-level parts (the worlds drawn, and
among them inference's weighing replays; the values of the actions, and the
playouts among them); a compiled module's own functions are not
seen by the profiler, only the time spent inside them::

    python examples/bench_bots.py --variant potter1930 --bots hard expert --hands 8 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from alsos.bots import make_spec
from alsos.play.game import Game
from alsos.ruleset.tables import rules_named


def decision_times(variant: str, spec: str, hands: int) -> list[float]:
    """CPU seconds of ``spec``'s decisions with a choice over ``hands`` hands."""
    rules = rules_named(variant, None)
    times: list[float] = []
    for seed in range(hands):
        game = Game(rules, seed=seed, dealer=seed % rules.players)
        bots = [
            make_spec(spec if seat % 2 == seed % 2 else "heuristic", seed=seed * 7 + seat)
            for seat in range(rules.players)
        ]
        timed = {seat for seat in range(rules.players) if seat % 2 == seed % 2}
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            start = time.process_time()
            action = bots[seat].choose(view, legal)
            spent = time.process_time() - start
            if seat in timed and len(legal) > 1:
                times.append(spent)
            game.apply(action)
    return times


#: The parts ``--profile`` reports: (module path ending, function) -> what it is.
PARTS = {
    ("pimc.py", "_worlds"): "the worlds drawn",
    ("inference.py", "_select"): "  of which inference's weighing replays",
    ("pimc.py", "_value"): "the actions' values",
    ("pimc.py", "heuristic_playout"): "  of which the playouts",
}


def profile_shares(variant: str, spec: str, hands: int) -> dict[str, float]:
    """The share of ``spec``'s decisions (``PIMCBot.choose``) spent in each of
    :data:`PARTS`, profiled over ``hands`` hands; empty for a bot that is not PIMC."""
    profiler = cProfile.Profile()
    profiler.enable()
    decision_times(variant, spec, hands)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    cumulative: dict[tuple[str, str], float] = {}
    for (path, _line, name), row in stats.items():
        key = (path.rsplit("/", 1)[-1], name)
        cumulative[key] = cumulative.get(key, 0.0) + row[3]
    whole = cumulative.get(("pimc.py", "choose"), 0.0)
    if not whole:
        return {}
    return {label: cumulative.get(key, 0.0) / whole for key, label in PARTS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="tompa")
    parser.add_argument("--bots", nargs="+", default=["learned", "heuristic"])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument(
        "--profile", action="store_true", help="also print where a search bot's decisions go"
    )
    args = parser.parse_args(argv)
    for spec in args.bots:
        t = sorted(decision_times(args.variant, spec, args.hands))
        p90 = t[int(0.9 * (len(t) - 1))]
        print(
            f"{args.variant} {spec}: {len(t)} decisions, CPU mean {statistics.fmean(t) * 1e3:.3f}"
            f" ms, median {statistics.median(t) * 1e3:.3f} ms, p90 {p90 * 1e3:.3f} ms",
            flush=True,
        )
        if args.profile:
            for label, share in profile_shares(args.variant, spec, args.hands).items():
                print(f"  {label}: {share:.0%} of its decisions (cProfile)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
