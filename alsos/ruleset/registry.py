"""The registry of rule modules: each phase family's interchangeable pieces, by name.

A profile names a module per family (``bidding: {module: potter}``, a
figure's ``kind``); the engine looks it up here.  Modules register with the
:func:`register` decorator when their Python module is imported.  Each family
has one class in :mod:`alsos.hand.protocol` with typed methods and defaults
(:class:`~alsos.hand.protocol.ScoringModule`,
:class:`~alsos.hand.protocol.FigureKind`, ...); a module is registered as an
instance of it (the bidding, exchange and calling families: as a class, made
once per ruleset) and checked then, so a plugin that lacks a method, or has
one taking the wrong arguments, is refused with a message naming it.  The
built-in ones live in :mod:`alsos.hand.rules`, which registers them when the
engine imports it (``import alsos`` does, so they are there before any
lookup); third-party packages add modules through the ``alsos.rules`` entry
point group, loaded on the first lookup that misses, so a house rule can ship
as its own small package.  The registry imports no module of alsos by name.
Keeping the registry apart from the modules means the loader can check a
profile's module names without importing the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import Any, TypeVar

from alsos.errors import RulesetError
from alsos.language import N_, Said

__all__ = [
    "FAMILIES",
    "UnknownModuleError",
    "available",
    "hook",
    "lookup",
    "plugin_errors",
    "register",
]

#: The families a profile chooses a module for: the phases of a hand, and the
#: session schedule (rubber, rádli, a number of deals: :mod:`alsos.play.session`).
FAMILIES = ("dealing", "bidding", "exchange", "calling", "figures", "scoring", "session")

_REGISTRY: dict[str, dict[str, Any]] = {f: {} for f in FAMILIES}
#: Checks a module against its family's class and returns what is kept (set by
#: :mod:`alsos.hand.protocol`, which holds the classes, when it is imported).
_adopt: Callable[[str, str, Any, dict[str, Any]], Any] | None = None
_loaded = False
_plugin_errors: list[str] = []
T = TypeVar("T")


class UnknownModuleError(RulesetError):
    """A profile names a rule module that no installed package provides."""


def register(family: str, name: str, **hooks: Any) -> Callable[[T], T]:
    """Class or instance decorator: make the object the module ``name`` of ``family``.

    The object is an instance of the family's class in :mod:`alsos.hand.protocol`
    (for ``bidding``, ``exchange`` and ``calling``: a class), checked here;
    :class:`~alsos.hand.protocol.ModuleCheckError` names what does not fit.  The older
    forms still work and are wrapped in such an instance: a dealing function, a
    figure judge ``(tally, fig, item)`` with a ``describe`` hook, a scoring
    function with its hooks (``payments``, ``decided``, ``point_race``,
    ``melds_declared``, ``describe``, ``requires``, ``terms``) given here by name or as its
    attributes.  The decorator hands the object back unchanged.
    """
    if family not in _REGISTRY:
        raise ValueError(f"unknown rule family {family!r}; families are {', '.join(FAMILIES)}")

    def deco(obj: T) -> T:
        # set when alsos.hand.protocol is imported, which `import alsos` (run before
        # any of its modules) always does
        assert _adopt is not None, "the family classes' module installs the check"
        _REGISTRY[family][name] = _adopt(family, name, obj, hooks)
        return obj

    return deco


def install(adopt: Callable[[str, str, Any, dict[str, Any]], Any]) -> None:
    """Set the check every registration passes (called by :mod:`alsos.hand.protocol`)."""
    global _adopt
    _adopt = adopt


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
            why = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], Said) else str(e)
            _plugin_errors.append(
                Said(
                    N_("plugin {name} ({value}) failed to load: {error}"),
                    name=repr(ep.name),
                    value=ep.value,
                    error=why,
                )
            )


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
    """The hook ``key`` of the module ``name`` of ``family`` if the module has its
    own (not its family's default), else None.

    Kept for plugins written against the hook tables; alsos itself calls the
    module's methods and reads its capabilities (``decides``, ``requires``, ...).
    """
    obj = lookup(family, name)
    given = getattr(obj, "hooks", None)
    if isinstance(given, dict):
        return given.get(key)
    for cls in (obj if isinstance(obj, type) else type(obj)).__mro__:
        if key in vars(cls):
            # a default of the family's class (defined where the check was installed from)
            family_defaults = cls.__module__ == getattr(_adopt, "__module__", None)
            return None if family_defaults else getattr(obj, key)
    return None


def available(family: str) -> list[str]:
    """Names of the modules of ``family`` (built-in and plugins)."""
    _load()
    return sorted(_REGISTRY[family])
