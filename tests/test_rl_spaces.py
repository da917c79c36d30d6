"""The fixed action space of alsos.rl and the bounds derived from a ruleset.

The space is derived from the ruleset's data, not from games; these tests
play seeded random hands of every shipped profile at every player count
(and of the house profile with its calling switches on) and check that every
action ever legal is in the space, and that the hands stay within the
derived bounds on length and payments.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import alsos
from alsos.hand.chosen import named_contracts
from alsos.pack.actions import PASS, PLAYS, SIBER, Action, Announce, ContractBid, Kontra
from alsos.pack.phases import Phase
from alsos.rl import (
    ActionSpace,
    UnknownActionError,
    max_actions,
    max_payment,
)
from tests.drive import Policy, at_random, play_out
from tests.profiles import PROFILES

HANDS = 500  # per ruleset: 5,000 hands in all
SHY_PASS = 0.85  # one hand in three is bid by players who mostly pass

RULESETS = [
    *PROFILES,
    alsos.load_variant("house", **{"calling.targets": "any", "calling.call_back": True}),
    alsos.load_variant("club", **{"figures.eight.enabled": True}),
]


def _shy(rng: random.Random) -> Policy:
    """Random play that in the bidding passes with probability SHY_PASS first."""

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        if game.phase is Phase.BIDDING and PASS in legal and rng.random() < SHY_PASS:
            return PASS
        return rng.choice(legal)

    return choose


def _random_hands(rules: alsos.Ruleset, hands: int):  # type: ignore[no-untyped-def]
    """Seeded random hands: yields (game, legal actions seen at each step)."""
    for hand in range(hands):
        rng = random.Random(hand)
        shy = hand % 3 == 2
        game = alsos.Game(rules, seed=hand, dealer=hand % rules.players)
        seen = [step.legal for step in play_out(game, _shy(rng) if shy else at_random(rng))]
        yield game, seen


@pytest.mark.parametrize("rules", RULESETS, ids=str)
def test_random_hands_stay_in_the_space_and_the_bounds(rules: alsos.Ruleset) -> None:
    space = ActionSpace(rules)
    longest = max_actions(rules)
    most = max_payment(rules)
    missing = set()
    used = set()
    for game, seen in _random_hands(rules, HANDS):
        for legal in seen:
            used.update(legal)
            missing.update(a for a in legal if a not in space)
            assert space.mask(legal).sum() == len(legal)
        assert len(game.history) <= longest
        payments = game.settlement.payments  # type: ignore[union-attr]
        assert all(abs(p) <= most for p in payments.values()), payments
    assert not missing, f"legal but outside the space: {sorted(map(str, missing))}"
    # The space is not padded with families the ruleset never uses.
    assert len(used) >= 0.9 * len(space), (len(used), len(space))


def test_indexes_are_stable_and_round_trip() -> None:
    rules = alsos.load_variant("potter1930")
    a, b = ActionSpace(rules), ActionSpace(alsos.load_variant("potter1930"))
    assert list(a) == list(b)
    assert len(set(a)) == len(a)
    for i, action in enumerate(a):
        assert a.index(action) == i and a[i] == action
    # The documented order: pass first, the 32 cards last in card order.
    assert a[0] == PASS
    assert list(a)[-32:] == list(PLAYS)
    assert a.index(alsos.parse_action("accept")) == 1


#: The spaces of the profiles without a ladder as numbered at commit f78e802, before
#: the ladder's actions came in (written by that commit's alsos.rl.spaces).
SPACES = json.loads((Path(__file__).parent / "data" / "action_spaces.json").read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(SPACES))
def test_existing_spaces_keep_their_indexes(name: str) -> None:
    """A policy learned on a profile keeps its meaning: new families of actions take
    indexes only in the profiles that have them."""
    rules = next(r for r in PROFILES if str(r) == name)
    assert [str(a) for a in ActionSpace(rules)] == SPACES[name]


@pytest.mark.parametrize("players", [3, 4])
def test_ladder_space_is_derived_from_its_contracts(players: int) -> None:
    """altiansz, "Bidding and use of the Talon", "Melds": the contracts low to high, the
    draw, trumps named with ``bid <suit>``, the face-up card, the síber, the discards and
    ``declare melds``; no trump auction, no kontra, no meld contest."""
    rules = alsos.load_variant("altiansz", players=players)
    space = ActionSpace(rules)
    bids = [a.contract for a in space if isinstance(a, ContractBid)]
    assert bids == list(named_contracts(rules))
    texts = [str(a) for a in space]
    order = ["pass", "bid acorns", "bid no-trumps", "contract solo", "contract volat", "draw"]
    order += ["exchange", "siber", "discard MA", "discard Z7", "declare melds", "MA", "Z7"]
    assert [texts.index(t) for t in order] == sorted(texts.index(t) for t in order)
    never = ["accept", "betli", "kontra game", "declare terc", "declare vannak", "show", "kicsi"]
    assert not [t for t in never if t in texts]
    assert len(space) == 1 + 5 + 12 + 1 + 2 + 32 + 1 + 32
    # The síber comes with a session allowance only.
    unlimited = alsos.load_variant("altiansz", **{"bidding.declare_limit": None})
    assert SIBER not in ActionSpace(unlimited) and SIBER in space


def test_space_follows_the_ruleset_data() -> None:
    """Figures, seats and kontra levels of the profile decide the kontra and figure indexes."""
    potter = ActionSpace(alsos.load_variant("potter1930"))
    house = ActionSpace(alsos.load_variant("house"))  # + 111, 120, uhu and mordkontra
    assert Announce("uhu") in house and Announce("uhu") not in potter
    assert Kontra(5, "game") in house and Kontra(5, "game") not in potter
    assert Kontra(4, "100", 2) in potter and Kontra(4, "100", 3) not in potter
    four = ActionSpace(alsos.load_variant("four-player"))
    assert Kontra(1, "100", 3) in four
    tompa = ActionSpace(alsos.load_variant("tompa"))  # no calling, no volát, kontra and rekontra
    assert alsos.parse_action("gyerunk") not in tompa
    assert Announce("volat") not in tompa and Kontra(3, "game") not in tompa


def test_unknown_action_and_index_are_refused() -> None:
    space = ActionSpace(alsos.load_variant("tompa"))
    with pytest.raises(UnknownActionError, match="never legal"):
        space.index(alsos.parse_action("gyerunk"))
    with pytest.raises(UnknownActionError, match="outside"):
        space[len(space)]
    with pytest.raises(UnknownActionError):
        space[-1]
    with pytest.raises(ValueError):
        space.mask([alsos.parse_action("gyerunk")])
    # a batch names the first action outside the space; an unhashable value is no action
    legal = alsos.Game(space.rules, seed=0).legal_actions()
    assert space.indexes(legal) == [space.index(a) for a in legal]
    assert space.indexes(iter(legal)) == space.indexes(legal)
    with pytest.raises(UnknownActionError, match="gyerunk"):
        space.indexes([*legal, alsos.parse_action("gyerunk")])
    with pytest.raises(UnknownActionError):
        space.index([])
    with pytest.raises(UnknownActionError):
        space.indexes([[]])  # type: ignore[list-item]


def test_import_alsos_leaves_the_optional_libraries_alone() -> None:
    """numpy, PettingZoo, Gymnasium and OpenSpiel are imported by alsos.rl and
    alsos.openspiel only, never by ``import alsos``."""
    code = (
        "import sys, alsos, alsos.bots, alsos.records.record\n"
        "heavy = ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
