"""Perfect-information Monte Carlo: sample the hidden cards, then look ahead with them open.

For each decision with more than one legal action, :class:`PIMCBot`

1. samples ``worlds`` complete hands consistent with its view
   (:class:`~alsos.search.determinize.Determinizer`, the view read once);
2. in each world tries every legal action and values the result for its own
   seat: near the end of the play (``solver_tricks`` tricks or fewer left)
   by the exact solver (:func:`~alsos.search.solver.solve`, a defender
   with its partners), otherwise by playing
   the hand out with the heuristic policy
   (:class:`~alsos.bots.heuristic.HeuristicBot`) at every seat;
3. chooses the action with the best average payment over the worlds.

An action clearly worse than the best so far (its paired deficit more than
``prune`` standard errors, the bar raised by Student's t while the worlds are
few) is dropped from the later worlds, and the search ends when one action is left: most of a
decision's playouts went to actions the first worlds already ruled out.

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
from alsos.errors import BotError
from alsos.hand.engine import Engine, engine_for
from alsos.hand.state import HandState
from alsos.pack.actions import Action
from alsos.pack.deal import seeded_rng
from alsos.pack.phases import Phase
from alsos.play.game import Game, IllegalActionError
from alsos.play.view import View
from alsos.search import DeterminizeError, Determinizer, SolveError, solve
from alsos.search.inference import check_eps, weighted_worlds

__all__ = ["PIMCBot", "heuristic_playout"]


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
    reproducible games.  ``prune``: from ``min_worlds`` worlds on, an action
    whose mean deficit to the best one (paired over the same worlds) is more
    than this many standard errors is not searched further, and the search
    stops when one action is left (0: search every action in every world).
    ``boldness`` is the
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
        prune: float = 2.0,
        inference: bool = False,
        inference_eps: float = 0.5,
        inference_pool: int = 2,
        risk: float = 0.0,
    ) -> None:
        if worlds.__class__ is not int or worlds < 1:
            raise BotError(f"worlds must be a whole number of at least 1, got {worlds!r}")
        for name, value in (("budget", budget), ("min_worlds", min_worlds)):
            if value.__class__ is not int or value < 1:
                raise BotError(f"{name} must be a whole number of at least 1, got {value!r}")
        if solver_tricks.__class__ is not int or solver_tricks < 0:
            raise BotError(f"solver_tricks must be a whole number >= 0, got {solver_tricks!r}")
        if prune.__class__ not in (int, float) or not prune >= 0:
            raise BotError(f"prune must be a number of standard errors >= 0, got {prune!r}")
        if time_limit is not None and not time_limit > 0:
            raise BotError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
        self.rng = seeded_rng(seed)
        self.worlds = worlds
        self.budget = budget
        self.min_worlds = min_worlds
        self.solver_tricks = solver_tricks
        self.time_limit = time_limit
        self.boldness = boldness
        self.prune = prune
        self.policy = HeuristicBot(self.rng.randrange(1 << 30), boldness=boldness)
        if inference.__class__ is not bool:
            raise BotError(f"inference must be true or false, got {inference!r}")
        if inference_pool.__class__ is not int or inference_pool < 1:
            raise BotError(
                f"inference_pool must be a whole number of at least 1, got {inference_pool!r}"
            )
        self.inference = inference
        self.inference_eps = check_eps(inference_eps)
        self.inference_pool = inference_pool
        if isinstance(risk, bool) or not isinstance(risk, int | float) or not risk >= 0:
            raise BotError(f"risk must be a number of 0 or more, got {risk!r}")
        self.risk = float(risk)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        fallback = self.policy.choose(view, legal)
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        totals = dict.fromkeys(legal, 0.0)
        values: dict[Action, list[float]] = {a: [] for a in legal}
        live = list(legal)
        squares = dict.fromkeys(legal, 0.0)  # for the risk term
        drawn = 0
        start = time.perf_counter()
        searched = 0
        worlds = min(self.worlds, max(self.min_worlds, self.budget // len(legal)))
        engine = engine_for(view.rules)
        for state, times in self._worlds(view, worlds):
            limit = self.time_limit
            if searched and limit is not None and time.perf_counter() - start > limit:
                break
            seed = self.rng.randrange(1 << 30)
            # The world's view is the seat's, so are its legal actions (checked once).
            allowed = engine.legal_actions(state)
            for action in live:
                if action not in allowed:
                    raise IllegalActionError(
                        action, state.phase, seat, allowed, "not legal in a sampled world"
                    )
                child = state.copy()
                engine.apply(child, seat, action)
                value = self._value(engine, child, seat, seed)
                totals[action] += times * value
                squares[action] += times * value * value
                values[action].extend([value] * times)
            searched += 1
            drawn += times
            if self.prune and searched >= 2 and len(live) > 1:
                live = _survivors(live, totals, values, fallback, self.prune)
                if len(live) == 1:
                    break
        if not searched:
            return fallback
        if self.risk and view.phase in _SPEECH:
            totals = {a: _cautious(totals[a], squares[a], drawn, self.risk) for a in live}
        return _leader(live, totals, fallback)

    def _worlds(self, view: View, count: int) -> Iterator[tuple[HandState, int]]:
        """The worlds to search (their states), each with how many samples it stands
        for: ``count`` uniform ones (one each, skipping any that cannot be sampled), or
        with ``inference`` drawn by weight (:func:`~alsos.search.inference.weighted_worlds`)."""
        if self.inference:
            model = HeuristicBot(0, boldness=self.boldness)
            for world, times in weighted_worlds(
                view, self.rng, count, model, eps=self.inference_eps, pool=self.inference_pool
            ):
                yield world.state, times
            return
        try:
            sampler = Determinizer(view)  # one per decision: it reads the view once
        except DeterminizeError:
            return
        for _ in range(count):
            try:
                yield sampler.sample_state(self.rng, attempts=50), 1
            except DeterminizeError:
                continue

    def _value(self, engine: Engine, s: HandState, seat: int, seed: int) -> float:
        """What the position ``s`` (changed) is worth to ``seat``: solved near the end,
        else played out."""
        if s.is_over:
            return engine.payments(s).get(seat, 0)
        left = engine.rules.hand_size - s.trick_no
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
                game = Game.from_state(engine.rules, s)
                return solve(game, seat=seat, allies=[a for a in allies if a != seat]).value
            except SolveError:
                pass
        return heuristic_playout(engine, s, seat, seed, self.boldness)


def _leader(live: list[Action], totals: dict[Action, float], fallback: Action) -> Action:
    """The action ``choose`` would pick now among ``live``: the best total, the
    heuristic's own choice on a tie, else the first of the best."""
    best = max(totals[a] for a in live)
    if fallback in live and totals[fallback] >= best - 1e-9:
        return fallback
    return next(a for a in live if totals[a] == best)


#: Student's t, 97.5% quantile, by degrees of freedom (index 0 unused; the last
#: entry is the normal's, for 30 or more).
_T975 = (
    0.0, 12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16,
    2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05,
    2.05, 2.05, 1.96,
)  # fmt: skip


def _survivors(
    live: list[Action],
    totals: dict[Action, float],
    values: dict[Action, list[float]],
    fallback: Action,
    prune: float,
) -> list[Action]:
    """``live`` without the actions clearly worse than the leader: those whose mean
    deficit to it over the worlds searched (paired: the same worlds and seeds)
    is positive and more than ``prune`` standard errors, the bar raised for few
    worlds as Student's t raises it over the normal (with two worlds, only a
    deficit nearly the same in both drops an action)."""
    leader = _leader(live, totals, fallback)
    lead = values[leader]
    n = len(lead)
    bar = prune * _T975[min(n - 1, len(_T975) - 1)] / _T975[-1]
    keep = []
    for a in live:
        if a is not leader:
            diffs = [x - y for x, y in zip(lead, values[a], strict=True)]
            mean = sum(diffs) / n
            if mean > 1e-9:
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                if mean * mean * n > bar * bar * var:
                    continue
        keep.append(a)
    return keep


#: The phases of speech, where ``risk`` weighs the spread of the outcomes.
_SPEECH = frozenset({Phase.BIDDING, Phase.FRONT, Phase.BACK, Phase.COMPLETION, Phase.CALL})


def _cautious(total: float, square: float, n: int, risk: float) -> float:
    """The mean of ``n`` values (their sum and sum of squares) less ``risk`` standard deviations."""
    mean = total / n
    return mean - risk * math.sqrt(max(0.0, square / n - mean * mean))


def heuristic_playout(engine: Engine, s: HandState, seat: int, seed: int, boldness: float) -> float:
    """Play the hand ``s`` (changed in place) to its end with the heuristic at every
    seat; what it pays ``seat``.

    The steps go straight to the engine, as :meth:`Game.apply <alsos.Game.apply>`
    sends them (:meth:`Engine.apply <alsos.hand.engine.Engine.apply>`), without the
    game's events and checks: every action is one of the engine's legal ones.  The
    heuristic decides from the live state itself
    (``HeuristicBot.choose_state``: what it would answer for a
    view without the history, which it never reads, made by ``lazy_view``),
    reading only the fields it needs, before the state moves on.  The payments
    are the scoring's, without the itemised settlement
    (:meth:`Engine.payments <alsos.hand.engine.Engine.payments>`).
    """
    policy = HeuristicBot(seed, boldness=boldness)
    while not s.is_over:
        to_act: int = s.to_act  # type: ignore[assignment]
        legal = engine.legal_actions(s)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = policy.choose_state(engine, s, to_act, legal, history=False)
        engine.apply(s, to_act, action)
    return engine.payments(s).get(seat, 0)
