"""The web table in a real browser against a real ``alsos serve`` process.

Debian's chromium, headless, driven by Playwright (launched as in
tests/test_viewer_browser.py; skipped without it, except in CI): the page
makes a potter1930 table of one person and two bots, and a hand is played to
the settlement by clicking the first button offered each turn, on a desktop
and on a phone-sized screen (no sideways scrolling), with no request leaving
the server.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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


_DOCS = Path(__file__).parent.parent / "docs" / "_static"


def _new_table(page: Page, server: str, variant: str, players: int, seats: list[str]) -> Any:
    """Make a table through the page's form; the links it shows, seat by seat."""
    page.goto(server + "/")
    page.wait_for_selector("#seat0")
    page.select_option("#variant", variant)
    page.select_option("#players", str(players))
    for n, kind in enumerate(seats):
        page.select_option(f"#seat{n}", kind)
    page.click("#create")
    if seats.count("human") == 1:  # the page opens the one seat itself
        page.wait_for_selector("#table:not([hidden])")
        return [page.url]
    page.wait_for_selector("#links:not([hidden])")
    return page.eval_on_selector_all("#link-list a", "(a) => a.map((x) => x.href)")


def _step(pages: list[Page], rng: random.Random | None = None) -> bool:
    """Click a button offered on any page (the first, or one ``rng`` picks); False once
    the hand is over."""
    for p in pages:
        if p.is_visible("#settlement-box"):
            return False
    for p in pages:
        buttons = p.locator("#hand button:enabled, #actions button:enabled")
        if buttons.count():
            ply = p.evaluate("() => document.body.dataset.ply")
            pick = buttons.nth(rng.randrange(buttons.count())) if rng else buttons.first
            pick.click()
            p.wait_for_function("(p) => document.body.dataset.ply !== p", arg=ply)
            return True
    pages[0].wait_for_timeout(50)
    return True


def test_three_people_play_together_and_a_spectator_sees_no_hidden_card(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    maker = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    links = _new_table(maker, server, "potter1930", 3, ["human", "human", "human"])
    assert len(links) == 4  # three seats and the spectators
    pages = []
    for n, link in enumerate(links):
        ctx = browser.new_context(viewport=PHONE if n == 1 else DESKTOP, has_touch=n == 1)
        p = ctx.new_page()
        p.goto(link)
        p.wait_for_function("() => document.body.dataset.ply !== undefined")
        pages.append(p)
    players, watch = pages[:3], pages[3]
    assert watch.evaluate("() => document.body.dataset.role") == "spectator"
    rng = random.Random(4)
    for _ in range(600):
        if not _step(players, rng):
            break
        assert watch.locator("#hand .card").count() == 0, "the spectator sees a hand"
    watch.wait_for_selector("#settlement-box:not([hidden])")
    assert "Payments:" in watch.inner_text("#settlement")
    table = links[0].split("#t=")[1].split("&")[0]
    whole = watch.evaluate(f"async () => await (await fetch('api/tables/{table}/record')).text()")
    assert whole and watch.text_content("#record-text") == whole  # the whole hand, once over
    assert players[1].evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    for p in pages:
        p.context.close()
    maker.close()


def test_a_closed_tab_reopened_resumes_and_the_keyboard_alone_plays(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    maker = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    link = _new_table(maker, server, "csibor", 4, ["human", "heuristic", "heuristic", "random"])[0]
    ctx = browser.new_context(viewport=DESKTOP)
    tab = ctx.new_page()
    tab.goto(link)
    tab.wait_for_function("() => document.body.dataset.ply !== undefined")
    _step([tab])
    history = tab.inner_text("#history")
    tab.close()
    tab = ctx.new_page()
    tab.goto(link)
    tab.wait_for_function("() => document.body.dataset.ply !== undefined")
    assert tab.inner_text("#history").startswith(history.strip().splitlines()[0])
    # the keyboard alone: focus the first offered button with Tab, press Enter
    for _ in range(400):
        if tab.is_visible("#settlement-box"):
            break
        buttons = tab.locator("#hand button:enabled, #actions button:enabled")
        if not buttons.count():
            tab.wait_for_timeout(50)
            continue
        ply = tab.evaluate("() => document.body.dataset.ply")
        for _ in range(80):
            tab.keyboard.press("Tab")
            if tab.evaluate(
                "() => !!document.activeElement && document.activeElement.matches("
                "'#hand button:enabled, #actions button:enabled')"
            ):
                break
        tab.keyboard.press("Enter")
        tab.wait_for_function("(p) => document.body.dataset.ply !== p", arg=ply)
    assert tab.is_visible("#settlement-box")
    ctx.close()
    maker.close()


@pytest.mark.parametrize("variant,players", [("altiansz", 3), ("csibor", 4)])
def test_other_variants_are_tapped_to_the_settlement_on_a_phone(
    browser: Browser,  # noqa: F811
    server: str,
    variant: str,
    players: int,
) -> None:
    maker = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    seats = ["human"] + ["heuristic"] * (players - 1)
    link = _new_table(maker, server, variant, players, seats)[0]
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    tab = ctx.new_page()
    tab.goto(link)
    tab.wait_for_function("() => document.body.dataset.ply !== undefined")
    for _ in range(600):
        if tab.is_visible("#settlement-box"):
            break
        buttons = tab.locator("#hand button:enabled, #actions button:enabled")
        if not buttons.count():
            tab.wait_for_timeout(50)
            continue
        ply = tab.evaluate("() => document.body.dataset.ply")
        buttons.first.tap()
        tab.wait_for_function("(p) => document.body.dataset.ply !== p", arg=ply)
    assert tab.is_visible("#settlement-box")
    assert tab.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    ctx.close()
    maker.close()


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_screenshots_of_a_hand_in_progress(
    browser: Browser,  # noqa: F811
    server: str,
    screen: dict[str, int],
    tmp_path: Path,
) -> None:
    """The pictures in docs/server.rst: a person against two heuristic bots, in the
    middle of the play of a contract (the person passes in the speech and plays its
    first card).
    Written to docs/_static/ with ALSOS_WEB_SCREENSHOTS=1, else to a scratch folder."""
    phone = screen is PHONE
    ctx = browser.new_context(viewport=screen, has_touch=phone)  # type: ignore[arg-type]
    tab = ctx.new_page()
    for _table in range(8):  # a hand may end early, or be a klopitzky: deal another
        if _in_the_play(tab, server, phone):
            break
    else:
        pytest.fail("eight hands ended before the play of a contract was under way")
    folder = _DOCS if os.environ.get("ALSOS_WEB_SCREENSHOTS") else tmp_path
    name = "web-table-phone.png" if phone else "web-table-desktop.png"
    tab.screenshot(path=str(folder / name))
    assert (folder / name).stat().st_size > 10_000
    ctx.close()


def _in_the_play(tab: Page, server: str, phone: bool) -> bool:
    """Make a table and play it to a trick in progress with the person to play; False if
    the hand ended first."""
    _new_table(tab, server, "potter1930", 3, ["human", "heuristic", "heuristic"])
    for _ in range(300):
        if tab.is_visible("#settlement-box"):
            return False
        cards = tab.locator("#hand button:enabled")
        if (
            cards.count()
            and tab.locator("#trick .card").count()
            and tab.locator("#hand .card").count() <= 7
            and tab.locator("#items li").count()  # a contract with items at stake
        ):
            return True
        buttons = tab.locator("#hand button:enabled, #actions button:enabled")
        if not buttons.count():
            tab.wait_for_timeout(50)
            continue
        ply = tab.evaluate("() => document.body.dataset.ply")
        (buttons.first.tap if phone else buttons.first.click)()
        tab.wait_for_function(
            "(p) => document.body.dataset.ply !== p || "
            "!document.getElementById('settlement-box').hidden",
            arg=ply,
        )
    return False


def test_an_uploaded_broken_profile_shows_the_loader_s_error(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    page.goto(server + "/")
    page.wait_for_selector("#seat2")
    page.set_input_files(
        "#profile",
        files=[{"name": "mine.yaml", "mimeType": "text/yaml",
                "buffer": b"extends: potter1930\nplayers: 7\n"}],
    )  # fmt: skip
    page.click("#create")
    page.wait_for_function("() => document.getElementById('setup-error').textContent !== ''")
    from alsos.ruleset.loading import load_profile_text

    with pytest.raises(ValueError) as loader:
        load_profile_text("extends: potter1930\nplayers: 7\n", players=3)
    assert page.inner_text("#setup-error") == str(loader.value)
    page.close()


def test_hint_and_undo_against_bots(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    _new_table(page, server, "potter1930", 3, ["human", "heuristic", "heuristic"])
    page.wait_for_selector("#actions button:enabled, #hand button:enabled")
    page.get_by_role("button", name="ask for a hint").click()
    page.wait_for_function(
        "() => document.getElementById('refused').textContent.startsWith('hint: ')"
    )
    before = int(page.evaluate("() => document.body.dataset.ply"))
    page.locator("#actions button:enabled, #hand button:enabled").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.ply) > {before}")
    page.wait_for_selector("#actions button:enabled, #hand button:enabled")
    page.get_by_role("button", name="undo your last decision").click()
    page.wait_for_function(f"() => Number(document.body.dataset.ply) === {before}")
    assert page.locator("#history li").count() == before
    page.close()
