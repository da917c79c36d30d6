"""A seat's :class:`~alsos.play.view.View` as a fixed-size NumPy vector.

:class:`ObservationEncoder` turns a view into a flat ``float32`` vector whose
shape depends only on the ruleset (the number of seats, the enabled figures,
the size of the action space).  Every value lies in ``[0, 1]``.  It reads the
view and nothing else, so it carries exactly what the seat may know: no
other seat's cards, no face-down talon card, no síber discard of another seat.

The fields, in order (``P`` seats at the table, ``A`` seats in play, ``F``
figures that make items, ``S`` the speech actions of the action space, i.e.
every action but the 32 card plays):

===============  ===============  ================================================
field            shape            meaning
===============  ===============  ================================================
``seat``         ``(P,)``         one-hot: the observing seat
``to_act``       ``(P,)``         one-hot: whose turn it is (zeros when over)
``phase``        ``(10,)``        one-hot over :class:`~alsos.Phase`, in its order
``hand``         ``(32,)``        the cards held (the seen part before the pick-up)
``unseen``       ``(1,)``         face-down cards not yet picked up, / hand size
``talon_seen``   ``(32,)``        talon cards lying face up
``trick``        ``(A, 32)``      one-hot card in each position of the current trick
``trick_seats``  ``(A, P)``       one-hot seat in each position of the current trick
``played``       ``(P, 32)``      cards each seat played to completed tricks
``won``          ``(P, 32)``      cards in each seat's completed tricks
``tricks_won``   ``(P,)``         tricks each seat took, / hand size
``declarer``     ``(P,)``         one-hot: the declarer, once there is one
``kind``         ``(4,)``         one-hot: trump, no-trumps, Betli, Klopitzky
``trump``        ``(4,)``         one-hot: the trump suit (acorns, hearts, gourds,
                                  leaves)
``items``        ``(1+F*P, 5)``   one row for the game, then one per figure and
                                  seat: present; kontra level / ladder length;
                                  log2(stake) / log2(largest possible stake);
                                  conceded as made; conceded as lost
``call``         ``(3,)``         a call is being answered; the log-scaled stakes
                                  if conceded and if played on
``said``         ``(P, S)``       the speech actions each seat was seen to take,
                                  from the seat's public history (a hidden bid
                                  counts once it is shown)
``contract``     ``(C,)``         one-hot over a ladder's ``C`` contracts (none
                                  without a ladder): the standing bid, then the
                                  contract played
``melds``        ``(P, M)``       the meld kinds each seat declared with
                                  ``declare melds`` (``M`` = 9 where the space
                                  has it, else 0): terc ... okt, vannak, béla,
                                  a 20, each counted / 4
===============  ===============  ================================================

The last two fields are empty for the profiles without a ladder, so their
vectors are what they were before Altiansz came in.  A ladder's draws, its
trumps named with ``bid <suit>``, taking the face-up card, the síber and a
seat's own discards are speech actions, so ``said`` holds them; the face-up
talon card (and the face-up discards after taking it) are in ``talon_seen``.

``encoder.fields`` lists ``(name, offset, shape)`` and
:meth:`~alsos.rl.ObservationEncoder.split`
cuts a vector back into named arrays.

An encoder remembers, per seat, the last history it read, and reads only
what was added since (a hand's history only grows): use one encoder per
thread.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from alsos.errors import RLError
from alsos.hand.chosen import named_contracts
from alsos.hand.history import MeldsNamed
from alsos.pack.actions import DECLARE_MELDS, MELD_NAMES, PLAYS, ContractBid
from alsos.pack.phases import Kind, Phase
from alsos.rl.spaces import ActionSpace, item_figures, max_actions, max_payment, max_stake
from alsos.ruleset.profile import Ruleset

if TYPE_CHECKING:
    from alsos.hand.history import Step
    from alsos.play.view import View

__all__ = [
    "MELD_KINDS",
    "InformationStateEncoder",
    "ObservationEncoder",
    "RecallOverflowError",
]

_PHASES = {p: i for i, p in enumerate(Phase)}
_KINDS = {str(k): i for i, k in enumerate(Kind)}
#: The meld kinds a ``declare melds`` makes known (ids, as its note names them).
MELD_KINDS = (*MELD_NAMES.values(), "vannak", "bela", "20")
_MELD_KIND = {name: i for i, name in enumerate(MELD_KINDS)}


class ObservationEncoder:
    """Encodes views of one ruleset's hands (see the module docs for the fields)."""

    dtype = np.float32

    def __init__(self, rules: Ruleset, space: ActionSpace | None = None) -> None:
        self.rules = rules
        self.space = space if space is not None else ActionSpace(rules)
        p = rules.players
        a = rules.active_players
        figures = item_figures(rules)
        self._slot = {
            (name, seat): 1 + i * p + seat for i, name in enumerate(figures) for seat in range(p)
        }
        first_play = self.space.index(PLAYS[0])
        self._speech = first_play  # plays come last in the space
        shapes: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (p,)),
            ("to_act", (p,)),
            ("phase", (len(Phase),)),
            ("hand", (32,)),
            ("unseen", (1,)),
            ("talon_seen", (32,)),
            ("trick", (a, 32)),
            ("trick_seats", (a, p)),
            ("played", (p, 32)),
            ("won", (p, 32)),
            ("tricks_won", (p,)),
            ("declarer", (p,)),
            ("kind", (len(Kind),)),
            ("trump", (4,)),
            ("items", (1 + len(figures) * p, 5)),
            ("call", (3,)),
            ("said", (p, first_play)),
            ("contract", (len(named_contracts(rules)),)),
            ("melds", (p, len(MELD_KINDS) if DECLARE_MELDS in self.space else 0)),
        ]
        #: the ``contract`` position of each contract bid's space index
        self._contract = {
            self.space.index(a): i
            for i, a in enumerate(a for a in self.space if isinstance(a, ContractBid))
        }
        self._melds = DECLARE_MELDS in self.space
        fields = []
        offset = 0
        for name, shape in shapes:
            fields.append((name, offset, shape))
            offset += math.prod(shape)
        #: ``(name, offset, shape)`` of each field, in order
        self.fields: tuple[tuple[str, int, tuple[int, ...]], ...] = tuple(fields)
        self._off = {name: off for name, off, _ in fields}
        #: the shape of every encoded vector
        self.shape: tuple[int] = (offset,)
        self._levels = max(len(rules.kontra.levels), 1)
        self._stake_scale = max(math.log2(max_stake(rules)), 1.0)
        self._pay_scale = max(math.log2(max(max_payment(rules), 2)), 1.0)
        self._hand = rules.hand_size
        self._said_cache: dict[int, tuple[tuple[Step, ...], _Said]] = {}

    def __repr__(self) -> str:
        return f"<ObservationEncoder {self.rules} shape={self.shape}>"

    def split(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The named fields of an encoded vector (views into it, reshaped)."""
        return {
            name: vector[off : off + math.prod(shape)].reshape(shape)
            for name, off, shape in self.fields
        }

    def _said(self, seat: int, history: tuple[Step, ...]) -> _Said:
        """What the public history says: the ``said`` indexes, the standing
        ladder contract and the meld kinds declared.

        A hand's history only grows, so the last one read for each seat is
        kept and only what was added since is read (everything again if an
        earlier entry changed, as when a hidden bid is shown).
        """
        done, said = self._said_cache.get(seat, ((), _Said()))
        n = len(done)
        if len(history) < n or history[:n] != done:
            n, said = 0, _Said()
        else:
            said = said.copy()
        base = self._off["said"]
        speech = self._speech
        index = self.space.action_index
        melds = self._melds
        width = len(MELD_KINDS)
        for step in history[n:]:
            who, note = step.seat, step.note
            i = index.get(step.action)  # type: ignore[arg-type]  # None (hidden): not found
            if i is not None and i < speech:
                said.ones.append(base + speech * who + i)
                contract = self._contract.get(i)
                if contract is not None:
                    said.contract = contract
                elif melds and note.__class__ is MeldsNamed:
                    for name in note.kinds:
                        kind = _MELD_KIND.get(name)
                        if kind is not None:
                            key = width * who + kind
                            said.melds[key] = said.melds.get(key, 0) + 1
        self._said_cache[seat] = (history, said)
        return said

    def _stake(self, value: int, scale: float) -> float:
        return min(math.log2(max(value, 1)) / scale, 1.0)

    def encode(
        self, view: View, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (written into ``out`` if given, which is returned).

        The indexes of the ones and the other values are gathered in lists and
        written with two NumPy assignments: one write per element costs more
        than the whole of the gathering.
        """
        if out is None:
            out = np.zeros(self.shape, dtype=np.float32)
        else:
            out.fill(0.0)
        o = self._off
        p = self.rules.players
        hand = self._hand
        ones = [o["seat"] + view.seat, o["phase"] + _PHASES[view.phase]]
        at: list[int] = [o["unseen"]]
        values: list[float] = [view.unseen_count / hand]
        if view.to_act is not None:
            ones.append(o["to_act"] + view.to_act)
        base = o["hand"]
        ones += [base + c for c in view.hand]
        base = o["talon_seen"]
        ones += [base + c for c in view.talon_seen]
        base, seats = o["trick"], o["trick_seats"]
        for i, (seat, c) in enumerate(view.trick):
            ones.append(base + 32 * i + c)
            ones.append(seats + p * i + seat)
        played, won = o["played"], o["won"]
        for t in view.tricks:
            taker = won + 32 * t.winner
            for seat, c in t.cards:
                ones.append(played + 32 * seat + c)
                ones.append(taker + c)
        base = o["tricks_won"]
        for seat, n in view.tricks_won.items():
            at.append(base + seat)
            values.append(n / hand)
        if view.declarer is not None:
            ones.append(o["declarer"] + view.declarer)
        if view.kind is not None:
            ones.append(o["kind"] + _KINDS[view.kind])
        if view.trump >= 0:
            ones.append(o["trump"] + view.trump)
        base = o["items"]
        slots = self._slot
        for item in view.items:
            first = base + 5 * (0 if item.label == "game" else slots[(item.label, item.seat)])
            ones.append(first)
            at += (first + 1, first + 2)
            values += (item.level / self._levels, self._stake(item.value, self._stake_scale))
            if item.conceded is not None:
                ones.append(first + (3 if item.conceded else 4))
        if view.call_stakes is not None:
            first = o["call"]
            ones.append(first)
            at += (first + 1, first + 2)
            values += (
                self._stake(view.call_stakes[0], self._pay_scale),
                self._stake(view.call_stakes[1], self._pay_scale),
            )
        said = self._said(view.seat, view.history)
        ones += said.ones
        if said.contract >= 0:
            ones.append(o["contract"] + said.contract)
        base = o["melds"]
        for key, count in said.melds.items():
            at.append(base + key)
            values.append(min(count / 4, 1.0))
        out[ones] = 1.0
        out[at] = values
        return out


class _Said:
    """What an encoder read from a public history (see ``ObservationEncoder._said``)."""

    __slots__ = ("contract", "melds", "ones")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.contract = -1
        self.melds: dict[int, int] = {}

    def copy(self) -> _Said:
        new = _Said()
        new.ones = self.ones[:]
        new.contract = self.contract
        new.melds = dict(self.melds)
        return new


class RecallOverflowError(RLError):
    """An information state longer than :class:`InformationStateEncoder`'s ``recall`` field."""


class InformationStateEncoder:
    """Encodes a seat's whole information state (perfect recall): the
    observation's fields, then ``dealt``, ``turned`` and ``recall``.

    The observation (:class:`ObservationEncoder`) says what the seat knows
    now; two different histories can end in the same observation (the same
    passes in another order, the same kontra said by another seat, the same
    tricks played in another order).  The added fields make the vector a
    one-to-one encoding of what the seat has learnt:

    ==========  ===========  ===========================================
    field       shape        meaning
    ==========  ===========  ===========================================
    ``dealt``   ``(2, 32)``  the seat's cards of the seen packets; of
                             the unseen ones, once it has picked them up
    ``turned``  ``(2, 32)``  the card turned up at the deal (the
                             indicator); the top card where the talon
                             tops up the hands
    ``recall``  ``(L,)``     the seat's takings from the talon and its
                             public history, one token a value, then
                             zeros
    ==========  ===========  ===========================================

    A token is an integer ``t`` written as ``t / V`` (``V`` the number of
    tokens: exact in ``float32``): each taking is a token for the taking seat
    and one per card it saw go; each history entry a token for the seat and
    the action's index in the space, and where the entry has a note
    (``declare melds (terc, béla)``) or is not an action of the space (a
    hidden ``discard``), a marker and the text's UTF-8 bytes, one token each.
    ``L`` is :func:`~alsos.rl.max_actions` plus 256 (notes and takings);
    a longer information state raises :class:`RecallOverflowError` rather
    than be cut short.  The scalar tokens keep the encoding one-to-one; a
    network learns mostly from the observation's fields.
    """

    dtype = np.float32

    def __init__(self, rules: Ruleset, space: ActionSpace | None = None) -> None:
        self.observation = ObservationEncoder(rules, space)
        self.rules = rules
        self.space = self.observation.space
        p = rules.players
        n = len(self.space)
        self._seen = sum(rules.deal.seen_packets)
        self._steps = n + 1  # the space's actions, then "other text"
        self._take = 1 + p * self._steps
        self._card = self._take + p
        self._note = self._card + 32
        self._byte = self._note + 1
        self._scale = float(self._byte + 256)
        length = max_actions(rules) + 256
        base = self.observation.shape[0]
        extra = [("dealt", (2, 32)), ("turned", (2, 32)), ("recall", (length,))]
        fields = list(self.observation.fields)
        offset = base
        for name, shape in extra:
            fields.append((name, offset, shape))
            offset += math.prod(shape)
        #: ``(name, offset, shape)`` of each field, in order
        self.fields: tuple[tuple[str, int, tuple[int, ...]], ...] = tuple(fields)
        self._off = {name: off for name, off, _ in fields}
        self._length = length
        #: the shape of every encoded vector
        self.shape: tuple[int] = (offset,)

    def __repr__(self) -> str:
        return f"<InformationStateEncoder {self.rules} shape={self.shape}>"

    def split(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The named fields of an encoded vector (views into it, reshaped)."""
        return {
            name: vector[off : off + math.prod(shape)].reshape(shape)
            for name, off, shape in self.fields
        }

    def tokens(self, view: View) -> list[int]:
        """The ``recall`` tokens of ``view`` (see the class docs), as integers."""
        out: list[int] = []
        for seat, cards in view.taken:
            out.append(self._take + seat)
            out += [self._card + c for c in cards]
        index = self.space.action_index
        steps = self._steps
        for step in view.history:
            action, note = step.action, step.note
            i = index.get(action)  # type: ignore[arg-type]  # None (hidden): not found
            first = 1 + step.seat * steps
            if i is None:
                out.append(first + steps - 1)
                base = step.text if action is None else str(action)
                out += [self._byte + b for b in base.encode()]
            else:
                out.append(first + i)
            if note is not None:
                out.append(self._note)
                out += [self._byte + b for b in f" ({note.text})".encode()]
        return out

    def encode(
        self,
        view: View,
        dealt: Sequence[int],
        turned: Sequence[int],
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (written into ``out`` if given, which is returned).

        ``dealt``: the seat's dealt cards as far as it knows them, in the
        order dealt (the seen packets first; the unseen ones once picked up);
        ``turned``: the indicator, then the top card where the talon tops up.

        :raises RecallOverflowError: the information state has more tokens
            than the ``recall`` field holds.
        """
        tokens = self.tokens(view)
        if len(tokens) > self._length:
            raise RecallOverflowError(
                f"seat {view.seat}'s information state has {len(tokens)} tokens;"
                f" the recall field of {self.rules} holds {self._length}"
            )
        if out is None:
            out = np.zeros(self.shape, dtype=np.float32)
        base = self.observation.shape[0]
        self.observation.encode(view, out=out[:base])
        out[base:] = 0.0
        o = self._off
        ones = [o["dealt"] + (0 if i < self._seen else 32) + c for i, c in enumerate(dealt)]
        ones += [o["turned"] + 32 * i + c for i, c in enumerate(turned)]
        out[ones] = 1.0
        start = o["recall"]
        out[start : start + len(tokens)] = np.asarray(tokens, dtype=np.float64) / self._scale
        return out
