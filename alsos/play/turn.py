"""The hot path of :class:`~alsos.Game`: one checked action, and one lazy view.

A bot program asks, for every decision, for the legal actions, a view and
:meth:`Game.apply <alsos.Game.apply>`.  What those calls do besides the
engine's own work -- the legality check, settling the views handed out, the
events, the next position's legal actions, the lazy view and its weak
reference -- is here, in two functions the compiled build compiles with the
engine (``alsos.version.COMPILED``), so that they call the compiled engine and
hand state natively.  :class:`~alsos.Game` stays a plain Python class (users
subclass it, pickle it and read its errors): it keeps the argument checks,
the thread guard, the listeners and every error message, and calls these.

Both functions refuse nothing themselves: :func:`take` answers None for an
action it does not take, and the game then says why, changing nothing.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Final

from alsos.hand.engine import Engine
from alsos.hand.state import HandState
from alsos.pack.actions import Action
from alsos.play.view import View, check_seat, settle

if TYPE_CHECKING:
    from alsos.hand.events import Event

__all__ = ["new_view", "take"]

#: A view not read yet (see :func:`alsos.play.view.lazy_view`): made without calling its class.
_NEW_VIEW: Final = View.__new__
#: How many views a game keeps without an apply before it drops the dead ones.
_KEEP: Final = 64


def take(
    eng: Engine,
    s: HandState,
    action: object,
    seat: int | None,
    views: list[weakref.ref[View]],
) -> tuple[Event, ...] | None:
    """Take ``action`` for the seat to act in ``s`` if it is legal (and ``seat``'s turn,
    when given): settle the live ``views`` first (and empty the list), then apply it,
    leave the next position's legal actions in the state and return the events.

    None, with nothing changed, when the action is not taken: the caller refuses it.
    """
    legal = s.legal
    if legal is None:  # not computed yet: apply leaves the next position's in place
        legal = s.legal = eng.legal(s)
    to_act = s.to_act
    if to_act is None or (seat is not None and seat != to_act):
        return None
    if action not in legal or not isinstance(action, Action):
        return None
    if views:  # views handed out read this position: read them before it changes
        live = views[:]
        views.clear()
        for ref in live:
            view = ref()
            if view is not None:
                settle(view)
    out: list[Event] = []
    eng.apply(s, to_act, action, out)
    # The next position's legal actions, computed while the caller holds its guard:
    # every decision asks for them, and Game.legal_actions then needs no guard.
    s.legal = eng.legal(s)
    return tuple(out)


def new_view(eng: Engine, s: HandState, seat: int, views: list[weakref.ref[View]]) -> View:
    """A lazy view of ``s`` for ``seat`` (:func:`~alsos.play.view.lazy_view`), remembered
    weakly in ``views`` so that the next action settles it first.

    :raises ValueError: ``seat`` is not at this table.
    """
    if not 0 <= seat < s.players:
        check_seat(s, seat)  # raises
    view = _NEW_VIEW(View)
    view.__dict__["_source"] = (eng, s, seat)
    if len(views) >= _KEEP:  # many views and no apply (a finished hand): drop the dead
        views[:] = [ref for ref in views if ref() is not None]
    views.append(weakref.ref(view))
    return view
