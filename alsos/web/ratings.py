"""A puzzle rating per player: openskill's Plackett-Luce model, one puzzle at a time.

A puzzle's difficulty (:attr:`alsos.learn.Puzzle.difficulty`: the weakest shipped
level that finds its answer) stands for an opponent of a known strength
(:data:`PUZZLE_MU`, with a small :data:`PUZZLE_SIGMA`).  Solving the puzzle is a
win against it, missing it a loss, and openskill's Weng-Lin update moves the
player's rating (``mu``, with its uncertainty ``sigma``).  The puzzle board keeps
the rating in the browser and sends it with each outcome (``POST
/api/puzzles/rating``): the server keeps nothing.  :func:`next_puzzle` picks the
next puzzle whose strength is closest to the player's, so the board adapts.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import TypeGuard

from openskill.models import PlackettLuce

from alsos.errors import WebError

__all__ = ["PUZZLE_MU", "PUZZLE_SIGMA", "RatingError", "answer", "next_puzzle", "rate", "start"]

#: The strength each difficulty stands for, on openskill's scale (a new player: 25).
PUZZLE_MU = {1: 20.0, 2: 25.0, 3: 30.0, 4: 35.0}
#: How sure that strength is: puzzles are not rated from outcomes, so it stays put.
PUZZLE_SIGMA = 2.0

_MODEL = PlackettLuce()


class RatingError(WebError):
    """A rating or outcome that cannot be used (the message says which and why)."""


def start() -> tuple[float, float]:
    """A new player's rating: openskill's defaults (25, 25/3)."""
    fresh = _MODEL.rating()
    return float(fresh.mu), float(fresh.sigma)


def _checked(mu: object, sigma: object) -> tuple[float, float]:
    for name, value in (("mu", mu), ("sigma", sigma)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RatingError(f"{name} must be a number, not {value!r}")
        if not math.isfinite(value) or abs(value) > 1000:
            raise RatingError(f"{name} must be a finite number of at most 1000, not {value!r}")
    if sigma <= 0:  # type: ignore[operator]
        raise RatingError(f"sigma must be above 0, not {sigma!r}")
    return float(mu), float(sigma)  # type: ignore[arg-type]


def _is_difficulty(value: object) -> TypeGuard[int]:
    """One of :data:`PUZZLE_MU`'s keys (an int, not a bool; nothing unhashable asked)."""
    return type(value) is int and value in PUZZLE_MU


def rate(mu: object, sigma: object, difficulty: object, solved: object) -> tuple[float, float]:
    """The player's rating (``mu``, ``sigma``) after solving (or missing) a puzzle of
    ``difficulty``.

    :raises RatingError: a rating that is not two finite numbers (``sigma`` above
        0), a difficulty not in :data:`PUZZLE_MU`, or an outcome that is not a bool.
    """
    mu, sigma = _checked(mu, sigma)
    if not _is_difficulty(difficulty):
        raise RatingError(f"difficulty must be one of {sorted(PUZZLE_MU)}, not {difficulty!r}")
    if not isinstance(solved, bool):
        raise RatingError(f"solved must be true or false, not {solved!r}")
    player = _MODEL.rating(mu=mu, sigma=sigma)
    puzzle = _MODEL.rating(mu=PUZZLE_MU[difficulty], sigma=PUZZLE_SIGMA)
    [[after], _] = _MODEL.rate([[player], [puzzle]], ranks=[1, 2] if solved else [2, 1])
    return float(after.mu), float(after.sigma)


def next_puzzle(mu: float, difficulties: Sequence[object]) -> int:
    """The index of the puzzle (by its difficulty) closest in strength to ``mu``; the
    first of equals.

    :raises RatingError: no difficulty given, or one not in :data:`PUZZLE_MU`.
    """
    if not difficulties:
        raise RatingError("no puzzle to choose from")
    strengths = []
    for d in difficulties:
        if not _is_difficulty(d):
            raise RatingError(f"difficulty must be one of {sorted(PUZZLE_MU)}, not {d!r}")
        strengths.append(PUZZLE_MU[d])
    return min(range(len(strengths)), key=lambda i: abs(strengths[i] - mu))


def answer(body: bytes | str) -> dict[str, object]:
    """The answer to a rating request (``POST /api/puzzles/rating``).

    The request is ``{"mu", "sigma", "difficulty", "solved", "left"}``: ``mu`` and
    ``sigma`` are null for a new player, and ``left`` lists the difficulties of the
    puzzles not yet shown.  The answer is ``{"mu", "sigma", "next"}``, where ``next``
    is the index in ``left`` of the puzzle to show next (:func:`next_puzzle`), or
    null.

    :raises ValueError: text that is not JSON, or a :class:`RatingError` naming what
        is wrong.
    """
    got = json.loads(body)
    if not isinstance(got, dict):
        raise RatingError("send a JSON object: mu, sigma, difficulty, solved")
    mu, sigma = got.get("mu"), got.get("sigma")
    if mu is None and sigma is None:
        mu, sigma = start()
    mu, sigma = rate(mu, sigma, got.get("difficulty"), got.get("solved"))
    left = got.get("left", [])
    if not isinstance(left, list) or len(left) > 64:
        raise RatingError("left is a list of at most 64 difficulties")
    return {"mu": mu, "sigma": sigma, "next": next_puzzle(mu, left) if left else None}
