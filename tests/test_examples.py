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


@pytest.mark.slow
def test_simulation_example_prints_a_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    simulate = load("simulate")
    assert simulate.main(["tompa", "two-player", "--hands", "60", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("60 hands per variant, seeds 0..59, bots quiet")
    assert "paired difference two-player - tompa (same seeds):" in out
    assert "tompa: stake per hand " in out


def test_structure_report_finds_a_known_circle() -> None:
    """The structure report reads the real import graph: the circle it reports must exist.

    Every circle it names is checked against grimp's own chain search, so a report that
    invents or drops edges fails here.
    """
    import grimp

    structure = load("structure_report")
    figures = structure.report()
    graph = grimp.build_graph("alsos")
    assert figures["modules"] == len(graph.modules)
    for circle in figures["circles"]:
        first, *rest = circle
        for other in rest:
            assert graph.find_shortest_chain(importer=first, imported=other) is not None
            assert graph.find_shortest_chain(importer=other, imported=first) is not None
    for line in figures["long_functions"]:
        assert int(line.split()[0]) > 80


def test_web_load_example_plays_its_tables_and_reports_latency(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """examples/web_load.py, tiny: two tables against a real server process, each hand
    finished, the latency percentiles and the load average reported."""
    pytest.importorskip("websockets", reason="the web extra (uvicorn[standard])")
    pytest.importorskip("httpx", reason="the test extra")
    web_load = load("web_load")
    assert web_load.main(["--tables", "2", "--seconds", "120"]) == 0
    out = capsys.readouterr().out
    assert "hands finished: 2 in " in out
    assert "action-to-update latency over " in out and " p99 " in out
    assert "load average (1, 5, 15 min)" in out


def test_bench_bots_times_only_the_named_bots_decisions_with_a_choice() -> None:
    """examples/bench_bots.py: the bot sits in half the seats, and each of its
    decisions with a choice gives one timing (no more, no fewer)."""
    bench = load("bench_bots")
    times = bench.decision_times("tompa", "random", 2)
    assert times and all(t >= 0 for t in times)
    import alsos
    from alsos.bots import make_spec

    rules = alsos.load_variant("tompa")
    choices = 0
    for seed in range(2):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        bots = [
            make_spec("random" if s % 2 == seed % 2 else "heuristic", seed=seed * 7 + s)
            for s in range(rules.players)
        ]
        while not game.is_over:
            seat = game.to_act
            legal = game.legal_actions()
            choices += seat % 2 == seed % 2 and len(legal) > 1
            game.apply(bots[seat].choose(game.view(seat), legal))
    assert len(times) == choices


def test_bench_bots_profile_finds_inference_only_where_it_is_on() -> None:
    """examples/bench_bots.py ``--profile``: inference's weighing replays take a share
    of a PIMC bot's decisions with ``inference=true`` and none without; every part
    is a share of the whole."""
    bench = load("bench_bots")
    plain = bench.profile_shares("tompa", "pimc(worlds=2, budget=4)", 1)
    weighed = bench.profile_shares("tompa", "pimc(worlds=2, budget=4, inference=true)", 1)
    replays = "  of which inference's weighing replays"
    assert plain[replays] == 0.0 < weighed[replays] <= weighed["the worlds drawn"] <= 1.0
    assert 0.0 < plain["  of which the playouts"] <= plain["the actions' values"] <= 1.0
    assert bench.profile_shares("tompa", "heuristic", 1) == {}


def test_bench_loop_prints_the_loops_parts(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/bench_loop.py, tiny, with ``--parts``: each part of a decision is
    printed, and the parts add up to the whole loop as printed."""
    bench = load("bench_loop")
    assert bench.main(["--rounds", "1", "--hands", "3", "--sim-hands", "2", "--parts"]) == 0
    out = capsys.readouterr().out
    part = {
        line[:50].strip(): float(line[50:])
        for line in out.splitlines()
        if line.startswith("  the ") and line[50:].strip()
    }
    engine = part["the engine's steps and legal actions, no events"]
    events = next(v for k, v in part.items() if k.startswith("the events"))
    game = part["the game: checks, guard, views"]
    assert abs(engine + events + game - part["the whole public loop"]) < 0.03
