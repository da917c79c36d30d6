"""The example scripts run."""

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
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_simulation_example_prints_a_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    simulate = load("simulate")
    assert simulate.main(["tompa", "two-player", "--hands", "60", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("60 hands per variant, seeds 0..59, bots quiet")
    assert "paired difference two-player - tompa (same seeds):" in out
    assert "tompa: stake per hand " in out
