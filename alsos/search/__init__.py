"""Search: an exact solver for the play and random playouts, on the engine's bit sets.

* :func:`~alsos.search.solver.solve` -- the double-dummy value of a position for a seat and a
  best card (:mod:`alsos.search.solver`);
* :func:`~alsos.search.playout.playout` -- a copy of a position played on with random cards to its
  settlement (:mod:`alsos.search.playout`).

Both use the engine's own play rules (legal cards, trick winner, end of
hand, scoring); neither keeps a copy of them.
"""

from __future__ import annotations

from alsos.search.playout import play_cards, playout, playouts, random_card
from alsos.search.solver import (
    PayoffKey,
    Solution,
    SolveError,
    check_solvable,
    play_key,
    position_key,
    solve,
)

__all__ = [
    "PayoffKey",
    "Solution",
    "SolveError",
    "check_solvable",
    "play_cards",
    "play_key",
    "playout",
    "playouts",
    "position_key",
    "random_card",
    "solve",
]
