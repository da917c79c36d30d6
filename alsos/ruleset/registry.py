"""The registry of rule modules: each phase family's interchangeable pieces, by name.

A profile names a module per family (``bidding: {module: potter}``, a
figure's ``kind``); the engine looks it up here.  Modules register with the
:func:`register` decorator when their Python module is imported.  The
built-in ones live in :mod:`alsos.hand.rules`, which registers them when the
engine imports it (``import alsos`` does, so they are there before any
lookup); third-party packages add modules through the ``alsos.hand.rules`` entry
point group, loaded on the first lookup that misses, so a house rule can ship
as its own small package.  The registry imports no module of alsos by name.
Keeping the registry apart from the modules means the loader can check a
profile's module names without importing the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import Any, TypeVar

__all__ = [
    "FAMILIES",
    "UnknownModuleError",
    "available",
    "hook",
    "lookup",
    "plugin_errors",
    "register",
]

#: The phase families a profile chooses a module for.
FAMILIES = ("dealing", "bidding", "exchange", "calling", "figures", "scoring")

_REGISTRY: dict[str, dict[str, Any]] = {f: {} for f in FAMILIES}
#: id(module object) -> (the object, the hooks given with it): the hooks belong to the
#: object, so they serve it under whatever name it is registered.
_HOOKS: dict[int, tuple[Any, dict[str, Any]]] = {}
_loaded = False
_plugin_errors: list[str] = []
T = TypeVar("T")


class UnknownModuleError(ValueError):
    """A profile names a rule module that no installed package provides."""


def register(family: str, name: str, **hooks: Any) -> Callable[[T], T]:
    """Class or function decorator: make the object the module ``name`` of ``family``.

    ``hooks`` are the module's optional extras, by name (a scoring module's
    ``payments``, ``decided`` or ``melds_shown``, a ``describe`` for the
    rulebook, a ``requires`` mapping of the families whose module it needs to
    the names it works with -- ``{"bidding": ("ladder",)}``, checked when a
    profile is loaded -- ...), read with :func:`hook`.  A module may as well carry them
    as attributes of its object (``settle.decided = decided``); given here,
    they also serve an object that takes no attributes, such as a function of
    the compiled build.
    """
    if family not in _REGISTRY:
        raise ValueError(f"unknown rule family {family!r}; families are {', '.join(FAMILIES)}")

    def deco(obj: T) -> T:
        _REGISTRY[family][name] = obj
        if hooks:
            _HOOKS[id(obj)] = (obj, hooks)
        return obj

    return deco


def _load() -> None:
    """Import every ``alsos.rules`` entry point, once.

    A broken plugin is reported (:func:`plugin_errors`, and in the message of
    a failed lookup), never raised: one bad package must not stop the others.
    """
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in metadata.entry_points(group="alsos.rules"):
        try:
            ep.load()
        except Exception as e:  # a third-party plugin may fail in any way
            _plugin_errors.append(f"plugin {ep.name!r} ({ep.value}) failed to load: {e}")


def plugin_errors() -> tuple[str, ...]:
    """Why each plugin that failed to load failed (empty when all loaded)."""
    _load()
    return tuple(_plugin_errors)


def lookup(family: str, name: str) -> Any:
    """The object registered as ``name`` of ``family``, loading modules on first use."""
    table = _REGISTRY[family]
    if name not in table:
        _load()
    try:
        return table[name]
    except KeyError:
        broken = f"; {'; '.join(_plugin_errors)}" if _plugin_errors else ""
        raise UnknownModuleError(
            f"no {family} rule module named {name!r}; available: {', '.join(sorted(table))}{broken}"
        ) from None


def hook(family: str, name: str, key: str) -> Any:
    """The optional hook ``key`` of the module ``name`` of ``family``, or None.

    As given to :func:`register` with the module's object (under this name
    or another: a plugin may register a built-in scoring function again as
    its own), else the object's attribute of that name (how a plugin may
    attach it), else None.
    """
    obj = lookup(family, name)
    kept = _HOOKS.get(id(obj))
    if kept is not None and kept[0] is obj and key in kept[1]:
        return kept[1][key]
    return getattr(obj, key, None)


def available(family: str) -> list[str]:
    """Names of the modules of ``family`` (built-in and plugins)."""
    _load()
    return sorted(_REGISTRY[family])
