"""Long runs of ``alsos arena`` and ``alsos simulate`` (issue 18, items 31-34).

Outputs are checked before a run and written before its checkpoint goes; a
resumed checkpoint is checked line by line against the run; SIGTERM stops a
run as Ctrl-C does; jobs are sized by time, so progress and checkpoints keep
their promise with slow bots.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alsos.bots
import alsos.research.parallel
from alsos.cli import main
from alsos.research.arena import arena
from alsos.research.parallel import Progress, UnitCheckpoint
from alsos.research.simulate import simulate

BOTS = ["heuristic", "random"]


class _Stop(KeyboardInterrupt):
    """Ctrl-C, as the user would press it."""


def _stop_after(deals: int) -> Any:
    seen: list[int] = []

    def stop(batch: range) -> None:
        seen.extend(batch)
        if len(seen) >= deals:
            raise _Stop

    return stop


# ----------------------------------------------------------- 31: outputs


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "--variant", "tompa", "--deals", "4", "--workers", "1", "--json", "{dir}"],
         "is a folder"),
        (["simulate", "--hands", "4", "--workers", "1", "--json", "{dir}"], "is a folder"),
        (["simulate", "--hands", "4", "--workers", "1", "--out", "{dir}/no/h.jsonl"],
         "there is no folder"),
        (["simulate", "--hands", "4", "--workers", "1", "--plot", "{dir}/out.xyz"], ".png"),
        (["simulate", "--hands", "4", "--workers", "1", "--json", "{dir}/s.png",
          "--plot", "{dir}/s.png"], "name the same file"),
    ],
)  # fmt: skip
def test_an_output_that_cannot_be_written_is_refused_before_the_run(
    tmp_path: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    assert main([a.replace("{dir}", str(tmp_path)) for a in argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""  # refused before any hand was played: no table
    assert not list(tmp_path.rglob("*.partial.jsonl"))


def test_the_checkpoint_stays_until_every_output_is_written(tmp_path: Path) -> None:
    checkpoint = tmp_path / "a.json.partial.jsonl"

    def fail(result: object) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        arena("tompa", BOTS, 4, workers=1, checkpoint=checkpoint, on_result=fail)
    assert checkpoint.exists()
    done = arena("tompa", BOTS, 4, workers=1, checkpoint=checkpoint, resume=True)
    assert done.to_data() == arena("tompa", BOTS, 4, workers=1).to_data()
    assert not checkpoint.exists()


# ---------------------------------------------------- 32: tampered files


@pytest.fixture(scope="module")
def whole() -> dict[str, Any]:
    return arena("tompa", BOTS, 12, seed=7, workers=1).to_data()


def _units(lines: list[str]) -> set[int]:
    """The deals that checkpoint lines (after the header) hold."""
    found = set()
    for line in lines:
        data = json.loads(line)
        found.update(range(data["job"], data["job"] + data["result"]["count"]))
    return found


def _stopped(tmp_path: Path) -> tuple[Path, list[str]]:
    """A checkpoint of a match stopped after some deals, and its lines."""
    checkpoint = tmp_path / "m.json.partial.jsonl"
    with pytest.raises(_Stop):
        arena("tompa", BOTS, 12, seed=7, workers=1, checkpoint=checkpoint,
              on_batch=_stop_after(6))  # fmt: skip
    lines = checkpoint.read_text().splitlines()
    assert len(lines) >= 3 and 6 <= len(_units(lines[1:])) < 12  # jobs of 1 deal, then more
    return checkpoint, lines


def _resume(checkpoint: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    out = checkpoint.with_name("m.json")
    code = main(["arena", "--variant", "tompa", "--deals", "12", "--seed", "7", "--workers", "1",
                 "--json", str(out), "--resume"])  # fmt: skip
    return code, capsys.readouterr().err


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("tamper", "why"),
    [
        (lambda lines: [*lines, '{"job": 40, "result": {"count": 1, "results": [[]]}}'],
         "not in this run"),
        (lambda lines: [*lines, '{"job": 11, "result": 5}'], "not a count and a list"),
        (lambda lines: [*lines, '{"job": 11, "result": ' + DEEP + "}"], "not a line of"),
        (lambda lines: [lines[0], DEEP, *lines[1:]], "not a line of results"),
        (lambda lines: [lines[0], "{garbage", *lines[1:]], "not a line of results"),
        (lambda lines: [lines[0], *lines[1:], lines[-1]], "repeats work"),
    ],
)  # fmt: skip
def test_a_damaged_line_is_dropped_and_the_rest_kept(
    tmp_path: Path, tamper: Any, why: str, whole: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    checkpoint, lines = _stopped(tmp_path)
    checkpoint.write_text("\n".join(tamper(lines)) + "\n")
    code, err = _resume(checkpoint, capsys)
    assert code == 0, err
    kept = f"kept {len(_units(lines[1:]))} of 12 deals from {len(lines) - 1} lines"
    assert kept in err and "dropped 1 damaged lines" in err
    assert why in err
    assert json.loads(checkpoint.with_name("m.json").read_text()) == whole


def test_a_job_stripped_of_deals_is_played_again_in_full(
    tmp_path: Path, whole: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    checkpoint, lines = _stopped(tmp_path)
    line = json.loads(lines[-1])
    assert line["result"]["count"] > 1
    line["result"]["results"] = line["result"]["results"][:1]
    bad = json.dumps(line)
    line["result"]["count"] = 1  # consistent, but a deal's seat-hands do not add up
    line["result"]["results"][0][0][1] += 1
    for tampered in (bad, json.dumps(line)):
        checkpoint.write_text("\n".join([*lines[:-1], tampered]) + "\n")
        code, err = _resume(checkpoint, capsys)
        assert code == 0, err
        assert f"kept {len(_units(lines[1:-1]))} of 12 deals from {len(lines) - 2} lines" in err
        assert json.loads(checkpoint.with_name("m.json").read_text()) == whole
        assert not checkpoint.exists()


def test_a_checkpoint_that_is_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "m.json.partial.jsonl").mkdir()
    code, err = _resume(tmp_path / "m.json.partial.jsonl", capsys)
    assert code == 2 and "is a folder" in err


def _square(unit: int, result: Any) -> str:
    return "" if result == unit * unit else "wrong"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8,
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.integers(0, 30), st.integers(1, 5)),  # a good line
            json_values.map(lambda v: json.dumps({"job": 3, "result": v})),
            json_values.map(json.dumps),
            st.binary(max_size=20).map(lambda b: b.decode("latin-1").replace("\n", "")),
        ),
        max_size=12,
    )
)
def test_whatever_the_lines_only_right_results_are_kept(lines: list[Any]) -> None:
    """A property: any mix of good, damaged and foreign lines reads back to right
    results only, each unit at most once, and never raises."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.jsonl"
        store = UnitCheckpoint(path, {"run": 1}, 30, "units", _square).open(resume=False)
        store.close()
        with path.open("a") as f:
            for line in lines:
                if isinstance(line, tuple):
                    first, count = line
                    results = [u * u for u in range(first, min(30, first + count))]
                    line = json.dumps({"job": first, "result": {"count": len(results),
                                                                "results": results}})  # fmt: skip
                f.write(line + "\n")
        again = UnitCheckpoint(path, {"run": 1}, 30, "units", _square).open(resume=True)
        kept = [(first, r) for first, r in again.results()]
        units = [u for first, r in kept for u in range(first, first + r["count"])]
        assert len(units) == len(set(units)) == len(again.units)
        assert all(r["results"] == [u * u for u in range(f, f + r["count"])] for f, r in kept)
        again.close()
        reread = UnitCheckpoint(path, {"run": 1}, 30, "units", _square).open(resume=True)
        assert reread.units == again.units and not reread.dropped  # the file was cleaned
        reread.close()


# ------------------------------------------------------------- 33: SIGTERM


def _session_processes(session: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "--variant", "potter1930", "--deals", "100000"],
        ["simulate", "potter1930", "house", "--bots", "quiet", "--hands", "1000000"],
    ],
)
def test_sigterm_stops_a_run_as_ctrl_c_does(tmp_path: Path, argv: list[str]) -> None:
    """A real process and a real signal: exit 143, the checkpoint kept and named,
    and no worker, forkserver or resource tracker left behind."""
    out = tmp_path / "out.json"
    checkpoint = Path(f"{out}.partial.jsonl")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "alsos", *argv, "--workers", "2", "--json", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (
            not checkpoint.exists() or len(checkpoint.read_bytes().splitlines()) < 3
        ):
            time.sleep(0.2)
        assert len(checkpoint.read_bytes().splitlines()) >= 3, "no job finished in time"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 143, err.decode()
    assert f"terminated; the finished work is kept in {checkpoint}" in err.decode()
    assert b"Traceback" not in err
    kept = checkpoint.read_bytes().splitlines()
    assert len(kept) >= 3 and kept[-1].endswith(b"}}")
    deadline = time.monotonic() + 10
    while _session_processes(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _session_processes(proc.pid) == []


# ------------------------------------------------------- 34: slow bots


class _SlowBot:
    """The heuristic bot, a few milliseconds slower per decision (a stand-in for pimc)."""

    delay = 0.004
    decisions = 0
    stop_at: int | None = None

    def __init__(self, seed: int | None = None) -> None:
        self.inner = alsos.bots.HeuristicBot(seed)

    def choose(self, view: Any, legal: Any) -> Any:
        cls = type(self)
        cls.decisions += 1
        if cls.stop_at is not None and cls.decisions >= cls.stop_at:
            raise _Stop
        time.sleep(cls.delay)
        return self.inner.choose(view, legal)


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[_SlowBot]]:
    """The slow bot in the bot registry (runs in this process: workers=1)."""
    monkeypatch.setitem(alsos.bots._BOTS, "slow", _SlowBot)
    monkeypatch.setattr(_SlowBot, "decisions", 0)
    monkeypatch.setattr(_SlowBot, "stop_at", None)
    yield _SlowBot


@pytest.mark.slow
def test_ctrl_c_early_in_a_slow_match_keeps_the_finished_deals(
    tmp_path: Path, slow: type[_SlowBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slow bot makes about 56 decisions a tompa deal (0.2 s and more), far
    over the time a job aims at here, so every job is one deal: stopped in about
    the seventh deal, the deals before it are in the checkpoint and are not
    played again (with jobs of a fixed 10 deals, nothing was kept)."""
    monkeypatch.setattr(alsos.research.parallel, "JOB_SECONDS", 0.01)
    slow.stop_at = 380
    checkpoint = tmp_path / "c.jsonl"
    with pytest.raises(_Stop):
        arena("tompa", ["slow", "random"], 20, workers=1, checkpoint=checkpoint)
    kept = _units(checkpoint.read_text().splitlines()[1:])
    assert len(kept) >= 4
    slow.stop_at = None
    played: list[int] = []
    arena("tompa", ["slow", "random"], 20, workers=1, checkpoint=checkpoint, resume=True,
          on_batch=played.extend)  # fmt: skip
    assert set(played).isdisjoint(kept) and len(played) + len(kept) == 20


def test_progress_lines_keep_their_interval_while_a_slow_job_runs(
    slow: type[_SlowBot], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log's lines come every LOG_EVERY seconds even when no job finishes
    in that time (here: a line every 0.1 s, a deal about 0.5 s)."""
    monkeypatch.setattr(Progress, "LOG_EVERY", 0.1)
    start = time.perf_counter()
    arena("tompa", ["slow", "random"], 2, workers=1, progress=True)
    seconds = time.perf_counter() - start
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) >= min(5, seconds / 0.1 / 2), lines
    assert lines[-1].startswith("arena tompa: 4/4 hands")


@pytest.mark.slow
def test_results_do_not_depend_on_the_size_of_the_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    default = arena("tompa", BOTS, 16, seed=2, workers=2).to_data()
    monkeypatch.setattr(alsos.research.parallel, "MAX_UNITS", 3)
    assert arena("tompa", BOTS, 16, seed=2, workers=1).to_data() == default
    small = simulate(["potter1930", "house"], 10, bots=["quiet"], workers=1).to_data()
    monkeypatch.setattr(alsos.research.parallel, "MAX_UNITS", 1000)
    assert simulate(["potter1930", "house"], 10, bots=["quiet"], workers=2).to_data() == small
