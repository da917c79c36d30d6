"""Inference (alsos.search.inference): worlds weighted by the likelihood of the actions seen.

A world's weight is the product, over the other seats' decisions with a choice, of
the softened model's probability of the action taken (1 - eps + eps/n for the
model's choice, eps/n for any other of the n legal actions); an action the world
makes illegal gives 0; the weights are read from the view alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from hidden_swaps import swapped
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos.bots import HeuristicBot, PIMCBot, make_spec
from alsos.pack.actions import Action
from alsos.pack.phases import Phase
from alsos.play.game import Game, IllegalActionError
from alsos.ruleset.profile import Ruleset
from alsos.search.inference import PolicyModel, likelihood, weighted_worlds, world_weight

EPS = 0.2


def _scripted(
    rules: Ruleset, seed: int, stop: int, stray: int
) -> tuple[Game, list[tuple[int, int, bool]]]:
    """A hand of ``stop`` actions played by the heuristic, except that every ``stray``-th
    decision with a choice takes another legal action; each step as (seat, number of
    legal actions, whether it was the heuristic's choice)."""
    game = Game(rules, seed=seed, dealer=seed % rules.players)
    model = HeuristicBot(0)
    steps: list[tuple[int, int, bool]] = []
    choices = 0
    while not game.is_over and len(steps) < stop:
        p = game.to_act
        assert p is not None
        legal = game.legal_actions()
        guess = model.choose(game.view(p), legal)
        action = guess
        if len(legal) > 1:
            choices += 1
            if choices % stray == 0:
                action = next(a for a in legal if a != guess)
        steps.append((p, len(legal), action == guess))
        game.apply(action)
    return game, steps


@pytest.mark.parametrize("variant", ["potter1930", "tompa"])
def test_the_weight_is_the_product_of_the_models_probabilities(variant: str) -> None:
    """Worked by hand from the scripted hand's record: the seat's own decisions and the
    forced ones count 1, a followed choice among n counts 1 - eps + eps/n, a strayed
    one eps/n."""
    rules = alsos.load_variant(variant)
    game, steps = _scripted(rules, seed=3, stop=30, stray=4)
    seat = game.active[0]
    expected = 1.0
    strays = 0
    for p, n, followed in steps:
        if p == seat or n == 1:
            continue
        expected *= (1 - EPS + EPS / n) if followed else EPS / n
        strays += not followed
    assert strays >= 2  # the script did stray from the model, at other seats than the seat
    got = likelihood(
        rules, game.deal, game.history, seat, HeuristicBot(5), eps=EPS, dealer=game.dealer
    )
    assert math.isclose(got, expected, rel_tol=1e-12)
    assert math.isclose(world_weight(game, seat, HeuristicBot(1), eps=EPS), expected, rel_tol=1e-12)


def test_a_world_that_makes_a_seen_action_illegal_weighs_nothing() -> None:
    """Another deal under the same history: a card played that its seat does not
    hold there (or a follow it need not have made) gives weight 0."""
    rules = alsos.load_variant("potter1930")
    game, _ = _scripted(rules, seed=3, stop=30, stray=1000)
    assert game.phase is Phase.PLAY
    other = Game(rules, seed=4, dealer=game.dealer)
    seat = game.active[0]
    assert (
        likelihood(
            rules, other.deal, game.history, seat, HeuristicBot(0), eps=EPS, dealer=game.dealer
        )
        == 0.0
    )
    # and the history itself is not one the other deal allows
    with pytest.raises(IllegalActionError):
        for _p, a in game.history:
            other.apply(a)


def test_eps_and_pool_are_checked() -> None:
    rules = alsos.load_variant("potter1930")
    game = Game(rules, seed=1)
    for eps in (0, -0.1, 1.5, "x", True):
        with pytest.raises(ValueError, match="eps"):
            world_weight(game, 0, HeuristicBot(0), eps=eps)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pool"):
        weighted_worlds(game.view(1), random.Random(0), 4, HeuristicBot(0), pool=0)
    for bad in ({"inference": 1}, {"inference_eps": 0.0}, {"inference_pool": 0}):
        with pytest.raises(ValueError, match="inference"):
            PIMCBot(0, **bad)  # type: ignore[arg-type]


def _positions(rules: Ruleset, seed: int) -> list[Game]:
    """A few positions of one heuristic hand: in the speech and in the play."""
    game = Game(rules, seed=seed, dealer=seed % rules.players)
    bots = {s: HeuristicBot(s) for s in range(rules.players)}
    out = []
    n = 0
    while not game.is_over:
        p = game.to_act
        assert p is not None
        if n in (3, 12, 25):
            out.append(game.copy())
        game.apply(bots[p].choose(game.view(p), game.legal_actions()))
        n += 1
    return out


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: f"{r.id}-{r.players}")
def test_drawn_worlds_agree_with_the_view_and_weigh_more_than_nothing(rules: Ruleset) -> None:
    """Every profile: each world drawn gives the seat its very view, weighs more than
    0, and the times drawn add up to the worlds asked for."""
    for game in _positions(rules, seed=2):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        drawn = weighted_worlds(view, random.Random(1), 4, HeuristicBot(0), eps=EPS, pool=2)
        assert sum(t for _w, t in drawn) == 4
        for world, _times in drawn:
            assert world.view(seat) == view
            assert world_weight(world, seat, HeuristicBot(0), eps=EPS) > 0.0


def _replayed(rules: Ruleset, game: Game, deal: alsos.Deal) -> Game | None:
    twin = Game(rules, deal=deal, dealer=game.dealer)
    try:
        for p, a in game.history:
            twin.apply(a, seat=p)
    except IllegalActionError:
        return None
    return twin


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz"])
def test_the_weights_never_read_the_cards_hidden_from_the_seat(variant: str) -> None:
    """Two deals of one hand differing only in cards hidden from the seat give the same
    view, hence (same seed) the same worlds with the same weights."""
    rules = alsos.load_variant(variant)
    compared = 0
    for seed in range(12):
        for game in _positions(rules, seed):
            seat = game.to_act
            assert seat is not None
            made = swapped(game, seat, random.Random(seed))
            if made is None:
                continue
            twin = _replayed(rules, game, made[0])
            if twin is None or twin.view(seat) != game.view(seat):
                continue
            assert twin.deal != game.deal
            runs = []
            for g in (game, twin):
                drawn = weighted_worlds(g.view(seat), random.Random(9), 4, HeuristicBot(0), pool=2)
                runs.append(
                    [(str(w.deal), t, world_weight(w, seat, HeuristicBot(0))) for w, t in drawn]
                )
            assert runs[0] == runs[1]
            compared += 1
        if compared >= 3:
            break
    assert compared >= 3


def test_pimc_with_inference_plays_and_repeats_itself() -> None:
    """``pimc(inference=true)`` plays a whole hand legally; the same seed the same hand."""
    rules = alsos.load_variant("potter1930")
    hands = []
    for _ in range(2):
        game = Game(rules, seed=11)
        bots = {
            s: make_spec("pimc(worlds=2, budget=6, min_worlds=1, inference=true)", seed=s)
            for s in range(rules.players)
        }
        while not game.is_over:
            p = game.to_act
            assert p is not None
            game.apply(bots[p].choose(game.view(p), game.legal_actions()))
        hands.append(game.history)
    assert hands[0] == hands[1]


def test_the_risk_term_is_the_mean_less_risk_standard_deviations() -> None:
    """Worked by hand: payments 1 and 3 (sum 4, squares 10) have mean 2 and spread 1."""
    from alsos.bots.pimc import _cautious

    assert _cautious(4.0, 10.0, 2, 0.5) == 1.5
    assert _cautious(4.0, 10.0, 2, 0.0) == 2.0
    for bad in (-1.0, "x", True):
        with pytest.raises(ValueError, match="risk"):
            PIMCBot(0, risk=bad)  # type: ignore[arg-type]


def test_a_cautious_pimc_announces_no_more_than_a_bold_one() -> None:
    """In the speech a large risk term prefers the steadier candidates: over the same
    positions, pimc(risk=3) says fewer figures and kontras than pimc (risk 0) and
    changes no choice outside the speech."""
    rules = alsos.load_variant("tompa")
    said = {0.0: 0, 3.0: 0}
    for seed in range(4):
        game = Game(rules, seed=seed, dealer=seed % rules.players)
        bots = {r: PIMCBot(seed, worlds=4, budget=16, risk=r) for r in said}
        driver = HeuristicBot(seed)
        while not game.is_over:
            p = game.to_act
            assert p is not None
            legal, view = game.legal_actions(), game.view(p)
            picks = {r: b.choose(view, legal) for r, b in bots.items()}
            if view.phase in (Phase.FRONT, Phase.BACK, Phase.COMPLETION):
                for r, a in picks.items():
                    said[r] += str(a) != "pass"
            elif view.phase is Phase.PLAY:
                assert picks[0.0] == picks[3.0]
            game.apply(driver.choose(view, legal))
    assert said[3.0] < said[0.0]


# ---------------------------------------------------------------- the fast replay
#
# weighted_worlds replays each sampled world from the hand state (the heuristic asked
# through choose_state, the seat's own actions unchecked) and only as far as the draw
# needs it.  It must draw just the worlds, and leave the generator just as, the plain
# replay below did: every world replayed in full through a lazy view, then the keys.


def _reference_likelihood(world: Game, seat: int, policy: PolicyModel, eps: float) -> float:
    """The first implementation's weight: every step checked, the model shown a lazy view."""
    from alsos.hand.engine import engine_for
    from alsos.play.view import lazy_view

    engine = engine_for(world.rules)
    s = engine.new_state(
        seed=None, deal=world.deal, dealer=world.dealer, declared_before=world.state.declared_before
    )
    weight = 1.0
    for p, action in world.history:
        if s.to_act != p:
            return 0.0
        legal = engine.legal_actions(s)
        if action not in legal:
            return 0.0
        n = len(legal)
        if p != seat and n > 1:
            guess = policy.choose(lazy_view(engine, s, p), legal)
            weight *= (1.0 - eps + eps / n) if guess == action else eps / n
        engine.apply(s, p, action)
    return weight


def _reference_worlds(
    view: alsos.View, rng: random.Random, count: int, policy: PolicyModel, eps: float, pool: int
) -> list[tuple[Game, int]]:
    """The first implementation of weighted_worlds: every world weighed in full."""
    from alsos.search.determinize import DeterminizeError, Determinizer

    sampler = Determinizer(view)
    candidates, weights = [], []
    for _ in range(pool * count):
        try:
            world = sampler.sample(rng, attempts=50)
        except DeterminizeError:
            continue
        candidates.append(world)
        weights.append(_reference_likelihood(world, view.seat, policy, eps))
    keys = [
        (math.log(1.0 - rng.random()) / w if w > 0.0 else -math.inf, i)
        for i, w in enumerate(weights)
    ]
    chosen = sorted(i for _key, i in sorted(keys, reverse=True)[:count])
    return [(candidates[i], 1) for i in chosen]


class _Last:
    """A model that takes the last legal action: a plain ``choose`` (no ``choose_state``),
    rarely what the heuristic players did, so with a tiny eps the weights fall to 0 in
    floating point -- the case the fast draw hands back to the keys of the full replay."""

    def choose(self, view: alsos.View, legal: Sequence[Action]) -> Action:
        return legal[-1]


def _random_positions(rules: Ruleset, seed: int, count: int) -> list[Game]:
    """``count`` positions at random steps of one heuristic hand (the late play too)."""
    game = Game(rules, seed=seed, dealer=seed % rules.players)
    bots = {s: HeuristicBot(s) for s in range(rules.players)}
    while not game.is_over:
        p = game.to_act
        assert p is not None
        game.apply(bots[p].choose(game.view(p), game.legal_actions()))
    steps = sorted(random.Random(seed).sample(range(len(game.history)), count))
    out = []
    for step in steps:
        twin = game.copy()
        twin.take_back(len(game.history) - step)
        out.append(twin)
    return out


def _same_draw(
    view: alsos.View, seed: int, count: int, policy: PolicyModel, eps: float, pool: int = 2
) -> list[tuple[Game, int]]:
    """weighted_worlds against the reference, on generators of one seed; the worlds."""
    old_rng, new_rng = random.Random(seed), random.Random(seed)
    old = _reference_worlds(view, old_rng, count, policy, eps, pool=pool)
    new = weighted_worlds(view, new_rng, count, policy, eps=eps, pool=pool)
    assert [(w.deal, w.history, t) for w, t in new] == [(w.deal, w.history, t) for w, t in old]
    assert new_rng.getstate() == old_rng.getstate()  # the search goes on from the same point
    return new


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz", "csibor"])
def test_the_fast_draw_draws_the_worlds_the_full_replay_drew(variant: str) -> None:
    """Random positions of several profiles, several sizes and eps: the same worlds in the
    same order, the generator left in the same state, and each world's weight, replayed
    the fast way to its end, equal to the full replay's to the last bit."""
    from alsos.search.determinize import Determinizer
    from alsos.search.inference import _decider, _Walk

    rules = alsos.load_variant(variant)
    policy = HeuristicBot(0)
    compared = 0
    for seed in range(3):
        for game in _random_positions(rules, seed, 6):
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            for count, eps in ((8, 0.5), (3, 0.05), (5, 0.9)):
                _same_draw(view, seed * 31 + count, count, policy, eps)
            sampler = Determinizer(view)
            rng = random.Random(seed)
            for _ in range(4):
                world = sampler.sample(rng, attempts=50)
                walk = _Walk(world, seat, _decider(policy), 0.5)
                assert walk.finish() == _reference_likelihood(world, seat, policy, 0.5)
                assert walk.finish() == world_weight(world, seat, policy, eps=0.5)
            compared += 1
    assert compared >= 4


def test_worlds_whose_weights_round_to_nothing_are_drawn_as_before() -> None:
    """A model that seldom agrees and eps = 1e-200: weights underflow to 0, no key is
    drawn for them, and the fast draw falls back to the keys of the full replay (also
    where it would not have replayed them to their end)."""
    rules = alsos.load_variant("potter1930")
    fell = 0
    for seed in (5, 6):
        for game in _positions(rules, seed):
            seat = game.to_act
            assert seat is not None
            for pool in (1, 2):  # every world drawn (none left half replayed), or half
                for world, _t in _same_draw(game.view(seat), 3, 4, _Last(), 1e-200, pool):
                    fell += world_weight(world, seat, _Last(), eps=1e-200) == 0.0
    assert fell >= 1  # the case did come up


def test_no_position_offers_as_many_actions_as_the_weight_bound_assumes() -> None:
    """MAX_LEGAL bounds the legal actions of every decision (so that a world left half
    replayed surely weighs more than 0): far above what random hands of every profile
    offer."""
    from alsos.bots import RandomBot
    from alsos.search.inference import MAX_LEGAL

    most = 0
    for rules in PROFILES:
        for seed in range(3):
            game = Game(rules, seed=seed, dealer=seed % rules.players)
            bot = RandomBot(seed)
            while not game.is_over:
                p = game.to_act
                assert p is not None
                legal = game.legal_actions()
                most = max(most, len(legal))
                game.apply(bot.choose(game.view(p), legal))
    assert most * 10 < MAX_LEGAL


class _Scripted:
    """A stand-in for a world's replay (``_Walk``): its factors are given."""

    def __init__(self, factors: list[float]) -> None:
        self.factors = factors
        self.weight, self.index, self.done = 1.0, -1, False

    def advance(self) -> None:
        if self.index + 1 == len(self.factors):
            self.done = True
        else:
            self.index += 1
            self.weight *= self.factors[self.index]

    def finish(self) -> float:
        while not self.done:
            self.advance()
        return self.weight

    def surely_positive(self) -> bool:
        return True  # factors of at least 1/8, a dozen at most


@given(
    st.lists(
        st.tuples(
            st.sampled_from([0.0, 0.1, 0.5, 0.9, 0.5]),
            st.lists(st.sampled_from([1.0, 0.75, 2 / 3, 0.25, 1 / 6, 0.125]), max_size=12),
        ),
        min_size=1,
        max_size=12,
    ),
    st.integers(1, 14),
)
@settings(max_examples=200, deadline=None, derandomize=True)
def test_the_best_bound_first_draw_takes_the_largest_keys(
    worlds: list[tuple[float, list[float]]], count: int
) -> None:
    """_select, replaying each world only as far as it needs, takes just the ``count``
    largest keys ``(log(1 - u) / weight, index)`` of the full weights, ties included
    (equal u and factors), whatever the factors."""
    from alsos.search.inference import _select

    logs = [math.log(1.0 - u) for u, _f in worlds]
    walks = [_Scripted(f) for _u, f in worlds]
    full = [math.prod(f) for _u, f in worlds]
    expected = {
        i
        for _k, i in sorted(
            ((lg / w, i) for i, (lg, w) in enumerate(zip(logs, full, strict=True))), reverse=True
        )[:count]
    }
    chosen = _select(walks, logs, count)  # type: ignore[arg-type]
    assert chosen is not None and set(chosen) == expected and len(chosen) == len(expected)
