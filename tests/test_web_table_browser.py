"""The web table as a card table, in a real browser (issue 32, first part).

Debian's chromium driven by Playwright against a real ``alsos serve`` (as in
tests/test_web_browser.py): the seats around the table by name, the trick kept
on the table after it is won and the last trick shown again, every choice with
its one-line explanation, the hand in words, the settlement explained, a double
click that sends one action, and an accessibility check with axe-core (from the
npm registry, installed by the test into a cache folder) that finds no serious or
critical violation on the table in play and at the settlement.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)
from web_helpers import (
    BUTTONS,
    new_table,
    play_out,
    ply_of,
    serving,
    wait_for_state,
    wait_past,
)

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium

#: axe-core's major version: the rules it checks (WCAG 2.1 A and AA among them).
AXE = "axe-core@4"
_AXE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "alsos-test" / "axe"


def _skip(reason: str) -> NoReturn:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the accessibility check must run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script, installed from the npm registry once into a cache folder."""
    script = _AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            _skip("no npm to install axe-core with")
        _AXE_DIR.mkdir(parents=True, exist_ok=True)
        quiet = ("--no-save", "--no-audit", "--no-fund")
        done = subprocess.run(
            [npm, "install", *quiet, "--prefix", str(_AXE_DIR), AXE],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0 or not script.is_file():
            _skip(f"npm could not install {AXE}: {done.stderr.strip()[-300:]}")
    return script.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with serving(f"sqlite:///{db}") as running:
        yield running.url


def _violations(page: Page, axe: str) -> list[str]:
    """What axe-core finds serious or critical on the page as it is now."""
    # evaluated through the browser's debugging protocol: the page's own
    # Content-Security-Policy (scripts from the server only) stays as it is
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(f"() => {{ {axe}\n}}")
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => v.id + ': ' + v.help + ' ' + JSON.stringify(v.nodes.map(n => n.target)))"
    )
    return list(found)


def _to_a_trick_won(page: Page) -> bool:
    """Click the first offered button until a trick has been won and this seat is to
    play again (False if the hand ended first)."""

    def won(page: Page) -> bool:
        caption = page.evaluate("() => document.getElementById('trick-caption').textContent")
        return bool(caption) and page.locator("#hand button:enabled").count() > 0

    return play_out(page, until=won)


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_table_with_its_seats_its_tricks_its_words_and_its_settlement(
    browser: Browser,  # noqa: F811
    server: str,
    screen: dict[str, int],
    axe: str,
) -> None:
    page = browser.new_page(viewport=screen)  # type: ignore[arg-type]
    for _deal in range(6):  # a hand may end before a trick is won: deal another
        new_table(page, server, "potter1930", 3, ["human", "easy", "heuristic"])
        wait_for_state(page)
        # the seats around the table, by name: no seat number, no null
        names = page.locator("#felt .seat .name").all_inner_texts()
        assert names == ["Player 1 (you)", "Easy bot", "Heuristic bot"]
        assert page.locator("#felt .seat.bottom .name").inner_text() == "Player 1 (you)"
        if _to_a_trick_won(page):
            break
    else:
        pytest.fail("six hands ended before a trick was won")
    # the rules of this table, a link away, styled by the server's own sheet
    href = page.get_attribute("#rules-link", "href")
    assert href and page.is_visible("#rules-link")
    rules = browser.new_page(viewport=screen)  # type: ignore[arg-type]
    rules.goto(page.url.split("#")[0] + href)
    assert "Potter 1930" in rules.inner_text("h1")
    assert rules.evaluate("() => getComputedStyle(document.querySelector('main')).maxWidth")
    assert rules.locator("#glossary dt").count() > 10
    assert _violations(rules, axe) == []
    rules.close()
    # every choice with what it does here; the trick just won stays on the table
    for row in page.locator("#actions .choice").all():
        assert row.locator(".help").inner_text(), row.inner_text()
    assert page.locator("#trick .card").count() == 3
    assert "won by" in page.inner_text("#trick-caption")
    assert "null" not in page.inner_text("#table") and "undefined" not in page.inner_text("#table")
    # the hand in words, cards as pictures
    story = page.inner_text("#history")
    assert "trick 1:" in story and "Player 1 (you)" in story
    assert page.locator("#history .card svg").count() >= 3
    assert _violations(page, axe) == []
    # the last trick, looked at again (pressed in the page's own turn: the bots may
    # change the table between two of the test's steps)
    press = "() => { const b = document.getElementById('last-trick'); "
    press += "if (b.hidden) return false; b.click(); return b.getAttribute('aria-pressed'); }"
    assert page.evaluate(press) == "true"
    assert re.match(r"Trick \d+, won by ", page.inner_text("#trick-caption"))
    assert page.locator("#trick .card").count() == 3
    assert page.evaluate(press) == "false"  # and back to the trick in play
    # to the settlement: explained line by line, hint and undo gone
    play_out(page)
    page.wait_for_selector("#settlement-box:not([hidden])")
    explained = page.inner_text("#settlement .explained")
    assert "payments (+ receives, - pays; they add up to 0):" in explained
    assert "written on the score sheet:" in explained
    assert page.is_hidden("#hint") and page.is_hidden("#undo")
    assert _violations(page, axe) == []
    page.close()


def test_a_double_click_sends_one_action(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    """The buttons are disabled once an action is sent until the table answers: a
    double click is one action, never a "stale action" refusal."""
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    new_table(page, server, "potter1930", 3, ["human", "heuristic", "heuristic"])
    page.wait_for_selector(BUTTONS)
    sent: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda f: sent.append(str(f))),
    )
    page.reload()  # the socket opened again, now watched
    page.wait_for_selector(BUTTONS)
    ply = ply_of(page)
    page.locator(BUTTONS).first.dblclick()
    wait_past(page, ply)
    page.wait_for_timeout(300)
    acts = [json.loads(f) for f in sent if '"act"' in f]
    assert len(acts) == 1, acts
    assert page.text_content("#refused") == ""
    page.close()


def test_two_people_name_their_seats_and_see_each_other_s_names(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    maker = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    links = new_table(maker, server, "potter1930", 3, ["human", "human", "heuristic"])
    pages = []
    for link in links[:2]:
        ctx = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
        p = ctx.new_page()
        p.goto(link)
        wait_for_state(p)
        pages.append(p)
    anna, bela = pages
    for page, name in ((anna, "Anna"), (bela, "Béla")):
        page.fill("#name", name)
        page.click("#name-save")
    for page in pages:
        page.wait_for_function(
            "() => [...document.querySelectorAll('#felt .seat .name')].map(e => e.textContent)"
            ".join('|').includes('Béla')"
        )
    assert anna.locator("#felt .seat .name").all_inner_texts() == [
        "Anna (you)",
        "Béla",
        "Heuristic bot",
    ]
    assert "Béla (you)" in bela.locator("#felt .seat.bottom .name").inner_text()
    anna.fill("#name", "béla")  # another seat's name, case aside
    anna.wait_for_timeout(1100)  # a name a second at most
    anna.click("#name-save")
    anna.wait_for_function("() => document.getElementById('name-said').textContent !== ''")
    assert "another seat's name" in anna.inner_text("#name-said")
    for page in pages:
        page.context.close()
    maker.close()
