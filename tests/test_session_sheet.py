"""The session's score sheet (Session.sheet, Session.summary): one line per hand,
running totals that are the sum of the written scores and the session's bonuses,
and each kind's state."""

from __future__ import annotations

import types

from hypothesis import given, settings
from hypothesis import strategies as st

import alsos


def _score(written: list[int], declarer: int | None = 0) -> types.SimpleNamespace:
    """A bare hand score as Session.add reads it (written scores, a declarer)."""
    return types.SimpleNamespace(
        written=dict(enumerate(written)),
        payments={s: 0 for s in range(len(written))},
        declarer=declarer,
        contract="game",
    )


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(["potter1930", "csibor", "altiansz"]),
    hands=st.lists(st.lists(st.integers(0, 12), min_size=3, max_size=3), max_size=30),
)
def test_the_totals_are_the_running_sum_of_the_lines(variant: str, hands: list[list[int]]) -> None:
    session = alsos.new_session(alsos.load_variant(variant, players=3))
    for written in hands:
        if session.is_over:
            break
        session.add(_score(written))
    running = [0, 0, 0]
    for n, line in enumerate(session.sheet, start=1):
        assert line.hand == n and line.dealer == (n - 1) % 3  # pagat, "Deal"
        running = [running[s] + line.written[s] + line.bonus[s] for s in range(3)]
        assert list(line.totals) == running
    assert [session.scores[s] for s in range(3)] == running
    data = session.summary()
    assert data["sheet"] == [line.to_data() for line in session.sheet]
    assert data["over"] == session.is_over and data["hands"] == len(session.sheet)


def test_a_rubber_s_bonus_goes_on_the_line_that_wins_it() -> None:
    """pagat, "Scoring": the first seat past 20 alone gets the bonus of 2."""
    session = alsos.new_session(alsos.load_variant("potter1930"))
    session.add(_score([12, 0, 0]))
    assert session.summary()["winner"] is None and session.summary()["prize"] == 2
    session.add(_score([9, 3, 0]))
    last = session.sheet[-1]
    assert last.bonus == (2, 0, 0) and last.totals == (23, 3, 0)
    data = session.summary()
    assert data["over"] and data["winner"] == 0 and data["target"] == 20
    assert data["result"] == [3 * 23 - 26, 3 * 3 - 26, -26]


def test_a_session_of_deals_counts_down() -> None:
    """altiansz, "Players and Cards": 18 deals; the declarations are counted
    (altiansz, "Bidding and use of the Talon")."""
    session = alsos.new_session(alsos.load_variant("altiansz"))
    session.add(_score([0, 5, 0], declarer=1))
    data = session.summary()
    assert data["kind"] == "deals" and data["deals"] == 18 and data["left"] == 17
    assert data["declared"] == [0, 1, 0] and data["declare_limit"] == 6
    assert data["dealer"] == 1
