"""A movement: who sits where in each round of a duplicate tournament.

Every table of a round plays the same boards (a *barometer* movement: the
deals are dealt by seed at each table, so nothing has to travel), and each
entrant holds one seat, so each position of each board is held by as many
different entrants as there are tables -- the field its results are compared
with (:mod:`alsos.compete.scoring`) -- and nobody plays a board twice.

How the seats are chosen.  Entrants are numbered ``0 .. n-1`` (``n`` a
multiple of the seats per table: empty places are filled with bots before,
by the tournament) and laid out in rows of ``seats``: entrant ``i`` is
``(row, column) = divmod(i, seats)``.  Each cycle of ``seats`` rounds starts by
giving every row's entrants new columns (a seeded shuffle), and in the ``k``-th
round of a cycle entrant ``i`` holds position ``(column + k * stride[row]) %
seats``, where each row's stride is a number prime to ``seats`` (the units mod
``seats`` in turn): so every entrant holds every position once in each cycle,
each position has exactly one entrant of each row, and the entrants a result
is compared with change from round to round and from cycle to cycle.  Within a position
the entrants are spread over the tables so that entrants meet (sit at one
table) as evenly as possible: of ``tries`` orders drawn from ``seed``, the
one that repeats the fewest earlier meetings.  The same arguments give the
same movement on any machine.
"""

from __future__ import annotations

import math
import random

from attrs import frozen

from alsos.compete.scoring import CompeteError

__all__ = ["Movement", "movement"]


@frozen
class Movement:
    """``rounds[r][t]`` is table ``t``'s entrants in round ``r``, by position."""

    entrants: int
    seats: int
    rounds: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def tables(self) -> int:
        """Tables per round."""
        return self.entrants // self.seats

    def seat_of(self, round_: int, entrant: int) -> tuple[int, int]:
        """``(table, position)`` of ``entrant`` in round ``round_``."""
        for t, table in enumerate(self.rounds[round_]):
            if entrant in table:
                return t, table.index(entrant)
        raise CompeteError(f"no entrant {entrant} in round {round_}")

    def meetings(self) -> dict[tuple[int, int], int]:
        """How many rounds each pair of entrants ``(a, b)``, ``a < b``, shared a table."""
        met: dict[tuple[int, int], int] = {}
        for tables in self.rounds:
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        key = (min(a, b), max(a, b))
                        met[key] = met.get(key, 0) + 1
        return met


def _strides(seats: int) -> list[int]:
    return [u for u in range(1, seats + 1) if math.gcd(u, seats) == 1] or [1]


def movement(entrants: int, seats: int, rounds: int, *, seed: int = 0, tries: int = 64) -> Movement:
    """The seating of ``entrants`` at tables of ``seats`` for ``rounds`` rounds (module docs).

    :raises CompeteError: fewer than two tables' worth of entrants (nothing to compare),
        a number of entrants that is not a multiple of ``seats``, or fewer than one round.
    """
    for name, value in (("entrants", entrants), ("seats", seats), ("rounds", rounds)):
        if value.__class__ is not int or value < 1:
            raise CompeteError(f"{name} must be a whole number of at least 1, not {value!r}")
    if entrants % seats:
        raise CompeteError(
            f"{entrants} entrants do not fill tables of {seats}: fill the places left with bots"
        )
    tables = entrants // seats
    if tables < 2:
        raise CompeteError(
            f"{entrants} entrants make one table of {seats}: duplicate scoring needs two tables"
            " or more, so that each position of a board is held by two entrants"
        )
    rng = random.Random(f"alsos-movement:{entrants}:{seats}:{seed}")
    strides = _strides(seats)
    met: dict[tuple[int, int], int] = {}
    out = []
    columns: list[list[int]] = []
    for r in range(rounds):
        if r % seats == 0:  # a new cycle: each row's entrants take new columns
            columns = [rng.sample(range(seats), seats) for _ in range(tables)]
        by_position: list[list[int]] = [[] for _ in range(seats)]
        for i in range(entrants):
            row, column = divmod(i, seats)
            step = (r % seats) * strides[row % len(strides)]
            by_position[(columns[row][column] + step) % seats].append(i)
        best: list[tuple[int, ...]] | None = None
        best_cost = -1
        for _ in range(max(1, tries)):
            order = [by_position[0]] + [rng.sample(p, len(p)) for p in by_position[1:]]
            round_tables = list(zip(*order, strict=True))
            cost = sum(
                met.get((min(a, b), max(a, b)), 0) ** 2 + 1
                for table in round_tables
                for i, a in enumerate(table)
                for b in table[i + 1 :]
            )
            if best is None or cost < best_cost:
                best, best_cost = round_tables, cost
        assert best is not None
        for table in best:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = (min(a, b), max(a, b))
                    met[key] = met.get(key, 0) + 1
        out.append(tuple(best))
    return Movement(entrants, seats, tuple(out))
