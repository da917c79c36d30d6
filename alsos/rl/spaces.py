"""The fixed action space of a ruleset, and the bounds derived from its data.

Learning code wants a fixed numbering of actions: a policy network outputs one
logit per index, and the legal actions of a position become a 0/1 mask over
the indexes.  :class:`ActionSpace` numbers every action that can ever be legal
under a ruleset.  It is derived from the ruleset's data alone (the suits it
bids, the contracts of its ladder, its enabled figures, the seats of its
table, its kontra ladder, its melds, whether it calls, whether it has a
síber), never by sampling games, so the numbering is stable: the same
ruleset always gives the same indexes.  Families added for a new kind of
game take indexes only in the profiles that have them, so the spaces of the
older profiles never move.

The order, family by family (a family absent from the ruleset takes no
indexes):

1. ``pass``;
2. bidding: ``accept`` (not with a ladder), ``bid <suit>`` for each suit in
   card order (acorns, hearts, gourds, leaves; a ladder's declarer names
   trumps with them), ``bid no-trumps`` (if the profile bids no-trumps or a
   ladder contract may be played without trumps), ``betli`` (if it has
   Betli, not with a ladder);
3. a ladder (altiansz, "Bidding and use of the Talon"): ``contract <id>``
   for each contract in profile order (low to high), then ``draw`` if a
   contract draws from the talon;
4. ``announce <figure>`` for each enabled figure, in profile order;
5. kontra steps: every level of the ladder on the game, then for each figure
   that makes an item, each seat and each level, ``<level> <figure>@<seat>``;
6. exchange (where the profile exchanges, or a ladder contract draws):
   ``exchange`` (a ladder: take the face-up card), then ``siber`` (with a
   síber; a ladder: with a session allowance) and ``discard <card>`` for the
   32 cards;
7. melds: with a contest, ``declare vannak``, ``declare terc`` ...
   ``declare okt``, then the validation answers ``show`` and ``kicsi``;
   without one, ``declare melds`` (one index: it takes no argument, a seat
   declares all its melds or none) if a ladder contract scores melds;
8. calling (unless the profile does not call): ``gyerunk``, ``gyerunk
   <figure>@<seat>`` (if any item may be called), ``concede``, ``play on``,
   and every level of kontra on a call;
9. the 32 cards to play, in card order (``MA`` ... ``Z7``).

The module also derives honest bounds for programs that need them
(OpenSpiel's ``max_game_length`` and utility range): :func:`max_stake`,
:func:`max_payment` and :func:`max_actions`.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, SupportsIndex

from alsos.errors import ActionError
from alsos.hand.chosen import module, named_contracts
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    BIDS,
    CALL,
    CONCEDE,
    DECLARE_MELDS,
    DECLARES,
    DISCARDS,
    DRAW,
    EXCHANGE,
    GAME,
    GYERUNK,
    KICSI,
    PASS,
    PLAY_ON,
    PLAYS,
    SHOW,
    SIBER,
    Action,
    CallItem,
    announce,
    contract_bid,
    kontra,
)
from alsos.pack.cards import Suit
from alsos.ruleset import registry
from alsos.ruleset.profile import Ruleset

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ActionSpace",
    "UnknownActionError",
    "item_figures",
    "max_actions",
    "max_payment",
    "max_stake",
]

#: Modules whose name says the family takes no actions.
_NONE = "none"


class UnknownActionError(ActionError):
    """An action or index outside a ruleset's action space."""


def item_figures(rules: Ruleset) -> tuple[str, ...]:
    """The enabled figures that become items of their own when announced.

    A ``multiplier`` figure (béla kassza) raises the game instead, so it has
    no item and no kontra ladder of its own.
    """
    return tuple(name for name, fig in rules.figures.items() if fig.enabled and _judged(fig.kind))


def _judged(kind: str) -> bool:
    """Whether figures of ``kind`` are won or lost (False: they multiply the game)."""
    return bool(registry.lookup("figures", kind).judged)


def _actions(rules: Ruleset) -> Iterator[Action]:
    """Every action that can be legal under ``rules``, in the documented order."""
    seats = range(rules.players)
    levels = range(1, len(rules.kontra.levels) + 1)
    b = rules.bidding
    figures = tuple(name for name, fig in rules.figures.items() if fig.enabled)
    items = item_figures(rules)
    contracts = named_contracts(rules)
    talon = any(c.talon for c in contracts.values())  # a ladder contract that draws
    yield PASS
    if not contracts:
        yield ACCEPT
    yield from (BIDS[suit] for suit in Suit)  # a ladder's declarer names trumps with these
    if b.no_trumps or any(c.trumps == "any" for c in contracts.values()):
        yield BIDS[None]
    if b.betli and not contracts:
        yield BETLI  # a ladder bids its Betli as a contract
    yield from (contract_bid(name) for name in contracts)
    if talon:
        yield DRAW
    yield from (announce(name) for name in figures)
    yield from (kontra(level, GAME) for level in levels)
    yield from (kontra(level, name, seat) for name in items for seat in seats for level in levels)
    # What the exchange module, and an auction that draws from the talon, may offer
    # (the two-player síber phase offers the plain swap too; after a ladder contract
    # that drew, the declarer may take the face-up card, and discards what it took).
    moves = module(rules, "exchange").moves(rules) | module(rules, "bidding").moves(rules)
    if "exchange" in moves:
        yield EXCHANGE
    if "siber" in moves:
        yield SIBER
    if "discard" in moves:
        yield from DISCARDS
    if rules.melds.contest:
        yield DECLARES[0]
        yield from (DECLARES[n] for n in range(3, 9))
        yield SHOW
        yield KICSI
    elif any(c.melds != _NONE for c in contracts.values()):
        yield DECLARE_MELDS
    calling = registry.lookup("calling", rules.calling.module)
    if calling.calls:
        yield CALL
        if calling.names_items(rules):
            yield from (CallItem(name, seat) for name in items for seat in seats)
        yield CONCEDE
        yield PLAY_ON
        yield from (kontra(level, GYERUNK) for level in levels)
    yield from PLAYS


class ActionSpace(Sequence[Action]):
    """Every action that can ever be legal under ``rules``, numbered from 0.

    ``space[i]`` is the action with index ``i``, ``space.index(action)`` the
    index of an action (:class:`UnknownActionError` for one outside the
    space), ``len(space)`` the size.  :meth:`mask` turns a position's legal
    actions into a 0/1 vector.  See the module docs for the order.
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        actions: list[Action] = []
        seen: set[Action] = set()
        for action in _actions(rules):
            if action not in seen:
                seen.add(action)
                actions.append(action)
        self._actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        #: index of each action (for reading a public history's steps)
        self.action_index: dict[Action, int] = self._index
        #: index of each action's text
        self.text_index: dict[str, int] = {str(a): i for i, a in enumerate(actions)}

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: SupportsIndex) -> Action:  # type: ignore[override]
        """The action with index ``i`` (an int or a NumPy integer, 0 to ``len - 1``)."""
        try:
            n = operator.index(i)
        except TypeError:
            n = -1
        if isinstance(i, bool) or not 0 <= n < len(self._actions):
            raise UnknownActionError(
                f"action index {i!r} is outside this action space: 0 to {len(self._actions) - 1}"
            )
        return self._actions[n]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """The index of ``action``.

        :raises UnknownActionError: (an :class:`~alsos.errors.ActionError`) for an action that is
            never legal under this ruleset.
        """
        try:
            i: int | None = self._index.get(action)  # type: ignore[call-overload]
        except TypeError:  # unhashable: no action
            i = None
        if i is None:
            raise UnknownActionError(
                f"{action!s} is not in the action space of {self.rules.id}: it is never legal there"
            )
        return i

    def indexes(self, actions: Iterable[Action]) -> list[int]:
        """The index of each action, in order.

        :raises UnknownActionError: as :meth:`index`, for the first action outside
            the space.
        """
        actions = tuple(actions)
        index = self._index
        try:  # one dict lookup each: OpenSpiel's rollouts ask this at every step
            return [index[a] for a in actions]
        except (KeyError, TypeError):
            return [self.index(a) for a in actions]

    def mask(self, legal: Iterable[Action]) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector over the space: 1 where the action is in ``legal``."""
        import numpy as np

        out = np.zeros(len(self._actions), dtype=np.int8)
        for a in legal:
            out[self.index(a)] = 1
        return out

    def __repr__(self) -> str:
        return f"<ActionSpace {self.rules} size={len(self._actions)}>"


# ------------------------------------------------------------------ bounds


def max_call_multiplier(rules: Ruleset) -> int:
    """The largest multiplier a call can put on an item (1 where no one calls).

    Each kontra on a call doubles the stake (quadruples it when the side may
    call back), and playing on doubles it once more.
    """
    calling = registry.lookup("calling", rules.calling.module)
    return int(calling.max_multiplier(rules)) if calling.calls else 1


def max_kontra_factor(rules: Ruleset) -> int:
    k = rules.kontra
    return int(max(k.front_factor, k.back_factor, 1) ** len(k.levels))


def max_stake(rules: Ruleset) -> int:
    """An upper bound on the stake of any one item (the game or a figure).

    The largest base, times the front multiplier, every kontra step said at
    the larger factor, the largest call multiplier and, for the game, every
    multiplier figure (béla kassza) announced as often as it may be.
    """
    kontra_factor = max_kontra_factor(rules)
    call = max_call_multiplier(rules)
    active = rules.active_players
    g = rules.games
    game = max(g.trump, g.no_trumps, g.betli, g.klopitzky, 1)
    for fig in rules.figures.values():
        if fig.enabled and not _judged(fig.kind):
            times = 2 if fig.once_per_side else active
            game *= int(max(fig.value * fig.front_multiplier, 1) ** times)
    best = game * kontra_factor * call
    for name in item_figures(rules):
        fig = rules.figures[name]
        best = max(best, fig.value * max(fig.front_multiplier, 1) * kontra_factor * call)
    return best


def max_payment(rules: Ruleset) -> int:
    """An upper bound on what one seat wins or pays in a hand (both signs).

    The declarer settles every item with each of the other seats; the items
    are at most the game plus each item figure announced by each seat in
    play.  Klopitzky: the seat with most tricks pays each other seat.
    """
    items = 1 + rules.active_players * len(item_figures(rules))
    payers = rules.players - 1
    return max(items * max_stake(rules) * payers, rules.games.klopitzky * payers)


def max_actions(rules: Ruleset) -> int:
    """An upper bound on the actions taken in one hand, derived from the rules' counts.

    Bidding: at most four rounds (the Betli switch included) in which each
    seat in play speaks at most once per figure it adds to a bid, plus once;
    with the alternating auction, one turn per suit too.  Speech: every
    utterance is unique -- a figure per seat, a kontra step per item and
    level, two melds per seat, the exchanges and discards -- and a round of
    speech closes once enough passes follow the last one, so each utterance
    buys at most one turn of each seat plus the passes that close the round,
    in each of the three rounds.  Calls: each item called at most once, each
    call answered by every seat after each of its kontra steps.  Meld
    validation: at most ten stages of answers (the meld's length, then each
    rank or card that decides it), one answer per seat each, in each of the
    two contests (none without a contest).
    A ladder (altiansz): at most one bid per contract, each after a draw,
    two discards and a pass of every seat; then the trumps, the face-up card
    or the síber and its discards.
    Play: every seat in play plays its hand.
    """
    a = rules.active_players
    seats = rules.players
    figures = sum(1 for f in rules.figures.values() if f.enabled)
    levels = len(rules.kontra.levels)
    talon = 32 - a * rules.hand_size
    bidding = 4 * a * (figures + 2) + 2 * len(Suit) + 2
    contracts = named_contracts(rules)
    if contracts:
        # A ladder: each bid raises, so at most one per contract, each after
        # a draw, two discards and up to one pass of every seat; then the
        # trumps, the face-up card (or the síber) and up to three discards.
        bidding += (len(contracts) + 1) * (a + 3) + 5
    exchanges = registry.lookup("exchange", rules.exchange.module).exchanges
    contest = rules.melds.contest
    utterances = (
        a * figures  # announcements
        + (1 + seats * len(item_figures(rules))) * levels  # kontra steps
        + (2 * a if contest else a)  # a sequence and vannak per seat, or declare melds
        + ((3 * a + talon) if exchanges else 0)  # exchange, síber, a pass; the discards
    )
    passes_to_close = max(rules.passes_to_close, a)
    speech = utterances + 3 * (utterances + 1) * (passes_to_close + a)
    calls = (1 + a * figures) * ((levels + 1) * (a + 1) + levels)
    melds = 2 * 10 * a if contest else 0
    play = a * rules.hand_size
    return bidding + speech + calls + melds + play
