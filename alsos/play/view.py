"""What one seat may know: its hand, the seen talon cards and the public history.

A :class:`View` is built from a hand state for one seat and holds no hidden
information: other seats' hands, the face-down talon cards and other seats'
síber discards are absent.  Bots should decide from views only.  Views are
frozen attrs classes of plain values, so ``alsos.to_data(view)`` turns one
into JSON-ready data for a client.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import frozen

from alsos.errors import ActionError
from alsos.hand.history import Step
from alsos.pack.actions import Action
from alsos.pack.cards import CARDS, Card, cards_of
from alsos.pack.phases import Phase
from alsos.ruleset.tables import rules_named, tables_of

if TYPE_CHECKING:
    from alsos.hand.engine import Engine
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "PUBLIC",
    "ItemView",
    "TrickView",
    "View",
    "check_seat",
    "lazy_view",
    "make_view",
    "public_view",
    "read_field",
    "settle",
]

#: The seat a view of what every seat knows is read for (:func:`public_view`): no
#: seat's hand, legal actions, unseen cards or private history, and of the talon
#: cards taken into hands only those that lay face up.
PUBLIC = -1


@frozen
class ItemView:
    """An item at stake, labelled and valued as the settlement will (:class:`~alsos.Entry`).

    ``label`` is ``game`` or the figure's id; ``seat`` announced it (the
    declarer for the game) for ``side`` (0 the declarer's, 1 the defenders');
    ``value`` counts its base, the front multiplier, every kontra step and
    any call multiplier (``call``); ``level`` is the kontra steps said so
    far; ``conceded`` is True or False once a call decided it, else None.
    """

    label: str
    seat: int
    side: int
    value: int
    level: int = 0
    call: int = 1
    conceded: bool | None = None

    def __str__(self) -> str:
        who = "" if self.label == "game" else f" (seat {self.seat})"
        extra = f", call x{self.call}" if self.call != 1 else ""
        return f"{self.label}{who} {self.value}{extra}"


@frozen
class TrickView:
    """A completed trick: its number (1 first), who led, the cards in order, who won."""

    number: int
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def __str__(self) -> str:
        cards = ", ".join(f"seat {s} {c.name}" for s, c in self.cards)
        return f"trick {self.number}: {cards} -> seat {self.winner}"


@frozen(slots=False)
class View:
    """A seat's knowledge of the hand at one moment.

    ``tricks`` are the completed tricks and ``trick`` the one on the table;
    ``items`` what is at stake; ``call_stakes``, while a call is being
    answered, what the called items are worth if the answer is to concede and
    if it is to play on.  ``variant`` is the ruleset's canonical string
    (:attr:`rules` is the ruleset itself), ``trump`` the trump
    suit (-1: none yet, or none), ``kind`` the kind of game once known
    (``trump``, ``no-trumps``, ``betli``, ``klopitzky``).
    ``history`` is every action so far as this seat may know it, as
    :class:`~alsos.hand.history.Step` values (seat, action or None where it is
    hidden, kind, note); as data, each is ``[seat, text]`` in the history notation.

    ``taken`` remembers each taking of talon cards into a hand, in order:
    the taking seat and the cards this seat saw go -- all of them for its
    own takings (cards drawn unseen in an auction included), the ones that
    lay face up for another seat's (the indicator an exchange took, the seen
    cards and what a síber reveal turned up, Altiansz's face-up card).
    ``declared_before`` is each seat's count of contracts declared earlier in
    the session where the profile limits them (None: not counted).
    ``players`` is the number of seats at the table (0: not given), so that
    per-seat data can be sent as lists indexed by seat (:mod:`alsos.play.data`).
    """

    seat: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    unseen_count: int
    talon_seen: tuple[Card, ...]
    declarer: int | None
    contract: str | None
    trick: tuple[tuple[int, Card], ...]
    tricks_won: dict[int, int]
    items: tuple[ItemView, ...]
    history: tuple[Step, ...]
    legal: tuple[Action, ...]
    tricks: tuple[TrickView, ...] = ()
    call_stakes: tuple[int, int] | None = None
    variant: str = ""
    trump: int = -1
    kind: str | None = None
    taken: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    declared_before: tuple[int, ...] | None = None
    players: int = 0

    def __getattr__(self, name: str) -> Any:
        """A field of a view from :func:`lazy_view` not read yet: read it from the hand now."""
        data = self.__dict__
        source = data.get("_source")
        read = _READ.get(name)
        if source is None or read is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        # setdefault: a value another thread read meanwhile (from the same hand) wins.
        return data.setdefault(name, read(*source))

    @functools.cached_property
    def rules(self) -> Ruleset:
        """The :class:`~alsos.ruleset.profile.Ruleset` of the hand: the game's own for a view from
        :meth:`Game.view <alsos.Game.view>`, else the one ``variant`` names
        (:func:`alsos.ruleset.tables.rules_named`).  Not a field: it is never part of the
        view's data (``alsos.to_data``), its equality or its pickle."""
        source = self.__dict__.get("_source")
        return rules_named(self.variant) if source is None else source[0].rules

    def sorted_hand(self) -> tuple[Card, ...]:
        """The hand in the order a player holds it: trumps together first, then each other
        suit, every suit strongest card first in the order of the game being played
        (Betli's order in a Betli; the profile's plain order before a game is known)."""
        key = tables_of(self.rules).trick_keys(self.kind, self.trump)
        trump = self.trump

        def place(card: Card) -> tuple[int, int, int]:
            suit = card >> 3
            return (suit != trump, suit, -key[suit * 32 + card])

        return tuple(sorted(self.hand, key=place))

    def __getstate__(self) -> dict[str, Any]:
        """The fields only (every one read), never the hand a lazy view reads from."""
        _read_all(self)
        state = dict(self.__dict__)
        state.pop("rules", None)  # found again by its string when asked for
        return state

    def __str__(self) -> str:
        lines = [
            f"seat {self.seat} — phase: {self.phase}; to act: {self.to_act}",
            f"contract: {self.contract or 'not settled'}"
            + (f", declarer seat {self.declarer}" if self.declarer is not None else ""),
            "hand: "
            + " ".join(c.name for c in self.hand)
            + (f" (+{self.unseen_count} unseen)" if self.unseen_count else ""),
            "talon (seen): " + (" ".join(c.name for c in self.talon_seen) or "-"),
        ]
        if self.items:
            lines.append("items: " + ", ".join(str(i) for i in self.items))
        if self.call_stakes is not None:
            lines.append(f"call: {self.call_stakes[0]} if conceded, {self.call_stakes[1]} if not")
        if self.trick:
            lines.append("trick: " + ", ".join(f"seat {s} {c.name}" for s, c in self.trick))
        if self.legal:
            lines.append("legal: " + ", ".join(str(a) for a in self.legal))
        return "\n".join(lines)


def _items(engine: Engine, s: HandState, seat: int) -> tuple[ItemView, ...]:
    return tuple(
        ItemView(i.figure, i.seat, i.side, i.stake, i.level, i.call, i.forced) for i in s.items
    )


def _call_stakes(engine: Engine, s: HandState, seat: int) -> tuple[int, int] | None:
    pending = engine.calling.pending(s)
    if pending is None:
        return None
    targets, concede, play_on = pending
    base = sum(s.items[t].value for t in targets)
    return (base * concede, base * play_on)


def _tricks(engine: Engine, s: HandState, seat: int) -> tuple[TrickView, ...]:
    return tuple(
        TrickView(n + 1, t[0][0], tuple((p, CARDS[c]) for p, c in t), s.trick_winners[n])
        for n, t in enumerate(s.tricks)
    )


def _taken(engine: Engine, s: HandState, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    return tuple(
        (t, tuple(CARDS[c] for c in cards if t == seat or up >> c & 1)) for t, cards, up in s.takes
    )


#: How each field of a view that is a container is read from the hand (the plain
#: values are in :data:`_PLAIN`): a view from :meth:`Game.view <alsos.Game.view>`
#: reads each field only when first asked for it (see :func:`lazy_view`).
_DEFERRED: dict[str, Callable[[Engine, HandState, int], object]] = {
    "hand": lambda e, s, seat: tuple(cards_of(s.hands[seat])) if seat >= 0 else (),
    "talon_seen": lambda e, s, seat: s.talon_seen(),
    "contract": lambda e, s, seat: None if s.contract is None else str(s.contract),
    "trick": lambda e, s, seat: tuple([(t, CARDS[c]) for t, c in s.trick]),
    "tricks_won": lambda e, s, seat: {t: s.tricks_won[t] for t in s.active},
    "items": _items,
    "history": lambda e, s, seat: tuple(e.public_history(s, seat if seat >= 0 else None)),
    "legal": lambda e, s, seat: e.legal_actions(s) if s.to_act == seat >= 0 else (),
    "tricks": _tricks,
    "call_stakes": _call_stakes,
    "kind": lambda e, s, seat: None if s.contract is None else str(s.contract.kind),
    "taken": _taken,
    "declared_before": lambda e, s, seat: (
        None if s.declared_before is None else tuple(s.declared_before)
    ),
}


def read_field(engine: Engine, s: HandState, seat: int, name: str) -> object:
    """The view field ``name`` of ``seat`` in the hand ``s``, read as a view reads it
    (one of the fields a lazy view reads on first use: ``hand``, ``items``,
    ``history`` ...): for a client that reads the state itself, such as the
    heuristic bot's :class:`~alsos.bots.heuristic.seen.Seen`, so that both agree."""
    return _READ[name](engine, s, seat)


#: The fields of a view that are plain values of the state: :func:`make_view` copies
#: them with the others, a lazy view reads them too when first asked for (a bot that
#: reads the hand itself, as the heuristic does, reads none of them).
_PLAIN: dict[str, Callable[[Engine, HandState, int], object]] = {
    "seat": lambda e, s, seat: seat,
    "phase": lambda e, s, seat: s.phase,
    "to_act": lambda e, s, seat: s.to_act,
    "unseen_count": lambda e, s, seat: s.unseen[seat].bit_count() if seat >= 0 else 0,
    "declarer": lambda e, s, seat: s.declarer,
    "variant": lambda e, s, seat: e.variant,
    "trump": lambda e, s, seat: s.trump,
    "players": lambda e, s, seat: s.players,
}
#: Every field a lazy view reads on first use (and :func:`settle` reads at once).
#: Each reader also answers for :data:`PUBLIC`, what every seat knows: a field added
#: to :class:`View` is added here, public answer included, or no view has it.
_READ = {**_PLAIN, **_DEFERRED}


def check_seat(s: HandState, seat: int) -> None:
    """Refuse a seat that is not at the table of ``s``: an
    :class:`~alsos.errors.ActionError` (a ``ValueError``) naming it."""
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise ActionError(f"seat {seat!r} is not at this {s.players}-player table")


def make_view(engine: Engine, s: HandState, seat: int, *, history: bool = True) -> View:
    """The :class:`View` of the hand ``s`` for ``seat``, every field read now.

    ``history=False`` leaves the public history out (an empty tuple): a
    policy that never reads it (a playout's) is spared writing it out.
    """
    check_seat(s, seat)
    fields = {}
    for name, read in _READ.items():
        fields[name] = read(engine, s, seat) if history or name != "history" else ()
    view = View(**fields)  # type: ignore[arg-type]
    view.__dict__["rules"] = engine.rules  # what View.rules would find, as a plain attribute
    return view


def public_view(engine: Engine, s: HandState, *, seat: int = PUBLIC) -> View:
    """What every seat knows of the hand ``s``, every field read now: the one public
    observer, which a spectator of the web table and the public observers of the
    RL and OpenSpiel adapters all see.

    Each field is read as for a seat (:func:`make_view`), for :data:`PUBLIC`: no
    hand, no legal actions, no unseen count, the history as every seat knows it,
    and of the talon cards taken into hands only those that lay face up.
    ``seat`` labels the view -- -1 for a spectator, or the seat whose public
    observer it is (an observation tensor names its player) -- and changes
    nothing else in it.
    """
    fields = {name: read(engine, s, PUBLIC) for name, read in _READ.items()}
    fields["seat"] = seat
    view = View(**fields)  # type: ignore[arg-type]
    view.__dict__["rules"] = engine.rules
    return view


def lazy_view(engine: Engine, s: HandState, seat: int, *, history: bool = True) -> View:
    """The :class:`View` of ``s`` for ``seat``, whose containers are read when first asked for.

    Equal to :func:`make_view`'s in every field, but it costs next to nothing
    until a field is read, so a bot that reads little pays little.
    It reads the live state: the caller must :func:`settle` it before
    ``s`` changes (:class:`~alsos.Game` does in :meth:`~alsos.Game.apply`),
    or drop it (a playout's policy decides, then the view is gone).
    ``history=False`` leaves the public history out, as for :func:`make_view`.
    """
    check_seat(s, seat)
    view = View.__new__(View)
    data = view.__dict__
    data["_source"] = (engine, s, seat)
    if not history:
        data["history"] = ()
    return view


def settle(view: View) -> None:
    """Let go of the live hand a :func:`lazy_view` reads from: what its maker does
    before the hand changes (nothing for a view made by :func:`make_view`).

    The fields not read yet are read later, when asked for, from a copy of the
    hand as it stands now (:meth:`HandState.copy <alsos.hand.state.HandState.copy>`,
    a few microseconds), not all read now: reading them walked the whole public
    history, so a bot program that held its view while it applied the move it
    chose paid for a view it never read, more with every step of the hand.  A
    view whose every field is read already keeps no copy.
    """
    data = view.__dict__
    source = data.get("_source")
    if source is None:
        return
    if all(name in data for name in _READ):
        _read_all(view)  # nothing left to read: only let go of the hand
        return
    engine, s, seat = source
    data["_source"] = (engine, s.copy(), seat)


def _read_all(view: View) -> None:
    """Read every field of a lazy view not read yet, and let go of the hand it reads."""
    data = view.__dict__
    source = data.get("_source")
    if source is not None:
        for name, read in _READ.items():
            if name not in data:
                data.setdefault(name, read(*source))
        data.setdefault("rules", source[0].rules)
        data.pop("_source", None)
