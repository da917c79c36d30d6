"""Deals and helpers for the csibor tests (tests/test_variant_csibor.py).

Deal notation as in :mod:`scripted`.  Three-seat deals are played with dealer
2, so seat 0 is forehand; two-seat deals with dealer 1.
"""

from __future__ import annotations

from types import SimpleNamespace

import deals
from scripted import finish
from variant_helpers import load

CSIBOR = load("csibor")
CSIBOR2 = load("csibor", players=2)
CSIBOR4 = load("csibor", players=4)
POTTER = load("potter1930")
# csibor with potter1930's kontra timing (a step at any later turn): used to show
# what the kontra arithmetic gives once the timing question is set aside.
CSIBOR_ANYTIME = load("csibor", **{"announcements.kontra_first_chance": False})

# Acorns proposed (indicator M8), a plain P9 on top.  Seat 1 holds seven trumps
# with béla (MK MO) and the trump 7, and the Aces of hearts and leaves; seat 0
# holds no trump; seat 2 neither.
PLAIN = deals.ACORNS_PLAIN
# The same cards with hearts proposed (indicator P9) and M8 on top.
HEARTS_PROPOSED = deals.HEARTS_PROPOSED
# Acorns proposed with the Ace of acorns on top (a trump): seat 1, holding the
# trump 7, may síber.
SEVEN_SIBER = (
    "PK PO PU P10 TA TK + ZK ZO ZU / "
    "MU M9 P9 M10 MK MO + M7 PA ZA / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon M8 T7 Z10 Z9 MA"
)
# The trump 7 is the indicator and the Ace of leaves on top: the holder of the
# trump 8 (seat 1) is the one entitled to síber.
EIGHT_SIBER = (
    "PK PO PU P10 TA TK + ZK ZO ZU / "
    "MU M9 MA M10 MK MO + M8 PA Z9 / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon M7 T7 Z10 P9 ZA"
)
# The trump 7 is the indicator and the trump 8 the top card: both seen, so the
# holder of the trump 9 (seat 1) is the one entitled to síber.
NINE_SIBER = (
    "PK PO PU P10 TA TK + ZK ZO ZU / "
    "MU M9 MA M10 MK MO + Z9 PA ZA / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon M7 T7 Z10 P9 M8"
)
# Seat 0 holds Z10, seat 1 ZK, seat 2 Z7 (and no other leaf): the first trick
# Z10 ZK Z7 goes to the King when the King ranks above the Ten.
TEN_KING = (
    "Z10 MA MK MO PA PK + PO TA TK / "
    "ZK M7 M8 M9 P7 P8 + P9 T7 T8 / "
    "Z7 MU M10 PU P10 TO + TU T10 T9 / "
    "talon Z8 ZA ZO ZU Z9"
)
# A Klopitzky deal: played out with the first legal card of each seat in pack
# order the tricks split 4-4-1 (seat 1 takes one) under both card orders.
KLOP_4_4_1 = (
    "M10 TK TA T8 PO TO + MU ZO P9 / "
    "M8 M7 MA P7 ZK Z8 + Z7 T7 T10 / "
    "MK PA ZU T9 MO PU + M9 Z10 TU / "
    "talon ZA P8 P10 Z9 PK"
)
# Two seats, acorns proposed (MO), the Ace of gourds on top; seat 0 holds the
# trump 7.  Hidden talon from the bottom: MA, PA (taken), Z8 (stops); from the
# top: M8 (taken), ZK (stops); T9 is never turned.
TWO_SIBER = (
    "M7 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "MK M10 P8 P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "talon MO MA PA Z8 T9 ZK M8 TA"
)

ALL_PASS_3 = "pass pass pass"


play_out = finish  # passes everything, shows in meld contests, plays first cards


def written(scores: dict[int, int]) -> SimpleNamespace:
    """A stand-in for a settlement: only its written score, as a session reads it."""
    return SimpleNamespace(written=dict(scores))
