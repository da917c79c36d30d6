"""Undo for a seated player: take back its last action and every bot action after it.

``undo`` takes back the player's last action and everything after it
(:meth:`alsos.Game.take_back`), so the hand's history, and the record saved
from it, keeps only the line actually played.  Only against bots: a human
opponent has seen the action and may have answered it, so with one at the
table the undo is refused.  The terminal (``alsos play``) and the web table
both offer it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, cast

from alsos.errors import ActionError
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.actions import Action
from alsos.play.game import Game

__all__ = ["UndoRefused", "take_back_own"]


class UndoRefused(ActionError):
    """The undo cannot be done.  Its argument is a :class:`~alsos.language.Said`:
    ``str()`` is the English, :func:`alsos.language.said_in` writes it in the
    reader's language."""


class _HumansSeen(Said):
    """The refusal for a table with people at ``seats``: the seats named in the
    reader's language too (``values["seats"]`` holds their numbers)."""

    __slots__ = ()

    def __new__(cls, seats: Sequence[int]) -> _HumansSeen:
        message = (
            N_(
                "undo is only for a hand against bots: {seats} is played by a person, who "
                "has seen your action"
            )
            if len(seats) == 1
            else N_(
                "undo is only for a hand against bots: {seats} are played by a person, who "
                "has seen your action"
            )
        )
        made = cast(_HumansSeen, super().__new__(cls, message, seats=_seats(seats, ENGLISH)))
        made.values = {"seats": tuple(seats)}
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (_HumansSeen, (self.values["seats"],))

    def written(self, lang: Language) -> str:
        return lang.text(self.message, seats=_seats(self.values["seats"], lang))


def _seats(seats: Sequence[int], lang: Language) -> str:
    return ", ".join(lang.text("seat {seat}", seat=s) for s in seats)


def take_back_own(game: Game, me: int, humans: Collection[int]) -> tuple[tuple[int, Action], ...]:
    """Take back seat ``me``'s last action and everything after it; the actions taken back.

    ``humans``: the other seats played by people.  :raises UndoRefused: a human
    opponent sits at the table, or ``me`` has taken no action this hand; the
    game is left as it was.
    """
    others = sorted(set(humans) - {me})
    if others:
        raise UndoRefused(_HumansSeen(others))
    history = game.history
    mine = [i for i, (seat, _a) in enumerate(history) if seat == me]
    if not mine:
        raise UndoRefused(
            Said(N_("seat {seat} has taken no action this hand: there is nothing to undo"), seat=me)
        )
    back = history[mine[-1] :]
    game.take_back(len(back))
    return back
