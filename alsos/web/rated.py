"""Rated hands at the web table: ratings per variant for people and bot levels, the
hands each person played, and the puzzles each answered.

**Which hands are rated.**  A finished hand of a shipped profile (not an uploaded
one) whose playing seats are all held by accounts (:mod:`alsos.web.accounts`) or
by the shipped levels (``easy``, ``medium``, ``hard``, ``expert``), with at least
one account among them and no account at two seats.  A seat played by a person
without an account, or by another bot, leaves the hand unrated: its result says
nothing about anyone who could be rated.  The hand becomes a match as
:mod:`alsos.compete.rating` says (each seat ranked by its payment), and every
entrant's rating moves, the bot
levels' too.  A level starts from its benchmark anchor
(:func:`alsos.compete.rating.anchors`), so people's ratings and ``alsos bench``'s
are on one scale; a person starts at openskill's 25.

Each hand is rated once: ``alsos_rated_hands`` is keyed by table and hand, and
the rating, its entrants' new ratings and the hands-played rows are written in
one transaction (on PostgreSQL the ratings read are locked), so two server
processes that both see a hand end rate it once, and a server killed before
rating a hand rates it when the table is loaded again.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from attrs import frozen
from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from alsos.bots import LEVELS
from alsos.compete.rating import Rating, Ratings, anchors

__all__ = ["BOT_PREFIX", "PUZZLES_KEPT", "HandPlayed", "Rated", "entrant_of"]

#: How a bot level is named among the entrants: ``bot:hard``.
BOT_PREFIX = "bot:"
#: Puzzles answered that are noted for one account, at most.
PUZZLES_KEPT = 5000

_META = MetaData()

_RATED = Table(
    "alsos_rated_hands",
    _META,
    Column("table_id", String(32), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("variant", String(200), nullable=False),
    Column("at", Float, nullable=False),
)

_RATINGS = Table(
    "alsos_ratings",
    _META,
    Column("variant", String(200), primary_key=True),
    Column("entrant", String(80), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("hands", Integer, nullable=False),
)

_PLAYED = Table(
    "alsos_hands_played",
    _META,
    Column("account", String(64), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("variant", String(200), nullable=False),
    Column("payment", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


_PUZZLES = Table(
    "alsos_puzzles_tried",
    _META,
    Column("account", String(64), primary_key=True),
    Column("puzzle", String(80), primary_key=True),
    Column("solved", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


@frozen
class HandPlayed:
    """A finished hand an account played: where, which seat, its payment, and whether
    it was rated."""

    table: str
    hand: int
    seat: int
    variant: str
    payment: int
    rated: bool
    at: float


def entrant_of(account: str | None, bot: str | None) -> str | None:
    """A seat's entrant: the account's name, ``bot:LEVEL`` for a shipped level, or None
    (a person without an account, or another bot: the hand is not rated)."""
    if account is not None:
        return account
    if bot is not None and bot in LEVELS:
        return BOT_PREFIX + bot
    return None


class Rated:
    """Ratings, rated hands and hands played, in ``engine``'s database (synchronous:
    called from the server's database threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        _META.create_all(engine)

    def record(
        self,
        table_id: str,
        hand: int,
        variant: str | None,
        entrants: Sequence[str | None],
        accounts: dict[int, str],
        seats: Sequence[int],
        payments: Sequence[int],
    ) -> bool:
        """Note a finished hand: rate it if it is rated (module docs; ``variant`` None for
        an uploaded profile's table) and list it among each account's hands played.
        ``entrants[i]`` held ``seats[i]`` and was paid ``payments[i]``.  False when the
        hand was noted before (nothing changes)."""
        people = [e for e in entrants if e is not None and not e.startswith(BOT_PREFIX)]
        rated = (
            variant is not None
            and all(e is not None for e in entrants)
            and bool(people)
            and len(set(people)) == len(people)  # nobody rated against themselves
            and any(payments)
        )
        now = time.time()
        try:
            with self.engine.begin() as conn:
                # the key row first: a hand noted before (here or by another process)
                # fails here, and the whole transaction with it -- nothing changes
                conn.execute(
                    insert(_RATED).values(
                        table_id=table_id, hand=hand, variant=variant or "", at=now
                    )
                )
                if rated:
                    assert variant is not None
                    self._rate(conn, variant, [str(e) for e in entrants], payments)
                listed: dict[str, dict[str, Any]] = {}
                for s, p in zip(seats, payments, strict=True):
                    if s in accounts and accounts[s] not in listed:  # one row per account
                        listed[accounts[s]] = {
                            "account": accounts[s], "table_id": table_id, "hand": hand,
                            "seat": s, "variant": variant or "", "payment": p,
                            "rated": int(rated), "at": now,
                        }  # fmt: skip
                if listed:
                    conn.execute(insert(_PLAYED), list(listed.values()))
        except IntegrityError:
            return False
        return True

    def _rate(self, conn: Any, variant: str, names: list[str], payments: Sequence[int]) -> None:
        """Rate one hand inside the caller's transaction.  Every entrant's row is made
        first if missing (an insert that yields to another process's), then all are
        read locked, in one order (PostgreSQL), so two hands rated at once take turns."""
        start = self._starts(variant)
        fresh = Ratings().get(variant, "")
        insert_new = (pg_insert if self.postgres else sqlite_insert)(_RATINGS)
        conn.execute(
            insert_new.on_conflict_do_nothing(),
            [{"variant": variant, "entrant": n, "mu": (start.get(n) or fresh).mu,
              "sigma": (start.get(n) or fresh).sigma, "hands": 0} for n in sorted(set(names))],
        )  # fmt: skip
        query = (
            select(_RATINGS)
            .where(_RATINGS.c.variant == variant, _RATINGS.c.entrant.in_(set(names)))
            .order_by(_RATINGS.c.entrant)
        )
        if self.postgres:
            query = query.with_for_update()
        known = {r.entrant: Rating(r.mu, r.sigma, r.hands) for r in conn.execute(query)}
        ratings = Ratings({variant: known})
        ratings.rate_hand(variant, names, payments)
        for name in sorted(set(names)):
            r = ratings.get(variant, name)
            conn.execute(
                update(_RATINGS)
                .where(_RATINGS.c.variant == variant, _RATINGS.c.entrant == name)
                .values(mu=r.mu, sigma=r.sigma, hands=known[name].hands + 1)
            )

    @staticmethod
    def _starts(variant: str) -> dict[str, Rating]:
        """The bot levels' starting ratings: their benchmark anchors on ``variant``."""
        return {BOT_PREFIX + k: Rating(v.mu, v.sigma) for k, v in anchors(variant).items()}

    def was_noted(self, table_id: str, hand: int) -> bool:
        """Whether hand ``hand`` of the table was noted (rated or not)."""
        with self.engine.connect() as conn:
            return (
                conn.execute(
                    select(_RATED.c.hand).where(
                        _RATED.c.table_id == table_id, _RATED.c.hand == hand
                    )
                ).first()
                is not None
            )

    def leaderboard(self, variant: str, limit: int = 100) -> list[tuple[str, Rating]]:
        """``variant``'s rated entrants, best first by ``mu - 3 sigma``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_RATINGS)
                .where(_RATINGS.c.variant == variant)
                .order_by((_RATINGS.c.mu - 3 * _RATINGS.c.sigma).desc(), _RATINGS.c.entrant)
                .limit(limit)
            ).all()
        return [(r.entrant, Rating(r.mu, r.sigma, r.hands)) for r in rows]

    def ratings_of(self, entrant: str) -> dict[str, Rating]:
        """``entrant``'s rating in each variant it has one in."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(_RATINGS).where(_RATINGS.c.entrant == entrant)).all()
        return {r.variant: Rating(r.mu, r.sigma, r.hands) for r in rows}

    def hands_of(self, account: str, limit: int = 50) -> list[HandPlayed]:
        """The finished hands ``account`` played, the latest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_PLAYED)
                .where(_PLAYED.c.account == account)
                .order_by(_PLAYED.c.at.desc(), _PLAYED.c.table_id, _PLAYED.c.hand)
                .limit(limit)
            ).all()
        return [
            HandPlayed(r.table_id, r.hand, r.seat, r.variant, r.payment, bool(r.rated), r.at)
            for r in rows
        ]

    def puzzle_tried(self, account: str, puzzle: str, solved: bool) -> None:
        """Note a puzzle an account answered (its first answer counts: trying again
        after seeing the answer proves nothing), up to :data:`PUZZLES_KEPT` an account.
        The board reports the answer: a count a player could claim, not a proof."""
        try:
            with self.engine.begin() as conn:
                kept = conn.execute(
                    select(func.count()).select_from(_PUZZLES).where(_PUZZLES.c.account == account)
                ).scalar_one()
                if kept >= PUZZLES_KEPT:
                    return
                conn.execute(
                    insert(_PUZZLES).values(
                        account=account, puzzle=puzzle[:80], solved=int(solved), at=time.time()
                    )
                )
        except IntegrityError:
            pass

    def puzzles_of(self, account: str) -> tuple[int, int]:
        """How many puzzles ``account`` answered, and how many of them it solved."""
        with self.engine.connect() as conn:
            tried, solved = conn.execute(
                select(func.count(), func.coalesce(func.sum(_PUZZLES.c.solved), 0)).where(
                    _PUZZLES.c.account == account
                )
            ).one()
        return int(tried), int(solved)

    def hands_count(self, account: str) -> int:
        """How many finished hands ``account`` played."""
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    select(func.count()).select_from(_PLAYED).where(_PLAYED.c.account == account)
                ).scalar_one()
            )
