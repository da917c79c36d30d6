"""Fuzzing the record reader (issue 18): a mutated record loads or is refused with a position.

Records are text from anyone.  Whatever the mutation -- flipped characters,
insertions of huge numbers, deep JSON, runs of blanks, surrogates, a
byte-order mark, cut text -- :meth:`Record.loads` either returns a record
(which then replays or raises :class:`RecordError`, and writes out text that
reads back equal) or raises :class:`RecordError` naming a line or a JSON
path; never another exception.  Each input is bounded in time by a generous
limit (a quadratic path takes minutes on these sizes, not seconds).

The run here is bounded for CI; ``pytest -m fuzz`` runs the long campaign
(``ALSOS_FUZZ_EXAMPLES`` examples, default 2000).
"""

from __future__ import annotations

import os
import random
import time

import pytest
from drive import at_random, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alsos
from alsos import Record, RecordError

QUICK = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
LONG = settings(
    max_examples=int(os.environ.get("ALSOS_FUZZ_EXAMPLES", "2000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
#: Seconds one input may take, measured once: far above a linear reader's worst.
BOUND = 5.0


def _base(seed: int, fmt: str, seat: int | None) -> str:
    rules = alsos.load_variant("potter1930")
    game = alsos.Game(rules, seed=seed)
    rng = random.Random(seed)
    play_out(game, at_random(rng), stop_after=rng.randrange(60))
    names = ["Anna", 'B "b"', "C;c"][: rules.players]
    return game.record(seat=seat, seats=names, event="club night").dumps(fmt)


BASES = [_base(s, f, k) for s in (1, 2) for f in ("text", "json") for k in (None, 1)]

PIECES = [
    " " * 5000,
    "\t \t" * 300,
    "9" * 5000,
    "-" + "1" * 4500,
    "[" * 3000,
    "{" * 3000,
    '{"a":' * 500,
    "\ud800",
    "\\ud800",
    "\\udc00\\ud800",
    "\ufeff",
    '"',
    "\\",
    ";",
    "\n",
    "\r\n",
    "\u2028",
    "\x00",
    "]",
    '[Variant "potter1930"]\n',
    '[variant "x.yaml"]\n',
    '[Seat10 "x"]\n',
    "1 pass\n",
    "trick 3:\n",
    '"format": "alsos-record"',
    "1e999",
    "NaN",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["flip", "insert", "delete", "cut", "repeat"]))
        if kind == "flip" and at < len(text):
            ch = draw(st.characters(codec=None, exclude_categories=()))
            text = text[:at] + ch + text[at + 1 :]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(PIECES) | st.text(max_size=8)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif kind == "cut":
            text = text[:at]
        else:
            text = text[:at] + text[at : at + 30] * draw(st.integers(2, 200)) + text[at + 30 :]
    if draw(st.booleans()):
        text = draw(st.sampled_from(["", "\ufeff"])) + text
    return text


def _check(text: str) -> None:
    start = time.perf_counter()
    try:
        record = Record.loads(text)
    except RecordError as e:
        assert e.line is not None or e.path is not None, f"no position: {e}"
    else:
        for fmt in ("text", "json"):
            assert Record.loads(record.dumps(fmt)) == record
        try:
            record.replay()
        except RecordError as e:
            assert e.line is not None or e.path is not None, f"no position: {e}"
    assert time.perf_counter() - start < BOUND


@QUICK
@given(text=_mutated())
def test_a_mutated_record_loads_or_is_refused_with_a_position(text: str) -> None:
    _check(text)


@pytest.mark.fuzz
@LONG
@given(text=_mutated())
def test_long_mutated_records(text: str) -> None:
    _check(text)
