"""The random bot: a seeded player that picks uniformly among the legal actions."""

from __future__ import annotations

from collections.abc import Sequence

from alsos.pack.actions import Action
from alsos.pack.deal import seeded_rng
from alsos.play.view import View

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions; seeded for reproducible games.

    It says every kontra and figure it may, so its hands are long and wild:
    a baseline for tests and for measuring other bots, not an opponent.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded_rng(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        return self.rng.choice(legal)
