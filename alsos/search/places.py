"""Places for sampled cards: where unknown cards may go, and a sampler that fills them.

A *place* is a named spot with room for some cards (a seat's packet, the
hidden talon, a síber discard pile).  :meth:`Places.fill` deals each card
into one of its allowed places, each place chosen with weight equal to its
free room among those that keep the rest dealable (Hall's condition over the
places, checked on the groups of cards with the same allowed places), so
every consistent placement has a positive chance.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect
from collections.abc import Sequence

__all__ = ["Places", "bits", "dealable", "mask"]


def mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


class Places:
    """The places unknown cards may go, with their room, and the sampler over them."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.room: list[int] = []
        self.index: dict[str, int] = {}

    def add(self, name: str, room: int) -> int:
        self.index[name] = len(self.names)
        self.names.append(name)
        self.room.append(room)
        return len(self.names) - 1

    def fill(
        self, allowed: dict[int, int], rng: random.Random, room: list[int] | None = None
    ) -> dict[int, int] | None:
        """Each card of ``allowed`` (card -> bit set of places) put in one place, or None.

        A card goes to a place with weight equal to the place's free room,
        among the places that leave the remaining cards dealable.  The draw is
        ``rng.choices(options, weights)``'s, written out (one ``rng.random()``
        per try).  Hall's condition is kept as a *slack* per union of the
        groups' places (its room less the cards confined to it, :class:`_Hall`):
        a card of group ``m`` put in place ``p`` takes one from the slack of
        exactly the unions holding ``p`` but not all of ``m`` (a union holding
        all of ``m`` loses a card and a room), so the placement keeps the rest
        dealable iff none of those is at zero.  ``room``: the room to fill
        (default: the places' room); not changed.
        """
        room = (self.room if room is None else room)[:]
        if sum(room) != len(allowed):
            return None
        groups: dict[int, int] = {}
        for m in allowed.values():
            groups[m] = groups.get(m, 0) + 1
        hall = _hall(frozenset(groups))
        slack = hall.slack(groups, room)
        for v in slack:
            if v < 0:
                return None
        cards = list(allowed)
        rng.shuffle(cards)
        draw = rng.random
        tight = hall.tight
        out: dict[int, int] = {}
        for c in cards:
            m = allowed[c]
            options = [p for p in _bits(m) if room[p]]
            while options:
                if len(options) == 1:
                    draw()  # the draw rng.choices makes, whatever it picks
                    p = options[0]
                else:
                    total = 0
                    cumulative = []
                    for q in options:
                        total += room[q]
                        cumulative.append(total)
                    p = options[bisect(cumulative, draw() * total, 0, len(options) - 1)]
                squeezed = tight[(m, p)]
                if all(slack[i] for i in squeezed):
                    for i in squeezed:
                        slack[i] -= 1
                    room[p] -= 1
                    break
                options.remove(p)
            else:
                return None
            out[c] = p
        return out


@functools.lru_cache(maxsize=4096)
def _bits(m: int) -> tuple[int, ...]:
    return tuple(bits(m))


class _Hall:
    """Hall's condition for one set of groups (bit sets of places), worked out once.

    ``unions``: every nonempty union of the groups' places, each with the groups
    it holds whole and its places; ``tight[(m, p)]``: the indices of the unions
    holding place ``p`` but not all of group ``m`` (whose slack a card of ``m``
    put in ``p`` takes one from).  Unions of groups with no card left only add
    conditions that the others imply, so one table serves a whole fill.
    """

    __slots__ = ("tight", "unions")

    def __init__(self, masks: frozenset[int]) -> None:
        found = {0}
        for m in masks:
            found |= {u | m for u in found}
        found.discard(0)
        ordered = sorted(found)
        self.unions = [(u, [m for m in masks if m & ~u == 0], bits(u)) for u in ordered]
        self.tight: dict[tuple[int, int], list[int]] = {}
        for m in masks:
            for p in bits(m):
                bit = 1 << p
                self.tight[(m, p)] = [i for i, u in enumerate(ordered) if u & bit and m & ~u]

    def slack(self, groups: dict[int, int], room: list[int]) -> list[int]:
        """Each union's room less the cards confined to it (negative: not dealable)."""
        out = []
        for _u, inside, places in self.unions:
            free = 0
            for p in places:
                free += room[p]
            for m in inside:
                free -= groups[m]
            out.append(free)
        return out


@functools.lru_cache(maxsize=1024)
def _hall(masks: frozenset[int]) -> _Hall:
    return _Hall(masks)


def dealable(groups: dict[int, int], room: list[int]) -> bool:
    """Hall's condition: every union of the groups' places has room for the cards confined to it."""
    return all(v >= 0 for v in _hall(frozenset(groups)).slack(groups, room))
