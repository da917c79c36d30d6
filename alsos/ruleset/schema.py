"""A JSON Schema of the variant profile format, derived from the profile classes.

:func:`profile_schema` walks the frozen attrs classes of :mod:`alsos.ruleset.profile`
(:class:`~alsos.ruleset.profile.Ruleset` and its parts) and writes what each key may
hold, so the schema follows the loader whenever a rule gains a field.  It is
meant for editors and linters (point a YAML language server at the output of
``alsos schema``); the loader stays the authority, since some checks (a
figure kind that a plugin must provide, a trick within the hand, names that
must refer to figures) depend on more than one key or on what is installed.

Two shapes of profile are described.  A profile without ``extends`` is
complete: it needs ``id`` and ``name``, and every figure its ``kind`` and
``value``.  A profile with ``extends`` and every ``by_players`` override are
patches merged key by key over a base, so nothing in them is required.

YAML allows keys that JSON does not (``3: 20`` is an int key); validate the
JSON form of a profile, e.g. ``json.loads(json.dumps(yaml.safe_load(text)))``.
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from alsos.pack.cards import Order, Rank, Suit
from alsos.ruleset import registry
from alsos.ruleset.checks import MAX_FIGURES, MAX_ID, MAX_SOURCES
from alsos.ruleset.params import params_class
from alsos.ruleset.profile import FAMILY_PLACES, Ruleset
from alsos.ruleset.wording import profile_languages

__all__ = ["SCHEMA_DIALECT", "profile_schema"]

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Fields of Ruleset that load_variant fills in itself; a profile file does not set them.
_LOADER_FIELDS = frozenset(
    {"options", "origin", "parent", "own_sources", "profile_text", "_tables"}
)

_RANK_NAMES = [r.code for r in Rank]
_RANK_VALUES: list[Any] = [*_RANK_NAMES, *(int(c) for c in _RANK_NAMES if c.isdigit())]
_RANK_TOKEN = "(?:" + "|".join(_RANK_NAMES) + ")"
_ORDER_PATTERN = rf"^\s*(?:{_RANK_TOKEN}[\s,]+){{7}}{_RANK_TOKEN}\s*$"
_SUIT_VALUES = [text for s in Suit for text in (s.name_en, s.name_hu, s.letter)]


def profile_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a variant profile file.

    The result is a fresh dict of plain JSON values on each call, ready for
    :func:`json.dumps`.
    """
    builder = _Builder()
    full = builder.fields(Ruleset, patch=False)
    patch = builder.fields(Ruleset, patch=True)
    builder.defs["RulesetPatch"] = {
        "description": (
            "Keys of a profile that override a base: in a profile with 'extends' and in "
            "each 'by_players' entry. Mappings merge key by key; anything else replaces."
        ),
        "type": "object",
        "properties": patch,
        "additionalProperties": False,
    }
    properties: dict[str, Any] = {
        "extends": {
            "description": (
                "Inherit another profile: a shipped variant id, or a path to a YAML file "
                "(relative to this file). This profile's mappings merge key by key over the "
                "parent's; any other value replaces the parent's."
            ),
            "type": "string",
        },
        **patch,
        "by_players": {
            "description": (
                "Overrides for a number of players, merged over the profile when it is "
                "loaded for that many seats (load_variant(..., players=N))."
            ),
            "type": "object",
            "properties": {str(n): {"$ref": "#/$defs/RulesetPatch"} for n in (2, 3, 4)},
            "additionalProperties": False,
        },
    }
    # A complete profile (no extends) adds what a patch leaves open: the required
    # keys, and the stricter shape of any value whose class has required fields.
    complete: dict[str, Any] = {"required": _required(Ruleset)}
    stricter = {k: v for k, v in full.items() if v != patch[k]}
    if stricter:
        complete["properties"] = stricter
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "Alsós variant profile",
        "description": _describe(Ruleset)
        + "\n\nA profile with 'extends' is a patch over its parent and needs no key; "
        "one without it needs at least 'id' and 'name'.",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "if": {"required": ["extends"]},
        "else": complete,
        "$defs": dict(sorted(builder.defs.items())),
    }


class _Builder:
    """Collects the ``$defs`` of the attrs classes met while describing fields."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def fields(self, cls: type, *, patch: bool) -> dict[str, Any]:
        """The ``properties`` of an attrs class: one schema per field, with its default."""
        hints = typing.get_type_hints(cls)
        out: dict[str, Any] = {}
        for a in attrs.fields(cls):
            if cls is Ruleset and a.name in _LOADER_FIELDS:
                continue
            schema = self.type_schema(hints[a.name], patch=patch)
            schema = {**schema, **_LIMITS.get((cls.__name__, a.name), {})}
            default = _default(a)
            if default is not _NO_DEFAULT:
                schema = {**schema, "default": default}
            out[a.name] = schema
        return out

    def ref(self, cls: type, *, patch: bool) -> dict[str, Any]:
        """A ``$ref`` to the definition of ``cls``, creating it on first use.

        A class needs a separate ``<Name>Patch`` definition only when it (or a
        class inside it) has required fields; a family's section always has one,
        since a patch may leave its module out (it is the parent's).
        """
        section = _SECTIONS.get(cls)
        patched = patch and (_has_required(cls) or section is not None)
        name = cls.__name__ + ("Patch" if patched else "")
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: stops recursion on self-reference
            if section is not None:
                self.defs[name] = self.section(cls, section, patch=patch)
                return {"$ref": f"#/$defs/{name}"}
            body: dict[str, Any] = {
                "description": _describe(cls),
                "type": "object",
                "properties": self.fields(cls, patch=patch),
                "additionalProperties": False,
            }
            required = [] if patch else _required(cls)
            if required:
                body["required"] = required
            self.defs[name] = body
        return {"$ref": f"#/$defs/{name}"}

    def section(self, cls: type, section: str, *, patch: bool) -> dict[str, Any]:
        """A family section: its own keys, and each module's keys where the section
        names that module (JSON Schema ``if``/``then``; a section that names none
        takes its family's default module, or, in a patch, any module's keys)."""
        held = {holder for s, _, holder in FAMILY_PLACES.values() if s == section}
        own = {k: v for k, v in self.fields(cls, patch=patch).items() if k not in held}
        rules: list[dict[str, Any]] = []
        for family, (where, key, _) in FAMILY_PLACES.items():
            if where != section:
                continue
            modules = registry.available(family)
            default = attrs.fields_dict(cls)[key].default
            for name in modules:
                params = params_class(family, name)
                keys = self.fields(params, patch=patch) if params is not None else {}
                named: dict[str, Any] = {"properties": {key: {"const": name}}, "required": [key]}
                when = named if name != default or patch else {"anyOf": [named, _absent(key)]}
                if keys:
                    rules.append({"if": when, "then": {"properties": keys}})
            if patch:  # the module is the parent's: any module's keys
                every: dict[str, Any] = {}
                for name in modules:
                    params = params_class(family, name)
                    if params is not None:
                        every.update(self.fields(params, patch=patch))
                if every:
                    rules.append({"if": _absent(key), "then": {"properties": every}})
        body: dict[str, Any] = {
            "description": _describe(cls),
            "type": "object",
            "properties": own,
            "unevaluatedProperties": False,
        }
        if rules:
            body["allOf"] = rules
        return body

    def type_schema(self, tp: Any, *, patch: bool) -> dict[str, Any]:
        """The schema of a value of Python type ``tp`` as a profile writes it."""
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if tp is Any:
            return {}
        if tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if tp is float:
            return {"type": "number"}
        if tp is Order:
            return {
                "description": "The eight ranks, strongest first, e.g. 'U 9 A 10 K O 8 7'.",
                "type": "string",
                "pattern": _ORDER_PATTERN,
            }
        if tp is Rank:
            return {"description": "A rank code.", "enum": list(_RANK_VALUES)}
        if tp is Suit:
            return {
                "description": "A suit: English or Hungarian name, or letter.",
                "enum": list(_SUIT_VALUES),
            }
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [_jsonable(m) for m in tp]}
        if isinstance(tp, type) and attrs.has(tp):
            return self.ref(tp, patch=patch)
        if origin in (typing.Union, types.UnionType):
            options = [self.type_schema(a, patch=patch) for a in args]
            types_only = [o.get("type") for o in options if set(o) == {"type"}]
            if len(types_only) == len(options) and all(isinstance(t, str) for t in types_only):
                return {"type": types_only}
            return {"anyOf": options}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.type_schema(args[0], patch=patch)}
            return {
                "type": "array",
                "prefixItems": [self.type_schema(a, patch=patch) for a in args],
                "items": False,
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin in (list, set, frozenset, Sequence):
            item = self.type_schema(args[0], patch=patch) if args else {}
            return {"type": "array", "items": item}
        if origin in (dict, Mapping):
            key, value = args if args else (str, Any)
            return self.mapping_schema(key, self.type_schema(value, patch=patch))
        raise TypeError(f"no JSON Schema for the profile type {tp!r}")

    def mapping_schema(self, key: Any, value: dict[str, Any]) -> dict[str, Any]:
        """An object whose keys are of Python type ``key`` and values match ``value``."""
        if key is Rank:
            return {
                "type": "object",
                "properties": {code: value for code in _RANK_NAMES},
                "additionalProperties": False,
            }
        if key is int:
            return {
                "type": "object",
                "propertyNames": {"pattern": "^[0-9]+$"},
                "additionalProperties": value,
            }
        if key is Suit:
            return {
                "type": "object",
                "propertyNames": {"enum": list(_SUIT_VALUES)},
                "additionalProperties": value,
            }
        return {"type": "object", "additionalProperties": value}


#: Bounds the loader enforces on single keys (alsos.ruleset.checks), by (class, field).
_LIMITS: dict[tuple[str, str], dict[str, Any]] = {
    ("Ruleset", "id"): {"minLength": 1, "maxLength": MAX_ID},
    ("Ruleset", "figures"): {"maxProperties": MAX_FIGURES},
    ("Ruleset", "sources"): {"maxProperties": MAX_SOURCES},
    ("LadderParams", "contracts"): {"maxProperties": MAX_FIGURES},
    ("Ruleset", "player_counts"): {"items": {"enum": [2, 3, 4]}},
    ("Ruleset", "words"): {"propertyNames": {"enum": list(profile_languages())}},
    ("ProfileWords", "name"): {"minLength": 1},
    ("ProfileWords", "figures"): {"maxProperties": MAX_FIGURES},
    ("ProfileWords", "contracts"): {"maxProperties": MAX_FIGURES},
    ("ProfileWords", "rulings"): {"items": {"type": "string", "pattern": r"^[^()]+$"}},
    ("ItemWords", "title"): {"minLength": 1},
}


def _absent(key: str) -> dict[str, Any]:
    return {"not": {"required": [key]}}


#: The family sections, by class: their keys depend on the modules they name.
_SECTIONS: dict[type, str] = {
    typing.get_type_hints(Ruleset)[section]: section for section, _, _ in FAMILY_PLACES.values()
}

_NO_DEFAULT = object()
# attrs types Factory as a function for checkers; at run time it is the class of defaults.
_FACTORY: type[Any] = attrs.Factory  # type: ignore[assignment]


def _default(a: attrs.Attribute[Any]) -> Any:
    """The JSON form of a field's default, or ``_NO_DEFAULT`` (none, or a nested class)."""
    d: Any = a.default
    if d is attrs.NOTHING:
        return _NO_DEFAULT
    if isinstance(d, _FACTORY):
        if d.takes_self:
            return _NO_DEFAULT
        d = d.factory()
    if attrs.has(type(d)):
        return _NO_DEFAULT  # the nested class's own fields carry their defaults
    return _jsonable(d)


def _jsonable(v: Any) -> Any:
    """``v`` as a profile writes it: ranks by code, suits by name, orders as text."""
    if isinstance(v, Rank):
        return v.code
    if isinstance(v, Suit):
        return v.name_en
    if isinstance(v, enum.Enum):
        return _jsonable(v.value)
    if v is None or isinstance(v, (bool, int, str, float)):
        return v
    if isinstance(v, Order):
        return str(v)
    if isinstance(v, Mapping):
        return {str(_jsonable(k)): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (tuple, list, set, frozenset)):
        return [_jsonable(x) for x in v]
    return str(v)


def _required(cls: type) -> list[str]:
    """Fields of an attrs class that have no default."""
    return [
        a.name
        for a in attrs.fields(cls)
        if a.default is attrs.NOTHING and a.name not in _LOADER_FIELDS
    ]


def _has_required(cls: type, seen: frozenset[type] = frozenset()) -> bool:
    """Whether ``cls`` or any attrs class reachable from its field types has a required field."""
    if _required(cls):
        return True
    hints = typing.get_type_hints(cls)
    return any(
        _has_required(inner, seen | {cls})
        for a in attrs.fields(cls)
        for inner in _classes_in(hints[a.name])
        if inner not in seen and inner is not cls
    )


def _classes_in(tp: Any) -> list[type]:
    """The attrs classes named anywhere inside a type annotation."""
    if isinstance(tp, type) and attrs.has(tp):
        return [tp]
    return [c for a in typing.get_args(tp) for c in _classes_in(a)]


def _describe(cls: type) -> str:
    """A class's docstring, dedented, as a schema description."""
    return inspect.cleandoc(cls.__doc__ or cls.__name__)
