"""Accounts at the web table (issue 36): registering, signing in and out, sessions that
survive a restart, CSRF, sign-in limits, seats linked to accounts, rated hands, the
player's page and the leaderboard -- and the attacks on each."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("argon2")

from starlette.websockets import WebSocketDisconnect
from test_web import _join, _play_to_the_end, _Server, _table

from alsos.web.accounts import AccountError, LoginLimits, check_name, check_password, name_key
from alsos.web.people import COOKIE

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PASSWORD = "correct horse battery"


@pytest.fixture
def client(db_url: str) -> Iterator[_Server]:
    with _Server(db_url) as c:
        yield c


def _wait_noted(hub: Any, table: str) -> None:
    """Wait until the table's first hand is noted (rated or not): it is done aside."""
    for _ in range(200):
        if hub.rated.was_noted(table, 1):
            return
        time.sleep(0.02)
    raise AssertionError(f"hand 1 of table {table} was not noted")


def _register(client: _Server, name: str, password: str = PASSWORD) -> str:
    r = client.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    assert r.json()["name"] == name
    return str(r.json()["csrf"])


def _sign_in(client: _Server, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password})


# ------------------------------------------------------------------ names


def test_names_and_passwords_are_checked() -> None:
    assert check_name("  Kovács_Éva ") == "Kovács_Éva"
    assert name_key("KOVÁCS_éva") == name_key("kovács_Éva")
    for bad in ("ab", "x" * 25, "_lead", "with space", "semi;colon", 3):
        with pytest.raises(AccountError):
            check_name(bad)
    assert check_password("12345678") == "12345678"
    for bad in ("short", "x" * 257, None):
        with pytest.raises(AccountError):
            check_password(bad)


# ------------------------------------------------------------------ accounts


def test_register_sign_out_and_in_again(client: _Server) -> None:
    csrf = _register(client, "Dóra")
    assert client.get("/api/me").json() == {"name": "Dóra", "csrf": csrf}
    cookie = client.cookies.get(COOKIE)
    assert cookie and len(cookie) >= 40
    r = client.delete("/api/session", headers={"x-csrf-token": csrf})
    assert r.status_code == 200 and client.get("/api/me").json() == {"name": None}
    # the old cookie no longer opens anything, even sent again by hand
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie)
    assert client.get("/api/me").json() == {"name": None}
    client.cookies.clear()
    assert _sign_in(client, "dóra").json()["name"] == "Dóra"  # names fold case
    client.cookies.clear()
    r = client.post("/api/accounts", json={"name": "DÓRA", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["error"]


def test_passwords_are_never_stored_in_clear(client: _Server) -> None:
    _register(client, "eve_01")
    from sqlalchemy import text

    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.store.engine.connect() as conn:
        stored = [tuple(r) for r in conn.execute(text("SELECT * FROM alsos_accounts"))]
        sessions = [tuple(r) for r in conn.execute(text("SELECT * FROM alsos_sessions"))]
    assert PASSWORD not in repr(stored)
    assert stored[0][2].startswith("$argon2id$")
    # the session id in the cookie is not what is stored (only its SHA-256)
    assert client.cookies.get(COOKIE) not in repr(sessions)


def test_wrong_passwords_and_unknown_names_say_the_same(client: _Server) -> None:
    _register(client, "frank")
    client.cookies.clear()
    wrong = _sign_in(client, "frank", "not the password")
    unknown = _sign_in(client, "nobody_here", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong name or password"}
    assert COOKIE not in client.cookies


def test_an_unknown_name_takes_as_long_as_a_wrong_password(client: _Server) -> None:
    """An answer's time must not tell whether a name has an account: an unknown name
    is checked against a dummy hash of the same cost."""
    _register(client, "grace")
    client.cookies.clear()

    def timed(name: str) -> float:
        t0 = time.perf_counter()
        assert _sign_in(client, name, "wrong password!").status_code == 401
        return time.perf_counter() - t0

    times: dict[str, list[float]] = {"grace": [], "no_such_one": []}
    for _ in range(3):  # interleaved, under the per-account limit of 5
        for name in times:
            times[name].append(timed(name))
    known, unknown = (statistics.median(v) for v in times.values())
    assert 0.5 < unknown / known < 2.0, times


def test_sign_in_attempts_are_limited_per_name_and_address_and_per_client() -> None:
    limits = LoginLimits(per_pair=3, per_client=5, per_account=8, window=60.0)
    for i in range(3):
        assert limits.attempt("anna", "1.2.3.4", now=i) is None
    assert "this name from this address" in (limits.attempt("ANNA", "1.2.3.4", now=3) or "")
    # someone else's wrong guesses do not lock anna out of her own address
    assert limits.attempt("anna", "5.6.7.8", now=3) is None
    assert limits.attempt("bela", "1.2.3.4", now=4) is None
    assert limits.attempt("cili", "1.2.3.4", now=4) is None
    assert "this address" in (limits.attempt("dani", "1.2.3.4", now=5) or "")
    # one name from many addresses: a higher limit
    for i in range(4):
        assert limits.attempt("anna", f"10.0.0.{i}", now=6) is None
    assert "this name" in (limits.attempt("anna", "10.0.0.9", now=6) or "")
    # a success forgets its attempt
    for _ in range(10):
        assert limits.attempt("emma", "9.9.9.9", now=7) is None
        limits.succeeded("emma", "9.9.9.9")
    assert limits.attempt("anna", "1.2.3.4", now=70) is None, "the window moves on"


def test_the_server_refuses_a_sixth_failed_sign_in(client: _Server) -> None:
    _register(client, "hugo")
    client.cookies.clear()
    for _ in range(5):
        assert _sign_in(client, "hugo", "wrong password!").status_code == 401
    r = _sign_in(client, "hugo")  # even the right password: the limit comes first
    assert r.status_code == 429 and "too many failed sign-ins" in r.json()["error"]


def test_a_session_cookie_set_before_signing_in_is_never_kept(client: _Server) -> None:
    """SignedIn fixation: a cookie planted before signing in does not become the session."""
    _register(client, "ilona")
    client.cookies.clear()
    planted = "planted-by-an-attacker-0123456789abcdef"
    client.cookies.set(COOKIE, planted)
    assert client.get("/api/me").json() == {"name": None}
    r = _sign_in(client, "ilona")
    assert r.status_code == 200
    assert r.cookies.get(COOKIE) not in (None, planted)
    client.cookies.clear()
    client.cookies.set(COOKIE, planted)  # the attacker's copy opens nothing
    assert client.get("/api/me").json() == {"name": None}


def test_state_changing_requests_need_the_csrf_token(client: _Server) -> None:
    csrf = _register(client, "jani")
    # another site's page cannot sign anyone in or out, nor make a table with the session
    r = client.delete("/api/session")
    assert r.status_code == 403 and "X-CSRF-Token" in r.json()["error"]
    r = client.delete("/api/session", headers={"x-csrf-token": "wrong" + csrf})
    assert r.status_code == 403
    r = client.post("/api/tables", json={"variant": "tompa", "seats": ["human", "medium"]})
    assert r.status_code == 403
    r = client.post(
        "/api/tables",
        json={"variant": "tompa", "seats": ["human", "medium"]},
        headers={"x-csrf-token": csrf},
    )
    assert r.status_code == 200
    assert client.get("/api/me").json()["name"] == "jani", "still signed in"
    r = client.post(
        "/api/session",
        json={"name": "jani", "password": PASSWORD},
        headers={"origin": "https://elsewhere.example", "x-csrf-token": csrf},
    )
    assert r.status_code == 403
    # without a session, nothing needs a token: the seat links work as before
    client.cookies.clear()
    assert (
        client.post(
            "/api/tables", json={"variant": "tompa", "seats": ["human", "medium"]}
        ).status_code
        == 200
    )


def test_sessions_survive_a_restart(db_url: str) -> None:
    with _Server(db_url) as first:
        csrf = _register(first, "kati")
        cookie = first.cookies.get(COOKIE)
    with _Server(db_url) as again:
        again.cookies.set(COOKIE, str(cookie))
        assert again.get("/api/me").json() == {"name": "kati", "csrf": csrf}


# ------------------------------------------------------------------ seats and rated hands


def _signed_in_csrf(client: _Server) -> dict[str, str]:
    return {"x-csrf-token": client.get("/api/me").json()["csrf"]}


def _my_table(client: _Server, seats: list[str]) -> Any:
    """A tompa table made by the page signed in (its CSRF token sent)."""
    r = client.post(
        "/api/tables", json={"variant": "tompa", "seats": seats}, headers=_signed_in_csrf(client)
    )
    assert r.status_code == 200, r.text
    return r.json()


def _as(client: _Server, cookie: str | None) -> None:
    """Make ``client`` send ``cookie`` as its session (None: no session), as another
    browser would."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set(COOKIE, cookie)


def test_a_seat_link_does_not_grant_the_accounts_rights(client: _Server) -> None:
    """Once a signed-in person opens a seat, the seat is the account's: its link alone,
    in another browser or signed in as someone else, no longer opens it."""
    _register(client, "laci")
    laci = client.cookies.get(COOKIE)
    t = _my_table(client, ["human", "medium"])
    token = t["tokens"]["0"]
    _join(client, t["table"], token).close()  # signed in: the seat is linked to laci
    for stranger in (None, "register mari"):
        _as(client, None)
        if stranger:
            _register(client, "mari")
        ws = client.socket(t["table"])
        ws.send_json({"type": "hello", "token": token})
        frame = ws.receive_json()
        assert frame["type"] == "error" and "sign in as laci" in frame["reason"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
        # and the link gives no account's data: the player page lists no hands
        assert "played" not in client.get("/api/players/laci").json()
    _as(client, laci)  # laci, signed in, opens it again
    _join(client, t["table"], token)
    assert "played" in client.get("/api/players/laci").json()


def test_a_rated_hand_moves_the_ratings_and_lists_the_hand(client: _Server) -> None:
    _register(client, "nora")
    t = _my_table(client, ["human", "medium"])
    ws = _join(client, t["table"], t["tokens"]["0"])
    final = _play_to_the_end(ws, random.Random(3))
    paid = final["settlement"]["payments"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    _wait_noted(hub, t["table"])
    page = client.get("/api/players/nora").json()
    assert page["hands"] == 1
    (played,) = page["played"]
    assert played["table"] == t["table"] and played["hand"] == 1
    mine = paid["0"] if isinstance(paid, dict) else paid[0]
    assert played["payment"] == mine
    board = client.get("/api/leaderboard?variant=tompa").json()["rows"]
    names = {(r["name"], r["bot"]) for r in board}
    if mine != 0:
        assert played["rated"] and names == {("nora", False), ("medium", True)}
        nora = next(r for r in board if r["name"] == "nora")
        assert (nora["mu"] > 25.0) == (mine > 0) and nora["hands"] == 1
    r = client.get(played["record"])
    assert r.status_code == 200 and "nora" not in client.get("/api/players/nobody").text


def test_a_hand_with_a_person_without_an_account_is_not_rated(client: _Server) -> None:
    _register(client, "olga")
    olga = client.cookies.get(COOKIE)
    t = _my_table(client, ["human", "human"])
    mine = _join(client, t["table"], t["tokens"]["0"])
    _as(client, None)  # a guest with the other link, no account
    theirs = _join(client, t["table"], t["tokens"]["1"])
    rng = random.Random(5)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game = hub.rooms[t["table"]].game
    while not game.is_over:
        _play_one(mine if game.to_act == 0 else theirs, rng, len(game.history))
        for _ in range(500):  # until the table has taken it
            if hub.rooms[t["table"]].game is not game:
                break
            time.sleep(0.005)
        game = hub.rooms[t["table"]].game
    _wait_noted(hub, t["table"])
    _as(client, olga)
    page = client.get("/api/players/olga").json()
    assert page["hands"] == 1 and page["played"][0]["rated"] is False
    assert client.get("/api/leaderboard?variant=tompa").json()["rows"] == []


def _play_one(ws: Any, rng: random.Random, ply: int) -> None:
    """Read this seat's frames up to the state at ``ply`` and take a random action."""
    while True:
        frame = ws.receive_json()
        if frame["type"] == "state" and frame["ply"] == ply and frame["actions"]:
            choice = rng.choice(frame["actions"])
            ws.send_json({"type": "act", "action": choice["action"], "ply": ply})
            return


def test_unknown_players_and_bad_names_are_refused(client: _Server) -> None:
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/" + "x" * 80).status_code == 404
    r = client.post("/api/accounts", json={"name": "a b", "password": PASSWORD})
    assert r.status_code == 400 and "letters and digits" in r.json()["error"]
    r = client.post("/api/accounts", content=b"name=x", headers={"content-type": "text/plain"})
    assert r.status_code == 415


# ------------------------------------------------------------------ information is a rule


def test_the_players_page_and_leaderboard_tell_nothing_of_a_hand_in_play() -> None:
    """Two servers whose deals differ only in two cards hidden from the account's seat,
    played the same way for a few actions: the player's page (as the player sees it)
    and the leaderboard are the same, and list no hand until it is over."""
    from hidden_swaps import swapped

    import alsos

    rules = alsos.load_variant("potter1930")
    first = alsos.Game(rules, seed=11, dealer=0)
    found = swapped(first, 0, random.Random(2))
    assert found is not None
    pages = []
    for deal in (first.deal, found[0]):
        with _Server() as client:
            _register(client, "anna")
            create = client.app.state.hub.create  # type: ignore[attr-defined]
            table, tokens = client.portal.call(  # type: ignore[union-attr]
                lambda create=create, deal=deal: create(
                    "potter1930", ["human", "human", "human"], deal=deal
                )
            )
            _join(client, table, tokens[0])  # signed in: linked to anna
            game = client.app.state.hub.rooms[table].game  # type: ignore[attr-defined]
            assert not game.is_over
            page = client.get("/api/players/anna").json()
            del page["since"]
            board = client.get("/api/leaderboard?variant=potter1930").json()
            pages.append((page, board))
    assert pages[0] == pages[1]
    assert pages[0][0]["played"] == [] and pages[0][0]["hands"] == 0


def test_a_hand_not_rated_before_a_restart_is_rated_when_its_table_loads(db_url: str) -> None:
    """The server stored the hand's last action but stopped before rating it (here: the
    rating's rows removed by hand): loaded again, the table rates it, once."""
    from sqlalchemy import text

    with _Server(db_url) as client:
        _register(client, "piri")
        cookie = client.cookies.get(COOKIE)
        t = _my_table(client, ["human", "medium"])
        ws = _join(client, t["table"], t["tokens"]["0"])
        _play_to_the_end(ws, random.Random(8))
        hub = client.app.state.hub  # type: ignore[attr-defined]
        _wait_noted(hub, t["table"])
        before = client.get("/api/players/piri").json()
        with hub.store.engine.begin() as conn:
            for name in ("alsos_rated_hands", "alsos_hands_played", "alsos_ratings"):
                conn.execute(text(f"DELETE FROM {name}"))
    with _Server(db_url) as again:
        _as(again, str(cookie))
        assert again.get(f"/api/tables/{t['table']}/record").status_code == 200  # loads it
        hub = again.app.state.hub  # type: ignore[attr-defined]
        _wait_noted(hub, t["table"])
        after = again.get("/api/players/piri").json()
        assert not hub.rated.record(
            t["table"], 1, "tompa", ["piri", "bot:medium"], {}, [0, 1], [1, -1]
        )
    assert after["hands"] == before["hands"] == 1
    assert after["ratings"] == before["ratings"]
    assert [{k: v for k, v in h.items() if k != "at"} for h in after["played"]] == [
        {k: v for k, v in h.items() if k != "at"} for h in before["played"]
    ]


def test_puzzles_answered_signed_in_show_on_the_players_page(client: _Server) -> None:
    """The puzzle board's rating request names the puzzle: signed in, the first answer
    to each puzzle is noted for the player's page; without a session nothing is kept."""
    body = {"mu": None, "sigma": None, "difficulty": 2, "left": []}
    r = client.post("/api/puzzles/rating", json={**body, "id": "p-1", "solved": True})
    assert r.status_code == 200  # anonymous: answered, nothing noted
    _register(client, "rozi")
    csrf = _signed_in_csrf(client)
    for pid, solved in (("p-1", True), ("p-2", False), ("p-1", False)):  # p-1 again: ignored
        r = client.post(
            "/api/puzzles/rating", json={**body, "id": pid, "solved": solved}, headers=csrf
        )
        assert r.status_code == 200, r.text
    assert client.get("/api/players/rozi").json()["puzzles"] == {"tried": 2, "solved": 1}
    r = client.post("/api/puzzles/rating", json={**body, "id": "p-3", "solved": True})
    assert r.status_code == 403, "signed in: the token is needed"


def test_a_seat_is_linked_only_when_no_one_else_has_it_open(client: _Server) -> None:
    """A page already open at the seat could be someone else's: signing in and opening
    the same link then does not make that seat the account's (they would play as it)."""
    t = _table(client, "tompa", ["human", "medium"])
    _join(client, t["table"], t["tokens"]["0"])  # an anonymous page, open
    _register(client, "sanyi")
    _join(client, t["table"], t["tokens"]["0"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.accounts.seat_accounts(t["table"]) == {}


def test_one_account_holds_one_seat_of_a_table(client: _Server) -> None:
    """Opening a second seat's link while signed in plays it without the account: no
    one is rated playing against themselves."""
    _register(client, "tibi")
    t = _my_table(client, ["human", "human"])
    _join(client, t["table"], t["tokens"]["0"])
    _join(client, t["table"], t["tokens"]["1"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.accounts.seat_accounts(t["table"]) == {0: "tibi"}
    # and were an account ever listed at two seats, the hand is noted unrated, once
    assert hub.rated.record(
        "x", 1, "tompa", ["tibi", "tibi"], {0: "tibi", 1: "tibi"}, [0, 1], [2, -2]
    )
    assert client.get("/api/players/tibi").json()["played"][0]["rated"] is False


def test_too_many_sign_ins_waiting_for_a_hash_are_refused(client: _Server) -> None:
    """A flood of sign-ins cannot queue unbounded hashing work: past WAITING_AT_MOST
    waiting, the next is answered 503 at once (and counts as an attempt)."""
    from alsos.web.people import WAITING_AT_MOST

    people = client.app.state.people  # type: ignore[attr-defined]
    people._waiting = WAITING_AT_MOST
    r = _sign_in(client, "someone", "whatever it is")
    assert r.status_code == 503 and "too many sign-ins" in r.json()["error"]
    r = client.post("/api/accounts", json={"name": "someone", "password": PASSWORD})
    assert r.status_code == 503
    people._waiting = 0
    _register(client, "someone")
