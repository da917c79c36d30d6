"""Where a hand stands: its phase, the kind of game and the contract.

Kept apart from :mod:`alsos.play.game` so that rule modules can name phases and
contracts without importing the engine.
"""

from __future__ import annotations

import enum

from alsos.pack.cards import Suit

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
    """The kind of game and its trump suit (None without trumps).

    ``name``: the contract of a ladder auction (altiansz: ``ultimo``,
    ``game-trull``, ...), None where the kind of game is the whole contract.
    """

    __slots__ = ("kind", "name", "trump")

    def __init__(self, kind: Kind, trump: Suit | None = None, name: str | None = None) -> None:
        self.kind = kind
        self.trump = trump
        self.name = name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return (self.kind, self.trump, self.name) == (other.kind, other.trump, other.name)

    def __hash__(self) -> int:
        return hash((self.kind, self.trump, self.name))

    def __str__(self) -> str:
        game = f"trump {self.trump.name_en}" if self.trump is not None else str(self.kind)
        return game if self.name is None else f"{self.name}, {game}"

    def __repr__(self) -> str:
        extra = "" if self.name is None else f", {self.name!r}"
        return f"Contract({self.kind!s}, {self.trump!s}{extra})"
