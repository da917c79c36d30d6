"""The other server processes on one PostgreSQL database: what they store, whose bots.

Several ``alsos serve`` processes may serve the same tables from one
PostgreSQL database.  :class:`Peers` is a hub's side of that:

- it hears of every action another process stores (:mod:`alsos.web.notify`:
  ``LISTEN``, in a thread of its own) and hands the news to the hub, which
  catches up the tables it holds that are behind;
- it holds the *claims* of the tables whose bots this process moves
  (:mod:`alsos.web.claims`: advisory locks), so that a table's bots are moved
  by one process at a time;
- every :attr:`Peers.retry` seconds it checks that the claims' connection
  lives and asks the hub to look again for tables whose bots no one moves
  (their owner may have died).

On SQLite (one process's file) there are no peers: nothing listens, nothing
is claimed, and every table's bots move in the one process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from alsos.web.claims import Claims, claims_for
from alsos.web.notify import Listener, listen
from alsos.web.writes import Database

__all__ = ["Peers"]

_log = logging.getLogger("alsos.web")


class Peers:
    """What a hub shares with the other processes on its database.

    ``heard(table_id, count)`` is called in the event loop for each action another
    process (or this one) stored (``None, 0``: perhaps any table);
    ``sweep()`` every :attr:`retry` seconds.
    """

    #: seconds between two tries at claiming the bots of a table another process
    #: moves: how soon a table's bots move again after their process died
    retry = 1.0

    def __init__(
        self, db: Database, *, heard: Callable[[str | None, int], None], sweep: Callable[[], None]
    ) -> None:
        self.db = db
        self.claims: Claims | None = claims_for(db.store)
        self.listener: Listener | None = None
        self._heard = heard
        self._sweep = sweep
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> Listener | None:
        """Start listening and sweeping (PostgreSQL; nothing on SQLite); the listener.

        Started with the first table loaded into memory, since only a table in
        memory can fall behind.
        """
        loop = asyncio.get_running_loop()
        if self.listener is None and self.db.store.postgres:

            def heard(table_id: str | None, count: int) -> None:
                loop.call_soon_threadsafe(self._heard, table_id, count)

            self.listener = listen(self.db.store, heard)
        if self._sweeper is None and self.claims is not None:
            self._sweeper = loop.create_task(self._sweeping())
        return self.listener

    async def _sweeping(self) -> None:
        claims = self.claims
        assert claims is not None
        while True:
            await asyncio.sleep(self.retry)
            try:
                await self.db.call(claims.check)
                self._sweep()
            except Exception:  # a sweep failed: the next one tries again
                _log.exception("could not look for tables whose bots nobody moves")

    def moves_elsewhere(self, table_id: str, tried: float) -> bool:
        """Whether another process moved the bots of ``table_id`` a moment ago (this one
        failed to claim them at ``tried``, :func:`time.monotonic`): the sweep tries again."""
        claims = self.claims
        return (
            claims is not None
            and not claims.holds(table_id)
            and time.monotonic() - tried < self.retry
        )

    def holds(self, table_id: str) -> bool:
        """Whether this process moves the bots of ``table_id`` (always on SQLite)."""
        return self.claims is None or self.claims.holds(table_id)

    async def claim(self, table_id: str) -> bool:
        """Claim the bots of ``table_id`` now; whether this process holds them."""
        claims = self.claims
        if claims is None or claims.holds(table_id):
            return True
        return await self.db.call(claims.take, table_id)

    async def release(self, table_id: str) -> None:
        """Give up the claim of ``table_id`` if held (its bots have nothing to do)."""
        if self.claims is not None and self.claims.holds(table_id):
            await self.db.call(self.claims.release, table_id)

    async def close(self) -> None:
        """Stop listening and sweeping, and give up every claim."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.listener.stop)
        if self.claims is not None:
            await self.db.call(self.claims.close)
