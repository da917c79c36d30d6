"""Figures, kontras and the rounds of announcements under potter1930.

Source: pagat, "Announcements and Kontras" ("Figures", "Kontras"), "Announcement
procedure", "After the First Trick"; VARIANTS.md potter1930 §4, §5, §6.
"""

from __future__ import annotations

import deals
import pytest
from scripted import POTTER_BACK_VALUES, item_values, legal, new_game, play

import alsos

# Acorns proposed (indicator M8).  Seat 1 holds trump K and O (béla) among its
# six seen cards; seat 0 holds no acorn at all; seat 2 has a kvint in gourds.
DEAL = deals.ACORNS_PLAIN

BACK_VALUES = POTTER_BACK_VALUES


def _announced(game: alsos.Game) -> list[str]:
    return [a.removeprefix("announce ") for a in legal(game) if a.startswith("announce ")]


def _kontras(game: alsos.Game) -> list[str]:
    levels = ("kontra ", "rekontra ", "szubkontra ", "hirskontra ", "mordkontra ")
    return [a for a in legal(game) if a.startswith(levels)]


def _front(declarer_script: str = "pass accept") -> alsos.Game:
    """Seat 1 declares acorns; the front round is open with seat 1 to speak."""
    game = new_game(DEAL)
    play(game, declarer_script)
    assert game.phase is alsos.Phase.FRONT
    return game


def _first_trick() -> alsos.Game:
    """Seat 1 declares acorns, everybody passes the front round; seat 0 to lead."""
    game = _front()
    play(game, "pass pass pass")
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 0
    return game


@pytest.mark.parametrize("figure", sorted(set(BACK_VALUES) - {"volat"}))
def test_figure_from_the_front_is_worth_double(figure: str) -> None:
    """pagat, "Figures": the listed scores are for figures announced from the back;
    from the front (six cards) each is doubled."""
    game = _front()
    play(game, f"announce {figure}")
    assert item_values(game)[f"{figure}@1"] == 2 * BACK_VALUES[figure]


@pytest.mark.parametrize("figure", sorted(BACK_VALUES))
def test_figure_from_the_back_has_its_listed_value(figure: str) -> None:
    """pagat, "Figures": kassza 1, abszolút 1, 100 2, 200 1, 44 1, tulétroá 1,
    család 1, összes adu 2, ultimó 2, volát 5 when announced from the back."""
    game = _first_trick()
    play(game, "PK")  # seat 0 leads
    play(game, f"announce {figure}")  # seat 1, the declarer, with nine cards
    assert item_values(game)[f"{figure}@1"] == BACK_VALUES[figure]


def test_game_values_trump_one_no_trumps_two() -> None:
    """pagat, "Types of Game and Bidding": a trump game scores 1, a no-trump game 2."""
    assert item_values(_front()) == {"game": 1}
    game = new_game(DEAL)
    play(game, "pass pass pass pass bid no-trumps")
    assert item_values(game) == {"game": 2}


def test_volat_only_from_the_back() -> None:
    """pagat, "Figures": volát cannot be announced from the front, only with nine cards."""
    game = _front()
    assert "volat" not in _announced(game)
    play(game, "pass pass pass PK")
    assert "volat" in _announced(game)


def test_no_trump_game_allows_only_abszolut_100_200_44_and_volat() -> None:
    """pagat, "Figures": in no-trump games only abszolút, 100, 200, 44 and volát exist."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass bid no-trumps")
    assert sorted(_announced(game)) == ["100", "200", "44", "abszolut"]
    play(game, "pass pass pass")
    assert game.phase is alsos.Phase.PLAY
    assert sorted(_announced(game)) == ["100", "200", "44", "abszolut", "volat"]


def test_trump_game_allows_every_figure() -> None:
    """pagat, "Figures": any of the ten figures can be announced in a trump game."""
    game = _first_trick()
    play(game, "PK")
    assert sorted(_announced(game)) == sorted(BACK_VALUES)


def test_kassza_by_the_declarer_needs_bela() -> None:
    """pagat, "Figures": the declarer may announce kassza only holding trump K and O."""
    with_bela = _front("pass accept")  # seat 1 holds MK MO
    assert "kassza" in _announced(with_bela)
    without_bela = _front("accept")  # seat 0 holds no acorn
    assert "kassza" not in _announced(without_bela)


def test_abszolut_and_100_not_in_the_same_round() -> None:
    """pagat, "Figures": a player may not announce both abszolút and 100 in one round
    of announcements, in either order."""
    game = _front()
    play(game, "announce abszolut")
    assert "100" not in _announced(game)
    game = _front()
    play(game, "announce 100")
    assert "abszolut" not in _announced(game)


def test_100_from_the_back_after_abszolut_from_the_front() -> None:
    """pagat, "Figures": abszolút from the front and 100 from the back is allowed."""
    game = _front()
    play(game, "announce abszolut, pass, pass, pass, PK")
    assert "100" in _announced(game)


def test_no_abszolut_after_100() -> None:
    """pagat, "Figures": a player who has announced 100 cannot later announce abszolút."""
    game = _front()
    play(game, "announce 100, pass, pass, pass, PK")
    assert game.to_act == 1
    assert "abszolut" not in _announced(game)


def test_another_seat_may_announce_the_same_figure() -> None:
    """pagat, "Announcement procedure": two players may announce the same figure;
    each is a separate item."""
    game = _front()
    play(game, "announce abszolut, pass")
    assert "abszolut" in _announced(game)  # seat 2
    play(game, "announce abszolut")
    assert item_values(game) == {"game": 1, "abszolut@1": 2, "abszolut@2": 2}


def test_kontra_from_the_front_quadruples() -> None:
    """pagat, "Kontras": a kontra said from the front multiplies by 4."""
    game = _front()
    play(game, "announce abszolut, pass")
    play(game, "kontra game, kontra abszolut@1")
    assert item_values(game) == {"game": 4, "abszolut@1": 8}


def test_kontra_from_the_back_doubles() -> None:
    """pagat, "Kontras": a kontra said from the back (in the first trick) doubles."""
    game = _front()
    play(game, "announce abszolut, pass, pass, pass")
    play(game, "kontra game, kontra abszolut@1")  # seat 0 in the first trick
    assert item_values(game) == {"game": 2, "abszolut@1": 4}


def test_front_kontra_then_back_rekontra() -> None:
    """pagat, "Kontras": a front kontra can be answered from the back: x4 then x2."""
    game = _front()
    play(game, "announce tuletroa, pass, kontra tuletroa@1, pass, pass, pass")
    assert item_values(game)["tuletroa@1"] == 2 * 4
    play(game, "PK, rekontra tuletroa@1")
    assert item_values(game)["tuletroa@1"] == 2 * 4 * 2


def test_kontra_ladder_has_four_levels_each_answering_the_last() -> None:
    """pagat, "Kontras": kontra, rekontra, szubkontra, hirskontra, said alternately by
    the two sides; nothing follows hirskontra."""
    game = _front()
    play(game, "pass")  # seat 1, declarer
    play(game, "kontra game, pass")  # seat 2: x4
    play(game, "pass")  # seat 0
    assert _kontras(game) == ["rekontra game"]  # back to the declarer
    play(game, "rekontra game, pass")  # x4
    assert _kontras(game) == ["szubkontra game"]  # seat 2
    play(game, "szubkontra game, pass")  # x4
    play(game, "pass")  # seat 0
    play(game, "hirskontra game, pass")  # declarer: x4
    assert item_values(game) == {"game": 4**4}
    assert _kontras(game) == []  # seat 2: nothing above hirskontra


def test_no_rekontra_without_a_kontra() -> None:
    """pagat, "Kontras": rekontra only answers a kontra, so it is not offered first."""
    game = _front()
    play(game, "announce abszolut, pass")
    assert _kontras(game) == ["kontra game", "kontra abszolut@1"]


def test_declarer_cannot_kontra_own_game_or_figure() -> None:
    """pagat, "Kontras": only an opponent of the undertaker says kontra."""
    game = _front()
    play(game, "announce abszolut")
    assert _kontras(game) == []


def test_a_defender_cannot_rekontra_the_other_defenders_kontra() -> None:
    """pagat, "Kontras": steps alternate between the two sides, so after one defender's
    kontra the other defender has nothing to say on that item."""
    game = _front()
    play(game, "pass, kontra game, pass")  # seat 2 kontras
    assert game.to_act == 0
    assert _kontras(game) == []


def test_defenders_never_kontra_each_others_figures() -> None:
    """pagat, "Kontras": a defender's figure can be kontra'd only by the declarer."""
    game = _front()
    play(game, "pass, announce csalad, pass")  # seat 2, a defender
    assert game.to_act == 0
    assert "kontra csalad@2" not in legal(game)
    play(game, "pass")
    assert "kontra csalad@2" in legal(game)  # seat 1, the declarer


def test_either_defender_may_rekontra_for_the_announcer() -> None:
    """pagat, "Kontras": when the declarer kontras a defender's figure, either defender
    may reply with rekontra, not only the announcer."""
    game = _front()
    play(game, "pass, announce csalad, pass, pass")  # seat 2 announces, seat 0 passes
    play(game, "kontra csalad@2, pass")  # declarer: 2 x 4
    play(game, "pass")  # seat 2 lets it stand
    assert game.to_act == 0
    assert "rekontra csalad@2" in legal(game)  # the announcer's partner
    play(game, "rekontra csalad@2")
    assert item_values(game)["csalad@2"] == 2 * 4 * 4


def test_front_round_starts_with_declarer_and_needs_two_passes() -> None:
    """pagat, "Announcement procedure": the declarer speaks first; if an opponent
    speaks the declarer gets another turn; two passes in a row end the round."""
    game = _front()
    assert game.to_act == 1
    play(game, "pass")  # declarer
    play(game, "pass")  # seat 2
    assert game.to_act == 0
    play(game, "announce csalad, pass")  # seat 0 says something
    assert game.phase is alsos.Phase.FRONT
    assert game.to_act == 1  # the declarer speaks again despite having passed
    play(game, "kontra csalad@0, pass")
    play(game, "pass")  # seat 2
    assert game.phase is alsos.Phase.FRONT
    play(game, "pass")  # seat 0: the second pass in a row
    assert game.phase is alsos.Phase.PLAY


def test_front_round_all_pass_closes_after_every_seat_spoke() -> None:
    """pagat, "Announcement procedure": the round lasts until two consecutive passes,
    and every seat has its turn: declarer, then the others in order."""
    game = _front()
    play(game, "pass pass")
    assert game.phase is alsos.Phase.FRONT
    assert game.to_act == 0
    play(game, "pass")
    assert game.phase is alsos.Phase.PLAY


def test_first_trick_round_closes_with_the_trick_after_two_passes() -> None:
    """pagat, "Announcement procedure": the back round runs with the first trick; if
    the last two seats to play only played, it ends with the trick."""
    game = _first_trick()
    play(game, "kontra game, PK")  # seat 0 speaks
    play(game, "PA")  # seat 1 only plays: a pass
    play(game, "P7")  # seat 2 only plays: a second pass
    assert game.phase is alsos.Phase.PLAY
    assert game.trick_no == 1
    assert game.to_act == 1  # PA won the trick


def test_meld_declaration_is_not_an_utterance_for_closing() -> None:
    """pagat, "Announcement procedure": declaring a meld is not a figure or kontra,
    so a turn with only a declaration counts as a pass."""
    game = _first_trick()
    play(game, "kontra game, PK")
    play(game, "PA")
    play(game, "declare kvint, P7")  # seat 2 declares but says nothing else
    assert game.phase is alsos.Phase.PLAY
    assert game.meld_winner["sequence"] == 2


def test_completion_round_goes_on_after_the_first_trick() -> None:
    """pagat, "After the First Trick": if the second or third seat to play spoke,
    the round continues after the trick from the next seat until two passes."""
    game = _first_trick()
    play(game, "PK")
    play(game, "PA")
    play(game, "kontra game, P7")  # the last seat to play speaks
    assert game.phase is alsos.Phase.COMPLETION
    assert game.to_act == 0
    play(game, "pass")
    assert game.to_act == 1
    assert "rekontra game" in legal(game)
    play(game, "pass")
    assert game.phase is alsos.Phase.PLAY


def test_completion_round_offers_only_kontras() -> None:
    """pagat outline step 9 (VARIANTS.md §6 ruling): after the first trick only the
    stakes can be raised; no new figures are announced."""
    game = _first_trick()
    play(game, "announce abszolut, PK")
    play(game, "announce 100, PA")
    play(game, "kontra game, P7")
    assert game.phase is alsos.Phase.COMPLETION
    assert game.to_act == 0
    assert legal(game) == ["pass", "kontra 100@1"]
