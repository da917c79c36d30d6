"""The shared lookup tables agree with counting card by card (pagat, "Card Points")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import alsos
from alsos.pack.cards import Rank
from alsos.pack.tables import point_table, suit_point_sums

RULES = alsos.load_variant("potter1930")
TRUMP_POINTS = tuple(RULES.cards.trump_points.get(r, 0) for r in Rank)
PLAIN_POINTS = tuple(RULES.cards.plain_points.get(r, 0) for r in Rank)


@given(mask=st.integers(0, 2**32 - 1), trump=st.integers(-1, 3))
def test_suit_sums_count_every_card_once(mask: int, trump: int) -> None:
    points = point_table(TRUMP_POINTS, PLAIN_POINTS, trump)
    sums = suit_point_sums(points)
    by_suit = sum(sums[s][(mask >> (8 * s)) & 0xFF] for s in range(4))
    assert by_suit == sum(points[c] for c in range(32) if mask >> c & 1)


def test_pack_totals_of_the_source() -> None:
    """pagat, "Card Points": 62 in the trump suit and 30 in each other suit, so 152 in
    the cards of a trump game (162 with the last trick) and 120 without trumps (130)."""
    for trump in range(4):
        sums = suit_point_sums(point_table(TRUMP_POINTS, PLAIN_POINTS, trump))
        assert sums[trump][0xFF] == 62
        assert all(sums[s][0xFF] == 30 for s in range(4) if s != trump)
        assert sum(sums[s][0xFF] for s in range(4)) + RULES.cards.last_trick == 162
    sums = suit_point_sums(point_table(TRUMP_POINTS, PLAIN_POINTS, -1))
    assert sum(sums[s][0xFF] for s in range(4)) + RULES.cards.last_trick == 130
