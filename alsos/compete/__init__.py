"""Competition: duplicate scoring, tournament movements, ratings and frozen boards.

:mod:`~alsos.compete.scoring` compares results on the same board and position
(matchpoints and stake points), :mod:`~alsos.compete.movement` seats the
entrants of a duplicate tournament, :mod:`~alsos.compete.boards` keeps the
frozen boards of the open benchmark (``alsos bench``), and
:mod:`~alsos.compete.rating` rates people and bots per variant with openskill
(the ``compete`` extra; not imported here, so the rest needs nothing more than
the core).
"""

from alsos.compete.boards import FIRST_SEED, VERSION, BoardSet, board_set
from alsos.compete.movement import Movement, movement
from alsos.compete.scoring import (
    TOP_STAKE_POINTS,
    CompeteError,
    Result,
    Scored,
    Standing,
    score,
    stake_points,
    standings,
    travellers,
)

__all__ = [
    "FIRST_SEED",
    "TOP_STAKE_POINTS",
    "VERSION",
    "BoardSet",
    "CompeteError",
    "Movement",
    "Result",
    "Scored",
    "Standing",
    "board_set",
    "movement",
    "score",
    "stake_points",
    "standings",
    "travellers",
]
