"""The guided first hand at the web table (issue 35): ``GET /api/tutorial``.

The page plays the lesson of :func:`alsos.learn.tutorial.lesson` from this data:
one frame for the deal and one for each action of the worked example, each
idea's words where the lesson explains it, and at the learner's decisions the
move asked for among the legal ones.  The page itself is driven in a real browser
by tests/test_web_tutorial_browser.py.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from test_web import _Server, client  # noqa: F401

import alsos
from alsos.learn.tutorial import lesson
from alsos.rulebook import worked_example
from alsos.words.tutorial import idea_text


@pytest.mark.parametrize("variant", ["potter1930", "tompa"])
def test_the_guided_hand_as_the_page_plays_it(client: _Server, variant: str) -> None:  # noqa: F811
    r = client.get(f"/api/tutorial?variant={variant}")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    data = r.json()
    rules = alsos.load_variant(variant)
    record = worked_example(rules)
    assert record is not None
    taught = lesson(record, rules=rules)
    assert data["seat"] == taught.seat and data["rules"] == rules.name  # English: its own name
    frames = data["steps"][1:]
    assert len(frames) == len(taught.steps)
    game = taught.new_game()
    assert data["steps"][0]["before"] == [idea_text("deal", game)]
    for frame, step in zip(frames, taught.steps, strict=True):
        assert frame["asks"] == step.asks
        assert frame["before"] == [idea_text(i, game, step) for i in step.before]
        if step.asks:
            assert frame["move"] == str(step.action) and frame["move"] in frame["legal"]
            assert frame["hand"] == [c.name for c in game.view(taught.seat).hand]
        game.apply(step.action, seat=step.seat)
        assert frame["after"] == [idea_text(i, game, step) for i in step.after]
    assert any("Payments" in line or "payments" in line for line in data["story"])
    assert client.get(f"/api/tutorial?variant={variant}").text == r.text  # made once


def test_the_guided_hand_in_hungarian_and_refusals(client: _Server) -> None:  # noqa: F811
    english = client.get("/api/tutorial").json()
    hungarian = client.get("/api/tutorial?lang=hu").json()
    assert hungarian["lang"] == "hu" and english["lang"] == "en"
    assert hungarian["steps"][1]["before"][0].startswith("Először a licit")
    assert [f.get("move") for f in hungarian["steps"]] == [f.get("move") for f in english["steps"]]
    assert client.get("/api/tutorial?variant=club").status_code == 404
    assert client.get("/api/tutorial?lang=xx").status_code == 400
