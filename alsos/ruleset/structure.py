"""Plain data to the profile's attrs classes: the strict converter and its messages.

The loader (:mod:`alsos.ruleset.loading`) and the modules' parameters
(:mod:`alsos.ruleset.params`) read the same way: a cattrs converter that refuses
unknown keys and takes no value of the wrong scalar type (a number for text,
true for 1), after a walk of the data that names what the converter would
accept in the wrong shape (a text split into letters where a list belongs) or
refuse with a message that does not say what belongs there.  Every message is
``key.path: reason``.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from alsos.pack.cards import Order, Rank, Suit
from alsos.ruleset.checks import short
from alsos.ruleset.profile import FigureRule

__all__ = [
    "CONVERTER",
    "class_shape",
    "hints",
    "path_first",
    "shape_problems",
    "structured",
]


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def strict_int(v: Any, _: type) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"expected a whole number, got {short(v)}")
        return v

    def strict_bool(v: Any, _: type) -> bool:
        if not isinstance(v, bool):
            raise TypeError(f"expected true or false, got {short(v)}")
        return v

    def strict_str(v: Any, _: type) -> str:
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise TypeError(f"expected text, got {short(v)}")
        return str(v)

    conv.register_structure_hook(int, strict_int)
    conv.register_structure_hook(bool, strict_bool)
    conv.register_structure_hook(str, strict_str)
    conv.register_structure_hook(Order, lambda v, _: Order.parse(str(v)))
    conv.register_structure_hook(Rank, lambda v, _: Rank.parse(str(v)))
    conv.register_structure_hook(Suit, lambda v, _: Suit.parse(str(v)))
    return conv


#: The converter every profile class is read with.
CONVERTER = _make_converter()


@functools.cache
def hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints(cls)``, worked out once per class: it compiles each
    annotation (they are text here), which took most of the time of a large profile."""
    return typing.get_type_hints(cls)


def shape_problems(data: Any, cls: type, path: str) -> list[str]:
    """What cattrs would accept in the wrong shape, or refuse with a message that
    does not say what belongs there: a string, mapping or set where a list belongs
    (split into letters, keys, or an order that changes every run), a number,
    true/false or null where a list or a mapping of keys belongs, and keys that
    are not names where the profile expects named keys."""
    out: list[str] = []
    if isinstance(data, Mapping) and attrs.has(cls):
        class_shape(data, cls, path, out)
    return out


def class_shape(data: Mapping[Any, Any], cls: type, path: str, out: list[str]) -> None:
    """Add to ``out`` the shape problems of ``data``, the keys of an attrs class."""
    out.extend(
        f"{path}{short(k)}: a key here is a name (text), not {type(k).__name__}"
        for k in data
        if not isinstance(k, str)
    )
    types_ = hints(cls)
    for f in attrs.fields(cls):
        if f.name in data:
            _value_shape(data[f.name], types_[f.name], f"{path}{f.name}", out)


def _value_shape(value: Any, hint: Any, where: str, out: list[str]) -> None:
    """Add to ``out`` the shape problems of ``value``, of the type ``hint``, at ``where``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None or len(args) != 1:
            return  # null where null is allowed, or a union the converter judges
        hint = args[0]
        origin = typing.get_origin(hint)
    if origin in (tuple, list):
        items = typing.get_args(hint)
        fixed = origin is tuple and Ellipsis not in items  # tuple[str, str]: a pair
        if isinstance(value, (str, bytes)):
            out.append(f"{where}: expected a list, got the text {short(value)}")
        elif isinstance(value, (Mapping, set, frozenset)):
            kind = "a mapping" if isinstance(value, Mapping) else "a set (its order is not kept)"
            out.append(f"{where}: expected a list, got {kind}")
        elif not isinstance(value, (list, tuple)):
            out.append(f"{where}: expected a list, got {short(value)}")
        elif fixed and len(value) != len(items):
            out.append(f"{where}: expected a list of {len(items)}, got {short(value)}")
        else:
            for i, item in enumerate(value):
                inner = items[i] if fixed else items[0] if items else Any
                _value_shape(item, inner, f"{where}[{i}]", out)
    elif attrs.has(hint):
        if isinstance(value, Mapping):
            class_shape(value, hint, where + ".", out)
        else:
            out.append(f"{where}: expected a mapping of keys, got {short(value)}")
    elif origin in (dict, Mapping) and isinstance(value, Mapping):
        inner = typing.get_args(hint)[1]
        if attrs.has(inner):
            for k, v in value.items():
                # A figure that is not a mapping: _incomplete_figures explains it.
                if isinstance(v, Mapping) or inner is not FigureRule:
                    _value_shape(v, inner, f"{where}.{k}", out)


def _format(exc: BaseException, type_: type | None) -> str:
    """cattrs error text that keeps the reason a value was refused."""
    if isinstance(exc, (ValueError, TypeError)) and str(exc):
        return f"{exc}"
    return cattrs.v.format_exception(exc, type_)


def path_first(message: str, prefix: str = "") -> str:
    reason, sep, path = message.rpartition(" @ ")
    if not sep:
        return message
    path = path.replace("['", ".").replace("']", "")
    return f"{prefix}{path}: {reason}"


def structured(data: Any, cls: type[Any]) -> tuple[Any, list[str]]:
    """``data`` read into ``cls`` by :data:`CONVERTER`, or None and the converter's
    messages, each ``key.path: reason`` (an unknown key still in cattrs's words,
    ``extra fields found (x)``, for the caller to explain)."""
    try:
        return CONVERTER.structure(data, cls), []
    except Exception as e:  # cattrs raises exception groups
        messages = cattrs.transform_error(e, path="$", format_exception=_format)
        return None, [path_first(m.replace(" @ $.", " @ ").replace(" @ $", "")) for m in messages]
