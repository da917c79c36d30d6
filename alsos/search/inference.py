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
so far (a few milliseconds late in a hand), per world in the pool.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol

from alsos.hand.engine import engine_for
from alsos.pack.actions import Action
from alsos.pack.deal import Deal
from alsos.play.game import Game
from alsos.play.view import View, lazy_view
from alsos.ruleset.profile import Ruleset
from alsos.search.determinize import DeterminizeError, Determinizer

__all__ = ["PolicyModel", "likelihood", "weighted_worlds", "world_weight"]


class PolicyModel(Protocol):
    """The model of the other seats: a bot's ``choose`` (deterministic for a view)."""

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
    weight = 1.0
    for p, action in history:
        if s.to_act != p:
            return 0.0
        legal = engine.legal_actions(s)
        if action not in legal:
            return 0.0
        n = len(legal)
        if p != seat and n > 1:
            # The view reads the live state; it is dropped before the state moves on.
            guess = policy.choose(lazy_view(engine, s, p), legal)
            weight *= (1.0 - eps + eps / n) if guess == action else eps / n
        engine.apply(s, p, action)
    return weight


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
    ``rng`` drives every choice.
    """
    eps = check_eps(eps)
    if pool.__class__ is not int or pool < 1:
        raise ValueError(f"inference pool must be a whole number of at least 1, got {pool!r}")
    candidates: list[Game] = []
    weights: list[float] = []
    try:
        sampler = Determinizer(view)  # reads the view once for all the worlds
    except DeterminizeError:
        return []
    for _ in range(pool * count):
        try:
            world = sampler.sample(rng, attempts=attempts)
        except DeterminizeError:
            continue
        candidates.append(world)
        weights.append(world_weight(world, view.seat, policy, eps=eps))
    if not candidates:
        return []
    # Efraimidis and Spirakis: the ``count`` largest keys u ** (1 / w), as logarithms,
    # are a draw without replacement in proportion to the weights (w = 0 never wins
    # over w > 0; such a world is inconsistent, and the sampler gives none).
    keys = [
        (math.log(1.0 - rng.random()) / w if w > 0.0 else -math.inf, i)
        for i, w in enumerate(weights)
    ]
    chosen = sorted(i for _key, i in sorted(keys, reverse=True)[:count])
    return [(candidates[i], 1) for i in chosen]
