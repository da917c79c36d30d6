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

__all__ = ["Places", "bits", "dealable", "mask", "shuffle"]


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
        groups' places (its room less the cards confined to it, ``_Hall``):
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
        shuffle(cards, rng)
        draw = rng.random
        places_of, tight = hall.places, hall.tight
        out: dict[int, int] = {}
        for c in cards:
            m = allowed[c]
            squeezes = tight[m]
            options = [p for p in places_of[m] if room[p]]
            while options:
                n = len(options)
                if n == 1:
                    draw()  # the draw rng.choices makes, whatever it picks
                    p = options[0]
                elif n == 2:  # bisect over the two cumulative weights, written out
                    p, q = options
                    first = room[p]
                    if draw() * (first + room[q]) >= first:
                        p = q
                else:
                    total = 0
                    cumulative = []
                    for q in options:
                        total += room[q]
                        cumulative.append(total)
                    p = options[bisect(cumulative, draw() * total, 0, n - 1)]
                squeezed = squeezes[p]
                fits = True
                for i in squeezed:
                    if not slack[i]:
                        fits = False
                        break
                if fits:
                    for i in squeezed:
                        slack[i] -= 1
                    room[p] -= 1
                    break
                options.remove(p)
            else:
                return None
            out[c] = p
        return out


def shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``: the same order from the same generator state, faster.

    For a plain :class:`random.Random`, CPython's shuffle (Fisher-Yates from the
    end, each index drawn with ``getrandbits`` and rejection) is written out
    here, without its method calls per card; ``tests/test_places.py`` checks
    that the two agree.  Any other generator's own ``shuffle`` is used.
    """
    if rng.__class__ is not random.Random:
        rng.shuffle(cards)
        return
    bits_of = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits_of(k)
        while j >= n:
            j = bits_of(k)
        cards[i], cards[j] = cards[j], cards[i]


class _Hall:
    """Hall's condition for one set of groups (bit sets of places), worked out once.

    ``unions``: every nonempty union of the groups' places, each with the groups
    it holds whole and its places; ``tight[m][p]``: the indices of the unions
    holding place ``p`` but not all of group ``m`` (whose slack a card of ``m``
    put in ``p`` takes one from).  Unions of groups with no card left only add
    conditions that the others imply, so one table serves a whole fill.
    """

    __slots__ = ("places", "tight", "unions")

    def __init__(self, masks: frozenset[int]) -> None:
        found = {0}
        for m in masks:
            found |= {u | m for u in found}
        found.discard(0)
        ordered = sorted(found)
        self.unions = [(u, [m for m in masks if m & ~u == 0], bits(u)) for u in ordered]
        #: group -> its places
        self.places: dict[int, list[int]] = {m: bits(m) for m in masks}
        #: group -> place -> the unions whose slack a card of the group put there takes
        self.tight: dict[int, dict[int, list[int]]] = {}
        for m in masks:
            self.tight[m] = {
                p: [i for i, u in enumerate(ordered) if u >> p & 1 and m & ~u] for p in bits(m)
            }

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
