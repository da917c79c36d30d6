"""Settling a hand under potter1930: points, the game, figures, payments, rubber.

Source: pagat, "Players and Cards" (card points), "Figures", "Scoring";
VARIANTS.md potter1930 §1, §4, §11.

Several deals below were found by playing a fixed script and then each seat's
first (or last, ``last=True``) legal card in pack order (``scripted.finish``).
Each test first checks the outcome that makes it meaningful (who took what),
then the rule.
"""

from __future__ import annotations

import deals
import pytest
from drive import at_random, play_out
from profiles import TABLES
from scripted import (
    RULES,
    card_points,
    entry,
    finish,
    first_card,
    new_game,
    play,
    play_cards,
    unwon_points,
    won_cards,
)

import alsos

# --- deals ----------------------------------------------------------------

# Acorns; seat 1 (declarer) holds béla and six top trumps, seat 2 a kvint.
EXAMPLE_DEAL = deals.ACORNS_PLAIN
# Acorns; seat 0 draws trumps then loses; seat 1 has two vannaks, seat 2 béla.
SCORING_DEAL = deals.SCORING_EXAMPLE
# Declarer seat 0 ties seat 1 at 48 card points (no melds, no béla).
TIE_DEAL = deals.TIED_GAME
# Declarer seat 0 beats each defender but not the two together.
SEPARATE_DEAL = deals.KLOP_4_4_1
# Seat 0 declares its kvart and wins only thanks to it (42 + 50 against 91).
MELD_GAME_DEAL = (
    "TA ZK TO M7 P8 TK + ZA M8 TU / Z7 Z9 T10 T8 Z10 P7 + PA PK T9 / "
    "MA M10 PO P10 P9 ZU + T7 M9 ZO / talon MK PU Z8 MO MU"
)
# Seat 1 announces tulétroá; it wins the trump U and 9, seat 2 wins the 7.
SPLIT_TULETROA_DEAL = (
    "Z10 PK TU P8 PA P7 + TA ZO TO / PO Z9 M9 T7 ZA T9 + PU MU TK / "
    "M7 T8 MA P9 ZK ZU + MO MK Z7 / talon M8 P10 M10 Z8 T10"
)
# Seat 1 announces tulétroá and wins all three cards itself (leaves trumps).
MADE_TULETROA_DEAL = (
    "M10 T8 P10 PK TU ZO + TA MK M9 / Z10 T7 TK ZU T9 PU + T10 PA Z9 / "
    "MU ZK Z8 M7 Z7 PO + P8 M8 MA / talon ZA TO P7 P9 MO"
)
# Point thresholds, each with the card points the declarer (seat 0) takes.
ABSZOLUT_82 = (
    "PK ZA P8 T9 P9 P10 + ZK MA ZO / PO Z10 MK T7 TA ZU + MO Z8 T10 / "
    "M9 MU T8 M8 M7 Z9 + Z7 TU PU / talon PA M10 TK TO P7"
)
ABSZOLUT_81 = (
    "MU M9 M10 M7 TO T10 + ZU PA ZA / T8 T7 PO PU Z10 TU + MA TA P8 / "
    "MO Z8 PK TK T9 MK + M8 P7 P10 / talon Z7 ZK Z9 ZO P9"
)
HUNDRED_100 = (
    "ZK Z10 T10 P10 ZO MA + TK PK Z9 / TU M9 MU M8 PA P8 + PO MO T7 / "
    "M7 T8 MK T9 M10 PU + ZA P7 TO / talon Z8 Z7 P9 ZU TA"
)
HUNDRED_99 = (
    "PA PK ZO MU TA M10 + TK ZK ZU / MK MO MA PU T9 Z10 + T10 M9 TU / "
    "Z8 TO ZA T8 P8 T7 + Z7 P10 M8 / talon M7 P7 PO Z9 P9"
)
NT_ABSZOLUT_66 = (
    "Z7 Z8 MA P10 M8 ZO + ZK ZU TA / M9 Z9 P8 P9 T7 ZA + M10 MK TU / "
    "TK T8 PA Z10 PU MO + T10 M7 T9 / talon PK PO MU TO P7"
)
NT_ABSZOLUT_65 = (
    "Z10 P9 T9 PU MO PA + TA PO MU / Z8 TO TK T7 ZU M9 + MK MA P7 / "
    "P8 ZK P10 ZA TU ZO + M7 T8 PK / talon T10 Z7 M8 Z9 M10"
)

TRUMP_FRONT = "accept pass pass pass"  # seat 0 declares the original suit
NO_TRUMPS_FRONT = "pass pass pass bid no-trumps pass pass pass"  # seat 0 in no-trumps


def _settled(deal: str, script: str, *, last: bool = False) -> alsos.Settlement:
    game = finish(play(new_game(deal), script), last=last)
    assert game.settlement is not None
    return game.settlement


def _totals(s: alsos.Settlement) -> dict[int, int]:
    return {
        seat: s.card_points[seat] + s.meld_points[seat] + s.bela[seat] for seat in s.card_points
    }


def _assert_defenders_even(s: alsos.Settlement) -> None:
    assert sum(s.payments.values()) == 0
    assert s.declarer is not None
    defenders = [seat for seat in s.payments if seat != s.declarer]
    assert len({s.payments[d] for d in defenders}) == 1
    assert len({s.written[d] for d in defenders}) == 1


# --- card points ------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_trump_game_card_points_total_162_with_the_talon(seed: int) -> None:
    """pagat, "Players and Cards": 62 in trumps, 30 in each plain suit, 10 for the last
    trick: 162 in a trump game, the talon's share counting for nobody."""
    game = alsos.Game(RULES, seed=seed, dealer=2)
    play(game, "accept pass pass pass")
    finish(game)
    s = game.settlement
    assert s is not None
    assert sum(s.card_points.values()) + unwon_points(game) == 162


@pytest.mark.parametrize("seed", range(12))
def test_no_trump_card_points_total_130_with_the_talon(seed: int) -> None:
    """pagat, "Players and Cards": without trumps every suit is worth 30: 4 x 30 + 10 = 130."""
    game = alsos.Game(RULES, seed=seed, dealer=2)
    play(game, NO_TRUMPS_FRONT)
    finish(game)
    s = game.settlement
    assert s is not None
    assert sum(s.card_points.values()) + unwon_points(game) == 130


def test_card_values_in_trumps_and_plain_suits() -> None:
    """pagat, "Players and Cards": trumps U 20, 9 14, A 11, 10 10, K 4, O 3; plain
    A 11, 10 10, K 4, O 3, U 2; eights and sevens nothing.  In the scoring example
    the declarer takes MU MA MO, M9 M10 MK and the last trick PK TU M7."""
    game = new_game(SCORING_DEAL)
    play(game, "accept pass pass pass MU MA MO M9 M10 MK P8 PA PO TA TK T8 ZA ZK Z8")
    play(game, "P10 PU P7 T10 TO T7 Z10 P9 Z7 PK TU M7")
    s = game.settlement
    assert s is not None
    assert s.card_points[0] == (20 + 11 + 3) + (14 + 10 + 4) + (4 + 2 + 0) + 10


def test_every_seat_scores_its_won_cards_and_the_last_trick_ten() -> None:
    """pagat, "Players and Cards" / "Scoring": each player counts the cards in its own
    tricks; the winner of the last trick adds 10."""
    game = finish(play(new_game(SCORING_DEAL), TRUMP_FRONT))
    s = game.settlement
    assert s is not None
    last_winner = game.trick_winners[-1]
    for seat in range(3):
        in_tricks = sum(card_points(c, alsos.Suit.ACORNS) for c in won_cards(game, seat))
        assert s.card_points[seat] == in_tricks + (10 if seat == last_winner else 0)


# --- the game -----------------------------------------------------------------


def test_tie_with_a_defender_loses_the_game() -> None:
    """pagat, "Scoring": if any other player has as many points as the declarer, the
    game fails."""
    s = _settled(TIE_DEAL, TRUMP_FRONT)
    totals = _totals(s)
    assert totals[0] == totals[1] == 48
    assert s.game_won is False
    assert s.payments == {0: -2, 1: 1, 2: 1}


def test_declarer_is_compared_with_each_defender_separately() -> None:
    """pagat, "Types of Game and Bidding": opponents do not combine their points; the
    declarer wins by beating each of them on their own."""
    s = _settled(SEPARATE_DEAL, TRUMP_FRONT)
    totals = _totals(s)
    assert totals[0] > totals[1] and totals[0] > totals[2]
    assert totals[0] < totals[1] + totals[2]
    assert s.game_won is True
    assert s.payments == {0: 2, 1: -1, 2: -1}


def test_valid_melds_count_for_the_game() -> None:
    """pagat, "Scoring": the declarer's valid sequences are added to its card points."""
    game = play(new_game(MELD_GAME_DEAL), TRUMP_FRONT)
    play(game, "pass pass pass")  # seat 0 declines the síber (MU on top), 1 and 2 are asked too
    play(game, "declare kvart")
    s = finish(game).settlement
    assert s is not None
    assert s.meld_points[0] == 50
    assert s.card_points[0] < max(s.card_points[1], s.card_points[2])
    assert s.game_won is True


def test_lost_game_pays_each_defender_and_both_write_it() -> None:
    """pagat, "Scoring": a failed game is paid by the declarer to each opponent, and on
    paper both opponents score it."""
    s = _settled(TIE_DEAL, TRUMP_FRONT)
    assert s.written == {0: 0, 1: 1, 2: 1}


def test_won_no_trump_game_is_paid_two_by_each_defender() -> None:
    """pagat, "Scoring": a won no-trump game (2) is paid by each opponent."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass pass pass pass bid no-trumps pass pass pass")
    finish(game)  # seat 1 holds the Aces and wins
    s = game.settlement
    assert s is not None
    assert s.game_won is True
    assert s.payments == {0: -2, 1: 4, 2: -2}
    assert s.written == {0: 0, 1: 2, 2: 0}


# --- figures ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "script", "last", "points", "made"),
    [
        (ABSZOLUT_82, "accept announce abszolut pass pass pass", True, 82, True),
        (ABSZOLUT_81, "accept announce abszolut pass pass pass", True, 81, False),
        (HUNDRED_100, "accept announce 100 pass pass pass", False, 100, True),
        (HUNDRED_99, "accept announce 100 pass pass pass", False, 99, False),
        (
            NT_ABSZOLUT_66,
            "pass pass pass bid no-trumps announce abszolut pass pass pass",
            True,
            66,
            True,
        ),
        (
            NT_ABSZOLUT_65,
            "pass pass pass bid no-trumps announce abszolut pass pass pass",
            False,
            65,
            False,
        ),
    ],
)
def test_point_figure_thresholds(
    deal: str, script: str, last: bool, points: int, made: bool
) -> None:
    """pagat, "Figures": abszolút needs at least 82 (no-trumps 66) and 100 at least 100
    card points in tricks, last trick included."""
    game = finish(play(new_game(deal), script), last=last)
    s = game.settlement
    assert s is not None
    assert s.card_points[0] == points
    figure = "100" if "100" in script else "abszolut"
    assert entry(game, figure, 0).made is made


def test_abszolut_does_not_count_melds() -> None:
    """pagat, "Figures": abszolút counts only cards in tricks and the last trick; a
    kvint worth 100 does not help."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept pass pass pass PK PA")
    play(game, "declare kvint, announce abszolut, P7")  # seat 2
    play(game, "pass pass")
    finish(game)
    s = game.settlement
    assert s is not None
    assert s.meld_points[2] == 100 and s.card_points[2] < 82
    assert not entry(game, "abszolut", 2).made


def test_200_counts_melds_and_bela() -> None:
    """pagat, "Figures": 200 counts tricks plus melds (here all nine tricks, a szext
    and béla; cards alone can never reach 200)."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept pass pass pass PK")
    play(game, "declare szext, announce 200, PA, P7")  # seat 1, the declarer
    play(game, "pass")
    finish(game)
    s = game.settlement
    assert s is not None
    assert s.card_points[1] < 200 <= s.card_points[1] + s.meld_points[1] + s.bela[1]
    assert entry(game, "200", 1).made


def test_volat_needs_every_trick() -> None:
    """pagat, "Figures": volát, worth 5 from the back, succeeds by taking all nine tricks."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept pass pass pass PK announce volat, PA, P7 pass")
    finish(game)
    assert list(game.trick_winners) == [1] * 9
    assert entry(game, "volat", 1).made
    assert entry(game, "volat", 1).value == 5


def test_unannounced_figures_score_nothing() -> None:
    """pagat, "Figures": figures score only if announced; taking every trick without
    a volát announcement is just a won game."""
    game = finish(play(new_game(EXAMPLE_DEAL), "pass accept pass pass pass"))
    assert list(game.trick_winners) == [1] * 9
    s = game.settlement
    assert s is not None
    assert [e.label for e in s.entries] == ["game"]
    assert s.payments == {0: -1, 1: 2, 2: -1}


def test_volat_fails_with_one_trick_lost() -> None:
    """pagat, "Figures": volát fails if the announcer loses any trick."""
    game = new_game(SCORING_DEAL)
    play(game, "accept pass pass pass announce volat, MU")
    play(game, "MA MO")
    finish(game)
    assert game.trick_winners.count(0) < 9
    assert not entry(game, "volat", 0).made


def test_declarers_kassza_follows_the_game() -> None:
    """pagat, "Figures": the declarer's kassza (holding béla) succeeds if the game is won."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept announce kassza pass pass pass")
    finish(game)
    assert entry(game, "game").made
    assert entry(game, "kassza", 1).made
    assert entry(game, "kassza", 1).value == 2  # from the front


def test_defenders_kassza_with_the_partners_bela() -> None:
    """pagat, "Figures": a defender's kassza succeeds if the declarer loses and one
    opponent holds béla; it need not be the announcer."""
    game = new_game(SCORING_DEAL)  # seat 2 holds MK MO; seat 0 will lose
    play(game, "accept pass announce kassza pass pass pass")  # seat 1 announces
    finish(game)
    s = game.settlement
    assert s is not None
    assert s.bela[2] == 20 and s.bela[1] == 0
    assert s.game_won is False
    assert entry(game, "kassza", 1).made


def test_defenders_kassza_fails_when_the_declarer_wins() -> None:
    """pagat, "Figures": a defender's kassza says the declarer will not win the game."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept pass pass announce kassza pass pass")  # seat 0 announces
    finish(game)
    assert entry(game, "game").made
    assert not entry(game, "kassza", 0).made


def test_defender_figure_must_be_made_in_its_own_tricks() -> None:
    """pagat, "Figures": a defender's tulétroá needs all three cards in that defender's
    own tricks; split between the two opponents it fails."""
    game = play(new_game(SPLIT_TULETROA_DEAL), "accept pass announce tuletroa pass pass pass")
    finish(game)
    u, nine, seven = alsos.parse_cards("MU M9 M7")
    assert game.won[1] >> u & 1 and game.won[1] >> nine & 1
    assert game.won[2] >> seven & 1
    tul = entry(game, "tuletroa", 1)
    assert not tul.made
    assert tul.winners == (0,)
    s = game.settlement
    assert s is not None
    # game lost (1 to each defender) but the failed tulétroá (2) is paid by each
    assert s.payments == {0: 2, 1: -1, 2: -1}
    assert s.written == {0: 2, 1: 1, 2: 1}


def test_defender_figure_made_is_paid_by_the_declarer_to_both() -> None:
    """pagat, "Scoring": a successful figure of an opponent is paid by the declarer to
    each opponent."""
    game = play(new_game(MADE_TULETROA_DEAL), "accept pass announce tuletroa pass pass pass")
    finish(game, last=True)
    u, nine, seven = alsos.parse_cards("ZU Z9 Z7")
    assert all(game.won[1] >> c & 1 for c in (u, nine, seven))
    tul = entry(game, "tuletroa", 1)
    assert tul.made
    assert tul.winners == (1, 2)
    s = game.settlement
    assert s is not None
    assert s.payments == {0: -6, 1: 3, 2: 3}  # tulétroá 2 and the lost game 1
    assert s.written == {0: 0, 1: 3, 2: 3}


def test_declarer_figure_lost_pays_each_defender() -> None:
    """pagat, "Scoring": for a failed announcement of the declarer it pays each opponent."""
    game = play(new_game(ABSZOLUT_81), "accept announce abszolut pass pass pass")
    finish(game, last=True)
    s = game.settlement
    assert s is not None
    absz = entry(game, "abszolut", 0)
    assert not absz.made
    assert absz.value == 2
    assert absz.winners == (1, 2)
    _assert_defenders_even(s)


def test_scoring_example_payments() -> None:
    """pagat, "Scoring": tulétroá 2 and ultimó 2 won, game 2 lost: the declarer nets
    +4, each opponent -2; written 4 against 2 and 2."""
    game = new_game(SCORING_DEAL)
    play(
        game,
        "accept, announce tuletroa, pass, pass, pass, announce ultimo, MU,"
        "declare vannak, kontra game, MA, MO, pass",
    )
    for trick in (
        "M9 M10 MK",
        "P8 PA PO",
        "TA TK T8",
        "ZA ZK Z8",
        "P10 PU P7",
        "T10 TO T7",
        "Z10 P9 Z7",
        "PK TU M7",
    ):
        play(game, trick)
    s = game.settlement
    assert s is not None
    assert s.payments == {0: 4, 1: -2, 2: -2}
    assert s.written == {0: 4, 1: 2, 2: 2}


@pytest.mark.parametrize("seed", range(40))
def test_payments_are_zero_sum_and_defenders_share_alike(seed: int) -> None:
    """pagat, "Scoring": the opponents always pay or receive the same as each other,
    and what the declarer gains the opponents lose."""
    game = alsos.Game(RULES, seed=seed, dealer=seed % 3)
    play_out(game, alsos.RandomBot(seed))
    s = game.settlement
    assert s is not None
    assert sum(s.payments.values()) == 0
    if s.declarer is not None:
        _assert_defenders_even(s)


# --- calling ------------------------------------------------------------------


def _second_trick(front: str = "pass pass pass") -> alsos.Game:
    """EXAMPLE_DEAL, seat 1 declares acorns; seat 1 won trick 1 and is to lead."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept")
    play(game, front)
    play(game, "PK PA P7")
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 1
    return game


def test_gyerunk_offered_in_the_second_trick_without_figures() -> None:
    """pagat, "Calling": with no figure announced any player may call at its turn to
    play to the second trick, and only then."""
    game = _second_trick()
    assert "gyerunk" in [str(a) for a in game.legal_actions()]
    play(game, [first_card(game)])
    assert "gyerunk" in [str(a) for a in game.legal_actions()]  # seat 2, a defender
    play_cards(game, 2)
    assert "gyerunk" not in [str(a) for a in game.legal_actions()]  # third trick


def test_no_gyerunk_with_a_figure_other_than_kassza() -> None:
    """pagat, "Calling": calling is possible only if no figure, or only kassza, was
    announced."""
    game = _second_trick("announce abszolut pass pass pass")
    assert "gyerunk" not in [str(a) for a in game.legal_actions()]
    game = _second_trick("pass announce csalad pass pass pass")  # a defender's figure
    assert "gyerunk" not in [str(a) for a in game.legal_actions()]


def test_gyerunk_with_kassza_doubles_game_and_kassza() -> None:
    """pagat, "Calling": refusing a call doubles the game and the kassza."""
    game = _second_trick("announce kassza pass pass pass")
    play(game, "gyerunk")
    assert game.phase is alsos.Phase.CALL
    assert game.to_act == 2  # the defender after the declarer answers first
    play(game, "play on play on")
    finish(game)
    assert entry(game, "game").value == 2
    assert entry(game, "kassza", 1).value == 4


def test_gyerunk_conceded_by_both_scores_the_game_as_won() -> None:
    """pagat, "Calling": if the opponents concede, play stops and the callers score the
    game as won at the present stake."""
    game = _second_trick()
    play(game, "gyerunk concede concede")
    assert game.is_over
    s = game.settlement
    assert s is not None
    assert entry(game, "game").made
    assert entry(game, "game").value == 1
    assert s.payments == {0: -1, 1: 2, 2: -1}


def test_gyerunk_refused_by_one_defender_is_played_on() -> None:
    """pagat, "Calling": the opponents answer in turn and the more aggressive answer
    prevails: one refusal is enough to play on at double."""
    game = _second_trick()
    play(game, "gyerunk concede")
    assert game.to_act == 0
    assert "play on" in [str(a) for a in game.legal_actions()]
    play(game, "play on")
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 1  # the caller now plays its card
    finish(game)
    assert entry(game, "game").value == 2


def test_after_a_refusal_the_partner_cannot_concede() -> None:
    """pagat, "Calling": if the first opponent refuses, the second may only play on or
    kontra the call."""
    game = _second_trick()
    play(game, "gyerunk play on")
    assert sorted(str(a) for a in game.legal_actions()) == ["kontra gyerunk", "play on"]


def test_kontra_gyerunk_passes_the_choice_to_the_callers() -> None:
    """pagat, "Calling": a kontra of the call asks the callers to concede at double or
    play on at quadruple (or rekontra)."""
    game = _second_trick()
    play(game, "gyerunk kontra gyerunk")
    assert game.to_act == 1
    assert sorted(str(a) for a in game.legal_actions()) == [
        "concede",
        "play on",
        "rekontra gyerunk",
    ]
    conceded = _second_trick()
    play(conceded, "gyerunk kontra gyerunk concede")
    assert conceded.is_over
    assert not entry(conceded, "game").made
    assert entry(conceded, "game").value == 2
    played = _second_trick()
    play(played, "gyerunk kontra gyerunk play on")
    finish(played)
    assert entry(played, "game").value == 4


def test_a_defender_may_call_and_the_declarer_answers() -> None:
    """pagat, "Calling": any player may call; the declarer answers a defender's call."""
    game = _second_trick()
    play(game, [first_card(game)])  # seat 1 leads without calling
    play(game, "gyerunk")  # seat 2
    assert game.to_act == 1
    play(game, "concede")
    assert game.is_over
    assert not entry(game, "game").made


# --- rubber -------------------------------------------------------------------


def _klopitzky(deal: str) -> alsos.Settlement:
    return _settled(deal, "pass " * 9)


KLOP_5_2_2 = deals.KLOP_5_2_2
KLOP_4_4_1 = deals.KLOP_4_4_1


def test_rubber_first_to_twenty_gets_two() -> None:
    """pagat, "Scoring": the first player to reach 20 adds a bonus of 2; the rubber ends."""
    hand = _klopitzky(KLOP_4_4_1)
    assert hand.written == {0: 0, 1: 0, 2: 3}
    rubber = alsos.Rubber(RULES)
    for _ in range(6):
        rubber.add(hand)
    assert rubber.scores[2] == 18
    assert not rubber.is_over
    rubber.add(hand)
    assert rubber.is_over
    assert rubber.winner == 2
    assert rubber.scores == {0: 0, 1: 0, 2: 21 + 2}


def test_rubber_shared_crossing_goes_on_to_forty_with_four() -> None:
    """pagat, "Scoring": if two players reach 20 on the same deal, the rubber continues
    to 40 with a bonus of 4."""
    both = _klopitzky(KLOP_5_2_2)
    assert both.written == {0: 0, 1: 3, 2: 3}
    rubber = alsos.Rubber(RULES)
    for _ in range(7):
        rubber.add(both)
    assert rubber.scores == {0: 0, 1: 21, 2: 21}
    assert not rubber.is_over
    assert rubber.target == 40
    one = _klopitzky(KLOP_4_4_1)
    for _ in range(6):
        rubber.add(one)
    assert rubber.scores[2] == 39
    assert not rubber.is_over
    rubber.add(one)
    assert rubber.winner == 2
    assert rubber.scores[2] == 42 + 4


@pytest.mark.parametrize(
    ("variant", "players"),
    TABLES,
)
def test_payments_without_the_settlement_equal_the_settlements(
    variant: str, players: int | None
) -> None:
    """pagat, "Scoring": the engine's payments read without the itemised settlement
    (the scoring module's ``payments`` hook, what search reads) are the settlement's
    payments, in hands of every kind that random play reaches (figures, kontras,
    calls, Betli, Klopitzky, thrown in)."""
    import random

    from alsos.hand.engine import engine_for

    rules = alsos.load_variant(variant, **({"players": players} if players else {}))
    eng = engine_for(rules)
    kinds = set()
    for seed in range(150):
        rng = random.Random(seed)
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        play_out(game, at_random(rng))
        st = game.settlement
        assert st is not None
        s = game.state.copy()
        s.settlement = None  # as a finished search copy has it: no settlement built
        assert eng.payments(s) == st.payments, (variant, seed)
        assert s.settlement is None
        assert eng.settlement_of(s) == st  # built on first use, then kept
        assert s.settlement is eng.settlement_of(s)
        kinds.add((st.contract.split()[0], len(st.entries) > 1))
    assert len(kinds) >= 2  # several kinds of game, with figures
