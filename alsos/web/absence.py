"""A seat never stalls a table: the grace of a person who left, the stand-in bot, the turn clock.

When the last page open at a person's seat closes (or a table this process
serves has a person whose page is not open), the person is *away*: every
page shows the seat's grace counting down
(:attr:`alsos.web.lobby.Settings.grace` seconds).  If the table has a
stand-in (:attr:`~alsos.web.lobby.Settings.stand_in`), a bot of that level
plays the seat once the grace is over, until a page opens at the seat again
-- the person is back and plays on from where the bot left it (a move the bot
has not yet made is not made).  Without a stand-in the table waits for the
person, as a table of friends does.  A seat taken from the lobby whose page
does not open within :data:`UNCLAIMED` seconds is free again.

Under a turn limit (:attr:`~alsos.web.lobby.Settings.turn_time`) the person
to act has that long for each decision (every page shows the clock); when it
runs out, the stand-in -- or a ``medium`` bot -- makes that one move for
them.

Each table has at most one timer per seat and one turn clock, each replaced
when it is started again; a table let go (:meth:`alsos.web.hub.Hub.prune`)
has its timers cancelled, and a timer whose table is no longer the one in
memory does nothing.  Presence is what this process sees: a table's pages
should reach one process (``docs/server.rst``, "Several processes").
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from alsos.bots import make_spec
from alsos.web.room import BOTS, QUICK, Connection, Room

__all__ = ["UNCLAIMED", "Absences", "Moves"]

_log = logging.getLogger("alsos.web")
#: The bot that moves for a person whose turn time ran out, where the table's
#: stand-in searches (a timed-out move is made at once).
TIMED_OUT = "medium"
#: Seconds a seat taken from the lobby waits for its page before it is free again.
UNCLAIMED = 120.0

#: a timer: its table, what it times ("grace", "seat" taken, the turn "clock"), its seat
_Key = tuple[str, str, int]


class Moves(Protocol):
    """What the absences need of the hub (:class:`alsos.web.hub.Hub`)."""

    rooms: dict[str, Room]

    async def bot_moves(self, room: Room, seat: int, action: str) -> None:
        """(The lock held.)  Take a bot's move: store it and tell every page."""

    def wake(self, room: Room) -> None:
        """Start the table's bots if one is to act."""

    async def free_seat(self, room: Room, seat: int, token: str) -> None:
        """Free ``seat`` again if ``token`` (a digest) still opens it."""


class Absences:
    """The timers of every table of a hub: graces running out, turns timed."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves
        #: the timers running, at most one per key
        self._timers: dict[_Key, asyncio.Task[None]] = {}

    def close(self) -> None:
        for task in list(self._timers.values()):
            task.cancel()
        self._timers.clear()

    def forget(self, table_id: str) -> None:
        """Cancel the timers of a table let go."""
        for key in [k for k in self._timers if k[0] == table_id]:
            self._timers.pop(key).cancel()

    def loaded(self, room: Room) -> None:
        """A table just loaded: its people are away until their pages open (their
        graces start once this process serves a page of the table: :meth:`serving`)."""
        now = time.monotonic()
        for seat in room.humans():
            if seat not in room.free():
                room.away[seat] = now

    def serving(self, room: Room) -> None:
        """A page of ``room`` is open here: the graces of the people away start, and
        the turn clock runs."""
        for seat, since in room.away.items():
            if (room.id, "grace", seat) not in self._timers:
                self._grace(room, seat, since)
        if (room.id, "clock", 0) not in self._timers:
            self.watch(room)

    def left(self, room: Room, seat: int) -> None:
        """A page at ``seat`` closed: if it was the seat's last, the person is away."""
        if seat < 0 or seat not in room.humans() or room.pages()[seat] > 0:
            return
        self.away(room, seat)
        room.send_public()

    def away(self, room: Room, seat: int) -> None:
        """The person at ``seat`` is away from now on: their grace starts."""
        since = time.monotonic()
        room.away[seat] = since
        self._grace(room, seat, since)

    def taken(self, room: Room, seat: int, token: str) -> None:
        """``seat`` was just taken from the lobby (``token``, the digest that opens it):
        away until its page opens, and free again if it does not within
        :data:`UNCLAIMED` seconds."""
        self.away(room, seat)
        room.stamp()
        self.watch(room)
        self._after((room.id, "seat", seat), UNCLAIMED, self._unclaimed, room, seat, token)

    def back(self, room: Room, seat: int, new: Connection) -> None:
        """The first page opened at ``seat`` (``new``, connected, to be sent its welcome):
        the person is here (again), and takes the seat back from a stand-in bot; every
        other page is told."""
        room.away.pop(seat, None)
        for kind in ("grace", "seat"):  # (a seat opened once is the person's)
            task = self._timers.pop((room.id, kind, seat), None)
            if task is not None:
                task.cancel()
        if room.standins.pop(seat, None) is not None:
            _log.info("table %s: seat %d is played by its person again", room.id, seat)
            room.stamp()
            room.send_states(skip=new)
            self.watch(room)
        room.send_public(skip=new)

    def _grace(self, room: Room, seat: int, since: float) -> None:
        if room.settings.stand_in is not None:
            left = since + room.settings.grace - time.monotonic()
            self._after((room.id, "grace", seat), left, self._grace_over, room, seat, since)

    def _current(self, room: Room) -> bool:
        """Whether ``room`` is still the table in memory (not let go, not reloaded)."""
        return self.moves.rooms.get(room.id) is room

    async def _grace_over(self, room: Room, seat: int, since: float) -> None:
        level = room.settings.stand_in
        if not self._current(room) or room.away.get(seat) != since or level is None:
            return  # back meanwhile (and perhaps gone again: a grace of its own)
        room.standins[seat] = make_spec(BOTS[level])
        _log.info("table %s: a %s bot plays seat %d", room.id, level, seat)
        room.stamp()
        room.send_public()
        room.send_states()
        self.moves.wake(room)

    async def _unclaimed(self, room: Room, seat: int, token: str) -> None:
        if self._current(room) and room.pages()[seat] == 0 and seat in room.away:
            await self.moves.free_seat(room, seat, token)

    # ------------------------------------------------------------ the turn clock

    def watch(self, room: Room) -> None:
        """(After the table's game changed.)  Time the turn of the person to act, under
        a turn limit (the table's earlier clock, if any, stops)."""
        task = self._timers.pop((room.id, "clock", 0), None)
        if task is not None:
            task.cancel()
        due = room.due
        if due is None:
            return
        hand, ply = room.hand, len(room.game.history)
        self._after(
            (room.id, "clock", 0), due - time.monotonic(), self._time_up, room, hand, ply, due
        )

    async def _time_up(self, room: Room, hand: int, ply: int, due: float) -> None:
        async with room.lock:
            game = room.game
            seat = game.to_act
            if (
                not self._current(room)
                or room.due != due  # the clock was started again (an undo, a reload)
                or room.hand != hand
                or len(game.history) != ply
                or game.is_over
                or seat is None
                or room.bot_at(seat) is not None  # a bot's turn: the bots' task moves it
            ):
                return
            level = room.settings.stand_in
            bot = make_spec(BOTS[level if level in QUICK else TIMED_OUT])
            action = str(bot.choose(game.view(seat), game.legal_actions()))
            _log.info("table %s: seat %d ran out of time: %s", room.id, seat, action)
            try:
                await self.moves.bot_moves(room, seat, action)
            except Exception:  # the store refused: the clock starts again
                _log.exception("table %s: could not take a timed-out move", room.id)
                room.stamp()
        self.watch(room)
        self.moves.wake(room)

    def _after(
        self,
        key: _Key,
        seconds: float,
        work: Callable[..., Coroutine[Any, Any, None]],
        *args: Any,
    ) -> None:
        """Run ``work(*args)`` in ``seconds``, as the timer ``key`` (one it replaces is
        cancelled)."""
        old = self._timers.pop(key, None)
        if old is not None:
            old.cancel()

        async def later() -> None:
            await asyncio.sleep(max(0.0, seconds))
            if self._timers.get(key) is task:
                del self._timers[key]  # done: a new timer of this key may start now
            await work(*args)

        task = asyncio.get_running_loop().create_task(later())
        self._timers[key] = task
