"""What one seat may know: its hand, the seen talon cards and the public history.

A :class:`View` is built from a :class:`~alsos.game.Game` for one seat and
holds no hidden information: other seats' hands, the face-down talon cards and
other seats' síber discards are absent.  Bots should decide from views only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from alsos.actions import Action
from alsos.cards import CARDS, Card, cards_of

if TYPE_CHECKING:
    from alsos.game import Game, Phase

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


def make_view(game: Game, seat: int) -> View:
    if not 0 <= seat < game.players:
        raise ValueError(f"seat {seat!r} is not at this {game.players}-player table")
    seen = [CARDS[c] for c in game.talon if c in game.talon_up]
    history = tuple(game.public_history(seat))
    return View(
        seat=seat,
        phase=game.phase,
        to_act=game.to_act,
        hand=tuple(cards_of(game.hands[seat])),
        unseen_count=bin(game.unseen[seat]).count("1"),
        talon_seen=tuple(seen),
        declarer=game.declarer,
        contract=None if game.contract is None else str(game.contract),
        trick=tuple((s, CARDS[c]) for s, c in game.trick),
        tricks_won={s: game.tricks_won[s] for s in game.active},
        items=tuple((i.label, i.value) for i in game.items),
        history=history,
        legal=game.legal_actions() if game.to_act == seat else (),
    )
