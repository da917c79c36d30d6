"""The bots' turns at the web table: each table's bots move by themselves, and keep moving.

When a bot is to act (or a table of bots only is to deal its next hand), a
task of that table's (:class:`BotTurns`) waits the bot delay, lets the bot
choose and takes its move, until a person is to act or the hand is over.

A quick bot (:data:`~alsos.web.room.QUICK`: well under a millisecond a move)
chooses in the event loop; a searching one in a worker process, in turn with
every other table's work (:mod:`alsos.web.searches`).  Either way the move is
then stored and sent in one of a few turn slots shared by every table, so a
person's action waits behind at most those few bot moves -- in the event loop
and in the database's queue -- not behind a move of every table.

A table's bots never stop for good.  Should a move fail -- a write refused by
a database that is locked or gone for a moment, a bot's own error -- the task
tries again after a short wait that doubles up to :data:`MAX_WAIT` seconds, and
a page joining the table cuts the wait short.  A bot whose choice raises is
replaced for that move by a random legal one (and the error logged), so that a
bug in a bot does not hold a person's table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Sequence
from typing import Protocol

from alsos.web.peers import Peers
from alsos.web.room import Room
from alsos.web.searches import Searches, choose

__all__ = ["MAX_WAIT", "BotTurns", "Tables"]

_log = logging.getLogger("alsos.web")
#: bot moves stored and sent at once, over every table
TURNS = 4
#: the first wait after a failed move, and the longest (seconds)
FIRST_WAIT = 0.25
MAX_WAIT = 2.0


class Tables(Protocol):
    """What the bots' turns need of the hub (:class:`alsos.web.hub.Hub`)."""

    bot_delay: float
    hand_pause: float | None
    peers: Peers
    searches: Searches

    async def catch_up(self, room: Room) -> None:
        """(The lock held.)  Take what other processes stored for ``room``."""

    async def bot_moves(self, room: Room, seat: int, action: str) -> None:
        """(The lock held.)  Take a bot's move: store it and tell every page."""

    def deals_on(self, room: Room) -> bool:
        """Whether ``room`` deals its next hand by itself now."""

    def deal_pause(self, room: Room) -> float:
        """Seconds ``room`` waits before it deals on by itself."""

    async def deal_on(self, room: Room) -> bool:
        """Deal ``room``'s next hand by itself; whether it was dealt (False: someone
        else dealt it first or there is none to deal).  A failed write raises."""


def wait_after(failures: int) -> float:
    """Seconds to wait after ``failures`` failed moves in a row: 0.25, 0.5, 1, 2, 2, ..."""
    return float(min(MAX_WAIT, FIRST_WAIT * 2 ** max(failures - 1, 0)))


class BotTurns:
    """The tasks that move the bots of every table of a hub."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._turns = asyncio.Semaphore(TURNS)
        #: a searching bot's move chosen but not yet stored, by table: (hand, ply, action)
        self._chosen: dict[str, tuple[int, int, str]] = {}

    def wake(self, room: Room) -> None:
        """Start the table's bot task if a bot is to act (or a table of bots only is to
        deal its next hand) and none is running; if one is waiting to try again, let it
        try now.  On PostgreSQL, not if another process moved them a moment ago."""
        peers = self.tables.peers
        if room.game.is_over and not self.tables.deals_on(room):
            if peers.claims is not None and peers.claims.holds(room.id):
                asyncio.get_running_loop().create_task(peers.release(room.id))
            return
        if not room.bot_to_act() and not room.game.is_over:
            return
        if room.bot_task is not None and not room.bot_task.done():
            room.nudge.set()
            return
        if peers.moves_elsewhere(room.id, room.tried):
            return  # another process moves them: the sweep tries again
        room.bot_task = asyncio.get_running_loop().create_task(self._play(room))

    async def _play(self, room: Room) -> None:
        """Play the table's bots' turns in a row, each after the delay, trying again
        after a failure until the move is taken."""
        failures = 0
        while True:
            if failures:
                await _wait(room, wait_after(failures))
            elif self.tables.bot_delay > 0:
                await asyncio.sleep(self.tables.bot_delay)
            try:
                more = await self._step(room)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # a failed write (or claim): try again, logged
                failures += 1
                if failures == 1:
                    _log.exception("table %s: a bot could not move; trying again", room.id)
                elif failures & (failures - 1) == 0:  # 2, 4, 8, ... tries: one line each
                    _log.warning(
                        "table %s: a bot still cannot move after %d tries: %s", room.id, failures, e
                    )
                continue
            if failures:
                _log.warning("table %s: the bots move again after %d tries", room.id, failures)
                failures = 0
            if not more:
                return

    async def _own(self, room: Room) -> bool:
        """Whether this process moves the table's bots: always on SQLite; on PostgreSQL
        if it holds the table's claim or takes it now -- and then it first reads what
        the previous owner stored last."""
        peers = self.tables.peers
        if peers.holds(room.id):
            return True
        room.tried = time.monotonic()
        if not await peers.claim(room.id):
            return False
        async with room.lock:
            await self.tables.catch_up(room)
        _log.info("table %s: this process moves its bots", room.id)
        return True

    async def _step(self, room: Room) -> bool:
        """One bot move (or the next hand dealt); whether there may be more to do."""
        tables = self.tables
        if not await self._own(room):
            return False
        if tables.deals_on(room):  # a table of bots only: deal on after a pause
            await asyncio.sleep(tables.deal_pause(room))
            await tables.deal_on(room)
            return True  # the new hand's bots (or, if a person dealt first, theirs) go on
        game = room.game
        seat = game.to_act
        bot = room.bot_at(seat)
        if game.is_over or seat is None or bot is None:
            if game.is_over:
                await tables.peers.release(room.id)
            return False
        if room.is_quick(seat):
            async with self._turns, room.lock:
                game = room.game
                bot = room.bot_at(seat)
                if game.to_act != seat or game.is_over or bot is None:
                    return True  # (a person back at the seat takes it again)
                legal = game.legal_actions()
                try:
                    action = str(bot.choose(game.view(seat), legal))
                except Exception:
                    action = _instead(room, seat, legal)
                await tables.bot_moves(room, seat, action)
            return True
        async with room.lock:
            snapshot = room.game.copy()
            hand = room.hand
        ply = len(snapshot.history)
        chosen = self._chosen.get(room.id)
        if chosen is not None and chosen[:2] == (hand, ply):
            action = chosen[2]  # chosen before a failed write: not searched again
        else:
            legal = snapshot.legal_actions()
            try:
                action, after = await tables.searches.run(
                    room.id, choose, bot, snapshot.view(seat), legal
                )
                room.set_bot(seat, after)
            except RuntimeError:  # the server is stopping: no worker takes it
                return False
            except Exception:
                action = _instead(room, seat, legal)
            self._chosen[room.id] = (hand, ply, action)
        async with self._turns, room.lock:
            now = len(room.game.history) == ply and room.hand == hand
            if now and room.bot_at(seat) is not None:  # (not if the person came back)
                await tables.bot_moves(room, seat, action)
        self._chosen.pop(room.id, None)
        return True


def _instead(room: Room, seat: int, legal: Sequence[object]) -> str:
    """A random legal action for a bot whose choice raised (logged): a bot's bug must
    not hold a person's table."""
    _log.exception(
        "table %s: the bot at seat %d could not choose: it plays at random", room.id, seat
    )
    return str(random.choice(legal))


async def _wait(room: Room, seconds: float) -> None:
    """Wait ``seconds``, or less if a page joins the table meanwhile (``room.nudge``)."""
    room.nudge.clear()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(room.nudge.wait(), seconds)
