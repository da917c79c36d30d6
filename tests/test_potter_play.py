"""Card play under potter1930: who leads, following and trumping, the ultimó 7.

Source: pagat, "Play", "First Trick", "Figures" (ultimó); VARIANTS.md potter1930
§4 (ultimó), §10.
"""

from __future__ import annotations

import deals
import pytest
from scripted import entry, finish, legal, legal_cards, new_game, play

import alsos

# Acorns proposed (indicator M8).  Seat 0 has no acorn; seat 1 holds seven
# trumps (the 7 among its unseen cards); seat 2 has no trump.
DEAL = deals.ACORNS_PLAIN

# Acorns proposed.  Seat 0 holds every heart; seats 1 and 2 are void in hearts
# and each hold two trumps: seat 1 M9 MA, seat 2 MU M10.
OVERTRUMP_DEAL = (
    "PA PK PO PU P10 P9 + P8 P7 ZA / "
    "M9 MA TA TK TO TU + T10 T9 T8 / "
    "MU M10 ZK ZO ZU Z10 + Z9 Z8 Z7 / "
    "talon M8 MK MO M7 T7"
)


def _trump_game(deal: str, bidding: str) -> alsos.Game:
    game = new_game(deal)
    play(game, bidding)
    play(game, "pass pass pass")  # the front round
    assert game.phase is alsos.Phase.PLAY
    return game


@pytest.mark.parametrize(
    ("bidding", "declarer"), [("accept", 0), ("pass accept", 1), ("pass pass accept", 2)]
)
def test_trump_game_forehand_leads_first(bidding: str, declarer: int) -> None:
    """pagat, "First Trick": in a trump game the seat at the dealer's right leads,
    whoever the declarer is."""
    game = _trump_game(DEAL, bidding)
    assert game.declarer == declarer
    assert game.to_act == 0


def test_trump_game_forehand_depends_on_the_dealer() -> None:
    """pagat, "Deal" / "First Trick": forehand is the seat after the dealer."""
    game = new_game(DEAL, dealer=1)
    assert game.to_act == 2
    play(game, "accept pass pass pass")
    assert game.to_act == 2


@pytest.mark.parametrize(
    ("bids", "declarer", "leader"),
    [
        ("pass pass pass bid no-trumps", 0, 2),
        ("pass pass pass pass bid no-trumps", 1, 0),
        ("pass pass pass pass pass bid no-trumps", 2, 1),
    ],
)
def test_no_trumps_the_seat_before_the_declarer_leads(
    bids: str, declarer: int, leader: int
) -> None:
    """pagat, "First Trick": in a no-trump game the player to the declarer's left
    leads, so the declarer plays second to the first trick."""
    game = new_game(DEAL)
    play(game, bids)
    assert game.declarer == declarer
    play(game, "pass pass pass")
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == leader
    play(game, [sorted(legal_cards(game))[0]])
    assert game.to_act == declarer


def test_must_follow_suit() -> None:
    """pagat, "Play": a player holding the suit led must follow it."""
    game = _trump_game(DEAL, "pass accept")
    play(game, "PK")
    assert legal_cards(game) == {"PA"}  # seat 1's only heart, trumps not allowed
    play(game, "PA")
    assert legal_cards(game) == {"P7", "P8"}


def test_void_in_the_suit_led_must_trump() -> None:
    """pagat, "Play": in a trump game a player void in the suit led must play a trump."""
    game = _trump_game(DEAL, "pass accept")
    play(game, "ZK")  # seat 1 holds ZA: follows
    assert legal_cards(game) == {"ZA"}
    game = _trump_game(DEAL, "pass accept")
    play(game, "TA")  # seat 1 has no gourd
    assert legal_cards(game) == {"MU", "M9", "MA", "M10", "MK", "MO", "M7"}


def test_void_without_trumps_may_play_anything() -> None:
    """pagat, "Play": a player with neither the suit led nor a trump may play any card."""
    game = _trump_game(DEAL, "pass accept")
    play(game, "TA, MO")  # seat 1 trumps
    play(game, "T8")  # trick to seat 1
    assert game.to_act == 1
    play(game, "MA")  # seat 1 leads trumps: seat 2 and seat 0 have none
    assert game.to_act == 2
    assert legal_cards(game) == {"TO", "TU", "T10", "T9", "P7", "Z7", "Z8", "P8"}
    play(game, "P7")
    assert legal_cards(game) == {"PK", "PO", "PU", "P10", "TK", "ZK", "ZO", "ZU"}


def test_no_obligation_to_beat_when_following() -> None:
    """pagat, "Play": following suit, a player may play a lower card than the best one."""
    game = _trump_game(DEAL, "pass accept")
    play(game, "PK, PA")
    assert "P7" in legal_cards(game)  # lower than both cards already played


def test_no_obligation_to_overtrump() -> None:
    """pagat, "Play": trumping a trick that holds a trump, a lower trump is allowed."""
    game = _trump_game(OVERTRUMP_DEAL, "accept")
    play(game, "PA")
    assert legal_cards(game) == {"M9", "MA"}  # void in hearts: must trump
    play(game, "M9")
    assert legal_cards(game) == {"MU", "M10"}  # M10 is below M9, still legal
    play(game, "M10")
    assert list(game.trick_winners) == [1]


def _ultimo_declarer() -> alsos.Game:
    """Seat 1 declares acorns and announces ultimó from the front; it holds the 7."""
    game = new_game(DEAL)
    play(game, "pass accept, announce ultimo, pass, pass, pass")
    assert game.phase is alsos.Phase.PLAY
    return game


def test_ultimo_holder_may_not_trump_with_the_seven_early() -> None:
    """pagat, "Figures": a player who announced ultimó may not play the trump 7 early
    while the rules of play leave another card."""
    game = _ultimo_declarer()
    play(game, "TA")  # seat 1 is void in gourds and must trump
    assert "M7" not in legal_cards(game)
    assert legal_cards(game) == {"MU", "M9", "MA", "M10", "MK", "MO"}


def test_ultimo_holder_may_not_lead_the_seven_early() -> None:
    """pagat, "Figures": the ultimó 7 is held back when leading as well."""
    game = _ultimo_declarer()
    play(game, "TA, MO, T8")  # seat 1 wins and leads
    assert game.to_act == 1
    assert "M7" not in legal_cards(game)


def test_without_ultimo_the_seven_is_free() -> None:
    """pagat, "Figures": the restriction comes only from an ultimó announcement."""
    game = _trump_game(DEAL, "pass accept")
    play(game, "TA")
    assert "M7" in legal_cards(game)


# Search-found deal: seat 0 declares acorns and announces ultimó; in trick 3 a
# defender leads the trump King and seat 0's only acorn is the 7.
FORCED_SEVEN_DEAL = (
    "MU M7 Z9 ZO TK T9 + TO PU Z8 / "
    "T10 TU M9 ZU T7 MO + PK P10 P7 / "
    "MA PO P8 T8 M10 ZK + TA PA MK / "
    "talon M8 P9 Z10 Z7 ZA"
)


def test_ultimo_fails_when_the_seven_is_forced_out_early() -> None:
    """pagat, "Figures": the ultimó holder must play the 7 when following suit forces it,
    and the ultimó then fails."""
    game = new_game(FORCED_SEVEN_DEAL)
    play(game, "accept, announce ultimo, pass, pass, pass")
    assert game.phase is alsos.Phase.SIBER  # the top card ZA is an Ace
    play(game, "pass pass pass")  # seat 0 keeps its 7; pagat, "Trump Exchange": all are asked
    play(game, "MU MO MA")  # trick 1 to seat 0
    play(game, "PU PK PA")  # trick 2 to seat 2
    play(game, "MK")  # seat 2 leads a trump
    assert game.to_act == 0
    assert legal_cards(game) == {"M7"}  # forced: the only acorn
    play(game, "M7 M9")
    for trick in ("P10 PO TK", "P7 P8 TO", "M10 T9 TU", "TA ZO T10", "T8 Z9 T7", "ZK Z8 ZU"):
        play(game, trick)
    assert game.is_over
    assert not entry(game, "ultimo", 0).made


# Search-found deal: hearts are trumps; seat 0 announces ultimó and keeps the P7
# to the last trick, where seat 1 plays the higher trump PO.
BEATEN_SEVEN_DEAL = (
    "Z7 T7 Z8 MA P7 P8 + M10 TO PK / "
    "T8 PO T9 MK TU M9 + ZO PU P10 / "
    "M7 ZA TK P9 T10 ZU + M8 Z9 MU / "
    "talon PA TA Z10 ZK MO"
)


def test_ultimo_fails_when_a_higher_trump_falls_in_the_last_trick() -> None:
    """pagat, "Figures": ultimó fails if any player plays a higher trump to the last trick."""
    game = new_game(BEATEN_SEVEN_DEAL)
    play(game, "accept, announce ultimo, pass, pass, pass")
    for trick in (
        "Z7 ZO Z9",
        "T8 T10 T7",
        "ZU Z8 P10",
        "T9 TK TO",
        "ZA P8 PU",
        "TU P9 PK",
        "M7 M10 M9",
        "MA MK M8",
    ):
        play(game, trick)
    assert game.to_act == 0
    play(game, "P7 PO MU")
    assert game.trick_winners[-1] == 1
    assert not entry(game, "ultimo", 0).made


def test_trick_goes_to_the_highest_trump_else_highest_of_suit_led() -> None:
    """pagat, "Play" / "Players and Cards": trump order U 9 A 10 K O 8 7 beats any
    plain card; plain order A 10 K O U 9 8 7 in the suit led."""
    game = _trump_game(OVERTRUMP_DEAL, "accept")
    play(game, "PA M9 MU")  # MU is the highest trump
    assert list(game.trick_winners) == [2]
    game = _trump_game(DEAL, "pass accept")
    play(game, "PK PA P8")
    assert list(game.trick_winners) == [1]
    play(game, "MA")  # seat 1 leads a trump
    play(game, "TO TA")  # discards: neither trump nor acorn
    assert list(game.trick_winners) == [1, 1]


def test_legal_cards_listing_matches_legal_actions() -> None:
    """pagat, "Play": after the first trick only cards (and a possible call) are legal."""
    game = _trump_game(DEAL, "pass accept")
    play(game, "PK PA P8")
    assert game.to_act == 1
    assert legal(game)[0] == "gyerunk"
    assert set(legal(game)[1:]) == legal_cards(game)


# Seat 0 leads TK (or MA in acorns); seat 1 holds T10 and M9, seat 2 TO and M8.
ORDER_DEAL = (
    "TK MA ZA ZK PA PK + T7 Z7 P7 / "
    "T10 M9 ZO ZU PO PU + Z10 P10 MO / "
    "TO M8 Z9 Z8 P9 P8 + M7 T9 T8 / "
    "talon M10 MK MU TA TU"
)


@pytest.mark.parametrize(
    ("contract", "bidding", "trick", "winner"),
    [
        # plain order A 10 K O U 9 8 7: the 10 beats the King
        ("no-trumps", "pass pass pass pass bid no-trumps pass pass pass", "TK T10 TO", 1),
        ("klopitzky", "pass " * 9, "TK T10 TO", 1),
        ("betli", "pass " * 8 + "betli", "TK T10 TO", 1),
        # trump order U 9 A 10 K O 8 7: the 9 beats the Ace
        ("trump", "accept pass pass pass", "MA M9 M8", 1),
    ],
)
def test_card_order_by_contract(contract: str, bidding: str, trick: str, winner: int) -> None:
    """pagat, "Players and Cards" / VARIANTS.md §1: plain suits (also in no-trumps,
    Betli and Klopitzky) rank A 10 K O U 9 8 7; trumps rank U 9 A 10 K O 8 7."""
    game = new_game(ORDER_DEAL)
    play(game, bidding)
    assert game.contract is not None and str(game.contract.kind) == contract
    assert game.to_act == 0
    play(game, trick)
    assert list(game.trick_winners) == [winner]


def test_exchanging_the_announced_ultimo_seven_loses_the_ultimo() -> None:
    """pagat, "Trump Exchange": exchanging is never compulsory, and an ultimó announcer
    who exchanges the 7 anyway no longer holds it: the ultimó fails."""
    game = _ultimo_declarer()
    play(game, "PK, exchange, PA, P7")  # seat 1 takes the indicator M8
    finish(game)
    assert not entry(game, "ultimo", 1).made
