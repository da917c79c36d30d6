"""The hand viewer's HTML (alsos.viewer), read back with an HTML parser and checked
against the engine; the CLI option and the Sphinx directive that use it.

The browser checks (clicking, keys, phone width) are in test_viewer_browser.py.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from drive import first_legal, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import TABLES
from viewer_helpers import (
    Node,
    all_cards,
    dealt,
    first_hand,
    parse,
    played,
    replay_by_trick,
    seen_by,
)

import alsos
from alsos.cli import main
from alsos.pack.actions import Action, Play
from alsos.pack.cards import CARDS, cards_of
from alsos.records.record import Record, RecordError
from alsos.viewer import ViewerError, example, fragment, page


@pytest.fixture(scope="module")
def hand() -> Record:
    """A potter1930 hand where seat 1 accepts, takes the talon (síber) and discards face
    down (hidden from the others): the first such heuristic-bot hand from seed 3 on, so a
    change of the bot moves the search on rather than breaking the tests that use it."""
    record = first_hand("potter1930", _seat_1_discards, "seat 1 accepting and discarding")
    assert _seat_1_discards(record)
    return record


def _seat_1_discards(record: Record) -> bool:
    done = [(s, str(a)) for s, a in record.actions]
    return (1, "accept") in done and any(s == 1 and a.startswith("discard") for s, a in done)


def _steps(html: str) -> list[Node]:
    return parse(html).find("av-step", tag="section")


def test_the_page_is_self_contained(hand: Record) -> None:
    html = page(hand)
    assert html.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport"' in html
    # Nothing is fetched: no external style sheets, scripts, images, frames or fonts.
    for fetch in ("<link", "src=", "@import", "url(", "<iframe", "<img"):
        assert fetch not in html, fetch
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert all(h.startswith("#") for h in hrefs[:-1])  # card pictures are <use href="#...">
    assert hrefs[-1].startswith("https://pypi.org/")  # the footer's link, not a resource
    parse(html)  # well nested


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_steps_follow_the_hand_at_every_table(variant: str, players: int | None) -> None:
    """Deal, auction, one step per trick with its cards in order and its winner, the hands
    shrinking as the engine says, and the settlement's payments."""
    record = played(variant, 11, players)
    game = record.replay()
    steps = _steps(page(record))
    kinds = [s.attrs["data-kind"] for s in steps]
    tricks = len(game.tricks)
    assert kinds == ["deal", "auction", *["trick"] * tricks, "settlement"]
    counts = replay_by_trick(record)
    for n, step in enumerate(steps[2:-1], 1):
        assert step.attrs["data-trick"] == str(n)
        plays = step.one("av-trick").find("av-play")
        assert [p.cards()[0] for p in plays] == [CARDS[c].name for _s, c in game.tricks[n - 1]]
        seats = [int(p.attrs["data-seat"] or -1) for p in plays]
        assert seats == [s for s, _c in game.tricks[n - 1]]
        winner = [int(p.attrs["data-seat"] or -1) for p in plays if "av-won" in p.classes()]
        assert winner == [game.trick_winners[n - 1]]
        for s in game.active:
            row = step.one("av-seat", data_seat=str(s))
            assert len(row.cards()) == counts[n][s], (n, s)
            assert row.backs() == 0  # a replay shows every card
    # The hands shrink by one card a trick from the auction's end on.
    sizes = [sum(len(step.one("av-seat", data_seat=str(s)).cards()) for s in game.active)
             for step in steps[1:-1]]  # fmt: skip
    assert all(a - b == len(game.active) for a, b in itertools.pairwise(sizes))
    # A hand that ends before the last trick (a lost betli, a call) shows the cards not played.
    left = {s: len(steps[-1].one("av-seat", data_seat=str(s)).cards())
            for s in game.active} if any(counts[-1].values()) else {}  # fmt: skip
    assert left == {s: n for s, n in counts[-1].items() if any(counts[-1].values())}
    assert bool(left) == ("Cards not played" in steps[-1].all_text())
    settlement = steps[-1].one("av-result")
    st_ = game.settlement
    assert st_ is not None
    for s, value in st_.payments.items():
        row = settlement.one(tag="tr", data_seat=str(s))
        assert row.one("av-pay").all_text().strip() == f"{value:+d}"


def _betli_lost_at_once(seed: int) -> Record:
    """A four-player hand, played by a script: the first seat that may bids Betli, the
    others pass; the declarer plays its first legal card, the defenders their last."""
    game = alsos.Game(alsos.load_variant("four-player"), seed=seed)

    def script(game: alsos.Game, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        betli = [a for a in legal if "betli" in str(a)]
        if betli:
            return betli[0]
        if plays:
            return plays[0] if game.to_act == game.declarer else plays[-1]
        return next((a for a in legal if str(a) == "pass"), legal[0])

    play_out(game, script)
    return game.record()


def test_a_hand_that_ends_early_shows_the_cards_not_played() -> None:
    record = _betli_lost_at_once(5)
    game = record.replay()
    # the script's hand: a betli lost at the first trick, every seat still holding cards
    assert game.contract is not None and game.contract.kind is alsos.Kind.BETLI
    assert game.is_over and len(game.tricks) == 1 and all(game.hand(s) for s in game.active)
    last = _steps(page(record))[-1]
    assert last.attrs["data-kind"] == "settlement" and "Cards not played" in last.all_text()
    for s in game.active:
        row = last.one("av-seat", data_seat=str(s))
        assert row.cards() == [c.name for c in game.hand(s)]
    assert "Points" not in last.one("av-result").all_text()  # a betli has no card points


def test_the_deal_shows_every_dealt_card_and_the_talon(hand: Record) -> None:
    deal_step = _steps(page(hand))[0]
    game = alsos.Game(hand.rules(), deal=alsos.Deal.parse(hand.deal), dealer=hand.dealer)
    for s, cards in dealt(hand).items():
        row = deal_step.one("av-seat", data_seat=str(s))
        assert set(row.cards()) == {c.name for c in cards}
        # cards not yet picked up are drawn faded
        later = {n.attrs["data-card"] for n in row.find("later")}
        assert later == {c.name for c in cards_of(game.unseen[s])}
    talon = deal_step.one("av-talon")
    assert talon.cards() == [CARDS[c].name for c in game.talon]


def _play_starts(record: Record) -> int:
    """How many actions come before the play begins (announcements made at the first
    trick, before its lead, belong to the trick, as the record writes them)."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    for i, (seat, action) in enumerate(record.actions):
        if game.phase is alsos.Phase.PLAY:
            return i
        game.apply(action, seat=seat)
    return len(record.actions)


def _said_at_the_first_trick(record: Record) -> bool:
    start = _play_starts(record)
    return not isinstance(record.actions[start][1], Play)


def test_the_auction_lists_every_action_before_the_play(hand: Record) -> None:
    """The auction step lists each action until the play begins; what is said at the first
    trick before its first card opens that trick's list."""
    record = first_hand("potter1930", _said_at_the_first_trick, "an announcement at trick 1")
    for shown in (hand, record):
        steps = _steps(page(shown))
        start = _play_starts(shown)
        first_card = next(i for i, (_s, a) in enumerate(shown.actions) if isinstance(a, Play))
        lines = [li.all_text() for li in steps[1].one("av-log").find(tag="li")]
        assert len(lines) == start
        for line, (seat, action) in zip(lines, shown.actions, strict=False):
            assert f"seat {seat}" in line and str(action) in line
        assert "BIDDING" in steps[1].one("av-log").all_text().upper()
        trick = steps[2]
        assert trick.attrs["data-kind"] == "trick" and trick.attrs["data-trick"] == "1"
        before_lead = shown.actions[start:first_card]
        assert before_lead or shown is hand
        if before_lead:
            said = [li.all_text() for li in trick.one("av-log").find(tag="li")]
            assert len(said) >= len(before_lead)
            for line, (seat, action) in zip(said, before_lead, strict=False):
                assert f"seat {seat}" in line and str(action) in line


def test_seat_view_has_no_trace_of_the_cards_that_seat_never_saw(hand: Record) -> None:
    """Another seat's síber discards and the talon's unseen cards: no picture, no name,
    no code; the omniscient page of the same hand has all of them."""
    game = hand.replay()
    for seat in game.active:
        hidden = all_cards() - seen_by(hand, seat)
        html = page(hand, seat=seat)
        everything = page(hand)
        for card in hidden:
            for trace in (f'data-card="{card.name}"', f'-{card.name}"', card.name_en,
                          card.name_hu, f" {card.name}<", f"discard {card.name}"):  # fmt: skip
                assert trace not in html, (seat, card, trace)
            assert f'data-card="{card.name}"' in everything
        if seat != game.declarer:
            assert hidden, "the declarer's discards are hidden from the defenders"
        assert "[Deal " not in html and "The record" not in html


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10_000),
    seat_index=st.integers(0, 3),
)
def test_seat_view_hides_exactly_the_unseen_cards(
    table: tuple[str, int | None], seed: int, seat_index: int
) -> None:
    """For any hand and seat, the faces drawn are the cards the seat saw, and every seat
    row holds as many cards (faces and backs) as the engine says."""
    record = played(table[0], seed, table[1], bot="random")
    game = record.replay()
    seat = game.active[seat_index % len(game.active)]
    root = parse(page(record, seat=seat))
    faces = {n.attrs["data-card"] for n in root.find("c") if "data-card" in n.attrs}
    assert faces <= {c.name for c in seen_by(record, seat)}
    counts = replay_by_trick(record)
    steps = root.find("av-step", tag="section")
    for n, step in enumerate(s for s in steps if s.attrs["data-kind"] == "trick"):
        for s in game.active:
            row = step.one("av-seat", data_seat=str(s))
            assert len(row.cards()) + row.backs() == counts[n + 1][s]
            if s != seat:
                assert row.cards() == []


def test_other_seats_secret_actions_read_as_their_public_word(hand: Record) -> None:
    declarer = hand.replay().declarer
    other = next(s for s in (0, 1, 2) if s != declarer)
    log = _steps(page(hand, seat=other))[1].one("av-log").all_text()
    assert f"seat {declarer}: discard" in log
    assert not re.search(r"discard [MPTZ]", log)
    own = _steps(page(hand, seat=declarer))[1].one("av-log").all_text()
    assert re.search(r"discard [MPTZ]", own)  # the declarer sees its own discards


def test_comments_are_shown_in_the_replay_only(hand: Record) -> None:
    noted = Record.loads(hand.dumps().replace("1 accept", "1 accept  ; takes the hearts", 1))
    assert noted.comments
    assert "takes the hearts" in page(noted)
    assert "takes the hearts" not in page(noted, seat=0)


def test_seat_page_carries_nothing_derived_from_what_the_seat_did_not_see(hand: Record) -> None:
    """Issue 18 item 2: the symbol ids were a hash of the whole record, deal and withheld
    comments included, so a hidden comment (or card) could be confirmed by hashing
    guesses.  A seat's page is now the same bytes whatever the comments, the seed header
    or the cards it never saw; the omniscient page still tells the hands apart."""
    seat = 0
    base = page(hand, seat=seat)
    noted = attrs.evolve(hand, comments=((0, "seat 1 holds the trump seven"),), seed=12345)
    assert page(noted, seat=seat) == base
    assert page(noted) != page(hand)
    # nor the old id prefix (a hash of the record text and the seat)
    for text in (hand.dumps(), noted.dumps()):
        for s in (seat, None):
            digest = hashlib.sha1(f"{text}|{s}".encode()).hexdigest()[:8]
            assert digest not in base


def test_bad_input_raises_and_names_what_is_allowed(hand: Record) -> None:
    with pytest.raises(ViewerError, match="seat 7 does not play this hand; its seats are 1, 2, 0"):
        page(hand, seat=7)
    with pytest.raises(ViewerError, match="at least one record"):
        page([])
    broken = Record(hand.variant, hand.deal, hand.dealer, hand.actions[:1] + hand.actions[:1])
    with pytest.raises(RecordError, match="action 2"):
        fragment(broken)
    assert issubclass(ViewerError, ValueError)


def test_output_is_deterministic_and_hands_do_not_share_ids(hand: Record) -> None:
    other = played("potter1930", 4)
    assert page(hand) == page(hand)
    html = page([hand, other])
    root = parse(html)
    viewers = root.find("alsos-viewer")
    assert len(viewers) == 2 and "Hand 2 of 2" in html
    ids = [n.attrs["id"] for n in root.walk() if "id" in n.attrs]
    assert len(ids) == len(set(ids))
    # each viewer only uses its own pictures
    for v in viewers:
        own = {n.attrs["id"] for n in v.find(tag="symbol")}
        used = {(n.attrs["href"] or "")[1:] for n in v.find(tag="use")}
        assert used and used <= own


def test_an_unfinished_hand_ends_with_who_is_to_act(hand: Record) -> None:
    cut = Record(hand.variant, hand.deal, hand.dealer, hand.actions[:14])
    steps = _steps(page(cut))
    assert steps[-1].attrs["data-kind"] == "unfinished"
    game = cut.replay()
    assert f"seat {game.to_act} to act" in (steps[-1].attrs["data-title"] or "")
    nothing = Record(hand.variant, hand.deal, hand.dealer)
    assert [s.attrs["data-kind"] for s in _steps(page(nothing))] == ["deal", "unfinished"]


def test_names_of_the_players_are_shown(hand: Record) -> None:
    named = Record.loads(hand.dumps().replace("[Alsos", '[Seat0 "Anna"]\n[Seat1 "Béla"]\n[Alsos'))
    html = page(named)
    assert "Anna (seat 0)" in html and "Béla (seat 1)" in html


def test_example_is_a_bot_hand_that_reaches_the_play() -> None:
    for vid in alsos.shipped_variants():
        record = example(alsos.load_variant(vid), seed=2)
        game = record.replay()
        assert game.is_over and game.tricks, vid
        assert record.seed is not None and record.seed >= 2
        assert record == example(alsos.load_variant(vid), seed=2)  # the same every build


# ---------------------------------------------------------------- the command line


def test_cli_replay_writes_the_page(
    tmp_path: Path, hand: Record, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "hand.alsos"
    src.write_text(hand.dumps(), encoding="utf-8")
    out = tmp_path / "hand.html"
    assert main(["replay", str(src), "--html", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == page(hand)
    assert "written to" in capsys.readouterr().out
    assert main(["replay", str(src), "--html", str(out), "--seat", "2"]) == 0
    assert out.read_text(encoding="utf-8") == page(hand, seat=2)


def test_cli_replay_html_errors(
    tmp_path: Path, hand: Record, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "hand.alsos"
    src.write_text(hand.dumps(), encoding="utf-8")
    out = tmp_path / "hand.html"
    assert main(["replay", str(src), "--html", str(out), "--seat", "5"]) == 2
    assert "its seats are 1, 2, 0" in capsys.readouterr().err
    assert not out.exists()
    assert main(["replay", str(src), "--seat", "1"]) == 2
    assert "--seat K needs --html" in capsys.readouterr().err
    assert main(["replay", str(src), "--html", str(tmp_path / "no" / "such" / "dir.html")]) == 1
    assert "cannot write" in capsys.readouterr().err


# ---------------------------------------------------------------- the Sphinx directive


def _sphinx(tmp_path: Path, body: str, files: dict[str, str] | None = None) -> tuple[int, Path]:
    """Build a throwaway Sphinx project with the alsos extension; its status and output."""
    pytest.importorskip("sphinx")
    from sphinx.cmd.build import build_main

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["alsos.sphinxext"]\n', encoding="utf-8")
    (src / "index.rst").write_text("Page\n====\n\n" + body, encoding="utf-8")
    for name, text in (files or {}).items():
        (src / name).write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    return build_main(["-W", "-n", "-q", "-E", "-b", "html", str(src), str(out)]), out


def test_hand_directive_embeds_a_viewer(tmp_path: Path, hand: Record) -> None:
    body = (
        ".. alsos-hand:: two-player\n   :seed: 4\n\n"
        ".. alsos-hand::\n   :record: hand.alsos\n   :seat: 0\n"
    )
    status, out = _sphinx(tmp_path, body, {"hand.alsos": hand.dumps()})
    assert status == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    root = parse(html[html.index("<body") : html.rindex("</body>") + 7])
    viewers = root.find("alsos-viewer")
    assert len(viewers) == 2
    assert "Alsós, two players" in viewers[0].all_text()
    assert "heuristic bot played at every seat (seed 4)" in html
    assert "the hand recorded in hand.alsos" in html
    assert fragment(example(alsos.load_variant("two-player"), seed=4)) in html
    assert fragment(hand, seat=0) in html  # the seat's view, as alsos.viewer writes it


def test_hand_directive_shows_the_worked_example(tmp_path: Path) -> None:
    """With the rulebook's worked examples (alsos.rulebook.worked), a variant's viewer
    shows its scripted hand rather than a bot's."""
    worked = pytest.importorskip("alsos.rulebook.worked")
    rules = alsos.load_variant("potter1930")
    record = worked.worked_example(rules)
    assert record is not None
    status, out = _sphinx(tmp_path, ".. alsos-hand:: potter1930\n")
    assert status == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "the worked example of this profile" in html
    assert fragment(record) in html


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (".. alsos-hand::\n", "needs a ruleset"),
        (".. alsos-hand:: no-such-variant\n", "no such variant"),
        (".. alsos-hand::\n   :record: missing.alsos\n", "cannot read 'missing.alsos'"),
        (".. alsos-hand:: potter1930\n   :seat: 9\n", "seat 9 does not play this hand"),
    ],
)
def test_hand_directive_errors_fail_the_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    status, _out = _sphinx(tmp_path, body)
    assert status != 0
    assert message in capsys.readouterr().err


def test_the_viewer_reads_a_profile_file_only_when_told_and_refuses_seat_records(
    tmp_path: Path,
) -> None:
    """A record naming a local profile file is drawn only with ``allow_files=True`` (what
    ``alsos replay --html`` passes for its user's own files), and a seat record, which holds
    no deal, is refused with a reason rather than drawn from an invented deal."""
    from alsos.records.record import RecordError
    from alsos.viewer import ViewerError, page

    profile = tmp_path / "mine.yaml"
    profile.write_text("extends: potter1930\nid: mine\nname: Mine\n", encoding="utf-8")
    game = alsos.Game(alsos.load_variant(str(profile)), seed=3)
    play_out(game, first_legal)
    record = alsos.Record.loads(game.record().dumps())
    with pytest.raises(RecordError):
        page(record)
    assert "<html" in page(record, allow_files=True)
    with pytest.raises(ViewerError, match="seat record"):
        page(record.for_seat(1, allow_files=True), allow_files=True)
