"""Undo for a seated player: take back its last action and every bot action after it.

``undo`` takes back the player's last action and everything after it
(:meth:`alsos.Game.take_back`), so the hand's history, and the record saved
from it, keeps only the line actually played.  Only against bots: a human
opponent has seen the action and may have answered it, so with one at the
table the undo is refused.  The terminal (``alsos play``) and the web table
both offer it.
"""

from __future__ import annotations

from collections.abc import Collection

from alsos.errors import ActionError
from alsos.pack.actions import Action
from alsos.play.game import Game

__all__ = ["UndoRefused", "take_back_own"]


class UndoRefused(ActionError):
    """The undo cannot be done (the message says why)."""


def take_back_own(game: Game, me: int, humans: Collection[int]) -> tuple[tuple[int, Action], ...]:
    """Take back seat ``me``'s last action and everything after it; the actions taken back.

    ``humans``: the other seats played by people.  :raises UndoRefused: a human
    opponent sits at the table, or ``me`` has taken no action this hand; the
    game is left as it was.
    """
    others = sorted(set(humans) - {me})
    if others:
        seats = ", ".join(f"seat {s}" for s in others)
        raise UndoRefused(
            f"undo is only for a hand against bots: {seats} "
            f"{'is' if len(others) == 1 else 'are'} played by a person, who has seen "
            "your action"
        )
    history = game.history
    mine = [i for i, (seat, _a) in enumerate(history) if seat == me]
    if not mine:
        raise UndoRefused(f"seat {me} has taken no action this hand: there is nothing to undo")
    back = history[mine[-1] :]
    game.take_back(len(back))
    return back
