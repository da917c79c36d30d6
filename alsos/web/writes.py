"""Storing the tables' actions: one write for every action waiting at one moment.

Actions arriving while a write is under way wait for it, then go in the next
write all together (:meth:`Store.add_actions
<alsos.web.store.Store.add_actions>`): one transaction and one hand-off to the
database thread for many actions, where one each would keep that thread and
the event loop taking turns.  Each action still returns only once it is
stored, or raises the store's refusal (:class:`~alsos.web.store.PlyTaken`) or
error -- so nothing is sent to a page that a restart would lose, and a failed
write changes no table.

Every database call of the server runs in a worker thread of its own
(:class:`Database`), never in the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from alsos.web.store import PlyTaken, Store

__all__ = ["Database", "GroupCommit"]

T = TypeVar("T")


class Database:
    """The store, called from worker threads: SQLite takes one writer at a time (one
    thread), PostgreSQL's writes for different tables go on side by side (four)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(
            4 if store.postgres else 1, thread_name_prefix="alsos-web-db"
        )

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def close(self) -> None:
        """Let the calls under way finish, then stop the threads."""
        self._pool.shutdown(wait=True)


class GroupCommit:
    """The actions waiting to be stored, written a batch at a time."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._pending: list[tuple[tuple[str, int, int, str], asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def store(self, table_id: str, ply: int, seat: int, action: str) -> None:
        """Store one action with the others waiting; return once it is stored.

        :raises PlyTaken: the ply was stored already (by another process).
        :raises Exception: whatever the store raised; the action is not stored.
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, ply, seat, action), done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_pending())
        if not await done:
            raise PlyTaken(f"table {table_id}: action {ply} is stored already")

    async def _write_pending(self) -> None:
        """Write the waiting actions, a batch at a time, until none waits."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                stored = await self.db.call(self.db.store.add_actions, [row for row, _ in batch])
            except BaseException as e:  # the write failed: each waiting action is told
                failure = e if isinstance(e, Exception) else RuntimeError("the write stopped")
                for _, done in batch:
                    if not done.done():
                        done.set_exception(failure)
                if not isinstance(e, Exception):
                    raise
                continue
            for (_, done), ok in zip(batch, stored, strict=True):
                if not done.done():
                    done.set_result(ok)

    def cancel(self) -> None:
        """Stop writing (the server is stopping)."""
        if self._writer is not None:
            self._writer.cancel()
