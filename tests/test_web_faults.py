"""A real ``alsos serve`` meeting faults: a database that stops taking writes, a busy
port, a database it cannot open, forged forwarded headers (issue 30, items 2, 3,
5 and 8).

Each test starts the server as a person would (``python -m alsos serve``,
tests/web_helpers.py) on the loopback address and talks to it over HTTP and
WebSockets.  The SQLite faults are made for real: the database's files are made
immutable (``chattr +i``, as root on a file system that has it), which is what
killed the old server with SIGBUS through its memory-mapped ``-shm`` file; the
PostgreSQL ones by locking the tables and cutting the server's connections.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import free_port, serving

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("websockets", reason="needs the web extra (uvicorn[standard])")
httpx = pytest.importorskip("httpx")

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def _can_make_immutable(folder: Path) -> bool:
    """Whether ``chattr +i`` works here (root, and a file system with the flag)."""
    if shutil.which("chattr") is None or os.geteuid() != 0:
        return False
    probe = folder / "probe"
    probe.write_text("x")
    made = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    subprocess.run(["chattr", "-i", str(probe)], capture_output=True)
    probe.unlink()
    return made


def _immutable(files: list[Path], on: bool) -> None:
    for f in files:
        subprocess.run(["chattr", "+i" if on else "-i", str(f)], check=True)


class _Seat:
    """A person's page over a real WebSocket: the newest state it was sent."""

    def __init__(self, url: str, table: str, token: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"{url.replace('http', 'ws')}/ws/{table}", open_timeout=30)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict[str, Any] = {}

    def next(self, seconds: float = 30.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=seconds))
        if frame["type"] == "state":
            self.state = frame
        return frame

    def turn(self, seconds: float = 30.0) -> dict[str, Any]:
        """Read until this seat is to act (or the hand is over): that state."""
        end = time.monotonic() + seconds
        while True:
            frame = self.next(max(end - time.monotonic(), 0.01))
            if frame["type"] == "state" and (frame["actions"] or frame["settlement"]):
                return frame

    def act(self, state: dict[str, Any]) -> None:
        choice = state["actions"][0]["action"]
        self.ws.send(json.dumps({"type": "act", "action": choice, "ply": state["ply"]}))

    def answer(self, seconds: float = 30.0) -> dict[str, Any]:
        """The answer to an action: its events, or its refusal."""
        end = time.monotonic() + seconds
        while True:
            frame = self.next(max(end - time.monotonic(), 0.01))
            if frame["type"] in ("events", "refused", "error"):
                return frame


def _table(url: str, seats: list[str], **headers: str) -> httpx.Response:
    return httpx.post(
        f"{url}/api/tables", json={"variant": "potter1930", "seats": seats}, headers=headers
    )


# --------------------------------------------- 5: an SQLite file that stops taking writes


@pytest.fixture
def sqlite_folder(tmp_path: Path) -> Iterator[Path]:
    if not _can_make_immutable(tmp_path):
        pytest.skip("needs root and chattr +i to make the database's files immutable")
    yield tmp_path
    subprocess.run(["chattr", "-R", "-i", str(tmp_path)], capture_output=True)


def test_an_sqlite_file_that_stops_taking_writes_refuses_and_recovers(
    sqlite_folder: Path,
) -> None:
    """(Items 2 and 5.)  The database's files become immutable mid-hand: the person's
    action is refused (not a dead server: the old one died of SIGBUS writing its
    ``-shm``), a bot's move waits and tries again, the log says so in a line; once the
    files take writes again, both go on and the hand reaches its end."""
    db = sqlite_folder / "tables.sqlite3"
    log = sqlite_folder / "server.log"
    with serving(f"sqlite:///{db}", bot_delay=0.4, log=log) as server:
        made = _table(server.url, ["human", "heuristic", "heuristic"]).json()
        seat = _Seat(server.url, made["table"], made["tokens"]["0"])
        state = seat.turn()
        files = sorted(sqlite_folder.glob("tables.sqlite3*"))
        _immutable(files, True)
        try:
            seat.act(state)
            refused = seat.answer()
            assert refused["type"] == "refused", refused
            assert refused["reason"] == (
                "the server could not store the action: nothing changed, try again"
            )
            assert server.proc is not None and server.proc.poll() is None
        finally:
            _immutable(files, False)
        seat.act(state)
        assert seat.answer()["type"] == "events"
        _immutable(files, True)  # now the bots are to move, 0.4 s from now
        time.sleep(1.5)
        assert server.proc is not None and server.proc.poll() is None
        _immutable(files, False)
        while seat.state.get("settlement") is None:
            state = seat.turn()
            if state["settlement"] is None:
                seat.act(state)
        assert server.proc.poll() is None
    text = log.read_text()
    assert "could not store an action of seat 0" in text
    assert "a bot could not move; trying again" in text and "the bots move again after" in text


# ------------------------------------------------- 3: whose forwarded header counts


def _exhaust(url: str, **headers: str) -> None:
    """Make the 60 tables an hour this client may make."""
    for n in range(60):
        made = _table(url, ["human"] * 3, **headers, **{"x-forwarded-for": f"10.0.0.{n}"})
        assert made.status_code == 200, (n, made.text)


def test_a_forwarded_address_is_not_believed_by_default(tmp_path: Path) -> None:
    """(Item 3.)  After the limit, forged ``X-Forwarded-For`` headers make no more
    tables: the server counts the address the connection comes from (the old one
    believed uvicorn's default, anything from 127.0.0.1)."""
    with serving(f"sqlite:///{tmp_path / 't.sqlite3'}") as server:
        _exhaust(server.url)
        forged = _table(server.url, ["human"] * 3, **{"x-forwarded-for": "192.0.2.7"})
    assert forged.status_code == 429


def test_a_proxy_named_by_the_operator_is_believed(tmp_path: Path) -> None:
    """(Item 3.)  ``--forwarded-allow-ips 127.0.0.1``: behind that proxy each forwarded
    address is a client of its own, with its own limit."""
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    with serving(db, extra=["--forwarded-allow-ips", "127.0.0.1"]) as server:
        for n in range(61):
            made = _table(server.url, ["human"] * 3, **{"x-forwarded-for": f"10.0.{n}.1"})
            assert made.status_code == 200, made.text
        again = [_table(server.url, ["human"] * 3, **{"x-forwarded-for": "10.9.9.9"})]
        again += [_table(server.url, ["human"] * 3, **{"x-forwarded-for": "10.9.9.9"})]
    assert [r.status_code for r in again] == [200, 200]


# ------------------------------------------- 8: what the command says when it cannot


def _serve(*args: str, seconds: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "alsos", "serve", *args],
        capture_output=True,
        text=True,
        timeout=seconds,
    )


def test_a_busy_port_is_one_line_and_no_ready_line(tmp_path: Path) -> None:
    """(Item 8.)  The old server printed "the web table at ..." before it bound the
    port, then a traceback."""
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        done = _serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 't.sqlite3'}")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"alsos serve: cannot listen on 127.0.0.1:{port}: Address already in use"
    ]


def test_a_database_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    """(Item 8.)  The old server printed a 122-line traceback."""
    done = _serve("--port", str(free_port()), "--db", f"sqlite:///{tmp_path}/no/such/t.sqlite3")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"alsos serve: cannot open the database sqlite:///{tmp_path}/no/such/t.sqlite3: "
        "unable to open database file"
    ]


def test_a_second_server_on_one_sqlite_file_stops_at_once(tmp_path: Path) -> None:
    """The SQLite file is one server's (it holds the write lock from the start): a
    second server on it says so, rather than start and fail at its first write."""
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    with serving(db):
        done = _serve("--port", str(free_port()), "--db", db)
    assert done.returncode == 1
    assert "database is locked (a SQLite file is one server's" in done.stderr


def test_the_server_writes_an_access_log(tmp_path: Path) -> None:
    """(Item 8.)  A line per request, on standard error; the seats' tokens are in no line."""
    log = tmp_path / "server.log"
    with serving(f"sqlite:///{tmp_path / 't.sqlite3'}", log=log) as server:
        made = _table(server.url, ["human"] * 3).json()
        assert httpx.get(f"{server.url}/api/variants").status_code == 200
        seat = _Seat(server.url, made["table"], made["tokens"]["0"])
        assert seat.next()["type"] == "welcome"
    text = log.read_text()
    assert '"POST /api/tables HTTP/1.1" 200' in text
    assert '"GET /api/variants HTTP/1.1" 200' in text
    assert all(token not in text for token in made["tokens"].values())


# ---------------------------------------------------- 2, on PostgreSQL: a hiccup


def test_a_postgresql_hiccup_stops_no_table(postgres_url: str) -> None:
    """(Item 2.)  The tables locked for two seconds, then every connection of the server
    cut: a table of bots plays on to its end, every move stored once."""
    import sqlalchemy as sa

    from alsos.web.hub import Hub
    from alsos.web.store import Store, engine_url

    joiner = "&" if "?" in postgres_url else "?"
    url = f"{postgres_url}{joiner}application_name=alsos_hiccup"
    admin = sa.create_engine(engine_url(postgres_url))  # in the test's own schema

    async def scenario() -> None:
        store = Store(url)
        h = Hub(store, bot_delay=0.05, hand_pause=None, processes=False)
        try:
            table, _ = await h.create("potter1930", ["heuristic"] * 3)
            room = await h.room(table)
            assert room is not None
            while len(room.game.history) < 3:
                await asyncio.sleep(0.01)
            with admin.connect() as conn, conn.begin():
                conn.execute(sa.text("LOCK TABLE alsos_actions IN ACCESS EXCLUSIVE MODE"))
                await asyncio.sleep(2.0)
            moved = len(room.game.history)
            with admin.begin() as conn:
                conn.execute(
                    sa.text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE application_name = 'alsos_hiccup'"
                    )
                )
            for _ in range(3000):
                if room.game.is_over:
                    break
                await asyncio.sleep(0.01)
            assert room.game.is_over and len(room.game.history) > moved
            stored = store.actions_since(table, 0)
            assert stored == tuple((s, str(a)) for s, a in room.game.history)
        finally:
            await h.close()
            store.close()

    try:
        asyncio.run(scenario())
    finally:
        admin.dispose()
