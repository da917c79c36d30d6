"""Random Altiansz hands, three and four players, through the public API.

2,000 seeded hands per player count with random legal actions, spread over
the ladder by bidders who often pass or bid the lowest contract open.  Every
hand must keep the 32 cards accounted for, settle zero-sum, and reach the
verdict the source's definitions give for its tricks (the oracle of
:mod:`altiansz_helpers`); every contract must be played, and Klopitzky too.
Hypothesis properties check the early end: once an objective is decided it
stays decided, and the verdict at the end of a played-out hand is the same.
"""

from __future__ import annotations

import collections
import random
from collections.abc import Sequence

import pytest
from altiansz_helpers import ALTIANSZ, ALTIANSZ4, oracle
from drive import Policy, Step, play_out
from hypothesis import given, settings
from hypothesis import strategies as st

import alsos
from alsos.hand.chosen import named_contracts
from alsos.hand.rules.ladder import melds_of, objective_status
from alsos.hand.rules.scoring import card_points
from alsos.pack.actions import Action, ContractBid
from alsos.pack.phases import Kind, Phase

HANDS = 2000


def bidding_low(rng: random.Random) -> Policy:
    """Random play that in the bidding mostly passes or bids the lowest contract open."""

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        if game.phase is Phase.BIDDING:
            bids = [a for a in legal if isinstance(a, ContractBid)]
            if "pass" in map(str, legal) and rng.random() < 0.55:
                return alsos.parse_action("pass")
            if bids and rng.random() < 0.6:
                return bids[0]  # the lowest contract open
        return rng.choice(legal)

    return choose


def _between_tricks(game: alsos.Game, _step: Step) -> None:
    if game.phase is Phase.PLAY and not game.state.trick:
        accounted(game)


def accounted(game: alsos.Game) -> None:
    """Every card is in exactly one place: a hand, a won trick, the trick, the talon."""
    s = game.state
    places = [*s.hands, *s.won, sum(1 << c for _, c in s.trick), sum(1 << c for c in s.talon)]
    total = 0
    for m in places:
        assert not total & m
        total |= m
    assert total == (1 << 32) - 1


@pytest.mark.parametrize("rules", [ALTIANSZ, ALTIANSZ4], ids=["3", "4"])
def test_random_hands(rules: alsos.Ruleset) -> None:
    """altiansz, all sections: random hands play to a settlement the source agrees with."""
    played: collections.Counter[str] = collections.Counter()
    outcomes: set[tuple[str, bool]] = set()
    early = 0
    for hand in range(HANDS):
        rng = random.Random(hand)
        game = alsos.Game(rules, seed=hand, dealer=hand % rules.players)
        play_out(game, bidding_low(rng), max_steps=199, after=_between_tricks)
        accounted(game)
        st = game.settlement
        assert st is not None and sum(st.payments.values()) == 0
        assert set(st.payments) == set(range(rules.players))
        contract = game.contract
        assert contract is not None
        if contract.kind is Kind.KLOPITZKY:
            played["klopitzky"] += 1
            low = min(st.card_points.values())
            lows = [t for t, p in st.card_points.items() if p == low]
            winners = [] if len(lows) == len(st.card_points) else lows
            assert sorted(t for t, v in st.written.items() if v) == sorted(winners)
            continue
        assert contract.name is not None
        played[contract.name] += 1
        verdict = oracle(game)
        assert st.game_won is verdict, (hand, contract, st)
        assert st.written[game.declarer] == (1 if verdict else -1)
        outcomes.add((contract.name, verdict))
        early += len(game.state.tricks) < 9
    assert set(played) == {*named_contracts(rules), "klopitzky"}, played
    assert {v for _, v in outcomes} == {True, False}
    assert early > HANDS // 4  # most decided hands stop before the ninth trick


PLAYED_OUT = alsos.load_variant("altiansz", **{"play.stop_when_decided": False})


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), shy=st.floats(0.0, 0.9))
def test_a_decided_objective_stays_decided(seed: int, shy: float) -> None:
    """altiansz, "Play": play may stop once the contract is decided, because a decided
    objective cannot change: in hands played out to the end, each objective's status
    after every trick is either still open or equal to its verdict at the end, and the
    engine's early-end hook agrees."""
    rng = random.Random(seed)
    game = alsos.Game(PLAYED_OUT, seed=seed, dealer=seed % 3)
    seen: list[dict[str, bool | None]] = []
    decided_at = None

    def shy_bidder(game: alsos.Game, legal: Sequence[Action]) -> Action | str:
        if game.phase is Phase.BIDDING and rng.random() < shy and "pass" in map(str, legal):
            return "pass"
        return rng.choice(legal)

    def status_after_each_trick(game: alsos.Game, _step: Step) -> None:
        nonlocal decided_at
        s = game.state
        playing = s.phase is Phase.PLAY or s.phase is Phase.OVER
        if playing and not s.trick and s.contract and s.contract.name:
            spec = named_contracts(PLAYED_OUT)[s.contract.name]
            pts = card_points(PLAYED_OUT, s)
            melds = {t: sum(v for _, v in ms) for t, ms in melds_of(PLAYED_OUT, s, spec).items()}
            seen.append(
                {
                    name: objective_status(PLAYED_OUT, s, PLAYED_OUT.figures[name], pts, melds)
                    for name in spec.objectives
                }
            )
            if decided_at is None and alsos.hand.rules.ladder.decided(PLAYED_OUT, s):
                decided_at = s.trick_no

    play_out(game, shy_bidder, after=status_after_each_trick)
    if game.contract is None or game.contract.name is None:
        return
    betli = game.contract.kind is Kind.BETLI  # Betli still ends with the declarer's trick
    assert betli or len(game.state.tricks) == 9
    final = seen[-1]
    assert all(v is not None for v in final.values())
    for step in seen:
        for name, status in step.items():
            assert status is None or status == final[name]
    st_ = game.settlement
    assert st_ is not None and st_.game_won is all(final.values()) is oracle(game)
    if decided_at is not None:
        # Stopping there gives the same verdict.
        stopped = alsos.Game(ALTIANSZ, seed=seed, dealer=seed % 3)
        for _, action in game.history:
            if stopped.is_over:
                break
            stopped.apply(action)
        assert stopped.is_over and len(stopped.state.tricks) == decided_at
        assert stopped.settlement is not None
        assert stopped.settlement.game_won is st_.game_won
