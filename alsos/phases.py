"""Where a hand stands: its phase, the kind of game and the contract.

Kept apart from :mod:`alsos.game` so that rule modules can name phases and
contracts without importing the engine.
"""

from __future__ import annotations

import enum

from alsos.cards import Suit

__all__ = ["Contract", "Kind", "Phase"]


class Phase(enum.StrEnum):
    """What the hand is waiting for."""

    BIDDING = "bidding"
    FRONT = "front announcements"
    BACK = "back announcements"
    SIBER = "siber"
    DISCARD = "discard"
    PLAY = "play"
    COMPLETION = "completion of announcements"
    MELDS = "meld validation"
    CALL = "answer to a call"
    OVER = "over"


class Kind(enum.StrEnum):
    TRUMP = "trump"
    NO_TRUMPS = "no-trumps"
    BETLI = "betli"
    KLOPITZKY = "klopitzky"


class Contract:
    """The kind of game and its trump suit (None without trumps)."""

    __slots__ = ("kind", "trump")

    def __init__(self, kind: Kind, trump: Suit | None = None) -> None:
        self.kind = kind
        self.trump = trump

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return (self.kind, self.trump) == (other.kind, other.trump)

    def __hash__(self) -> int:
        return hash((self.kind, self.trump))

    def __str__(self) -> str:
        return f"trump {self.trump.name_en}" if self.trump is not None else str(self.kind)

    def __repr__(self) -> str:
        return f"Contract({self.kind!s}, {self.trump!s})"
