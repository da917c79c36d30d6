"""The four-player profile against potter1930: the dealer sits the hand out.

Source: pagat, "Alsós with four players" (and club, "Variations", "4 players", which
agrees); VARIANTS.md §2, §11 (column four-player).  The four-player rules are
potter1930's except that the dealer is dealt nothing, never bids, speaks or
plays, and settles as a third opponent of the declarer.

Each test plays one deal and one script twice: in ``four-player`` with the
dealer out (three hands dealt to the seats after the dealer), and in
``potter1930`` with the same three hands at a three-seat table, where the
last of those seats is the dealer and plays.  Both outcomes are asserted.
"""

from __future__ import annotations

import random

import deals
import pytest
from drive import at_random, play_out, steps
from scripted import finish, play
from variant_helpers import POTTER, in_play_order, load, settled, sit_out, start

import alsos

FOUR = load("four-player")

# Acorns proposed (indicator M8).  The second hand holds six top trumps and
# béla, accepts and takes every trick.
STRONG = deals.ACORNS_PLAIN
# Acorns proposed (indicator MA).  Forehand accepts and ties the second hand
# at 48 card points, so the game is lost.
TIE = deals.TIED_GAME
# Klopitzky deals: played out by scripted.finish (each seat's first legal card
# in pack order) the tricks split 5-2-2, 4-4-1 and 3-3-3 in play order.
KLOP_5_2_2 = deals.KLOP_5_2_2
KLOP_4_4_1 = deals.KLOP_4_4_1
KLOP_3_3_3 = deals.KLOP_3_3_3

DEALERS = (0, 1, 2, 3)


def _both(deal: str, script: str, dealer: int = 3) -> tuple[alsos.Game, alsos.Game]:
    """The hand played out in four-player (``dealer`` out) and in potter1930.

    In potter1930 the same hands sit at seats 0, 1, 2 with seat 2 dealing.
    """
    four = finish(start(FOUR, sit_out(deal, dealer), dealer=dealer, script=script))
    potter = finish(start(POTTER, deal, dealer=2, script=script))
    return four, potter


def _by_role(values: dict[int, int], dealer: int) -> tuple[int, ...]:
    """Values of forehand, second and third seat in play order, then the dealer."""
    return (*(values[s] for s in in_play_order(dealer)), values[dealer])


# --- the deal ------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
def test_dealer_gets_no_cards_and_the_deal_starts_after_the_dealer(dealer: int) -> None:
    """pagat, "Alsós with four players": the dealer deals to the other three and
    takes no cards; the deal goes round in play order from the seat after the
    dealer.  Under potter1930 (three seats) the dealer is dealt a hand too."""
    pack = list(range(32))
    dealt = alsos.Deal.from_pack(
        pack, players=4, dealer=dealer, seen_packets=(3, 3), unseen_packets=(3,)
    )
    first, second, third = in_play_order(dealer)
    assert dealt.hands[dealer] == ()
    cards = alsos.Card
    assert dealt.hands[first][:3] == tuple(cards(c) for c in (0, 1, 2))
    assert dealt.hands[second][:3] == tuple(cards(c) for c in (3, 4, 5))
    assert dealt.hands[third][:3] == tuple(cards(c) for c in (6, 7, 8))
    assert dealt.hands[first][3:6] == tuple(cards(c) for c in (9, 10, 11))
    assert dealt.talon[0] == cards(18)  # the indicator follows the seen packets
    assert len(dealt.talon) == 5

    game = alsos.Game(FOUR, seed=101 + dealer, dealer=dealer)
    assert game.active == (first, second, third)
    assert game.to_act == first
    assert game.deal.hands[dealer] == ()
    assert game.hand(dealer) == [] and game.unseen[dealer] == 0
    for seat in game.active:
        assert len(game.deal.hands[seat]) == 9
        assert len(game.hand(seat)) == 6

    # potter1930: three seats, the dealer among them with nine cards
    potter = alsos.Game(POTTER, seed=101 + dealer, dealer=dealer % 3)
    assert dealer % 3 in potter.active
    assert len(potter.deal.hands[dealer % 3]) == 9


def test_a_deal_giving_the_dealer_cards_is_refused() -> None:
    """pagat, "Alsós with four players": the sitting-out dealer holds nothing, so a
    four-hand deal that gives the dealer cards does not fit the table."""
    four_hands = sit_out(STRONG, 3).replace(" - ", " MA MK MO MU M10 M9 + M8 M7 PA ")
    with pytest.raises(alsos.DealError):
        start(FOUR, four_hands, dealer=3)
    start(FOUR, sit_out(STRONG, 3), dealer=3)  # the dealer's hand empty: accepted


def test_dealer_is_skipped_in_the_bidding() -> None:
    """pagat, "Alsós with four players": the dealer takes no part in the bidding;
    round 1 passes over the three others only.  Under potter1930 the dealer is
    the third to speak."""
    four = start(FOUR, sit_out(STRONG, 3), dealer=3, script="pass pass")
    assert four.to_act == 2  # the third seat in play, not the dealer
    play(four, "pass")
    assert four.to_act == 0  # round 2 begins, the dealer was never asked
    assert all(seat != 3 for seat, _ in four.history)

    potter = start(POTTER, STRONG, dealer=2, script="pass pass")
    assert potter.to_act == 2 == potter.dealer  # potter: the dealer speaks


@pytest.mark.parametrize("dealer", DEALERS)
def test_dealer_never_acts_in_random_hands(dealer: int) -> None:
    """pagat, "Alsós with four players": no part in bidding, announcements or play.
    Random legal hands never give the dealer the turn; under potter1930 the
    dealer always plays (at least to the first trick)."""
    for hand in range(40):
        rng = random.Random(hand)
        game = alsos.Game(FOUR, seed=hand, dealer=dealer)
        for step in steps(game, at_random(rng)):
            assert step.seat != dealer
        assert all(seat != dealer for seat, _ in game.history)
        assert game.tricks_won[dealer] == 0 and game.won[dealer] == 0

        rng = random.Random(hand)
        potter = alsos.Game(POTTER, seed=hand, dealer=dealer % 3)
        play_out(potter, at_random(rng))
        assert any(seat == dealer % 3 for seat, _ in potter.history)


# --- payments and the written score ------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
def test_won_game_is_paid_by_three_seats(dealer: int) -> None:
    """pagat, "Alsós with four players": the dealer scores as a third member of the
    declarer's opposition, so the declarer is paid by three seats (3 for a
    trump game) instead of potter1930's two (2)."""
    four, potter = _both(STRONG, "pass accept pass pass pass", dealer)
    s4, s3 = settled(four), settled(potter)
    assert s4.game_won is True and s3.game_won is True
    assert _by_role(s4.payments, dealer) == (-1, 3, -1, -1)
    assert sum(s4.payments.values()) == 0
    assert s3.payments == {0: -1, 1: 2, 2: -1}


@pytest.mark.parametrize("dealer", DEALERS)
def test_lost_game_pays_the_dealer_too(dealer: int) -> None:
    """pagat, "Alsós with four players": a lost game (here kontra and rekontra from
    the front: 1 x 4 x 4 = 16) costs the declarer 16 to each of three seats,
    the dealer included; potter1930 pays two defenders."""
    script = "accept pass kontra game pass pass rekontra game pass pass pass"
    four, potter = _both(TIE, script, dealer)
    s4, s3 = settled(four), settled(potter)
    assert s4.game_won is False and s3.game_won is False
    assert _by_role(s4.payments, dealer) == (-48, 16, 16, 16)
    assert sum(s4.payments.values()) == 0
    assert s3.payments == {0: -32, 1: 16, 2: 16}


@pytest.mark.parametrize("dealer", DEALERS)
def test_dealer_writes_what_the_defenders_write(dealer: int) -> None:
    """pagat, "Alsós with four players": on paper, whatever the declarer's
    opponents score the dealer scores as well; potter1930 has no fourth seat
    to write for."""
    script = "accept pass kontra game pass pass rekontra game pass pass pass"
    four, potter = _both(TIE, script, dealer)
    assert _by_role(settled(four).written, dealer) == (0, 16, 16, 16)
    assert settled(potter).written == {0: 0, 1: 16, 2: 16}
    # the game entry names the dealer among its winners
    entry = next(e for e in settled(four).entries if e.label == "game")
    assert dealer in entry.winners and not entry.made


def test_dealer_pays_a_failed_defender_figure() -> None:
    """pagat, "Alsós with four players" with pagat, "Scoring": a defender's kassza
    announced from the front (2) fails when the declarer wins; the declarer is
    paid game 1 and kassza 2 by three seats (9), not by two (6)."""
    script = "pass accept pass pass announce kassza pass pass pass"
    four, potter = _both(STRONG, script)
    s4, s3 = settled(four), settled(potter)
    kassza = next(e for e in s4.entries if e.label == "kassza")
    assert kassza.seat == 0 and not kassza.made and kassza.value == 2
    assert s4.payments == {0: -3, 1: 9, 2: -3, 3: -3}
    assert s4.written == {0: 0, 1: 3, 2: 0, 3: 0}
    assert s3.payments == {0: -3, 1: 6, 2: -3}


# --- Klopitzky -----------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
def test_klopitzky_dealer_scores_with_the_seats_below_the_most(dealer: int) -> None:
    """pagat, "Alsós with four players": in Klopitzky the dealer scores 3 along with
    the seats that took fewer tricks; 5-2-2 costs the top seat 9, not 6."""
    four, potter = _both(KLOP_5_2_2, "pass " * 9, dealer)
    s4, s3 = settled(four), settled(potter)
    assert _by_role(s4.tricks | {dealer: 0}, dealer) == (5, 2, 2, 0)
    assert _by_role(s4.payments, dealer) == (-9, 3, 3, 3)
    assert _by_role(s4.written, dealer) == (0, 3, 3, 3)
    assert s3.payments == {0: -6, 1: 3, 2: 3}


def test_klopitzky_four_four_one_dealer_scores_with_the_one_trick_seat() -> None:
    """pagat, "Alsós with four players": with 4-4-1 the dealer is among the seats
    with fewer tricks and scores 3 with the one-trick seat; each of the two
    top seats pays both.  potter1930 has only the one-trick seat to pay."""
    four, potter = _both(KLOP_4_4_1, "pass " * 9)
    s4, s3 = settled(four), settled(potter)
    assert s4.tricks == {0: 4, 1: 4, 2: 1}
    assert s4.payments == {0: -6, 1: -6, 2: 6, 3: 6}
    assert s4.written == {0: 0, 1: 0, 2: 3, 3: 3}
    assert s3.payments == {0: -3, 1: -3, 2: 6}


def test_klopitzky_three_three_three_scores_nothing_for_the_dealer_either() -> None:
    """pagat, "Alsós with four players": when the three players tie there is no
    score, and the dealer gets nothing either (as in potter1930)."""
    four, potter = _both(KLOP_3_3_3, "pass " * 9)
    s4, s3 = settled(four), settled(potter)
    assert s4.tricks == {0: 3, 1: 3, 2: 3}
    assert s4.payments == {0: 0, 1: 0, 2: 0, 3: 0}
    assert s4.written == {0: 0, 1: 0, 2: 0, 3: 0}
    assert s3.payments == {0: 0, 1: 0, 2: 0}


def test_betli_is_paid_by_three_seats() -> None:
    """pagat, "Alsós with four players" with pagat, "Scoring": a Betli (5) is settled
    with three opponents as well: the declarer's result is 15, potter1930's 10."""
    four, potter = _both(STRONG, "pass " * 6 + "betli")
    s4, s3 = settled(four), settled(potter)
    assert s4.contract == s3.contract == "betli"
    assert s4.declarer == s3.declarer == 0
    assert s4.game_won is True and s3.game_won is True  # the second hand takes every trick
    assert s4.payments == {0: 15, 1: -5, 2: -5, 3: -5}
    assert s3.payments == {0: 10, 1: -5, 2: -5}


def test_seats_take_turns_to_sit_out() -> None:
    """pagat, "Alsós with four players": the deal passes on after each hand, so the
    four players take turns to deal and sit out; a rubber keeps the dealer's
    written score too.  With potter1930's three seats the deal comes back to
    the first dealer after three hands."""
    session = alsos.new_session(FOUR, dealer=1)
    sat_out = []
    for hand in range(4):
        game = session.next_game(seed=hand)
        sat_out.append(game.dealer)
        assert game.dealer not in game.active
        finish(play(game, "pass " * 9))  # a Klopitzky: 3 points at most per seat
        session.add(settled(game))
    assert sat_out == [1, 2, 3, 0]
    assert set(session.scores) == {0, 1, 2, 3}

    potter = alsos.new_session(POTTER, dealer=1)
    dealers = []
    for hand in range(4):
        game = potter.next_game(seed=hand)
        dealers.append(game.dealer)
        assert game.dealer in game.active
        finish(play(game, "pass " * 9))
        potter.add(settled(game))
    assert dealers == [1, 2, 0, 1]
