"""alsos bench: a bot rated on the frozen boards against the shipped levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from alsos.cli import main
from alsos.compete import CompeteError

pytest.importorskip("openskill")

from alsos.compete.rating import anchors
from alsos.research.bench import bench, compare


def test_a_copy_of_a_level_scores_exactly_even() -> None:
    """The heuristic bot is medium (LEVELS): in medium's place it plays the same cards
    the same way, so on every position of every board it scores what medium scored --
    difference 0, matchpoints 50%, stake points 0 -- whatever the luck of the deals."""
    r = bench("heuristic", "potter1930", boards_count=6, workers=1, against=["medium"])
    v = r.versus["medium"]
    assert (v.difference.value, v.difference.low, v.difference.high) == (0.0, 0.0, 0.0)
    assert v.matchpoints.value == 50.0 and v.stake_points.value == 0.0
    assert r.hands <= 6 * 3 and r.boards.count == 6


def test_a_weak_bot_scores_below_and_rates_below_the_level() -> None:
    r = bench("random", "tompa", boards_count=12, workers=1, against=["easy", "medium"])
    for v in r.versus.values():
        assert v.difference.high < 0 and v.matchpoints.high < 50 and v.stake_points.high < 0
    assert r.mu < anchors("tompa")["easy"].mu < anchors("tompa")["medium"].mu
    data = r.to_data()
    assert data["format"] == "alsos-bench/1" and data["version"] == "alsos-boards/1"
    lo, hi = data["rating"]["ci95"]
    assert lo < data["rating"]["mu"] < hi


@pytest.mark.slow
def test_bench_results_do_not_depend_on_the_number_of_workers() -> None:
    one = bench("easy", "tompa", boards_count=8, workers=1, against=["medium", "hard"])
    two = bench("easy", "tompa", boards_count=8, workers=2, against=["medium", "hard"])
    a, b = one.to_data(), two.to_data()
    a.pop("decision_ms"), b.pop("decision_ms")
    assert a == b


def test_bad_bench_settings_are_refused() -> None:
    with pytest.raises(CompeteError, match="no bot named 'nope'"):
        bench("nope", "tompa", boards_count=2)
    with pytest.raises(CompeteError, match="no frozen boards for"):
        bench("random", "not-a-profile", boards_count=2)
    with pytest.raises(CompeteError, match="anchored on tompa"):
        bench("random", "tompa", boards_count=2, against=["grandmaster"])
    with pytest.raises(CompeteError, match="one of the levels"):
        bench("medium", "tompa", boards_count=2, against=["medium"])


def test_cli_writes_results_that_compare_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for bot, out in (("random", a), ("easy", b)):
        assert main(["bench", bot, "--variant", "tompa", "--boards", "4", "--workers", "1",
                     "--against", "medium", "--json", str(out)]) == 0  # fmt: skip
    assert "rating" in capsys.readouterr().out
    table = compare([str(a), str(b)])
    assert table.splitlines()[0] == "tompa: 4 boards of alsos-boards/1"
    assert table.index("easy") < table.index("random"), "best rating first"
    assert main(["bench", "--compare", str(a), str(b)]) == 0
    other = json.loads(a.read_text())
    other["boards"] = 5
    c = tmp_path / "c.json"
    c.write_text(json.dumps(other))
    with pytest.raises(CompeteError, match="different boards"):
        compare([str(a), str(c)])
    assert main(["bench", "--compare", str(a), str(c)]) == 2
    assert "different boards" in capsys.readouterr().err
    assert main(["bench", "--variant", "tompa"]) == 2


def test_a_bot_of_your_own_is_rated_from_an_import_reference(tmp_path: Path) -> None:
    """A bot outside any package: a file with a factory taking ``seed``."""
    (tmp_path / "firstbot.py").write_text(
        "class First:\n"
        "    def __init__(self, seed=None):\n"
        "        self.seed = seed\n"
        "    def choose(self, view, legal):\n"
        "        return legal[0]\n"
        "def make(seed=None):\n"
        "    return First(seed)\n"
        "not_a_bot = 3\n"
    )
    ref = f"{tmp_path / 'firstbot.py'}:make"
    r = bench(ref, "tompa", boards_count=3, workers=1)
    assert r.bot == ref and r.versus["medium"].difference.n == 3
    with pytest.raises(CompeteError, match="has no attribute 'missing'"):
        bench(f"{tmp_path / 'firstbot.py'}:missing", "tompa", boards_count=2)
    with pytest.raises(CompeteError, match="does not make a bot"):
        bench(f"{tmp_path / 'firstbot.py'}:not_a_bot", "tompa", boards_count=2)
