"""Bots across the OpenSpiel boundary, both ways.

Needs the ``openspiel`` extra (``pip install 'alsos[openspiel]'``).

* :class:`AlsosBot` makes any alsos bot a ``pyspiel.Bot`` for the
  ``python_alsos`` game (:mod:`alsos.openspiel`), so OpenSpiel's
  ``evaluate_bots`` (the C++ ``pyspiel.evaluate_bots`` and
  ``open_spiel.python.algorithms.evaluate_bots``) can seat it.  It reads only
  its seat's :class:`~alsos.play.view.View` of the state it is given.
* :class:`OpenSpielBot` makes any ``pyspiel.Bot`` an alsos bot, so it can sit
  in ``alsos arena`` (``--bots "openspiel-mcts(simulations=50),heuristic"``),
  :mod:`alsos.rl`'s environments or ``alsos simulate``.  An alsos bot is
  given its seat's view, never the hand: the OpenSpiel bot searches a
  *determinized* world, a complete hand sampled from that view by
  :func:`alsos.search.determinize`, held as a ``python_alsos`` state
  (``AlsosState.holding``: not dealt and replayed again).  So
  a perfect-information search such as ``MCTSBot`` cannot read the hidden
  cards (on the real state it would), and ``ISMCTSBot``'s own resampling
  (``resample_from_infostate``) starts from that world, never from the truth.
* :class:`RestartableISMCTSBot` is OpenSpiel's ``ISMCTSBot`` with the
  ``restart_at`` that the Python ``evaluate_bots`` calls and that
  ``ISMCTSBot`` lacks (it searches afresh at every step, so there is nothing
  to restart).

The registry names (:func:`alsos.bots.make`) are ``openspiel-mcts`` and
``openspiel-ismcts``, made by :func:`mcts_bot` and :func:`ismcts_bot`.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from alsos.bots import Bot, make_spec
from alsos.errors import BotError
from alsos.openspiel import GAME_NAME, AlsosGame, AlsosState
from alsos.pack.actions import Action
from alsos.pack.deal import layout
from alsos.play.game import Game
from alsos.play.view import View
from alsos.search import DeterminizeError, determinize

#: Samples :class:`OpenSpielBot` tries for the world it searches before it
#: raises: more than a resample's, since without a world it cannot choose.
WORLD_TRIES = 4000

__all__ = [
    "WORLD_TRIES",
    "AlsosBot",
    "OpenSpielBot",
    "OpenSpielBotError",
    "RestartableISMCTSBot",
    "ismcts_bot",
    "mcts_bot",
    "openspiel_state",
]

#: Builds the OpenSpiel bot for a game: ``factory(game, random_state)``.
BotFactory = Callable[[Any, np.random.RandomState], Any]


class OpenSpielBotError(BotError):
    """An OpenSpiel bot answered with an action that is not legal in the hand."""


class AlsosBot(pyspiel.Bot):  # type: ignore[misc]
    """An alsos bot as a ``pyspiel.Bot`` of ``python_alsos``, for OpenSpiel's tools.

    ``bot`` is a bot object or a spec (``"pimc(worlds=8)"``, built with
    ``seed``).  ``player_id`` is the seat it plays; each step it is shown
    only that seat's view of the state and the legal actions.
    """

    def __init__(self, bot: Bot | str, player_id: int, *, seed: int | None = None) -> None:
        super().__init__()
        self.bot = make_spec(bot, seed=seed) if isinstance(bot, str) else bot
        self.player_id = player_id

    def step(self, state: AlsosState) -> int:
        """The index (in the game's action space) of the bot's choice."""
        game = state.game
        if game is None or game.to_act != self.player_id:
            raise OpenSpielBotError(
                f"seat {self.player_id}'s bot was asked to act when it is not its turn"
            )
        action = self.bot.choose(game.view(self.player_id), game.legal_actions())
        return int(state.get_game().space.index(action))

    def restart_at(self, state: AlsosState) -> None:
        """Nothing to do: the bot reads the state afresh at every step."""

    def inform_action(self, state: AlsosState, player_id: int, action: int) -> None:
        """Nothing to do: the bot reads the history from its view."""


class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``ISMCTSBot`` that the Python ``evaluate_bots`` can restart."""

    def restart_at(self, state: Any) -> None:
        """Forget the last search (each step searches afresh anyway)."""
        self.reset()

    def restart(self) -> None:
        """As :meth:`restart_at`."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the search starts from the state it is given."""


def _pack(game: Game) -> list[int]:
    """The ordered pack that deals ``game``'s hand (the inverse of ``Deal.from_pack``)."""
    deal = game.deal
    d = game.rules.deal
    packets, talon_at = layout(
        game.rules.players,
        game.dealer,
        tuple(d.seen_packets),
        tuple(d.unseen_packets),
        tuple(d.talon_between),
    )
    pack = [0] * 32
    seen = {s: iter(int(c) for c in h[: deal.seen]) for s, h in enumerate(deal.hands)}
    unseen = {s: iter(int(c) for c in h[deal.seen :]) for s, h in enumerate(deal.hands)}
    for seat, start, end, is_seen in packets:
        cards = seen[seat] if is_seen else unseen[seat]
        for i in range(start, end):
            pack[i] = next(cards)
    for i, card in zip(talon_at, deal.talon, strict=True):
        pack[i] = int(card)
    return pack


@functools.lru_cache(maxsize=32)
def _game(variant: str, players: int, dealer: int) -> AlsosGame:
    params = {"variant": variant, "players": players, "dealer": dealer}
    game: AlsosGame = pyspiel.load_game(GAME_NAME, params)
    return game


def openspiel_state(game: Game) -> AlsosState:
    """``game`` as a ``python_alsos`` state: its deal dealt, its history replayed.

    The whole hand goes in, hidden cards included: give it a determinized
    world (:func:`alsos.search.determinize`), not a real hand, when a bot
    that must not see them will search it.
    """
    spiel_game = _game(str(game.rules), game.rules.players, game.dealer)
    state: AlsosState = spiel_game.new_initial_state()
    for card in _pack(game):
        state.apply_action(card)
    space = spiel_game.space
    for _, action in game.history:
        state.apply_action(space.index(action))
    return state


@contextlib.contextmanager
def _python_random(seed: int) -> Iterator[None]:
    """Python's global ``random`` seeded with ``seed`` inside, as it was outside.

    ``AlsosState.resample_from_infostate`` draws from the global generator;
    seeding it per step makes a seeded bot's searches reproducible without
    disturbing the caller's own use of ``random``.
    """
    saved = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(saved)


class OpenSpielBot:
    """A ``pyspiel.Bot`` as an alsos bot, searching a world sampled from its view.

    ``factory(game, random_state)`` builds the OpenSpiel bot for a
    ``python_alsos`` game (one per variant, player count and dealer, built
    when first needed).  At each choice the view is determinized with the
    bot's own seeded generator, the world held as an OpenSpiel state
    (``AlsosState.holding``, without
    replaying it) and the bot's ``step`` asked on it; with one
    legal action that action is taken without a search.  ``seed`` makes the
    choices reproducible: the same view and seed give the same action.

    :raises OpenSpielBotError: (a :class:`~alsos.errors.BotError`) if the bot answers with an
        action that is not legal.
    """

    def __init__(self, factory: BotFactory, *, seed: int | None = None) -> None:
        self._factory = factory
        self._rng = random.Random(seed)
        self._numpy = np.random.RandomState(self._rng.getrandbits(32))
        self._bots: dict[tuple[str, int, int], Any] = {}

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Search a determinized world of ``view`` and play the bot's choice."""
        if len(legal) == 1:
            return legal[0]
        world = determinize(view, self._rng, attempts=WORLD_TRIES)
        key = (str(world.rules), world.rules.players, world.dealer)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self._factory(_game(*key), self._numpy)
        # The world is already the determinizer's game, its history applied:
        # held as it is rather than dealt and replayed again.
        state = AlsosState.holding(_game(*key), world)
        bot.restart_at(state)
        with _python_random(self._rng.getrandbits(64)):
            index = int(bot.step(state))
        action: Action = state.get_game().space[index]
        if action not in legal:
            raise OpenSpielBotError(
                f"the OpenSpiel bot chose {str(action)!r}, which is not legal here"
            )
        return action


def _search_world(state: AlsosState, player: int) -> AlsosState:
    """ISMCTS's resampler: :meth:`AlsosState.search_world`, the same draw as
    ``resample_from_infostate`` held as the determinizer built it (not replayed).

    ``state`` is the root ISMCTS was given, which :class:`OpenSpielBot` drew
    from the seat's view: never the real hand.  Where the view's constraints
    are too tight for the sampler's :data:`~alsos.openspiel.RESAMPLE_TRIES`
    draws (a seat that had to play the card it kept back for a figure, say),
    that simulation searches the root world again rather than stop the game.
    """
    try:
        return state.search_world(player)
    except DeterminizeError:
        world: AlsosState = state.clone()
        return world


def mcts_bot(
    *,
    simulations: int = 100,
    rollouts: int = 1,
    uct_c: float = 2.0,
    seed: int | None = None,
) -> OpenSpielBot:
    """OpenSpiel's ``MCTSBot`` with random rollouts, on a determinized world.

    ``simulations`` searches per choice, ``rollouts`` random playouts per
    leaf, ``uct_c`` the exploration constant (the returns are stakes, so
    larger stakes call for a larger one).  Registered as ``openspiel-mcts``.
    """

    def factory(game: Any, rs: np.random.RandomState) -> Any:
        evaluator = mcts.RandomRolloutEvaluator(rollouts, rs)
        return mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=False, random_state=rs)

    return OpenSpielBot(factory, seed=seed)


def ismcts_bot(
    *,
    simulations: int = 100,
    rollouts: int = 1,
    uct_c: float = 2.0,
    seed: int | None = None,
) -> OpenSpielBot:
    """OpenSpiel's ``ISMCTSBot`` with random rollouts, from a determinized world.

    Its worlds are drawn as ``resample_from_infostate`` draws them, on that
    world (so never from the real hand), and held without a replay
    (``AlsosState.search_world``).  Options as :func:`mcts_bot`.  Registered as
    ``openspiel-ismcts``.
    """

    def factory(game: Any, rs: np.random.RandomState) -> Any:
        evaluator = mcts.RandomRolloutEvaluator(rollouts, rs)
        bot = RestartableISMCTSBot(game, evaluator, uct_c, simulations, random_state=rs)
        bot.set_resampler(_search_world)
        return bot

    return OpenSpielBot(factory, seed=seed)
