"""The web table (alsos.web) through its real protocol: Starlette's TestClient over WebSockets.

A whole hand against bots to the settlement; refusals (another seat's turn, a
stale or repeated action, an oversized or malformed message) that change
nothing; a restart on the same SQLite file that resumes the hand; and the
no-leak property on the frames themselves, for every shipped profile: two
deals differing only in cards hidden from a seat give that seat identical
frames (the deals are made as in tests/test_no_leaks.py).
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hidden_swaps import seen, swapped
from profiles import PROFILES

import alsos

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("sqlalchemy", reason="needs the web extra")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient, WebSocketTestSession

from alsos.web import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# Tests click faster than people: the rate limit is tested on its own.
_FAST = Limits(actions_per_second=10_000, burst=10_000)


class _Server(TestClient):
    """A TestClient whose WebSockets are closed, before the app, when it is left
    (a socket left open would keep the app from shutting down)."""

    def __init__(self, url: str = "sqlite://", limits: Limits = _FAST) -> None:
        super().__init__(create_app(url, bot_delay=0, limits=limits))
        self.sockets = contextlib.ExitStack()

    def __exit__(self, *exc: Any) -> None:
        self.sockets.close()
        super().__exit__(*exc)

    def socket(self, table: str) -> WebSocketTestSession:
        return self.sockets.enter_context(self.websocket_connect(f"/ws/{table}"))


@pytest.fixture
def client(db_url: str) -> Iterator[_Server]:
    """A server on a fresh database: a SQLite file, and PostgreSQL where the tests have
    one (``db_url`` in tests/conftest.py)."""
    with _Server(db_url) as c:
        yield c


def _table(client: _Server, variant: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"variant": variant, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _join(client: _Server, table: str, token: str) -> WebSocketTestSession:
    ws = client.socket(table)
    ws.send_json({"type": "hello", "token": token})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    return ws


def _my_turn(ws: WebSocketTestSession, limit: int = 2000) -> dict[str, Any]:
    """Read frames until a state with something for this seat to do, or the settlement."""
    for _ in range(limit):
        frame = ws.receive_json()
        assert frame["type"] in ("state", "events"), frame
        if frame["type"] == "state" and (frame["actions"] or frame["settlement"]):
            return dict(frame)
    raise AssertionError("no turn came")


def _game(client: _Server, table: str) -> alsos.Game:
    game: alsos.Game = client.app.state.hub.rooms[table].game  # type: ignore[attr-defined]
    return game


def _stored(client: _Server, table: str) -> tuple[tuple[int, str], ...]:
    row = client.app.state.hub.store.table(table)  # type: ignore[attr-defined]
    assert row is not None
    return tuple(row.actions)


def _play_to_the_end(
    ws: WebSocketTestSession, rng: random.Random, frame: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play this seat at random from ``frame`` (or the next turn) to the settlement."""
    frame = frame or _my_turn(ws)
    while frame["settlement"] is None:
        choice = rng.choice(frame["actions"])
        ws.send_json({"type": "act", "action": choice["action"], "ply": frame["ply"]})
        frame = _my_turn(ws)
    return frame


# ------------------------------------------------------------------- a hand


def test_a_second_click_on_the_last_action_is_stale_not_over(client: _Server) -> None:
    """Two windows of one seat click the hand's last action at once: the one the table
    takes ends the hand, the other is refused as stale (it names an action the table
    has passed), not as "the hand is over", whichever the server hears first."""
    t = _table(client, "potter1930", ["human", "heuristic", "random"])
    ws = _join(client, t["table"], t["tokens"]["0"])
    end = _play_to_the_end(ws, random.Random(1))
    ws.send_json({"type": "act", "action": "pass", "ply": end["ply"] - 1})
    assert "stale" in _until(ws, "refused")["reason"]
    ws.send_json({"type": "act", "action": "pass", "ply": end["ply"]})
    assert _until(ws, "refused")["reason"] == "the hand is over"


def test_a_whole_potter_hand_against_bots_reaches_the_settlement(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "heuristic", "random"])
    assert list(t["tokens"]) == ["0"]
    ws = _join(client, t["table"], t["tokens"]["0"])
    end = _play_to_the_end(ws, random.Random(1))
    game = _game(client, t["table"])
    assert game.is_over
    assert end["ply"] == len(game.history)
    assert end["view"] == alsos.to_data(game.view(0))
    assert end["settlement"] == alsos.to_data(game.settlement)
    assert sum(end["settlement"]["payments"]) == 0
    # the record: every action stored, in order, as the game took it
    assert _stored(client, t["table"]) == tuple((s, str(a)) for s, a in game.history)


def test_the_legal_actions_carry_accessible_names_and_help(client: _Server) -> None:
    rules = alsos.load_variant("potter1930")
    table = _Table(client, rules, alsos.Game(rules, seed=11).deal, 0)
    rng = random.Random(3)
    frames = {s: json.loads(f[1]) for s, f in table.first.items()}
    while True:
        game = table.game
        seat = game.to_act
        assert seat is not None
        actions = frames[seat]["actions"]
        assert [a["action"] for a in actions] == [str(a) for a in game.legal_actions()]
        assert all(a["label"] and a["group"] for a in actions)
        for a in actions:
            if a["group"] == "announce":  # the figure's meaning, from the profile
                assert a["help"]
        plays = [a for a in actions if a["group"] == "play"]
        if plays:
            card = alsos.Card.parse(plays[0]["card"])
            assert plays[0]["action"] == str(card)
            assert plays[0]["label"] == f"play {card.name_en}"
            break
        got = table.act(seat, rng.choice(actions)["action"])
        frames = {s: json.loads(f[1]) for s, f in got.items()}


def _game_after_join(client: _Server, t: dict[str, Any]) -> alsos.Game:
    ws = _join(client, t["table"], t["tokens"]["0"])  # loads the table into memory
    ws.receive_json()
    return _game(client, t["table"])


# ---------------------------------------------------------------- refusals


def _unchanged(client: _Server, table: str, before: tuple[tuple[int, str], ...]) -> None:
    assert tuple((s, str(a)) for s, a in _game(client, table).history) == before
    assert _stored(client, table) == before


def test_refused_actions_change_nothing(db_url: str) -> None:
    """Another seat's turn, a stale ply, a repeated click, an oversized or malformed
    message: each is answered with a refusal and leaves the table and its record as
    they were."""
    limits = Limits(max_message=512, actions_per_second=1000, burst=1000)
    with _Server(db_url, limits=limits) as client:
        t = _table(client, "potter1930", ["human", "human", "human"])
        game = _game_after_join(client, t)
        to_act = game.to_act
        assert to_act is not None
        other = (to_act + 1) % 3
        mover = _join(client, t["table"], t["tokens"][str(to_act)])
        waiter = _join(client, t["table"], t["tokens"][str(other)])
        frame = mover.receive_json()
        waiter.receive_json()
        assert mover.receive_json()["type"] == "table"  # told the waiter arrived
        legal = frame["actions"][0]["action"]
        before = tuple((s, str(a)) for s, a in game.history)

        # the action of the seat to act, sent by another seat
        waiter.send_json({"type": "act", "action": legal, "ply": frame["ply"]})
        assert waiter.receive_json() == {
            "type": "refused", "action": legal, "reason": "it is not your turn",
        }  # fmt: skip
        _unchanged(client, t["table"], before)
        # a stale ply
        mover.send_json({"type": "act", "action": legal, "ply": frame["ply"] - 1})
        refused = mover.receive_json()
        assert refused["type"] == "refused" and "stale" in refused["reason"]
        _unchanged(client, t["table"], before)
        # an oversized message, then text that is not a message
        mover.send_text(json.dumps({"type": "act", "action": legal, "ply": 0, "x": "y" * 600}))
        assert mover.receive_json()["reason"].startswith("message over 512 bytes")
        mover.send_text("{not json")
        assert mover.receive_json()["type"] == "error"
        mover.send_json({"type": "act", "action": "kontra", "ply": "0"})
        assert mover.receive_json()["type"] == "error"
        _unchanged(client, t["table"], before)
        # an illegal action is refused with the engine's words
        mover.send_json({"type": "act", "action": "play ZZ", "ply": frame["ply"]})
        assert mover.receive_json()["type"] == "refused"
        _unchanged(client, t["table"], before)
        # a double click: the same action twice at the same ply is taken once
        mover.send_json({"type": "act", "action": legal, "ply": frame["ply"]})
        mover.send_json({"type": "act", "action": legal, "ply": frame["ply"]})
        got = [mover.receive_json() for _ in range(3)]
        assert [f["type"] for f in got] == ["events", "state", "refused"]
        assert "stale" in got[2]["reason"]
        after = (*before, (to_act, legal))
        _unchanged(client, t["table"], after)


def test_an_action_the_store_refuses_is_sent_to_no_one(
    client: _Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stored before broadcast: when the write fails, no seat hears of the action and the
    table stays as it was; the next action is the one every seat then gets."""
    t = _table(client, "potter1930", ["human", "human", "human"])
    game = _game_after_join(client, t)
    to_act = game.to_act
    assert to_act is not None
    mover = _join(client, t["table"], t["tokens"][str(to_act)])
    waiter = _join(client, t["table"], t["tokens"][str((to_act + 1) % 3)])
    frame = mover.receive_json()
    waiter.receive_json()
    assert mover.receive_json()["type"] == "table"  # told the waiter arrived
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    add_actions = store.add_actions

    def broken(*args: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "add_actions", broken)
    legal = frame["actions"][0]["action"]
    mover.send_json({"type": "act", "action": legal, "ply": frame["ply"]})
    refused = mover.receive_json()
    assert refused["type"] == "refused" and "could not store" in refused["reason"]
    _unchanged(client, t["table"], ())
    monkeypatch.setattr(store, "add_actions", add_actions)
    mover.send_json({"type": "act", "action": legal, "ply": frame["ply"]})
    first = waiter.receive_json()  # the waiter's next frame is the stored action's
    assert first["type"] == "events" and first["ply"] == 1
    _unchanged(client, t["table"], ((to_act, legal),))


def test_a_wrong_token_opens_no_seat(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "random", "random"])
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        token = t["tokens"]["0"]
        wrong = token[:-1] + ("x" if token[-1] != "x" else "y")  # one character off
        ws.send_json({"type": "hello", "token": wrong})
        assert ws.receive_json()["type"] == "error"
    bad = client.post("/api/tables", json={"variant": "nope", "seats": ["human"]})
    assert bad.status_code == 400 and "no shipped variant" in bad.json()["error"]
    bad = client.post("/api/tables", json={"variant": "potter1930", "seats": ["human", "x", "y"]})
    assert bad.status_code == 400 and "seat kind" in bad.json()["error"]
    json_type = {"content-type": "application/json"}
    big = client.post("/api/tables", content=b"{" + b" " * 5000 + b"}", headers=json_type)
    assert big.status_code == 413 and "4096 bytes" in big.json()["error"]


def test_too_many_messages_are_refused() -> None:
    limits = Limits(actions_per_second=0.001, burst=2)
    with _Server(limits=limits) as client:
        t = _table(client, "potter1930", ["human", "human", "human"])
        ws = _join(client, t["table"], t["tokens"]["0"])
        ws.receive_json()
        replies = []
        for _ in range(4):
            ws.send_json({"type": "ping"})
            replies.append(ws.receive_json())
        assert [r["type"] for r in replies] == ["pong", "pong", "error", "error"]


def test_the_app_mounts_below_a_prefix_of_another_app() -> None:
    """docs/server.rst, "Embedding": the page and the WebSocket work under /alsos/."""
    table = create_app("sqlite://", bot_delay=0, limits=_FAST)
    outer = Starlette(routes=[Mount("/alsos", app=table)], lifespan=table.router.lifespan_context)
    with TestClient(outer) as client:
        page = client.get("/alsos/")
        assert page.status_code == 200 and 'src="static/table.js"' in page.text
        assert "default-src 'none'" in page.headers["content-security-policy"]
        assert client.get("/alsos/static/table.js").status_code == 200
        r = client.post("/alsos/api/tables", json={"variant": "potter1930", "seats": ["human"] * 3})
        t = r.json()
        with client.websocket_connect(f"/alsos/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": t["tokens"]["1"]})
            assert ws.receive_json()["seat"] == 1
            assert ws.receive_json()["type"] == "state"


def test_alsos_serve_is_a_command() -> None:
    from alsos.cli import main

    assert main(["serve", "--help"]) == 0


# ----------------------------------------------------------------- restart


def test_a_restarted_server_resumes_the_hand(db_url: str) -> None:
    url = db_url
    rng = random.Random(5)
    with _Server(url) as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        ws = _join(client, t["table"], t["tokens"]["0"])
        frame = _my_turn(ws)
        for _ in range(3):  # a few of our own moves, the bots answering
            if frame["settlement"] is not None:
                break
            pick = rng.choice(frame["actions"])
            ws.send_json({"type": "act", "action": pick["action"], "ply": frame["ply"]})
            frame = _my_turn(ws)
        history = _game(client, t["table"]).history
    with _Server(url) as client:
        ws = _join(client, t["table"], t["tokens"]["0"])
        again = ws.receive_json()
        assert again == frame  # the same state, to the byte
        assert _game(client, t["table"]).history == history
        end = _play_to_the_end(ws, rng, again)
        assert end["settlement"] is not None


# ----------------------------------------------------------------- no leaks


def _public(text: str) -> str:
    """A table frame, as text, without the table's id (which differs between servers)."""
    frame = json.loads(text)
    assert frame["type"] == "table", frame["type"]
    del frame["table"]["id"]
    return json.dumps(frame)


class _Table:
    """One table of people (every seat human) on its own app, driven seat by seat."""

    def __init__(
        self,
        client: _Server,
        rules: alsos.Ruleset,
        deal: alsos.Deal,
        dealer: int,
        lang: str = "en",
    ):
        self.client = client
        create = functools.partial(
            client.app.state.hub.create,  # type: ignore[attr-defined]
            rules.id, ["human"] * rules.players, players=rules.players, deal=deal, dealer=dealer,
        )  # fmt: skip
        self.id, tokens = client.portal.call(create)  # type: ignore[union-attr]
        self.sockets: dict[int, WebSocketTestSession] = {}
        self.first: dict[int, list[str]] = {}
        for seat, token in tokens.items():
            ws = client.socket(self.id)
            ws.send_json({"type": "hello", "token": token, "lang": lang})
            welcome = json.loads(ws.receive_text())
            del welcome["table"]["id"]  # the table's id differs between the two servers
            welcome.pop("watch", None)  # and so does the spectators' token
            self.first[seat] = [json.dumps(welcome), ws.receive_text()]
            if seat >= 0:  # the pages already open are told a person arrived
                for s in self.sockets:
                    self.first[s].append(_public(self.sockets[s].receive_text()))
            self.sockets[seat] = ws

    @property
    def game(self) -> alsos.Game:
        return _game(self.client, self.id)

    def act(self, seat: int, action: str) -> dict[int, list[str]]:
        """Send ``action`` from ``seat``; the frames every seat received, as text (the
        events and the state, and once the hand is over the session's sheet)."""
        ply = len(self.game.history)
        self.sockets[seat].send_json({"type": "act", "action": action, "ply": ply})
        got = {s: [ws.receive_text(), ws.receive_text()] for s, ws in self.sockets.items()}
        if self.game.is_over:  # (the state frame came after the table's game moved on)
            for s, ws in self.sockets.items():
                got[s].append(ws.receive_text())
        return got


def _param(rules: alsos.Ruleset) -> Any:
    return pytest.param(rules, id=f"{rules.id}-{rules.players}")


@pytest.mark.slow  # every profile, a few hands each, every frame of every seat
@pytest.mark.parametrize("rules", [_param(r) for r in PROFILES])
def test_a_seat_gets_the_same_frames_whatever_the_cards_hidden_from_it(
    rules: alsos.Ruleset,
) -> None:
    """Frames, compared as the text on the wire, from two servers whose deals differ only
    in two cards hidden from seat k, both driven by the same actions (see
    tests/test_no_leaks.py for how the deals are made and when the comparison stops).
    The spectator's frames are compared too: every card hidden from k (and not in
    k's hand) is hidden from the spectator as well."""
    _compare_frames(rules, 3)


_SPECTATED = [
    r for r in PROFILES if (r.id, r.players) in {("potter1930", 3), ("csibor", 4), ("altiansz", 4)}
]


@pytest.mark.parametrize("rules", [_param(r) for r in _SPECTATED])
def test_a_spectator_sees_no_hidden_card_during_the_hand(rules: alsos.Ruleset) -> None:
    """The spectator's link: two deals differing only in hidden cards give it identical
    frames while the hand goes on (the fast share of the slow test above)."""
    _compare_frames(rules, 5)


@pytest.mark.parametrize("rules", [_param(r) for r in _SPECTATED])
def test_a_seat_sees_no_hidden_card_in_hungarian_either(rules: alsos.Ruleset) -> None:
    """The same comparison with every page reading Hungarian (issue 33): the words of
    another language -- the story, the choices' help, refusals, the settlement -- carry
    no more than the English ones."""
    _compare_frames(rules, 3, "hu")


def _compare_frames(rules: alsos.Ruleset, examples: int, lang: str = "en") -> None:
    for example in range(examples):
        rng = random.Random(f"{rules}-{example}")
        first = alsos.Game(rules, seed=rng.randrange(2**32))
        k = first.active[rng.randrange(len(first.active))]
        made = swapped(first, k, rng)
        if made is None:
            continue
        deal, cards, _ = made
        with (
            _Server() as one,
            _Server() as two,
        ):
            a = _Table(one, rules, first.deal, first.dealer, lang)
            b = _Table(two, rules, deal, first.dealer, lang)
            name = f"{rules} seat {k}, swapped {sorted(c.name for c in cards)}"
            assert a.first[k] == b.first[k], f"{name}: the first frames differ"
            assert a.first[-1] == b.first[-1], f"{name}: the spectator's first frames differ"
            done = 0
            while not a.game.is_over:
                s = a.game.to_act
                assert s is not None and s == b.game.to_act
                common = sorted(
                    set(map(str, a.game.legal_actions())) & set(map(str, b.game.legal_actions()))
                )
                if not common:
                    break
                action = rng.choice(common)
                got_a, got_b = a.act(s, action), b.act(s, action)
                if a.game.is_over:
                    _public_sheet(got_a, a.game)
                if cards & (seen(a.game, k) | seen(b.game, k)):
                    break  # seat k now sees a swapped card
                done += 1
                assert got_a[k] == got_b[k], f"{name}: frames differ after {done} ({s} {action})"
                if not a.game.is_over:  # once over, the spectator is sent the whole hand
                    assert got_a[-1] == got_b[-1], f"{name}: spectator's frames differ ({done})"


def _public_sheet(frames: dict[int, list[str]], game: alsos.Game) -> None:
    """The sheet frame sent when a hand ends is one public frame: the same text for
    every seat and the spectator, its line the settlement every seat is shown."""
    sheets = {s: got[2] for s, got in frames.items()}
    assert len(set(sheets.values())) == 1, "seats were sent different sheets"
    sheet = json.loads(sheets[-1])
    assert sheet["type"] == "sheet"
    line = sheet["session"]["sheet"][-1]
    assert game.settlement is not None
    settled = alsos.to_data(game.settlement)
    assert line["written"] == settled["written"] and line["payments"] == settled["payments"]


# ------------------------------------------- undo, hint, records, spectators


def test_undo_takes_back_the_own_decision_against_bots_only(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
    ws = _join(client, t["table"], t["tokens"]["0"])
    before = _my_turn(ws)
    pick = before["actions"][0]["action"]
    ws.send_json({"type": "act", "action": pick, "ply": before["ply"]})
    after = _my_turn(ws)
    ws.send_json({"type": "undo", "ply": after["ply"]})
    assert ws.receive_json()["type"] == "undone"
    again = ws.receive_json()
    assert again["ply"] == before["ply"] and again["view"] == before["view"]
    assert len(_stored(client, t["table"])) == before["ply"]  # the record forgot it too
    # two people at a table: no undo, no hint, and nothing changes
    t2 = _table(client, "potter1930", ["human", "human", "heuristic"])
    ws0 = _join(client, t2["table"], t2["tokens"]["0"])
    ws0.send_json({"type": "undo", "ply": len(_game(client, t2["table"]).history)})
    got = _until(ws0, "refused")
    assert "only for a hand against bots" in got["reason"]
    ws0.send_json({"type": "hint"})
    assert "only for a hand against bots" in _until(ws0, "hint")["text"]


def _until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    for _ in range(500):
        frame = ws.receive_json()
        if frame["type"] == kind:
            return dict(frame)
    raise AssertionError(f"no {kind} frame")


def test_a_hint_names_a_legal_action(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
    ws = _join(client, t["table"], t["tokens"]["0"])
    frame = _my_turn(ws)
    ws.send_json({"type": "hint"})
    text = _until(ws, "hint")["text"]
    assert text.startswith("hint: ")
    assert any(text.startswith(f"hint: {a['action']},") for a in frame["actions"]), text


def test_records_the_seat_s_own_while_playing_the_whole_once_over(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
    ws = _join(client, t["table"], t["tokens"]["0"])
    frame = _my_turn(ws)
    ws.send_json({"type": "record"})
    own = _until(ws, "record")
    game = _game(client, t["table"])
    assert not own["whole"] and own["text"] == str(game.record(seat=0))
    watch = _join(client, t["table"], t["spectator"])
    watch.send_json({"type": "record"})
    assert "once the hand is over" in _until(watch, "error")["reason"]
    assert client.get(f"/api/tables/{t['table']}/record").status_code == 404  # not yet
    end = _play_to_the_end(ws, random.Random(3), frame)
    assert end["settlement"] is not None
    ws.send_json({"type": "record"})
    whole = _until(ws, "record")
    assert whole["whole"]
    assert whole["text"] == str(_game(client, t["table"]).record())
    r = client.get(f"/api/tables/{t['table']}/record")
    assert r.status_code == 200 and r.text == whole["text"]
    html = client.get(f"/api/tables/{t['table']}/viewer")
    assert html.status_code == 200 and "<svg" in html.text
    assert "unsafe-inline" in html.headers["content-security-policy"]
    assert "x-alsos-csp" not in html.headers
    # after the hand, the same page with the analysis (issue 22: the web table uses
    # alsos.analysis): an evaluation strip and marks, absent from the plain page
    analysed = client.get(f"/api/tables/{t['table']}/viewer?analysis=1")
    assert analysed.status_code == 200 and "data-mark=" in analysed.text
    assert "data-mark=" not in html.text
    assert client.get(f"/api/tables/{t['table']}/other").status_code == 404
    last = None
    for _ in range(2000):  # the spectator's last state carries the whole record
        f = watch.receive_json()
        if f["type"] == "state" and f["settlement"] is not None:
            last = f
            break
    assert last is not None and last["record"] == whole["text"]


def test_a_spectator_acts_for_no_seat(client: _Server) -> None:
    t = _table(client, "potter1930", ["human", "human", "human"])
    watch = _join(client, t["table"], t["spectator"])
    frame = watch.receive_json()
    assert frame["view"]["seat"] == -1 and frame["view"]["hand"] == [] and frame["actions"] == []
    game = _game(client, t["table"])
    legal = str(game.legal_actions()[0])
    watch.send_json({"type": "act", "action": legal, "ply": len(game.history)})
    assert _until(watch, "refused")["reason"] == "it is not your turn"
    assert _stored(client, t["table"]) == ()


def test_the_record_of_an_uploaded_profile_replays_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The downloaded record of a table that plays an uploaded profile carries the
    profile's text (``Profile``), so it replays where no file holds it and no
    ruleset is in use: before and after a restart, which reads the upload again."""
    from alsos.ruleset import tables

    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    text = "extends: potter1930\nid: my-potter\nname: My Potter\ngames:\n  trump: 3\n"
    with _Server(url) as client:
        t = _table(client, "-", ["human", "heuristic", "heuristic"], profile=text)
        _play_to_the_end(_join(client, t["table"], t["tokens"]["0"]), random.Random(5))
        game = _game(client, t["table"])
        downloads = [client.get(f"/api/tables/{t['table']}/record")]
    with _Server(url) as client:
        downloads.append(client.get(f"/api/tables/{t['table']}/record"))
    monkeypatch.chdir(tmp_path)  # no upload.yaml here
    for got in downloads:
        assert got.status_code == 200, got.text
        record = alsos.Record.loads(got.text)
        assert record.profile == text and record.variant.startswith("upload-")
        monkeypatch.setattr(tables, "_NAMED", {})  # a fresh machine: no ruleset in use
        replayed = record.replay()
        assert replayed.rules == game.rules and replayed.rules.name == "My Potter"
        assert replayed.history == game.history and replayed.settlement == game.settlement


def test_an_uploaded_profile_is_checked_and_played(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    seats = ["human", "heuristic", "heuristic"]
    text = "extends: potter1930\nid: my-potter\nname: My Potter\n"
    with _Server(url) as client:
        broken = client.post(
            "/api/tables",
            json={"variant": "-", "seats": seats, "profile": "extends: potter1930\nplayers: 7\n"},
        )
        assert broken.status_code == 400
        assert broken.json()["error"] == "upload.yaml: players: expected 2, 3 or 4, got 7"
        local = client.post(
            "/api/tables",
            json={"variant": "-", "seats": seats, "profile": "extends: ../../etc/x.yaml\n"},
        )
        assert local.status_code == 400 and "not a shipped variant" in local.json()["error"]
        assert "/tmp" not in local.text and "alsos-profile" not in local.text
        big = client.post(
            "/api/tables", json={"variant": "-", "seats": seats, "profile": "#" * 70_000}
        )
        assert big.status_code == 413
        t = _table(client, "-", seats, profile=text)
        ws = _join(client, t["table"], t["tokens"]["0"])
        assert _game(client, t["table"]).rules.name == "My Potter"
        frame = _my_turn(ws)
        ws.send_json({"type": "act", "action": frame["actions"][0]["action"], "ply": frame["ply"]})
        frame = _my_turn(ws)
    with _Server(url) as client:  # a restart loads the uploaded profile again
        ws = _join(client, t["table"], t["tokens"]["0"])
        assert ws.receive_json() == frame
        end = _play_to_the_end(ws, random.Random(2), frame)
        assert end["settlement"] is not None
        # the viewer and its analysis draw the hand under the uploaded profile itself
        for asked in ("viewer", "viewer?analysis=1"):
            page = client.get(f"/api/tables/{t['table']}/{asked}")
            assert page.status_code == 200, page.text
            assert "My Potter" in page.text and "<!DOCTYPE html>" in page.text


def test_two_uploads_never_share_a_name() -> None:
    """Each uploaded text's rules are named after its digest: a worker that finds a
    view's rules by name (rules_named) cannot take one upload's rules for another's,
    and a refusal still names the file ``upload.yaml``."""
    from alsos.ruleset.tables import known_rules, remember
    from alsos.web.uploads import read_upload

    one = read_upload("extends: potter1930\nname: One\n", 3)
    two = read_upload("extends: potter1930\nname: Two\n", 3)
    assert isinstance(one, alsos.Ruleset) and isinstance(two, alsos.Ruleset)
    assert str(one) != str(two) and str(one).startswith("upload-")
    remember(one)
    remember(two)
    assert known_rules(str(one)) is one and known_rules(str(two)) is two
    refused = read_upload("extends: potter1930\nplayers: 7\n", 3)
    assert isinstance(refused, str) and refused.startswith("upload.yaml")
