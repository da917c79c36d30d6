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

from alsos.actions import CALL, CONCEDE, GYERUNK, PLAY_ON, Action, CallItem, Kontra, kontra
from alsos.items import DECLARER, Item
from alsos.phases import Kind, Phase
from alsos.rules import Described, register

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.profile import Ruleset

__all__ = ["GyerunkCalling", "NoCalling"]


@register("calling", "none")
class NoCalling:
    """Calling is not part of this table's rules."""

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        return []

    def __init__(self, game: Game) -> None:
        self.game = game

    def options(self, seat: int) -> list[Action]:
        return []

    def call(self, seat: int, action: Action) -> None:
        raise AssertionError("no calling in this profile")

    def legal(self, seat: int) -> tuple[Action, ...]:
        return ()

    def apply(self, seat: int, action: Action) -> None:
        raise AssertionError("no calling in this profile")


@register("calling", "gyerunk")
class GyerunkCalling(NoCalling):
    """Gyerünk with concede / play on / kontra answers, up the kontra ladder.

    The stake of a call is kept as a power of two: conceding pays it, playing
    on doubles it.  Without ``call_back`` a kontra is itself a new proposal
    one doubling higher (000 "Calling"); with it, a kontra doubles twice and
    the side that said it may then call back or play on (000 Variations).
    """

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        c = rules.calling
        allowed = [rules.figures[f].title or f for f in c.allowed_with]
        unless = f"no figure other than {', '.join(allowed)}" if allowed else "no figure"
        last = rules.kontra.levels[-1] if rules.kontra.levels else "none"
        if c.targets == "any":
            when = (
                "At its turn to play to the second trick a player may call {gyerünk} on the "
                "game or on any figure its side announced (not in Klopitzky); a conceded "
                "figure counts as made and no longer binds its announcer."
            )
        else:
            when = (
                f"If {unless} was announced, a player may call {{gyerünk}} at its turn to "
                f"play to the second trick (not in Klopitzky)."
            )
        if c.call_back:
            raise_text = (
                "or by a kontra, which doubles the stake twice without asking anything; "
                "the side that said it may then call back, putting the same question to "
                f"the callers (at most {len(rules.kontra.levels)} kontras)"
            )
        else:
            raise_text = (
                f"or by raising the call with the next kontra step (up to {last}), which "
                "the callers answer in the same way; each raise doubles again and giving "
                "up pays the stake before the last raise"
            )
        return [
            ("calling.when", when, ()),
            (
                "calling.answers",
                "The other side answers by conceding (the callers score the item as won at "
                "the present stake), by playing on (the item"
                + (" and kassza" if allowed and c.targets == "game" else "")
                + f" then count double), {raise_text}.  Defenders answer one at a time from "
                "the player after the declarer, and the boldest answer stands.",
                (),
            ),
        ]

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.exp = 0  # the stake if conceded now is 2 ** exp
        self.kontras = 0
        self.proposer = DECLARER
        self.resume = 0
        self.queue: list[int] = []
        self.best: int | None = None  # 0 conceded, 1 play on
        self.deciding = False  # call_back: the kontra side chooses to call back or play on
        self.targets: list[Item] = []
        self.called: set[int] = set()

    def options(self, seat: int) -> list[Action]:
        """Calls ``seat`` may make at its turn to play to the second trick."""
        g = self.game
        if g.contract is None or g.contract.kind is Kind.KLOPITZKY:
            return []
        rules = g.rules.calling
        if rules.targets == "game":
            if self.called:
                return []
            allowed = rules.allowed_with
            ok = all(item.is_game or item.figure in allowed for item in g.items)
            return [CALL] if ok else []
        side = g.side_of(seat)
        out: list[Action] = []
        for index, item in enumerate(g.items):
            if item.side != side or index in self.called or item.forced is not None:
                continue
            out.append(CALL if item.is_game else CallItem(item.figure, item.seat))
        return out

    def call(self, seat: int, action: Action) -> None:
        g = self.game
        if isinstance(action, CallItem):
            index = next(
                i
                for i, it in enumerate(g.items)
                if it.figure == action.figure and it.seat == action.seat
            )
            self.targets = [g.items[index]]
        else:
            index = 0
            allowed = g.rules.calling.allowed_with
            self.targets = [it for it in g.items if it.is_game or it.figure in allowed]
        self.called.add(index)
        g.call_used = True
        g.caller = seat
        self.resume = seat
        self.exp = 0
        self.kontras = 0
        self.proposer = g.side_of(seat)
        self.deciding = False
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
        if self.deciding:
            return (PLAY_ON, CALL)
        out: list[Action] = []
        if not self.best:
            out.append(CONCEDE)
        out.append(PLAY_ON)
        if self.kontras < len(self.game.rules.kontra.levels):
            out.append(kontra(self.kontras + 1, GYERUNK))
        return tuple(out)

    def apply(self, seat: int, action: Action) -> None:
        g = self.game
        if self.deciding:
            self.deciding = False
            if action is CALL:  # calling back: the same question, to the other side
                self.proposer = g.side_of(seat)
                self._ask()
            else:
                self._play_on(self.exp)
            return
        self.queue.pop(0)
        if isinstance(action, Kontra):
            self.kontras += 1
            if g.rules.calling.call_back:
                self.exp += 2
                self.deciding = True
                g.to_act = seat
            else:
                self.exp += 1
                self.proposer = g.side_of(seat)
                self._ask()
            return
        answer = 0 if action is CONCEDE else 1
        self.best = answer if self.best is None else max(self.best, answer)
        if self.queue:
            g.to_act = self.queue[0]
            return
        if self.best == 0:
            self._concede()
        else:
            self._play_on(self.exp + 1)

    def _play_on(self, exp: int) -> None:
        for item in self.targets:
            item.call = 2**exp
        g = self.game
        g.phase = Phase.PLAY
        g.to_act = self.resume

    def _concede(self) -> None:
        """The answering side gives up: the called item is won by the proposers."""
        g = self.game
        main = self.targets[0]
        for item in self.targets:
            item.call = 2**self.exp
        main.forced = self.proposer == main.side
        g.release(main)
        if (main.is_game and g.rules.calling.targets == "game") or all(
            item.forced is not None for item in g.items
        ):
            g.end_by_concession()
        else:
            g.phase = Phase.PLAY
            g.to_act = self.resume
