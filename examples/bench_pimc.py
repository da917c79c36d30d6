"""PIMC decision time, determinization per world, and a short arena's projection.

Three figures of issue 20, timed on real positions:

*PIMC decision.*  Hands are dealt (seed ``i``, dealer ``i % players``) and
played with :class:`~alsos.bots.PIMCBot` at defaults in the first active
seat and the heuristic elsewhere; every PIMC decision with more than one
legal action is timed (``choose`` alone), and the median and 90th
percentile are printed, in milliseconds.

*Determinization.*  At every such decision, a
:class:`~alsos.search.determinize.Determinizer` samples ``--worlds`` worlds
of the view on its own (the seed fixed), as a search does, timed per world
in microseconds (reading the view once is counted in).

*Projection.*  The CPU time of the hands, less the determinization timing,
scaled to a 2,000-deal ``alsos arena --bots pimc,heuristic`` on 2 cores: two
bots at three seats play each deal in six arrangements, which seat PIMC
nine times, so a deal costs nine hands' PIMC time (the heuristic's own moves
are counted in, generously).  With four players the dealer sits out; the
figure assumes three playing seats.

Times are the process's CPU time (:func:`time.process_time`), so that a busy
machine's waits for a core do not count.

*Profile.*  ``--profile`` runs the PIMC hands under :mod:`cProfile` and
prints the functions with the most time (cumulative and own).

Usage (from the repository root)::

    python examples/bench_pimc.py --hands 20
    python examples/bench_pimc.py --variant altiansz --hands 10
    python examples/bench_pimc.py --hands 5 --profile
    python examples/bench_pimc.py --hands 20 --bot "pimc(worlds=8, budget=32)"  # another setting
    ALSOS_BUILD=compiled pip install . && python examples/bench_pimc.py  # the compiled build
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import zlib
from pathlib import Path

try:
    import alsos

    if not hasattr(alsos, "Game"):  # a stray namespace package, not the library
        raise ImportError("alsos is not installed")
except ImportError:  # not installed: run from the checkout this file is in
    sys.modules.pop("alsos", None)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import alsos

from alsos.bots import HeuristicBot, make_spec
from alsos.search import DeterminizeError, Determinizer
from alsos.version import compiled_modules

#: The process's CPU time: on a machine shared with other work, the time this
#: process computed, not the time it waited for a core.
CLOCK = time.process_time


#: Seatings of PIMC per deal in ``alsos arena --bots pimc,heuristic`` at three seats:
#: AAB, ABA, BAA (two each) and ABB, BAB, BBA (one each).
ARENA_PIMC_SEATS = 9


def pimc_hands(
    rules: alsos.Ruleset, hands: int, seed: int, sampled: int = 8, bot: str = "pimc"
) -> tuple[list[float], list[float], list[str], float]:
    """(ms per PIMC decision, µs per determinized world, the hands' settlement
    fingerprints, seconds spent timing determinization); ``bot``: the searcher's
    spec (default: PIMC at its defaults)."""
    decisions: list[float] = []
    worlds: list[float] = []
    aside = 0.0
    prints: list[str] = []
    for i in range(seed, seed + hands):
        game = alsos.Game(rules, seed=i, dealer=i % rules.players)
        searcher = game.active[0]
        bots = {s: HeuristicBot(1000 + i * 10 + s) for s in game.active}
        pimc = make_spec(bot, seed=i)
        rng = random.Random(i)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            view = game.view(seat)
            if seat == searcher and len(legal) > 1:
                if sampled:
                    start = CLOCK()
                    try:
                        sampler = Determinizer(view)
                        for _ in range(sampled):
                            sampler.sample(rng, attempts=50)
                    except DeterminizeError:
                        pass
                    else:
                        worlds.append((CLOCK() - start) * 1e6 / sampled)
                    aside += CLOCK() - start
                start = CLOCK()
                action = pimc.choose(view, legal)
                decisions.append((CLOCK() - start) * 1e3)
            else:
                action = bots[seat].choose(view, legal)
            game.apply(action)
        settlement = game.settlement
        assert settlement is not None
        prints.append(repr(sorted(settlement.payments.items())))
    return decisions, worlds, prints, aside


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="potter1930")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--worlds", type=int, default=8, help="worlds sampled per view for the timing"
    )
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument(
        "--bot", default="pimc", help='the searcher\'s spec, e.g. "pimc(worlds=8, budget=32)"'
    )
    args = parser.parse_args(argv)
    rules = alsos.load_variant(args.variant)
    build = "compiled" if compiled_modules() else "pure Python"
    print(f"alsos {build}; {args.variant}, {args.hands} hands from seed {args.seed}")
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        pimc_hands(rules, args.hands, args.seed, 0, args.bot)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(40)
        stats.sort_stats("tottime").print_stats(30)
        return 0
    start = CLOCK()
    decisions, worlds, prints, aside = pimc_hands(
        rules, args.hands, args.seed, args.worlds, args.bot
    )
    total = CLOCK() - start
    deciles = statistics.quantiles(decisions, n=10)
    print(
        f"PIMC decision: {len(decisions)} decisions, median {statistics.median(decisions):.1f} ms,"
        f" p90 {deciles[8]:.1f} ms"
    )
    if worlds:
        print(f"determinize: median {statistics.median(worlds):.0f} µs per world")
    fingerprint = zlib.crc32(repr(prints).encode())
    print(f"{total:.1f} s CPU in all; settlements fingerprint {fingerprint:08x}")
    per_hand = (total - aside) / args.hands
    minutes = 2000 * ARENA_PIMC_SEATS * per_hand / 2 / 60
    print(f"projected 2,000-deal arena pimc,heuristic on 2 cores: {minutes:.0f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
