"""PIMCBot ("pimc"): legal in every phase of every profile, reproducible, sensible."""

from __future__ import annotations

import random

import pytest
from drive import play_out, steps

import alsos
from alsos.bots import HeuristicBot, PIMCBot, available, make
from alsos.pack.phases import Phase

VARIANTS = alsos.shipped_variants()


def _play(variant: str, seed: int, bots: dict[int, object]) -> tuple[alsos.Game, set[Phase]]:
    """One hand with the given bots; every action checked against the legal ones."""
    rules = alsos.load_variant(variant)
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    phases = {step.phase for step in steps(game, bots)}  # type: ignore[arg-type]
    return game, phases


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_pimc_plays_legal_hands_in_every_profile(variant: str) -> None:
    """pimc at every seat plays hands through to a settlement, speech phases included."""
    rules = alsos.load_variant(variant)
    phases: set[Phase] = set()
    for seed in range(1):
        bots = {
            s: make("pimc", seed=seed * 10 + s, worlds=2, budget=6, min_worlds=1)
            for s in range(rules.players)
        }
        game, seen = _play(variant, seed, bots)
        phases |= seen
        assert game.settlement is not None
        assert sum(game.settlement.payments.values()) == 0
    assert {Phase.BIDDING, Phase.PLAY} <= phases


@pytest.mark.slow
def test_pimc_answers_in_every_phase_random_hands_reach() -> None:
    """Random players drive hands into the rarer phases (síber, its discards, meld
    validation, the completion round, calls where they come); at a few positions of
    each phase with a choice, pimc returns one of the legal actions."""
    asked: dict[Phase, int] = {}
    for variant in VARIANTS:
        rules = alsos.load_variant(variant)
        for seed in range(10):
            game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
            bots = {s: alsos.RandomBot(seed + s) for s in range(rules.players)}
            for step in steps(game, bots):
                legal = step.legal
                if len(legal) > 1 and asked.get(step.phase, 0) < 3:
                    asked[step.phase] = asked.get(step.phase, 0) + 1
                    pimc = PIMCBot(seed, worlds=2, budget=8, min_worlds=1)
                    assert pimc.choose(game.view(step.seat), legal) in legal
    wanted = {Phase.BIDDING, Phase.FRONT, Phase.BACK, Phase.COMPLETION, Phase.SIBER}
    assert wanted | {Phase.DISCARD, Phase.MELDS, Phase.PLAY} <= set(asked)


@pytest.mark.slow
def test_the_same_seed_plays_the_same_hand() -> None:
    def run(seed: int) -> tuple[object, ...]:
        bots = {s: make("pimc", seed=seed + s, worlds=4) for s in range(3)}
        game, _ = _play("potter1930", 5, bots)
        return game.history

    assert run(1) == run(1)


def test_make_builds_pimc_with_options() -> None:
    assert "pimc" in available()
    bot = make("pimc", seed=1, worlds=40)
    assert isinstance(bot, PIMCBot) and bot.worlds == 40


@pytest.mark.parametrize(
    "options",
    [
        {"worlds": 0},
        {"worlds": 2.5},
        {"budget": 0},
        {"min_worlds": -1},
        {"solver_tricks": -1},
        {"time_limit": 0},
        {"prune": -1},
        {"prune": "2"},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="must be"):
        PIMCBot(1, **options)  # type: ignore[arg-type]


def test_a_forced_action_is_taken_without_search() -> None:
    game = alsos.Game(alsos.load_variant("potter1930"), seed=2)
    view = game.view(game.to_act)  # type: ignore[arg-type]
    bot = PIMCBot(0)
    state = bot.rng.getstate()
    legal = game.legal_actions()[:1]
    assert bot.choose(view, legal) == legal[0]
    assert bot.rng.getstate() == state


@pytest.mark.slow
def test_near_the_end_pimc_plays_a_card_the_solver_finds_best_in_every_world() -> None:
    """With two tricks left the solver values every card; where one card is best in
    each of twenty sampled worlds and each other card is worse in half of them at
    least, pimc (sampling its own worlds) plays a card that does as well in all."""
    from alsos.search import determinize, solve

    rules = alsos.load_variant("potter1930")
    checked = 0
    for seed in range(300):  # seeds are searched until three positions qualify
        if checked >= 3:
            break
        game = alsos.Game(rules, seed=seed)
        bots = {s: HeuristicBot(s) for s in range(3)}
        play_out(game, bots, until=lambda g: g.trick_no >= rules.hand_size - 2)
        legal = game.legal_actions()
        if game.is_over or game.phase is not Phase.PLAY or len(legal) < 2:
            continue
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        rng = random.Random(seed)
        values: dict[object, list[int]] = {a: [] for a in legal}
        for _ in range(20):
            world = determinize(view, rng)
            for action in legal:
                trial = world.copy()
                trial.apply(action)
                settled = trial.settlement
                value = settled.payments[seat] if settled else solve(trial, seat=seat).value
                values[action].append(value)
        best = [max(v) for v in zip(*values.values(), strict=True)]
        dominant = [a for a in legal if values[a] == best]
        worse = [sum(b > v for b, v in zip(best, values[a], strict=True)) for a in legal]
        if not dominant or any(0 < w < 10 for w in worse) or max(worse) == 0:
            continue  # no card best everywhere, or the others rarely (or never) worse
        choice = PIMCBot(seed, worlds=8, solver_tricks=3).choose(view, legal)
        assert values[choice] == best, (str(choice), values)
        checked += 1
    assert checked >= 3


@pytest.mark.slow
def test_duplicate_deals_cancel_the_cards_luck() -> None:
    """examples/duplicate.py: a bot against itself gains exactly nothing on every deal
    (the payments of a hand sum to zero), and pimc's score comes with decision times."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "duplicate.py"
    spec = importlib.util.spec_from_file_location("example_duplicate", path)
    assert spec is not None and spec.loader is not None
    duplicate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(duplicate)
    for deal in range(3):
        _, gain, _ = duplicate.play_deal(("tompa", "heuristic", "heuristic", deal))
        assert gain == 0
    _, _, times = duplicate.play_deal(("tompa", "pimc(worlds=2, budget=6)", "heuristic", 0))
    assert times and all(t >= 0 for t in times)


def test_pruning_drops_only_actions_clearly_behind_the_leader() -> None:
    """An action whose paired deficit to the leader is steady (or large against its
    spread) is dropped; one level with it, or behind by noise, is kept; the leader
    always stays (issue 20: the worlds go to the actions still in question)."""
    from alsos.bots.pimc import _survivors
    from alsos.pack.actions import Play

    lead, level, steady, noisy, far = (Play(c) for c in range(5))
    values = {
        lead: [10.0, 0.0, 20.0, 10.0],
        level: [10.0, 0.0, 20.0, 10.0],
        steady: [8.0, -2.0, 18.0, 8.0],  # 2 behind in every world
        noisy: [30.0, -20.0, 0.0, 19.0],  # 1 behind on average, widely spread
        far: [-30.0, -40.0, -20.0, -30.0],
    }
    totals = {a: sum(v) for a, v in values.items()}
    live = list(values)
    assert _survivors(live, totals, values, level, 2.0) == [lead, level, noisy]
    assert _survivors(live, totals, values, steady, 2.0) == [lead, level, noisy]
    # a tie keeps both, whichever leads (the heuristic's own choice on a tie)
    assert _survivors([lead, level, far], totals, values, level, 2.0) == [lead, level]
    assert _survivors([far, lead], totals, values, far, 2.0) == [lead]


def _valuations(prune: float) -> tuple[int, list[alsos.Action]]:
    """How many (world, action) values pimc computed over a few decisions, and its choices."""
    rules = alsos.load_variant("potter1930")
    count = 0
    choices = []
    original = PIMCBot._value

    def counted(self: PIMCBot, *args: object) -> float:
        nonlocal count
        count += 1
        return original(self, *args)  # type: ignore[arg-type]

    PIMCBot._value = counted  # type: ignore[method-assign]
    try:
        for seed in (1, 2):
            game = alsos.Game(rules, seed=seed, dealer=seed % 3)
            bot = PIMCBot(seed, prune=prune)
            heuristic = HeuristicBot(seed)
            asked = 0
            while not game.is_over and asked < 6:
                seat = game.to_act
                assert seat is not None
                legal = game.legal_actions()
                if seat == game.active[0] and len(legal) > 1:
                    choices.append(bot.choose(game.view(seat), legal))
                    game.apply(choices[-1])
                    asked += 1
                else:
                    game.apply(heuristic.choose(game.view(seat), legal))
    finally:
        PIMCBot._value = original  # type: ignore[method-assign]
    return count, choices


@pytest.mark.slow
def test_pruning_searches_fewer_actions_and_none_without_it() -> None:
    """prune=0 values every legal action in every world (the exhaustive search);
    the default drops actions clearly behind and so computes fewer values."""
    full, _ = _valuations(0)
    pruned, choices = _valuations(2.0)
    assert pruned < full
    assert all(isinstance(a, alsos.Action) for a in choices)
