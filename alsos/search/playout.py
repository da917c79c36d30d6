"""Playouts: a copy of a position played on at random to its settlement.

The inner loop of sampling bots.  A playout copies the position and lets
every seat play a uniformly random legal card.  The policy:

* where a card may be played, a card is played, drawn uniformly among the
  legal ones (:func:`random_card`): no announcement, meld or call in the
  first trick's speech, no call before the second trick;
* otherwise, where ``pass`` is legal (the completion round after the first
  trick), pass;
* otherwise (answering a meld or a call, síber discards) an action drawn
  uniformly among the legal ones.

Cards go through the engine's own functions: :meth:`Engine.legal_mask
<alsos.engine.Engine.legal_mask>` for the legal cards and
:meth:`Engine.play <alsos.engine.Engine.play>` (which asks
:func:`alsos.engine.trick_winner` and :meth:`Engine.hand_ends
<alsos.engine.Engine.hand_ends>`), exactly what :meth:`alsos.Game.apply`
calls, and the settlement is the engine's scoring.  The tests play the same
draws through :class:`alsos.Game` and compare the settlements.

:func:`playouts` runs many playouts of one position that has only cards
left to play: a trick is played without the per-card bookkeeping
:meth:`~alsos.engine.Engine.play` keeps for a game (history, turn
counters), and positions whose tricks mean the same for the settlement
(:class:`~alsos.search.solver.PayoffKey`) are settled once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from alsos.actions import PASS, PLAYS
from alsos.engine import engine_for, trick_winner
from alsos.phases import Phase
from alsos.search.solver import PayoffKey, check_solvable

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.settlement import Settlement

__all__ = ["playout", "playouts", "random_card"]

_PLAY = Phase.PLAY
_SPEECH = frozenset((Phase.FRONT, Phase.BACK, Phase.COMPLETION))


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly drawn card of the set ``mask``: the k-th lowest, k = int(rng.random() * size).

    A set of one card is played without drawing.
    """
    if mask & (mask - 1):
        for _ in range(int(rng.random() * mask.bit_count())):
            mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(game: Game, rng: random.Random | None = None) -> Settlement:
    """Play a copy of ``game`` to its end by the playout policy; return its settlement.

    ``game`` itself is not changed.  ``rng`` (default: a fresh unseeded
    ``random.Random``) makes the playout reproducible.
    """
    if rng is None:
        rng = random.Random()
    eng = engine_for(game.rules)
    s = game.state.copy()
    legal_mask = eng.legal_mask
    play = eng.play
    history = s.history
    while not s.is_over:
        seat: int = s.to_act  # type: ignore[assignment]
        if s.phase is _PLAY and not s.discards_left:
            card = random_card(legal_mask(s, seat), rng)
            s.legal = None
            history.append((seat, PLAYS[card]))
            play(s, seat, card)
            continue
        legal = eng.legal_actions(s)
        action = PASS if s.phase in _SPEECH and PASS in legal else rng.choice(legal)
        s.legal = None
        history.append((seat, action))
        eng.dispatch(s, seat, action)
    assert s.settlement is not None
    return s.settlement


def playouts(game: Game, count: int, rng: random.Random | None = None) -> list[dict[int, int]]:
    """The payments (seat -> stakes) of ``count`` playouts of ``game``.

    The position must have only cards left to play (as for
    :func:`~alsos.search.solver.solve`; :class:`~alsos.search.solver.SolveError`
    otherwise).  Each result equals ``playout(game, rng).payments`` with the
    same draws; each is a fresh dict.
    """
    s0 = game.state
    check_solvable(s0)
    if rng is None:
        rng = random.Random()
    eng = engine_for(game.rules)
    rules = eng.rules
    scoring = eng.scoring
    legal_mask = eng.legal_mask
    hand_ends = eng.hand_ends
    payoff_key = PayoffKey(eng, s0)
    known: dict[object, dict[int, int]] = {}
    key = s0.key
    after = s0.after
    n = eng.n_active
    draw = rng.random
    out = []
    # One working copy, reset before each playout (cheaper than a copy each time).
    s = s0.copy()
    hands, won, tricks_won = s.hands, s.won, s.tricks_won
    start = (s0.hands[:], s0.won[:], s0.tricks_won[:], s0.trick_no)
    for _ in range(count):
        hands[:], won[:], tricks_won[:], s.trick_no = start
        s.trick_winners = s0.trick_winners[:]
        s.tricks = s0.tricks[:]
        trick = s.trick = s0.trick[:]
        seat: int = s0.to_act  # type: ignore[assignment]
        while True:
            for _i in range(n - len(trick)):
                mask = legal_mask(s, seat)
                if mask & (mask - 1):  # random_card, written out: the playout's hot line
                    for _j in range(int(draw() * mask.bit_count())):
                        mask &= mask - 1
                hands[seat] ^= mask & -mask
                trick.append((seat, (mask & -mask).bit_length() - 1))
                seat = after[seat]
            winner, cards = trick_winner(key, trick)
            won[winner] |= cards
            tricks_won[winner] += 1
            s.trick_winners.append(winner)
            s.tricks.append(tuple(trick))
            trick = s.trick = []
            s.trick_no += 1
            seat = winner
            if hand_ends(s, winner):
                break
        k = (*payoff_key(s), s.trick_winners[-1])
        payments = known.get(k)
        if payments is None:
            payments = known[k] = scoring(rules, s).payments
        out.append(dict(payments))
    return out
