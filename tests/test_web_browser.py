"""The web table in a real browser against a real ``alsos serve`` process.

Debian's chromium, headless, driven by Playwright (launched as in
tests/test_viewer_browser.py; skipped without it, except in CI): the page
makes a potter1930 table of one person and two bots, and a hand is played to
the settlement by clicking the first button offered each turn, on a desktop
and on a phone-sized screen (no sideways scrolling), with no request leaving
the server.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.slow  # starts a server and Chromium


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    # the same interpreter and environment as the tests: the alsos under test
    proc = subprocess.Popen(
        [sys.executable, "-m", "alsos", "serve", "--port", str(port), "--db",
         f"sqlite:///{db}", "--bot-delay", "0"],
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("alsos serve did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_hand_is_clicked_to_the_settlement(
    browser: Browser,  # noqa: F811
    server: str,
    screen: dict[str, int],
) -> None:
    page = browser.new_page(viewport=screen)  # type: ignore[arg-type]
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(server) else outside.append(r.url))
    page.goto(server + "/")
    page.wait_for_selector("#seat2")
    assert page.input_value("#variant") == "potter1930"
    page.click("#create")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("() => document.body.dataset.ply !== undefined")
    for _ in range(400):
        if page.is_visible("#settlement-box"):
            break
        ply = page.evaluate("() => document.body.dataset.ply")
        buttons = page.locator("#hand button:enabled, #actions button:enabled")
        if buttons.count() == 0:
            page.wait_for_function(
                "(p) => document.body.dataset.ply !== p || "
                "!document.getElementById('settlement-box').hidden",
                arg=ply,
            )
            continue
        label = buttons.first.get_attribute("aria-label")
        assert label, "every button has an accessible name"
        buttons.first.click()
        page.wait_for_function("(p) => document.body.dataset.ply !== p", arg=ply)
    assert page.is_visible("#settlement-box"), "the hand did not reach its settlement"
    assert "Payments:" in page.inner_text("#settlement")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert outside == []
    assert "Alsós, three players (Potter 1930)" in page.inner_text("#where")
    page.close()
