"""The web table as an ASGI application (Starlette): the page, a small JSON API, WebSockets.

Routes:

- ``GET /`` -- the page (``static/index.html``) and its script and style sheet
  under ``/static/``; nothing is loaded from elsewhere (a Content-Security-Policy
  says so to the browser);
- ``GET /api/variants`` -- the shipped profiles with their player counts, and
  the bots a seat may be given;
- ``GET /api/cards`` -- every card's SVG picture (:func:`alsos.pack.svg.card_svg`);
- ``POST /api/tables`` -- make a table: ``{"variant", "players", "seats"}``,
  answered with its id and one secret token per person's seat;
- ``WS /ws/{table}`` -- play: the first message names the seat's token, then
  actions (and, between hands, ``next``) go up and frames come down
  (``docs/server.rst``).

Limits against abuse: the size of a message or request body, messages per
second per connection (a token bucket), tables made per client address per
hour.  Tokens travel in messages, never in URLs the server sees (a page keeps
its token in the URL fragment) and no cookie is used, so there is no CSRF surface.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from alsos.analysis import analyze
from alsos.pack.cards import CARDS
from alsos.pack.svg import card_svg
from alsos.viewer import page as viewer_page
from alsos.web.hub import BOTS, HUMAN, SPECTATOR, Connection, Hub, Room, TableError, variants
from alsos.web.protocol import CLIENT_MESSAGES, check_client
from alsos.web.store import Store

__all__ = ["Limits", "create_app"]

_STATIC = Path(__file__).parent / "static"
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class Limits:
    """The server's limits against abuse (each may be set in :func:`create_app`)."""

    def __init__(
        self,
        *,
        max_message: int = 4096,
        max_profile: int = 65536,
        actions_per_second: float = 8.0,
        burst: int = 16,
        tables_per_client: int = 60,
        hello_timeout: float = 15.0,
    ) -> None:
        self.max_message = max_message
        self.max_profile = max_profile
        self.actions_per_second = actions_per_second
        self.burst = burst
        self.tables_per_client = tables_per_client
        self.hello_timeout = hello_timeout


class _Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def create_app(
    db_url: str = "sqlite:///alsos-web.sqlite3",
    *,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    hand_pause: float | None = 3.0,
) -> Starlette:
    """The web table as an ASGI app, storing its tables at ``db_url`` (SQLAlchemy URL).

    Mount it in another Starlette or FastAPI app, or serve it with uvicorn
    (``alsos serve``).  ``bot_delay``: seconds before a bot's move is shown;
    ``hand_pause``: seconds a table of bots only waits before its next hand
    (None: it stops after each hand).
    The app's ``state.hub`` (:class:`~alsos.web.hub.Hub`) is the tables'
    Python side, for tools and tests.
    """
    site = _Site(Store(db_url), bot_delay, limits or Limits(), hand_pause)
    routes = [
        Route("/", site.index),
        Route("/api/variants", site.variants),
        Route("/api/cards", site.cards),
        Route("/api/tables", site.create, methods=["POST"]),
        Route("/api/tables/{table}/{what:str}", site.finished),
        WebSocketRoute("/ws/{table}", site.play),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=site.lifespan)
    app.add_middleware(_Headers)
    return app


#: Tricks from the end whose card plays the after-hand analysis values exactly (the
#: solver: milliseconds for six tricks of any profile, seconds for a whole hand).
AFTER_HAND_TRICKS = 6


class _Site:
    """What the app's routes share: the store, the hub (made in the event loop that
    serves the app), the limits, and the tables each client made in the last hour."""

    def __init__(
        self, store: Store, bot_delay: float, limits: Limits, hand_pause: float | None = 3.0
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.hand_pause = hand_pause
        self.limits = limits
        self._hub: Hub | None = None
        self.made: dict[str, list[float]] = {}

    def hub(self) -> Hub:
        if self._hub is None:  # made in the event loop that serves the app
            self._hub = Hub(self.store, bot_delay=self.bot_delay, hand_pause=self.hand_pause)
        return self._hub

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        app.state.hub = self.hub()
        try:
            yield
        finally:
            await self.hub().close()
            self.store.close()

    async def index(self, request: Request) -> Response:
        return _secure(FileResponse(_STATIC / "index.html"))

    async def variants(self, request: Request) -> Response:
        return JSONResponse({"variants": variants(), "seats": [HUMAN, *BOTS]})

    async def cards(self, request: Request) -> Response:
        return JSONResponse({c.name: card_svg(c, width=60) for c in CARDS})

    def _made_recently(self, client: str, now: float) -> list[float]:
        """When ``client`` made its tables of the last hour (clients that made none
        are forgotten once there are many)."""
        made = self.made
        if len(made) > 10_000:
            for key in [k for k, v in made.items() if not v or now - v[-1] >= 3600]:
                del made[key]
        return [t for t in made.get(client, []) if now - t < 3600]

    async def create(self, request: Request) -> Response:
        limits = self.limits
        cap = limits.max_message + limits.max_profile
        body = await _capped_body(request, cap)
        if body is None:
            return _refuse(413, f"the request is over {cap} bytes")
        client = request.client.host if request.client else "?"
        now = time.time()
        times = self._made_recently(client, now)
        if len(times) >= limits.tables_per_client:
            return _refuse(429, f"at most {limits.tables_per_client} tables an hour per client")
        asked = _table_request(body, limits)
        if isinstance(asked, Response):
            return asked
        variant, players, seats, profile = asked
        try:
            table_id, tokens = await self.hub().create(
                variant, seats, players=players, profile=profile
            )
        except TableError as e:
            return _refuse(400, str(e))
        self.made[client] = [*times, now]
        watch = tokens.pop(SPECTATOR)
        return JSONResponse(
            {
                "table": table_id,
                "tokens": {str(s): t for s, t in tokens.items()},
                "spectator": watch,
            }
        )

    async def finished(self, request: Request) -> Response:
        """The record of a finished hand (public then), as text or in the hand viewer:
        the hand in play once over, or ``?hand=N``, the session's hand N;
        ``?analysis=1`` adds the open-card analysis of the last tricks' card plays
        (:func:`alsos.analysis.analyze`, the same as ``alsos analyze --html``)."""
        table_id, what = request.path_params["table"], request.path_params["what"]
        room = await self.hub().room(table_id) if len(table_id) <= 32 else None
        if what not in ("record", "viewer") or room is None:
            return _refuse(404, "no such table")
        asked = request.query_params.get("hand", "")
        if asked and not (asked.isascii() and asked.isdigit() and len(asked) <= 6):
            return _refuse(400, f"?hand= is a hand's number in the session, not {asked[:20]!r}")
        number = int(asked) if asked else room.hand
        game = room.game if number == room.hand else await self.hub().earlier_hand(room, number)
        if game is None or not game.is_over:
            return _refuse(404, f"hand {number} of this table is not over (or not dealt) yet")
        record = game.record()
        if what == "record":
            name = f"alsos-{table_id}.txt" if not asked else f"alsos-{table_id}-{number}.txt"
            return _secure(
                Response(
                    str(record),
                    media_type="text/plain; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{name}"'},
                )
            )
        analysis = None
        if request.query_params.get("analysis") == "1":
            # off the event loop: the solver takes a moment (the last tricks only)
            analysis = await asyncio.to_thread(
                analyze, game, worlds=0, open_card_tricks=AFTER_HAND_TRICKS
            )
        try:
            html = viewer_page(record, title=f"Alsós: table {table_id}", analysis=analysis)
        except ValueError:  # an uploaded profile: the viewer opens shipped variants only
            return _refuse(409, "the hand viewer shows hands of shipped variants only")
        response = HTMLResponse(html)
        response.headers["x-alsos-csp"] = "viewer"  # the viewer's own inline script and style
        return _secure(response)

    async def play(self, ws: WebSocket) -> None:
        await ws.accept()
        table_id = ws.path_params["table"]
        room, seat = await self._hello(ws, table_id)
        if room is None or seat is None:
            return
        hub = self.hub()
        conn = hub.join(room, seat)
        writer = asyncio.get_running_loop().create_task(_write(ws, conn))
        bucket = _Bucket(self.limits.actions_per_second, self.limits.burst)
        try:
            while not conn.dropped:
                text = await ws.receive_text()
                error = await self._handle(room, seat, text, bucket)
                if error is not None:
                    conn.send(error)
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(room, conn)
            writer.cancel()
            if conn.dropped:
                with contextlib.suppress(Exception):
                    await ws.close(1008)

    async def _hello(self, ws: WebSocket, table_id: str) -> tuple[Room | None, int | None]:
        """Read the first message: ``{"type": "hello", "token": ...}`` for a seat."""
        limits = self.limits
        try:
            text = await asyncio.wait_for(ws.receive_text(), limits.hello_timeout)
        except (TimeoutError, WebSocketDisconnect):
            return None, None
        msg = _parse(text, limits.max_message)
        problem = _NOT_JSON if msg is _UNREAD else check_client(msg, ("hello",))
        if problem is not None:
            await _close(ws, f'the first message is {{"type": "hello", "token": ...}}: {problem}')
            return None, None
        token: str = msg["token"]
        room = await self.hub().room(table_id) if len(table_id) <= 32 else None
        seat = room.seat_for(token) if room is not None else None
        if room is None or seat is None:
            await _close(ws, "no such table, or the link does not open a seat of it")
            return None, None
        return room, seat

    async def _handle(
        self, room: Room, seat: int, text: str, bucket: _Bucket
    ) -> dict[str, Any] | None:
        """One message from a seat's page; the frame to send back if it was refused."""
        limits, hub = self.limits, self.hub()
        if len(text) > limits.max_message:
            return _error(f"message over {limits.max_message} bytes: ignored")
        if not bucket.take():
            return _error("too many messages: slow down")
        msg = _parse(text, limits.max_message)
        problem = _NOT_JSON if msg is _UNREAD else check_client(msg, _LATER)
        if problem is not None:  # checked against the protocol's schema: nothing done
            return _error(problem)
        kind = msg["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "hint":
            return {"type": "hint", "text": await hub.hint(room, seat)}
        if kind == "record":
            return _record(room, seat)
        if kind == "undo":
            reason = await hub.undo(room, seat, int(msg["ply"]))
            return (
                None if reason is None else {"type": "refused", "action": "undo", "reason": reason}
            )
        if kind == "next":
            reason = await hub.next_hand(room, seat, int(msg["hand"]))
            return (
                None if reason is None else {"type": "refused", "action": "next", "reason": reason}
            )
        action: str = msg["action"]
        hand = msg.get("hand")
        reason = await hub.act(room, seat, action, int(msg["ply"]), hand)
        if reason is None:
            return None
        return {"type": "refused", "action": action[:60], "reason": reason}


def _table_request(
    body: bytes, limits: Limits
) -> tuple[str, int | None, list[str], str | None] | Response:
    """The variant, player count, seats and uploaded profile a request to make a
    table asks for, or the refusal saying what is wrong with it."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return _refuse(400, "the request is not JSON")
    if not isinstance(data, dict):
        return _refuse(400, "the request is not a JSON object")
    if "profile" not in data and len(body) > limits.max_message:  # only a profile is long
        return _refuse(413, f"the request is over {limits.max_message} bytes")
    variant, players, seats = data.get("variant"), data.get("players"), data.get("seats")
    if not isinstance(variant, str) or not isinstance(seats, list):
        return _refuse(400, 'give "variant" (text) and "seats" (a list)')
    if players is not None and players.__class__ is not int:
        return _refuse(400, '"players" is a whole number')
    if not all(isinstance(s, str) for s in seats):
        return _refuse(400, '"seats" lists "human" or a bot name for each seat')
    profile = data.get("profile")
    if profile is not None and not isinstance(profile, str):
        return _refuse(400, '"profile" is the YAML text of a profile')
    if profile is not None and len(profile.encode("utf-8", "replace")) > limits.max_profile:
        return _refuse(413, f"a profile is at most {limits.max_profile} bytes")
    return variant, players, seats, profile


class _Headers:
    """ASGI middleware: the security headers on every HTTP response."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                viewer = (_VIEWER_MARK, b"viewer") in headers
                headers = [(k, v) for k, v in headers if k != _VIEWER_MARK]
                for k, v in _HEADERS:
                    if viewer and k == b"content-security-policy":
                        v = _VIEWER_CSP.encode()
                    headers.append((k, v))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# The hand viewer's page is self-contained: its script and style are inline, and
# it still loads and sends nothing.
_VIEWER_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_VIEWER_MARK = b"x-alsos-csp"

_HEADERS = (
    (b"content-security-policy", _CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def _secure(response: Response) -> Response:
    response.headers["cache-control"] = "no-store"
    return response


async def _capped_body(request: Request, limit: int) -> bytes | None:
    """The request's body, read no further than ``limit`` bytes (None: it is longer)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return body


_UNREAD = object()  # what _parse gives for text that is not JSON
_NOT_JSON = "the message is not JSON"
#: the messages a page may send once its seat is open (alsos.web.protocol)
_LATER = tuple(k for k in CLIENT_MESSAGES if k != "hello")


def _parse(text: str, limit: int) -> Any:
    """The JSON value of ``text``, or ``_UNREAD``."""
    if len(text) > limit:
        return _UNREAD
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # a few thousand "[" exhaust the parser's stack
        return _UNREAD


def _record(room: Room, seat: int) -> dict[str, Any]:
    """The ``record`` frame: the seat's own record while the hand goes on, the whole
    one once it is over (a spectator gets it only then)."""
    game = room.game
    if game.is_over:
        return {"type": "record", "whole": True, "text": str(game.record())}
    if seat < 0:
        return _error("a spectator gets the record once the hand is over")
    return {"type": "record", "whole": False, "text": str(game.record(seat=seat))}


def _error(reason: str) -> dict[str, Any]:
    return {"type": "error", "reason": reason}


def _refuse(status: int, reason: str) -> Response:
    return JSONResponse({"error": reason}, status_code=status)


async def _write(ws: WebSocket, conn: Connection) -> None:
    """Write a connection's frames in order until it is closed (or the page has gone)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            frame = await conn.queue.get()
            if frame is None:
                return
            await ws.send_text(json.dumps(frame, separators=(",", ":")))


async def _close(ws: WebSocket, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps(_error(reason)))
        await ws.close(4403)
