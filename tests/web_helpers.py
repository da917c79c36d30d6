"""What the tests of a real ``alsos serve`` process share (tests/test_web_browser.py,
tests/test_web_scale.py): starting, killing and restarting the server, and
clicking the page the way a person does (Playwright).

A :class:`Server` is a child process on a loopback port, with the same
interpreter and environment as the tests (so the alsos under test), its bots
without delay unless asked.  The page helpers rely on what the page exposes
for tests: ``document.body.dataset.ply`` (the ply of the state shown) and the
buttons in ``#hand`` and ``#actions``.
"""

from __future__ import annotations

import contextlib
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

#: the buttons a person may press: cards in the hand and the other actions
BUTTONS = "#hand button:enabled, #actions button:enabled"


def free_port() -> int:
    """A TCP port nobody listens on now, on the loopback address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """An ``alsos serve`` process on ``db``: started, stopped, killed and started again on
    the same port (so an open page reconnects to it)."""

    def __init__(
        self,
        db: str,
        *,
        bot_delay: float = 0.0,
        port: int | None = None,
        log: Path | None = None,
        hand_pause: str = "3",
        extra: Sequence[str] = (),
    ) -> None:
        self.db = db
        self.extra = tuple(extra)  # more options of alsos serve
        self.bot_delay = bot_delay
        self.log = log  # the process's stderr goes there (appended), if given
        self.hand_pause = hand_pause
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start the process and wait until it accepts connections."""
        err = None if self.log is None else self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "alsos", "serve", "--port", str(self.port), "--db", self.db,
             "--bot-delay", str(self.bot_delay), "--hand-pause", self.hand_pause, *self.extra],
            stderr=err,
        )  # fmt: skip
        if err is not None:
            err.close()  # the child has its own copy
        for _ in range(200):
            if self.proc.poll() is not None:
                pytest.fail(f"alsos serve exited with status {self.proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        pytest.fail("alsos serve did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the process could still write."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def stop(self) -> None:
        """Stop the process as an operator would (SIGTERM)."""
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None


@contextlib.contextmanager
def serving(
    db: str,
    *,
    bot_delay: float = 0.0,
    log: Path | None = None,
    hand_pause: str = "3",
    extra: Sequence[str] = (),
) -> Iterator[Server]:
    """A started :class:`Server`, stopped when the block is left."""
    server = Server(db, bot_delay=bot_delay, log=log, hand_pause=hand_pause, extra=extra).start()
    try:
        yield server
    finally:
        server.stop()


# --------------------------------------------------------------- the page


def ply_of(page: Page) -> str | None:
    """The ply of the state the page shows (None before its first state)."""
    ply: str | None = page.evaluate("() => document.body.dataset.ply")
    return ply


def wait_for_state(page: Page) -> None:
    """Wait until the page shows a state of its table."""
    page.wait_for_function("() => document.body.dataset.ply !== undefined")


def wait_past(page: Page, ply: str | None, timeout: float = 30000) -> None:
    """Wait until the page shows a state after ``ply``, or the settlement."""
    page.wait_for_function(
        "(p) => document.body.dataset.ply !== p || "
        "!document.getElementById('settlement-box').hidden",
        arg=ply,
        timeout=timeout,
    )


def is_over(page: Page) -> bool:
    """Whether the page shows the settlement."""
    return page.is_visible("#settlement-box")


def new_table(page: Page, server: str, variant: str, players: int, seats: list[str]) -> Any:
    """Make a table through the page's form; the links it shows, seat by seat (with one
    person's seat, the page opens it itself: its address)."""
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


def step(pages: list[Page], rng: random.Random | None = None) -> bool:
    """Click a button offered on any page (the first, or one ``rng`` picks); False once
    the hand is over."""
    if any(is_over(p) for p in pages):
        return False
    for p in pages:
        buttons = p.locator(BUTTONS)
        if buttons.count():
            ply = ply_of(p)
            pick = buttons.nth(rng.randrange(buttons.count())) if rng else buttons.first
            pick.click()
            wait_past(p, ply)
            return True
    pages[0].wait_for_timeout(50)
    return True


def play_out(
    page: Page,
    press: Callable[[Page, Locator], None] | None = None,
    limit: int = 600,
    until: Callable[[Page], bool] | None = None,
) -> bool:
    """Press the first offered button, turn after turn, until the settlement shows
    (or, with ``until``, until ``until(page)`` is true: then True, False if the hand
    ended first).

    ``press(page, buttons)`` presses one of the offered buttons (default: a click on
    the first); while nothing is offered (the bots' turn) it waits."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(limit):
        if is_over(page):
            return until is None
        if until is not None and until(page):
            return True
        buttons = page.locator(BUTTONS)
        if not buttons.count():
            page.wait_for_timeout(50)
            continue
        ply = ply_of(page)
        if press is None:
            buttons.first.click()
        else:
            press(page, buttons)
        try:
            wait_past(page, ply, timeout=5000)
        except PlaywrightTimeout:
            # a player this quick (a move every few milliseconds) meets the server's
            # limit on messages ("too many messages: slow down"): wait, and press again
            if not page.inner_text("#refused").strip():
                raise
            page.wait_for_timeout(1000)
    assert is_over(page), "the hand did not reach its settlement"
    return until is None


def fits_the_width(page: Page) -> bool:
    """No sideways scrolling."""
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def own_matchpoints(held: dict[Any, list[tuple[int, int]]]) -> dict[int, tuple[int, int]]:
    """Each entrant's matchpoints and top, counted here for the tests, apart from
    alsos.compete: ``held[board, position]`` lists ``(entrant, payment)`` of every
    table's result there, and each result scores 2 for each other entrant's it beats
    and 1 for each it equals, out of 2 for each."""
    totals: dict[int, list[int]] = {}
    for results in held.values():
        for who, paid in results:
            mine = totals.setdefault(who, [0, 0])
            for other, theirs in results:
                if other != who:
                    mine[0] += 2 if paid > theirs else 1 if paid == theirs else 0
                    mine[1] += 2
    return {e: (mp, top) for e, (mp, top) in totals.items()}
