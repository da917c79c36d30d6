"""The web page in another language, in a real browser (issue 33).

Debian's chromium driven by Playwright against a real ``alsos serve``: a page read in
the pseudo-language ``qps`` (every message bracketed) shows none of the page's English
messages unwrapped -- on the front page, at the table in play and at the settlement --
so no English-only text is left on the page; and the table in Hungarian, at a desktop's
and a phone's size (the pictures in docs/i18n.rst).
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
from web_helpers import BUTTONS, is_over, ply_of, serving, wait_for_state, wait_past

from alsos.language import language
from alsos.web.page_words import PAGE

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium

_DOCS = Path(__file__).parent.parent / "docs" / "_static"


def _english(lang: str) -> set[str]:
    """The page's messages as English text (those without a placeholder, whole) that
    ``lang`` writes otherwise (Hungarian writes *Talon* and *Kontra* as English does)."""
    words = language(lang)
    return {m for m in PAGE if "{" not in m and words.text(m) != m}


# Every text a person reads on the page: its visible text nodes and its accessible names.
_TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, up = node.parentElement;
    if (!up || up.closest("[hidden], script, style, svg")) continue;
    const text = node.textContent.trim();
    if (text) out.push(text);
  }
  for (const e of document.querySelectorAll("[aria-label]")) {
    if (!e.closest("[hidden]")) out.push(e.getAttribute("aria-label"));
  }
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with serving(f"sqlite:///{db}") as running:
        yield running.url


def _table(server: str, seats: list[str]) -> dict[str, Any]:
    body = json.dumps({"variant": "potter1930", "seats": seats}).encode()
    request = urllib.request.Request(
        server + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        made: dict[str, Any] = json.loads(r.read())
    return made


def _page(browser: Browser, lang: str, screen: dict[str, int]) -> Page:  # noqa: F811
    ctx = browser.new_context(viewport=screen)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('alsos-lang', {json.dumps(lang)})")
    return ctx.new_page()


def _english_left(page: Page, lang: str) -> list[str]:
    english = _english(lang)
    return sorted({t for t in page.evaluate(_TEXTS) if t in english})


def _step(page: Page) -> None:
    buttons = page.locator(BUTTONS)
    if not buttons.count():
        page.wait_for_timeout(50)
        return
    ply = ply_of(page)
    buttons.first.click()
    wait_past(page, ply)


def test_the_page_in_the_pseudo_language_shows_no_english_message(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    page = _page(browser, "qps", DESKTOP)
    page.goto(server + "/")
    page.wait_for_selector("#seat2")
    assert page.evaluate("() => document.documentElement.lang") == "qps"
    assert _english_left(page, "qps") == []
    made = _table(server, ["human", "medium", "medium"])
    page.goto(f"{server}/#t={made['table']}&k={made['tokens']['0']}")
    wait_for_state(page)
    for _ in range(40):  # into the hand: the seats, the choices, the story
        _step(page)
        if is_over(page) or page.locator("#trick .card").count():
            break
    assert _english_left(page, "qps") == []
    for _ in range(600):
        if is_over(page):
            break
        _step(page)
    assert is_over(page)
    assert _english_left(page, "qps") == []  # the settlement and the score sheet too
    page.context.close()


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_table_in_hungarian(
    browser: Browser,  # noqa: F811
    server: str,
    screen: dict[str, int],
    tmp_path: Path,
) -> None:
    page = _page(browser, "hu", screen)
    made = _table(server, ["human", "medium", "medium"])
    page.goto(f"{server}/#t={made['table']}&k={made['tokens']['0']}")
    wait_for_state(page)
    assert page.evaluate("() => document.documentElement.lang") == "hu"
    assert page.inner_text("#story-title") != "The hand so far"
    for _ in range(60):
        if is_over(page) or (
            page.locator("#trick .card").count() and page.locator("#hand button:enabled").count()
        ):
            break
        _step(page)
    folder = _DOCS if os.environ.get("ALSOS_WEB_SCREENSHOTS") else tmp_path
    name = f"web-table-hu-{'phone' if screen is PHONE else 'desktop'}.png"
    page.screenshot(path=str(folder / name))
    assert (folder / name).stat().st_size > 10_000
    assert _english_left(page, "hu") == []
    page.context.close()
