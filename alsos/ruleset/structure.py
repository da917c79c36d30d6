"""Plain data to the profile's attrs classes: the strict converter and its messages.

The loader (:mod:`alsos.ruleset.loading`) and the modules' parameters
(:mod:`alsos.ruleset.params`) read the same way: a cattrs converter that refuses
unknown keys and takes no value of the wrong scalar type (a number for text,
true for 1), after a walk of the data that names what the converter would
accept in the wrong shape (a text split into letters where a list belongs) or
refuse with a message that does not say what belongs there.  Every message is
``key.path: reason``, a :class:`~alsos.language.Said` (the converter's own
reasons too, said again in whole sentences).
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, NamedTuple

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from alsos.language import N_, Said
from alsos.pack.cards import Order, Rank, Suit
from alsos.ruleset.checks import at, said, short
from alsos.ruleset.profile import FigureRule
from alsos.ruleset.reasons import card_said

__all__ = [
    "CONVERTER",
    "Refused",
    "class_shape",
    "hints",
    "lines",
    "shape_problems",
    "structured",
]


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def strict_int(v: Any, _: type) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(Said(N_("expected a whole number, got {value}"), value=short(v)))
        return v

    def strict_bool(v: Any, _: type) -> bool:
        if not isinstance(v, bool):
            raise TypeError(Said(N_("expected true or false, got {value}"), value=short(v)))
        return v

    def strict_str(v: Any, _: type) -> str:
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise TypeError(Said(N_("expected text, got {value}"), value=short(v)))
        return str(v)

    conv.register_structure_hook(int, strict_int)
    conv.register_structure_hook(bool, strict_bool)
    conv.register_structure_hook(str, strict_str)
    conv.register_structure_hook(Order, lambda v, _: _card(Order.parse, "order", v))
    conv.register_structure_hook(Rank, lambda v, _: _card(Rank.parse, "rank", v))
    conv.register_structure_hook(Suit, lambda v, _: _card(Suit.parse, "suit", v))
    return conv


def _card(parse: Any, kind: str, value: Any) -> Any:
    """``value`` read by ``parse`` (a card order, rank or suit), its refusal said as a
    sentence (:func:`alsos.ruleset.reasons.card_said`)."""
    text = str(value)
    try:
        return parse(text)
    except ValueError as e:
        raise type(e)(card_said(e, kind, text)) from None


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
        Said(
            N_("{where}: a key here is a name (text), not {kind}"),
            where=f"{path}{short(k)}",
            kind=type(k).__name__,
        )
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
            out.append(
                Said(
                    N_("{where}: expected a list, got the text {value}"),
                    where=where,
                    value=short(value),
                )
            )
        elif isinstance(value, Mapping):
            out.append(Said(N_("{where}: expected a list, got a mapping"), where=where))
        elif isinstance(value, (set, frozenset)):
            out.append(
                Said(N_("{where}: expected a list, got a set (its order is not kept)"), where=where)
            )
        elif not isinstance(value, (list, tuple)):
            out.append(
                Said(N_("{where}: expected a list, got {value}"), where=where, value=short(value))
            )
        elif fixed and len(value) != len(items):
            out.append(
                Said(
                    N_("{where}: expected a list of {n}, got {value}"),
                    where=where,
                    n=len(items),
                    value=short(value),
                )
            )
        else:
            for i, item in enumerate(value):
                inner = items[i] if fixed else items[0] if items else Any
                _value_shape(item, inner, f"{where}[{i}]", out)
    elif attrs.has(hint):
        if isinstance(value, Mapping):
            class_shape(value, hint, where + ".", out)
        else:
            out.append(
                Said(
                    N_("{where}: expected a mapping of keys, got {value}"),
                    where=where,
                    value=short(value),
                )
            )
    elif origin in (dict, Mapping) and isinstance(value, Mapping):
        inner = typing.get_args(hint)[1]
        if attrs.has(inner):
            for k, v in value.items():
                # A figure that is not a mapping: _incomplete_figures explains it.
                if isinstance(v, Mapping) or inner is not FigureRule:
                    _value_shape(v, inner, f"{where}.{k}", out)


class Refused(NamedTuple):
    """One value the converter refused: its key ``path`` (``figures.kassza.value``;
    empty for the data itself), the ``reason`` (a :class:`~alsos.language.Said`),
    and for keys the class does not have, their names (``extra``)."""

    path: str
    reason: str
    extra: tuple[str, ...] = ()


def _reason(exc: BaseException, type_: Any) -> str:
    """Why the converter refused a value: the reason a hook gave (ours are
    :class:`~alsos.language.Said`), else cattrs's own words
    (``cattrs.v.format_exception``) said as a sentence, when they are the ones known."""
    if isinstance(exc, (ValueError, TypeError)) and str(exc):
        return said(exc)
    words = cattrs.v.format_exception(exc, type_)
    name = getattr(type_, "__name__", repr(type_))
    for made in (
        Said(N_("required field missing")),
        Said(N_("invalid value")),
        Said(N_("invalid value for type, expected {type}"), type=name),
        Said(N_("expected a mapping")),
    ):
        if made == words:
            return made
    return words


def _refusals(exc: BaseException, path: str) -> list[Refused]:
    """What the converter refused in ``exc`` (cattrs's exception groups, walked as
    ``cattrs.transform_error`` walks them), with key paths after ``path``."""
    out: list[Refused] = []
    if isinstance(exc, (ClassValidationError, IterableValidationError)):
        with_notes, without = exc.group_exceptions()
        for inner, note in with_notes:
            key = f"[{note.index!r}]" if isinstance(note, IterableValidationNote) else note.name
            where = f"{path}.{key}" if path and not key.startswith("[") else f"{path}{key}"
            if isinstance(inner, (ClassValidationError, IterableValidationError)):
                out += _refusals(inner, where)
            else:
                out.append(_refused(inner, note.type, where))
        out += [_refused(inner, None, path) for inner in without]
    else:
        out.append(_refused(exc, None, path))
    return out


def _refused(exc: BaseException, type_: Any, path: str) -> Refused:
    path = path.replace("['", ".").replace("']", "").lstrip(".")
    if isinstance(exc, ForbiddenExtraKeysError):
        names = tuple(sorted(exc.extra_fields))
        reason = Said(N_("extra fields found ({names})"), names=", ".join(names))
        return Refused(path, reason, names)
    return Refused(path, _reason(exc, type_))


def lines(refused: list[Refused], where: str = "") -> list[str]:
    """``where`` + ``key.path: reason`` for each refusal (the reason alone without a path)."""
    return [at(f"{where}{r.path}", r.reason) if r.path else r.reason for r in refused]


def structured(data: Any, cls: type[Any]) -> tuple[Any, list[Refused]]:
    """``data`` read into ``cls`` by :data:`CONVERTER`, or None and what the converter
    refused (:class:`Refused`: key paths and reasons; the caller explains keys the
    class does not have, and writes the rest with :func:`lines`)."""
    try:
        return CONVERTER.structure(data, cls), []
    except Exception as e:  # cattrs raises exception groups
        return None, _refusals(e, "")
