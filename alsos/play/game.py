"""One hand of Alsós: the ruleset and a hand state behind a checked API.

:class:`Game` is what programs use: whose turn it is, which actions are
legal, :meth:`Game.apply` to take one (checked: an illegal action changes
nothing), what each seat may see, and the settlement.  It pairs the immutable
:class:`~alsos.ruleset.profile.Ruleset` (shared through its
:class:`~alsos.hand.engine.Engine`) with a :class:`~alsos.hand.state.HandState`, the
position, which :meth:`Game.copy` copies in a few microseconds -- the split
of OpenSpiel's game and state, with python-chess's checked surface.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from alsos.errors import ActionError
from alsos.hand.engine import Engine, engine_for
from alsos.hand.events import (
    Event,
)
from alsos.hand.history import Step
from alsos.hand.items import Item
from alsos.hand.state import HandState
from alsos.pack.actions import (
    GAME,
    Action,
    ActionParseError,
    Discard,
    Kontra,
    Play,
    parse_action,
)
from alsos.pack.cards import Card, Suit, cards_of, quote
from alsos.pack.deal import Deal
from alsos.pack.phases import Contract, Kind, Phase
from alsos.play.turn import GameCore
from alsos.play.view import PUBLIC, View, public_view, settle
from alsos.ruleset.profile import Ruleset

if TYPE_CHECKING:
    from alsos.hand.settlement import Settlement

__all__ = ["ConcurrentUseError", "Contract", "Game", "IllegalActionError", "Kind", "Phase"]


#: ``Record.from_game``, lent by :mod:`alsos.records.record` when it is imported (``import alsos``
#: imports it): what :meth:`Game.record` calls.  A one-slot list, set once.
_RECORD_BUILDER: list[Callable[..., Any] | None] = [None]


def set_record_builder(build: Callable[..., Any]) -> None:
    """Make ``build(game, seat=..., **headers)`` what :meth:`Game.record` returns.

    Called by :mod:`alsos.records.record` as it is imported: the record module sits a
    layer above this one (it replays records into games), so it hands its
    builder down rather than being imported from here.
    """
    _RECORD_BUILDER[0] = build


class IllegalActionError(ActionError):
    """An action that is not legal now.  The game is left exactly as it was.

    ``action`` is the input as given, ``phase`` and ``seat`` where the game
    stood, ``legal`` the actions that were legal, ``reason`` why this one is
    not.  Pickles with all of them (a worker process can raise it).  The
    message quotes at most the first 60 or so characters of the action.
    """

    def __init__(
        self, action: object, phase: Phase, seat: int | None, legal: tuple[Action, ...], reason: str
    ) -> None:
        self.action = action
        self.phase = phase
        self.seat = seat
        self.legal = legal
        self.reason = reason
        shown = ", ".join(str(a) for a in legal) or "none"
        if isinstance(action, str):
            text = quote(action)
        elif isinstance(action, Action):
            text = quote(str(action))
        else:  # never the repr of an arbitrary object: it may be huge
            text = f"a {type(action).__name__}"
        super().__init__(
            f"{text} is not legal for seat {seat} in phase {phase}: {reason}. Legal: {shown}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.action, self.phase, self.seat, self.legal, self.reason))


class ConcurrentUseError(RuntimeError):
    """A :class:`Game` called from a second thread while another is inside
    :meth:`Game.apply`.  A game is not thread-safe; this refusal keeps the hand
    intact: the refused call did nothing, the other one completes."""


class Game(GameCore):
    """One hand of Alsós under a :class:`~alsos.ruleset.profile.Ruleset`.

    ``seed`` fixes the shuffle; ``deal`` gives the cards explicitly instead.
    ``declared_before``: how many times each seat has declared earlier in the
    session, for profiles that limit it (``bidding.declare_limit``; a
    :class:`~alsos.play.session.Session` passes it on).  Seats are numbered
    0..players-1 in the order of play; the hand begins with the seat after
    ``dealer``.  A ``deal`` that cannot be read or does not fit the rules
    raises :class:`~alsos.DealError` (a
    :class:`~alsos.errors.NotationError`); a ``dealer`` that is not a seat, or
    ``declared_before`` not one count per seat, a plain ``ValueError``.

    The attributes below read the hand state; change it only through
    :meth:`apply`.

    Threads: a game is not thread-safe -- use it from one thread at a time
    (a server gives each table its own game, or holds its own lock around
    every call).  Misuse is detected, never silently corrupting the hand:
    :meth:`apply`, :meth:`view` or :meth:`copy` called while another thread
    is inside :meth:`apply` raises :class:`ConcurrentUseError` and does
    nothing, so the history always replays; :meth:`legal_actions` answers
    with those of a whole position, before or after the other thread's
    action (or raises as well if they are not known yet).  (A lock would
    make the game shareable, but it costs more than a guard on every
    action, and a server must order its players' requests anyway.)  A
    listener may apply the next action from inside :meth:`apply`, in the
    same thread.
    """

    __slots__ = ()  # the attributes are GameCore's

    if TYPE_CHECKING:  # the public signatures (GameCore's take anything, and say what is wrong)

        def view(self, seat: int) -> View: ...  # type: ignore[override]

        def apply(  # type: ignore[override]
            self, action: Action | str, seat: int | None = None
        ) -> tuple[Event, ...]: ...

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: int | None = None,
        deal: Deal | str | None = None,
        dealer: int = 0,
        declared_before: Sequence[int] | None = None,
    ) -> None:
        n = rules.players
        if dealer.__class__ is not int or not 0 <= dealer < n:
            raise ValueError(f"dealer {quote(dealer)} is not a seat of a {n}-player table")
        before = None
        if declared_before is not None:
            before = tuple(declared_before)
            if len(before) != n or any(v.__class__ is not int or v < 0 for v in before):
                raise ValueError(
                    f"declared_before {quote(declared_before)}: give one count of 0 or more "
                    f"per seat ({n} seats)"
                )
        if seed is not None and seed.__class__ is not int:
            raise ValueError(
                f"seed {quote(seed)} is not a whole number (or None for a random deal)"
            )
        if isinstance(deal, str):
            deal = Deal.parse(deal)
        self.rules = rules
        self._eng = engine_for(rules)
        self._s = self._eng.new_state(seed=seed, deal=deal, dealer=dealer, declared_before=before)
        self._listeners = []
        self._idle = [True]  # holds a token while no call is inside apply
        self._owner = None  # the thread delivering events to listeners
        self._views = []  # lazy views to settle before a change
        self.is_over = self._s.is_over

    @classmethod
    def from_state(cls, rules: Ruleset, state: HandState) -> Game:
        """A game around an existing hand state (taken as is, not copied)."""
        game = cls.__new__(cls)
        game.rules = rules
        game._eng = engine_for(rules)
        game._s = state
        game._listeners = []
        game._idle = [True]
        game._owner = None
        game._views = []
        game.is_over = state.is_over
        return game

    # ------------------------------------------------------------------ copy

    def copy(self) -> Game:
        """An independent game in the same position: what one does, the other does not see.

        Listeners are not copied: a copy is a new game, usually a search's.
        """
        game = Game.__new__(Game)
        game.rules = self.rules
        game._eng = self._eng
        held = self._claim("copy")
        try:
            game._s = self._s.copy()
        finally:
            if held:
                self._idle.append(True)
        game.is_over = game._s.is_over
        game._listeners = []
        game._idle = [True]
        game._owner = None
        game._views = []
        return game

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        """Same ruleset and same position, history included."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.rules == other.rules and self._s == other._s

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        return {"rules": self.rules, "state": self._s}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.rules = data["rules"]
        self._eng = engine_for(self.rules)
        self._s = data["state"]
        self._listeners = []
        self._idle = [True]
        self._owner = None
        self._views = []
        self.is_over = self._s.is_over

    # ---------------------------------------------------------------- events

    def subscribe(self, listener: Callable[[Event], object]) -> Callable[[], None]:
        """Call ``listener(event)`` for every event of every later action.

        Returns a function that unsubscribes it.  Every listener gets every
        event, whatever the others do: a listener that raises does not stop
        the rest.  Once all have had all the events, :meth:`apply` raises
        the first listener error (with a note counting any others).  The
        action was taken all the same and the game is consistent: the error
        is the listener's, and :attr:`history` shows the action.  Listeners run
        in the thread that applied, and may apply the next action.
        """
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    # ---------------------------------------------------------------- reading

    @property
    def state(self) -> HandState:
        """The hand state itself (for search and tools; change it only through :meth:`apply`)."""
        return self._s

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def seed(self) -> int | None:
        return self._s.seed

    @property
    def active(self) -> tuple[int, ...]:
        """Seats in play, in play order (four players: the dealer sits out)."""
        return self._s.active

    @property
    def deal(self) -> Deal:
        """The cards as dealt."""
        return self._eng.deal_of(self._s)

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` taken so far, enough to replay the hand."""
        return tuple(self._s.history)

    @property
    def declarer(self) -> int | None:
        return self._s.declarer

    @property
    def contract(self) -> Contract | None:
        return self._s.contract

    @property
    def trump(self) -> int:
        """The trump suit as an int (``Suit`` value), -1 without trumps."""
        return self._s.trump

    @property
    def original(self) -> Suit:
        """The suit of the indicator card, offered first in the auction."""
        return Suit(self._s.original)

    @property
    def indicator(self) -> Card:
        return Card(self._s.indicator)

    @property
    def accepted_original(self) -> bool:
        return self._s.accepted_original

    @property
    def items(self) -> tuple[Item, ...]:
        """The game and each announced figure, with their kontra chains (copies)."""
        return tuple(item.copy() for item in self._s.items)

    @property
    def hands(self) -> tuple[int, ...]:
        """Each seat's cards as a bit set (cards dealt face down excluded before the pick-up)."""
        return tuple(self._s.hands)

    @property
    def unseen(self) -> tuple[int, ...]:
        return tuple(self._s.unseen)

    @property
    def talon(self) -> tuple[int, ...]:
        """The talon cards, bottom to top, as ints."""
        return tuple(self._s.talon)

    @property
    def trick_no(self) -> int:
        """Tricks completed so far."""
        return self._s.trick_no

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick on the table: ``(seat, card)`` pairs."""
        return tuple(self._s.trick)

    @property
    def tricks(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        return tuple(self._s.tricks)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        return tuple(self._s.trick_winners)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._s.tricks_won)

    @property
    def won(self) -> tuple[int, ...]:
        """Each seat's cards won in tricks, as bit sets."""
        return tuple(self._s.won)

    @property
    def meld_winner(self) -> dict[str, int | None]:
        return dict(self._s.meld_winner)

    @property
    def settlement(self) -> Settlement | None:
        """The itemised result once the hand is over, else None (built when first asked for)."""
        return self._eng.settlement_of(self._s)

    @property
    def defenders(self) -> tuple[int, ...]:
        return self._s.defenders()

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (seen part only before the pick-up)."""
        return cards_of(self._s.hands[seat])

    def points_table(self) -> tuple[int, ...]:
        """Card points of each of the 32 cards under the current contract (shared, immutable)."""
        return self._eng.points_table(self._s)

    def public_history(self, seat: int | None = None) -> list[Step]:
        """The history as ``seat`` may know it (None: what every seat knows): one
        :class:`~alsos.hand.history.Step` per action, ``.text`` in the notation."""
        return self._eng.public_history(self._s, seat)

    def public_view(self, seat: int = PUBLIC) -> View:
        """What every seat knows now: the public observer (:func:`alsos.play.view.public_view`),
        the view of a spectator (``seat`` -1) or of a seat's public observer (``seat``
        labels it and changes nothing else)."""
        return public_view(self._eng, self._s, seat=seat)

    def record(self, seat: int | None = None, **headers: Any) -> Any:
        """The :class:`~alsos.records.record.Record` of this hand as it stands (finished or not).

        ``headers``: ``seats`` (names by seat), ``date``, ``event``, ``comments``.
        With ``seat``, the seat record: only what that seat may know, what a
        client may be sent (:meth:`Record.for_seat <alsos.records.record.Record.for_seat>`).
        The same as ``Record.from_game(game, ...)``, which type checkers see typed:
        the record module builds on this one, so it lends the method its builder
        (``set_record_builder``) instead of being imported from here.
        """
        build = _RECORD_BUILDER[0]
        if build is None:
            raise RuntimeError("no record builder: import alsos.records.record (import alsos does)")
        return build(self, seat=seat, **headers)

    def take_back(self, n: int = 1) -> None:
        """Undo the last ``n`` actions: the position, its legal actions, views and history
        are exactly as they were before them (replayed from the deal: the engine keeps
        no log to undo).  Listeners hear nothing; views handed out keep what they showed.
        For a player's undo against bots (``alsos play``'s ``undo``).

        :raises ValueError: ``n`` is not a whole number from 0 to the actions taken.
        """
        s = self._s
        if n.__class__ is not int or not 0 <= n <= len(s.history):
            raise ValueError(
                f"take_back({quote(n)}): give a whole number from 0 to {len(s.history)}, "
                "the actions taken"
            )
        fresh = Game(self.rules, deal=self.deal, dealer=s.dealer, declared_before=s.declared_before)
        for seat, action in s.history[: len(s.history) - n]:
            fresh.apply(action, seat=seat)
        fresh._s.seed, fresh._s.pack = s.seed, s.pack
        held = self._claim("take_back")
        try:
            if self._views:
                self._settle_views()
            self._s, self.is_over = fresh._s, fresh._s.is_over
        finally:
            if held:
                self._idle.append(True)

    def __repr__(self) -> str:
        s = self._s
        return (
            f"<Game {self.rules} dealer={s.dealer} phase={s.phase} to_act={s.to_act} "
            f"ply={len(s.history)}>"
        )

    # ------------------------------------------------------------------ play

    def _legal(self) -> tuple[Action, ...]:
        """The legal actions now, computed and kept if not yet (the caller holds the guard)."""
        s = self._s
        legal = s.legal
        if legal is None:
            legal = s.legal = self._eng.legal(s)
        return legal

    def _turn_error(self, action: object, seat: int | None) -> IllegalActionError | None:
        """The refusal of an action for ``seat`` when it is not its turn, else None."""
        s = self._s
        if seat is None or seat == s.to_act:
            return None
        turn = "the hand is over" if s.to_act is None else f"it is seat {s.to_act}'s turn"
        return IllegalActionError(action, s.phase, seat, (), f"not seat {seat!r}'s turn: {turn}")

    def _parsed(self, text: str, seat: int | None) -> Action:
        """The legal action ``text`` names for ``seat`` (checked in :meth:`apply`'s order:
        the turn, the text, then legality), else raise :class:`IllegalActionError`."""
        legal = self._legal()
        error = self._turn_error(text, seat)
        if error is not None:
            raise error
        parsed = self._read(text, legal)
        if parsed not in legal:
            s = self._s
            raise IllegalActionError(text, s.phase, s.to_act, legal, self._why(parsed))
        return parsed

    def _refusal(self, action: object, seat: int | None) -> IllegalActionError:
        """The error :meth:`apply` (:class:`~alsos.play.turn.GameCore`'s) raises for an
        action it does not take: not ``seat``'s turn, or not legal now."""
        legal = self._legal()
        error = self._turn_error(action, seat)
        if error is not None:
            return error
        s = self._s
        return IllegalActionError(action, s.phase, s.to_act, legal, self._why(action))

    def _settle_views(self) -> None:
        """Read every field of the lazy views still alive, before the hand changes."""
        views, self._views = self._views, []
        for ref in views:
            view = ref()
            if view is not None:
                settle(view)

    def _claim(self, what: str) -> bool:
        """Take the guard for a call that must not overlap another thread's :meth:`apply`.

        True when taken (give it back with ``self._idle.append(True)``); False
        for a listener of this thread's own :meth:`apply`, which may go on.
        ``list.pop`` is atomic, so of two threads only one takes the token,
        for a fraction of the cost of a lock.

        :raises ConcurrentUseError: if another thread is inside :meth:`apply`.
        """
        try:
            self._idle.pop()
        except IndexError:
            return self._busy(what)
        return True

    def _busy(self, what: str) -> bool:
        """The guard is taken: False if by this thread's delivery of events, else raise."""
        if self._owner == threading.get_ident():
            return False
        raise ConcurrentUseError(
            f"Game.{what}() was called while another thread is inside Game.apply(); "
            f"a game is not thread-safe: use it from one thread at a time (a lock around "
            f"every call, or one game per thread). This call did nothing."
        )

    def _deliver(self, events: tuple[Event, ...]) -> None:
        """Give every event to every listener; then raise the first error any raised."""
        errors: list[Exception] = []
        for event in events:
            for listener in tuple(self._listeners):
                try:
                    listener(event)
                except Exception as e:  # the listener's fault: the others still hear
                    errors.append(e)
        if errors:
            first = errors[0]
            if len(errors) > 1:
                others = "; ".join(quote(f"{type(e).__name__}: {e}") for e in errors[1:4])
                first.add_note(f"listeners raised {len(errors) - 1} more error(s): {others}")
            raise first

    # ------------------------------------------------------------ validation

    def _read(self, text: str, legal: tuple[Action, ...]) -> Action:
        s = self._s
        try:
            action = parse_action(text)
        except ActionParseError as e:
            raise IllegalActionError(text, s.phase, s.to_act, legal, str(e)) from None
        if isinstance(action, Kontra) and action.seat is None and action.figure != GAME:
            matches = [
                a
                for a in legal
                if isinstance(a, Kontra) and a.level == action.level and a.figure == action.figure
            ]
            if len(matches) == 1:
                return matches[0]
        return action

    def _why(self, action: object) -> str:
        s = self._s
        if s.phase is Phase.OVER:
            return "the hand is over"
        if not isinstance(action, Action):
            return f"expected an action or its text, got {type(action).__name__}"
        if isinstance(action, (Play, Discard)) and action[1].__class__ is not Card:
            return f"there is no card {action[1]} (cards are 0 to 31)"
        if isinstance(action, Play) and s.to_act is not None and s.phase is Phase.PLAY:
            bit = 1 << action.card
            if not s.hands[s.to_act] & bit:
                return f"seat {s.to_act} does not hold {action.card}"
            if s.trick:
                led = s.trick[0][1] >> 3
                return f"{action.card} breaks the duty to follow {Suit(led).name_en} or to trump"
            return f"{action.card} is held back for an announced figure"
        if isinstance(action, Play):
            return "no card is played in this phase"
        return "that is not among the legal actions"

    @property
    def engine(self) -> Engine:
        """The shared engine of this game's ruleset."""
        return self._eng
