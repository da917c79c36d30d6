"""Events: what an action caused, as small frozen values.

:meth:`alsos.Game.apply` returns the events of the action it took, and
passes each to the game's listeners (:meth:`alsos.Game.subscribe`): the hooks
an app needs to update a screen, or a server to tell each seat what happened.
Every action produces first a :class:`Played` (a card) or a :class:`Said`
(anything else: a bid, a pass, a figure, a kontra, a call or an answer to
one, a meld, an exchange, a discard), then what it caused, in the order
it happened: :class:`ItemChanged`, :class:`PickedUp`, :class:`Took`,
:class:`MeldShown`, :class:`TrickWon`; and last, once the action is done, :class:`RoundClosed`,
:class:`PhaseChanged` and :class:`HandOver`.

Events carry no hidden card to a seat that may not see it:
``event.visible_to(seat)`` says whether a seat may see an event as it is,
and ``event.seen_by(seat)`` gives the version it may see (another seat's
síber discard becomes a :class:`Said` with no action and the text
``discard``; the cards another seat took from the talon face down become
a bare count, :class:`Took`).  They are named tuples: cheap to make, equal by value, and
plain data for :func:`alsos.to_data`.

The engine makes them where each change happens (a card played, a trick
closed, an item announced or raised, a meld detail shown), through the one
path every action takes (:meth:`alsos.hand.engine.Engine.apply`); what an action
revealed is kept with the hand's history as a
:data:`~alsos.hand.history.Note`, data rather than text to be read back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from alsos.hand.history import Note
from alsos.hand.settlement import Settlement
from alsos.pack.actions import Action
from alsos.pack.cards import Card
from alsos.pack.phases import Phase

if TYPE_CHECKING:
    from typing import TypeAlias

__all__ = [
    "EVENT_TYPES",
    "Event",
    "HandOver",
    "ItemChanged",
    "MeldShown",
    "Note",
    "PhaseChanged",
    "PickedUp",
    "Played",
    "RoundClosed",
    "Said",
    "Took",
    "TrickWon",
]


class Played(NamedTuple):
    """``seat`` played ``card`` to the trick."""

    seat: int
    card: Card

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> Played:
        return self


class Said(NamedTuple):
    """``seat`` took an action other than playing a card.

    ``public`` is the text every seat sees (the action, or ``discard`` for a
    síber discard, ``bid trumps`` for a hidden suit bid); ``private`` is True
    when the action itself is for ``seat``'s eyes only.
    """

    seat: int
    action: Action | None
    public: str
    private: bool = False

    def visible_to(self, seat: int) -> bool:
        return not self.private or seat == self.seat or self.action is None

    def seen_by(self, seat: int) -> Said:
        if self.visible_to(seat):
            return self
        return Said(self.seat, None, self.public, True)


class ItemChanged(NamedTuple):
    """An item was announced (``level`` 0) or raised by a kontra step.

    ``label`` and ``value`` as the settlement writes them (``game``, or the
    figure's id; the value with every multiplier so far); ``owner`` is the
    seat that announced the item; ``seat`` the seat that spoke.
    """

    seat: int
    label: str
    owner: int
    value: int
    level: int

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> ItemChanged:
        return self


class PickedUp(NamedTuple):
    """``seats`` took up the cards they were dealt face down (which cards is
    each seat's own business: the event carries none)."""

    seats: tuple[int, ...]

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> PickedUp:
        return self


class Took(NamedTuple):
    """``seat`` took ``n_cards`` cards from the talon into its hand: in an exchange, a
    síber or a draw (the cards it gives away come as their own actions, or face up).

    ``face_up``: those of them that lay face up, which every seat saw go;
    ``cards``: all of them, for ``seat``'s eyes only (None in the version another
    seat receives, unless every card taken lay face up).
    """

    seat: int
    n_cards: int
    face_up: tuple[Card, ...]
    cards: tuple[Card, ...] | None

    def visible_to(self, seat: int) -> bool:
        return seat == self.seat or self.cards is None or len(self.face_up) == self.n_cards

    def seen_by(self, seat: int) -> Took:
        if self.visible_to(seat):
            return self
        return Took(self.seat, self.n_cards, self.face_up, None)


class MeldShown(NamedTuple):
    """In meld validation, ``seat`` showed the next detail of its meld (``detail``)."""

    seat: int
    detail: str

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> MeldShown:
        return self


class TrickWon(NamedTuple):
    """Trick ``number`` (1 first) is complete: its cards in order, and who won it."""

    number: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> TrickWon:
        return self


class RoundClosed(NamedTuple):
    """A round of speech (``phase``: front, back or completion) closed."""

    phase: Phase

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> RoundClosed:
        return self


class PhaseChanged(NamedTuple):
    """The hand moved on to ``phase``, with ``to_act`` to act (None once over)."""

    phase: Phase
    to_act: int | None

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> PhaseChanged:
        return self


class HandOver(NamedTuple):
    """The hand is over; ``settlement`` is its result (public: the hand is finished)."""

    settlement: Settlement

    def visible_to(self, seat: int) -> bool:
        return True

    def seen_by(self, seat: int) -> HandOver:
        return self


#: Every kind of event.
EVENT_TYPES: tuple[type, ...] = (
    Played,
    Said,
    ItemChanged,
    PickedUp,
    Took,
    MeldShown,
    TrickWon,
    RoundClosed,
    PhaseChanged,
    HandOver,
)

Event: TypeAlias = (
    Played
    | Said
    | ItemChanged
    | PickedUp
    | Took
    | MeldShown
    | TrickWon
    | RoundClosed
    | PhaseChanged
    | HandOver
)
