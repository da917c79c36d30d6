"""Plain data for the wire: views, settlements, actions, records and events.

A server sends each seat its :class:`~alsos.view.View`, the
:class:`~alsos.settlement.Settlement` at the end, the :mod:`events <alsos.events>`
as they happen, and stores :class:`~alsos.record.Record`\\ s.
:func:`to_data` turns any of them into JSON-ready data (dicts, lists, strings,
numbers) and :func:`from_data` builds the value back, with one
``cattrs.Converter`` that knows alsos's types:

- a card is its code (``"MA"``), an action its text (``"kontra game"``), a
  phase its name (``"front announcements"``);
- attrs classes are objects with their field names; named-tuple events are
  objects with their field names and an ``"event"`` key naming the kind;
- seat-keyed dicts keep int keys (JSON writes them as strings; reading
  accepts either).

``from_data(View, to_data(view)) == view`` for every value (tested).
"""

from __future__ import annotations

import typing
from typing import Any, TypeVar

import cattrs

from alsos.actions import Action, parse_action
from alsos.cards import Card
from alsos.events import EVENT_TYPES, Event
from alsos.phases import Phase

__all__ = ["converter", "from_data", "to_data"]

T = TypeVar("T")


def _make() -> cattrs.Converter:
    conv = cattrs.Converter()
    conv.register_unstructure_hook(Phase, lambda p: p.value)
    conv.register_unstructure_hook(Card, lambda c: c.name)
    conv.register_structure_hook(Card, lambda v, _: v if isinstance(v, Card) else Card.parse(v))
    conv.register_unstructure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, Action), str
    )
    conv.register_structure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, Action),
        lambda v, _: v if isinstance(v, Action) else parse_action(v),
    )
    by_name = {cls.__name__: cls for cls in EVENT_TYPES}
    fields = {cls: typing.get_type_hints(cls) for cls in EVENT_TYPES}

    def unstructure_event(event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"event": type(event).__name__}
        hints = fields[type(event)]
        for name in event._fields:
            out[name] = conv.unstructure(getattr(event, name), hints.get(name, Any))
        return out

    def structure_event(data: Any, cls: Any) -> Any:
        if isinstance(data, Event):
            return data
        kind: Any = by_name.get(str(data.get("event"))) if isinstance(data, dict) else None
        if kind is None or (cls in EVENT_TYPES and kind is not cls):
            raise ValueError(f"not an event of kind {getattr(cls, '__name__', cls)}: {data!r}")
        hints = fields[kind]
        return kind(*(conv.structure(data[f], hints[f]) for f in kind._fields))

    def is_event(t: Any) -> bool:
        return t is Event or t in EVENT_TYPES

    conv.register_unstructure_hook_func(is_event, unstructure_event)
    conv.register_structure_hook_func(is_event, structure_event)
    return conv


#: The converter behind :func:`to_data` and :func:`from_data`; ``converter.copy()``
#: derives one with other settings.
converter = _make()


def to_data(obj: Any) -> Any:
    """``obj`` as JSON-ready data: a View, Settlement, Entry, Action, Record, Event, ..."""
    if isinstance(obj, Event):
        return converter.unstructure(obj, type(obj))
    return converter.unstructure(obj)


def from_data(cls: type[T], data: Any) -> T:
    """Build a ``cls`` back from :func:`to_data`'s output (or the same read from JSON)."""
    return converter.structure(data, cls)
