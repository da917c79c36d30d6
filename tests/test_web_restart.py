"""A killed ``alsos serve`` loses nothing: every table comes back, and open pages play on.

Issue 21 ("How it is built", "Tests"): a server restart in the middle of a hand
loses nothing -- tables, seats and the hand in progress come back, and the
browsers reconnect where they were.  Here the real process is killed with
SIGKILL (no shutdown of any kind) in the middle of two hands -- a person
against bots, watched in the person's page, and a table of bots only,
watched by a spectator's page -- and started again on the same database:
a SQLite file, and PostgreSQL where ALSOS_TEST_POSTGRES_URL names one
(``db_url`` in tests/conftest.py).  Debian's chromium through Playwright, as
in tests/test_web_browser.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from test_viewer_browser import DESKTOP, browser  # noqa: F401  (the fixture)
from web_helpers import BUTTONS, Server, is_over, new_table, play_out, step, wait_for_state

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("uvicorn", reason="needs the web extra")

from alsos.web.store import Store

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

_LOST = "Connection lost"
#: what a page shows of its table, by the element's id: compared before and after
_SHOWN = (
    *("where", "status", "hand", "unseen", "trick", "talon"),
    *("items", "tricks-won", "history", "actions"),
)


def _shown(page: Page) -> dict[str, object]:
    """What ``page`` shows: the ply, the text of each part, the buttons' names."""
    shown: dict[str, object] = {"ply": page.evaluate("() => document.body.dataset.ply")}
    for part in _SHOWN:
        if page.locator(f"#{part}").count():
            shown[part] = page.inner_text(f"#{part}")
    shown["buttons"] = page.eval_on_selector_all(
        BUTTONS, "(bs) => bs.map((b) => b.getAttribute('aria-label'))"
    )
    return shown


def _history(page: Page) -> list[str]:
    """The lines of the story the page tells."""
    lines = page.eval_on_selector_all("#history li", "(l) => l.map((x) => x.innerText)")
    return [str(x) for x in lines]


def _goes_on(earlier: list[str], later: list[str]) -> bool:
    """Whether the story ``later`` goes on from ``earlier``: every line told then is
    told again, a turn of speech perhaps longer now (its line grows while the seat
    speaks), and the last line (a row of passes may gain a name) aside."""
    return len(later) >= len(earlier) and all(
        now.startswith(then) for then, now in zip(earlier[:-1], later, strict=False)
    )


def _table_id(link: str) -> str:
    return link.split("#t=")[1].split("&")[0]


def _stored(db: str, table: str) -> tuple[tuple[int, str], ...]:
    """The actions the database holds for ``table`` (read with a store of its own)."""
    store = Store(db)
    try:
        row = store.table(table)
        assert row is not None, f"table {table} is not in the database"
        return tuple(row.actions)
    finally:
        store.close()


def test_a_killed_server_restarted_resumes_every_table(
    browser: Browser,  # noqa: F811
    db_url: str,
) -> None:
    # bots move after a short delay, so the bots' table is still mid-hand when killed
    server = Server(db_url, bot_delay=0.3).start()
    try:
        person = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
        mine = new_table(person, server.url, "potter1930", 3, ["human", "heuristic", "heuristic"])
        lobby = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
        links = new_table(lobby, server.url, "csibor", 4, ["heuristic", "random"] * 2)
        assert len(links) == 1  # bots only: the spectators' link alone
        watch = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
        watch.goto(links[0])
        wait_for_state(watch)
        assert watch.evaluate("() => document.body.dataset.role") == "spectator"

        wait_for_state(person)
        for _ in range(2):  # two of the person's decisions, the bots answering
            step([person])
        person.wait_for_selector(BUTTONS)  # the person's turn: the table waits for it
        # the bots' table may not have moved yet on a slow machine: see it move once
        watch.wait_for_function("() => Number(document.body.dataset.ply) > 0")
        assert not is_over(person) and not is_over(watch), "a hand ended before the kill"
        before = _shown(person)
        watched = _history(watch)
        watched_ply = int(watch.evaluate("() => document.body.dataset.ply"))

        server.kill()
        for page in (person, watch):  # each page notices, and keeps trying
            page.wait_for_function("(w) => document.getElementById('status').textContent"
                                   ".startsWith(w)", arg=_LOST)  # fmt: skip
        at_kill = {t: _stored(db_url, t) for t in (_table_id(mine[0]), _table_id(links[0]))}
        mine_at_kill, bots_at_kill = at_kill.values()
        assert len(mine_at_kill) == int(str(before["ply"]))  # every action shown was stored
        assert len(bots_at_kill) >= watched_ply > 0 and watched

        server.start()  # the same database, the same port: the pages reconnect by themselves
        for page in (person, watch):
            page.wait_for_function("(w) => !document.getElementById('status').textContent"
                                   ".startsWith(w)", arg=_LOST, timeout=60_000)  # fmt: skip
        assert _shown(person) == before, "the person's table came back changed"
        again = _history(watch)
        assert _goes_on(watched, again), f"another history: {watched} then {again}"

        play_out(person)  # the same open page plays on to the settlement
        assert "Payments:" in person.inner_text("#settlement")
        watch.wait_for_selector("#settlement-box:not([hidden])", timeout=120_000)
        assert "Payments:" in watch.inner_text("#settlement")
        final_history = _history(watch)
        assert _goes_on(watched, final_history)
        final_ply = int(watch.evaluate("() => document.body.dataset.ply"))
    finally:
        server.stop()
    for table, then in at_kill.items():  # the stored records go on from where they were
        assert _stored(db_url, table)[: len(then)] == then
    assert len(_stored(db_url, _table_id(links[0]))) == final_ply
