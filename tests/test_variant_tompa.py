"""The tompa profile (two players, Martin and John Tompa 2011) against potter1930.

Source: pagat, the Tompa family's
two-player rules at its end, parts B to H (cited below as
"pagat, Tompa rules B" ... "pagat, Tompa rules H"); VARIANTS.md column tompa and its rulings
(§4: 100 and 200 must be exceeded; §7: trumps may be put back after a síber).

potter1930 seats three, so the comparisons run the same deal and script under
``POTTER2``: potter1930's rules at a two-seat table dealt eight seen and four
unseen cards each.  Where the rule at stake is a timing switch of the tompa
profile itself, the comparison is tompa with that switch at potter1930's
setting.  Seat 0 is the non-dealer unless a test says otherwise.
"""

from __future__ import annotations

import deals
import pytest
from scripted import entry, finish, item_values, legal, play
from variant_helpers import (
    announceable,
    bids,
    cards,
    hand,
    is_legal,
    kontras,
    load,
    settled,
    start,
)

import alsos
from alsos import Step
from alsos.pack.actions import PASS

TOMPA = load("tompa")
POTTER2 = load(
    "potter1930",
    players=2,
    **{"player_counts": [2], "deal.seen_packets": [4, 4], "deal.unseen_packets": [4]},
)
# tompa with potter1930's kontra timing (any later turn), to isolate other rules.
TOMPA_ANYTIME = load("tompa", **{"announcements.kontra_first_chance": False})

# Acorns proposed (indicator MO), the Ace of gourds on top: seat 0 holds the
# trump 7.  Hidden talon from the bottom: MA (trump), PA (Ace), Z8 (neither),
# then T9 ZK P8.
SIBER = deals.TWO_PLAYER_SIBER
# As SIBER with a plain P8 on top instead of TA.
PLAIN_TOP = (
    "M7 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "MK M10 M8 P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "talon MO MA PA Z8 T9 ZK TA P8"
)
# Acorns proposed (indicator M8), a plain P8 on top: seat 1 holds the trump 7.
OPPONENT_SEVEN = (
    "MK M10 MO P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "M7 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "talon M8 MA PA Z8 T9 ZK TA P8"
)
# The trump 7 is the indicator, a plain P8 on top; seat 0 holds the trump 8.
SEVEN_SHOWN = (
    "M8 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "MK M10 MO P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "talon M7 MA PA Z8 T9 ZK TA P8"
)
# SIBER with the suits of acorns and leaves swapped: leaves proposed (ZO).
LEAVES_PROPOSED = (
    "Z7 ZU Z9 PK PO TK TO MA + M10 MO P7 T7 / "
    "ZK Z10 Z8 P10 PU P9 T10 TU + T8 MU M9 M7 / "
    "talon ZO ZA PA M8 T9 MK P8 TA"
)
# Leaves proposed (Z9), the trump 7 hidden in the talon, a plain P7 on top.
# Seat 0: tercs ZA-ZO (trumps) and T10-T8, béla; seat 1: tercs MA-MO and P10-P8.
TWO_TERCS_EACH = (
    "ZA ZK ZO T10 T9 T8 MU M9 + PA PK M7 Z8 / "
    "MA MK MO P10 P9 P8 M10 M8 + PO TA TK Z10 / "
    "talon Z9 ZU Z7 PU TO TU T7 P7"
)
# Acorns proposed (M10), the trump 7 hidden, a plain ZU on top.  Seat 0 holds
# the four 8s and no other meld; seat 1 the four 9s and no other meld.
EIGHTS_AND_NINES = (
    "M8 P8 T8 Z8 MA MK PA PK + TA TO Z10 Z7 / "
    "M9 P9 T9 Z9 MO MU PO PU + TK TU ZA ZK / "
    "talon M10 M7 P10 P7 T10 T7 ZO ZU"
)
# Seat 0 names acorns in the second round; with each seat playing its first
# legal card in pack order it takes exactly 100 card points (last trick included).
EXACTLY_100 = (
    "TK MU P10 PA T7 PK Z8 P8 + T10 T8 ZK T9 / "
    "Z9 M9 M8 P7 TO Z10 MA PO + Z7 ZA M7 ZO / "
    "talon P9 TU M10 MO PU TA MK ZU"
)
# As EXACTLY_100: 110 card points, a kvart (MK-M10) and a terc (TO-T10) worth
# 70, and béla 20: exactly 200 once seat 0 declares its melds.
EXACTLY_200 = (
    "M8 M7 T8 P8 TO MU M10 TA + TU MK T10 MO / "
    "P10 Z8 M9 ZK ZU MA Z7 ZO + PK ZA PA Z10 / "
    "talon T7 T9 TK PO P7 P9 PU Z9"
)
# As EXACTLY_100: 81 card points with the first legal cards, 82 with the last.
EXACTLY_81 = (
    "P10 P8 TK MU PU M7 MO Z7 + M8 TA Z8 MA / "
    "M9 Z10 ZK ZO P9 PA MK T9 + P7 Z9 T10 PK / "
    "talon TU M10 PO ZA ZU T8 TO T7"
)
EXACTLY_82 = (
    "MA MU ZK PU M8 MO T9 M10 + Z7 P9 PK Z8 / "
    "M9 PA TO Z10 P7 TU MK M7 + T10 T7 ZA P8 / "
    "talon Z9 PO ZO ZU P10 T8 TA TK"
)
ACORNS_BY_SEAT_0 = "pass pass bid acorns pass"


play_out = finish


def to_play(game: alsos.Game) -> alsos.Game:
    """Pass every announcement round (and any exchange) until the first lead."""
    while game.phase is not alsos.Phase.PLAY:
        game.apply("pass")
    return game


def show_all(game: alsos.Game) -> alsos.Game:
    """Answer the meld validation with ``show`` until it is over."""
    while game.phase is alsos.Phase.MELDS:
        game.apply("show")
    return game


# --- bidding ---------------------------------------------------------------------------


def test_only_trump_suits_may_be_named() -> None:
    """pagat, Tompa rules D, and the summary of Tompa's changes in pagat, "Two-Player Game":
    only trump games exist, so the second round names a trump suit, never
    no-trumps.  potter1930 lets a seat bid no-trumps there."""
    game = start(TOMPA, SIBER, dealer=1, script="pass pass")
    assert bids(game) == {"leaves", "gourds", "hearts"}  # acorns is the original suit

    potter = start(POTTER2, SIBER, dealer=1, script="pass pass")
    assert bids(potter) == {"leaves", "gourds", "hearts", "no-trumps"}


def test_nobody_names_a_suit_and_the_hand_is_thrown_in() -> None:
    """pagat, Tompa rules D4: if neither player takes a trump suit the cards are thrown in;
    there is no Betli and no Klopitzky, and nobody scores.  potter1930 goes on
    to a Betli round after the pick-up."""
    game = start(TOMPA, SIBER, dealer=1, script="pass pass pass pass")
    s = settled(game)
    assert s.contract == "thrown in"
    assert s.declarer is None and s.entries == []
    assert s.payments == {0: 0, 1: 0}
    assert s.written == {0: 0, 1: 0}

    potter = start(POTTER2, SIBER, dealer=1, script="pass pass pass pass")
    assert not potter.is_over
    assert potter.phase is alsos.Phase.BIDDING
    assert sorted(legal(potter)) == ["betli", "pass"]


def test_suit_naming_alternates_until_a_pass() -> None:
    """pagat, Tompa rules D3 with B2's suit order: the non-dealer names a suit first, then
    the players take turns naming higher suits (leaves < bells < hearts <
    acorns; never the original one) until one passes.  Under potter1930 each
    seat names once, so the dealer's hearts would end the auction."""
    script = "pass pass bid gourds bid hearts"
    game = start(TOMPA, LEAVES_PROPOSED, dealer=1, script="pass pass")
    assert bids(game) == {"gourds", "hearts", "acorns"}  # not leaves, the original
    play(game, "bid gourds")
    assert game.to_act == 1 and bids(game) == {"hearts", "acorns"}
    play(game, "bid hearts")
    assert game.phase is alsos.Phase.BIDDING and game.to_act == 0
    assert bids(game) == {"acorns"}
    play(game, "bid acorns")
    assert game.to_act == 1 and legal(game) == ["pass"]
    play(game, "pass")
    assert game.declarer == 0
    assert game.contract is not None and game.contract.trump is alsos.Suit.ACORNS

    potter = start(POTTER2, LEAVES_PROPOSED, dealer=1, script=script)
    assert potter.phase is alsos.Phase.FRONT
    assert potter.declarer == 1
    assert potter.contract is not None and potter.contract.trump is alsos.Suit.HEARTS


def test_a_pass_after_a_named_suit_ends_the_naming() -> None:
    """pagat, Tompa rules D3: the naming stops as soon as either player passes; the last
    suit named is trumps and its namer declares."""
    game = start(TOMPA, LEAVES_PROPOSED, dealer=1, script="pass pass bid gourds pass")
    assert game.declarer == 0
    assert game.contract is not None and game.contract.trump is alsos.Suit.GOURDS
    assert game.phase is alsos.Phase.FRONT


def test_dealer_may_name_a_suit_when_the_non_dealer_names_none() -> None:
    """pagat, Tompa rules D4: when the non-dealer declines to name a suit the dealer may
    name one (and then declares at once) or pass."""
    game = start(TOMPA, LEAVES_PROPOSED, dealer=1, script="pass pass pass")
    assert game.to_act == 1
    assert bids(game) == {"gourds", "hearts", "acorns"}
    play(game, "bid hearts")
    assert game.phase is alsos.Phase.FRONT
    assert game.declarer == 1
    assert game.contract is not None and game.contract.trump is alsos.Suit.HEARTS


# --- announcements and kontras ----------------------------------------------------------


def test_the_back_announcements_are_a_round_before_the_first_lead() -> None:
    """pagat, Tompa rules F4, G1 and H: after the pick-up the players, declarer first,
    make their announcements and doubles in a round of their own, and only
    then is the first card led; during the first trick only runs and vannaks
    are declared.  Under potter1930 the back announcements run alongside the
    first trick, so figures and kontras are offered with the first card."""
    game = start(TOMPA, SIBER, dealer=1, script="accept pass pass")
    assert game.phase is alsos.Phase.BACK
    assert game.to_act == 0  # the declarer speaks first
    assert len(game.hand(0)) == 12  # the last four cards are picked up
    assert {"100", "44", "tuletroa"} <= announceable(game)
    play(game, "pass pass")
    assert game.phase is alsos.Phase.SIBER  # the exchange, still before the lead
    play(game, "exchange")  # the indicator MO makes four Overs
    assert game.phase is alsos.Phase.PLAY and game.trick_no == 0
    assert legal(game)[0] == "declare vannak"  # melds are still declared at trick 1
    assert announceable(game) == set() and kontras(game) == set()
    play(game, "M9")
    assert announceable(game) == set() and kontras(game) == set()
    assert "declare terc" in legal(game)

    potter = start(POTTER2, SIBER, dealer=1, script="accept pass pass pass pass")
    assert potter.phase is alsos.Phase.PLAY and potter.trick_no == 0
    assert {"100", "44"} <= announceable(potter)
    play(potter, "M9")
    assert "kontra game" in kontras(potter)


def test_a_kontra_must_come_at_the_first_chance() -> None:
    """pagat, Tompa rules F4: doubles, like announcements, are made each at the earliest
    opportunity.  The opponent who let the game and the declarer's 44 pass at
    its first turn may not double them at a later turn of the same round.
    With potter1930's timing (any later turn) both stay open."""
    script = "accept announce 44 pass pass announce tuletroa pass"
    game = start(TOMPA, SIBER, dealer=1, script=script)
    assert game.phase is alsos.Phase.FRONT and game.to_act == 1
    assert "kontra game" not in kontras(game)
    assert "kontra 44@0" not in kontras(game)

    anytime = start(TOMPA_ANYTIME, SIBER, dealer=1, script=script)
    assert {"kontra game", "kontra 44@0"} <= kontras(anytime)


def test_the_declarer_may_redouble_at_its_next_turn() -> None:
    """pagat, Tompa rules F3-F4: the declarer may redouble a double at its earliest
    opportunity, which is its next turn after the opponent's kontra."""
    game = start(TOMPA, SIBER, dealer=1, script="accept pass kontra game pass")
    assert game.to_act == 0
    assert "rekontra game" in kontras(game)


def test_the_opponent_may_double_a_figure_at_its_next_turn() -> None:
    """pagat, Tompa rules F3-F4: a figure announced after the pick-up may be doubled by
    the opponent at its first turn after the announcement (worth x2 then)."""
    game = start(TOMPA, SIBER, dealer=1, script="accept pass pass announce 44 pass")
    assert game.phase is alsos.Phase.BACK and game.to_act == 1
    assert "kontra 44@0" in kontras(game)


def test_the_kontra_ladder_stops_at_rekontra() -> None:
    """pagat, Tompa rules F3: a game or announcement may be doubled by the opponent and
    redoubled by its maker; nothing goes higher.  potter1930 goes on to
    szubkontra and hirskontra.  (Run with any-turn kontra timing so that the
    rekontra can be reached; see the xfail above.)"""
    assert TOMPA.kontra.levels == ("kontra", "rekontra")
    script = "accept pass kontra game pass rekontra game pass"
    game = start(TOMPA_ANYTIME, SIBER, dealer=1, script=script)
    assert game.to_act == 1
    assert kontras(game) == set()
    assert item_values(game)["game"] == 16

    potter = start(POTTER2, SIBER, dealer=1, script=script)
    assert "szubkontra game" in kontras(potter)


# --- figures ----------------------------------------------------------------------------


def test_abszolut_only_from_the_front_and_not_doubled() -> None:
    """pagat, Tompa rules F5 (Abszolút and its note): abszolút must be announced before
    the last four cards are picked up, and scores 1 even so.  potter1930
    doubles a front abszolút to 2 and also allows it from the back."""
    game = start(TOMPA, SIBER, dealer=1, script="accept announce abszolut")
    assert item_values(game)["abszolut@0"] == 1
    other = start(TOMPA, SIBER, dealer=1, script="accept pass pass")
    assert other.phase is alsos.Phase.BACK
    assert "abszolut" not in announceable(other)

    potter = start(POTTER2, SIBER, dealer=1, script="accept announce abszolut")
    assert item_values(potter)["abszolut@0"] == 2
    potter = start(POTTER2, SIBER, dealer=1, script="accept pass pass pass pass")
    assert potter.phase is alsos.Phase.PLAY and "abszolut" in announceable(potter)


@pytest.mark.parametrize(
    ("deal", "last", "points", "made"),
    [(EXACTLY_81, False, 81, False), (EXACTLY_82, True, 82, True)],
)
def test_abszolut_needs_more_than_81(deal: str, last: bool, points: int, made: bool) -> None:
    """pagat, Tompa rules F5: abszolút undertakes strictly more than 81 card points in
    tricks: 82 makes it, 81 does not (potter1930's 82 or more reads alike)."""
    for rules in (TOMPA, POTTER2):
        game = start(rules, deal, dealer=1, script=f"{ACORNS_BY_SEAT_0} announce abszolut")
        play_out(game, last=last)
        assert settled(game).card_points[0] == points
        assert entry(game, "abszolut", 0).made is made


def test_exactly_100_does_not_make_the_100() -> None:
    """pagat, Tompa rules F5 and the VARIANTS.md §4 ruling: 100 undertakes more than 100
    card points, so exactly 100 loses it.  potter1930's 100 is made at 100."""
    game = start(TOMPA, EXACTLY_100, dealer=1, script=f"{ACORNS_BY_SEAT_0} pass pass")
    assert game.phase is alsos.Phase.BACK
    play(game, "announce 100 pass pass pass")
    play_out(game)
    assert settled(game).card_points[0] == 100
    hundred = entry(game, "100", 0)
    assert not hundred.made and hundred.value == 2

    potter = start(POTTER2, EXACTLY_100, dealer=1, script=f"{ACORNS_BY_SEAT_0} pass pass")
    play(potter, "announce 100")
    play_out(potter)
    assert settled(potter).card_points[0] == 100
    assert entry(potter, "100", 0).made


def test_exactly_200_does_not_make_the_200() -> None:
    """pagat, Tompa rules F5 and the VARIANTS.md §4 ruling: 200 undertakes more than 200
    with card points and the extra points of E2 (runs and béla); 110 + 70 + 20
    is not enough.  potter1930's 200 is made at 200."""
    game = start(TOMPA, EXACTLY_200, dealer=1, script=f"{ACORNS_BY_SEAT_0} pass pass")
    play(game, "announce 200 pass pass pass")
    assert game.phase is alsos.Phase.PLAY
    play(game, "declare kvart")
    play_out(game)
    s = settled(game)
    assert (s.card_points[0], s.meld_points[0], s.bela[0]) == (110, 70, 20)
    assert not entry(game, "200", 0).made

    potter = start(POTTER2, EXACTLY_200, dealer=1, script=f"{ACORNS_BY_SEAT_0} pass pass")
    play(potter, "announce 200, declare kvart")
    play_out(potter)
    p = settled(potter)
    assert (p.card_points[0], p.meld_points[0], p.bela[0]) == (110, 70, 20)
    assert entry(potter, "200", 0).made


def test_44_is_worth_two() -> None:
    """pagat, Tompa rules F5: 44 (all four Aces) scores 2, 4 when announced before the
    pick-up.  potter1930 values it 1 (2 from the front)."""
    front = start(TOMPA, SIBER, dealer=1, script="accept announce 44")
    assert item_values(front)["44@0"] == 4
    back = start(TOMPA, SIBER, dealer=1, script="accept pass pass announce 44")
    assert item_values(back)["44@0"] == 2

    potter = start(POTTER2, SIBER, dealer=1, script="accept announce 44")
    assert item_values(potter)["44@0"] == 2
    potter = start(POTTER2, SIBER, dealer=1, script="accept pass pass pass pass announce 44")
    assert item_values(potter)["44@0"] == 1


def test_no_volat() -> None:
    """pagat, "Two-Player Game" (summary of Tompa's changes) and pagat, Tompa rules F5,
    whose list has no such entry: there is no volát.  potter1930 offers it
    from the back."""
    game = start(TOMPA, SIBER, dealer=1, script="accept")
    assert "volat" not in announceable(game)
    play(game, "pass pass")
    assert game.phase is alsos.Phase.BACK
    assert "volat" not in announceable(game)
    assert not is_legal(game, "announce volat")

    potter = start(POTTER2, SIBER, dealer=1, script="accept pass pass pass pass")
    assert "volat" in announceable(potter)


# --- exchange --------------------------------------------------------------------------


def test_the_seven_is_swapped_for_the_indicator_before_the_first_lead() -> None:
    """pagat, Tompa rules G4 and H: once the announcements are over and before the first
    card, the declarer holding the trump 7 may put it in the indicator's place
    and take the indicator; with a plain card on top nothing more is taken."""
    game = start(TOMPA, PLAIN_TOP, dealer=1, script="accept pass pass pass pass")
    assert game.phase is alsos.Phase.SIBER and game.to_act == 0
    assert legal(game) == ["pass", "exchange"]
    before = hand(game, 0)
    play(game, "exchange")
    assert hand(game, 0) == (before - cards("M7")) | cards("MO")
    assert game.view(1).talon_seen == tuple(alsos.parse_cards("M7 P8"))
    assert game.phase is alsos.Phase.PLAY and game.to_act == 0 and game.trick_no == 0


# As SIBER with the trump 7 in the opponent's hand (swapped with MK), or hidden in
# the talon (swapped with T9).
SEVEN_WITH_SEAT_1 = SIBER.replace("M7 MU", "MK MU").replace("MK M10", "M7 M10")
SEVEN_IN_TALON = SIBER.replace("M7 MU", "T9 MU").replace("Z8 T9", "Z8 M7")


@pytest.mark.parametrize(("deal", "holder"), [(SEVEN_WITH_SEAT_1, 1), (SEVEN_IN_TALON, None)])
def test_both_seats_are_asked_and_a_pass_says_nothing(deal: str, holder: int | None) -> None:
    """pagat, Tompa rules G4 with pagat, "Trump Exchange": the swap and the síber are the
    holder's, but both seats are asked, forehand first, so that a declined
    exchange does not tell the other seat where the 7 is (a swap, made face
    up, is public anyway).  With the 7 in the talon both simply pass."""
    game = start(TOMPA, deal, dealer=1, script="accept pass pass pass pass")
    for seat in (0, 1):
        assert game.phase is alsos.Phase.SIBER and game.to_act == seat
        expected = ["pass", "exchange", "siber"] if seat == holder else ["pass"]
        assert legal(game) == expected
        play(game, "pass")
    assert game.phase is alsos.Phase.PLAY and game.to_act == 0  # the declarer leads
    assert game.view(0).history[-2:] == game.view(1).history[-2:] == (Step(0, PASS), Step(1, PASS))


def test_the_eight_exchanges_when_the_seven_is_the_indicator() -> None:
    """pagat, Tompa rules G4: when the displayed trump is the 7 itself, the holder of the
    trump 8 may put the 8 there and take the 7.  potter1930 has no swap for
    the 8 (only a síber, and only with a trump or an Ace on top)."""
    game = start(TOMPA, SEVEN_SHOWN, dealer=1, script="accept pass pass pass pass")
    assert game.phase is alsos.Phase.SIBER and game.to_act == 0
    assert legal(game) == ["pass", "exchange"]
    before = hand(game, 0)
    play(game, "exchange")
    assert hand(game, 0) == (before - cards("M8")) | cards("M7")
    assert game.view(1).talon_seen == tuple(alsos.parse_cards("M8 P8"))

    potter = start(POTTER2, SEVEN_SHOWN, dealer=1, script="accept pass pass")
    assert potter.phase is alsos.Phase.PLAY
    assert "exchange" not in legal(potter)


def test_siber_takes_the_seen_cards_then_reveals_from_the_bottom() -> None:
    """pagat, Tompa rules G4: with a trump or an Ace on top the exchanger takes the
    indicator and the top card, then turns hidden cards from the bottom and
    takes each while it is a trump or an Ace, and puts cards back to 12
    (trumps too, by the VARIANTS.md §7 ruling).  potter1930's síber takes the
    whole talon and may not put back trumps."""
    game = start(TOMPA, SIBER, dealer=1, script="accept pass pass pass pass")
    assert legal(game) == ["pass", "exchange", "siber"]
    before = hand(game, 0)
    play(game, "siber")
    assert hand(game, 0) == (before - cards("M7")) | cards("MO TA MA PA")
    assert game.view(1).talon_seen == tuple(alsos.parse_cards("M7 Z8"))
    assert game.phase is alsos.Phase.DISCARD
    assert "discard MA" in legal(game)  # a trump may go back
    play(game, "discard MA, discard M9, discard Z10")
    assert len(game.hand(0)) == 12
    assert game.phase is alsos.Phase.PLAY and game.to_act == 0

    potter = start(POTTER2, SIBER, dealer=1, script="accept pass pass")
    assert potter.phase is alsos.Phase.SIBER
    play(potter, "siber")
    assert hand(potter, 0) == (before - cards("M7")) | cards("MO MA PA Z8 T9 ZK P8 TA")
    assert "discard MA" not in legal(potter)


# --- melds ------------------------------------------------------------------------------


def _tercs(rules: alsos.Ruleset) -> alsos.Game:
    """Seat 0 accepts leaves; both declare a terc at trick 1; the meld contest runs."""
    game = start(rules, TWO_TERCS_EACH, dealer=1, script="accept")
    to_play(game)
    play(game, "declare terc, ZA, declare terc, Z10")
    show_all(game)
    return game


def test_equal_sequences_are_decided_by_suit_not_trumps() -> None:
    """pagat, Tompa rules E2 (the contest of runs): runs of equal length and top card are
    decided by the suit order acorns, hearts, bells, leaves, so the acorns terc
    to the Ace beats the trump (leaves) terc to the Ace.  Under potter1930 the
    trump sequence wins."""
    assert _tercs(TOMPA).meld_winner["sequence"] == 1
    assert _tercs(POTTER2).meld_winner["sequence"] == 0


def test_the_winner_scores_one_run_of_each_length() -> None:
    """pagat, Tompa rules E2: only one run of each length can be announced, so the winner
    of the contest holding two tercs scores 20, not 40.  potter1930 scores all
    the winner's sequences (seat 0's two tercs: 40)."""
    game = play_out(_tercs(TOMPA))
    assert settled(game).meld_points == {0: 0, 1: 20}

    potter = play_out(_tercs(POTTER2))
    assert settled(potter).meld_points == {0: 40, 1: 0}


def test_no_vannak_of_sevens_or_eights() -> None:
    """pagat, Tompa rules E2: four 7s or four 8s are not a vannak (four 9s are).  Under
    potter1930 any four of a rank are."""
    game = to_play(start(TOMPA, EIGHTS_AND_NINES, dealer=1, script="accept"))
    assert game.to_act == 0
    assert not any(a.startswith("declare") for a in legal(game))
    play(game, "MA")
    assert "declare vannak" in legal(game)  # seat 1's four 9s
    assert not {alsos.Rank.SEVEN, alsos.Rank.EIGHT} & set(TOMPA.melds.vannak_ranks)

    potter = to_play(start(POTTER2, EIGHTS_AND_NINES, dealer=1, script="accept"))
    assert "declare vannak" in legal(potter)


# --- play ------------------------------------------------------------------------------


def test_the_declarer_leads_the_first_trick() -> None:
    """pagat, Tompa rules G1 (and the summary in pagat, "Two-Player Game"): the declarer
    leads to the first trick whoever dealt.  In a potter1930 trump game
    forehand (here the non-dealer, seat 1) leads."""
    game = to_play(start(TOMPA, SIBER, dealer=0, script="pass accept"))
    assert game.declarer == 0
    assert game.to_act == 0

    potter = to_play(start(POTTER2, SIBER, dealer=0, script="pass accept"))
    assert potter.declarer == 0
    assert potter.to_act == 1


def test_no_calling() -> None:
    """pagat, "Two-Player Game" (summary of Tompa's changes): calling (gyerünk) is
    not allowed.  potter1930 offers it at the second trick when no figure was
    announced."""
    game = to_play(start(TOMPA, OPPONENT_SEVEN, dealer=1, script="accept"))
    play(game, "MK M9")
    assert game.trick_no == 1 and game.phase is alsos.Phase.PLAY
    assert "gyerunk" not in legal(game)

    potter = to_play(start(POTTER2, OPPONENT_SEVEN, dealer=1, script="accept"))
    play(potter, "MK M9")
    assert potter.trick_no == 1
    assert "gyerunk" in legal(potter)
