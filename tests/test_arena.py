"""alsos arena: duplicate deals, fair seatings, intervals, and identical results on any workers."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest

import alsos
from alsos.cli import main
from alsos.research.arena import ArenaError, arena, lineups
from alsos.research.parallel import CheckpointError


@pytest.mark.parametrize(("bots", "seats", "count"), [(3, 3, 6), (3, 2, 6), (2, 3, 6), (2, 2, 2)])
def test_seatings_treat_every_bot_alike(bots: int, seats: int, count: int) -> None:
    """Each bot sits in each seat equally often, and as many different bots sit as can."""
    tables = lineups(bots, seats)
    assert len(tables) == count == len(set(tables))
    for position in range(seats):
        per_bot = Counter(t[position] for t in tables)
        assert set(per_bot) == set(range(bots))
        assert len(set(per_bot.values())) == 1
    assert all(len(set(t)) == min(bots, seats) for t in tables)


def test_four_players_seat_the_bots_around_the_dealer_who_sits_out() -> None:
    """pagat, "Alsós with four players": the dealer sits out, so 3 bots fill 3 seats in
    6 ways and each plays every hand of every deal once."""
    result = arena("four-player", ["heuristic", "random", "heuristic-bold"], 4, workers=1)
    assert result.lineups == 6
    assert all(r.hands == 4 * 6 for r in result.bots.values())


def test_two_players_with_three_bots_play_every_ordered_pair() -> None:
    result = arena("two-player", ["heuristic", "random", "heuristic-bold"], 3, workers=1)
    assert result.lineups == 6
    assert all(r.hands == 3 * 4 for r in result.bots.values())  # 4 of the 6 pairs seat it


@pytest.fixture(autouse=True)
def _bold_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third, distinct bot for three-bot matches: the heuristic bot bidding boldly
    (registered for this module's tests only; they run it in this process)."""
    import alsos.bots

    bold = lambda seed=None: alsos.bots.HeuristicBot(seed, boldness=1.5)  # noqa: E731
    monkeypatch.setitem(alsos.bots._BOTS, "heuristic-bold", bold)


@pytest.mark.slow
def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = arena("potter1930", ["heuristic", "random"], 24, seed=5, workers=1)
    two = arena("potter1930", ["heuristic", "random"], 24, seed=5, workers=2)
    assert one.to_data() == two.to_data()


def test_payments_balance_and_the_pair_is_the_difference_of_means() -> None:
    """potter1930 is zero-sum among the three seats, every one of them held by a bot."""
    result = arena("potter1930", ["heuristic", "random"], 12, workers=1)
    h, r = result.bots["heuristic"], result.bots["random"]
    assert h.mean.value * h.hands + r.mean.value * r.hands == pytest.approx(0.0, abs=1e-6)
    pair = result.pairs[("heuristic", "random")]
    assert pair.value == pytest.approx(h.mean.value - r.mean.value)
    assert pair.low < pair.value < pair.high


def test_the_same_bot_in_every_seat_wins_nothing() -> None:
    result = arena("tompa", ["heuristic"], 5, workers=1)
    assert result.bots["heuristic"].mean.value == 0.0


def test_cli_prints_the_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.json"
    code = main(["arena", "--variant", "tompa", "--bots", "heuristic,random", "--deals", "6",
                 "--workers", "1", "--json", str(out)])  # fmt: skip
    assert code == 0
    text = capsys.readouterr().out
    assert "heuristic - random:" in text
    assert text.splitlines()[1].split()[:3] == ["bot", "mean/hand", "95%"]
    data = json.loads(out.read_text())
    assert data["variant"] == "tompa" and data["deals"] == 6
    for name in ("heuristic", "random"):
        bot = data["bots"][name]
        assert isinstance(bot["mean"], float)
        lo, hi = bot["ci95"]
        assert lo <= bot["mean"] <= hi
        assert bot["hands"] == 6 * 2
    assert data["pairs"][0]["a"] == "heuristic"


def test_cli_takes_players_for_a_profile_with_several_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--variant", "csibor", "--players", "2", "--deals", "2",
                 "--workers", "1"]) == 0  # fmt: skip
    assert capsys.readouterr().out.startswith("csibor: 2 duplicate deals x 2 seatings")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "heuristic,nosuchbot"], "no bot named nosuchbot"),
        (["--bots", "random,random"], "named once"),
        (["--deals", "1"], "at least 2 deals"),
        (["--workers", "0"], "at least 1"),
        (["--variant", "nosuchvariant"], "nosuchvariant"),
    ],
)
def test_cli_refuses_bad_settings(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "--deals", "2", *argv]) == 2
    assert message in capsys.readouterr().err


def test_bad_settings_raise_value_errors() -> None:
    with pytest.raises(ArenaError):
        arena("potter1930", [], 10)
    with pytest.raises(ValueError, match="backend"):
        arena("potter1930", ["random"], 2, backend="nosuch")
    assert alsos.load_variant("potter1930")  # nothing was changed


class _Stop(KeyboardInterrupt):
    """Ctrl-C, as the user would press it, after some batches are done."""


@pytest.mark.slow
def test_a_stopped_arena_resumes_without_losing_or_repeating_deals(tmp_path: Path) -> None:
    deals = 40
    whole = arena("tompa", ["heuristic", "random"], deals, seed=3, workers=1)
    checkpoint = tmp_path / "arena.json.partial.jsonl"
    first: list[int] = []

    def stop_after_two(batch: range) -> None:
        first.extend(batch)
        if len(first) >= 2:
            raise _Stop

    with pytest.raises(_Stop):
        arena("tompa", ["heuristic", "random"], deals, seed=3, workers=1,
              checkpoint=checkpoint, on_batch=stop_after_two)  # fmt: skip
    assert checkpoint.exists()
    with pytest.raises(CheckpointError, match="--resume"):  # not overwritten by accident
        arena("tompa", ["heuristic", "random"], deals, seed=3, checkpoint=checkpoint)
    with pytest.raises(CheckpointError, match="another run"):
        arena("tompa", ["heuristic", "random"], deals, seed=4, checkpoint=checkpoint, resume=True)
    second: list[int] = []
    resumed = arena("tompa", ["heuristic", "random"], deals, seed=3, workers=2,
                    checkpoint=checkpoint, resume=True, on_batch=second.extend)  # fmt: skip
    assert sorted(first + second) == list(range(deals))
    assert resumed.to_data() == whole.to_data()
    assert not checkpoint.exists()
    with pytest.raises(ArenaError, match="checkpoint"):
        arena("tompa", ["heuristic", "random"], deals, resume=True)


def test_cli_resume_continues_the_json_files_checkpoint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.json"
    argv = ["arena", "--variant", "tompa", "--deals", "20", "--workers", "1",
            "--json", str(out)]  # fmt: skip
    Path(f"{out}.partial.jsonl").write_text('{"header": {"arena": "another"}}\n')
    assert main(argv) == 2
    assert "resume it (--resume) or delete it" in capsys.readouterr().err
    assert main([*argv, "--resume"]) == 2
    assert "belongs to another run" in capsys.readouterr().err
    Path(f"{out}.partial.jsonl").unlink()
    assert main([*argv, "--resume"]) == 0  # nothing to resume: the whole run
    assert json.loads(out.read_text())["deals"] == 20
    assert not Path(f"{out}.partial.jsonl").exists()


def test_progress_in_a_log_is_plain_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """With --progress and standard error a file (a run under nohup), whole lines, no bar."""
    assert main(["arena", "--variant", "tompa", "--deals", "4", "--workers", "1",
                 "--progress"]) == 0  # fmt: skip
    err = capsys.readouterr().err
    assert "\r" not in err and "\x1b" not in err
    last = err.splitlines()[-1]
    assert last.startswith("arena tompa: 8/8 hands, ") and last.rstrip().endswith("s left")
    assert main(["arena", "--variant", "tompa", "--deals", "4", "--workers", "1"]) == 0
    assert capsys.readouterr().err == ""  # not a terminal, not asked for: nothing


def test_a_stopped_arena_without_a_file_leaves_no_checkpoint_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --json the checkpoint is a temporary file that no --resume can name."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again

    def stop(batch: range) -> None:
        raise _Stop

    with pytest.raises(_Stop):
        arena("tompa", ["heuristic", "random"], 20, workers=1, on_batch=stop)
    assert not list(tmp_path.glob("alsos-*"))


def test_a_resumed_runs_rate_counts_only_its_own_work(capsys: pytest.CaptureFixture[str]) -> None:
    """Units done before a resume fill the bar but not the rate: 10 new units in the
    run's time, not 100 (which would show a time left far too short)."""
    from alsos.research.parallel import Progress

    with Progress(100, "test", enabled=True) as bar:
        bar.skip(90)
        time.sleep(0.05)
        bar._shown = 0.0  # a line now, whatever the interval
        bar.advance(10)
    err = capsys.readouterr().err
    assert "test: 100/100 hands" in err
    rate = float(err.split("hands, ")[1].split("/s")[0].replace(",", ""))
    assert bar.skipped == 90 and bar.done == 100
    assert rate <= 10 / 0.05


def test_duplicate_scores_of_two_bots_mirror_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    """With two bots every comparison is between them: their matchpoint percentages
    add up to 100 on every deal, and their stake points cancel (alsos.compete.scoring)."""
    result = arena("potter1930", ["heuristic", "random"], 8, workers=1)
    h, r = result.bots["heuristic"], result.bots["random"]
    assert h.matchpoints is not None and r.matchpoints is not None
    assert h.stake_points is not None and r.stake_points is not None
    assert h.matchpoints.value + r.matchpoints.value == pytest.approx(100.0)
    assert h.stake_points.value == pytest.approx(-r.stake_points.value)
    assert h.matchpoints.value > 50.0, "the heuristic bot outplays random"
    table = result.table(duplicate=True)
    ranking = table.split("duplicate scoring")[1].splitlines()[2:]
    assert [row.split()[:2] for row in ranking] == [["1", "heuristic"], ["2", "random"]]
    assert main(["arena", "--variant", "tompa", "--bots", "heuristic,random", "--deals", "3",
                 "--workers", "1", "--duplicate"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "duplicate scoring" in out and "stake points/hand" in out


def test_a_bot_alone_has_no_duplicate_score() -> None:
    result = arena("tompa", ["heuristic"], 3, workers=1)
    assert result.bots["heuristic"].matchpoints is None
    assert result.to_data()["bots"]["heuristic"]["matchpoints"] is None
