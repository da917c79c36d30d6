"""The quiet bot: random play, but silent in the announcement rounds before and after the pick-up.

A uniformly random player says every figure and kontra it may, so its
stakes run wild; a quiet one passes whenever it may in the front and
completion rounds and otherwise chooses uniformly among the legal actions,
which keeps the number of figures and kontras nearer a real table's.  Rule
studies (``alsos simulate --bots quiet``) use it to see what rules about
figures and kontras change, which bots that never announce cannot show.
"""

from __future__ import annotations

from collections.abc import Sequence

from alsos.pack.actions import PASS, Action
from alsos.pack.deal import seeded_rng
from alsos.pack.phases import Phase
from alsos.play.view import View

__all__ = ["QuietBot"]

_QUIET = (Phase.FRONT, Phase.COMPLETION)


class QuietBot:
    """Passes in the front and completion rounds when it may; elsewhere picks at random."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded_rng(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        if view.phase in _QUIET and PASS in legal:
            return PASS
        return self.rng.choice(legal)
