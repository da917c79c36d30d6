"""Game records: round trips, resuming, sessions, and refusing broken records.

A record written as text or JSON and read back must replay to the same game:
the same history, position and settlement, for every shipped profile and at
any point of a hand (an unfinished hand resumes where it stopped).  A broken
or tampered record raises :class:`alsos.RecordError` saying where and why.
"""

from __future__ import annotations

import pickle
import random
import re

import pytest
from drive import at_random, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos import Record, RecordError
from alsos.records.record import loads_all, replay_session

ROUND_TRIP = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
POTTER = alsos.load_variant("potter1930")


def _random_game(rules: alsos.Ruleset, seed: int, steps: int | None) -> alsos.Game:
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    play_out(game, at_random(random.Random(seed)), stop_after=steps)
    return game


@ROUND_TRIP
@given(
    rules=st.sampled_from(PROFILES),
    seed=st.integers(0, 10**6),
    steps=st.one_of(st.none(), st.integers(0, 150)),
    fmt=st.sampled_from(["text", "json"]),
)
def test_record_round_trips_and_replays(
    rules: alsos.Ruleset, seed: int, steps: int | None, fmt: str
) -> None:
    game = _random_game(rules, seed, steps)
    record = game.record(seats=[f"player {i}" for i in range(rules.players)], event="test")
    text = record.dumps(fmt)
    again = Record.loads(text)
    assert again == record
    replayed = again.replay()
    assert replayed.history == game.history
    assert replayed.state.key_fields() == game.state.key_fields()
    assert replayed.settlement == game.settlement
    assert replayed.legal_actions() == game.legal_actions()


def test_an_unfinished_hand_resumes_exactly_where_it_stopped() -> None:
    for rules in PROFILES:
        for seed in range(5):
            full = _random_game(rules, seed, None)
            cut = len(full.history) // 2
            partial = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
            for _, action in full.history[:cut]:
                partial.apply(action)
            resumed = Record.loads(partial.record().dumps()).replay()
            assert not resumed.is_over
            assert resumed == partial
            for seat, action in full.history[cut:]:
                resumed.apply(action, seat=seat)
            assert resumed.settlement == full.settlement


def test_the_text_form_groups_actions_by_phase_and_trick() -> None:
    game = _random_game(POTTER, 7, None)
    text = game.record().dumps()
    assert text.startswith('[Variant "potter1930"]\n[Deal "')
    labels = [line for line in text.splitlines() if line.endswith(":")]
    assert labels[0] == "bidding:"
    tricks = [label for label in labels if label.startswith("trick ")]
    assert tricks == [f"trick {n}:" for n in range(1, len(tricks) + 1)]
    assert '[Result "' in text


def test_comments_seats_and_extra_headers_survive() -> None:
    game = _random_game(POTTER, 3, 12)
    record = game.record(
        seats=["Anna", "Béla; jr", 'Cili "C"'],
        date="2026.11.23",
        event="club night",
        comments=[(-1, "before anything"), (0, "first bid"), (5, "two\nlines")],
    )
    text = record.dumps().replace("[Alsos", '[Table "7"]\n[Alsos')
    again = Record.loads(text)
    assert again.seats == record.seats
    assert again.comments == ((-1, "before anything"), (0, "first bid"), (5, "two lines"))
    assert ("Table", "7") in again.tags
    assert again.date == "2026.11.23" and again.event == "club night"
    assert Record.loads(again.dumps()) == again


def test_several_hands_replay_as_a_session() -> None:
    """A rubber written hand after hand reads back as the same session (pagat, "Scoring")."""
    session = alsos.new_session(POTTER)
    records = []
    rng = random.Random(5)
    for seed in range(6):
        game = session.next_game(seed=seed)
        play_out(game, at_random(rng))
        session.add(game.settlement)  # type: ignore[arg-type]
        records.append(game.record())
        if session.is_over:
            break
    text = "\n".join(r.dumps() for r in records)
    assert loads_all(text) == records
    again = replay_session(loads_all(text))
    assert again.scores == session.scores
    assert again.dealer == session.dealer
    json_list = "[" + ",".join(r.dumps("json") for r in records) + "]"
    assert loads_all(json_list) == records


def test_a_session_refuses_a_hand_dealt_out_of_turn() -> None:
    first = _random_game(POTTER, 1, None)
    wrong = alsos.Game(POTTER, seed=2, dealer=0)  # seat 1 should deal the second hand
    play_out(wrong, at_random(random.Random(0)))
    with pytest.raises(RecordError, match="turn to deal"):
        replay_session([first.record(), wrong.record()])


# ------------------------------------------------------------ broken records


def _good() -> str:
    return _random_game(POTTER, 11, None).record().dumps()


def _replace_action(text: str, n: int, new: str) -> str:
    """The text with the ``n``-th action line (0-based) replaced by ``new``."""
    lines = text.splitlines()
    actions = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    lines[actions[n]] = new
    return "\n".join(lines) + "\n"


BROKEN = [
    ("unknown variant", lambda t: t.replace('"potter1930"', '"nosuch"', 1), "Variant 'nosuch'"),
    ("bad card in the deal", lambda t: t.replace('[Deal "', '[Deal "XX ', 1), "Deal"),
    ("missing header", lambda t: t.replace("[Dealer", "[Dealr", 1), "missing header Dealer"),
    ("dealer not a number", lambda t: re.sub(r'Dealer "\d"', 'Dealer "x"', t), "Dealer"),
    ("dealer off the table", lambda t: re.sub(r'Dealer "\d"', 'Dealer "5"', t), "dealer 5"),
    ("malformed header", lambda t: t.replace('[Alsos "', "[Alsos '", 1), "line 4, column 1"),
    ("duplicate header", lambda t: t.replace("[Alsos", '[Dealer "1"]\n[Alsos'), "twice"),
    ("unreadable action", lambda t: _replace_action(t, 0, "1 anounce abszolut"), "action 1"),
    ("not a seat", lambda t: _replace_action(t, 0, "x pass"), "expected '<seat> <action>'"),
    ("illegal action", lambda t: _replace_action(t, 0, "1 MA"), "action 1"),
    ("wrong seat", lambda t: _replace_action(t, 0, "2 pass"), "not seat 2's turn"),
    ("tampered result", lambda t: t.replace('[Result "0 ', '[Result "0 +9', 1), "Result"),
    ("no headers", lambda t: t[t.index("\n\n") :], "begins with its headers"),
    ("empty", lambda t: "", "no record"),
    ("truncated JSON", lambda t: alsos.Record.loads(t).dumps("json")[:-40], "not valid JSON"),
    (
        "JSON action not a pair",
        lambda t: alsos.Record.loads(t).dumps("json").replace('[\n   1,\n   "', '[\n   "', 1),
        "expected [seat, action text]",
    ),
    ("JSON of something else", lambda t: '{"a": 1}', "not an alsos record"),
    ("two hands for one", lambda t: t + "\n" + t, "expected one hand"),
]


@pytest.mark.parametrize(
    ("break_it", "says"), [(b, s) for _, b, s in BROKEN], ids=[n for n, _, _ in BROKEN]
)
def test_a_broken_record_is_refused_with_where_and_why(break_it, says) -> None:  # type: ignore[no-untyped-def]
    text = break_it(_good())
    with pytest.raises(RecordError) as info:
        Record.loads(text).replay()
    assert says in str(info.value)
    assert isinstance(info.value, ValueError)
    again = pickle.loads(pickle.dumps(info.value))
    assert str(again) == str(info.value) and again.index == info.value.index


def test_an_illegal_action_names_its_index_and_line() -> None:
    text = _replace_action(_good(), 3, "0 MA")
    with pytest.raises(RecordError) as info:
        Record.loads(text).replay()
    assert info.value.index == 3
    assert "action 4" in str(info.value)


def test_an_unreadable_action_names_line_and_column() -> None:
    text = _replace_action(_good(), 2, "  1 kontra")
    with pytest.raises(RecordError) as info:
        Record.loads(text)
    line = text.splitlines().index("  1 kontra") + 1
    assert (info.value.line, info.value.column) == (line, 5)


def test_any_header_text_and_any_seed_read_back() -> None:
    """Seat names, events and dates may hold quotes, backslashes and line breaks of
    every kind; seeds may be any whole number (found in review)."""
    game = alsos.Game(POTTER, seed=2**63 - 1)
    game.apply("pass")
    odd = ['A "B"\\C', "line\nbreak\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029end", "tab\there"]
    record = game.record(seats=odd, event="x\ny", date="\\u0041")
    for fmt in ("text", "json"):
        again = Record.loads(record.dumps(fmt))
        assert again == record, fmt
        assert again.seed == 2**63 - 1


def test_a_comment_must_follow_an_action() -> None:
    game = alsos.Game(POTTER, seed=1)
    game.apply("pass")
    with pytest.raises(RecordError, match="comment at action index 5"):
        game.record(comments=[(5, "too late")])
