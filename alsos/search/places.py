"""Places for sampled cards: where unknown cards may go, and a sampler that fills them.

A *place* is a named spot with room for some cards (a seat's packet, the
hidden talon, a síber discard pile).  :meth:`Places.fill` deals each card
into one of its allowed places, each place chosen with weight equal to its
free room among those that keep the rest dealable (Hall's condition over the
places, checked on the groups of cards with the same allowed places), so
every consistent placement has a positive chance.
"""

from __future__ import annotations

import random
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

    def fill(self, allowed: dict[int, int], rng: random.Random) -> dict[int, int] | None:
        """Each card of ``allowed`` (card -> bit set of places) put in one place, or None.

        A card goes to a place with weight equal to the place's free room,
        among the places that leave the remaining cards dealable.
        """
        room = self.room[:]
        if sum(room) != len(allowed):
            return None
        groups: dict[int, int] = {}
        for m in allowed.values():
            groups[m] = groups.get(m, 0) + 1
        if not dealable(groups, room):
            return None
        cards = list(allowed)
        rng.shuffle(cards)
        out: dict[int, int] = {}
        for c in cards:
            m = allowed[c]
            groups[m] -= 1
            options = [p for p in bits(m) if room[p]]
            while options:
                weights = [room[p] for p in options]
                p = rng.choices(options, weights)[0]
                room[p] -= 1
                if len(groups) == 1 or dealable(groups, room):
                    break
                room[p] += 1
                options.remove(p)
            else:
                return None
            out[c] = p
        return out


def dealable(groups: dict[int, int], room: list[int]) -> bool:
    """Hall's condition: every union of the groups' places has room for the cards confined to it."""
    masks = [m for m, k in groups.items() if k]
    unions = {0}
    for m in masks:
        unions |= {u | m for u in unions}
    for u in unions:
        if not u:
            continue
        need = sum(k for m, k in groups.items() if k and m & ~u == 0)
        if need > sum(room[p] for p in bits(u)):
            return False
    return True
