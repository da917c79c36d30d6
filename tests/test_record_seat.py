"""Seat records (issue 18, item 28): what one seat may know, and what a client may be sent.

``game.record(seat=k)`` and ``Record.for_seat(k)`` hold seat k's view: its own
cards, the talon cards it saw, the public history with its own hidden
actions -- never another seat's cards or hidden discards.  Replayed, a seat
record gives a game (sampled by determinization) whose view for k is the same.
"""

from __future__ import annotations

import random

import attrs
import pytest
from drive import at_random, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos import Record, RecordError

POTTER = alsos.load_variant("potter1930")


def _play(game: alsos.Game, seed: int, steps: int) -> alsos.Game:
    play_out(game, at_random(random.Random(seed)), stop_after=steps)
    return game


def test_two_deals_differing_only_in_hidden_cards_give_identical_seat_records() -> None:
    """Seat 1 sees neither seat 0's nor seat 2's hand: swapping a card between
    them changes the full records and leaves seat 1's equal, to the byte."""
    a = alsos.Game(POTTER, seed=21)
    deal = a.deal
    hands = [list(h) for h in deal.hands]
    hands[0][0], hands[2][0] = hands[2][0], hands[0][0]
    b = alsos.Game(POTTER, deal=attrs.evolve(deal, hands=tuple(map(tuple, hands))))
    for _ in range(2):  # the opening bids, legal in both deals
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action)
    assert a.record().dumps() != b.record().dumps()
    for fmt in ("text", "json"):
        assert a.record(seat=1).dumps(fmt) == b.record(seat=1).dumps(fmt)
    text = a.record(seat=1).dumps()
    for card in (deal.hands[0][0], deal.hands[2][0]):
        assert card.name not in text.split("\n", 3)[2]  # not in the View header
    assert "[Deal " not in text and "[Seed " not in text


def test_a_seat_record_reads_back_and_replays_to_the_same_view() -> None:
    game = _play(alsos.Game(POTTER, seed=5), 1, 25)
    for seat in game.active:
        record = game.record(seat=seat, seats=["A", "B", "C"])
        for fmt in ("text", "json"):
            again = Record.loads(record.dumps(fmt))
            assert again == record
            assert again.replay().view(seat) == game.view(seat)
        assert Record.loads(game.record().dumps()).for_seat(seat) == attrs.evolve(record, seats=())


def test_a_seat_record_has_no_other_view_and_no_deal() -> None:
    record = _play(alsos.Game(POTTER, seed=3), 3, 5).record(seat=0)
    with pytest.raises(RecordError, match="seat 0's record"):
        record.for_seat(1)
    with pytest.raises(RecordError, match="no deal"):
        record.new_game()
    text = record.dumps().replace("[Alsos", '[Deal "x"]\n[Alsos')
    with pytest.raises(RecordError, match="holds no deal") as info:
        Record.loads(text)
    assert info.value.line == 4


def test_a_tampered_seat_record_is_refused_with_a_clear_message() -> None:
    game = _play(alsos.Game(POTTER, seed=9), 2, 20)
    text = game.record(seat=2).dumps()
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if line[:1].isdigit())
    seat, _ = lines[last].split(" ", 1)
    lines[last] = f"{seat} announce nosuch"
    with pytest.raises(RecordError, match="no hand agrees with this seat record") as info:
        Record.loads("\n".join(lines)).replay()
    assert info.value.line == 3  # the View header


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(PROFILES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    data=st.data(),
)
def test_any_seat_record_replays_to_a_view_identical_game(
    rules: alsos.Ruleset, seed: int, steps: int, data: st.DataObject
) -> None:
    game = _play(alsos.Game(rules, seed=seed, dealer=seed % rules.players), seed, steps)
    seat = data.draw(st.sampled_from(game.active))
    record = Record.loads(game.record(seat=seat).dumps())
    assert record.replay().view(seat) == game.view(seat)
