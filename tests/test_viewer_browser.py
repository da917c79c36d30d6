"""The hand viewer in a real browser: Debian's chromium, headless, driven by Playwright.

Clicks through hands and checks what is on the screen against the engine: the
Nth trick's cards after the deal, the auction and N clicks, the hands
shrinking, the settlement at the end, the arrow keys, no horizontal scrolling
on a phone-sized screen at 2, 3 and 4 seats, and no request leaving the page.

Skipped when ``/usr/bin/chromium`` or Playwright is missing, unless the
environment variable ``CI`` is ``true``: there the test must run, so it fails
instead.  No browser is downloaded (``executable_path`` points at chromium).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from viewer_helpers import played, replay_by_trick

from alsos.pack.cards import CARDS
from alsos.records.record import Record
from alsos.viewer import fragment, page

pytestmark = pytest.mark.slow  # starts Chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the browser test must run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install 'alsos[viewer-test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def hand() -> Record:
    return played("potter1930", 3)


def _open(browser: Browser, html: str, tmp_path: Path, viewport: dict[str, int]) -> Page:
    """Load the page from a file, failing the test if it asks the network for anything."""
    path = tmp_path / "hand.html"
    path.write_text(html, encoding="utf-8")
    tab = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
    requests: list[str] = []
    tab.on("request", lambda r: requests.append(r.url))
    tab.goto(path.as_uri())
    tab.wait_for_selector(".alsos-viewer.av-js")
    assert requests == [path.as_uri()], requests  # nothing but the page itself
    return tab


def _shown(tab: Page, viewer: int = 0) -> dict[str, Any]:
    """What the visible step of a viewer shows: its kind, the trick's cards and seats, the
    number of cards in each seat's row, and how many steps are visible at all."""
    result: dict[str, Any] = tab.evaluate(
        """(i) => {
        const root = document.querySelectorAll('.alsos-viewer')[i];
        const visible = [...root.querySelectorAll('.av-step')].filter(s => s.offsetParent);
        const s = visible[0];
        const cards = (el) => [...el.querySelectorAll('.c')].filter(
            c => c.getBoundingClientRect().width > 0);
        const rows = {};
        for (const row of s.querySelectorAll('.av-seat[data-seat]')) {
            rows[row.dataset.seat] = [cards(row).length, row.querySelectorAll('.c.back').length];
        }
        return {
            visible: visible.length,
            kind: s.dataset.kind, trick: s.dataset.trick || null,
            played: [...s.querySelectorAll('.av-trick .av-play')].map(
                p => [Number(p.dataset.seat), p.querySelector('.c').dataset.card]),
            rows: rows,
            text: s.innerText,
            current: root.dataset.current,
            prev: root.querySelector('.av-prev').disabled,
            next: root.querySelector('.av-next').disabled,
        };
    }""",
        viewer,
    )
    return result


def test_clicking_through_a_hand(browser: Browser, hand: Record, tmp_path: Path) -> None:
    game = hand.replay()
    counts = replay_by_trick(hand)
    tab = _open(browser, page(hand), tmp_path, DESKTOP)
    shown = _shown(tab)
    assert (shown["kind"], shown["visible"]) == ("deal", 1)
    assert shown["prev"] and not shown["next"]  # disabled at the first step
    dealt = {int(s): n for s, (n, _b) in shown["rows"].items()}
    assert dealt == counts[0]
    tab.click(".av-next")
    assert _shown(tab)["kind"] == "auction"
    for n, trick in enumerate(game.tricks, 1):
        tab.click(".av-next")  # after the deal, the auction and n clicks: trick n
        shown = _shown(tab)
        assert (shown["kind"], shown["trick"], shown["visible"]) == ("trick", str(n), 1)
        assert shown["played"] == [[s, CARDS[c].name] for s, c in trick]
        rows = {int(s): faces for s, (faces, _backs) in shown["rows"].items()}
        assert rows == counts[n]
        assert sum(rows.values()) < sum(dealt.values())  # the hands shrink
        assert f"seat {game.trick_winners[n - 1]} wins the trick" in shown["text"]
    tab.click(".av-next")
    shown = _shown(tab)
    assert shown["kind"] == "settlement" and shown["next"] and not shown["prev"]
    st = game.settlement
    assert st is not None
    for s, value in st.payments.items():
        assert f"{value:+d}" in shown["text"], s
    assert tab.locator(".av-next").is_disabled()  # nothing after the end
    tab.close()


def test_the_arrow_keys_home_and_end(browser: Browser, hand: Record, tmp_path: Path) -> None:
    tab = _open(browser, page(hand), tmp_path, DESKTOP)
    steps = tab.locator(".av-step").count()
    for _ in range(3):
        tab.keyboard.press("ArrowRight")
    assert _shown(tab)["current"] == "3" and _shown(tab)["trick"] == "2"
    tab.keyboard.press("ArrowLeft")
    assert _shown(tab)["current"] == "2"
    tab.keyboard.press("End")
    assert _shown(tab)["kind"] == "settlement" and _shown(tab)["current"] == str(steps - 1)
    tab.keyboard.press("ArrowRight")
    assert _shown(tab)["current"] == str(steps - 1)
    tab.keyboard.press("Home")
    assert _shown(tab)["kind"] == "deal"
    tab.close()


@pytest.mark.parametrize(
    ("variant", "players"),
    [("two-player", None), ("potter1930", None), ("four-player", None), ("csibor", 2)],
)
def test_a_phone_screen_never_scrolls_sideways(
    browser: Browser, tmp_path: Path, variant: str, players: int | None
) -> None:
    record = played(variant, 5, players)
    tab = _open(browser, page(record), tmp_path, PHONE)
    steps = tab.locator(".av-step").count()
    for n in range(steps):
        width = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (n, width)
        box = tab.locator(".av-next").bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
        tab.keyboard.press("ArrowRight")
    tab.close()


def test_a_seat_view_draws_the_others_face_down(
    browser: Browser, hand: Record, tmp_path: Path
) -> None:
    game = hand.replay()
    counts = replay_by_trick(hand)
    me = 0
    tab = _open(browser, page(hand, seat=me), tmp_path, PHONE)
    tab.keyboard.press("ArrowRight")
    for n in range(1, len(game.tricks) + 1):
        tab.keyboard.press("ArrowRight")
        shown = _shown(tab)
        assert shown["trick"] == str(n)
        for s, (faces, backs) in shown["rows"].items():
            if int(s) == me:
                assert (faces, backs) == (counts[n][me], 0)
            else:
                assert (faces, backs) == (counts[n][int(s)], counts[n][int(s)])  # all backs
    assert "as seat 0 saw it" in tab.inner_text(".av-note")
    tab.close()


def test_viewers_embedded_side_by_side_move_alone(
    browser: Browser, hand: Record, tmp_path: Path
) -> None:
    """Two fragments on one page (as in the documentation): each has its own buttons,
    and the keys move only the viewer that has the focus."""
    other = played("four-player", 2)
    html = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
        f"<p>Some text.</p>{fragment(hand)}<p>More text.</p>{fragment(other)}</body></html>"
    )
    tab = _open(browser, html, tmp_path, DESKTOP)
    tab.locator(".av-next").nth(1).click()
    assert (_shown(tab, 0)["current"], _shown(tab, 1)["current"]) == ("0", "1")
    tab.locator(".alsos-viewer").first.focus()
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    assert (_shown(tab, 0)["current"], _shown(tab, 1)["current"]) == ("2", "1")
    tab.locator("p").first.click()  # the keys belong to the page again
    tab.keyboard.press("ArrowRight")
    assert (_shown(tab, 0)["current"], _shown(tab, 1)["current"]) == ("2", "1")
    tab.close()


def test_a_point_of_the_hand_has_its_own_address(
    browser: Browser, hand: Record, tmp_path: Path
) -> None:
    """A page's address names the step shown (``#step=N``, counting from 1), so a link
    opens the hand at that point; moving on changes the address, not the history."""
    tab = _open(browser, page(hand), tmp_path, DESKTOP)
    assert tab.evaluate("() => location.hash") == ""  # the first step: the plain address
    visited = tab.evaluate("() => history.length")
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    assert tab.evaluate("() => location.hash") == "#step=3"
    url = tab.url
    assert tab.evaluate("() => history.length") == visited  # replaced, not pushed
    tab.get_by_role("button", name="Copy the link to this step").click()
    # the words come when the clipboard's promise settles: wait for them, do not race them
    tab.wait_for_function("() => document.querySelector('.av-said').textContent !== ''")
    said = tab.inner_text(".av-said")  # copied, or (a browser that refuses) shown to copy
    assert said.endswith(url) and said.startswith(("Copied: ", "Copy the address: "))
    other = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    other.goto(url)
    other.wait_for_selector(".alsos-viewer.av-js")
    assert _shown(other)["current"] == "2" and _shown(other)["trick"] == _shown(tab)["trick"]
    other.goto(url.split("#")[0] + "#step=999")  # past the end: the last step
    other.reload()
    other.wait_for_selector(".alsos-viewer.av-js")
    assert _shown(other)["kind"] == "settlement"
    other.close()
    tab.close()
