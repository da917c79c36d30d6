"""Duplicate scoring: each result compared only with the others on the same board and position.

A **board** is a deal fixed by its seed, played at several tables; a
**position** is a seat at the table.  Whoever holds a position of a board
holds the same cards as everyone else who held it, so comparing their
results cancels the luck of the deal: that is duplicate play, as bridge
clubs, the French Tarot federation's events and Duplikat Skat score it.
A :class:`Result` is what one entrant's seat won or paid on a board (its
payment, in stakes); results are compared only within their board and
position, and only between different entrants (an entrant never meets its
own result: in a tournament it plays a board once; in an arena, where a bot
sits at a position at several tables, its own results are left out).

Two scorings, both computed for every result (:func:`score`):

- **Matchpoints** (bridge's pairs scoring): 2 points for each other result
  beaten, 1 for each equalled, out of a *top* of 2 per comparison.  Only the
  order counts: winning a board by one stake or by a hundred is the same.
  An entrant's showing is its points over its tops, as a percentage.
- **Stake points** (like bridge's cross-IMPs): the difference in stakes from
  each other result, on a scale that compresses big swings
  (:func:`stake_points`: 2 points for each doubling of the difference, at
  most :data:`TOP_STAKE_POINTS`), averaged over the comparisons.  A kontra
  doubles the stakes, so on this scale each doubling of a swing is worth the
  same 2 points whatever the base: a ladder doubled to ×16 is worth 8 points
  more than the plain swing, where in raw stakes it is worth sixteen times
  as much.  Where each entrant holds a position of a board once (a
  tournament), stake points sum to zero over it; in an arena, where a bot holds
  it at several tables, each result's mean is over its own comparisons.

:func:`standings` totals them per entrant, :func:`travellers` lists each
board's results with their scores (the *travelling score sheet*).  The
arena (``alsos arena --duplicate``) and the benchmark (``alsos bench``) score
with these functions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from attrs import frozen

from alsos.errors import ResearchError

__all__ = [
    "TOP_STAKE_POINTS",
    "CompeteError",
    "Result",
    "Scored",
    "Standing",
    "score",
    "stake_points",
    "standings",
    "travellers",
]

#: The most stake points one comparison gives (a difference of 2**12 stakes or more).
TOP_STAKE_POINTS = 24


class CompeteError(ResearchError):
    """Results, boards, a movement or a tournament that cannot be used (the message
    says which and why)."""


@frozen
class Result:
    """What ``entrant`` won (``payment`` > 0) or paid at ``position`` of ``board``,
    at ``table`` (any label: the travelling score sheet shows it)."""

    board: int
    position: int
    entrant: str
    payment: int
    table: str = ""

    def to_data(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "position": self.position,
            "entrant": self.entrant,
            "payment": self.payment,
            "table": self.table,
        }


@frozen
class Scored:
    """A result with its scores against the other entrants' results on its board and
    position: ``matchpoints`` out of ``top`` (2 per comparison), and ``stake_sum``
    stake points over ``comparisons`` (none when nobody else held the position)."""

    result: Result
    matchpoints: int
    stake_sum: int
    comparisons: int

    @property
    def top(self) -> int:
        """The most matchpoints the result could score: 2 per comparison."""
        return 2 * self.comparisons

    @property
    def percent(self) -> float | None:
        """The matchpoints as a percentage of the top (None without a comparison)."""
        return 100.0 * self.matchpoints / self.top if self.top else None

    @property
    def stake_points(self) -> float | None:
        """The mean stake points per comparison (None without a comparison)."""
        return self.stake_sum / self.comparisons if self.comparisons else None

    def to_data(self) -> dict[str, Any]:
        return {
            **self.result.to_data(),
            "matchpoints": self.matchpoints,
            "top": self.top,
            "percent": self.percent,
            "stake_points": self.stake_points,
        }


@frozen
class Standing:
    """An entrant's totals: ``results`` scored, ``compared`` of them against at least
    one other, matchpoints over tops, and stake points (``stake_points``: summed over
    results, each the mean over its comparisons)."""

    entrant: str
    results: int
    compared: int
    matchpoints: int
    top: int
    stake_points: float
    payment: int

    @property
    def percent(self) -> float | None:
        """Matchpoints as a percentage of the tops (None when nothing was compared)."""
        return 100.0 * self.matchpoints / self.top if self.top else None

    def to_data(self) -> dict[str, Any]:
        return {
            "entrant": self.entrant,
            "results": self.results,
            "compared": self.compared,
            "matchpoints": self.matchpoints,
            "top": self.top,
            "percent": self.percent,
            "stake_points": self.stake_points,
            "payment": self.payment,
        }


def stake_points(difference: int) -> int:
    """A difference of ``difference`` stakes on the compressing scale.

    Its size ``d`` scores ``d`` up to 2 stakes, then the largest ``k`` with
    ``2**k <= d**2`` -- two points for each doubling (3 stakes: 3, 4: 4, 6: 5,
    8: 6, 16: 8, 64: 12) -- and at most :data:`TOP_STAKE_POINTS`; the sign is the
    difference's.

    >>> from alsos.compete import stake_points
    >>> [stake_points(d) for d in (0, 1, 2, 3, 4, 5, 6, 8, 16, -16, 5000)]
    [0, 1, 2, 3, 4, 4, 5, 6, 8, -8, 24]
    """
    if difference.__class__ is not int:
        raise CompeteError(f"a difference of stakes is a whole number, not {difference!r}")
    d = abs(difference)
    points = d if d <= 2 else min(TOP_STAKE_POINTS, (d * d).bit_length() - 1)
    return points if difference >= 0 else -points


def _checked(results: Iterable[Result]) -> list[Result]:
    out = list(results)
    seen: set[tuple[int, int, str, str]] = set()
    for r in out:
        if not isinstance(r, Result):
            raise CompeteError(f"a result is a Result, not {r!r}")
        if r.payment.__class__ is not int or r.board.__class__ is not int:
            raise CompeteError(f"a result's board and payment are whole numbers: {r!r}")
        key = (r.board, r.position, r.entrant, r.table)
        if key in seen:
            raise CompeteError(
                f"{r.entrant!r} has two results at position {r.position} of board {r.board}"
                f" at table {r.table!r}"
            )
        seen.add(key)
    return out


def score(results: Iterable[Result]) -> list[Scored]:
    """Every result scored against the other entrants' results on its board and
    position, in the order given (module docs).

    >>> from alsos.compete import Result, score
    >>> rs = [Result(1, 0, "a", 4), Result(1, 0, "b", -2), Result(1, 0, "c", -2)]
    >>> [(s.matchpoints, s.top, s.stake_points) for s in score(rs)]
    [(4, 4, 5.0), (1, 4, -2.5), (1, 4, -2.5)]

    :raises CompeteError: something that is not a :class:`Result`, a payment that is
        not a whole number, or an entrant with two results at one table, board and
        position.
    """
    rs = _checked(results)
    field: dict[tuple[int, int], list[Result]] = defaultdict(list)
    for r in rs:
        field[r.board, r.position].append(r)
    out = []
    for r in rs:
        mp = stake = n = 0
        for other in field[r.board, r.position]:
            if other.entrant == r.entrant:
                continue
            n += 1
            mp += 2 if r.payment > other.payment else r.payment == other.payment
            stake += stake_points(r.payment - other.payment)
        out.append(Scored(r, mp, stake, n))
    return out


def standings(scored: Iterable[Scored], by: str = "matchpoints") -> list[Standing]:
    """Each entrant's totals, best first: by matchpoint percentage (``by="matchpoints"``)
    or by stake points (``by="stakes"``); the other scoring breaks ties, then the name.

    :raises CompeteError: ``by`` neither of those.
    """
    if by not in ("matchpoints", "stakes"):
        raise CompeteError(f"rank by 'matchpoints' or 'stakes', not {by!r}")
    totals: dict[str, list[Any]] = {}
    for s in scored:
        t = totals.setdefault(s.result.entrant, [0, 0, 0, 0, 0.0, 0])
        t[0] += 1
        t[1] += s.comparisons > 0
        t[2] += s.matchpoints
        t[3] += s.top
        t[4] += s.stake_points or 0.0
        t[5] += s.result.payment
    rows = [Standing(name, *t) for name, t in totals.items()]

    def key(s: Standing) -> tuple[float, float, str]:
        pct = s.percent if s.percent is not None else -1.0
        first, second = (pct, s.stake_points) if by == "matchpoints" else (s.stake_points, pct)
        return -first, -second, s.entrant

    return sorted(rows, key=key)


def travellers(scored: Sequence[Scored]) -> dict[int, list[Scored]]:
    """Each board's travelling score sheet: its results by position, best first within
    a position, then by table; boards in ascending order."""
    boards: dict[int, list[Scored]] = defaultdict(list)
    for s in scored:
        boards[s.result.board].append(s)
    return {
        b: sorted(rows, key=lambda s: (s.result.position, -s.result.payment, s.result.table))
        for b, rows in sorted(boards.items())
    }
