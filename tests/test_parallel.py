"""alsos.research.parallel: jobs in any order give the same results; progress and checkpoints."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from alsos.research.parallel import Checkpoint, CheckpointError, ParallelError, Progress, run


def square(x: int) -> int:
    return x * x


@pytest.mark.parametrize("workers", [1, 2])
def test_every_job_runs_once_and_skipped_ones_not_at_all(workers: int) -> None:
    got = dict(run(square, list(range(7)), workers=workers, skip={2, 5}))
    assert got == {i: i * i for i in range(7) if i not in (2, 5)}


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ParallelError, match="local, ray"):
        run(square, [1], backend="spark")
    with pytest.raises(ParallelError, match="at least 1"):
        run(square, [1], workers=0)
    with pytest.raises(ParallelError, match="ray backend"):
        run(square, [1], address="auto")


def test_plain_progress_without_rich(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich.progress", None)  # as if rich were not installed
    with Progress(10, "study", enabled=True) as bar:
        bar.advance(10)
    err = capsys.readouterr().err
    assert "study: 10/10 hands" in err and "s left" in err


def test_progress_is_quiet_when_disabled(capsys: pytest.CaptureFixture[str]) -> None:
    with Progress(10, "study", enabled=False) as bar:
        bar.advance(4)
    assert bar.done == 4
    assert capsys.readouterr().err == ""


def test_checkpoint_reads_back_in_job_order(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    store = Checkpoint(path, {"run": (1, 2)}).open(resume=False)
    for job in (3, 0, 2):
        store.add(job, [job, "x"])
    store.close()
    again = Checkpoint(path, {"run": [1, 2]}).open(resume=True)
    assert set(again.done) == {0, 2, 3}
    assert list(again.results()) == [(0, [0, "x"]), (2, [2, "x"]), (3, [3, "x"])]
    again.close(remove=True)
    assert not path.exists()


def test_a_file_that_is_not_a_checkpoint_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text("hello\n")
    with pytest.raises(CheckpointError, match="not a checkpoint"):
        Checkpoint(path, {}).open(resume=True)
    assert path.read_text() == "hello\n"
