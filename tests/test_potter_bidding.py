"""The deal, the three bidding rounds, Betli and Klopitzky under potter1930.

Source: pagat, "Deal", "Types of Game and Bidding", "First Trick", "Scoring";
VARIANTS.md potter1930 §2, §3, §10, §11.
"""

from __future__ import annotations

import deals
import pytest
from scripted import RULES, entry, finish, legal, legal_cards, new_game, play

import alsos
from alsos.pack.cards import Card

# Hearts are proposed (indicator P8); nothing special about the hands.
DEAL = (
    "MA MK MO MU M10 M9 + M8 M7 ZA / "
    "PA PK PO PU P10 P9 + TA TK TO / "
    "TU T10 T9 T8 T7 ZK + ZO ZU Z10 / "
    "talon P8 P7 Z9 Z8 Z7"
)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(alsos.parse_cards(text))


def test_deal_shape_six_seen_three_unseen_and_two_talon_cards_visible() -> None:
    """pagat, "Deal": six cards are seen, three more stay face down until the front
    announcements end; of the five talon cards only the indicator and the top show."""
    game = new_game(DEAL)
    view = game.view(0)
    assert view.hand == _cards("MA MK MO MU M10 M9")
    assert view.unseen_count == 3
    assert view.talon_seen == _cards("P8 Z7")
    assert game.view(2).hand == _cards("TU T10 T9 T8 T7 ZK")
    for hidden in ("P7", "Z9", "Z8", "M8", "M7", "ZA", "PA"):  # talon, own and others' unseen
        assert hidden not in str(view)
    play(game, "pass pass accept")  # seat 2 accepts hearts
    play(game, "pass pass pass")  # front round closes
    assert game.phase is alsos.Phase.PLAY
    for seat in range(3):
        assert len(game.view(seat).hand) == 9
        assert game.view(seat).unseen_count == 0
    assert game.view(1).talon_seen == _cards("P8 Z7")


def test_shuffled_deal_has_the_same_shape() -> None:
    """pagat, "Deal": a shuffled deal gives 9 cards a seat (6 seen) and a 5-card talon."""
    for seed in range(20):
        game = alsos.Game(RULES, seed=seed, dealer=seed % 3)
        assert len(game.deal.talon) == 5
        assert game.deal.seen == 6
        for seat in range(3):
            assert len(game.deal.hands[seat]) == 9
            view = game.view(seat)
            assert len(view.hand) == 6
            assert view.unseen_count == 3
            assert len(view.talon_seen) == 2


def test_round_one_offers_only_accept_or_pass_from_forehand() -> None:
    """pagat, "Types of Game and Bidding": round 1 starts at the dealer's right
    (forehand) and offers only to accept the original suit or to pass."""
    game = new_game(DEAL, dealer=0)
    assert game.to_act == 1  # dealer 0: seat 1 is forehand
    assert sorted(legal(game)) == ["accept", "pass"]


def test_accept_ends_the_bidding_with_a_trump_game_in_the_original_suit() -> None:
    """pagat, "Types of Game and Bidding": accepting the original suit makes a trump
    game, skips rounds 2 and 3 and goes straight to the front announcements."""
    game = new_game(DEAL)
    play(game, "pass accept")
    assert game.declarer == 1
    assert game.contract is not None
    assert game.contract.kind is alsos.Kind.TRUMP
    assert game.contract.trump is alsos.Suit.HEARTS
    assert game.phase is alsos.Phase.FRONT
    assert game.to_act == 1  # the declarer speaks first


def test_round_two_bids_rise_and_skip_the_original_suit() -> None:
    """pagat, "Types of Game and Bidding": with hearts proposed and gourds bid, the
    next seat may only bid acorns, no-trumps or pass."""
    game = new_game(DEAL)
    play(game, "pass pass pass")
    assert game.phase is alsos.Phase.BIDDING
    assert legal(game) == ["pass", "bid leaves", "bid gourds", "bid acorns", "bid no-trumps"]
    play(game, "bid gourds")
    assert legal(game) == ["pass", "bid acorns", "bid no-trumps"]


@pytest.mark.parametrize("indicator_suit", ["M", "P", "T", "Z"])
def test_round_two_never_offers_the_original_suit(indicator_suit: str) -> None:
    """pagat, "Types of Game and Bidding": the original suit can only be taken in round 1."""
    names = {"M": "acorns", "P": "hearts", "T": "gourds", "Z": "leaves"}
    for seed in range(200):
        game = alsos.Game(RULES, seed=seed, dealer=2)
        if game.deal.talon[0].suit.letter == indicator_suit:
            break
    play(game, "pass pass pass")
    assert f"bid {names[indicator_suit]}" not in legal(game)


def test_round_two_rank_order_leaves_gourds_hearts_acorns_no_trumps() -> None:
    """pagat, "Types of Game and Bidding": leaves < gourds < hearts < acorns < no-trumps;
    after a leaves bid every higher suit but the original is open, after acorns
    only no-trumps."""
    game = new_game(DEAL)
    play(game, "pass pass pass bid leaves")
    assert legal(game) == ["pass", "bid gourds", "bid acorns", "bid no-trumps"]
    play(game, "bid acorns")
    assert legal(game) == ["pass", "bid no-trumps"]


def test_round_two_last_bidder_declares_in_the_bid_suit() -> None:
    """pagat, "Types of Game and Bidding": the final bidder of round 2 plays a trump
    game in the suit bid."""
    game = new_game(DEAL)
    play(game, "pass pass pass bid leaves bid gourds pass")
    assert game.declarer == 1
    assert game.contract is not None
    assert game.contract.kind is alsos.Kind.TRUMP
    assert game.contract.trump is alsos.Suit.GOURDS
    assert game.phase is alsos.Phase.FRONT


def test_no_trumps_bid_ends_round_two_at_once() -> None:
    """pagat, "Types of Game and Bidding": nothing outbids no-trumps, so round 2 ends
    with that bid even if later seats have not spoken."""
    game = new_game(DEAL)
    play(game, "pass pass pass bid no-trumps")
    assert game.declarer == 0
    assert game.contract is not None
    assert game.contract.kind is alsos.Kind.NO_TRUMPS
    assert game.phase is alsos.Phase.FRONT
    assert [str(a) for s, a in game.history if s == 1] == ["pass"]  # only round 1


def test_all_pass_round_two_picks_up_then_offers_betli() -> None:
    """pagat, "Types of Game and Bidding": if round 2 passes out there are no front
    announcements; everyone picks up and round 3 offers only Betli, from forehand."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass pass pass")
    assert game.phase is alsos.Phase.BIDDING
    assert game.contract is None
    assert game.to_act == 0
    assert sorted(legal(game)) == ["betli", "pass"]
    for seat in range(3):
        assert len(game.view(seat).hand) == 9


def test_betli_bid_ends_round_three() -> None:
    """pagat, "Types of Game and Bidding": the first Betli bid ends round 3."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass pass pass pass betli")
    assert game.declarer == 1
    assert game.contract is not None
    assert game.contract.kind is alsos.Kind.BETLI
    assert game.phase is alsos.Phase.PLAY


def test_all_pass_three_rounds_gives_klopitzky() -> None:
    """pagat, "Types of Game and Bidding": if nobody bids Betli, Klopitzky is played,
    with no declarer."""
    game = new_game(DEAL)
    play(game, "pass " * 9)
    assert game.contract is not None
    assert game.contract.kind is alsos.Kind.KLOPITZKY
    assert game.declarer is None
    assert game.phase is alsos.Phase.PLAY


# Klopitzky deals found by playing each seat's first legal card in pack order
# (scripted.finish); each test checks the trick split before the payments.
KLOP_5_2_2 = deals.KLOP_5_2_2
KLOP_4_4_1 = deals.KLOP_4_4_1
KLOP_3_3_3 = deals.KLOP_3_3_3


def _klopitzky(deal: str) -> alsos.Game:
    game = new_game(deal)
    play(game, "pass " * 9)
    return game


def test_klopitzky_has_no_announcements_and_forehand_leads() -> None:
    """pagat, "First Trick": in Klopitzky forehand leads and no declarations,
    announcements or kontras are possible."""
    game = _klopitzky(KLOP_5_2_2)
    assert game.to_act == 0
    for _ in range(3):
        assert all(isinstance(a, alsos.pack.actions.Play) for a in game.legal_actions())
        play(game, [sorted(legal_cards(game))[0]])


def test_klopitzky_most_tricks_pays_three_to_each_other_seat() -> None:
    """pagat, "Types of Game and Bidding" / "Scoring": whoever took the most tricks
    gives 3 to every other seat."""
    game = finish(_klopitzky(KLOP_5_2_2))
    settlement = game.settlement
    assert settlement is not None
    assert settlement.tricks == {0: 5, 1: 2, 2: 2}
    assert settlement.payments == {0: -6, 1: 3, 2: 3}
    assert settlement.written == {0: 0, 1: 3, 2: 3}


def test_klopitzky_four_four_one_pays_the_one_trick_seat() -> None:
    """pagat, "Scoring" (suggested rule): with tricks 4-4-1 the seat with one trick
    receives 3 from each of the others."""
    game = finish(_klopitzky(KLOP_4_4_1))
    settlement = game.settlement
    assert settlement is not None
    assert settlement.tricks == {0: 4, 1: 4, 2: 1}
    assert settlement.payments == {0: -3, 1: -3, 2: 6}
    assert settlement.written == {0: 0, 1: 0, 2: 3}


def test_klopitzky_three_three_three_scores_nothing() -> None:
    """pagat, "Scoring" (suggested rule): if every seat takes three tricks there is no score."""
    game = finish(_klopitzky(KLOP_3_3_3))
    settlement = game.settlement
    assert settlement is not None
    assert settlement.tricks == {0: 3, 1: 3, 2: 3}
    assert settlement.payments == {0: 0, 1: 0, 2: 0}
    assert settlement.written == {0: 0, 1: 0, 2: 0}


# Betli: seat 0 holds nothing above a 9; every defender can follow each suit.
BETLI_CLEAN = (
    "M9 M8 M7 P8 P7 T8 + T7 Z8 Z7 / MA MK MO PA PK PO + TA TK ZA / "
    "MU M10 P10 PU T10 TU + Z10 ZU ZK / talon TO P9 T9 Z9 ZO"
)


def test_betli_won_without_a_trick_pays_five_from_each() -> None:
    """pagat, "Types of Game and Bidding" / "Scoring": a Betli is worth 5; the
    declarer who takes no trick is paid 5 by each opponent."""
    game = new_game(BETLI_CLEAN)
    play(game, "pass pass pass pass pass pass betli")
    assert game.declarer == 0
    finish(game)
    settlement = game.settlement
    assert settlement is not None
    assert settlement.tricks[0] == 0
    assert sum(settlement.tricks.values()) == 9
    assert entry(game, "game").made
    assert settlement.payments == {0: 10, 1: -5, 2: -5}


def test_betli_ends_at_the_declarers_first_trick() -> None:
    """pagat, "Types of Game and Bidding" / "Scoring": the play stops as soon as the
    Betli declarer wins a trick, and each opponent scores 5."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass pass pass betli")  # seat 0 plays Betli
    assert game.to_act == 0
    play(game, "MA")  # nobody else holds an acorn above it
    play(game, "PA")  # seat 1 has no acorn
    play(game, "ZK")  # seat 2 has no acorn
    assert game.is_over
    assert list(game.trick_winners) == [0]
    settlement = game.settlement
    assert settlement is not None
    assert not entry(game, "game").made
    assert entry(game, "game").value == 5
    assert settlement.payments == {0: -10, 1: 5, 2: 5}


def test_betli_forehand_leads_whoever_declares() -> None:
    """pagat, "First Trick": in Betli the seat at the dealer's right leads, not the declarer."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass pass pass pass pass betli")
    assert game.declarer == 2
    assert game.to_act == 0


def test_betli_can_be_kontrad_but_has_no_figures_or_melds() -> None:
    """pagat, "First Trick": in Betli there are no melds or figures but kontra is
    still possible; from the back it doubles the 5."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass pass pass pass betli")  # seat 1 declares
    assert game.to_act == 0
    assert [a for a in legal(game) if not a[0].isupper()] == ["kontra game"]
    play(game, "kontra game, MA")
    assert [a for a in legal(game) if not a[0].isupper()] == ["rekontra game"]
    assert {i.label: i.value for i in game.items} == {"game": 10}
