"""The web table's storage: tables, seats and every accepted action, through SQLAlchemy.

Three tables hold everything a server needs to bring a hand back after a
restart: ``alsos_tables`` (the variant, the player count, the dealer and the
deal in the deal notation -- never shown to a client), ``alsos_seats`` (who
sits where: a person with a secret token, or a bot by its spec) and
``alsos_actions`` (the record: every accepted action in order, one row per
ply, its ``(table, ply)`` the primary key so that a ply is stored once).  The
hand in progress is the deal replayed through the stored actions, exactly as
:meth:`alsos.Record.replay` does it.

The same code runs on SQLite (the default: a file, nothing to install) and on
PostgreSQL (a ``postgresql://`` URL).  Calls are synchronous: the server
makes them from one worker thread so the event loop never waits on a disk.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

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
    insert,
    select,
)
from sqlalchemy.pool import StaticPool

__all__ = ["SeatRow", "Store", "TableRow"]

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

# The profile a table was made with when it is not a shipped one (an upload): its
# YAML text, loaded again when the table is (never a path: see load_profile_text).
_PROFILES = Table(
    "alsos_profiles",
    _META,
    Column("table_id", String(32), ForeignKey("alsos_tables.id"), primary_key=True),
    Column("text", Text, nullable=False),
)


@frozen
class SeatRow:
    """One seat of a table: ``kind`` is ``human`` or a bot spec; a person's ``token``."""

    seat: int
    kind: str
    token: str | None


@frozen
class TableRow:
    """A stored table: enough to deal its hand again and replay ``actions`` on it."""

    id: str
    variant: str
    players: int
    dealer: int
    deal: str
    seats: tuple[SeatRow, ...]
    actions: tuple[tuple[int, str], ...]


class Store:
    """The tables of one database URL (``sqlite:///file``, ``postgresql://...``).

    The schema is created when missing.  An in-memory SQLite URL
    (``sqlite://``) keeps one shared connection, so tests can use it.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        memory = url in ("sqlite://", "sqlite:///:memory:")
        if memory:
            self.engine: Engine = create_engine(
                url, poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
        else:
            self.engine = create_engine(url)
        _META.create_all(self.engine)

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
    ) -> None:
        """Store a new table with its seats (one transaction)."""
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

    def add_action(self, table_id: str, ply: int, seat: int, action: str) -> None:
        """Store the action taken at ``ply`` (0 the first); a ply stored twice is refused
        by the primary key (an ``IntegrityError``), so the record never forks."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(_ACTIONS).values(
                    table_id=table_id, ply=ply, seat=seat, action=action, at=time.time()
                )
            )

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
        return TableRow(
            id=row.id,
            variant=row.variant,
            players=row.players,
            dealer=row.dealer,
            deal=row.deal,
            seats=tuple(SeatRow(s.seat, s.kind, s.token) for s in seats),
            actions=tuple((a.seat, a.action) for a in actions),
        )
