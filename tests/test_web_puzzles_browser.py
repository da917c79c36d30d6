"""The puzzle board in a real browser (issue 35): a person finishes a hand at the web
table, opens "Puzzles from this hand", and solves them with their explanations.

Debian's chromium driven by Playwright against a real ``alsos serve`` (as in
tests/test_web_table_browser.py): the link shows at the settlement; the board shows
each position as its seat saw it, the seat's cards and the choices; a wrong choice
is told so with the best one marked, a right one is told right; the outcomes are
kept in the browser; the page fits a phone's width and axe-core finds no serious or
critical violation; the phone's board is read in Hungarian.  With
``ALSOS_WEB_SCREENSHOTS=1`` it writes docs/_static/web-puzzles-*.png.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)
from test_web_table_browser import _violations, axe, server  # noqa: F401  (the fixtures)
from web_helpers import BUTTONS, fits_the_width, is_over, new_table, ply_of, wait_past

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

from alsos.web.ratings import next_puzzle

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium

_DOCS = Path(__file__).resolve().parent.parent / "docs" / "_static"


def _play_at_random(page: Page, rng: random.Random) -> None:
    """Press one of the offered buttons at random, turn after turn, to the settlement."""
    for _ in range(600):
        if is_over(page):
            return
        buttons = page.locator(BUTTONS)
        if not buttons.count():
            page.wait_for_timeout(50)
            continue
        ply = ply_of(page)
        buttons.nth(rng.randrange(buttons.count())).click()
        wait_past(page, ply)
    raise AssertionError("the hand did not reach its settlement")


@pytest.fixture(scope="module")
def finished(browser: Browser, server: str) -> tuple[str, list[dict[str, Any]]]:  # noqa: F811
    """A hand a person played at random to its end, with puzzles: the board's address
    (from the page's own link) and the puzzles the server gives for it."""
    rng = random.Random(5)
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    for _ in range(5):
        new_table(page, server, "potter1930", 3, ["human", "easy", "easy"])
        _play_at_random(page, rng)
        page.wait_for_selector("#puzzles-link:not([hidden])")
        href = str(page.get_attribute("#puzzles-link", "href"))
        table = href.split("puzzles=")[1].split("&")[0]
        got = page.request.get(f"{server}/api/tables/{table}/puzzles", timeout=300_000)
        puzzles = got.json()["puzzles"]
        if len(puzzles) >= 2:
            page.close()
            return f"{server}/{href}", puzzles
    pytest.fail("five hands played at random gave no two puzzles")


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#puzzle:not([hidden])", timeout=300_000)


def _answer(page: Page, action: str) -> list[str]:
    page.click(f"#puzzle-choices button[data-action='{action}']")
    page.wait_for_selector("#puzzle-answer:not([hidden])")
    return [
        str(x)
        for x in page.eval_on_selector_all("#puzzle-said li", "(l) => l.map((x) => x.innerText)")
    ]


def test_a_person_solves_the_puzzles_of_the_hand_just_played(
    browser: Browser,  # noqa: F811
    finished: tuple[str, list[dict[str, Any]]],
    axe: str,  # noqa: F811
) -> None:
    url, puzzles = finished
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    _open(page, url)
    assert page.is_hidden("#lobby") and page.is_hidden("#table")
    first = puzzles[0]
    assert page.evaluate("() => document.body.dataset.puzzle") == first["id"]
    assert page.inner_text("#puzzle-count") == f"Puzzle 1 of {len(puzzles)}"
    assert page.locator("#puzzle-hand .card").count() == len(first["hand"])
    shown = [b.get_attribute("data-action") for b in page.locator("#puzzle-choices button").all()]
    assert shown == [c["action"] for c in first["choices"]]
    story = page.inner_text("#puzzle-story")
    assert first["lines"][-1] in story  # the question, after the hand as the seat saw it
    wrong = next(c["action"] for c in first["choices"] if c["action"] != first["answer"])
    said = _answer(page, wrong)
    assert said[0].startswith("Not quite:") and first["answer"] in said[0]
    assert page.get_attribute(f"button[data-action='{first['answer']}']", "class") == "best"
    assert page.locator("#puzzle-choices button:enabled").count() == 0
    assert _violations(page, axe) == []
    if os.environ.get("ALSOS_WEB_SCREENSHOTS") == "1":
        page.screenshot(path=str(_DOCS / "web-puzzles-desktop.png"), full_page=True)
    page.wait_for_function("() => document.body.dataset.rated === '1'")
    missed = json.loads(page.evaluate("() => localStorage.getItem('alsos-puzzle-rating')"))
    assert missed["mu"] < 25 and "Your puzzle rating:" in page.inner_text("#puzzle-rating")
    # the next puzzle is the one closest in strength to the rating (alsos.web.ratings)
    rest = puzzles[1:]
    closest = rest[next_puzzle(missed["mu"], [q["difficulty"] for q in rest])]
    page.click("#puzzle-next")
    page.wait_for_function("(id) => document.body.dataset.puzzle === id", arg=closest["id"])
    assert page.inner_text("#puzzle-count") == f"Puzzle 2 of {len(puzzles)}"
    assert _answer(page, closest["answer"])[0].startswith("Right:")
    page.wait_for_function("() => document.body.dataset.rated === '2'")
    solved = json.loads(page.evaluate("() => localStorage.getItem('alsos-puzzle-rating')"))
    assert solved["mu"] > missed["mu"] and solved["sigma"] < missed["sigma"]
    kept = json.loads(page.evaluate("() => localStorage.getItem('alsos-puzzles')"))
    assert kept[first["id"]] == "missed" and kept[closest["id"]] == "solved"
    assert "1 of 2 right" in page.inner_text("#puzzle-tally")
    page.close()


def test_the_board_on_a_phone_in_hungarian(
    browser: Browser,  # noqa: F811
    finished: tuple[str, list[dict[str, Any]]],
    axe: str,  # noqa: F811
) -> None:
    url, puzzles = finished
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    context.add_init_script("localStorage.setItem('alsos-lang', 'hu')")
    page = context.new_page()
    _open(page, url)
    assert page.inner_text("#board-title") == "Feladványok ebből a leosztásból"
    assert fits_the_width(page)
    said = _answer(page, puzzles[0]["answer"])
    assert said[0].startswith("Helyes:")
    assert fits_the_width(page)
    assert _violations(page, axe) == []
    if os.environ.get("ALSOS_WEB_SCREENSHOTS") == "1":
        page.screenshot(path=str(_DOCS / "web-puzzles-hu-phone.png"), full_page=True)
    context.close()


def test_practice_with_a_shipped_set_from_the_lobby(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    page.goto(server + "/")
    page.click("#practice-link")
    page.wait_for_selector("#puzzle:not([hidden])", timeout=300_000)
    assert page.inner_text("#board-title") == "Puzzles for practice"
    data = page.request.get(f"{server}/api/puzzles?variant=potter1930").json()["puzzles"]
    shown = page.evaluate("() => document.body.dataset.puzzle")
    first = next(p for p in data if p["id"] == shown)
    assert first is data[0]  # a browser that answered none starts at the first
    assert _answer(page, first["answer"])[0].startswith("Right:")
    page.reload()  # again: on from the first not answered
    page.wait_for_function("(id) => document.body.dataset.puzzle === id", arg=data[1]["id"])
    page.close()
