"""Rule modules: interchangeable pieces of each phase family, found by name.

A profile names a module per family (``bidding: {module: potter}``); the
engine asks :func:`make` for it.  Built-in modules register themselves with
:func:`register` when this package is imported.  Third-party packages add
modules through the ``alsos.rules`` entry point group: each entry point names
an importable object (usually a module) whose import registers its classes,
so a house rule can ship as its own small package.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from alsos.actions import Action
    from alsos.cards import Card

#: What a module's ``describe(rules)`` returns for the rulebook:
#: (clause key, text with ``{term}`` markers, example cards).
Described = list[tuple[str, str, tuple["Card", ...]]]

__all__ = [
    "FAMILIES",
    "BiddingModule",
    "CallingModule",
    "Described",
    "ExchangeModule",
    "UnknownModuleError",
    "available",
    "make",
    "register",
]


class BiddingModule(Protocol):
    """Runs the auction; ends by calling ``game.start_contract`` (or ``end_thrown_in``)."""

    def start(self) -> None: ...
    def legal(self, seat: int) -> tuple[Action, ...]: ...
    def apply(self, seat: int, action: Action) -> None: ...
    def after_pickup(self) -> bool: ...
    def hides(self, index: int) -> bool: ...


class ExchangeModule(Protocol):
    """Runs any talon exchange after the pick-up; ends by calling ``game.begin_play``."""

    def start(self) -> None: ...
    def legal(self, seat: int) -> tuple[Action, ...]: ...
    def apply(self, seat: int, action: Action) -> None: ...
    def can_exchange(self, seat: int) -> bool: ...
    def can_siber(self, seat: int) -> bool: ...
    def discard_options(self, seat: int) -> tuple[Action, ...]: ...
    def exchange(self, seat: int) -> None: ...


class CallingModule(Protocol):
    """Offers a call in the second trick and runs the answers to it."""

    def options(self, seat: int) -> list[Action]: ...
    def call(self, seat: int, action: Action) -> None: ...
    def legal(self, seat: int) -> tuple[Action, ...]: ...
    def apply(self, seat: int, action: Action) -> None: ...


FAMILIES = ("dealing", "bidding", "exchange", "calling", "figures", "scoring")
_REGISTRY: dict[str, dict[str, Any]] = {f: {} for f in FAMILIES}
_plugins_loaded = False
T = TypeVar("T")


class UnknownModuleError(ValueError):
    """A profile names a rule module that no installed package provides."""


def register(family: str, name: str) -> Callable[[T], T]:
    """Class or function decorator: make ``obj`` the module ``name`` of ``family``."""
    if family not in _REGISTRY:
        raise ValueError(f"unknown rule family {family!r}; families are {', '.join(FAMILIES)}")

    def deco(obj: T) -> T:
        _REGISTRY[family][name] = obj
        return obj

    return deco


_plugin_errors: list[str] = []


def _load_plugins() -> None:
    """Import every ``alsos.rules`` entry point once; a broken one is reported, not raised."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in metadata.entry_points(group="alsos.rules"):
        try:
            ep.load()
        except Exception as e:  # a third-party plugin may fail in any way
            _plugin_errors.append(f"plugin {ep.name!r} ({ep.value}) failed to load: {e}")


def lookup(family: str, name: str) -> Any:
    """The registered object, loading plugins on first miss."""
    table = _REGISTRY[family]
    if name not in table:
        _load_plugins()
    try:
        return table[name]
    except KeyError:
        broken = f"; {'; '.join(_plugin_errors)}" if _plugin_errors else ""
        raise UnknownModuleError(
            f"no {family} rule module named {name!r}; available: {', '.join(sorted(table))}{broken}"
        ) from None


def available(family: str) -> list[str]:
    """Names of the modules of ``family`` (built-in and plugins)."""
    _load_plugins()
    return sorted(_REGISTRY[family])


def make(family: str, name: str, game: Any) -> Any:
    """Instantiate module ``name`` of ``family`` for one hand."""
    return lookup(family, name)(game)


from alsos import settlement  # noqa: E402,F401  (registers the potter scoring module)
from alsos.rules import bidding, calling, dealing, exchange, figures  # noqa: E402,F401
