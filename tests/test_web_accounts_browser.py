"""Accounts in a real browser (issue 36): a newcomer makes an account from the lobby,
plays a rated hand against a bot, finds it on their page and on the leaderboard, and
signs out.

Debian's chromium driven by Playwright against a real ``alsos serve``.  The page's
own requests carry the session's CSRF token (the table is made through the lobby's
form while signed in: without the token the server would refuse it); axe-core
finds no serious or critical violation on the account, player and leaderboard
pages; they fit a phone's width and read in Hungarian.  With
``ALSOS_WEB_SCREENSHOTS=1`` it writes docs/_static/web-account-*.png.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)
from test_web_table_browser import _violations, axe, server  # noqa: F401  (the fixtures)
from web_helpers import fits_the_width, new_table, play_out

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("argon2", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium

_DOCS = Path(__file__).resolve().parent.parent / "docs" / "_static"
_SHOTS = os.environ.get("ALSOS_WEB_SCREENSHOTS") == "1"


def _shot(page: Page, name: str) -> None:
    if _SHOTS:
        page.screenshot(path=str(_DOCS / f"web-account-{name}.png"), full_page=True)


def _register(page: Page, url: str, name: str, password: str) -> None:
    page.goto(url + "/")
    page.click("#account-link")
    page.wait_for_selector("#account:not([hidden])")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#register")
    page.wait_for_selector("#player:not([hidden])")
    page.wait_for_function(
        "(n) => document.getElementById('player-title').textContent === n", arg=name
    )


def test_a_newcomer_registers_plays_a_rated_hand_and_finds_it(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
    axe: str,  # noqa: F811
) -> None:
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(server + "/#account")
    page.wait_for_selector("#account:not([hidden])")
    assert _violations(page, axe) == []
    _shot(page, "sign-in")
    # a refused password is told in the page's words, and nothing is made
    page.fill("#account-name", "Zsófi")
    page.fill("#account-password", "short")
    page.click("#sign-in")  # the browser's own check stops it first: too short
    assert page.evaluate("() => document.getElementById('account-password').validity.tooShort")
    _register(page, server, "Zsófi", "a long enough secret")
    assert "Signed in as Zsófi" in page.inner_text("#account-box")
    assert _violations(page, axe) == []
    # a table made through the lobby's form while signed in: the CSRF token goes with it
    new_table(page, server, "tompa", 2, ["human", "medium"])
    page.wait_for_selector("#felt")
    assert play_out(page)
    page.wait_for_selector("#settlement-box:not([hidden])")
    page.goto(server + "/#player=" + "Zsófi")
    page.wait_for_function(
        "() => document.querySelectorAll('#player-hands li').length === 1", timeout=20000
    )
    line = page.inner_text("#player-hands li")
    assert "tompa" in line and "hand 1" in line
    assert page.locator("#player-hands a").count() == 2  # the viewer and the record
    assert _violations(page, axe) == []
    _shot(page, "player")
    page.goto(server + "/#leaderboard=tompa")
    page.wait_for_selector("#leaderboard:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#leaderboard-table tr').length >= 1")
    rows = page.eval_on_selector_all("#leaderboard-table tr", "(r) => r.map((x) => x.innerText)")
    assert rows[0].split("\t")[:2] == ["Place", "Player"]
    if "not rated" not in line:  # a hand where nobody was paid is not rated
        assert any("Zsófi" in r for r in rows) and any("Medium bot" in r for r in rows)
    assert _violations(page, axe) == []
    _shot(page, "leaderboard")
    page.click("#sign-out")
    page.wait_for_function("() => !document.getElementById('account-link').hidden")
    assert page.request.get(server + "/api/me").json() == {"name": None}
    context.close()


def test_the_account_pages_fit_a_phone_and_read_in_hungarian(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
    axe: str,  # noqa: F811
) -> None:
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate("() => localStorage.setItem('alsos-lang', 'hu')")
    page.goto(server + "/#account")
    page.wait_for_selector("#account:not([hidden])")
    page.wait_for_function("() => document.documentElement.lang === 'hu'")
    assert page.inner_text("#account-title") == "Belépés vagy új fiók"
    assert page.inner_text("#sign-in") == "Belépés"
    page.fill("#account-name", "nobody_at_all")
    page.fill("#account-password", "wrong password")
    page.click("#sign-in")
    page.wait_for_function("() => document.getElementById('account-said').textContent !== ''")
    assert page.inner_text("#account-said") == "Hibás név vagy jelszó."
    assert fits_the_width(page)
    assert _violations(page, axe) == []
    page.goto(server + "/#leaderboard=potter1930")
    page.wait_for_selector("#leaderboard:not([hidden])")
    page.wait_for_function(
        "() => document.getElementById('leaderboard-title').textContent === 'Ranglista'"
    )
    assert fits_the_width(page)
    assert _violations(page, axe) == []
    context.close()
