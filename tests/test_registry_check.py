"""Rule modules are checked when they are registered (issue 19, point 4).

Each family has one class in :mod:`alsos.hand.protocol`; :func:`alsos.ruleset.registry.register`
checks what it is given against it, so a plugin that lacks a method, or has
one taking the wrong arguments, is refused at once with a message naming the
module and the method -- not with an ``AttributeError`` in the middle of a hand.
"""

from __future__ import annotations

import pathlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

import alsos
from alsos.bots import make
from alsos.hand.items import Item
from alsos.hand.protocol import AIMS, FigureKind, ModuleCheckError, Progress, ScoringModule
from alsos.hand.settlement import Settlement, Tally
from alsos.hand.state import HandState
from alsos.ruleset import registry
from alsos.ruleset.profile import FigureRule, Ruleset
from tests.drive import Policy, play_out


@pytest.fixture
def forget() -> Iterator[list[tuple[str, str]]]:
    """Names registered by a test, removed again after it."""
    names: list[tuple[str, str]] = []
    yield names
    for family, name in names:
        registry._REGISTRY[family].pop(name, None)


class _NoHides:
    """A bidding class without ``hides`` (and not derived from BiddingModule)."""

    def __init__(self, rules: Ruleset) -> None: ...
    def start(self, ref: Any, s: HandState) -> None: ...
    def legal(self, ref: Any, s: HandState, seat: int) -> tuple[Any, ...]:
        return ()

    def apply(self, ref: Any, s: HandState, seat: int, action: Any) -> None: ...
    def after_pickup(self, ref: Any, s: HandState) -> bool:
        return False


def test_a_bidding_class_missing_a_method_is_refused_naming_it(
    forget: list[tuple[str, str]],
) -> None:
    forget.append(("bidding", "no-hides"))
    with pytest.raises(ModuleCheckError, match="'no-hides' has no method 'hides'"):
        registry.register("bidding", "no-hides")(_NoHides)
    assert "no-hides" not in registry._REGISTRY["bidding"]


def test_a_method_taking_the_wrong_arguments_is_refused_naming_it(
    forget: list[tuple[str, str]],
) -> None:
    class WrongJudge(FigureKind):
        def judge(self, t: Tally, fig: FigureRule) -> bool:  # type: ignore[override]
            return True

    forget.append(("figures", "wrong-judge"))
    with pytest.raises(ModuleCheckError, match="'wrong-judge': 'judge' takes the wrong arguments"):
        registry.register("figures", "wrong-judge")(WrongJudge())


def test_a_kind_without_its_judge_is_refused(forget: list[tuple[str, str]]) -> None:
    forget.append(("figures", "no-judge"))
    with pytest.raises(ModuleCheckError, match="does not define 'judge'"):
        registry.register("figures", "no-judge")(FigureKind())


def test_an_unknown_scoring_hook_is_refused(forget: list[tuple[str, str]]) -> None:
    def settle(rules: Ruleset, s: HandState) -> Settlement:
        raise AssertionError

    forget.append(("scoring", "typo"))
    with pytest.raises(ModuleCheckError, match="unknown scoring hook 'decide'"):
        registry.register("scoring", "typo", decide=lambda r, s: True)(settle)


def test_a_per_ruleset_family_takes_a_class_not_an_instance(
    forget: list[tuple[str, str]],
) -> None:
    forget.append(("calling", "an-instance"))
    with pytest.raises(ModuleCheckError, match="register a class"):
        registry.register("calling", "an-instance")(object())


def test_module_check_error_is_a_value_error() -> None:
    assert issubclass(ModuleCheckError, ValueError)


class _FirstTrick(FigureKind):
    """Win the first trick; the profile must not set ``trick`` (its own check)."""

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        return bool(t.trick_winners) and t.trick_winners[0] == item.seat

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        return [f"{where}.trick: a first-trick figure has no trick"] if fig.trick != 1 else []

    def describe(self, fig: FigureRule, rules: Ruleset) -> str:
        return "win the first trick"

    def deciding_trick(self, fig: FigureRule, hand_size: int) -> int:
        return 0

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        s = p.state
        return None if s.trick_no == 0 else s.trick_winners[0] == p.declarer


def _profile(tmp_path: pathlib.Path, extra: str = "") -> pathlib.Path:
    path = tmp_path / "first.yaml"
    path.write_text(
        "extends: potter1930\nid: first\nname: First\n"
        f"figures:\n  first:\n    kind: first-trick\n    value: 1\n{extra}",
        encoding="utf-8",
    )
    return path


def _ladder_profile(tmp_path: pathlib.Path) -> pathlib.Path:
    """altiansz with one more contract on top of its ladder, a first-trick objective."""
    path = tmp_path / "first-ladder.yaml"
    path.write_text(
        "extends: altiansz\nid: first-ladder\nname: First ladder\nfigures:\n"
        "  first: {title: the first trick, kind: first-trick, value: 1, no_trumps: true,"
        " enabled: false}\n"
        "bidding:\n  contracts:\n    first: {title: First, objectives: [first]}\n",
        encoding="utf-8",
    )
    return path


def _heuristic_saying(game: alsos.Game, text: str, seat: int) -> Policy:
    """Heuristic bots at every seat, but ``seat`` says ``text`` whenever it may: the
    bots meet the new kind in their own plans and in the others' items."""
    bots = {s: make("heuristic", seed=game.seed * 10 + s) for s in game.active}

    def choose(g: alsos.Game, legal: Any) -> Any:
        pick = [a for a in legal if str(a) == text] if g.to_act == seat else []
        assert g.to_act is not None
        return pick[0] if pick else bots[g.to_act].choose(g.view(g.to_act), legal)

    return choose


def test_a_new_figure_kind_is_one_object(
    tmp_path: pathlib.Path, forget: list[tuple[str, str]]
) -> None:
    """Registering one FigureKind is all a new kind needs: the loader runs its check
    (naming the file and key path), the rulebook its description, the settlement
    its judge."""
    forget.append(("figures", "first-trick"))
    registry.register("figures", "first-trick")(_FirstTrick())
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(_profile(tmp_path, "    trick: 2\n"))
    assert "first.yaml" in str(info.value)
    assert "figures.first.trick: a first-trick figure has no trick" in str(info.value)
    rules = alsos.load_variant(_profile(tmp_path))
    from alsos.rulebook import render

    assert "win the first trick" in render(rules)
    judged = 0
    for seed in range(40):
        game = alsos.Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            pick = [a for a in legal if str(a) == "announce first"]
            game.apply(pick[0] if pick else rng.choice(legal))
        st = game.settlement
        assert st is not None
        for entry in st.entries:
            if entry.label == "first":
                judged += 1
                assert entry.made == (game.state.trick_winners[0] == entry.seat)
    assert judged
    # The heuristic bot plays it too (never announcing a kind without an aim itself).
    said = 0
    for seed in range(20):
        game = alsos.Game(rules, seed=seed)
        steps = play_out(game, _heuristic_saying(game, "announce first", seed % 3))
        said += sum(str(s.action) == "announce first" for s in steps)
        assert game.settlement is not None
        bot_said = [s for s in steps if str(s.action) == "announce first" and s.seat != seed % 3]
        assert not bot_said
    assert said


def test_a_new_kind_as_a_contract_objective_ends_play_by_its_own_rule(
    tmp_path: pathlib.Path, forget: list[tuple[str, str]]
) -> None:
    """altiansz, "Play": play stops once the contract is won or lost; a new kind's
    ``early`` says when (here: after the first trick), and the heuristic bots bid and
    play around it."""
    forget.append(("figures", "first-trick"))
    registry.register("figures", "first-trick")(_FirstTrick())
    rules = alsos.load_variant(_ladder_profile(tmp_path))
    from alsos.rulebook import render

    assert "win the first trick" in render(rules)
    played = 0
    for seed in range(30):
        game = alsos.Game(rules, seed=seed)
        play_out(game, _heuristic_saying(game, "contract first", seed % 3))
        st = game.settlement
        assert st is not None
        if game.state.contract is not None and game.state.contract.name == "first":
            played += 1
            assert game.state.trick_no == 1  # decided by the first trick: play stops
            made = game.state.trick_winners[0] == game.state.declarer
            assert [e.made for e in st.entries] == [made]  # the judge agrees
    assert played


def test_a_kind_with_an_unknown_aim_is_refused(forget: list[tuple[str, str]]) -> None:
    class Aimless(_FirstTrick):
        aim = "first-trick"

    forget.append(("figures", "aimless"))
    with pytest.raises(ModuleCheckError, match="aim 'first-trick' is not one of game, "):
        registry.register("figures", "aimless")(Aimless())
    assert "aimless" not in registry._REGISTRY["figures"]


def test_built_in_modules_are_instances_of_their_family_class() -> None:
    for name in registry.available("figures"):
        assert isinstance(registry.lookup("figures", name), FigureKind)
    for name in registry.available("scoring"):
        assert isinstance(registry.lookup("scoring", name), ScoringModule)


_ONE = FigureRule(kind="trick", value=1, trick=1, card="trump 7")


def test_capabilities_replace_name_checks() -> None:
    """What the solver, bots and rulebook used to ask by name, the objects say."""
    kinds = {n: registry.lookup("figures", n) for n in registry.available("figures")}
    assert [n for n, k in kinds.items() if not k.judged] == ["multiplier"]
    assert sorted(n for n, k in kinds.items() if not k.biddable) == ["kassza", "multiplier"]
    assert sorted(n for n, k in kinds.items() if k.totals_only) == ["kassza", "points", "volat"]
    assert [n for n, k in kinds.items() if k.declarer_needs_bela] == ["kassza"]
    assert all(k.aim in AIMS for k in kinds.values())
    aims = {k.aim for k in kinds.values()}
    assert aims == set(AIMS)  # every aim the bot plans for has a built-in kind
    assert [n for n, k in kinds.items() if k.deciding_trick(_ONE, 9) == 8] == ["trick"]
    assert registry.lookup("scoring", "potter").totals_only
    assert not registry.lookup("scoring", "ladder").totals_only
    assert registry.lookup("scoring", "ladder").decides
    assert not registry.lookup("exchange", "none").exchanges
    assert registry.lookup("exchange", "tompa").exchanges
    assert not registry.lookup("calling", "none").calls
    assert registry.lookup("calling", "gyerunk").calls


def test_a_judge_function_still_registers_with_its_describe_hook(
    forget: list[tuple[str, str]],
) -> None:
    """The older form: a function, wrapped in a FigureKind; its ``describe`` set as an
    attribute, even after registration, is the kind's description."""

    def judge(t: Tally, fig: FigureRule, item: Item) -> bool:
        return True

    forget.append(("figures", "old-style"))
    registry.register("figures", "old-style")(judge)
    judge.describe = lambda fig, rules: "do anything"  # type: ignore[attr-defined]
    kind = registry.lookup("figures", "old-style")
    assert isinstance(kind, FigureKind)
    rules = alsos.load_variant("potter1930")
    assert kind.describe(rules.figures["volat"], rules) == "do anything"
    assert registry.hook("figures", "old-style", "describe") is judge.describe  # type: ignore[attr-defined]
    assert kind(None, None, None) is True  # type: ignore[arg-type]


def test_the_old_judge_names_are_gone() -> None:
    """Deprecated in 0.2, removed in 0.3: ``judge_points`` and siblings (use
    ``KINDS[kind].judge``)."""
    from alsos.hand.rules import figures

    for old in ("judge_points", "judge_kassza", "judge_no_tricks"):
        with pytest.raises(AttributeError, match=old):
            getattr(figures, old)
    assert callable(figures.KINDS["points"].judge)
