"""How fast is search?  Playouts against OpenSpiel's skat, and solver times.

Playouts (``alsos.search.playout`` / ``playouts``): a copy of a position
played on with uniformly random legal cards to its settlement (the
payments, read by the scoring module without the itemised settlement).
The like-for-like pair is ``alsos playout, first trick`` against
``OpenSpiel skat, first trick``: each copies a first-trick position and
plays random legal cards to the end (alsos: ``playout(game, rng)``, which
passes in the first trick's speech); the last line is their ratio.  Positions
are the first trick of random potter1930 trump games (a random auction, then
everyone passes in the announcement rounds), and the same hands one trick
later for ``playouts``, which runs many playouts of a card-only position at
once.  OpenSpiel's skat (C++, driven from Python with exactly
``s = state.clone()`` then ``s.apply_action(rng.choice(s.legal_actions()))``
to the end) is measured from its first trick in the same process, the two
taking turns round by round so that both meet the same machine load.  All
times are CPU seconds of this process (``time.process_time``, which counts
OpenSpiel's C++ too, as it runs in this thread), so other work on a shared
machine counts as little as it can.  It
runs when ``open_spiel`` is installed (``pip install 'alsos[openspiel]'``);
otherwise its column is skipped.

Solver (``alsos.search.solve``): the exact value and a best card of random
positions at the start of a trick with the given number of tricks left
(potter1930: 6 and 7; 9 only in Klopitzky, whose first trick carries no
speech; two-player, whose hands hold 12 cards: 9); the median and the 90th
percentile are printed with the positions searched.

The first line says which build is measured: the pure-Python package, or
the compiled one (``pip install .`` with a C compiler at hand: mypyc
compiles the engine, the hand state, the potter scoring, meld validation,
playouts and the solver from the same source).

Usage (from the repository root)::

    python examples/bench_search.py                   # about a minute
    python examples/bench_search.py --quick           # a few seconds (CI smoke)
    python examples/bench_search.py --solve potter1930:6 potter1930:7 two-player:9
    python examples/bench_search.py --parts --solve  # a playout's parts, no solver rows

``--parts`` also times where a first-trick playout's time goes: the copy, the
steps through the engine until only cards are left (the first trick's speech
and cards), the cards played by :func:`~alsos.search.play_cards` and the
payments, each part the difference of two timed stages, beside OpenSpiel's
skat playout and the time a playout at four times skat's rate would take.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import alsos

    if not hasattr(alsos, "Game"):  # a stray namespace package, not the library
        raise ImportError("alsos is not installed")
except ImportError:  # not installed: run from the checkout this file is in
    sys.modules.pop("alsos", None)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import alsos

from alsos import Kind, Phase
from alsos.hand.engine import engine_for
from alsos.pack.actions import PASS, Play
from alsos.search import play_cards, playout, playouts, solve, to_cards


def quiet_position(
    rules: alsos.Ruleset, seed: int, stop: Callable[[alsos.Game], bool], *, bid: bool = True
) -> Any:
    """A random hand played on until ``stop``: random bids (or none, with ``bid=False``:
    a Klopitzky), passes in speech, random cards."""
    g = alsos.Game(rules, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        if stop(g):
            return g
        legal = g.legal_actions()
        plays = [a for a in legal if a.__class__ is Play]
        if (g.phase is not Phase.BIDDING or not bid) and PASS in legal:
            g.apply(PASS)
        elif plays:
            g.apply(rng.choice(plays))
        else:
            g.apply(rng.choice([a for a in legal if a != PASS] or legal))
    return None


def alsos_positions(count: int, trick: int) -> list[alsos.Game]:
    rules = alsos.load_variant("potter1930")
    out: list[alsos.Game] = []
    seed = 0
    while len(out) < count:
        g = quiet_position(rules, seed, lambda g: g.phase is Phase.PLAY and g.trick_no >= trick)
        seed += 1
        if g is not None and g.state.contract.kind is Kind.TRUMP and not g.state.trick:
            out.append(g)
    return out


def run_playout(games: list[alsos.Game], n: int, rng: random.Random) -> tuple[float, int]:
    """Seconds for ``n`` playouts of each game, and the cards played per playout."""
    start = time.process_time()
    for g in games:
        for _ in range(n):
            playout(g, rng)
    plays = 3 * 9 - 3 * games[0].trick_no
    return time.process_time() - start, plays


def run_playouts(games: list[alsos.Game], n: int, rng: random.Random) -> tuple[float, int]:
    start = time.process_time()
    for g in games:
        playouts(g, n, rng)
    plays = 3 * 9 - 3 * games[0].trick_no
    return time.process_time() - start, plays


def skat_positions(count: int) -> list[Any]:
    import pyspiel  # the openspiel extra

    game = pyspiel.load_game("skat")
    out = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        seed += 1
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]))
            elif str(st).startswith("Phase: playing"):
                out.append(st)
                break
            else:
                st.apply_action(rng.choice(st.legal_actions()))
    return out


def run_skat(states: list[Any], n: int, rng: random.Random) -> tuple[float, int]:
    plays = 0
    start = time.process_time()
    for state in states:
        for _ in range(n):
            s = state.clone()
            while not s.is_terminal():
                s.apply_action(rng.choice(s.legal_actions()))
                plays += 1
    return time.process_time() - start, plays // (n * len(states))


def bench_playouts(positions: int, n: int, rounds: int) -> None:
    first = alsos_positions(positions, 0)
    second = alsos_positions(positions, 1)
    runs: dict[str, tuple[Callable[..., tuple[float, int]], list[Any]]] = {
        "alsos playout, first trick": (run_playout, first),
        "alsos playouts, second trick": (run_playouts, second),
    }
    try:
        runs["OpenSpiel skat, first trick"] = (run_skat, skat_positions(positions))
    except ImportError:
        print("open_spiel is not installed: the OpenSpiel skat column is skipped")
    rates: dict[str, list[float]] = {name: [] for name in runs}
    plays: dict[str, int] = {}
    rng = random.Random(0)
    for _ in range(rounds):
        for name, (run, games) in runs.items():  # taking turns: the same load for each
            seconds, plays[name] = run(games, n, rng)
            rates[name].append(n * len(games) / seconds)
    print(f"playouts (CPU time): {positions} positions x {n} playouts, {rounds} rounds in turn")
    for name, values in rates.items():
        rate = statistics.median(values)
        print(
            f"  {name:30s} {rate:9,.0f} playouts/s  {plays[name]:2d} cards each  "
            f"{1e6 / rate / plays[name]:5.2f} us per card"
        )
    skat = rates.get("OpenSpiel skat, first trick")
    if skat:
        # The like-for-like row: both from the first trick, a copy, then random
        # legal cards to the end; the ratio of each round's rates, then the median.
        mine = rates["alsos playout, first trick"]
        ratio = statistics.median(a / b for a, b in zip(mine, skat, strict=True))
        print(f"  alsos playout / OpenSpiel skat, first trick: {ratio:.2f}x (median of rounds)")


def playout_parts(games: list[alsos.Game], n: int, stage: int) -> float:
    """CPU µs per playout of each game up to ``stage``: 0 the copy, 1 then the steps
    through the engine until only cards are left (:func:`~alsos.search.to_cards`),
    2 then the cards (:func:`~alsos.search.play_cards`), 3 then the payments: the
    whole of :func:`~alsos.search.playout`, one part added at each stage."""
    eng = engine_for(games[0].rules)
    rng = random.Random(0)
    start = time.process_time()
    for g in games:
        state = g.state
        for _ in range(n):
            s = state.copy()
            if stage and to_cards(eng, s, rng) and stage > 1:
                play_cards(eng, s, rng.random)
            if stage > 2:
                eng.payments(s)
    return (time.process_time() - start) / (n * len(games)) * 1e6


def bench_parts(positions: int, n: int, rounds: int) -> None:
    """Where a first-trick playout's time goes: each part is the difference of two
    stages (:func:`playout_parts`), timed in turn with OpenSpiel's skat playout."""
    games = alsos_positions(positions, 0)
    try:
        skat = skat_positions(positions)
    except ImportError:
        skat = []
    times: list[list[float]] = [[] for _ in range(5)]
    for _ in range(rounds):
        for stage in range(4):
            times[stage].append(playout_parts(games, n, stage))
        if skat:
            seconds, _plays = run_skat(skat, n, random.Random(0))
            times[4].append(seconds / (n * len(skat)) * 1e6)
    m = [statistics.median(t) if t else 0.0 for t in times]
    names = ("the copy", "the steps until only cards are left", "the cards", "the payments")
    print(f"a first-trick playout's parts (CPU µs, median of {rounds} rounds):")
    for i, name in enumerate(names):
        print(f"  {name:38s} {m[i] - (m[i - 1] if i else 0.0):6.2f}")
    print(f"  {'the whole playout':38s} {m[3]:6.2f}")
    if skat:
        print(f"  {'OpenSpiel skat, clone and playout':38s} {m[4]:6.2f}")
        print(f"  4 times skat's rate is {m[4] / 4:.2f} µs a playout")


def bench_solve(table: list[str], count: int) -> None:
    print(f"solve: CPU time per position (up to {count} positions each)")
    for entry in table:
        variant, _, rest = entry.partition(":")
        left_text, _, kind = rest.partition(":")
        left = int(left_text)
        rules = alsos.load_variant(variant)

        def stop(g: alsos.Game, rules: alsos.Ruleset = rules, left: int = left) -> bool:
            s = g.state
            return (
                g.phase is Phase.PLAY
                and not s.trick
                and not s.discards_left
                and (g.trick_no >= 1 or not s.speech_in_first_trick)
                and rules.hand_size - g.trick_no == left
            )

        times, nodes = [], []
        seed = 0
        while len(times) < count and seed < 50 * count:
            g = quiet_position(rules, seed, stop, bid=kind != "klopitzky")
            seed += 1
            if g is None or (kind and str(g.state.contract.kind) != kind):
                continue
            start = time.process_time()
            sol = solve(g)
            times.append(time.process_time() - start)
            nodes.append(sol.nodes)
        if not times:
            print(f"  {entry}: no such position in {seed} hands")
            continue
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        label = f"{variant} {kind}" if kind else variant
        print(
            f"  {label:22s} {left} tricks left: median {1e3 * statistics.median(times):7.1f} ms"
            f"  p90 {1e3 * p90:7.1f} ms  max {1e3 * times[-1]:7.1f} ms  "
            f"({len(times)} positions, median {statistics.median(nodes):,.0f} nodes)"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=10, help="playout positions")
    parser.add_argument("--playouts", type=int, default=200, help="playouts per position")
    parser.add_argument("--rounds", type=int, default=3, help="rounds taking turns")
    parser.add_argument("--solves", type=int, default=30, help="positions per solver row")
    parser.add_argument(
        "--solve",
        nargs="*",
        default=["potter1930:6", "potter1930:7", "potter1930:9:klopitzky", "two-player:9"],
        metavar="VARIANT:TRICKS[:KIND]",
        help="solver rows: a variant, the tricks left, and a kind of game to pick",
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes, a smoke run")
    parser.add_argument(
        "--parts", action="store_true", help="also time a playout's parts, beside skat's"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.playouts, args.rounds, args.solves = 2, 5, 1, 2
        args.solve = ["potter1930:4"]
    compiled = [m.removeprefix("alsos.") for m in alsos.version.compiled_modules()]
    build = f"compiled: {', '.join(compiled)}" if compiled else "pure Python"
    print(f"alsos {alsos.__version__} ({build})")
    bench_playouts(args.positions, args.playouts, args.rounds)
    if args.parts:
        bench_parts(args.positions, args.playouts, max(args.rounds, 3))
    bench_solve(args.solve, args.solves)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
