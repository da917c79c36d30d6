"""The web table's routes for people: accounts, sessions, a player's page, leaderboards.

- ``POST /api/accounts`` -- register ``{"name", "password"}`` and sign in;
- ``POST /api/session`` -- sign in ``{"name", "password"}``;
  ``DELETE /api/session`` -- sign out;
- ``GET /api/me`` -- who is signed in, with the session's CSRF token;
- ``GET /api/players/{name}`` -- a player's page: ratings per variant, hands
  played, puzzles answered and solved (on the puzzle board, signed in); the list
  of hands (with their records and viewers) only to the player signed in, since
  a hand's table may be private;
- ``GET /api/leaderboard?variant=V`` -- the variant's ratings, people and bot levels.

Signing in and registering are taken only from this server's own page, as
JSON.  Every state-changing request (any method but GET, HEAD and OPTIONS) that
carries a live session must send the session's CSRF token in ``X-CSRF-Token``
(:class:`CsrfGuard`, around the whole app): a page elsewhere cannot act with a
visitor's account, and cannot read the token (it comes in a JSON answer to
this origin's own scripts).  Without a session nothing changes: seat links
work as before.  Hashing a password takes about a tenth of a second of CPU
and 64 MiB: it runs in a thread of its own (never a database thread), at most
:data:`HASHING_AT_ONCE` at a time, with at most :data:`WAITING_AT_MOST` waiting.
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import Callable
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from alsos.web.accounts import (
    AccountError,
    Accounts,
    LoginLimits,
    SignedIn,
    check_name,
    check_password,
)
from alsos.web.guard import Guard, NotJSON, read_json
from alsos.web.rated import BOT_PREFIX, Rated
from alsos.web.replies import capped_body, client_of, foreign, refuse, secure
from alsos.web.writes import Database

__all__ = ["COOKIE", "HASHING_AT_ONCE", "WAITING_AT_MOST", "CsrfGuard", "People"]

#: The session cookie's name.
COOKIE = "alsos_session"
#: Password hashes computed at once (each takes 64 MiB for a tenth of a second).
HASHING_AT_ONCE = 2
#: Sign-ins and registrations that may wait for a hash check; more are refused (503).
WAITING_AT_MOST = 32


_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


class People:
    """The routes of this module, sharing the hub's database threads and tables
    (``hub()``, made in the event loop that serves the app, as the app's own routes do)."""

    def __init__(self, hub: Callable[[], Any], guard: Guard) -> None:
        self._hub = hub
        self.guard = guard
        self.limits = LoginLimits()
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)
        self._waiting = 0

    @property
    def db(self) -> Database:
        db: Database = self._hub().db
        return db

    @property
    def accounts(self) -> Accounts:
        accounts: Accounts = self._hub().accounts
        return accounts

    @property
    def rated(self) -> Rated:
        rated: Rated = self._hub().rated
        return rated

    def routes(self) -> list[Route]:
        return [
            Route("/api/accounts", self.register, methods=["POST"]),
            Route("/api/session", self.sign_in, methods=["POST"]),
            Route("/api/session", self.sign_out, methods=["DELETE"]),
            Route("/api/me", self.me),
            Route("/api/players/{name}", self.player),
            Route("/api/leaderboard", self.leaderboard),
        ]

    async def session(self, conn: HTTPConnection) -> SignedIn | None:
        """The live session a request or WebSocket carries (its cookie), or None."""
        sid = conn.cookies.get(COOKIE)
        if not sid:
            return None
        return await self.db.call(self.accounts.session, sid)

    async def _credentials(self, request: Request) -> tuple[str, str] | Response:
        if foreign(request):
            return refuse(403, "sign in from this server's own page")
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return refuse(415, "send the name and password as JSON")
        body = await capped_body(request, 1024)
        if body is None:
            return refuse(413, "a sign-in is at most 1024 bytes")
        try:
            data = read_json(body, 1024)
        except NotJSON as e:
            return refuse(400, str(e).replace("the message", "the request"))
        if not isinstance(data, dict):
            return refuse(400, 'give {"name": ..., "password": ...}')
        try:
            return check_name(data.get("name")), check_password(data.get("password"))
        except AccountError as e:
            return refuse(400, str(e))

    async def register(self, request: Request) -> Response:
        """Make an account and sign it in (counted as making a table is, per client)."""
        refusal = self.guard.may_make(client_of(request))
        if refusal is not None:
            return refuse(429, refusal)
        got = await self._credentials(request)
        if isinstance(got, Response):
            return got
        name, password = got
        hashed = await self._hashed(Accounts.hash, password)
        if isinstance(hashed, Response):
            return hashed
        if not await self.db.call(self.accounts.add, name, hashed):
            return refuse(409, f"the name {name!r} is taken: choose another")
        return await self._signed_in(request, name, 201)

    async def sign_in(self, request: Request) -> Response:
        """Sign in; refused after too many failures for the name or the address, and
        while too many sign-ins wait for a hash check (:data:`WAITING_AT_MOST`)."""
        got = await self._credentials(request)
        if isinstance(got, Response):
            return got
        name, password = got
        client = client_of(request)
        refusal = self.limits.attempt(name, client)
        if refusal is not None:
            return refuse(429, refusal)
        stored = await self.db.call(self.accounts.stored_hash, name)
        checked = await self._hashed(Accounts.check, stored, password)
        if isinstance(checked, Response):
            return checked
        account, newer = checked
        if account is None:
            return refuse(401, "wrong name or password")
        self.limits.succeeded(name, client)
        if newer is not None:
            await self.db.call(self.accounts.rehash, account, newer)
        return await self._signed_in(request, account, 200)

    async def _hashed(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``, a password hash's work, in a thread: at most
        :data:`HASHING_AT_ONCE` at a time, never on the database's threads; the
        refusal (503) instead when too many are waiting already."""
        if self._waiting >= WAITING_AT_MOST:
            return refuse(503, "too many sign-ins at once: try again in a moment")
        self._waiting += 1
        try:
            async with self._hashing:
                return await asyncio.to_thread(fn, *args)
        finally:
            self._waiting -= 1

    async def _signed_in(self, request: Request, account: str, status: int) -> Response:
        """A new session (never one the browser had: no fixation; that one is closed)
        in a fresh cookie, ``Secure`` when the page came over https."""
        old = request.cookies.get(COOKIE)
        if old:
            await self.db.call(self.accounts.close_session, old)
        sid, session = await self.db.call(self.accounts.open_session, account)
        response = JSONResponse({"name": account, "csrf": session.csrf}, status_code=status)
        response.set_cookie(
            COOKIE, sid, max_age=30 * 86400, path="/", httponly=True, samesite="strict",
            secure=request.url.scheme == "https",
        )  # fmt: skip
        return secure(response)

    async def sign_out(self, request: Request) -> Response:
        """Sign out (the CSRF token checked by :class:`CsrfGuard`): the session ends."""
        sid = request.cookies.get(COOKIE)
        if sid:
            await self.db.call(self.accounts.close_session, sid)
        response = JSONResponse({"name": None})
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return secure(response)

    async def me(self, request: Request) -> Response:
        """``{"name", "csrf"}`` of the session, or ``{"name": null}``."""
        session = await self.session(request)
        if session is None:
            return secure(JSONResponse({"name": None}))
        return secure(JSONResponse({"name": session.account, "csrf": session.csrf}))

    async def player(self, request: Request) -> Response:
        """A player's page as data (module docs)."""
        asked = request.path_params["name"]
        if len(asked) > 64:
            return refuse(404, "no such player")
        name = await self.db.call(self.accounts.exists, asked)
        if name is None:
            return refuse(404, "no such player")
        since = await self.db.call(self.accounts.since, name)
        ratings = await self.db.call(self.rated.ratings_of, name)
        played = await self.db.call(self.rated.hands_count, name)
        tried, solved = await self.db.call(self.rated.puzzles_of, name)
        session = await self.session(request)
        data: dict[str, Any] = {
            "name": name,
            "since": since,
            "hands": played,
            "puzzles": {"tried": tried, "solved": solved},
            "ratings": {v: _rating(r) for v, r in sorted(ratings.items())},
        }
        if session is not None and session.account == name:
            data["played"] = [
                {
                    "table": h.table,
                    "hand": h.hand,
                    "seat": h.seat,
                    "variant": h.variant,
                    "payment": h.payment,
                    "rated": h.rated,
                    "at": h.at,
                    "record": f"/api/tables/{h.table}/record?hand={h.hand}",
                    "viewer": f"/api/tables/{h.table}/viewer?hand={h.hand}",
                }
                for h in await self.db.call(self.rated.hands_of, name)
            ]
        return secure(JSONResponse(data))

    async def leaderboard(self, request: Request) -> Response:
        """``?variant=``'s leaderboard: ``{"variant", "rows": [{"name", "bot", "mu",
        "sigma", "ordinal", "hands"}]}``, best first."""
        variant = request.query_params.get("variant", "potter1930")
        if len(variant) > 200:
            return refuse(400, "a variant is a profile's id")
        rows = await self.db.call(self.rated.leaderboard, variant)
        return secure(
            JSONResponse(
                {
                    "variant": variant,
                    "rows": [
                        {
                            "name": n.removeprefix(BOT_PREFIX),
                            "bot": n.startswith(BOT_PREFIX),
                            **_rating(r),
                        }
                        for n, r in rows
                    ],
                }
            )
        )

    async def puzzle_answered(self, request: Request, body: bytes) -> None:
        """Note a puzzle a signed-in player answered, for their page (the rating itself
        stays in the browser): ``{"id", "solved"}`` of a rating request."""
        session = await self.session(request)
        if session is None:
            return
        try:
            got = json.loads(body)
        except ValueError:
            return
        puzzle, solved = (got.get("id"), got.get("solved")) if isinstance(got, dict) else (0, 0)
        if isinstance(puzzle, str) and puzzle and isinstance(solved, bool):
            await self.db.call(self.rated.puzzle_tried, session.account, puzzle, solved)

    async def seat_refusal(
        self, ws: HTTPConnection, table_id: str, seat: int, others_open: int = 0
    ) -> str | None:
        """Why a page may not open a person's ``seat`` of a table although its link does:
        the seat is linked to an account the page is not signed in to.

        A seat not yet linked is linked to the page's account if it is signed in (from
        this server's own page), no other page has the seat open (``others_open``: one
        could be someone else's, who would then play as the account), and the account
        holds no other seat of the table (nobody is rated playing against themselves);
        otherwise the page plays it without an account, as by a link
        (:mod:`alsos.web.accounts`)."""
        session = None if foreign(ws) else await self.session(ws)
        linked = await self.db.call(self.accounts.seat_account, table_id, seat)
        if linked is None and session is not None and not others_open:
            held = await self.db.call(self.accounts.seat_accounts, table_id)
            if session.account not in held.values():
                linked = await self.db.call(
                    self.accounts.link_seat, table_id, seat, session.account
                )
        if linked is None or (session is not None and session.account == linked):
            return None
        return f"this seat is played by the account {linked}: sign in as {linked} to open it"

    async def csrf_refusal(self, conn: HTTPConnection, method: str) -> str | None:
        """Why a state-changing request is refused for want of its session's CSRF token,
        or None (a safe method, no live session, or the right token)."""
        if method in _SAFE or COOKIE not in conn.cookies:
            return None
        session = await self.session(conn)
        if session is None:
            return None
        sent = conn.headers.get("x-csrf-token", "")
        if hmac.compare_digest(sent.encode(), session.csrf.encode()):
            return None
        return "signed in: send the session's X-CSRF-Token with every change (GET /api/me)"


def _rating(r: Any) -> dict[str, float | int]:
    return {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "hands": r.hands}


class CsrfGuard:
    """ASGI middleware: a state-changing HTTP request with a live session and without
    its CSRF token is refused with 403 before any route sees it."""

    def __init__(self, app: Any, people: Any) -> None:
        self.app = app
        self.people = people

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            people: People = self.people
            why = await people.csrf_refusal(HTTPConnection(scope), scope["method"])
            if why is not None:
                body = json.dumps({"error": why}).encode()
                await send({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"cache-control", b"no-store")]})  # fmt: skip
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
