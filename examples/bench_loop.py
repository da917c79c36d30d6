"""The public bot loop against OpenSpiel's skat, and ``alsos simulate`` hands per second.

Two figures of issue 20, measured the fair way on a shared machine: both
sides take turns in one process, round after round, and the ratio of each
round's times is the figure to read.

*Bot loop.*  Every decision of a uniformly random bot goes through the
public API a bot program uses::

    legal = game.legal_actions()
    view = game.view(game.to_act)      # what the seat may know
    game.apply(rng.choice(legal))

and OpenSpiel's C++ skat (``pyspiel.load_game("skat")``) is driven the same
way from Python: ``legal_actions()``, then ``observation_string(player)``
as the view, then ``apply_action``.  Skat has no information-state string
(it raises "not implemented"); its observation string is its per-player
text of what the player may know (hand, bids, skat, current trick), the
nearest analogue of a :class:`~alsos.View`.  Skat's 32 dealing chance
actions are applied with ``chance_outcomes`` inside the timed loop, as the
alsos side shuffles in ``Game(rules, seed=i)``; both figures are
microseconds per player decision, deal included.  The view is not read
(a uniform bot ignores it): a lazily built view is allowed to win here,
as it would in a real bot that reads few of its fields.  A second alsos
line times the same loop with the view kept in a variable while the move
is applied (``view = game.view(seat)``, as most bot programs are written):
the game then settles the view before the hand moves on, keeping a copy of
the hand for the fields not read yet (``alsos.play.view.settle``).

*Simulate.*  ``alsos simulate VARIANT --bots heuristic --workers 1`` plays
its hands in one process with :class:`~alsos.bots.HeuristicBot` at every
seat; this times that inner loop (``alsos.research.simulate._play_hands``, without
the process pool and the summary) in hands per second on one core.

Usage (from the repository root)::

    python examples/bench_loop.py                      # 7 rounds
    python examples/bench_loop.py --rounds 3 --hands 100 --sim-hands 100

``--against REV`` also times a git revision of the package (exported and
renamed as ``examples/compare_revisions.py`` does) in the same rounds, taking
turns with this checkout, and prints each side's figures and the now/then
ratios; ``--cpu`` times the process's CPU time instead of the wall clock,
steadier on a machine busy with other work::

    python examples/bench_loop.py --rounds 9 --hands 100 --sim-hands 150 --against main --cpu

``--parts`` also times where a decision of the loop goes, in turn with the loop
and skat's: the engine's steps with their legal actions (the engine stepped
directly, as search does), the events the game returns (and of them, the
itemised settlement each hand's last event carries), and the game's own
checks, thread guard and views::

    python examples/bench_loop.py --parts
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import tempfile
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

from alsos.version import compiled_modules

#: What every figure is timed by: the wall clock, or with ``--cpu`` the process's CPU time.
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def alsos_loop(rules: Any, hands: int, seed: int, pkg: Any = alsos, *, hold: bool = False) -> float:
    """µs per decision of uniform bots through legal_actions, view and apply.

    ``hold``: keep the view in a variable while the move is applied, as a bot
    program written ``view = game.view(seat)`` does; the game then settles it
    (``alsos.play.view.settle``) before the hand moves on."""
    rng = random.Random(seed)
    decisions = 0
    clock = CLOCK[0]
    start = clock()
    for i in range(seed, seed + hands):
        g = pkg.Game(rules, seed=i)
        while not g.is_over:
            legal = g.legal_actions()
            view = g.view(g.to_act)
            if not hold:
                del view
            g.apply(rng.choice(legal))
            decisions += 1
    return (clock() - start) / decisions * 1e6


def engine_loop(rules: Any, hands: int, seed: int, *, events: bool) -> float:
    """µs per decision of the same uniform bots stepping the engine itself, as search
    does (:meth:`Engine.legal <alsos.hand.engine.Engine.legal>` and :meth:`Engine.apply
    <alsos.hand.engine.Engine.apply>`, no game, no view), the events recorded or not."""
    from alsos.hand.engine import engine_for

    eng = engine_for(rules)
    rng = random.Random(seed)
    decisions = 0
    clock = CLOCK[0]
    start = clock()
    for i in range(seed, seed + hands):
        s = eng.new_state(seed=i, deal=None, dealer=0)
        while not s.is_over:
            eng.apply(s, s.to_act, rng.choice(eng.legal(s)), [] if events else None)
            decisions += 1
    return (clock() - start) / decisions * 1e6


def settle_share(rules: Any, hands: int, seed: int) -> float:
    """µs per decision of building the itemised settlement that the last event of each
    hand carries (:class:`~alsos.hand.events.HandOver`), in the same uniform hands."""
    from alsos.hand.engine import engine_for

    eng = engine_for(rules)
    rng = random.Random(seed)
    decisions = 0
    ended = []
    for i in range(seed, seed + hands):
        s = eng.new_state(seed=i, deal=None, dealer=0)
        while not s.is_over:
            eng.apply(s, s.to_act, rng.choice(eng.legal(s)))
            decisions += 1
        ended.append(s)
    clock = CLOCK[0]
    start = clock()
    for s in ended:
        eng.scoring.settle(rules, s)
    return (clock() - start) / decisions * 1e6


def bench_parts(rules: Any, hands: int, rounds: int, skat: object) -> None:
    """Where the public bot loop's time goes, in turn with the loop itself and skat's."""
    times: list[list[float]] = [[] for _ in range(5)]
    for r in range(rounds):
        seed = r * hands
        times[0].append(engine_loop(rules, hands, seed, events=False))
        times[1].append(engine_loop(rules, hands, seed, events=True))
        times[2].append(settle_share(rules, hands, seed))
        times[3].append(alsos_loop(rules, hands, seed))
        if skat is not None:
            times[4].append(skat_loop(skat, hands, seed))
    m = [statistics.median(t) if t else 0.0 for t in times]
    print(f"the bot loop's parts (µs a decision, median of {rounds} rounds):")
    print(f"  the engine's steps and legal actions, no events   {m[0]:5.2f}")
    print(f"  the events (of which the settlement {m[2]:4.2f})          {m[1] - m[0]:5.2f}")
    print(f"  the game: checks, guard, views                    {m[3] - m[1]:5.2f}")
    print(f"  the whole public loop                             {m[3]:5.2f}")
    if skat is not None:
        print(f"  OpenSpiel skat's loop                             {m[4]:5.2f}")
        print(f"  twice skat's speed is {m[4] / 2:.2f} µs a decision")


def skat_loop(game: object, hands: int, seed: int) -> float:
    """µs per player decision of OpenSpiel's skat, driven the same way (deal included)."""
    rng = random.Random(seed)
    decisions = 0
    clock = CLOCK[0]
    start = clock()
    for _ in range(hands):
        st = game.new_initial_state()  # type: ignore[attr-defined]
        while not st.is_terminal():
            if st.is_chance_node():
                st.apply_action(rng.choice(st.chance_outcomes())[0])
                continue
            legal = st.legal_actions()
            st.observation_string(st.current_player())
            st.apply_action(rng.choice(legal))
            decisions += 1
    return (clock() - start) / decisions * 1e6


def simulate_rate(spec: str, hands: int, seed: int, pkg: Any = alsos) -> float:
    """Hands per second of ``alsos simulate``'s inner loop with heuristic bots."""
    play_hands = importlib.import_module(f"{pkg.__name__}.research.simulate")._play_hands
    clock = CLOCK[0]
    start = clock()
    play_hands(((spec,), None, ("heuristic",), seed, hands))
    return hands / (clock() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="potter1930")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=200, help="bot-loop hands per round")
    parser.add_argument("--sim-hands", type=int, default=200, help="simulate hands per round")
    parser.add_argument(
        "--against", metavar="REV", help="also time this git revision, taking turns with it"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="time CPU time, not the wall clock (a busy machine)"
    )
    parser.add_argument(
        "--parts", action="store_true", help="also time the loop's parts, beside skat's"
    )
    args = parser.parse_args(argv)
    if args.cpu:
        CLOCK[0] = time.process_time
    try:
        import pyspiel
    except ImportError:
        skat = None
        print("open_spiel is not installed: the skat column is left out")
    else:
        skat = pyspiel.load_game("skat")
    build = ", ".join(compiled_modules()) or "pure Python"
    print(f"alsos build: {build}; {sys.implementation.name} {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        sides: dict[str, Any] = {"now": alsos}
        if args.against:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from compare_revisions import export

            sides = {args.against: export(args.against, Path(tmp)), "now": alsos}
        timed = _rounds(args, sides, skat)
    print(f"{args.rounds} rounds, alternating in one process")
    for name in sides:
        ours, theirs, rates, held = timed[name]
        label = "" if len(sides) == 1 else f"[{name}] "
        print(
            f"{label}alsos {args.variant} bot loop: median {statistics.median(ours):.2f} "
            f"µs/decision (min {min(ours):.2f})"
        )
        print(
            f"{label}alsos {args.variant} bot loop, the view held through apply: median "
            f"{statistics.median(held):.2f} µs/decision (min {min(held):.2f})"
        )
        if theirs:
            ratio = statistics.median(t / o for o, t in zip(ours, theirs, strict=True))
            print(
                f"{label}OpenSpiel skat bot loop: median {statistics.median(theirs):.2f} "
                f"µs/decision (min {min(theirs):.2f})"
            )
            print(f"{label}alsos speed / skat speed per decision: {ratio:.2f}x (median of rounds)")
        print(
            f"{label}simulate {args.variant} --bots heuristic, one core: median "
            f"{statistics.median(rates):,.0f} hands/s (max {max(rates):,.0f})"
        )
    if args.against:
        then, now = timed[args.against], timed["now"]
        loop = statistics.median(t / n for t, n in zip(then[0], now[0], strict=True))
        sim = statistics.median(n / t for t, n in zip(then[2], now[2], strict=True))
        held = statistics.median(t / n for t, n in zip(then[3], now[3], strict=True))
        print(
            f"now/then speed: bot loop {loop:.3f}, with the view held {held:.3f}, "
            f"simulate {sim:.3f} (medians of rounds)"
        )
    if args.parts:
        bench_parts(alsos.load_variant(args.variant), args.hands, args.rounds, skat)
    return 0


def _rounds(
    args: argparse.Namespace, sides: dict[str, Any], skat: object
) -> dict[str, tuple[list[float], list[float], list[float], list[float]]]:
    """Each side's bot-loop µs, skat µs (timed next to it), simulate rate and bot-loop
    µs with the view held, per round."""
    rules = {name: pkg.load_variant(args.variant) for name, pkg in sides.items()}
    out: dict[str, tuple[list[float], list[float], list[float], list[float]]] = {}
    for name, pkg in sides.items():
        alsos_loop(rules[name], 20, 10**6, pkg)  # warm up imports and caches
        simulate_rate(str(rules[name]), 10, 10**6, pkg)
        out[name] = ([], [], [], [])
    for r in range(args.rounds):
        seed = r * args.hands
        for name, pkg in sides.items():
            ours, theirs, rates, held = out[name]
            ours.append(alsos_loop(rules[name], args.hands, seed, pkg))
            held.append(alsos_loop(rules[name], args.hands, seed, pkg, hold=True))
            if skat is not None:
                theirs.append(skat_loop(skat, args.hands, seed))
            rates.append(simulate_rate(str(rules[name]), args.sim_hands, r * args.sim_hands, pkg))
    return out


if __name__ == "__main__":
    sys.exit(main())
