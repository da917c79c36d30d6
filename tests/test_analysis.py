"""Analysis of played hands (alsos.analysis): open-card and view values, marks, hints.

Open-card values are checked against the brute-force minimax of
tests/test_search_solve.py (the public API alone); view values against the
information a seat had (two deals that differ only in cards hidden from it).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from drive import play_out
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import alsos
from alsos.analysis import Analysis, AnalysisError, Thresholds, analyze, hint, report
from alsos.analysis.values import OpenCard, allies_of
from alsos.cli import main
from alsos.hand.engine import engine_for
from alsos.pack.actions import PASS, Action, Play
from alsos.pack.cards import Card, Rank
from alsos.rulebook import worked_example
from alsos.search import solve
from alsos.search.solver import Search
from tests.rl_helpers import positions as hidden_positions
from tests.rl_helpers import replay_swapped
from tests.test_search_solve import NAMES, PROFILES, endgame, minimax

POTTER = PROFILES["potter1930"]


def position_at(game: alsos.Game, step: int) -> alsos.Game:
    """``game``'s hand replayed from the deal up to (not including) action ``step``."""
    g = alsos.Game(game.rules, deal=game.deal, dealer=game.dealer)
    for seat, action in game.history[:step]:
        g.apply(action, seat=seat)
    return g


def finish_randomly(game: alsos.Game, rng: random.Random) -> alsos.Game:
    play_out(game, lambda _g, legal: PASS if PASS in legal else rng.choice(legal))
    return game


def brute_values(game: alsos.Game, seat: int) -> dict[str, int]:
    """Brute-force minimax of ``seat``'s side after each legal card."""
    allies = allies_of(game, seat)
    out = {}
    for action in game.legal_actions():
        if action.__class__ is Play:
            child = game.copy()
            child.apply(action)
            out[str(action)] = minimax(child, seat, allies)
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 10**6), st.integers(1, 3))
def test_open_card_values_equal_brute_force(name: str, seed: int, left: int) -> None:
    """Every profile: the open-card value the analysis reports for each card of every
    decision in the last tricks is brute-force minimax of the seat's side, and the
    solver's tables shared between decisions and cards change nothing."""
    game = endgame(PROFILES[name], seed, left)
    if game is None:
        return
    start = len(game.history)
    finish_randomly(game, random.Random(seed))
    analysis = analyze(game, worlds=0, open_card_tricks=left)
    checked = 0
    for d in analysis.decisions:
        if d.step < start or d.open_card is None:
            continue
        position = position_at(game, d.step)
        values = {str(c.action): c.value for c in d.open_card.choices}
        assert values == brute_values(position, d.seat), (name, seed, d.step)
        assert d.open_card.cost == max(values.values()) - values[str(d.action)]
        checked += 1
    assert checked == sum(
        d.step >= start and d.action.__class__ is Play for d in analysis.decisions
    )


def test_open_card_values_match_solve() -> None:
    """Per card, the value equals solve() on the position after it (with the seat's allies)."""
    game = endgame(POTTER, 5, 5)
    assert game is not None
    seat = game.to_act
    assert seat is not None
    values = OpenCard().values(game, seat)
    assert len(values) == sum(a.__class__ is Play for a in game.legal_actions())
    for action, value in values.items():
        child = game.copy()
        child.apply(action)
        assert value == solve(child, seat=seat, allies=allies_of(game, seat)).value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 10**6))
def test_zero_sum_scoring_pays_every_other_seat_alike(name: str, seed: int) -> None:
    """A scoring module that says ``zero_sum`` (the analysis then values a defender's
    cards by the declarer's search) pays every seat but the declarer the declarer's
    payment shared out with the sign turned, in every finished hand with a declarer
    (potter says it; ladder does not)."""
    rules = PROFILES[name]
    game = endgame(rules, seed, 1)
    if game is None:
        return
    finish_randomly(game, random.Random(seed))
    scoring = engine_for(rules).scoring
    assert scoring.zero_sum == (rules.scoring.module == "potter")
    declarer = game.state.declarer
    settlement = game.settlement
    assert settlement is not None
    if scoring.zero_sum and declarer is not None:
        paid = settlement.payments
        for t in range(rules.players):
            if t != declarer:
                assert paid.get(t, 0) * (rules.players - 1) == -paid[declarer], (name, seed)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 10**6), st.integers(-40, 40))
def test_the_solvers_first_guess_changes_nothing_but_time(name: str, seed: int, guess: int) -> None:
    """MTD(f) from any first guess (the analysis passes the last value found) ends at the
    value the solver gives from 0, which is brute-force minimax."""
    game = endgame(PROFILES[name], seed, 2)
    if game is None or game.phase is not alsos.Phase.PLAY:
        return
    seat = game.to_act
    assert seat is not None
    mask = 1 << seat
    for a in allies_of(game, seat):
        mask |= 1 << a
    s = game.state
    value = Search(engine_for(game.rules), s.copy(), seat, mask).run(guess).value
    assert value == solve(game, seat=seat, allies=allies_of(game, seat)).value
    assert value == minimax(game, seat, allies_of(game, seat))


def _scripted(wanted, limit: int = 400):  # type: ignore[no-untyped-def]
    """The first hand (random speech, seeds from 0) with a decision 2 or 3 tricks
    from the end whose brute-force cost meets ``wanted(position, seat, action,
    cost)``: the hand is played on from there with that action, then by the solver."""
    for seed in range(limit):
        for left in (2, 3):
            game = endgame(POTTER, seed, left)
            if game is None or game.state.trick:
                continue
            seat = game.to_act
            assert seat is not None
            values = brute_values(game, seat)
            best = max(values.values())
            for text, value in values.items():
                if wanted(game, seat, text, best - value):
                    step = len(game.history)
                    game.apply(text)
                    play_out(game, lambda g, _legal: solve(g).action)
                    return game, step, best - value
    raise AssertionError("no such hand in the seeds tried")


def test_discarding_the_ace_that_wins_the_last_trick_is_a_blunder() -> None:
    """A seat that throws away an Ace that would have taken a trick (the last trick's
    bonus with it: pagat, "Scoring") is marked a blunder with the brute-force cost."""

    def wanted(game, seat, text, cost):  # type: ignore[no-untyped-def]
        return text.endswith("A") and cost >= Thresholds().blunder

    game, step, cost = _scripted(wanted)
    d = next(d for d in analyze(game, worlds=0, open_card_tricks=3).decisions if d.step == step)
    assert str(d.action).endswith("A")
    assert d.open_card is not None
    assert d.open_card.cost == cost
    assert d.open_card.mark == "blunder"
    assert str(d.open_card.best) != str(d.action)


def test_a_costly_card_with_tuletroa_at_stake_is_marked() -> None:
    """Tulétroá announced: the announcer's side must take the trump Under, 9 and 7
    (pagat, "Announcements"); a card of that side that costs at least a mistake's
    worth with the figure at stake is marked by its brute-force cost."""

    def wanted(game, seat, text, cost):  # type: ignore[no-untyped-def]
        s = game.state
        side = {s.declarer} if s.declarer == seat else set(s.defenders())
        at_stake = any(not i.is_game and i.figure == "tuletroa" and i.seat in side for i in s.items)
        return at_stake and cost >= Thresholds().mistake

    game, step, cost = _scripted(wanted, limit=3000)
    d = next(d for d in analyze(game, worlds=0, open_card_tricks=3).decisions if d.step == step)
    assert d.open_card is not None
    assert d.open_card.cost == cost
    assert d.open_card.mark == Thresholds().mark(cost) != "best"


def _tuletroa_hand(seed: int) -> alsos.Game | None:
    """A potter1930 hand where the first seat offered the trumps accepts them and the
    first seat that may announce tulétroá does (every other speech a pass, the cards
    at random), stopped at the start of the trick three tricks before the end."""
    rng = random.Random(seed)
    game = alsos.Game(POTTER, seed=seed)
    while not game.is_over:
        s = game.state
        late = POTTER.hand_size - game.trick_no == 3
        if game.phase is alsos.Phase.PLAY and late and not s.trick and not s.discards_left:
            return game if any(i.figure == "tuletroa" for i in s.items) else None
        legal = game.legal_actions()
        said = any(i.figure == "tuletroa" for i in game.state.items)
        wanted = ("accept",) if said else ("accept", "announce tuletroa")
        chosen = [a for a in legal if str(a) in wanted]
        if chosen:
            game.apply(chosen[0])
        elif PASS in legal:
            game.apply(PASS)
        else:  # a card (in the first trick a seat may also speak: it does not)
            game.apply(rng.choice([a for a in legal if a.__class__ is Play] or legal))
    return None


def _seven_taken_by(game: alsos.Game) -> int | None:
    """The seat that took the trick holding the trump 7 (None: not played)."""
    seven = Card(game.trump * 8 + Rank.SEVEN)
    for cards, winner in zip(game.tricks, game.trick_winners, strict=True):
        if any(c == seven for _s, c in cards):
            return winner
    return None


def _by_solver(game: alsos.Game, action: object) -> alsos.Game:
    """``game`` after ``action``, played to the end by the solver at every seat."""
    game = game.copy()
    game.apply(action)  # type: ignore[arg-type]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if game.phase is alsos.Phase.PLAY:
            game.apply(solve(game, allies=allies_of(game, seat)).action)
        else:
            game.apply(PASS)
    return game


def test_letting_the_trump_seven_be_captured_after_tuletroa_is_a_mistake() -> None:
    """Tulétroá announced: its side must take the trump Under, 9 and 7 (pagat,
    "Announcements"; VARIANTS.md, potter1930 figures).  A card of that side after
    which, all playing their best, the opponents capture the trump 7, where the best
    card would have kept it, is marked at least a mistake with its brute-force cost."""
    for seed in range(300):
        game = _tuletroa_hand(seed)
        if game is None:
            continue
        s = game.state
        (item,) = [i for i in s.items if i.figure == "tuletroa"]
        side = {s.declarer} if item.seat == s.declarer else set(s.defenders())
        # the side's next decisions of this trick, each card tried
        while game.to_act not in side and game.phase is alsos.Phase.PLAY:
            game.apply(solve(game, allies=allies_of(game, game.to_act)).action)  # type: ignore[arg-type]
        seat = game.to_act
        if seat not in side or game.phase is not alsos.Phase.PLAY:
            continue
        values = brute_values(game, seat)
        best = max(values.values())
        for text, value in values.items():
            cost = best - value
            if cost < Thresholds().mistake:
                continue
            lost = _by_solver(game, text)
            if _seven_taken_by(lost) in side | {None}:
                continue
            best_text = next(t for t, v in values.items() if v == best)
            if _seven_taken_by(_by_solver(game, best_text)) not in side:
                continue
            step = len(game.history)
            d = next(
                d for d in analyze(lost, worlds=0, open_card_tricks=3).decisions if d.step == step
            )
            assert str(d.action) == text
            assert d.open_card is not None
            assert d.open_card.cost == cost
            assert d.open_card.mark in ("mistake", "blunder")
            assert d.open_card.mark == Thresholds().mark(cost)
            assert d.open_card.best_value == best
            return
    raise AssertionError("no hand in the seeds tried lets the trump 7 be captured")


@pytest.mark.parametrize("name", ["potter1930", "two-player"])
def test_a_hand_played_by_the_solver_costs_nothing_open_card(name: str) -> None:
    """Every card from the first solvable position on chosen by the solver for the seat
    to act and its side: every open-card cost of the hand is 0, every mark best."""
    rules = PROFILES[name]
    game = endgame(rules, 3, 5)
    assert game is not None

    def solved(game: alsos.Game, _legal: Sequence[Action]) -> Action:
        if game.phase is not alsos.Phase.PLAY:
            return PASS
        seat = game.to_act
        assert seat is not None
        return solve(game, allies=allies_of(game, seat)).action

    play_out(game, solved)
    analysis = analyze(game, worlds=0, open_card_tricks=5)
    judged = [d.open_card for d in analysis.decisions if d.open_card is not None]
    assert judged
    assert all(j.cost == 0 and j.mark == "best" for j in judged)
    for s in analysis.summaries:
        if s.kind == "open-card" and s.decisions:
            assert s.total_cost == 0 and s.mistakes == s.blunders == s.inaccuracies == 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["potter1930", "two-player", "club"]), st.integers(0, 10**6))
def test_the_best_alternative_is_worth_at_least_the_played_one(name: str, seed: int) -> None:
    rules = PROFILES[name]
    game = alsos.Game(rules, seed=seed)
    finish_randomly(game, random.Random(seed))
    analysis = analyze(game, worlds=2, seed=seed, open_card_tricks=3)
    for d in analysis.decisions:
        for j in (d.open_card, d.view):
            if j is not None:
                assert j.best_value >= j.played
                assert j.cost == pytest.approx(j.best_value - j.played)
                assert j.mark in ("best", "inaccuracy", "mistake", "blunder")
                assert [c.value for c in j.choices] == sorted(
                    (c.value for c in j.choices), reverse=True
                )


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hidden_positions([POTTER, PROFILES["two-player"]]), st.integers(0, 99))
def test_view_values_ignore_cards_hidden_from_the_seat(position, seed: int) -> None:  # type: ignore[no-untyped-def]
    """Two deals that differ only in cards seat k cannot see, the same actions: its
    analysis from its view (and its hint) is identical, with the same seed."""
    rules, pack, dealer, steps, choices, seat, pick = position
    out = replay_swapped(rules, pack, dealer, min(steps, 40), choices, seat, pick)
    assume(out is not None)
    a, b, _ = out
    assume(seat in a.active)
    assume(a.view(seat) == b.view(seat))
    one = analyze(a, seat=seat, open_card=False, worlds=2, seed=seed)
    two = analyze(b, seat=seat, open_card=False, worlds=2, seed=seed)
    assert one == two
    if not a.is_over and a.to_act == seat:
        assert hint(a, worlds=2, seed=seed) == hint(b, worlds=2, seed=seed)


def test_the_worked_example_and_its_data() -> None:
    """The potter1930 worked hand (as in docs/analysis.rst): speech and the first trick
    have view values only, later cards both; the analysis round-trips as data."""
    record = worked_example(POTTER)
    analysis = analyze(record, worlds=2, seed=1)
    first = [d for d in analysis.decisions if d.trick <= 1]
    assert first and all(d.open_card is None and d.notes for d in first)
    assert all(d.view is not None for d in analysis.decisions)
    later = [d for d in analysis.decisions if d.trick >= 2]
    assert later and all(d.open_card is not None for d in later)
    assert analysis.payments == ((0, -18), (1, 36), (2, -18))
    data = alsos.to_data(analysis)
    json.dumps(data)
    assert alsos.from_data(Analysis, data) == analysis
    text = report(analysis)
    assert "-- trick 2 --" in text and "seat 1 (open-card)" in text
    assert analyze(record, worlds=2, seed=1) == analysis  # reproducible
    # an interval is the cost's, written as such, and shown only where there is a cost
    # to sample: never a value beside an interval of +0.00..+0.00 it lies outside
    costly = [d for d in analysis.decisions if d.view is not None and d.view.cost > 0]
    assert costly, "the worked example has choices that cost something"
    for line in text.splitlines():
        if "95%" in line:
            assert "(cost " in line and "the cost's 95% interval" in line, line
    assert text.count("the cost's 95% interval") >= len(costly)
    assert "95% +0.00..+0.00" not in text


def test_accuracy_and_summary() -> None:
    game, step, cost = _scripted(lambda g, s, t, c: c >= Thresholds().blunder)
    analysis = analyze(game, worlds=0, open_card_tricks=3)
    d = next(d for d in analysis.decisions if d.step == step)
    summary = analysis.summary(d.seat)
    assert summary is not None
    assert summary.blunders >= 1 and summary.total_cost >= cost
    assert summary.accuracy is not None and summary.accuracy < 100


def test_hint_suggests_the_best_of_the_legal_actions() -> None:
    game = alsos.Game(POTTER, seed=3)
    h = hint(game, worlds=4)
    assert h.action in game.legal_actions()
    assert h.seat == game.to_act
    assert h.low <= h.value <= h.high
    assert h.next_best is not None and h.next_value is not None and h.next_value <= h.value
    assert [c.action for c in h.choices][:2] == [h.action, h.next_best]
    with pytest.raises(AnalysisError, match="turn"):
        hint(game, seat=(game.to_act or 0) + 1)


def test_bad_input_is_refused() -> None:
    record = worked_example(POTTER)
    with pytest.raises(AnalysisError, match="not in play"):
        analyze(record, seat=7)
    with pytest.raises(AnalysisError, match="policy"):
        analyze(record, policy="minimax")
    with pytest.raises(AnalysisError, match="Record or an alsos"):
        analyze("1 pass")  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="seat record"):
        analyze(record.for_seat(0))
    with pytest.raises(AnalysisError, match="mistake <= blunder"):
        Thresholds(mistake=5, blunder=1)


def test_cli_analyze(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.alsos"
    path.write_text(worked_example(POTTER).dumps(), encoding="utf-8")
    out = tmp_path / "a.json"
    assert main(["analyze", str(path), "--seat", "1", "--worlds", "2", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "-- trick 2 --" in text and "seat 1: Z9" in text and "seat 2:" not in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["seat"] == 1 and data["decisions"]
    assert main(["analyze", str(tmp_path / "missing.alsos")]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert main(["analyze", str(path), "--seat", "5", "--worlds", "0"]) == 2
    assert "seat 5" in capsys.readouterr().err


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/bench_analysis.py runs in a smoke size and prints both lines."""
    import runpy

    bench = runpy.run_path(
        str(Path(__file__).resolve().parent.parent / "examples" / "bench_analysis.py")
    )
    assert bench["main"](["--hands", "1", "--hints", "2"]) == 0
    out = capsys.readouterr().out
    assert "open-card analysis per potter1930 hand:" in out and "hint at default settings:" in out


def test_the_benchmark_accepts_zero_hints_and_refuses_zero_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--hints 0` times no hint and says so (it crashed on an empty list);
    `--hands 0` is refused with a usage error instead of a crash."""
    import runpy

    bench = runpy.run_path(
        str(Path(__file__).resolve().parent.parent / "examples" / "bench_analysis.py")
    )
    assert bench["main"](["--hands", "1", "--hints", "0"]) == 0
    assert "(0 runs)" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_info:
        bench["main"](["--hands", "0"])
    assert exit_info.value.code == 2
    assert "--hands must be at least 1" in capsys.readouterr().err
