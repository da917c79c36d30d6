"""An exact double-dummy solver for the play of a hand whose cards are all known.

:func:`solve` searches every way the remaining cards can be played and
returns the settlement payment the seat to act can be sure of, and a card
that secures it.  It is alpha-beta search over the engine's own bit sets:

* the legal cards of each turn come from :meth:`Engine.legal_mask
  <alsos.engine.Engine.legal_mask>` and each full trick's winner from
  :func:`alsos.engine.trick_winner`, the functions the engine plays with, so
  search and game share one copy of the follow-suit, trumping and hold-back
  rules;
* the payoff of a finished line is the engine's scoring module run on the
  finished position: exactly ``settlement.payments[seat]`` of the hand
  played that way, with card points, the last trick, melds, béla, every
  figure and every kontra;
* a transposition table at the start of each trick stores bounds, keyed by
  the cards in hand, the seat to lead and what the tricks so far mean for
  the payoff (:func:`position_key`); its best card is tried first, then the
  strongest cards.

The *paranoid* reading: the seat the solver plays for maximises its own
payment and every other seat, partner or not, plays to minimise it.  With
two or three seats in play and one declarer this is the game itself (the
defenders share every payment), but a defender's own figure (a defender's
ultimó, say) is one place where the other defender might in truth help it;
the solver assumes it will not.

Positions it refuses (:class:`SolveError`): a hand that is over, a phase
other than the play, a síber still owing discards, and the first trick when
it carries speech (announcements, melds and the exchange go on beside the
cards there).  Calls (gyerünk) are not searched: the solver plays on as if
nobody calls.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from alsos.actions import PLAYS, Play
from alsos.engine import Engine, engine_for, trick_winner
from alsos.phases import Phase
from alsos.profile import parse_card_spec
from alsos.tables import suit_point_sums

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.state import HandState

__all__ = ["Solution", "SolveError", "play_key", "position_key", "solve"]

_INF = 1 << 60
#: Figure kinds whose result the solver's key reads from points, tricks and cards.
_SUMMED = frozenset(("kassza", "points", "volat"))


class SolveError(ValueError):
    """The position is not one the solver handles (the message says which are)."""


class Solution(NamedTuple):
    """What :func:`solve` found.

    ``value``: the payment ``seat`` is sure of against any play of the
    others; ``action``: a card that secures it; ``nodes``: positions searched.
    """

    value: int
    action: Play
    seat: int
    nodes: int


def check_solvable(s: HandState) -> None:
    """Raise :class:`SolveError` unless only cards are left to play in ``s``."""
    if s.is_over:
        raise SolveError("the hand is over: there is nothing left to solve")
    if s.phase is not Phase.PLAY:
        raise SolveError(
            f"the solver plays cards only; the hand is in phase {s.phase!s}, "
            "it needs the play phase"
        )
    if s.discards_left:
        raise SolveError("a síber still owes discards; the solver starts once they are made")
    if s.trick_no == 0 and s.speech_in_first_trick:
        raise SolveError(
            "the first trick carries speech (announcements, melds, the exchange) beside "
            "the cards; the solver starts from the second trick (or a first trick "
            "without speech, as in Klopitzky)"
        )


class PayoffKey:
    """What the tricks played so far mean for the settlement, as a hashable key.

    Two positions of one hand with the same cards left, the same seat to act
    and equal keys settle alike however the rest is played.  For the
    shipped figure kinds the key is the card points and tricks of each seat,
    the cards each seat won among those a ``cards`` figure names, and the
    tricks a ``trick`` figure judges; with any other scoring module or figure
    kind it is every seat's won cards and every trick (exact, less sharing).
    """

    __slots__ = ("exact", "relevant", "sums", "trick_index")

    def __init__(self, eng: Engine, s: HandState) -> None:
        rules = eng.rules
        self.sums = suit_point_sums(eng.points_table(s))
        self.exact = rules.scoring.module != "potter"
        relevant = 0
        index = set()
        for item in s.items:
            if item.is_game or item.forced is not None:
                continue
            fig = rules.figures[item.figure]
            if fig.kind in _SUMMED:
                continue
            if fig.kind == "cards":
                for spec in fig.cards:
                    relevant |= parse_card_spec(spec).mask(s.trump)
            elif fig.kind == "trick":
                index.add(rules.hand_size - fig.trick)
            else:
                self.exact = True
        self.relevant = relevant
        self.trick_index = tuple(sorted(index))

    def __call__(self, s: HandState) -> tuple[Any, ...]:
        won = s.won
        if self.exact:
            return (tuple(won), tuple(s.trick_winners), tuple(s.tricks))
        a, b, c, d = self.sums
        points = [a[w & 0xFF] + b[(w >> 8) & 0xFF] + c[(w >> 16) & 0xFF] + d[w >> 24] for w in won]
        key: tuple[Any, ...] = (tuple(points), tuple(s.tricks_won))
        relevant = self.relevant
        if relevant:
            key += tuple([w & relevant for w in won])
        if self.trick_index:
            tricks = s.tricks
            key += tuple([tricks[i] for i in self.trick_index if i < len(tricks)])
        return key


def play_key(s: HandState) -> tuple[Any, ...]:
    """An exact key of a play-phase position within one hand (its items unchanged).

    The cards in each hand, the trick on the table, the seat to act, the
    cards each seat won and who won each trick: equal keys play on and settle
    identically.  :func:`position_key` is the coarser key the solver uses.
    """
    return (tuple(s.hands), tuple(s.trick), s.to_act, tuple(s.won), tuple(s.tricks))


def position_key(eng: Engine, s: HandState) -> tuple[Any, ...]:
    """The solver's transposition key of a position at the start of a trick.

    The cards left in each hand, the seat to lead and :class:`PayoffKey`
    (card points and tricks so far and what the figures at stake read of
    them): enough to decide the rest of the hand and its settlement.
    """
    return (tuple(s.hands), s.to_act, PayoffKey(eng, s)(s))


def solve(game: Game, *, seat: int | None = None) -> Solution:
    """The exact value of the play for ``seat`` (default: the seat to act) and a best card.

    Every other seat is taken to play against ``seat`` (the paranoid
    reading, see the module text).  ``value`` equals the
    ``settlement.payments[seat]`` the hand ends with when ``seat`` plays
    ``action`` and then on as the solver would, and the others do their best
    to lower it.  The game is not changed.

    :raises SolveError: (a ``ValueError``) for positions the solver does not
        handle: over, not in the play phase, a síber owing discards, or a
        first trick that carries speech.
    """
    s = game.state
    check_solvable(s)
    root = s.to_act if seat is None else seat
    if root not in s.active:
        raise SolveError(f"seat {seat!r} is not in play; seats in play: {list(s.active)}")
    return _Search(engine_for(game.rules), s.copy(), root).run()


@functools.lru_cache(maxsize=64)
def _tables(
    key: tuple[int, ...], points: tuple[int, ...], special: int
) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], list[int]]:
    """Move-order and equivalence tables of one contract (cached: shared by many solves).

    ``by_byte[suit][bits]``: the cards of a suit's byte, strongest first.
    ``between[a * 32 + b]``: -1 unless cards ``a`` and ``b`` may be
    equivalent, else the cards of their suit ranked between them.  Two cards
    of one suit in one hand are equivalent when every card ranked between
    them is out of play, they are worth the same points and no figure or
    hold-back names either (not in ``special``): either wins exactly the
    tricks the other would, so only one of them is searched.
    """
    strength = [key[(c >> 3) * 32 + c] for c in range(32)]
    by_byte = tuple(
        tuple(
            tuple(sorted((8 * suit + i for i in range(8) if b >> i & 1),
                         key=lambda c: -strength[c]))
            for b in range(256)
        )
        for suit in range(4)
    )  # fmt: skip
    between = [-1] * 1024
    for a in range(32):
        for b in range(32):
            if (
                a >> 3 == b >> 3
                and a != b
                and points[a] == points[b]
                and not (special >> a & 1 or special >> b & 1)
            ):
                lo, hi = sorted((strength[a], strength[b]))
                between[a * 32 + b] = sum(
                    1 << c for c in range(8 * (a >> 3), 8 * (a >> 3) + 8)
                    if lo < strength[c] < hi
                )  # fmt: skip
    return by_byte, between


class _Search:
    """One solve: the working copy of the state, its tables and the recursion.

    The copy is changed in place as cards are tried and put back after
    each (only the fields play touches: hands, trick, tricks, won cards).
    """

    def __init__(self, eng: Engine, s: HandState, root: int) -> None:
        self.eng = eng
        self.s = s
        self.root = root
        self.payoff_key = payoff_key = PayoffKey(eng, s)
        self.tt: dict[tuple[Any, ...], tuple[int, int, int]] = {}
        self.leaves: dict[tuple[Any, ...], int] = {}
        self.nodes = 0
        self.last = eng.hand_size - 1
        points = eng.points_table(s)
        special = payoff_key.relevant
        if payoff_key.exact:
            special = (1 << 32) - 1
        for item in s.items:
            if not item.is_game:
                fig = eng.rules.figures[item.figure]
                if fig.card:
                    special |= parse_card_spec(fig.card).mask(s.trump)
        for held in s.hold_back.values():
            for bit, _at, _must in held:
                special |= bit
        self.by_byte, self.between = _tables(s.key, points, special)

    def run(self) -> Solution:
        value, card = self.node(-_INF, _INF, True)
        return Solution(value, PLAYS[card], self.root, self.nodes)

    def leaf(self) -> int:
        s = self.s
        k = (*self.payoff_key(s), s.trick_winners[-1] if s.trick_winners else None)
        v = self.leaves.get(k)
        if v is None:
            eng = self.eng
            v = self.leaves[k] = eng.scoring(eng.rules, s).payments[self.root]
        return v

    def node(self, alpha: int, beta: int, root: bool = False) -> tuple[int, int]:
        """(value, best card) of the position in ``self.s``, searched in (alpha, beta)."""
        self.nodes += 1
        s = self.s
        eng = self.eng
        seat: int = s.to_act  # type: ignore[assignment]
        trick = s.trick
        hands = s.hands
        tkey: tuple[Any, ...] | None = None
        first = -1
        alpha0, beta0 = alpha, beta
        if not trick:
            tkey = (tuple(hands), seat, self.payoff_key(s))
            e = self.tt.get(tkey)
            if e is not None:
                lo, hi, first = e
                if not root:
                    if lo >= beta or lo == hi:
                        return lo, first
                    if hi <= alpha:
                        return hi, first
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        mask = eng.legal_mask(s, seat)
        b0, b1, b2, b3 = self.by_byte
        cards = b0[mask & 0xFF] + b1[mask >> 8 & 0xFF] + b2[mask >> 16 & 0xFF] + b3[mask >> 24]
        if len(cards) > 1:
            between = self.between
            occupied = -1
            kept = []
            prev = -1
            for c in cards:
                if prev >= 0:
                    gap = between[prev * 32 + c]
                    if gap >= 0:
                        if occupied < 0:
                            occupied = 0
                            for h in hands:
                                occupied |= h
                            for _t, tc in trick:
                                occupied |= 1 << tc
                        if not gap & occupied:
                            prev = c
                            continue
                kept.append(c)
                prev = c
            if first >= 0 and first in kept and kept[0] != first:
                kept.remove(first)
                kept.insert(0, first)
            cards = tuple(kept)
        maximise = seat == self.root
        best = -_INF if maximise else _INF
        best_card = cards[0]
        n = eng.n_active
        recurse: Callable[[int, int], tuple[int, int]] = self.node
        for c in cards:
            bit = 1 << c
            hands[seat] ^= bit
            trick.append((seat, c))
            if len(trick) < n:
                s.to_act = s.after[seat]
                v = recurse(alpha, beta)[0]
            else:
                v = self._close_trick(alpha, beta)
            trick.pop()
            hands[seat] |= bit
            s.to_act = seat
            if maximise:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if tkey is not None:
            if best <= alpha0:
                self.tt[tkey] = (-_INF, best, best_card)
            elif best >= beta0:
                self.tt[tkey] = (best, _INF, best_card)
            else:
                self.tt[tkey] = (best, best, best_card)
        return best, best_card

    def _close_trick(self, alpha: int, beta: int) -> int:
        """The trick on the table is full: give it to its winner, search on, take it back.

        The last trick has no choices left: it is played straight to the leaf.
        """
        s = self.s
        trick = s.trick
        winner, mask = trick_winner(s.key, trick)
        won = s.won
        old_won = won[winner]
        old_leader = s.leader
        won[winner] = old_won | mask
        s.tricks_won[winner] += 1
        s.trick_winners.append(winner)
        s.tricks.append(tuple(trick))
        s.trick = []
        s.trick_no += 1
        s.leader = s.to_act = winner
        if self.eng.hand_ends(s, winner):
            v = self.leaf()
        elif s.trick_no == self.last:
            v = self._last_trick(winner)
        else:
            v = self.node(alpha, beta)[0]
        s.trick_no -= 1
        s.trick = trick
        s.tricks.pop()
        s.trick_winners.pop()
        s.tricks_won[winner] -= 1
        won[winner] = old_won
        s.leader = old_leader
        s.to_act = trick[-1][0]
        return v

    def _last_trick(self, leader: int) -> int:
        """Every seat holds one card: play them in turn, settle, take them back."""
        s = self.s
        hands = s.hands
        after = s.after
        held = hands[:]
        trick = []
        seat = leader
        for _ in range(self.eng.n_active):
            h = hands[seat]
            trick.append((seat, (h & -h).bit_length() - 1))
            hands[seat] = 0
            seat = after[seat]
        winner, mask = trick_winner(s.key, trick)
        won = s.won
        old_won = won[winner]
        won[winner] = old_won | mask
        s.tricks_won[winner] += 1
        s.trick_winners.append(winner)
        s.tricks.append(tuple(trick))
        s.trick_no += 1
        self.nodes += 1
        v = self.leaf()
        s.trick_no -= 1
        s.tricks.pop()
        s.trick_winners.pop()
        s.tricks_won[winner] -= 1
        won[winner] = old_won
        s.hands[:] = held
        return v
