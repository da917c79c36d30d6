"""``alsos arena``: the capped means, stakes and defences beside the raw means.

Each figure is recomputed here from the same hands, played again one by one
with :func:`alsos.research.parallel.play_hand` (the arena's own hand), so the
summaries are checked against an independent count, not against themselves.
"""

from __future__ import annotations

import statistics

import pytest

from alsos.cli import main
from alsos.research.arena import CAP, ArenaError, _deal_problem, arena, lineups
from alsos.research.parallel import play_hand
from alsos.ruleset.tables import rules_named


def _by_hand(variant: str, names: list[str], deals: int, seed: int) -> list[list[list[int]]]:
    """Per deal, per bot: its payments and whether it defended a game that was beaten."""
    rules = rules_named(variant, None)
    out = []
    for d in range(seed, seed + deals):
        game0 = play_hand(rules, d, [names[0]] * 3, 0)
        rows: list[list[int]] = [[] for _ in names]
        beaten = [[0, 0] for _ in names]
        for table, lineup in enumerate(lineups(len(names), len(game0.active))):
            game = play_hand(rules, d, [names[b] for b in lineup], table)
            s = game.settlement
            assert s is not None
            for seat, b in zip(game.active, lineup, strict=True):
                rows[b].append(s.payments.get(seat, 0))
                if s.declarer is not None and s.declarer != seat:
                    beaten[b][0] += 1
                    beaten[b][1] += not s.game_won
        out.append([r + beat for r, beat in zip(rows, beaten, strict=True)])
    return out


def test_capped_means_stakes_and_defences_are_those_of_the_hands() -> None:
    names, deals, cap = ["heuristic", "random"], 8, 2
    result = arena("potter1930", names, deals, seed=40, workers=1, cap=cap)
    hands = _by_hand("potter1930", names, deals, 40)
    for b, name in enumerate(names):
        r = result.bots[name]
        paid = [row[b][:-2] for row in hands]
        capped = [statistics.fmean(max(-cap, min(cap, p)) for p in d) for d in paid]
        assert r.capped is not None
        assert r.capped.value == pytest.approx(statistics.fmean(capped))
        flat = [p for d in paid for p in d]
        assert r.stake == pytest.approx(statistics.fmean(abs(p) for p in flat))
        assert r.defended == sum(row[b][-2] for row in hands)
        assert r.beaten == sum(row[b][-1] for row in hands)
    # random play reaches payments beyond 2 stakes: the capped mean is another number
    assert any(abs(p) > cap for d in hands for row in d for p in row[:-2])
    assert result.bots["random"].capped.value != result.bots["random"].mean.value  # type: ignore[union-attr]
    pair = result.capped_pairs[("heuristic", "random")]
    assert pair.value == pytest.approx(
        result.bots["heuristic"].capped.value - result.bots["random"].capped.value  # type: ignore[union-attr]
    )


def test_a_cap_above_every_payment_gives_the_raw_means() -> None:
    result = arena("tompa", ["heuristic", "easy"], 6, seed=3, workers=1, cap=10**9)
    for r in result.bots.values():
        assert r.capped is not None and r.capped.value == pytest.approx(r.mean.value)
        assert r.stake >= abs(r.mean.value)


def test_the_table_and_the_json_show_both_means(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "tompa", "--deals", "3", "--bots", "heuristic,easy",
                 "--workers", "1", "--cap", "4"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "capped at 4" in out and "stake" in out and "beaten (of defended)" in out
    assert "heuristic - easy:" in out and "; capped at 4:" in out
    data = arena("tompa", ["heuristic", "easy"], 3, workers=1, cap=4).to_data()
    assert data["cap"] == 4 and "capped_ci95" in data["pairs"][0]
    assert {"capped", "stake", "defended", "beaten"} <= set(data["bots"]["easy"])


@pytest.mark.parametrize("cap", [0, -3, 1.5])
def test_a_cap_that_is_not_a_positive_whole_number_is_refused(cap: object) -> None:
    with pytest.raises(ArenaError, match="cap"):
        arena("tompa", ["heuristic"], 2, workers=1, cap=cap)  # type: ignore[arg-type]


def test_a_checkpoint_row_is_checked_against_the_cap() -> None:
    dup = [0, 0, 0.0, 0]  # matchpoints, top, stake points, results compared
    good = [[3, 2, 1, 1, {"trump": 1}, {}, 3, 5, 1, 0, dup]]
    assert _deal_problem(1, 2, CAP, 0, good) == ""
    assert "capped" in _deal_problem(1, 2, 1, 0, good)  # 3 over 2 hands at a cap of 1
    old = [[3, 2, 1, 1, {"trump": 1}, {}]]  # a row of a checkpoint written before the cap
    assert "capped, stakes, defended, beaten" in _deal_problem(1, 2, CAP, 0, old)
    before = [[3, 2, 1, 1, {"trump": 1}, {}, 3, 5, 1, 0]]  # before the duplicate scores
    assert "duplicate" in _deal_problem(1, 2, CAP, 0, before)
    assert "defences" in _deal_problem(1, 2, CAP, 0, [[3, 2, 1, 1, {}, {}, 3, 5, 2, 0, dup]])
    bad = [[3, 2, 1, 1, {"trump": 1}, {}, 3, 5, 1, 0, [5, 2, 0.0, 1]]]  # more points than top
    assert "duplicate scores" in _deal_problem(1, 2, CAP, 0, bad)
