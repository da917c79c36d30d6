"""What a seat's view says about where each card is: the facts a world must agree with.

:class:`Knowledge` reads a :class:`~alsos.play.view.View` once -- who dealt, the
cards each seat played and the suits it showed void in, melds declared and
what their validation showed, figures that must be held, exchanges, síbers
and discards, and, where the auction draws talon cards, its takings in order
(:func:`ladder_events`).  :mod:`alsos.search.determinize` samples worlds from
it, and :mod:`alsos.search.talon_draws` does for a ladder auction; both read
it, neither is read by it.
"""

from __future__ import annotations

import warnings

from alsos.errors import SearchError
from alsos.hand.chosen import module, named_contracts
from alsos.hand.history import MeldAnswer, MeldsNamed
from alsos.hand.protocol import SiberTaking
from alsos.pack.actions import DRAW, EXCHANGE, SHOW, SIBER, Announce, Declare, Discard, parse_action
from alsos.pack.cards import suit_mask
from alsos.play.view import View
from alsos.ruleset.profile import Ruleset

__all__ = ["DeterminizeError", "Knowledge", "LadderEvent", "discard_card", "ladder_events"]


class DeterminizeError(SearchError):
    """No complete hand consistent with the view was found (or the view is not one of a hand)."""


def discard_card(text: str) -> int:
    """The card of one's own ``discard XX`` as the history writes it.

    .. deprecated:: 0.3
        The search reads the typed history (a step's ``action.card``), not its
        text; use :func:`alsos.parse_action` for the notation.  Removed in 0.4.
    """
    warnings.warn(
        "alsos.search.knowledge.discard_card is deprecated (the search reads typed "
        "steps): use alsos.parse_action(text).card; it is removed in 0.4",
        DeprecationWarning,
        stacklevel=2,
    )
    action = parse_action(text)
    assert isinstance(action, Discard)
    return int(action.card)


def _siber_taking(rules: Ruleset) -> SiberTaking:
    """How a síber takes talon cards (the exchange module says:
    :meth:`~alsos.hand.protocol.ExchangeModule.siber`; a profile without one: the
    defaults, never asked)."""
    taking: SiberTaking | None = module(rules, "exchange").siber(rules)
    return SiberTaking() if taking is None else taking


class Knowledge:
    """What the view says about where each card is, read once per view."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        self.rules = rules
        self.view = view
        n = rules.players
        seat = view.seat
        first = view.history[0].seat if view.history else view.to_act
        if first is None:
            raise DeterminizeError("a view with no history and no seat to act is not a hand")
        self.dealer = (first - 1) % n
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        self.active = order[:3] if n > 3 else order
        self.hand_size = rules.hand_size
        self.k_seen = sum(rules.deal.seen_packets)
        self.talon_size = 32 - len(self.active) * self.hand_size
        self.front = view.unseen_count > 0
        self.siber_taking = _siber_taking(rules)
        #: seat -> the kinds of meld it declared (ids: ``terc``, ``bela``, ...)
        self.meld_kinds: dict[int, list[str]] = {}
        self.played: dict[int, list[int]] = {p: [] for p in self.active}
        self.void: dict[int, int] = {p: 0 for p in self.active}
        must_trump = rules.play.must_trump
        trump = view.trump
        tricks = [t.cards for t in view.tricks]
        if view.trick:
            tricks.append(view.trick)
        for trick in tricks:
            led = int(trick[0][1]) >> 3
            for p, card in trick:
                c = int(card)
                self.played[p].append(c)
                if c >> 3 != led:
                    self.void[p] |= suit_mask(led)
                    if trump >= 0 and must_trump and c >> 3 != trump:
                        self.void[p] |= suit_mask(trump)
        self.exchanger: int | None = None
        self.siber: int | None = None
        self.discards: dict[int, int] = {p: 0 for p in self.active}
        self.own_discards: list[int] = []
        self.held: dict[int, int] = {p: 0 for p in self.active}
        #: seat -> [length, top rank or None, suit set] of its declared sequence
        self.sequence: dict[int, list[object]] = {}
        #: seat -> rank of its vannak or None (declared, rank not shown)
        self.vannak: dict[int, int | None] = {}
        self._read_history(view, trump)

        #: the auction's takings from the talon, where the auction draws talon cards
        self.ladder: list[LadderEvent] | None = None
        if any(c.talon for c in named_contracts(rules).values()):
            self.ladder = ladder_events(self)
            if self.ladder is None:
                raise DeterminizeError(
                    f"seat {seat}'s history and its taken cards disagree: not a view of a hand"
                )

    def _read_history(self, view: View, trump: int) -> None:
        """What the history's steps say: melds declared and shown, the exchanger and
        the síber, discards (the card where they are this seat's), figures held."""
        seat = view.seat
        figures = self.rules.figures
        for step in view.history:
            p, action, note = step.seat, step.action, step.note
            cls = action.__class__
            if cls is Declare:
                length = action.length  # type: ignore[union-attr]
                if length:
                    self.sequence[p] = [length, None, 0b1111]
                else:
                    self.vannak[p] = None
            elif action == SHOW and note.__class__ is MeldAnswer:
                self._shown(p, note, trump)
            elif note.__class__ is MeldsNamed:
                if p != seat:
                    self.meld_kinds[p] = list(note.kinds)
            elif action == EXCHANGE:
                self.exchanger = p
            elif action == SIBER:
                self.siber = p
            elif step.kind == "discard":
                self.discards[p] += 1
                if p == seat:
                    self.own_discards.append(int(action.card))  # type: ignore[union-attr]
            elif cls is Announce and trump >= 0:
                fig = figures.get(action.figure)  # type: ignore[union-attr]
                if fig is not None and fig.must_hold:
                    self.held[p] |= fig.hold_mask(trump)

    def taken_up(self, p: int, *, first: bool = False) -> list[int]:
        """The cards the seat saw ``p``'s last (or first) taking from the talon take
        (View.taken): an exchange comes before any síber, a síber last."""
        takings = self.view.taken if first else reversed(self.view.taken)
        for t, cards in takings:
            if t == p:
                return [int(c) for c in cards]
        return []

    def _shown(self, p: int, answer: MeldAnswer, trump: int) -> None:
        """What a meld validation answer revealed of ``p``'s meld."""
        part, value = answer
        if part == "vannak":
            self.vannak[p] = value
        elif p not in self.sequence:
            return
        elif part == "top":
            self.sequence[p][1] = value
        elif part == "trumps":
            if trump >= 0:
                self.sequence[p][2] = 1 << trump if value else 0b1111 & ~(1 << trump)
        elif part == "suit":
            self.sequence[p][2] = 1 << value


#: The auction's takings from the talon, in a ladder auction.
_TAKINGS = (DRAW, EXCHANGE, SIBER)


class LadderEvent:
    """One taking from the talon in the auction: a ``draw``, an ``exchange`` or a ``siber``.

    ``discards``: the discards that followed it, the card where this seat
    knows it (its own), else None; ``seen``: the cards this seat saw taken.
    """

    __slots__ = ("discards", "kind", "seat", "seen")

    def __init__(self, seat: int, kind: str) -> None:
        self.seat = seat
        self.kind = kind
        self.discards: list[int | None] = []
        self.seen: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        """How many cards the taking moved into the hand (public)."""
        return {"draw": 2, "exchange": 1}.get(self.kind, 3)


def ladder_events(k: Knowledge) -> list[LadderEvent] | None:
    """The auction's takings in order, from the view's history and ``taken``; None if they
    disagree (a view no hand could give)."""
    view = k.view
    out: list[LadderEvent] = []
    for step in view.history:
        p, action = step.seat, step.action
        if action in _TAKINGS:
            out.append(LadderEvent(p, action.tag))
        elif step.kind == "discard":
            if not out or out[-1].seat != p:
                return None
            mine = p == view.seat and action is not None
            out[-1].discards.append(int(action.card) if mine else None)  # type: ignore[union-attr]
    if len(view.taken) != len(out):
        return None
    for event, (p, cards) in zip(out, view.taken, strict=True):
        if event.seat != p:
            return None
        event.seen = tuple(int(c) for c in cards)
    return out
