"""Per-contract lookup tables, built once and shared: trick strengths and card points.

A trick is won by the card with the largest key in ``key[led * 32 + card]``:
trumps above everything, cards of the led suit by their order, the rest -1.
Both tables depend only on the profile's orders and points and on the trump
suit, so they are cached across hands.
"""

from __future__ import annotations

import functools

__all__ = ["point_table", "suit_point_sums", "trick_keys"]


@functools.lru_cache(maxsize=128)
def trick_keys(
    trump_strength: tuple[int, ...], order_strength: tuple[int, ...], trump: int
) -> tuple[int, ...]:
    """Strength of each card for each led suit (index ``led * 32 + card``)."""
    key = [-1] * 128
    for led in range(4):
        for card in range(32):
            s, r = card >> 3, card & 7
            if s == trump:
                key[led * 32 + card] = 16 + trump_strength[r]
            elif s == led:
                key[led * 32 + card] = order_strength[r]
    return tuple(key)


@functools.lru_cache(maxsize=128)
def point_table(
    trump_points: tuple[int, ...], plain_points: tuple[int, ...], trump: int
) -> tuple[int, ...]:
    """Card points of each of the 32 cards, given points by rank and the trump suit."""
    return tuple(
        trump_points[card & 7] if card >> 3 == trump else plain_points[card & 7]
        for card in range(32)
    )


@functools.lru_cache(maxsize=128)
def suit_point_sums(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each suit, the points of every set of its cards (indexed by the suit's 8 bits).

    Counting a seat's tricks is then four lookups, one per suit byte.
    """
    out = []
    for suit in range(4):
        sums = [0] * 256
        for bits in range(1, 256):
            low = bits & -bits  # a set is its lowest card plus the rest, counted before
            sums[bits] = sums[bits ^ low] + points[8 * suit + low.bit_length() - 1]
        out.append(tuple(sums))
    return tuple(out)
