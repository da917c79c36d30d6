"""Accounts at the web table: a name and a password, sessions, and the seats a person plays.

**Passwords** are hashed with argon2id (argon2-cffi's ``PasswordHasher``, its
defaults: RFC 9106's second recommended setting) and only the hash is stored;
a password is never logged or stored in clear, and a hash made with weaker
settings is replaced at the next sign-in.  Checking a name that has no
account still runs one hash check (against a fixed dummy hash), so the time an
answer takes does not say whether the name exists.

**Sessions.**  Signing in makes a new session: 32 random bytes, sent to the
browser once as an ``HttpOnly``, ``SameSite=Strict`` cookie and stored only as
their SHA-256 digest, so the database does not hold a usable session.  A
session id the browser had before is never kept (no fixation), and signing
out deletes the session.  Sessions live in the database, so a restarted
server (or another server process) knows them; one unused for
:data:`SESSION_DAYS` days ends.  Each session has its own CSRF token, which
the page reads from ``GET /api/me`` and sends back in the ``X-CSRF-Token``
header of every state-changing request (:mod:`alsos.web.people`).

**Sign-in limits** (:class:`LoginLimits`): attempts are counted as they
arrive, per name and address, per address and per name, in a sliding window;
past a limit, further attempts are refused before any password is checked.

**Seats.**  A seat opened by a signed-in person is linked to the account
(``alsos_seat_accounts``): from then on that seat's link alone no longer opens
it -- the page must also be signed in to that account -- so a link passed on
never lets someone else play, or be rated, as the account.

The tables are created in the store's database beside the web table's own.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections import deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from attrs import frozen
from sqlalchemy import (
    Column,
    Engine,
    Float,
    MetaData,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from alsos.errors import WebError

__all__ = [
    "NAME_CHARS",
    "SESSION_DAYS",
    "AccountError",
    "Accounts",
    "LoginLimits",
    "SignedIn",
    "check_name",
    "check_password",
    "name_key",
]

#: Days an unused session lasts.
SESSION_DAYS = 30
#: The characters of an account name besides letters and digits.
NAME_CHARS = "_-."

_META = MetaData()

_ACCOUNTS = Table(
    "alsos_accounts",
    _META,
    # the name folded (name_key): two names that differ only in case are one account
    Column("key", String(64), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("hash", String(256), nullable=False),
    Column("created", Float, nullable=False),
)

_SESSIONS = Table(
    "alsos_sessions",
    _META,
    Column("digest", String(64), primary_key=True),
    Column("account", String(64), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
)

_SEAT_ACCOUNTS = Table(
    "alsos_seat_accounts",
    _META,
    Column("table_id", String(32), primary_key=True),
    Column("seat", String(8), primary_key=True),
    Column("account", String(64), nullable=False, index=True),
)

_HASHER = PasswordHasher()
# checked when a name has no account, so that the answer takes as long as a real check
_DUMMY = _HASHER.hash(secrets.token_hex(16))


class AccountError(WebError):
    """A name or password that cannot be used, or a sign-in refused (the message
    says which and why, never whether another account exists beyond a taken name)."""


@frozen
class SignedIn:
    """A signed-in session: its account's name and its CSRF token."""

    account: str
    csrf: str


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: object) -> str:
    """``name`` as an account name (NFC), or :class:`AccountError` saying why not:
    3 to 24 letters, digits and ``_-.``, starting with a letter or digit."""
    if not isinstance(name, str):
        raise AccountError("a name is text")
    name = unicodedata.normalize("NFC", name.strip())
    if not 3 <= len(name) <= 24:
        raise AccountError("a name has 3 to 24 characters")
    if not name[0].isalnum() or not all(c.isalnum() or c in NAME_CHARS for c in name):
        raise AccountError(
            f"a name is letters and digits, and {' '.join(NAME_CHARS)} after the first"
        )
    return name


def check_password(password: object) -> str:
    """``password``, or :class:`AccountError` saying why it cannot be used: 8 to 256
    characters."""
    if not isinstance(password, str):
        raise AccountError("a password is text")
    if not 8 <= len(password) <= 256:
        raise AccountError("a password has 8 to 256 characters")
    return password


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class LoginLimits:
    """Sign-in attempts counted over ``window`` seconds, and refused past a limit.

    An attempt counts from the moment it is made (before its password is checked),
    and is forgotten if it succeeds, so attempts sent all at once are counted as
    they arrive.  The limits: ``per_pair`` for one name from one address (a
    guesser), ``per_client`` from one address over all names, and ``per_account``
    for one name from anywhere -- higher, so that someone else cannot lock a
    player out with a few wrong passwords.  Kept in the server process (a restart
    forgets them).
    """

    def __init__(
        self,
        per_pair: int = 5,
        per_client: int = 20,
        per_account: int = 50,
        window: float = 900.0,
    ) -> None:
        self.per_pair = per_pair
        self.per_client = per_client
        self.per_account = per_account
        self.window = window
        self._failed: dict[str, deque[float]] = {}

    def _keys(self, name: str, client: str) -> tuple[tuple[str, int, str], ...]:
        key = name_key(name)
        return (
            (f"p:{key}\0{client}", self.per_pair, "this name from this address"),
            (f"c:{client}", self.per_client, "this address"),
            (f"a:{key}", self.per_account, "this name"),
        )

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failed.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failed[key]
        return times

    def attempt(self, name: str, client: str, now: float | None = None) -> str | None:
        """Count a sign-in attempt now, or say why it is refused (then nothing is counted)."""
        now = time.monotonic() if now is None else now
        for key, limit, what in self._keys(name, client):
            times = self._recent(key, now)
            if len(times) >= limit:
                wait = int(times[0] + self.window - now) + 1
                return f"too many failed sign-ins for {what}: try again in {wait} s"
        for key, _, _ in self._keys(name, client):
            self._failed.setdefault(key, deque()).append(now)
        if len(self._failed) > 100_000:  # a flood of names: forget the oldest
            for key in list(self._failed)[:50_000]:
                del self._failed[key]
        return None

    def succeeded(self, name: str, client: str) -> None:
        """Forget the attempt just counted: it was the right password."""
        for key, _, _ in self._keys(name, client):
            times = self._failed.get(key)
            if times:
                times.pop()


class Accounts:
    """The accounts, sessions and seat links in ``engine``'s database (synchronous:
    the server calls it from its database threads; hashing is done by the caller,
    off the event loop)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        _META.create_all(engine)

    # ------------------------------------------------------------ accounts

    @staticmethod
    def hash(password: str) -> str:
        """The argon2id hash of ``password`` (CPU-heavy: call it in a thread)."""
        return _HASHER.hash(password)

    def add(self, name: str, hashed: str) -> bool:
        """Store a new account; False if the name (folded) is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(_ACCOUNTS).values(
                        key=name_key(name), name=name, hash=hashed, created=time.time()
                    )
                )
        except IntegrityError:
            return False
        return True

    def stored_hash(self, name: str) -> tuple[str, str] | None:
        """The account's registered name and password hash, or None (a database call:
        the hash is checked apart, by :meth:`check`, off the database thread)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(_ACCOUNTS.c.name, _ACCOUNTS.c.hash).where(_ACCOUNTS.c.key == name_key(name))
            ).first()
        return None if row is None else (str(row.name), str(row.hash))

    @staticmethod
    def check(stored: tuple[str, str] | None, password: str) -> tuple[str | None, str | None]:
        """(CPU-heavy: call it in a thread.)  The registered name if ``password`` is the
        account's, else None -- the same work either way (module docs) -- and a new
        hash when the stored one was made with weaker settings."""
        try:
            _HASHER.verify(stored[1] if stored is not None else _DUMMY, password)
        except (VerificationError, InvalidHashError):
            return None, None
        if stored is None:  # pragma: no cover - the dummy's password is random
            return None, None
        newer = _HASHER.hash(password) if _HASHER.check_needs_rehash(stored[1]) else None
        return stored[0], newer

    def rehash(self, name: str, hashed: str) -> None:
        """Store a stronger hash of the same password."""
        with self.engine.begin() as conn:
            conn.execute(
                update(_ACCOUNTS).where(_ACCOUNTS.c.key == name_key(name)).values(hash=hashed)
            )

    def exists(self, name: str) -> str | None:
        """The registered spelling of ``name``'s account, or None."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(_ACCOUNTS.c.name).where(_ACCOUNTS.c.key == name_key(name))
            ).scalar()
        return None if found is None else str(found)

    def since(self, name: str) -> float | None:
        """When ``name``'s account was made (Unix time), or None."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(_ACCOUNTS.c.created).where(_ACCOUNTS.c.key == name_key(name))
            ).scalar()
        return None if found is None else float(found)

    # ------------------------------------------------------------ sessions

    def open_session(self, account: str) -> tuple[str, SignedIn]:
        """A new session for ``account``: its id (for the cookie, never stored) and the
        session with its CSRF token."""
        session_id = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(_SESSIONS).values(
                    digest=_digest(session_id), account=account, csrf=csrf, created=now, seen=now
                )
            )
        return session_id, SignedIn(account, csrf)

    def session(self, session_id: str | None, now: float | None = None) -> SignedIn | None:
        """The live session a cookie names, or None (none, unknown, or unused too long:
        an expired one is deleted)."""
        if not session_id or len(session_id) > 128:
            return None
        now = time.time() if now is None else now
        key = _digest(session_id)
        with self.engine.begin() as conn:
            row = conn.execute(
                select(_SESSIONS.c.account, _SESSIONS.c.csrf, _SESSIONS.c.seen).where(
                    _SESSIONS.c.digest == key
                )
            ).first()
            if row is None:
                return None
            if row.seen < now - SESSION_DAYS * 86400:
                conn.execute(delete(_SESSIONS).where(_SESSIONS.c.digest == key))
                return None
            if row.seen < now - 3600:  # seen again: at most one write an hour
                conn.execute(update(_SESSIONS).where(_SESSIONS.c.digest == key).values(seen=now))
        return SignedIn(row.account, row.csrf)

    def close_session(self, session_id: str) -> None:
        """Sign out: the session is deleted."""
        with self.engine.begin() as conn:
            conn.execute(delete(_SESSIONS).where(_SESSIONS.c.digest == _digest(session_id)))

    # ------------------------------------------------------------ seats

    def seat_account(self, table_id: str, seat: int) -> str | None:
        """The account a table's seat is linked to, or None."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(_SEAT_ACCOUNTS.c.account).where(
                    _SEAT_ACCOUNTS.c.table_id == table_id, _SEAT_ACCOUNTS.c.seat == str(seat)
                )
            ).scalar()
        return None if found is None else str(found)

    def seat_accounts(self, table_id: str) -> dict[int, str]:
        """Every linked seat of a table, with its account."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_SEAT_ACCOUNTS.c.seat, _SEAT_ACCOUNTS.c.account).where(
                    _SEAT_ACCOUNTS.c.table_id == table_id
                )
            ).all()
        return {int(r.seat): str(r.account) for r in rows}

    def link_seat(self, table_id: str, seat: int, account: str) -> str:
        """Link a seat to ``account`` unless it is linked already; the account it is
        linked to afterwards (another's, if it was first)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(_SEAT_ACCOUNTS).values(
                        table_id=table_id, seat=str(seat), account=account
                    )
                )
        except IntegrityError:
            pass
        linked = self.seat_account(table_id, seat)
        assert linked is not None
        return linked
