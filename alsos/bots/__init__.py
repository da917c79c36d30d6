"""Bots: players that choose an action from what their seat may know.

A bot is anything with ``choose(view, legal) -> Action`` (:class:`Bot`): it
sees only its seat's :class:`~alsos.play.view.View` and the legal actions, never
the hidden cards.  Bots are made by name with options, ``make("heuristic",
seed=1)``; the built-in ones are ``random`` (:class:`~alsos.RandomBot`),
``heuristic`` (:class:`~alsos.bots.heuristic.HeuristicBot`) and ``pimc``
(:class:`~alsos.bots.pimc.PIMCBot`, which samples hidden cards and looks ahead); with
OpenSpiel installed, ``openspiel-mcts`` and ``openspiel-ismcts`` too
(:mod:`alsos.interop`); with NumPy (the ``rl`` extra), ``learned``
(:class:`~alsos.rl.learned.LearnedBot`, a small network trained to choose as
``pimc`` does); with the ``train`` extra, ``ppo`` (a trained MaskablePPO
policy, :mod:`alsos.rl.sb3`).  The levels for people, ``easy``, ``medium`` and
``hard`` (:data:`~alsos.bots.levels.LEVELS`), are names too.  A package adds
bots through the ``alsos.bots`` entry point group: each entry point names a
bot class (or factory), registered under the entry point's name.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
import inspect
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

from alsos.bots.heuristic import HeuristicBot
from alsos.bots.levels import LEVELS
from alsos.bots.pimc import PIMCBot
from alsos.bots.quiet import QuietBot
from alsos.bots.random_bot import RandomBot
from alsos.errors import BotError
from alsos.pack.actions import Action
from alsos.pack.cards import quote
from alsos.play.game import Game
from alsos.play.view import View

__all__ = [
    "LEVELS",
    "Bot",
    "BotOptionError",
    "HeuristicBot",
    "PIMCBot",
    "QuietBot",
    "RandomBot",
    "UnknownBotError",
    "available",
    "format_spec",
    "make",
    "make_spec",
    "parse_spec",
    "play_on",
    "register",
    "split_specs",
]


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's view and the legal actions, it picks one of them."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


class UnknownBotError(BotError):
    """No bot of that name is built in or installed."""


class BotOptionError(BotError):
    """A bot given an option it does not take (``pimc(wrolds=4)``); the message
    lists the options it does take and suggests the closest."""


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


def _lazy(module_name: str, name: str, options: tuple[str, ...]) -> Callable[..., Bot]:
    """The factory ``name`` of the module ``module_name``, imported when first called.

    :mod:`alsos.interop` (OpenSpiel's bots) and :mod:`alsos.rl.sb3` (a trained
    policy) sit above the bots and need optional packages, so they are
    loaded by name, as an entry point is.  ``options`` are the factory's
    keyword options (checked before the import).
    """

    def factory(**kwargs: Any) -> Bot:
        module = importlib.import_module(module_name)
        made: Bot = getattr(module, name)(**kwargs)
        return made

    factory.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY) for k in options]
    )
    return factory


#: The options of ``openspiel-mcts`` and ``openspiel-ismcts`` (alsos.interop.mcts_bot).
_OPENSPIEL_OPTIONS = ("simulations", "rollouts", "uct_c", "rollout", "seed")


def _level(spec: str) -> Callable[..., Bot]:
    """The factory of a level (:mod:`alsos.bots.levels`): the bot ``spec`` names,
    taking only a ``seed``, since the level's other settings are what it is."""

    def factory(seed: int | None = None) -> Bot:
        return make_spec(spec, seed=seed)

    return factory


def _learned(
    seed: int | None = None,
    *,
    profile: str | None = None,
    weights: str | None = None,
    boldness: float = 1.0,
) -> Bot:
    """The ``learned`` bot (:class:`alsos.rl.learned.LearnedBot`), imported when first made.

    It reads views with the RL encoding, a layer above the bots, so it is loaded
    by name, as the OpenSpiel bots are; without NumPy it says which extra to install.
    """
    if importlib.util.find_spec("numpy") is None:
        raise ImportError(
            "the learned bot needs NumPy: install the rl extra (pip install 'alsos[rl]')"
        )
    module = importlib.import_module("alsos.rl.learned")
    made: Bot = module.LearnedBot(seed, profile=profile, weights=weights, boldness=boldness)
    return made


_BOTS["learned"] = _learned

for _name, _spec in LEVELS.items():
    _BOTS[_name] = _level(_spec)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    if importlib.util.find_spec("pyspiel") is not None:  # the openspiel extra
        _BOTS.setdefault("openspiel-mcts", _lazy("alsos.interop", "mcts_bot", _OPENSPIEL_OPTIONS))
        _BOTS.setdefault(
            "openspiel-ismcts", _lazy("alsos.interop", "ismcts_bot", _OPENSPIEL_OPTIONS)
        )
    if importlib.util.find_spec("sb3_contrib") is not None:  # the train extra
        _BOTS.setdefault("ppo", _lazy("alsos.rl.sb3", "ppo_bot", ("model", "seed")))
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

    :raises UnknownBotError: (a :class:`~alsos.errors.BotError`) for a name no
        package provides.
    :raises BotOptionError: (a :class:`~alsos.errors.BotError`) for an option the
        bot does not take.
    :raises ~alsos.errors.BotError: for an option value the bot refuses
        (``worlds=0``); a plugin's bot may raise what its constructor raises.
    """
    if name not in _BOTS:
        _load()
    factory = _BOTS.get(name)
    if factory is None:
        broken = "".join(f"; {e}" for e in _errors)
        raise UnknownBotError(
            f"no bot named {quote(name)}; available: {', '.join(available())}{broken}"
        )
    _check_options(name, factory, options)
    return factory(**options)


def _check_options(name: str, factory: Callable[..., Bot], options: dict[str, Any]) -> None:
    """Refuse an option the factory's signature does not take, naming those it does."""
    allowed = _options_of(factory)
    if allowed is None:
        return
    for key in options:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            takes = ", ".join(allowed) or "none"
            raise BotOptionError(
                f"bot {name!r} has no option {quote(key)}{hint} (its options: {takes})"
            )


@functools.lru_cache(maxsize=64)
def _options_of(factory: Callable[..., Bot]) -> list[str] | None:
    """The options a factory's signature takes by name; None if it takes any (or has no
    signature to read, a builtin: then the call decides).  Read once per factory, as
    :func:`alsos.research.simulate` makes bots for every hand."""
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """Read a bot spec: a name, optionally with options in parentheses.

    ``"pimc(worlds=8, budget=32)"`` -> ``("pimc", {"worlds": 8, "budget": 32})``.
    Values are read as int, float, ``true``/``false`` or else as text, so a
    command line can set any option a bot's constructor takes.  A text value
    may be quoted (``'...'`` or ``"..."``, the quotes dropped) and may be a
    spec itself: commas inside its parentheses do not split the options
    (``openspiel-mcts(rollout=heuristic(boldness=1.2, mistakes=0.1))``).

    >>> from alsos.bots import parse_spec
    >>> parse_spec("pimc(worlds=8, boldness=1.2)")
    ('pimc', {'worlds': 8, 'boldness': 1.2})

    :raises UnknownBotError: (a :class:`~alsos.errors.BotError`) for text that is not a spec.
    """
    text = text.strip()
    name, paren, rest = text.partition("(")
    name = name.strip()
    if not name or not name.replace("-", "_").isidentifier():
        raise UnknownBotError(f"not a bot spec: {text[:60]!r} (write name or name(key=value, ...))")
    options: dict[str, Any] = {}
    if paren:
        if not rest.endswith(")"):
            raise UnknownBotError(f"bot spec {text[:60]!r} has no closing parenthesis")
        for part in split_specs(rest[:-1]):
            key, eq, value = (s.strip() for s in part.partition("="))
            if not eq or not key.isidentifier():
                raise UnknownBotError(f"bot spec {text[:60]!r}: {part[:30]!r} is not key=value")
            options[key] = _value(value)
    return name, options


def _value(text: str) -> Any:
    """An option's value: a bool, int or float where it reads as one, else the
    text (without the quotes around it, if any)."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def format_spec(name: str, options: dict[str, Any] | None = None) -> str:
    """The spec :func:`parse_spec` reads back: ``format_spec("pimc", {"worlds": 8})``
    is ``"pimc(worlds=8)"``."""
    if not options:
        return name
    inner = ", ".join(f"{k}={_written(v)}" for k, v in options.items())
    return f"{name}({inner})"


def _written(value: Any) -> str:
    """An option's value as :func:`_value` reads it back: a text that would read
    otherwise (as a number or a bool), or holds parentheses, commas, quotes or
    ``=`` (a spec of its own), is quoted.

    :raises BotError: for a value a spec cannot hold: not a bool, number or text,
        or a text with both kinds of quote.
    """
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return str(value)
    if not isinstance(value, str):
        raise BotError(f"a bot spec holds bools, numbers and texts, not {value!r}")
    if (
        _value(value) == value
        and value == value.strip()
        and value
        and not any(c in value for c in "(),'\"=")
    ):
        return value
    if "'" in value and '"' in value:
        raise BotError(f"a bot spec cannot hold a text with both kinds of quote: {value!r}")
    quote = "'" if '"' in value else '"'
    return f"{quote}{value}{quote}"


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of bot specs, leaving commas inside parentheses
    and inside a quoted value (a quote opens a value only where one starts: after
    ``=``, ``(`` or ``,``; an apostrophe inside a word is a letter).

    >>> from alsos.bots import split_specs
    >>> split_specs("pimc(worlds=8, budget=32),heuristic, random")
    ['pimc(worlds=8, budget=32)', 'heuristic', 'random']

    :raises UnknownBotError: (a ``ValueError``) for a quote that is never closed.
    """
    out: list[str] = []
    depth = 0
    quote = ""
    before = ""  # the last character outside spaces, outside quotes
    current = ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"" and before in ("", "=", "(", ","):
            quote = ch
        elif ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
            before = ","
            continue
        else:
            depth += (ch == "(") - (ch == ")")
        if not ch.isspace():
            before = ch
        current += ch
    if quote:
        raise UnknownBotError(f"bot spec {text[:60]!r}: a {quote} quote is never closed")
    out.append(current.strip())
    return [s for s in out if s]


def make_spec(spec: str, **options: Any) -> Bot:
    """The bot a spec names, with the spec's options and then ``options``
    (``make_spec("pimc(worlds=8)", seed=3)``).

    :raises UnknownBotError: (a :class:`~alsos.errors.BotError`) for text that
        is not a spec or a name no package provides.
    :raises BotOptionError: (a :class:`~alsos.errors.BotError`) for an option the
        bot does not take.
    :raises ~alsos.errors.BotError: for an option value the bot refuses, as
        :func:`make`.
    """
    name, own = parse_spec(spec)
    return make(name, **{**own, **options})


def play_on(game: Game, bots: Mapping[int, Bot]) -> Game:
    """Play ``game`` (changed in place, and returned) to its end, each seat to act
    choosing with its bot from ``bots`` (a forced action is taken without asking)."""
    while not game.is_over:
        seat: int = game.to_act  # type: ignore[assignment]
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal))
    return game
