"""Game records: a hand written down, read back, replayed and resumed.

A :class:`Record` is to a hand what a PGN game is to chess: headers (the
ruleset, the deal, the dealer, who sat where, when, the result) and every
action in order.  It is written as text -- tag pairs, then the actions
grouped by phase and trick, one per line with its seat, comments after
``;`` -- or as JSON, and read back from either (:meth:`Record.loads`).
:meth:`Record.replay` plays the actions again on the deal and returns the
:class:`~alsos.game.Game`, finished or not, so an unfinished hand resumes
exactly where it stopped.  A file may hold several hands in a row, the hands
of a session (:func:`loads_all`, :func:`replay_session`).

Reading is strict: an unknown variant, a bad card, an action that is not
legal at its point, a result that does not match the replay, or truncated
JSON raise :class:`RecordError` naming the line and column or the action's
index and why, and nothing half-built is returned.  The grammar is in the
documentation (``docs/records.rst``)::

    [Variant "potter1930"]
    [Deal "MA MK MO ... + ... / ... / talon P7 Z9 Z8 T7 TA"]
    [Dealer "0"]
    [Alsos "0.1.0"]

    bidding:
    1 pass
    2 accept  ; the original suit
    front announcements:
    2 announce abszolut
    ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from alsos.actions import Action, ActionParseError, parse_action
from alsos.deal import Deal, DealError
from alsos.game import Game, IllegalActionError
from alsos.loading import load_variant
from alsos.phases import Phase
from alsos.profile import ProfileError
from alsos.version import __version__

if TYPE_CHECKING:
    from alsos.profile import Ruleset
    from alsos.session import Session

__all__ = ["Record", "RecordError", "format_payments", "labelled", "loads_all", "replay_session"]

#: The headers every record has, in the order they are written.
REQUIRED = ("Variant", "Deal", "Dealer")
#: Headers alsos knows, in the order they are written after the required ones.
KNOWN = ("Alsos", "Seed", "Date", "Event", "Result")
_SEAT_TAG = re.compile(r"Seat([0-9])$")
_JSON_TAG = "alsos-record"
_HEADER = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_ACTION = re.compile(r"(\d+)\s+(\S.*?)\s*$")


class RecordError(ValueError):
    """A record that cannot be read or replayed; nothing half-built is returned.

    ``line`` and ``column`` (1-based) say where in the text, ``index`` which
    action (0-based), when known; ``reason`` says what is wrong.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        index: int | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.index = index
        where = []
        if index is not None:
            where.append(f"action {index + 1}")
        if line is not None:
            where.append(f"line {line}" + (f", column {column}" if column is not None else ""))
        prefix = f"{' ('.join(where)}{')' if len(where) > 1 else ''}: " if where else ""
        super().__init__(prefix + reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_record_error, (self.reason, self.line, self.column, self.index))


def _record_error(reason: str, line: int | None, column: int | None, index: int | None) -> Any:
    return RecordError(reason, line=line, column=column, index=index)


def _one_line(comments: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    """Comments as the text form keeps them: in action order, each on one line."""
    return tuple(sorted(((i, " ".join(text.split())) for i, text in comments), key=lambda c: c[0]))


#: Characters a header value cannot hold as they are: anything that breaks a line.
_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _quote(value: str) -> str:
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


def _unquote(value: str) -> str:
    return re.sub(
        r"\\(u[0-9a-fA-F]{4}|.)",
        lambda m: chr(int(m.group(1)[1:], 16)) if len(m.group(1)) == 5 else m.group(1),
        value,
    )


@frozen
class Record:
    """One hand: its headers and its actions, as ``(seat, action)`` pairs in order.

    ``variant`` is the ruleset's canonical string (``str(ruleset)``: an id,
    options in brackets, or a profile's path); ``deal`` the deal's text form;
    ``result`` the payments when the hand is over (``"0 -6, 1 +3, 2 +3"``).
    ``comments`` pairs an action index with a comment written after it
    (index -1: before the first action), each kept on one line.  ``seats``
    are the players' names by seat (headers ``Seat0``, ``Seat1``, ...).
    ``tags`` keeps any other headers.
    """

    variant: str
    deal: str
    dealer: int
    actions: tuple[tuple[int, Action], ...] = ()
    version: str = __version__
    seed: int | None = None
    seats: tuple[str, ...] = ()
    date: str | None = None
    event: str | None = None
    result: str | None = None
    comments: tuple[tuple[int, str], ...] = field(default=(), converter=_one_line)
    tags: tuple[tuple[str, str], ...] = ()

    def __attrs_post_init__(self) -> None:
        for i, _text in self.comments:
            if not -1 <= i < len(self.actions):
                raise RecordError(
                    f"comment at action index {i}: a comment follows an action "
                    f"(0 to {len(self.actions) - 1}) or comes first (-1)"
                )

    # ------------------------------------------------------------ from a game

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        seats: Sequence[str] = (),
        date: str | None = None,
        event: str | None = None,
        comments: Iterable[tuple[int, str]] = (),
    ) -> Record:
        """The record of ``game`` as it stands (finished or not)."""
        st = game.settlement
        before = game.state.declared_before
        # A hand of a session that limits declaring needs each seat's count to replay.
        tags = () if before is None else (("Declared", " ".join(map(str, before))),)
        return cls(
            variant=str(game.rules),
            deal=str(game.deal),
            dealer=game.dealer,
            actions=game.history,
            seed=game.seed,
            seats=tuple(seats),
            date=date,
            event=event,
            result=None if st is None else format_payments(st.payments),
            comments=tuple(comments),
            tags=tags,
        )

    def new_game(self, rules: Ruleset | None = None) -> Game:
        """The hand as dealt, before any action (with the ``Declared`` counts, if any)."""
        rules = self.rules() if rules is None else rules
        declared = dict(self.tags).get("Declared")
        before = None
        if declared is not None:
            try:
                before = [int(v) for v in declared.split()]
            except ValueError:
                raise RecordError(
                    f"Declared {declared!r}: write one whole number per seat"
                ) from None
        return Game(rules, deal=Deal.parse(self.deal), dealer=self.dealer, declared_before=before)

    # ------------------------------------------------------------- writing

    def headers(self) -> list[tuple[str, str]]:
        """The tag pairs, in the order they are written."""
        out = [("Variant", self.variant), ("Deal", self.deal), ("Dealer", str(self.dealer))]
        out.append(("Alsos", self.version))
        if self.seed is not None:
            out.append(("Seed", str(self.seed)))
        out.extend((f"Seat{i}", name) for i, name in enumerate(self.seats))
        if self.date is not None:
            out.append(("Date", self.date))
        if self.event is not None:
            out.append(("Event", self.event))
        if self.result is not None:
            out.append(("Result", self.result))
        out.extend(self.tags)
        return out

    def dumps(self, format: str = "text") -> str:
        """The record as ``text`` (tag pairs, then the actions by phase) or ``json``."""
        if format == "json":
            return json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        if format != "text":
            raise ValueError(f"unknown record format {format!r}; use 'text' or 'json'")
        lines = [f"[{name} {_quote(value)}]" for name, value in self.headers()]
        lines.append("")
        notes: dict[int, list[str]] = {}
        for i, text in self.comments:
            notes.setdefault(i, []).append(text)
        lines.extend(f"; {text}" for text in notes.get(-1, ()))
        for label, i, seat, action in labelled(self):
            if label is not None:
                lines.append(f"{label}:")
            line = f"{seat} {action}"
            mine = notes.get(i, [])
            if mine:
                line += f"  ; {mine[0]}"
            lines.append(line)
            lines.extend(f"; {text}" for text in mine[1:])
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON-ready data (what ``dumps(format="json")`` writes)."""
        return {
            "format": _JSON_TAG,
            "headers": dict(self.headers()),
            "actions": [[seat, str(action)] for seat, action in self.actions],
            "comments": [[i, text] for i, text in self.comments],
        }

    def __str__(self) -> str:
        return self.dumps()

    # ------------------------------------------------------------- reading

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read one record from its text or JSON form (:func:`alsos.record.loads_all`: several)."""
        records = loads_all(text)
        if len(records) != 1:
            raise RecordError(f"expected one hand, the text holds {len(records)}")
        return records[0]

    # ------------------------------------------------------------ replaying

    def rules(self) -> Ruleset:
        """The ruleset the ``Variant`` header names."""
        try:
            return load_variant(self.variant)
        except ProfileError as e:
            raise RecordError(f"Variant {self.variant!r}: {e}") from None

    def replay(self, rules: Ruleset | None = None) -> Game:
        """The game after the record's actions: finished, or ready to resume.

        Each action must be legal at its point and made by the seat the
        record names; a ``Result`` header must match the replay.
        """
        rules = self.rules() if rules is None else rules
        try:
            game = self.new_game(rules)
        except RecordError:
            raise
        except (DealError, ValueError) as e:
            raise RecordError(f"Deal/Dealer: {e}") from None
        for i, (seat, action) in enumerate(self.actions):
            try:
                fill_siber_passes(game, seat, action)
                game.apply(action, seat=seat)
            except IllegalActionError as e:
                raise RecordError(str(e), index=i) from None
        if self.result is not None:
            st = game.settlement
            got = None if st is None else format_payments(st.payments)
            if got != self.result:
                raise RecordError(
                    f"Result {self.result!r} does not match the replay "
                    f"({got or 'the hand is not over'})"
                )
        return game


def fill_siber_passes(game: Game, seat: int, action: Action) -> None:
    """Make the síber-step passes that a record written before that step asked every
    seat lacks (alsos 0.1.0 asked only the holder of the entitled trump).

    The step now asks every seat in turn, so that a declined síber tells
    nobody where the trump 7 lies (pagat, "Síber"); an older record lacks the
    other seats' passes, or the whole step where the 7 lay in the talon.
    Each such pass is that seat's only choice, so it is made here, before
    ``seat``'s recorded ``action``; a record that has them replays as written.
    """
    while (
        game.phase is Phase.SIBER
        and not (game.to_act == seat and str(action) == "pass")
        and [str(a) for a in game.legal_actions()] == ["pass"]
    ):
        game.apply("pass")


def format_payments(payments: dict[int, int]) -> str:
    """Payments as a ``Result`` header writes them: ``0 -6, 1 +3, 2 +3``."""
    return ", ".join(f"{seat} {value:+d}" for seat, value in sorted(payments.items()))


def labelled(record: Record) -> Iterable[tuple[str | None, int, int, Action]]:
    """Each action as ``(label, index, seat, action)``; ``label`` names the phase or
    trick the action starts (``bidding``, ``trick 3``), None when it continues one."""
    game = record.new_game()
    last: str | None = None
    for i, (seat, action) in enumerate(record.actions):
        s = game.state
        label = f"trick {s.trick_no + 1}" if s.phase is Phase.PLAY else str(s.phase)
        fill_siber_passes(game, seat, action)
        yield (label if label != last else None), i, seat, action
        last = label
        game.apply(action, seat=seat)


def loads_all(text: str) -> list[Record]:
    """Every record in ``text``: hands written one after another, or a JSON list."""
    if not isinstance(text, str):
        raise RecordError(f"expected the text of a record, got {type(text).__name__}")
    stripped = text.lstrip()
    if stripped.startswith(("{", "[{")) or stripped.startswith("[\n") or stripped == "[]":
        return _loads_json(text)
    return _loads_text(text)


def _loads_json(text: str) -> list[Record]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg}", line=e.lineno, column=e.colno) from None
    items = data if isinstance(data, list) else [data]
    out = []
    for n, item in enumerate(items):
        where = f"hand {n + 1}: " if len(items) > 1 else ""
        if not isinstance(item, dict) or item.get("format") != _JSON_TAG:
            raise RecordError(f'{where}not an alsos record (expected "format": {_JSON_TAG!r})')
        headers = item.get("headers")
        actions = item.get("actions", [])
        comments = item.get("comments", [])
        if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
        ):
            raise RecordError(f"{where}headers: expected an object of strings")
        if not isinstance(actions, list):
            raise RecordError(f"{where}actions: expected a list of [seat, action] pairs")
        parsed = []
        for i, pair in enumerate(actions):
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not isinstance(pair[0], int)
                or isinstance(pair[0], bool)
                or not isinstance(pair[1], str)
            ):
                raise RecordError(f"{where}expected [seat, action text], got {pair!r}", index=i)
            parsed.append((pair[0], _action(pair[1], index=i)))
        notes = []
        if not isinstance(comments, list):
            raise RecordError(f"{where}comments: expected a list of [index, text] pairs")
        for pair in comments:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                    and isinstance(pair[1], str)):  # fmt: skip
                raise RecordError(f"{where}comments: expected [index, text], got {pair!r}")
            notes.append((pair[0], pair[1]))
        out.append(_build(headers, parsed, notes, {}))
    return out


def _action(text: str, *, index: int, line: int | None = None, column: int | None = None) -> Action:
    try:
        return parse_action(text)
    except ActionParseError as e:
        raise RecordError(str(e), index=index, line=line, column=column) from None


def _loads_text(text: str) -> list[Record]:
    hands: list[tuple[dict[str, str], dict[str, int], list[tuple[int, Action]], list[Any]]] = []
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    actions: list[tuple[int, Action]] = []
    comments: list[tuple[int, str]] = []
    in_body = False

    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("["):
            if in_body:  # a new hand begins
                hands.append((dict(headers), dict(header_lines), actions, comments))
                headers, header_lines, actions, comments = {}, {}, [], []
                in_body = False
            m = _HEADER.match(stripped)
            if m is None:
                raise RecordError(
                    'expected a header such as [Variant "potter1930"]',
                    line=number,
                    column=raw.index("[") + 1,
                )
            name, value = m.group(1), _unquote(m.group(2))
            if name in headers:
                raise RecordError(f"header {name} appears twice", line=number, column=1)
            headers[name] = value
            header_lines[name] = number
            continue
        body, semi, note = raw.partition(";")
        line = body.strip()
        if line:
            if not headers:
                raise RecordError("a record begins with its headers", line=number, column=1)
            in_body = True
            if not (line.endswith(":") and not line[:1].isdigit()):  # labels are for readers
                column = len(body) - len(body.lstrip()) + 1
                m = _ACTION.match(line)
                if m is None:
                    raise RecordError(
                        f"expected '<seat> <action>' such as '1 pass', got {line!r}",
                        line=number,
                        column=column,
                    )
                where = column + len(m.group(1)) + 1
                action = _action(m.group(2), index=len(actions), line=number, column=where)
                actions.append((int(m.group(1)), action))
        if semi:
            comments.append((len(actions) - 1, note.strip()))
    if headers or actions:
        hands.append((headers, header_lines, actions, comments))
    if not hands:
        raise RecordError("the text holds no record")
    return [_build(h, a, c, lines) for h, lines, a, c in hands]


def _build(
    headers: dict[str, str],
    actions: list[tuple[int, Action]],
    comments: list[tuple[int, str]],
    lines: dict[str, int],
) -> Record:
    for name in REQUIRED:
        if name not in headers:
            raise RecordError(f"missing header {name}")

    def number(name: str) -> int:
        text = headers[name]
        if not re.fullmatch(r"-?[0-9]{1,4000}", text):
            raise RecordError(f"header {name}: expected a whole number, got {text!r}",
                              line=lines.get(name))  # fmt: skip
        return int(text)

    extra = tuple(
        (k, v)
        for k, v in headers.items()
        if k not in REQUIRED and k not in KNOWN and not _SEAT_TAG.match(k)
    )
    seats: list[str] = []
    while f"Seat{len(seats)}" in headers:
        seats.append(headers[f"Seat{len(seats)}"])
    return Record(
        variant=headers["Variant"],
        deal=headers["Deal"],
        dealer=number("Dealer"),
        actions=tuple(actions),
        version=headers.get("Alsos", __version__),
        seed=number("Seed") if "Seed" in headers else None,
        seats=tuple(seats),
        date=headers.get("Date"),
        event=headers.get("Event"),
        result=headers.get("Result"),
        comments=tuple(comments),
        tags=extra,
    )


def replay_session(records: Sequence[Record], rules: Ruleset | None = None) -> Session:
    """Replay finished hands one after another as a session (rubber, rádli, deals).

    Each hand must be dealt by the seat whose turn it is to deal.
    """
    from alsos.session import new_session

    if not records:
        raise RecordError("a session needs at least one hand")
    rules = records[0].rules() if rules is None else rules
    session = new_session(rules, dealer=records[0].dealer)
    for n, record in enumerate(records):
        if record.variant != records[0].variant:
            raise RecordError(f"hand {n + 1}: variant {record.variant!r} differs from the first")
        if record.dealer != session.dealer:
            raise RecordError(
                f"hand {n + 1}: dealt by seat {record.dealer}, but it is seat "
                f"{session.dealer}'s turn to deal"
            )
        game = record.replay(rules)
        if game.settlement is None:
            raise RecordError(f"hand {n + 1} is not finished")
        session.add(game.settlement)
    return session
