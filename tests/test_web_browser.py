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
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import POSTGRES_URL, postgres_schema
from test_viewer_browser import DESKTOP, PHONE, browser  # noqa: F401  (the fixture)
from web_helpers import (
    BUTTONS,
    fits_the_width,
    is_over,
    new_table,
    play_out,
    ply_of,
    serving,
    step,
    wait_for_state,
    wait_past,
)

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.slow  # starts a server and Chromium


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A real ``alsos serve`` on a SQLite file, and again on PostgreSQL where
    ALSOS_TEST_POSTGRES_URL names one (CI starts one): the browser suite runs on both."""
    if request.param == "sqlite":
        db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
        with serving(f"sqlite:///{db}") as running:
            yield running.url
        return
    if not POSTGRES_URL:
        pytest.skip("no PostgreSQL: set ALSOS_TEST_POSTGRES_URL (.ci/postgres starts one)")
    with postgres_schema() as url, serving(url) as running:
        yield running.url


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
    wait_for_state(page)

    def named_click(page: Page, buttons: Locator) -> None:
        first = buttons.first  # named by its label, or (a card) by its hidden words
        assert first.get_attribute("aria-label") or (first.text_content() or "").strip(), (
            "every button has an accessible name"
        )
        buttons.first.click()

    play_out(page, named_click)
    assert "Payments:" in page.inner_text("#settlement")
    assert fits_the_width(page)
    assert outside == []
    assert "Alsós, three players (Potter 1930)" in page.inner_text("#where")
    page.close()


_DOCS = Path(__file__).parent.parent / "docs" / "_static"


def test_three_people_play_together_and_a_spectator_sees_no_hidden_card(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    maker = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    links = new_table(maker, server, "potter1930", 3, ["human", "human", "human"])
    assert len(links) == 4  # three seats and the spectators
    pages = []
    for n, link in enumerate(links):
        ctx = browser.new_context(viewport=PHONE if n == 1 else DESKTOP, has_touch=n == 1)
        p = ctx.new_page()
        p.goto(link)
        wait_for_state(p)
        pages.append(p)
    players, watch = pages[:3], pages[3]
    assert watch.evaluate("() => document.body.dataset.role") == "spectator"
    rng = random.Random(4)
    for _ in range(600):
        if not step(players, rng):
            break
        assert watch.locator("#hand .card").count() == 0, "the spectator sees a hand"
    watch.wait_for_selector("#settlement-box:not([hidden])")
    assert "Payments:" in watch.inner_text("#settlement")
    table = links[0].split("#t=")[1].split("&")[0]
    whole = watch.evaluate(f"async () => await (await fetch('api/tables/{table}/record')).text()")
    assert whole and watch.text_content("#record-text") == whole  # the whole hand, once over
    assert fits_the_width(players[1])
    for p in pages:
        p.context.close()
    maker.close()


def test_a_closed_tab_reopened_resumes_and_the_keyboard_alone_plays(
    browser: Browser,  # noqa: F811
    server: str,
) -> None:
    maker = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    link = new_table(maker, server, "csibor", 4, ["human", "heuristic", "heuristic", "random"])[0]
    ctx = browser.new_context(viewport=DESKTOP)
    tab = ctx.new_page()
    tab.goto(link)
    wait_for_state(tab)
    step([tab])
    history = tab.inner_text("#history")
    tab.close()
    tab = ctx.new_page()
    tab.goto(link)
    wait_for_state(tab)
    assert tab.inner_text("#history").startswith(history.strip().splitlines()[0])

    def keyboard(tab: Page, buttons: Locator) -> None:
        """The keyboard alone: focus an offered button with Tab, press Enter."""
        for _ in range(80):
            tab.keyboard.press("Tab")
            if tab.evaluate(
                "(b) => !!document.activeElement && document.activeElement.matches(b)", BUTTONS
            ):
                break
        tab.keyboard.press("Enter")

    play_out(tab, keyboard)
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
    link = new_table(maker, server, variant, players, seats)[0]
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    tab = ctx.new_page()
    tab.goto(link)
    wait_for_state(tab)
    play_out(tab, lambda tab, buttons: buttons.first.tap())
    assert fits_the_width(tab)
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
    new_table(tab, server, "potter1930", 3, ["human", "heuristic", "heuristic"])
    for _ in range(300):
        if is_over(tab):
            return False
        cards = tab.locator("#hand button:enabled")
        if (
            cards.count()
            and tab.locator("#trick .card").count()
            and tab.locator("#hand .card").count() <= 7
            and tab.locator("#items li").count()  # a contract with items at stake
        ):
            return True
        buttons = tab.locator(BUTTONS)
        if not buttons.count():
            tab.wait_for_timeout(50)
            continue
        ply = ply_of(tab)
        (buttons.first.tap if phone else buttons.first.click)()
        wait_past(tab, ply)
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
    new_table(page, server, "potter1930", 3, ["human", "heuristic", "heuristic"])
    page.wait_for_selector(BUTTONS)
    page.get_by_role("button", name="ask for a hint").click()
    page.wait_for_function(
        "() => document.getElementById('hint-text').textContent.startsWith('hint: ')"
    )
    assert page.text_content("#refused") == "", "a hint is not shown as an error"
    before = int(page.evaluate("() => document.body.dataset.ply"))
    story = page.inner_text("#history")
    page.locator(BUTTONS).first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.ply) > {before}")
    page.wait_for_selector(BUTTONS)
    page.get_by_role("button", name="undo your last decision").click()
    page.wait_for_function(f"() => Number(document.body.dataset.ply) === {before}")
    assert page.inner_text("#history") == story  # told again as it was
    page.close()
