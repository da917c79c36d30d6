"""Plain data for the wire: views, settlements, actions, records and events.

A server sends each seat its :class:`~alsos.play.view.View`, the
:class:`~alsos.hand.settlement.Settlement` at the end, the :mod:`events <alsos.hand.events>`
as they happen, and stores :class:`~alsos.records.record.Record`\\ s.
:func:`to_data` turns any of them into JSON-ready data (dicts, lists, strings,
numbers, booleans and None) and :func:`from_data` builds the value back, with
one ``cattrs.Converter`` that knows alsos's types.  The data has one shape,
described by a JSON Schema (:func:`schema`, or ``alsos schema view`` and so
on at the command line):

- a card is its code (``"MA"``), an action its text (``"kontra game"``), a
  phase its name (``"front announcements"``), a suit its English name
  (a view's ``"trump": "gourds"``, or ``null`` while there is none);
- a class is an object with its field names as keys (every key always
  present); an event is an object with its field names and an ``"event"``
  key naming its kind (``"Played"``, ``"TrickWon"``, ...);
- a fixed-size tuple is a list (``[seat, "MA"]`` for a card played by a
  seat), and so is a sequence;
- per-seat data (a view's ``tricks_won``; a settlement's ``card_points``,
  ``meld_points``, ``bela``, ``tricks``, ``payments`` and ``written``) is a
  list indexed by seat, one entry per seat at the table, ``null`` for a seat
  with no entry (one that sits this hand out, or no card points in a
  Klopitzky);
- a record is its JSON form, as ``record.dumps(format="json")`` writes it
  (``{"format": "alsos-record", "headers": ..., "actions": ...,
  "comments": ...}``; see :doc:`records`).

``from_data(cls, to_data(x)) == x`` for every value, and ``to_data``'s
output validates against :func:`schema` (both tested).  Reading is strict:
an unknown key, a missing one, a number where a card belongs or a card code
that does not exist raises :class:`DataError`, a :class:`ValueError` naming
the type, the key path and the reason.

.. doctest::

   >>> import alsos
   >>> game = alsos.Game(alsos.load_variant("potter1930"), seed=7)
   >>> data = alsos.to_data(game.view(1))
   >>> data["phase"], data["trump"], data["tricks_won"], data["hand"][:3]
   ('bidding', None, [0, 0, 0], ['PA', 'PK', 'P8'])
   >>> alsos.from_data(alsos.View, data) == game.view(1)
   True
   >>> alsos.from_data(alsos.View, {**data, "hand": ["MA", "XY"]})
   Traceback (most recent call last):
   ...
   alsos.play.data.DataError: invalid View data: hand[1]: unknown card 'XY'...
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.cols import namedtuple_dict_structure_factory
from cattrs.errors import ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from alsos.errors import NotationError
from alsos.hand.events import EVENT_TYPES, Event
from alsos.hand.history import Step, parse_step
from alsos.hand.settlement import Entry, Settlement
from alsos.pack.actions import Action, parse_action
from alsos.pack.cards import CARDS, Card, Suit
from alsos.pack.phases import Phase
from alsos.play.view import ItemView, TrickView, View
from alsos.ruleset.schema import SCHEMA_DIALECT

__all__ = [
    "SCHEMA_KINDS",
    "DataError",
    "converter",
    "from_data",
    "register_kind",
    "schema",
    "to_data",
]

T = TypeVar("T")

#: The attrs classes that travel as objects with their field names.
WIRE_CLASSES: tuple[type, ...] = (View, ItemView, TrickView, Settlement, Entry)

_SUIT_NAMES = [s.name_en for s in Suit]


class DataError(NotationError):
    """Data that :func:`from_data` cannot build a value from.

    ``type_name`` is the type asked for; each of ``problems`` names a key path
    (``hand[1]``, ``items[0].value``; ``$`` for the data as a whole) and what
    was wrong there, quoting at most about 60 characters of the input.
    """

    def __init__(self, type_name: str, problems: list[str]) -> None:
        self.type_name = type_name
        shown = [p if len(p) <= 300 else f"{p[:290]}..." for p in problems[:20]]
        if len(problems) > 20:
            shown.append(f"... and {len(problems) - 20} more problems")
        self.problems = shown
        super().__init__(f"invalid {type_name} data: " + "; ".join(shown))

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.type_name, self.problems))


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: errors quote input, never megabytes."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


def _seat_fields(cls: type) -> dict[str, Any]:
    """The per-seat fields of a wire class (``dict[int, X]``), with their value types."""
    hints = typing.get_type_hints(cls)
    return {
        name: typing.get_args(hint)[1]
        for name, hint in hints.items()
        if typing.get_origin(hint) is dict and typing.get_args(hint)[0] is int
    }


def _table_size(obj: Any, seat_fields: dict[str, Any]) -> int:
    """How many seats per-seat lists of ``obj`` have: its ``players`` if it says, and in
    any case one past the highest seat a per-seat field names (so nothing is dropped)."""
    players = getattr(obj, "players", 0)
    seats = [s for name in seat_fields for s in getattr(obj, name)]
    return max(int(players or 0), max(seats, default=-1) + 1)


def _make() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, unstruct_collection_overrides={tuple: list})

    def strict_int(v: Any, _: type) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"expected a whole number, got {_short(v)}")
        return v

    def strict_bool(v: Any, _: type) -> bool:
        if not isinstance(v, bool):
            raise TypeError(f"expected true or false, got {_short(v)}")
        return v

    def strict_str(v: Any, _: type) -> str:
        if not isinstance(v, str):
            raise TypeError(f"expected text, got {_short(v)}")
        return v

    def text_of(what: str, parse: Callable[[str], T]) -> Callable[[Any, Any], T]:
        def structure(v: Any, _: Any) -> T:
            if not isinstance(v, str):
                raise TypeError(f"expected {what}, got {_short(v)}")
            return parse(v)

        return structure

    def phase(text: str) -> Phase:
        for p in Phase:
            if p.value == text:
                return p
        names = ", ".join(repr(p.value) for p in Phase)
        raise ValueError(f"unknown phase {_short(text)}; the phases are {names}")

    def card(text: str) -> Card:
        try:
            return Card.parse(text)
        except ValueError:
            raise ValueError(
                f"unknown card {_short(text)}; a card is a code such as 'MA'"
            ) from None

    conv.register_structure_hook(int, strict_int)
    conv.register_structure_hook(bool, strict_bool)
    conv.register_structure_hook(str, strict_str)
    conv.register_structure_hook_factory(_is_sequence, lambda t: _sequence_reader(conv, t))
    conv.register_unstructure_hook(Phase, lambda p: p.value)
    conv.register_structure_hook(Phase, text_of("a phase name such as 'play'", phase))
    conv.register_unstructure_hook(Card, lambda c: c.name)
    conv.register_structure_hook(Card, text_of("a card code such as 'MA'", card))

    def is_action(t: Any) -> bool:
        return isinstance(t, type) and issubclass(t, Action)

    conv.register_unstructure_hook_func(is_action, str)
    conv.register_structure_hook_func(
        is_action, text_of("an action's text such as 'kontra game'", parse_action)
    )

    def step(v: Any, _: Any) -> Step:
        # A history step is [seat, text] in the history notation (docs/notation.rst).
        if not isinstance(v, (list, tuple)) or len(v) != 2:
            raise TypeError(f"expected a history step [seat, text], got {_short(v)}")
        return parse_step(strict_int(v[0], int), strict_str(v[1], str))

    conv.register_unstructure_hook(Step, lambda st: [st.seat, st.text])
    conv.register_structure_hook(Step, step)

    for cls in WIRE_CLASSES:
        _register_class(conv, cls)
    _register_events(conv)
    return conv


def _expect_object(v: Any, what: str) -> None:
    if not isinstance(v, dict):
        raise TypeError(f"expected an object ({what}), got {_short(v)}")


def _register_class(conv: cattrs.Converter, cls: type) -> None:
    """Hooks for one attrs wire class: its per-seat fields as lists, a view's trump by name."""
    seat_fields = _seat_fields(cls)
    un_overrides: dict[str, Any] = {}
    st_overrides: dict[str, Any] = {}
    for name, value_type in seat_fields.items():
        st_overrides[name] = override(struct_hook=_seat_list_reader(conv, value_type))
    if cls is View:
        un_overrides["trump"] = override(unstruct_hook=lambda t: None if t < 0 else _SUIT_NAMES[t])
        st_overrides["trump"] = override(struct_hook=_read_trump)
    unstructure: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(
        cls, conv, **un_overrides
    )
    structure: Callable[[Any, Any], Any] = make_dict_structure_fn(cls, conv, **st_overrides)

    def unstructure_obj(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = unstructure(obj)
        if seat_fields:
            n = _table_size(obj, seat_fields)
            for name in seat_fields:
                seats = getattr(obj, name)
                out[name] = [conv.unstructure(seats.get(s)) for s in range(n)]
        return out

    def structure_obj(v: Any, _: Any) -> Any:
        _expect_object(v, f"a {cls.__name__}")
        return structure(v, cls)

    conv.register_unstructure_hook(cls, unstructure_obj)
    conv.register_structure_hook(cls, structure_obj)


def _read_trump(v: Any, _: Any) -> int:
    if v is None:
        return -1
    if isinstance(v, str) and v in _SUIT_NAMES:
        return _SUIT_NAMES.index(v)
    raise ValueError(f"expected a suit ({', '.join(_SUIT_NAMES)}) or null, got {_short(v)}")


def _structure_items(
    conv: cattrs.Converter, items: list[tuple[int, Any, Any]], what: str
) -> list[Any]:
    """Structure ``(index, value, type)`` items, collecting every failure with its index
    (so that error paths read ``hand[1]``)."""
    out = []
    errors = []
    for i, x, tp in items:
        try:
            out.append(conv.structure(x, tp))
        except Exception as e:
            e.add_note(cattrs.errors.IterableValidationNote(f"{what} {i}", i, tp))
            errors.append(e)
    if errors:
        raise IterableValidationError(f"while reading {what}s", errors, list)
    return out


def _seat_list_reader(conv: cattrs.Converter, value_type: Any) -> Callable[[Any, Any], Any]:
    """Structure a list indexed by seat (``null``: no entry) into a ``{seat: value}`` dict."""

    def structure(v: Any, _: Any) -> dict[int, Any]:
        if not isinstance(v, list):
            raise TypeError(f"expected a list indexed by seat, got {_short(v)}")
        seats = [s for s, x in enumerate(v) if x is not None]
        items = [(s, v[s], value_type) for s in seats]
        return dict(zip(seats, _structure_items(conv, items, "seat"), strict=True))

    return structure


def _is_sequence(t: Any) -> bool:
    return typing.get_origin(t) in (tuple, list)


def _sequence_reader(conv: cattrs.Converter, t: Any) -> Callable[[Any, Any], Any]:
    """Structure a list (never a text, an object or a set) into ``t``: a ``list[X]``,
    a ``tuple[X, ...]`` or a fixed-size ``tuple[A, B]`` of exactly that many items."""
    origin, args = typing.get_origin(t), typing.get_args(t)
    fixed = origin is tuple and args[1:] != (Ellipsis,)

    def structure(v: Any, _: Any) -> Any:
        if not isinstance(v, (list, tuple)):
            raise TypeError(f"expected a list, got {_short(v)}")
        if fixed and len(v) != len(args):
            raise ValueError(f"expected a list of {len(args)} items, got {len(v)}")
        types = args if fixed else [args[0]] * len(v)
        items = _structure_items(conv, list(zip(range(len(v)), v, types, strict=True)), "item")
        return tuple(items) if origin is tuple else items

    return structure


def _register_events(conv: cattrs.Converter) -> None:
    """Events: objects with their fields and an ``"event"`` key naming the kind."""
    by_name = {cls.__name__: cls for cls in EVENT_TYPES}
    fields = {cls: typing.get_type_hints(cls) for cls in EVENT_TYPES}
    readers = {cls: namedtuple_dict_structure_factory(cls, conv, True, True) for cls in EVENT_TYPES}

    def unstructure_event(event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"event": type(event).__name__}
        hints = fields[type(event)]
        for name in event._fields:
            out[name] = conv.unstructure(getattr(event, name), hints[name])
        return out

    def structure_event(data: Any, cls: Any) -> Any:
        _expect_object(data, "an event")
        name = data.get("event")
        kind = by_name.get(name) if isinstance(name, str) else None
        wanted = cls if cls in EVENT_TYPES else None
        if kind is None or (wanted is not None and kind is not wanted):
            allowed = wanted.__name__ if wanted is not None else ", ".join(by_name)
            raise ValueError(f'"event" is {_short(name)}; expected {allowed}')
        rest = {k: v for k, v in data.items() if k != "event"}
        return readers[kind](rest, kind)

    def is_event(t: Any) -> bool:
        return t is Event or t == Event or t in EVENT_TYPES

    conv.register_unstructure_hook_func(is_event, unstructure_event)
    conv.register_structure_hook_func(is_event, structure_event)


#: The converter behind :func:`to_data` and :func:`from_data`; ``converter.copy()``
#: derives one with other settings.
converter = _make()

# Kinds that a higher layer adds (the record, whose JSON form its own module reads and
# writes): name -> (class, the JSON Schema of its data).
_ADDED: dict[str, tuple[type[Any], Callable[[], dict[str, Any]]]] = {}


def register_kind(
    kind: str,
    cls: type[T],
    *,
    unstructure: Callable[[T], Any],
    structure: Callable[[Any], T],
    schema: Callable[[], dict[str, Any]],
) -> None:
    """Teach :func:`to_data`, :func:`from_data` and :func:`schema` a class of a higher layer.

    The record module registers :class:`~alsos.Record` this way, so that this module
    needs nothing above it.  ``structure`` raises ``ValueError`` with a reason for data
    it refuses; :func:`from_data` turns that into a :class:`DataError`.
    """
    converter.register_unstructure_hook(cls, unstructure)
    converter.register_structure_hook(cls, lambda v, _t: structure(v))
    _ADDED[kind] = (cls, schema)


def to_data(obj: Any) -> Any:
    """``obj`` as JSON-ready data: a View, Settlement, Entry, Action, Record, Event, ..."""
    if isinstance(obj, Event):
        return converter.unstructure(obj, type(obj))
    return converter.unstructure(obj)


def from_data(cls: type[T], data: Any) -> T:
    """Build a ``cls`` back from :func:`to_data`'s output (or the same read from JSON).

    :raises DataError: (a :class:`~alsos.errors.NotationError`) naming the key
        path and the reason when ``data`` is not of that shape.
    """
    try:
        return converter.structure(data, cls)
    except Exception as e:  # cattrs raises exception groups
        messages = cattrs.transform_error(e, path="$", format_exception=_format)
        name = "event" if cls == Event else getattr(cls, "__name__", str(cls))
        raise DataError(name, [_path_first(m) for m in messages]) from None


def _format(exc: BaseException, type_: type | None) -> str:
    """cattrs error text that keeps the reason a value was refused."""
    if isinstance(exc, ForbiddenExtraKeysError):
        keys = ", ".join(_short(k) for k in sorted(exc.extra_fields))
        names = [a.name for a in attrs.fields(exc.cl)] if attrs.has(exc.cl) else []
        allowed = ", ".join(getattr(exc.cl, "_fields", names))
        return f"unknown key {keys}" + (f"; the keys are {allowed}" if allowed else "")
    if isinstance(exc, KeyError):
        return "required key missing"
    if isinstance(exc, (ValueError, TypeError)) and str(exc):
        return f"{exc}"
    return format_exception(exc, type_)


def _path_first(message: str) -> str:
    """``reason @ $.a.b[1]`` as ``a.b[1]: reason`` (``$`` for the data as a whole)."""
    reason, sep, path = message.rpartition(" @ ")
    if not sep:
        return message
    path = path.removeprefix("$").removeprefix(".").replace("['", ".").replace("']", "") or "$"
    return f"{path}: {reason}"


# ------------------------------------------------------------------ schema

#: The kinds of data :func:`schema` describes.
SCHEMA_KINDS = ("view", "settlement", "event", "record", "action")


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`to_data`'s output for ``kind``.

    ``kind`` is one of :data:`SCHEMA_KINDS`: ``view``, ``settlement``,
    ``event`` (any event, told apart by its ``"event"`` key), ``record`` or
    ``action``.  Derived from the classes themselves, so it follows them when
    a field is added.  The result is a fresh dict of plain JSON values.
    """
    builder = _SchemaBuilder()
    roots: dict[str, Any] = {
        "view": View,
        "settlement": Settlement,
        "event": Event,
        "action": Action,
        **{name: cls for name, (cls, _) in _ADDED.items()},
    }
    if kind not in roots:
        raise ValueError(f"no schema of {_short(kind)}; the kinds are {', '.join(SCHEMA_KINDS)}")
    root = builder.type_schema(roots[kind])
    return {
        "$schema": SCHEMA_DIALECT,
        "title": f"Alsós {kind} (alsos.to_data)",
        **root,
        "$defs": dict(sorted(builder.defs.items())),
    }


class _SchemaBuilder:
    """Collects ``$defs`` while describing the wire types."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def define(self, name: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: stops recursion
            self.defs[name] = make()
        return {"$ref": f"#/$defs/{name}"}

    def type_schema(self, tp: Any) -> dict[str, Any]:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        simple = {type(None): "null", bool: "boolean", int: "integer", str: "string"}
        if tp in simple:
            return {"type": simple[tp]}
        if tp is Card:
            return self.define("Card", _card_schema)
        if tp is Phase:
            return self.define("Phase", lambda: {"enum": [p.value for p in Phase]})
        if tp == Event:
            return self.define("Event", lambda: {"oneOf": [self.type_schema(c) for c in args]})
        if isinstance(tp, type) and issubclass(tp, Action):
            return self.define("Action", _action_schema)
        if tp is Step:
            return self.define("Step", _step_schema)
        for cls, make in _ADDED.values():
            if tp is cls:
                return self.define(cls.__name__, make)
        if tp in EVENT_TYPES:
            return self.define(tp.__name__, lambda: self.event_schema(tp))
        if isinstance(tp, type) and attrs.has(tp):
            return self.define(tp.__name__, lambda: self.class_schema(tp))
        if origin in (typing.Union, type(int | None)):
            return {"anyOf": [self.type_schema(a) for a in args]}
        if origin in (tuple, list) and (origin is list or args[1:] == (Ellipsis,)):
            return {"type": "array", "items": self.type_schema(args[0])}
        if origin is tuple:
            return {
                "type": "array",
                "prefixItems": [self.type_schema(a) for a in args],
                "items": False,
                "minItems": len(args),
            }
        raise TypeError(f"no JSON Schema for the wire type {tp!r}")

    def object_schema(self, doc: str | None, props: dict[str, Any]) -> dict[str, Any]:
        return {
            "description": " ".join((doc or "").split()),
            "type": "object",
            "properties": props,
            "required": list(props),
            "additionalProperties": False,
        }

    def class_schema(self, cls: type) -> dict[str, Any]:
        hints = typing.get_type_hints(cls)
        seat_fields = _seat_fields(cls)
        props: dict[str, Any] = {}
        for a in attrs.fields(cls):
            if a.name in seat_fields:
                value = self.type_schema(seat_fields[a.name])
                props[a.name] = {
                    "description": "Indexed by seat; null for a seat with no entry.",
                    "type": "array",
                    "items": {"anyOf": [value, {"type": "null"}]},
                }
            elif cls is View and a.name == "trump":
                props[a.name] = {
                    "description": "The trump suit, or null (none yet, or none).",
                    "enum": [*_SUIT_NAMES, None],
                }
            else:
                props[a.name] = self.type_schema(hints[a.name])
        return self.object_schema(cls.__doc__, props)

    def event_schema(self, cls: Any) -> dict[str, Any]:
        hints = typing.get_type_hints(cls)
        props = {"event": {"const": cls.__name__}}
        props.update((name, self.type_schema(hints[name])) for name in cls._fields)
        return self.object_schema(cls.__doc__, props)


def _step_schema() -> dict[str, Any]:
    return {
        "description": "One step of the history as a seat may know it: the seat, and the "
        "action in the history notation (docs/notation.rst), with what it revealed in "
        "parentheses ('show (to the A)'), or only its kind where it is hidden "
        "('discard', 'bid trumps').",
        "type": "array",
        "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "string"}],
        "items": False,
        "minItems": 2,
    }


def _card_schema() -> dict[str, Any]:
    return {
        "description": "A card by its code: suit letter (M, P, T, Z) and rank, e.g. 'MA'.",
        "enum": [c.name for c in CARDS],
    }


def _action_schema() -> dict[str, Any]:
    return {
        "description": "An action in alsos notation, e.g. 'pass', 'kontra game', 'MA'.",
        "type": "string",
    }
