"""The worked examples of the potter1930 source, replayed move by move.

Source: pagat (the main description,
after Potter 1930); VARIANTS.md column potter1930.  Seats 0, 1, 2 play in that
order; with dealer 2, seat 0 is forehand.
"""

from __future__ import annotations

import deals
from scripted import entry, finish, item_values, legal, new_game, play

import alsos

# A, B, C = seats 0, 1, 2; C deals.  Acorns are proposed (indicator M8) and the
# top talon card P9 is neither a trump nor an Ace, so there is no síber.
# B holds the trumps for abszolút and tulétroá; C holds a kvint (TO..T8) and
# nothing longer.
EXAMPLE_DEAL = deals.ACORNS_PLAIN


def test_after_first_trick_example_item_values() -> None:
    """pagat, "After the First Trick": the A/B/C example ends with game 2, tulétroá 4,
    abszolút 2 and the 100 at 8 game points."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "pass accept")  # A passes round 1, B accepts acorns
    assert game.declarer == 1
    assert game.phase is alsos.Phase.FRONT
    play(game, "announce abszolut, announce tuletroa, pass")  # B, from the front
    play(game, "pass")  # C
    play(game, "pass")  # A: two passes in a row close the front round
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 0
    play(game, "kontra tuletroa@1, PK")  # A kontras the tulétroá and leads
    play(game, "announce 100, PA")  # B announces 100 and plays
    play(game, "declare kvint, kontra game, kontra 100@1, P7")  # C ends the trick
    # The back round is not closed: it goes on from A.
    assert game.phase is alsos.Phase.COMPLETION
    assert game.to_act == 0
    play(game, "pass")  # A
    play(game, "rekontra 100@1, pass")  # B
    play(game, "pass")  # C
    assert game.phase is alsos.Phase.COMPLETION
    play(game, "pass")  # A: second pass in a row
    assert game.phase is alsos.Phase.PLAY
    assert item_values(game) == {
        "game": 2,
        "tuletroa@1": 4,
        "abszolut@1": 2,
        "100@1": 8,
    }
    # The values survive to the settlement unchanged.
    finish(game)
    assert entry(game, "game").value == 2
    assert entry(game, "tuletroa", 1).value == 4
    assert entry(game, "abszolut", 1).value == 2
    assert entry(game, "100", 1).value == 8


def test_after_first_trick_example_only_c_scores_sequences() -> None:
    """pagat, "After the First Trick" / "Validation of Meld": C's kvint, the only
    sequence declared, is valid without a contest and is worth 100."""
    game = new_game(EXAMPLE_DEAL)
    play(
        game,
        "pass accept, announce abszolut, announce tuletroa, pass, pass, pass,"
        "kontra tuletroa@1, PK, announce 100, PA, declare kvint, kontra game,"
        "kontra 100@1, P7, pass, rekontra 100@1, pass, pass, pass",
    )
    assert game.meld_winner["sequence"] == 2
    finish(game)
    assert game.settlement is not None
    assert game.settlement.meld_points == {0: 0, 1: 0, 2: 100}


# A no-trump deal for the calling chain: seat 1 bids no-trumps in round 2.
CALL_DEAL = EXAMPLE_DEAL


def _no_trumps_kontra_rekontra() -> alsos.Game:
    """NT game by seat 1, kontra'd from the front by seat 2, rekontra'd from the back."""
    game = new_game(CALL_DEAL)
    play(game, "pass pass pass")  # round 1
    play(game, "pass bid no-trumps")  # round 2: seat 1 bids no-trumps
    assert game.declarer == 1
    assert item_values(game) == {"game": 2}
    play(game, "pass")  # seat 1 (declarer) first
    play(game, "kontra game, pass")  # seat 2 from the front: 2 x 4
    play(game, "pass pass")  # seat 0, seat 1
    assert item_values(game) == {"game": 8}
    assert game.to_act == 0  # the seat before the declarer leads in no-trumps
    play(game, "PK")
    play(game, "rekontra game, PA")  # declarer from the back: 8 x 2
    play(game, "P7")
    play(game, "pass")  # completion round: seat 0 passes, seat 2 passed last
    assert item_values(game) == {"game": 16}
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 1  # seat 1 won the first trick with PA
    play(game, "gyerunk")  # 32 if refused
    play(game, "kontra gyerunk")  # seat 2 (after the declarer) answers: 64
    play(game, "rekontra gyerunk")  # declarer: 128
    play(game, "szubkontra gyerunk")  # seat 2: 256
    play(game, "hirskontra gyerunk")  # declarer: 512 if the defenders play on
    assert game.phase is alsos.Phase.CALL
    assert game.to_act == 2
    return game


def test_calling_chain_conceded_at_hirskontra_pays_256() -> None:
    """pagat, "Calling": NT 2, kontra front 8, rekontra back 16, then gyerünk, kontra,
    rekontra and szubkontra; conceding the hirskontra gives the callers 256."""
    game = _no_trumps_kontra_rekontra()
    assert legal(game) == ["concede", "play on"]  # hirskontra is the top level
    play(game, "concede concede")
    assert game.is_over
    settlement = game.settlement
    assert settlement is not None
    assert settlement.conceded
    game_entry = entry(game, "game")
    assert game_entry.made
    assert game_entry.value == 256
    assert settlement.payments == {0: -256, 1: 512, 2: -256}


def test_calling_chain_played_on_after_hirskontra_is_worth_512() -> None:
    """pagat, "Calling": accepting the hirskontra and playing on puts 512 on the game."""
    game = _no_trumps_kontra_rekontra()
    play(game, "play on")
    assert game.to_act == 0
    assert legal(game) == ["play on"]  # the first answer refused: no concession
    play(game, "play on")
    assert game.phase is alsos.Phase.PLAY
    assert game.to_act == 1  # the caller plays on to the second trick
    finish(game)
    assert entry(game, "game").value == 512


# Scoring example: seat 0 declares acorns with trump U, 9 and 7, seat 1 holds
# four Aces and four Tens (two vannaks), seat 2 holds the béla.
SCORING_DEAL = deals.SCORING_EXAMPLE


def test_scoring_written_example() -> None:
    """pagat, "Scoring": tulétroá from the front and ultimó from the back both made,
    game lost with a kontra from the back: the declarer writes 4, each opponent 2."""
    game = new_game(SCORING_DEAL)
    play(game, "accept, announce tuletroa, pass, pass, pass")
    play(game, "announce ultimo, MU")  # declarer leads
    play(game, "declare vannak, kontra game, MA")
    play(game, "MO")
    play(game, "pass")  # completion round closes
    assert item_values(game) == {"game": 2, "tuletroa@0": 2, "ultimo@0": 2}
    for trick in (
        "M9 M10 MK",  # trick 2: declarer draws the last outstanding trumps
        "P8 PA PO",  # seat 1 wins the rest but the last trick
        "TA TK T8",
        "ZA ZK Z8",
        "P10 PU P7",
        "T10 TO T7",
        "Z10 P9 Z7",
        "PK TU M7",  # last trick: the declarer trumps in with the 7
    ):
        play(game, trick)
    assert game.is_over
    settlement = game.settlement
    assert settlement is not None
    assert game.trick_winners[-1] == 0
    assert entry(game, "tuletroa", 0).made
    assert entry(game, "ultimo", 0).made
    assert not entry(game, "game").made
    assert settlement.written == {0: 4, 1: 2, 2: 2}


def test_two_seats_announce_the_same_figure() -> None:
    """pagat, "Announcement procedure": A's abszolút from the front kontra'd from the
    back is 4, B's own abszolút from the back is 1, the game stays at 1."""
    game = new_game(EXAMPLE_DEAL)
    play(game, "accept")  # seat 0 declares acorns
    play(game, "announce abszolut, pass, pass, pass")
    play(game, "PK")  # seat 0 leads
    play(game, "kontra abszolut@0, announce abszolut, PA")  # seat 1 from the back
    play(game, "P7, pass")
    assert item_values(game) == {"game": 1, "abszolut@0": 4, "abszolut@1": 1}
    finish(game)
    assert entry(game, "abszolut", 0).value == 4
    assert entry(game, "abszolut", 1).value == 1
