"""Inference: weight the sampled worlds by how likely they make the actions seen.

:func:`~alsos.search.determinize.determinize` draws every world consistent
with a seat's view with a positive chance, and without constraints
uniformly.  But the other seats chose their bids, figures, kontras and cards
*from their hands*: a world in which the heuristic player at their seat
would have done just what they did is likelier than one in which it would
have done something else (Solinas, Rebstock and Buro, "Improving Search with
Supervised Learning in Trick-Based Card Games", AAAI 2019, do this for Skat).

The **policy model** is a bot (anything with ``choose(view, legal)``, the
heuristic in :class:`~alsos.bots.pimc.PIMCBot`), softened: at a decision
with ``n`` legal actions the seat takes the model's choice with probability
``1 - eps``, else an action drawn uniformly from the legal ones, so the
model's choice has ``1 - eps + eps / n`` and every other legal action
``eps / n``.  A world's **weight** (:func:`likelihood`) is the product of
these probabilities over the history's decisions of the *other* seats with
more than one legal action (the seat's own decisions see the same view in
every world, so they weigh them all alike); an action the world makes
illegal gives weight 0.  Hidden actions the sampler filled in (another
seat's síber discards, a bid shown only as ``bid trumps``) count like the
others: the world stands for them too.

:func:`weighted_worlds` samples a pool of worlds, weighs them, and draws
the worlds to search from the pool, one after another without replacement,
each time in proportion to the weights of those left.  The products of many
factors are far apart, so drawing with replacement (sampling-importance-
resampling) would search the same two or three worlds over and over; drawn
without, the likeliest worlds are searched and the search still sees as
many different worlds as without inference.  The weights depend on the view and the seeded
generator alone: the true deal is never read, so two deals the seat cannot
tell apart give the same worlds and weights.

Replaying a world costs one model decision per decision of the other seats
so far (a few milliseconds late in a hand), per world in the pool.  The draw
keeps that down without changing what it draws: each world is replayed on its
hand state (the model asked by its ``choose_state`` where it has one, the
seat's own actions, legal by the sampler's construction, applied unchecked),
and only as far as the draw needs it: with every ``u`` drawn first, a world's
key with its weight so far bounds its key from above, so the worlds are
replayed best bound first and those left out stop once their bound falls
behind.  The same generator gives the same worlds, and leaves the generator
in the same state, as weighing every world in full.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from alsos.hand.engine import Engine, engine_for
from alsos.hand.state import HandState
from alsos.pack.actions import Action
from alsos.pack.deal import Deal
from alsos.play.game import Game
from alsos.play.view import View, lazy_view
from alsos.ruleset.profile import Ruleset
from alsos.search.determinize import DeterminizeError, Determinizer

__all__ = ["PolicyModel", "likelihood", "weighted_worlds", "world_weight"]


class PolicyModel(Protocol):
    """The model of the other seats: a bot's ``choose`` (deterministic for a view).

    A model that also has ``choose_state(engine, s, seat, legal)``, answering as
    ``choose`` would on the lazy view of the hand state ``s`` for ``seat``
    (:meth:`HeuristicBot.choose_state <alsos.bots.heuristic.HeuristicBot.choose_state>`),
    is asked that way: the replays then make no view."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


def check_eps(eps: float) -> float:
    """``eps`` if it is a probability above 0 (0 would give a seen deviation weight 0)."""
    if isinstance(eps, bool) or not isinstance(eps, int | float) or not 0.0 < eps <= 1.0:
        raise ValueError(f"inference eps must be a probability above 0 and at most 1, got {eps!r}")
    return float(eps)


def likelihood(
    rules: Ruleset,
    deal: Deal,
    history: Sequence[tuple[int, Action]],
    seat: int,
    policy: PolicyModel,
    *,
    eps: float = 0.5,
    dealer: int = 0,
    declared_before: tuple[int, ...] | None = None,
) -> float:
    """The probability of the other seats' actions in ``history`` on ``deal`` (module docs).

    The hand is replayed from the deal; at each decision of a seat other than
    ``seat`` with ``n > 1`` legal actions the factor is ``1 - eps + eps / n``
    where the model (``policy``, shown that seat's view) chose the action
    taken, else ``eps / n``.  0 where an action is not legal (or not the
    acting seat's turn) in this deal.
    """
    eps = check_eps(eps)
    engine = engine_for(rules)
    s = engine.new_state(seed=None, deal=deal, dealer=dealer, declared_before=declared_before)
    steps = _weighing(engine, s, history, seat, _decider(policy), eps, checked=True)
    weight = 1.0
    for step in steps:
        weight = step[0]
    return weight


#: A model's decision for the seat to act in a hand state: (engine, state, seat, legal).
Decide = Callable[[Engine, HandState, int, Sequence[Action]], Action]


def _decider(policy: PolicyModel) -> Decide:
    """How ``policy`` decides on a live hand state: by its ``choose_state(engine, s,
    seat, legal)`` where it has one (the heuristic's: the same decision as ``choose``
    on the lazy view, without making the view), else by ``choose`` on a lazy view."""
    choose_state = getattr(policy, "choose_state", None)
    if choose_state is not None:
        return lambda engine, s, p, legal: choose_state(engine, s, p, legal)
    choose = policy.choose
    # The view reads the live state; it is dropped before the state moves on.
    return lambda engine, s, p, legal: choose(lazy_view(engine, s, p), legal)


def _weighing(
    engine: Engine,
    s: HandState,
    history: Sequence[tuple[int, Action]],
    seat: int,
    decide: Decide,
    eps: float,
    *,
    checked: bool,
) -> Iterator[tuple[float, int]]:
    """Replay ``history`` on ``s`` (changed in place), yielding the weight so far and
    the step's index after each factor (:func:`likelihood`), and ``(0.0, i)`` at an
    action not legal in this deal (then it stops).  Every factor is at most 1, so
    the weights yielded never grow.

    ``checked=False`` is for a world the sampler made, whose every action is legal
    by construction (:class:`~alsos.search.determinize.Determinizer` replays and checks
    the history on it): the seat's own actions are then applied without listing
    the legal ones, which only the other seats' decisions need."""
    weight = 1.0
    stay = 1.0 - eps
    legal_actions = engine.legal_actions
    apply = engine.apply
    for i, (p, action) in enumerate(history):
        if s.to_act != p:
            yield 0.0, i
            return
        if p == seat and not checked:
            apply(s, p, action)
            continue
        legal = legal_actions(s)
        if action not in legal:
            yield 0.0, i
            return
        n = len(legal)
        if p != seat and n > 1:
            guess = decide(engine, s, p, legal)
            weight *= (stay + eps / n) if guess == action else eps / n
            apply(s, p, action)
            yield weight, i
            continue
        apply(s, p, action)


def world_weight(world: Game, seat: int, policy: PolicyModel, *, eps: float = 0.5) -> float:
    """:func:`likelihood` of a sampled world's own history (as ``seat`` searches it)."""
    return likelihood(
        world.rules,
        world.deal,
        world.history,
        seat,
        policy,
        eps=eps,
        dealer=world.dealer,
        declared_before=world.state.declared_before,
    )


def weighted_worlds(
    view: View,
    rng: random.Random,
    count: int,
    policy: PolicyModel,
    *,
    eps: float = 0.5,
    pool: int = 2,
    attempts: int = 50,
) -> list[tuple[Game, int]]:
    """``count`` worlds for ``view`` drawn by their weights, as (world, times drawn).

    Samples ``pool * count`` worlds (:class:`~alsos.search.determinize.Determinizer`;
    one that cannot be sampled in ``attempts`` is skipped), weighs each
    (:func:`world_weight`), then draws ``count`` different ones of them, each
    draw in proportion to the weights of the worlds not drawn yet (module
    docs), so each is drawn once (fewer than ``count`` only if fewer could be
    sampled; none if none could).  They come in the order they were sampled.
    ``rng`` drives every choice.  The weights are replayed only as far as the
    draw needs them (module docs), so ``policy`` must decide the same for the
    same view whatever it was asked before (a model with its own random
    mistakes would not).
    """
    eps = check_eps(eps)
    if pool.__class__ is not int or pool < 1:
        raise ValueError(f"inference pool must be a whole number of at least 1, got {pool!r}")
    candidates: list[Game] = []
    try:
        sampler = Determinizer(view)  # reads the view once for all the worlds
    except DeterminizeError:
        return []
    for _ in range(pool * count):
        try:
            candidates.append(sampler.sample(rng, attempts=attempts))
        except DeterminizeError:
            continue
    if not candidates:
        return []
    decide = _decider(policy)
    walks = [_Walk(world, view.seat, decide, eps) for world in candidates]
    # Efraimidis and Spirakis: the ``count`` largest keys u ** (1 / w), as logarithms,
    # are a draw without replacement in proportion to the weights (w = 0 never wins
    # over w > 0, and draws no u; such a world is inconsistent, and the sampler gives
    # none).  The u are drawn first, as if every weight were above 0, so that the
    # keys can be ranked while the weights are still being replayed (_select).
    saved = rng.getstate()
    logs = [math.log(1.0 - rng.random()) for _ in walks]
    chosen = _select(walks, logs, count)
    if chosen is None:  # a weight of 0 after all: the keys as the weights ask
        rng.setstate(saved)
        weights = [walk.finish() for walk in walks]
        keys = [
            (math.log(1.0 - rng.random()) / w if w > 0.0 else -math.inf, i)
            for i, w in enumerate(weights)
        ]
        chosen = [i for _key, i in sorted(keys, reverse=True)[:count]]
    return [(candidates[i], 1) for i in sorted(chosen)]


#: More legal actions than any position of a shipped profile offers (a few dozen at
#: most: the cards of a hand, or a round of speech's figures and kontras), as the
#: least factor of a decision not replayed yet, ``eps / MAX_LEGAL``, assumes.
MAX_LEGAL = 4096

#: A weight surely above this is not 0 in floating point, however it was rounded.
_LOG_FLOOR = math.log(1e-290)


class _Walk:
    """One sampled world's history being replayed for its weight (:func:`_weighing`),
    as far as :func:`_select` needed it: ``weight`` so far (it only falls), ``index``
    of the last step replayed, ``done`` at the end."""

    __slots__ = ("done", "eps", "history", "index", "seat", "steps", "weight")

    def __init__(self, world: Game, seat: int, decide: Decide, eps: float) -> None:
        engine = engine_for(world.rules)
        s = engine.new_state(
            seed=None,
            deal=world.deal,
            dealer=world.dealer,
            declared_before=world.state.declared_before,
        )
        self.history = world.history
        self.seat = seat
        self.eps = eps
        self.steps = _weighing(engine, s, self.history, seat, decide, eps, checked=False)
        self.weight = 1.0
        self.index = -1
        self.done = False

    def advance(self) -> None:
        """Replay up to the next factor (or the end)."""
        step = next(self.steps, None)
        if step is None:
            self.done = True
        else:
            self.weight, self.index = step

    def finish(self) -> float:
        """The whole weight (:func:`likelihood`'s for the world)."""
        while not self.done:
            self.advance()
        return self.weight

    def surely_positive(self) -> bool:
        """Whether the whole weight is above 0 whatever the rest of the replay finds:
        each later decision of another seat takes at least ``eps / MAX_LEGAL``."""
        if self.done or self.weight == 0.0:
            return self.weight > 0.0
        seat = self.seat
        left = sum(1 for p, _a in self.history[self.index + 1 :] if p != seat)
        return math.log(self.weight) + left * math.log(self.eps / MAX_LEGAL) > _LOG_FLOOR


def _select(walks: list[_Walk], logs: list[float], count: int) -> list[int] | None:
    """The indices of the ``count`` largest keys ``(logs[i] / weight_i, i)``, replaying
    no more of each world than needed (None if a weight turns out 0).

    A world's key with its weight so far bounds its whole key from above (the
    weight only falls, and ``logs[i] <= 0``), so the world of the largest bound,
    once replayed to its end, has the largest key of those left: best first,
    each step replays the leading world a little further or takes it.  The worlds
    left out stop early, once their bound falls behind; each must still weigh
    more than 0 (it draws a ``u``), which its weight so far proves or, failing
    that, its whole replay."""
    n = len(walks)
    chosen: list[int] = []
    if count >= n:
        chosen = list(range(n))
    else:
        heap = [(-logs[i], -i) for i in range(n)]  # keys with weight 1; the largest first
        heapq.heapify(heap)
        while len(chosen) < count:
            _bound, minus_i = heap[0]
            walk = walks[-minus_i]
            if walk.done:
                heapq.heappop(heap)
                chosen.append(-minus_i)
                continue
            walk.advance()
            if walk.weight == 0.0:
                return None
            heapq.heapreplace(heap, (-(logs[-minus_i] / walk.weight), minus_i))
    for walk in walks:
        if not walk.surely_positive() and walk.finish() == 0.0:
            return None
    return chosen
