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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from alsos.pack.cards import CARDS, Card
from alsos.play.view import read_field
from alsos.ruleset.tables import tables_of

if TYPE_CHECKING:
    from alsos.hand.engine import Engine
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
    play) and ``done`` (completed tricks).  Read on first use: ``cards`` (the
    hand in pack order), ``played`` (the cards of the completed tricks and of
    the trick on the table), ``declarer_won`` (the cards of the declarer's
    tricks), ``items`` ((label, seat) per item), ``history``, ``talon_seen``,
    ``contract`` and ``call_stakes`` as the view has them.
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
    # read on first use (__getattr__)
    cards: tuple[Card, ...]
    played: int
    declarer_won: int
    items: tuple[tuple[str, int], ...]
    history: tuple[tuple[int, str], ...]
    talon_seen: tuple[Card, ...]
    contract: str | None
    call_stakes: tuple[int, int] | None

    _reader: Callable[[Seen, str], Any]

    def __getattr__(self, name: str) -> Any:
        """A field read on first use (``cards``, ``played``, ``items``, ...), then kept."""
        if name.startswith("__") or name == "_reader":
            raise AttributeError(name)
        value = self._reader(self, name)
        self.__dict__[name] = value
        return value

    @classmethod
    def of_state(
        cls,
        engine: Engine,
        s: HandState,
        seat: int,
        history: tuple[tuple[int, str], ...] | None = None,
    ) -> Seen:
        """What ``seat`` knows of the hand ``s`` (live: use it before ``s`` changes).

        ``history``, if given, stands for the public history (a playout's
        view leaves it empty)."""
        seen = cls.__new__(cls)
        d = seen.__dict__
        contract = s.contract
        d["seat"] = seat
        d["phase"] = s.phase
        d["to_act"] = s.to_act
        d["declarer"] = s.declarer
        d["trump"] = s.trump
        d["kind"] = None if contract is None else contract.kind
        tables = d["tables"] = engine.tables
        d["rules"] = tables.rules
        ladder = tables.memo.get("heuristic.ladder")  # _is_ladder, written out
        d["ladder"] = _is_ladder(tables) if ladder is None else ladder
        d["hand"] = s.hands[seat]
        d["unseen_count"] = s.unseen[seat].bit_count()
        d["trick"] = s.trick
        d["players"] = len(s.active)
        d["done"] = len(s.tricks)
        d["_source"] = (engine, s, seat)
        d["_reader"] = _read_state
        if history is not None:
            d["history"] = history
        return seen

    @classmethod
    def of_view(cls, view: View) -> Seen:
        """What ``view`` tells (any view: settled, eager or sent over the wire)."""
        seen = cls.__new__(cls)
        d = seen.__dict__
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        d["seat"] = view.seat
        d["phase"] = view.phase
        d["to_act"] = view.to_act
        d["declarer"] = view.declarer
        d["trump"] = view.trump
        d["kind"] = view.kind
        rules = d["rules"] = view.rules if view.variant else None
        tables = d["tables"] = None if rules is None else tables_of(rules)
        d["ladder"] = tables is not None and _is_ladder(tables)
        d["hand"] = hand
        d["unseen_count"] = view.unseen_count
        d["trick"] = view.trick
        d["players"] = len(view.tricks_won)
        d["done"] = len(view.tricks)
        d["_view"] = view
        d["_reader"] = _read_view
        return seen

    def planned(self, trump: int) -> Seen:
        """The same knowledge, as if this seat declared a game with ``trump`` (-1: no-trumps):
        how a bidder judges the figures it would announce with that contract."""
        seen = Seen.__new__(Seen)
        seen.__dict__.update(self.__dict__)
        seen.__dict__.pop("_rows", None)  # what _likely read under the other trump suit
        seen.__dict__.update(
            trump=trump, declarer=self.seat, kind="trump" if trump >= 0 else "no-trumps"
        )
        return seen


def _is_ladder(tables: RulesetTables) -> bool:
    """Whether the ruleset bids a contract ladder (kept with its tables)."""
    found: bool | None = tables.memo.get("heuristic.ladder")
    if found is None:
        found = tables.memo["heuristic.ladder"] = bool(tables.rules.bidding.contracts)
    return found


def _tricks_view(seen: Seen) -> list[tuple[int, Sequence[tuple[int, int]]]]:
    view: View = seen.__dict__["_view"]
    return [(t.winner, t.cards) for t in view.tricks]


def _derived(seen: Seen, name: str, tricks: list[tuple[int, Sequence[tuple[int, int]]]]) -> Any:
    if name == "cards":
        return cards_in(seen.hand)
    if name == "played":
        played = 0
        for _w, cards in tricks:
            for _s, c in cards:
                played |= 1 << c
        for _s, c in seen.trick:
            played |= 1 << c
        return played
    if name == "declarer_won":
        won = 0
        declarer = seen.declarer
        for w, cards in tricks:
            if w == declarer:
                for _s, c in cards:
                    won |= 1 << c
        return won
    raise AttributeError(f"'Seen' object has no attribute {name!r}")


_DERIVED = frozenset({"cards", "played", "declarer_won"})
_FIELDS = frozenset({"history", "talon_seen", "contract", "call_stakes"})


def _read_state(seen: Seen, name: str) -> Any:
    engine, s, seat = seen.__dict__["_source"]
    if name == "cards":
        return cards_in(seen.hand)
    if name == "items":
        return tuple([(i.figure, i.seat) for i in s.items])
    # The completed tricks' cards, as the state keeps them per winner (public: every
    # trick is shown): what _derived finds trick by trick from a view.
    if name == "played":
        played = 0
        for w in s.won:
            played |= w
        for _s, c in s.trick:
            played |= 1 << c
        return played
    if name == "declarer_won":
        declarer = seen.declarer
        return 0 if declarer is None else s.won[declarer]
    if name in _FIELDS:
        return read_field(engine, s, seat, name)
    raise AttributeError(f"'Seen' object has no attribute {name!r}")


def _read_view(seen: Seen, name: str) -> Any:
    view: View = seen.__dict__["_view"]
    if name == "items":
        return tuple([(i.label, i.seat) for i in view.items])
    if name in _FIELDS:
        return getattr(view, name)
    if name in _DERIVED:
        return _derived(seen, name, _tricks_view(seen) if name != "cards" else [])
    raise AttributeError(f"'Seen' object has no attribute {name!r}")
