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

    def fill(self, allowed: dict[int, int], rng: random.Random) -> dict[int, int] | None:
        """Each card of ``allowed`` (card -> bit set of places) put in one place, or None.

        A card goes to a place with weight equal to the place's free room,
        among the places that leave the remaining cards dealable.  The draw is
        ``rng.choices(options, weights)``'s, written out (one ``rng.random()``
        per try), and after the first check only the unions of places that a
        placement can tighten are checked again (``_tightened``).
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
        draw = rng.random
        active = frozenset(groups)
        out: dict[int, int] = {}
        for c in cards:
            m = allowed[c]
            left = groups[m] - 1
            groups[m] = left
            if not left:
                active = active - {m}
            # Only a group other than m, still with cards, can be squeezed out.
            check = len(active) > 1 or (len(active) == 1 and m not in active)
            options = [p for p in _bits(m) if room[p]]
            while options:
                if len(options) == 1:
                    draw()  # the draw rng.choices makes, whatever it picks
                    p = options[0]
                else:
                    total = 0
                    cumulative = []
                    for p in options:
                        total += room[p]
                        cumulative.append(total)
                    p = options[bisect(cumulative, draw() * total, 0, len(options) - 1)]
                room[p] -= 1
                if not check or _tightened(groups, room, active, m, p):
                    break
                room[p] += 1
                options.remove(p)
            else:
                return None
            out[c] = p
        return out


@functools.lru_cache(maxsize=4096)
def _bits(m: int) -> tuple[int, ...]:
    return tuple(bits(m))


@functools.lru_cache(maxsize=4096)
def _unions(masks: frozenset[int]) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """Every nonempty union of ``masks`` (bit sets of places), each with the masks it
    contains and its places: the sets of places Hall's condition is checked on."""
    unions = {0}
    for m in masks:
        unions |= {u | m for u in unions}
    unions.discard(0)
    return tuple((u, tuple(m for m in masks if m & ~u == 0), _bits(u)) for u in sorted(unions))


def dealable(groups: dict[int, int], room: list[int]) -> bool:
    """Hall's condition: every union of the groups' places has room for the cards confined to it."""
    for _u, inside, places in _unions(frozenset(m for m, k in groups.items() if k)):
        if sum(groups[m] for m in inside) > sum(room[p] for p in places):
            return False
    return True


def _tightened(
    groups: dict[int, int], room: list[int], active: frozenset[int], m: int, p: int
) -> bool:
    """:func:`dealable` after one card of the group ``m`` went to place ``p``, given
    that it held before (``active``: the groups with cards left).  A union holding
    all of ``m`` lost one card and one room (no change), one without ``p`` lost
    neither, so only the unions with ``p`` but not all of ``m`` can fail now.  (A
    group emptied drops its unions: fewer conditions, each as before.)"""
    bit = 1 << p
    for u, inside, places in _unions(active):
        if u & bit and m & ~u and sum(groups[g] for g in inside) > sum(room[q] for q in places):
            return False
    return True
