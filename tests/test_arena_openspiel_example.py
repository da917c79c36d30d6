"""examples/arena_openspiel.py: the summary of a stopped run and the decision timer
(the match itself needs OpenSpiel and minutes; its figures are in docs/bots.rst)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from alsos.research.arena import ArenaResult, arena


def _example() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "examples" / "arena_openspiel.py"
    spec = importlib.util.spec_from_file_location("example_arena_openspiel", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Stop(Exception):
    pass


def test_a_stopped_runs_checkpoint_is_summarised_as_the_arena_would(tmp_path: Path) -> None:
    """The checkpoint of a finished match, kept by an output that fails, summarises to
    the arena's own figures; a line cut by the stop is skipped."""
    path = tmp_path / "run.partial.jsonl"
    seen: list[ArenaResult] = []

    def keep(result: ArenaResult) -> None:
        seen.append(result)
        raise _Stop

    with pytest.raises(_Stop):
        arena("tompa", ["medium", "easy"], 6, seed=2, workers=1, checkpoint=path, on_result=keep)
    with path.open("a", encoding="utf-8") as f:
        f.write('{"job": 6, "result": {"cou')
    text = _example().summarise(path)
    e = seen[0].pairs["medium", "easy"]
    assert "6 duplicate deals finished of 6" in text
    assert (
        f"medium - easy (raw): {e.value:+.3f} per hand, 95% [{e.low:+.3f}, {e.high:+.3f}]" in text
    )
    c = seen[0].capped_pairs["medium", "easy"]
    cap = seen[0].cap
    assert (
        f"medium - easy (capped at {cap}): {c.value:+.3f} per hand, 95% [{c.low:+.3f}, "
        f"{c.high:+.3f}]" in text
    )


def test_matched_spec_gives_the_openspiel_bot_its_simulations_by_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--times``: more time for the OpenSpiel bot means more simulations, chosen
    from timed decisions, the spec's other options kept."""
    from alsos.bots import parse_spec

    example = _example()
    base = "openspiel-ismcts(rollout=medium)"
    searcher = "pimc(worlds=2, budget=4)"  # a few milliseconds a decision
    one = parse_spec(example.matched_spec("tompa", searcher, base, 1, 1))
    ten = parse_spec(example.matched_spec("tompa", searcher, base, 10, 1))
    assert one[0] == "openspiel-ismcts" and one[1]["rollout"] == "medium"
    assert 2 <= one[1]["simulations"] < ten[1]["simulations"]
    assert "a simulation ->" in capsys.readouterr().out


def test_decision_times_are_taken_for_every_bot() -> None:
    times = _example().decision_times("tompa", ["medium", "random"], 1)
    assert set(times) == {"medium", "random"}
    assert all(ts and min(ts) >= 0 for ts in times.values())


def test_resume_finishes_a_stopped_match_from_its_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--resume`` continues the stopped run's checkpoint and writes the match's JSON
    with the arena's own figures; without it, the unfinished checkpoint is refused."""
    from alsos.research.parallel import CheckpointError

    out = tmp_path / "run.json"
    checkpoint = tmp_path / "run.json.partial.jsonl"
    seen: list[ArenaResult] = []

    def keep(result: ArenaResult) -> None:
        seen.append(result)
        raise _Stop

    with pytest.raises(_Stop):
        arena("tompa", ["medium", "easy"], 4, seed=0, workers=1, checkpoint=checkpoint,
              on_result=keep)  # fmt: skip
    argv = ["arena_openspiel.py", "--variant", "tompa", "--alsos", "medium", "--openspiel",
            "easy", "--deals", "4", "--time-deals", "0", "--json", str(out)]  # fmt: skip
    monkeypatch.setattr("sys.argv", argv)
    with pytest.raises(CheckpointError):
        _example().main()
    assert not out.exists() and checkpoint.exists()
    monkeypatch.setattr("sys.argv", [*argv, "--resume"])
    assert _example().main() == 0
    e = seen[0].pairs["medium", "easy"]
    assert f"{e.value:+.3f}" in capsys.readouterr().out
    assert out.exists() and not checkpoint.exists()


def test_the_openspiel_search_benchmark_times_alsos_parts() -> None:
    """examples/bench_openspiel_search.py: the parts of an ISMCTS simulation that are
    alsos's (a sampled world, a medium rollout, an information-state string) are timed
    on the positions of a heuristic hand, each a positive time."""
    pytest.importorskip("pyspiel")
    path = Path(__file__).resolve().parent.parent / "examples" / "bench_openspiel_search.py"
    spec = importlib.util.spec_from_file_location("example_bench_openspiel_search", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    positions, world, rollout, string = module.parts("tompa", 2)
    assert positions > 0 and world > 0 and rollout > 0 and string > 0
