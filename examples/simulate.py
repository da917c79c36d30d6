"""A rule study: play many hands of one or more variants across processes and compare.

Each variant plays the same seeds.  Hands are split into chunks of
consecutive seeds; every chunk seeds its own chooser from its first seed, so
the totals are the same whatever the number of worker processes.  The
players are "quiet" random bots: they pass whenever passing is legal in the
announcement rounds and otherwise choose uniformly, which keeps the number
of figures and kontras near that of a real table.

Printed per variant: how often each kind of game was played, how often the
declarer won it, the average stake that changed hands, and the payments per
seat over all hands (they sum to zero).

Run it from the repository root::

    python examples/simulate.py                                 # potter1930 vs house
    python examples/simulate.py potter1930 tompa --hands 20000 --workers 4
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import alsos
from alsos import Phase
from alsos.actions import PASS

QUIET_PHASES = (Phase.FRONT, Phase.COMPLETION)
CHUNK = 250


def play_chunk(
    variant: str, first: int, count: int
) -> tuple[Counter[str], Counter[str], int, list[int]]:
    """Play seeds ``first .. first+count-1``: (games, games the declarer won, stake, payments)."""
    rules = alsos.load_variant(variant)
    rng = random.Random(first)
    games: Counter[str] = Counter()
    won: Counter[str] = Counter()
    stake = 0
    payments = [0] * rules.players
    for seed in range(first, first + count):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        while not game.is_over:
            legal = game.legal_actions()
            quiet = game.phase in QUIET_PHASES and PASS in legal
            game.apply(PASS if quiet else rng.choice(legal))
        s = game.settlement
        assert s is not None
        kind = s.contract.split()[0] if s.contract else "?"
        games[kind] += 1
        if s.game_won:
            won[kind] += 1
        stake += sum(v for v in s.payments.values() if v > 0)
        for seat, v in s.payments.items():
            payments[seat] += v
    return games, won, stake, payments


def simulate(
    variant: str, hands: int, workers: int
) -> tuple[Counter[str], Counter[str], int, list[int]]:
    """Totals over ``hands`` hands from seed 0, split into chunks of seeds."""
    chunks = [(variant, first, min(CHUNK, hands - first)) for first in range(0, hands, CHUNK)]
    games: Counter[str] = Counter()
    won: Counter[str] = Counter()
    stake = 0
    payments: list[int] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_chunk, *zip(*chunks, strict=True)))
    else:
        results = [play_chunk(*chunk) for chunk in chunks]
    for g, w, st, pay in results:
        games += g
        won += w
        stake += st
        payments = [a + b for a, b in zip(payments, pay, strict=True)] if payments else list(pay)
    return games, won, stake, payments


def report(
    variant: str, hands: int, totals: tuple[Counter[str], Counter[str], int, list[int]]
) -> str:
    games, won, stake, payments = totals
    lines = [f"{variant}: {hands} hands"]
    for kind, n in games.most_common():
        lines.append(f"  {kind:<12} {n / hands:6.1%} of hands, declarer won {won[kind] / n:6.1%}")
    lines.append(f"  average stake changing hands: {stake / hands:.2f}")
    lines.append(
        "  payments per seat: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(payments))
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare variants over many simulated hands.")
    parser.add_argument("variants", nargs="*", default=["potter1930", "house"])
    parser.add_argument("--hands", type=int, default=2000, help="hands per variant (default 2000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2; 1: none)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.workers < 1:
        parser.error("--hands and --workers must be at least 1")
    for variant in args.variants:
        totals = simulate(variant, args.hands, args.workers)
        if sum(totals[3]) != 0:
            raise SystemExit(f"{variant}: payments do not sum to zero: {totals[3]}")
        print(report(variant, args.hands, totals))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
