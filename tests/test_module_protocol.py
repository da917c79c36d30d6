"""A rule module written outside alsos, against the protocol alone (alsos.hand.protocol).

The bidding module below is what a plugin would ship: a stateless class made
once per ruleset, its per-hand memory in a ModuleState kept in the hand state,
and every move of the hand made through the Referee's transitions.  It plays
whole hands, copies with the game, and replays from records like a built-in.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from drive import at_random, play_out

import alsos
from alsos.hand.protocol import Referee
from alsos.hand.state import HandState, ModuleState
from alsos.pack.actions import ACCEPT, PASS, Action
from alsos.pack.phases import Contract, Kind, Phase
from alsos.ruleset import registry
from alsos.ruleset.profile import Ruleset


class RoundsLeft(ModuleState):
    """How many offers are left, and who has declined so far."""

    __slots__ = ("declined", "left")

    def __init__(self, left: int) -> None:
        self.left = left
        self.declined: list[int] = []


class OfferTwice:
    """The original suit is offered round the table twice; the first to accept
    declares; if nobody does, the hand is thrown in."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def start(self, ref: Referee, s: HandState) -> None:
        s.bidding = RoundsLeft(2 * len(s.active))
        ref.ask(s, Phase.BIDDING, s.active[0])

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        return (PASS, ACCEPT)

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        memory = s.bidding
        assert isinstance(memory, RoundsLeft)
        if action == ACCEPT:
            ref.start_contract(s, seat, Contract(Kind.TRUMP, alsos.Suit(s.original)), original=True)
            return
        memory.left -= 1
        memory.declined.append(seat)
        if memory.left == 0:
            ref.end_thrown_in(s)
        else:
            ref.ask(s, Phase.BIDDING, s.after[seat])

    def after_pickup(self, ref: Referee, s: HandState) -> bool:
        return False

    def hides(self, s: HandState, index: int) -> bool:
        return False


@pytest.fixture
def plugin_rules() -> Iterator[Ruleset]:
    registry.register("bidding", "offer-twice")(OfferTwice)
    try:
        yield alsos.load_variant("potter1930", **{"bidding.module": "offer-twice"})
    finally:
        registry._REGISTRY["bidding"].pop("offer-twice", None)


def test_a_plugin_module_plays_whole_hands(plugin_rules: Ruleset) -> None:
    outcomes = set()
    for seed in range(60):
        game = alsos.Game(plugin_rules, seed=seed)
        play_out(game, at_random(random.Random(seed)))
        st = game.settlement
        assert st is not None and sum(st.payments.values()) == 0
        outcomes.add(st.contract)
    assert "thrown in" in outcomes and len(outcomes) > 1


def test_a_plugin_modules_state_is_copied_with_the_game(plugin_rules: Ruleset) -> None:
    game = alsos.Game(plugin_rules, seed=3)
    game.apply("pass")
    twin = game.copy()
    twin.apply("pass")
    mine, theirs = game.state.bidding, twin.state.bidding
    assert isinstance(mine, RoundsLeft) and isinstance(theirs, RoundsLeft)
    assert (mine.left, mine.declined) == (5, [1])
    assert (theirs.left, theirs.declined) == (4, [1, 2])


def test_a_plugin_hand_replays_from_its_record(plugin_rules: Ruleset) -> None:
    game = alsos.Game(plugin_rules, seed=8)
    play_out(game, at_random(random.Random(1)))
    again = alsos.Record.loads(game.record().dumps()).replay()
    assert again == game


def _after_one_trick(rules: Ruleset, s: HandState) -> bool:
    return s.trick_no >= 1


@pytest.mark.parametrize("how", ["attribute", "registration"])
def test_a_scoring_modules_hooks_are_its_attributes_or_given_at_registration(how: str) -> None:
    """A scoring module's optional ``decided`` hook ends play as soon as it says so,
    whether the plugin sets it as an attribute of its function or gives it to
    ``register`` by name (how the built-in modules, compiled, give theirs)."""

    def settle(rules: Ruleset, s: HandState) -> object:
        return registry.lookup("scoring", "potter")(rules, s)

    if how == "attribute":
        settle.decided = _after_one_trick  # type: ignore[attr-defined]
        registry.register("scoring", "one-trick")(settle)
    else:
        registry.register("scoring", "one-trick", decided=_after_one_trick)(settle)
    try:
        assert registry.hook("scoring", "one-trick", "decided") is _after_one_trick
        assert registry.hook("scoring", "one-trick", "payments") is None
        rules = alsos.load_variant(
            "potter1930", **{"scoring.module": "one-trick", "play.stop_when_decided": True}
        )
        played = 0
        for seed in range(20):
            game = alsos.Game(rules, seed=seed)
            play_out(game, at_random(random.Random(seed)))
            if game.state.contract is not None:
                played += 1
                assert game.trick_no == 1  # stopped after the first trick
                st = game.settlement
                assert st is not None and sum(st.payments.values()) == 0
        assert played
    finally:
        registry._REGISTRY["scoring"].pop("one-trick", None)


def test_a_built_in_module_registered_under_another_name_keeps_its_hooks() -> None:
    """A plugin may register a built-in scoring function again as its own; the hooks the
    built-in gave at registration (the ladder's ``decided``, potter's ``payments``) follow it."""
    for name in ("ladder", "potter"):
        registry.register("scoring", f"my-{name}")(registry.lookup("scoring", name))
    try:
        assert registry.hook("scoring", "my-ladder", "decided") is registry.hook(
            "scoring", "ladder", "decided"
        )
        assert registry.hook("scoring", "my-ladder", "decided") is not None
        assert registry.hook("scoring", "my-potter", "payments") is not None
        assert registry.hook("scoring", "my-potter", "decided") is None
    finally:
        for name in ("ladder", "potter"):
            registry._REGISTRY["scoring"].pop(f"my-{name}", None)
