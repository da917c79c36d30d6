"""alsos's bot against OpenSpiel's own MCTSBot, on duplicate deals, time per decision shown.

Needs the ``openspiel`` extra.  OpenSpiel's ``mcts.MCTSBot`` (random
rollouts) plays through :mod:`alsos.interop` on the ``python_alsos`` game,
searching a world sampled from its seat's view (never the real hand); the
alsos bot is the ``hard`` level (``pimc(worlds=8, budget=32)``) unless
``--alsos`` names another.  First both bots' CPU time per decision (median
and 90th percentile, decisions with a choice) is measured on ``--time-deals``
deals, so the table can show that alsos's bot spends no more time than
OpenSpiel's; then ``alsos arena`` (:func:`alsos.research.arena.arena`) plays
the duplicate deals.  ``--seconds`` bounds the run: when it is up, the
deals finished so far are summarised (their number is printed; a deal is
counted whole or not at all), so a shared machine gives an honest ``n``::

    python examples/arena_openspiel.py --variant tompa --deals 1000 --seconds 1800 \\
        --openspiel "openspiel-mcts(simulations=50)" --json tompa.json

A baseline that plays well values its leaves by playing the hand out with an
alsos bot instead of at random: ``--openspiel
"openspiel-ismcts(simulations=100,rollout=medium)"`` (its ``uct_c`` then
scaled to the profile's returns, ``uct_c=auto``; see the bots page).

``--times X`` gives the OpenSpiel bot ``X`` times alsos's bot's CPU time per
decision: the OpenSpiel spec's ``simulations`` is chosen from the medians
timed on ``--time-deals`` deals (the OpenSpiel bot at 4 and 16 simulations
gives a fixed cost per decision plus a cost per simulation), then the two
bots are timed against each other at that count and it is corrected, up to
twice (a deeper tree costs more a simulation, and the decisions met depend
on the opponent); both are timed once more before the match::

    python examples/arena_openspiel.py --variant potter1930 --alsos hard \
        --openspiel "openspiel-ismcts(rollout=medium)" --times 1 --deals 200

``python examples/arena_openspiel.py --summarise FILE.partial.jsonl`` prints
the table of a stopped run's checkpoint (``alsos arena --json FILE`` or this
script's ``--json FILE``); ``--resume`` continues a stopped run (same
arguments) from that checkpoint, playing only the deals it lacks, so a long
match can be spread over several sittings.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import alsos
from alsos.bots import format_spec, make_spec, parse_spec
from alsos.research.arena import arena, lineups, play_hand_seats
from alsos.research.stats import mean_interval, paired_difference
from alsos.ruleset.tables import rules_named


def decision_times(variant: str, specs: list[str], deals: int) -> dict[str, list[float]]:
    """CPU seconds of each bot's decisions with a choice, the bots seated as the arena
    seats them on deals ``10_000 ..`` (not the match's deals)."""
    rules = rules_named(variant, None)
    times: dict[str, list[float]] = {s: [] for s in specs}
    for seed in range(10_000, 10_000 + deals):
        seats = len(play_hand_seats(rules, seed))
        for table, lineup in enumerate(lineups(len(specs), seats)):
            game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
            bots = {
                seat: (specs[b], make_spec(specs[b], seed=seed * 31 + table * 7 + seat))
                for seat, b in zip(game.active, lineup, strict=True)
            }
            while not game.is_over:
                seat = game.to_act
                assert seat is not None
                spec, bot = bots[seat]
                legal = game.legal_actions()
                start = time.process_time()
                action = bot.choose(game.view(seat), legal)
                if len(legal) > 1:
                    times[spec].append(time.process_time() - start)
                game.apply(action)
    return times


def summarise(path: str | Path) -> str:
    """The table of the deals finished in an arena checkpoint (complete or stopped)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])["header"]
    names: list[str] = header["bots"]
    by_deal: list[Any] = []
    for line in lines[1:]:
        try:
            by_deal += json.loads(line)["result"]["results"]
        except (ValueError, KeyError):
            continue  # a line cut by the stop
    out = [f"{header['arena']}: {len(by_deal)} duplicate deals finished of {header['deals']}"]
    if len(by_deal) < 2:
        return out[0] + " (too few for an interval)"
    columns = [("raw", 0)] + ([(f"capped at {header['cap']}", 6)] if "cap" in header else [])
    for label, at in columns:
        means = [[d[b][at] / d[b][1] for d in by_deal] for b in range(len(names))]
        for b, name in enumerate(names):
            e = mean_interval(means[b])
            out.append(
                f"{name} ({label}): {e.value:+.3f} per hand, 95% [{e.low:+.3f}, {e.high:+.3f}]"
            )
        for a in range(len(names)):
            for b in range(a + 1, len(names)):
                e = paired_difference(means[a], means[b])
                sign = "" if e.excludes(0.0) else "  (not distinguishable from 0)"
                out.append(
                    f"{names[a]} - {names[b]} ({label}): {e.value:+.3f} per hand, "
                    f"95% [{e.low:+.3f}, {e.high:+.3f}]{sign}"
                )
    return "\n".join(out)


def _median_ms(variant: str, spec: str, deals: int, against: str) -> float:
    """The median CPU milliseconds of ``spec``'s decisions with a choice, seated
    against ``against`` as the match seats them."""
    return _median_of(decision_times(variant, [spec, against], deals), spec)


def _median_of(times: dict[str, list[float]], spec: str) -> float:
    """The median of ``spec``'s timed decisions in milliseconds (exits if it had none)."""
    if not times[spec]:
        raise SystemExit(f"{spec} had no decision with a choice to time: time more deals")
    return statistics.median(times[spec]) * 1e3


def matched_spec(variant: str, alsos_spec: str, openspiel: str, times: float, deals: int) -> str:
    """``openspiel`` with the ``simulations`` that give it ``times`` the median CPU
    time per decision of ``alsos_spec`` (module docs: how it is worked out)."""
    name, options = parse_spec(openspiel)

    def spec(n: int) -> str:
        return format_spec(name, {**options, "simulations": n})

    low, high = 4, 16
    at = {n: _median_ms(variant, spec(n), deals, alsos_spec) for n in (low, high)}
    per = max((at[high] - at[low]) / (high - low), 1e-6)
    fixed = max(at[low] - low * per, 0.0)
    target = times * _median_ms(variant, alsos_spec, deals, spec(high))
    simulations = max(2, round((target - fixed) / per))
    for _ in range(2):  # both timed again as they will meet: the decisions differ
        met = decision_times(variant, [alsos_spec, spec(simulations)], deals)
        target = times * _median_of(met, alsos_spec)
        per = max((_median_of(met, spec(simulations)) - fixed) / simulations, 1e-6)
        better = max(2, round((target - fixed) / per))
        if better == simulations:
            break
        simulations = better
    print(
        f"{alsos_spec}: median {target / times:.1f} ms; {name}: {fixed:.1f} ms a decision "
        f"+ {per:.2f} ms a simulation -> {simulations} simulations for {times:g}x",
        flush=True,
    )
    return spec(simulations)


def _stop(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="tompa")
    parser.add_argument("--alsos", default="hard", help="alsos's bot (default: hard)")
    parser.add_argument("--openspiel", default="openspiel-mcts(simulations=50)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-deals", type=int, default=3, help="deals to time decisions on")
    parser.add_argument("--seconds", type=float, default=None, help="stop the match after this")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--times",
        type=float,
        default=None,
        metavar="X",
        help="give the OpenSpiel bot X times alsos's bot's CPU time per decision "
        "(its simulations chosen from timed decisions)",
    )
    parser.add_argument("--json", default="arena_openspiel.json", help="result (and checkpoint)")
    parser.add_argument("--summarise", metavar="CHECKPOINT", help="only summarise a checkpoint")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue a stopped run from its checkpoint (the --json FILE's FILE.partial.jsonl)",
    )
    args = parser.parse_args()
    if args.summarise:
        print(summarise(args.summarise))
        return 0
    if args.times is not None and not args.times > 0:
        parser.error(f"--times must be a positive number, not {args.times!r}")
    openspiel = args.openspiel
    if args.times is not None:
        openspiel = matched_spec(args.variant, args.alsos, openspiel, args.times, args.time_deals)
    specs = [args.alsos, openspiel]
    if args.time_deals:
        times = decision_times(args.variant, specs, args.time_deals)
        for spec in specs:
            t = sorted(times[spec])
            p90 = t[int(0.9 * (len(t) - 1))]
            print(
                f"{spec}: {len(t)} decisions, CPU median {statistics.median(t) * 1e3:.1f} ms, "
                f"p90 {p90 * 1e3:.1f} ms",
                flush=True,
            )
    checkpoint = f"{args.json}.partial.jsonl"
    if args.seconds:
        signal.signal(signal.SIGALRM, _stop)
        signal.alarm(max(1, int(args.seconds)))
    try:
        result = arena(args.variant, specs, args.deals, seed=args.seed, workers=args.workers,
                       checkpoint=checkpoint, resume=args.resume, progress=False)  # fmt: skip
    except KeyboardInterrupt:
        print(f"stopped; the finished deals of {checkpoint}:", file=sys.stderr)
        print(summarise(checkpoint))
        return 0
    signal.alarm(0)
    print(result.table())
    Path(args.json).write_text(json.dumps(result.to_data(), indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
