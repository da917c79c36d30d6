"""The hot path of :class:`~alsos.Game`: what it does for every decision.

A bot program asks, for every decision, whose turn it is, for the legal
actions, a view and :meth:`Game.apply <alsos.Game.apply>`.  What those calls
do besides the engine's own work -- the thread guard, the legality check,
settling the views handed out, the events, the next position's legal actions,
the lazy view and its weak reference -- is :class:`GameCore`, the base class
of :class:`~alsos.Game`, which the compiled build compiles with the engine
(``alsos.version.COMPILED``), so that it calls the compiled engine and hand
state natively.  :class:`~alsos.Game` itself stays a plain Python class (it
may be subclassed, it pickles, and its errors are Python's): it makes the hand,
and on the rare paths -- an action given as text, an action refused, another
thread inside :meth:`~alsos.Game.apply`, listeners -- the core calls back
into it, so every message is written once.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NoReturn

from alsos.hand.engine import Engine
from alsos.hand.state import HandState
from alsos.pack.actions import Action
from alsos.pack.cards import quote
from alsos.play.view import View, check_seat, settle
from alsos.version import mypyc_attr

if TYPE_CHECKING:
    from alsos.hand.events import Event
    from alsos.ruleset.profile import Ruleset

__all__ = ["GameCore", "seat_type_error"]

#: A view not read yet (see :func:`alsos.play.view.lazy_view`): made without calling its class.
_NEW_VIEW: Final = View.__new__
#: How many views a game keeps without an apply before it drops the dead ones.
_KEEP: Final = 64


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

    # The rare paths, which Game (in alsos.play.game, above this module) provides.

    def _busy(self, what: str) -> bool:
        """The guard is taken: False for this thread's own listeners, else raise."""
        raise NotImplementedError

    def _parsed(self, text: str, seat: int | None) -> Action:
        """The legal action ``text`` names, else raise the error saying why."""
        raise NotImplementedError

    def _refusal(self, action: object, seat: int | None) -> Exception:
        """The error for an action :meth:`apply` does not take."""
        raise NotImplementedError

    def _deliver(self, events: tuple[Event, ...]) -> None:
        """Give the events to the listeners."""
        raise NotImplementedError

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
                held = self._busy("legal_actions")
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
        :raises ~alsos.errors.ActionError: (a ``ValueError``) ``seat`` is not at
            this table.
        :raises ~alsos.play.game.ConcurrentUseError: (a ``RuntimeError``) another
            thread is inside :meth:`apply`.
        """
        if seat.__class__ is not int or not isinstance(seat, int):
            seat_type_error(seat)
        idle = self._idle  # the guard (Game._claim, written out: read before every decision)
        try:
            idle.pop()
            held = True
        except IndexError:
            held = self._busy("view")
        try:
            s = self._s
            if not 0 <= seat < s.players:
                check_seat(s, seat)  # raises
            view = _NEW_VIEW(View)  # lazy_view, written out: every decision asks for one
            view.__dict__["_source"] = (self._eng, s, seat)
            views = self._views
            if len(views) >= _KEEP:  # many views and no apply (a finished hand): drop the dead
                views[:] = [ref for ref in views if ref() is not None]
            views.append(weakref.ref(view))
            return view
        finally:
            if held:
                idle.append(True)

    def apply(self, action: object, seat: object = None) -> tuple[Event, ...]:
        """Take ``action`` (an action or its text) for the seat to act.

        With ``seat``, also check that it is that seat's turn (a server
        passes the seat the request came from).  Returns the
        :mod:`events <alsos.hand.events>` the action caused, which also go to
        every listener (:meth:`~alsos.Game.subscribe`).

        :raises IllegalActionError: (an :class:`~alsos.errors.ActionError`) if the action is not
            legal now or it is not ``seat``'s turn; nothing is changed.
        :raises TypeError: if ``seat`` is not an int (a bool, float or text
            seat is a caller's bug, not a turn to refuse); nothing is changed.
        :raises ~alsos.play.game.ConcurrentUseError: (a ``RuntimeError``) if
            another thread is inside :meth:`apply`; nothing is changed.
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
            held = self._busy("apply")
        try:
            s = self._s
            eng = self._eng
            if action.__class__ is str:  # read, and checked in order: turn, text, legality
                action = self._parsed(action, who)
            legal = s.legal
            if legal is None:  # as in legal_actions
                legal = s.legal = eng.legal(s)
            to_act = s.to_act
            if (
                to_act is None
                or (who is not None and who != to_act)
                or action not in legal
                or not isinstance(action, Action)
            ):
                raise self._refusal(action, who)  # nothing changed
            views = self._views
            if views:  # views handed out read this position: settle the live ones
                self._views = []  # Game._settle_views, written out
                for ref in views:
                    view = ref()
                    if view is not None:
                        settle(view)
            out: list[Event] = []
            eng.apply(s, to_act, action, out)
            events = tuple(out)
            self.is_over = s.is_over
            # The next position's legal actions, computed holding the guard: every
            # decision asks for them, and legal_actions then needs no guard.
            s.legal = eng.legal(s)
            if self._listeners:
                owner = self._owner
                self._owner = threading.get_ident()  # its listeners may apply again
                try:
                    self._deliver(events)
                finally:
                    self._owner = owner
        finally:
            if held:
                idle.append(True)
        return events
