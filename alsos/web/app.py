"""The web table as an ASGI application (Starlette): the page, a small JSON API, WebSockets.

Routes:

- ``GET /`` -- the page (``static/index.html``) and its script and style sheet
  under ``/static/``; nothing is loaded from elsewhere (a Content-Security-Policy
  says so to the browser);
- ``GET /api/variants`` -- the shipped profiles with their player counts, and
  the bots a seat may be given;
- ``GET /api/cards`` -- every card's SVG picture (:func:`alsos.pack.svg.card_svg`);
- ``GET /api/tables/{table}/rules`` -- the complete rules of the table's ruleset and
  the glossary, as a page (:func:`alsos.web.pages.rulebook_page`);
- ``GET /api/words?lang=hu`` -- the page's own words in a language
  (:mod:`alsos.web.page_words`);
- ``GET /api/card-names`` -- every card's name (:func:`alsos.words.card_name`), the
  accessible name of its picture;
- ``POST /api/tables`` -- make a table: ``{"variant", "players", "seats"}`` and
  its settings (``title``, ``listed``, ``grace``, ``stand_in``, ``turn_time``:
  :mod:`alsos.web.lobby`), answered with its id and one secret token per
  invited person's seat;
- ``GET /api/lobby`` -- the listed tables (:mod:`alsos.web.listing`);
- ``POST /api/tables/{table}/seats`` -- take a listed table's free seat:
  ``{"seat": n}``, answered with the token that opens it;
- ``GET /api/tables/{table}/record`` and ``.../viewer`` -- a finished hand;
- ``WS /ws/{table}`` -- play: the first message names the seat's token, then
  actions (and, between hands, ``next``) go up and frames come down
  (``docs/server.rst``).

The event loop only reads messages, takes actions and writes frames: the
database is called from its own thread (:mod:`alsos.web.writes`), and
everything that takes CPU time -- searching bots, hints, viewer and analysis
pages, uploaded profiles -- runs in worker processes, fair between tables and
clients (:mod:`alsos.web.searches`).  Limits against abuse are counted per
client address (:mod:`alsos.web.guard`).  Tokens travel in messages, never in
URLs the server sees (a page keeps its token in the URL fragment); the only
cookie is an account's session (:mod:`alsos.web.people`, whose routes are
beside these), and a table is made only from the page's own origin, as JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from alsos.language import ENGLISH, Language, LanguageError, language, said_in
from alsos.learn import SETS
from alsos.pack.cards import CARDS
from alsos.pack.svg import card_svg
from alsos.web.director import Director
from alsos.web.guard import (
    CLOSE_BUSY,
    CLOSE_REFUSED,
    Bucket,
    Guard,
    Limits,
    NotJSON,
    read_json,
)
from alsos.web.hub import Hub
from alsos.web.lobby import Settings, read_settings
from alsos.web.page_words import page_words
from alsos.web.pages import (
    TUTORIALS,
    Pages,
    puzzle_data,
    render,
    rulebook_page,
    set_data,
    tutorial_data,
)
from alsos.web.people import CsrfGuard, People
from alsos.web.protocol import CLIENT_MESSAGES, check_client
from alsos.web.ratings import answer
from alsos.web.replies import capped_body as _capped_body
from alsos.web.replies import client_of as _client
from alsos.web.replies import foreign as _foreign
from alsos.web.replies import language_of as _language
from alsos.web.replies import refuse as _refuse
from alsos.web.replies import secure as _secure
from alsos.web.room import BOTS, HUMAN, SPECTATOR, Connection, Room, TableError
from alsos.web.searches import Position
from alsos.web.store import Store
from alsos.web.uploads import variants
from alsos.words.actions import card_name

if TYPE_CHECKING:
    from alsos.play.game import Game

__all__ = ["Limits", "create_app"]

_STATIC = Path(__file__).parent / "static"
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_log = logging.getLogger("alsos.web")


def create_app(
    db_url: str = "sqlite:///alsos-web.sqlite3",
    *,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    hand_pause: float | None = 3.0,
    workers: int = 2,
    board_pause: float = 15.0,
) -> Starlette:
    """The web table as an ASGI app, storing its tables at ``db_url`` (SQLAlchemy URL).

    Mount it in another Starlette or FastAPI app, or serve it with uvicorn
    (``alsos serve``).  ``bot_delay``: seconds before a bot's move is shown;
    ``hand_pause``: seconds a table of bots only waits before its next hand
    (None: it stops after each hand); ``workers``: worker processes for the
    searching bots, hints and analysis pages (:mod:`alsos.web.searches`);
    ``board_pause``: seconds a tournament's table shows a finished board before
    it deals the next (:mod:`alsos.web.director`).
    The app's ``state.hub`` (:class:`~alsos.web.hub.Hub`) is the tables'
    Python side, for tools and tests.

    A table the hub cannot make as asked (``Hub.create`` raises a
    ``TableError``, a :class:`~alsos.errors.WebError`: an unknown variant or bot,
    a profile the loader refuses, a wrong seat count) is answered with status 400
    and the error's message, and a message that is not JSON (``NotJSON``) is
    refused: neither is raised out of the app.

    :raises sqlalchemy.exc.OperationalError: the database cannot be opened.
    """
    site = _Site(Store(db_url), bot_delay, limits or Limits(), hand_pause, workers, board_pause)
    routes = [
        *site.people.routes(),
        *site.director.routes(),
        Route("/", site.index),
        Route("/api/variants", site.variants),
        Route("/api/cards", site.cards),
        Route("/api/card-names", site.card_names),
        Route("/api/words", site.words),
        Route("/api/tutorial", site.tutorial),
        Route("/api/puzzles/rating", site.puzzle_rating, methods=["POST"]),
        Route("/api/puzzles", site.puzzle_set),
        Route("/api/tables", site.create, methods=["POST"]),
        Route("/api/lobby", site.lobby),
        Route("/api/tables/{table}/seats", site.take_seat, methods=["POST"]),
        Route("/api/tables/{table}/rules", site.rules),
        Route("/api/tables/{table}/{what:str}", site.finished),
        WebSocketRoute("/ws/{table}", site.play),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=site.lifespan)
    app.state.people = site.people
    app.state.director = site.director
    app.add_middleware(CsrfGuard, people=site.people)
    app.add_middleware(_Headers)
    return app


class _Site:
    """What the app's routes share: the store, the hub (made in the event loop that
    serves the app), the limits and their counts, and the pages made."""

    def __init__(
        self,
        store: Store,
        bot_delay: float,
        limits: Limits,
        hand_pause: float | None = 3.0,
        workers: int = 2,
        board_pause: float = 15.0,
    ) -> None:
        self.store = store
        self.board_pause = board_pause
        self.bot_delay = bot_delay
        self.hand_pause = hand_pause
        self.workers = workers
        self.limits = limits
        self.guard = Guard(limits)
        self.pages = Pages()
        self._hub: Hub | None = None
        self.people = People(self.hub, self.guard)
        self.director = Director(self.hub, self.people)

    def hub(self) -> Hub:
        if self._hub is None:  # made in the event loop that serves the app
            self._hub = Hub(
                self.store,
                bot_delay=self.bot_delay,
                hand_pause=self.hand_pause,
                workers=self.workers,
                board_pause=self.board_pause,
            )
            self.director.attach(self._hub)
        return self._hub

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        app.state.hub = self.hub()
        resuming = asyncio.get_running_loop().create_task(self.director.sweep())
        try:
            yield
        finally:
            resuming.cancel()
            await self.hub().close()
            self.store.close()

    async def index(self, request: Request) -> Response:
        return _secure(FileResponse(_STATIC / "index.html"))

    async def variants(self, request: Request) -> Response:
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        return JSONResponse({"variants": variants(lang), "seats": [HUMAN, *BOTS]})

    async def cards(self, request: Request) -> Response:
        return JSONResponse({c.name: card_svg(c, width=60) for c in CARDS})

    async def words(self, request: Request) -> Response:
        """The page's own words in ``?lang=`` (:func:`alsos.web.page_words.page_words`):
        ``{"lang": code, "words": {message: translation}}``."""
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        return JSONResponse({"lang": lang.code, "words": page_words(lang)})

    async def tutorial(self, request: Request) -> Response:
        """The guided first hand of ``?variant=`` (one of :data:`TUTORIALS`) in ``?lang=``
        (:func:`alsos.web.pages.tutorial_data`), made once per variant and language."""
        return await self._per_variant(request, "tutorial", TUTORIALS, tutorial_data)

    async def puzzle_set(self, request: Request) -> Response:
        """The shipped puzzle set of ``?variant=`` (one of :data:`alsos.learn.sets.SETS`) as
        the board reads it, in ``?lang=`` (:func:`alsos.web.pages.set_data`), made once
        per variant and language."""
        return await self._per_variant(request, "puzzles", tuple(SETS), set_data)

    async def _per_variant(
        self,
        request: Request,
        what: str,
        offered: tuple[str, ...],
        make: Callable[[str, str], str],
    ) -> Response:
        """JSON made by ``make(variant, lang)`` in a worker for one of the ``offered``
        profiles (``?variant=``, the first by default) in ``?lang=``, once, then kept:
        it is the same for everyone."""
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        variant = request.query_params.get("variant", offered[0])
        if variant not in offered:
            return _refuse(404, f"no {what} for {variant[:40]!r}: there are {list(offered)}")
        key = (what, variant, lang.code)
        found, text = self.pages.get(key)
        if not found:
            text = await self.hub().searches.run(what, make, variant, lang.code)
            self.pages.keep(key, text)
        return _secure(Response(text, media_type="application/json"))

    async def puzzle_rating(self, request: Request) -> Response:
        """A player's puzzle rating after one puzzle (:func:`alsos.web.ratings.answer`);
        the board keeps the rating; for a signed-in player the server notes the puzzle
        answered (:meth:`alsos.web.people.People.puzzle_answered`)."""
        body = await _capped_body(request, 512)
        if body is None:
            return _refuse(413, "a rating request is at most 512 bytes")
        try:
            answered = answer(body)
        except (ValueError, RecursionError) as e:  # json's errors are ValueErrors too
            return _refuse(400, f"not a rating request: {e}")
        await self.people.puzzle_answered(request, body)
        return _secure(JSONResponse(answered))

    async def card_names(self, request: Request) -> Response:
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        return JSONResponse({c.name: card_name(c, lang) for c in CARDS})

    async def create(self, request: Request) -> Response:
        """A new table (``POST /api/tables``); a refusal -- an uploaded profile's
        problems among them -- is written in ``?lang=``."""
        if _foreign(request):  # another site's page: not counted against this client
            return _refuse(403, "tables are made from this server's own page")
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        client = _client(request)
        refusal = self.guard.may_make(client)
        if refusal is not None:
            return _refuse(429, refusal)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return _refuse(415, "send the table as JSON (Content-Type: application/json)")
        limits = self.limits
        cap = limits.max_message + limits.max_profile
        body = await _capped_body(request, cap)
        if body is None:
            return _refuse(413, f"the request is over {cap} bytes")
        asked = _table_request(body, limits)
        if isinstance(asked, Response):
            return asked
        variant, players, seats, profile, settings = asked
        try:
            table_id, tokens = await self.hub().create(
                variant, seats, players=players, profile=profile, client=client, settings=settings
            )
        except TableError as e:
            return _refuse(400, said_in(e, lang))
        except SQLAlchemyError:  # the database refused the write: nothing was made
            _log.exception("could not store a new table")
            return _refuse(503, "the server could not store the table: nothing made, try again")
        watch = tokens.pop(SPECTATOR)
        return _secure(
            JSONResponse(
                {
                    "table": table_id,
                    "tokens": {str(s): t for s, t in tokens.items()},
                    "spectator": watch,
                }
            )
        )

    async def lobby(self, request: Request) -> Response:
        """The listed tables (public facts only: no card, no seat's token), named in
        ``?lang=`` (English by default)."""
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        try:
            tables = await self.hub().lobby(lang=lang)
        except SQLAlchemyError:
            _log.exception("could not read the lobby")
            return _refuse(503, "the server could not read the lobby: try again")
        return _secure(JSONResponse({"tables": tables}))

    async def take_seat(self, request: Request) -> Response:
        """Take a free seat of a listed table: ``{"seat": n}``, answered with the table,
        the seat and the token that opens it (counted as making a table is)."""
        if _foreign(request):
            return _refuse(403, "seats are taken from this server's own page")
        client = _client(request)
        refusal = self.guard.may_make(client)
        if refusal is not None:
            return _refuse(429, refusal)
        body = await _capped_body(request, self.limits.max_message)
        if body is None:
            return _refuse(413, f"the request is over {self.limits.max_message} bytes")
        try:
            data = read_json(body, self.limits.max_message)
        except NotJSON as e:
            return _refuse(400, str(e).replace("the message", "the request"))
        seat = data.get("seat") if isinstance(data, dict) else None
        if seat.__class__ is not int:
            return _refuse(400, 'give {"seat": n}, the number of a free seat')
        table_id = request.path_params["table"]
        if len(table_id) > 32:
            return _refuse(404, "no such table in the lobby")
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        try:
            token = await self.hub().take_seat(table_id, seat)
        except TableError as e:
            return _refuse(409 if "seat" in str(e) else 404, said_in(e, lang))
        except SQLAlchemyError:
            _log.exception("table %s: could not take a seat", table_id)
            return _refuse(503, "the server could not store the seat: try again")
        return _secure(JSONResponse({"table": table_id, "seat": seat, "token": token}))

    async def rules(self, request: Request) -> Response:
        """The complete rules of a table (its variant, or the profile it was made with)
        with the glossary, made once per ruleset in a worker (a render, as the viewer's
        pages are, so a client is limited in how many it asks for)."""
        table_id = request.path_params["table"]
        if len(table_id) > 32:
            return _refuse(404, "no such table")
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        try:
            room = await self.hub().room(table_id, wake=False)
        except SQLAlchemyError:
            _log.exception("table %s: could not load it", table_id)
            return _refuse(503, "the server could not read the table: try again")
        if room is None:
            return _refuse(404, "no such table")
        key = ("rules", str(room.rules), room.rules.name, lang.code)
        found, html = self.pages.get(key)
        if not found:
            client = _client(request)
            refusal = self.guard.may_render(client)
            if refusal is not None:
                return _refuse(429, refusal)
            try:
                html = await self.hub().searches.run(
                    f"page {client}", rulebook_page, room.rules, lang.code
                )
            finally:
                self.guard.rendered(client)
            self.pages.keep(key, html)
        if html is None:  # pragma: no cover - a rulebook is always written
            return _refuse(409, "the rules of this table could not be written")
        return _secure(HTMLResponse(html))

    async def finished(self, request: Request) -> Response:
        """The record of a finished hand (public then), as text, in the hand viewer or
        as puzzles (:meth:`_puzzles`): the hand in play once over, or ``?hand=N``,
        the session's hand N;
        ``?analysis=1`` adds the open-card analysis of the last tricks' card plays
        (:func:`alsos.analysis.analyze`, the same as ``alsos analyze --html``).
        Asking for it does not start a table's bots (only a seat's or spectator's
        page does)."""
        table_id, what = request.path_params["table"], request.path_params["what"]
        if what not in ("record", "viewer", "puzzles") or len(table_id) > 32:
            return _refuse(404, "no such table")
        asked = request.query_params.get("hand", "")
        if asked and not (asked.isascii() and asked.isdigit() and len(asked) <= 6):
            return _refuse(400, f"?hand= is a hand's number in the session, not {asked[:20]!r}")
        analysis = request.query_params.get("analysis") == "1"
        lang = _language(request)
        if isinstance(lang, Response):
            return lang
        if what == "viewer" and asked:  # a page made before: no table to load
            found, html = self.pages.get((table_id, int(asked), analysis, lang.code))
            if found:
                return _viewer(html)
        hub = self.hub()
        try:
            room = await hub.room(table_id, wake=False)
            if room is None:
                return _refuse(404, "no such table")
            number = int(asked) if asked else room.hand
            if what == "viewer" and not asked:  # (asked for by number: looked for above)
                found, html = self.pages.get((table_id, number, analysis, lang.code))
                if found:
                    return _viewer(html)
            game = room.game if number == room.hand else await hub.earlier_hand(room, number)
        except SQLAlchemyError:  # the table could not be read now
            _log.exception("table %s: could not load it", table_id)
            return _refuse(503, "the server could not read the table: try again")
        if game is None or not game.is_over:
            return _refuse(404, f"hand {number} of this table is not over (or not dealt) yet")
        if room.settings.boards is not None and not await self.director.shown(room.id, number):
            return _refuse(403, "a tournament's board is shown once every table has played it")
        if what == "record":
            name = f"alsos-{table_id}.txt" if not asked else f"alsos-{table_id}-{number}.txt"
            return _secure(
                Response(
                    str(game.record()),
                    media_type="text/plain; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{name}"'},
                )
            )
        client = _client(request)
        if what == "puzzles":
            return await self._puzzles((table_id, number, what, lang.code), game, client, lang)
        refusal = self.guard.may_render(client)
        if refusal is not None:
            return _refuse(429, refusal)
        title = lang.text("Alsós: table {table}", table=table_id)
        try:
            html = await hub.searches.run(
                f"page {client}", render, Position.of(game), title, analysis, lang.code
            )
        finally:
            self.guard.rendered(client)
        self.pages.keep((table_id, number, analysis, lang.code), html)
        return _viewer(html)

    async def _puzzles(
        self, key: tuple[str, int, str, str], game: Game, client: str, lang: Language
    ) -> Response:
        """The puzzles of a finished hand as JSON (:func:`alsos.web.pages.puzzle_data`):
        made once in a worker, in the asking client's turn and counted as a render
        (finding them values every decision of the hand), then kept."""
        found, text = self.pages.get(key)
        if not found:
            refusal = self.guard.may_render(client)
            if refusal is not None:
                return _refuse(429, refusal)
            try:
                text = await self.hub().searches.run(
                    f"page {client}", puzzle_data, Position.of(game), lang.code
                )
            finally:
                self.guard.rendered(client)
            self.pages.keep(key, text)
        return _secure(Response(text, media_type="application/json"))

    # ------------------------------------------------------------ play

    async def play(self, ws: WebSocket) -> None:
        client = ws.client.host if ws.client else "?"
        refusal = self.guard.may_connect(client)
        await ws.accept()
        if refusal is not None:
            await _close(ws, CLOSE_BUSY, refusal)
            return
        try:
            try:
                room, seat, lang = await self._hello(ws, ws.path_params["table"])
            finally:
                self.guard.said_hello(client)
            if room is not None and seat is not None:
                await self._seated(ws, room, seat, client, lang)
        finally:
            self.guard.closed(client)

    async def _seated(
        self, ws: WebSocket, room: Room, seat: int, client: str, lang: Language = ENGLISH
    ) -> None:
        refusal = self.guard.may_sit(room.pages(), seat)
        if refusal is not None:
            await _close(ws, CLOSE_BUSY, refusal)
            return
        hub = self.hub()
        conn = hub.join(room, seat, client, lang)
        writer = asyncio.get_running_loop().create_task(_write(ws, conn))
        bucket = Bucket(self.limits.actions_per_second, self.limits.burst)
        asides: set[asyncio.Task[None]] = set()
        try:
            while not conn.dropped:
                try:
                    message = await ws.receive()
                except RuntimeError:  # the page vanished between two messages
                    break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not bucket.take():
                    conn.send(_error("too many messages: slow down"))
                elif text is None:
                    conn.send(_error("a binary message is not part of the protocol: send text"))
                else:
                    error = await self._handle(room, seat, text, client, conn, asides)
                    if error is not None:
                        conn.send(error)
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(room, conn)
            writer.cancel()
            for task in asides:
                task.cancel()
            if conn.dropped:
                with contextlib.suppress(Exception):
                    await ws.close(1008)

    async def _hello(
        self, ws: WebSocket, table_id: str
    ) -> tuple[Room | None, int | None, Language]:
        """Read the first message: ``{"type": "hello", "token": ..., "lang": ...}`` for a
        seat, and the language its page reads (``lang``, English when not given)."""
        limits = self.limits
        try:
            message = await asyncio.wait_for(ws.receive(), limits.hello_timeout)
        except TimeoutError:
            await _close(ws, CLOSE_REFUSED, f"no hello within {limits.hello_timeout:g} s")
            return None, None, ENGLISH
        except (WebSocketDisconnect, RuntimeError):  # gone before its hello
            return None, None, ENGLISH
        if message["type"] == "websocket.disconnect":
            return None, None, ENGLISH
        hello = '{"type": "hello", "token": ...}'
        text = message.get("text")
        if text is None:
            await _close(ws, CLOSE_REFUSED, f"the first message is {hello}, as text")
            return None, None, ENGLISH
        try:
            msg = read_json(text, limits.max_message)
            problem = check_client(msg, ("hello",))
        except NotJSON as e:
            problem = str(e)
        if problem is not None:
            await _close(ws, CLOSE_REFUSED, f"the first message is {hello}: {problem}")
            return None, None, ENGLISH
        token: str = msg["token"]
        try:
            lang = language(msg.get("lang", "en"))
        except LanguageError as e:
            await _close(ws, CLOSE_REFUSED, f"the first message is {hello}: {e}")
            return None, None, ENGLISH
        try:
            room = await self.hub().room(table_id, wake=False) if len(table_id) <= 32 else None
        except SQLAlchemyError:  # the table could not be read now: the page tries again
            _log.exception("table %s: could not load it", table_id[:32])
            await _close(ws, 1011, "the server could not read the table: trying again")
            return None, None, ENGLISH
        seat = room.seat_for(token) if room is not None else None
        if room is None or seat is None:
            await _close(ws, CLOSE_REFUSED, "no such table, or the link does not open a seat of it")
            return None, None, ENGLISH
        why = None
        if seat >= 0:
            why = await self.people.seat_refusal(ws, room.id, seat, room.pages()[seat])
        if why is not None:
            await _close(ws, CLOSE_REFUSED, why)
            return None, None, ENGLISH
        return room, seat, lang

    async def _handle(
        self,
        room: Room,
        seat: int,
        text: str,
        client: str,
        conn: Connection,
        asides: set[asyncio.Task[None]],
    ) -> dict[str, Any] | None:
        """One message from a seat's page; the frame to send back if it was refused."""
        hub = self.hub()
        try:
            msg = read_json(text, self.limits.max_message)
            problem = check_client(msg, _LATER)
        except NotJSON as e:
            problem = str(e)
        if problem is not None:  # checked against the protocol's schema: nothing done
            return _error(problem)
        kind = msg["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "hint":  # worked out aside: the page's other messages go on meanwhile
            task = asyncio.get_running_loop().create_task(_hint(hub, room, seat, client, conn))
            asides.add(task)
            task.add_done_callback(asides.discard)
            return None
        if kind == "record":
            return _record(room, seat)
        if kind == "undo":
            reason = await hub.undo(room, seat, int(msg["ply"]), conn.lang)
            return (
                None if reason is None else {"type": "refused", "action": "undo", "reason": reason}
            )
        if kind == "name":
            reason = await hub.rename(room, seat, msg["name"], conn.lang)
            return (
                None if reason is None else {"type": "refused", "action": "name", "reason": reason}
            )
        if kind == "rematch":
            reason = await hub.rematch(room, seat, conn.lang)
            return (
                None
                if reason is None
                else {"type": "refused", "action": "rematch", "reason": reason}
            )
        if kind == "next":
            reason = await hub.next_hand(room, seat, int(msg["hand"]), conn.lang)
            return (
                None if reason is None else {"type": "refused", "action": "next", "reason": reason}
            )
        action: str = msg["action"]
        hand = msg.get("hand")
        reason = await hub.act(room, seat, action, int(msg["ply"]), hand, conn.lang)
        if reason is None:
            return None
        return {"type": "refused", "action": action[:60], "reason": reason}


async def _hint(hub: Hub, room: Room, seat: int, client: str, conn: Connection) -> None:
    conn.send({"type": "hint", "text": await hub.hint(room, seat, client, conn.lang)})


def _table_request(
    body: bytes, limits: Limits
) -> tuple[str, int | None, list[str], str | None, Settings] | Response:
    """The variant, player count, seats, uploaded profile and settings a request to
    make a table asks for, or the refusal saying what is wrong with it."""
    try:
        data = read_json(body, limits.max_message + limits.max_profile)
    except NotJSON as e:
        return _refuse(400, str(e).replace("the message", "the request"))
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
        return _refuse(400, '"seats" lists "human", "open" or a bot name for each seat')
    profile = data.get("profile")
    if profile is not None and not isinstance(profile, str):
        return _refuse(400, '"profile" is the YAML text of a profile')
    if profile is not None and len(profile.encode("utf-8", "replace")) > limits.max_profile:
        return _refuse(413, f"a profile is at most {limits.max_profile} bytes")
    settings = read_settings(data, tuple(BOTS))
    if isinstance(settings, str):
        return _refuse(400, settings)
    return variant, players, seats, profile, settings


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


def _viewer(html: str | None) -> Response:
    """A finished hand's viewer page (its own inline script and style), or why not."""
    if html is None:  # a hand the viewer could not draw (its record does not replay)
        return _refuse(409, "the hand viewer could not draw this hand")
    response = HTMLResponse(html)
    response.headers["x-alsos-csp"] = "viewer"
    return _secure(response)


#: the messages a page may send once its seat is open (alsos.web.protocol)
_LATER = tuple(k for k in CLIENT_MESSAGES if k != "hello")


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


async def _write(ws: WebSocket, conn: Connection) -> None:
    """Write a connection's frames in order until it is closed (or the page has gone)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            text = await conn.queue.get()
            if text is None:
                return
            await ws.send_text(text)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    """Tell the page why (an ``error`` frame, and the close's reason), then close."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps(_error(reason)))
        await ws.close(code, reason.encode("utf-8")[:120].decode("utf-8", "ignore"))
