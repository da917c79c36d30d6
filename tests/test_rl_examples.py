"""The RL example scripts run and print what they promise."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_random_agents_notebook_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "rl_random_agents.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert out.startswith("potter1930: 224 actions, observations of shape (1126,)")
    assert out.count("PettingZoo hand") == 3
    assert "Gymnasium: a random seat 0 won" in out
    assert "OpenSpiel python_alsos" in out


def test_benchmark_reports_steps_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    bench = runpy.run_path(str(EXAMPLES / "rl_benchmark.py"))
    assert bench["main"](["--seconds", "0.2", "--variant", "tompa"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["pettingzoo", "openspiel"]
    assert all("steps/s CPU" in line and "tompa" in line for line in lines)
