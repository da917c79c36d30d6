"""The fixed action space of alsos.rl and the bounds derived from a ruleset.

The space is derived from the ruleset's data, not from games; these tests
play seeded random hands of every shipped profile at every player count
(and of the house profile with its calling switches on) and check that every
action ever legal is in the space, and that the hands stay within the
derived bounds on length and payments.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pytest.importorskip("numpy")

import alsos
from alsos.actions import PASS, PLAYS, Announce, Kontra
from alsos.phases import Phase
from alsos.rl import (
    ActionSpace,
    UnknownActionError,
    max_actions,
    max_payment,
)
from tests.profiles import PROFILES

HANDS = 500  # per ruleset: 5,000 hands in all
SHY_PASS = 0.85  # one hand in three is bid by players who mostly pass

RULESETS = [
    *PROFILES,
    alsos.load_variant("house", **{"calling.targets": "any", "calling.call_back": True}),
    alsos.load_variant("club", **{"figures.eight.enabled": True}),
]


def _random_hands(rules: alsos.Ruleset, hands: int):  # type: ignore[no-untyped-def]
    """Seeded random hands: yields (game, legal actions seen at each step)."""
    for hand in range(hands):
        rng = random.Random(hand)
        shy = hand % 3 == 2
        game = alsos.Game(rules, seed=hand, dealer=hand % rules.players)
        seen = []
        while not game.is_over:
            legal = game.legal_actions()
            seen.append(legal)
            if shy and game.phase is Phase.BIDDING and PASS in legal and rng.random() < SHY_PASS:
                game.apply(PASS)
            else:
                game.apply(rng.choice(legal))
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


def test_import_alsos_leaves_the_optional_libraries_alone() -> None:
    """numpy, PettingZoo, Gymnasium and OpenSpiel are imported by alsos.rl and
    alsos.openspiel only, never by ``import alsos``."""
    code = (
        "import sys, alsos, alsos.bots, alsos.record\n"
        "heavy = ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
