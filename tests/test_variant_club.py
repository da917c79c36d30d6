"""The club profile (club) against potter1930.

Source: club, "Procedure" (2nd bid, big exchange, play), "Ranking Cards, Suits &
Melds", "Melds", "Figures" and its notes; VARIANTS.md §1, §3, §4, §8, §9
(column club).

The club plays potter1930 with: figures carried in the second bid (a bid is
worth its game value plus its figures' front values; a higher value wins,
then the higher suit, then the earlier seat), the bidding order bells <
hearts < leaves < acorns < no-trumps, Betli cards in sequence order, sets of
A K O U 10 9 only (no 9s without trumps), kassza only from the back, ulti only
by the holder of the trump 7, no calling, and an optional "eight" figure.
Each test runs the same deal and script under ``club`` and ``potter1930``
and asserts both outcomes.
"""

from __future__ import annotations

import deals
from scripted import entry, finish, item_values, legal, play
from variant_helpers import (
    POTTER,
    announceable,
    bids,
    cards_allowed,
    is_legal,
    kontras,
    load,
    settled,
    start,
)

import alsos
from alsos import Step
from alsos.pack.actions import Bid

CLUB = load("club")
CLUB_EIGHT = load("club", **{"figures.eight.enabled": True})

# Gourds proposed (indicator TO), so acorns, leaves, hearts and no-trumps can
# all be bid in round two.  Seat 2 holds the hearts 7 among its seen cards.
BIDDING_DEAL = (
    "MA MK PA PK ZA ZK + M7 T10 Z7 / "
    "MO MU PO PU ZO ZU + M8 P8 T9 / "
    "P7 M10 P10 Z10 M9 P9 + Z9 Z8 TA / "
    "talon TO TU TK T8 T7"
)
# Acorns proposed (indicator M8).  Seat 1 holds béla among its seen cards and
# the trump 7 among its unseen ones; it accepts and takes every trick.
PLAIN_DEAL = deals.ACORNS_PLAIN
# Acorns proposed (indicator MK).  Seat 1 holds every other trump, the 8 among
# its seen cards and the 7 among its unseen ones.
EIGHT_DEAL = (
    "PK PO PU P10 TA TK + ZK ZO ZU / "
    "MU M9 MA M10 M8 MO + M7 PA ZA / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon MK T7 Z10 Z9 P9"
)
# Seat 1 wins the Ace of hearts, leads five trumps and the Ace of leaves; the
# defenders throw their cards and keep one leaf and one other card each.
EIGHT_TRICKS = "PK PA P7, MU T8 PO, M9 T9 PU, MA T10 P10, M10 TU TK, MO TO TA, ZA Z7 ZK"
# As EIGHT_DEAL, but seat 1 holds two low leaves instead of PA and ZA, so it
# loses the leaf tricks 7 and 8 and must follow leaves in trick 8.
EIGHT_FOLLOW_DEAL = (
    "PK PO PU P10 TA TK + ZK ZA ZU / "
    "MU M9 MA M10 M8 MO + M7 ZO Z9 / "
    "TO TU T10 T9 T8 P7 + Z7 PA P8 / "
    "talon MK T7 Z10 Z8 P9"
)
EIGHT_FOLLOW_TRICKS = "PK MO P7, MU T8 PO, M9 T9 PU, MA T10 P10, M10 TU TK, M7 P8 TA, ZO Z7 ZA"
# Acorns proposed (indicator M8): forehand holds the four 7s.
SEVENS_DEAL = (
    "M7 P7 T7 Z7 MA PA + MK PK TK / "
    "MO MU M10 M9 PO PU + P10 P9 TO / "
    "TU T10 T9 ZA ZK ZO + ZU Z10 Z9 / "
    "talon M8 TA P8 T8 Z8"
)
# Acorns proposed (indicator M7): forehand holds the four 8s.
EIGHTS_DEAL = (
    "M8 P8 T8 Z8 MA PA + MK PK TK / "
    "MO MU M10 M9 PO PU + P10 P9 TO / "
    "TU T10 T9 ZA ZK ZO + ZU Z10 Z9 / "
    "talon M7 TA P7 T7 Z7"
)
# Acorns proposed (indicator M8): forehand holds the four 9s.
NINES_DEAL = (
    "M9 P9 T9 Z9 MA PA + MK PK TK / "
    "MO MU M10 M7 PO PU + P10 P7 TO / "
    "TU T10 T7 ZA ZK ZO + ZU Z10 Z7 / "
    "talon M8 TA P8 T8 Z8"
)
# Betli for forehand, which leads PU; seat 1 has P10, seat 2 P7.
BETLI_DEAL = deals.BETLI

ROUND_TWO = "pass pass pass"


def _declares(game: alsos.Game) -> set[str]:
    return {a.removeprefix("declare ") for a in legal(game) if a.startswith("declare ")}


# --- the second bid ---------------------------------------------------------------------


def test_bidding_rank_puts_leaves_above_hearts() -> None:
    """club, "Ranking Cards, Suits & Melds": for the second bid the suits rank
    bells, hearts, leaves, acorns, then no-trumps, so leaves overcall hearts.
    In potter1930's order (leaves, gourds, hearts, acorns) they cannot."""
    club = start(CLUB, BIDDING_DEAL, script=f"{ROUND_TWO} bid hearts")
    assert bids(club) == {"leaves", "acorns", "no-trumps"}
    play(club, "bid leaves")
    assert bids(club) == {"acorns", "no-trumps"}

    potter = start(POTTER, BIDDING_DEAL, script=f"{ROUND_TWO} bid hearts")
    assert bids(potter) == {"acorns", "no-trumps"}
    assert not is_legal(potter, "bid leaves")


def test_worked_example_acorns_then_leaves_abszolut() -> None:
    """club, "Procedure" (the worked examples of the 2nd bid): acorns (1) beats
    leaves (1), being the higher suit; "leaves abszolút" (1 + 2 = 3) beats
    acorns.  Only the winner's figure stands, as a front announcement.
    potter1930 takes no figures with a bid and leaves cannot follow acorns."""
    club = start(CLUB, BIDDING_DEAL, script=f"{ROUND_TWO} bid leaves")
    assert "acorns" in bids(club) and "leaves" not in bids(club)
    play(club, "bid acorns")
    assert bids(club) == {"no-trumps"}  # worth 1, leaves would be the lower suit
    play(club, "announce abszolut")
    assert "leaves" in bids(club)
    play(club, "bid leaves")
    assert club.phase is alsos.Phase.FRONT
    assert club.declarer == 2 and club.contract is not None
    assert club.contract.trump is alsos.Suit.LEAVES
    assert item_values(club) == {"game": 1, "abszolut@2": 2}
    assert club.to_act == 2  # the declarer opens the front round

    potter = start(POTTER, BIDDING_DEAL, script=f"{ROUND_TWO} bid leaves bid acorns")
    assert not is_legal(potter, "announce abszolut")
    assert bids(potter) == {"no-trumps"}


def test_worked_example_no_trumps_abszolut_then_hearts_abszolut_ulti() -> None:
    """club, "Procedure": "no-trumps abszolút" (2 + 2 = 4) beats "leaves abszolút"
    (3) and is in turn beaten by "hearts abszolút ulti" (game 1, abszolút 2,
    ulti 4: 7 by the rule, though club prints the sum as 6 -- either way above 4).
    No-trumps does not close the second bid here; under potter1930 it ends
    round two at once."""
    club = start(CLUB, BIDDING_DEAL, script=f"{ROUND_TWO} announce abszolut bid leaves")
    play(club, "announce abszolut")
    assert bids(club) == {"acorns", "no-trumps"}
    play(club, "bid no-trumps")
    assert club.phase is alsos.Phase.BIDDING and club.to_act == 2
    play(club, "announce abszolut")
    assert bids(club) == set()  # 4 against 4 in no-trumps: the earlier seat keeps it
    play(club, "announce ultimo")
    assert bids(club) == {"hearts"}  # ulti only where seat 2 holds the trump 7
    play(club, "bid hearts")
    assert club.declarer == 2 and club.contract is not None
    assert club.contract.trump is alsos.Suit.HEARTS
    assert item_values(club) == {"game": 1, "abszolut@2": 2, "ultimo@2": 4}
    assert sum(item_values(club).values()) - 1 == 6  # the figures: 2 + 4

    potter = start(POTTER, BIDDING_DEAL, script=f"{ROUND_TWO} pass bid no-trumps")
    assert potter.phase is alsos.Phase.FRONT
    assert potter.declarer == 1


def test_equal_value_goes_to_the_higher_suit_then_the_earlier_seat() -> None:
    """club, "Procedure": at equal value the higher suit wins; at equal value and
    suit the seat that bid first keeps the bid (a higher value in the same
    suit still overcalls)."""
    club = start(CLUB, BIDDING_DEAL, script=f"{ROUND_TWO} announce abszolut bid leaves")
    play(club, "announce abszolut")  # seat 1, worth 3 in any suit
    assert "leaves" not in bids(club)  # same value, same suit
    assert "hearts" not in bids(club)  # same value, lower suit
    assert "acorns" in bids(club)  # same value, higher suit
    play(club, "announce tuletroa")  # now worth 5
    assert "leaves" in bids(club)
    play(club, "pass pass")  # seat 1's figures lapse with its pass
    assert club.declarer == 0
    assert item_values(club) == {"game": 1, "abszolut@0": 2}


def test_bidders_figures_are_its_front_announcements() -> None:
    """club, "Procedure": the declarer's figures from the second bid are carried
    into the front round, where the defenders may kontra them (from the front,
    x4); the figures of overcalled bids are gone."""
    script = f"{ROUND_TWO} announce abszolut bid leaves announce abszolut bid no-trumps"
    club = start(CLUB, BIDDING_DEAL, script=f"{script} pass")
    assert club.declarer == 1 and club.phase is alsos.Phase.FRONT
    assert item_values(club) == {"game": 2, "abszolut@1": 2}
    play(club, "pass")  # the declarer
    assert kontras(club) == {"kontra game", "kontra abszolut@1"}
    play(club, "kontra abszolut@1 pass")
    assert item_values(club)["abszolut@1"] == 8


def test_ulti_in_a_bid_needs_the_trump_seven() -> None:
    """club, "Figures": ulti may be announced only by the holder of the trump 7,
    so a seat with no 7 cannot carry it in a bid."""
    club = start(CLUB, BIDDING_DEAL, script=ROUND_TWO)  # seat 0 holds no 7 yet
    assert "ultimo" not in announceable(club)
    play(club, "pass")
    assert "ultimo" not in announceable(club)  # seat 1: no 7 either
    play(club, "pass")
    assert "ultimo" in announceable(club)  # seat 2 holds the hearts 7


# --- figures -----------------------------------------------------------------------------


def test_ulti_only_by_the_holder_of_the_trump_seven() -> None:
    """club, "Figures": ulti requires holding the trump 7.  Under potter1930 any
    seat may announce ultimó."""
    club = start(CLUB, PLAIN_DEAL, script="pass accept pass pass pass")
    assert "ultimo" not in announceable(club)  # seat 0, no trump 7
    play(club, "PK")
    assert "ultimo" in announceable(club)  # seat 1 holds the 7 now

    potter = start(POTTER, PLAIN_DEAL, script="pass accept pass pass pass")
    assert "ultimo" in announceable(potter)


def test_kassza_only_from_the_back() -> None:
    """club, "Figures" ("Marriage": no front value; not from the front per the
    notes).  The declarer holding béla may not announce it in the front round
    but may during the first trick.  potter1930 allows it from the front."""
    club = start(CLUB, PLAIN_DEAL, script="pass accept")
    assert "kassza" not in announceable(club)
    play(club, "pass pass pass PK")
    assert "kassza" in announceable(club)
    play(club, "announce kassza")
    assert item_values(club)["kassza@1"] == 1

    potter = start(POTTER, PLAIN_DEAL, script="pass accept")
    assert "kassza" in announceable(potter)


def test_eight_figure_is_off_unless_agreed() -> None:
    """club Figures notes: the eight is played only if agreed.  Neither the
    club default nor potter1930 knows it."""
    for rules in (CLUB, POTTER):
        game = start(rules, EIGHT_DEAL, script="pass accept")
        assert "eight" not in announceable(game)
    game = start(CLUB_EIGHT, EIGHT_DEAL, script="pass accept")
    assert "eight" in announceable(game)


def test_eight_needs_the_trump_eight_in_hand() -> None:
    """club Figures notes: to announce the eight a player must hold the trump 8."""
    game = start(CLUB_EIGHT, EIGHT_DEAL, script="pass accept pass")
    assert game.to_act == 2 and "eight" not in announceable(game)
    play(game, "pass")
    assert game.to_act == 0 and "eight" not in announceable(game)


def test_eight_wins_the_second_last_trick_with_the_trump_eight() -> None:
    """club Figures notes: the eight (2 from the front, 1 from the back) is won by
    taking the second-last trick with the trump 8, which must be kept back
    for it unless forced out."""
    game = start(CLUB_EIGHT, EIGHT_DEAL, script="pass accept announce eight pass pass pass")
    assert item_values(game)["eight@1"] == 2
    for trick in EIGHT_TRICKS.split(", "):
        if game.to_act == 1:  # seat 1 leads tricks 2 to 7 with the 8 in hand
            assert "M8" not in cards_allowed(game)
        play(game, trick)
    assert game.trick_no == 7
    assert cards_allowed(game) == {"M8"}  # it must go to this trick now
    play(game, "M8 Z8 ZO, M7 P8 ZU")
    eight = entry(game, "eight", 1)
    assert eight.made and eight.value == 2
    assert settled(game).payments == {0: -3, 1: 6, 2: -3}


def test_eight_fails_when_following_suit_keeps_the_eight_back() -> None:
    """club Figures notes: the 8 goes to the second-last trick unless the duty to
    follow suit prevents it; then it cannot win that trick and the eight is
    lost."""
    game = start(CLUB_EIGHT, EIGHT_FOLLOW_DEAL, script="pass accept announce eight pass pass pass")
    play(game, EIGHT_FOLLOW_TRICKS)
    assert game.trick_no == 7 and game.to_act == 0
    play(game, "ZK")
    assert cards_allowed(game) == {"Z9"}  # seat 1 must follow leaves
    play(game, "Z9 PA, ZU M8 TO")
    assert game.trick_winners[7] == 0 and game.trick_winners[8] == 1
    eight = entry(game, "eight", 1)
    assert not eight.made and eight.value == 2
    assert settled(game).payments == {0: 1, 1: -2, 2: 1}  # game +1 each, eight -2 each


def test_eight_must_be_played_to_the_second_last_trick() -> None:
    """club Figures notes: the announcer must play the trump 8 to the second-last
    trick unless it was forced out earlier or following suit prevents it.
    Leading that trick with the 8 and the 7 left, only the 8 may be played."""
    game = start(CLUB_EIGHT, EIGHT_DEAL, script="pass accept announce eight pass pass pass")
    play(game, EIGHT_TRICKS)
    assert game.trick_no == 7 and game.to_act == 1
    assert cards_allowed(game) == {"M8"}


def test_eight_and_ulti_not_by_the_same_seat() -> None:
    """club Figures notes: ulti and eight cannot both be announced by one player."""
    game = start(CLUB_EIGHT, EIGHT_DEAL, script="pass accept pass pass pass PK")
    assert {"eight", "ultimo"} <= announceable(game)  # seat 1 holds M8 and M7
    play(game, "announce ultimo")
    assert "eight" not in announceable(game)
    game = start(CLUB_EIGHT, EIGHT_DEAL, script="pass accept pass pass pass PK")
    play(game, "announce eight")
    assert "ultimo" not in announceable(game)


# --- melds -------------------------------------------------------------------------------


def test_no_vannak_of_sevens() -> None:
    """club, "Melds": a set is four Aces, Kings, Overs, Unders, 10s or 9s; four
    7s do not count.  potter1930 (pagat, "Melds") counts any four of a rank."""
    script = "accept pass pass pass"
    club = start(CLUB, SEVENS_DEAL, script=script)
    assert club.to_act == 0 and "vannak" not in _declares(club)
    potter = start(POTTER, SEVENS_DEAL, script=script)
    assert "vannak" in _declares(potter)


def test_no_vannak_of_eights() -> None:
    """club, "Melds": four 8s do not count either (potter1930: they do)."""
    script = "accept pass pass pass"
    club = start(CLUB, EIGHTS_DEAL, script=script)
    assert "vannak" not in _declares(club)
    potter = start(POTTER, EIGHTS_DEAL, script=script)
    assert "vannak" in _declares(potter)


def test_no_vannak_of_nines_without_trumps() -> None:
    """club, "Melds": there is no set of 9s in a no-trump game; in a trump game
    four 9s do count.  potter1930 counts four 9s in no-trumps too."""
    nt = "pass pass pass bid no-trumps pass pass pass"
    # in the club the second bid goes on after no-trumps: two more passes
    club = start(CLUB, NINES_DEAL, script=f"{ROUND_TWO} bid no-trumps pass pass pass pass pass")
    assert club.contract is not None and club.contract.kind is alsos.Kind.NO_TRUMPS
    club_lead = club.to_act
    assert club_lead == 2  # the seat before the declarer leads no-trumps
    play(club, "TU")
    assert club.to_act == 0 and "vannak" not in _declares(club)

    trump = start(CLUB, NINES_DEAL, script="accept pass pass pass")
    assert "vannak" in _declares(trump)

    potter = start(POTTER, NINES_DEAL, script=f"{nt} TU")
    assert "vannak" in _declares(potter)


# --- play --------------------------------------------------------------------------------


def test_betli_in_sequence_order() -> None:
    """club, "Ranking Cards, Suits & Melds": Betli ranks A K O U 10 9 8 7, so the
    declarer's PU beats P10 and the Betli is lost at once.  In potter1930's
    A 10 K O U 9 8 7 the 10 takes the trick."""
    script = "pass " * 6 + "betli PU P10 P7"
    club = start(CLUB, BETLI_DEAL, script=script)
    assert list(club.trick_winners) == [0]
    assert club.is_over and settled(club).game_won is False
    assert settled(club).payments == {0: -10, 1: 5, 2: 5}

    potter = start(POTTER, BETLI_DEAL, script=script)
    assert list(potter.trick_winners) == [1] and not potter.is_over


def test_klopitzky_keeps_the_ten_above_the_king() -> None:
    """club, "Ranking Cards, Suits & Melds": Klopitzky ranks A 10 K O U 9 8 7, as
    in potter1930, unlike the club's Betli."""
    for rules in (CLUB, POTTER):
        game = start(rules, BETLI_DEAL, script="pass " * 9 + "PU P10 P7")
        assert list(game.trick_winners) == [1]


def test_no_calling() -> None:
    """club (no gyerünk anywhere in its procedure; VARIANTS.md §9): nobody may call
    at the second trick.  potter1930 allows it when no figure is out."""
    script = "pass accept pass pass pass PK PA P7"
    club = start(CLUB, PLAIN_DEAL, script=script)
    assert club.trick_no == 1 and "gyerunk" not in legal(club)
    potter = start(POTTER, PLAIN_DEAL, script=script)
    assert "gyerunk" in legal(potter)
    finish(club)
    assert settled(club).game_won is True


def test_hidden_suit_option_shows_a_suit_only_on_a_tie() -> None:
    """club, "Variations" (club): with the option, a bid names only 'trumps' plus
    figures; the suit is shown when another bid has the same value, and the
    higher suit wins.  Without it every suit is public."""
    rules = alsos.load_variant("club", **{"bidding.hidden_suit": True})
    game = alsos.Game(rules, seed=11, dealer=2)
    for _ in range(3):
        game.apply("pass")  # nobody takes the original suit
    assert game.phase is alsos.Phase.BIDDING
    original = game.original
    suits = [s for s in rules.bidding.suit_rank if s != original]
    low, high = suits[0], suits[1]
    game.apply(f"bid {high.name_en}")
    assert game.public_history(1)[-1] == Step(0, None, "bid")
    assert game.public_history(1)[-1].text == "bid trumps"
    assert game.public_history(0)[-1] == Step(0, Bid(high))
    # seat 1 may bid a lower suit of equal value: the tie shows both suits
    assert f"bid {low.name_en}" in [str(a) for a in game.legal_actions()]
    game.apply(f"bid {low.name_en}")
    assert game.public_history(2)[-2:] == [Step(0, Bid(high)), Step(1, Bid(low))]
    game.apply("pass")
    assert game.declarer == 0 and game.contract is not None and game.contract.trump == high
    plain = alsos.Game(alsos.load_variant("club"), seed=11, dealer=2)
    for text in ("pass", "pass", "pass", f"bid {high.name_en}"):
        plain.apply(text)
    assert plain.public_history(1)[-1] == Step(0, Bid(high))
    assert f"bid {low.name_en}" not in [str(a) for a in plain.legal_actions()]
