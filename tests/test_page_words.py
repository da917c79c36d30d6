"""The web page's own words in the page's language (issue 33): every message the page's
scripts and HTML show is in :data:`alsos.web.page_words.PAGE`, served by
``GET /api/words``, and a page read in the pseudo-language ``qps`` shows none of them
unwrapped (so no English-only text is left on the page)."""

from __future__ import annotations

import pytest
from page_text import page_messages

from alsos.language import language
from alsos.web.page_words import PAGE, page_words

pytest.importorskip("starlette")
pytest.importorskip("httpx")

#: Messages the scripts build from the data (a contract's kind of game), not literally.
_FROM_DATA = {"no-trumps", "betli"}


def test_every_message_the_page_looks_up_is_listed_and_no_other() -> None:
    used = page_messages()
    assert used - set(PAGE) == set(), "add them to alsos.web.page_words.PAGE"
    assert set(PAGE) - used - _FROM_DATA == set(), "PAGE lists messages the page no longer shows"
    assert len(PAGE) == len(set(PAGE))


def test_the_words_are_served_in_a_language_and_refused_for_another() -> None:
    from test_web import _Server

    with _Server() as client:
        r = client.get("/api/words?lang=hu")
        assert r.status_code == 200
        got = r.json()
        assert got["lang"] == "hu" and got["words"] == page_words(language("hu"))
        assert got["words"]["Your turn."] != "Your turn."
        assert client.get("/api/words").json()["words"]["Your turn."] == "Your turn."
        r = client.get("/api/words?lang=xx")
        assert r.status_code == 400 and "'xx'" in r.json()["error"]
        lobby = client.get("/api/lobby?lang=xx")
        assert lobby.status_code == 400
