"""The web table's limits against abuse, and the checks of what a client sends.

A public server meets clients that send too much, too often, too big, or
that open connections and say nothing.  Everything here is counted per
*client*: the address a connection comes from (``request.client.host``).
Behind a reverse proxy that address is the proxy's unless the server is told
which proxies to believe (``alsos serve --forwarded-allow-ips``, see
``docs/server.rst``); a forwarded header from anyone else is ignored.

- :class:`Limits` -- the numbers, each settable in :func:`alsos.web.create_app`;
- :class:`Bucket` -- a token bucket: so many messages a second on average;
- :class:`Guard` -- the counts: tables made in the last hour (every attempt,
  refused or not), WebSocket connections open and waiting for their
  ``hello`` per client, analysis pages rendered per client;
- :func:`read_json` -- a message or body as JSON, refused when it is too many
  *bytes*, not JSON, nested too deep, or repeats a key.

A refused WebSocket is closed with :data:`CLOSE_BUSY` (4429, after HTTP's
429) and a reason saying which limit, so a page can say so.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from alsos.errors import WebError

__all__ = ["CLOSE_BUSY", "CLOSE_REFUSED", "Bucket", "Guard", "Limits", "NotJSON", "read_json"]

#: The close code of a WebSocket refused by a limit (too many connections, hellos).
CLOSE_BUSY = 4429
#: The close code of a WebSocket whose first message does not open a seat.
CLOSE_REFUSED = 4403


class Limits:
    """The server's limits against abuse (each may be set in :func:`create_app
    <alsos.web.create_app>`).

    ``max_message``: bytes of a WebSocket message or a request body (UTF-8);
    ``max_profile``: bytes an uploaded profile may add to a request body;
    ``actions_per_second`` and ``burst``: messages one connection may send, on
    average and at once; ``tables_per_client``: tables one client may try to
    make an hour (a refused try counts too); ``hello_timeout``: seconds a new
    connection has to name its seat.  Connections: ``connections_per_client``
    (open, over every table), ``connections_per_seat`` (pages open at one
    person's seat), ``spectators_per_table``, ``connections_per_table``
    (seats and spectators), ``pending_hellos`` (connections, over every client,
    that have not yet named their seat) and ``pending_hellos_per_client``.
    ``pages_per_minute``: hand viewer or analysis pages one client may have
    made a minute (a page made once is kept and served again without counting).
    """

    def __init__(
        self,
        *,
        max_message: int = 4096,
        max_profile: int = 65536,
        actions_per_second: float = 8.0,
        burst: int = 16,
        tables_per_client: int = 60,
        hello_timeout: float = 10.0,
        connections_per_client: int = 64,
        connections_per_seat: int = 4,
        spectators_per_table: int = 32,
        connections_per_table: int = 64,
        pending_hellos: int = 256,
        pending_hellos_per_client: int = 16,
        pages_per_minute: int = 12,
    ) -> None:
        self.max_message = max_message
        self.max_profile = max_profile
        self.actions_per_second = actions_per_second
        self.burst = burst
        self.tables_per_client = tables_per_client
        self.hello_timeout = hello_timeout
        self.connections_per_client = connections_per_client
        self.connections_per_seat = connections_per_seat
        self.spectators_per_table = spectators_per_table
        self.connections_per_table = connections_per_table
        self.pending_hellos = pending_hellos
        self.pending_hellos_per_client = pending_hellos_per_client
        self.pages_per_minute = pages_per_minute


class Bucket:
    """A token bucket: ``rate`` takes a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        """Take one token if there is one; whether there was."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Guard:
    """The per-client counts of one server, checked against its :class:`Limits`.

    Each ``may_...`` method either counts the attempt and returns None, or
    returns the reason it is refused (nothing counted but the table attempts,
    which count either way).
    """

    #: clients remembered before those with nothing recent are forgotten
    FORGET_AFTER = 10_000

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.made: dict[str, list[float]] = {}
        self.open: Counter[str] = Counter()
        self.pending: Counter[str] = Counter()
        self._pages: dict[str, Bucket] = {}
        self._rendering: Counter[str] = Counter()

    # ------------------------------------------------------------ tables

    def may_make(self, client: str, now: float | None = None) -> str | None:
        """Count a try at making a table; why it is refused, if it is (60 an hour,
        by default, the refused ones counted: a client cannot probe the loader for
        free)."""
        now = time.time() if now is None else now
        if len(self.made) > self.FORGET_AFTER:
            for key in [k for k, v in self.made.items() if not v or now - v[-1] >= 3600]:
                del self.made[key]
        recent = [t for t in self.made.get(client, []) if now - t < 3600]
        cap = self.limits.tables_per_client
        if len(recent) >= cap:
            self.made[client] = recent
            return f"at most {cap} tables an hour per client (tries that were refused count)"
        self.made[client] = [*recent, now]
        return None

    # ------------------------------------------------------- connections

    def may_connect(self, client: str) -> str | None:
        """Count a new WebSocket of ``client`` as open and waiting for its hello; why it
        is refused, if it is."""
        limits = self.limits
        if self.open[client] >= limits.connections_per_client:
            return f"at most {limits.connections_per_client} connections per client"
        if sum(self.pending.values()) >= limits.pending_hellos:
            return "too many connections are opening at once: try again in a moment"
        if self.pending[client] >= limits.pending_hellos_per_client:
            return f"at most {limits.pending_hellos_per_client} connections opening at once"
        self.open[client] += 1
        self.pending[client] += 1
        return None

    def said_hello(self, client: str) -> None:
        """The connection named its seat (or gave up): it no longer waits for a hello."""
        _less(self.pending, client)

    def closed(self, client: str) -> None:
        """A connection of ``client`` closed."""
        _less(self.open, client)

    def may_sit(self, pages: Counter[int], seat: int) -> str | None:
        """Why one more page may not open ``seat`` of a table with ``pages`` open by
        seat, if it may not (:meth:`alsos.web.room.Room.pages`)."""
        limits = self.limits
        if sum(pages.values()) >= limits.connections_per_table:
            return f"at most {limits.connections_per_table} pages open at one table"
        if seat < 0:
            if pages[seat] >= limits.spectators_per_table:
                return f"at most {limits.spectators_per_table} spectators at one table"
        elif pages[seat] >= limits.connections_per_seat:
            return f"at most {limits.connections_per_seat} pages open at one seat"
        return None

    # ------------------------------------------------------------- pages

    def may_render(self, client: str) -> str | None:
        """Count a page ``client`` asks to be made (a viewer or an analysis not made
        before); why not, if not: one at a time, and so many a minute."""
        if self._rendering[client]:
            return "one page at a time: wait for the one being made"
        per_minute = self.limits.pages_per_minute
        bucket = self._pages.get(client)
        if bucket is None:
            if len(self._pages) > self.FORGET_AFTER:
                self._pages.clear()
            bucket = self._pages[client] = Bucket(per_minute / 60, max(per_minute // 4, 1))
        if not bucket.take():
            return f"at most {per_minute} new pages a minute: try again in a moment"
        self._rendering[client] += 1
        return None

    def rendered(self, client: str) -> None:
        """The page ``client`` asked for is made (or failed)."""
        _less(self._rendering, client)


def _less(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


class NotJSON(WebError):
    """A message or body that is not one JSON value within the limits (the message
    says why)."""


def read_json(text: str | bytes, limit: int) -> Any:
    """The JSON value of ``text``, at most ``limit`` bytes (UTF-8).

    :raises NotJSON: over the limit, not JSON, nested too deep for the parser, or
        an object that repeats a key (which value was meant? not guessed).
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise NotJSON(f"message over {limit} bytes: ignored")
    try:
        return json.loads(text, object_pairs_hook=_no_repeats)
    except NotJSON:
        raise
    except (ValueError, RecursionError):  # a few thousand "[" exhaust the parser's stack
        raise NotJSON("the message is not JSON") from None


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise NotJSON(f"the message is not JSON: the key {json.dumps(key)[:40]} appears twice")
        out[key] = value
    return out
