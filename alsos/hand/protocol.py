"""The boundary between the engine and the rule modules.

A rule module is a piece of one phase family (bidding, exchange, calling,
scoring, ...) that a profile chooses by name.  Modules are **stateless**:
one instance serves every hand of a ruleset, made once with the
:class:`~alsos.ruleset.profile.Ruleset`.  What a module must remember during a hand
it keeps in its family's slot of the :class:`~alsos.hand.state.HandState`
(``state.bidding``, ``state.exchange``, ``state.calling``) as a
:class:`~alsos.hand.state.ModuleState`, so that copying a hand copies it too.

Every call a module receives names the :class:`Referee` (the engine, as
modules see it) and the state.  A module

- **reads** any attribute of the state;
- **writes** only its own slot, cards through the state's card operations
  (:meth:`~alsos.hand.state.HandState.take_from_talon`,
  :meth:`~alsos.hand.state.HandState.put_to_talon`,
  :meth:`~alsos.hand.state.HandState.swap_with_talon`), and the exchange
  fields ``siber_card``, ``siber_taken``, ``exchanged``, ``discards_left``
  (exchange modules);
- **moves the hand on** only through the referee's transitions below:
  whose turn it is and in which phase (:meth:`Referee.ask`), the contract,
  the pick-up, the start of play, the end of the hand.

The built-in modules in :mod:`alsos.hand.rules` use nothing else, so a plugin
module can do whatever a built-in one does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from alsos.hand.settlement import Settlement
    from alsos.hand.state import HandState
    from alsos.pack.actions import Action
    from alsos.pack.cards import Card
    from alsos.pack.phases import Contract, Phase
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "BiddingModule",
    "CallingModule",
    "Described",
    "ExchangeModule",
    "Referee",
    "ScoringModule",
]

#: What a module's ``describe(rules)`` returns for the rulebook:
#: (clause key, text with ``{term}`` markers, example cards).
Described = list[tuple[str, str, tuple["Card", ...]]]


class Referee(Protocol):
    """The engine's side of the boundary: the transitions a rule module may call.

    Each changes the state ``s`` and moves the hand on; none is part of the
    public :class:`~alsos.play.game.Game` API.
    """

    @property
    def rules(self) -> Ruleset:
        """The ruleset being played."""
        ...

    def ask(self, s: HandState, phase: Phase, seat: int) -> None:
        """The hand now waits for ``seat`` in ``phase`` (within the module's own phases)."""

    def start_contract(
        self, s: HandState, declarer: int | None, contract: Contract, *, original: bool
    ) -> None:
        """The auction settled the game: front announcements, or straight to play."""

    def pick_up(self, s: HandState) -> None:
        """Every seat takes up its unseen cards."""

    def after_front(self, s: HandState) -> None:
        """The cards are picked up: a back round of its own, or on to the exchange."""

    def begin_play(self, s: HandState) -> None:
        """The exchange is over: the first trick begins."""

    def switch_to_betli(self, s: HandState, seat: int) -> None:
        """``seat`` turns the game into a Betli it declares; all else lapses (huwiki)."""

    def end_thrown_in(self, s: HandState) -> None:
        """Nobody plays: the hand ends without a score."""

    def end_by_concession(self, s: HandState) -> None:
        """A call was conceded and nothing is left to play for: the hand ends."""

    def announce(
        self, s: HandState, seat: int, figure: str, *, front: bool = False, note: bool = True
    ) -> None:
        """Announce ``figure`` for ``seat`` outside its turn (a figure carried over
        from a bid, or one a rule obliges)."""

    def settle_call(self, s: HandState, index: int, multiplier: int, forced: bool | None) -> None:
        """A call decided item ``index``: its stake multiplier, and its result if conceded
        (a conceded figure no longer holds its card back)."""


class BiddingModule(Protocol):
    """Runs the auction; ends with ``start_contract`` or ``end_thrown_in``."""

    def __init__(self, rules: Ruleset) -> None: ...
    def start(self, ref: Referee, s: HandState) -> None: ...
    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]: ...
    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None: ...
    def after_pickup(self, ref: Referee, s: HandState) -> bool:
        """Called once the cards are picked up; True if the module took the turn."""
        ...

    def hides(self, s: HandState, index: int) -> bool:
        """Whether the action at history ``index`` is shown to other seats only in part."""
        ...


class ExchangeModule(Protocol):
    """Runs any talon exchange after the pick-up; ends with ``begin_play``."""

    def __init__(self, rules: Ruleset) -> None: ...
    def start(self, ref: Referee, s: HandState) -> None: ...
    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]: ...
    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None: ...
    def can_exchange(self, s: HandState, seat: int) -> bool: ...
    def can_siber(self, s: HandState, seat: int) -> bool: ...
    def discard_options(self, s: HandState, seat: int) -> tuple[Action, ...]: ...
    def exchange(self, s: HandState, seat: int) -> None: ...


class CallingModule(Protocol):
    """Offers a call in the second trick and runs the answers to it."""

    def __init__(self, rules: Ruleset) -> None: ...
    def options(self, s: HandState, seat: int) -> tuple[Action, ...]: ...
    def call(self, ref: Referee, s: HandState, seat: int, action: Action) -> None: ...
    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]: ...
    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None: ...
    def pending(self, s: HandState) -> tuple[tuple[int, ...], int, int] | None:
        """The call being answered, if any: the indices of the items it is about, and
        the multiplier they would get if the answer is to concede, or to play on."""
        ...


class ScoringModule(Protocol):
    """Turns a finished hand into its :class:`~alsos.hand.settlement.Settlement`."""

    def __call__(self, rules: Ruleset, s: HandState) -> Settlement: ...
