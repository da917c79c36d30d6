"""An exact double-dummy solver for the play of a hand whose cards are all known.

:func:`solve` searches every way the remaining cards can be played and
returns the settlement payment the seat to act can be sure of, and a card
that secures it.  It is alpha-beta search over the engine's own bit sets:

* the legal cards of each turn come from :meth:`Engine.legal_mask
  <alsos.hand.engine.Engine.legal_mask>` and each full trick is closed by
  :func:`alsos.hand.tricks.take_trick`, the functions the engine plays with, so
  search and game share one copy of the follow-suit, trumping and hold-back
  rules;
* the payoff of a finished line is the engine's scoring module run on the
  finished position: exactly ``settlement.payments[seat]`` of the hand
  played that way, with card points, the last trick, melds, béla, every
  figure and every kontra;
* a transposition table at the start of each trick stores bounds, keyed by
  the cards in hand, the seat to lead and what the tricks so far mean for
  the payoff (:func:`position_key`); its best card is tried first, then for
  a lead (in a game with a declarer) the cards no other hand beats in their
  suit (outside trumps), then the strongest cards; a follower tries the cheapest card that takes the
  trick, or its richest when its side holds it;
* where the scoring module says the hand is a *point race*
  (:meth:`ScoringModule.point_race <alsos.hand.protocol.ScoringModule.point_race>`:
  potter's trump and no-trumps games with nothing but the game at stake),
  the payments take two values, won or lost, and follow from the card
  points (with melds and béla): the search stops at the start of any trick
  where the points still out can no longer change the result, and one
  null-window search tells the two values apart.

The *paranoid* reading: the seat the solver plays for maximises its own
payment and every other seat, partner or not, plays to minimise it.  For the
declarer this is the game itself (the defenders share every payment and
play together against it).  For a defender it makes its fellow defender an
opponent too, so the value is what the defender is sure of even then; pass
``allies`` (the other defenders) to have them play with it instead, which
is the game as the two sides play it.  In Klopitzky every seat plays for
itself, and the paranoid value is what the seat can be sure of whatever the
others do.

Positions it refuses (:class:`SolveError`): a hand that is over, a phase
other than the play, a síber still owing discards, and the first trick when
it carries speech (announcements, melds and the exchange go on beside the
cards there).  Calls (gyerünk) are not searched: the solver plays on as if
nobody calls.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from alsos.errors import SearchError
from alsos.hand.engine import Engine, engine_for
from alsos.hand.tricks import give_back_trick, take_trick, trick_winner
from alsos.pack.actions import PLAYS, Play
from alsos.pack.phases import Kind, Phase
from alsos.pack.tables import suit_point_sums
from alsos.ruleset import registry
from alsos.ruleset.profile import parse_card_spec

if TYPE_CHECKING:
    from alsos.hand.state import HandState
    from alsos.play.game import Game

__all__ = [
    "PayoffKey",
    "Solution",
    "SolveError",
    "check_solvable",
    "play_key",
    "position_key",
    "solve",
]

_INF: Final = 1 << 60


class SolveError(SearchError):
    """The position is not one the solver handles (the message says which are)."""


class Solution(NamedTuple):
    """What :func:`solve` found.

    ``value``: the payment ``seat`` is sure of (with its allies) against any
    play of the other seats; ``action``: the best card for the seat to act;
    ``nodes``: positions searched.
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
    tricks a ``trick`` figure judges (a Betli or Klopitzky with nothing but
    the game at stake leaves the points out: tricks alone settle them); with
    any other scoring module or figure kind it is every seat's won cards and
    every trick (exact, less sharing).
    """

    __slots__ = ("exact", "points_matter", "relevant", "sums", "trick_index")

    def __init__(self, eng: Engine, s: HandState) -> None:
        rules = eng.rules
        self.sums = suit_point_sums(eng.points_table(s))
        self.exact = not eng.scoring.totals_only
        relevant = 0
        index = set()
        for item in s.items:
            if item.is_game or item.forced is not None:
                continue
            fig = rules.figures[item.figure]
            kind = registry.lookup("figures", fig.kind)  # a FigureKind
            if kind.totals_only:
                continue
            need = kind.cards_needed(fig, s.trump)
            at = kind.deciding_trick(fig, rules.hand_size)
            if need is not None:
                relevant |= need
            elif at is not None:
                index.add(at)
            else:
                self.exact = True
        self.relevant = relevant
        self.trick_index = tuple(sorted(index))
        # Betli (won by taking no trick) and Klopitzky (most tricks pays) settle on
        # tricks alone when nothing but the game is at stake (pagat, "Types of Game
        # and Bidding"): card points drop out of the key.
        kind = None if s.contract is None else s.contract.kind
        self.points_matter = self.exact or not (
            kind in (Kind.BETLI, Kind.KLOPITZKY) and all(item.is_game for item in s.items)
        )

    def __call__(self, s: HandState) -> tuple[Any, ...]:
        if self.exact:
            return (tuple(s.won), tuple(s.trick_winners), tuple(s.tricks))
        points = tuple([self.points(w) for w in s.won]) if self.points_matter else ()
        return (points, tuple(s.tricks_won), *self.tail(s))

    def points(self, cards: int) -> int:
        """The card points of a set of cards under the hand's contract."""
        a, b, c, d = self.sums
        return a[cards & 0xFF] + b[(cards >> 8) & 0xFF] + c[(cards >> 16) & 0xFF] + d[cards >> 24]

    @property
    def has_tail(self) -> bool:
        """The key reads more than points and tricks (see :meth:`tail`)."""
        return bool(self.relevant or self.trick_index)

    def tail(self, s: HandState) -> tuple[Any, ...]:
        """The part of the key after points and tricks: named cards won, judged tricks."""
        key: tuple[Any, ...] = ()
        relevant = self.relevant
        if relevant:
            key += tuple([w & relevant for w in s.won])
        if self.trick_index:
            tricks = s.tricks
            key += tuple([tricks[i] for i in self.trick_index if i < len(tricks)])
        return key


def play_key(game: Game) -> tuple[Any, ...]:
    """An exact key of a play-phase position within one hand (its items unchanged).

    The cards in each hand, the trick on the table, the seat to act, the
    cards each seat won and every trick: equal keys play on and settle
    identically.  :func:`position_key` is the coarser key the solver uses.
    """
    s = game.state
    return (tuple(s.hands), tuple(s.trick), s.to_act, tuple(s.won), tuple(s.tricks))


def position_key(game: Game) -> tuple[Any, ...]:
    """The solver's transposition key of a play position, within one hand.

    The cards left in each hand, the trick on the table, the seat to act and
    :class:`PayoffKey` (card points and tricks so far and what the figures
    at stake read of them): two positions of one hand (with the same items)
    and equal keys have the same value for every seat, however the tricks
    before them went.  The solver's table uses it at the start of each trick
    (less the tricks in a game that points settle: see the module text).
    """
    s = game.state
    payoff = PayoffKey(engine_for(game.rules), s)
    return (tuple(s.hands), tuple(s.trick), s.to_act, payoff(s))


def solve(game: Game, *, seat: int | None = None, allies: Iterable[int] = ()) -> Solution:
    """The exact value of the play for ``seat`` (default: the seat to act) and a best card.

    ``seat`` and its ``allies`` (default none) play to raise ``seat``'s
    payment, every other seat to lower it (with no allies: the paranoid
    reading, see the module text).  ``value`` equals the
    ``settlement.payments[seat]`` the hand ends with when both sides play
    on as the solver would; ``action`` is the best card for the seat to act,
    whichever side it is on.  The game is not changed.

    :raises SolveError: (a :class:`~alsos.errors.SearchError`) for positions the solver does not
        handle (over, not in the play phase, a síber owing discards, or a
        first trick that carries speech) and for a seat or ally not in play.
    """
    s = game.state
    check_solvable(s)
    root = s.to_act if seat is None else seat
    assert root is not None  # check_solvable: the hand is not over
    side = set(allies)
    for t in (root, *side):
        if t not in s.active:
            raise SolveError(f"seat {t!r} is not in play; seats in play: {list(s.active)}")
    mask = 0
    for t in (root, *side):
        mask |= 1 << t
    return Search(engine_for(game.rules), s.copy(), root, mask).run()


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


class Search:
    """One solve: the working copy of the state, its tables and the recursion.

    The copy is changed in place as cards are tried and put back after
    each (only the fields play touches: hands, trick, tricks, won cards; in
    a game that points settle, the hands, the trick and the trick count).
    """

    def __init__(
        self, eng: Engine, s: HandState, root: int, side: int | None = None, *, settle: bool = True
    ) -> None:
        self.eng = eng
        self.s = s
        self.root = root
        # The seats that raise the root's payment, as a set of seat bits.
        self.side = 1 << root if side is None else side
        self.payoff_key = payoff_key = PayoffKey(eng, s)
        self.has_tail = payoff_key.has_tail
        # Card points of each seat's tricks, kept up to date as tricks are won.
        self.pts = [payoff_key.points(w) for w in s.won]
        self.tt: dict[tuple[Any, ...], tuple[int, int, int]] = {}
        self.leaves: dict[tuple[Any, ...], int] = {}
        self.nodes = 0
        self.last = eng.hand_size - 1
        self.hand_size = eng.hand_size
        # Leads try the cards nobody beats first in a game of two sides (a declarer);
        # with every seat for itself (Klopitzky) that order searched more, not less.
        self.masters_first = s.declarer is not None
        # Whether a trick before the last can end the hand (else only the count is read).
        self.early_end = not eng.ends_only_after_last_trick(s)
        self.points = points = eng.points_table(s)
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
        if not payoff_key.points_matter:
            points = (0,) * 32  # any two cards may be equivalent
        self.by_byte, self.between = _tables(s.key, points, special)
        self._init_settled(s, settle)

    def _init_settled(self, s: HandState, settle: bool) -> None:
        """Prepare the cut-off of a game whose result is settled before its last trick.

        When the scoring module reads the hand as a point race
        (:meth:`~alsos.hand.protocol.ScoringModule.point_race`), played to its
        last trick, the payments take two values: whether the declarer's card
        points and extra beat each defender's.  Once no way of sharing the
        points still out (the cards in play and the last-trick bonus) can
        change that fact, every line settles alike and the search stops there.
        ``settle`` false turns this off (the plain search, as tests compare).
        """
        eng = self.eng
        rules = eng.rules
        declarer = s.declarer
        race = None
        if settle and declarer is not None and self.payoff_key.points_matter and not self.early_end:
            race = eng.scoring.point_race(rules, s)
        self.settles = race is not None
        self.declarer = -1 if declarer is None else declarer
        self.defenders: tuple[int, ...] = ()
        self.extra = [0] * len(s.hands)
        self.bonus = rules.cards.last_trick
        # The card points still to be won: in the hands and on the table.
        out = 0
        for h in s.hands:
            out |= h
        for _t, c in s.trick:
            out |= 1 << c
        self.points_out = self.payoff_key.points(out)
        # The root's payment when the game is lost (index 0) or won (1): the only two.
        self.settled_values = [_INF, _INF]
        if race is not None:
            self.defenders = s.defenders()
            for seat, extra in race.extra.items():
                self.extra[seat] = extra
            root = self.root
            self.settled_values = [race.lost[root], race.won[root]]

    def _settled(self, out: int) -> int:
        """The payment of the working position if its game is settled whatever the
        rest of the play (see :meth:`_init_settled`), else ``_INF``.  ``out``: the
        points still to be shared (0 at the end of the hand: always settled)."""
        pts = self.pts
        extra = self.extra
        declarer = self.declarer
        mine = pts[declarer] + extra[declarer]
        won = 1
        for d in self.defenders:
            theirs = pts[d] + extra[d]
            if theirs >= mine + out:
                won = 0  # lost even if the declarer takes every point still out
                break
            if mine <= theirs + out:
                won = -1  # not yet decided
        if won < 0:
            return _INF
        return self.settled_values[won]

    def run(self, guess: int = 0) -> Solution:
        """MTD(f): null-window searches that close in on the value from a first guess.

        Payments take few values, so a handful of narrow searches (which cut
        far more than one wide one) settle it; the transposition table carries
        what each pass proved into the next.  ``guess``: the first guess (any
        value gives the same result; a near one takes fewer passes).
        """
        lo, hi = -_INF, _INF
        card = -1
        if self.settles:
            # Two values only (see _init_settled): one null-window search between them
            # says which, and its best card keeps it (when it fails low for the side
            # that raises the value, or high for the other, every card gives that value).
            low, high = sorted(self.settled_values)
            value, card = self.node(high - 1, high, True)
            return Solution(high if value >= high else low, PLAYS[card], self.root, self.nodes)
        maximise = self.side >> self.s.to_act & 1  # type: ignore[operator]
        while lo < hi:
            beta = guess + 1 if guess == lo else guess
            guess, best = self.node(beta - 1, beta, True)
            if guess < beta:
                hi = guess
                if not maximise:
                    card = best
            else:
                lo = guess
                if maximise:
                    card = best
        return Solution(lo, PLAYS[card], self.root, self.nodes)

    def key_now(self) -> tuple[Any, ...]:
        """:class:`PayoffKey` of the working state, from the points kept trick by trick."""
        pk = self.payoff_key
        s = self.s
        if pk.exact:
            return pk(s)
        points = tuple(self.pts) if pk.points_matter else ()
        if self.settles:
            return (points,)  # the game alone is at stake: tricks do not count
        if self.has_tail:
            return (points, tuple(s.tricks_won), *pk.tail(s))
        return (points, tuple(s.tricks_won))

    def leaf(self) -> int:
        s = self.s
        k = (*self.key_now(), s.trick_winners[-1] if s.trick_winners else None)
        v = self.leaves.get(k)
        if v is None:
            eng = self.eng
            v = self.leaves[k] = eng.payments(s)[self.root]
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
            if self.settles and not root:
                v = self._settled(self.points_out + self.bonus)
                if v != _INF:
                    return v, -1
            tkey = (tuple(hands), seat, self.key_now())
            e = self.tt.get(tkey)
            if e is not None:
                lo, hi, first = e
                if not root:  # the root searches on: it must name a card
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
            kept = self._distinct(cards)
            if len(kept) > 1:
                if trick:
                    kept = self._follow_order(kept, trick, seat)
                elif self.masters_first:
                    kept = self._lead_order(kept)
            if first >= 0 and first in kept and kept[0] != first:
                kept.remove(first)
                kept.insert(0, first)
            cards = tuple(kept)
        maximise = self.side >> seat & 1
        best = -_INF if maximise else _INF
        best_card = cards[0]
        n = eng.n_active
        for c in cards:
            bit = 1 << c
            hands[seat] ^= bit
            trick.append((seat, c))
            if len(trick) < n:
                s.to_act = s.after[seat]
                v = self.node(alpha, beta)[0]
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
            self._store(tkey, best, best_card, alpha0, beta0)
        return best, best_card

    def _distinct(self, cards: tuple[int, ...]) -> list[int]:
        """``cards`` (one hand's, strongest first in each suit) without those equivalent
        to the card before them (see :func:`_tables`): one of each run is searched."""
        between = self.between
        s = self.s
        occupied = -1
        kept = []
        prev = -1
        for c in cards:
            if prev >= 0:
                gap = between[prev * 32 + c]
                if gap >= 0:
                    if occupied < 0:
                        occupied = 0
                        for h in s.hands:
                            occupied |= h
                        for _t, tc in s.trick:
                            occupied |= 1 << tc
                    if not gap & occupied:
                        prev = c
                        continue
            kept.append(c)
            prev = c
        return kept

    def equivalents(self) -> dict[int, int]:
        """Each legal card of the seat to act mapped to the card it is equivalent to
        (itself when none is): equivalent cards lead to positions of equal value for
        every seat, so one of each run needs searching."""
        s = self.s
        mask = self.eng.legal_mask(s, s.to_act)  # type: ignore[arg-type]
        b0, b1, b2, b3 = self.by_byte
        cards = b0[mask & 0xFF] + b1[mask >> 8 & 0xFF] + b2[mask >> 16 & 0xFF] + b3[mask >> 24]
        kept = set(self._distinct(cards))
        out = {}
        rep = -1
        for c in cards:
            if c in kept:
                rep = c
            out[c] = rep
        return out

    def _lead_order(self, cards: list[int]) -> list[int]:
        """Order a leader's cards: first those no other hand can beat in their suit
        (trumps aside: leading them draws trumps, which is rarely what cuts), then
        the rest as they came, strongest first in each suit."""
        s = self.s
        seat = s.to_act
        hands = s.hands
        others = 0
        for t in range(len(hands)):
            if t != seat:
                others |= hands[t]
        key = s.key
        trump = s.trump
        by_byte = self.by_byte
        masters = []
        rest = []
        for c in cards:
            suit = c >> 3
            if suit != trump:
                theirs = by_byte[suit][others >> 8 * suit & 0xFF]
                if not theirs or key[suit * 32 + c] > key[suit * 32 + theirs[0]]:
                    masters.append(c)
                    continue
            rest.append(c)
        return masters + rest

    def _store(
        self, tkey: tuple[Any, ...], best: int, best_card: int, alpha0: int, beta0: int
    ) -> None:
        """Keep ``best`` in the table as a bound or an exact value, by where it fell
        against the window (``alpha0``, ``beta0``) the position was searched in."""
        if best <= alpha0:
            self.tt[tkey] = (-_INF, best, best_card)
        elif best >= beta0:
            self.tt[tkey] = (best, _INF, best_card)
        else:
            self.tt[tkey] = (best, best, best_card)

    def _follow_order(self, cards: list[int], trick: list[tuple[int, int]], seat: int) -> list[int]:
        """Order a follower's cards: when its side holds the trick, the richest card
        first; otherwise the cheapest card that takes the trick, then the rest,
        cheapest first."""
        key = self.s.key
        base = (trick[0][1] >> 3) * 32
        best_seat, best = trick[0]
        top = key[base + best]
        for t, c in trick:
            if key[base + c] > top:
                best_seat, top = t, key[base + c]
        points = self.points
        side = self.side
        by_points = points.__getitem__
        if side >> best_seat & 1 == side >> seat & 1:
            return sorted(cards, key=by_points, reverse=True)  # stable: ties keep their order
        takers = []
        rest = []
        for c in cards:
            if key[base + c] > top:
                takers.append(c)
            else:
                rest.append(c)
        takers.sort(key=by_points)
        rest.sort(key=by_points)
        return takers + rest

    def _close_trick(self, alpha: int, beta: int) -> int:
        """The trick on the table is full: give it to its winner, search on, take it back.

        The last trick has no choices left: it is played straight to the leaf.
        """
        if self.settles:
            return self._close_settled_trick(alpha, beta)
        s = self.s
        trick = s.trick
        old_leader = s.leader
        winner, mask = take_trick(s, trick)
        gain = self.payoff_key.points(mask)
        self.pts[winner] += gain
        self.points_out -= gain
        s.trick = []
        s.leader = s.to_act = winner
        if s.trick_no == self.hand_size or (self.early_end and self.eng.hand_ends(s, winner)):
            v = self.leaf()
        elif s.trick_no == self.last:
            v = self._last_trick(winner)
        else:
            v = self.node(alpha, beta)[0]
        s.trick = trick
        give_back_trick(s, winner, mask)
        self.pts[winner] -= gain
        self.points_out += gain
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
        winner, mask = take_trick(s, trick)
        gain = self.payoff_key.points(mask)
        self.pts[winner] += gain
        self.nodes += 1
        v = self.leaf()
        give_back_trick(s, winner, mask)
        self.pts[winner] -= gain
        s.hands[:] = held
        return v

    def _close_settled_trick(self, alpha: int, beta: int) -> int:
        """:meth:`_close_trick` for a game whose card points alone settle it (see
        :meth:`_init_settled`; it ends only after its last trick): nothing reads the
        won cards or the record of the tricks, so only the winner (the rule's own
        :func:`~alsos.hand.tricks.trick_winner`), its points and the count are kept."""
        s = self.s
        trick = s.trick
        old_leader = s.leader
        winner, mask = trick_winner(s.key, trick)
        gain = self.payoff_key.points(mask)
        pts = self.pts
        pts[winner] += gain
        self.points_out -= gain
        s.trick = []
        s.leader = s.to_act = winner
        s.trick_no += 1
        if s.trick_no == self.hand_size:
            v = self._settled_end(winner)
        elif s.trick_no == self.last:
            v = self._last_settled_trick(winner)
        else:
            v = self.node(alpha, beta)[0]
        s.trick_no -= 1
        s.trick = trick
        pts[winner] -= gain
        self.points_out += gain
        s.leader = old_leader
        s.to_act = trick[-1][0]
        return v

    def _settled_end(self, winner: int) -> int:
        """The payment at the end of a game that points settle: ``winner`` took the last
        trick and its bonus."""
        pts = self.pts
        pts[winner] += self.bonus
        v = self._settled(0)
        pts[winner] -= self.bonus
        return v

    def _last_settled_trick(self, leader: int) -> int:
        """:meth:`_last_trick` of a game that points settle: read, not played."""
        s = self.s
        hands = s.hands
        after = s.after
        trick = []
        seat = leader
        for _ in range(self.eng.n_active):
            h = hands[seat]
            trick.append((seat, (h & -h).bit_length() - 1))
            seat = after[seat]
        winner, mask = trick_winner(s.key, trick)
        gain = self.payoff_key.points(mask)
        self.nodes += 1
        pts = self.pts
        pts[winner] += gain
        v = self._settled_end(winner)
        pts[winner] -= gain
        return v
