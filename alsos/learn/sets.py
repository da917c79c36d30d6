"""The shipped puzzle sets: a reproducible set of puzzles per main profile.

Each set is what :func:`~alsos.learn.generate` makes from the bot hands named in
:data:`SETS` (so ``alsos puzzles --generate --variant V --hands N --seed S``
writes it again), shipped with the package as a puzzle file
(``alsos/learn/sets/V.jsonl``).  ``alsos puzzles --solve V`` and the web table's
puzzle practice read them (:func:`~alsos.learn.shipped`).
"""

from __future__ import annotations

from importlib import resources

from alsos.learn.notation import loads
from alsos.learn.puzzles import Puzzle, PuzzleError

__all__ = ["SETS", "shipped"]

#: The shipped sets: each profile's hands and seed (:func:`~alsos.learn.generate`).
SETS: dict[str, tuple[int, int]] = {"potter1930": (40, 0), "tompa": (40, 0)}


def shipped(variant: str) -> list[Puzzle]:
    """The shipped puzzle set of ``variant`` (one of :data:`~alsos.learn.sets.SETS`).

    :raises PuzzleError: for a profile with no shipped set, naming those there are.
    """
    if variant not in SETS:
        raise PuzzleError(f"no shipped puzzle set for {variant!r}; there are {sorted(SETS)}")
    text = resources.files("alsos.learn").joinpath("sets", f"{variant}.jsonl")
    return loads(text.read_text(encoding="utf-8"))
