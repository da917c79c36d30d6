"""The rule modules' referee: the engine as a module sees it, for one action.

A rule module moves the hand on only through a :class:`~alsos.hand.protocol.Referee`
(module docs of :mod:`alsos.hand.protocol`).  The engine hands each module a
:class:`ModuleReferee`: the ruleset and the transitions, nothing of the
engine's query API, and a list that collects the events the transitions
cause, where they happen (:mod:`alsos.hand.events`; no list in search, which
records none).  The transitions' rules stay the engine's; this is their
narrow door, and the few event-making helpers the engine shares with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Protocol

from alsos.hand.events import Event, ItemChanged, PickedUp, Said, Took
from alsos.hand.history import HIDDEN_KINDS, Announced, noted_text
from alsos.pack.actions import PASS, Action, Bid, Discard
from alsos.pack.cards import CARDS
from alsos.version import mypyc_attr

if TYPE_CHECKING:
    from alsos.hand.items import Item
    from alsos.hand.protocol import BiddingModule
    from alsos.hand.state import HandState
    from alsos.pack.phases import Contract, Phase
    from alsos.ruleset.profile import Ruleset

__all__ = ["ModuleReferee", "Transitions", "item_changed", "pick_up", "said_of", "took"]


class Transitions(Protocol):
    """The engine's side of a referee (:class:`alsos.hand.engine.Engine`, one layer up):
    the transitions' rules, which the engine keeps, and its bidding module."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def bidding(self) -> BiddingModule: ...
    def _start_contract(
        self,
        out: list[Event] | None,
        s: HandState,
        declarer: int | None,
        contract: Contract,
        original: bool,
    ) -> None: ...
    def _after_front(self, ref: ModuleReferee, s: HandState) -> None: ...
    def _begin_play(self, s: HandState) -> None: ...
    def _switch_to_betli(self, out: list[Event] | None, s: HandState, seat: int) -> None: ...
    def _finish(self, s: HandState) -> None: ...
    def _announce(
        self, out: list[Event] | None, s: HandState, seat: int, figure: str, front: bool
    ) -> None: ...
    def _settle_call(
        self,
        out: list[Event] | None,
        s: HandState,
        index: int,
        multiplier: int,
        forced: bool | None,
    ) -> None: ...


#: Each seat's pass, and each seat's other plain utterances once said: shared values.
PASSED: Final = tuple(Said(seat, PASS, "pass") for seat in range(4))
SAID: Final[tuple[dict[Action, Said], ...]] = tuple({} for _ in range(4))
_NEW_TUPLE: Final[Any] = tuple.__new__  # a named tuple made without its __new__'s frame


def pick_up(out: list[Event] | None, s: HandState) -> None:
    """Every seat takes up the cards dealt to it face down
    (a :class:`~alsos.hand.events.PickedUp`)."""
    if out is not None:
        unseen = s.unseen
        seats = tuple([t for t in s.active if unseen[t]])
        if seats:
            out.append(PickedUp(seats))
    s.pick_up()


def took(out: list[Event] | None, s: HandState) -> None:
    """The :class:`~alsos.hand.events.Took` of the last taking from the talon
    (``s.takes[-1]``, written by the state's card operation that took the cards)."""
    if out is not None:
        seat, cards, up = s.takes[-1]
        face_up = tuple([CARDS[c] for c in cards if up >> c & 1])
        out.append(Took(seat, len(cards), face_up, tuple([CARDS[c] for c in cards])))


def item_changed(seat: int, item: Item) -> ItemChanged:
    """The :class:`~alsos.hand.events.ItemChanged` of ``item`` as it is now, said by ``seat``."""
    # The label is the figure, or "game" for the game itself, as the settlement has it.
    # Item.stake and the named tuple's __new__, written out: most utterances of a
    # random hand are kontra steps, each with one of these.
    stake = item.base * (item.front_multiplier if item.front else 1) * item.factor * item.call
    changed = (seat, item.figure, item.seat, stake, len(item.steps))
    return _NEW_TUPLE(ItemChanged, changed)  # type: ignore[no-any-return]


@mypyc_attr(allow_interpreted_subclasses=True)  # a spy or a plugin may subclass it
class ModuleReferee:
    """The engine as a rule module sees it (:class:`~alsos.hand.protocol.Referee`), for one action.

    Narrow on purpose: the ruleset and the transitions a module may call,
    nothing of the engine's query API.  ``out`` collects the events the
    transitions cause, where they happen (None: nothing is recorded, as in
    search).  The engine keeps one without a list and makes one per action
    that records events.
    """

    def __init__(self, eng: Transitions, out: list[Event] | None) -> None:
        self._eng = eng
        self.out = out

    @property
    def rules(self) -> Ruleset:
        return self._eng.rules

    def ask(self, s: HandState, phase: Phase, seat: int) -> None:
        s.phase = phase
        s.to_act = seat

    def start_contract(
        self, s: HandState, declarer: int | None, contract: Contract, *, original: bool
    ) -> None:
        self._eng._start_contract(self.out, s, declarer, contract, original)

    def pick_up(self, s: HandState) -> None:
        pick_up(self.out, s)

    def take_from_talon(self, s: HandState, seat: int, cards: list[int]) -> None:
        s.take_from_talon(seat, cards)
        took(self.out, s)

    def swap_with_talon(self, s: HandState, seat: int, card: int, position: int) -> None:
        s.swap_with_talon(seat, card, position)
        took(self.out, s)

    def after_front(self, s: HandState) -> None:
        self._eng._after_front(self, s)

    def begin_play(self, s: HandState) -> None:
        self._eng._begin_play(s)

    def switch_to_betli(self, s: HandState, seat: int) -> None:
        self._eng._switch_to_betli(self.out, s, seat)

    def end_thrown_in(self, s: HandState) -> None:
        self._eng._finish(s)

    def end_by_concession(self, s: HandState) -> None:
        s.conceded = True
        self._eng._finish(s)

    def announce(
        self, s: HandState, seat: int, figure: str, *, front: bool = False, note: bool = True
    ) -> None:
        if figure in s.announced[seat]:
            return
        self._eng._announce(self.out, s, seat, figure, front)
        if note:
            s.notes[len(s.history) - 1] = Announced(figure)

    def settle_call(self, s: HandState, index: int, multiplier: int, forced: bool | None) -> None:
        self._eng._settle_call(self.out, s, index, multiplier, forced)


def said_of(eng: Transitions, s: HandState, seat: int, action: Action) -> Said:
    """The :class:`~alsos.hand.events.Said` of an action just taken (last in the history), as
    ``eng``'s bidding module hides it and with what the action revealed.

    Most are the same every time (no note, nothing hidden) and are shared.
    """
    index = len(s.history) - 1
    cls = action.__class__
    if cls is Discard:
        return Said(seat, action, HIDDEN_KINDS["discard"], True)
    if cls is Bid and eng.bidding.hides(s, index):
        return Said(seat, action, HIDDEN_KINDS["bid"], True)
    note = s.notes.get(index) if s.notes else None
    if note is not None:
        return Said(seat, action, noted_text(action, note))
    if action is PASS:
        return PASSED[seat]
    if cls is Bid:  # never shared: the same bid may be hidden in another hand
        return Said(seat, action, str(action))
    cache = SAID[seat]
    said = cache.get(action)
    if said is None:
        if len(cache) > 4096:  # bounded: only legal actions arrive here
            cache.clear()
        said = cache[action] = Said(seat, action, str(action))
    return said
