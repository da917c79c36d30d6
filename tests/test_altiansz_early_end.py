"""Altiansz's early end is decided from public facts only (issue 18, item 3).

altiansz, "Play": play goes on until the contract is won or lost, and may end
early once the result is certain.  Ruling (``variants/altiansz.yaml``): certain
from what every seat has seen -- cards played, tricks won, cards face up in the
talon, melds declared -- never from where an unseen card lies.  So two deals
that differ only in cards hidden from a seat, played the same way, must end at
the same trick and look the same to that seat throughout.
"""

from __future__ import annotations

import random

from altiansz_helpers import ALTIANSZ, ALTIANSZ4
from hypothesis import given, settings
from hypothesis import strategies as st

import alsos
from alsos.pack.actions import DECLARE_MELDS, PASS, Action, ContractBid
from alsos.pack.phases import Phase


def _hidden_places(deal: alsos.Deal, seat: int) -> list[tuple[int, int]]:
    """Where a card hidden from ``seat`` lies at the deal: (holder, index), holder -1
    the talon; the talon's first card lies face up, so it is left out."""
    places = [(-1, i) for i in range(1, len(deal.talon))]
    for other, hand in enumerate(deal.hands):
        if other != seat:
            places += [(other, i) for i in range(len(hand))]
    return places


def _swapped(deal: alsos.Deal, one: tuple[int, int], two: tuple[int, int]) -> alsos.Deal:
    """``deal`` with the cards at places ``one`` and ``two`` swapped."""
    rows = [list(h) for h in deal.hands] + [list(deal.talon)]
    (h1, i1), (h2, i2) = one, two
    rows[h1][i1], rows[h2][i2] = rows[h2][i2], rows[h1][i1]
    return alsos.Deal(
        hands=tuple(tuple(r) for r in rows[:-1]), talon=tuple(rows[-1]), seen=deal.seen
    )


def _choose(legal: list[Action], rng: random.Random, shy: float, phase: Phase) -> Action:
    """A random action, bidding often enough that most hands have a declarer."""
    if phase is Phase.BIDDING and PASS in legal and rng.random() < shy:
        return PASS
    bids = [a for a in legal if isinstance(a, ContractBid)]
    if phase is Phase.BIDDING and bids and rng.random() < 0.5:
        return rng.choice(bids)
    return rng.choice(legal)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    four=st.booleans(),
    shy=st.floats(0.0, 0.8),
    data=st.data(),
)
def test_cards_hidden_from_a_seat_do_not_change_when_play_ends(
    seed: int, four: bool, shy: float, data: st.DataObject
) -> None:
    """altiansz, "Play" (ruling: the early end uses public facts only): swap two cards
    hidden from seat k -- between two other hands, or a hand and the face-down talon --
    and drive both deals by the same actions while both allow them.  Until seat k
    learns a difference (it draws a swapped card, or a meld declaration names other
    kinds) both hands end at the same trick and seat k's views are identical."""
    rules = ALTIANSZ4 if four else ALTIANSZ
    dealer = seed % rules.players
    first = alsos.Game(rules, seed=seed, dealer=dealer)
    k = data.draw(st.integers(0, rules.players - 1), label="seat")
    places = _hidden_places(first.deal, k)
    one = data.draw(st.sampled_from(places), label="one")
    two = data.draw(st.sampled_from([p for p in places if p != one]), label="two")
    second = alsos.Game(rules, deal=_swapped(first.deal, one, two), dealer=dealer)
    rng = random.Random(seed)
    last: Action | None = None
    while True:
        assert first.is_over == second.is_over, (first.history, last)
        assert len(first.state.tricks) == len(second.state.tricks)
        v1, v2 = first.view(k), second.view(k)
        if v1 != v2:
            # Only something seat k has just learnt may tell the deals apart.
            # (Its own draw shows it the drawn cards in the order they lay, which differs
            # when the swap was within the pair it drew: nothing about another seat.)
            learnt = v1.hand != v2.hand or v1.taken != v2.taken
            assert learnt or last == DECLARE_MELDS, (first.history, v1, v2)
            return
        if first.is_over:
            return
        assert first.to_act == second.to_act
        both = set(second.legal_actions())
        common = [a for a in first.legal_actions() if a in both]
        if not common:
            return
        last = _choose(common, rng, shy, first.phase)
        first.apply(last)
        second.apply(last)
