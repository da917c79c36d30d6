"""The web table's rooms: one game per table, its seats, its connections and its bots.

A :class:`Hub` keeps the tables in play in memory and the record in a
:class:`~alsos.web.store.Store`.  A table not in memory (after a restart) is
loaded when first asked for: its deal is dealt again and its stored actions
replayed, so the hand goes on where it stopped, and a bot whose turn it is
moves again.

One table's actions are taken one at a time (an ``asyncio.Lock`` per table).
An action names the ply it answers (how many actions the table had taken when
the page showed it): an action for an older ply -- a second click, a second
window, a message replayed -- is refused and changes nothing.  An accepted
action is applied to a copy of the game, stored, and only then made the
table's game and sent to the seats (:mod:`alsos.web.messages`), so nothing is
broadcast that a restart would lose, and a failed write leaves the table as
it was.

Bots run off the request path: a background task per table waits the bot
delay, takes a copy of the game, and lets the bot choose in a worker thread,
so a slow ``pimc`` never holds up another table.

Several processes may serve one table from one PostgreSQL database.  Its
actions stay serialized across them by the store: a ply is stored once (the
primary key), and the process whose write was refused (:class:`PlyTaken`)
reads what the other took, sends it to its own pages and refuses its own
action as stale.  A process hears of every action another stores
(:mod:`alsos.web.notify`) and catches its pages up the same way.  A table's
bots move in one process at a time, the one holding the table's claim
(:mod:`alsos.web.claims`); when it dies, another holding the table takes the
claim over within :attr:`Hub.claim_retry` seconds.

A table plays a session of hands (:mod:`alsos.web.sessions`): a finished
hand goes on the session's score sheet, sent to every page, and the next
hand is dealt when a person at the table asks for it (:meth:`Hub.next_hand`;
a table of bots only deals on by itself after ``hand_pause`` seconds).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from alsos.bots import Bot, make_spec
from alsos.hand.events import Event
from alsos.pack.cards import quote
from alsos.pack.deal import Deal
from alsos.play.game import Game, IllegalActionError
from alsos.play.session import Session
from alsos.ruleset.loading import load_profile_text, load_variant
from alsos.ruleset.profile import Ruleset
from alsos.terminal.assist import UndoRefused, hint_text, take_back_own
from alsos.web.claims import claims_for
from alsos.web.messages import PROTOCOL, events_frame, state_frame
from alsos.web.notify import Listener, listen
from alsos.web.sessions import (
    earlier_hand,
    finished,
    first_hand,
    note_over,
    replay,
    sheet_frame,
)
from alsos.web.store import PlyTaken, SeatRow, Store, TableRow

__all__ = ["BOTS", "SPECTATOR", "Connection", "Hub", "Room", "TableError", "variants"]

#: The bots a table may seat, by the name a page sends, with the spec each is made from
#: (fixed here: a client cannot ask a bot to search for an hour).
BOTS: dict[str, str] = {
    # the levels for people (alsos.bots.levels), weakest first
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "expert": "expert",
    "random": "random",
    "heuristic": "heuristic",
    "pimc": "pimc(worlds=16, time_limit=2.0)",
}
#: The bots that choose in well under a millisecond: they move in the event loop,
#: where a hand-off to a thread would cost more than the choice.
QUICK = frozenset({"random", "heuristic", "easy", "medium"})
_TURNS = 4  # bot moves stored and sent at once, over every table (see Hub._bots)
HUMAN = "human"
#: The seat number a spectator's link opens: it sees what every seat may see
#: (:func:`alsos.web.messages.state_frame`), and the whole hand once it is over.
SPECTATOR = -1
_WATCH = "spectator"  # the stored kind of the spectator's row (seat SPECTATOR)
_log = logging.getLogger("alsos.web")
_QUEUE = 256  # frames waiting for one connection before it is dropped as too slow


class TableError(ValueError):
    """A table cannot be made as asked (an unknown variant or bot, a wrong seat count)."""


def _digest(token: str) -> str:
    """What is stored of a seat's token: its SHA-256 (a leaked database opens no seat)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Connection:
    """One page at a seat: the frames waiting to be written to it, in order."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(_QUEUE)
        self.dropped = False

    def send(self, frame: dict[str, Any]) -> None:
        """Queue ``frame``; a page that reads too slowly is dropped (it reconnects)."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.dropped = True


class Room:
    """A table in play: its rules, its game, who sits where, who is connected."""

    def __init__(self, row: TableRow, rules: Ruleset, session: Session, game: Game) -> None:
        self.id = row.id
        self.rules = rules
        self.game = game
        #: the session: its sheet holds every finished hand, the one in play once over
        self.session = session
        #: the number of the hand in play (1 the first)
        self.hand = len(row.hands) + 1
        self.seats = tuple(s for s in row.seats if s.seat != SPECTATOR)
        self.watch = next((s.token for s in row.seats if s.seat == SPECTATOR), None)
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {
            s.seat: make_spec(BOTS[s.kind], seed=secrets.randbits(32))
            for s in row.seats
            if s.kind in BOTS
        }
        #: the seats whose bot chooses in the event loop (:data:`QUICK`)
        self.quick = frozenset(s.seat for s in row.seats if s.kind in QUICK)
        self.bot_task: asyncio.Task[None] | None = None
        self.hinting = False  # one hint at a time per table: each searches for a while
        #: when this process last failed to claim the table's bots (time.monotonic)
        self.tried = -float("inf")

    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` opens, or None; every seat's digest is compared in
        constant time, so the answer's timing tells nothing about the tokens."""
        found = None
        given = _digest(token)
        for s in self.seats:
            if s.token is not None and hmac.compare_digest(given, s.token):
                found = s.seat
        if self.watch is not None and hmac.compare_digest(given, self.watch):
            found = SPECTATOR
        return found

    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(s.seat for s in self.seats if s.kind == HUMAN)

    def public(self) -> dict[str, Any]:
        """What every seat may know of the table itself."""
        return {
            "id": self.id,
            "variant": self.rules.id,
            "name": self.rules.name,
            "players": self.rules.players,
            "dealer": self.game.dealer,
            "seats": [{"seat": s.seat, "kind": s.kind} for s in self.seats],
            "hand": self.hand,
            "session": self.session.summary(),
        }


class Hub:
    """Every table of one server: made, loaded, played and stored.

    ``bot_delay``: seconds before a bot's move appears (0 in tests);
    ``hand_pause``: seconds a table of bots only waits after a hand before it
    deals the next (None: it waits for no one and stops).
    ``claim_retry``: on PostgreSQL, seconds between two tries at claiming the bots
    of a table another process moves (:mod:`alsos.web.claims`): how soon a table's
    bots move again after their process died.
    """

    claim_retry = 1.0

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        bot_workers: int = 2,
        hand_pause: float | None = 3.0,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.hand_pause = hand_pause
        self.rooms: dict[str, Room] = {}
        # SQLite takes one writer at a time; PostgreSQL's writes for different
        # tables go on side by side.
        db_workers = 4 if store.postgres else 1
        self._db = ThreadPoolExecutor(db_workers, thread_name_prefix="alsos-web-db")
        self._cpu = ThreadPoolExecutor(bot_workers, thread_name_prefix="alsos-web-bot")
        self._turns = asyncio.Semaphore(_TURNS)
        self._loading = asyncio.Lock()
        self._listener: Listener | None = None
        self._claims = claims_for(store)
        self._sweeper: asyncio.Task[None] | None = None
        self._closed = False
        #: actions waiting to be stored (:meth:`_store_action`), and whether a write is on
        self._pending: list[tuple[tuple[str, int, int, str], asyncio.Future[bool]]] = []
        self._writing = False
        self._tasks: set[asyncio.Task[None]] = set()

    async def _in_db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    async def close(self) -> None:
        """Stop the bots, the listener and the worker threads (the store is the caller's)."""
        if self._closed:
            return
        self._closed = True
        if self._listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._listener.stop)
        tasks = [*self._tasks, *(r.bot_task for r in self.rooms.values() if r.bot_task)]
        for task in [*tasks, *([self._sweeper] if self._sweeper else [])]:
            task.cancel()
        if self._claims is not None:
            await self._in_db(self._claims.close)
        self._cpu.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)

    def listening(self) -> Listener | None:
        """Hear of the actions other processes store (PostgreSQL; None on SQLite).

        Started with the first table loaded into memory, since only a table in
        memory can fall behind.
        """
        if self._listener is None and self.store.postgres:
            loop = asyncio.get_running_loop()

            def heard(table_id: str | None, count: int) -> None:
                loop.call_soon_threadsafe(self.heard, table_id, count)

            self._listener = listen(self.store, heard)
        if self._sweeper is None and self._claims is not None:
            self._sweeper = asyncio.get_running_loop().create_task(self.sweep())
        return self._listener

    async def sweep(self) -> None:
        """(PostgreSQL.)  Every :attr:`claim_retry` seconds, check that the claims'
        connection lives and try again to claim the tables whose bots are to move
        and that no bot task of this process moves: their owner may have died."""
        claims = self._claims
        assert claims is not None
        while True:
            await asyncio.sleep(self.claim_retry)
            try:
                await self._in_db(claims.check)
                for room in list(self.rooms.values()):
                    self._wake_bots(room)
            except Exception:  # a sweep failed: the next one tries again
                _log.exception("could not look for tables whose bots nobody moves")

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
            self._spawn(self._caught_up(room))

    async def _caught_up(self, room: Room) -> None:
        try:
            async with room.lock:
                await self._catch_up(room)
        except Exception:
            _log.exception("table %s: could not read the actions stored elsewhere", room.id)
            return
        self._wake_bots(room)

    async def _catch_up(self, room: Room) -> None:
        """(The lock held.)  Apply and send the actions stored beyond the table's game
        (or, once another process dealt the next hand, the table as stored)."""
        if await self._in_db(self.store.hands_done, room.id) != room.hand - 1:
            await self._reload(room)
            return
        ply = len(room.game.history)
        stored: tuple[tuple[int, str], ...] = await self._in_db(
            self.store.actions_since, room.id, ply
        )
        for seat, action in stored:
            game = room.game.copy()
            events = game.apply(action, seat=seat)
            self._publish(room, game, events, ply)
            ply += 1

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
    ) -> tuple[str, dict[int, str]]:
        """Make a table: ``seats`` names ``human`` or a bot (:data:`BOTS`) for each seat.

        Returns the table's id and each person's token by seat, and the
        spectator's token under :data:`SPECTATOR`.  ``deal``
        (tests, tools) fixes the cards; by default they are shuffled from
        :mod:`secrets`.  ``profile``: an uploaded profile's YAML text, played
        instead of ``variant`` (checked by the loader, never naming a file).

        :raises TableError: for a variant not shipped, a player count it does not
            allow, a seat list of the wrong length or an unknown bot.
        """
        rules = _rules(variant, players) if profile is None else _uploaded(profile, players)
        if len(seats) != rules.players:
            raise TableError(
                f"{rules.id} is played by {rules.players}: give {rules.players} seats, "
                f"not {len(seats)}"
            )
        for kind in seats:
            if kind != HUMAN and kind not in BOTS:
                raise TableError(
                    f"seat kind {quote(kind)} is not {HUMAN!r} or a bot ({', '.join(BOTS)})"
                )
        if not 0 <= dealer < rules.players:
            raise TableError(f"dealer {quote(dealer)} is not a seat of this table")
        if deal is None:
            _, game = first_hand(rules, dealer, seed=secrets.randbits(64))
        else:
            _, game = first_hand(rules, dealer, deal=deal)
        table_id = secrets.token_urlsafe(9)
        tokens = {n: secrets.token_urlsafe(24) for n, kind in enumerate(seats) if kind == HUMAN}
        rows = tuple(
            SeatRow(n, kind, _digest(tokens[n]) if n in tokens else None)
            for n, kind in enumerate(seats)
        )
        tokens[SPECTATOR] = secrets.token_urlsafe(24)
        rows += (SeatRow(SPECTATOR, _WATCH, _digest(tokens[SPECTATOR])),)
        stored = rules.id if profile is None else f"upload:{rules.id}"[:200]
        await self._in_db(
            self.store.add_table, table_id, stored, rules.players, dealer, str(game.deal), rows
        )
        if profile is not None:
            await self._in_db(self.store.add_profile, table_id, profile)
        return table_id, tokens

    async def earlier_hand(self, room: Room, hand: int) -> Game | None:
        """Finished hand ``hand`` (1 the first) of the table's session, replayed from
        the store; None if it is not finished and stored."""
        if not 1 <= hand < room.hand:
            return None
        row = await self._in_db(self.store.table, room.id)
        return None if row is None else earlier_hand(room.rules, row, hand)

    async def room(self, table_id: str) -> Room | None:
        """The table ``table_id``, loaded from the store if it is not in memory."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            row: TableRow | None = await self._in_db(self.store.table, table_id)
            if row is None:
                return None
            text: str | None = await self._in_db(self.store.profile, table_id)
            if text is None:
                rules = _rules(row.variant, row.players)
            else:
                rules = _uploaded(text, row.players)
            session, game = replay(rules, row)
            room = Room(row, rules, session, game)
            self.rooms[table_id] = room
            self.listening()
        self._wake_bots(room)
        return room

    # ------------------------------------------------------- connections

    def join(self, room: Room, seat: int) -> Connection:
        """Connect a page to ``seat``: it is sent the welcome and the table as it is."""
        conn = Connection(seat)
        conn.send({"type": "welcome", "protocol": PROTOCOL, "seat": seat, "table": room.public()})
        conn.send(state_frame(room.game, seat))
        room.connections.add(conn)
        return conn

    def leave(self, room: Room, conn: Connection) -> None:
        """Disconnect a page."""
        room.connections.discard(conn)

    # ------------------------------------------------------------ actions

    async def act(
        self, room: Room, seat: int, action: str, ply: int, hand: int | None = None
    ) -> str | None:
        """Take ``action`` for ``seat`` at ``ply`` (of the hand numbered ``hand``, when
        given); None if taken, else why not (nothing changed)."""
        async with room.lock:
            game = room.game
            if hand is not None and hand != room.hand:
                return f"stale action: the table is at hand {room.hand}, not {quote(hand)}"
            now = len(game.history)
            if ply != now:  # first: a second click on a hand's last action is stale too
                return f"stale action: the table is at action {now}, not {quote(ply)}"
            if game.is_over:
                return "the hand is over"
            if game.to_act != seat:
                return "it is not your turn"
            try:
                await self._commit(room, seat, action)
            except IllegalActionError as e:
                return str(e)
            except PlyTaken:  # another process took this ply: show what it took
                await self._catch_up(room)
                self._wake_bots(room)
                return f"stale action: the table is at action {len(room.game.history)}, not {ply}"
            except Exception:  # the store refused the write: nothing was sent or changed
                _log.exception("table %s: could not store an action of seat %d", room.id, seat)
                return "the server could not store the action: nothing changed, try again"
            self._wake_bots(room)
        return None

    async def undo(self, room: Room, seat: int, ply: int) -> str | None:
        """Take back ``seat``'s last action and everything after it, against bots only;
        None if done, else why not (nothing changed).  The stored record loses
        those actions before anyone is told."""
        async with room.lock:
            if room.game.is_over:  # its settlement is on the session's sheet
                return "the hand is over"
            trial = room.game.copy()
            try:
                back = take_back_own(trial, seat, room.humans())
            except UndoRefused as e:
                return str(e)
            if ply != len(room.game.history):
                return f"stale undo: the table is at action {len(room.game.history)}"
            try:
                await self._in_db(self.store.drop_actions, room.id, len(trial.history))
            except Exception:
                _log.exception("table %s: could not undo for seat %d", room.id, seat)
                return "the server could not store the undo: nothing changed, try again"
            if room.bot_task is not None:  # a bot thinking about a position now gone
                room.bot_task.cancel()
            room.game = trial
            for conn in list(room.connections):
                conn.send({"type": "undone", "seat": seat, "actions": len(back)})
                conn.send(state_frame(trial, conn.seat))
            self._wake_bots(room)
        return None

    async def hint(self, room: Room, seat: int) -> str:
        """A suggestion for ``seat`` from its own view (against bots only), as one line."""
        async with room.lock:
            others = sorted(set(room.humans()) - {seat})
            if others:
                return "hints are only for a hand against bots: a person sits at the table"
            if room.game.to_act != seat:
                return "a hint is for your turn"
            if room.hinting:
                return "a hint is being worked out: wait for it"
            snapshot = room.game.copy()
            room.hinting = True
        try:
            loop = asyncio.get_running_loop()
            text: str = await loop.run_in_executor(self._cpu, hint_text, snapshot, seat)
        finally:
            room.hinting = False
        return text

    async def _commit(self, room: Room, seat: int, action: str) -> None:
        """Apply ``action`` (the lock held) to a copy, store it, then make it the table's
        game and tell every connection."""
        trial = room.game.copy()
        events: tuple[Event, ...] = trial.apply(action, seat=seat)
        ply = len(room.game.history)
        taken = str(trial.history[-1][1])
        await self._store_action(room.id, ply, seat, taken)
        self._publish(room, trial, events, ply)

    async def _store_action(self, table_id: str, ply: int, seat: int, action: str) -> None:
        """Store one action, in a group commit with the other tables' actions waiting.

        Actions arriving while a write is under way wait for it, then go in the
        next write all together (:meth:`Store.add_actions
        <alsos.web.store.Store.add_actions>`): one transaction and one hand-off to
        the database thread for many actions, where one each would keep that
        thread and the event loop taking turns.  Each still returns only once it
        is stored (or raises :class:`PlyTaken` or the store's error).
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, ply, seat, action), done))
        if not self._writing:
            self._writing = True
            self._spawn(self._write_pending())
        if not await done:
            raise PlyTaken(f"table {table_id}: action {ply} is stored already")

    async def _write_pending(self) -> None:
        """Write the waiting actions, a batch at a time, until none waits."""
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    stored: list[bool] = await self._in_db(
                        self.store.add_actions, [row for row, _ in batch]
                    )
                except Exception as e:  # the write failed: each waiting action is told
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(e)
                    continue
                for (_, done), ok in zip(batch, stored, strict=True):
                    if not done.done():
                        done.set_result(ok)
        finally:
            self._writing = False

    def _publish(self, room: Room, game: Game, events: tuple[Event, ...], ply: int) -> None:
        """Make ``game`` (``ply`` and its events taken) the table's, and tell every page;
        a hand just over goes on the session's sheet, sent to every page too."""
        ended = not room.game.is_over and note_over(room.session, game)
        room.game = game
        frames: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
        for conn in list(room.connections):
            pair = frames.get(conn.seat)
            if pair is None:  # built once per seat, however many windows it has open
                pair = frames[conn.seat] = (
                    events_frame(events, conn.seat, ply + 1),
                    state_frame(game, conn.seat),
                )
            conn.send(pair[0])
            conn.send(pair[1])
        if ended:
            self._send_sheet(room)

    def _send_sheet(self, room: Room) -> None:
        """Send every page the session's sheet (public: one frame for all)."""
        frame = sheet_frame(room.session, room.hand)
        for conn in list(room.connections):
            conn.send(frame)

    # ------------------------------------------------------------ sessions

    def _deals_on(self, room: Room) -> bool:
        """Whether the table deals its next hand by itself: bots only, hand over,
        session not over, and a pause set."""
        return (
            self.hand_pause is not None
            and room.game.is_over
            and not room.session.is_over
            and not room.humans()
        )

    async def next_hand(self, room: Room, seat: int | None, hand: int) -> str | None:
        """Deal the hand after hand number ``hand``, asked by ``seat`` (None: the table
        itself); None if dealt, else why not (nothing changed).  The finished hand
        and the new deal are stored before anyone is told."""
        async with room.lock:
            if seat is not None and seat not in room.humans():
                return "only a person at the table deals the next hand"
            if hand != room.hand:
                return f"stale: the table is at hand {room.hand}, not {quote(hand)}"
            if not room.game.is_over:
                return "the hand is not over"
            if room.session.is_over:
                return "the session is over"
            game = room.session.next_game(seed=secrets.randbits(64))
            try:
                await self._in_db(
                    self.store.next_hand,
                    room.id,
                    room.hand,
                    finished(room.game),
                    game.dealer,
                    str(game.deal),
                )
            except PlyTaken:  # another process dealt it: show the table as stored
                await self._reload(room)
                return f"stale: the table is at hand {room.hand}"
            except Exception:
                _log.exception("table %s: could not store hand %d", room.id, room.hand)
                return "the server could not store the new hand: nothing changed, try again"
            room.game = game
            room.hand += 1
            self._send_table(room)
        self._wake_bots(room)
        return None

    async def _reload(self, room: Room) -> None:
        """(The lock held.)  Make the table what the store holds and send it to every page."""
        row: TableRow | None = await self._in_db(self.store.table, room.id)
        if row is None:
            return
        room.session, room.game = replay(room.rules, row)
        room.hand = len(row.hands) + 1
        self._send_table(room)

    def _send_table(self, room: Room) -> None:
        """Send every page the sheet, then its own state of the hand in play."""
        self._send_sheet(room)
        states: dict[int, dict[str, Any]] = {}
        for conn in list(room.connections):
            if conn.seat not in states:
                states[conn.seat] = state_frame(room.game, conn.seat)
            conn.send(states[conn.seat])

    # --------------------------------------------------------------- bots

    def _wake_bots(self, room: Room) -> None:
        """Start the table's bot task if a bot is to act (or a table of bots only is to
        deal its next hand) and none is running (on PostgreSQL: unless another process
        held the table's claim a moment ago)."""
        claims = self._claims
        if room.game.is_over and not self._deals_on(room):
            if claims is not None and claims.holds(room.id):
                self._spawn(self._in_db(claims.release, room.id))
            return
        if not room.game.is_over and room.game.to_act not in room.bots:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        if (
            claims is not None
            and not claims.holds(room.id)
            and time.monotonic() - room.tried < self.claim_retry
        ):
            return  # another process moves them: the sweep tries again (Hub.sweep)
        room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _own(self, room: Room) -> bool:
        """Whether this process moves the table's bots: always on SQLite; on
        PostgreSQL if it holds the table's claim or takes it now -- and then it first
        reads what the previous owner stored last."""
        claims = self._claims
        if claims is None or claims.holds(room.id):
            return True
        room.tried = time.monotonic()
        if not await self._in_db(claims.take, room.id):
            return False
        async with room.lock:
            await self._catch_up(room)
        _log.info("table %s: this process moves its bots", room.id)
        return True

    async def _bots(self, room: Room) -> None:
        """Play the bots' turns in a row, each after the delay.

        A quick bot (:data:`QUICK`: well under a millisecond a move) chooses in
        the event loop, a searching one (``pimc``) in a worker thread, so that a
        slow search holds up no other table.  Either way the move is then stored
        and sent in one of a few turn slots (``_TURNS``): however many tables of
        bots are playing, a person's action waits behind at most those few bot
        moves -- in the event loop and in the database's queue -- not behind a
        move of every table.
        """
        loop = asyncio.get_running_loop()
        claims = self._claims
        while True:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            if not await self._own(room):
                return
            game = room.game
            seat = game.to_act
            if self._deals_on(room):  # a table of bots only: deal on after a pause
                await asyncio.sleep(self.hand_pause or 0)
                if await self.next_hand(room, None, room.hand) is not None:
                    return
                continue
            if game.is_over or seat is None or seat not in room.bots:
                if game.is_over and claims is not None:
                    await self._in_db(claims.release, room.id)
                return
            bot = room.bots[seat]
            try:
                if seat in room.quick:
                    async with self._turns, room.lock:
                        game = room.game
                        if game.to_act != seat or game.is_over:
                            continue
                        action = bot.choose(game.view(seat), game.legal_actions())
                        await self._bot_moves(room, seat, str(action))
                    continue
                async with room.lock:
                    snapshot = room.game.copy()
                    hand = room.hand
                ply = len(snapshot.history)
                view, legal = snapshot.view(seat), snapshot.legal_actions()
                action = await loop.run_in_executor(self._cpu, bot.choose, view, legal)
                async with self._turns, room.lock:
                    if len(room.game.history) == ply and room.hand == hand:
                        await self._bot_moves(room, seat, str(action))
            except Exception:  # a bot's bug or a failed write: the table waits, logged
                _log.exception("table %s: the bot at seat %d could not move", room.id, seat)
                return

    async def _bot_moves(self, room: Room, seat: int, action: str) -> None:
        """(The lock held.)  Take a bot's move; if another process's bot moved first,
        show its move instead."""
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
            await self._catch_up(room)


@functools.lru_cache(maxsize=64)
def _rules(variant: str, players: int | None) -> Ruleset:
    """A shipped profile for ``players`` seats (a client names no file).

    Read once per server (a Ruleset is immutable): parsing and checking a
    profile's YAML takes about a tenth of a second, far more than a hand's
    actions, so reading it for every new or reloaded table would cap the tables
    a server can start.  (A refusal is not cached: it is raised again.)
    """
    from alsos.ruleset.loading import shipped_variants

    if variant not in shipped_variants():
        raise TableError(
            f"no shipped variant {quote(variant)}; choose one of {', '.join(shipped_variants())}"
        )
    try:
        return load_variant(variant) if players is None else load_variant(variant, players=players)
    except ValueError as e:
        raise TableError(str(e)) from None


@functools.cache
def _shipped() -> tuple[tuple[str, str, int, tuple[int, ...]], ...]:
    """Each shipped variant's id, name, usual player count and allowed counts, from the
    profiles read once per server (:func:`_rules`)."""
    from alsos.ruleset.loading import shipped_variants

    out = []
    for vid in shipped_variants():
        rules = _rules(vid, None)
        out.append((vid, rules.name, rules.players, tuple(rules.player_counts or (rules.players,))))
    return tuple(out)


def variants() -> list[dict[str, Any]]:
    """The shipped variants as the page's form lists them (``GET /api/variants``):
    id, name, usual player count and the counts it allows.  Read from the profiles
    once per server, like every table's rules: a request reads no file."""
    return [
        {"id": vid, "name": name, "players": players, "counts": list(counts)}
        for vid, name, players, counts in _shipped()
    ]


def _uploaded(text: str, players: int | None) -> Ruleset:
    """An uploaded profile for ``players`` seats; the loader's ProfileError as a TableError."""
    try:
        if players is None:
            return load_profile_text(text)
        return load_profile_text(text, players=players)
    except ValueError as e:
        raise TableError(str(e)) from None
