"""The web table as a place to meet (issue 32): the lobby, free seats taken from it, a
seat that never stalls the game (the grace, the stand-in bot handing the seat back, the
turn clock) and the rematch with the same people."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from test_web import _game, _join, _Server, _table

import alsos
from alsos.web import absence
from alsos.web.lobby import Settings, read_settings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_VARIANTS = Path(__file__).parent.parent / "variants"


@pytest.fixture
def client(db_url: str) -> Iterator[_Server]:
    """A server on a fresh database (SQLite, and PostgreSQL where the tests have one)."""
    with _Server(db_url) as c:
        yield c


def _frame(ws: Any, kind: str, ok: Any = None, limit: int = 2000) -> dict[str, Any]:
    """The next frame of ``kind`` (for which ``ok(frame)`` holds, when given)."""
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind and (ok is None or ok(frame)):
            return frame
    raise AssertionError(f"no {kind} frame")


def _lobby(client: _Server) -> list[dict[str, Any]]:
    r = client.get("/api/lobby")
    assert r.status_code == 200, r.text
    return list(r.json()["tables"])


# ------------------------------------------------------------------ the lobby


def test_the_lobby_lists_listed_tables_only_with_their_free_seats(client: _Server) -> None:
    listed = _table(
        client,
        "potter1930",
        ["human", "open", "heuristic"],
        title="  Friday   game ",
        listed=True,
    )
    private = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
    tables = _lobby(client)
    assert [t["table"] for t in tables] == [listed["table"]]
    (entry,) = tables
    assert entry["title"] == "Friday game"
    assert entry["variant"] == "potter1930" and entry["players"] == 3
    assert entry["free"] == 1 and entry["hand"] == 1 and not entry["over"]
    assert [(s["name"], s.get("free")) for s in entry["seats"]] == [
        ("Player 1", False),
        ("Player 2", True),
        ("Heuristic bot", None),
    ]
    assert list(listed["tokens"]) == ["0"]  # no link is made for the free seat
    # anyone may watch a listed table: the lobby's token opens the spectators' view
    ws = _join(client, listed["table"], entry["watch"])
    assert _frame(ws, "state")["view"]["seat"] == -1  # the public view
    assert private["table"] not in json.dumps(tables)


def test_a_free_seat_is_taken_once_and_its_token_opens_it(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "open", "heuristic"], listed=True)
    anna = _join(client, t["table"], t["tokens"]["0"])
    _frame(anna, "state")
    r = client.post(f"/api/tables/{t['table']}/seats", json={"seat": 1})
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    # every page is told the seat is taken; the lobby shows it
    facts = _frame(anna, "table")["table"]
    assert facts["seats"][1]["free"] is False
    assert _lobby(client)[0]["free"] == 0
    bela = _join(client, t["table"], token)
    assert _frame(bela, "state")["view"]["seat"] == 1
    # a second take, a bot's seat, an invited person's seat, a seat that is not there
    for seat in (1, 2, 0, 7):
        r = client.post(f"/api/tables/{t['table']}/seats", json={"seat": seat})
        assert r.status_code == 409 and "not free" in r.json()["error"] + "just taken", r.text
    r = client.post(f"/api/tables/{t['table']}/seats", json={"seat": "1"})
    assert r.status_code == 400 and "seat" in r.json()["error"]
    stored = client.app.state.hub.store.seats(t["table"])  # type: ignore[attr-defined]
    assert sum(1 for s in stored if s.token is not None) == 3  # two people + spectators


def test_a_private_table_is_not_in_the_lobby_and_keeps_no_free_seat(client: _Server) -> None:
    r = client.post(
        "/api/tables", json={"variant": "potter1930", "seats": ["human", "open", "heuristic"]}
    )
    assert r.status_code == 400 and "listed table only" in r.json()["error"]
    t = _table(client, "potter1930", ["human", "human", "heuristic"])
    r = client.post(f"/api/tables/{t['table']}/seats", json={"seat": 1})
    assert r.status_code == 404 and "no such table in the lobby" in r.json()["error"]


@pytest.mark.parametrize(
    ("asked", "why"),
    [
        ({"title": 5}, '"title" is text'),
        ({"title": "x" * 41}, "at most 40"),
        ({"title": "a\u202eb"}, "cannot be shown"),
        ({"listed": "yes"}, '"listed" is true or false'),
        ({"grace": -1}, '"grace" is from 0'),
        ({"grace": True}, '"grace" is a number'),
        ({"stand_in": "god"}, '"stand_in" is null or a bot'),
        ({"turn_time": 3}, '"turn_time" is from 10'),
        ({"grace": 10**300}, '"grace" is from 0'),
        ({"title": "a\x1fb"}, "cannot be shown"),
    ],
)
def test_bad_table_settings_are_refused_by_key(asked: dict[str, Any], why: str) -> None:
    body = {"variant": "potter1930", "seats": ["human", "heuristic", "heuristic"], **asked}
    with _Server() as client:
        r = client.post("/api/tables", json={**body, "listed": True, **asked})
        assert r.status_code == 400 and why in r.json()["error"], r.text
        assert _lobby(client) == []


def test_a_seat_taken_and_never_opened_is_free_again(
    client: _Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(absence, "UNCLAIMED", 0.3)
    t = _table(client, "potter1930", ["human", "open", "heuristic"], listed=True)
    r = client.post(f"/api/tables/{t['table']}/seats", json={"seat": 1})
    assert r.status_code == 200 and _lobby(client)[0]["free"] == 0
    time.sleep(0.8)  # no page opened the seat
    assert _lobby(client)[0]["free"] == 1
    stored = client.app.state.hub.store.seats(t["table"])  # type: ignore[attr-defined]
    assert {s.seat: s.token for s in stored}[1] is None
    # taken again and opened at once: it stays taken
    token = client.post(f"/api/tables/{t['table']}/seats", json={"seat": 1}).json()["token"]
    ws = _join(client, t["table"], token)
    _frame(ws, "state")
    time.sleep(0.8)
    assert _lobby(client)[0]["free"] == 0


def test_a_table_let_go_has_no_timer_left(client: _Server) -> None:
    """A table no one is at is let go (Hub.prune): its graces and clock stop with it,
    and nothing moves at it until it is loaded again."""
    t = _table(client, "potter1930", ["human", "human", "heuristic"], grace=0.5, stand_in="easy")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    anna = _join(client, t["table"], t["tokens"]["0"])
    _frame(anna, "state")
    anna.close()  # every page gone: both people away, their graces running
    time.sleep(0.1)
    assert any(k[0] == t["table"] for k in hub.absences._timers)
    gone = client.portal.call(lambda: hub.prune(time.monotonic() + 10_000))  # type: ignore[union-attr]
    assert gone == [t["table"]]
    assert not any(k[0] == t["table"] for k in hub.absences._timers)
    before = hub.store.table(t["table"]).actions
    time.sleep(0.8)
    assert hub.store.table(t["table"]).actions == before  # no stand-in played


def test_a_rematch_is_claimed_once(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert store.set_rematch(t["table"], "first") == "first"
    assert store.set_rematch(t["table"], "second") == "first"  # the one claimed first
    store.drop_rematch(t["table"], "second")  # not its claim: nothing changes
    assert store.set_rematch(t["table"], "third") == "first"
    store.drop_rematch(t["table"], "first")  # its table could not be made
    assert store.set_rematch(t["table"], "third") == "third"


def test_read_settings_takes_what_a_table_may_set() -> None:
    got = read_settings(
        {"title": "A", "listed": True, "grace": 30, "stand_in": "easy", "turn_time": 60},
        ("easy", "medium"),
    )
    assert got == Settings("A", True, 30.0, "easy", 60.0)
    assert read_settings({}, ()) == Settings()


def test_the_lobby_tells_nothing_of_the_cards() -> None:
    """Two servers, two tables whose deals differ: the lobby's entries are the same but
    for the tables' ids and spectators' tokens (information is a rule)."""
    entries = []
    for seed in (1, 2):
        with _Server() as client:
            deal = alsos.Game(alsos.load_variant("potter1930"), seed=seed).deal
            create = client.app.state.hub.create  # type: ignore[attr-defined]
            client.portal.call(  # type: ignore[union-attr]
                lambda create=create, deal=deal: create(
                    "potter1930",
                    ["human", "open", "heuristic"],
                    deal=deal,
                    settings=Settings("t", listed=True),
                )
            )
            (entry,) = _lobby(client)
            del entry["table"], entry["watch"]
            entries.append(entry)
    assert entries[0] == entries[1]


# ------------------------------------------------------ a seat never stalls


def test_a_person_away_is_counted_down_then_a_stand_in_plays_and_hands_back(
    client: _Server,
) -> None:
    t = _table(
        client,
        "potter1930",
        ["human", "human", "heuristic"],
        grace=0.3,
        stand_in="easy",
    )
    table = t["table"]
    anna = _join(client, table, t["tokens"]["0"])
    bela = _join(client, table, t["tokens"]["1"])
    _frame(bela, "state")
    bela.close()
    away = _frame(anna, "table", lambda f: not f["table"]["seats"][1]["here"])["table"]
    assert 0 < away["seats"][1]["grace"] <= 0.3 and "standin" not in away["seats"][1]
    standin = _frame(anna, "table", lambda f: "standin" in f["table"]["seats"][1])["table"]
    assert standin["seats"][1]["standin"] == "easy"
    # the hand goes on: Anna plays, the stand-in plays Béla's seat
    rng = random.Random(4)
    moved_for_bela = 0
    for _ in range(400):
        state = _frame(anna, "state")
        game = _game(client, table)
        moved_for_bela = sum(1 for s, _ in game.history if s == 1)
        if moved_for_bela >= 2 or state["settlement"] is not None:
            break
        if state["actions"]:
            pick = rng.choice(state["actions"])["action"]
            anna.send_json({"type": "act", "action": pick, "ply": state["ply"]})
    assert moved_for_bela >= 1, "the stand-in never moved for the seat"
    # Béla comes back: the seat is his again, and the others are told
    again = _join(client, table, t["tokens"]["1"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert 1 not in hub.rooms[table].standins
    back = _frame(anna, "table", lambda f: f["table"]["seats"][1]["here"])["table"]
    assert "standin" not in back["seats"][1] and "grace" not in back["seats"][1]
    state = _frame(again, "state")
    game = _game(client, table)
    if not game.is_over and game.to_act == 1:  # his turn: no bot takes it now
        assert state["actions"]
        time.sleep(0.3)
        assert len(_game(client, table).history) == len(game.history)


def test_without_a_stand_in_the_table_waits_for_the_person(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "human", "heuristic"], grace=0)
    anna = _join(client, t["table"], t["tokens"]["0"])
    bela = _join(client, t["table"], t["tokens"]["1"])
    _frame(bela, "state")
    bela.close()
    away = _frame(anna, "table", lambda f: not f["table"]["seats"][1]["here"])["table"]
    assert "grace" not in away["seats"][1]  # no countdown: nothing happens when it ends
    time.sleep(0.2)
    assert client.app.state.hub.rooms[t["table"]].standins == {}  # type: ignore[attr-defined]


def test_a_turn_clock_moves_for_a_person_who_runs_out_of_time(client: _Server) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table, tokens = client.portal.call(  # type: ignore[union-attr]
        lambda: hub.create(
            "potter1930",
            ["human", "heuristic", "heuristic"],
            settings=Settings(turn_time=0.4),
        )
    )
    ws = _join(client, table, tokens[0])
    state = _frame(ws, "state", lambda f: bool(f["actions"]))
    assert 0 < state["clock"] <= 0.4
    legal = [a["action"] for a in state["actions"]]
    ply = state["ply"]
    events = _frame(ws, "events", lambda f: f["ply"] == ply + 1)  # no action sent
    game = _game(client, table)
    assert game.history[ply][0] == 0 and str(game.history[ply][1]) in legal
    assert events["events"]


# ------------------------------------------------------------------ rematch


def test_a_finished_session_is_played_again_with_the_same_people(client: _Server) -> None:
    text = (_VARIANTS / "altiansz.yaml").read_text(encoding="utf-8")
    assert "  deals: 18\n" in text
    profile = text.replace("  deals: 18\n", "  deals: 1\n")
    t = _table(
        client,
        "altiansz",
        ["human", "heuristic", "heuristic"],
        profile=profile,
        players=3,
        title="Friends",
        listed=True,
    )
    ws = _join(client, t["table"], t["tokens"]["0"])
    ws.send_json({"type": "name", "name": "Anna"})
    rng = random.Random(2)
    state = _frame(ws, "state")
    while state["settlement"] is None:
        if state["actions"]:
            pick = rng.choice(state["actions"])["action"]
            ws.send_json({"type": "act", "action": pick, "ply": state["ply"]})
        state = _frame(ws, "state")
    sheet = _frame(ws, "sheet")
    assert sheet["session"]["over"]
    assert _lobby(client) == []  # nothing left to join
    r = client.post(f"/api/tables/{t['table']}/seats", json={"seat": 1})
    assert r.status_code == 409 and "session is over" in r.json()["error"]
    ws.send_json({"type": "rematch"})
    moved = _frame(ws, "table", lambda f: "rematch" in f["table"])["table"]["rematch"]
    assert moved != t["table"]
    ws.send_json({"type": "rematch"})  # asked again: the same new table
    assert _frame(ws, "table", lambda f: "rematch" in f["table"])["table"]["rematch"] == moved
    new = _join(client, moved, t["tokens"]["0"])  # the same link's token
    state = _frame(new, "state")
    assert state["view"]["seat"] == 0 and state["settlement"] is None
    facts = client.app.state.hub.rooms[moved].public()  # type: ignore[attr-defined]
    assert facts["seats"][0]["name"] == "Anna" and facts["settings"]["title"] == "Friends"
    assert facts["session"]["hands"] == 0
