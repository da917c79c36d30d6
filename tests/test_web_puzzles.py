"""The web table's puzzles of a finished hand (issue 35): ``GET /api/tables/T/puzzles``.

The puzzles are those :func:`alsos.learn.find_puzzles` finds in the hand (the same
ones, in the same order, each readable back as a puzzle), each with its words in the
page's language; a hand still in play has none to give.  The board that shows them
is driven in a real browser by tests/test_web_puzzles_browser.py.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from test_web import _game, _join, _my_turn, _play_to_the_end, _Server, _table, client  # noqa: F401

from alsos.learn import SETS, find_puzzles, from_json, shipped


def _finished_hand(client: _Server, seed: int) -> str:  # noqa: F811
    """A potter1930 table whose hand a person played at random to its end (against two
    ``easy`` bots): its id."""
    t = _table(client, "potter1930", ["human", "easy", "easy"])
    ws = _join(client, t["table"], t["tokens"]["0"])
    frame = _my_turn(ws)
    assert client.get(f"/api/tables/{t['table']}/puzzles").status_code == 404  # in play
    assert _play_to_the_end(ws, random.Random(seed), frame)["settlement"] is not None
    return str(t["table"])


def test_the_puzzles_of_a_finished_hand_are_its_mistakes(client: _Server) -> None:  # noqa: F811
    table = _finished_hand(client, 3)
    r = client.get(f"/api/tables/{table}/puzzles")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    got = r.json()
    expected = find_puzzles(_game(client, table))
    assert expected, "a hand played at random had no clear mistake"
    assert got["lang"] == "en"
    assert [p["id"] for p in got["puzzles"]] == [p.id for p in expected]
    for data, p in zip(got["puzzles"], expected, strict=True):
        assert from_json(data["puzzle"]) == p
        assert data["answer"] == str(p.answer) and data["seat"] == p.seat
        assert [c["action"] for c in data["choices"]] == [str(a) for a in p.legal]
        assert data["hand"] == [c.name for c in p.view.hand]
        said = {c["action"]: c["said"] for c in data["choices"]}
        assert said[str(p.answer)][0].startswith("Right:")
        assert all(s[0].startswith("Not quite:") for a, s in said.items() if a != str(p.answer))
        assert data["lines"][0].startswith(f"Puzzle {p.id}")
    assert client.get(f"/api/tables/{table}/puzzles").text == r.text  # made once, kept


def test_the_puzzles_come_in_the_page_s_language(client: _Server) -> None:  # noqa: F811
    table = _finished_hand(client, 3)
    english = client.get(f"/api/tables/{table}/puzzles").json()["puzzles"]
    hungarian = client.get(f"/api/tables/{table}/puzzles?lang=hu").json()
    assert hungarian["lang"] == "hu"
    assert [p["id"] for p in hungarian["puzzles"]] == [p["id"] for p in english]
    for hu, en in zip(hungarian["puzzles"], english, strict=True):
        assert hu["puzzle"] == en["puzzle"]  # the data is the same, only the words differ
        assert hu["lines"][0].endswith("a 4-ből") and hu["theme"] != en["theme"]
    assert client.get(f"/api/tables/{table}/puzzles?lang=xx").status_code == 400


def test_no_puzzles_of_a_table_that_is_not_there(client: _Server) -> None:  # noqa: F811
    assert client.get("/api/tables/nosuch/puzzles").status_code == 404
    assert client.get(f"/api/tables/{'x' * 40}/puzzles").status_code == 404


def test_the_shipped_sets_for_practice(client: _Server) -> None:  # noqa: F811
    for variant in SETS:
        got = client.get(f"/api/puzzles?variant={variant}&lang=hu").json()
        assert got["lang"] == "hu"
        assert [p["id"] for p in got["puzzles"]] == [p.id for p in shipped(variant)]
    assert client.get("/api/puzzles?variant=club").status_code == 404
