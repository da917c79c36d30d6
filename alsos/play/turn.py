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

import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast

from alsos.hand.engine import Engine
from alsos.hand.state import HandState
from alsos.pack.actions import Action
from alsos.pack.cards import quote
from alsos.play.view import View, check_seat, settle
from alsos.version import mypyc_attr

if TYPE_CHECKING:
    from alsos.hand.events import Event
    from alsos.ruleset.profile import Ruleset

__all__ = ["GameCore", "new_view", "seat_type_error", "take"]

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


def seat_type_error(seat: object, *, none: bool = False) -> NoReturn:
    """Refuse a seat that is not an int: a bool, float or text seat is a caller's bug."""
    allowed = "a whole number (the seat's index)" + (" or None" if none else "")
    raise TypeError(f"seat must be {allowed}, got {type(seat).__name__} {quote(seat)}")


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCore:
    """What :class:`~alsos.Game` does for every decision, compiled in the compiled build:
    its attributes, :attr:`to_act`, :meth:`legal_actions`, :meth:`view` and :meth:`apply`.

    Not for use on its own: :class:`~alsos.Game` is the class (its subclass, a plain Python
    class), which makes the hand and says why an action is refused; this calls its
    ``_busy``, ``_parsed``, ``_refusal`` and ``_deliver`` for the rare paths.
    """

    __slots__ = ("_eng", "_idle", "_listeners", "_owner", "_s", "_views", "is_over", "rules")

    rules: Ruleset
    _eng: Engine
    _s: HandState
    _listeners: list[Callable[[Event], object]]
    _idle: list[bool]  # holds a token while no call is inside apply
    _owner: int | None  # the thread delivering events to listeners
    _views: list[weakref.ref[View]]  # lazy views to settle before a change
    #: True once the hand is settled (the phase is :attr:`Phase.OVER`): a plain
    #: attribute, kept equal to the state's, because playing loops read it
    #: before every action.
    is_over: bool

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; None when the hand is over."""
        return self._s.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now, in a stable order."""
        legal = self._s.legal
        if legal is None:  # not computed yet: apply leaves the next position's in place
            # Computed and cached holding the guard (Game._claim, written out): never
            # from a state half-way through another thread's apply, whose stale
            # cache would let an illegal action in.  (A cached tuple needs no
            # guard: apply sets it, for the next position, before it gives the
            # guard back, so a reader sees the legal actions of a whole position.)
            s = self._s
            idle = self._idle
            try:
                idle.pop()
                held = True
            except IndexError:
                held = cast(Any, self)._busy("legal_actions")
            try:
                legal = s.legal
                if legal is None:
                    legal = s.legal = self._eng.legal(s)
            finally:
                if held:
                    idle.append(True)
        return legal

    def view(self, seat: object) -> View:
        """What ``seat`` may know: its own hand, the seen talon cards, the public history.

        The view is the position as it is now, whatever is applied later.  Its
        fields are read from the hand when first asked for (a bot that reads
        few of them pays for few), and every field not read yet is read by
        the next :meth:`apply`, before the hand moves on.

        :raises TypeError: ``seat`` is not an int (as for :meth:`apply`).
        :raises ValueError: ``seat`` is not at this table.
        """
        if seat.__class__ is not int or not isinstance(seat, int):
            seat_type_error(seat)
        idle = self._idle  # the guard (Game._claim, written out: read before every decision)
        try:
            idle.pop()
            held = True
        except IndexError:
            held = cast(Any, self)._busy("view")
        try:
            return new_view(self._eng, self._s, seat, self._views)
        finally:
            if held:
                idle.append(True)

    def apply(self, action: object, seat: object = None) -> tuple[Event, ...]:
        """Take ``action`` (an action or its text) for the seat to act.

        With ``seat``, also check that it is that seat's turn (a server
        passes the seat the request came from).  Returns the
        :mod:`events <alsos.hand.events>` the action caused, which also go to
        every listener (:meth:`~alsos.Game.subscribe`).

        :raises IllegalActionError: (a ``ValueError``) if the action is not
            legal now or it is not ``seat``'s turn; nothing is changed.
        :raises TypeError: if ``seat`` is not an int (a bool, float or text
            seat is a caller's bug, not a turn to refuse); nothing is changed.
        :raises Exception: the first error a listener raised, after the action
            was taken and every listener got every event (see :meth:`~alsos.Game.subscribe`).
        """
        who: int | None = None
        if seat is not None:
            if seat.__class__ is not int or not isinstance(seat, int):
                seat_type_error(seat, none=True)
            who = seat
        idle = self._idle  # the guard against a second thread (Game._claim, written out)
        try:
            idle.pop()
            held = True
        except IndexError:
            held = cast(Any, self)._busy("apply")
        try:
            s = self._s
            if action.__class__ is str:  # read, and checked in order: turn, text, legality
                action = cast(Any, self)._parsed(action, who)
            events = take(self._eng, s, action, who, self._views)
            if events is None:
                raise cast(Any, self)._refusal(action, who)
            self.is_over = s.is_over
            if self._listeners:
                owner = self._owner
                self._owner = threading.get_ident()  # its listeners may apply again
                try:
                    cast(Any, self)._deliver(events)
                finally:
                    self._owner = owner
        finally:
            if held:
                idle.append(True)
        return events
