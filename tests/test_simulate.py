"""alsos simulate: paired rule studies, identical on any workers or backend, outputs, resume."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
from drive import steps

import alsos.research.parallel
import alsos.research.simulate as sim
from alsos.cli import main
from alsos.research.parallel import CheckpointError
from alsos.research.simulate import COLUMNS, SimulateError, simulate

VARIANTS = ["potter1930", "house"]


@pytest.fixture(autouse=True)
def _small_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs of at most 20 hands, so that short studies still span several jobs."""
    monkeypatch.setattr(alsos.research.parallel, "MAX_UNITS", 20)


@pytest.mark.slow
def test_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    one = simulate(VARIANTS, 60, bots=["quiet"], workers=1, out=tmp_path / "one.jsonl")
    two = simulate(VARIANTS, 60, bots=["quiet"], workers=2, out=tmp_path / "two.jsonl")
    assert one.to_data() == two.to_data()
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()


@pytest.mark.slow
@pytest.mark.ray
def test_a_local_ray_gives_the_same_totals_as_local_processes() -> None:
    """A real Ray instance (2 CPUs, no dashboard), started and stopped by the study."""
    pytest.importorskip("ray")
    local = simulate(VARIANTS, 40, bots=["quiet"], workers=2)
    on_ray = simulate(VARIANTS, 40, bots=["quiet"], workers=2, backend="ray")
    assert on_ray.to_data() == local.to_data()


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_jsonl_rows_have_the_documented_columns_and_add_up(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    study = simulate(VARIANTS, 40, bots=["quiet"], workers=1, out=out)
    rows = _rows(out)
    assert len(rows) == 80
    assert all(list(r) == list(COLUMNS) for r in rows)
    for variant in VARIANTS:
        mine = [r for r in rows if r["variant"] == variant]
        assert [r["seed"] for r in mine] == list(range(40))  # the same seeds under each
        kinds = Counter(r["kind"] for r in mine)
        for kind, (played, _won) in study.variants[variant].contracts.items():
            assert played.value * 40 == pytest.approx(kinds[kind])
    for r in rows:
        payments = r["payments"]
        assert isinstance(payments, list) and sum(payments) == 0
        assert r["stake"] == sum(p for p in payments if p > 0)
        assert r["seed"] % 3 == r["dealer"]


def test_csv_and_parquet_hold_the_same_rows(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    simulate(VARIANTS, 30, bots=["quiet"], workers=1, out=tmp_path / "h.jsonl")
    simulate(VARIANTS, 30, bots=["quiet"], workers=1, out=tmp_path / "h.csv")
    simulate(VARIANTS, 30, bots=["quiet"], workers=1, out=tmp_path / "h.parquet")
    rows = _rows(tmp_path / "h.jsonl")
    table = pq.read_table(tmp_path / "h.parquet")
    assert table.column_names == list(COLUMNS)
    assert table.to_pylist() == rows
    with (tmp_path / "h.csv").open(newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == list(COLUMNS)
        read = list(reader)
    assert len(read) == len(rows)
    for got, want in zip(read, rows, strict=True):
        assert json.loads(got["items"]) == want["items"]
        assert json.loads(got["payments"]) == want["payments"]
        assert int(got["stake"]) == want["stake"]
        assert got["declarer"] == ("" if want["declarer"] is None else str(want["declarer"]))


class _Stop(KeyboardInterrupt):
    """Ctrl-C, as the user would press it, after some chunks are done."""


@pytest.mark.slow
def test_a_stopped_run_resumes_without_losing_or_repeating_hands(tmp_path: Path) -> None:
    whole = simulate(VARIANTS, 100, bots=["quiet"], workers=1, out=tmp_path / "whole.jsonl")
    out = tmp_path / "part.jsonl"
    first: list[int] = []

    def stop_after_two(batch: range) -> None:
        first.extend(batch)
        if len(first) >= 30:
            raise _Stop

    with pytest.raises(_Stop):
        simulate(VARIANTS, 100, bots=["quiet"], workers=1, out=out, on_chunk=stop_after_two)
    checkpoint = Path(f"{out}.partial.jsonl")
    assert checkpoint.exists()
    with pytest.raises(CheckpointError, match="--resume"):  # not overwritten by accident
        simulate(VARIANTS, 100, bots=["quiet"], workers=1, out=out)
    with pytest.raises(CheckpointError, match="another run"):
        simulate(VARIANTS, 120, bots=["quiet"], workers=1, out=out, resume=True)
    with checkpoint.open("a") as f:
        f.write('{"job": 90, "res')  # a line torn by a crash: dropped, those hands run again
    second: list[int] = []
    resumed = simulate(VARIANTS, 100, bots=["quiet"], workers=2, out=out, resume=True,
                       on_chunk=second.extend)  # fmt: skip
    assert sorted(first + second) == list(range(100))
    assert resumed.played == len(second) * 2  # the hands left, under two variants
    assert resumed.to_data() == whole.to_data()
    assert out.read_bytes() == (tmp_path / "whole.jsonl").read_bytes()
    assert not checkpoint.exists()


def test_cli_prints_the_summary_and_writes_json_and_a_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    summary, picture = tmp_path / "s.json", tmp_path / "p.png"
    code = main(["simulate", "potter1930", "house", "--hands", "40", "--bots", "quiet",
                 "--workers", "1", "--json", str(summary), "--plot", str(picture)])  # fmt: skip
    assert code == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    out = captured.out
    assert out.startswith("40 hands per variant, seeds 0..39, bots quiet")
    assert "paired difference house - potter1930 (same seeds):" in out
    assert "hands/s" in out.splitlines()[-1]
    data = json.loads(summary.read_text())
    assert set(data["variants"]) == set(VARIANTS)
    stake = data["variants"]["house"]["stake"]
    assert stake["ci95"][0] <= stake["mean"] <= stake["ci95"][1]
    assert "uhu" in data["variants"]["house"]["figures"]
    assert "uhu" not in data["variants"]["potter1930"]["figures"]
    assert list(data["differences"]) == ["house - potter1930"]
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_takes_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "csibor", "--players", "2", "--hands", "20", "--workers", "1"]) == 0
    assert "csibor[players=2]" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "hands.xlsx"], ".parquet, .csv, .jsonl"),
        (["--hands", "1"], "at least 2 hands"),
        (["--bots", "nosuchbot"], "no bot named nosuchbot"),
        (["potter1930", "potter1930"], "named once"),
        (["--resume"], "--resume needs a file"),
        (["--backend", "ray", "--address", "x", "--workers", "0"], "at least 1"),
    ],
)
def test_cli_refuses_bad_settings(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--hands", "4", *argv]) == 2
    assert message in capsys.readouterr().err


def test_hand_row_needs_a_finished_hand() -> None:
    import alsos

    with pytest.raises(SimulateError):
        sim.hand_row("potter1930", alsos.Game(alsos.load_variant("potter1930"), seed=1))


def test_the_quiet_bot_passes_in_the_front_and_completion_rounds_and_plays_legally() -> None:
    import alsos
    from alsos import Phase
    from alsos.bots import make
    from alsos.pack.actions import PASS

    for vid in ("potter1930", "house", "tompa"):
        rules = alsos.load_variant(vid)
        for seed in range(10):
            game = alsos.Game(rules, seed=seed)
            bots = {s: make("quiet", seed=seed + s) for s in range(rules.players)}
            for step in steps(game, bots):
                if step.phase in (Phase.FRONT, Phase.COMPLETION) and PASS in step.legal:
                    assert step.action == PASS


def test_every_column_is_documented() -> None:
    """docs/research.rst lists the columns of --out; none may be missing there."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "research.rst").read_text()
    for column in COLUMNS:
        assert f"   * - ``{column}``" in page, column


def test_the_old_chunk_constant_is_gone() -> None:
    """Deprecated in 0.2, removed in 0.3: jobs are sized by time (parallel.JOB_SECONDS)."""
    import alsos.research.simulate

    with pytest.raises(AttributeError, match="CHUNK"):
        _ = alsos.research.simulate.CHUNK  # type: ignore[attr-defined]


def test_altiansz_kinds_carry_no_comma_in_rows_table_and_plot_labels(tmp_path: Path) -> None:
    """Altiansz's contracts read ``150, trump acorns`` (altiansz: the bid, then the
    trumps): the kind is the bid alone, in the rows and so in the summary's keys,
    which the table and the plot print as they are."""
    out = tmp_path / "hands.jsonl"
    study = simulate(["altiansz"], 30, bots=["heuristic"], workers=1, out=out)
    kinds = {r["kind"] for r in _rows(out)}
    contracts = {r["contract"] for r in _rows(out)}
    assert any("," in c for c in contracts)  # the ladder's contracts do carry a comma
    assert kinds and not any(k.endswith(",") for k in kinds)
    assert kinds <= {c.split(",")[0].split()[0] for c in contracts}
    assert set(study.variants["altiansz"].contracts) == kinds


def test_the_research_page_reads_parquet_with_the_data_extra_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first snippet after ``--out``'s columns needs only pyarrow (the ``data``
    extra): it runs as written on a file ``simulate`` wrote."""
    pytest.importorskip("pyarrow.parquet")
    page = (Path(__file__).parent.parent / "docs" / "research.rst").read_text()
    start = page.index("Reading them back with pyarrow")
    block = page[start:].split(".. code-block:: python\n\n", 1)[1].split("\n\n", 1)[0]
    code = "\n".join(line.removeprefix("   ") for line in block.splitlines())
    assert "pandas" not in code and "polars" not in code
    simulate(["potter1930"], 20, bots=["quiet"], workers=1, out=tmp_path / "hands.parquet")
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "research.rst", "exec"), {})
