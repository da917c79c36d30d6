"""Duplicate deals: how much a bot gains over another on the same cards.

Each deal is played once per seat in play with the candidate bot at that
seat and the baseline bot at the others; the deal's score is the sum of the
candidate's payments over those games.  With the baseline everywhere the
payments sum to zero, so the score is what the candidate gains in the
baseline's place, with the luck of the cards cancelled.  Prints the mean per
deal and its 95% interval (:func:`alsos.research.stats.mean_interval`).  A quick tuning tool; the
official measurement is ``alsos arena``.

    python examples/duplicate.py --variant potter1930 --deals 200 \\
        --candidate "pimc(worlds=16)" --baseline heuristic --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

import alsos
from alsos.bots import make_spec
from alsos.research.stats import mean_interval


def play_deal(job: tuple[str, str, str, int]) -> tuple[int, float, list[float]]:
    """The candidate's total payment over the rotations of one deal, and its decision times."""
    variant, candidate, baseline, deal = job
    rules = alsos.load_variant(variant)
    dealer = deal % rules.players
    total = 0.0
    times: list[float] = []
    probe = alsos.Game(rules, seed=deal, dealer=dealer)
    for seat in probe.active:
        game = alsos.Game(rules, seed=deal, dealer=dealer)
        bots = {
            s: make_spec(candidate, seed=deal * 7 + s)
            if s == seat
            else make_spec(baseline, seed=deal * 7 + s)
            for s in game.active
        }
        while not game.is_over:
            to_act: int = game.to_act  # type: ignore[assignment]
            legal = game.legal_actions()
            start = time.process_time()  # CPU time: fair on a shared machine
            action = bots[to_act].choose(game.view(to_act), legal)
            if to_act == seat and len(legal) > 1:
                times.append(time.process_time() - start)
            game.apply(action)
        assert game.settlement is not None
        total += game.settlement.payments[seat]
    return deal, total, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="potter1930")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--candidate", default="pimc")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [
        (args.variant, args.candidate, args.baseline, d)
        for d in range(args.first, args.first + args.deals)
    ]
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(play_deal, jobs, chunksize=4)
    else:
        results = [play_deal(j) for j in jobs]
    elapsed = time.perf_counter() - start
    scores = [r[1] for r in results]
    times = sorted(t for r in results for t in r[2])
    gain = mean_interval(scores)
    print(f"{args.candidate} vs {args.baseline} on {args.variant}, {len(scores)} deals")
    print(f"mean gain per deal {gain.value:+.3f}, 95% interval [{gain.low:+.3f}, {gain.high:+.3f}]")
    if times:
        median = times[len(times) // 2]
        p90 = times[int(len(times) * 0.9)]
        print(
            f"CPU time of its {len(times)} decisions with a choice: "
            f"median {median * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"
        )
    print(f"{elapsed:.1f} s wall clock")


if __name__ == "__main__":
    main()
