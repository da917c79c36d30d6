"""The analysis in the hand viewer (alsos.viewer_marks): strips, marks, better cards, no leaks."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from viewer_helpers import parse

import alsos
from alsos.analysis import Thresholds, analyze
from alsos.cli import main
from alsos.rulebook import worked_example
from alsos.viewer import ViewerError, fragment, page
from tests.rl_helpers import deal_of, replay_swapped
from tests.test_analysis import POTTER, _scripted
from tests.test_search_solve import PROFILES


@pytest.fixture(scope="module")
def blunder() -> tuple[alsos.Record, alsos.analysis.Analysis, int]:
    """A hand with a card that costs a blunder (brute force), analysed open-card."""
    game, step, _cost = _scripted(lambda g, s, t, c: c >= Thresholds().blunder)
    return game.record(), analyze(game, worlds=0, open_card_tricks=3), step


def test_the_blunder_is_shown_in_its_step(blunder) -> None:  # type: ignore[no-untyped-def]
    """Its step carries a strip row marked blunder with the played and best values, the
    card on the trick is marked, the better card is outlined in the seat's hand, and
    the list of steps carries the step's sign."""
    record, analysis, step = blunder
    d = next(d for d in analysis.decisions if d.step == step)
    assert d.open_card is not None and d.open_card.mark == "blunder"
    root = parse(page(record, analysis=analysis))
    (row,) = root.find("av-ev", data_step=str(step))
    assert row.attrs["data-mark"] == "blunder"
    text = row.all_text()
    assert f"{d.action}??" in text and "blunder" in text
    better = row.one("av-better-is")  # the better card drawn, and named with its value
    assert better.cards() == [str(d.open_card.best)]
    assert better.all_text().endswith(f"{d.open_card.best} {d.open_card.best_value:+.0f}")
    section = row.parent.parent  # type: ignore[union-attr]
    assert section is not None and section.tag == "section"
    assert section.attrs["data-title"].endswith(" ??")
    (played,) = section.find("av-m-blunder")
    assert played.attrs["data-seat"] == str(d.seat)
    assert played.cards() == [str(d.action)]
    hand = section.one("av-seat", data_seat=str(d.seat))
    assert [n.attrs["data-card"] for n in hand.find("better")] == [str(d.open_card.best)]
    n = int(section.attrs["data-step"])
    button = root.one(tag="button", data_go=str(n))
    assert "av-blunder" in button.classes() and button.all_text().endswith("??")
    # every judged decision has its row, in the step holding its action
    rows = root.find("av-ev")
    assert sorted(int(r.attrs["data-step"] or 0) for r in rows) == [
        d.step for d in analysis.decisions
    ]


def test_without_an_analysis_the_page_is_unchanged(blunder) -> None:  # type: ignore[no-untyped-def]
    record, analysis, _ = blunder
    plain = page(record)
    assert "av-ev" not in plain and "data-go" not in plain.split("<script>")[0]
    assert page(record, analysis=analysis) != plain


def test_names_are_escaped_in_the_strip(blunder) -> None:  # type: ignore[no-untyped-def]
    record, analysis, step = blunder
    named = attrs.evolve(record, seats=("<b>x</b>", "<script>y()</script>", "&z"))
    html = page(named, analysis=analysis)
    assert "<script>y()" not in html and "<b>x</b>" not in html
    (row,) = parse(html).find("av-ev", data_step=str(step))
    assert "seat" in row.all_text()


def test_an_analysis_of_another_hand_or_seat_is_refused(blunder) -> None:  # type: ignore[no-untyped-def]
    record, analysis, _ = blunder
    other = worked_example(POTTER)
    with pytest.raises(ViewerError, match="not of this hand"):
        page(other, analysis=analysis)
    with pytest.raises(ViewerError, match="one hand"):
        page([record, record], analysis=analysis)
    mine = analyze(other, seat=1, worlds=0)
    with pytest.raises(ViewerError, match="seat 1's decisions; a page for seat 2"):
        fragment(other, seat=2, analysis=mine)


def test_a_seat_page_shows_only_its_own_decisions_from_its_view() -> None:
    record = worked_example(POTTER)
    analysis = analyze(record, worlds=2, seed=1)
    root = parse(page(record, seat=1, analysis=analysis))
    rows = root.find("av-ev")
    mine = [d.step for d in analysis.decisions if d.seat == 1]
    assert sorted(int(r.attrs["data-step"] or 0) for r in rows) == mine
    assert all("open " not in r.all_text() for r in rows)
    assert any("view " in r.all_text() for r in rows)


def _late(rules: alsos.Ruleset, pack: list[int], seed: int) -> int:
    """How many random actions (``random.Random(seed)``) reach two tricks before the end."""
    rng = random.Random(seed)
    game = alsos.Game(rules, deal=deal_of(rules, pack, 0), dealer=0)
    while not game.is_over and game.trick_no < rules.hand_size - 2:
        game.apply(rng.choice(game.legal_actions()))
    return len(game.history)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([POTTER, PROFILES["two-player"]]),
    st.integers(0, 10**6),
    st.integers(0, 2),
    st.tuples(st.integers(0, 31), st.integers(0, 31)),
)
def test_a_seat_page_with_an_analysis_is_the_same_for_cards_it_never_saw(
    rules, seed, seat, pick
) -> None:  # type: ignore[no-untyped-def]
    """Two deals that differ only in cards seat k never saw, the same actions up to two
    tricks before the end, each analysed open-card and from k's view: k's page is the
    same bytes (the open-card values, which come from every card, are left out)."""
    seat %= rules.players
    pack = list(range(32))
    random.Random(seed).shuffle(pack)
    steps = _late(rules, pack, seed)
    out = replay_swapped(rules, pack, 0, steps, random.Random(seed), seat, pick)
    if out is None or seat not in out[0].active or out[0].view(seat) != out[1].view(seat):
        return
    pages = []
    for game in out[:2]:
        analysis = analyze(game, seat=seat, worlds=1, seed=seed, open_card_tricks=4)
        pages.append(page(game.record(), seat=seat, analysis=analysis))
    assert pages[0] == pages[1]


def test_cli_analyze_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.alsos"
    path.write_text(worked_example(POTTER).dumps(), encoding="utf-8")
    out = tmp_path / "hand.html"
    assert main(["analyze", str(path), "--worlds", "0", "--html", str(out)]) == 0
    assert f"written to {out}" in capsys.readouterr().out
    root = parse(out.read_text(encoding="utf-8"))
    assert root.find("av-ev") and root.find("av-list")
    assert main(["analyze", str(path), "--worlds", "0", "--html", str(tmp_path)]) == 1
    assert "cannot write" in capsys.readouterr().err
