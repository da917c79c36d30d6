"""A seat never stalls a table: the grace of a person who left, the stand-in bot, the turn clock.

When the last page open at a person's seat closes (or a table is loaded
with no page at a seat), the person is *away*: every page shows the seat's
grace counting down (:attr:`alsos.web.lobby.Settings.grace` seconds).  If
the table has a stand-in (:attr:`~alsos.web.lobby.Settings.stand_in`), a
bot of that level plays the seat once the grace is over, until a page opens
at the seat again -- the person is back and plays on from where the bot
left it (a bot's move being worked out is then dropped).  Without a stand-in
the table waits for the person, as a table of friends does.

Under a turn limit (:attr:`~alsos.web.lobby.Settings.turn_time`) the person
to act has that long for each decision (every page shows the clock); when it
runs out, the stand-in -- or a ``medium`` bot -- makes that one move for
them.

Presence is what this process sees: a page open at another process of a
shared PostgreSQL database counts there, not here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from alsos.bots import make_spec
from alsos.web.room import BOTS, QUICK, Connection, Room

__all__ = ["Absences", "Moves"]

_log = logging.getLogger("alsos.web")
#: The bot that moves for a person whose turn time ran out, where the table's
#: stand-in searches (a timed-out move is made at once).
TIMED_OUT = "medium"


class Moves(Protocol):
    """What the absences need of the hub (:class:`alsos.web.hub.Hub`)."""

    async def bot_moves(self, room: Room, seat: int, action: str) -> None:
        """(The lock held.)  Take a bot's move: store it and tell every page."""

    def wake(self, room: Room) -> None:
        """Start the table's bots if one is to act."""


class Absences:
    """The timers of every table of a hub: graces running out, turns timed."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves
        self._tasks: set[asyncio.Task[None]] = set()

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    def loaded(self, room: Room) -> None:
        """A table just loaded: its people are away until their pages open."""
        for seat in room.humans():
            if seat not in room.free():
                self._away(room, seat)
        self.watch(room)

    def left(self, room: Room, seat: int) -> None:
        """A page at ``seat`` closed: if it was the seat's last, the person is away."""
        if seat < 0 or seat not in room.humans() or room.pages()[seat] > 0:
            return
        self._away(room, seat)
        room.send_public()

    def back(self, room: Room, seat: int, new: Connection) -> None:
        """The first page opened at ``seat`` (``new``, connected, to be sent its welcome):
        the person is here (again), and takes the seat back from a stand-in bot; every
        other page is told."""
        room.away.pop(seat, None)
        if room.standins.pop(seat, None) is not None:
            _log.info("table %s: seat %d is played by its person again", room.id, seat)
            room.stamp()
            room.send_states(skip=new)
            self.watch(room)
        room.send_public(skip=new)

    def _away(self, room: Room, seat: int) -> None:
        since = time.monotonic()
        room.away[seat] = since
        if room.settings.stand_in is not None:
            self._after(room.settings.grace, self._grace_over, room, seat, since)

    async def _grace_over(self, room: Room, seat: int, since: float) -> None:
        if room.away.get(seat) != since or room.settings.stand_in is None:
            return  # back meanwhile (and perhaps gone again: a grace of its own)
        room.standins[seat] = make_spec(BOTS[room.settings.stand_in])
        _log.info("table %s: a %s bot plays seat %d", room.id, room.settings.stand_in, seat)
        room.stamp()
        room.send_public()
        room.send_states()
        self.moves.wake(room)

    # ------------------------------------------------------------ the turn clock

    def watch(self, room: Room) -> None:
        """(After the table's game changed.)  Time the turn of the person to act, under
        a turn limit."""
        if room.due is None:
            return
        hand, ply = room.hand, len(room.game.history)
        self._after(room.due - time.monotonic(), self._time_up, room, hand, ply)

    async def _time_up(self, room: Room, hand: int, ply: int) -> None:
        async with room.lock:
            game = room.game
            seat = game.to_act
            if room.hand != hand or len(game.history) != ply or game.is_over or seat is None:
                return  # the person acted in time
            if room.bot_at(seat) is not None:
                return  # a bot's turn now: the bots' task moves it
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
        self, seconds: float, work: Callable[..., Coroutine[Any, Any, None]], *args: Any
    ) -> None:
        async def later() -> None:
            await asyncio.sleep(max(0.0, seconds))
            await work(*args)

        task = asyncio.get_running_loop().create_task(later())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
