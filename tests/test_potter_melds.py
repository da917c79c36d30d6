"""Melds under potter1930: sequences, vannak, béla, and their validation.

Source: pagat, "Melds" ("Sequences", "Sets (vannak)", "Béla"), "First Trick",
"Validation of Meld", "Scoring"; VARIANTS.md potter1930 §8.
In every deal here acorns are proposed (indicator M8) and seat 0 accepts.
"""

from __future__ import annotations

import deals
import pytest
from scripted import finish, first_card, legal, new_game, play, play_cards

import alsos
from alsos import Step
from alsos.hand.history import MeldAnswer
from alsos.pack.actions import SHOW
from alsos.pack.cards import Rank

# Seats 1 and 2 each hold a plain kvart to the Ace (hearts, gourds).
TIE_DEAL = (
    "MA MU M9 M7 Z9 T9 + Z7 T7 P9 / "
    "PA PK PO PU ZA Z10 + ZK T10 MK / "
    "TA TK TO TU ZO ZU + Z8 P8 M10 / "
    "talon M8 MO P10 T8 P7"
)
# Seat 1: hearts kvart to the Ace; seat 2: gourds kvart to the King.
HIGHER_DEAL = deals.MELD_CONTEST
# Seat 1: hearts kvart to the Ace; seat 2: the trump kvart to the Ace.
TRUMP_DEAL = (
    "M10 M9 M7 T9 T7 Z9 + Z7 P9 P8 / "
    "PA PK PO PU ZA Z10 + ZK TA T10 / "
    "MA MK MO MU ZO ZU + TK TO P10 / "
    "talon M8 TU T8 Z8 P7"
)
# Seat 1: hearts kvart; seat 2: gourds kvint.
LONGER_DEAL = (
    "MA MU M9 M7 Z9 T7 + Z7 P9 T8 / "
    "PA PK PO PU ZA Z10 + ZK T9 MK / "
    "TA TK TO TU T10 ZO + ZU Z8 M10 / "
    "talon M8 MO P10 P8 P7"
)
# Seat 1 holds all eight hearts; seat 2 a gourds kvart and a leaves terc.
OKT_DEAL = (
    "MA MU M9 M7 T9 T7 + Z9 Z7 MK / "
    "PA PK PO PU P10 P9 + P8 P7 ZA / "
    "TA TK TO TU ZK ZO + ZU Z8 M10 / "
    "talon M8 MO T10 T8 Z10"
)
# Seat 1 holds four Aces and four Kings; seat 2 four Unders and four Tens.
VANNAK_DEAL = (
    "MO PO TO ZO M9 Z9 + M7 P7 T7 / "
    "MA PA TA ZA MK PK + TK ZK P9 / "
    "MU PU TU ZU M10 P10 + T10 Z10 T9 / "
    "talon M8 P8 T8 Z8 Z7"
)


def _declare_in_first_trick(
    deal: str, seat1: str, seat2: str, bidding: str = "accept"
) -> alsos.Game:
    """Seat 0 declares; in the first trick seats 1 and 2 say ``seat1``/``seat2``."""
    game = new_game(deal)
    play(game, bidding)
    play(game, "pass pass pass")
    assert game.phase is alsos.Phase.PLAY
    for _ in range(3):
        seat = game.to_act
        script = {1: seat1, 2: seat2}.get(seat, "")
        if script:
            play(game, script)
        play(game, [first_card(game)])
    return game


def _meld_points(game: alsos.Game) -> dict[int, int]:
    finish(game)
    assert game.settlement is not None
    return game.settlement.meld_points


def test_only_the_longest_sequence_may_be_declared() -> None:
    """pagat, "First Trick": a player names only the length of the longest sequence
    and may not declare a kvart as a terc."""
    game = new_game(OKT_DEAL)
    play(game, "accept pass pass pass")
    play(game, [first_card(game)])
    assert [a for a in legal(game) if a.startswith("declare")] == ["declare okt"]
    play(game, [first_card(game)])
    assert [a for a in legal(game) if a.startswith("declare")] == ["declare kvart"]
    with pytest.raises(alsos.IllegalActionError):
        game.apply("declare terc")


def test_okt_is_one_sequence_worth_100() -> None:
    """pagat, "Sequences": an eight-card suit is an okt worth 100, not a kvint plus a terc."""
    game = _declare_in_first_trick(OKT_DEAL, "declare okt", "declare kvart")
    assert game.meld_winner["sequence"] == 1  # eight beats four without a contest
    assert _meld_points(game) == {0: 0, 1: 100, 2: 0}


def test_the_valid_declarer_scores_all_its_sequences() -> None:
    """pagat, "Sequences" / "Validation of Meld": the holder of the best sequence
    scores every sequence held: kvart 50 plus terc 20."""
    game = _declare_in_first_trick(OKT_DEAL, "", "declare kvart")
    assert _meld_points(game) == {0: 0, 1: 0, 2: 70}


@pytest.mark.parametrize(
    ("deal", "length", "value"),
    [
        (HIGHER_DEAL, "kvart", 50),
        (LONGER_DEAL, "kvint", 100),
    ],
)
def test_sequence_values(deal: str, length: str, value: int) -> None:
    """pagat, "Sequences": terc 20, kvart 50, kvint or longer 100."""
    game = _declare_in_first_trick(deal, "", f"declare {length}")
    assert _meld_points(game)[2] == value


def test_terc_is_worth_20() -> None:
    """pagat, "Sequences": a terc is worth 20 card points."""
    deal = (  # seat 2's longest sequence is ZK ZO ZU
        "MA MU M9 M7 T9 T7 + Z9 Z7 MK / PA PK PO PU P10 P9 + P8 P7 ZA / "
        "TA TK TU T10 ZK ZO + ZU Z8 M10 / talon M8 MO TO T8 Z10"
    )
    game = _declare_in_first_trick(deal, "", "declare terc")
    assert _meld_points(game) == {0: 0, 1: 0, 2: 20}


def test_longer_sequence_wins_without_a_contest() -> None:
    """pagat, "Sequences": a longer sequence beats a shorter one; no validation step."""
    game = _declare_in_first_trick(LONGER_DEAL, "declare kvart", "declare kvint")
    assert game.phase is alsos.Phase.PLAY
    assert game.meld_winner["sequence"] == 2
    assert _meld_points(game) == {0: 0, 1: 0, 2: 100}


def test_equal_length_is_decided_by_the_top_card_step_by_step() -> None:
    """pagat, "Validation of Meld": equal lengths are compared by the top card, each
    declarer telling it in declaration order; the higher one is valid."""
    game = _declare_in_first_trick(HIGHER_DEAL, "declare kvart", "declare kvart")
    assert game.phase is alsos.Phase.MELDS
    assert game.to_act == 1  # first to declare answers first
    assert sorted(legal(game)) == ["kicsi", "show"]
    play(game, "show")
    assert game.view(0).history[-1] == Step(1, SHOW, None, MeldAnswer("top", Rank.ACE))
    assert game.view(0).history[-1].text == "show (to the A)"
    assert game.to_act == 2
    play(game, "show")
    assert game.view(0).history[-1] == Step(2, SHOW, None, MeldAnswer("top", Rank.KING))
    assert game.view(0).history[-1].text == "show (to the K)"
    assert game.phase is alsos.Phase.PLAY
    assert game.meld_winner["sequence"] == 1
    assert _meld_points(game) == {0: 0, 1: 50, 2: 0}


def test_kicsi_concedes_even_a_better_sequence() -> None:
    """pagat, "Validation of Meld": a player may concede with "kicsi" without revealing
    more, even holding the better meld."""
    game = _declare_in_first_trick(HIGHER_DEAL, "declare kvart", "declare kvart")
    play(game, "kicsi")  # seat 1's kvart to the Ace is better
    assert game.phase is alsos.Phase.PLAY
    assert game.meld_winner["sequence"] == 2
    assert _meld_points(game) == {0: 0, 1: 0, 2: 50}


def test_trump_sequence_beats_equal_plain_sequence() -> None:
    """pagat, "Sequences": with equal length and top card the trump sequence is better."""
    game = _declare_in_first_trick(TRUMP_DEAL, "declare kvart", "declare kvart")
    play(game, "show show")  # both to the Ace
    assert game.phase is alsos.Phase.MELDS
    play(game, "show")
    assert game.view(0).history[-1] == Step(1, SHOW, None, MeldAnswer("trumps", 0))
    assert game.view(0).history[-1].text == "show (not in trumps)"
    play(game, "show")
    assert game.meld_winner["sequence"] == 2
    assert _meld_points(game) == {0: 0, 1: 0, 2: 50}


def test_equal_plain_sequences_score_for_nobody() -> None:
    """pagat, "Sequences" / "Validation of Meld": tied non-trump sequences of equal
    length and top card: neither player scores."""
    game = _declare_in_first_trick(TIE_DEAL, "declare kvart", "declare kvart")
    play(game, "show show show show")
    assert game.phase is alsos.Phase.PLAY
    assert game.meld_winner["sequence"] is None
    assert _meld_points(game) == {0: 0, 1: 0, 2: 0}


def test_undeclared_sequence_scores_nothing() -> None:
    """pagat, "Scoring": only declared melds count; holding a sequence is not enough."""
    game = _declare_in_first_trick(LONGER_DEAL, "", "")
    assert _meld_points(game) == {0: 0, 1: 0, 2: 0}


def test_vannak_ranks_in_trump_order_in_a_trump_game() -> None:
    """pagat, "Sets (vannak)" / "Validation of Meld": in a trump game vannaks rank
    U 9 A 10 K O 8 7, so four Unders beat four Aces."""
    game = _declare_in_first_trick(VANNAK_DEAL, "declare vannak", "declare vannak")
    assert game.phase is alsos.Phase.MELDS
    play(game, "show")
    assert game.view(0).history[-1] == Step(1, SHOW, None, MeldAnswer("vannak", Rank.ACE))
    assert game.view(0).history[-1].text == "show (vannak of A)"
    play(game, "show")
    assert game.view(0).history[-1] == Step(2, SHOW, None, MeldAnswer("vannak", Rank.UNDER))
    assert game.view(0).history[-1].text == "show (vannak of U)"
    assert game.meld_winner["vannak"] == 2


def test_vannak_winner_scores_80_for_each_of_its_vannaks() -> None:
    """pagat, "Sets (vannak)": a vannak is worth 80, and the winner also scores a
    second vannak; the loser scores none."""
    game = _declare_in_first_trick(VANNAK_DEAL, "declare vannak", "declare vannak")
    play(game, "show show")
    assert _meld_points(game) == {0: 0, 1: 0, 2: 160}  # Unders and Tens


def test_vannak_ranks_in_plain_order_without_trumps() -> None:
    """pagat, "Validation of Meld": in a no-trump game vannaks rank A 10 K O U 9 8 7,
    so four Aces beat four Unders."""
    game = _declare_in_first_trick(
        VANNAK_DEAL, "declare vannak", "declare vannak", bidding="pass pass pass bid no-trumps"
    )
    assert game.contract is not None and game.contract.kind is alsos.Kind.NO_TRUMPS
    play(game, "show show")
    assert game.meld_winner["vannak"] == 1
    assert _meld_points(game) == {0: 0, 1: 160, 2: 0}  # Aces and Kings


def test_single_vannak_needs_no_contest() -> None:
    """pagat, "Validation of Meld": an only vannak is valid at once."""
    game = _declare_in_first_trick(VANNAK_DEAL, "", "declare vannak")
    assert game.phase is alsos.Phase.PLAY
    assert _meld_points(game)[2] == 160


def test_bela_scores_20_for_its_holder_without_declaring() -> None:
    """pagat, "Béla": trump King and Over in one hand score 20 without any declaration,
    for a defender too, and beat nothing and are beaten by nothing."""
    game = _declare_in_first_trick(TRUMP_DEAL, "", "")  # seat 2 holds MK MO
    finish(game)
    settlement = game.settlement
    assert settlement is not None
    assert settlement.bela == {0: 0, 1: 0, 2: 20}
    assert settlement.meld_points == {0: 0, 1: 0, 2: 0}


def test_bela_counts_alongside_a_winning_sequence() -> None:
    """pagat, "Béla" / "Scoring": béla is added besides the valid sequences."""
    game = _declare_in_first_trick(TRUMP_DEAL, "declare kvart", "declare kvart")
    play(game, "show show show show")
    finish(game)
    settlement = game.settlement
    assert settlement is not None
    assert settlement.meld_points[2] == 50
    assert settlement.bela[2] == 20


def test_no_bela_in_no_trumps() -> None:
    """pagat, "Béla": béla is the King and Over of trumps, so none without trumps."""
    game = _declare_in_first_trick(TRUMP_DEAL, "", "", bidding="pass pass pass bid no-trumps")
    finish(game)
    assert game.settlement is not None
    assert game.settlement.bela == {0: 0, 1: 0, 2: 0}


def test_melds_count_towards_the_game() -> None:
    """pagat, "Scoring": valid melds are added to card points when the declarer's total
    is compared with each opponent's."""
    game = _declare_in_first_trick(VANNAK_DEAL, "declare vannak", "declare vannak")
    play(game, "show show")
    finish(game)
    settlement = game.settlement
    assert settlement is not None
    total = {
        s: settlement.card_points[s] + settlement.meld_points[s] + settlement.bela[s]
        for s in range(3)
    }
    assert settlement.game_won is (total[0] > total[1] and total[0] > total[2])
    assert total[2] >= 160


def test_no_melds_after_the_first_trick() -> None:
    """pagat, "First Trick": melds are declared only before playing to the first trick."""
    game = _declare_in_first_trick(LONGER_DEAL, "", "")
    play_cards(game, 1)
    assert not any(a.startswith("declare") for a in legal(game))


def test_two_sequences_in_one_suit_with_a_gap() -> None:
    """pagat, "Sequences": a hand may hold several sequences that do not touch; A K O
    and 10 9 8 of one suit (the Under missing) are two tercs, 40."""
    deal = (  # seat 0 holds MA MK MO and M10 M9 M8; the Under MU is the indicator
        "MA MK MO M10 M9 M8 + Z7 T7 P9 / PA PK PU ZA Z10 T9 + ZK TA T10 / "
        "TK TO TU ZO ZU P10 + Z8 P8 M7 / talon MU PO Z9 T8 P7"
    )
    game = new_game(deal)
    play(game, "pass pass accept pass pass pass")  # seat 2 declares acorns
    assert [a for a in legal(game) if a.startswith("declare")] == ["declare terc"]
    play(game, "declare terc")
    play_cards(game, 3)
    assert _meld_points(game) == {0: 40, 1: 0, 2: 0}
