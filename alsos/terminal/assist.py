"""Help for a seated player in ``alsos play``: ``hint`` and ``undo``.

* ``hint``: the action :func:`alsos.analysis.hint` suggests from the player's
  own view (worlds sampled from what the seat knows, never the real deal),
  with its value, its 95% interval and the next best;
* ``undo``: take back the player's last action and every bot action after
  it (:meth:`alsos.Game.take_back`), so the hand's history, and the record
  saved from it, keeps only the line actually played.  Only against bots: a
  human opponent has seen the action and may have answered it, so with one
  at the table the undo is refused.
"""

from __future__ import annotations

from collections.abc import Collection

from alsos.errors import ActionError
from alsos.pack.actions import Action
from alsos.play.game import Game

__all__ = ["UndoRefused", "hint_text", "take_back_own"]


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


def hint_text(game: Game, me: int, *, worlds: int = 16, seed: int = 0) -> str:
    """The suggestion for ``me`` as one line: the action, its value and the next best."""
    from alsos.analysis import hint  # the search is loaded when first asked for

    h = hint(game, me, worlds=worlds, seed=seed)
    text = (
        f"hint: {h.action}, worth {h.value:+.2f} stakes to your side "
        f"(95% {h.low:+.2f}..{h.high:+.2f}, {h.worlds} worlds sampled from your view)"
    )
    if h.next_best is not None and h.next_value is not None:
        text += f"; next best {h.next_best} {h.next_value:+.2f}"
    else:
        text += "; it is the only legal action"
    return text
