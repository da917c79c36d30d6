"""Bots: players that choose an action from what their seat may know.

A bot is anything with ``choose(view, legal) -> Action`` (:class:`Bot`): it
sees only its seat's :class:`~alsos.view.View` and the legal actions, never
the hidden cards.  Bots are made by name with options, ``make("heuristic",
seed=1)``; the built-in ones are ``random`` (:class:`~alsos.RandomBot`),
``heuristic`` (:class:`~alsos.bots.heuristic.HeuristicBot`) and ``pimc``
(:class:`~alsos.bots.pimc.PIMCBot`, which samples hidden cards and looks ahead).  A package adds
bots through the ``alsos.bots`` entry point group: each entry point names a
bot class (or factory), registered under the entry point's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

from alsos.actions import Action
from alsos.bots.heuristic import HeuristicBot
from alsos.bots.pimc import PIMCBot
from alsos.bots.quiet import QuietBot
from alsos.bots.random_bot import RandomBot
from alsos.view import View

__all__ = [
    "Bot",
    "HeuristicBot",
    "PIMCBot",
    "QuietBot",
    "RandomBot",
    "UnknownBotError",
    "available",
    "make",
    "register",
]


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's view and the legal actions, it picks one of them."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


class UnknownBotError(ValueError):
    """No bot of that name is built in or installed."""


_BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "pimc": PIMCBot,
    "quiet": QuietBot,  # random, but silent in the front and completion rounds
}
_loaded = False
_errors: list[str] = []


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory(**options)`` the bot called ``name``."""
    _BOTS[name] = factory


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in metadata.entry_points(group="alsos.bots"):
        try:
            _BOTS.setdefault(ep.name, ep.load())
        except Exception as e:  # a third-party package may fail in any way
            _errors.append(f"bot {ep.name!r} ({ep.value}) failed to load: {e}")


def available() -> list[str]:
    """Names of the bots that :func:`make` can build."""
    _load()
    return sorted(_BOTS)


def make(name: str, **options: Any) -> Bot:
    """The bot ``name`` built with ``options`` (``make("random", seed=3)``).

    :raises UnknownBotError: (a ``ValueError``) for a name no package provides.
    """
    if name not in _BOTS:
        _load()
    factory = _BOTS.get(name)
    if factory is None:
        broken = "".join(f"; {e}" for e in _errors)
        raise UnknownBotError(f"no bot named {name!r}; available: {', '.join(available())}{broken}")
    return factory(**options)
