"""Learning from hands: puzzles made from the decisions where one choice is clearly best.

:func:`find_puzzles` takes a played hand (a :class:`~alsos.Record` or a
:class:`~alsos.Game`) and returns its mistakes as :class:`Puzzle` objects:
the position as the seat saw it, the best choice, every choice's value, what
the best changes (:class:`~alsos.analysis.reasons.Why`), a theme and a difficulty.
:func:`generate` makes a reproducible set from bot hands; :func:`check`
values a puzzle's position again with a seed of one's own, and :func:`confirmed`
says whether its answer holds there.  Puzzles are
written and read as JSON lines (:func:`dumps`, :func:`loads`).  :func:`lesson`
makes a guided first hand of a recorded hand (:mod:`alsos.learn.tutorial`), and
:func:`shipped` reads the puzzle sets shipped for the main profiles.  How a choice is
judged clearly best: :mod:`alsos.learn.puzzles`; docs/learn.rst.
"""

from __future__ import annotations

from alsos.learn.notation import FORMAT, dumps, from_json, loads, to_json
from alsos.learn.puzzles import (
    LEVELS_TRIED,
    SOLVER_TRICKS,
    Check,
    Puzzle,
    PuzzleError,
    check,
    confirmed,
    find_puzzles,
    generate,
    puzzle_at,
    unique,
)
from alsos.learn.sets import SETS, shipped
from alsos.learn.tutorial import IDEAS, Lesson, LessonError, LessonStep, lesson

__all__ = [
    "FORMAT",
    "IDEAS",
    "LEVELS_TRIED",
    "SETS",
    "SOLVER_TRICKS",
    "Check",
    "Lesson",
    "LessonError",
    "LessonStep",
    "Puzzle",
    "PuzzleError",
    "check",
    "confirmed",
    "dumps",
    "find_puzzles",
    "from_json",
    "generate",
    "lesson",
    "loads",
    "puzzle_at",
    "shipped",
    "to_json",
    "unique",
]
