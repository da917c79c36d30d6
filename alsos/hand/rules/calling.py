"""Calling modules: gyerünk, the invitation to concede the game.

``gyerunk`` (pagat, "Calling"): when no figure but those the profile lists
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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from attrs import frozen

from alsos.hand.items import DECLARER
from alsos.hand.protocol import CallingModule, Described
from alsos.hand.state import ModuleState
from alsos.language import ENGLISH, N_, Language
from alsos.pack.actions import CALL, CONCEDE, GYERUNK, PLAY_ON, Action, CallItem, Kontra, kontra
from alsos.pack.phases import Kind, Phase
from alsos.ruleset.checks import not_a_figure, unknown_value
from alsos.ruleset.registry import register

if TYPE_CHECKING:
    from alsos.hand.protocol import CallingModule, Referee
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import Ruleset

__all__ = ["CallState", "GyerunkCalling", "GyerunkParams", "NoCalling"]


@frozen
class GyerunkParams:
    """The ``gyerunk`` module's own keys (pagat, "Calling"; options from pagat,
    "Variations", "Calling").

    ``allowed_with``: figures that do not stop a call of the game (by default
    kassza, where the profile has a kassza figure).  ``targets``: ``game`` -- only
    the game can be called; ``any`` -- a seat may call the game or any figure its
    side announced, and a conceded figure counts as made.  ``call_back``: a kontra
    to a call only doubles the stake, and the side that said it may then call back.
    """

    allowed_with: tuple[str, ...] = ("kassza",)
    targets: str = "game"
    call_back: bool = False

    @classmethod
    def complete(cls, section: dict[str, Any], profile: Mapping[str, Any]) -> None:
        """Fill ``allowed_with`` when the profile leaves it out: its default names
        kassza, which only profiles with a kassza figure have -- a profile that
        leaves both out must not fail on a key its author never wrote."""
        if "allowed_with" not in section:
            figures = profile.get("figures")
            names = figures if isinstance(figures, Mapping) else {}
            section["allowed_with"] = [f for f in cls().allowed_with if f in names]


class CallState(ModuleState):
    """A call in progress (kept in ``HandState.calling``).

    ``exp``: the stake if conceded now is ``2 ** exp``; ``kontras``: raises so
    far; ``proposer``: the side putting the question; ``resume``: the seat
    that plays when the answers are done; ``queue``: seats still to answer;
    ``best``: the boldest answer so far (0 concede, 1 play on); ``deciding``:
    with ``call_back``, the kontra side chooses to call back or play on;
    ``targets``: indices of the items the call is about; ``called``: item
    indices called so far in the hand.
    """

    __slots__ = ("best", "called", "deciding", "exp", "kontras", "proposer", "queue", "resume",
                 "targets")  # fmt: skip

    def __init__(self) -> None:
        self.exp = 0
        self.kontras = 0
        self.proposer = DECLARER
        self.resume = 0
        self.queue: list[int] = []
        self.best: int | None = None
        self.deciding = False
        self.targets: list[int] = []
        self.called: set[int] = set()


def _st(s: HandState) -> CallState:
    c = s.calling
    if c is None:
        c = s.calling = CallState()
    assert isinstance(c, CallState)
    return c


def _raising(rules: Ruleset, c: GyerunkParams, lang: Language) -> str:
    """The third answer to a call, a kontra (``calling.call_back``) or a raise, as the
    last of the answers the clause ``calling.answers`` lists."""
    levels = rules.kontra.levels
    if c.call_back:
        return lang.plural(
            "or by a kontra, which doubles the stake twice without asking anything; the "
            "side that said it may then call back, putting the same question to the "
            "callers (at most {n} kontra)",
            "or by a kontra, which doubles the stake twice without asking anything; the "
            "side that said it may then call back, putting the same question to the "
            "callers (at most {n} kontras)",
            len(levels),
        )
    return lang.text(
        "or by raising the call with the next kontra step (up to {last}), which the callers "
        "answer in the same way; each raise doubles again and giving up pays the stake "
        "before the last raise",
        last=levels[-1] if levels else lang.text("none"),
    )


@register("calling", "none")
class NoCalling(CallingModule):
    """Calling is not part of this table's rules."""

    calls = False

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        return []

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        return ()

    def call(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        raise AssertionError("no calling in this profile")

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        return ()

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        raise AssertionError("no calling in this profile")

    def pending(self, s: HandState) -> tuple[tuple[int, ...], int, int] | None:
        return None


@register("calling", "gyerunk")
class GyerunkCalling(NoCalling):
    """Gyerünk with concede / play on / kontra answers, up the kontra ladder.

    The stake of a call is kept as a power of two: conceding pays it, playing
    on doubles it.  Without ``call_back`` a kontra is itself a new proposal
    one doubling higher (pagat, "Calling"); with it, a kontra doubles twice and
    the side that said it may then call back or play on (pagat, "Variations").
    """

    calls = True
    Params = GyerunkParams

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        self.own: GyerunkParams = self.params(rules)

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        own: GyerunkParams = cls.params(rules)
        problems: list[str] = []
        if own.targets not in ("game", "any"):
            problems.append(unknown_value("calling.targets", repr(own.targets), "game, any"))
        problems += [
            not_a_figure("calling.allowed_with", repr(name))
            for name in own.allowed_with
            if name not in rules.figures
        ]
        return problems

    @classmethod
    def names_items(cls, rules: Ruleset) -> bool:
        own: GyerunkParams = cls.params(rules)
        return own.targets != "game"

    @classmethod
    def max_multiplier(cls, rules: Ruleset) -> int:
        own: GyerunkParams = cls.params(rules)
        per_step = 2 if own.call_back else 1
        return int(2 ** (len(rules.kontra.levels) * per_step + 1))

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        c: GyerunkParams = cls.params(rules)
        allowed = [rules.figures[f].title or f for f in c.allowed_with]
        if c.targets == "any":
            when = lang.text(
                "At its turn to play to the second trick a player may call {gyerünk} on the "
                "game or on any figure its side announced (not in Klopitzky); a conceded "
                "figure counts as made and no longer binds its announcer."
            )
        elif allowed:
            when = lang.text(
                "If no figure other than {figures} was announced, a player may call "
                "{{gyerünk}} at its turn to play to the second trick (not in Klopitzky).",
                figures=", ".join(allowed),
            )
        else:
            when = lang.text(
                "If no figure was announced, a player may call {gyerünk} at its turn to "
                "play to the second trick (not in Klopitzky)."
            )
        answers = (
            N_(
                "The other side answers by conceding (the callers score the item as won at "
                "the present stake), by playing on (the item and kassza then count double), "
                "{raising}.  Defenders answer one at a time from the player after the "
                "declarer, and the boldest answer stands."
            )
            if allowed and c.targets == "game"
            else N_(
                "The other side answers by conceding (the callers score the item as won at "
                "the present stake), by playing on (the item then count double), "
                "{raising}.  Defenders answer one at a time from the player after the "
                "declarer, and the boldest answer stands."
            )
        )
        return [
            ("calling.when", when, ()),
            ("calling.answers", lang.text(answers, raising=_raising(rules, c, lang)), ()),
        ]

    def options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        """Calls ``seat`` may make at its turn to play to the second trick."""
        if s.contract is None or s.contract.kind is Kind.KLOPITZKY:
            return ()
        rules = self.own
        called = s.calling.called if isinstance(s.calling, CallState) else ()
        if rules.targets == "game":
            if called:
                return ()
            allowed = rules.allowed_with
            ok = all(item.is_game or item.figure in allowed for item in s.items)
            return (CALL,) if ok else ()
        side = s.side_of(seat)
        out: list[Action] = []
        for index, item in enumerate(s.items):
            if item.side != side or index in called or item.forced is not None:
                continue
            out.append(CALL if item.is_game else CallItem(item.figure, item.seat))
        return tuple(out)

    def call(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        c = _st(s)
        if isinstance(action, CallItem):
            index = next(
                i
                for i, it in enumerate(s.items)
                if it.figure == action.figure and it.seat == action.seat
            )
            c.targets = [index]
        else:
            index = 0
            allowed = self.own.allowed_with
            c.targets = [i for i, it in enumerate(s.items) if it.is_game or it.figure in allowed]
        c.called.add(index)
        s.call_used = True
        s.caller = seat
        c.resume = seat
        c.exp = 0
        c.kontras = 0
        c.proposer = s.side_of(seat)
        c.deciding = False
        self._ask(ref, s, c)

    def _ask(self, ref: Referee, s: HandState, c: CallState) -> None:
        answering = c.proposer ^ 1
        if answering == DECLARER:
            assert s.declarer is not None
            c.queue = [s.declarer]
        else:
            a = s.active
            start = a.index(s.declarer) if s.declarer is not None else 0
            c.queue = [a[(start + i) % len(a)] for i in range(1, len(a))]
        c.best = None
        ref.ask(s, Phase.CALL, c.queue[0])

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        c = _st(s)
        if c.deciding:
            return (PLAY_ON, CALL)
        out: list[Action] = []
        if not c.best:
            out.append(CONCEDE)
        out.append(PLAY_ON)
        if c.kontras < len(self.rules.kontra.levels):
            out.append(kontra(c.kontras + 1, GYERUNK))
        return tuple(out)

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        c = _st(s)
        if c.deciding:
            c.deciding = False
            if action == CALL:  # calling back: the same question, to the other side
                c.proposer = s.side_of(seat)
                self._ask(ref, s, c)
            else:
                self._play_on(ref, s, c, c.exp)
            return
        c.queue.pop(0)
        if isinstance(action, Kontra):
            c.kontras += 1
            if self.own.call_back:
                c.exp += 2
                c.deciding = True
                ref.ask(s, Phase.CALL, seat)
            else:
                c.exp += 1
                c.proposer = s.side_of(seat)
                self._ask(ref, s, c)
            return
        answer = 0 if action == CONCEDE else 1
        c.best = answer if c.best is None else max(c.best, answer)
        if c.queue:
            ref.ask(s, Phase.CALL, c.queue[0])
            return
        if c.best == 0:
            self._concede(ref, s, c)
        else:
            self._play_on(ref, s, c, c.exp + 1)

    def pending(self, s: HandState) -> tuple[tuple[int, ...], int, int] | None:
        """While a call is answered: its items, and the stakes of conceding and playing on."""
        c = s.calling
        if s.phase is not Phase.CALL or not isinstance(c, CallState):
            return None
        play_on = c.exp if c.deciding else c.exp + 1
        return tuple(c.targets), 2**c.exp, 2**play_on

    def _play_on(self, ref: Referee, s: HandState, c: CallState, exp: int) -> None:
        for index in c.targets:
            ref.settle_call(s, index, 2**exp, None)
        ref.ask(s, Phase.PLAY, c.resume)

    def _concede(self, ref: Referee, s: HandState, c: CallState) -> None:
        """The answering side gives up: the called item is won by the proposers."""
        main = c.targets[0]
        won = c.proposer == s.items[main].side
        for index in c.targets:
            ref.settle_call(s, index, 2**c.exp, won if index == main else None)
        if (s.items[main].is_game and self.own.targets == "game") or all(
            item.forced is not None for item in s.items
        ):
            ref.end_by_concession(s)
        else:
            ref.ask(s, Phase.PLAY, c.resume)
