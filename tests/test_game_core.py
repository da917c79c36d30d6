"""Game's per-decision methods live in its base class ``alsos.play.turn.GameCore``,
compiled in the compiled build (``alsos.version.COMPILED``): a ``Game`` must stay
what it was -- subclassable, closed to stray attributes, its refusals Game's own."""

from __future__ import annotations

import pickle

import pytest

import alsos
from alsos.play.game import Game, IllegalActionError
from alsos.play.turn import GameCore
from alsos.version import COMPILED

POTTER = alsos.load_variant("potter1930")


class _Logged(Game):
    """A user's subclass that adds an attribute and wraps apply."""

    __slots__ = ("log",)

    def __init__(self, rules: alsos.Ruleset, seed: int) -> None:
        super().__init__(rules, seed=seed)
        self.log: list[str] = []

    def apply(self, action: object, seat: int | None = None) -> tuple[alsos.Event, ...]:  # type: ignore[override]
        self.log.append(str(action))
        return super().apply(action, seat)  # type: ignore[arg-type]


def test_the_core_is_in_the_compiled_list_and_games_share_it() -> None:
    assert "alsos.play.turn" in COMPILED
    assert issubclass(Game, GameCore)
    assert Game.apply is GameCore.apply and Game.view is GameCore.view


def test_a_game_takes_no_stray_attribute() -> None:
    game = Game(POTTER, seed=2)
    with pytest.raises(AttributeError):
        game.colour = "red"  # type: ignore[attr-defined]


def test_a_subclass_of_game_plays_a_whole_hand_and_pickles() -> None:
    game = _Logged(POTTER, seed=5)
    plain = Game(POTTER, seed=5)
    while not game.is_over:
        action = game.legal_actions()[0]
        assert game.view(game.to_act) == plain.view(plain.to_act)  # type: ignore[arg-type]
        assert game.apply(action) == plain.apply(action)
    assert len(game.log) == len(plain.history)
    assert game.settlement == plain.settlement
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is _Logged and again == game


def test_a_refusal_is_games_and_changes_nothing() -> None:
    """The core hands a refused action back to Game, which says why (the text path too)."""
    game = _Logged(POTTER, seed=3)
    before = game.copy()
    with pytest.raises(IllegalActionError, match="not seat 0's turn: it is seat 1's turn"):
        game.apply("pass", seat=0)
    with pytest.raises(IllegalActionError, match="no card is played in this phase"):
        game.apply(alsos.parse_action("play Z8"))
    assert game == before
