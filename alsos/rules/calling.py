"""Calling modules: gyerünk, the invitation to concede the game.

``gyerunk`` (000 "Calling"): when no figure but those the profile lists
(kassza) is announced, a seat may call at its turn to play to the second
trick.  The other side answers: concede (the callers score the game as won at
the present stake), play on (the game and kassza count double), or raise the
call one kontra step, after which the callers answer in the same way.  Each
step doubles the stake; conceding at a step pays the stake before it.
Defenders answer one by one from the seat after the declarer and the most
aggressive answer stands.

``none``: no calling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.actions import CONCEDE, GYERUNK, PLAY_ON, Action, Kontra, kontra
from alsos.cards import Card
from alsos.items import DECLARER
from alsos.phases import Kind, Phase
from alsos.rules import register

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.profile import Ruleset

__all__ = ["GyerunkCalling", "NoCalling"]


Described = list[tuple[str, str, tuple[Card, ...]]]


@register("calling", "none")
class NoCalling:
    """Calling is not part of this table's rules."""

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        return []

    def __init__(self, game: Game) -> None:
        self.game = game

    def can_call(self, seat: int) -> bool:
        return False

    def call(self, seat: int) -> None:
        raise AssertionError("no calling in this profile")

    def legal(self, seat: int) -> tuple[Action, ...]:
        return ()

    def apply(self, seat: int, action: Action) -> None:
        raise AssertionError("no calling in this profile")


@register("calling", "gyerunk")
class GyerunkCalling(NoCalling):
    """Gyerünk with concede / play on / kontra answers, up the kontra ladder."""

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        allowed = [rules.figures[f].title or f for f in rules.calling.allowed_with]
        unless = f"no figure other than {', '.join(allowed)}" if allowed else "no figure"
        last = rules.kontra.levels[-1] if rules.kontra.levels else "none"
        return [
            (
                "calling.when",
                f"If {unless} was announced, a player may call {{gyerünk}} at its turn to "
                f"play to the second trick (not in Klopitzky).",
                (),
            ),
            (
                "calling.answers",
                "The other side answers by conceding (the callers score the game as won "
                "at the present stake), by playing on (the game"
                + (" and kassza" if allowed else "")
                + f" then count double), or by raising the call with the next kontra step "
                f"(up to {last}), which the callers answer in the same way.  Each raise "
                f"doubles again; giving up pays the stake before the last raise.  Defenders "
                f"answer one at a time from the player after the declarer, and the boldest "
                f"answer stands.",
                (),
            ),
        ]

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.level = 0
        self.proposer = DECLARER
        self.resume = 0
        self.queue: list[int] = []
        self.best: int | None = None  # 0 conceded, 1 play on

    def can_call(self, seat: int) -> bool:
        g = self.game
        if g.call_used or g.contract is None or g.contract.kind is Kind.KLOPITZKY:
            return False
        allowed = g.rules.calling.allowed_with
        return all(item.is_game or item.figure in allowed for item in g.items)

    def call(self, seat: int) -> None:
        g = self.game
        g.call_used = True
        g.caller = seat
        self.resume = seat
        self.level = 0
        self.proposer = g.side_of(seat)
        g.phase = Phase.CALL
        self._ask()

    def _ask(self) -> None:
        g = self.game
        answering = self.proposer ^ 1
        if answering == DECLARER:
            assert g.declarer is not None
            self.queue = [g.declarer]
        else:
            a = g.active
            start = a.index(g.declarer) if g.declarer is not None else 0
            self.queue = [a[(start + i) % len(a)] for i in range(1, len(a))]
        self.best = None
        g.to_act = self.queue[0]

    def legal(self, seat: int) -> tuple[Action, ...]:
        out: list[Action] = []
        if not self.best:
            out.append(CONCEDE)
        out.append(PLAY_ON)
        if self.level + 1 <= len(self.game.rules.kontra.levels):
            out.append(kontra(self.level + 1, GYERUNK))
        return tuple(out)

    def apply(self, seat: int, action: Action) -> None:
        g = self.game
        self.queue.pop(0)
        if isinstance(action, Kontra):
            self.level += 1
            self.proposer = g.side_of(seat)
            self._ask()
            return
        answer = 0 if action is CONCEDE else 1
        self.best = answer if self.best is None else max(self.best, answer)
        if self.queue:
            g.to_act = self.queue[0]
            return
        if self.best == 0:
            g.call_factor = 2**self.level
            g.end_by_concession(self.proposer)
        else:
            g.call_factor = 2 ** (self.level + 1)
            g.phase = Phase.PLAY
            g.to_act = self.resume
