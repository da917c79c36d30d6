"""Many random hands of potter1930, start to finish, through the public API.

2,000 seeded hands (the run is the same every time) with random legal
actions.  Uniformly random bidders almost always end up in a trump game, so
one hand in four is bid by "shy" players who pass in the auction with
probability 0.9; that brings no-trumps, betli and klopitzky to the table too.
Every hand must end with a zero-sum settlement, every action applied must
have been among the legal actions, and every kind of contract must occur.
"""

from __future__ import annotations

import collections
import random

import pytest

import alsos
from alsos import Game, Kind, Phase
from alsos.pack.actions import PASS

HANDS = 2000
MAX_ACTIONS = 2000
SHY_EVERY = 4  # hands bid by shy players: one in SHY_EVERY
SHY_PASS = 0.9


@pytest.mark.slow
def test_random_play() -> None:
    rules = alsos.load_variant("potter1930")
    seats = set(range(rules.players))
    kinds: collections.Counter[Kind] = collections.Counter()
    actions = 0
    for hand in range(HANDS):
        rng = random.Random(hand)
        shy = hand % SHY_EVERY == SHY_EVERY - 1
        game = Game(rules, seed=hand, dealer=hand % rules.players)
        n = 0
        while not game.is_over:
            legal = game.legal_actions()
            assert legal, f"hand {hand}: nothing legal for seat {game.to_act} in {game.phase}"
            assert len(set(legal)) == len(legal), f"hand {hand}: repeated legal actions {legal}"
            if shy and game.phase is Phase.BIDDING and PASS in legal and rng.random() < SHY_PASS:
                action = PASS
            else:
                action = rng.choice(legal)
            assert action in legal
            seat = game.to_act
            # One action in five goes in as text, as a user or a log would give it.
            game.apply(str(action) if rng.random() < 0.2 else action)
            assert game.history[-1] == (seat, action), f"hand {hand}: {action} not recorded"
            n += 1
            assert n < MAX_ACTIONS, f"hand {hand} did not end after {n} actions"
        actions += n

        settlement = game.settlement
        assert settlement is not None, f"hand {hand} ended without a settlement"
        assert game.to_act is None and game.legal_actions() == ()
        assert set(settlement.payments) == seats
        assert sum(settlement.payments.values()) == 0, f"hand {hand}: {settlement.payments}"
        assert len(game.history) == n
        assert game.contract is not None, f"hand {hand}: over without a contract"
        kinds[game.contract.kind] += 1

    assert sum(kinds.values()) == HANDS
    missing = [k for k in Kind if kinds[k] == 0]
    assert not missing, f"never played: {missing}; played: {dict(kinds)}"
    assert actions > HANDS * rules.hand_size * 2  # every hand is more than a few actions
