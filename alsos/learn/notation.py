"""Puzzles as text: one JSON object a line (:func:`dumps`), read back by :func:`loads`.

A puzzle file is what ``alsos puzzles`` writes and what a player's browser
keeps: each line one puzzle, its position as the seat record's JSON
(:meth:`Record.to_json <alsos.Record.to_json>`, which never holds the deal),
its actions in the notation (``MA``, ``announce 100``).  The pair round-trips:
``loads(dumps(ps)) == ps``.  A line that is not a puzzle is refused with a
:class:`~alsos.learn.puzzles.PuzzleError` naming the line and the key.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import attrs

from alsos.analysis import Choice, Why
from alsos.errors import NotationError
from alsos.learn.puzzles import Puzzle, PuzzleError
from alsos.pack.actions import Action, parse_action
from alsos.records.record import Record, RecordError

__all__ = ["FORMAT", "dumps", "from_json", "loads", "to_json"]

#: The ``format`` every puzzle object carries, with its version.
FORMAT = "alsos-puzzle/1"

_WHY_ACTIONS = ("action", "other")


def to_json(p: Puzzle) -> dict[str, Any]:
    """``p`` as JSON-ready data."""
    why = attrs.asdict(p.why)
    for key in _WHY_ACTIONS:
        why[key] = str(why[key])
    return {
        "format": FORMAT,
        "id": p.id,
        "variant": p.variant,
        "seat": p.seat,
        "step": p.step,
        "position": p.position.to_json(),
        "answer": str(p.answer),
        "choices": [[str(c.action), c.value, c.low, c.high] for c in p.choices],
        "margin": p.margin,
        "margin_low": p.margin_low,
        "check_low": p.check_low,
        "worlds": p.worlds,
        "exact": p.exact,
        "why": why,
        "difficulty": p.difficulty,
        "played": None if p.played is None else str(p.played),
        "source": p.source,
    }


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise PuzzleError(f"key {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PuzzleError(f"key {key!r}: {value!r} is not a {_kind(kind)}")
    return value


def _kind(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def _action(text: object, key: str) -> Action:
    if not isinstance(text, str):
        raise PuzzleError(f"key {key!r}: {text!r} is not an action in the notation")
    try:
        return parse_action(text)
    except NotationError as e:
        raise PuzzleError(f"key {key!r}: {e}") from None


def _why(data: object) -> Why:
    if not isinstance(data, dict):
        raise PuzzleError(f"key 'why': {data!r} is not an object")
    fields = {f.name for f in attrs.fields(Why)}
    unknown = sorted(set(data) - fields)
    if unknown:
        raise PuzzleError(f"key 'why': unknown keys {unknown}; allowed: {sorted(fields)}")
    values = dict(data)
    for key in _WHY_ACTIONS:
        values[key] = _action(values.get(key), f"why.{key}")
    try:
        return Why(**values)
    except TypeError as e:
        raise PuzzleError(f"key 'why': {e}") from None


def from_json(data: object) -> Puzzle:
    """The puzzle ``data`` holds (:func:`to_json`'s form).

    :raises PuzzleError: naming the key that is missing or wrong.
    """
    if not isinstance(data, dict):
        raise PuzzleError(f"a puzzle is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise PuzzleError(f"key 'format': {data.get('format')!r} is not {FORMAT!r}")
    try:
        position = Record.loads(json.dumps(_need(data, "position", dict)))
    except RecordError as e:
        raise PuzzleError(f"key 'position': {e}") from None
    if position.view is None:
        raise PuzzleError("key 'position': a puzzle's position is a seat record")
    choices = []
    for i, row in enumerate(_need(data, "choices", list)):
        ok = isinstance(row, list) and len(row) == 4
        if not ok or not all(isinstance(x, (int, float)) for x in row[1:]):
            raise PuzzleError(f"key 'choices[{i}]': {row!r} is not [action, value, low, high]")
        choices.append(Choice(_action(row[0], f"choices[{i}]"), *row[1:]))
    played = data.get("played")
    return Puzzle(
        _need(data, "id", str),
        _need(data, "variant", str),
        _need(data, "seat", int),
        _need(data, "step", int),
        position,
        _action(data.get("answer"), "answer"),
        tuple(choices),
        _need(data, "margin", (int, float)),
        _need(data, "margin_low", (int, float)),
        _need(data, "check_low", (int, float)),
        _need(data, "worlds", int),
        _need(data, "exact", bool),
        _why(data.get("why")),
        _need(data, "difficulty", int),
        None if played is None else _action(played, "played"),
        _need(data, "source", str),
    )


def dumps(puzzles: Iterable[Puzzle]) -> str:
    """``puzzles`` as JSON lines, one puzzle a line."""
    return "".join(json.dumps(to_json(p), ensure_ascii=False) + "\n" for p in puzzles)


def loads(text: str) -> list[Puzzle]:
    """The puzzles of a JSON-lines text (:func:`dumps`); blank lines are skipped.

    :raises PuzzleError: naming the line (from 1) and what is wrong on it.
    """
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(from_json(json.loads(line)))
        except (json.JSONDecodeError, PuzzleError) as e:
            raise PuzzleError(f"line {number}: {e}") from None
    return out
