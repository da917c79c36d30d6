"""The learned bot (alsos.rl.learned): shipped weights, refusals, determinism, no leak,
and the training script's smoke run."""

from __future__ import annotations

import importlib.util
import itertools
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
    """The shipped potter1930 network decides the speech only (its file's ``phases``
    leave out the play of the cards): there the bot chooses exactly as the heuristic."""
    policy = learned.Policy.load("potter1930")
    assert alsos.Phase.PLAY not in policy.phases
    rules = alsos.load_variant("potter1930")
    compared = 0
    for seed in range(4):
        game = Game(rules, seed=seed)
        bot, heuristic = make("learned", seed=seed), make("heuristic", seed=seed)
        while not game.is_over:
            view, legal = game.view(game.to_act), game.legal_actions()
            action = bot.choose(view, legal)
            if view.phase not in policy.phases and len(legal) > 1:
                assert action == heuristic.choose(view, legal)
                compared += 1
            game.apply(action)
    assert compared > 10


def _write_policy(path: Path, rules: alsos.Ruleset, **fields: object) -> list[object]:
    """A random network file for ``rules`` with ``fields`` (inputs, activation) set."""
    import numpy as np

    from alsos.rl.encoding import ObservationEncoder

    enc = ObservationEncoder(rules)
    width = enc.shape[0] + len(enc.space)
    rng = np.random.default_rng(3)
    sizes = [width, 16, 16, len(enc.space)]
    layers = [
        (rng.normal(size=(a, b)).astype(np.float32), rng.normal(size=b).astype(np.float32))
        for a, b in itertools.pairwise(sizes)
    ]
    data: dict[str, object] = {
        "profile": rules.id, "digest": learned.space_digest(rules), "layers": len(layers),
        "bonus": 0.0, "phases": np.array([p.name for p in alsos.Phase]),
    }  # fmt: skip
    for i, (w, b) in enumerate(layers):
        data[f"w{i}"], data[f"b{i}"] = w, b
    data.update(fields)
    np.savez(path, **data)  # type: ignore[arg-type]
    return [enc, layers]


def test_a_network_reading_the_mask_and_tanh_layers_plays_its_best_legal_action(
    tmp_path: Path,
) -> None:
    """A file whose ``inputs`` are the legal-action mask then the observation, with
    ``tanh`` layers (how a MaskablePPO policy is exported), is read in that layout:
    every choice is the legal action scoring highest under a forward pass computed
    here independently."""
    import numpy as np

    rules = alsos.load_variant("tompa")
    path = tmp_path / "ppo.npz"
    enc, layers = _write_policy(
        path, rules, inputs=np.array(["mask", "observation"]), activation=np.array("tanh")
    )
    bot = make("learned", seed=0, weights=str(path))
    game, checked = Game(rules, seed=5), 0
    while not game.is_over:
        view, legal = game.view(game.to_act), game.legal_actions()
        action = bot.choose(view, legal)
        if len(legal) > 1:
            x = np.concatenate([enc.space.mask(legal), enc.encode(view)]).astype(np.float32)
            for i, (w, b) in enumerate(layers):
                x = x @ w + b
                if i < len(layers) - 1:
                    x = np.tanh(x)
            assert action == max(legal, key=lambda a: float(x[enc.space.index(a)]))
            checked += 1
        game.apply(action)
    assert checked > 5


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("inputs", ["mask", "card"], "inputs"),
        ("inputs", ["mask", "mask"], "inputs"),
        ("activation", "sigmoid", "activation"),
    ],
)
def test_a_file_with_unknown_inputs_or_activation_is_refused_naming_them(
    tmp_path: Path, field: str, value: object, named: str
) -> None:
    import numpy as np

    path = tmp_path / "bad.npz"
    _write_policy(path, alsos.load_variant("tompa"), **{field: np.array(value)})
    with pytest.raises(learned.UntrainedProfileError, match=named):
        learned.Policy.read(path)
