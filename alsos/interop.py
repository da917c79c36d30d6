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
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from alsos.bots import LEVELS, Bot, HeuristicBot, make_spec
from alsos.bots.pimc import heuristic_playout
from alsos.errors import BotError
from alsos.hand.engine import engine_for
from alsos.openspiel import GAME_NAME, AlsosGame, AlsosState
from alsos.pack.actions import Action
from alsos.pack.deal import layout
from alsos.play.game import Game
from alsos.play.view import View
from alsos.ruleset.profile import Ruleset
from alsos.search import DeterminizeError, determinize

#: Samples :class:`OpenSpielBot` tries for the world it searches before it
#: raises: more than a resample's, since without a world it cannot choose.
WORLD_TRIES = 4000

__all__ = [
    "MIN_SIMULATIONS",
    "SCALE_HANDS",
    "UCT_BASE",
    "WORLD_TRIES",
    "AlsosBot",
    "BotRolloutEvaluator",
    "OpenSpielBot",
    "OpenSpielBotError",
    "RestartableISMCTSBot",
    "ismcts_bot",
    "mcts_bot",
    "openspiel_state",
    "return_scale",
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


#: The exploration constant ``uct_c="auto"`` multiplies by the profile's
#: :func:`return_scale`: OpenSpiel's default ``uct_c`` for returns of order one.
UCT_BASE = 2.0
#: Hands of ``medium`` self-play :func:`return_scale` measures a profile on.
SCALE_HANDS = 512


class BotRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's evaluator that plays the hand out with an alsos bot at every seat.

    ``bot`` is a bot object or a spec (``"medium"``, ``"heuristic(boldness=1.2)"``:
    anything :func:`alsos.bots.make_spec` builds, with ``seed``).  Where
    ``RandomRolloutEvaluator``'s random rollouts climb the kontra ladder (a
    potter1930 hand pays thousands of stakes under random play, about three
    under the heuristic), a sensible policy values a leaf by what sensible
    play makes of it.  ``evaluate`` plays the state's alsos hand (a copy) to
    its end and returns every seat's payment, the mean of ``rollouts``
    playouts; ``prior`` is uniform over the legal actions, as
    ``RandomRolloutEvaluator``'s.

    The heuristic without mistakes (``medium``, ``heuristic``, any
    ``boldness``) plays on the engine's fast path, the hand state itself,
    as PIMC's playouts play it (:func:`alsos.bots.pimc.heuristic_playout`): it
    decides as from a view without the public history, which it reads only
    in a few speech and ladder-auction choices, so now and then it speaks
    otherwise than at a table, for a playout several times cheaper.  It is
    deterministic, so it plays once whatever ``rollouts`` says.  Any other
    bot is asked on its seat's view of a copy of the game, as at a table.
    """

    def __init__(self, bot: Bot | str, rollouts: int = 1, *, seed: int | None = None) -> None:
        if rollouts.__class__ is not int or rollouts < 1:
            raise BotError(f"rollouts must be a whole number of at least 1, got {rollouts!r}")
        self.bot = make_spec(bot, seed=seed) if isinstance(bot, str) else bot
        self.rollouts = rollouts
        self._rng = random.Random(seed)
        bot = self.bot
        # The heuristic's fast path: its boldness (None: any other bot, asked on views).
        self._boldness: float | None = None
        if type(bot) is HeuristicBot and not bot.mistakes:
            self._boldness = bot.boldness

    def evaluate(self, state: AlsosState) -> np.ndarray:
        """Each seat's payment when the bot plays ``state``'s hand out (``state`` unchanged)."""
        game = state.game
        if game is None:  # still dealing: deal the rest at random
            dealt = state.clone()
            while dealt.game is None:
                dealt.apply_action(self._rng.choice(dealt.chance_outcomes())[0])
            game = dealt.game
        return self.play(game)

    def prior(self, state: AlsosState) -> list[tuple[int, float]]:
        """Every legal action (chance outcome) alike, as ``RandomRolloutEvaluator``'s."""
        prior: list[tuple[int, float]] = mcts.RandomRolloutEvaluator.prior(self, state)
        return prior

    def play(self, game: Game) -> np.ndarray:
        """Each seat's payment when the bot plays ``game`` (not changed) to its end."""
        seats = game.players
        if game.is_over:
            assert game.settlement is not None
            return np.array([float(game.settlement.payments[s]) for s in range(seats)])
        if self._boldness is not None:
            engine = engine_for(game.rules)
            hand = game.state.copy()
            heuristic_playout(engine, hand, 0, 0, self._boldness)  # plays ``hand`` to its end
            paid = engine.payments(hand)
            return np.array([float(paid.get(s, 0)) for s in range(seats)])
        total = np.zeros(seats)
        for _ in range(self.rollouts):
            copy = game.copy()
            while not copy.is_over:
                legal = copy.legal_actions()
                seat: int = copy.to_act  # type: ignore[assignment]
                copy.apply(legal[0] if len(legal) == 1 else self.bot.choose(copy.view(seat), legal))
            assert copy.settlement is not None
            total += [copy.settlement.payments[s] for s in range(seats)]
        result: np.ndarray = total / self.rollouts
        return result


@functools.lru_cache(maxsize=32)
def return_scale(rules: Ruleset) -> float:
    """A typical size of one seat's payment in a hand of ``rules``, in stakes.

    The standard deviation of a seat's payment (every seat of every hand
    pooled) over :data:`SCALE_HANDS` seeded hands (seeds 0, 1, ..., the
    dealer going round) of ``medium`` self-play, at least 1.  Measured, not
    derived: even the tight bound (:func:`alsos.rl.rewards.utility_bound`,
    the game's ``max_utility``: 114,688 stakes in potter1930) is reached only
    with every kontra step and the call said, tens of thousands of times the
    size of a real hand, so the exploration it would scale to drowns every
    difference of value; the spread of sensible play is the size of the
    differences a search compares.  The heuristic is deterministic, so the
    value is a fixed number per profile (potter1930 about 4 stakes, tompa
    about 4.5); computed once per ruleset in a process (a fraction of a
    second) and kept.
    """
    player = BotRolloutEvaluator(LEVELS["medium"], seed=0)
    paid = np.concatenate(
        [
            player.play(Game(rules, seed=seed, dealer=seed % rules.players))
            for seed in range(SCALE_HANDS)
        ]
    )
    return max(float(np.std(paid)), 1.0)


def _uct(uct_c: float | str | None, rollout: str, rules: Ruleset) -> float:
    """The exploration constant ``uct_c`` stands for under ``rules``: None is 2.0
    with random rollouts (as always) and ``"auto"`` otherwise, ``"auto"`` is
    :data:`UCT_BASE` times :func:`return_scale`."""
    if uct_c is None:
        uct_c = 2.0 if rollout == "random" else "auto"
    if uct_c == "auto":
        return UCT_BASE * return_scale(rules)
    return float(uct_c)


#: The fewest simulations OpenSpiel's searches choose with: the first only
#: expands the root, and a choice from it fails inside OpenSpiel.
MIN_SIMULATIONS = 2


def _check_search(rollout: object, uct_c: object, simulations: object, rollouts: object) -> None:
    """Refuse ``simulations``, ``rollouts``, a ``rollout`` or ``uct_c`` the bots cannot
    use, quoting it; build the rollout bot once so a spec it cannot make fails here,
    not at the first choice."""
    if rollouts.__class__ is not int or rollouts < 1:
        raise BotError(f"rollouts must be a whole number of at least 1, got {rollouts!r}")
    if simulations.__class__ is not int or simulations < MIN_SIMULATIONS:
        raise BotError(
            f"simulations must be a whole number of at least {MIN_SIMULATIONS}, got {simulations!r}"
        )
    if not isinstance(rollout, str):
        raise BotError(f"rollout must be 'random' or a bot spec, got {rollout!r}")
    if rollout != "random":
        make_spec(rollout, seed=0)
    if uct_c is None or uct_c == "auto":
        return
    if (
        isinstance(uct_c, bool)
        or not isinstance(uct_c, int | float)
        or not math.isfinite(uct_c)
        or uct_c < 0
    ):
        raise BotError(f"uct_c must be a number of 0 or more or 'auto', got {uct_c!r}")


def _evaluator(rollout: str, rollouts: int, rs: np.random.RandomState) -> Any:
    """The leaf evaluator: OpenSpiel's random rollouts for ``"random"`` (drawing
    from ``rs`` as before), else a :class:`BotRolloutEvaluator` seeded from ``rs``."""
    if rollout == "random":
        return mcts.RandomRolloutEvaluator(rollouts, rs)
    return BotRolloutEvaluator(rollout, rollouts, seed=int(rs.randint(1 << 31)))


def mcts_bot(
    *,
    simulations: int = 100,
    rollouts: int = 1,
    uct_c: float | str | None = None,
    rollout: str = "random",
    seed: int | None = None,
) -> OpenSpielBot:
    """OpenSpiel's ``MCTSBot`` on a determinized world.

    ``simulations`` searches per choice; ``rollout`` values a leaf:
    ``"random"`` (the default) with OpenSpiel's random playouts, or a bot
    spec (``"medium"``) by playing the hand out with that alsos bot at every
    seat (:class:`BotRolloutEvaluator`); ``rollouts`` playouts per leaf.
    ``uct_c`` is the exploration constant: a number, or ``"auto"`` for
    :data:`UCT_BASE` times the profile's :func:`return_scale` (the returns
    are stakes, so larger stakes call for a larger one); unset, 2.0 with
    random rollouts (as before) and ``"auto"`` with a bot's.  Registered as
    ``openspiel-mcts``.

    :raises ~alsos.errors.BotError: for a ``rollout`` that is not ``"random"``
        or a spec :func:`alsos.bots.make_spec` builds, or a ``uct_c`` that is
        neither a number of 0 or more nor ``"auto"``.
    """
    _check_search(rollout, uct_c, simulations, rollouts)

    def factory(game: Any, rs: np.random.RandomState) -> Any:
        evaluator = _evaluator(rollout, rollouts, rs)
        c = _uct(uct_c, rollout, game.rules)
        return mcts.MCTSBot(game, c, simulations, evaluator, solve=False, random_state=rs)

    return OpenSpielBot(factory, seed=seed)


def ismcts_bot(
    *,
    simulations: int = 100,
    rollouts: int = 1,
    uct_c: float | str | None = None,
    rollout: str = "random",
    seed: int | None = None,
) -> OpenSpielBot:
    """OpenSpiel's ``ISMCTSBot`` from a determinized world.

    Its worlds are drawn as ``resample_from_infostate`` draws them, on that
    world (so never from the real hand), and held without a replay
    (``AlsosState.search_world``).  Options (``rollout="medium"`` among
    them) as :func:`mcts_bot`.  Registered as ``openspiel-ismcts``.
    """
    _check_search(rollout, uct_c, simulations, rollouts)

    def factory(game: Any, rs: np.random.RandomState) -> Any:
        evaluator = _evaluator(rollout, rollouts, rs)
        c = _uct(uct_c, rollout, game.rules)
        bot = RestartableISMCTSBot(game, evaluator, c, simulations, random_state=rs)
        bot.set_resampler(_search_world)
        return bot

    return OpenSpielBot(factory, seed=seed)
