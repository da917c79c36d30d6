"""How fast does the engine play?  Random hands from the shuffle to the settlement.

Plays ``--hands`` hands of a variant, each from ``alsos.Game(rules, seed=i)``
(a fresh shuffle) to its settlement, in one process on one core, choosing
uniformly among the legal actions with exactly this loop::

    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))

and prints hands per second, actions per hand and microseconds per action.

Random players talk a lot: they announce figures and say kontra whenever they
may, so most actions of a random hand are utterances.  A second figure uses a
"quiet" policy that says ``pass`` whenever it is legal in the announcement
rounds (the front announcements and the completion after the first trick)
and chooses at random otherwise; its hands are shorter and closer to real
play.

The loop floor: the same loop driving a stand-in that does no game work at
all -- it replays the legal-action lists recorded from real uniform hands and
only checks that the chosen action is among them.  What it costs is the price
of the Python loop itself (``rng.choice``, three calls, a membership test) at
this many actions per hand; whatever an engine does must fit in the time left
under a target rate (``--target``, default 6,500 hands/s, the figure issue 2
asks for).

Copies: positions in the play phase (the second trick, after a uniform
auction and first trick) are copied with ``game.copy()`` and, for
comparison, by Python's generic ``copy.deepcopy`` walking the same hand-state
data; then *playouts* -- copy the position and play uniformly random legal
actions to the settlement -- are counted per second, the inner loop of
search.

Memory: the peak resident size of the process (``ru_maxrss``) after the two
timed runs, and, in a separate short untimed pass under ``tracemalloc``, the
peak of memory allocated by Python while playing one hand after another.

Usage (from the repository root)::

    python examples/benchmark.py                 # 5000 hands
    python examples/benchmark.py --hands 300     # the CI smoke run
"""

from __future__ import annotations

import argparse
import copy
import platform
import random
import resource
import shlex
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

try:
    import alsos

    if not hasattr(alsos, "Game"):  # a stray namespace package, not the library
        raise ImportError("alsos is not installed")
except ImportError:  # not installed: run from the checkout this file is in
    sys.modules.pop("alsos", None)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import alsos

from alsos import Phase
from alsos.hand.state import FIELDS
from alsos.pack.actions import PASS, Action

Policy = Callable[[alsos.Game, random.Random], Action]


def uniform(g: alsos.Game, rng: random.Random) -> Action:
    return rng.choice(g.legal_actions())


ANNOUNCEMENT_PHASES = (Phase.FRONT, Phase.COMPLETION)


def quiet(g: alsos.Game, rng: random.Random) -> Action:
    legal = g.legal_actions()
    if g.phase in ANNOUNCEMENT_PHASES and PASS in legal:
        return PASS
    return rng.choice(legal)


def run_uniform(rules: alsos.Ruleset, hands: int, seed: int) -> tuple[float, int]:
    """The benchmark loop itself, written out: (seconds, actions)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(seed, seed + hands):
        g = alsos.Game(rules, seed=i)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        actions += len(g.history)
    return time.perf_counter() - start, actions


def run_policy(rules: alsos.Ruleset, hands: int, seed: int, policy: Policy) -> tuple[float, int]:
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(seed, seed + hands):
        g = alsos.Game(rules, seed=i)
        while not g.is_over:
            g.apply(policy(g, rng))
        actions += len(g.history)
    return time.perf_counter() - start, actions


class Replay:
    """A stand-in for :class:`alsos.Game` with no rules: it hands out recorded legal
    lists one after another, so the loop around it costs what it would cost
    around an infinitely fast engine."""

    __slots__ = ("_i", "_legal", "_steps", "is_over")

    def __init__(self, steps: list[tuple[Action, ...]]) -> None:
        self._steps = steps
        self._i = 0
        self._legal = steps[0]
        self.is_over = False

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal

    def apply(self, action: Action) -> None:
        if action not in self._legal:
            raise ValueError(f"{action!r} is not legal")
        self._i += 1
        if self._i == len(self._steps):
            self.is_over = True
        else:
            self._legal = self._steps[self._i]


def record(rules: alsos.Ruleset, hands: int, seed: int) -> list[list[tuple[Action, ...]]]:
    """The legal lists met by uniform random hands, step by step."""
    rng = random.Random(seed)
    out = []
    for i in range(seed, seed + hands):
        g = alsos.Game(rules, seed=i)
        steps = []
        while not g.is_over:
            legal = g.legal_actions()
            steps.append(legal)
            g.apply(rng.choice(legal))
        out.append(steps)
    return out


def run_floor(recorded: list[list[tuple[Action, ...]]], hands: int, seed: int) -> tuple[float, int]:
    """The benchmark loop around :class:`Replay`: (seconds, actions)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(hands):
        steps = recorded[i % len(recorded)]
        g = Replay(steps)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        actions += len(steps)
    return time.perf_counter() - start, actions


def play_positions(rules: alsos.Ruleset, count: int, seed: int) -> list[alsos.Game]:
    """Games stopped at their second trick (hands that end sooner are skipped)."""
    out = []
    i = seed
    while len(out) < count:
        g = alsos.Game(rules, seed=i)
        rng = random.Random(i)
        i += 1
        while not g.is_over and not (g.phase is Phase.PLAY and g.trick_no >= 1):
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over:
            out.append(g)
    return out


def run_copies(games: list[alsos.Game], rounds: int) -> tuple[float, float, float]:
    """Seconds per ``game.copy()``, per generic deepcopy of the state, per playout."""
    slots = FIELDS
    start = time.perf_counter()
    for _ in range(rounds):
        for g in games:
            g.copy()
    fast = (time.perf_counter() - start) / (rounds * len(games))
    start = time.perf_counter()
    for g in games:
        s = g.state
        copy.deepcopy({name: getattr(s, name) for name in slots})
    generic = (time.perf_counter() - start) / len(games)
    rng = random.Random(0)
    start = time.perf_counter()
    for g in games:
        p = g.copy()
        while not p.is_over:
            p.apply(rng.choice(p.legal_actions()))
    playout = (time.perf_counter() - start) / len(games)
    return fast, generic, playout


def report(label: str, hands: int, seconds: float, actions: int) -> None:
    print(f"{label}:")
    print(f"  hands:            {hands} in {seconds:.3f} s")
    print(f"  hands/s:          {hands / seconds:,.0f}")
    print(f"  actions per hand: {actions / hands:.1f}")
    print(f"  actions/s:        {actions / seconds:,.0f}")
    print(f"  us per action:    {seconds / actions * 1e6:.2f}")


def traced_peak(rules: alsos.Ruleset, hands: int, seed: int) -> int:
    """Peak bytes allocated by Python while playing ``hands`` uniform hands."""
    rng = random.Random(seed)
    tracemalloc.start()
    try:
        for i in range(seed, seed + hands):
            g = alsos.Game(rules, seed=i)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def max_rss_mib() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes.
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time random alsos hands from the shuffle to the settlement."
    )
    parser.add_argument("--hands", type=int, default=5000, help="hands per run (default 5000)")
    parser.add_argument("--variant", default="potter1930", help="variant id or profile path")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument(
        "--target", type=float, default=6500, help="hands/s to compare with (default 6500)"
    )
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")

    rules = alsos.load_variant(args.variant)
    print(f"command:  {shlex.join(['python', *sys.argv])}")
    print(
        f"python:   {platform.python_implementation()} {platform.python_version()}"
        f" ({sys.executable})"
    )
    print(f"platform: {platform.platform()}")
    print(f"alsos:    {alsos.__version__} ({Path(alsos.__file__).parent})")
    print(
        f"variant:  {rules.id}; {args.hands} hands from seed {args.seed}; one process, one thread"
    )
    print()

    # A short warm-up so that imports and first-use caches are not timed.
    run_uniform(rules, min(50, args.hands), args.seed + 10**6)

    seconds, actions = run_uniform(rules, args.hands, args.seed)
    report(
        "uniform random (every action chosen uniformly among the legal ones)",
        args.hands,
        seconds,
        actions,
    )
    print()
    seconds, actions = run_policy(rules, args.hands, args.seed, quiet)
    report(
        "quiet (pass whenever legal in the announcement rounds, otherwise uniform)",
        args.hands,
        seconds,
        actions,
    )
    print()

    positions = play_positions(rules, min(300, args.hands), args.seed)
    fast, generic, playout = run_copies(positions, 20)
    print("copies in the play phase (second trick):")
    print(f"  positions:                        {len(positions)}")
    print(f"  game.copy():                      {fast * 1e6:.2f} us")
    print(f"  generic deepcopy of the state:    {generic * 1e6:.0f} us  ({generic / fast:.0f}x)")
    print(
        f"  playouts (copy + uniform play to the settlement): {1 / playout:,.0f}/s,"
        f" {playout * 1e6:.0f} us each"
    )
    print()

    rss = max_rss_mib()  # before the floor's recorded lists add to it
    recorded = record(rules, min(500, args.hands), args.seed)
    seconds, actions = run_floor(recorded, args.hands, args.seed)
    report(
        "loop floor (the uniform loop around a stand-in that only replays legal lists)",
        args.hands,
        seconds,
        actions,
    )
    budget = 1 / args.target - seconds / args.hands
    per_hand = actions / args.hands
    if budget > 0:
        print(
            f"  left for the engine at {args.target:,.0f} hands/s:"
            f" {budget * 1e6:.0f} us per hand, {budget / per_hand * 1e6:.2f} us per action"
        )
    else:
        print(f"  the loop alone is slower than {args.target:,.0f} hands/s")
    print()

    traced = min(200, args.hands)
    peak = traced_peak(rules, traced, args.seed)
    print("memory:")
    print(f"  peak resident size (ru_maxrss, whole process): {rss:.1f} MiB")
    print(
        f"  peak Python allocations (tracemalloc, {traced} uniform hands,"
        f" untimed): {peak / 1024:.0f} KiB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
