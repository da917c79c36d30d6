"""What one seat may know: its hand, the seen talon cards and the public history.

A :class:`View` is built from a hand state for one seat and
holds no hidden information: other seats' hands, the face-down talon cards and
other seats' síber discards are absent.  Bots should decide from views only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from alsos.actions import Action
from alsos.cards import CARDS, Card, cards_of

if TYPE_CHECKING:
    from alsos.engine import Engine
    from alsos.phases import Phase
    from alsos.state import HandState

__all__ = ["View", "make_view"]


@frozen
class View:
    """A seat's knowledge of the hand at one moment."""

    seat: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    unseen_count: int
    talon_seen: tuple[Card, ...]
    declarer: int | None
    contract: str | None
    trick: tuple[tuple[int, Card], ...]
    tricks_won: dict[int, int]
    items: tuple[tuple[str, int], ...]
    history: tuple[tuple[int, str], ...]
    legal: tuple[Action, ...]

    def __str__(self) -> str:
        lines = [
            f"seat {self.seat} — phase: {self.phase}; to act: {self.to_act}",
            f"contract: {self.contract or 'not settled'}"
            + (f", declarer seat {self.declarer}" if self.declarer is not None else ""),
            "hand: "
            + " ".join(c.name for c in self.hand)
            + (f" (+{self.unseen_count} unseen)" if self.unseen_count else ""),
            "talon (seen): " + (" ".join(c.name for c in self.talon_seen) or "-"),
        ]
        if self.items:
            lines.append("items: " + ", ".join(f"{label} {v}" for label, v in self.items))
        if self.trick:
            lines.append("trick: " + ", ".join(f"seat {s} {c.name}" for s, c in self.trick))
        if self.legal:
            lines.append("legal: " + ", ".join(str(a) for a in self.legal))
        return "\n".join(lines)


def make_view(engine: Engine, s: HandState, seat: int) -> View:
    """The :class:`View` of the hand ``s`` for ``seat``."""
    if not 0 <= seat < s.players:
        raise ValueError(f"seat {seat!r} is not at this {s.players}-player table")
    return View(
        seat=seat,
        phase=s.phase,
        to_act=s.to_act,
        hand=tuple(cards_of(s.hands[seat])),
        unseen_count=s.unseen[seat].bit_count(),
        talon_seen=s.talon_seen(),
        declarer=s.declarer,
        contract=None if s.contract is None else str(s.contract),
        trick=tuple((t, CARDS[c]) for t, c in s.trick),
        tricks_won={t: s.tricks_won[t] for t in s.active},
        items=tuple((i.label, i.value) for i in s.items),
        history=tuple(engine.public_history(s, seat)),
        legal=engine.legal_actions(s) if s.to_act == seat else (),
    )
