"""Illegal actions under potter1930: refused with a clear message, state untouched.

Each case drives a hand to a position where a rule of pagat forbids the action,
then checks that :class:`alsos.IllegalActionError` quotes the input, names the
phase and lists the legal actions, and that the game is exactly as before.
"""

from __future__ import annotations

from typing import Any

import deals
import pytest
from scripted import new_game, play

import alsos

# Acorns proposed (indicator M8); seat 1 holds the trump 7 and béla.
DEAL = deals.ACORNS_PLAIN
# Acorns proposed (indicator MO), TA on top: seat 2 may take the talon.
SIBER_DEAL = deals.SIBER_TA_ON_TOP
# Seats 1 and 2 each declare a kvart; validation follows the first trick.
MELD_DEAL = deals.MELD_CONTEST

# (source section, deal, script to reach the position, the illegal input)
CASES = [
    ('pagat, "Types of Game and Bidding": round 1: accept or pass', DEAL, "", "bid hearts"),
    ('pagat, "Types of Game and Bidding": Betli only in round 3', DEAL, "pass", "betli"),
    (
        'pagat, "Types of Game and Bidding": the original suit is not bid in round 2',
        DEAL,
        "pass pass pass",
        "bid acorns",
    ),
    (
        'pagat, "Types of Game and Bidding": each bid must be higher than the last',
        DEAL,
        "pass pass pass bid hearts",
        "bid gourds",
    ),
    ('pagat, "Play": no card is played during the bidding', DEAL, "", "PK"),
    ("unreadable text", DEAL, "", "hello there"),
    ("a card that does not exist", DEAL, "pass accept pass pass pass", "P6"),
    ('pagat, "Figures": volát never from the front', DEAL, "pass accept", "announce volat"),
    (
        'pagat, "Figures": only one of abszolút and 100 in a round',
        DEAL,
        "pass accept announce abszolut",
        "announce 100",
    ),
    (
        'pagat, "Kontras": the declarer does not kontra its own game',
        DEAL,
        "pass accept",
        "kontra game",
    ),
    ('pagat, "Kontras": no rekontra before a kontra', DEAL, "pass accept pass", "rekontra game"),
    (
        'pagat, "Kontras": a defender cannot answer its partner\'s kontra',
        DEAL,
        "pass accept pass kontra game pass",
        "rekontra game",
    ),
    (
        'pagat, "Figures": no figures in no-trumps but abszolút, 100, 200, 44, volát',
        DEAL,
        "pass pass pass pass bid no-trumps",
        "announce tuletroa",
    ),
    ('pagat, "Play": a card not in hand', DEAL, "pass accept pass pass pass", "MA"),
    ('pagat, "Play": must follow suit', DEAL, "pass accept pass pass pass PK", "MU"),
    ('pagat, "Play": void in the suit led: trump', DEAL, "pass accept pass pass pass TA", "ZA"),
    (
        'pagat, "Figures": the ultimó 7 is not played early',
        DEAL,
        "pass accept announce ultimo pass pass pass TA",
        "M7",
    ),
    (
        'pagat, "Trump Exchange": only the trump 7 holder exchanges',
        DEAL,
        "pass accept pass pass pass",
        "exchange",
    ),
    (
        'pagat, "First Trick": the declared sequence must be the longest',
        DEAL,
        "pass accept pass pass pass",
        "declare terc",
    ),
    (
        'pagat, "Trump Exchange": trumps cannot be discarded after síber',
        SIBER_DEAL,
        "accept pass pass pass pass pass siber",
        "discard M8",
    ),
    (
        'pagat, "Trump Exchange": no card play before the síber decision',
        SIBER_DEAL,
        "accept pass pass pass",
        "M8",
    ),
    (
        'pagat, "Validation of Meld": only show or kicsi',
        MELD_DEAL,
        "accept pass pass pass MA declare kvart MK declare kvart M10",
        "pass",
    ),
    (
        'pagat, "Calling": no concession after the partner refused',
        DEAL,
        "pass accept pass pass pass PK PA P7 gyerunk play on",
        "concede",
    ),
    (
        'pagat, "Calling": no call before the second trick',
        DEAL,
        "pass accept pass pass pass",
        "gyerunk",
    ),
]


def _snapshot(game: alsos.Game) -> dict[str, Any]:
    return {
        "history": list(game.history),
        "legal": game.legal_actions(),
        "hands": list(game.hands),
        "phase": game.phase,
        "to_act": game.to_act,
        "items": [(i.label, i.value) for i in game.items],
        "talon": list(game.talon),
        "trick": list(game.trick),
    }


@pytest.mark.parametrize(
    ("why", "deal", "script", "bad"), CASES, ids=[c[3] + " / " + c[0][:40] for c in CASES]
)
def test_illegal_action_is_refused_and_changes_nothing(
    why: str, deal: str, script: str, bad: str
) -> None:
    """Each rule above forbids the action: the error quotes the input, names the
    phase and lists the legal actions; the game is unchanged."""
    game = new_game(deal)
    play(game, script)
    before = _snapshot(game)
    with pytest.raises(alsos.IllegalActionError) as info:
        game.apply(bad)
    message = str(info.value)
    assert repr(bad) in message
    assert str(game.phase) in message
    for action in before["legal"]:
        assert str(action) in message
    assert _snapshot(game) == before
    assert isinstance(info.value, ValueError)
    # the game still accepts a legal action afterwards
    game.apply(game.legal_actions()[0])


def test_illegal_action_object_is_refused() -> None:
    """pagat, "Play": an action object that is not legal is refused the same way."""
    game = new_game(DEAL)
    play(game, "pass accept pass pass pass")
    before = _snapshot(game)
    with pytest.raises(alsos.IllegalActionError) as info:
        game.apply(alsos.parse_action("MU"))  # seat 0 does not hold it
    assert "'MU'" in str(info.value)
    assert _snapshot(game) == before


def test_no_action_after_the_hand_is_over() -> None:
    """pagat, "Types of Game and Bidding": a Betli ends at the declarer's first trick;
    nothing more can be played."""
    game = new_game(DEAL)
    play(game, "pass pass pass pass pass pass pass betli")  # seat 1 plays Betli
    play(game, "PK PA P7")  # seat 1 must take the trick with its only heart
    assert game.is_over
    before = _snapshot(game)
    with pytest.raises(alsos.IllegalActionError) as info:
        game.apply("MK")
    assert "'MK'" in str(info.value)
    assert str(alsos.Phase.OVER) in str(info.value)
    assert _snapshot(game) == before


def test_error_quotes_the_input_as_typed() -> None:
    """pagat, "Kontras": the declarer cannot kontra its own game; the refusal quotes
    the text exactly as the user typed it."""
    game = new_game(DEAL)
    play(game, "pass accept")
    with pytest.raises(alsos.IllegalActionError) as info:
        game.apply("Kontra Game")
    assert "'Kontra Game'" in str(info.value)
    assert info.value.action == "Kontra Game"
