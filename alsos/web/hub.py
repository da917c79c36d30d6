"""The web table's tables: made, loaded, played, stored, and let go.

A :class:`Hub` keeps the tables in play in memory (:class:`~alsos.web.room.Room`)
and the record in a :class:`~alsos.web.store.Store`.  A table not in memory
(after a restart, or let go while no one was at it) is loaded when first
asked for: its deal is dealt again and its stored actions replayed, so the
hand goes on where it stopped, and a bot whose turn it is moves again.

One table's actions are taken one at a time (an ``asyncio.Lock`` per table).
An action names the ply it answers (how many actions the table had taken when
the page showed it): an action for an older ply -- a second click, a second
window, a message replayed -- is refused and changes nothing.  An accepted
action is applied to a copy of the game, stored (:mod:`alsos.web.writes`: a
group commit with the other tables' actions), and only then made the table's
game and sent to the seats, so nothing is broadcast that a restart would
lose, and a failed write leaves the table as it was.

The parts the hub is built from, each in a module of its own:

- :mod:`alsos.web.turns` moves the bots, and keeps trying when a move fails;
- :mod:`alsos.web.searches` runs what takes CPU time (searching bots, hints,
  analysis pages, uploaded profiles) in worker processes, fair between tables;
- :mod:`alsos.web.uploads` reads the rules: shipped profiles once, uploaded
  ones in a worker, once per text;
- :mod:`alsos.web.peers` hears of what other processes on one PostgreSQL
  store, and holds the claims of the tables whose bots this one moves;
- :mod:`alsos.web.sessions` plays a table's session of hands: a finished hand
  goes on the score sheet, and the next is dealt when a person at the table
  asks for it (:meth:`Hub.next_hand`; a table of bots only deals on by itself
  after ``hand_pause`` seconds).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import attrs

from alsos.analysis.undo import UndoRefused, take_back_own
from alsos.hand.events import Event
from alsos.language import ENGLISH, N_, Language, Said, said_in
from alsos.pack.cards import quote
from alsos.pack.deal import Deal
from alsos.play.game import Game, IllegalActionError
from alsos.web.absence import Absences
from alsos.web.accounts import Accounts
from alsos.web.dealing import Dealing
from alsos.web.listing import lobby_entries
from alsos.web.lobby import Settings, settings_row
from alsos.web.messages import PROTOCOL
from alsos.web.notify import Listener
from alsos.web.peers import Peers
from alsos.web.rated import Rated, entrant_of
from alsos.web.room import (
    HUMAN,
    OPEN,
    SPECTATOR,
    WATCH,
    Connection,
    Room,
    SeatNameError,
    TableError,
    check_name,
    check_table,
    digest,
)
from alsos.web.searches import Position, Searches, hint_at
from alsos.web.sessions import earlier_hand, first_hand, replay
from alsos.web.store import PlyTaken, SeatRow, Store, TableRow
from alsos.web.tournaments import Tournaments, board_deals
from alsos.web.turns import BotTurns
from alsos.web.uploads import Uploads, shipped_rules
from alsos.web.writes import Database, GroupCommit
from alsos.words.refusal import refusal

__all__ = ["Hub"]

#: Seconds a seat waits between two names chosen: each is stored and sent to every page.
RENAME_GAP = 1.0

_log = logging.getLogger("alsos.web")
#: hints one client may have asked for and not yet been answered, over all its tables
HINTS_PER_CLIENT = 2
#: why a tournament's table takes nothing back and gives no hint
_FAIR = N_(
    "a tournament's table has no undo and no hints: each result is compared with the others'"
)
#: finished hands of earlier in a session kept replayed (for their records and pages)
FINISHED_KEPT = 256


class Hub(Dealing):
    """Every table of one server: made, loaded, played and stored.

    ``bot_delay``: seconds before a bot's move appears (0 in tests);
    ``hand_pause``: seconds a table of bots only waits after a hand before it
    deals the next (None: it waits for no one and stops);
    ``workers``: jobs that take CPU time (:mod:`alsos.web.searches`) run at
    once, in worker processes (``processes``, the server's way) or threads;
    ``idle``: seconds a table with no page, no bot to move and nothing under way
    stays in memory before it is let go (:meth:`prune`; it is loaded again when
    asked for); ``board_pause``: seconds a tournament's table waits after a board
    before it deals the next by itself (a person at it may deal on sooner).
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        workers: int = 2,
        hand_pause: float | None = 3.0,
        processes: bool = True,
        idle: float = 600.0,
        board_pause: float = 15.0,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.hand_pause = hand_pause
        self.board_pause = board_pause
        self.idle = idle
        self.rooms: dict[str, Room] = {}
        self.db = Database(store)
        self.accounts = Accounts(store.engine)
        self.rated = Rated(store.engine)
        self.tournaments = Tournaments(store.engine)
        #: told of every hand that ends, after it is noted (``(room, hand, game)``): the
        #: tournaments' director (:mod:`alsos.web.director`) moves on from there
        self.hand_over: list[Callable[[Room, int, Game], Awaitable[None]]] = []
        self.writes = GroupCommit(self.db)
        self.searches = Searches(workers, processes=processes)
        self.uploads = Uploads(self.searches)
        self.peers = Peers(self.db, heard=self.heard, sweep=self._sweep)
        self.turns = BotTurns(self)
        self.absences = Absences(self)
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._hints: Counter[str] = Counter()
        self._finished: OrderedDict[tuple[str, int], Game] = OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._pruner: asyncio.Task[None] | None = None
        self._closed = False

    async def close(self) -> None:
        """Stop the bots, the listener and the workers (the store is the caller's)."""
        if self._closed:
            return
        self._closed = True
        tasks = [*self._tasks, *(r.bot_task for r in self.rooms.values() if r.bot_task)]
        for task in [*tasks, *([self._pruner] if self._pruner else [])]:
            task.cancel()
        self.writes.cancel()
        self.absences.close()
        self.searches.close()
        await self.peers.close()
        self.db.close()

    def wake(self, room: Room) -> None:
        """Start ``room``'s bots if one (or a stand-in) is to act."""
        self.turns.wake(room)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --------------------------------------------------- other processes

    def listening(self) -> Listener | None:
        """Hear of the actions other processes store (PostgreSQL; None on SQLite)."""
        return self.peers.start()

    def heard(self, table_id: str | None, count: int) -> None:
        """Another process (or this one) stored actions of ``table_id`` up to ``count``
        (None: perhaps any table): catch the table up if it is in memory and behind."""
        if table_id is None:
            rooms = list(self.rooms.values())
        else:
            room = self.rooms.get(table_id)
            behind = room is not None and (count == 0 or len(room.game.history) < count)
            rooms = [room] if room is not None and behind else []  # 0: a new hand
        for room in rooms:
            self._spawn(self._caught_up(room, count if table_id is not None else 0))

    def _sweep(self) -> None:
        """Look again at every table whose bots are to move and that no task moves."""
        for room in list(self.rooms.values()):
            self.turns.wake(room)

    async def _caught_up(self, room: Room, count: int = 0) -> None:
        """Catch ``room`` up to ``count`` actions stored (0: to whatever is stored)."""
        try:
            async with room.lock:
                if count and len(room.game.history) >= count:
                    return  # this process's own action, heard before it was shown
                await self.catch_up(room)
        except Exception:
            _log.exception("table %s: could not read the actions stored elsewhere", room.id)
            return
        self.turns.wake(room)

    async def catch_up(self, room: Room) -> None:
        """(The lock held.)  Apply and send the actions stored beyond the table's game
        (or, once another process dealt the next hand, the table as stored)."""
        if await self.db.call(self.store.hands_done, room.id) != room.hand - 1:
            await self._reload(room)
            return
        names = dict(await self.db.call(self.store.names, room.id))
        seats = await self.db.call(self.store.seats, room.id)
        people = tuple(s for s in seats if s.seat != SPECTATOR)
        if names != room.chosen or people != room.seats:  # chosen or taken elsewhere
            room.chosen = names
            room.seats = people
            room.send_names()
        ply = len(room.game.history)
        stored = await self.db.call(self.store.actions_since, room.id, ply)
        for seat, action in stored:
            game = room.game.copy()
            events = game.apply(action, seat=seat)
            room.publish(game, events, ply)
            ply += 1
        self.absences.watch(room)

    async def _reload(self, room: Room) -> None:
        """(The lock held.)  Make the table what the store holds and send it to every page."""
        row = await self.db.call(self.store.table, room.id)
        if row is None:
            return
        room.session, room.game = await asyncio.to_thread(replay, room.rules, row)
        room.chosen = dict(row.names)
        room.hand = len(row.hands) + 1
        room.stamp()
        room.send_table()
        self.absences.watch(room)

    # ------------------------------------------------------------ tables

    async def create(
        self,
        variant: str,
        seats: Sequence[str],
        *,
        players: int | None = None,
        deal: Deal | str | None = None,
        dealer: int = 0,
        profile: str | None = None,
        client: str = "?",
        settings: Settings | None = None,
    ) -> tuple[str, dict[int, str]]:
        """Make a table: ``seats`` names ``human`` (a person invited by a link), ``open``
        (a person's seat taken from the lobby: a listed table's only) or a bot
        (:data:`~alsos.web.room.BOTS`) for each seat; ``settings``
        (:class:`~alsos.web.lobby.Settings`) what it does besides its rules.

        Returns the table's id and each person's token by seat, and the
        spectator's token under :data:`~alsos.web.room.SPECTATOR`.  ``deal``
        (tests, tools) fixes the cards; by default they are shuffled from
        :mod:`secrets`.  ``profile``: an uploaded profile's YAML text, played
        instead of ``variant`` (read in a worker by the loader, never naming a
        file; ``client``, who uploads it, waits its own turn for the workers).

        :raises TableError: for a variant not shipped, a profile the loader refuses,
            a player count the profile does not allow, a seat list of the wrong
            length or an unknown bot.
        """
        if profile is None:
            rules = shipped_rules(variant, players)
        else:
            rules = await self.uploads.rules(profile, players, queue=f"upload {client}")
        settings = Settings() if settings is None else settings
        check_table(rules, seats, settings, dealer)
        boards = settings.boards
        if deal is None:
            _, game = first_hand(rules, dealer, seed=secrets.randbits(64), boards=boards)
        else:
            _, game = first_hand(rules, dealer, deal=deal, boards=boards)
        table_id = secrets.token_urlsafe(9)
        tokens = {n: secrets.token_urlsafe(24) for n, kind in enumerate(seats) if kind == HUMAN}
        rows = tuple(
            SeatRow(n, HUMAN if kind == OPEN else kind, digest(tokens[n]) if n in tokens else None)
            for n, kind in enumerate(seats)
        )
        tokens[SPECTATOR] = secrets.token_urlsafe(24)
        rows += (SeatRow(SPECTATOR, WATCH, digest(tokens[SPECTATOR])),)
        stored = rules.id if profile is None else f"upload:{rules.id}"[:200]
        await self.db.call(
            self.store.add_table,
            table_id,
            stored,
            rules.players,
            dealer,
            str(game.deal),
            rows,
            settings_row(settings, tokens[SPECTATOR]),
        )
        if profile is not None:
            await self.db.call(self.store.add_profile, table_id, profile)
        return table_id, tokens

    async def lobby(self, limit: int = 50, lang: Language = ENGLISH) -> list[dict[str, Any]]:
        """The listed tables, the newest first, as the lobby shows them in ``lang``
        (:func:`alsos.web.listing.lobby_entries`: public facts only)."""
        rows = await self.db.call(self.store.lobby, limit)
        return lobby_entries(rows, self.rooms, lang)

    async def take_seat(self, table_id: str, seat: int) -> str:
        """Take the free seat ``seat`` of the listed table ``table_id`` for a person
        from the lobby: the new token that opens it (one person per seat, whoever
        asks first, in any process).  A seat whose page does not open soon is free
        again (:data:`alsos.web.absence.UNCLAIMED`).

        :raises TableError: no such listed table, its session is over, or the seat
            is not a free one.
        """
        room = await self.room(table_id, wake=False)
        if room is None or not room.settings.listed:
            raise TableError(Said(N_("no such table in the lobby")))
        if room.session.is_over or room.rematch is not None:
            raise TableError(Said(N_("this table's session is over: no seat to take")))
        if seat not in room.free():
            raise TableError(Said(N_("seat {seat} of this table is not free"), seat=quote(seat)))
        token = secrets.token_urlsafe(24)
        async with room.lock:
            if not await self.db.call(self.store.take_seat, room.id, seat, digest(token)):
                raise TableError(
                    Said(N_("seat {seat} of this table was just taken"), seat=quote(seat))
                )
            room.take(seat, digest(token))
            self.absences.taken(room, seat, digest(token))
            room.send_public()
        return token

    async def free_seat(self, room: Room, seat: int, token: str) -> None:
        """Free ``seat`` of a listed table again if ``token`` (a digest) still opens it
        and no page opened it: taken from the lobby, never sat at."""
        async with room.lock:
            try:
                freed = await self.db.call(self.store.free_seat, room.id, seat, token)
            except Exception:
                _log.exception("table %s: could not free seat %d", room.id, seat)
                return
            if freed:
                room.take(seat, None)
                room.away.pop(seat, None)
                room.standins.pop(seat, None)
                room.stamp()
                room.send_public()
                self.absences.watch(room)

    async def rematch(self, room: Room, seat: int, lang: Language = ENGLISH) -> str | None:
        """Play a new session with the same people, seats, names and settings, asked by
        the person at ``seat`` once the session is over: every page is told the new
        table, whose seats the same links' tokens open.  None if made (or made
        already, here or in another process: the one stored first), else why not, in
        ``lang``."""
        if seat not in room.humans():
            return lang.text("only a person at the table asks for a rematch")
        if room.settings.boards is not None:
            return lang.text("a tournament's table plays its boards and no more")
        async with room.lock:
            if not room.session.is_over:
                return lang.text("the session is not over")
            if room.rematch is None:
                try:
                    room.rematch = await self._rematch(room)
                except Exception:
                    _log.exception("table %s: could not make its rematch", room.id)
                    return lang.text("the server could not make the rematch: try again")
            room.send_public()
        return None

    async def _rematch(self, room: Room) -> str:
        """(The lock held.)  The rematch's id: claimed first, then the table made (the
        claim undone if it cannot be), or the one another process claimed."""
        new = secrets.token_urlsafe(9)
        claimed = await self.db.call(self.store.set_rematch, room.id, new)
        if claimed != new:
            return claimed
        try:
            row = await self.db.call(self.store.table, room.id)
            if row is None:  # pragma: no cover - a table in memory is stored
                raise TableError("the table is gone")
            profile = await self.db.call(self.store.profile, room.id)
            await self._again(room, new, row, profile)
        except BaseException:
            await self.db.call(self.store.drop_rematch, room.id, new)
            raise
        return new

    async def _again(self, room: Room, table_id: str, row: TableRow, profile: str | None) -> None:
        """(The lock held.)  Store a new table ``table_id`` like ``row``."""
        rules = room.rules
        dealer = room.session.dealer  # who deals next, as the session went on
        _, game = first_hand(rules, dealer, seed=secrets.randbits(64))
        stored = row.settings
        await self.db.call(
            self.store.add_table,
            table_id,
            row.variant,
            row.players,
            dealer,
            str(game.deal),
            row.seats,
            attrs.evolve(stored, rematch=None),  # its own rematch is still to come
            row.names,
        )
        if profile is not None:
            await self.db.call(self.store.add_profile, table_id, profile)

    async def earlier_hand(self, room: Room, hand: int) -> Game | None:
        """Finished hand ``hand`` (1 the first) of the table's session, replayed from
        the store; None if it is not finished and stored."""
        if not 1 <= hand < room.hand:
            return None
        key = (room.id, hand)
        game = self._finished.get(key)
        if game is None:  # a finished hand never changes: replayed once, then kept
            row = await self.db.call(self.store.table, room.id)
            if row is None:
                return None
            game = await asyncio.to_thread(earlier_hand, room.rules, row, hand)
            if game is None:
                return None
            self._finished[key] = game
            while len(self._finished) > FINISHED_KEPT:
                self._finished.popitem(last=False)
        self._finished.move_to_end(key)
        return game

    async def room(self, table_id: str, *, wake: bool = True) -> Room | None:
        """The table ``table_id``, loaded from the store if it is not in memory.

        ``wake``: whether its bots may start moving now (a seat's or spectator's
        page is there); a record or viewer asked for over HTTP loads a table
        without starting it.  Several tables load side by side; two asks for one
        table load it once.
        """
        room = self.rooms.get(table_id)
        if room is None:
            loading = self._loading.get(table_id)
            if loading is None:
                loading = asyncio.get_running_loop().create_future()
                self._loading[table_id] = loading
                try:
                    loading.set_result(await self._load(table_id))
                except BaseException as e:
                    loading.set_exception(e)
                    loading.exception()  # retrieved: the others waiting get it too
                    raise
                finally:
                    del self._loading[table_id]
            room = await asyncio.shield(loading)
            if room is None:
                return None
        room.touched = time.monotonic()
        if wake:
            self.turns.wake(room)
        return room

    async def _load(self, table_id: str) -> Room | None:
        row: TableRow | None = await self.db.call(self.store.table, table_id)
        if row is None:
            return None
        text = await self.db.call(self.store.profile, table_id)
        if text is None:
            rules = shipped_rules(row.variant, row.players)
        else:
            rules = await self.uploads.rules(text, row.players, queue=table_id)
        session, game = await asyncio.to_thread(replay, rules, row)
        room = self.rooms.get(table_id)
        if room is None:
            room = Room(row, rules, session, game)
            if room.settings.boards is not None:
                room.boards = await self.db.call(self._boards, table_id, rules)
            room = self.rooms.setdefault(table_id, room)
            self.absences.loaded(room)
            if game.is_over:  # perhaps not noted before a restart
                self._spawn(self._noted(room, room.hand, game))
        self.listening()
        if self._pruner is None and self.idle > 0:
            self._pruner = asyncio.get_running_loop().create_task(self._pruning())
        return room

    def _boards(self, table_id: str, rules: Any) -> tuple[str, ...]:
        """A tournament's table's deals, board by board (none if it is no tournament's)."""
        found = self.tournaments.table_of(table_id)
        if found is None:
            return ()
        t, round_, _ = found
        return tuple(d for _, d in board_deals(rules, t.seed, round_ * t.boards, t.boards))

    async def _pruning(self) -> None:
        while True:
            await asyncio.sleep(min(self.idle / 4, 60.0))
            self.prune()

    def prune(self, now: float | None = None) -> list[str]:
        """Let go of the tables no one has been at for :attr:`idle` seconds: no page
        open, no bot task or hint under way, no lock held.  They stay in the store and
        are loaded again when asked for.  The ids let go."""
        now = time.monotonic() if now is None else now
        gone = [
            table_id
            for table_id, room in self.rooms.items()
            if not room.connections
            and (room.bot_task is None or room.bot_task.done())
            and not room.hinting
            and not room.lock.locked()
            and now - room.touched >= self.idle
            # a tournament's table waits for its people's graces and its next boards
            and (room.settings.boards is None or room.session.is_over)
        ]
        for table_id in gone:
            room = self.rooms.pop(table_id)
            self.absences.forget(table_id)
            if self.peers.holds(table_id) and self.peers.claims is not None:
                self._spawn(self.peers.release(table_id))
            room.send_all({"type": "error", "reason": "gone"})  # none is open: a no-op
        return gone

    # ------------------------------------------------------- connections

    def join(
        self, room: Room, seat: int, client: str = "?", lang: Language = ENGLISH
    ) -> Connection:
        """Connect a page to ``seat``: it is sent the welcome and the table as it is,
        and the table's bots are woken if one is to act (after a failed move, they try
        again at once)."""
        conn = Connection(seat, client, lang)
        first = seat >= 0 and room.pages()[seat] == 0
        room.connections.add(conn)
        if first:  # the person is here (again): every page is told, a stand-in stops
            self.absences.back(room, seat, conn)
        self.absences.serving(room)  # a page here: the graces of those away run
        welcome = {
            "type": "welcome",
            "protocol": PROTOCOL,
            "seat": seat,
            "table": room.public(lang=lang),
        }
        if seat >= 0 and room.watch_token is not None:
            welcome["watch"] = room.watch_token  # a person may invite spectators
        conn.send(welcome)
        conn.send(room.state_frame(seat, lang))
        room.touched = time.monotonic()
        self.turns.wake(room)
        return conn

    def leave(self, room: Room, conn: Connection) -> None:
        """Disconnect a page (its seat's last: the person is away, every page is told)."""
        room.connections.discard(conn)
        room.touched = time.monotonic()
        self.absences.left(room, conn.seat)

    # ------------------------------------------------------------ actions

    async def act(
        self,
        room: Room,
        seat: int,
        action: str,
        ply: int,
        hand: int | None = None,
        lang: Language = ENGLISH,
    ) -> str | None:
        """Take ``action`` for ``seat`` at ``ply`` (of the hand numbered ``hand``, when
        given); None if taken, else why not, in ``lang`` (nothing changed)."""
        async with room.lock:
            room.touched = time.monotonic()
            game = room.game
            if hand is not None and hand != room.hand:
                return lang.text(
                    "stale action: the table is at hand {hand}, not {asked}",
                    hand=room.hand,
                    asked=quote(hand),
                )
            now = len(game.history)
            if ply != now:  # first: a second click on a hand's last action is stale too
                return _stale(lang, now, quote(ply))
            if game.is_over:
                return lang.text("the hand is over")
            if game.to_act != seat:
                return lang.text("it is not your turn")
            try:
                await self._commit(room, seat, action)
            except IllegalActionError as e:  # the engine's reason, in the page's language
                return refusal(e, room.game, lang)
            except PlyTaken:  # another process took this ply: show what it took
                await self.catch_up(room)
                self.turns.wake(room)
                return _stale(lang, len(room.game.history), str(ply))
            except Exception:  # the store refused the write: nothing was sent or changed
                _log.exception("table %s: could not store an action of seat %d", room.id, seat)
                return lang.text(
                    "the server could not store the action: nothing changed, try again"
                )
            self.turns.wake(room)
        return None

    async def undo(self, room: Room, seat: int, ply: int, lang: Language = ENGLISH) -> str | None:
        """Take back ``seat``'s last action and everything after it, against bots only;
        None if done, else why not, in ``lang`` (nothing changed).  The stored record
        loses those actions before anyone is told."""
        if room.settings.boards is not None:
            return lang.text(_FAIR)
        async with room.lock:
            if room.game.is_over:  # its settlement is on the session's sheet
                return lang.text("the hand is over")
            trial = room.game.copy()
            try:
                back = take_back_own(trial, seat, room.humans())
            except UndoRefused as e:
                return said_in(e, lang)
            if ply != len(room.game.history):
                return lang.text(
                    "stale undo: the table is at action {now}", now=len(room.game.history)
                )
            try:
                await self.db.call(self.store.drop_actions, room.id, len(trial.history))
            except Exception:
                _log.exception("table %s: could not undo for seat %d", room.id, seat)
                return lang.text("the server could not store the undo: nothing changed, try again")
            if room.bot_task is not None:  # a bot thinking about a position now gone
                room.bot_task.cancel()
            room.game = trial
            room.stamp()
            room.send_all({"type": "undone", "seat": seat, "actions": len(back)})
            room.send_states()
            self.absences.watch(room)
            self.turns.wake(room)
        return None

    async def rename(
        self, room: Room, seat: int, name: object, lang: Language = ENGLISH
    ) -> str | None:
        """Give the person at ``seat`` the ``name`` it chose (:func:`check_name`); None if
        done, else why not, in ``lang`` (nothing changed).  Every page is sent the
        table's names and its state again, whose story names the seats."""
        if seat < 0 or seat not in room.humans():
            return lang.text("only a person at a seat chooses a name")
        now = time.monotonic()
        if now - room.renamed.get(seat, -float("inf")) < RENAME_GAP:
            return lang.text("wait a moment before choosing another name")
        async with room.lock:
            if name == room.chosen.get(seat):
                return None  # the name it has: nothing to store or send
            others = [n for s, n in enumerate(room.names()) if s != seat]
            try:
                chosen = check_name(name, others)
            except SeatNameError as e:
                return said_in(e, lang)  # nothing stored or sent: not counted against the gap
            room.renamed[seat] = now
            try:
                await self.db.call(self.store.set_name, room.id, seat, chosen)
            except Exception:
                _log.exception("table %s: could not store the name of seat %d", room.id, seat)
                return lang.text("the server could not store the name: try again")
            room.chosen[seat] = chosen
            room.send_names()
        return None

    async def hint(self, room: Room, seat: int, client: str = "?", lang: Language = ENGLISH) -> str:
        """A suggestion for ``seat`` from its own view (against bots only), as one line
        in ``lang`` (as is a refusal).

        It is worked out in a worker, in the table's turn (:mod:`alsos.web.searches`);
        one at a time per table, and at most :data:`HINTS_PER_CLIENT` at once for one
        ``client`` over all its tables.
        """
        if room.settings.boards is not None:
            return lang.text(_FAIR)
        async with room.lock:
            others = sorted(set(room.humans()) - {seat})
            if others:
                return lang.text(
                    "hints are only for a hand against bots: a person sits at the table"
                )
            if room.game.to_act != seat:
                return lang.text("a hint is for your turn")
            if room.hinting:
                return lang.text("a hint is being worked out: wait for it")
            if self._hints[client] >= HINTS_PER_CLIENT:
                return lang.text("at most {n} hints at once: wait for one", n=HINTS_PER_CLIENT)
            snapshot = room.game.copy()
            room.hinting = True
            self._hints[client] += 1
        try:
            return await self.searches.run(room.id, hint_at, Position.of(snapshot), seat, lang.code)
        except RuntimeError:
            return lang.text("the server is stopping")
        finally:
            room.hinting = False
            self._hints[client] -= 1
            if self._hints[client] <= 0:
                del self._hints[client]

    async def _commit(self, room: Room, seat: int, action: str) -> None:
        """Apply ``action`` (the lock held) to a copy, store it, then make it the table's
        game and tell every connection."""
        trial = room.game.copy()
        events: tuple[Event, ...] = trial.apply(action, seat=seat)
        ply = len(room.game.history)
        taken = str(trial.history[-1][1])
        await self.writes.store(room.id, ply, seat, taken)
        room.publish(trial, events, ply)
        self.absences.watch(room)
        if trial.is_over:
            self._spawn(self._noted(room, room.hand, trial))

    async def _noted(self, room: Room, hand: int, game: Game) -> None:
        """Note a finished hand for ratings and the players' pages (:meth:`rate`), then
        tell :attr:`hand_over`.  A tournament's hand is rated by its director once every
        table has played the board (a rating moved sooner would tell a table still
        playing it how the board went elsewhere)."""
        if room.settings.boards is None:
            try:
                await self.rate(room, hand, game)
            except Exception:  # the hand is rated when the table is loaded again
                _log.exception("table %s: hand %d: could not rate it", room.id, hand)
        for told in self.hand_over:
            try:
                await told(room, hand, game)
            except Exception:
                _log.exception("table %s: hand %d: a hand_over callback failed", room.id, hand)

    async def rate(self, room: Room, hand: int, game: Game) -> None:
        """Rate the finished hand ``hand`` (``game``) of ``room`` and list it among its
        accounts' hands played (:mod:`alsos.web.rated`: once, whichever process or
        load sees it end)."""
        s = game.settlement
        assert s is not None
        linked = await self.db.call(self.accounts.seat_accounts, room.id)
        kinds = {r.seat: r.kind for r in room.seats}
        seats = game.active
        # a seat a stand-in played for while its person was away is still theirs:
        # leaving does not escape a rating
        entrants = [entrant_of(linked.get(n), kinds.get(n)) for n in seats]
        variant = room.rules.id if room.shipped else None
        payments = [s.payments.get(n, 0) for n in seats]
        await self.db.call(
            self.rated.record, room.id, hand, variant, entrants, linked, seats, payments
        )

    async def bot_moves(self, room: Room, seat: int, action: str) -> None:
        """(The lock held.)  Take a bot's move; if another process's bot moved first,
        show its move instead.  A failed write raises (the bot tries again)."""
        ply = len(room.game.history)
        try:
            await self._commit(room, seat, action)
        except PlyTaken:  # another process moved this bot: its claim was lost meanwhile
            _log.warning(
                "table %s: the bot move at action %d was refused as stale: "
                "another process took that action first",
                room.id,
                ply,
            )
            await self.catch_up(room)


def _stale(lang: Language, now: int, asked: str) -> str:
    """Why an action for another ply than the table's is refused, in ``lang``."""
    return lang.text(
        "stale action: the table is at action {now}, not {asked}", now=now, asked=asked
    )
