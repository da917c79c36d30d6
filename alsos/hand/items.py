"""Scored items: the game and each announced figure, with their kontra chains.

Every item is paid for on its own (pagat, "Kontras"): its base value, doubled
(by the figure's ``front_multiplier``) when announced from the front, then
multiplied for each kontra step (x4 said from the front, x2 from the back),
and for the game and kassza by the outcome of a call.
"""

from __future__ import annotations

from typing import Final

from attrs import define, field

from alsos.pack.actions import GAME

__all__ = ["DECLARER", "DEFENDERS", "Item"]

#: The declarer's side.
DECLARER: Final = 0
#: The defenders' side.
DEFENDERS: Final = 1


@define(slots=True)
class Item:
    """The game or one announced figure.

    ``side`` is the side that undertook it (:data:`DECLARER` or
    :data:`DEFENDERS`); ``seat`` the seat that announced it (the declarer for
    the game).  ``steps`` records each kontra step as (seat, front);
    ``stamp`` the speech turn in which it last changed.  ``call`` is the
    multiplier a call (gyerünk) put on it; ``forced`` its result when a call
    was conceded (True: made), None when play decides it.
    """

    figure: str
    seat: int
    side: int
    base: int
    front: bool = False
    front_multiplier: int = 1
    steps: list[tuple[int, bool]] = field(factory=list)
    factor: int = 1
    stamp: int = 0
    boosts: list[tuple[str, int]] = field(factory=list)
    call: int = 1
    forced: bool | None = None

    def copy(self) -> Item:
        """An independent copy (the hand state copies its items)."""
        new = Item.__new__(Item)
        new.figure = self.figure
        new.seat = self.seat
        new.side = self.side
        new.base = self.base
        new.front = self.front
        new.front_multiplier = self.front_multiplier
        new.steps = self.steps[:]
        new.factor = self.factor
        new.stamp = self.stamp
        new.boosts = self.boosts[:]
        new.call = self.call
        new.forced = self.forced
        return new

    def key(self) -> tuple[object, ...]:
        """Every field as a hashable snapshot (for position keys)."""
        return (self.figure, self.seat, self.side, self.base, self.front, self.front_multiplier,
                tuple(self.steps), self.factor, self.stamp, tuple(self.boosts), self.call,
                self.forced)  # fmt: skip

    @property
    def is_game(self) -> bool:
        return self.figure == GAME

    @property
    def level(self) -> int:
        """Kontra steps said so far (0: none, 1: kontra, 2: rekontra, ...)."""
        return len(self.steps)

    def raise_(self, seat: int, front: bool, front_factor: int, back_factor: int) -> None:
        self.steps.append((seat, front))
        self.factor *= front_factor if front else back_factor

    def boost(self, label: str, factor: int) -> None:
        """Multiply the item by a factor that is not a kontra step (béla kassza)."""
        self.boosts.append((label, factor))
        self.factor *= factor

    @property
    def value(self) -> int:
        """Value before any call multiplier."""
        return self.base * (self.front_multiplier if self.front else 1) * self.factor

    @property
    def stake(self) -> int:
        """Value with the call multiplier: what the item is paid at now."""
        return self.value * self.call

    @property
    def label(self) -> str:
        return GAME if self.is_game else f"{self.figure}@{self.seat}"
