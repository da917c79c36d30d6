"""Trump exchange and síber under potter1930.

Source: pagat, "Trump Exchange"; VARIANTS.md potter1930 §7.
"""

from __future__ import annotations

import deals
from scripted import finish, legal, new_game, play, unwon_points

import alsos
from alsos import Step
from alsos.pack.actions import Discard
from alsos.pack.cards import Card

# Acorns proposed with the indicator M8; seat 1 holds the trump 7 (unseen);
# the top card P9 is neither a trump nor an Ace, so only the simple exchange.
PLAIN_DEAL = deals.ACORNS_PLAIN

# Acorns proposed with the indicator MO; the top card TA is an Ace, so the
# holder of the trump 7 (seat 2) may take the whole talon.
SIBER_DEAL = deals.SIBER_TA_ON_TOP

# Same, but the trump 7 is the indicator: the 8 (seat 2) is entitled.
SEVEN_SHOWN_DEAL = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZA M10 P10 T10 + Z10 PK PO / "
    "M8 PU P9 TK TO TU + ZK MO Z9 / "
    "talon M7 T9 ZO ZU TA"
)

# The top card is the trump 7 itself: a trump, and the 7 is seen, so the 8.
SEVEN_ON_TOP_DEAL = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZA M10 P10 T10 + Z10 PK PO / "
    "M8 PU P9 TK TO TU + ZK TA Z9 / "
    "talon MO T9 ZO ZU M7"
)

# The trump 7 is hidden in the talon: nobody may take it.
SEVEN_HIDDEN_DEAL = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZA M10 P10 T10 + Z10 PK PO / "
    "M8 PU P9 TK TO TU + ZK T9 Z9 / "
    "talon MO M7 ZO ZU TA"
)

# The top card T10 is neither a trump nor an Ace.
NO_SIBER_DEAL = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZA M10 P10 TA + Z10 PK PO / "
    "M8 PU P9 TK TO TU + ZK M7 Z9 / "
    "talon MO T9 ZO ZU T10"
)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(alsos.parse_cards(text))


def _after_front(deal: str, bidding: str = "accept") -> alsos.Game:
    game = new_game(deal)
    play(game, bidding)
    play(game, "pass pass pass")
    return game


def _at_siber(deal: str) -> alsos.Game:
    """After the front round, the síber step passed round to the entitled seat (2):
    pagat, "Trump Exchange": every seat is asked, from forehand, so a pass tells nothing."""
    game = _after_front(deal)
    assert game.phase is alsos.Phase.SIBER
    for seat in (0, 1):
        assert game.to_act == seat
        assert legal(game) == ["pass"]
        play(game, "pass")
    return game


def test_simple_exchange_swaps_the_seven_for_the_indicator() -> None:
    """pagat, "Trump Exchange": at its turn to play to the first trick the holder of
    the trump 7 may take the indicator and put the 7 under the talon."""
    game = _after_front(PLAIN_DEAL, "pass accept")
    assert game.phase is alsos.Phase.PLAY
    assert "exchange" not in legal(game)  # seat 0 has no 7
    play(game, "PK")
    assert "exchange" in legal(game)  # seat 1 holds M7
    play(game, "exchange")
    hand = game.view(1).hand
    assert Card.M8 in hand
    assert Card.M7 not in hand
    assert game.view(0).talon_seen == _cards("M7 P9")
    assert "exchange" not in legal(game)  # once only


def test_exchange_is_not_an_utterance() -> None:
    """pagat, "Announcement procedure": exchanging is no announcement, so a turn with
    only an exchange counts as a pass and the back round can close with the trick."""
    game = _after_front(PLAIN_DEAL, "pass accept")
    play(game, "PK, exchange, PA, P7")
    assert game.phase is alsos.Phase.PLAY
    assert game.trick_no == 1


def test_exchange_only_at_the_first_trick() -> None:
    """pagat, "Trump Exchange": the exchange is made at the first trick, not later."""
    game = _after_front(PLAIN_DEAL, "pass accept")
    play(game, "PK, PA, P7")  # seat 1 keeps the 7 and wins the trick
    assert game.to_act == 1
    assert "exchange" not in legal(game)


def test_no_exchange_when_the_trump_suit_was_bid_in_round_two() -> None:
    """pagat, "Trump Exchange": exchanging needs the original suit accepted in round 1."""
    game = new_game(SIBER_DEAL)
    play(game, "pass pass pass bid leaves pass pass")  # seat 0 holds Z7
    assert game.contract is not None and game.contract.trump is alsos.Suit.LEAVES
    play(game, "pass pass pass")
    assert game.phase is alsos.Phase.PLAY  # no síber although TA is on top
    assert game.to_act == 0
    assert "exchange" not in legal(game)


def test_no_exchange_in_no_trumps() -> None:
    """pagat, "Trump Exchange": without trumps there is nothing to exchange."""
    game = new_game(PLAIN_DEAL)
    play(game, "pass pass pass pass bid no-trumps pass pass pass")
    for _ in range(2):
        assert "exchange" not in legal(game)
        play(game, [sorted(a for a in legal(game) if a[0].isupper())[0]])


def test_siber_offered_to_the_seven_holder_when_top_is_an_ace() -> None:
    """pagat, "Trump Exchange": with the original suit accepted and an Ace on top,
    the holder of the trump 7 may take the talon before the first lead."""
    game = _at_siber(SIBER_DEAL)
    assert game.phase is alsos.Phase.SIBER
    assert game.to_act == 2
    assert sorted(legal(game)) == ["pass", "siber"]


def test_siber_takes_the_whole_talon_and_discards_four_non_trumps() -> None:
    """pagat, "Trump Exchange": the síber player lays the 7 face up, takes all five
    talon cards (13 in hand), discards four, none of them a trump."""
    game = _at_siber(SIBER_DEAL)
    play(game, "siber")
    assert game.phase is alsos.Phase.DISCARD
    assert len(game.hand(2)) == 13
    assert Card.M7 not in game.hand(2)
    for card in ("MO", "T9", "ZO", "ZU", "TA"):
        assert Card[card] in game.hand(2)
    discards = {a.removeprefix("discard ") for a in legal(game)}
    assert "MO" not in discards and "M8" not in discards  # trumps stay
    assert discards == {"PU", "P9", "TA", "TK", "TO", "TU", "T9", "ZK", "ZO", "ZU", "Z9"}
    play(game, "discard PU, discard P9, discard TK, discard ZU")
    assert game.phase is alsos.Phase.PLAY
    assert len(game.hand(2)) == 9
    assert game.view(0).talon_seen == _cards("M7")  # the 7 lies face up


def test_no_simple_exchange_after_siber() -> None:
    """pagat, "Trump Exchange": after a síber nobody exchanges for the indicator."""
    game = _at_siber(SIBER_DEAL)
    play(game, "siber, discard PU, discard P9, discard TK, discard ZU")
    for _ in range(3):
        assert "exchange" not in legal(game)
        play(game, [next(a for a in legal(game) if a[0].isupper())])


def test_declining_siber_keeps_the_simple_exchange() -> None:
    """pagat, "Trump Exchange": the 7 holder may skip the síber and exchange only the
    7 at its turn in the first trick."""
    game = _at_siber(SIBER_DEAL)
    play(game, "pass")
    assert game.phase is alsos.Phase.PLAY
    play(game, "MU MA")  # seats 0 and 1
    assert game.to_act == 2
    assert "exchange" in legal(game)
    play(game, "exchange")
    assert Card.MO in game.hand(2)


def test_siber_discards_count_for_nobody_and_cannot_meld() -> None:
    """pagat, "Trump Exchange": discarded cards are in no one's melds and their points
    count for nobody; with them the card points still add up to 162."""
    game = _at_siber(SIBER_DEAL)
    play(game, "siber")
    # Before discarding seat 2 holds TA TK TO TU, a kvart; TK goes away.
    play(game, "discard PU, discard P9, discard TK, discard ZU")
    play(game, "MU MA")
    assert not any(a.startswith("declare") for a in legal(game))
    finish(game)
    settlement = game.settlement
    assert settlement is not None
    assert unwon_points(game) == 2 + 4 + 2  # PU, TK, ZU (and M7, P9) count for nobody
    assert sum(settlement.card_points.values()) == 162 - unwon_points(game)


def test_siber_goes_to_the_eight_when_the_seven_is_the_indicator() -> None:
    """pagat, "Trump Exchange": if the trump 7 is one of the exposed cards, the holder
    of the 8 may take the talon."""
    game = _at_siber(SEVEN_SHOWN_DEAL)
    assert game.phase is alsos.Phase.SIBER
    assert game.to_act == 2
    play(game, "siber")
    assert Card.M8 not in game.hand(2)
    assert Card.M7 in game.hand(2)
    assert game.view(1).talon_seen == _cards("M8")


def test_siber_when_the_top_card_is_the_trump_seven() -> None:
    """pagat, "Trump Exchange": a trump on top allows síber; the 7 being exposed, the
    8 holder is entitled."""
    game = _at_siber(SEVEN_ON_TOP_DEAL)
    assert game.phase is alsos.Phase.SIBER
    assert game.to_act == 2


def test_no_siber_when_the_seven_is_hidden_in_the_talon() -> None:
    """pagat, "Trump Exchange": only the 7 holder (the 8 holder only if the 7 is
    exposed) may síber; a 7 hidden in the talon leaves nobody entitled.  The
    step is held all the same, everybody passing, so that nobody
    learns the 7 is in the talon."""
    game = _after_front(SEVEN_HIDDEN_DEAL)
    for seat in (0, 1, 2):
        assert game.phase is alsos.Phase.SIBER
        assert game.to_act == seat
        assert legal(game) == ["pass"]
        play(game, "pass")
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 0


def test_no_siber_when_the_top_card_is_neither_trump_nor_ace() -> None:
    """pagat, "Trump Exchange": síber needs a trump or an Ace on top of the talon."""
    game = _after_front(NO_SIBER_DEAL)
    assert game.phase is alsos.Phase.PLAY
    play(game, "MU MA")
    assert "exchange" in legal(game)  # the simple exchange remains


def test_siber_discards_are_hidden_from_the_other_seats() -> None:
    """pagat, "Trump Exchange": the four cards go back face down; only the síber
    player knows them."""
    game = _at_siber(SIBER_DEAL)
    play(game, "siber, discard PU")
    assert game.view(2).history[-1] == Step(2, Discard(Card.PU))
    for seat in (0, 1):
        assert game.view(seat).history[-1] == Step(2, None, "discard")
        assert game.view(seat).history[-1].text == "discard"
        assert "PU" not in str(game.view(seat))


def test_the_first_siber_ends_the_asking() -> None:
    """pagat, "Trump Exchange": the holder asked first (forehand, seat 0) takes the talon; the
    step ends there, the discards follow and the first trick begins."""
    deal = SIBER_DEAL.replace("MK P7 P8", "MK P7 M7").replace("ZK M7 Z9", "ZK P8 Z9")
    game = _after_front(deal)
    assert game.phase is alsos.Phase.SIBER and game.to_act == 0
    assert sorted(legal(game)) == ["pass", "siber"]
    play(game, "siber, discard P7, discard Z7, discard T7, discard T8")
    assert game.phase is alsos.Phase.PLAY and game.to_act == 0 and game.trick_no == 0
    assert [step.text for step in game.view(1).history[-5:]] == ["siber"] + ["discard"] * 4
