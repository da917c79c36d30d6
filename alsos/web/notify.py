"""Hearing of the actions other server processes store: PostgreSQL ``LISTEN``.

Several ``alsos serve`` processes may serve the same tables from one
PostgreSQL database (behind a load balancer, say): a person's page is
connected to one process, a friend's at the same table to another.  Every
stored action is announced on :data:`alsos.web.store.CHANNEL` by the
transaction that stores it (:meth:`alsos.web.store.Store.add_action`); a
:class:`Listener` holds one connection that listens there, in a thread of its
own, and hands each announcement (the table's id and how many actions it has
stored) to the hub in its event loop, which reads the actions it has not seen
from the store and sends them to its pages (:meth:`alsos.web.hub.Hub.heard`).

When the connection is lost, the listener connects again and, once
listening, tells the hub ``None`` (announcements may have been missed), and
the hub catches up every table it holds.  SQLite is one process's file, so
nothing listens there (:func:`listen` returns None).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from alsos.web.store import CHANNEL, Store

__all__ = ["Listener", "listen"]

_log = logging.getLogger("alsos.web")


def listen(store: Store, heard: Callable[[str | None, int], None]) -> Listener | None:
    """Start a :class:`Listener` on ``store`` if other processes may share it
    (PostgreSQL), else None.  ``heard`` is called from the listener's thread."""
    if not store.postgres:
        return None
    listener = Listener(store, heard)
    listener.start()
    return listener


class Listener:
    """A thread that ``LISTEN``s on :data:`~alsos.web.store.CHANNEL` and calls
    ``heard(table_id, actions)`` for each announcement (``heard(None, 0)``
    each time it starts listening, announcements having perhaps been missed).

    ``ready`` is set once it first listens.
    """

    #: seconds between two looks at whether to stop; and before connecting again
    POLL = 0.25
    RETRY = 1.0

    def __init__(self, store: Store, heard: Callable[[str | None, int], None]) -> None:
        self.store = store
        self.heard = heard
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="alsos-web-listen", daemon=True)

    def start(self) -> None:
        """Start listening (in the background)."""
        self._thread.start()

    def stop(self) -> None:
        """Stop listening and close the connection (waits for the thread)."""
        self._stop.set()
        self._thread.join(timeout=5 * self.POLL + 1)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except Exception:  # the database went away: connect again
                _log.warning("lost the LISTEN connection; connecting again", exc_info=True)
                self._stop.wait(self.RETRY)

    def _listen(self) -> None:
        pooled = self.store.engine.raw_connection()
        conn: Any = pooled.driver_connection
        pooled.detach()  # this connection is the listener's own, not the pool's
        try:
            conn.autocommit = True
            conn.execute(f"LISTEN {CHANNEL}")
            self.heard(None, 0)
            self.ready.set()
            while not self._stop.is_set():
                for note in conn.notifies(timeout=self.POLL):
                    table_id, _, count = str(note.payload).partition(" ")
                    if count.isdigit():
                        self.heard(table_id, int(count))
        finally:
            conn.close()
