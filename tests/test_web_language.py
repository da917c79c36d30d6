"""The web table in the page's language (issue 33): each page says which language it
reads in its hello, and is sent the story, the choices and the settlement in it; the
notation and the data are the same in any language."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from test_web import _Server, _table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _open(client: _Server, table: str, token: str, lang: str | None) -> object:
    ws = client.socket(table)
    hello = {"type": "hello", "token": token}
    if lang is not None:
        hello["lang"] = lang
    ws.send_json(hello)
    return ws


def _state(ws: object) -> dict[str, object]:
    for _ in range(200):
        frame = ws.receive_json()  # type: ignore[attr-defined]
        if frame["type"] == "state":
            return dict(frame)
    raise AssertionError("no state")


def _at_my_turn(ws: object) -> dict[str, object]:
    """The first state in which the seat has choices: the bots then wait, so two pages
    of the same seat read there are at the same ply whenever each was opened."""
    for _ in range(50):
        state = _state(ws)
        if state["actions"]:
            return state
    raise AssertionError("the seat was never asked to act")


def test_each_page_reads_its_own_language() -> None:
    with _Server() as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        english = _open(client, t["table"], t["tokens"]["0"], None)
        magyar = _open(client, t["table"], t["tokens"]["0"], "hu")
        watch = _open(client, t["table"], t["spectator"], "hu")
        en, hu, spectator = _at_my_turn(english), _at_my_turn(magyar), _state(watch)
        assert en["ply"] == hu["ply"] and en["view"] == hu["view"] and en["held"] == hu["held"]
        # the same choices, in the notation, each explained in its language (a card is
        # also named in it; the other choices are labelled by their notation)
        assert [a["action"] for a in en["actions"]] == [a["action"] for a in hu["actions"]]
        explained = [
            (a["help"], b["help"]) for a, b in zip(en["actions"], hu["actions"], strict=True)
        ]
        assert all(e != h for e, h in explained if e)
        told_en = json.dumps(en["story"], ensure_ascii=False)
        told_hu = json.dumps(hu["story"], ensure_ascii=False)
        assert "Bidding" in told_en and "Bidding" not in told_hu
        assert "(te)" in told_hu or "(you)" not in told_hu
        assert "Bidding" not in json.dumps(spectator["story"], ensure_ascii=False)


def test_a_language_without_words_is_refused_by_name() -> None:
    with _Server() as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        ws = _open(client, t["table"], t["tokens"]["0"], "xx")
        frame = ws.receive_json()  # type: ignore[attr-defined]
        assert frame["type"] == "error"
        assert "'xx'" in frame["reason"] and "hu (magyar" in frame["reason"]


def test_a_whole_hand_is_played_and_settled_in_hungarian() -> None:
    with _Server() as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        ws = _open(client, t["table"], t["tokens"]["0"], "hu")
        rng = random.Random(3)
        state = _state(ws)
        for _ in range(300):
            if state["settlement"] is not None:
                break
            if state["actions"]:
                pick = rng.choice(state["actions"])["action"]  # type: ignore[index]
                ws.send_json({"type": "act", "action": pick, "ply": state["ply"]})  # type: ignore[attr-defined]
            state = _state(ws)
        assert state["settlement"] is not None
        explained = " ".join(line["text"] for line in state["explained"])  # type: ignore[attr-defined]
        assert explained and "payments" not in explained and "tricks won" not in explained


def test_the_rules_page_is_in_the_language_asked() -> None:
    """*Rules of this table* in the page's language: the Hungarian rulebook (its section
    titles, the glossary's heading, ``lang="hu"``), kept per language; an unknown
    language is refused by name."""
    with _Server() as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        hu = client.get(f"/api/tables/{t['table']}/rules?lang=hu")
        en = client.get(f"/api/tables/{t['table']}/rules")
        assert hu.status_code == 200 and '<html lang="hu">' in hu.text
        assert "Játékosok és lapok" in hu.text and "Szójegyzék" in hu.text
        assert "Players and cards" not in hu.text
        assert "Players and cards" in en.text and '<html lang="en">' in en.text
        bad = client.get(f"/api/tables/{t['table']}/rules?lang=xx")
        assert bad.status_code == 400 and "'xx'" in bad.json()["error"]


def test_refusals_and_hints_come_in_the_page_language() -> None:
    """What the server refuses a seat (a move out of turn, a stale move, a bad name)
    and the hint it gives are written in that page's language; the English page keeps
    its English."""
    with _Server() as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        magyar = _open(client, t["table"], t["tokens"]["0"], "hu")
        state = _state(magyar)
        magyar.send_json({"type": "act", "action": "pass", "ply": state["ply"] + 5})  # type: ignore[attr-defined]
        refused = _frame(magyar, "refused")
        assert refused["reason"].startswith("elavult lépés")
        magyar.send_json({"type": "name", "name": "   "})  # type: ignore[attr-defined]
        assert _frame(magyar, "refused")["reason"] == "a névben legalább egy betűnek lennie kell"
        english = _open(client, t["table"], t["tokens"]["0"], None)
        _state(english)
        english.send_json({"type": "name", "name": "   "})  # type: ignore[attr-defined]
        assert _frame(english, "refused")["reason"] == "a name needs at least one letter"
        asking = _open(client, t["table"], t["tokens"]["0"], "hu")  # a page at the table now
        state = _state(asking)
        while not state["actions"]:  # the bots move: their states come
            state = _state(asking)
        asking.send_json({"type": "hint"})  # type: ignore[attr-defined]
        hint = _frame(asking, "hint")["text"]
        assert hint.startswith("tipp: ") and "." not in hint.split("(")[0].split("ér")[-1]


def _frame(ws: object, kind: str) -> dict[str, Any]:
    for _ in range(200):
        frame = ws.receive_json()  # type: ignore[attr-defined]
        if frame["type"] == kind:
            return dict(frame)
    raise AssertionError(f"no {kind} frame")


def test_the_form_names_the_variants_in_the_page_language() -> None:
    """``GET /api/variants?lang=hu``: each shipped variant by its profile's Hungarian
    name (its ``words:``), the ids and counts the same as in English."""
    with _Server() as client:
        en = client.get("/api/variants").json()["variants"]
        hu = client.get("/api/variants?lang=hu").json()["variants"]
        assert [(v["id"], v["counts"]) for v in en] == [(v["id"], v["counts"]) for v in hu]
        names = {v["id"]: v["name"] for v in hu}
        assert names["csibor"] == "Alsós Csibor szerint (2001, magyar Wikipédia)"
        assert {v["id"]: v["name"] for v in en}["csibor"].startswith("Alsós after Csibor")
        assert client.get("/api/variants?lang=xx").status_code == 400
