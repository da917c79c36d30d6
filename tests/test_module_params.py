"""Rule modules own their parameters (issue 31, items 1 and 2).

Each module declares its keys in its family's section of a profile as an attrs
class, its ``Params``; the loader reads them from the section as it reads every
key (alsos.ruleset.params), the module checks them, the JSON Schema lists them
for that module only, and the rulebook words them.  The session schedules are a
family like the others.  A built-in module is written exactly as a plugin is:
the plugin example with an option of its own is in tests/test_plugin.py.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from attrs import define, frozen

import alsos
from alsos.hand.chosen import declare_limit, module, named_contracts
from alsos.hand.protocol import BiddingModule, ModuleCheckError
from alsos.hand.rules.bidding import CombinedParams, PotterBidding, PotterParams
from alsos.hand.rules.exchange import SiberParams
from alsos.hand.rules.ladder import LadderParams
from alsos.play.session import RadliParams, RubberParams, Session, new_session
from alsos.ruleset import registry
from alsos.ruleset.loading import load_profile_text
from alsos.ruleset.profile import FAMILY_PLACES, NoParams, ProfileWarning


def _load(text: str, **options: Any) -> alsos.Ruleset:
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProfileWarning)
        return load_profile_text(text, **options)


def _refusal(text: str, **options: Any) -> str:
    with pytest.raises(alsos.ProfileError) as info:
        load_profile_text(text, **options)
    return str(info.value)


# ------------------------------------------------------------ the modules' keys


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_each_chosen_module_holds_its_own_parameters(variant: str) -> None:
    rules = alsos.load_variant(variant)
    for family in FAMILY_PLACES:
        chosen = module(rules, family)
        assert type(rules.module_params(family)) is getattr(chosen, "Params", NoParams), family


def test_the_sections_hold_no_module_s_keys() -> None:
    """``BiddingRules`` once mixed potter-, combined- and ladder-only keys; now each
    section class has the family's shared keys and the name of its module."""
    rules = alsos.load_variant("csibor")
    assert [f.name for f in attrs.fields(type(rules.bidding))] == [
        "module", "suit_rank", "no_trumps", "betli", "klopitzky", "params",
    ]  # fmt: skip
    assert [f.name for f in attrs.fields(type(rules.exchange))] == ["module", "params"]
    assert [f.name for f in attrs.fields(type(rules.calling))] == ["module", "params"]
    assert [f.name for f in attrs.fields(type(rules.scoring))] == [
        "module", "session", "params", "session_params",
    ]  # fmt: skip
    assert rules.bidding.params == CombinedParams(
        betli_switch=10, count_game_value=False, unique_suits=True, hidden_suit=False
    )
    assert rules.scoring.session_params == RadliParams()


def test_a_key_of_no_module_is_refused_with_a_guess() -> None:
    assert _refusal("extends: potter1930\nbidding: {betli_swich: 3}\n") == (
        "upload.yaml: bidding.betli_swich: unknown key; did you mean 'betli_switch' or 'betli'?"
    )


def test_a_key_of_another_module_of_the_family_is_refused_by_name() -> None:
    """A ladder's key under the potter auction has no effect: refused, naming the module
    that owns it (0.2 left it out with a ProfileWarning; refused since 0.3)."""
    assert _refusal("extends: potter1930\nbidding: {declare_limit: 3}\n") == (
        "upload.yaml: bidding.declare_limit: a key of the ladder bidding module; "
        "this profile's bidding module is potter (bidding.module)"
    )
    assert _refusal("extends: potter1930\nexchange: {module: none, siber: false}\n") == (
        "upload.yaml: exchange.siber: a key of the siber exchange module; "
        "this profile's exchange module is none (exchange.module)"
    )
    with pytest.raises(alsos.ProfileError, match=r"scoring.radli_target: a key of the radli"):
        alsos.load_variant("potter1930", **{"scoring.radli_target": 60})
    rules = load_profile_text("extends: potter1930\n")
    assert declare_limit(rules) is None and rules.bidding.params == PotterParams()


def test_a_wrong_value_of_a_module_s_key_names_its_path() -> None:
    text = "extends: altiansz\nbidding: {declare_limit: lots}\n"
    assert "bidding.declare_limit: expected a whole number, got 'lots'" in _refusal(text)
    assert "bidding.declare_limit: at least 1" in _refusal(
        "extends: altiansz\nbidding: {declare_limit: 0}\n"
    )


def test_choosing_another_module_starts_its_keys_afresh() -> None:
    """potter1930 writes the rubber's keys; a child that plays a rádli inherits none of
    them (no warning), and keeps the keys its new module shares with the old one."""
    rules = _load("extends: potter1930\nscoring: {session: radli, radli_target: 60}\n")
    assert rules.scoring.session_params == RadliParams(radli_target=60)
    rules = _load("extends: potter1930\nexchange: {module: tompa}\n")
    assert rules.exchange.params == alsos.load_variant("potter1930").exchange.params
    rules = _load("extends: potter1930\nexchange: {module: none}\n")
    assert rules.exchange.params == NoParams()
    rules = _load("extends: potter1930\n", **{"scoring.session": "deals", "scoring.deals": 5})
    assert rules.scoring.session_params.deals == 5
    assert new_session(rules).goal() == "a session of 5 deals"


def test_an_option_names_a_module_s_key() -> None:
    rules = alsos.load_variant("altiansz", **{"bidding.declare_limit": 3})
    assert declare_limit(rules) == 3 == rules.bidding.params.declare_limit
    assert str(rules) == "altiansz[bidding.declare_limit=3]"
    assert alsos.load_variant(str(rules)) == rules
    with pytest.raises(alsos.ProfileError, match=r"bidding.declare_limt: unknown key; did"):
        alsos.load_variant("altiansz", **{"bidding.declare_limt": 3})


def test_the_old_section_attributes_are_gone() -> None:
    """``rules.bidding.contracts`` and the like were fields of the sections until 0.2,
    read with a DeprecationWarning in 0.2 and removed in 0.3: the chosen module's
    parameters hold them (``rules.bidding.params``, ``alsos.hand.chosen``)."""
    ladder, potter = alsos.load_variant("altiansz"), alsos.load_variant("potter1930")
    for section, name in (
        (ladder.bidding, "contracts"),
        (potter.bidding, "contracts"),
        (potter.scoring, "rubber_target"),
        (potter.exchange, "takes"),
        (potter.calling, "allowed_with"),
    ):
        with pytest.raises(AttributeError, match=name):
            getattr(section, name)
    assert ladder.bidding.params.contracts == named_contracts(ladder)
    assert potter.scoring.session_params.rubber_target == 20
    with pytest.raises(AttributeError):
        potter.bidding.no_such_key  # type: ignore[attr-defined]  # noqa: B018


# --------------------------------------------------------- registering a module


def test_a_module_s_parameters_must_be_an_attrs_class_with_defaults() -> None:
    @frozen
    class NoDefault:
        needed: int

    @frozen
    class Clash:
        suit_rank: int = 0

    for params, says in (
        (dict, "Params is the attrs class of its parameters"),
        (NoDefault, "its parameter 'needed' needs a default"),
        (Clash, "its parameter 'suit_rank' is a key every bidding section has"),
    ):
        cls = type("Mine", (PotterBidding,), {"Params": params})
        with pytest.raises(ModuleCheckError, match=says):
            registry.register("bidding", "mine")(cls)
    assert "mine" not in registry.available("bidding")


@frozen
class _TargetParams:
    """A plugin session's own key."""

    first_to: int = 10


@define
class _FirstTo(Session):
    """A session won by the first seat to write ``first_to`` (a plugin schedule)."""

    Params: ClassVar[type] = _TargetParams
    title: ClassVar[str] = "race"

    @classmethod
    def describe(cls, rules: alsos.Ruleset) -> list[tuple[str, str, tuple[Any, ...]]]:
        return [("scoring.session", f"The first to {cls.params(rules).first_to} wins.", ())]

    @property
    def is_over(self) -> bool:
        target: int = self.params(self.rules).first_to
        return any(v >= target for v in self.scores.values())

    def _check_end(self) -> None:
        return None


@pytest.fixture
def first_to() -> Iterator[None]:
    registry.register("session", "first-to")(_FirstTo)
    yield
    registry._REGISTRY["session"].pop("first-to", None)


def test_a_session_schedule_is_a_module_a_profile_chooses(first_to: None) -> None:
    """The rubber, the rádli and the deals were a closed set; a plugin schedule now
    loads, checks, is described in the rulebook and is played, with a key of its own."""
    from alsos.rulebook import render

    rules = _load("extends: potter1930\nscoring: {session: first-to, first_to: 6}\n")
    assert rules.scoring.session_params == _TargetParams(6)
    session = new_session(rules)
    assert type(session) is registry.lookup("session", "first-to")
    assert "The first to 6 wins." in render(rules, "markdown")
    assert session.summary()["kind"] == "first-to"
    bots = {s: alsos.bots.make_spec("heuristic", seed=s) for s in range(3)}
    for _ in range(200):
        if session.is_over:
            break
        game = session.next_game(seed=len(session.sheet))
        while not game.is_over:
            game.apply(bots[game.to_act].choose(game.view(game.to_act), game.legal_actions()))
        session.add(game.settlement)
    assert session.is_over and max(session.scores.values()) >= 6
    with pytest.raises(alsos.ProfileError, match=r"scoring\.first_to: a key of the first-to"):
        load_profile_text("extends: potter1930\nscoring: {first_to: 6}\n")  # a rubber's


def test_an_unknown_session_is_refused_with_what_is_installed() -> None:
    assert _refusal("extends: potter1930\nscoring: {session: marathon}\n") == (
        "upload.yaml: scoring.session: no rule module 'marathon'; available: deals, radli, rubber"
    )


# ---------------------------------------------------------------- the schema


def test_the_schema_lists_a_module_s_keys_for_that_module_only() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from alsos.ruleset.schema import profile_schema

    validator = jsonschema.Draft202012Validator(profile_schema())

    def errors(profile: dict[str, Any]) -> list[str]:
        return [e.message for e in validator.iter_errors(profile)]

    base = {"id": "x", "name": "X"}
    assert not errors({**base, "bidding": {"module": "ladder", "declare_limit": 3}})
    assert errors({**base, "bidding": {"module": "potter", "declare_limit": 3}})
    assert not errors({**base, "bidding": {"betli_switch": 5}})  # potter is the default
    assert errors({**base, "bidding": {"count_game_value": False}})  # combined's, not potter's
    # a patch may leave the module to its parent: any module's keys
    assert not errors({"extends": "altiansz", "bidding": {"declare_limit": 3}})
    assert not errors({**base, "scoring": {"session": "radli", "radli_target": 60}})
    assert errors({**base, "scoring": {"session": "radli", "rubber_target": 60}})


# ---------------------------------------------------------------- no names


def test_no_code_compares_a_module_s_name() -> None:
    """What a module is, is asked of the module (alsos.hand.chosen), never read from
    its name: no ``.module ==``, ``.session ==`` or ``module_name(...) ==`` in alsos."""
    root = Path(alsos.__file__).parent
    pattern = re.compile(
        r"\.(module|session)\s*(==|!=|\bin\b|\bnot in\b)|module_name\([^)]*\)\s*(==|!=)"
        r"|(==|!=)\s*[\w.]*\.(module|session)\b"
    )
    found = [
        f"{path.relative_to(root)}:{n}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line) and "__module__" not in line
    ]
    assert found == []


def test_a_bidding_module_says_what_the_session_counts() -> None:
    """The session counts declarations only where the auction limits them: it asks
    the bidding module (BiddingModule.declare_limit), not which auction it is."""

    class Limited(PotterBidding):
        @classmethod
        def declare_limit(cls, rules: alsos.Ruleset) -> int | None:
            return 2

    registry.register("bidding", "limited")(Limited)
    try:
        rules = _load("extends: potter1930\nbidding: {module: limited}\n")
        assert declare_limit(rules) == 2
        assert new_session(rules).summary()["declare_limit"] == 2
        assert isinstance(module(rules, "bidding"), type)
        assert issubclass(module(rules, "bidding"), BiddingModule)
    finally:
        registry._REGISTRY["bidding"].pop("limited", None)


def test_the_built_in_modules_keys_are_their_params_defaults() -> None:
    """What a profile that names nothing gets: the defaults of each module's Params
    (the section classes no longer carry them)."""
    rules = _load("id: mini\nname: Only the defaults\n")
    assert rules.bidding.params == PotterParams()
    assert rules.exchange.params == SiberParams()
    assert rules.scoring.session_params == RubberParams()
    assert rules.calling.params.allowed_with == ()  # kassza, where the profile has it
    assert LadderParams().contracts == {}
