"""Playouts: a copy of a position played on at random to its settlement.

The inner loop of sampling bots.  A playout copies the position and lets
every seat play a uniformly random legal card, through the engine's own
:meth:`~alsos.engine.Engine.legal_mask` and :meth:`~alsos.engine.Engine.play`
(the same functions :meth:`alsos.Game.apply` calls), so it follows exactly
the rules a game follows.  Nobody speaks in a playout: where a card may be
played, a card is played (a pass in the first trick's speech, no call);
where only something else is legal (answering a meld or a call, síber
discards) the action is drawn uniformly among the legal ones.

:func:`random_card` is the draw itself, shared with the test that plays the
same hands through :class:`~alsos.Game` and checks the settlements agree.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from alsos.actions import PLAYS
from alsos.engine import engine_for
from alsos.phases import Phase

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.settlement import Settlement

__all__ = ["playout", "random_card"]


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly drawn card of the set ``mask`` (the k-th lowest for k drawn by ``rng``).

    A set of one card is played without drawing.
    """
    if mask & (mask - 1):
        for _ in range(rng.randrange(mask.bit_count())):
            mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(game: Game, rng: random.Random | None = None) -> Settlement:
    """Play a copy of ``game`` to its end with random cards; return its settlement.

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
    PLAY = Phase.PLAY
    while not s.is_over:
        seat: int = s.to_act  # type: ignore[assignment]
        if s.phase is PLAY and not s.discards_left:
            card = random_card(legal_mask(s, seat), rng)
            s.legal = None
            history.append((seat, PLAYS[card]))
            play(s, seat, card)
        else:
            action = rng.choice(eng.legal_actions(s))
            s.legal = None
            history.append((seat, action))
            eng.dispatch(s, seat, action)
    assert s.settlement is not None
    return s.settlement
