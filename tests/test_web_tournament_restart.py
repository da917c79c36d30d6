"""A killed ``alsos serve`` does not lose a tournament (issue 36, "Restart safety").

A real server process runs a small duplicate tournament whose people are away
(their stand-in bots play for them after a grace of 0 seconds), and is killed
with SIGKILL in the middle of a round: some boards of the round noted, others
still in play.  Started again on the same database -- a SQLite file, and
PostgreSQL where ALSOS_TEST_POSTGRES_URL names one (``db_url`` in
tests/conftest.py) -- it takes the tournament up by itself (no page open, no
request but the tests' reading of the tournament's page) and plays it to its
final ranking, with every round seated once, every board played once at
every table with the same cards, and every result noted once.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
from web_helpers import Server

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")
pytest.importorskip("argon2", reason="needs the web extra")

import httpx

from alsos.web.store import Store
from alsos.web.tournaments import Tournaments

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

PEOPLE = ("anna", "bela", "cili", "dani")
ROUNDS, BOARDS = 2, 2


def _person(url: str, name: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=url, timeout=30)
    r = client.post("/api/accounts", json={"name": name, "password": "correct horse battery"})
    assert r.status_code == 201, r.text
    return client, str(r.json()["csrf"])


def _state(url: str, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{url}/api/tournaments/{tid}", timeout=30).json()
    return data


def _until(url: str, tid: str, done: Any, seconds: float = 240.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data = _state(url, tid)
        if done(data):
            return data
        time.sleep(0.05)
    raise AssertionError(f"tournament {tid}: not reached in {seconds} s: {_state(url, tid)}")


def test_a_tournament_survives_a_killed_server(db_url: str) -> None:
    # the bots wait a little before each move, so a round lasts a few seconds
    server = Server(db_url, bot_delay=0.05, extra=["--board-pause", "0"]).start()
    try:
        people = [_person(server.url, name) for name in PEOPLE]
        owner, csrf = people[0]
        r = owner.post(
            "/api/tournaments",
            json={"title": "Kupa", "variant": "potter1930", "rounds": ROUNDS,
                  "boards": BOARDS, "level": "medium", "grace": 0},
            headers={"x-csrf-token": csrf},
        )  # fmt: skip
        assert r.status_code == 201, r.text
        tid = r.json()["tournament"]
        for client, token in people:
            r = client.post(f"/api/tournaments/{tid}/entrants", headers={"x-csrf-token": token})
            assert r.status_code == 200, r.text
        r = owner.post(f"/api/tournaments/{tid}/start", headers={"x-csrf-token": csrf})
        assert r.status_code == 200, r.text

        # killed in round 1, once a board of it is noted at some table but not all done
        def mid_round(data: dict[str, Any]) -> bool:
            played = [t["played"] for t in data["rounds_seated"][0]["tables"]]
            return any(played) and sum(played) < BOARDS * len(played)

        before = _until(server.url, tid, mid_round)
        assert before["seated"] == 1 and before["state"] == "playing"
        server.kill()
        server.start()
        after = _until(server.url, tid, lambda d: d["state"] == "over")
    finally:
        server.stop()

    assert after["seated"] == ROUNDS
    assert len(after["travellers"]) == ROUNDS * BOARDS
    store = Store(db_url)
    try:
        stored = Tournaments(store.engine)
        places = stored.places(tid)
        results = stored.results(tid)
        # every entrant seated once a round, every result noted once
        assert Counter(p.round for p in places) == {r: 6 for r in range(ROUNDS)}
        assert len(results) == 6 * ROUNDS * BOARDS
        assert len({(r.board, r.entrant) for r in results}) == len(results)
        # each board dealt alike at both tables of its round
        for round_ in range(ROUNDS):
            tables = sorted({p.table_id for p in places if p.round == round_})
            rows = [store.table(t) for t in tables]
            assert all(row is not None and len(row.hands) == BOARDS - 1 for row in rows)
            deals = [[h.deal for h in row.hands] + [row.deal] for row in rows if row]
            assert deals[0] == deals[1]
        # the ranking counts every board
        assert sum(r["boards"] for r in after["ranking"]) == 6 * ROUNDS * BOARDS
    finally:
        store.close()
