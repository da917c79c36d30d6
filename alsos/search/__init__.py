"""Search: an exact solver for the play, random playouts, and determinization.

* :func:`~alsos.search.solver.solve` -- the double-dummy value of a position for a seat and a
  best card (:mod:`alsos.search.solver`);
* :func:`~alsos.search.playout.playout` -- a copy of a position played on with random cards to its
  settlement (:mod:`alsos.search.playout`);
* :func:`~alsos.search.determinize.determinize` -- a complete hand consistent
  with one seat's :class:`~alsos.play.view.View`, for perfect-information Monte
  Carlo bots (:mod:`alsos.search.determinize`); a
  :class:`~alsos.search.determinize.Determinizer` samples many worlds of one view.

All use the engine's own rules (legal cards, trick winner, end of hand,
scoring); none keeps a copy of them.
"""

from __future__ import annotations

from alsos.search.determinize import DeterminizeError, Determinizer, determinize
from alsos.search.playout import play_cards, playout, playouts, random_card, to_cards
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
    "DeterminizeError",
    "Determinizer",
    "PayoffKey",
    "Solution",
    "SolveError",
    "check_solvable",
    "determinize",
    "play_cards",
    "play_key",
    "playout",
    "playouts",
    "position_key",
    "random_card",
    "solve",
    "to_cards",
]
