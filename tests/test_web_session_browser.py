"""A web table's session in a real browser against a real ``alsos serve`` process
(Debian's chromium through Playwright, as tests/test_web_browser.py): two hands
of an Altiansz session (altiansz, "Players and Cards": a session of deals, so
it cannot end after one) clicked against bots, the score sheet growing a row a
hand and the "Deal the next hand" button between them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from test_viewer_browser import DESKTOP, browser  # noqa: F401  (the fixture)
from test_web_browser import server  # noqa: F401  (a fixture)
from web_helpers import new_table, step

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.slow  # starts a server and Chromium


def _rows(page: object) -> int:
    return int(page.locator("#sheet tbody tr").count())  # type: ignore[attr-defined]


def test_two_hands_of_a_session_are_clicked_to_a_sheet_of_two_rows(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    new_table(page, server, "altiansz", 3, ["human", "heuristic", "heuristic"])
    page.wait_for_function("() => document.body.dataset.ply !== undefined")
    assert _rows(page) == 0
    assert "18 of 18 deals left" in page.inner_text("#session-state")
    assert page.is_hidden("#next-hand")
    for hand in (1, 2):
        for _ in range(600):
            if not step([page]):
                break
        page.wait_for_function(
            "(n) => document.querySelectorAll('#sheet tbody tr').length === n", arg=hand
        )
        assert f"{18 - hand} of 18 deals left" in page.inner_text("#session-state")
        if hand == 1:
            page.click("#next-hand")  # by its accessible name: "deal the next hand"
            page.wait_for_function("() => document.body.dataset.hand === '2'")
            page.wait_for_selector("#settlement-box", state="hidden")
            assert page.is_hidden("#next-hand")
    assert _rows(page) == 2
    assert page.is_visible("#next-hand")
    cells = page.locator("#sheet tbody tr").nth(1).locator("td")
    assert cells.nth(0).inner_text() == "2"
    # the deal passed on (pagat, "Deal"): seat 1, named by its level
    assert cells.nth(1).inner_text() == "Heuristic bot 2"
    assert all(r.startswith(server) for r in requests), "the page asked another server"
    page.close()
