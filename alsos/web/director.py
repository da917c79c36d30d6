"""Duplicate tournaments at the web table: made, joined, seated round by round, scored.

The routes:

- ``GET /api/tournaments`` -- the newest tournaments;
- ``POST /api/tournaments`` -- signed in: a new open tournament, owned by the
  account: ``{"title", "variant", "players"?, "rounds", "boards", "level",
  "grace"?, "turn_time"?}`` (``boards`` per round; ``level`` the bots that fill
  empty places and stand in for a person away longer than ``grace`` seconds, or
  out of ``turn_time`` seconds for a decision);
- ``DELETE /api/tournaments/{id}`` -- its maker deletes it while it is open;
- ``GET /api/tournaments/{id}`` -- its page as data (:func:`alsos.web.standings.page`);
- ``POST /api/tournaments/{id}/entrants`` -- join it (signed in, while open);
  ``DELETE`` -- leave it;
- ``POST /api/tournaments/{id}/start`` -- its owner starts it.

**Running it.**  At the start the entrants are numbered and the first round is
seated (:mod:`alsos.web.tournaments`): each table is an ordinary private table
of the hub (``Hub.create``) that plays the round's boards
(``alsos.web.sessions.Boards``), its people's seats linked to their
accounts and named after them, a bot of the tournament's level at each bot's
seat and standing in for a person away past the grace or out of time for a
decision -- so no table waits for someone who does not come or does not move.
A table deals its next board by itself after a pause (a person at it may deal on
sooner).  Each finished hand's payments are
noted as the board's results (the hub's ``hand_over`` callbacks); when every
table has played every board of the round, the next round is seated, and after
the last the tournament is over.

**Restarts.**  Everything above is in the database.  A server that starts
takes up every tournament under way (:meth:`Director.resume`): it loads the
round's tables (their bots move again), notes any finished hand a killed
server had not noted, and seats the next round if the round is complete.
Seating a round stores its seats and counts the round in one transaction
that checks the count, so a round is seated once, whichever process (or
restart) gets there first.  The director looks at every tournament under way
again every :data:`SWEEP` seconds, so a write that failed is retried soon.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from alsos.bots import LEVELS
from alsos.compete.movement import movement
from alsos.language import Language, said_in
from alsos.play.game import Game
from alsos.web.guard import NotJSON, read_json
from alsos.web.hub import Hub
from alsos.web.lobby import GRACE, Settings, read_settings
from alsos.web.people import People
from alsos.web.replies import capped_body, client_of, language_of, refuse, secure
from alsos.web.room import BOTS, HUMAN, Room, TableError
from alsos.web.standings import page
from alsos.web.tournaments import MAX_ENTRANTS, ResultRow, SeatPlace, TournamentRow, board_deals
from alsos.web.uploads import shipped_rules

__all__ = ["MAX_BOARDS", "MAX_OWNED", "MAX_ROUNDS", "SWEEP", "TURN_TIME", "Director"]

#: The most rounds a tournament has.
MAX_ROUNDS = 8
#: The most boards in a round.
MAX_BOARDS = 12
#: The most tournaments not yet over that one account may have made.
MAX_OWNED = 3
#: Seconds a person has for each decision at a tournament's table, unless the
#: tournament sets its own (``turn_time``): then its stand-in moves for them, so an
#: idle page never holds up a round.
TURN_TIME = 90.0
#: Seconds between two looks at every tournament under way (:meth:`Director.sweep`).
SWEEP = 30.0

_log = logging.getLogger("alsos.web")


class Director:
    """The tournaments' routes, and what runs them: seating rounds, noting results.

    ``hub()`` is the site's hub (made in the event loop that serves the app);
    :meth:`attach` has the hub tell this director of every finished hand."""

    def __init__(self, hub: Callable[[], Hub], people: People) -> None:
        self._hub = hub
        self.people = people
        self._locks: dict[str, asyncio.Lock] = {}

    @property
    def hub(self) -> Hub:
        return self._hub()

    def routes(self) -> list[Route]:
        return [
            Route("/api/tournaments", self.listing),
            Route("/api/tournaments", self.create, methods=["POST"]),
            Route("/api/tournaments/{tid}", self.show),
            Route("/api/tournaments/{tid}", self.cancel, methods=["DELETE"]),
            Route("/api/tournaments/{tid}/entrants", self.join, methods=["POST"]),
            Route("/api/tournaments/{tid}/entrants", self.leave, methods=["DELETE"]),
            Route("/api/tournaments/{tid}/start", self.start, methods=["POST"]),
        ]

    def attach(self, hub: Hub) -> None:
        """Hear of every hand that ends at ``hub``'s tables."""
        hub.hand_over.append(self.hand_over)

    def _lock(self, tid: str) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    # ------------------------------------------------------------ routes

    async def listing(self, request: Request) -> Response:
        """The newest tournaments: their public facts."""
        rows = await self.hub.db.call(self.hub.tournaments.listing)
        return secure(JSONResponse({"tournaments": [_facts(t) for t in rows]}))

    async def show(self, request: Request) -> Response:
        """A tournament's page as data (:func:`alsos.web.standings.page`)."""
        tid = request.path_params["tid"]
        t = await self.hub.db.call(self.hub.tournaments.get, tid) if len(tid) <= 16 else None
        if t is None:
            return refuse(404, "no such tournament")
        session = await self.people.session(request)
        db, store = self.hub.db, self.hub.tournaments
        data = page(
            _facts(t),
            await db.call(store.joined, tid),
            await db.call(store.entrants, tid),
            await db.call(store.places, tid),
            await db.call(store.results, tid),
            None if session is None else session.account,
        )
        return secure(JSONResponse(data))

    async def _signed_in(self, request: Request, lang: Language) -> str | Response:
        session = await self.people.session(request)
        if session is None:
            return refuse(401, lang.text("sign in to enter or make a tournament"))
        return session.account

    async def create(self, request: Request) -> Response:
        """Make an open tournament owned by the signed-in account (module docs)."""
        lang = language_of(request)
        if isinstance(lang, Response):
            return lang
        account = await self._signed_in(request, lang)
        if isinstance(account, Response):
            return account
        refusal = self.people.guard.may_make(client_of(request))  # as a table: it makes some
        if refusal is not None:
            return refuse(429, refusal)
        body = await capped_body(request, 2048)
        if body is None:
            return refuse(413, lang.text("a tournament is asked for in at most 2048 bytes"))
        try:
            data = read_json(body, 2048)
        except NotJSON as e:
            return refuse(400, str(e))
        asked = _read(data, lang)
        if isinstance(asked, str):
            return refuse(400, asked)
        title, variant, players, rounds, boards, level, grace, turn = asked
        if await self.hub.db.call(self.hub.tournaments.owned, account) >= MAX_OWNED:
            return refuse(
                409,
                lang.text(
                    "you have {n} tournaments that are not over: finish one first", n=MAX_OWNED
                ),
            )
        tid = await self.hub.db.call(
            self.hub.tournaments.add, title, variant, players, rounds, boards, level, account,
            grace, turn,
        )  # fmt: skip
        return secure(JSONResponse({"tournament": tid}, status_code=201))

    async def join(self, request: Request) -> Response:
        return await self._entry(request, joining=True)

    async def leave(self, request: Request) -> Response:
        return await self._entry(request, joining=False)

    async def _entry(self, request: Request, *, joining: bool) -> Response:
        lang = language_of(request)
        if isinstance(lang, Response):
            return lang
        account = await self._signed_in(request, lang)
        if isinstance(account, Response):
            return account
        tid = request.path_params["tid"]
        store = self.hub.tournaments
        if len(tid) > 16 or await self.hub.db.call(store.get, tid) is None:
            return refuse(404, lang.text("no such tournament"))
        why = await self.hub.db.call(store.join if joining else store.leave, tid, account)
        if why is not None:
            return refuse(409, lang.text(why, n=MAX_ENTRANTS))
        return secure(JSONResponse({"joined": joining}))

    async def start(self, request: Request) -> Response:
        """The owner starts an open tournament: entrants numbered, round 1 seated."""
        owned = await self._owned(request)
        if isinstance(owned, Response):
            return owned
        t, lang = owned
        refusal = self.people.guard.may_make(client_of(request))  # it makes tables
        if refusal is not None:
            return refuse(429, refusal)
        if await self.hub.db.call(self.hub.tournaments.start, t.id) is None:
            return refuse(409, lang.text("nobody has joined, or the tournament has started"))
        await self.advance(t.id)
        return secure(JSONResponse({"started": True}))

    async def cancel(self, request: Request) -> Response:
        """The owner deletes a tournament that has not started."""
        owned = await self._owned(request)
        if isinstance(owned, Response):
            return owned
        t, lang = owned
        if not await self.hub.db.call(self.hub.tournaments.cancel, t.id):
            return refuse(409, lang.text("the tournament has started already"))
        return secure(JSONResponse({"cancelled": True}))

    async def _owned(self, request: Request) -> tuple[TournamentRow, Language] | Response:
        """The tournament a request names, if the signed-in account made it."""
        lang = language_of(request)
        if isinstance(lang, Response):
            return lang
        account = await self._signed_in(request, lang)
        if isinstance(account, Response):
            return account
        tid = request.path_params["tid"]
        t = await self.hub.db.call(self.hub.tournaments.get, tid) if len(tid) <= 16 else None
        if t is None:
            return refuse(404, lang.text("no such tournament"))
        if t.owner != account:
            return refuse(403, lang.text("only the tournament's maker starts or cancels it"))
        return t, lang

    # ------------------------------------------------------------ running

    async def shown(self, table_id: str, hand: int) -> bool:
        """Whether hand ``hand`` of a tournament's table may be shown (its record, viewer
        and puzzles): once every table has played that board, as on the page."""
        found = await self.hub.db.call(self.hub.tournaments.table_of, table_id)
        if found is None:
            return True  # (not a tournament's: its table was never used)
        t, round_, _ = found
        board = round_ * t.boards + hand - 1
        return bool(await self.hub.db.call(self.hub.tournaments.played, t.id, board) >= t.entrants)

    async def resume(self) -> None:
        """Take up every tournament under way (after a start or restart: module docs)."""
        for tid in await self.hub.db.call(self.hub.tournaments.playing):
            try:
                await self.advance(tid, load=True)
            except Exception:
                _log.exception("tournament %s: could not take it up", tid)

    async def sweep(self, every: float = SWEEP) -> None:
        """Take up every tournament under way now and then every ``every`` seconds, so
        that what a failed write or another process's end left undone (a hand not
        noted, a round not seated) is done soon, not at the next restart."""
        while True:
            try:
                await self.resume()
            except Exception:  # the database is away: try again later
                _log.exception("tournaments: could not look at them")
            await asyncio.sleep(every)

    async def hand_over(self, room: Room, hand: int, game: Game) -> None:
        """A hand ended at ``room``: if it is a tournament's, note its results and move
        the tournament on."""
        if room.settings.boards is None:
            return
        found = await self.hub.db.call(self.hub.tournaments.table_of, room.id)
        if found is None:
            return
        t, round_, table_no = found
        await self._note(t, round_, table_no, room.id, hand, game)
        await self.advance(t.id)

    async def _note(
        self, t: TournamentRow, round_: int, table_no: int, table_id: str, hand: int, game: Game
    ) -> None:
        s = game.settlement
        if s is None or not 1 <= hand <= t.boards:
            return
        places = await self.hub.db.call(self.hub.tournaments.places, t.id, round_)
        rows = [
            ResultRow(round_ * t.boards + hand - 1, p.entrant, p.seat, table_no, table_id, hand,
                      s.payments.get(p.seat, 0))
            for p in places
            if p.table_id == table_id
        ]  # fmt: skip
        await self.hub.db.call(self.hub.tournaments.note, t.id, rows)

    async def advance(self, tid: str, *, load: bool = False) -> None:
        """Seat the next round if the one in play is complete (or the first, if none is
        seated), or end the tournament after its last; ``load``: first load the round's
        tables and note the hands they finished (a restart)."""
        db, store = self.hub.db, self.hub.tournaments
        async with self._lock(tid):
            t = await db.call(store.get, tid)
            if t is None or t.state != "playing":
                return
            if t.seated == 0:
                await self._seat(t, 0)
                return
            round_ = t.seated - 1
            if load:
                await self._take_up(t, round_)
            first = round_ * t.boards
            by_board: dict[int, list[ResultRow]] = {}
            for r in await db.call(store.results, tid):
                if first - (t.boards if load else 0) <= r.board < first + t.boards:
                    by_board.setdefault(r.board, []).append(r)
            for rows in by_board.values():
                if len(rows) == t.entrants:  # played everywhere: its hands are rated now
                    await self._rate(rows)
            if sum(len(rows) for b, rows in by_board.items() if b >= first) < t.entrants * t.boards:
                return
            if t.seated < t.rounds:
                await self._seat(t, t.seated)
            elif await db.call(store.finish, tid):
                _log.info("tournament %s: over", tid)

    async def _rate(self, rows: list[ResultRow]) -> None:
        """Rate a board's hands at every table (once each: :mod:`alsos.web.rated`)."""
        hub = self.hub
        for table_id, hand in dict.fromkeys((r.table_id, r.hand) for r in rows):
            if await hub.db.call(hub.rated.was_noted, table_id, hand):
                continue
            room = await hub.room(table_id, wake=False)
            if room is None:
                continue
            game = room.game if hand == room.hand else await hub.earlier_hand(room, hand)
            if game is not None and game.is_over:
                await hub.rate(room, hand, game)

    async def _take_up(self, t: TournamentRow, round_: int) -> None:
        """Load round ``round_``'s tables and note every hand they finished."""
        tables: dict[str, int] = {}
        for p in await self.hub.db.call(self.hub.tournaments.places, t.id, round_):
            tables[p.table_id] = p.table_no
        for table_id, table_no in tables.items():
            room = await self._serve(table_id)
            if room is None:
                continue
            for hand in range(1, room.hand + 1):
                game = room.game if hand == room.hand else await self.hub.earlier_hand(room, hand)
                if game is not None and game.is_over:
                    await self._note(t, round_, table_no, table_id, hand, game)

    async def _seat(self, t: TournamentRow, round_: int) -> None:
        """Make round ``round_``'s tables, link and name their people's seats, and store
        the round's seats (unless another process seated it first)."""
        hub = self.hub
        rules = shipped_rules(t.variant, t.players)
        entrants = await hub.db.call(hub.tournaments.entrants, t.id)
        moves = movement(t.entrants, t.players, t.rounds, seed=t.seed)
        dealt = board_deals(rules, t.seed, round_ * t.boards, t.boards)
        # each bot's number among the tournament's bots (its name on every page)
        bots = [e.number for e in entrants if e.account is None]
        places: list[SeatPlace] = []
        for table_no, seated in enumerate(moves.rounds[round_]):
            kinds = [HUMAN if entrants[e].account else str(entrants[e].bot) for e in seated]
            settings = Settings(
                title=f"{t.title[:30]} · {round_ + 1}/{t.rounds}",
                grace=t.grace,
                stand_in=t.level,
                turn_time=t.turn_time,
                boards=t.boards,
                tournament=t.id,
                numbers=tuple((s, bots.index(e) + 1) for s, e in enumerate(seated) if e in bots),
            )
            table_id, tokens = await hub.create(
                t.variant, kinds, players=t.players, deal=dealt[0][1], dealer=dealt[0][0],
                settings=settings,
            )  # fmt: skip
            for seat, e in enumerate(seated):
                account = entrants[e].account
                if account is not None:
                    await hub.db.call(hub.accounts.link_seat, table_id, seat, account)
                    await hub.db.call(hub.store.set_name, table_id, seat, account)
                places.append(SeatPlace(round_, e, table_no, table_id, seat, tokens.get(seat)))
        if not await hub.db.call(hub.tournaments.seat_round, t.id, round_, places):
            return  # seated elsewhere first: these tables are never used
        _log.info("tournament %s: round %d seated", t.id, round_ + 1)
        for table_id in dict.fromkeys(p.table_id for p in places):
            await self._serve(table_id)

    async def _serve(self, table_id: str) -> Room | None:
        """Load a tournament's table and serve it: its bots move, and the grace of each
        person not there starts now (a table of friends waits for its people until a
        page opens; a tournament waits only the grace, then its stand-in plays)."""
        room = await self.hub.room(table_id)
        if room is not None:
            self.hub.absences.serving(room)
        return room


def _facts(t: TournamentRow) -> dict[str, Any]:
    """What anyone may know of a tournament (never its seed: it tells the boards)."""
    return {
        "id": t.id, "title": t.title, "variant": t.variant, "players": t.players,
        "rounds": t.rounds, "boards": t.boards, "level": t.level, "grace": t.grace,
        "owner": t.owner, "created": t.created, "state": t.state, "seated": t.seated,
        "entrants": t.entrants,
    }  # fmt: skip


def _whole(data: dict[str, Any], key: str, high: int, lang: Language) -> int | str:
    value = data.get(key, 1)
    if value.__class__ is not int or not 1 <= value <= high:
        return lang.text(
            '"{key}" is a whole number from 1 to {high}, not {value}',
            key=key, high=high, value=repr(value)[:20],
        )  # fmt: skip
    result: int = value
    return result


def _read(data: object, lang: Language) -> tuple[str, str, int, int, int, str, float, float] | str:
    """A tournament's settings from a request, or why they cannot be used (in ``lang``)."""
    if not isinstance(data, dict):
        return lang.text(
            'send the tournament as a JSON object with "title", "variant", "rounds", "boards"'
            ' and "level"'
        )
    settings = read_settings(
        {
            "title": data.get("title", ""),
            "grace": data.get("grace", GRACE),
            "turn_time": data.get("turn_time", TURN_TIME),
        },
        tuple(BOTS),
    )
    if isinstance(settings, str):
        return settings
    if not settings.title:
        return lang.text("a tournament needs a title")
    variant, players = data.get("variant", ""), data.get("players")
    if not isinstance(variant, str) or not (players is None or players.__class__ is int):
        return lang.text('"variant" is a shipped variant\'s id and "players" a whole number')
    try:
        rules = shipped_rules(variant, players)
    except TableError as e:
        return said_in(e, lang)
    rounds = _whole(data, "rounds", MAX_ROUNDS, lang)
    boards = _whole(data, "boards", MAX_BOARDS, lang)
    if isinstance(rounds, str):
        return rounds
    if isinstance(boards, str):
        return boards
    level = data.get("level", "medium")
    if not isinstance(level, str) or level not in LEVELS:
        return lang.text(
            '"level" is one of {levels}, not {value}',
            levels=", ".join(LEVELS), value=repr(level)[:20],
        )  # fmt: skip
    assert settings.turn_time is not None
    return (
        settings.title, rules.id, rules.players, rounds, boards, level, settings.grace,
        settings.turn_time,
    )  # fmt: skip
