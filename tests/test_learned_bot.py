"""The learned bot (alsos.rl.learned): shipped weights, refusals, determinism, no leak,
and the training script's smoke run."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from hidden_swaps import seen, swapped
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from test_examples import load

import alsos
from alsos.bots import make, make_spec
from alsos.play.game import Game

learned = pytest.importorskip("alsos.rl.learned", reason="needs the rl extra (NumPy)")

TRAINED = learned.trained_profiles()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _play(rules: alsos.Ruleset, seed: int, bots: list[object]) -> Game:
    game = Game(rules, seed=seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))  # type: ignore[attr-defined]
    return game


def test_the_package_ships_networks_for_potter1930_and_tompa() -> None:
    assert {"potter1930", "tompa"} <= set(TRAINED)
    assert "learned" in alsos.bots.available()


@pytest.mark.parametrize("profile", TRAINED)
def test_the_shipped_network_plays_legal_actions_at_every_seat(profile: str) -> None:
    """Each shipped network loads, fits its profile's action space and plays whole
    hands at every seat (Game.apply refuses an illegal action)."""
    rules = alsos.load_variant(profile)
    for seed in range(3):
        bots = [make("learned", seed=seat) for seat in range(rules.players)]
        game = _play(rules, seed, bots)
        assert game.settlement is not None


def test_an_untrained_profile_is_refused_naming_the_trained_ones() -> None:
    untrained = next(v for v in alsos.shipped_variants() if v not in TRAINED)
    with pytest.raises(learned.UntrainedProfileError, match=r"trained for: .*potter1930"):
        make("learned", profile=untrained)
    bot = make("learned", seed=1)
    game = Game(alsos.load_variant(untrained), seed=0)
    while len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    with pytest.raises(learned.UntrainedProfileError, match=untrained):
        bot.choose(game.view(game.to_act), game.legal_actions())


def test_a_network_pinned_to_one_profile_refuses_a_table_of_another() -> None:
    bot = make_spec("learned(profile=tompa)", seed=1)
    game = Game(alsos.load_variant("potter1930"), seed=0)
    while len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    with pytest.raises(learned.UntrainedProfileError, match=r"network is for tompa.*potter1930"):
        bot.choose(game.view(game.to_act), game.legal_actions())


def test_without_numpy_the_bot_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def no_numpy(name: str, *args: object) -> object:
        return None if name == "numpy" else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", no_numpy)
    with pytest.raises(ImportError, match=r"alsos\[rl\]"):
        make("learned")


@pytest.mark.parametrize("profile", ["potter1930", "tompa"])
def test_the_same_seed_plays_the_same_hands(profile: str) -> None:
    rules = alsos.load_variant(profile)
    runs = []
    for _ in range(2):
        bots = [make("learned", seed=7 + seat) for seat in range(rules.players)]
        runs.append([_play(rules, s, bots).history for s in (11, 12)])
    assert runs[0] == runs[1]


@pytest.mark.parametrize("profile", ["potter1930", "tompa"])
@settings(
    max_examples=8,
    phases=[Phase.explicit, Phase.generate],
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3), choices=st.integers(0, 2**32))
def test_the_decision_does_not_depend_on_cards_hidden_from_the_seat(
    profile: str, seed: int, seat: int, choices: int
) -> None:
    """Two deals differing only in cards seat k cannot see: at each of k's decisions
    the learned bot's scores and choice are the same (the features read the view only)."""
    rules = alsos.load_variant(profile)
    rng = random.Random(choices)
    first = Game(rules, seed=seed)
    k = first.active[seat % len(first.active)]
    made = swapped(first, k, rng)
    if made is None:
        return
    deal, cards, _holders = made
    second = Game(rules, deal=deal, dealer=first.dealer)
    bots = (learned.LearnedBot(3), learned.LearnedBot(3))
    driver = make("heuristic", seed=choices)
    while not first.is_over:
        s = first.to_act
        assert s is not None
        legal = first.legal_actions()
        if s == k and len(legal) > 1:
            assert set(map(str, legal)) == set(map(str, second.legal_actions()))
            a = bots[0].choose(first.view(k), legal)
            b = bots[1].choose(second.view(k), second.legal_actions())
            assert str(a) == str(b), f"seat {k} chose differently on the two deals"
            assert (bots[0]._x == bots[1]._x).all()
        common = set(map(str, legal)) & set(map(str, second.legal_actions()))
        action = driver.choose(first.view(s), legal)
        if str(action) not in common:
            break  # the holder of a swapped card parted the two deals
        first.apply(action, seat=s)
        second.apply(str(action), seat=s)
        if cards & (seen(first, k) | seen(second, k)):
            break  # seat k now sees a swapped card


@pytest.mark.slow
def test_the_training_script_smoke_run_writes_weights_the_bot_plays(tmp_path: Path) -> None:
    """examples/train_policy.py --smoke: seeded, a few seconds; the same seed writes
    the same weights, and the bot plays a hand with them."""
    pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
    train = load("train_policy")
    outs = [tmp_path / "a.npz", tmp_path / "b.npz"]
    for out in outs:
        assert train.main(["tompa", "--smoke", "--out", str(out)]) == 0
    import numpy as np

    with np.load(outs[0]) as a, np.load(outs[1]) as b:
        assert sorted(a.files) == sorted(b.files)
        for key in a.files:
            assert np.array_equal(a[key], b[key]), key
    rules = alsos.load_variant("tompa")
    bots = [make("learned", seed=s, weights=str(outs[0])) for s in range(2)]
    assert _play(rules, 0, bots).settlement is not None


def test_outside_the_networks_phases_the_bot_plays_the_heuristics_choice() -> None:
    """The shipped tompa network decides the play of the cards only (its file's
    ``phases``): in every other phase the bot chooses exactly as the heuristic."""
    policy = learned.Policy.load("tompa")
    assert policy.phases == {alsos.Phase.PLAY}
    rules = alsos.load_variant("tompa")
    compared = 0
    for seed in range(6):
        game = Game(rules, seed=seed)
        bot, heuristic = make("learned", seed=seed), make("heuristic", seed=seed)
        while not game.is_over:
            view, legal = game.view(game.to_act), game.legal_actions()
            action = bot.choose(view, legal)
            if view.phase is not alsos.Phase.PLAY and len(legal) > 1:
                assert action == heuristic.choose(view, legal)
                compared += 1
            game.apply(action)
    assert compared > 10
