"""Playouts: a copy of a position played on at random to its settlement.

The inner loop of sampling bots.  A playout copies the position and lets
every seat play a uniformly random legal card.  The policy:

* where a card may be played, a card is played, drawn uniformly among the
  legal ones (:func:`random_card`): no announcement, meld or call in the
  first trick's speech, no call before the second trick;
* otherwise, where ``pass`` is legal (the completion round after the first
  trick), pass;
* otherwise (answering a meld or a call, síber discards) an action drawn
  uniformly among the legal ones.

Every action goes through the engine's one path, :meth:`Engine.apply
<alsos.hand.engine.Engine.apply>` (the one :meth:`alsos.Game.apply` takes, here
recording no events: :func:`to_cards`); once only cards are left, cards go through the
engine's own functions: :meth:`Engine.legal_mask
<alsos.hand.engine.Engine.legal_mask>` for the legal cards,
:func:`alsos.hand.tricks.take_trick` to close each trick and
:meth:`Engine.hand_ends <alsos.hand.engine.Engine.hand_ends>` for the end (not
asked each trick where :meth:`Engine.ends_only_after_last_trick
<alsos.hand.engine.Engine.ends_only_after_last_trick>` says only the last trick
ends the hand); the result is the payments of the engine's scoring
(:meth:`Engine.payments <alsos.hand.engine.Engine.payments>`, without the
itemised settlement).  Once only cards are left,
:func:`play_cards` plays whole tricks without the bookkeeping a game keeps
for its record (history, turn counters).  The tests play the same draws
through :class:`alsos.Game` and compare the settlements.

:func:`playouts` runs many playouts of one position that has only cards
left to play on one working copy, and settles endings whose tricks mean the
same for the settlement (:class:`~alsos.search.solver.PayoffKey`) once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from alsos.hand.engine import Engine, engine_for
from alsos.hand.tricks import take_trick
from alsos.pack.actions import PASS, PLAYS, Action
from alsos.pack.phases import Phase
from alsos.search.solver import PayoffKey, check_solvable

if TYPE_CHECKING:
    from collections.abc import Callable

    from alsos.hand.state import HandState
    from alsos.play.game import Game

__all__ = ["play_cards", "playout", "playouts", "random_card", "to_cards"]

_PLAY: Final = Phase.PLAY
_SPEECH: Final = frozenset((Phase.FRONT, Phase.BACK, Phase.COMPLETION))

#: The number of cards in each 16-bit half of a set of cards: a card set's size is
#: ``_HALF_SIZE[m & 0xFFFF] + _HALF_SIZE[m >> 16]``.  The compiled build reads a C
#: static tuple, where ``int.bit_count()`` is a method looked up on a boxed int
#: for every card played; interpreted, the two are about as fast.
_HALF_SIZE: Final = tuple(i.bit_count() for i in range(1 << 16))


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly drawn card of the set ``mask``: the k-th lowest, k = int(rng.random() * size).

    A set of one card is played without drawing.
    """
    if mask & (mask - 1):
        for _ in range(int(rng.random() * (_HALF_SIZE[mask & 0xFFFF] + _HALF_SIZE[mask >> 16]))):
            mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(game: Game, rng: random.Random | None = None) -> dict[int, int]:
    """Play a copy of ``game`` to its end by the playout policy; return its payments.

    The payments are the settlement's (seat -> stakes gained, negative: paid),
    read by the scoring module without building the itemised
    :class:`~alsos.hand.settlement.Settlement` (the engine's
    :meth:`~alsos.hand.engine.Engine.payments`).

    ``game`` itself is not changed.  ``rng`` (default: a fresh unseeded
    ``random.Random``) makes the playout reproducible.  Until only cards are
    left (the first trick's speech, meld answers) every step goes through the
    engine as a game's would (:func:`to_cards`); from there whole tricks are
    played by :func:`play_cards`.
    """
    if rng is None:
        rng = random.Random()
    eng = engine_for(game.rules)
    s = game.state.copy()
    if to_cards(eng, s, rng):
        play_cards(eng, s, rng.random)
    return eng.payments(s)


def to_cards(eng: Engine, s: HandState, rng: random.Random) -> bool:
    """Take the playout policy's steps in ``s`` (changed in place) through the engine
    until only cards are left to play: True then, False if the hand ended first.

    The steps :func:`playout` takes before :func:`play_cards`: the first trick's
    cards (drawn as :func:`random_card` draws; no announcement, meld or call is
    made with them), ``pass`` where a round of speech allows it, and a random
    action where nothing else is possible (meld answers, síber discards).  A
    position with only cards left takes no step.
    """
    while not s.is_over:
        if s.phase is _PLAY and not s.discards_left:
            if s.trick_no or not s.speech_in_first_trick:
                return True
            seat: int = s.to_act  # type: ignore[assignment]
            action: Action = PLAYS[random_card(eng.legal_mask(s, seat), rng)]
        else:
            legal = eng.legal_actions(s)
            action = PASS if s.phase in _SPEECH and PASS in legal else rng.choice(legal)
        eng.apply(s, s.to_act, action)  # type: ignore[arg-type]
    return False


def play_cards(eng: Engine, s: HandState, draw: Callable[[], float]) -> None:
    """Play random legal cards in ``s`` to the hand's last trick (only cards left to play).

    Each card is the k-th lowest legal one for k = int(draw() * count), as
    :func:`random_card` draws.  The tricks, won cards and trick counts end
    as :meth:`Engine.apply <alsos.hand.engine.Engine.apply>` leaves them; the
    bookkeeping a game keeps besides (history, whose turn, the phase) is not
    kept: the caller settles ``s`` with the engine's scoring
    (:meth:`Engine.payments <alsos.hand.engine.Engine.payments>`).
    """
    # Without a Betli declarer or a ``decided`` hook only the last trick ends
    # the hand (the engine says so): then hand_ends need not be asked each trick.
    # (The engine's methods are called as such, not through local names: as
    # fast interpreted, and direct C calls in the compiled build.)
    every_trick = not eng.ends_only_after_last_trick(s)
    last = eng.hand_size
    after = s.after
    n = eng.n_active
    hands = s.hands
    trick = s.trick
    seat: int = s.to_act  # type: ignore[assignment]
    while True:
        for _ in range(n - len(trick)):
            mask = eng.legal_mask(s, seat)
            if mask & (mask - 1):  # random_card, written out: the playout's hot line
                k = int(draw() * (_HALF_SIZE[mask & 0xFFFF] + _HALF_SIZE[mask >> 16]))
                while k:
                    mask &= mask - 1
                    k -= 1
            mask &= -mask
            hands[seat] ^= mask
            trick.append((seat, mask.bit_length() - 1))
            seat = after[seat]
        seat = take_trick(s, trick)[0]
        trick.clear()  # s.trick, emptied for the next trick
        if eng.hand_ends(s, seat) if every_trick else s.trick_no == last:
            return


def playouts(game: Game, count: int, rng: random.Random | None = None) -> list[dict[int, int]]:
    """The payments (seat -> stakes) of ``count`` playouts of ``game``.

    The position must have only cards left to play (as for
    :func:`~alsos.search.solver.solve`; :class:`~alsos.search.solver.SolveError`
    otherwise).  Each result equals ``playout(game, rng)`` with the
    same draws; each is a fresh dict.  Endings that mean the same for the
    settlement (equal :class:`~alsos.search.solver.PayoffKey`) are settled once.
    """
    s0 = game.state
    check_solvable(s0)
    if rng is None:
        rng = random.Random()
    eng = engine_for(game.rules)
    payments_of = eng.payments
    payoff_key = PayoffKey(eng, s0)
    known: dict[object, dict[int, int]] = {}
    draw = rng.random
    out = []
    # One working copy, reset before each playout (cheaper than a copy each time).
    s = s0.copy()
    hands, won, tricks_won = s.hands, s.won, s.tricks_won
    start = (s0.hands[:], s0.won[:], s0.tricks_won[:], s0.trick_no)
    for _ in range(count):
        hands[:], won[:], tricks_won[:], s.trick_no = start
        s.trick_winners = s0.trick_winners[:]
        s.tricks = s0.tricks[:]
        s.trick = s0.trick[:]
        s.to_act = s0.to_act
        play_cards(eng, s, draw)
        k = (*payoff_key(s), s.trick_winners[-1])
        payments = known.get(k)
        if payments is None:
            payments = known[k] = payments_of(s)
        out.append(dict(payments))
    return out
