"""alsos.compete: duplicate scoring, movements, ratings and the frozen boards.

The small tournaments here are scored by hand in the comments, so a change to
the scoring shows as a difference from arithmetic anyone can check.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alsos.compete.boards as boards_module
from alsos.compete import (
    FIRST_SEED,
    TOP_STAKE_POINTS,
    CompeteError,
    Result,
    Scored,
    board_set,
    movement,
    score,
    stake_points,
    standings,
    travellers,
)
from alsos.errors import ResearchError


def test_stake_points_scale_by_hand() -> None:
    # d <= 2 scores d; then the largest k with 2**k <= d*d: 3 -> 9 >= 8 -> 3;
    # 5 -> 25 >= 16 -> 4; 6 -> 36 >= 32 -> 5; 7 -> 49 -> 5; 11 -> 121 >= 64 -> 6;
    # 12 -> 144 >= 128 -> 7; 4096 -> 2**24 -> 24; beyond: capped at 24.
    table = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5, 7: 5, 8: 6, 11: 6, 12: 7, 16: 8,
             23: 9, 32: 10, 64: 12, 4096: 24, 10**9: 24}  # fmt: skip
    assert {d: stake_points(d) for d in table} == table
    assert {d: stake_points(-d) for d in table} == {d: -p for d, p in table.items()}


@given(st.integers(-(10**6), 10**6))
def test_stake_points_double_per_doubling(d: int) -> None:
    """Each doubling of a swing is worth 2 more points, whatever the base (a kontra
    doubles the stakes), until the top."""
    if abs(d) >= 3:
        assert abs(stake_points(2 * d)) == min(TOP_STAKE_POINTS, abs(stake_points(d)) + 2)
    assert abs(stake_points(d)) <= abs(stake_points(d + (1 if d >= 0 else -1)))


def test_stake_points_refuse_fractions() -> None:
    with pytest.raises(CompeteError, match="whole number"):
        stake_points(1.5)  # type: ignore[arg-type]


def _small_tournament() -> list[Result]:
    # Two boards, two positions, three tables (entrants a, b, c at position 0 and
    # x, y, z at position 1).  Board 1: position 0 scores 4, -2, -2; position 1
    # scores -4, 2, 2.  Board 2: position 0 scores 1, 1, 8; position 1: 0, 0, 0.
    return [
        Result(1, 0, "a", 4, "T1"), Result(1, 1, "x", -4, "T1"),
        Result(1, 0, "b", -2, "T2"), Result(1, 1, "y", 2, "T2"),
        Result(1, 0, "c", -2, "T3"), Result(1, 1, "z", 2, "T3"),
        Result(2, 0, "a", 1, "T1"), Result(2, 1, "x", 0, "T1"),
        Result(2, 0, "b", 1, "T2"), Result(2, 1, "y", 0, "T2"),
        Result(2, 0, "c", 8, "T3"), Result(2, 1, "z", 0, "T3"),
    ]  # fmt: skip


def test_matchpoints_and_stake_points_of_a_small_tournament_by_hand() -> None:
    scored = {(s.result.board, s.result.entrant): s for s in score(_small_tournament())}
    # Board 1, position 0: a beats b and c (2+2 = 4 of 4); b beats nobody, ties c (1).
    # Stake points: a - b = 6 -> 5, a - c -> 5: mean 5; b: -5 and 0: mean -2.5.
    assert (scored[1, "a"].matchpoints, scored[1, "a"].top) == (4, 4)
    assert scored[1, "a"].stake_points == 5.0
    assert (scored[1, "b"].matchpoints, scored[1, "b"].stake_points) == (1, -2.5)
    # Position 1: x (-4) below y, z (2): 0 points, stake points -5 each; y ties z, beats x.
    assert (scored[1, "x"].matchpoints, scored[1, "x"].stake_points) == (0, -5.0)
    assert (scored[1, "y"].matchpoints, scored[1, "y"].stake_points) == (3, 2.5)
    # Board 2, position 0: c (8) beats a and b (1): 4, stake 7 -> 5 each: 5;
    # a ties b, loses to c: 1, stake (0 - 5) / 2 = -2.5.  Position 1: all tie: 2 of 4, 0.
    assert (scored[2, "c"].matchpoints, scored[2, "c"].stake_points) == (4, 5.0)
    assert (scored[2, "a"].matchpoints, scored[2, "a"].stake_points) == (1, -2.5)
    assert (scored[2, "z"].matchpoints, scored[2, "z"].percent) == (2, 50.0)
    table = {s.entrant: s for s in standings(score(_small_tournament()))}
    # a: 4 + 1 = 5 of 8 = 62.5%; c: 1 + 4 = 5 of 8; a's stakes 5 - 2.5 = 2.5, c's -2.5 + 5.
    assert table["a"].percent == table["c"].percent == 62.5
    assert table["a"].stake_points == table["c"].stake_points == 2.5
    # y: 3 + 2 = 5 of 8; x: 0 + 2 = 2 of 8 = 25%.
    assert table["x"].percent == 25.0 and table["y"].percent == 62.5
    ranked = [s.entrant for s in standings(score(_small_tournament()))]
    # equal on both scorings: by name; b (1 + 1 of 8) and x (2 of 8) last
    assert ranked[:4] == ["a", "c", "y", "z"] and ranked[-2:] == ["b", "x"]


def test_rank_by_stake_points_differs_from_matchpoints() -> None:
    # A wins one board by a little and loses one by a lot: matchpoints even,
    # stake points well behind.
    rs = [Result(1, 0, "A", 1), Result(1, 0, "B", 0),
          Result(2, 0, "A", -64), Result(2, 0, "B", 0)]  # fmt: skip
    by_mp = standings(score(rs))
    assert by_mp[0].percent == by_mp[1].percent == 50.0
    by_stakes = standings(score(rs), by="stakes")
    assert [s.entrant for s in by_stakes] == ["B", "A"]
    assert by_stakes[0].stake_points == 11.0  # -1 + 12
    with pytest.raises(CompeteError, match="'matchpoints' or 'stakes'"):
        standings(score(rs), by="imps")


def test_own_results_are_never_compared() -> None:
    # In an arena a bot holds a position at several tables: its own results are left out.
    rs = [Result(1, 0, "A", 5, "t1"), Result(1, 0, "A", -5, "t2"), Result(1, 0, "B", 0, "t3")]
    s = score(rs)
    assert [(x.matchpoints, x.top, x.comparisons) for x in s] == [(2, 2, 1), (0, 2, 1), (2, 4, 2)]
    alone = score([Result(1, 0, "A", 3)])
    assert alone[0].percent is None and alone[0].stake_points is None


results = st.lists(
    st.tuples(
        st.integers(0, 2), st.integers(0, 2), st.sampled_from("abcde"), st.integers(-300, 300)
    ),
    max_size=40,
).map(lambda rows: list({(b, p, e): Result(b, p, e, pay) for b, p, e, pay in rows}.values()))


@given(results)
def test_scores_balance_on_every_board_and_position(rs: list[Result]) -> None:
    """Stake points sum to zero and matchpoints share out the tops, board by
    board and position by position (each entrant once per position here)."""
    scored = score(rs)

    def place(s: Scored) -> tuple[int, int]:
        return s.result.board, s.result.position

    for key, group in itertools.groupby(sorted(scored, key=place), key=place):
        g = list(group)
        n = len(g)
        assert sum(s.stake_sum for s in g) == 0, key
        assert sum(s.matchpoints for s in g) == n * (n - 1)
        assert all(s.top == 2 * (n - 1) for s in g)
    sheet = travellers(scored)
    assert sorted(sheet) == sorted({r.board for r in rs})
    assert sum(len(v) for v in sheet.values()) == len(rs)


def test_bad_results_are_refused() -> None:
    with pytest.raises(CompeteError, match="two results at position 0 of board 1"):
        score([Result(1, 0, "a", 1, "T"), Result(1, 0, "a", 2, "T")])
    with pytest.raises(CompeteError, match="whole numbers"):
        score([Result(1, 0, "a", 1.5)])  # type: ignore[arg-type]
    with pytest.raises(CompeteError, match="a result is a Result"):
        score([("a", 1)])  # type: ignore[list-item]
    assert issubclass(CompeteError, ResearchError)


# ----------------------------------------------------------------- movement


@pytest.mark.parametrize(
    ("entrants", "seats", "rounds"), [(6, 3, 3), (8, 4, 4), (9, 3, 6), (4, 2, 5), (12, 4, 2)]
)
def test_movement_seats_everyone_once_and_rotates_positions(
    entrants: int, seats: int, rounds: int
) -> None:
    m = movement(entrants, seats, rounds, seed=1)
    held: dict[int, list[int]] = {i: [] for i in range(entrants)}
    for r, tables in enumerate(m.rounds):
        assert len(tables) == entrants // seats == m.tables
        flat = [e for t in tables for e in t]
        assert sorted(flat) == list(range(entrants)), "every entrant sits once a round"
        for position in range(seats):
            # each position of the round's boards: one entrant per table, all different
            assert len({t[position] for t in tables}) == m.tables
        for t, table in enumerate(tables):
            for p, e in enumerate(table):
                held[e].append(p)
                assert m.seat_of(r, e) == (t, p)
    for e, positions in held.items():
        # every seats-round block visits every position once
        for start in range(0, rounds - seats + 1, seats):
            assert sorted(positions[start : start + seats]) == list(range(seats)), e
    assert m == movement(entrants, seats, rounds, seed=1), "the same arguments, the same movement"


def test_movement_spreads_meetings() -> None:
    # 9 entrants at tables of 3 for 3 rounds: 27 pairs seated, 36 pairs exist;
    # no pair should meet in all three rounds.
    m = movement(9, 3, 3)
    assert max(m.meetings().values()) < 3
    assert sum(m.meetings().values()) == 3 * 3 * 3
    # the entrants a result is compared with (the same position, other tables) change:
    # over two cycles entrant 0 is compared with more than the two of its first round
    long = movement(9, 3, 6)
    compared: set[int] = set()
    for tables in long.rounds:
        position = next(t.index(0) for t in tables if 0 in t)
        compared |= {t[position] for t in tables} - {0}
    assert len(compared) > 2


def test_movement_refuses_what_cannot_be_compared() -> None:
    with pytest.raises(CompeteError, match="two tables"):
        movement(3, 3, 2)
    with pytest.raises(CompeteError, match="fill the places left with bots"):
        movement(7, 3, 2)
    with pytest.raises(CompeteError, match="rounds must be"):
        movement(6, 3, 0)


# ----------------------------------------------------------------- boards


def test_frozen_boards_are_the_shipped_deals() -> None:
    b = board_set("potter1930", 10)
    assert list(b.seeds) == list(range(FIRST_SEED, FIRST_SEED + 10))
    assert b.to_data() == {"variant": "potter1930", "version": "alsos-boards/1", "boards": 10}
    assert set(boards_module.shipped()) >= {"potter1930", "tompa", "four-player"}


def test_boards_refuse_a_changed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    real = boards_module._frozen()
    changed = json.loads(json.dumps(real))
    changed["digests"]["tompa"] = "0" * 64
    monkeypatch.setattr(boards_module, "_frozen", lambda: changed)
    with pytest.raises(CompeteError, match="not the frozen alsos-boards/1 set"):
        board_set("tompa", 5)
    with pytest.raises(CompeteError, match="no frozen boards for 'nope'"):
        board_set("nope")
    with pytest.raises(CompeteError, match="1 to 1000 boards"):
        board_set("potter1930", 0)


# ----------------------------------------------------------------- ratings


def test_hand_ranks_follow_payments() -> None:
    rating = pytest.importorskip("alsos.compete.rating")
    # declarer made the game, two defenders pay
    assert rating.hand_ranks([4, -2, -2]) == [1, 2, 2]
    # declarer failed; a defender's own figure made: it ranks above its fellow
    assert rating.hand_ranks([-6, 4, 2]) == [3, 1, 2]
    # declarer and partner against two defenders (four at the table)
    assert rating.hand_ranks([3, -3, 3, -3]) == [1, 3, 1, 3]
    assert rating.hand_ranks([0, 0, 0]) is None
    with pytest.raises(CompeteError, match="two seats"):
        rating.hand_ranks([1])


def test_ratings_move_with_hands_of_known_order() -> None:
    rating = pytest.importorskip("alsos.compete.rating")
    r = rating.Ratings(fixed=["anchor"])
    start = r.get("tompa", "dora")
    for _ in range(5):  # dora declares and wins five hands against eve and the anchor
        assert r.rate_hand("tompa", ["dora", "eve", "anchor"], [4, -2, -2])
    assert not r.rate_hand("tompa", ["dora", "eve", "anchor"], [0, 0, 0])
    dora, eve = r.get("tompa", "dora"), r.get("tompa", "eve")
    assert dora.mu > start.mu > eve.mu
    assert dora.sigma < start.sigma and dora.hands == 5
    assert r.get("tompa", "anchor") == start, "a fixed rating does not move"
    assert [n for n, _ in r.leaderboard("tompa")] == ["dora", "eve"]
    lo, hi = dora.interval()
    assert lo < dora.mu < hi
    again = rating.Ratings.from_data(json.loads(json.dumps(r.to_data())))
    assert again.to_data() == r.to_data()
    with pytest.raises(CompeteError, match=r"ratings\.tompa\.dora"):
        bad = r.to_data()
        bad["ratings"]["tompa"]["dora"][1] = -1
        rating.Ratings.from_data(bad)
    with pytest.raises(CompeteError, match="format"):
        rating.Ratings.from_data({"ratings": {}})


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=4))
def test_a_better_payment_never_rates_lower(payments: list[int]) -> None:
    """Within one hand, a seat paid more ends with a mu at least as high as one paid
    less, when all started equal."""
    rating = pytest.importorskip("alsos.compete.rating")
    r = rating.Ratings()
    names = [f"p{i}" for i in range(len(payments))]
    if not r.rate_hand("v", names, payments):
        assert not any(payments)
        return
    mus = [r.get("v", n).mu for n in names]
    for i, j in itertools.permutations(range(len(payments)), 2):
        if payments[i] > payments[j]:
            assert mus[i] > mus[j]
        if payments[i] == payments[j]:
            assert mus[i] == pytest.approx(mus[j])


def test_a_rating_without_drift_grows_surer_than_a_persons() -> None:
    """``tau`` = 0 (a bot benchmarked, whose skill does not change) adds no uncertainty
    between hands: after the same hands its sigma is below a person's."""
    rating = pytest.importorskip("alsos.compete.rating")
    exact = {"v": {"x": rating.Rating(25.0, 1e-3)}}
    bot, person = rating.Ratings(exact, ["x"], tau=0.0), rating.Ratings(exact, ["x"])
    for i in range(2000):
        pay = [2, -2] if i % 3 else [-2, 2]
        bot.rate_hand("v", ["me", "x"], pay)
        person.rate_hand("v", ["me", "x"], pay)
    assert bot.get("v", "me").sigma < person.get("v", "me").sigma / 2


def test_the_levels_anchors_are_shipped_for_the_benchmarked_profiles() -> None:
    rating = pytest.importorskip("alsos.compete.rating")
    for variant in ("potter1930", "tompa"):
        got = rating.anchors(variant)
        assert set(got) == {"easy", "medium", "hard", "expert"}
        assert got["medium"].mu == 25.0, "medium is the anchor"
        assert got["easy"].mu < 25.0 < got["hard"].mu, "easy below medium below hard"
    assert set(rating.anchors("csibor")) == {"medium"}
