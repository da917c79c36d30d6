"""The call path of one search decision: which modules it passes through, and how often a
call crosses the package's layers.

Run from a checkout with the pure-Python package (an editable install, or
``PYTHONPATH=.``): the compiled modules' functions are not seen by the profiler.
One :class:`~alsos.bots.PIMCBot` decision is made on a seeded position and
every Python-level call inside ``alsos`` is recorded (``sys.setprofile``):

- *modules*: the ``alsos`` modules whose functions ran;
- *edges*: the distinct (caller module, called module) pairs;
- *layer crossings*: of those pairs, the ones whose called module sits in a
  lower layer of the "alsos layers" contract in ``pyproject.toml`` than its
  caller (each such call returns up the layers once), and how many calls they
  made.

``--json`` prints the figures as JSON.  Compare two revisions by running it in
each (``PYTHONPATH=/path/to/old python examples/call_path.py``).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tomllib
from collections import Counter
from types import FrameType
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _layers() -> dict[str, int]:
    """Each top-level ``alsos`` package or module -> its layer index (0: the highest)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["name"] == "alsos layers":
            out = {}
            for i, layer in enumerate(contract["layers"]):
                for name in layer.split("|"):
                    out[name.strip()] = i
            return out
    raise SystemExit("no 'alsos layers' contract in pyproject.toml")


def _top(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def measure(variant: str, seed: int, plies: int) -> dict[str, Any]:
    import alsos
    from alsos.bots import make

    game = alsos.Game(alsos.load_variant(variant), seed=seed)
    helper = make("heuristic", seed=seed)
    for _ in range(plies):  # a position some way into the hand
        seat = game.to_act
        assert seat is not None
        game.apply(helper.choose(game.view(seat), game.legal_actions()))
    seat = game.to_act
    assert seat is not None
    bot = make("hard", seed=seed)
    view, legal = game.view(seat), game.legal_actions()
    layers = _layers()
    calls: Counter[tuple[str, str]] = Counter()
    modules: set[str] = set()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        callee = frame.f_globals.get("__name__", "")
        if not callee.startswith("alsos"):
            return
        modules.add(callee)
        back = frame.f_back
        caller = back.f_globals.get("__name__", "") if back is not None else ""
        if caller.startswith("alsos") and caller != callee:
            calls[caller, callee] += 1

    sys.setprofile(profile)
    try:
        action = bot.choose(view, legal)
    finally:
        sys.setprofile(None)
    down = {
        (a, b): n
        for (a, b), n in calls.items()
        if layers.get(_top(a), -1) < layers.get(_top(b), -1)
    }
    return {
        "variant": variant,
        "seed": seed,
        "phase": str(view.phase),
        "action": str(action),
        "modules": len(modules),
        "edges": len(calls),
        "layer_crossing_pairs": len(down),
        "layer_crossing_calls": sum(down.values()),
        "module_list": sorted(modules),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="potter1930")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=12, help="actions played first")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.variant, args.seed, args.plies)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"one 'hard' decision, {figures['variant']} seed {figures['seed']}, {figures['phase']}")
    print(f"  modules run:            {figures['modules']}")
    print(f"  caller->called pairs:   {figures['edges']}")
    print(
        f"  pairs calling down a layer (each returns up it): {figures['layer_crossing_pairs']}"
        f" ({figures['layer_crossing_calls']} calls)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
