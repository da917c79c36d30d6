"""The example plugin in ``examples/plugin``: a figure kind that arrives by entry point.

No pip: the test writes a ``*.dist-info`` folder (METADATA and
entry_points.txt) into a temporary directory and puts it, with the plugin's
``src`` folder, on ``sys.path``.  :mod:`importlib.metadata` then lists the
entry point in the ``alsos.rules`` group, and :mod:`alsos.ruleset.registry` imports it
the next time it looks for plugins (its ``_loaded`` flag is reset for the
test).  Teardown removes the registered kind and the imported module,
so other tests see the registry as it was.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest
from drive import Policy, steps

import alsos
import alsos.ruleset.registry

PLUGIN = Path(__file__).resolve().parent.parent / "examples" / "plugin"
PROFILE = PLUGIN / "fivetricks.yaml"
CAPPED = PLUGIN / "capped.yaml"
MODULE = "alsos_example_plugin"
KIND = "trick-count"
FIGURE = "five-tricks"
HANDS = 50


def _forget_plugin() -> None:
    """Drop the plugin's registration and module so the next import registers afresh."""
    alsos.ruleset.registry._REGISTRY["figures"].pop(KIND, None)
    alsos.ruleset.registry._REGISTRY["scoring"].pop("capped", None)
    sys.modules.pop(MODULE, None)


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No plugin registered or imported; plugins are looked for again; all undone after."""
    _forget_plugin()
    monkeypatch.setattr(alsos.ruleset.registry, "_loaded", False)
    yield
    _forget_plugin()


@pytest.fixture
def plugin_on_path(
    clean_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Make the example plugin's entry point visible, as an installed distribution would."""
    info = tmp_path / f"{MODULE}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: alsos-example-plugin\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[alsos.rules]\nexample = {MODULE}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(PLUGIN / "src"))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield


def _announcing(rng: random.Random) -> Policy:
    """A random legal action, but the five-tricks figure whenever it is offered."""

    def choose(_game: alsos.Game, legal: Sequence[alsos.Action]) -> alsos.Action:
        for action in legal:
            if str(action) == f"announce {FIGURE}":
                return action
        return rng.choice(legal)

    return choose


def test_plugin_figure_is_offered_and_judged(plugin_on_path: None) -> None:
    rules = alsos.load_variant(PROFILE)
    assert KIND in alsos.hand.rules.available("figures")
    assert MODULE in sys.modules
    assert rules.figures[FIGURE].kind == KIND
    offered = judged = made = 0
    for hand in range(HANDS):
        game = alsos.Game(rules, seed=hand, dealer=hand % rules.players)
        for step in steps(game, _announcing(random.Random(hand)), max_steps=999):
            if any(str(a) == f"announce {FIGURE}" for a in step.legal):
                offered += 1
        settlement = game.settlement
        assert settlement is not None
        assert sum(settlement.payments.values()) == 0
        for entry in settlement.entries:
            if entry.label != FIGURE:
                continue
            judged += 1
            assert entry.seat is not None
            # the judge's verdict, checked against the settlement's own trick count
            assert entry.made == (settlement.tricks.get(entry.seat, 0) >= 5)
            made += entry.made
    assert offered > 0
    assert judged > 0
    assert 0 <= made <= judged


def test_profile_without_plugin_names_the_figure_kind(
    clean_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if importlib.util.find_spec(MODULE) is not None:
        pytest.skip("alsos-example-plugin is installed in this environment")
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(PROFILE)
    text = str(info.value)
    assert "fivetricks.yaml" in text
    assert f"figures.{FIGURE}.kind" in text
    assert KIND in text
    assert KIND not in alsos.hand.rules.available("figures")


def test_judge_refuses_a_figure_without_threshold(plugin_on_path: None) -> None:
    judge = alsos.hand.rules.lookup("figures", KIND)
    rules = alsos.load_variant(PROFILE)
    fig = rules.figures[FIGURE]
    assert fig.threshold == 5
    with pytest.raises(ValueError, match="threshold"):
        judge(None, attrs.evolve(fig, threshold=None), None)


def test_the_loader_runs_the_plugin_kinds_check(plugin_on_path: None, tmp_path: Path) -> None:
    """A plugin kind's own check (issue 19, point 3): a profile that leaves out what
    the kind needs is refused when loaded, naming the file and key path."""
    text = PROFILE.read_text(encoding="utf-8").replace(", threshold: 5", "")
    assert text != PROFILE.read_text(encoding="utf-8")
    broken = tmp_path / "nothreshold.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(broken)
    assert "nothreshold.yaml" in str(info.value)
    assert f"figures.{FIGURE}.threshold: a trick-count figure needs" in str(info.value)


# ------------------------------------------ a module with a parameter of its own


def test_a_plugin_scoring_module_takes_an_option_of_its_own(plugin_on_path: None) -> None:
    """The plugin's ``capped`` scoring declares ``cap`` (its ``Params``): the loader
    reads it from ``scoring``, the JSON Schema lists it for this module only, the
    rulebook words it, and bots play under it."""
    from alsos.hand.chosen import module
    from alsos.rulebook import render
    from alsos.ruleset.schema import profile_schema

    rules = alsos.load_variant(CAPPED)
    assert rules.scoring.params.cap == 8
    assert module(rules, "scoring") is alsos.hand.rules.lookup("scoring", "capped")
    text = render(rules, "markdown")
    assert "more than 8 stakes in a hand" in text
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    validator = jsonschema.Draft202012Validator(profile_schema())
    assert not list(validator.iter_errors(yaml.safe_load(CAPPED.read_text(encoding="utf-8"))))
    wrong = {"extends": "potter1930", "scoring": {"module": "potter", "cap": 8}}
    assert list(validator.iter_errors(wrong))  # cap is the capped module's key only
    bots = {
        seat: alsos.bots.make_spec(spec, seed=seat)
        for seat, spec in enumerate(("heuristic", "pimc(worlds=2, budget=4)", "heuristic"))
    }
    capped = 0
    for seed in range(12):
        game = alsos.Game(rules, seed=seed)
        while not game.is_over:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        st = game.settlement
        assert st is not None and sum(st.payments.values()) == 0
        if st.declarer is not None:
            assert all(abs(v) <= 8 for s, v in st.payments.items() if s != st.declarer)
            capped += any("capped" in note for note in st.notes)
    assert capped > 0  # the limit was met and applied in some hand


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("cap: x", "scoring.cap: expected a whole number, got 'x'"),
        ("capp: 3", "scoring.capp: unknown key; did you mean 'cap'?"),
        ("cap: 0", "scoring.cap: at least 1 stake"),
    ],
)
def test_a_plugin_module_s_option_is_checked_like_any_key(
    plugin_on_path: None, tmp_path: Path, key: str, says: str
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(f"extends: potter1930\nscoring: {{module: capped, {key}}}\n", "utf-8")
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(path)
    assert str(info.value) == f"{path}: {says}"
