"""The two kinds of value the analysis gives each action: open-card and from the seat's view.

* :class:`OpenCard` values card plays exactly, with every card open, by the
  solver (:func:`~alsos.search.solver.solve`'s search, its tables kept from
  one position of the hand to the next);
* :func:`view_values` estimates every legal action from what one seat knew
  at that moment: worlds sampled from its :class:`~alsos.play.view.View`
  (:func:`~alsos.search.determinize.determinize`, never the real deal),
  each action tried in each world and the rest of the hand played out by a
  policy (:class:`~alsos.bots.pimc.PIMCBot`'s evaluation: the heuristic, or
  the solver near the end; or PIMC bots at every seat).

A value is the payment (stakes) the deciding seat ends the hand with: a
defender's payment is its side's share, equal for every defender.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

from alsos.bots import play_on
from alsos.bots.pimc import PIMCBot
from alsos.hand.engine import engine_for
from alsos.pack.actions import PASS, Action, Play
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.play.view import View
from alsos.search import DeterminizeError, Determinizer, SolveError, check_solvable
from alsos.search.solver import Search

__all__ = ["POLICIES", "OpenCard", "allies_of", "sample_values", "sampled_worlds", "view_values"]

#: The policies that play a hand on after each action tried from a seat's view.
POLICIES = ("heuristic", "pimc")

# Entries of one seat's shared solver tables beyond which they are started afresh.
_MAX_ENTRIES = 2_000_000
# Two-sided 95% normal quantile, for the intervals of the view values.
_Z95 = 1.959963984540054


def allies_of(game: Game, seat: int) -> tuple[int, ...]:
    """The seats that play with ``seat``: its fellow defenders (none for a declarer,
    nor in a game without one, such as Klopitzky, where every seat plays for itself)."""
    s = game.state
    if s.declarer in (None, seat):
        return ()
    return tuple(d for d in s.defenders() if d != seat)


class OpenCard:
    """Exact open-card values of card plays for one hand, sharing the solver's tables.

    The solver's transposition table holds bounds on the value of positions
    at the start of a trick for one seat and its allies; the positions of
    one hand recur from one decision to the next (and between the cards tried
    at one decision), so the tables are kept per seat and reused: the values
    are those :func:`~alsos.search.solver.solve` gives, found faster.  Under
    a ``zero_sum`` scoring module a defender's values are read from the
    declarer's search (its payment shared out with the sign turned), so all
    seats share one table; cards equivalent at a decision are searched once.
    """

    def __init__(self) -> None:
        self._tables: dict[tuple[object, ...], tuple[dict[object, object], dict[object, object]]]
        self._tables = {}
        self._guess: dict[int, int] = {}

    def available(self, game: Game) -> str | None:
        """Why the position cannot be solved (None: it can)."""
        try:
            check_solvable(game.state)
        except SolveError as e:
            return str(e)
        return None

    def values(self, game: Game, seat: int) -> dict[Action, float]:
        """``seat``'s exact payment after each legal card of the seat to act, its side
        (:func:`allies_of`) playing to raise it and the others to lower it.

        Positions where speech follows a card (the completion round) are
        played on with every seat passing, as the solver plays on as if
        nobody calls.  :raises SolveError: the position cannot be solved.
        """
        s = game.state
        check_solvable(s)
        allies = allies_of(game, seat)
        out: dict[Action, float] = {}
        # Equivalent cards (the solver's rule) lead to positions of equal value: one of
        # each run is searched, when the play goes straight on after it.
        same = Search(engine_for(game.rules), s, seat).equivalents()
        by_card: dict[int, int] = {}
        # MTD(f)'s first guess (it changes only the time taken): the value of the card
        # tried before, else of the seat's best card at its last decision.
        guess = self._guess.get(seat, 0)
        for action in game.legal_actions():
            if action.__class__ is not Play:
                continue  # calls are not searched (the solver's rule)
            card = action.card
            child = game.copy()
            child.apply(action)
            rep = same.get(card, card)
            if rep in by_card and child.phase is Phase.PLAY:
                out[action] = by_card[rep]
                continue
            out[action] = value = self._value(child, seat, allies, guess)
            if child.phase is Phase.PLAY:
                by_card[card] = value
            guess = value
        if out:
            self._guess[seat] = int(max(out.values()))
        return out

    def _value(self, game: Game, seat: int, allies: tuple[int, ...], guess: int) -> int:
        while not game.is_over and game.phase is not Phase.PLAY:
            if PASS not in game.legal_actions():
                raise SolveError(f"the hand waits for an answer in phase {game.phase}")
            game.apply(PASS)
        if game.is_over:
            settlement = game.settlement
            assert settlement is not None
            return settlement.payments.get(seat, 0)
        s = game.state
        check_solvable(s)
        eng = engine_for(game.rules)
        declarer = s.declarer
        if eng.scoring.zero_sum and declarer is not None and seat != declarer:
            # Every payer's payment is the declarer's shared out with the sign turned
            # (the scoring module's zero_sum): the declarer's search, and its tables,
            # serve the defenders too.
            payers = s.players - 1
            value, rest = divmod(-self._value(game, declarer, (), -guess * payers), payers)
            assert not rest, "a zero-sum scoring module paid unequal shares"
            return value
        mask = 1 << seat
        for a in allies:
            mask |= 1 << a
        key = (seat, mask, repr(s.items), repr(s.hold_back), s.trump, str(s.contract))
        tables = self._tables.get(key)
        if tables is not None and len(tables[0]) + len(tables[1]) > _MAX_ENTRIES:
            tables = None  # bound the memory a long analysis keeps
        search = Search(eng, s.copy(), seat, mask)
        if tables is None:
            tables = self._tables[key] = (search.tt, search.leaves)  # type: ignore[assignment]
        else:
            search.tt, search.leaves = tables  # type: ignore[assignment]
        return search.run(guess).value


def view_values(
    game: Game,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    worlds: int,
    policy: str = "heuristic",
    solver_tricks: int = 3,
) -> tuple[dict[Action, list[float]], int]:
    """Each legal action's payment for ``seat`` in worlds sampled from its view.

    Returns per action the values in the worlds searched (the same worlds
    and the same playout seed for every action, so differences between
    actions carry less noise than each value) and how many worlds were
    searched (a world that cannot be sampled in 50 attempts is skipped).
    Only ``game.view(seat)`` is read: the real deal never enters.
    """
    return sample_values(
        game.view(seat), legal, rng, worlds=worlds, policy=policy, solver_tricks=solver_tricks
    )


def sample_values(
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    worlds: int,
    policy: str = "heuristic",
    solver_tricks: int = 3,
) -> tuple[dict[Action, list[float]], int]:
    """:func:`view_values` from the view itself: each of ``legal`` (actions of
    ``view.seat``, whose turn it is) valued in worlds sampled from ``view``, for a
    position known only as a seat sees it (a puzzle's seat record)."""
    seat = view.seat
    evaluator = PIMCBot(rng.randrange(1 << 30), solver_tricks=solver_tricks)
    out: dict[Action, list[float]] = {a: [] for a in legal}
    searched = 0
    for world, seed in sampled_worlds(view, rng, worlds):
        for action in legal:
            child = world.copy()
            child.apply(action)
            if policy == "pimc":
                value = _pimc_rollout(child, seat, seed)
            else:
                value = evaluator._value(child.engine, child.state, seat, seed)
            out[action].append(value)
        searched += 1
    return out, searched


def sampled_worlds(
    view: View, rng: random.Random, worlds: int, *, attempts: int = 50
) -> Iterator[tuple[Game, int]]:
    """Up to ``worlds`` worlds sampled from ``view``, each with a playout seed drawn
    after it from ``rng``: a world that cannot be sampled in ``attempts`` is
    skipped, and a view that is not one of a hand gives none."""
    try:
        sampler = Determinizer(view)
    except DeterminizeError:  # not a view of a hand: no world to search
        return
    for _ in range(worlds):
        try:
            world = sampler.sample(rng, attempts=attempts)
        except DeterminizeError:
            continue
        yield world, rng.randrange(1 << 30)


def _pimc_rollout(game: Game, seat: int, seed: int) -> float:
    """Play ``game`` (changed in place) to its end with a small PIMC bot at every seat."""
    play_on(game, {t: PIMCBot(seed + t, worlds=4, budget=16, min_worlds=2) for t in game.active})
    settlement = game.settlement
    assert settlement is not None
    return settlement.payments.get(seat, 0)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (the mean twice for one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half
