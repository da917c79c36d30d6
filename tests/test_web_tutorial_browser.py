"""The guided first hand in a real browser (issue 35): a newcomer opens it from the
lobby and plays the whole potter1930 hand as the page asks.

Debian's chromium driven by Playwright against a real ``alsos serve``: the lobby's
link opens the lesson; it pauses at every new idea and at each of the learner's
moves; a wrong move is refused with the move to make; the hand ends with its
settlement; the page fits a phone's width, reads in Hungarian, and axe-core finds
no serious or critical violation.  With ``ALSOS_WEB_SCREENSHOTS=1`` it writes
docs/_static/web-tutorial-*.png.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)
from test_web_table_browser import _violations, axe, server  # noqa: F401  (the fixtures)
from web_helpers import fits_the_width

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium

_DOCS = Path(__file__).resolve().parent.parent / "docs" / "_static"


def _play_the_lesson(page: Page, data: dict[str, Any], shot: str | None = None) -> list[str]:
    """Go through the lesson as a newcomer would: Continue where it pauses to explain,
    the asked move where it asks (a wrong one first, once); the ideas shown, in order."""
    ideas: list[str] = []
    wrong_tried = False
    for _ in range(200):
        pauses = page.evaluate("() => document.body.dataset.pauses")
        step = page.evaluate("() => document.body.dataset.step")
        shown = page.eval_on_selector_all("#lesson-ideas li", "(l) => l.map((x) => x.innerText)")
        if shown and (not ideas or ideas[-1] != shown[-1]):
            ideas.extend(str(x) for x in shown)
        if step == "end":
            return ideas
        frame = data["steps"][int(step)]
        if frame.get("asks"):
            if not wrong_tried:
                wrong = next(a for a in frame["legal"] if a != frame["move"])
                page.click(f"#lesson-choices button[data-action='{wrong}']")
                said = page.inner_text("#lesson-wrong")
                assert frame["move"] in said and wrong in said
                wrong_tried = True
                if shot:
                    page.screenshot(path=str(_DOCS / f"web-tutorial-{shot}.png"), full_page=True)
            page.click(f"#lesson-choices button[data-action='{frame['move']}']")
        else:
            page.click("#lesson-next")
        page.wait_for_function("(n) => document.body.dataset.pauses !== n", arg=pauses)
    raise AssertionError("the lesson did not end")


def test_a_newcomer_plays_the_guided_hand_from_the_lobby(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
    axe: str,  # noqa: F811
) -> None:
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    page.goto(server + "/")
    page.click("#tutorial-link")
    page.wait_for_selector("#lesson:not([hidden])")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    assert page.is_hidden("#lobby")
    data = page.request.get(f"{server}/api/tutorial?variant=potter1930").json()
    assert _violations(page, axe) == []
    shot = "desktop" if os.environ.get("ALSOS_WEB_SCREENSHOTS") == "1" else None
    ideas = _play_the_lesson(page, data, shot)
    expected = [t for f in data["steps"] for t in (*f.get("before", []), *f.get("after", []))]
    assert [i for i in ideas if i in expected] == expected  # every idea, in order
    assert "payments" in page.inner_text("#lesson-story")
    assert page.get_attribute("#lesson-done", "href")
    assert _violations(page, axe) == []
    page.close()


def test_the_guided_hand_on_a_phone_in_hungarian(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
    axe: str,  # noqa: F811
) -> None:
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    context.add_init_script("localStorage.setItem('alsos-lang', 'hu')")
    page = context.new_page()
    page.goto(server + "/#tutorial=potter1930")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    assert page.inner_text("#lesson-title") == "Vezetett első leosztás"
    assert fits_the_width(page)
    data = page.request.get(f"{server}/api/tutorial?variant=potter1930&lang=hu").json()
    shot = "hu-phone" if os.environ.get("ALSOS_WEB_SCREENSHOTS") == "1" else None
    _play_the_lesson(page, data, shot)
    assert fits_the_width(page)
    assert _violations(page, axe) == []
    context.close()
