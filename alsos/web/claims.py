"""Which server process runs a table's bots: PostgreSQL advisory locks.

Several ``alsos serve`` processes may hold one table in memory (a page on
each).  Any of them takes a person's action, but only one may move the
table's bots: two would each choose every bot move, and the slower one's
write would be refused (the ply stored already) -- work done twice, and
each such move a refusal in the log.  A process therefore moves a table's
bots only while it holds the table's *claim*: a session-level advisory lock
(``pg_try_advisory_lock``) on a key drawn from the table's id, held by one
connection of its own (:class:`Claims`).

A claim needs no expiry and no heartbeat: PostgreSQL releases a session's
advisory locks when the session ends, so when the owner dies (killed, its
machine gone, its connection cut) the lock is free, and the next try of
another process holding the table takes it over
(:meth:`alsos.web.hub.Hub.sweep` tries again every second).  Should the
claims' own connection be lost, every claim is counted as lost with it,
and the process stops moving bots until it claims a table again.

SQLite is one process's file: nothing is claimed there (:func:`claims_for`
returns None and every table's bots run in the one process).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from typing import Any

from alsos.web.store import Store

__all__ = ["Claims", "claim_key", "claims_for"]

_log = logging.getLogger("alsos.web")


def claim_key(table_id: str) -> int:
    """The advisory lock key of a table: 64 bits of the SHA-256 of its id, signed
    (PostgreSQL's ``bigint``), so that two tables share a key with odds of 2**-64."""
    digest = hashlib.sha256(b"alsos-web-bots:" + table_id.encode("utf-8", "replace")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def claims_for(store: Store) -> Claims | None:
    """The claims of ``store`` if other processes may share it (PostgreSQL), else None."""
    return Claims(store) if store.postgres else None


class Claims:
    """The tables whose bots this process moves, held as advisory locks by one
    connection of its own.

    Every method is synchronous (a database round trip at most) and safe to
    call from several threads; the hub calls them from its database workers.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._held: set[str] = set()
        self._lock = threading.Lock()
        self._conn: Any = None

    def holds(self, table_id: str) -> bool:
        """Whether this process holds the claim of ``table_id`` (no round trip)."""
        return table_id in self._held

    def take(self, table_id: str) -> bool:
        """Claim ``table_id`` if no other process holds it; whether this one holds it now."""
        with self._lock:
            if table_id in self._held:
                return True
            row = self._ask("SELECT pg_try_advisory_lock(%s)", claim_key(table_id))
            if row is None or not row[0]:
                return False
            self._held.add(table_id)
            return True

    def release(self, table_id: str) -> None:
        """Give up the claim of ``table_id`` (its hand is over), if held."""
        with self._lock:
            if table_id in self._held:
                self._held.discard(table_id)
                self._ask("SELECT pg_advisory_unlock(%s)", claim_key(table_id))

    def check(self) -> None:
        """Make sure the claims' connection is alive; if it was lost, so are the claims."""
        with self._lock:
            if self._conn is not None:
                self._ask("SELECT 1")

    def close(self) -> None:
        """Give up every claim: close the connection (the session ends, its locks go)."""
        with self._lock:
            self._drop()

    def _ask(self, sql: str, *args: object) -> tuple[Any, ...] | None:
        """(The lock held.)  One query on the claims' connection, connected if need be;
        None if the database could not be reached (every claim then counts as lost)."""
        try:
            if self._conn is None:
                pooled = self.store.engine.raw_connection()
                conn: Any = pooled.driver_connection
                pooled.detach()  # the claims' own session, never handed to another use
                conn.autocommit = True
                self._conn = conn
            row: tuple[Any, ...] | None = self._conn.execute(sql, args).fetchone()
            return row
        except Exception:
            if self._held:
                _log.warning("lost the connection holding the bots' claims", exc_info=True)
            self._drop()
            return None

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        self._held.clear()
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a broken connection: nothing more to do
                _log.debug("closing the claims' connection failed", exc_info=True)
