"""Duplicate tournaments at the web table (issue 36): made, joined, started, seated by the
movement, played to a final ranking -- on SQLite and PostgreSQL -- and the page's
ranking and score sheets checked against a computation of our own from the stored
hands; nothing of a board shown before every table has played it."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("argon2")

from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from test_web import _until
from web_helpers import own_matchpoints

import alsos
from alsos.web.app import create_app
from alsos.web.director import MAX_OWNED
from alsos.web.people import COOKIE
from alsos.web.standings import page
from alsos.web.tournaments import EntrantRow, ResultRow, SeatPlace

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PASSWORD = "correct horse battery"
PEOPLE = ("anna", "bela", "cili", "dani")


class _People(TestClient):
    """One server; requests made as one of several accounts (each its own cookie)."""

    def __init__(self, url: str) -> None:
        super().__init__(create_app(url, bot_delay=0, hand_pause=None, board_pause=0))
        self.sessions: dict[str, tuple[str, str]] = {}

    def register(self, name: str) -> None:
        self.cookies.clear()
        r = self.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.sessions[name] = (str(self.cookies.get(COOKIE)), r.json()["csrf"])

    def as_(self, name: str | None, method: str, url: str, **kw: Any) -> Any:
        self.cookies.clear()
        headers = {}
        if name is not None:
            cookie, csrf = self.sessions[name]
            self.cookies.set(COOKIE, cookie)
            headers["x-csrf-token"] = csrf
        return self.request(method, url, headers=headers, **kw)


@pytest.fixture
def people(db_url: str) -> Iterator[_People]:
    with _People(db_url) as c:
        for name in PEOPLE:
            c.register(name)
        yield c


def _make(c: _People, **asked: Any) -> str:
    body = {"title": "Vasárnapi kupa", "variant": "potter1930", "rounds": 2, "boards": 1,
            "level": "medium", "grace": 0, **asked}  # fmt: skip
    r = c.as_("anna", "POST", "/api/tournaments", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["tournament"])


def _wait(c: _People, tid: str, state: str, seconds: float = 120.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data: dict[str, Any] = c.get(f"/api/tournaments/{tid}").json()
        if data["state"] == state:
            return data
        time.sleep(0.1)
    raise AssertionError(f"tournament {tid} is not {state}: {data}")


def _own_matchpoints(c: _People, tid: str) -> dict[int, tuple[int, int]]:
    """Each entrant's matchpoints and top, computed here from the stored hands: each
    tournament table's hands replayed from their deals and actions, and each result
    compared with the others at the same board and seat."""
    hub = c.app.state.hub  # type: ignore[attr-defined]
    places = hub.tournaments.places(tid)
    t = hub.tournaments.get(tid)
    rules = alsos.load_variant("potter1930")
    held: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for table_id in dict.fromkeys(p.table_id for p in places):
        row = hub.store.table(table_id)
        here = [p for p in places if p.table_id == table_id]
        for n, done in enumerate((*row.hands, (row.dealer, row.deal, row.actions))):
            dealer, deal, actions = done[0], done[1], done[2]
            game = alsos.Game(rules, deal=deal, dealer=dealer)
            for seat, action in actions:
                game.apply(action, seat=seat)
            if not game.is_over:
                continue
            board = here[0].round * t.boards + n
            for p in here:
                held[board, p.seat].append((p.entrant, game.settlement.payments.get(p.seat, 0)))
    return own_matchpoints(held)


def test_a_tournament_runs_to_its_final_ranking(people: _People) -> None:
    c = people
    tid = _make(c)
    listed = c.get("/api/tournaments").json()["tournaments"]
    assert [t["id"] for t in listed] == [tid] and "seed" not in listed[0]
    for name in PEOPLE:
        assert c.as_(name, "POST", f"/api/tournaments/{tid}/entrants").status_code == 200
    assert c.as_("bela", "POST", f"/api/tournaments/{tid}/start").status_code == 403
    assert c.as_("anna", "POST", f"/api/tournaments/{tid}/start").status_code == 200
    assert c.as_("anna", "POST", f"/api/tournaments/{tid}/start").status_code == 409
    assert c.as_("bela", "DELETE", f"/api/tournaments/{tid}/entrants").status_code == 409
    data = _wait(c, tid, "over")
    # four people and two bots of the level: two tables of three, two rounds
    assert [e["name"] for e in data["entrants"]][:4] == list(PEOPLE)
    assert [e["bot"] for e in data["entrants"]][4:] == ["medium", "medium"]
    assert data["seated"] == 2 and len(data["rounds_seated"]) == 2
    hub = c.app.state.hub  # type: ignore[attr-defined]
    places = hub.tournaments.places(tid)
    for round_ in (0, 1):
        tables = {p.table_id for p in places if p.round == round_}
        assert len(tables) == 2
        deals = {hub.store.table(t).deal for t in tables}
        assert len(deals) == 1  # one board, the same cards at both tables
        assert all(hub.rated.was_noted(t, 1) for t in tables)  # rated once played everywhere
        for t in tables:  # people's seats are linked to their accounts and named so
            linked = hub.accounts.seat_accounts(t)
            for p in places:
                if p.table_id == t and p.entrant < 4:
                    assert linked[p.seat] == PEOPLE[p.entrant]
    # every position of every board was held by two different entrants
    for board in data["travellers"]:
        by_seat: dict[int, set[int]] = defaultdict(set)
        for r in board["results"]:
            by_seat[r["position"]].add(r["entrant"])
        assert all(len(v) == 2 for v in by_seat.values()) and len(by_seat) == 3
    assert len(data["travellers"]) == 2
    own = _own_matchpoints(c, tid)
    assert {r["entrant"]: (r["matchpoints"], r["top"]) for r in data["ranking"]} == own
    ranks = [r["rank"] for r in data["ranking"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    percents = [r["percent"] for r in data["ranking"]]
    assert percents == sorted(percents, reverse=True)
    # the viewer links of the score sheets open the boards' hands
    link = data["travellers"][0]["results"][0]["viewer"]
    assert c.get(link).status_code == 200


def test_a_seat_opens_for_its_account_only_and_plays_fair(people: _People) -> None:
    """A tournament seat's link alone opens nothing (the seat is the account's); signed
    in, the person plays it, with no undo, hint or rematch: each result is compared."""
    c = people
    tid = _make(c, grace=600, rounds=1)
    for name in PEOPLE:
        c.as_(name, "POST", f"/api/tournaments/{tid}/entrants")
    c.as_("anna", "POST", f"/api/tournaments/{tid}/start")
    seat = c.as_("bela", "GET", f"/api/tournaments/{tid}").json()["you"]["seat"]
    table, token = seat["link"][len("#t=") :].split("&k=")
    for who in (None, "cili"):
        c.as_(who, "GET", "/api/me")
        with c.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})
            frame = ws.receive_json()
            assert frame["type"] == "error" and "sign in as bela" in frame["reason"]
    c.as_("bela", "GET", "/api/me")
    with c.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": token})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome"
        assert welcome["table"]["settings"]["tournament"] == tid
        ws.send_json({"type": "hint"})
        assert "no undo and no hints" in _until(ws, "hint")["text"]
        ws.send_json({"type": "undo", "ply": 0})
        assert "no undo and no hints" in _until(ws, "refused")["reason"]
        ws.send_json({"type": "rematch"})
        assert "its boards and no more" in _until(ws, "refused")["reason"]


def test_a_board_is_shown_nowhere_until_every_table_has_played_it(people: _People) -> None:
    """One person (away: the grace and turn time are long) and five bots: the bots'
    table plays both boards while the person's has not played one.  Nothing of those
    boards is shown -- no result, no record, viewer or puzzles of the bots' hands,
    no rating moved -- until the person's table has played them too."""
    c = people
    tid = _make(c, rounds=1, boards=2, grace=600, turn_time=600)
    c.as_("anna", "POST", f"/api/tournaments/{tid}/entrants")
    assert c.as_("anna", "POST", f"/api/tournaments/{tid}/start").status_code == 200
    hub = c.app.state.hub  # type: ignore[attr-defined]
    places = hub.tournaments.places(tid)
    mine = next(p.table_id for p in places if p.entrant == 0)
    bots = next(p.table_id for p in places if p.table_id != mine)
    end = time.monotonic() + 60
    while len(hub.tournaments.results(tid)) < 6 and time.monotonic() < end:
        time.sleep(0.05)
    assert {r.table_id for r in hub.tournaments.results(tid)} == {bots}  # both boards there
    data = c.get(f"/api/tournaments/{tid}").json()
    assert data["travellers"] == [] and data["ranking"] == []
    assert bots not in repr(data)
    for what in ("record", "viewer", "puzzles"):
        for hand in (1, 2):
            r = c.get(f"/api/tables/{bots}/{what}?hand={hand}")
            assert r.status_code == 403 and "every table" in r.text, (what, hand, r.text)
    assert not hub.rated.was_noted(bots, 1) and not hub.rated.was_noted(bots, 2)
    assert c.get("/api/leaderboard?variant=potter1930").json()["rows"] == []


def test_refusals_change_nothing(people: _People) -> None:
    c = people
    assert c.as_(None, "POST", "/api/tournaments", json={"title": "x"}).status_code == 401
    for bad, said in (
        ({"title": ""}, "title"),
        ({"variant": "nope"}, "nope"),
        ({"rounds": 0}, "rounds"),
        ({"boards": 99}, "boards"),
        ({"level": "godlike"}, "level"),
        ({"grace": -1}, "grace"),
        ({"turn_time": 1}, "turn_time"),
        ({"level": []}, "level"),
        ({"players": [3]}, "players"),
    ):
        body = {"title": "T", "variant": "tompa", "rounds": 1, "boards": 1, **bad}
        r = c.as_("anna", "POST", "/api/tournaments", json=body)
        assert r.status_code == 400 and said in r.text, (bad, r.text)
    assert c.get("/api/tournaments").json()["tournaments"] == []
    tid = _make(c)
    assert c.as_("anna", "POST", f"/api/tournaments/{tid}/start").status_code == 409  # nobody
    # its maker may cancel it while it is open; nobody else may
    assert c.as_("bela", "DELETE", f"/api/tournaments/{tid}").status_code == 403
    assert c.as_("anna", "DELETE", f"/api/tournaments/{tid}").status_code == 200
    assert c.get(f"/api/tournaments/{tid}").status_code == 404
    tid = _make(c)
    assert c.as_(None, "POST", f"/api/tournaments/{tid}/entrants").status_code == 401
    assert c.get("/api/tournaments/nosuch").status_code == 404
    # a change without the session's CSRF token is refused before the route
    c.as_("bela", "GET", "/api/me")
    r = c.post(f"/api/tournaments/{tid}/entrants")
    assert r.status_code == 403
    assert c.get(f"/api/tournaments/{tid}").json()["joined"] == []
    # one account has at most MAX_OWNED tournaments that are not over
    for _ in range(MAX_OWNED - 1):
        _make(c)
    r = c.as_("anna", "POST", "/api/tournaments", json={"title": "T", "variant": "tompa"})
    assert r.status_code == 409 and "not over" in r.text
    assert len(c.get("/api/tournaments").json()["tournaments"]) == MAX_OWNED


def test_hungarian_refusals(people: _People) -> None:
    r = people.as_(None, "POST", "/api/tournaments?lang=hu", json={})
    assert r.status_code == 401 and r.json()["error"].startswith("versenyre nevezni")


# ------------------------------------------------------- what the page tells


def _rows(draw: Any) -> tuple[list[EntrantRow], list[SeatPlace], list[ResultRow]]:
    entrants = [EntrantRow(n, f"p{n}" if n < 4 else None, None if n < 4 else "medium")
                for n in range(6)]  # fmt: skip
    places = []
    for round_ in (0, 1):
        order = draw(st.permutations(range(6)))
        for i, e in enumerate(order):
            table, seat = divmod(i, 3)
            places.append(SeatPlace(round_, e, table, f"id{round_}{table}", seat, f"k{e}"))
    return entrants, places, []


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_page_tells_nothing_of_a_board_some_table_has_not_finished(data: Any) -> None:
    """Two sets of stored results that differ only in the boards not every table has
    finished make the same page, for anyone who asks, and it names no table id of an
    unfinished board."""
    entrants, places, _ = _rows(data.draw)
    boards = 2
    results_a, results_b = [], []
    unfinished = set()
    for board in range(4):
        round_ = board // boards
        at = [p for p in places if p.round == round_]
        done_tables = data.draw(st.sets(st.sampled_from([0, 1])))
        if done_tables != {0, 1}:
            unfinished.add(board)
        for p in at:
            if p.table_no not in done_tables:
                continue
            pay_a = data.draw(st.integers(-64, 64))
            pay_b = pay_a if done_tables == {0, 1} else data.draw(st.integers(-64, 64))
            hand = board % boards + 1
            where = (board, p.entrant, p.seat, p.table_no, p.table_id, hand)
            results_a.append(ResultRow(*where, pay_a))
            results_b.append(ResultRow(*where, pay_b))
    facts = {"id": "t", "title": "T", "variant": "potter1930", "players": 3, "rounds": 2,
             "boards": boards, "level": "medium", "grace": 60.0, "owner": "p0",
             "created": 0.0, "state": "playing", "seated": 2, "entrants": 6}  # fmt: skip
    for account in (None, "p1", "nobody"):
        a = page(facts, ["p0", "p1", "p2", "p3"], entrants, places, results_a, account)
        b = page(facts, ["p0", "p1", "p2", "p3"], entrants, places, results_b, account)
        assert a == b
        shown = {s["board"] - 1 for s in a["travellers"]}
        assert not shown & unfinished
        text = repr({k: v for k, v in a.items() if k != "you"})
        for r in results_a:
            if r.board in unfinished and not any(
                r.table_id in x["viewer"] for s in a["travellers"] for x in s["results"]
            ):
                assert r.table_id not in text


def test_the_page_gives_a_seat_link_to_its_own_account_only() -> None:
    entrants = [EntrantRow(n, f"p{n}", None) for n in range(6)]
    places = [SeatPlace(0, n, n // 3, f"id{n // 3}", n % 3, f"tok{n}") for n in range(6)]
    facts = {"id": "t", "title": "T", "variant": "potter1930", "players": 3, "rounds": 1,
             "boards": 1, "level": "medium", "grace": 60.0, "owner": "p0",
             "created": 0.0, "state": "playing", "seated": 1, "entrants": 6}  # fmt: skip
    for n in range(6):
        you = page(facts, [], entrants, places, [], f"p{n}")
        assert you["you"]["seat"]["link"] == f"#t=id{n // 3}&k=tok{n}"
        assert "tok" not in repr({k: v for k, v in you.items() if k != "you"})
    assert "you" not in page(facts, [], entrants, places, [], None)
    assert "seat" not in page(facts, [], entrants, places, [], "stranger")["you"]
