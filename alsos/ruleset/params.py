"""The rule modules' own parameters, read from their family's section of a profile.

A section of a profile (``bidding``, ``exchange``, ``calling``, ``scoring``,
``deal``) names the module of its family (``module: ladder``; ``scoring``
names two: ``module`` and ``session``) beside the keys every module of the
family shares -- the section class's fields (``bidding.suit_rank``).  Every
other key belongs to the chosen module, which declares its keys as an attrs
class, its ``Params`` (:mod:`alsos.hand.protocol`; ``contracts`` and
``declare_limit`` are the ladder auction's).  This module:

- splits a section's keys between the section and the chosen module
  (:func:`split`): a key of another module of the family is refused by name
  ("a key of the ladder bidding module; this profile's is potter"), any other
  unknown key with a guess at what was meant;
- reads the module's keys into its ``Params`` with the loader's converter and
  messages (:func:`read`), and puts the result in the section (:func:`attach`);
- knows which of a parent profile's keys stop applying when a child chooses
  another module for a family (:func:`forget_switched`): changing a family's
  module starts its parameters afresh;
- lets a module fill a default that depends on the rest of the profile
  (``Params.complete``, :func:`complete`), and lists every key a section may hold
  with any installed module, for checking an option's key path (:func:`key_type`).

No module is named here: what a module owns is read from the registry.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import attrs

from alsos.language import N_, Said
from alsos.ruleset import registry
from alsos.ruleset.checks import no_module
from alsos.ruleset.profile import FAMILY_PLACES, NoParams, Ruleset
from alsos.ruleset.reasons import unknown_key
from alsos.ruleset.structure import class_shape, hints, lines, structured

__all__ = [
    "all_keys",
    "attach",
    "common_keys",
    "complete",
    "forget_switched",
    "key_type",
    "params_class",
    "read",
    "split",
]


def _families(section: str) -> list[str]:
    """The families whose module a section names (``scoring``: scoring and session)."""
    return [f for f, (s, _, _) in FAMILY_PLACES.items() if s == section]


def _sections() -> list[str]:
    return list(dict.fromkeys(s for s, _, _ in FAMILY_PLACES.values()))


@functools.cache
def _section_class(section: str) -> type:
    cls: type = hints(Ruleset)[section]
    return cls


def common_keys(section: str) -> list[str]:
    """The keys every module of the section's families understands, and the keys
    naming its modules: the section class's fields, but the parameters' holders."""
    held = {holder for s, _, holder in FAMILY_PLACES.values() if s == section}
    return [f.name for f in attrs.fields(_section_class(section)) if f.name not in held]


def _default(family: str) -> str:
    """The module a family has when its section does not name one."""
    section, key, _ = FAMILY_PLACES[family]
    return str(attrs.fields_dict(_section_class(section))[key].default)


def params_class(family: str, name: object) -> type | None:
    """The ``Params`` of the module ``name`` of ``family`` (None: no such module)."""
    if not isinstance(name, str) or name not in registry.available(family):
        return None
    found: type = getattr(registry.lookup(family, name), "Params", NoParams)
    return found


def _names(cls: type | None) -> set[str]:
    return set() if cls is None else {f.name for f in attrs.fields(cls)}


def _chosen(section: Mapping[str, Any] | None, family: str) -> object:
    key = FAMILY_PLACES[family][1]
    return section.get(key, _default(family)) if isinstance(section, Mapping) else _default(family)


def forget_switched(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` (a parent profile's data) without the keys of the modules ``over``
    (its child, or a ``by_players`` override) replaces: where the child names
    another module for a family, the parent's keys that the old module owned and
    the new one does not are dropped before the child is merged over it."""
    out = dict(base)
    for family, (section, key, _) in FAMILY_PLACES.items():
        mine, theirs = out.get(section), over.get(section)
        if not isinstance(mine, dict) or not isinstance(theirs, Mapping) or key not in theirs:
            continue
        old, new = _chosen(mine, family), theirs[key]
        if old == new:
            continue
        gone = _names(params_class(family, old)) - _names(params_class(family, new))
        if gone:
            out[section] = {k: v for k, v in mine.items() if k not in gone}
    return out


def complete(data: dict[str, Any]) -> None:
    """Let each chosen module fill the defaults of its keys that depend on the rest of
    the profile (its ``Params.complete(section, profile)``, when it has one)."""
    for family, (section, _, _) in FAMILY_PLACES.items():
        part = data.get(section)
        if part is not None and not isinstance(part, dict):
            continue  # not a mapping: the shape check says so
        cls = params_class(family, _chosen(part, family))
        fill = getattr(cls, "complete", None)
        if fill is not None:
            part = {} if part is None else part
            fill(part, data)
            if part:
                data[section] = part


def split(
    data: dict[str, Any], where: str = ""
) -> tuple[dict[str, Any], dict[str, tuple[type, dict[str, Any]]], list[str]]:
    """``data`` without the modules' own keys; those keys by family, with the class
    they are read into; and what is wrong (``where`` + ``section.key: reason``): a
    module that is not installed, a key of no module, a key of another module of
    the family than the one chosen (naming the module that owns it; 0.2 left it out
    with a :class:`~alsos.ruleset.profile.ProfileWarning`).  Only the sections that
    are mappings are split (the shape check judges the others)."""
    out = dict(data)
    found: dict[str, tuple[type, dict[str, Any]]] = {}
    problems: list[str] = []
    for section in _sections():
        part = data.get(section, {})  # a section left out: its modules' defaults
        if not isinstance(part, dict):
            continue
        common = set(common_keys(section))
        rest = {k: v for k, v in part.items() if k not in common}
        owners: dict[str, str] = {}
        for family in _families(section):
            key = FAMILY_PLACES[family][1]
            name = _chosen(part, family)
            cls = params_class(family, name)
            if cls is None:
                problems.append(_unknown_module(where, section, key, family, name))
                continue
            mine = {k: v for k, v in rest.items() if k in _names(cls)}
            found[family] = (cls, mine)
            owners.update(dict.fromkeys(mine, family))
        problems += [_foreign(where, section, part, k) for k in rest if k not in owners]
        if section in data:
            out[section] = {k: v for k, v in part.items() if k in common}
    return out, found, problems


def _unknown_module(where: str, section: str, key: str, family: str, name: object) -> str:
    if not isinstance(name, str):
        wrong = N_("{where}: expected a module's name (text), got {value}")
        value, path = repr(name), f"{where}{section}.{key}"
        said = Said(wrong, where=path, value=value)
        if len(said) > 300:  # the value ends the line: cut it, for a line of 300
            said = Said(wrong, where=path, value=value[: len(value) - len(said) + 300])
        return said
    return no_module(f"{where}{section}.{key}", repr(name[:60]), family)


def _foreign(where: str, section: str, part: Mapping[str, Any], key: object) -> str:
    """Why ``key`` of ``section`` belongs to none of the modules it chose: the module
    of the section's families that owns it, or a guess at what was meant."""
    shown = str(key)[:60]
    for family in _families(section):
        chosen = _chosen(part, family)
        for other in registry.available(family):
            if other != chosen and key in _names(params_class(family, other)):
                return Said(
                    N_(
                        "{where}: a key of the {other} {family} module; "
                        "this profile's {family} module is {chosen} ({key})"
                    ),
                    where=f"{where}{section}.{shown}",
                    other=other,
                    family=family,
                    chosen=str(chosen)[:60],
                    key=f"{section}.{FAMILY_PLACES[family][1]}",
                )
    known = sorted(
        set(common_keys(section)).union(
            *(_names(params_class(f, _chosen(part, f))) for f in _families(section))
        )
    )
    return unknown_key(f"{where}{section}.{shown}", str(key)[:60], known)


def read(
    found: Mapping[str, tuple[type, dict[str, Any]]], where: str = ""
) -> tuple[dict[str, Any], list[str]]:
    """Each family's keys read into its module's ``Params`` (by family), and what is
    wrong with them (``where`` + ``section.key: reason``)."""
    objects: dict[str, Any] = {}
    problems: list[str] = []
    for family, (cls, data) in found.items():
        prefix = f"{where}{FAMILY_PLACES[family][0]}."
        shape: list[str] = []
        class_shape(data, cls, prefix, shape)
        if shape:
            problems += shape
            continue
        obj, refused = structured(data, cls)
        if obj is None:
            problems += lines(refused, prefix)
            continue
        objects[family] = obj
    return objects, problems


def attach(rules: Ruleset, objects: Mapping[str, Any]) -> Ruleset:
    """``rules`` with each family's parameters in its section (``rules.bidding.params``)."""
    sections: dict[str, Any] = {}
    for family, obj in objects.items():
        section, _, holder = FAMILY_PLACES[family]
        part = sections.get(section, getattr(rules, section))
        sections[section] = attrs.evolve(part, **{holder: obj})
    return attrs.evolve(rules, **sections) if sections else rules


def key_type(section: str, name: str) -> Any:
    """The type of the key ``name`` of ``section`` under any installed module (a
    section's own field, or a parameter of one of its families' modules), or None
    if no module has it: what an option's key path is checked against."""
    if name in common_keys(section):
        return hints(_section_class(section))[name]
    for family in _families(section):
        for module in registry.available(family):
            cls = params_class(family, module)
            if cls is not None and name in _names(cls):
                return hints(cls)[name]
    return None


def all_keys(section: str) -> list[str]:
    """Every key ``section`` may hold with some installed module (for suggestions)."""
    names = set(common_keys(section))
    for family in _families(section):
        for module in registry.available(family):
            names |= _names(params_class(family, module))
    return sorted(names)
