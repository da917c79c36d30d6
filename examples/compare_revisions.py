"""Is this checkout faster or slower per action than an earlier revision?

Exports ``alsos/`` and ``variants/`` of a git revision into a temporary
folder, renames the package ``alsos_then`` so both versions load into one
process, and times both alternately on the same seeds: uniform random hands
and "quiet" hands (pass whenever legal in the announcement rounds), as
``examples/benchmark.py`` plays them.  Alternating in one process keeps the
machine's drift out of the comparison; the ratio of each round's times is the
figure to read.

Usage (from the repository root, inside a git checkout)::

    python examples/compare_revisions.py 7da78e7 --rounds 15 --hands 300

On a machine busy with other work, ``--cpu`` times the process's CPU time
instead of the wall clock (the loop is single-threaded, so that is its work).

``--pimc HANDS`` compares the search instead: the PIMC decisions of ``HANDS``
hands (PIMC at defaults in the first active seat, the heuristic elsewhere, as
``examples/bench_pimc.py`` plays them), each decided by both revisions in
turn (CPU time), and ``--worlds`` worlds determinized per decision (µs per
world); it checks that both choose the same actions::

    python examples/compare_revisions.py main --pimc 6 --variant potter1930
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import alsos

ROOT = Path(__file__).resolve().parent.parent


def export(revision: str, into: Path) -> ModuleType:
    """The package as it was at ``revision``, importable as ``alsos_then``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "alsos", "variants"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    package = into / "alsos"
    package.rename(into / "alsos_then")
    for path in (into / "alsos_then").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\bfrom alsos(\.| import)", r"from alsos_then\1", text)
        text = re.sub(r"\bimport alsos\.", "import alsos_then.", text)  # import alsos.hand.rules
        text = re.sub(r"\bimport alsos\b", "import alsos_then as alsos", text)
        # the built-in rule modules' package, by name (alsos.rules, later alsos.hand.rules)
        text = re.sub(r'"alsos\.((?:hand\.)?rules)"', r'"alsos_then.\1"', text)
        text = text.replace('here.parent / "variants"', f"pathlib.Path({str(into / 'variants')!r})")
        path.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(into))
    import alsos_then  # type: ignore[import-not-found]

    return alsos_then  # type: ignore[no-any-return]


def players(
    pkg: Any, clock: Callable[[], float] = time.perf_counter
) -> tuple[Callable[[int, int], float], Callable[[int, int], float]]:
    """(uniform, quiet): each plays ``n`` hands from ``seed`` and returns µs per action."""
    rules = pkg.load_variant("potter1930")
    pass_ = pkg.parse_action("pass")
    rounds = (pkg.Phase.FRONT, pkg.Phase.COMPLETION)

    def uniform(n: int, seed: int) -> float:
        actions, start = 0, clock()
        for i in range(seed, seed + n):
            g, rng = pkg.Game(rules, seed=i), random.Random(i)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
                actions += 1
        return (clock() - start) / actions * 1e6

    def quiet(n: int, seed: int) -> float:
        actions, start = 0, clock()
        for i in range(seed, seed + n):
            g, rng = pkg.Game(rules, seed=i), random.Random(i)
            while not g.is_over:
                legal = g.legal_actions()
                quietly = g.phase in rounds and pass_ in legal
                g.apply(pass_ if quietly else rng.choice(legal))
                actions += 1
        return (clock() - start) / actions * 1e6

    return uniform, quiet


def pimc_decisions(pkg: Any, variant: str, hands: int) -> list[tuple[int, Any, Any]]:
    """(seed, view, legal) at each PIMC decision of ``hands`` hands, as bench_pimc plays them."""
    rules = pkg.load_variant(variant)
    out = []
    for i in range(1, 1 + hands):
        game = pkg.Game(rules, seed=i, dealer=i % rules.players)
        searcher = game.active[0]
        bots = {s: pkg.bots.HeuristicBot(1000 + i * 10 + s) for s in game.active}
        while not game.is_over:
            seat = game.to_act
            legal = game.legal_actions()
            view = game.view(seat)
            if seat == searcher and len(legal) > 1:
                out.append((i, view, legal))
            game.apply(bots[seat].choose(view, legal))
    return out


def compare_pimc(then: Any, revision: str, variant: str, hands: int, worlds: int) -> int:
    """PIMC decisions (ms) and determinization (µs per world), then and now alternating."""
    decisions = {
        "then": pimc_decisions(then, variant, hands),
        "now": pimc_decisions(alsos, variant, hands),
    }
    packages = {"then": then, "now": alsos}
    ms: dict[str, list[float]] = {"then": [], "now": []}
    us: dict[str, list[float]] = {"then": [], "now": []}
    same = True
    clock = time.process_time
    for n in range(len(decisions["now"])):
        chosen = {}
        for key in ("then", "now") if n % 2 == 0 else ("now", "then"):
            pkg, (seed, view, legal) = packages[key], decisions[key][n]
            start = clock()
            chosen[key] = str(pkg.bots.PIMCBot(seed).choose(view, legal))
            ms[key].append((clock() - start) * 1e3)
            rng = random.Random(n)
            start = clock()
            try:
                sampler = pkg.search.Determinizer(view)
                for _ in range(worlds):
                    sampler.sample(rng, attempts=50)
            except pkg.search.DeterminizeError:
                continue
            us[key].append((clock() - start) * 1e6 / worlds)
        same = same and chosen["then"] == chosen["now"]
    print(f"{variant}: {len(ms['now'])} PIMC decisions of {hands} hands, alternating, CPU time")
    for key, label in (("then", revision), ("now", "now")):
        deciles = statistics.quantiles(ms[key], n=10)
        print(
            f"{label:>12}: decision median {statistics.median(ms[key]):.1f} ms, p90 "
            f"{deciles[8]:.1f} ms;  determinize median {statistics.median(us[key]):.0f} µs/world"
        )
    print("the same actions" if same else "the actions differ")
    return 0 if same else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("revision", help="the git revision to compare with, e.g. 7da78e7")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--hands", type=int, default=300, help="hands per round and policy")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the process's CPU time, not the wall clock: steadier on a busy machine",
    )
    parser.add_argument("--pimc", type=int, metavar="HANDS", help="compare PIMC decisions")
    parser.add_argument("--variant", default="potter1930", help="the profile for --pimc")
    parser.add_argument("--worlds", type=int, default=8, help="worlds per decision for --pimc")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        then = export(args.revision, Path(tmp))
        if args.pimc:
            return compare_pimc(then, args.revision, args.variant, args.pimc, args.worlds)
        clock = time.process_time if args.cpu else time.perf_counter
        old, new = players(then, clock), players(alsos, clock)
        for f in (*old, *new):
            f(50, 10**6)  # warm up imports and caches
        times: dict[str, list[float]] = {k: [] for k in ("then u", "now u", "then q", "now q")}
        for r in range(args.rounds):
            seed = r * args.hands
            times["then u"].append(old[0](args.hands, seed))
            times["now u"].append(new[0](args.hands, seed))
            times["then q"].append(old[1](args.hands, seed))
            times["now q"].append(new[1](args.hands, seed))
    print(f"{args.rounds} rounds of {args.hands} hands per policy, alternating, one process")
    for key, label in (("u", "uniform"), ("q", "quiet")):
        then_t, now_t = times[f"then {key}"], times[f"now {key}"]
        ratio = statistics.median(n / t for n, t in zip(now_t, then_t, strict=True))
        print(
            f"{label:8} {args.revision}: median {statistics.median(then_t):.2f} µs/action "
            f"(min {min(then_t):.2f});  now: median {statistics.median(now_t):.2f} "
            f"(min {min(now_t):.2f});  now/then {ratio:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
