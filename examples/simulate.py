"""A rule study from Python: the same hands under two variants, compared.

``alsos simulate`` does the same from the command line (with progress bar,
``--out``, ``--json``, ``--plot`` and ``--resume``); this script shows the
API underneath, for studies that need their own tables.  Run it from the
repository root::

    python examples/simulate.py                                 # potter1930 vs house
    python examples/simulate.py potter1930 tompa --hands 20000 --workers 4
"""

from __future__ import annotations

import argparse
import sys

from alsos.research.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare variants over many simulated hands.")
    parser.add_argument("variants", nargs="*", default=["potter1930", "house"])
    parser.add_argument("--hands", type=int, default=2000, help="hands per variant (default 2000)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--bots", default="quiet", help="bots by seat (default quiet)")
    args = parser.parse_args(argv)
    study = simulate(args.variants, args.hands, bots=args.bots.split(","), workers=args.workers)
    print(study.table())
    # Every figure is an attrs object with its interval, e.g. the stake per hand:
    for name, summary in study.variants.items():
        print(f"{name}: stake per hand {summary.stake}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
