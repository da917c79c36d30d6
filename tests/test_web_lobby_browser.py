"""The web table as a place to meet, in a real browser (issue 32, second part).

Debian's chromium driven by Playwright against a real ``alsos serve``: the lobby
with a person who makes a listed table, a second who sits down from the lobby and
a third who watches, the three seeing one hand to its end; a person who leaves,
counted down on the others' pages, played by a stand-in bot and given the seat
back; a whole hand of every player count played with the keyboard alone, at a
desktop's and a phone's size; and axe-core on the front page.
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)
from test_web_table_browser import _violations, axe  # noqa: F401  (the fixture)
from web_helpers import (
    BUTTONS,
    fits_the_width,
    is_over,
    new_table,
    play_out,
    serving,
    step,
    wait_for_state,
)

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with serving(f"sqlite:///{db}") as running:
        yield running.url


_DOCS = Path(__file__).parent.parent / "docs" / "_static"


def _shot(page: Page, name: str, tmp: Path, selector: str | None = None) -> None:
    """A picture for docs/server.rst: written to docs/_static/ with
    ALSOS_WEB_SCREENSHOTS=1, else to a scratch folder (taken either way, so a page
    that cannot be drawn fails here)."""
    path = (_DOCS if os.environ.get("ALSOS_WEB_SCREENSHOTS") else tmp) / name
    if selector is None:
        page.screenshot(path=str(path))
    else:
        page.locator(selector).screenshot(path=str(path))
    assert path.stat().st_size > 5_000


def _post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        answer: dict[str, Any] = json.loads(r.read())
    return answer


def test_two_people_meet_in_the_lobby_and_a_third_watches(
    browser: Browser,  # noqa: F811
    server: str,
    axe: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    anna = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[arg-type]
    anna.goto(server + "/")
    anna.wait_for_selector("#seat2")
    assert _violations(anna, axe) == []  # the front page: lobby and form
    anna.fill("#title", "Friday game")
    anna.select_option("#seat1", "open")
    anna.select_option("#seat2", "medium")
    assert anna.is_checked("#listed")
    anna.click("#create")
    wait_for_state(anna)
    assert "Friday game" in anna.inner_text("#where")
    # Béla finds the table in the lobby and sits at the free seat
    bela = browser.new_context(viewport=PHONE, has_touch=True).new_page()  # type: ignore[arg-type]
    bela.goto(server + "/")
    entry = bela.locator(".lobby-table", has_text="Friday game")
    entry.wait_for()
    assert "a free seat" in entry.inner_text()
    _shot(bela, "web-lobby-phone.png", tmp_path)
    entry.get_by_role("button", name="sit at seat 2 of Friday game").click()
    wait_for_state(bela)
    assert bela.evaluate("() => document.body.dataset.role") == "seat"
    # Cili watches from the lobby: the table has no free seat left
    cili = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[arg-type]
    cili.goto(server + "/")
    entry = cili.locator(".lobby-table", has_text="Friday game")
    entry.wait_for()
    assert "a free seat" not in entry.inner_text()
    assert entry.get_by_role("button").count() == 0
    entry.get_by_role("link", name="watch Friday game").click()
    wait_for_state(cili)
    assert cili.evaluate("() => document.body.dataset.role") == "spectator"
    # Anna sees Béla arrive, by name
    bela.fill("#name", "Béla")
    bela.click("#name-save")
    anna.wait_for_function(
        "() => [...document.querySelectorAll('.seat .name')].some(n => n.textContent === 'Béla')"
    )
    while step([anna, bela]):
        pass
    for page in (anna, bela, cili):
        page.wait_for_selector("#settlement-box:not([hidden])")
    assert "Béla" in cili.inner_text("#sheet")
    _shot(anna, "web-settlement.png", tmp_path, "#settlement-box")
    assert fits_the_width(bela)
    for page in (anna, bela, cili):
        page.context.close()


def test_a_person_who_leaves_is_counted_down_played_for_and_given_the_seat_back(
    browser: Browser,  # noqa: F811
    server: str,
    tmp_path: Path,
) -> None:
    made = _post(
        server,
        "/api/tables",
        {
            "variant": "potter1930",
            "seats": ["human", "human", "medium"],
            "grace": 2,
            "stand_in": "easy",
        },
    )
    link = f"{server}/#t={made['table']}&k="
    anna = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[arg-type]
    anna.goto(link + made["tokens"]["0"])
    wait_for_state(anna)
    bela_ctx = browser.new_context(viewport=DESKTOP)
    bela = bela_ctx.new_page()
    bela.goto(link + made["tokens"]["1"])
    wait_for_state(bela)
    plate = anna.locator('.seat[data-seat="1"]')
    bela_ctx.close()  # Béla's browser is gone
    plate.get_by_text("away: a bot plays in").wait_for()
    _shot(anna, "web-away.png", tmp_path, "#felt")
    plate.get_by_text("away: an Easy bot plays until they are back").wait_for(timeout=10_000)
    # the hand goes on: Anna plays, and the stand-in plays Béla's turns
    ply = int(anna.evaluate("() => document.body.dataset.ply"))
    for _ in range(300):
        if is_over(anna) or int(anna.evaluate("() => document.body.dataset.ply")) >= ply + 4:
            break
        if anna.locator(BUTTONS).count():
            step([anna])
        else:
            anna.wait_for_timeout(50)
    assert int(anna.evaluate("() => document.body.dataset.ply")) >= ply + 4 or is_over(anna)
    # Béla comes back: the seat is his again
    bela = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[arg-type]
    bela.goto(link + made["tokens"]["1"])
    wait_for_state(bela)
    anna.wait_for_function("() => !document.querySelector('.seat[data-seat=\"1\"] .tag.away')")
    hub_moves = int(bela.evaluate("() => document.body.dataset.ply"))
    while step([anna, bela]):  # he plays his own turns to the end: none is taken for him
        pass
    assert is_over(bela) and int(bela.evaluate("() => document.body.dataset.ply")) >= hub_moves
    for page in (anna, bela):
        page.context.close()


_COUNTS = [("two-player", 2), ("potter1930", 3), ("four-player", 4)]


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(("variant", "players"), _COUNTS, ids=[f"{n}p" for _, n in _COUNTS])
def test_a_whole_hand_of_each_player_count_with_the_keyboard_alone(
    browser: Browser,  # noqa: F811
    server: str,
    variant: str,
    players: int,
    screen: dict[str, int],
) -> None:
    page = browser.new_context(viewport=screen).new_page()  # type: ignore[arg-type]
    new_table(page, server, variant, players, ["human"] + ["medium"] * (players - 1))
    wait_for_state(page)

    def keyboard(page: Page, buttons: Locator) -> None:
        """Focus an offered button with Tab alone, then press Enter."""
        for _ in range(120):
            page.keyboard.press("Tab")
            if page.evaluate(
                "(b) => !!document.activeElement && document.activeElement.matches(b)", BUTTONS
            ):
                break
        page.keyboard.press("Enter")

    play_out(page, keyboard)
    assert page.inner_text("#settlement")
    assert fits_the_width(page)
    page.context.close()


def test_a_private_table_s_links_are_copied_with_a_button(
    browser: Browser,  # noqa: F811
    server: str,
    tmp_path: Path,
) -> None:
    ctx = browser.new_context(
        viewport=DESKTOP,  # type: ignore[arg-type]
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#seat2")
    page.fill("#title", "Family table")
    page.uncheck("#listed")
    page.select_option("#seat1", "human")
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    rows = page.locator(".link-row")
    assert rows.count() == 3  # my seat, my friend's, the spectators'
    friend = rows.nth(1).locator("input").input_value()
    rows.nth(1).get_by_role("button", name="Copy").click()
    page.get_by_text("Copied.").wait_for()
    assert page.evaluate("() => navigator.clipboard.readText()") == friend
    _shot(page, "web-invite.png", tmp_path, "#setup")
    lobby = json.loads(urllib.request.urlopen(server + "/api/lobby", timeout=10).read())
    assert all(t["title"] != "Family table" for t in lobby["tables"])  # private
    page.get_by_role("link", name="Go to my seat").click()
    wait_for_state(page)
    assert page.is_visible("#copy-watch")
    ctx.close()
