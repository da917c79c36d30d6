"""The web table's protocol schema (alsos.web.protocol) against the frames themselves.

Every frame a server sends in randomized hands of every shipped profile --
to each seat and to the spectator, through Starlette's TestClient over
WebSockets -- validates with the ``jsonschema`` package against the schema
``alsos serve --schema`` prints, and so do the rarer frames (hint, undo,
record, refusals, errors).  What a page sends is checked by the server
against the same schema: any JSON value that the schema refuses is answered
with an error frame naming what was wrong and changes nothing, and the
server's own check agrees with ``jsonschema`` on every value (a hypothesis
property, bounded here; a long campaign is marked ``fuzz``).
"""

from __future__ import annotations

import io
import json
import os
import random
import sys
from typing import Any

import pytest
from profiles import PROFILES

import alsos

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
pytest.importorskip("jsonschema")

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession
from test_web import _Server, _stored, _table

from alsos.web.protocol import CLIENT_MESSAGES, SERVER_MESSAGES, check_client, schema

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_SCHEMA = schema()


def _validator(name: str) -> Any:
    """A validator of the messages ``$defs[name]`` describes."""
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": _SCHEMA["$defs"]})


SERVER = _validator("ServerMessage")
CLIENT = _validator("ClientMessage")
#: one validator per server frame type (the frames of a hand, checked against
#: ServerMessage's every branch, would take minutes)
_BY_TYPE = {kind: _validator(f"server.{kind}") for kind in SERVER_MESSAGES}


def test_the_schema_is_a_draft_2020_12_schema_with_an_entry_per_message() -> None:
    jsonschema.Draft202012Validator.check_schema(_SCHEMA)
    assert _SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    defs = _SCHEMA["$defs"]
    for kind in SERVER_MESSAGES:
        assert defs[f"server.{kind}"]["properties"]["type"] == {"const": kind}
    for kind in CLIENT_MESSAGES:
        assert defs[f"client.{kind}"]["properties"]["type"] == {"const": kind}
    assert {"View", "Event", "Settlement", "Card"} <= set(defs)
    assert schema() == _SCHEMA and schema() is not schema()  # a fresh copy each call


def test_alsos_serve_prints_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    from alsos import cli

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["serve", "--schema"]) == 0
    assert json.loads(out.getvalue()) == _SCHEMA


# --------------------------------------------------- what the server sends


class _Seat:
    """A connection that keeps every frame it was sent."""

    def __init__(self, ws: WebSocketTestSession, welcome: dict[str, Any]) -> None:
        self.ws = ws
        self.frames = [welcome]

    def raw(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.ws.receive_json()
        self.frames.append(frame)
        return frame

    def read(self) -> dict[str, Any]:
        """The next frame but the table frames (sent when people arrive or leave)."""
        frame = self.raw()
        while frame["type"] == "table":
            frame = self.raw()
        return frame

    def until(self, kind: str) -> dict[str, Any]:
        for _ in range(2000):
            frame = self.raw()
            if frame["type"] == kind:
                return frame
        raise AssertionError(f"no {kind} frame")


def _open(client: _Server, table: str, token: str) -> _Seat:
    ws = client.socket(table)
    ws.send_json({"type": "hello", "token": token})
    return _Seat(ws, ws.receive_json())


def _invalid(frame: dict[str, Any]) -> list[str]:
    """What in ``frame`` the schema refuses (nothing: it fits)."""
    validator = _BY_TYPE.get(frame.get("type"), SERVER)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(frame)]


def _check_frames(seats: list[_Seat]) -> None:
    """Every frame the seats were sent fits the schema (each distinct frame checked once)."""
    seen: set[str] = set()
    for s in seats:
        for frame in s.frames:
            text = json.dumps(frame, sort_keys=True)
            if text not in seen:
                seen.add(text)
                assert not _invalid(frame), (frame["type"], _invalid(frame))


def _param(rules: alsos.Ruleset) -> Any:
    return pytest.param(rules, id=f"{rules.id}-{rules.players}")


_QUICK = [r for r in PROFILES if (r.id, r.players) in {("tompa", 2), ("csibor", 2)}]


@pytest.mark.slow  # every profile: a minute or two, most of it in jsonschema
@pytest.mark.parametrize("rules", [_param(r) for r in PROFILES if r not in _QUICK])
def test_every_frame_of_a_random_hand_fits_the_schema(rules: alsos.Ruleset) -> None:
    """A table of people at every seat and a spectator: every frame any of them is sent
    in a random hand (``ALSOS_WEB_SCHEMA_HANDS`` hands), and the record frames once it
    is over."""
    _every_frame_fits(rules)


@pytest.mark.parametrize("rules", [_param(r) for r in _QUICK])
def test_every_frame_of_a_quick_profile_s_hand_fits_the_schema(rules: alsos.Ruleset) -> None:
    """The share of the test above that runs in the quick loop (``-m "not slow"``)."""
    _every_frame_fits(rules)


def _every_frame_fits(rules: alsos.Ruleset) -> None:
    for hand in range(int(os.environ.get("ALSOS_WEB_SCHEMA_HANDS", "1"))):
        rng = random.Random(f"{rules}-{hand}")
        with _Server() as client:
            t = _table(client, rules.id, ["human"] * rules.players, players=rules.players)
            seats = [_open(client, t["table"], t["tokens"][str(s)]) for s in range(rules.players)]
            watch = _open(client, t["table"], t["spectator"])
            everyone = [*seats, watch]
            states = [s.read() for s in everyone]
            for _ in range(400):
                if states[0]["settlement"] is not None:
                    break
                mover = next(n for n, s in enumerate(states[:-1]) if s["actions"])
                pick = rng.choice(states[mover]["actions"])["action"]
                seats[mover].ws.send_json({"type": "act", "action": pick, "ply": states[0]["ply"]})
                for s in everyone:
                    assert s.read()["type"] == "events"
                states = [s.read() for s in everyone]
            else:
                pytest.fail("the hand did not end")
            for s in (seats[0], watch):
                s.ws.send_json({"type": "record"})
                s.until("record")
            last_state = [f for f in watch.frames if f["type"] == "state"][-1]
            assert "record" in last_state  # the spectator's last state: the whole hand
            sheet = [f for f in watch.frames if f["type"] == "sheet"][-1]
            seats[0].ws.send_json({"type": "next", "hand": 1})  # the session goes on, or not
            if sheet["session"]["over"]:
                assert "over" in seats[0].until("refused")["reason"]
            else:
                for s in everyone:
                    assert s.until("sheet")["session"]["hands"] == 1
            _check_frames(everyone)


def test_the_rarer_frames_fit_the_schema(client: _Server) -> None:
    """hint, record while playing, undone, refused, error, pong and table (the ``sheet``
    frame of a finished hand is checked by the random hands above)."""
    t = _table(client, "potter1930", ["human", "heuristic", "random"])
    seat = _open(client, t["table"], t["tokens"]["0"])
    frame = seat.read()
    while frame["type"] != "state" or not frame["actions"]:
        frame = seat.read()
    seat.ws.send_json({"type": "hint"})
    seat.until("hint")
    seat.ws.send_json({"type": "record"})
    assert seat.until("record")["whole"] is False
    seat.ws.send_json({"type": "act", "action": "play ZZ", "ply": frame["ply"]})
    seat.until("refused")
    seat.ws.send_json({"type": "act", "action": frame["actions"][0]["action"], "ply": frame["ply"]})
    after = seat.until("state")
    while after["type"] != "state" or not (after["actions"] or after["settlement"]):
        after = seat.read()
    seat.ws.send_json({"type": "undo", "ply": after["ply"]})
    seat.until("undone")
    seat.ws.send_json({"type": "ping"})
    seat.until("pong")
    seat.ws.send_json({"type": "name", "name": "Anna"})
    assert seat.until("table")["table"]["seats"][0]["name"] == "Anna"
    seat.ws.send_json({"type": "dance"})
    seat.until("error")
    kinds = {f["type"] for f in seat.frames}
    assert kinds == set(SERVER_MESSAGES) - {"sheet"}, set(SERVER_MESSAGES) - kinds
    _check_frames([seat])


@pytest.fixture
def client() -> Any:
    with _Server() as c:
        yield c


# ----------------------------------------------------- what a page sends

_KEYS = st.sampled_from(["type", "action", "ply", "token", "x", "Type", ""])
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([*CLIENT_MESSAGES, "pass", "kontra game", "welcome", "state"]),
    st.text(max_size=12),
    st.text(min_size=195, max_size=210),
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def client_messages(draw: st.DrawFn) -> Any:
    """A value a page might send: any JSON, or a message of the protocol with one key
    added, dropped or given another value."""
    if draw(st.booleans()):
        return draw(_JSON)
    kind = draw(st.sampled_from(list(CLIENT_MESSAGES)))
    message: dict[str, Any] = {"type": kind}
    for key in CLIENT_MESSAGES[kind]["properties"]:
        if key != "type":
            message[key] = draw(st.sampled_from(["pass", "kontra game", 0, 3]))
    change = draw(st.sampled_from(["add", "drop", "set", "none"]))
    key = draw(_KEYS if change == "add" else st.sampled_from(sorted(message)))
    if change == "drop":
        message.pop(key, None)
    elif change != "none":
        message[key] = draw(_SCALARS)
    return message


def _agrees(message: Any) -> None:
    """The server's check refuses exactly what the schema refuses, naming the key."""
    problem = check_client(message)
    errors = list(CLIENT.iter_errors(message))
    assert (problem is None) == (not errors), (message, problem, [e.message for e in errors])
    kind = message.get("type") if isinstance(message, dict) else None
    if problem is not None and isinstance(kind, str) and kind in CLIENT_MESSAGES:
        assert problem.startswith(f"{kind}: "), problem


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(message=client_messages())
def test_the_server_s_check_is_the_schema(message: Any) -> None:
    _agrees(message)


@pytest.mark.fuzz
@settings(
    max_examples=int(os.environ.get("ALSOS_FUZZ_EXAMPLES", "2000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(message=client_messages())
def test_long_the_server_s_check_is_the_schema(message: Any) -> None:
    _agrees(message)


def test_malformed_messages_are_refused_by_name_and_change_nothing(client: _Server) -> None:
    """Each malformed message gets an error frame that says what was wrong; the table,
    its record and the seat's next state are as before."""
    t = _table(client, "potter1930", ["human", "human", "human"])
    seat = _open(client, t["table"], t["tokens"]["0"])
    first = seat.read()
    room = client.app.state.hub.rooms[t["table"]]  # type: ignore[attr-defined]
    to_act = room.game.to_act
    mover = seat if to_act == 0 else _open(client, t["table"], t["tokens"][str(to_act)])
    if mover is not seat:
        first = mover.read()
    legal = first["actions"][0]["action"]
    cases = {
        "not JSON": ("{act", "not JSON"),
        "an array": ("[1, 2]", "a JSON object, not an array"),
        "no type": ({"action": legal, "ply": 0}, "type: None is not one of act"),
        "unknown type": ({"type": "move"}, "type: 'move' is not one of act"),
        "hello again": ({"type": "hello", "token": "x"}, "type: 'hello' is not one of"),
        "ply as text": ({"type": "act", "action": legal, "ply": "0"}, "act: 'ply' is a whole"),
        "ply as bool": ({"type": "act", "action": legal, "ply": False}, "act: 'ply' is a whole"),
        "no ply": ({"type": "act", "action": legal}, "act: 'ply' is missing"),
        "action number": ({"type": "act", "action": 7, "ply": 0}, "act: 'action' is text"),
        "long action": ({"type": "act", "action": "p" * 300, "ply": 0}, "at most 200 characters"),
        "extra key": ({"type": "act", "action": legal, "ply": 0, "seat": 1}, "unknown key 'seat'"),
        "undo no ply": ({"type": "undo"}, "undo: 'ply' is missing"),
        "ping extra": ({"type": "ping", "x": 1}, "ping: unknown key 'x'"),
    }
    for name, (message, words) in cases.items():
        text = message if isinstance(message, str) else json.dumps(message)
        if not isinstance(message, str) and name != "hello again":  # hello: only first
            assert list(CLIENT.iter_errors(message)), f"{name}: the schema takes it"
        mover.ws.send_text(text)
        error = mover.read()
        assert error["type"] == "error" and words in error["reason"], (name, error)
        assert room.game.history == () and _stored(client, t["table"]) == (), name
    mover.ws.send_json({"type": "act", "action": legal, "ply": 0})  # a good one is taken
    assert mover.read()["type"] == "events"
    assert len(_stored(client, t["table"])) == 1


def test_deeply_nested_json_is_refused_and_the_page_stays_connected(client: _Server) -> None:
    """Brackets nested a thousand deep fit in a message but overflow Python's JSON parser
    (RecursionError, not ValueError): refused as not JSON, first or later."""
    deep = "[" * 1500 + "]" * 1500
    t = _table(client, "potter1930", ["human", "random", "random"])
    seat = _open(client, t["table"], t["tokens"]["0"])
    seat.read()
    seat.ws.send_text(deep)
    assert seat.until("error")["reason"] == "the message is not JSON"
    seat.ws.send_json({"type": "ping"})
    seat.until("pong")
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_text(deep)
        assert "not JSON" in ws.receive_json()["reason"]
    made = client.post(  # and a request to make a table
        "/api/tables", content=deep.encode(), headers={"content-type": "application/json"}
    )
    assert made.status_code == 400 and made.json()["error"] == "the request is not JSON"


def test_a_malformed_hello_is_refused_by_name(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "random", "random"])
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": 12})
        reason = ws.receive_json()["reason"]
    assert "hello: 'token' is text" in reason and reason.startswith("the first message is")


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(message=client_messages())
def test_whatever_a_spectator_sends_changes_nothing(message: Any) -> None:
    """From the spectators' link nothing can be taken: a message the schema refuses gets
    an error frame, one it takes a refusal or an answer, and the table stays as it was."""
    with _Server() as client:
        t = _table(client, "potter1930", ["human", "human", "human"])
        watch = _open(client, t["table"], t["spectator"])
        watch.read()
        watch.ws.send_text(json.dumps(message))
        if check_client(message) is None and message["type"] == "ping":
            reply = watch.read()
        else:
            watch.ws.send_json({"type": "ping"})  # the reply (if any) comes before the pong
            reply = watch.read()
        # a hello is a good message only as the first
        valid = not list(CLIENT.iter_errors(message)) and message["type"] != "hello"
        if not valid:
            assert reply["type"] == "error", (message, reply)
            assert watch.read()["type"] == "pong"
        elif reply["type"] == "error":  # the only error a good message gets
            assert message["type"] == "record" and "once the hand is over" in reply["reason"]
        assert _stored(client, t["table"]) == ()
