"""Perfect-information Monte Carlo: sample the hidden cards, then look ahead with them open.

For each decision with more than one legal action, :class:`PIMCBot`

1. samples ``worlds`` complete hands consistent with its view
   (:func:`~alsos.search.determinize.determinize`);
2. in each world tries every legal action and values the result for its own
   seat: near the end of the play (``solver_tricks`` tricks or fewer left)
   by the exact solver (:func:`~alsos.search.solver.solve`, a defender
   with its partners), otherwise by playing
   the hand out with the heuristic policy
   (:class:`~alsos.bots.heuristic.HeuristicBot`) at every seat;
3. chooses the action with the best average payment over the worlds.

Every action is tried in the same worlds with the same playout seeds, so
the comparison between actions carries less noise than each average.  It
plays every phase this way, the bidding, figures, kontras and calls
included: the heuristic policy plays the rest of the hand after each
candidate.  Ties keep the heuristic's own choice, so a decision that no
sampled world tells apart is made as the heuristic would.  Every shipped
profile is searched this way, Altiansz's drawing auction included; the
heuristic's choice is played outright only when no world could be sampled
in the attempts allowed (a :class:`~alsos.search.determinize.DeterminizeError` for
every world, which the tests do not meet on real hands).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence

from alsos.bots.heuristic import HeuristicBot
from alsos.pack.actions import Action
from alsos.pack.deal import seeded_rng
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.play.view import View, lazy_view
from alsos.search import DeterminizeError, SolveError, determinize, solve
from alsos.search.inference import check_eps, weighted_worlds

__all__ = ["PIMCBot"]


class PIMCBot:
    """Samples ``worlds`` hands per decision and picks the best average (module docs).

    ``worlds``: hands sampled per decision at most (more: stronger and slower).
    ``budget``: actions valued per decision at most, so a decision among
    many actions samples fewer worlds (``budget // len(legal)``, but at least
    ``min_worlds``); this keeps the slowest decisions near the typical ones.
    ``solver_tricks``: with this many tricks or fewer left to play, actions
    are valued by the exact solver instead of a playout (0: never).
    ``time_limit``: stop sampling more worlds after this many seconds (None:
    no limit; at least one world is always searched); with a limit the
    choices depend on the machine's speed, so leave it None for
    reproducible games.  ``boldness`` is the
    heuristic policy's (:class:`~alsos.bots.heuristic.HeuristicBot`).
    The ``seed`` fixes every choice: the same seed and the same views give
    the same actions.

    ``inference``: draw the worlds by how likely they make the other seats'
    actions so far under the heuristic policy, softened by ``inference_eps``
    (the chance a seat strays from it), from a pool of ``inference_pool``
    times as many samples (:mod:`alsos.search.inference`); off by default.
    ``risk``: in the speech (bids, figures, kontras, calls) value each candidate
    by its mean payment over the worlds less ``risk`` times their standard
    deviation, so a larger one shies from long shots (0: the mean alone).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = 16,
        budget: int = 64,
        min_worlds: int = 4,
        solver_tricks: int = 3,
        time_limit: float | None = None,
        boldness: float = 1.0,
        inference: bool = False,
        inference_eps: float = 0.5,
        inference_pool: int = 2,
        risk: float = 0.0,
    ) -> None:
        if worlds.__class__ is not int or worlds < 1:
            raise ValueError(f"worlds must be a whole number of at least 1, got {worlds!r}")
        for name, value in (("budget", budget), ("min_worlds", min_worlds)):
            if value.__class__ is not int or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        if solver_tricks.__class__ is not int or solver_tricks < 0:
            raise ValueError(f"solver_tricks must be a whole number >= 0, got {solver_tricks!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
        self.rng = seeded_rng(seed)
        self.worlds = worlds
        self.budget = budget
        self.min_worlds = min_worlds
        self.solver_tricks = solver_tricks
        self.time_limit = time_limit
        self.boldness = boldness
        self.policy = HeuristicBot(self.rng.randrange(1 << 30), boldness=boldness)
        if inference.__class__ is not bool:
            raise ValueError(f"inference must be true or false, got {inference!r}")
        if inference_pool.__class__ is not int or inference_pool < 1:
            raise ValueError(
                f"inference_pool must be a whole number of at least 1, got {inference_pool!r}"
            )
        self.inference = inference
        self.inference_eps = check_eps(inference_eps)
        self.inference_pool = inference_pool
        if isinstance(risk, bool) or not isinstance(risk, int | float) or not risk >= 0:
            raise ValueError(f"risk must be a number of 0 or more, got {risk!r}")
        self.risk = float(risk)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        fallback = self.policy.choose(view, legal)
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        totals = dict.fromkeys(legal, 0.0)
        squares = dict.fromkeys(legal, 0.0)  # for the risk term
        drawn = 0
        start = time.perf_counter()
        searched = 0
        worlds = min(self.worlds, max(self.min_worlds, self.budget // len(legal)))
        for world, times in self._worlds(view, worlds):
            limit = self.time_limit
            if searched and limit is not None and time.perf_counter() - start > limit:
                break
            seed = self.rng.randrange(1 << 30)
            for action in legal:
                game = world.copy()
                game.apply(action)
                value = self._value(game, seat, seed)
                totals[action] += times * value
                squares[action] += times * value * value
            searched += 1
            drawn += times
        if not searched:
            return fallback
        if self.risk and view.phase in _SPEECH:
            totals = {a: _cautious(totals[a], squares[a], drawn, self.risk) for a in legal}
        best = max(totals.values())
        if totals[fallback] >= best - 1e-9:
            return fallback
        return next(a for a in legal if totals[a] == best)

    def _worlds(self, view: View, count: int) -> Iterator[tuple[Game, int]]:
        """The worlds to search, each with how many samples it stands for: ``count``
        uniform ones (one each, skipping any that cannot be sampled), or with
        ``inference`` drawn by weight (:func:`~alsos.search.inference.weighted_worlds`)."""
        if self.inference:
            model = HeuristicBot(0, boldness=self.boldness)
            yield from weighted_worlds(
                view, self.rng, count, model, eps=self.inference_eps, pool=self.inference_pool
            )
            return
        for _ in range(count):
            try:
                yield determinize(view, self.rng, attempts=50), 1
            except DeterminizeError:
                continue

    def _value(self, game: Game, seat: int, seed: int) -> float:
        """What the position is worth to ``seat``: solved near the end, else played out."""
        if game.is_over:
            return _payment(game, seat)
        s = game.state
        left = game.rules.hand_size - s.trick_no
        if (
            self.solver_tricks
            and s.phase is Phase.PLAY
            and left <= self.solver_tricks
            and seat in s.active
        ):
            # A defender solves with its partners; the declarer (and everyone in
            # a game without one) against all the others.
            allies = () if s.declarer in (None, seat) else s.defenders()
            try:
                return solve(game, seat=seat, allies=[a for a in allies if a != seat]).value
            except SolveError:
                pass
        return _playout(game, seat, seed, self.boldness)


#: The phases of speech, where ``risk`` weighs the spread of the outcomes.
_SPEECH = frozenset({Phase.BIDDING, Phase.FRONT, Phase.BACK, Phase.COMPLETION, Phase.CALL})


def _cautious(total: float, square: float, n: int, risk: float) -> float:
    """The mean of ``n`` values (their sum and sum of squares) less ``risk`` standard deviations."""
    mean = total / n
    return mean - risk * math.sqrt(max(0.0, square / n - mean * mean))


def _payment(game: Game, seat: int) -> float:
    settlement = game.settlement
    assert settlement is not None
    return settlement.payments.get(seat, 0)


def _playout(game: Game, seat: int, seed: int, boldness: float) -> float:
    """Play ``game``'s hand (its state, changed in place) to its end with the heuristic
    at every seat; what it pays ``seat``.

    The steps go straight to the engine, as :meth:`Game.apply <alsos.Game.apply>`
    sends them (:meth:`Engine.dispatch <alsos.hand.engine.Engine.dispatch>`), without the
    game's events and checks: every action is one of the engine's legal ones.  The
    heuristic decides from a lazy view of the live state (only the fields it reads
    are built; it never reads the history, so the view has none), dropped before
    the state moves on.  The payments are the scoring's, without the itemised
    settlement (:meth:`Engine.payments <alsos.hand.engine.Engine.payments>`).
    """
    policy = HeuristicBot(seed, boldness=boldness)
    engine = game.engine
    s = game.state
    while not s.is_over:
        to_act: int = s.to_act  # type: ignore[assignment]
        legal = engine.legal_actions(s)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = policy.choose(lazy_view(engine, s, to_act, history=False), legal)
        engine.apply(s, to_act, action)
    return engine.payments(s).get(seat, 0)
