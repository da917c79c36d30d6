"""The solver's cut-off of a settled game (``Search(..., settle=True)``, the default).

With the potter scoring module, a trump or no-trumps contract and only the
game at stake, the payments follow from whether the declarer beats each
defender on card points, melds and béla (pagat, "Scoring"): the solver
stops where no sharing of the points still out can change that, and picks
between the two possible values with one null-window search.  Checked
against the plain search (the same class with ``settle=False``, itself
checked against brute-force minimax in tests/test_search_solve.py) on
random endgames of every profile with more tricks left than brute force
reaches, and for the cut itself on positions whose game is already settled.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_search_solve import NAMES, PROFILES, endgame, scan

import alsos
from alsos import Kind
from alsos.hand.engine import engine_for
from alsos.hand.rules.scoring import meld_totals, potter_payments, potter_point_race, settle_potter
from alsos.ruleset import registry
from alsos.search import solve
from alsos.search.solver import PayoffKey, Search


def plain(game: alsos.Game, seat: int, allies: tuple[int, ...] = ()) -> int:
    """``seat``'s value by the plain search: no settled-game cut, MTD(f) from 0."""
    mask = 1 << seat
    for a in allies:
        mask |= 1 << a
    s = game.state
    return Search(engine_for(game.rules), s.copy(), seat, mask, settle=False).run().value


def game_only(game: alsos.Game, module: str = "potter") -> bool:
    """The position the cut applies to: potter scoring, trump or no-trumps, the game alone."""
    s = game.state
    return (
        game.rules.scoring.module == module
        and s.declarer is not None
        and s.contract.kind in (Kind.TRUMP, Kind.NO_TRUMPS)
        and all(item.is_game and item.forced is None for item in s.items)
    )


# potter1930 half the time: most of its endgames are games the cut applies to
deeper = st.tuples(
    st.one_of(st.just("potter1930"), st.sampled_from(NAMES)),
    st.integers(0, 10**6),
    st.integers(3, 5),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deeper, st.integers(0, 3))
def test_solve_equals_the_plain_search(position: tuple[str, int, int], which: int) -> None:
    """The solver's value is the plain search's, for the seat to act, another seat and
    a defender with its allies; its card is legal and keeps the value."""
    name, seed, left = position
    game = endgame(PROFILES[name], seed, left)
    if game is None:
        return
    s = game.state
    before = s.key_fields()
    active = s.active
    cases: list[tuple[int, tuple[int, ...]]] = []
    for seat in (game.to_act, active[which % len(active)]):
        assert seat is not None
        cases.append((seat, ()))
    if s.declarer is not None:
        defenders = s.defenders()
        seat = defenders[which % len(defenders)]
        cases.append((seat, tuple(t for t in defenders if t != seat)))
    for seat, allies in cases:
        sol = solve(game, seat=seat, allies=allies)
        assert sol.value == plain(game, seat, allies), (name, seed, left, seat, allies)
        assert sol.action in game.legal_actions()
        after = game.copy()
        after.apply(sol.action)
        if not after.is_over and after.phase is game.phase:
            assert plain(after, seat, allies) == sol.value, (name, seed, left, seat, allies)
    assert s.key_fields() == before  # solving changes nothing


def settled_position(game: alsos.Game) -> bool:
    """The declarer's points, melds and béla already beat each defender's even if that
    defender takes every point still out (the cards in hand and the last-trick bonus),
    or a defender's already match the declarer's with every point still out."""
    s = game.state
    pk = PayoffKey(engine_for(game.rules), s)
    extra = meld_totals(game.rules, s)
    out = 0
    for h in s.hands:
        out |= h
    still = pk.points(out) + game.rules.cards.last_trick
    assert s.declarer is not None
    mine = pk.points(s.won[s.declarer]) + extra[s.declarer]
    theirs = [pk.points(s.won[d]) + extra[d] for d in s.defenders()]
    return all(mine > t + still for t in theirs) or any(t >= mine + still for t in theirs)


def test_a_settled_game_is_not_searched_beyond_its_trick() -> None:
    """Where the game is settled at the start of a trick with four tricks left, the
    search stops at the start of the next trick: it visits at most the plays of one
    trick (the plain search visits the tricks after it too), and its value is the
    plain search's and the payment of the hand played out."""
    rules = PROFILES["potter1930"]
    games = scan(
        rules,
        lambda g: not g.state.trick and game_only(g) and settled_position(g),
        4,
        left=4,
    )
    assert len(games) == 4
    for game in games:
        seat = game.to_act
        assert seat is not None
        sol = solve(game)
        # root, the 4 cards of the leader, 4 x 4 of the second, 4 x 4 x 4 next tricks
        assert sol.nodes <= 1 + 4 + 16 + 64, sol.nodes
        assert sol.value == plain(game, seat)
        for other in game.state.active:
            assert solve(game, seat=other).value == plain(game, other)


race_positions = st.tuples(
    st.one_of(st.just("potter1930"), st.sampled_from(NAMES)),
    st.integers(0, 10**6),
    st.integers(1, 4),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(race_positions, st.integers(0, 10**6))
def test_the_point_race_is_the_scoring_modules_reading(
    position: tuple[str, int, int], seed: int
) -> None:
    """The scoring module's hook (what the solver cuts on) reads a hand as a point
    race exactly where the rules make it one (potter scoring, a trump or no-trumps
    game, nothing but the game at stake: pagat, "Scoring"), and the race's two
    payments are those of the hand played out: won when the declarer's card points
    and extra beat each defender's, a tie losing."""
    name, deal, left = position
    game = endgame(PROFILES[name], deal, left)
    if game is None:
        return
    eng = engine_for(game.rules)
    race = eng.scoring.point_race(game.rules, game.state)
    assert (race is not None) == game_only(game), (name, deal, left)
    if race is None:
        return
    rng = random.Random(seed)
    while not game.is_over:  # any play: the race must hold whatever is played
        game.apply(rng.choice(game.legal_actions()))
    s = game.state
    assert s.declarer is not None
    pk = PayoffKey(eng, s)
    points = {seat: pk.points(s.won[seat]) for seat in s.active}
    points[s.trick_winners[-1]] += game.rules.cards.last_trick
    mine = points[s.declarer] + race.extra[s.declarer]
    won = all(points[d] + race.extra[d] < mine for d in s.defenders())
    assert dict(game.settlement.payments) == dict(race.won if won else race.lost)


def test_the_cut_follows_the_scoring_modules_hook_not_its_name() -> None:
    """potter's settlement registered again by a plugin under other names: with the
    ``point_race`` hook the solver stops at a settled game as with potter itself;
    without it (only ``payments``) it searches the tricks after, to the same value."""
    race_hooks = {"payments": potter_payments, "point_race": potter_point_race}
    registry.register("scoring", "race-test", **race_hooks)(settle_potter)
    registry.register("scoring", "plain-test", payments=potter_payments)(settle_potter)
    try:
        nodes = {}
        for module in ("race-test", "plain-test"):
            rules = alsos.load_variant("potter1930", **{"scoring.module": module})
            games = scan(
                rules,
                lambda g, m=module: not g.state.trick and game_only(g, m) and settled_position(g),
                3,
                left=4,
            )
            assert len(games) == 3
            nodes[module] = []
            for game in games:
                sol = solve(game)
                seat = game.to_act
                assert seat is not None
                assert sol.value == plain(game, seat)
                nodes[module].append(sol.nodes)
        assert all(n <= 1 + 4 + 16 + 64 for n in nodes["race-test"]), nodes
        assert any(n > 1 + 4 + 16 + 64 for n in nodes["plain-test"]), nodes
    finally:
        registry._REGISTRY["scoring"].pop("race-test", None)
        registry._REGISTRY["scoring"].pop("plain-test", None)
    # the ladder's scoring reads no race: its results are objectives, not points
    ladder = engine_for(alsos.load_variant("altiansz"))
    assert ladder.scoring.point_race(ladder.rules, alsos.Game(ladder.rules, seed=0).state) is None
