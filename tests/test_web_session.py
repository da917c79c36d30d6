"""A web table plays a whole session (alsos.web.sessions), through its real protocol.

A finished hand goes on the session's score sheet (the ``sheet`` frame, the
same for every page), a person's ``next`` deals the next hand by the seat the
session names (pagat, "Deal": the deal passes on in the order of play), the
totals are the sum of the hands' written scores and the session's bonuses,
an Altiansz session counts its deals down (altiansz, "Players and Cards"),
a table of bots only deals on by itself, and a restart from the store brings
the sheet back.
"""

from __future__ import annotations

import asyncio
import json
import random
import types
from typing import Any

import pytest
from test_web import (
    _game,
    _game_after_join,
    _join,
    _my_turn,
    _play_to_the_end,
    _Server,
    _table,
    _until,
)
from test_web_scale import two_hubs_at_one_table

import alsos

pytest.importorskip("starlette", reason="needs the web extra")

from starlette.testclient import WebSocketTestSession

from alsos.web import dealing as dealing_module
from alsos.web import hub as hub_module
from alsos.web import room as room_module
from alsos.web.hub import Hub
from alsos.web.store import Store

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deals and the bots' seeds drawn from a seeded generator (not from the
    system's), so a test's hands are the same every run; tokens stay secret."""
    rng = random.Random(2)
    fake = types.SimpleNamespace(
        randbits=rng.getrandbits,
        token_urlsafe=hub_module.secrets.token_urlsafe,
    )
    monkeypatch.setattr(hub_module, "secrets", fake)
    monkeypatch.setattr(dealing_module, "secrets", fake)
    monkeypatch.setattr(room_module, "secrets", fake)


def _sheet(ws: WebSocketTestSession) -> dict[str, Any]:
    return _until(ws, "sheet")


def _check_totals(summary: dict[str, Any], players: int) -> None:
    """Every line's totals are the running sum of the written scores and bonuses, and
    the last line's are the session's scores."""
    running = [0] * players
    for n, line in enumerate(summary["sheet"], start=1):
        assert line["hand"] == n
        running = [running[s] + line["written"][s] + line["bonus"][s] for s in range(players)]
        assert line["totals"] == running
        assert sum(line["payments"]) == 0
    assert summary["scores"] == running
    assert summary["hands"] == len(summary["sheet"])


def _two_hands(
    client: _Server, variant: str, seats: list[str], **extra: Any
) -> tuple[dict[str, Any], WebSocketTestSession, list[dict[str, Any]]]:
    """Play a table's first two hands at random from seat 0; the table, the socket and
    the sheet frame after each hand."""
    t = _table(client, variant, seats, **extra)
    ws = _join(client, t["table"], t["tokens"]["0"])
    rng = random.Random(7)
    sheets = []
    for number in (1, 2):
        start = _my_turn(ws)
        game = _game(client, t["table"])
        settled = _play_to_the_end(ws, rng, start)
        sheet = _sheet(ws)
        assert sheet["hand"] == number  # the finished hand is still the one in play
        line = sheet["session"]["sheet"][-1]
        # the line is the hand's settlement, as the seat's own state frame showed it
        assert line["written"] == settled["settlement"]["written"]
        assert line["payments"] == settled["settlement"]["payments"]
        assert line["dealer"] == game.dealer
        sheets.append(sheet)
        if number == 1:
            assert not sheet["session"]["over"], "the session ended after one hand"
            ws.send_json({"type": "next", "hand": 1})
            dealt = _sheet(ws)
            assert dealt["hand"] == 2 and dealt["session"] == sheet["session"]
    return t, ws, sheets


def test_a_potter_session_plays_two_hands_and_a_restart_brings_the_sheet_back(
    db_url: str, seeded: None
) -> None:
    """pagat, "Deal": the deal passes to the next seat in the order of play after
    every hand; pagat, "Scoring": the rubber's running scores."""
    with _Server(db_url) as client:
        t, ws, sheets = _two_hands(client, "potter1930", ["human", "heuristic", "heuristic"])
        summary = sheets[-1]["session"]
        assert [line["dealer"] for line in summary["sheet"]] == [0, 1]
        # pagat, "Scoring": a shared crossing raises the target and the bonus together
        assert summary["kind"] == "rubber" and summary["target"] % 20 == 0
        assert summary["prize"] == summary["target"] // 10
        assert summary["dealer"] == 2  # the next hand's dealer
        _check_totals(summary, 3)
        # stale or early asks change nothing
        ws.send_json({"type": "next", "hand": 1})
        assert "stale" in _until(ws, "refused")["reason"]
        watch = _join(client, t["table"], t["spectator"])
        watch.send_json({"type": "next", "hand": 2})
        assert "only a person" in _until(watch, "refused")["reason"]
        history = _game(client, t["table"]).history
    with _Server(db_url) as client:  # a restart: the session comes back from the store
        ws = client.socket(t["table"])
        ws.send_json({"type": "hello", "token": t["tokens"]["0"]})
        welcome = ws.receive_json()
        assert welcome["table"]["hand"] == 2
        assert welcome["table"]["session"] == summary
        assert _game(client, t["table"]).history == history
        assert ws.receive_json()["settlement"] is not None
        ws.send_json({"type": "next", "hand": 2})
        dealt = ws.receive_json()
        assert dealt["type"] == "sheet", dealt
        assert dealt["hand"] == 3 and dealt["session"] == summary
        assert _game(client, t["table"]).dealer == 2


def test_an_action_for_another_hand_is_refused(db_url: str) -> None:
    with _Server(db_url) as client:
        t = _table(client, "potter1930", ["human", "human", "human"])
        game = _game_after_join(client, t)
        seat = game.to_act
        assert seat is not None
        ws = _join(client, t["table"], t["tokens"][str(seat)])
        frame = ws.receive_json()
        legal = frame["actions"][0]["action"]
        ws.send_json({"type": "act", "action": legal, "ply": frame["ply"], "hand": 2})
        assert "at hand 1" in _until(ws, "refused")["reason"]
        ws.send_json({"type": "next", "hand": 1})
        assert _until(ws, "refused")["reason"] == "the hand is not over"
        assert _game(client, t["table"]).history == ()


def test_an_altiansz_session_counts_its_deals(db_url: str, seeded: None) -> None:
    """altiansz, "Players and Cards": a session of 18 deals, the scores added up;
    altiansz, "Bidding and use of the Talon": the declarations are counted."""
    rules = alsos.load_variant("altiansz")
    seats = ["human"] + ["heuristic"] * (rules.players - 1)
    with _Server(db_url) as client:
        t, ws, sheets = _two_hands(client, "altiansz", seats)
        summary = sheets[-1]["session"]
        assert summary["kind"] == "deals"
        assert summary["deals"] == rules.scoring.session_params.deals
        assert summary["left"] == rules.scoring.session_params.deals - 2
        assert [line["dealer"] for line in summary["sheet"]] == [0, 1]
        assert all(line["bonus"] == [0] * rules.players for line in summary["sheet"])
        _check_totals(summary, rules.players)
        declared = [0] * rules.players
        for line in summary["sheet"]:
            if line["declarer"] is not None:
                declared[line["declarer"]] += 1
        assert summary["declared"] == declared
        # the hand in play is dealt knowing the declarations so far
        assert list(_game(client, t["table"]).view(0).declared_before) == declared
    with _Server(db_url) as client:
        ws = client.socket(t["table"])
        ws.send_json({"type": "hello", "token": t["tokens"]["0"]})
        assert ws.receive_json()["table"]["session"] == summary


def test_a_table_of_bots_only_deals_on_by_itself(db_url: str, seeded: None) -> None:
    """No one to click: after each hand the table deals the next, passing the deal on."""

    async def scenario() -> None:
        store = Store(db_url)
        h = Hub(store, bot_delay=0, hand_pause=0)
        try:
            table, _ = await h.create("potter1930", ["heuristic"] * 3)
            room = await h.room(table)
            assert room is not None
            for _ in range(600):
                if room.hand >= 3 or room.session.is_over:
                    break
                await asyncio.sleep(0.05)
            lines = room.session.sheet
            assert len(lines) >= 2
            assert [line.dealer for line in lines[:2]] == [0, 1]
            assert store.hands_done(table) == room.hand - 1
        finally:
            await h.close()
            store.close()

    asyncio.run(scenario())


def test_a_table_of_bots_waits_when_no_pause_is_set(db_url: str) -> None:
    async def scenario() -> None:
        store = Store(db_url)
        h = Hub(store, bot_delay=0, hand_pause=None)
        try:
            table, _ = await h.create("potter1930", ["heuristic", "heuristic", "heuristic"])
            room = await h.room(table)
            assert room is not None
            for _ in range(600):
                if room.game.is_over:
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)
            assert room.game.is_over and room.hand == 1 and len(room.session.sheet) == 1
        finally:
            await h.close()
            store.close()

    asyncio.run(scenario())


def test_a_hand_dealt_on_one_hub_reaches_the_other(postgres_url: str, seeded: None) -> None:
    """Two processes on one PostgreSQL: the next hand dealt on hub B is heard by hub A,
    which shows it (the sheet and the new hand); the same ``next`` sent to both deals
    one hand."""

    async def scenario() -> None:
        async with two_hubs_at_one_table(postgres_url, 0) as (a, b, room_a, room_b, table):
            while not room_b.game.is_over:  # the hand, played on hub B
                seat = room_b.game.to_act
                assert seat is not None
                act = str(room_b.game.legal_actions()[0])
                ply = len(room_b.game.history)
                assert await b.act(room_b, seat, act, ply) is None
            for _ in range(200):
                if room_a.game.is_over:
                    break
                await asyncio.sleep(0.05)
            assert room_a.session.summary() == room_b.session.summary()
            page_a = a.join(room_a, 0)
            answers = await asyncio.gather(b.next_hand(room_b, 1, 1), a.next_hand(room_a, 2, 1))
            assert answers.count(None) == 1
            for _ in range(200):
                if room_a.hand == room_b.hand == 2:
                    break
                await asyncio.sleep(0.05)
            assert room_a.hand == room_b.hand == 2
            assert room_a.game.deal == room_b.game.deal and room_a.game.dealer == 1
            assert room_a.game.history == room_b.game.history == ()
            assert a.store.hands_done(table) == 1
            sent = []
            while not page_a.queue.empty():
                sent.append(json.loads(page_a.queue.get_nowait()))
            assert any(f is not None and f["type"] == "sheet" and f["hand"] == 2 for f in sent)

    asyncio.run(scenario())


def test_each_finished_hand_of_a_session_has_its_record_and_viewer(
    db_url: str, seeded: None
) -> None:
    """After the next hand is dealt, the earlier hand's record and viewer stay
    reachable (``?hand=N``): its record replays to the sheet's line for it."""
    with _Server(db_url) as client:
        t, ws, sheets = _two_hands(client, "potter1930", ["human", "heuristic", "heuristic"])
        base = f"/api/tables/{t['table']}"
        lines = sheets[-1]["session"]["sheet"]
        for number in (1, 2):
            r = client.get(f"{base}/record?hand={number}")
            assert r.status_code == 200, r.text
            assert f"-{number}.txt" in r.headers["content-disposition"]
            settlement = alsos.Record.loads(r.text).replay().settlement
            assert settlement is not None
            assert [settlement.payments[s] for s in range(3)] == lines[number - 1]["payments"]
            assert client.get(f"{base}/viewer?hand={number}").status_code == 200
        assert client.get(f"{base}/record").text == client.get(f"{base}/record?hand=2").text
        ws.send_json({"type": "next", "hand": 2})  # hand 3 is dealt, not over
        _sheet(ws)
        assert client.get(f"{base}/record?hand=3").status_code == 404
        assert client.get(f"{base}/record").status_code == 404
        assert client.get(f"{base}/record?hand=1").status_code == 200
        for bad in ("0", "9", "x", "-1", "²", "1" * 9):
            assert client.get(f"{base}/record?hand={bad}").status_code in (400, 404), bad
