"""Dealing modules: how a shuffled pack becomes hands and a talon.

``packets`` (pagat, "Deal"): packets of the profile's sizes go round the table
from the seat after the dealer; the seen packets first, then the indicator
card face up, then the unseen packets; the rest is the talon, the pack's
last card face up on top (or, with ``talon_between``, talon cards laid
between the rounds of packets: altiansz, "Deal").  With more seats than
hands the dealer sits out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from alsos.pack.deal import layout
from alsos.ruleset.registry import register

if TYPE_CHECKING:
    from alsos.ruleset.profile import Ruleset

__all__ = ["deal_packets"]


@register("dealing", "packets")
def deal_packets(
    rules: Ruleset, pack: Sequence[int], dealer: int
) -> tuple[list[int], list[int], list[int]]:
    """Bit sets of seen and unseen cards per seat, and the talon (bottom first)."""
    d = rules.deal
    packets, talon_at = layout(
        rules.players, dealer, d.seen_packets, d.unseen_packets, d.talon_between
    )
    hands = [0] * rules.players
    unseen = [0] * rules.players
    for seat, a, b, seen in packets:
        m = 0
        for c in pack[a:b]:
            m |= 1 << c
        if seen:
            hands[seat] |= m
        else:
            unseen[seat] |= m
    return hands, unseen, [pack[i] for i in talon_at]
