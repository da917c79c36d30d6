"""The two-player profile against potter1930.

Source: pagat, "Two-Player Game" (the general rules before Tompa's list; club
Variations "2 players" agrees); VARIANTS.md §2, §4, §6, §7, §10, §11 (column
two-player) and its rulings (§3.4: Betli and Klopitzky kept; §7: trumps may be
discarded after a síber).

potter1930 is a three-seat profile, so most comparisons run the same deal and
script under ``POTTER2``: potter1930's rules at a two-seat table dealt the
two-player way (8 seen + 4 unseen cards each).  That isolates each rule the
two-player profile changes.  Without the deal override potter1930 deals nine
cards a seat and refuses a twelve-card deal.
"""

from __future__ import annotations

import deals
import pytest
from scripted import finish, legal, play, unwon_points
from variant_helpers import (
    POTTER,
    announceable,
    cards,
    hand,
    is_legal,
    load,
    settled,
    start,
)

import alsos

TWO = load("two-player")
POTTER2 = load(
    "potter1930",
    players=2,
    **{"player_counts": [2], "deal.seen_packets": [4, 4], "deal.unseen_packets": [4]},
)

# Dealer seat 1, so seat 0 is forehand (the non-dealer).  Acorns proposed
# (indicator MO); the top card TA is an Ace, so the holder of the trump 7
# (seat 0) may síber.  The hidden talon from the bottom: MA (a trump), PA (an
# Ace), Z8 (neither), then T9 ZK P8.
SIBER = deals.TWO_PLAYER_SIBER
# Same, but the bottom hidden card P8 is neither a trump nor an Ace.
SIBER_SHORT = (
    "M7 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "MK M10 M8 P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "talon MO P8 MA PA Z8 T9 ZK TA"
)
# As SIBER, but the trump 7 is the indicator and seat 0 holds the 8.
SEVEN_SHOWN = (
    "M8 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "MK M10 MO P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "talon M7 MA PA Z8 T9 ZK P8 TA"
)
# Dealer seat 0, seat 1 accepts acorns and ties seat 0 at 71 when each seat
# plays its last legal card in pack order (scripted.finish(last=True)).
TIE = (
    "PK ZA T8 PA MU T7 PU ZO + Z8 ZK P7 M10 / T10 PO Z9 TO MO Z7 MA P8 + Z10 M9 TA ZU / "
    "talon M7 MK TK TU P9 M8 T9 P10"
)
# Dealer seat 1, seat 0 accepts gourds and beats seat 1 by 60 to 59 (last=True).
BY_ONE = (
    "P10 Z8 M9 TA M10 T10 T9 P9 + PA PK MO MK / M7 MU P8 T7 T8 Z9 MA M8 + ZO TK Z10 ZU / "
    "talon TO ZK TU ZA PO P7 PU Z7"
)
# Klopitzky deals, played out by scripted.finish: 7-5 (dealer 0), 6-6 (dealer 1).
KLOP_7_5 = (
    "TU M9 MA PO ZU T7 MO T8 + Z8 PK P10 P7 / MU M7 Z9 T10 P8 ZO TK T9 + ZK M8 TO PU / "
    "talon M10 TA PA MK P9 Z10 Z7 ZA"
)
KLOP_6_6 = (
    "ZO TK PU PO M7 TA PK TU + Z9 M8 P10 T10 / Z10 MK M9 M10 Z8 P9 T8 MA + T7 P8 P7 MU / "
    "talon T9 Z7 MO ZA ZK ZU TO PA"
)
# A potter1930 deal for comparison: nine cards a seat, nine tricks.
THREE_SEATS = deals.ACORNS_PLAIN


def _siber_position(rules: alsos.Ruleset, deal: str = SIBER) -> alsos.Game:
    """Seat 0 accepts acorns, the front round closes, seat 0 is offered the síber."""
    game = start(rules, deal, dealer=1, script="accept pass pass")
    if game.phase is alsos.Phase.FRONT:  # potter's one pass already closed it
        play(game, "pass")
    assert game.phase is alsos.Phase.SIBER and game.to_act == 0
    return game


# --- the deal ------------------------------------------------------------------------


def test_twelve_card_hands_eight_seen_and_a_talon_of_eight() -> None:
    """pagat, "Two-Player Game": packets of four, eight cards each, the indicator,
    four more each face down, the last card face up on the talon: eight talon
    cards of which two are seen.  potter1930 is for three players only: it
    gives no two-seat deal, so it refuses two players."""
    game = start(TWO, SIBER, dealer=1)
    for seat in (0, 1):
        assert len(game.hand(seat)) == 8
        assert bin(game.unseen[seat]).count("1") == 4
    assert len(game.talon) == 8
    assert game.view(0).talon_seen == tuple(alsos.parse_cards("MO TA"))
    assert game.view(1).talon_seen == tuple(alsos.parse_cards("MO TA"))

    shuffled = alsos.Game(TWO, seed=5, dealer=0)
    assert [len(h) for h in shuffled.deal.hands] == [12, 12]
    assert shuffled.deal.seen == 8 and len(shuffled.deal.talon) == 8

    with pytest.raises(alsos.ProfileError, match="for 3 players, not 2"):
        load("potter1930", players=2)


def test_twelve_tricks_are_played() -> None:
    """pagat, "Two-Player Game": with twelve cards each the hand has twelve tricks;
    the last one carries the 10 points.  Under potter1930 a hand has nine."""
    game = finish(start(TWO, TIE, dealer=0, script="pass accept pass pass"))
    s = settled(game)
    assert len(game.tricks) == 12 and sum(s.tricks.values()) == 12
    assert sum(s.card_points.values()) == 162 - unwon_points(game)
    potter = finish(start(POTTER, THREE_SEATS, script="pass accept pass pass pass"))
    assert len(potter.tricks) == 9


# --- announcements -----------------------------------------------------------------


def test_abszolut_only_from_the_front() -> None:
    """pagat, "Two-Player Game": abszolút is nearly certain with two seats, so it
    may only be announced from the front (with eight cards), never during the
    first trick.  potter1930 also offers it from the back."""
    two = start(TWO, SIBER, dealer=1, script="accept")
    assert "abszolut" in announceable(two)  # from the front
    play(two, "pass pass pass pass")  # front round closed, síber declined by both
    assert two.phase is alsos.Phase.PLAY and two.trick_no == 0
    assert "abszolut" not in announceable(two)
    assert "100" in announceable(two)  # other figures are still offered

    potter = _siber_position(POTTER2)
    play(potter, "pass pass")
    assert potter.phase is alsos.Phase.PLAY and potter.trick_no == 0
    assert "abszolut" in announceable(potter)


def test_front_round_needs_two_passes_in_a_row() -> None:
    """pagat, "Two-Player Game" keeps the three-player procedure: a round of
    announcements ends after two passes in a row, so the declarer who
    announced speaks again after the opponent's pass.  With potter1930's
    "one pass fewer than the seats" the opponent's single pass closes it."""
    script = "accept announce abszolut pass pass"
    two = start(TWO, SIBER, dealer=1, script=script)
    assert two.phase is alsos.Phase.FRONT and two.to_act == 0
    assert is_legal(two, "announce tuletroa")
    play(two, "pass")
    assert two.phase is alsos.Phase.SIBER

    potter = start(POTTER2, SIBER, dealer=1, script=script)
    assert potter.phase is alsos.Phase.SIBER  # closed after one pass


def test_completion_round_after_the_first_trick_needs_two_passes() -> None:
    """pagat, "After the First Trick" as the two-player game plays it: a kontra in
    the first trick reopens speech, which ends only after two passes in a row."""
    two = start(TWO, SIBER, dealer=1, script="accept pass pass pass pass")
    play(two, "MU kontra game M8")  # seat 1 says kontra and plays
    assert two.phase is alsos.Phase.COMPLETION and two.to_act == 0
    play(two, "pass")
    assert two.phase is alsos.Phase.COMPLETION and two.to_act == 1
    play(two, "pass")
    assert two.phase is alsos.Phase.PLAY and two.trick_no == 1

    potter = _siber_position(POTTER2)
    play(potter, "pass pass MU kontra game M8")
    assert potter.phase is alsos.Phase.COMPLETION
    play(potter, "pass")
    assert potter.phase is alsos.Phase.PLAY  # potter: one pass ends it


# --- síber ---------------------------------------------------------------------------


def test_siber_takes_the_seen_cards_then_reveals_from_the_bottom() -> None:
    """pagat, "Two-Player Game": the exchanger may not look through the talon; the
    7 takes the indicator's place face up, both seen cards go to the hand, and
    hidden cards are turned from the bottom and taken while each is a trump or
    an Ace.  The first that is neither stays face up on the talon.  Under
    potter1930 the síber takes the whole talon."""
    two = _siber_position(TWO)
    before = hand(two, 0)
    play(two, "siber")
    assert hand(two, 0) == (before - cards("M7")) | cards("MO TA MA PA")
    assert two.phase is alsos.Phase.DISCARD
    assert two.view(1).talon_seen == tuple(alsos.parse_cards("M7 Z8"))
    assert len(two.hand(0)) == 15  # three to put back

    potter = _siber_position(POTTER2)
    play(potter, "siber")
    assert hand(potter, 0) == (before - cards("M7")) | cards("MO MA PA Z8 T9 ZK P8 TA")
    assert potter.view(1).talon_seen == tuple(alsos.parse_cards("M7"))


def test_siber_stops_at_once_when_the_bottom_card_is_plain() -> None:
    """pagat, "Two-Player Game": if the first hidden card turned up is neither a
    trump nor an Ace, only the two seen cards are taken and that card lies
    face up in the top card's place."""
    two = _siber_position(TWO, SIBER_SHORT)
    before = hand(two, 0)
    play(two, "siber")
    assert hand(two, 0) == (before - cards("M7")) | cards("MO TA")
    assert two.view(0).talon_seen == tuple(alsos.parse_cards("M7 P8"))
    play(two, "discard Z10")
    assert two.phase is alsos.Phase.PLAY
    assert len(two.hand(0)) == 12


def test_siber_discards_back_to_twelve_and_may_discard_trumps() -> None:
    """VARIANTS.md §7 ruling for pagat, "Two-Player Game": after a síber the player
    puts back cards to return to twelve, and trumps may be put back (only the
    three-player síber forbids it).  potter1930 offers no trump to discard."""
    two = _siber_position(TWO)
    play(two, "siber")
    offered = {a.removeprefix("discard ") for a in legal(two)}
    assert {"MA", "MO", "MU", "M9"} <= offered
    play(two, "discard M9, discard MU, discard Z10")
    assert two.phase is alsos.Phase.PLAY
    assert len(two.hand(0)) == 12
    assert two.to_act == 0  # the non-dealer leads a trump game
    finish(two)
    assert unwon_points(two) == 14 + 20 + 10 + 4  # M9 MU Z10 put back, ZK left in the talon

    potter = _siber_position(POTTER2)
    play(potter, "siber")
    offered = {a.removeprefix("discard ") for a in legal(potter)}
    assert not any(c.startswith("M") for c in offered)
    assert "discard M9" not in legal(potter)


def test_siber_by_the_eight_when_the_seven_is_on_display() -> None:
    """pagat, "Two-Player Game": with the trump 7 face up (here the indicator) the
    holder of the 8 exchanges; the 8 then lies face up in the 7's place."""
    game = _siber_position(TWO, SEVEN_SHOWN)
    before = hand(game, 0)
    play(game, "siber")
    assert hand(game, 0) == (before - cards("M8")) | cards("M7 TA MA PA")
    assert game.view(1).talon_seen == tuple(alsos.parse_cards("M8 Z8"))


# --- play ------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("bidder", ["forehand", "dealer"])
def test_no_trump_game_is_led_by_the_declarers_opponent(dealer: int, bidder: str) -> None:
    """pagat, "Two-Player Game": without trumps the first card comes from the
    declarer's one opponent (potter1930's "seat before the declarer" comes to the
    same seat with two players)."""
    script = "pass pass bid no-trumps" if bidder == "forehand" else "pass pass pass bid no-trumps"
    game = start(TWO, SIBER, dealer=dealer, script=script)
    play(game, "pass pass")
    assert game.contract is not None and game.contract.kind is alsos.Kind.NO_TRUMPS
    declarer = (dealer + 1) % 2 if bidder == "forehand" else dealer
    assert game.declarer == declarer
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 1 - declarer


@pytest.mark.parametrize("dealer", [0, 1])
def test_trump_game_is_led_by_the_non_dealer(dealer: int) -> None:
    """pagat, "Two-Player Game": in a trump game the non-dealer leads, whoever
    declared."""
    game = start(TWO, TIE, dealer=dealer, script="pass accept pass pass")
    if game.phase is alsos.Phase.SIBER:
        play(game, "pass")
    assert game.declarer == dealer
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 1 - dealer


# --- settling ----------------------------------------------------------------------------


def test_game_is_won_only_by_exceeding_the_opponent() -> None:
    """VARIANTS.md §11 for pagat, "Two-Player Game": the declarer wins by taking
    more than the opponent; an equal total loses."""
    tie = settled(finish(start(TWO, TIE, dealer=0, script="accept pass pass"), last=True))
    assert tie.declarer == 1
    assert tie.card_points == {0: 71, 1: 71}
    assert tie.game_won is False
    assert tie.payments == {0: 1, 1: -1}

    won = settled(finish(start(TWO, BY_ONE, dealer=1, script="accept pass pass"), last=True))
    assert won.declarer == 0
    totals = {s: won.card_points[s] + won.meld_points[s] + won.bela[s] for s in (0, 1)}
    assert totals == {0: 60, 1: 59}
    assert won.game_won is True
    assert won.payments == {0: 1, 1: -1}


def test_betli_and_klopitzky_exist_with_two_players() -> None:
    """VARIANTS.md §3.4 ruling: the two-player game keeps the third bidding
    round (Betli) and Klopitzky."""
    game = start(TWO, SIBER, dealer=1, script="pass pass pass pass")
    assert game.phase is alsos.Phase.BIDDING
    assert sorted(legal(game)) == ["betli", "pass"]
    play(game, "pass pass")
    assert game.contract is not None and game.contract.kind is alsos.Kind.KLOPITZKY


@pytest.mark.parametrize(
    ("deal", "dealer", "tricks", "payments"),
    [
        (KLOP_7_5, 0, {0: 7, 1: 5}, {0: -3, 1: 3}),
        (KLOP_6_6, 1, {0: 6, 1: 6}, {0: 0, 1: 0}),
    ],
)
def test_klopitzky_with_two_seats(
    deal: str, dealer: int, tricks: dict[int, int], payments: dict[int, int]
) -> None:
    """VARIANTS.md §11 ruling for two seats: more tricks pays 3; 6-6 scores nothing."""
    s = settled(finish(start(TWO, deal, dealer=dealer, script="pass " * 6)))
    assert s.contract == "klopitzky"
    assert s.tricks == tricks
    assert s.payments == payments
