"""The example scripts run, and the simulation's totals do not depend on the worker count."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # worker processes find play_chunk by module name
    spec.loader.exec_module(module)
    return module


def test_simulation_is_the_same_with_one_or_two_workers() -> None:
    simulate = load("simulate")
    alone = simulate.simulate("potter1930", 300, 1)
    pooled = simulate.simulate("potter1930", 300, 2)
    assert alone == pooled
    games, _won, stake, payments = alone
    assert sum(games.values()) == 300
    assert sum(payments) == 0
    assert stake > 0


def test_simulation_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    simulate = load("simulate")
    assert simulate.main(["tompa", "--hands", "60", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tompa: 60 hands")
    assert "payments per seat: seat 0" in out
