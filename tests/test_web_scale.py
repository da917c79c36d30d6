"""The web table's storage and its scaling (alsos.web.store, alsos.web.notify, alsos.web.hub).

On a SQLite file and, where ALSOS_TEST_POSTGRES_URL is set (``.ci/run``
starts a throwaway cluster with ``.ci/postgres``), on PostgreSQL: a ply is
stored once; the actions another process stored are read back in order.
Several processes against one PostgreSQL: two hubs in one test (as two
processes would be) hear of each other's actions and stay serialized when
both take the same ply; and, marked slow, two real ``alsos serve`` processes
with WebSocket clients: a hand played by two people connected to different
processes, one of them clicking in two windows, one on each process, at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import serving

pytest.importorskip("sqlalchemy", reason="needs the web extra")
pytest.importorskip("starlette", reason="needs the web extra")

from alsos.web.hub import Hub
from alsos.web.room import Room
from alsos.web.store import PlyTaken, SeatRow, Store, engine_url

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# ------------------------------------------------------------------ storage


def test_a_ply_is_stored_once_and_read_back_in_order(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.add_table("t1", "potter1930", 3, 0, "deal", (SeatRow(0, "human", "x"),))
        store.add_action("t1", 0, 1, "pass")
        store.add_action("t1", 1, 2, "hold")
        with pytest.raises(PlyTaken, match="action 1 is stored already"):
            store.add_action("t1", 1, 2, "pass")
        assert store.actions_since("t1", 0) == ((1, "pass"), (2, "hold"))
        assert store.actions_since("t1", 1) == ((2, "hold"),)
        assert store.actions_since("t1", 2) == ()
        row = store.table("t1")
        assert row is not None and row.actions == ((1, "pass"), (2, "hold"))
    finally:
        store.close()


def test_actions_of_several_tables_are_stored_in_one_write(db_url: str) -> None:
    """A group commit: each row stored but the one whose ply was taken already."""
    store = Store(db_url)
    try:
        for t in ("t1", "t2"):
            store.add_table(t, "potter1930", 3, 0, "deal", (SeatRow(0, "human", "x"),))
        store.add_action("t1", 0, 1, "pass")
        rows = [("t2", 0, 2, "hold"), ("t1", 0, 0, "hold"), ("t1", 1, 2, "pass")]
        assert store.add_actions(rows) == [True, False, True]
        assert store.actions_since("t1", 0) == ((1, "pass"), (2, "pass"))
        assert store.actions_since("t2", 0) == ((2, "hold"),)
        assert store.add_actions([("t2", 0, 0, "pass")]) == [False]
    finally:
        store.close()


def test_a_sqlite_file_is_written_ahead(tmp_path: Path) -> None:
    """WAL: a commit is not a flush of the whole file, so a write stays cheap."""
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        store.close()


def test_a_sqlite_file_is_the_server_s_alone_with_no_shared_memory_file(tmp_path: Path) -> None:
    """The WAL's index in the process's memory, not in a ``-shm`` file mapped by every
    process (an unwritable ``-shm`` killed the server with SIGBUS at its next write),
    and the file locked for writing from the start: a second store on it is refused."""
    import sqlalchemy

    db = tmp_path / "w.sqlite3"
    store = Store(f"sqlite:///{db}")
    try:
        store.add_table("t1", "potter1930", 3, 0, "deal", (SeatRow(0, "human", "x"),))
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA locking_mode").scalar() == "exclusive"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["w.sqlite3", "w.sqlite3-wal"]
        with pytest.raises(sqlalchemy.exc.OperationalError, match="database is locked"):
            Store(f"sqlite:///{db}?timeout=0.1")
    finally:
        store.close()
    Store(f"sqlite:///{db}").close()  # let go once the first store is closed


def test_a_plain_postgresql_url_is_read_with_psycopg_3() -> None:
    assert engine_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("postgresql+psycopg2://u@h/db") == "postgresql+psycopg2://u@h/db"
    assert engine_url("sqlite:///x") == "sqlite:///x"


# ------------------------------------------------------------- one hub


def test_a_profile_is_read_once_per_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a profile's YAML costs about a tenth of a second: a server that read it
    for every table made or loaded could start only a few tables a second."""
    from alsos.web import uploads

    calls: list[str] = []
    real = uploads.load_variant

    def counting(name: str, **options: Any) -> Any:
        calls.append(name)
        return real(name, **options)

    monkeypatch.setattr(uploads, "load_variant", counting)
    uploads.shipped_rules.cache_clear()
    potter = uploads.shipped_rules("potter1930", None)
    assert uploads.shipped_rules("potter1930", None) is potter
    assert calls == ["potter1930"]
    with pytest.raises(uploads.TableError):
        uploads.shipped_rules("no-such-variant", None)


def test_the_variant_list_reads_no_profile_per_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """``GET /api/variants`` answers from the profiles the hub read once (the page asks
    for it on every load): a second request reads no profile at all."""
    from starlette.testclient import TestClient

    from alsos.ruleset import loading
    from alsos.web import app, create_app, uploads

    calls: list[str] = []
    real = loading.load_variant

    def counting(name: str, **options: Any) -> Any:
        calls.append(name)
        return real(name, **options)

    for module in (uploads, app, loading):
        monkeypatch.setattr(module, "load_variant", counting, raising=False)
    uploads.shipped_rules.cache_clear()
    uploads._shipped.cache_clear()
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        first = client.get("/api/variants").json()
        read = len(calls)
        assert read <= len(loading.shipped_variants())
        second = client.get("/api/variants").json()
    assert second == first and len(calls) == read
    potter = next(v for v in first["variants"] if v["id"] == "potter1930")
    assert potter["players"] == 3 and 3 in potter["counts"]
    assert first["seats"][0] == "human"


def test_bots_of_every_kind_play_a_hand_to_its_end(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A searching bot (pimc, in a worker thread) and quick ones (in the event loop)
    play a whole hand; the record stored is the game's history."""
    from alsos.web import room as rooms

    monkeypatch.setitem(rooms.BOTS, "pimc", "pimc(worlds=2, time_limit=0.05)")

    async def scenario() -> None:
        store = Store(db_url)
        h = Hub(store, bot_delay=0)
        try:
            table, tokens = await h.create("potter1930", ["pimc", "heuristic", "random"])
            assert list(tokens) == [-1]  # no person plays: only the spectator link
            room = await h.room(table)
            assert room is not None and room.quick == {1, 2}
            for _ in range(600):
                if room.game.is_over:
                    break
                await asyncio.sleep(0.05)
            assert room.game.is_over
            assert store.actions_since(table, 0) == tuple(_history(room))
        finally:
            await h.close()
            store.close()

    asyncio.run(scenario())


def test_many_tables_actions_share_their_writes(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tables of quick bots playing at once: their moves are stored in group commits
    (fewer writes than moves), every move once and in each table's order."""

    async def scenario() -> None:
        store = Store(db_url)
        writes: list[int] = []
        add_actions = store.add_actions

        def counting(rows: Any) -> Any:
            writes.append(len(rows))
            return add_actions(rows)

        monkeypatch.setattr(store, "add_actions", counting)
        h = Hub(store, bot_delay=0)
        try:
            made = [await h.create("potter1930", ["heuristic"] * 3) for _ in range(12)]
            rooms = [await h.room(table) for table, _ in made]
            for room in rooms:
                assert room is not None
                await _until_over(room)
                assert store.actions_since(room.id, 0) == tuple(_history(room))
            moves = sum(len(r.game.history) for r in rooms if r is not None)
            assert sum(writes) == moves
            assert len(writes) < moves
        finally:
            await h.close()
            store.close()

    asyncio.run(scenario())


# --------------------------------------------- two hubs, as two processes


async def _frames(conn: Any, until_ply: int, timeout: float = 10.0) -> list[dict[str, Any]]:
    """A connection's frames up to the state at ``until_ply``."""
    got = []
    while True:
        frame = json.loads(await asyncio.wait_for(conn.queue.get(), timeout))
        got.append(frame)
        if frame["type"] == "state" and frame["ply"] >= until_ply:
            return got


def _history(room: Room) -> list[tuple[int, str]]:
    return [(s, str(a)) for s, a in room.game.history]


@contextlib.asynccontextmanager
async def two_hubs_at_one_table(
    postgres_url: str, listening: int
) -> AsyncIterator[tuple[Hub, Hub, Room, Room, str]]:
    """Two hubs (two processes' worth) on one PostgreSQL with one potter1930 table of
    people, held by both; hub ``listening`` (0: the first, 1: the second) has its
    listener ready.  Yields the hubs, their rooms of the table and its id."""
    store_a, store_b = Store(postgres_url), Store(postgres_url)
    a, b = Hub(store_a, bot_delay=0), Hub(store_b, bot_delay=0)
    try:
        table, _ = await a.create("potter1930", ["human"] * 3)
        room_a, room_b = await a.room(table), await b.room(table)
        assert room_a is not None and room_b is not None
        listener = (a, b)[listening].listening()
        assert listener is not None
        assert await asyncio.to_thread(listener.ready.wait, 10)
        yield a, b, room_a, room_b, table
    finally:
        await a.close()
        await b.close()
        store_a.close()
        store_b.close()


def test_two_hubs_on_one_postgresql_hear_and_serialize_each_other(postgres_url: str) -> None:
    """A page on hub B is sent the action taken on hub A; when both take the same ply at
    once, exactly one is stored and the other hub shows it and refuses its own as stale."""

    async def scenario() -> None:
        async with two_hubs_at_one_table(postgres_url, 1) as (a, b, room_a, room_b, table):
            seat = room_a.game.to_act
            assert seat is not None
            page_b = b.join(room_b, (seat + 1) % 3)
            await _frames(page_b, 0)  # the welcome and the table as it is
            action = str(room_a.game.legal_actions()[0])
            assert await a.act(room_a, seat, action, 0) is None
            frames = await _frames(page_b, 1)
            assert [f["type"] for f in frames] == ["events", "state"]
            assert _history(room_b) == _history(room_a) == [(seat, action)]

            # the same ply taken on both hubs at once, with different actions if it can be
            seat = room_a.game.to_act
            assert seat is not None
            legal = [str(x) for x in room_a.game.legal_actions()]
            one, two = legal[0], legal[-1]
            answers = await asyncio.gather(a.act(room_a, seat, one, 1), b.act(room_b, seat, two, 1))
            assert sorted(answers, key=str)[0] is None
            assert answers.count(None) == 1
            refused = next(r for r in answers if r is not None)
            assert "stale" in refused
            await _frames(page_b, 2)
            for _ in range(100):  # hub A catches up by its listener, if B's was stored
                if len(room_a.game.history) == 2:
                    break
                await asyncio.sleep(0.05)
            assert _history(room_a) == _history(room_b)
            taken = one if answers[0] is None else two
            assert _history(room_a)[1] == (seat, taken)
            assert a.store.actions_since(table, 0) == tuple(_history(room_a))

    asyncio.run(scenario())


def test_a_name_chosen_on_one_hub_is_shown_by_the_other(postgres_url: str) -> None:
    """A person names its seat on hub A; a page on hub B hears of it (the store's
    announcement) and is sent the table's names and a state that tells them."""

    async def scenario() -> None:
        async with two_hubs_at_one_table(postgres_url, 1) as (a, b, room_a, room_b, _):
            page_b = b.join(room_b, 1)
            await _frames(page_b, 0)
            assert await a.rename(room_a, 0, "Anna") is None
            for _ in range(200):
                frame = json.loads(await asyncio.wait_for(page_b.queue.get(), 10))
                if frame["type"] == "table":
                    break
            else:
                pytest.fail("hub B sent no table frame")
            assert frame["table"]["seats"][0]["name"] == "Anna"
            state = json.loads(await asyncio.wait_for(page_b.queue.get(), 10))
            assert state["type"] == "state"
            assert room_b.names()[0] == "Anna" and room_b.chosen == {0: "Anna"}

    asyncio.run(scenario())


class _Counting:
    """A bot that counts its choices in ``chosen`` (one list shared by a hub's bots)."""

    def __init__(self, bot: Any, chosen: list[int]) -> None:
        self.bot, self.chosen = bot, chosen

    def choose(self, view: Any, legal: Any) -> Any:
        self.chosen.append(1)
        return self.bot.choose(view, legal)


async def _two_hubs_on_a_bots_table(
    url: str, delay: float
) -> tuple[Hub, Hub, Room, Room, list[int], list[int]]:
    """Two hubs (as two processes) holding one table of heuristic bots, A first; each
    hub's bots count their choices.  The table plays one hand (no dealing on), so its
    claim is given up when the hand ends."""
    a = Hub(Store(url), bot_delay=delay, hand_pause=None)
    b = Hub(Store(url), bot_delay=delay, hand_pause=None)
    a.peers.retry = b.peers.retry = 0.1
    table, _ = await a.create("potter1930", ["heuristic"] * 3)
    chose_a: list[int] = []
    chose_b: list[int] = []
    room_a = await a.room(table)
    assert room_a is not None
    room_a.bots = {s: _Counting(bot, chose_a) for s, bot in room_a.bots.items()}  # type: ignore[misc]
    while not a.peers.claims or not a.peers.claims.holds(table):  # A claims its bots first
        await asyncio.sleep(0.01)
    room_b = await b.room(table)
    assert room_b is not None
    room_b.bots = {s: _Counting(bot, chose_b) for s, bot in room_b.bots.items()}  # type: ignore[misc]
    return a, b, room_a, room_b, chose_a, chose_b


def test_a_claim_is_one_process_s_until_its_session_ends(postgres_url: str) -> None:
    """A table's claim (alsos.web.claims) is held by one process; a lost connection
    loses its claims, and the other process can then take them."""
    from alsos.web.claims import Claims, claim_key

    assert claim_key("abc") == claim_key("abc") != claim_key("abd")
    store = Store(postgres_url)
    one, two = Claims(store), Claims(store)
    try:
        assert one.take("t1") and one.take("t1") and one.holds("t1")
        assert not two.take("t1") and not two.holds("t1")
        assert two.take("t2")
        one._conn.close()  # the session ends: PostgreSQL frees its locks
        one.check()
        assert not one.holds("t1")
        for _ in range(100):  # the server ends the session a moment after the close
            if two.take("t1"):
                break
            time.sleep(0.05)
        assert two.holds("t1") and not one.take("t1")
        two.release("t1")
        assert not two.holds("t1") and one.take("t1")
    finally:
        one.close()
        two.close()
        store.close()


async def _until_over(room: Room, seconds: float = 30.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if room.game.is_over:
            return
        await asyncio.sleep(0.02)
    pytest.fail(f"the hand did not end: {len(room.game.history)} actions")


def test_one_process_moves_a_tables_bots(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Two hubs on one PostgreSQL hold a table of bots: every bot move is chosen once,
    by the hub holding the table's claim (alsos.web.claims), none is refused as stale,
    and both hubs end with the same hand, the one stored."""

    async def scenario() -> None:
        a, b, room_a, room_b, chose_a, chose_b = await _two_hubs_on_a_bots_table(postgres_url, 0.01)
        try:
            await _until_over(room_a)
            await _until_over(room_b)
            moves = len(room_a.game.history)
            assert len(chose_a) + len(chose_b) == moves
            assert chose_b == []  # A claimed first and never let go
            assert _history(room_a) == _history(room_b)
            assert a.store.actions_since(room_a.id, 0) == tuple(_history(room_a))
            await asyncio.sleep(0.1)  # the claim of a finished hand is given up
            assert a.peers.claims is not None and not a.peers.claims.holds(room_a.id)
        finally:
            await a.close()
            await b.close()
            a.store.close()
            b.store.close()

    with caplog.at_level("WARNING", logger="alsos.web"):
        asyncio.run(scenario())
    assert "stale" not in caplog.text


def test_another_process_takes_the_bots_over_when_the_owner_stops(postgres_url: str) -> None:
    """Hub A moves the bots; it stops mid-hand (its claims' session ends, as when a
    process dies); hub B claims the table and plays the hand to its end."""

    async def scenario() -> None:
        a, b, room_a, room_b, chose_a, chose_b = await _two_hubs_on_a_bots_table(postgres_url, 0.02)
        try:
            while len(room_b.game.history) < 4:
                await asyncio.sleep(0.01)
            await a.close()
            stopped_at = len(a.store.actions_since(room_a.id, 0))
            assert not room_b.game.is_over and chose_b == []
            await _until_over(room_b)
            assert len(chose_a) + len(chose_b) == len(room_b.game.history)
            assert chose_b and len(chose_b) == len(room_b.game.history) - stopped_at
            assert b.store.actions_since(room_b.id, 0) == tuple(_history(room_b))
        finally:
            await a.close()
            await b.close()
            a.store.close()
            b.store.close()

    asyncio.run(scenario())


# ---------------------------------------- two real server processes (slow)


class _Page:
    """A WebSocket client at one seat: it keeps the newest state it was sent."""

    def __init__(self, port: int, table: str, token: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{port}/ws/{table}")
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict[str, Any] = {}
        self.refused: list[dict[str, Any]] = []
        self.plies: list[int] = []  # of the events frames, in order
        self.sent = 0.0
        assert self._next()["type"] == "welcome"

    def _next(self, timeout: float = 10.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout))
        if frame["type"] == "state":
            self.state = frame
        elif frame["type"] == "refused":
            self.refused.append(frame)
        elif frame["type"] == "events":
            self.plies.append(frame["ply"])
        assert frame["type"] != "error", frame
        return frame

    def until(self, ply: int, timeout: float = 20.0) -> dict[str, Any]:
        """Read frames until the state at ``ply`` (or later) has come."""
        end = time.monotonic() + timeout
        while self.state.get("ply", -1) < ply:
            self._next(max(end - time.monotonic(), 0.01))
        return self.state

    def until_over(self, timeout: float = 60.0) -> dict[str, Any]:
        """Read frames until the state with the settlement has come."""
        end = time.monotonic() + timeout
        while self.state.get("settlement") is None:
            self._next(max(end - time.monotonic(), 0.01))
        return self.state

    def drain(self, quiet: float = 1.0) -> None:
        """Read the frames still coming (a refusal may follow the last state)."""
        with contextlib.suppress(TimeoutError):
            while True:
                self._next(quiet)

    def act(self, action: str, ply: int) -> None:
        """Send an action, no faster than the server's limit per connection allows."""
        time.sleep(max(0.0, self.sent + 0.2 - time.monotonic()))
        self.sent = time.monotonic()
        self.ws.send(json.dumps({"type": "act", "action": action, "ply": ply}))


@pytest.mark.slow
def test_two_server_processes_serve_one_table(postgres_url: str) -> None:
    """Seat 0 on process A and also, in a second window, on process B; seat 1 on B;
    seat 2 a bot.  Every action reaches every window whichever process took it; seat 0
    clicks in both windows at once each turn, and one click of the two is taken."""
    pytest.importorskip("websockets", reason="the WebSocket client of uvicorn[standard]")
    import httpx

    rng = random.Random(21)
    with serving(postgres_url) as a, serving(postgres_url) as b:
        port_a, port_b = a.port, b.port
        r = httpx.post(
            f"http://127.0.0.1:{port_a}/api/tables",
            json={"variant": "potter1930", "seats": ["human", "human", "heuristic"]},
        )
        assert r.status_code == 200, r.text
        table, tokens = r.json()["table"], r.json()["tokens"]
        zero_a = _Page(port_a, table, tokens["0"])
        zero_b = _Page(port_b, table, tokens["0"])
        one_b = _Page(port_b, table, tokens["1"])
        pages = (zero_a, zero_b, one_b)
        target, doubles = 0, 0
        for _ in range(400):
            for p in pages:
                p.until(target)
            ply = max(p.state["ply"] for p in pages)
            if any(p.state["ply"] != ply for p in pages):
                target = ply  # a bot moved meanwhile: let every window catch up
                continue
            assert zero_a.state["view"] == zero_b.state["view"]
            if zero_a.state["settlement"] is not None:
                break
            if zero_a.state["actions"]:  # seat 0: a click in each window at once
                legal = [a["action"] for a in zero_a.state["actions"]]
                zero_a.act(rng.choice(legal), ply)
                zero_b.act(rng.choice(legal), ply)
                doubles += 1
            elif one_b.state["actions"]:
                one_b.act(rng.choice(one_b.state["actions"])["action"], ply)
            target = ply + 1
        else:
            pytest.fail("the hand did not end")
        assert doubles > 0
        zero_a.drain()
        zero_b.drain()
        assert len(zero_a.refused) + len(zero_b.refused) == doubles  # one of each two
        assert all("stale" in f["reason"] for f in zero_a.refused + zero_b.refused)
        for p in pages:
            p.ws.close()
    store = Store(postgres_url)
    try:
        assert len(store.actions_since(table, 0)) == ply
    finally:
        store.close()


@pytest.mark.slow
def test_two_server_processes_move_each_bot_once_and_take_over(
    postgres_url: str, tmp_path: Path
) -> None:
    """Tables of bots only, watched on two ``alsos serve`` processes: the first process
    to hold them moves their bots, each move is applied once on each process and none
    is refused as stale; killed mid-hand, the other process takes the bots over and
    plays every hand to its end (alsos.web.claims)."""
    pytest.importorskip("websockets", reason="the WebSocket client of uvicorn[standard]")

    import httpx

    log_a, log_b = tmp_path / "a.log", tmp_path / "b.log"
    # each table plays one hand: a table of bots only would deal on after it
    with (
        serving(postgres_url, bot_delay=0.05, log=log_a, hand_pause="off") as a,
        serving(postgres_url, bot_delay=0.05, log=log_b, hand_pause="off") as b,
    ):
        port_a, port_b = a.port, b.port
        tables = []
        for _ in range(3):
            r = httpx.post(
                f"http://127.0.0.1:{port_a}/api/tables",
                json={"variant": "potter1930", "seats": ["heuristic"] * 3},
            )
            assert r.status_code == 200, r.text
            tables.append((r.json()["table"], r.json()["spectator"]))
        on_a = [_Page(port_a, t, watch) for t, watch in tables]  # A holds them first
        for p in on_a:
            p.until(1)
        on_b = [_Page(port_b, t, watch) for t, watch in tables]
        for p in on_b:
            p.until(p.until(0)["ply"] + 4)  # both processes see the bots move ...
        a.kill()  # ... until the owner dies mid-hand (SIGKILL)
        for p in on_b:
            assert p.state["settlement"] is None  # the hand was not over
            p.until_over()  # B takes the bots over: the hand ends
            start = p.plies[0]  # every action once, in order, since the page joined
            assert p.plies == list(range(start, p.state["ply"] + 1))
            p.ws.close()
        for p in on_a:
            assert p.plies == sorted(set(p.plies))
    assert "stale" not in log_a.read_text() + log_b.read_text()
    store = Store(postgres_url)
    try:
        for (table, _), p in zip(tables, on_b, strict=True):
            assert len(store.actions_since(table, 0)) == p.state["ply"]
    finally:
        store.close()


def test_alsos_serve_prints_no_database_password(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--db postgresql://user:secret@host/db``: the lines it prints hide the password,
    the ready line and the line saying the database cannot be opened."""
    import io

    import sqlalchemy
    import uvicorn

    from alsos import cli
    from alsos.web import server

    class Quiet:  # uvicorn set up nothing (its Config would set up the test's logging)
        def __init__(self, *a: Any, **k: Any) -> None:
            pass

        def run(self, *a: Any, **k: Any) -> None:
            pass

    monkeypatch.setattr(uvicorn, "Config", Quiet)
    monkeypatch.setattr(uvicorn, "Server", Quiet)
    monkeypatch.setattr(server, "bind", lambda host, port: None)
    monkeypatch.setattr(server, "create_app", lambda *a, **k: None)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    url = "postgresql://me:s3cret@db.example/alsos"
    assert cli.main(["serve", "--db", url]) == 0

    def refused(*a: Any, **k: Any) -> Any:
        raise sqlalchemy.exc.OperationalError("connect", {}, OSError("no route to host"))

    monkeypatch.setattr(server, "create_app", refused)
    assert cli.main(["serve", "--db", url]) == 1
    assert "s3cret" not in out.getvalue() + err.getvalue()
    assert "me:***@db.example" in out.getvalue() and "me:***@db.example" in err.getvalue()
    assert err.getvalue().endswith("no route to host\n")
