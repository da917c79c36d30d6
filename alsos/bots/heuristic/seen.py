"""What the heuristic bot reads of one seat's knowledge, as small ints and bit sets.

:class:`Seen` is the heuristic's own narrow view: the seat, the phase, the
contract's kind and trump suit, the hand as a bit set, the trick on the table
and a few derived sets (the cards already played, the declarer's tricks).  It
is made either from a hand state (:meth:`Seen.of_state`: a playout, or a lazy
view from :meth:`Game.view <alsos.Game.view>`, which carries its state) or
from any :class:`~alsos.play.view.View` (:meth:`Seen.of_view`: a settled
view, one sent over the wire).  The bot's rules read only a :class:`Seen`, so
the public ``choose(view, legal)`` and the state-level
:meth:`~alsos.bots.heuristic.HeuristicBot.choose_state` run the same code.

A :class:`Seen` holds only what the seat may know, as its view does: its own
hand and unseen count, the public table (the trick, the completed tricks and
their winners, the items), the face-up talon cards and the public history as
the seat sees it.  The fields a view reads lazily are read here with the
view's own readers (:func:`alsos.play.view.read_field`), so both ways give the
same values; only the hot ones (hand, trick, played cards, items) are read
straight from the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from alsos.hand.chosen import named_contracts
from alsos.pack.cards import CARDS, Card
from alsos.play.view import read_field
from alsos.ruleset.tables import tables_of

if TYPE_CHECKING:
    from alsos.hand.engine import Engine
    from alsos.hand.history import Step
    from alsos.hand.state import HandState
    from alsos.pack.phases import Phase
    from alsos.play.view import View
    from alsos.ruleset.profile import Ruleset
    from alsos.ruleset.tables import RulesetTables

__all__ = ["Seen", "cards_in"]


def _byte_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    return tuple(
        tuple(tuple(CARDS[8 * s + i] for i in range(8) if b >> i & 1) for b in range(256))
        for s in range(4)
    )


_BYTE_CARDS = _byte_cards()


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of the bit set ``mask`` in pack order (as a view's hand lists them)."""
    return (
        _BYTE_CARDS[0][mask & 0xFF]
        + _BYTE_CARDS[1][(mask >> 8) & 0xFF]
        + _BYTE_CARDS[2][(mask >> 16) & 0xFF]
        + _BYTE_CARDS[3][(mask >> 24) & 0xFF]
    )


class Seen:
    """One seat's knowledge as the heuristic reads it (see the module documentation).

    Always present: ``seat``, ``phase``, ``to_act``, ``declarer``, ``trump``
    (-1: none), ``kind`` (None until the contract is known), ``rules`` and its
    ``tables`` (None for a view without a variant), ``ladder`` (whether the
    ruleset bids a contract ladder), ``hand`` (a bit set), ``unseen_count``,
    ``trick`` (the (seat, card) pairs on the table), ``players`` (seats in
    play) and ``done`` (completed tricks).  Read on first use, then kept (each
    a property over a cache field): ``cards`` (the hand in pack order),
    ``played`` (the cards of the completed tricks and of the trick on the
    table), ``declarer_won`` (the cards of the declarer's tricks), ``items``
    ((label, seat) per item), ``history``, ``talon_seen``, ``contract`` and
    ``call_stakes`` as the view has them.  ``likely`` and ``values`` are
    caches the bot's judgement keeps here for one decision (None until made:
    what ``_likely`` reads for every figure, the hand's value per trump suit).

    A plain class with declared attributes and explicit caches (no
    ``__getattr__``), so that the compiled build compiles it with mypyc.
    """

    seat: int
    phase: Phase
    to_act: int | None
    declarer: int | None
    trump: int
    kind: str | None
    rules: Ruleset | None
    tables: RulesetTables | None
    ladder: bool
    hand: int
    unseen_count: int
    trick: Sequence[tuple[int, int]]
    players: int
    done: int
    likely: Any
    values: dict[int, float] | None
    # where the fields read on first use come from: a state or a view
    _engine: Engine | None
    _state: HandState | None
    _view: View | None
    # the caches of the fields read on first use (None, or -1 for a bit set: not yet read)
    _cards: tuple[Card, ...] | None
    _played: int
    _declarer_won: int
    _items: tuple[tuple[str, int], ...] | None
    _history: tuple[Step, ...] | None
    _talon_seen: tuple[Card, ...] | None
    _contract: str | None
    _call_stakes: tuple[int, int] | None
    _known: int  # bits of _KNOWN_*: which of the fields that may be None were read

    def __init__(
        self,
        seat: int,
        phase: Phase,
        to_act: int | None,
        declarer: int | None,
        trump: int,
        kind: str | None,
        rules: Ruleset | None,
        tables: RulesetTables | None,
        hand: int,
        unseen_count: int,
        trick: Sequence[tuple[int, int]],
        players: int,
        done: int,
    ) -> None:
        self.seat = seat
        self.phase = phase
        self.to_act = to_act
        self.declarer = declarer
        self.trump = trump
        self.kind = kind
        self.rules = rules
        self.tables = tables
        self.ladder = tables is not None and _is_ladder(tables)
        self.hand = hand
        self.unseen_count = unseen_count
        self.trick = trick
        self.players = players
        self.done = done
        self.likely = None
        self.values = None
        self._engine = None
        self._state = None
        self._view = None
        self._cards = None
        self._played = -1
        self._declarer_won = -1
        self._items = None
        self._history = None
        self._talon_seen = None
        self._contract = None
        self._call_stakes = None
        self._known = 0

    @classmethod
    def of_state(
        cls,
        engine: Engine,
        s: HandState,
        seat: int,
        history: tuple[Step, ...] | None = None,
    ) -> Seen:
        """What ``seat`` knows of the hand ``s`` (live: use it before ``s`` changes).

        ``history``, if given, stands for the public history (a playout's
        view leaves it empty)."""
        contract = s.contract
        tables = engine.tables
        seen = Seen(
            seat,
            s.phase,
            s.to_act,
            s.declarer,
            s.trump,
            None if contract is None else contract.kind,
            tables.rules,
            tables,
            s.hands[seat],
            s.unseen[seat].bit_count(),
            s.trick,
            len(s.active),
            len(s.tricks),
        )
        seen._engine = engine
        seen._state = s
        if history is not None:
            seen._history = history
        return seen

    @classmethod
    def of_view(cls, view: View) -> Seen:
        """What ``view`` tells (any view: settled, eager or sent over the wire)."""
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        rules = view.rules if view.variant else None
        seen = Seen(
            view.seat,
            view.phase,
            view.to_act,
            view.declarer,
            view.trump,
            view.kind,
            rules,
            None if rules is None else tables_of(rules),
            hand,
            view.unseen_count,
            view.trick,
            len(view.tricks_won),
            len(view.tricks),
        )
        seen._view = view
        return seen

    def planned(self, trump: int) -> Seen:
        """The same knowledge, as if this seat declared a game with ``trump`` (-1: no-trumps):
        how a bidder judges the figures it would announce with that contract."""
        seen = Seen(
            self.seat,
            self.phase,
            self.to_act,
            self.seat,
            trump,
            "trump" if trump >= 0 else "no-trumps",
            self.rules,
            self.tables,
            self.hand,
            self.unseen_count,
            self.trick,
            self.players,
            self.done,
        )
        seen.ladder = self.ladder
        seen.values = self.values
        seen._engine = self._engine
        seen._state = self._state
        seen._view = self._view
        seen._cards = self._cards
        seen._played = self._played
        seen._declarer_won = self._declarer_won
        seen._items = self._items
        seen._history = self._history
        seen._talon_seen = self._talon_seen
        seen._contract = self._contract
        seen._call_stakes = self._call_stakes
        seen._known = self._known
        return seen  # likely stays None: what _likely read under the other trump suit

    # ------------------------------------------------------ read on first use

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand in pack order."""
        cards = self._cards
        if cards is None:
            cards = self._cards = cards_in(self.hand)
        return cards

    @property
    def played(self) -> int:
        """The cards of the completed tricks and of the trick on the table (a bit set)."""
        played = self._played
        if played < 0:
            played = 0
            s = self._state
            if s is not None:  # the state keeps the completed tricks' cards per winner
                for w in s.won:
                    played |= w
            else:
                for _w, cards in self._view_tricks():
                    for _s, c in cards:
                        played |= 1 << c
            for _s, c in self.trick:
                played |= 1 << c
            self._played = played
        return played

    @property
    def declarer_won(self) -> int:
        """The cards of the declarer's completed tricks (a bit set)."""
        won = self._declarer_won
        if won < 0:
            won = 0
            declarer = self.declarer
            s = self._state
            if s is not None:
                if declarer is not None:
                    won = s.won[declarer]
            else:
                for w, cards in self._view_tricks():
                    if w == declarer:
                        for _s, c in cards:
                            won |= 1 << c
            self._declarer_won = won
        return won

    @property
    def items(self) -> tuple[tuple[str, int], ...]:
        """(label, seat) of each item (the game, figures, kontras' owners)."""
        items = self._items
        if items is None:
            s = self._state
            if s is not None:
                items = tuple([(i.figure, i.seat) for i in s.items])
            else:
                view = self._view
                assert view is not None
                items = tuple([(i.label, i.seat) for i in view.items])
            self._items = items
        return items

    @property
    def history(self) -> tuple[Step, ...]:
        """The public history as the seat sees it (as its view has it)."""
        history = self._history
        if history is None:
            history = self._history = tuple(self._field("history"))
        return history

    @property
    def talon_seen(self) -> tuple[Card, ...]:
        """The talon cards the seat has seen face up (as its view has them)."""
        talon = self._talon_seen
        if talon is None:
            talon = self._talon_seen = tuple(self._field("talon_seen"))
        return talon

    @property
    def contract(self) -> str | None:
        """The contract as the view names it (None before there is one)."""
        if not self._known & _KNOWN_CONTRACT:
            self._contract = self._field("contract")
            self._known |= _KNOWN_CONTRACT
        return self._contract

    @property
    def call_stakes(self) -> tuple[int, int] | None:
        """The stakes of a pending call, as the view has them (None: none)."""
        if not self._known & _KNOWN_CALL_STAKES:
            stakes = self._field("call_stakes")
            self._call_stakes = None if stakes is None else (stakes[0], stakes[1])
            self._known |= _KNOWN_CALL_STAKES
        return self._call_stakes

    def _field(self, name: str) -> Any:
        """The view field ``name``, read with the view's own reader (or from the view)."""
        s = self._state
        if s is not None:
            engine = self._engine
            assert engine is not None
            return read_field(engine, s, self.seat, name)
        return getattr(self._view, name)

    def _view_tricks(self) -> list[tuple[int, Sequence[tuple[int, int]]]]:
        """(winner, cards) of each completed trick, from the view."""
        view = self._view
        assert view is not None
        return [(t.winner, t.cards) for t in view.tricks]


_KNOWN_CONTRACT: Final = 1
_KNOWN_CALL_STAKES: Final = 2


def _is_ladder(tables: RulesetTables) -> bool:
    """Whether the ruleset bids a contract ladder (kept with its tables)."""
    found: bool | None = tables.memo.get("heuristic.ladder")
    if found is None:
        found = tables.memo["heuristic.ladder"] = bool(named_contracts(tables.rules))
    return found
