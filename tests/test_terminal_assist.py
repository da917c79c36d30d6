"""``alsos play``'s ``hint`` and ``undo`` (alsos.words.hints, alsos.analysis.undo) and
Game.take_back."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alsos
from alsos.analysis.undo import UndoRefused, take_back_own
from alsos.bots import HeuristicBot
from alsos.cli import main
from alsos.words.hints import hint_text
from tests.test_search_solve import PROFILES


def _play_until(game: alsos.Game, me: int, turns: int, rng: random.Random) -> None:
    """Bots at every other seat, random actions for ``me``, until ``me`` has had ``turns``
    turns and it is its turn again (or the hand is over)."""
    bots = {s: HeuristicBot(s) for s in game.active if s != me}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat == me:
            if turns == 0:
                return
            turns -= 1
            game.apply(rng.choice(game.legal_actions()))
        else:
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["potter1930", "two-player", "club"]), st.integers(0, 10**6), st.data())
def test_undo_restores_exactly_the_position_before(name: str, seed: int, data) -> None:  # type: ignore[no-untyped-def]
    """Before an own action; the action and the bots' answers; undo: the game, every
    seat's view, the legal actions and the history are those before the action."""
    rules = PROFILES[name]
    game = alsos.Game(rules, seed=seed)
    me = game.active[data.draw(st.integers(0, len(game.active) - 1))]
    rng = random.Random(seed)
    _play_until(game, me, data.draw(st.integers(0, 30)), rng)
    if game.is_over:
        return
    before = game.copy()
    views = {s: game.view(s) for s in game.active}
    _play_until(game, me, 1, rng)
    back = take_back_own(game, me, humans=())
    assert back[0][0] == me and len(back) >= 1
    assert game == before
    assert game.history == before.history
    assert game.legal_actions() == before.legal_actions()
    assert all(game.view(s) == views[s] for s in game.active)
    assert game.record() == before.record()


def test_undo_never_applies_with_a_human_opponent() -> None:
    game = alsos.Game(PROFILES["potter1930"], seed=3)
    me = game.to_act
    assert me is not None
    _play_until(game, me, 2, random.Random(3))
    before = game.copy()
    with pytest.raises(UndoRefused, match="only for a hand against bots: seat 2 is played by"):
        take_back_own(game, me, humans=[2])
    assert game == before
    fresh = alsos.Game(PROFILES["potter1930"], seed=3)
    with pytest.raises(UndoRefused, match="nothing to undo"):
        take_back_own(fresh, me, humans=())
    assert issubclass(UndoRefused, ValueError)


def test_take_back_refuses_a_bad_count() -> None:
    game = alsos.Game(PROFILES["potter1930"], seed=3)
    game.apply("pass")
    for bad in (2, -1, True, "1"):
        with pytest.raises(ValueError, match="whole number from 0 to 1"):
            game.take_back(bad)  # type: ignore[arg-type]
    game.take_back(0)
    assert len(game.history) == 1


def _play(monkeypatch: pytest.MonkeyPatch, answers: str, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    return main(["play", "--seed", "5", "--color", "never", *args])


def test_hint_prints_the_suggestion(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _play(monkeypatch, "hint\nquit\n") == 1
    out = capsys.readouterr().out
    game = alsos.Game(PROFILES["potter1930"], seed=5, dealer=0)
    assert f"  {hint_text(game, 1)}\n" in out  # the analysis's hint, from seat 1's view
    line = next(x for x in out.splitlines() if "hint: " in x)
    legal = {str(a) for a in game.legal_actions()}
    suggested = line.split("hint: ")[1].split(",")[0]
    assert suggested in legal and "next best" in line and "worlds sampled from your view" in line


def test_undo_in_play_keeps_only_the_line_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """pass (the bots answer), undo, accept: the saved record holds accept alone."""
    path = tmp_path / "hand.alsos"
    assert _play(monkeypatch, "pass\nundo\naccept\nquit\n", "--save", str(path)) == 1
    out = capsys.readouterr().out
    assert "taken back: seat 1 pass, seat 2 pass, seat 0 pass" in out
    record = alsos.Record.loads(path.read_text(encoding="utf-8"))
    assert [str(a) for _s, a in record.actions] == ["accept"]
