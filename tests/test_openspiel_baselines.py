"""OpenSpiel's searches as baselines that play well (issue 34): rollouts played by an
alsos bot, an exploration constant scaled to the profile's returns, and a utility
bound that hands reach."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from drive import positions
from open_spiel.python.algorithms import mcts

import alsos
from alsos import interop
from alsos.bots import HeuristicBot, make_spec, parse_spec
from alsos.cli import main
from alsos.errors import BotError
from alsos.hand.engine import engine_for
from alsos.interop import (
    UCT_BASE,
    BotRolloutEvaluator,
    OpenSpielBot,
    _search_world,
    openspiel_state,
    return_scale,
)
from alsos.pack.actions import CALL, PASS, PLAY_ON, Action, Announce, Kontra
from alsos.play.view import View, make_view
from alsos.rl.rewards import payment_bound, utility_bound


def _by_views(bot: Any, game: alsos.Game, *, history: bool = True) -> list[float]:
    """The payments when ``bot`` plays a copy of ``game`` out at every seat, as at a
    table (``history=False``: shown views without the public history)."""
    copy = game.copy()
    engine = engine_for(game.rules)
    while not copy.is_over:
        seat = copy.to_act
        assert seat is not None
        view = copy.view(seat) if history else make_view(engine, copy.state, seat, history=False)
        copy.apply(bot.choose(view, copy.legal_actions()))
    assert copy.settlement is not None
    return [float(copy.settlement.payments[s]) for s in range(copy.players)]


class _Asked:
    """The heuristic behind another class: the evaluator must ask it on views."""

    def __init__(self) -> None:
        self.inner = HeuristicBot(0)
        self.asked = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.asked += 1
        return self.inner.choose(view, legal)


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz"])
def test_bot_rollouts_pay_what_the_bot_earns_at_a_table(variant: str) -> None:
    """A bot asked on views gives the payments of the hand played out by it at every
    seat; the heuristic's engine fast path, those of the heuristic shown views without
    the public history (as PIMC's playouts).  The searched state is left as it was."""
    fast = BotRolloutEvaluator("medium", seed=1)
    asked = _Asked()
    slow = BotRolloutEvaluator(asked)  # type: ignore[arg-type]
    for game in positions(variant, 4):
        state = openspiel_state(game)
        before = state.information_state_string(game.to_act)
        want = _by_views(HeuristicBot(0), game)
        assert list(slow.evaluate(state)) == want
        assert list(fast.evaluate(state)) == _by_views(HeuristicBot(0), game, history=False)
        assert sum(want) == 0
        assert not state.is_terminal() and state.game.history == game.history
        assert state.information_state_string(game.to_act) == before
    assert asked.asked > 0


def test_a_chance_bot_is_averaged_over_its_rollouts() -> None:
    """A bot that draws (``easy``'s mistakes) is played ``rollouts`` times and averaged;
    the same seed gives the same value."""
    game = positions("potter1930", 1)[0]
    state = openspiel_state(game)
    twin = make_spec("easy", seed=7)
    want = np.mean([_by_views(twin, game) for _ in range(3)], axis=0)
    got = BotRolloutEvaluator("easy", 3, seed=7).evaluate(state)
    assert np.allclose(got, want)
    assert np.allclose(BotRolloutEvaluator(make_spec("easy", seed=7), 3).evaluate(state), got)


def test_evaluate_deals_a_hand_still_dealing_and_reads_a_finished_one() -> None:
    game = pyspiel.load_game("python_alsos", {"variant": "tompa"})
    evaluator = BotRolloutEvaluator("medium", seed=3)
    state = game.new_initial_state()
    for card in range(5):
        state.apply_action(card)
    value = evaluator.evaluate(state)
    assert len(value) == 2 and sum(value) == 0
    assert state.game is None and len(state.chance_outcomes()) == 27  # not dealt on
    finished = openspiel_state(positions("tompa", 1)[0])
    rng = np.random.RandomState(0)
    while not finished.is_terminal():
        finished.apply_action(int(rng.choice(finished.legal_actions())))
    assert list(evaluator.evaluate(finished)) == finished.returns()


def test_the_prior_is_uniform_over_the_legal_actions() -> None:
    state = openspiel_state(positions("potter1930", 1)[0])
    prior = BotRolloutEvaluator("medium").prior(state)
    legal = state.legal_actions()
    assert [a for a, _ in prior] == legal
    assert all(p == pytest.approx(1 / len(legal)) for _, p in prior)


def test_return_scale_is_the_spread_of_medium_self_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured by playing hands with ``medium`` at every seat through the game's API."""
    monkeypatch.setattr(interop, "SCALE_HANDS", 30)
    return_scale.cache_clear()
    try:
        for variant in ("potter1930", "tompa"):
            rules = alsos.load_variant(variant)
            paid = []
            for seed in range(30):
                game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
                paid.extend(_by_views(make_spec("medium", seed=0), game))
            assert return_scale(rules) == pytest.approx(max(float(np.std(paid)), 1.0))
            assert return_scale(rules) > 1.0
    finally:
        return_scale.cache_clear()


def _searcher(spec: str, game: alsos.Game) -> Any:
    """The OpenSpiel bot inside the spec's alsos bot, after one choice on ``game``."""
    bot = make_spec(spec, seed=2)
    seat = game.to_act
    assert seat is not None and isinstance(bot, OpenSpielBot)
    assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
    (inner,) = bot._bots.values()
    return inner


def test_uct_c_is_scaled_to_the_returns_for_bot_rollouts() -> None:
    game = positions("tompa", 1)[0]
    scale = return_scale(game.rules)
    assert _searcher("openspiel-mcts(simulations=3)", game).uct_c == 2.0
    assert _searcher("openspiel-ismcts(simulations=3)", game)._uct_c == 2.0
    auto = UCT_BASE * scale
    assert _searcher("openspiel-mcts(simulations=3, rollout=medium)", game).uct_c == auto
    assert _searcher("openspiel-ismcts(simulations=3, rollout=medium)", game)._uct_c == auto
    assert _searcher("openspiel-mcts(simulations=3, uct_c=auto)", game).uct_c == auto
    assert (
        _searcher("openspiel-ismcts(simulations=3, rollout=medium, uct_c=1.5)", game)._uct_c == 1.5
    )
    inner = _searcher("openspiel-mcts(simulations=3, rollout=heuristic(boldness=1.2))", game)
    assert isinstance(inner.evaluator, BotRolloutEvaluator)
    assert inner.evaluator.bot.boldness == 1.2  # type: ignore[attr-defined]


def _old_mcts(game: Any, rs: np.random.RandomState) -> Any:
    """``openspiel-mcts(simulations=6)`` as it was built before rollout policies."""
    return mcts.MCTSBot(
        game, 2.0, 6, mcts.RandomRolloutEvaluator(1, rs), solve=False, random_state=rs
    )


def _old_ismcts(game: Any, rs: np.random.RandomState) -> Any:
    """``openspiel-ismcts(simulations=4)`` as it was built before rollout policies."""
    bot = interop.RestartableISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 4, random_state=rs
    )
    bot.set_resampler(_search_world)
    return bot


@pytest.mark.parametrize(
    ("spec", "old"),
    [
        ("openspiel-mcts(simulations=6)", _old_mcts),
        ("openspiel-ismcts(simulations=4)", _old_ismcts),
    ],
)
def test_random_rollout_specs_choose_as_before(spec: str, old: Callable[..., Any]) -> None:
    for game in positions("tompa", 4, seed=8):
        seat = game.to_act
        assert seat is not None
        new = make_spec(spec, seed=6).choose(game.view(seat), game.legal_actions())
        assert new == OpenSpielBot(old, seed=6).choose(game.view(seat), game.legal_actions())


#: What the random-rollout specs chose on main before rollout policies existed
#: (8b06e6d, the same positions and seeds): old specs must choose the same.
_CHOSEN_BEFORE = {
    ("tompa", "openspiel-mcts(simulations=6)"): [
        "kontra kassza@0", "kontra csalad@1", "pass", "announce csalad"],
    ("tompa", "openspiel-ismcts(simulations=4)"): [
        "pass", "kontra csalad@1", "pass", "announce abszolut"],
    ("potter1930", "openspiel-mcts(simulations=6)"): [
        "kontra 200@1", "kontra 44@2", "announce 44", "rekontra 200@0"],
    ("potter1930", "openspiel-ismcts(simulations=4)"): [
        "announce abszolut", "kontra 44@2", "announce 44", "kontra kassza@2"],
}  # fmt: skip


@pytest.mark.parametrize(("variant", "spec"), sorted(_CHOSEN_BEFORE))
def test_random_rollout_specs_choose_what_they_chose_before(variant: str, spec: str) -> None:
    chosen = []
    for game in positions(variant, 4, seed=8):
        seat = game.to_act
        assert seat is not None
        chosen.append(str(make_spec(spec, seed=6).choose(game.view(seat), game.legal_actions())))
    assert chosen == _CHOSEN_BEFORE[variant, spec]


@pytest.mark.parametrize(
    ("options", "quoted"),
    [
        ("rollout=nosuch", "nosuch"),
        ("rollout=pimc(wrolds=2)", "wrolds"),
        ("uct_c=fast", "fast"),
        ("uct_c=-1", "-1"),
        ("rollouts=0, rollout=medium", "0"),
        ("rollouts=0", "0"),
        ("rollouts=1.5", "1.5"),
    ],
)
def test_bad_search_options_are_refused_quoting_them(options: str, quoted: str) -> None:
    """Refused when the bot is made, not at its first choice."""
    for name in ("openspiel-mcts", "openspiel-ismcts"):
        with pytest.raises(BotError, match=quoted) as caught:
            make_spec(f"{name}({options})", seed=1)
        assert isinstance(caught.value, ValueError)


def test_a_spec_takes_a_spec_as_a_value() -> None:
    spec = "openspiel-ismcts(simulations=20, rollout=heuristic(boldness=1.2, mistakes=0.1))"
    want = {"simulations": 20, "rollout": "heuristic(boldness=1.2, mistakes=0.1)"}
    assert parse_spec(spec) == ("openspiel-ismcts", want)
    assert parse_spec("x(rollout='medium', n=\"3\")") == ("x", {"rollout": "medium", "n": "3"})


def test_the_arena_seats_a_search_with_bot_rollouts(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "openspiel-ismcts(simulations=4,rollout=medium)"
    code = main(
        ["arena", "--variant", "tompa", "--deals", "2", "--workers", "1", "--bots", f"{spec},hard"]
    )
    out = capsys.readouterr().out
    assert code == 0 and spec in out and "hard" in out


# ---------------------------------------------------------------- the utility bound


def _climber(rules: alsos.Ruleset, seed: int, *, calls: bool) -> Callable[..., Action]:
    """A policy that climbs the stakes: every kontra, every figure (with ``calls``: only
    those a call allows, then the call, its kontras and playing on), else the heuristic."""
    rng = random.Random(seed)
    allowed = set(getattr(rules.calling.params, "allowed_with", ()) or ())
    heuristic = HeuristicBot(0)
    engine = engine_for(rules)

    def choose(s: Any, legal: Sequence[Action]) -> Action:
        kontras = [a for a in legal if isinstance(a, Kontra)]
        figures = [
            a for a in legal if isinstance(a, Announce) and (not calls or a.figure in allowed)
        ]
        for options in (kontras, figures):
            if options:
                return rng.choice(options)
        for action in (CALL, PLAY_ON):
            if action in legal:
                return action
        if calls and PASS in legal and any(isinstance(a, Announce) for a in legal):
            return PASS
        return heuristic.choose_state(engine, s, s.to_act, legal)

    return choose


def _largest(rules: alsos.Ruleset, hands: int, policy: Callable[[int], Any]) -> int:
    """The largest |payment| of any seat in ``hands`` seeded hands played by ``policy(seed)``."""
    engine = engine_for(rules)
    top = 0
    for seed in range(hands):
        s = alsos.Game(rules, seed=seed, dealer=seed % rules.players).state
        choose = policy(seed)
        while not s.is_over:
            engine.apply(s, s.to_act, choose(s, engine.legal_actions(s)))
        top = max(top, *(abs(p) for p in engine.payments(s).values()))
    return top


def _random(seed: int) -> Callable[..., Action]:
    rng = random.Random(seed)
    return lambda _s, legal: rng.choice(legal)


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_no_hand_pays_more_than_the_utility_bound(variant: str) -> None:
    """Random hands and hands that climb the stakes (every kontra and figure, or the
    call with its kontras) never move more than the bound, which is no looser than the
    old one."""
    rules = alsos.load_variant(variant)
    bound = utility_bound(rules)
    assert bound <= payment_bound(rules)
    for policy in (
        _random,
        lambda seed: _climber(rules, seed, calls=False),
        lambda seed: _climber(rules, seed, calls=True),
    ):
        assert _largest(rules, 150, policy) <= bound


@pytest.mark.parametrize(
    "variant", ["potter1930", "four-player", "house", "two-player", "altiansz"]
)
def test_the_utility_bound_is_reached(variant: str) -> None:
    """Where the call carries the largest stakes, a hand that says every kontra, the
    figures a call allows, the call and its kontras reaches the bound exactly: it is
    the largest payment, not just a bound on it."""
    rules = alsos.load_variant(variant)
    assert _largest(rules, 100, lambda seed: _climber(rules, seed, calls=True)) == utility_bound(
        rules
    )


@pytest.mark.parametrize("name", ["openspiel-mcts", "openspiel-ismcts"])
@pytest.mark.parametrize("simulations", [0, 1, -5, 2.5, "ten"])
def test_too_few_simulations_are_refused_when_the_bot_is_made(
    name: str, simulations: object
) -> None:
    """One simulation only expands the root, and OpenSpiel's searches then fail at
    the first choice (an empty max, an assertion): refused up front, quoting it."""
    from alsos.bots import make
    from alsos.errors import BotError

    with pytest.raises(BotError, match=repr(simulations).replace("(", r"\(")):
        make(name, simulations=simulations, seed=1)
