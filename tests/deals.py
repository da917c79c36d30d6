"""Deals shared by several test modules, in the deal notation (``alsos.Deal``).

Hands of seats 0, 1, 2: seen cards ``+`` unseen cards; then the talon from
the indicator (bottom) to the face-up top card.  Each test module names them
after what it uses them for.
"""

# Acorns proposed (indicator M8), P9 on top: neither a trump nor an Ace, so no
# síber.  Seat 1 holds the trump 7, béla and seven trumps.
ACORNS_PLAIN = (
    "PK PO PU P10 TA TK + ZK ZO ZU / "
    "MU M9 MA M10 MK MO + M7 PA ZA / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon M8 T7 Z10 Z9 P9"
)

# The same hands as ACORNS_PLAIN with hearts proposed (indicator P9) and M8 on top.
HEARTS_PROPOSED = (
    "PK PO PU P10 TA TK + ZK ZO ZU / "
    "MU M9 MA M10 MK MO + M7 PA ZA / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon P9 T7 Z10 Z9 M8"
)

# Played out by scripted.finish (first legal card in pack order), the tricks
# split 5-2-2.
KLOP_5_2_2 = (
    "PU T9 P7 ZA M9 P9 + MA Z9 TK / "
    "Z8 MU PK T7 PA T8 + ZU Z7 TA / "
    "P8 ZO M8 TU ZK PO + T10 M7 Z10 / "
    "talon MO TO MK P10 M10"
)

# Played out by scripted.finish, the tricks split 4-4-1.
KLOP_4_4_1 = (
    "MA ZU M10 MO T7 Z9 + PK T8 M9 / "
    "P9 ZO TA MK Z7 TO + ZA T10 P7 / "
    "P10 TU Z8 TK ZK PA + M8 M7 PO / "
    "talon Z10 P8 T9 MU PU"
)

# Played out by scripted.finish, the tricks split 3-3-3.
KLOP_3_3_3 = (
    "T7 M7 T10 M10 Z8 P8 + ZA MO TK / "
    "TA MU PO Z9 Z7 MA + T9 PK P7 / "
    "PA TU M9 ZU ZK P10 + Z10 P9 PU / "
    "talon M8 MK ZO TO T8"
)

# Acorns proposed (indicator MO), the Ace TA on top: the trump-7 holder (seat 2)
# may take the talon.
SIBER_TA_ON_TOP = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZA M10 P10 T10 + Z10 PK PO / "
    "M8 PU P9 TK TO TU + ZK M7 Z9 / "
    "talon MO T9 ZO ZU TA"
)

# Competing meld declarations (see the tests that use it).
MELD_CONTEST = (
    "MA MU M9 M7 Z9 T9 + Z7 T7 P9 / "
    "PA PK PO PU ZA Z10 + ZK TA MK / "
    "TK TO TU T10 ZO ZU + Z8 P8 M10 / "
    "talon M8 MO P10 T8 P7"
)

# The deal behind the written-score example of pagat, "Scoring".
SCORING_EXAMPLE = (
    "MU M9 Z7 Z8 T7 T8 + M7 P7 P8 / "
    "MA PA TA ZA M10 P10 + T10 Z10 PK / "
    "MK MO PO PU P9 TK + TO TU ZK / "
    "talon M8 T9 ZO ZU Z9"
)

# Scripted play leaves the declarer's total equal to a defender's.
TIED_GAME = (
    "ZK T7 ZU T9 T10 P9 + M9 PA TA / "
    "MU PU PO Z9 P10 PK + MK ZO TK / "
    "M7 MO Z7 M8 TO Z10 + P8 M10 T8 / "
    "talon MA TU ZA Z8 P7"
)

# A Betli deal shared by the club and house tests.
BETLI = (
    "PU MA ZA ZK T7 T8 + M7 Z7 P8 / "
    "P10 M9 ZO ZU PO T10 + Z10 PA MO / "
    "P7 M8 Z9 Z8 P9 PK + TK T9 TO / "
    "talon M10 MK MU TA TU"
)

# Two players: acorns proposed (MO), TA on top, so the trump-7 holder may síber.
TWO_PLAYER_SIBER = (
    "M7 MU M9 PK PO TK TO ZA + Z10 ZO P7 T7 / "
    "MK M10 M8 P10 PU P9 T10 TU + T8 ZU Z9 Z7 / "
    "talon MO MA PA Z8 T9 ZK P8 TA"
)
