"""The web table's storage: tables, seats and every accepted action, through SQLAlchemy.

Three tables hold everything a server needs to bring a hand back after a
restart: ``alsos_tables`` (the variant, the player count, the dealer and the
deal in the deal notation -- never shown to a client), ``alsos_seats`` (who
sits where: a person with a secret token, or a bot by its spec) and
``alsos_actions`` (the record: every accepted action in order, one row per
ply, its ``(table, ply)`` the primary key so that a ply is stored once).  The
hand in progress is the deal replayed through the stored actions, exactly as
:meth:`alsos.Record.replay` does it.

A table plays a session of hands (:mod:`alsos.play.session`).  When the
next hand is dealt, the finished one moves to ``alsos_hands`` (its dealer,
its deal and its actions, under its number: the primary key again stores it
once), the table's row takes the new deal and dealer and ``alsos_actions``
starts again from ply 0, all in one transaction.  The session is the stored
hands replayed in order (:mod:`alsos.web.sessions`).

The same code runs on SQLite (the default: a file, nothing to install) and on
PostgreSQL (a ``postgresql://`` URL, through psycopg 3).  Calls are
synchronous: the server makes them from worker threads so the event loop
never waits on a disk or the network.  A SQLite file is opened in WAL mode
with ``synchronous=NORMAL``: a commit is not flushed to the disk each time
(an action survives the server process being killed, not the machine losing
power), which keeps a write well under a millisecond.  It is held by the
server's process alone, through one connection, in SQLite's exclusive locking
mode (no ``-shm`` file: see :func:`_sqlite_own`).  The server stores
the actions waiting at one moment, of any tables, with one call
(:meth:`Store.add_actions`: one transaction, a group commit).

Several server processes may share one PostgreSQL database: the primary key
refuses the second write of a ply (:class:`PlyTaken`), so one table's record
never forks whichever process takes an action, and every stored action is
announced on the channel :data:`CHANNEL` (``NOTIFY``, sent by the same
transaction, so it is heard only once the action is stored) for the other
processes to catch up (:mod:`alsos.web.notify`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from attrs import frozen
from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

__all__ = [
    "CHANNEL",
    "LISTED_FOR",
    "HandRow",
    "LobbyRow",
    "PlyTaken",
    "SeatRow",
    "SettingsRow",
    "Store",
    "TableRow",
    "engine_url",
]

#: Seconds a listed table stays in the lobby after it is made (a day and a half:
#: an evening's rubber, not last week's abandoned tables).
LISTED_FOR = 36 * 3600.0

#: The PostgreSQL ``NOTIFY`` channel on which every stored action is announced,
#: as ``"<table id> <actions stored>"``.
CHANNEL = "alsos_web"

_META = MetaData()

_TABLES = Table(
    "alsos_tables",
    _META,
    Column("id", String(32), primary_key=True),
    Column("variant", String(200), nullable=False),
    Column("players", Integer, nullable=False),
    Column("dealer", Integer, nullable=False),
    Column("deal", Text, nullable=False),
    Column("created", Float, nullable=False),
)

_SEATS = Table(
    "alsos_seats",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(100), nullable=False),
    Column("token", String(64), nullable=True),
)

_ACTIONS = Table(
    "alsos_actions",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("at", Float, nullable=False),
)

# The finished hands of a table's session, in order (``hand`` 1 the first): the
# actions as JSON, a list of [seat, action].
_HANDS = Table(
    "alsos_hands",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("deal", Text, nullable=False),
    Column("actions", Text, nullable=False),
)

# The profile a table was made with when it is not a shipped one (an upload): its
# YAML text, loaded again when the table is (never a path: see load_profile_text).
_PROFILES = Table(
    "alsos_profiles",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("text", Text, nullable=False),
)


# The name a person chose for a seat (issue 32): a table of its own, so a database
# made before names existed gains it when opened (create_all adds missing tables).
_NAMES = Table(
    "alsos_names",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(100), nullable=False),
)


# What a table is set to do besides its rules (alsos.web.lobby.Settings; issue 32):
# a table of its own, so a database made before gains it (create_all), and a table
# without a row has the defaults.  ``watch``: the table's spectators' token, in the
# clear (a listed table's is in the lobby, and a person at any table may pass its on:
# a spectator sees only what every seat may); ``options``: the rest, as JSON;
# ``rematch``: the table its session's rematch was made as.
_SETTINGS = Table(
    "alsos_settings",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("listed", Integer, nullable=False),
    Column("watch", String(64), nullable=True),
    Column("options", Text, nullable=False),
    Column("rematch", String(32), nullable=True),
)


@frozen
class SettingsRow:
    """A table's stored settings: its name, whether it is listed (and then its
    spectators' token), the other options as JSON, and its rematch's id."""

    title: str = ""
    listed: bool = False
    watch: str | None = None
    options: str = "{}"
    rematch: str | None = None


@frozen
class LobbyRow:
    """A listed table as the lobby shows it: public facts only."""

    id: str
    variant: str
    players: int
    created: float
    settings: SettingsRow
    seats: tuple[SeatRow, ...]
    names: tuple[tuple[int, str], ...]
    hands: int


@frozen
class SeatRow:
    """One seat of a table: ``kind`` is ``human`` or a bot spec; a person's ``token``."""

    seat: int
    kind: str
    token: str | None


@frozen
class HandRow:
    """A finished hand of a table's session: its dealer, deal and actions."""

    dealer: int
    deal: str
    actions: tuple[tuple[int, str], ...]


@frozen
class TableRow:
    """A stored table: enough to deal its hand again and replay ``actions`` on it,
    after the session's finished ``hands``."""

    id: str
    variant: str
    players: int
    dealer: int
    deal: str
    seats: tuple[SeatRow, ...]
    actions: tuple[tuple[int, str], ...]
    hands: tuple[HandRow, ...] = ()
    names: tuple[tuple[int, str], ...] = ()
    settings: SettingsRow = SettingsRow()


class PlyTaken(Exception):
    """Another writer (another server process) stored this ply of the table first."""


def engine_url(url: str) -> str:
    """``url`` with its driver made explicit: a plain ``postgresql://`` (or
    ``postgres://``) URL is read with psycopg 3, which the ``web`` extra
    installs, not SQLAlchemy's default psycopg2."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


class Store:
    """The tables of one database URL (``sqlite:///file``, ``postgresql://...``).

    The schema is created when missing.  An in-memory SQLite URL
    (``sqlite://``) keeps one shared connection, so tests can use it.
    ``postgres``: whether the database is PostgreSQL, whose stored actions
    other processes hear of (:data:`CHANNEL`).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        memory = url in ("sqlite://", "sqlite:///:memory:")
        if memory:
            self.engine: Engine = create_engine(
                url, poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
        elif make_url(url).get_backend_name() == "sqlite":
            # one connection, held by this process alone (_sqlite_own): a call from
            # another thread waits for it rather than opening a second one
            self.engine = create_engine(
                url, pool_size=1, max_overflow=0, pool_timeout=60, pool_pre_ping=True
            )
            event.listen(self.engine, "connect", _sqlite_own)
        else:
            self.engine = create_engine(engine_url(url), pool_pre_ping=True)
        self.postgres = self.engine.dialect.name == "postgresql"
        try:
            _META.create_all(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def add_table(
        self,
        table_id: str,
        variant: str,
        players: int,
        dealer: int,
        deal: str,
        seats: Sequence[SeatRow],
        settings: SettingsRow | None = None,
        names: Sequence[tuple[int, str]] = (),
    ) -> None:
        """Store a new table with its seats, its settings and the names its seats
        start with (a rematch's) in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(_TABLES).values(
                    id=table_id,
                    variant=variant,
                    players=players,
                    dealer=dealer,
                    deal=deal,
                    created=time.time(),
                )
            )
            conn.execute(
                insert(_SEATS),
                [
                    {"table_id": table_id, "seat": s.seat, "kind": s.kind, "token": s.token}
                    for s in seats
                ],
            )
            if settings is not None:
                conn.execute(insert(_SETTINGS).values(table_id=table_id, **_settings(settings)))
            if names:
                conn.execute(
                    insert(_NAMES),
                    [{"table_id": table_id, "seat": n, "name": name} for n, name in names],
                )

    def add_action(self, table_id: str, ply: int, seat: int, action: str) -> None:
        """Store the action taken at ``ply`` (0 the first) and, on PostgreSQL, announce
        it on :data:`CHANNEL` when the transaction commits.

        :raises PlyTaken: the ply is stored already (the primary key refused it),
            so the record never forks.
        """
        if not self.add_actions([(table_id, ply, seat, action)])[0]:
            raise PlyTaken(f"table {table_id}: action {ply} is stored already")

    def add_actions(self, rows: Sequence[tuple[str, int, int, str]]) -> list[bool]:
        """Store actions of several tables, each ``(table_id, ply, seat, action)``, in
        one transaction (a group commit: one commit, and one round trip, for all);
        whether each was stored -- False where its ply was stored already (as
        :meth:`add_action`'s :class:`PlyTaken`).  Should one row be refused, the
        others are stored one by one, so a refusal costs only its own row."""
        try:
            self._insert(rows)
            return [True] * len(rows)
        except IntegrityError:
            if len(rows) == 1:
                return [False]
        stored = []
        for row in rows:
            try:
                self._insert([row])
                stored.append(True)
            except IntegrityError:
                stored.append(False)
        return stored

    def _insert(self, rows: Sequence[tuple[str, int, int, str]]) -> None:
        """Insert ``rows`` (and announce them, on PostgreSQL) in one transaction."""
        at = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(_ACTIONS),
                [
                    {"table_id": t, "ply": ply, "seat": seat, "action": action, "at": at}
                    for t, ply, seat, action in rows
                ],
            )
            if self.postgres:
                conn.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    [{"channel": CHANNEL, "payload": f"{t} {ply + 1}"} for t, ply, _, _ in rows],
                )

    def actions_since(self, table_id: str, ply: int) -> tuple[tuple[int, str], ...]:
        """The stored actions of ``table_id`` from ``ply`` on, as ``(seat, action)``
        in order: what another process took that this one has not seen."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_ACTIONS.c.seat, _ACTIONS.c.action)
                .where(_ACTIONS.c.table_id == table_id, _ACTIONS.c.ply >= ply)
                .order_by(_ACTIONS.c.ply)
            ).all()
        return tuple((r.seat, r.action) for r in rows)

    def next_hand(self, table_id: str, hand: int, done: HandRow, dealer: int, deal: str) -> None:
        """Store the finished hand number ``hand`` (1 the first) and make ``deal``,
        dealt by ``dealer``, the table's hand in play with no action yet; on
        PostgreSQL, announce it on :data:`CHANNEL` as ``"<table id> 0"``.

        :raises PlyTaken: hand ``hand`` is stored already (another process dealt on).
        """
        actions = json.dumps([[s, a] for s, a in done.actions], separators=(",", ":"))
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(_HANDS).values(
                        table_id=table_id,
                        hand=hand,
                        dealer=done.dealer,
                        deal=done.deal,
                        actions=actions,
                    )
                )
                conn.execute(delete(_ACTIONS).where(_ACTIONS.c.table_id == table_id))
                conn.execute(
                    update(_TABLES).where(_TABLES.c.id == table_id).values(dealer=dealer, deal=deal)
                )
                if self.postgres:
                    conn.execute(
                        text("SELECT pg_notify(:channel, :payload)"),
                        {"channel": CHANNEL, "payload": f"{table_id} 0"},
                    )
        except IntegrityError:
            raise PlyTaken(f"table {table_id}: hand {hand} is stored already") from None

    def hands_done(self, table_id: str) -> int:
        """How many hands of ``table_id``'s session are finished and stored."""
        with self.engine.connect() as conn:
            n = conn.execute(
                select(func.count()).select_from(_HANDS).where(_HANDS.c.table_id == table_id)
            ).scalar()
        return int(n or 0)

    def add_profile(self, table_id: str, text: str) -> None:
        """Store the uploaded profile of the table ``table_id`` (made just before)."""
        with self.engine.begin() as conn:
            conn.execute(insert(_PROFILES).values(table_id=table_id, text=text))

    def profile(self, table_id: str) -> str | None:
        """The uploaded profile of ``table_id``, or None (a shipped variant)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(_PROFILES.c.text).where(_PROFILES.c.table_id == table_id)
            ).first()
        return None if row is None else str(row.text)

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        """Store the name the person at ``seat`` of ``table_id`` chose (replacing one)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(_NAMES).where((_NAMES.c.table_id == table_id) & (_NAMES.c.seat == seat))
            )
            conn.execute(insert(_NAMES).values(table_id=table_id, seat=seat, name=name))
            if self.postgres:  # the other processes catch up (0: look at the whole table)
                conn.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": f"{table_id} 0"},
                )

    def names(self, table_id: str) -> tuple[tuple[int, str], ...]:
        """The names chosen at ``table_id``, by seat."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_NAMES.c.seat, _NAMES.c.name)
                .where(_NAMES.c.table_id == table_id)
                .order_by(_NAMES.c.seat)
            ).all()
        return tuple((r.seat, r.name) for r in rows)

    def drop_actions(self, table_id: str, from_ply: int) -> None:
        """Forget the actions from ``from_ply`` on (a player's undo against bots)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(_ACTIONS).where(
                    (_ACTIONS.c.table_id == table_id) & (_ACTIONS.c.ply >= from_ply)
                )
            )

    def table(self, table_id: str) -> TableRow | None:
        """The stored table ``table_id`` with its seats and actions, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(_TABLES).where(_TABLES.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                select(_SEATS.c.seat, _SEATS.c.kind, _SEATS.c.token)
                .where(_SEATS.c.table_id == table_id)
                .order_by(_SEATS.c.seat)
            ).all()
            actions = conn.execute(
                select(_ACTIONS.c.seat, _ACTIONS.c.action)
                .where(_ACTIONS.c.table_id == table_id)
                .order_by(_ACTIONS.c.ply)
            ).all()
            hands = conn.execute(
                select(_HANDS.c.dealer, _HANDS.c.deal, _HANDS.c.actions)
                .where(_HANDS.c.table_id == table_id)
                .order_by(_HANDS.c.hand)
            ).all()
            names = conn.execute(
                select(_NAMES.c.seat, _NAMES.c.name)
                .where(_NAMES.c.table_id == table_id)
                .order_by(_NAMES.c.seat)
            ).all()
            settings = _settings_row(
                conn.execute(select(_SETTINGS).where(_SETTINGS.c.table_id == table_id)).first()
            )
        return TableRow(
            id=row.id,
            variant=row.variant,
            players=row.players,
            dealer=row.dealer,
            deal=row.deal,
            seats=tuple(SeatRow(s.seat, s.kind, s.token) for s in seats),
            actions=tuple((a.seat, a.action) for a in actions),
            hands=tuple(
                HandRow(h.dealer, h.deal, tuple((s, a) for s, a in json.loads(h.actions)))
                for h in hands
            ),
            names=tuple((n.seat, n.name) for n in names),
            settings=settings,
        )

    def seats(self, table_id: str) -> tuple[SeatRow, ...]:
        """The seats of ``table_id`` (a free seat's token is None until it is taken)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_SEATS.c.seat, _SEATS.c.kind, _SEATS.c.token)
                .where(_SEATS.c.table_id == table_id)
                .order_by(_SEATS.c.seat)
            ).all()
        return tuple(SeatRow(r.seat, r.kind, r.token) for r in rows)

    def take_seat(self, table_id: str, seat: int, token: str) -> bool:
        """Give the free person's seat ``seat`` of ``table_id`` the token digest
        ``token``; whether it was free (one person takes a seat, whoever asks first,
        whichever process asks).  On PostgreSQL, announced as ``"<table id> 0"``."""
        return self._seat_token(table_id, seat, None, token)

    def drop_rematch(self, table_id: str, rematch: str) -> None:
        """Take back the claim of ``rematch`` (:meth:`set_rematch`): its table could
        not be made."""
        with self.engine.begin() as conn:
            conn.execute(
                update(_SETTINGS)
                .where((_SETTINGS.c.table_id == table_id) & (_SETTINGS.c.rematch == rematch))
                .values(rematch=None)
            )

    def set_rematch(self, table_id: str, rematch: str) -> str:
        """Make ``rematch`` the table the session of ``table_id`` goes on at, unless
        one was claimed first: the one that stands."""
        with self.engine.begin() as conn:
            row = conn.execute(
                select(_SETTINGS.c.rematch).where(_SETTINGS.c.table_id == table_id)
            ).first()
            if row is None:  # a table made before its settings were stored
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(_SETTINGS).values(
                                table_id=table_id, **_settings(SettingsRow(rematch=rematch))
                            )
                        )
                    return rematch
                except IntegrityError:  # another process inserted it first
                    pass
            done = conn.execute(
                update(_SETTINGS)
                .where((_SETTINGS.c.table_id == table_id) & _SETTINGS.c.rematch.is_(None))
                .values(rematch=rematch)
            ).rowcount
            if done:
                return rematch
            stored = conn.execute(
                select(_SETTINGS.c.rematch).where(_SETTINGS.c.table_id == table_id)
            ).scalar_one()
        return str(stored)

    def free_seat(self, table_id: str, seat: int, token: str) -> bool:
        """Free the person's seat ``seat`` of ``table_id`` again if ``token`` (a digest)
        still opens it; whether it did.  On PostgreSQL, announced as ``"<table id> 0"``."""
        return self._seat_token(table_id, seat, token, None)

    def _seat_token(self, table_id: str, seat: int, old: str | None, new: str | None) -> bool:
        """Make the token of a person's seat ``new`` where it is ``old`` (None: free),
        in one statement, so two writers cannot both succeed; whether it did."""
        held = _SEATS.c.token.is_(None) if old is None else _SEATS.c.token == old
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_SEATS)
                .where(
                    (_SEATS.c.table_id == table_id)
                    & (_SEATS.c.seat == seat)
                    & (_SEATS.c.kind == "human")
                    & held
                )
                .values(token=new)
            ).rowcount
            if done and self.postgres:
                conn.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": f"{table_id} 0"},
                )
        return bool(done)

    def lobby(self, limit: int = 50) -> list[LobbyRow]:
        """The listed tables made in the last :data:`LISTED_FOR` seconds and not
        played on at a rematch, the newest first, at most ``limit``, with their seats,
        names and finished hands."""
        since = time.time() - LISTED_FOR
        with self.engine.connect() as conn:
            tables = conn.execute(
                select(_TABLES.c.id, _TABLES.c.variant, _TABLES.c.players, _TABLES.c.created)
                .add_columns(*_SETTINGS.c)
                .join(_SETTINGS, _SETTINGS.c.table_id == _TABLES.c.id)
                .where(
                    (_SETTINGS.c.listed == 1)
                    & _SETTINGS.c.rematch.is_(None)
                    & (_TABLES.c.created >= since)
                )
                .order_by(_TABLES.c.created.desc())
                .limit(limit)
            ).all()
            ids = [t.id for t in tables]
            seats = conn.execute(
                select(_SEATS).where(_SEATS.c.table_id.in_(ids)).order_by(_SEATS.c.seat)
            ).all()
            names = conn.execute(select(_NAMES).where(_NAMES.c.table_id.in_(ids))).all()
            hands = conn.execute(
                select(_HANDS.c.table_id, func.count())
                .where(_HANDS.c.table_id.in_(ids))
                .group_by(_HANDS.c.table_id)
            ).all()
        done = {h[0]: int(h[1]) for h in hands}
        return [
            LobbyRow(
                id=t.id,
                variant=t.variant,
                players=t.players,
                created=t.created,
                settings=_settings_row(t),
                seats=tuple(SeatRow(s.seat, s.kind, s.token) for s in seats if s.table_id == t.id),
                names=tuple(sorted((n.seat, n.name) for n in names if n.table_id == t.id)),
                hands=done.get(t.id, 0),
            )
            for t in tables
        ]


def _settings(row: SettingsRow) -> dict[str, Any]:
    return {
        "title": row.title,
        "listed": int(row.listed),
        "watch": row.watch,
        "options": row.options,
        "rematch": row.rematch,
    }


def _settings_row(row: Any) -> SettingsRow:
    """A stored settings row (None: a table made without one: the defaults)."""
    if row is None:
        return SettingsRow()
    return SettingsRow(row.title, bool(row.listed), row.watch, row.options, row.rematch)


def _sqlite_own(dbapi_connection: Any, record: Any) -> None:
    """Open a SQLite file for this process alone, in WAL mode, committing without a
    flush to the disk each time.

    The exclusive locking mode, set before the first read, keeps the WAL's index
    in this process's memory instead of a ``-shm`` file that every process maps:
    a mapped file that becomes unwritable (or is truncated) under a running server
    kills it with SIGBUS at its next write, where an unwritable database file is an
    error the server answers (the action is refused, and tried again later).  It
    also makes a second server on the same file fail at once ("database is
    locked") rather than share it: the write lock is taken as the file is opened
    and kept.  The memory map of the database file itself is
    off for the same reason.
    """
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA locking_mode=EXCLUSIVE")
    cursor.execute("PRAGMA mmap_size=0")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("BEGIN IMMEDIATE")  # take the write lock now, and keep it
    cursor.execute("COMMIT")
    cursor.close()
