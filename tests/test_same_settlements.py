"""examples/same_settlements.py, the before/after check of engine changes, runs and
is deterministic (so a difference between two checkouts means a change of rules)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "same_settlements.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("same_settlements", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fingerprints_are_deterministic_and_tell_profiles_apart() -> None:
    script = _load()
    first = script.fingerprint("potter1930", None, 20)
    assert first == script.fingerprint("potter1930", None, 20)
    assert first != script.fingerprint("potter1930", None, 21)
    assert first != script.fingerprint("four-player", None, 20)
    assert script.fingerprint("altiansz", 4, 20) != script.fingerprint("altiansz", None, 20)


def test_the_heuristic_fingerprint_is_deterministic_and_sees_the_bots_choices() -> None:
    """``--heuristic``: the check that a refactoring left every heuristic decision as it was."""
    script = _load()
    first = script.heuristic_fingerprint("potter1930", None, 8)
    assert first == script.heuristic_fingerprint("potter1930", None, 8)
    assert first != script.heuristic_fingerprint("potter1930", None, 9)
    assert first != script.fingerprint("potter1930", None, 8)  # not the random players'
