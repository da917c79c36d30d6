"""The search building blocks: the exact solver and playouts (alsos.search).

The solver is checked against a brute-force minimax written here on the
public API alone (``Game.copy``, ``Game.apply``, ``settlement.payments``):
every card of every seat tried, the solving seat maximising its payment and
the others minimising it.  Positions come from random hands of every shipped
profile (and csibor for two and four seats), stopped with one to three
tricks left.  Playouts are checked against the same random draws made
through :class:`alsos.Game`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest
from drive import Policy, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alsos
from alsos import Kind, Phase
from alsos.hand.engine import engine_for
from alsos.pack.actions import PASS, PLAYS, Action, Play
from alsos.search import (
    SolveError,
    check_solvable,
    play_key,
    playout,
    playouts,
    position_key,
    random_card,
    solve,
    to_cards,
)
from alsos.search.playout import _HALF_SIZE
from alsos.search.solver import Search

PROFILES = {v: alsos.load_variant(v) for v in alsos.shipped_variants()}
PROFILES["csibor-2"] = alsos.load_variant("csibor", players=2)
PROFILES["csibor-4"] = alsos.load_variant("csibor", players=4)
NAMES = sorted(PROFILES)


def quietly(rng: random.Random) -> Policy:
    """A mostly quiet random policy: pass four times in five, else mostly a random card."""

    def choose(_game: alsos.Game, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a.__class__ is Play]
        if PASS in legal and rng.random() < 0.8:
            return PASS
        if plays and rng.random() < 0.9:
            return rng.choice(plays)
        return rng.choice(legal)

    return choose


def drive(
    game: alsos.Game, rng: random.Random, stop: Callable[[alsos.Game], bool]
) -> alsos.Game | None:
    """Play ``game`` on :func:`quietly` until ``stop(game)``; None if it ends."""
    play_out(game, quietly(rng), until=stop)
    return None if game.is_over else game


def endgame(rules: alsos.Ruleset, seed: int, tricks_left: int) -> alsos.Game | None:
    """A random hand stopped at the start of a trick (or inside it) with ``tricks_left`` left."""
    rng = random.Random(seed)
    inside = rng.randrange(rules.active_players)

    def stop(g: alsos.Game) -> bool:
        s = g.state
        return (
            g.phase is Phase.PLAY
            and not s.discards_left
            and (g.trick_no >= 1 or not s.speech_in_first_trick)
            and rules.hand_size - g.trick_no == tricks_left
            and len(s.trick) == inside
        )

    return drive(alsos.Game(rules, seed=seed), rng, stop)


def minimax(game: alsos.Game, seat: int, allies: tuple[int, ...] = ()) -> int:
    """``seat``'s payment under best play, ``seat`` and ``allies`` raising it and every
    other seat lowering it: by brute force."""
    if game.is_over:
        assert game.settlement is not None
        return game.settlement.payments[seat]
    values = []
    for action in game.legal_actions():
        if action.__class__ is Play:
            child = game.copy()
            child.apply(action)
            values.append(minimax(child, seat, allies))
    return max(values) if game.to_act == seat or game.to_act in allies else min(values)


positions = st.tuples(st.sampled_from(NAMES), st.integers(0, 10**6), st.integers(1, 3))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.integers(0, 3))
def test_solve_equals_brute_force_minimax(position: tuple[str, int, int], which: int) -> None:
    """The solver's value is brute-force minimax over every card, for the seat to act
    and for any other seat in play; its card is legal and keeps that value."""
    name, seed, left = position
    rules = PROFILES[name]
    game = endgame(rules, seed, left)
    if game is None:
        return
    before = game.state.key_fields()
    active = game.state.active
    for seat in (game.to_act, active[which % len(active)]):
        assert seat is not None
        sol = solve(game, seat=seat)
        assert sol.seat == seat
        assert sol.value == minimax(game, seat), (name, seed, left, seat)
        assert sol.action in game.legal_actions()
        after = game.copy()
        after.apply(sol.action)
        # The card chosen for the seat to act is best for it: for the solving seat
        # the highest value, for another seat the lowest.
        assert minimax(after, seat) == sol.value
    assert game.state.key_fields() == before  # solving changes nothing


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_a_defender_with_its_allies_equals_brute_force(position: tuple[str, int, int]) -> None:
    """With the other defenders as allies (the two sides of the game), the solver's value
    for a defender is brute-force minimax of that game, at least its paranoid value, and
    the same for every defender (they share every payment: pagat, "Scoring")."""
    name, seed, left = position
    game = endgame(PROFILES[name], seed, left)
    if game is None or game.state.declarer is None:
        return
    defenders = game.state.defenders()
    values = set()
    for seat in defenders:
        allies = tuple(t for t in defenders if t != seat)
        sol = solve(game, seat=seat, allies=allies)
        assert sol.value == minimax(game, seat, allies), (name, seed, left, seat)
        assert sol.value >= solve(game, seat=seat).value
        assert sol.action in game.legal_actions()
        after = game.copy()
        after.apply(sol.action)
        assert minimax(after, seat, allies) == sol.value
        values.add(sol.value)
    assert len(values) == 1


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_principal_line_settles_to_the_value(position: tuple[str, int, int]) -> None:
    """Every seat playing the solver's card for the first seat's payment ends the hand
    with exactly that payment in the engine's own settlement."""
    name, seed, left = position
    game = endgame(PROFILES[name], seed, left + 1)
    if game is None:
        return
    seat = game.to_act
    assert seat is not None
    value = solve(game).value

    def solved(game: alsos.Game, _legal: Sequence[Action]) -> Action:
        sol = solve(game, seat=seat)
        assert sol.value == value  # the value holds along its own line
        return sol.action

    play_out(game, solved)
    assert game.settlement is not None
    assert game.settlement.payments[seat] == value


def test_last_trick_value_is_the_settlement() -> None:
    """With one card each there is one line: its settlement payment is the value."""
    for name in NAMES:
        game = None
        for seed in range(50):
            game = endgame(PROFILES[name], seed, 1)
            if game is not None:
                break
        assert game is not None, name
        seat = game.to_act
        assert seat is not None
        value = solve(game).value
        play_out(game, lambda _g, legal: next(a for a in legal if a.__class__ is Play))
        assert game.settlement is not None
        assert game.settlement.payments[seat] == value, name


def test_refused_positions() -> None:
    """Positions outside the play of cards are refused with a SolveError (a ValueError)
    that says what the solver needs, and the game is not changed."""
    rules = PROFILES["potter1930"]
    game = alsos.Game(rules, seed=3)
    with pytest.raises(SolveError, match="play phase"):
        solve(game)
    assert issubclass(SolveError, ValueError)
    first = drive(alsos.Game(rules, seed=3), random.Random(3), lambda g: g.phase is Phase.PLAY)
    assert first is not None and first.trick_no == 0
    before = first.state.key_fields()
    with pytest.raises(SolveError, match="first trick carries speech"):
        solve(first)
    assert first.state.key_fields() == before
    done = drive(alsos.Game(rules, seed=3), random.Random(3), lambda g: False)
    assert done is None
    over = alsos.Game(rules, seed=3)
    drive(over, random.Random(3), lambda g: False)
    with pytest.raises(SolveError, match="over"):
        solve(over)
    four = PROFILES["four-player"]
    game4 = endgame(four, 1, 2)
    assert game4 is not None
    out = next(t for t in range(four.players) if t not in game4.state.active)
    with pytest.raises(SolveError, match="not in play"):
        solve(game4, seat=out)
    with pytest.raises(SolveError, match="not in play"):
        solve(game4, allies=(out,))


def continuations(game: alsos.Game, tricks: int) -> list[alsos.Game]:
    """Every way to play the next ``tricks`` tricks (as games; ended hands included)."""
    stop = game.trick_no + tricks
    out = []
    stack = [game]
    while stack:
        g = stack.pop()
        if g.is_over or g.trick_no >= stop:
            out.append(g)
            continue
        for action in g.legal_actions():
            if action.__class__ is Play:
                child = g.copy()
                child.apply(action)
                stack.append(child)
    return out


def key_groups(game: alsos.Game) -> list[list[alsos.Game]]:
    """The positions two tricks on, grouped by transposition key (groups of two or more)."""
    groups: dict[tuple[object, ...], list[alsos.Game]] = {}
    for g in continuations(game, 2):
        if not g.is_over:
            groups.setdefault(position_key(g), []).append(g)
    return [same for same in groups.values() if len(same) > 1]


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_equal_position_keys_have_equal_values(position: tuple[str, int, int]) -> None:
    """Lines of the next two tricks that meet in one transposition key (the same cards
    left and the same points and tricks, won in another order) are worth the same to
    every seat (brute force); the exact play_key still tells such lines apart."""
    name, seed, left = position
    game = endgame(PROFILES[name], seed, min(left, 2) + 2)
    if game is None:
        return
    for same in key_groups(game):
        for seat in game.state.active:
            assert len({minimax(g, seat) for g in same}) == 1
        assert len({play_key(g) for g in same}) == len(same)


def test_transpositions_occur() -> None:
    """The key test above is not empty: different orders of tricks do meet."""
    rules = PROFILES["potter1930"]
    met = sum(len(key_groups(g)) for g in scan(rules, lambda g: True, 5))
    assert met > 0


def game_playout(game: alsos.Game, rng: random.Random) -> alsos.Settlement:
    """The playout policy written on the public API: a random legal card where there
    is one (the k-th lowest, drawn as random_card draws), else a random action."""

    def choose(g: alsos.Game, legal: Sequence[Action]) -> Action:
        plays = sorted((a for a in legal if a.__class__ is Play), key=lambda a: int(a[1]))
        if plays:
            return plays[int(rng.random() * len(plays))] if len(plays) > 1 else plays[0]
        if PASS in legal and g.phase in (Phase.FRONT, Phase.BACK, Phase.COMPLETION):
            return PASS
        return rng.choice(legal)

    g = game.copy()
    play_out(g, choose)
    assert g.settlement is not None
    return g.settlement


def play_starts(
    rules: alsos.Ruleset, seeds: range
) -> Iterator[tuple[int, random.Random, alsos.Game]]:
    """Hands dealt from each of ``seeds``, driven (:func:`drive`) to the start of their
    play, each with the seed and the generator that drove it on."""
    for seed in seeds:
        rng = random.Random(seed)
        game = drive(alsos.Game(rules, seed=seed), rng, lambda g: g.phase is Phase.PLAY)
        if game is not None:
            yield seed, rng, game


@pytest.mark.parametrize("name", NAMES)
def test_playouts_equal_game_play(name: str) -> None:
    """A playout settles exactly as the same draws played through Game.apply, from the
    first trick (speech and all) and from later in the play, over many seeds; many
    playouts at once give what one playout after another gives."""
    rules = PROFILES[name]
    checked = 0
    for seed, rng, start in play_starts(rules, range(60)):
        game: alsos.Game | None = start
        if seed % 2:
            game = drive(game, rng, lambda g: g.trick_no >= 2 and g.phase is Phase.PLAY)
            if game is None:
                continue
        before = game.state.key_fields()
        fast = playout(game, random.Random(seed))
        assert game.state.key_fields() == before  # the playout played a copy
        assert fast == game_playout(game, random.Random(seed)).payments, (name, seed)
        checked += 1
        if game.trick_no >= 1:
            one_by_one = random.Random(seed)
            expected = [playout(game, one_by_one) for _ in range(5)]
            assert playouts(game, 5, random.Random(seed)) == expected
            assert game.state.key_fields() == before
    assert checked >= 20


#: The phases of a playout's steps other than the bidding and the cards: rounds of
#: speech it passes in, and meld answers, síber discards and answers to a call it
#: draws among.
_OTHER_STEPS = frozenset(
    {Phase.FRONT, Phase.BACK, Phase.COMPLETION, Phase.MELDS, Phase.SIBER, Phase.DISCARD, Phase.CALL}
)


#: altiansz has no phase of speech of its own: its speech is inside the first trick.
_SPEAKING = [n for n in NAMES if n != "altiansz"]


@pytest.mark.parametrize("name", _SPEAKING)
def test_playouts_from_speech_and_answers_equal_game_play(name: str) -> None:
    """From the steps other than cards (a later round of speech, a meld answer, a
    síber's discards, an answer to a call: positions a random policy reaches), a
    playout takes its policy's steps (pass where a round of speech allows it, else a
    random action) exactly as the same draws through Game.apply; positions driven
    quietly (the other playout tests) never reach them."""
    rules = PROFILES[name]
    reached: Counter[Phase] = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        game = alsos.Game(rules, seed=seed)
        # stop on entering the n-th such phase (n drawn per deal), or on a step of it
        entered: list[object] = [rng.randrange(4), None]

        def stop(g: alsos.Game, entered: list[object] = entered) -> bool:
            phase, before = g.phase, entered[1]
            entered[1] = phase
            if phase not in _OTHER_STEPS or phase is before:
                return False
            entered[0] = left = int(entered[0]) - 1  # type: ignore[call-overload]
            return left < 0

        play_out(game, lambda g, legal, rng=rng: rng.choice(legal), until=stop)
        if game.is_over:
            continue
        reached[game.phase] += 1
        before = game.state.key_fields()
        fast = playout(game, random.Random(seed))
        assert game.state.key_fields() == before
        assert fast == game_playout(game, random.Random(seed)).payments, (name, seed)
    assert sum(reached.values()) >= 10, reached
    assert set(reached) - {Phase.FRONT}, reached  # more than the first round of speech


@pytest.mark.parametrize("name", NAMES)
def test_to_cards_stops_where_only_cards_are_left(name: str) -> None:
    """``to_cards`` (a playout's steps before its cards) leaves a position with only
    cards to play, which the solver takes, or a finished hand; from such a position
    it takes no step."""
    rules = PROFILES[name]
    eng = engine_for(rules)
    checked = 0
    for _seed, rng, game in play_starts(rules, range(40)):
        s = game.state.copy()
        if not to_cards(eng, s, rng):
            assert s.is_over
            continue
        check_solvable(s)  # raises SolveError where more than cards is left
        assert not s.trick  # it stops at a trick's start, not a card later
        if game.state.speech_in_first_trick and not game.trick_no:
            assert s.trick_no == 1  # the first trick was played, and only it
        else:
            assert len(s.history) == len(game.state.history)  # no step taken
        before = s.key_fields()
        assert to_cards(eng, s, rng) and s.key_fields() == before
        checked += 1
    assert checked >= 10


@given(st.integers(1, (1 << 32) - 1), st.integers(0, 2**32))
def test_random_card_draws_from_the_set(mask: int, seed: int) -> None:
    """random_card returns a member of the set: the k-th lowest for the drawn k."""
    card = random_card(mask, random.Random(seed))
    assert mask >> card & 1
    if mask.bit_count() > 1:
        k = int(random.Random(seed).random() * mask.bit_count())
        assert card == [c for c in range(32) if mask >> c & 1][k]


def test_half_size_table_counts_cards() -> None:
    """The playout's size table (a set's size from its two 16-bit halves) counts
    exactly the cards of every half: the draw's k matches ``int.bit_count``."""
    assert len(_HALF_SIZE) == 1 << 16
    assert all(_HALF_SIZE[m] == m.bit_count() for m in range(1 << 16))


def scan(rules: alsos.Ruleset, wanted: object, count: int, left: int = 3) -> list[alsos.Game]:
    """The first ``count`` endgames of ``rules`` (seeds from 0) for which ``wanted(game)``."""
    found = []
    for seed in range(5000):
        game = endgame(rules, seed, left)
        if game is not None and wanted(game):
            found.append(game)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_of_game_solves_exactly(kind: Kind) -> None:
    """Trump games, no-trumps, Betli (the hand ends at the declarer's first trick) and
    Klopitzky (most tricks pays; both settle on tricks alone, so the solver's key
    leaves card points out): solver equals brute force for every seat (pagat, "Types
    of Game and Bidding")."""
    rules = PROFILES["potter1930"]
    games = scan(rules, lambda g: g.state.contract.kind is kind, 6)
    assert len(games) == 6
    for game in games:
        for seat in game.state.active:
            assert solve(game, seat=seat).value == minimax(game, seat)


@pytest.mark.parametrize("figure_kind", ["points", "cards", "trick", "volat", "kassza"])
def test_every_figure_kind_solves_exactly(figure_kind: str) -> None:
    """Positions with a figure of each kind at stake (abszolút and 100, tulétroá and
    44, ultimó with its held-back trump 7, volát, kassza): solver equals brute force
    (pagat, "Figures")."""
    rules = PROFILES["potter1930"]

    def wanted(g: alsos.Game) -> bool:
        return any(
            not item.is_game and rules.figures[item.figure].kind == figure_kind
            for item in g.state.items
        )

    games = scan(rules, wanted, 3)
    assert len(games) == 3
    for game in games:
        for seat in game.state.active:
            assert solve(game, seat=seat).value == minimax(game, seat)


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/bench_search.py runs in its smoke size and prints its sections (with
    ``--parts``, a playout's parts)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "bench_search.py"
    spec = importlib.util.spec_from_file_location("example_bench_search", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--quick", "--parts"]) == 0
    out = capsys.readouterr().out
    assert "alsos playouts, second trick" in out
    assert "the steps until only cards are left" in out and "the whole playout" in out
    assert "4 tricks left: median" in out
    if importlib.util.find_spec("pyspiel") is not None:  # the openspiel extra
        assert "alsos playout / OpenSpiel skat, first trick:" in out


def outcomes(game: alsos.Game) -> Counter[tuple[object, ...]]:
    """Every way to play ``game`` on: the count of each (points, tricks, payments) result."""
    if game.is_over:
        st = game.settlement
        assert st is not None
        return Counter([(frozenset(st.card_points.items()), frozenset(st.tricks.items()),
                         frozenset(st.payments.items()))])  # fmt: skip
    out: Counter[tuple[object, ...]] = Counter()
    for action in game.legal_actions():
        if action.__class__ is Play:
            child = game.copy()
            child.apply(action)
            out += outcomes(child)
    return out


def _searched_endgame(position: tuple[str, int, int]) -> tuple[alsos.Game, Search] | None:
    """The endgame ``position`` names and a solver search of it for the seat to play
    (on a copy of its state), or None where the seed gives no such endgame."""
    name, seed, left = position
    rules = PROFILES[name]
    game = endgame(rules, seed, left)
    if game is None:
        return None
    seat = game.state.to_act
    assert seat is not None
    return game, Search(engine_for(rules), game.state.copy(), seat)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_cards_searched_once_have_the_same_outcomes(position: tuple[str, int, int]) -> None:
    """Two cards the solver searches only once (one suit, every card ranked between them
    played, equal points, named by no figure or hold-back) lead to the same card
    points, tricks and payments however the hand is played on."""
    found = _searched_endgame(position)
    if found is None:
        return
    game, search = found
    s = game.state
    occupied = 0
    for h in s.hands:
        occupied |= h
    for _t, c in s.trick:
        occupied |= 1 << c
    cards = [int(a[1]) for a in game.legal_actions() if a.__class__ is Play]
    for a in cards:
        for b in cards:
            gap = search.between[a * 32 + b]
            if a < b and gap >= 0 and not gap & occupied:
                after_a, after_b = game.copy(), game.copy()
                after_a.apply(PLAYS[a])
                after_b.apply(PLAYS[b])
                assert outcomes(after_a) == outcomes(after_b), (position, a, b)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_equivalent_cards_of_a_decision_have_equal_values(position: tuple[str, int, int]) -> None:
    """``Search.equivalents`` (what the analysis searches once per decision) maps each
    legal card to a legal card of equal value, by brute force, for every seat in play."""
    found = _searched_endgame(position)
    if found is None:
        return
    game, search = found
    s = game.state
    same = search.equivalents()
    legal = {int(a[1]) for a in game.legal_actions() if a.__class__ is Play}
    assert set(same) == legal and set(same.values()) <= legal
    for card, rep in same.items():
        if card == rep:
            continue
        after_card, after_rep = game.copy(), game.copy()
        after_card.apply(PLAYS[card])
        after_rep.apply(PLAYS[rep])
        for t in s.active:
            assert minimax(after_card, t) == minimax(after_rep, t), (position, card, rep)
