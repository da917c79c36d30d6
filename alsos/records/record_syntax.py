"""The syntax of game records: reading text and JSON into hands, bounded (internal).

:mod:`alsos.records.record` builds :class:`~alsos.records.record.Record` values from what this
module reads.  Everything here is linear in the text and capped in size,
numbers and nesting, because records are text from anyone; every refusal is
a :class:`RecordError` naming the line and column or the JSON path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from alsos.errors import NotationError

__all__ = ["Hand", "Pos", "RecordError", "canonical", "read_hands"]

#: The headers every record has, in the order they are written (a seat record
#: has ``View`` in place of ``Deal``).
REQUIRED = ("Variant", "Deal", "Dealer")
#: Headers alsos knows, in the order they are written after the required ones.
KNOWN = ("Alsos", "Seed", "Date", "Event", "Result", "Profile")
#: Headers read into fields or checked: every other header is kept in ``tags``.
_OWN = (*REQUIRED, "View", *KNOWN, "Declared")
CANON = {name.lower(): name for name in _OWN}

# Limits on what a record may hold: a record is text from anyone.
#: Characters in a record's text (several hands included).
MAX_TEXT = 4 * 2**20
#: Characters in one header value, comment or action.
MAX_VALUE = 2**16
#: Characters in the ``Profile`` header: a profile's whole YAML text, which the
#: loader reads up to 1 MiB of UTF-8 (so every profile it takes fits).
MAX_PROFILE = 2**20
#: Actions in one hand (a hand has a few hundred at most).
MAX_ACTIONS = 2000
#: Digits of a ``Seed`` or ``Dealer`` number (Python refuses above 4300).
MAX_DIGITS = 4000
#: Nesting of JSON arrays and objects (a record needs 6 or so).
MAX_DEPTH = 32
#: Seats numbered in actions: 0 to MAX_SEAT - 1 (a table has at most four).
MAX_SEAT = 1000

HEADER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
SEAT_TAG = re.compile(r"seat(0|[1-9][0-9]{0,2})", re.IGNORECASE)
JSON_TAG = "alsos-record"
_HEADER = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# Linear: the line is stripped, digits and blanks do not overlap, the rest is taken whole.
_ACTION = re.compile(r"([0-9]{1,3})\s+(\S.*)")
NUMBER = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
_SURROGATE = re.compile("[\ud800-\udfff]")
_JSON_TOKEN = re.compile(r'[\[\]{}"]|\\.', re.DOTALL)
_JSON_START = re.compile(r"\{|\[\s*[{\]]")
#: Characters a header value cannot hold as they are: anything that breaks a line.
_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")

#: Where something was read: (line, column, JSON path); unknown parts are None.
Pos = tuple[int | None, int | None, str | None]


class RecordError(NotationError):
    """A record that cannot be read, written or replayed; nothing half-built is returned.

    ``line`` and ``column`` (1-based) say where in the text, ``path`` where in
    the JSON (``$.headers.Dealer``), ``index`` which action (0-based), when
    known; ``reason`` says what is wrong.
    """

    __module__ = "alsos.records.record"  # its public home, where users import it from

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        index: int | None = None,
        path: str | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.index = index
        self.path = path
        where = []
        if index is not None:
            where.append(f"action {index + 1}")
        if line is not None:
            where.append(f"line {line}" + (f", column {column}" if column is not None else ""))
        if path is not None:
            where.append(path)
        prefix = f"{' ('.join(where)}{')' if len(where) > 1 else ''}: " if where else ""
        super().__init__(prefix + reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_record_error, (self.reason, self.line, self.column, self.index, self.path))


def _record_error(
    reason: str, line: int | None, column: int | None, index: int | None, path: str | None = None
) -> Any:
    return RecordError(reason, line=line, column=column, index=index, path=path)


def error_at(reason: str, pos: Pos | None, index: int | None = None) -> RecordError:
    line, column, path = pos if pos is not None else (None, None, None)
    return RecordError(reason, line=line, column=column, index=index, path=path)


def clip(value: str, limit: int = 60) -> str:
    """``value`` quoted, cut to about ``limit`` characters: errors quote input, never megabytes."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


def text_problem(value: object, limit: int = MAX_VALUE) -> str | None:
    """Why a string cannot stand in a record (None: it can): at most ``limit`` characters."""
    if not isinstance(value, str):
        return f"expected text, got {type(value).__name__}"
    if len(value) > limit:
        return f"{len(value)} characters; a record's values are at most {limit}"
    m = _SURROGATE.search(value)
    if m is not None:
        return f"a lone surrogate (\\u{ord(m.group()):04x}) is not a character; write UTF-8 text"
    return None


def header_limit(name: str) -> int:
    """Characters the header ``name`` may hold (MAX_PROFILE for ``Profile``, else MAX_VALUE)."""
    return MAX_PROFILE if name == "Profile" else MAX_VALUE


def one_line(comments: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    """Comments as the text form keeps them: in action order, each on one line."""
    return tuple(sorted(((i, " ".join(str(text).split())) for i, text in comments), key=_first))


def _first(pair: tuple[int, str]) -> int:
    return pair[0]


def quote_value(value: str) -> str:
    """A header value in quotes: backslash and quote escaped, line breaks as ``\\uXXXX``."""
    out = []
    for ch in value:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch in _BREAKS or ord(ch) < 32:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _unescape(m: re.Match[str]) -> str:
    pair, one, other = m.group(1), m.group(2), m.group(3)
    if pair is not None:  # a surrogate pair written as two escapes: one character
        high, low = int(pair[1:5], 16), int(pair[7:11], 16)
        return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    return chr(int(one, 16)) if one is not None else other


_ESCAPE = re.compile(
    r"\\(?:(u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|(.))"
)


def _unquote(value: str) -> str:
    return _ESCAPE.sub(_unescape, value)


def within_limits(number: int) -> bool:
    """Whether ``number`` has at most MAX_DIGITS digits (without writing it out)."""
    return bool(-(10**MAX_DIGITS) < number < 10**MAX_DIGITS)


#: One hand as read: headers, their positions, (seat, text) lines, comments, start.
Hand = tuple[dict[str, str], dict[str, Pos], list[tuple[int, str, Pos]], list[tuple[int, str]], Pos]


def canonical(name: str) -> str:
    """A header name as alsos writes it: known names in their case, ``SeatN``, others kept."""
    m = SEAT_TAG.fullmatch(name)
    return f"Seat{m.group(1)}" if m else CANON.get(name.lower(), name)


def _read_text(text: str) -> list[Hand]:
    hands: list[Hand] = []
    headers: dict[str, str] = {}
    at: dict[str, Pos] = {}
    lines: list[tuple[int, str, Pos]] = []
    comments: list[tuple[int, str]] = []
    start: Pos = (1, 1, None)
    in_body = False

    for number, raw in enumerate(text.splitlines(), start=1):
        bad = _SURROGATE.search(raw)
        if bad is not None:
            raise RecordError(text_problem(bad.group()) or "", line=number, column=bad.start() + 1)
        stripped = raw.strip()
        if stripped.startswith("["):
            if in_body:  # a new hand begins
                hands.append((headers, at, lines, comments, start))
                headers, at, lines, comments = {}, {}, [], []
                in_body = False
            if not headers:
                start = (number, 1, None)
            column = raw.index("[") + 1
            m = _HEADER.fullmatch(stripped)
            if m is None:
                raise RecordError(
                    'expected a header such as [Variant "potter1930"]', line=number, column=column
                )
            name, value = canonical(m.group(1)), _unquote(m.group(2))
            pos = (number, column, None)
            _header(headers, at, name, value, pos)
            continue
        body, semi, note = raw.partition(";")
        line = body.strip()
        if line:
            if not headers:
                raise RecordError("a record begins with its headers", line=number, column=1)
            in_body = True
            if not (line.endswith(":") and not line[:1].isdigit()):  # labels are for readers
                column = len(body) - len(body.lstrip()) + 1
                m = _ACTION.fullmatch(line)
                if m is None:
                    raise RecordError(
                        f"expected '<seat> <action>' such as '1 pass', got {clip(line)}",
                        line=number,
                        column=column,
                    )
                if len(lines) >= MAX_ACTIONS:
                    raise RecordError(
                        f"more than {MAX_ACTIONS} actions in one hand", line=number, column=column
                    )
                pos = (number, column + len(m.group(1)) + 1, None)
                lines.append((int(m.group(1)), m.group(2), pos))
        if semi:
            comments.append((len(lines) - 1, note.strip()))
    if headers or lines:
        hands.append((headers, at, lines, comments, start))
    if not hands:
        raise RecordError("the text holds no record", line=1, column=1)
    return hands


def _header(headers: dict[str, str], at: dict[str, Pos], name: str, value: str, pos: Pos) -> None:
    """Add one header read at ``pos``, or say why it cannot be."""
    if name in headers:
        raise error_at(f"header {name} appears twice (header names are read in any case)", pos)
    low = name.lower()
    if any(k.lower() == low for k in headers):
        raise error_at(f"header {name} appears twice (header names are read in any case)", pos)
    problem = text_problem(value, header_limit(name))
    if problem is not None:
        raise error_at(f"header {name}: {problem}", pos)
    headers[name] = value
    at[name] = pos


def read_hands(text: str) -> list[Hand]:
    """Every hand in ``text``, text or JSON, as read (not yet checked as a record)."""
    if not isinstance(text, str):
        raise RecordError(f"expected the text of a record, got {type(text).__name__}", line=1)
    if len(text) > MAX_TEXT:
        raise RecordError(
            f"the text has {len(text)} characters; a record file is at most {MAX_TEXT}", line=1
        )
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    return _read_json(text) if _JSON_START.match(text.lstrip()) else _read_text(text)


# --------------------------------------------------------------------- JSON


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a record's JSON form (the ``record`` kind of :mod:`alsos.play.data`)."""
    pair = {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"type": "string"}],
        "items": False,
        "minItems": 2,
    }
    return {
        "description": (
            "A hand's record in its JSON form (record.dumps(format='json')): the headers "
            "as text, the actions as [seat, action] pairs, the comments as [index, text]."
        ),
        "type": "object",
        "properties": {
            "format": {"const": JSON_TAG},
            "headers": {
                "description": (
                    "A whole record has the Deal; a seat record the seat's View.  A record "
                    "of a profile given as text carries that YAML text as Profile."
                ),
                "type": "object",
                "required": ["Variant", "Dealer"],
                "oneOf": [{"required": ["Deal"]}, {"required": ["View"]}],
                "additionalProperties": {"type": "string"},
            },
            "actions": {"type": "array", "items": pair},
            "comments": {"type": "array", "items": pair},
        },
        "required": ["format", "headers", "actions", "comments"],
        "additionalProperties": False,
    }


class _Big:
    """An integer too long to be a seat or an index, kept as its text (no int() on megabytes)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"a number of {len(self.text)} digits"


def _json_int(text: str) -> int | _Big:
    return int(text) if len(text) <= 20 else _Big(text)


class _JsonObject(dict[str, Any]):
    """A JSON object that remembers its first repeated key (json keeps the last silently)."""

    duplicate: str | None = None


def _pairs(pairs: list[tuple[str, Any]]) -> _JsonObject:
    obj = _JsonObject()
    for key, value in pairs:
        if key in obj and obj.duplicate is None:
            obj.duplicate = key
        obj[key] = value
    return obj


def json_value(text: str, pos: Pos | None = None) -> Any:
    """``json.loads`` bounded: nesting capped, long integers kept as text, repeated keys seen.

    ``pos``: where the JSON sits (a header's value), for errors; else errors
    name the line and column in ``text``.
    """

    def where(offset: int, reason: str) -> RecordError:
        if pos is not None:
            return error_at(f"{reason} (JSON character {offset + 1})", pos)
        line = text.count("\n", 0, offset) + 1
        return RecordError(reason, line=line, column=offset - text.rfind("\n", 0, offset))

    if text.count("[") + text.count("{") > MAX_DEPTH:
        depth, in_string = 0, False
        for m in _JSON_TOKEN.finditer(text):
            token = m.group()
            if token == '"':
                in_string = not in_string
            elif in_string or len(token) == 2:
                continue
            elif token in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise where(m.start(), f"JSON nested more than {MAX_DEPTH} deep")
            else:
                depth -= 1
    try:
        return json.loads(text, parse_int=_json_int, object_pairs_hook=_pairs)
    except json.JSONDecodeError as e:
        raise where(e.pos, f"not valid JSON: {e.msg}") from None


def _key(key: str) -> str:
    """A JSON path step for an object key."""
    return f".{key}" if HEADER_NAME.fullmatch(key) else f"[{clip(key, 40)}]"


def _read_json(text: str) -> list[Hand]:
    data = json_value(text)
    many = isinstance(data, list)
    items = data if many else [data]
    if not items:
        raise RecordError("the JSON list holds no record", path="$")
    hands: list[Hand] = []
    for n, item in enumerate(items):
        base = f"$[{n}]" if many else "$"

        def at_(sub: str, base: str = base) -> Pos:
            return (None, None, base + sub)

        if not isinstance(item, dict) or item.get("format") != JSON_TAG:
            raise error_at(f'not an alsos record (expected "format": {JSON_TAG!r})', at_(""))
        for sub, obj in (("", item), (".headers", item.get("headers"))):
            if isinstance(obj, _JsonObject) and obj.duplicate is not None:
                raise error_at(f"the key {clip(obj.duplicate)} appears twice", at_(sub))
        raw_headers = item.get("headers")
        if not isinstance(raw_headers, dict):
            raise error_at("expected an object of header names and texts", at_(".headers"))
        headers: dict[str, str] = {}
        at: dict[str, Pos] = {}
        for key, value in raw_headers.items():
            pos = at_(".headers" + _key(key))
            if not HEADER_NAME.fullmatch(key):
                raise error_at("a header name is letters, digits and _, from a letter", pos)
            if not isinstance(value, str):
                raise error_at(f"expected text, got {clip(repr(value))}", pos)
            _header(headers, at, canonical(key), value, pos)
        actions = item.get("actions", [])
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise error_at(
                f"expected a list of up to {MAX_ACTIONS} [seat, action] pairs", at_(".actions")
            )
        lines = []
        for i, pair in enumerate(actions):
            pos = at_(f".actions[{i}]")
            if not (
                isinstance(pair, list) and len(pair) == 2
                and pair[0].__class__ is int and 0 <= pair[0] < MAX_SEAT
                and isinstance(pair[1], str)
            ):  # fmt: skip
                raise error_at(f"expected [seat, action text], got {clip(repr(pair))}", pos, i)
            problem = text_problem(pair[1])
            if problem is not None or not pair[1].strip():
                raise error_at(problem or "an empty action", pos, i)
            lines.append((pair[0], pair[1], pos))
        notes = item.get("comments", [])
        if not isinstance(notes, list):
            raise error_at("expected a list of [index, text] pairs", at_(".comments"))
        comments = []
        for i, pair in enumerate(notes):
            pos = at_(f".comments[{i}]")
            if not (
                isinstance(pair, list) and len(pair) == 2
                and pair[0].__class__ is int and -1 <= pair[0] < len(lines)
                and text_problem(pair[1]) is None
            ):  # fmt: skip
                raise error_at(
                    f"expected [action index (-1 to {len(lines) - 1}), text], "
                    f"got {clip(repr(pair))}",
                    pos,
                )
            comments.append((pair[0], pair[1]))
        hands.append((headers, at, lines, comments, at_("")))
    return hands
