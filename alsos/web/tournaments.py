"""What is stored of the web table's duplicate tournaments.

A tournament is made open, people with accounts join it, and its owner starts
it (:mod:`alsos.web.director` runs it from then on).  At the start the entrants
are numbered -- the people in the order they joined, then bots of the
tournament's level until the tables are full, at least two tables -- and the
movement (:func:`alsos.compete.movement.movement`, seeded by the tournament)
fixes who sits where in every round.  Round ``r``'s tables each play the
boards ``r * boards .. r * boards + boards - 1``: board ``k`` is the deal of
seed ``seed + k``, dealt by seat ``k % players`` (:func:`board_deals`), the
same at every table.  The seed is never shown: it would tell every board's
cards.

The rows kept:

- ``alsos_tournaments``: the tournament, its settings, its state (``open``,
  ``playing``, ``over``) and how many rounds are seated;
- ``alsos_tournament_joined``: who joined while it was open;
- ``alsos_tournament_entrants``: the numbered entrants, people and bots;
- ``alsos_tournament_seats``: each entrant's table and seat in each round (a
  person's seat link too: the seat is linked to the account, so the link alone
  opens nothing);
- ``alsos_tournament_results``: each entrant's payment on each board, noted
  once (whichever process, or load after a restart, sees the hand end).

Every change that moves a tournament on is one transaction that checks the
state it starts from, so two processes (or a process and its restart) never
start a tournament or seat a round twice.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence

from attrs import frozen
from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from alsos.language import N_
from alsos.play.game import Game
from alsos.ruleset.profile import Ruleset

__all__ = [
    "MAX_ENTRANTS",
    "EntrantRow",
    "ResultRow",
    "SeatPlace",
    "TournamentRow",
    "Tournaments",
    "board_deals",
]

#: The most people one tournament takes.
MAX_ENTRANTS = 48

_META = MetaData()

_TOURNAMENTS = Table(
    "alsos_tournaments",
    _META,
    Column("id", String(16), primary_key=True),
    Column("title", String(80), nullable=False),
    Column("variant", String(200), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("boards", Integer, nullable=False),
    Column("level", String(32), nullable=False),
    Column("grace", Float, nullable=False),
    Column("turn_time", Float, nullable=True),
    Column("seed", String(24), nullable=False),
    Column("owner", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("state", String(8), nullable=False),
    Column("seated", Integer, nullable=False),
    Column("entrants", Integer, nullable=False),
)

_JOINED = Table(
    "alsos_tournament_joined",
    _META,
    Column("tournament", String(16), primary_key=True),
    Column("account", String(64), primary_key=True),
    Column("at", Float, nullable=False),
)

_ENTRANTS = Table(
    "alsos_tournament_entrants",
    _META,
    Column("tournament", String(16), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("account", String(64), nullable=True),
    Column("bot", String(32), nullable=True),
)

_SEATS = Table(
    "alsos_tournament_seats",
    _META,
    Column("tournament", String(16), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("entrant", Integer, primary_key=True),
    Column("table_no", Integer, nullable=False),
    Column("table_id", String(32), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("token", String(64), nullable=True),
)

_RESULTS = Table(
    "alsos_tournament_results",
    _META,
    Column("tournament", String(16), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("entrant", Integer, primary_key=True),
    Column("position", Integer, nullable=False),
    Column("table_no", Integer, nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("payment", Integer, nullable=False),
)


@frozen
class TournamentRow:
    """A stored tournament.  ``seated``: rounds whose tables are made; ``entrants``:
    how many were numbered at the start (0 while open)."""

    id: str
    title: str
    variant: str
    players: int
    rounds: int
    boards: int
    level: str
    grace: float
    turn_time: float | None
    seed: int
    owner: str
    created: float
    state: str
    seated: int
    entrants: int


@frozen
class EntrantRow:
    """Entrant ``number``: a person's ``account`` or a ``bot`` of the tournament's level."""

    number: int
    account: str | None
    bot: str | None


@frozen
class SeatPlace:
    """Where ``entrant`` sits in ``round``: table ``table_no`` (``table_id``), ``seat``;
    a person's seat ``token`` (None for a bot)."""

    round: int
    entrant: int
    table_no: int
    table_id: str
    seat: int
    token: str | None


@frozen
class ResultRow:
    """What ``entrant`` was paid at ``position`` of ``board``, at table ``table_no``
    (``table_id``'s hand ``hand``)."""

    board: int
    entrant: int
    position: int
    table_no: int
    table_id: str
    hand: int
    payment: int


def board_deals(rules: Ruleset, seed: int, first: int, count: int) -> tuple[tuple[int, str], ...]:
    """Boards ``first .. first + count - 1`` of a tournament seeded ``seed``: each one's
    dealer and deal (board ``k``: seed ``seed + k``, dealt by seat ``k % players``)."""
    out = []
    for k in range(first, first + count):
        dealer = k % rules.players
        out.append((dealer, str(Game(rules, seed=seed + k, dealer=dealer).deal)))
    return tuple(out)


def _row(r: object) -> TournamentRow:
    return TournamentRow(
        id=r.id, title=r.title, variant=r.variant, players=r.players,  # type: ignore[attr-defined]
        rounds=r.rounds, boards=r.boards, level=r.level, grace=r.grace,  # type: ignore[attr-defined]
        turn_time=r.turn_time,  # type: ignore[attr-defined]
        seed=int(r.seed), owner=r.owner, created=r.created,  # type: ignore[attr-defined]
        state=r.state, seated=r.seated, entrants=r.entrants,  # type: ignore[attr-defined]
    )  # fmt: skip


class Tournaments:
    """The tournaments in ``engine``'s database (synchronous: called from the server's
    database threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        _META.create_all(engine)

    def add(
        self,
        title: str,
        variant: str,
        players: int,
        rounds: int,
        boards: int,
        level: str,
        owner: str,
        grace: float,
        turn_time: float | None = None,
    ) -> str:
        """A new open tournament; its id."""
        tid = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(
                insert(_TOURNAMENTS).values(
                    id=tid, title=title, variant=variant, players=players, rounds=rounds,
                    boards=boards, level=level, grace=grace, turn_time=turn_time,
                    seed=str(secrets.randbits(62)), owner=owner, created=time.time(),
                    state="open", seated=0, entrants=0,
                )
            )  # fmt: skip
        return tid

    def get(self, tid: str) -> TournamentRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(_TOURNAMENTS).where(_TOURNAMENTS.c.id == tid)).first()
        return None if r is None else _row(r)

    def listing(self, limit: int = 50) -> list[TournamentRow]:
        """The newest tournaments first."""
        query = select(_TOURNAMENTS).order_by(_TOURNAMENTS.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(query)]

    def owned(self, account: str) -> int:
        """How many tournaments ``account`` made that are not over."""
        query = (
            select(func.count())
            .select_from(_TOURNAMENTS)
            .where(_TOURNAMENTS.c.owner == account, _TOURNAMENTS.c.state != "over")
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def playing(self) -> list[str]:
        """The tournaments under way (a restarted server takes them up again)."""
        query = select(_TOURNAMENTS.c.id).where(_TOURNAMENTS.c.state == "playing")
        with self.engine.connect() as conn:
            return [str(r.id) for r in conn.execute(query)]

    def join(self, tid: str, account: str) -> str | None:
        """Add ``account`` to the open tournament; None, or why not (an English message,
        with ``{n}`` the most entrants)."""
        try:
            with self.engine.begin() as conn:
                state = conn.execute(
                    select(_TOURNAMENTS.c.state).where(_TOURNAMENTS.c.id == tid)
                ).scalar()
                if state != "open":
                    return N_("the tournament has started: entrants join before it starts")
                there = conn.execute(
                    select(_JOINED.c.account).where(
                        _JOINED.c.tournament == tid, _JOINED.c.account == account
                    )
                ).first()
                if there is not None:
                    return None
                count = conn.execute(
                    select(func.count()).select_from(_JOINED).where(_JOINED.c.tournament == tid)
                ).scalar_one()
                if count >= MAX_ENTRANTS:
                    return N_("the tournament is full ({n} entrants)")
                conn.execute(
                    insert(_JOINED).values(tournament=tid, account=account, at=time.time())
                )
        except IntegrityError:  # joined at this moment elsewhere
            pass
        return None

    def leave(self, tid: str, account: str) -> str | None:
        """Take ``account`` off the open tournament; None, or why not."""
        with self.engine.begin() as conn:
            state = conn.execute(
                select(_TOURNAMENTS.c.state).where(_TOURNAMENTS.c.id == tid)
            ).scalar()
            if state != "open":
                return N_("the tournament has started: its entrants play it to the end")
            conn.execute(
                delete(_JOINED).where(_JOINED.c.tournament == tid, _JOINED.c.account == account)
            )
        return None

    def joined(self, tid: str, conn: Connection | None = None) -> list[str]:
        """The accounts that joined, in the order they joined (read in ``conn``'s
        transaction, if given)."""
        query = (
            select(_JOINED.c.account)
            .where(_JOINED.c.tournament == tid)
            .order_by(_JOINED.c.at, _JOINED.c.account)
        )
        if conn is not None:
            return [str(r.account) for r in conn.execute(query)]
        with self.engine.connect() as own:
            return [str(r.account) for r in own.execute(query)]

    def start(self, tid: str) -> int | None:
        """Mark the open tournament playing and number its entrants: the people who
        joined, in the order they joined, then bots of its level until its tables
        (at least two) are full.  How many entrants; None if it was not open or
        nobody joined (nothing changes).  The tournament's row is locked first
        (PostgreSQL; SQLite writes one at a time), so a person joining at that
        moment is either counted or refused."""
        with self.engine.begin() as conn:
            query = select(_TOURNAMENTS.c.players, _TOURNAMENTS.c.level).where(
                _TOURNAMENTS.c.id == tid, _TOURNAMENTS.c.state == "open"
            )
            row = conn.execute(query.with_for_update() if self.postgres else query).first()
            people = self.joined(tid, conn) if row is not None else []
            if row is None or not people:
                return None
            tables = max(2, -(-len(people) // row.players))
            entrants: list[tuple[str | None, str | None]] = [(p, None) for p in people]
            entrants += [(None, row.level)] * (tables * row.players - len(people))
            done = conn.execute(
                update(_TOURNAMENTS)
                .where(_TOURNAMENTS.c.id == tid, _TOURNAMENTS.c.state == "open")
                .values(state="playing", entrants=len(entrants))
            )
            if done.rowcount != 1:  # started elsewhere meanwhile (nothing written)
                return None
            conn.execute(
                insert(_ENTRANTS),
                [
                    {"tournament": tid, "number": n, "account": a, "bot": b}
                    for n, (a, b) in enumerate(entrants)
                ],
            )
        return len(entrants)

    def cancel(self, tid: str) -> bool:
        """Delete the open tournament (its maker changed their mind); False if it is not
        open."""
        with self.engine.begin() as conn:
            done = conn.execute(
                delete(_TOURNAMENTS).where(_TOURNAMENTS.c.id == tid, _TOURNAMENTS.c.state == "open")
            )
            if done.rowcount != 1:
                return False
            conn.execute(delete(_JOINED).where(_JOINED.c.tournament == tid))
        return True

    def entrants(self, tid: str) -> list[EntrantRow]:
        query = select(_ENTRANTS).where(_ENTRANTS.c.tournament == tid).order_by(_ENTRANTS.c.number)
        with self.engine.connect() as conn:
            return [EntrantRow(r.number, r.account, r.bot) for r in conn.execute(query)]

    def seat_round(self, tid: str, round_: int, places: Sequence[SeatPlace]) -> bool:
        """Store round ``round_``'s seats (its tables made) and count it seated; False if
        it was seated before (elsewhere: nothing changes, these tables are not used)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_TOURNAMENTS)
                .where(
                    _TOURNAMENTS.c.id == tid,
                    _TOURNAMENTS.c.state == "playing",
                    _TOURNAMENTS.c.seated == round_,
                )
                .values(seated=round_ + 1)
            )
            if done.rowcount != 1:  # (nothing written)
                return False
            conn.execute(
                insert(_SEATS),
                [
                    {"tournament": tid, "round": p.round, "entrant": p.entrant,
                     "table_no": p.table_no, "table_id": p.table_id, "seat": p.seat,
                     "token": p.token}
                    for p in places
                ],
            )  # fmt: skip
        return True

    def places(self, tid: str, round_: int | None = None) -> list[SeatPlace]:
        """The seats of every round seated (or of ``round_``), by round, table and seat."""
        query = select(_SEATS).where(_SEATS.c.tournament == tid)
        if round_ is not None:
            query = query.where(_SEATS.c.round == round_)
        query = query.order_by(_SEATS.c.round, _SEATS.c.table_no, _SEATS.c.seat)
        with self.engine.connect() as conn:
            return [
                SeatPlace(r.round, r.entrant, r.table_no, r.table_id, r.seat, r.token)
                for r in conn.execute(query)
            ]

    def table_of(self, table_id: str) -> tuple[TournamentRow, int, int] | None:
        """The tournament a table belongs to, with the table's round and number."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(_SEATS.c.tournament, _SEATS.c.round, _SEATS.c.table_no)
                .where(_SEATS.c.table_id == table_id)
                .limit(1)
            ).first()
        if r is None:
            return None
        t = self.get(str(r.tournament))
        return None if t is None else (t, int(r.round), int(r.table_no))

    def note(self, tid: str, results: Sequence[ResultRow]) -> bool:
        """Note a hand's results (once: False if they were noted before)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(_RESULTS),
                    [
                        {"tournament": tid, "board": r.board, "entrant": r.entrant,
                         "position": r.position, "table_no": r.table_no,
                         "table_id": r.table_id, "hand": r.hand, "payment": r.payment}
                        for r in results
                    ],
                )  # fmt: skip
        except IntegrityError:
            return False
        return True

    def played(self, tid: str, board: int) -> int:
        """How many results of ``board`` are noted (every entrant's: played everywhere)."""
        query = (
            select(func.count())
            .select_from(_RESULTS)
            .where(_RESULTS.c.tournament == tid, _RESULTS.c.board == board)
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def results(self, tid: str) -> list[ResultRow]:
        query = (
            select(_RESULTS)
            .where(_RESULTS.c.tournament == tid)
            .order_by(_RESULTS.c.board, _RESULTS.c.position, _RESULTS.c.table_no)
        )
        with self.engine.connect() as conn:
            return [
                ResultRow(r.board, r.entrant, r.position, r.table_no, r.table_id, r.hand,
                          r.payment)
                for r in conn.execute(query)
            ]  # fmt: skip

    def finish(self, tid: str) -> bool:
        """Mark the playing tournament over; False if it was not playing."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_TOURNAMENTS)
                .where(_TOURNAMENTS.c.id == tid, _TOURNAMENTS.c.state == "playing")
                .values(state="over")
            )
            return bool(done.rowcount == 1)
