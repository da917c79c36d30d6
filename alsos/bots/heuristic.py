"""A heuristic bot: plays the way a sensible club player would, from its view alone.

Its rules of thumb, phase by phase (the sources' advice is cited where they
give it; the numbers were calibrated with ``examples/heuristic_stats.py``):

- **Valuing a hand.**  For a trump suit it counts the trump Under 4, the 9
  and Ace 3, the 10 2, King and Over about 1, small trumps a little, each
  trump beyond three 1 more (length draws the opponents' trumps), each plain
  Ace 1.5 and a Ten guarded by its Ace 0.7.  Over many hands a declarer whose
  nine cards value ``v`` takes about ``6.5 v + 20`` card points of 162 and
  wins the game more often than not from ``v`` about 7 (pagat, "Types of Game
  and Bidding": the declarer needs more points than either opponent, not than
  both).  With six cards seen it adds what three unseen cards bring on
  average.  Without trumps it counts Aces and guarded Tens.
- **Bidding.**  It accepts the original suit, or bids its best suit (or
  no-trumps with three Aces or more), when the value reaches the bidding
  threshold; ``boldness`` lowers the threshold.  A hand that is worth more
  without trumps passes the original suit to bid no-trumps (worth double)
  in the second round.  With nine cards it bids Betli when in every suit its
  ``i``-th lowest card (by the Betli order) is at most the suit's ``2i``-th
  lowest, so the others' cards can fall on each of its own.  Anything weaker
  passes.
- **Figures.**  It announces a figure only when its hand makes it likely
  (pagat, "Figures"): a card figure (tulétroá, család, 44, összes adu) when
  it holds every card the figure names and, for trumps it cannot simply
  cash, the trump length to draw the rest; a trick figure (ultimó) with the
  card, the trump Under or 9 and five trumps of nine (four of six); abszolút
  or 100 when its estimated card points clear the threshold with a margin
  (100 never from the front, as pagat advises); kassza as declarer with béla
  and a winning hand; volát only with the top trumps, length and nothing but
  Aces outside.  It keeps (does not exchange or síber away) a trump 7 that
  one of its figures needs.
- **Kontras** (pagat, "Kontras").  Against the game it says kontra when it
  is strong in the declarer's trump suit (two of Under, 9, Ace with three
  trumps, or a hand that would take abszolút); against a card figure when it
  holds one of the figure's cards guarded; against ultimó when it holds
  three trumps; against a points figure when its own hand takes many points;
  against volát with any sure trick.  It answers a kontra on its own item
  (rekontra) only with a hand well above what the item needs, and never
  climbs past rekontra on a figure or szubkontra on the game, so ladders
  stay short.
- **Melds.**  It declares every meld it may and shows its details when asked
  (they count towards the game).
- **Calls** (pagat, "Calling").  It calls gyerünk with a hand that wins the
  game by a wide margin.  Asked to concede, it weighs the stakes: with ``p``
  its side's estimated chance of the game, it plays on when ``(2p - 1)``
  times the doubled stake beats losing the current one, kontras the call
  with a near-certain game, and concedes otherwise.
- **Play.**  The declarer in a trump game leads trumps while the opponents
  may still hold some (the top trump if it holds it, else a low one), then
  its Aces; a defender leads an Ace, else a low plain card.  Following, it
  takes a trick worth taking (ten points, the last trick, or any trick as
  declarer) with its cheapest winning card, plays its cheapest card when the
  trick is lost, and gives its richest non-winning card to a trick its
  partner is sure to win (it plays last, or no card still out beats the
  partner's).  It counts card points: a defender takes even a cheap trick
  from the declarer once that trick would bring the declarer within 20 of
  half the pack (then it beats both defenders) or of its announced abszolút
  or 100.  It discards low.  In
  Betli (declarer) and Klopitzky it ducks: the highest card that does not
  win, else its highest card.

Each decision reads the view and a few per-ruleset tables cached by
variant, so it takes some tens of microseconds (``examples/heuristic_stats.py``
prints the mean per decision), cheap enough for a playout policy.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

from alsos.actions import (
    ACCEPT,
    BETLI,
    CALL,
    CONCEDE,
    EXCHANGE,
    GAME,
    GYERUNK,
    KICSI,
    PASS,
    PLAY_ON,
    SHOW,
    SIBER,
    Action,
    Announce,
    Bid,
    Declare,
    Discard,
    Kontra,
    Play,
)
from alsos.cards import Card, Rank
from alsos.loading import load_variant
from alsos.phases import Phase
from alsos.profile import Ruleset, parse_card_spec
from alsos.tables import point_table, trick_keys
from alsos.view import View

__all__ = ["HeuristicBot"]

_RANKS = tuple(Rank)
# The value of a trump to a hand, by rank index (A K O U 10 9 8 7).
_TRUMP_VALUE = (3.0, 1.2, 1.0, 4.0, 2.0, 3.0, 0.6, 0.6)
_SPEECH = (Phase.FRONT, Phase.BACK, Phase.COMPLETION)
_ACE, _TEN, _SEVEN, _EIGHT = int(Rank.ACE), int(Rank.TEN), int(Rank.SEVEN), int(Rank.EIGHT)

#: Value (six or nine cards, see the module docstring) from which it bids.
BID_THRESHOLD = 9.0
#: What three unseen cards add to a six-card value, on average.
UNSEEN_BONUS = 2.5
#: Card points a trump hand of value ``v`` takes: ``POINTS_PER_VALUE * v + POINTS_BASE``.
POINTS_PER_VALUE, POINTS_BASE = 6.5, 20.0
#: Margin in card points over a points figure's threshold before announcing it.
FIGURE_MARGIN = 14.0
#: A defender takes even a cheap trick from the declarer once the declarer, with it,
#: would be this close to what it needs.
COUNT_MARGIN = 20


@functools.lru_cache(maxsize=32)
def _rules(variant: str) -> Ruleset:
    return load_variant(variant)


@functools.lru_cache(maxsize=256)
def _figures(variant: str, trump: int) -> dict[str, tuple[str, int, int, int]]:
    """Per figure id: (kind, mask of the cards it names, points threshold, trick from the end)."""
    rules = _rules(variant)
    out = {}
    for fid, fig in rules.figures.items():
        mask = 0
        for spec in (fig.card, *fig.cards) if fig.card else fig.cards:
            mask |= parse_card_spec(spec).mask(trump)
        threshold = (fig.threshold if trump >= 0 else fig.threshold_no_trumps) or 0
        if fig.melds:
            threshold += 1000  # meld figures (200) need melds it cannot count: never
        out[fid] = (fig.kind, mask, threshold, fig.trick)
    return out


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class HeuristicBot:
    """Rules of thumb for every phase (see the module documentation).

    ``boldness`` above 1 bids, announces and kontras more readily, below 1
    less.  The seed only breaks ties, so the bot is reproducible.
    """

    def __init__(self, seed: int | None = None, *, boldness: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.boldness = boldness

    # ----------------------------------------------------------- dispatch

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._bid(view, legal)
        if phase in _SPEECH:
            return self._speak(view, legal) or (PASS if PASS in legal else legal[0])
        if phase is Phase.SIBER:
            return SIBER if SIBER in legal and not self._keeps_seven(view) else legal[0]
        if phase is Phase.MELDS:
            return SHOW if SHOW in legal else KICSI
        if phase is Phase.CALL:
            return self._answer_call(view, legal)
        # PLAY, including the first trick's speech and a síber's discards.
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(view, discards)
        for wanted in (SIBER, EXCHANGE):
            if wanted in legal and not self._keeps_seven(view):
                return wanted
        melds = [a for a in legal if isinstance(a, Declare)]
        if melds:
            return melds[0]
        spoken = self._speak(view, legal)
        if spoken is not None:
            return spoken
        if CALL in legal and self._calls(view):
            return CALL
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return PASS if PASS in legal else legal[0]
        return self._play(view, plays)

    # ------------------------------------------------------------ valuing

    @staticmethod
    def _suit_value(hand: Sequence[Card], trump: int) -> float:
        """The hand's value with ``trump`` as trumps (module docstring, "Valuing")."""
        value = 0.0
        trumps = 0
        aces = 0
        for c in hand:
            if c >> 3 == trump:
                trumps += 1
                value += _TRUMP_VALUE[c & 7]
            elif c & 7 == _ACE:
                value += 1.5
                aces |= 1 << (c >> 3)
        for c in hand:
            if c & 7 == _TEN and c >> 3 != trump and aces >> (c >> 3) & 1:
                value += 0.7
        return value + max(0, trumps - 3) * 1.0

    @staticmethod
    def _no_trumps_value(hand: Sequence[Card]) -> float:
        aces = 0
        for c in hand:
            if c & 7 == _ACE:
                aces |= 1 << (c >> 3)
        value = 3.0 * aces.bit_count()
        for c in hand:
            if c & 7 == _TEN:
                value += 1.5 if aces >> (c >> 3) & 1 else 0.3
        return value

    def _value(self, view: View, trump: int | None = None) -> float:
        """The hand's value for the game played (or ``trump``), as if it held nine cards."""
        t = view.trump if trump is None else trump
        value = self._suit_value(view.hand, t) if t >= 0 else self._no_trumps_value(view.hand)
        if view.unseen_count:
            value += UNSEEN_BONUS * view.unseen_count / 3
        return value * self.boldness

    def _points(self, view: View) -> float:
        """Card points the hand should take in the game played (trump scale)."""
        return POINTS_PER_VALUE * self._value(view) + POINTS_BASE

    # ------------------------------------------------------------ bidding

    def _bid(self, view: View, legal: Sequence[Action]) -> Action:
        threshold = BID_THRESHOLD
        no_trumps = self._no_trumps(view)
        if ACCEPT in legal:
            original = view.talon_seen[0] >> 3 if view.talon_seen else -1
            value = self._value(view, original) if original >= 0 else 0.0
            if value >= threshold and not no_trumps > value:
                return ACCEPT
            return PASS  # too weak, or waiting to bid no-trumps (worth double)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            best: tuple[float, Action] = (threshold, PASS)
            for bid in bids:
                value = no_trumps if bid.suit is None else self._value(view, int(bid.suit))
                if value >= best[0]:
                    best = (value, bid)
            return best[1]
        if BETLI in legal:
            return BETLI if self._betli(view) else PASS
        return PASS if PASS in legal else legal[0]

    @staticmethod
    def _aces(hand: Sequence[Card]) -> int:
        return sum(1 for c in hand if c & 7 == _ACE)

    def _no_trumps(self, view: View) -> float:
        """The hand's value without trumps (0 unless it holds three Aces or more)."""
        if not view.variant or not _rules(view.variant).bidding.no_trumps:
            return 0.0
        return self._value(view, -1) if self._aces(view.hand) >= 3 else 0.0

    @staticmethod
    def _betli(view: View) -> bool:
        """A hand that loses every trick: in each suit its ``i``-th lowest card is at
        most the ``2i``-th lowest of the suit (the others' cards fall in between), by
        the profile's Betli order."""
        hand = view.hand
        if len(hand) < 6 or not view.variant:
            return False
        strength = _rules(view.variant).cards.betli_order.strength
        low = sorted(range(8), key=lambda r: strength[r])  # ranks from the lowest
        position = {r: i for i, r in enumerate(low)}
        for suit in range(4):
            held = sorted(position[c & 7] for c in hand if c >> 3 == suit)
            if any(p > 2 * i for i, p in enumerate(held)):
                return False
        return True

    # ------------------------------------------------------------- speech

    def _my_side(self, view: View) -> int:
        return 0 if view.seat == view.declarer else 1

    def _speak(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A kontra or figure worth saying, or None to pass (or play)."""
        if view.kind not in ("trump", "no-trumps", "betli"):
            return None
        for action in legal:
            if isinstance(action, Kontra) and self._kontras(view, action):
                return action
        best: tuple[int, Action | None] = (0, None)
        for action in legal:
            if isinstance(action, Announce):
                worth = self._likely(view, action.figure)
                if worth > best[0]:
                    best = (worth, action)
        return best[1]

    def _likely(self, view: View, figure: str) -> int:
        """The figure's worth if the hand makes it likely, else 0."""
        if not view.variant:
            return 0
        info = _figures(view.variant, view.trump).get(figure)
        if info is None:
            return 0
        kind, mask, threshold, trick = info
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        trump = view.trump
        tmask = 0xFF << 8 * trump if trump >= 0 else 0
        trumps = (hand & tmask).bit_count()
        nine = view.unseen_count == 0
        value = self._value(view)
        declarer = view.seat == view.declarer
        base = _rules(view.variant).figures[figure].value
        duel = len(view.tricks_won) < 3  # one opponent takes every point the announcer does not
        if kind in ("kassza", "multiplier"):
            return base if value >= (9.0 if declarer else 11.0) + 1.5 * duel else 0
        if kind == "points":
            if not nine and threshold > 90:
                return 0  # 100 never from the front: abszolút first, then 100 from the back
            margin = FIGURE_MARGIN * (1.7 if duel else 1.0)
            return base if self._points(view) >= threshold + margin else 0
        if kind == "cards":
            if mask == 0 or mask & hand != mask:
                return 0
            need = (mask & tmask).bit_count()
            if need and not self._top_run(hand, mask, trump):
                extra = 1 if hand >> (8 * trump + int(Rank.UNDER)) & 1 else 3
                if trumps < need + extra:
                    return 0
            if mask & ~tmask and trump >= 0 and trumps < 3:
                return 0  # plain cards (44's Aces) need trumps to keep them from being ruffed
            return base
        if kind == "trick":
            if mask == 0 or not hand & mask or not mask & tmask:
                return 0
            top = hand >> (8 * trump + int(Rank.UNDER)) & 1 or hand >> (8 * trump + 5) & 1
            length = (5 if nine else 4) + (trick > 1)  # an earlier trick (uhu) is harder to time
            return base if top and trumps >= length else 0
        if kind == "volat":
            plain_non_aces = sum(1 for c in view.hand if c >> 3 != trump and c & 7 != _ACE)
            return base if nine and trumps >= 5 and value >= 18 and not plain_non_aces else 0
        return 0

    @staticmethod
    def _top_run(hand: int, mask: int, trump: int) -> bool:
        """Whether the figure's trumps are all above every trump the hand lacks."""
        rules_order = (int(Rank.UNDER), 5, _ACE, _TEN, int(Rank.KING), int(Rank.OVER), 6, 7)
        needed = mask >> 8 * trump & 0xFF
        for r in rules_order:
            if not needed:
                return True
            if not hand >> (8 * trump + r) & 1:
                return False
            needed &= ~(1 << r)
        return True

    def _kontras(self, view: View, action: Kontra) -> bool:
        """Whether to say this kontra step (module docstring, "Kontras")."""
        if action.figure == GYERUNK:
            return False
        mine = self._my_side(view)
        item_side = 0 if action.figure == GAME or action.seat == view.declarer else 1
        value = self._value(view)
        if item_side == mine:  # answering a kontra on our own item
            if action.level > 2:
                return False
            if action.figure == GAME:
                return mine == 0 and value >= 13.0
            return self._likely(view, action.figure) > 0 and value >= 13.0
        if action.figure == GAME:
            if action.level > 3:
                return False
            if action.level == 3:
                return value >= 14.0
            if view.kind == "betli":
                return False
            return self._strong_in_trumps(view) or value >= 11.0
        if action.level > 1:
            return False
        return self._beats_figure(view, action.figure)

    def _strong_in_trumps(self, view: View) -> bool:
        trump = view.trump
        if trump < 0:
            return self._aces(view.hand) >= 3
        ranks = [c & 7 for c in view.hand if c >> 3 == trump]
        tops = sum(1 for r in ranks if r in (int(Rank.UNDER), 5, _ACE))
        return tops >= 2 and len(ranks) >= 3

    def _beats_figure(self, view: View, figure: str) -> bool:
        info = _figures(view.variant, view.trump).get(figure) if view.variant else None
        if info is None:
            return False
        kind, mask, threshold, _trick = info
        hand = view.hand
        trump = view.trump
        if kind == "cards":
            return any(
                mask >> c & 1 and sum(1 for d in hand if d >> 3 == c >> 3) >= 2 for c in hand
            )
        if kind == "trick":
            return sum(1 for c in hand if c >> 3 == trump) >= 3
        if kind == "points":
            return self._points(view) >= 162 - threshold + 10
        if kind == "volat":
            return any(
                c & 7 == _ACE or (c >> 3 == trump and c & 7 == int(Rank.UNDER)) for c in hand
            )
        return kind in ("kassza", "multiplier") and self._strong_in_trumps(view)

    def _keeps_seven(self, view: View) -> bool:
        """Whether a figure its seat announced (or will) needs the trump 7 it holds."""
        trump = view.trump
        if trump < 0 or not view.variant:
            return False
        seven = 8 * trump + _SEVEN
        if all(c != seven for c in view.hand):
            return False
        figures = _figures(view.variant, trump)
        for item in view.items:
            if item.seat == view.seat and item.label != GAME:
                info = figures.get(item.label)
                if info is not None and info[1] >> seven & 1:
                    return True
        return any(info[1] >> seven & 1 and self._likely(view, fid) for fid, info in figures.items()
                   if info[0] in ("cards", "trick"))  # fmt: skip

    # -------------------------------------------------------------- calls

    def _chance(self, view: View) -> float:
        """Its side's estimated chance of winning the game."""
        value = self._value(view) * 9 / max(1, len(view.hand) + view.unseen_count)
        if view.seat == view.declarer:
            return _logistic((value - 7.2) / 1.6)
        return _logistic((value - 6.0) / 1.6)

    def _calls(self, view: View) -> bool:
        return self._chance(view) >= 0.93

    def _answer_call(self, view: View, legal: Sequence[Action]) -> Action:
        p = self._chance(view)
        concede, play_on = view.call_stakes or (1, 2)
        for action in legal:
            if isinstance(action, Kontra) and action.level == 1 and p >= 0.9:
                return action
        if PLAY_ON in legal and ((2 * p - 1) * play_on > -concede or CONCEDE not in legal):
            return PLAY_ON
        return CONCEDE if CONCEDE in legal else legal[0]

    # --------------------------------------------------------------- cards

    def _tables(self, view: View) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(trick strength by led suit and card, card points) for the game played."""
        rules = _rules(view.variant)
        c = rules.cards
        kind = view.kind
        order = (
            c.betli_order
            if kind == "betli"
            else (c.klopitzky_order if kind == "klopitzky" else c.plain_order)
        )
        keys = trick_keys(c.trump_order.strength, order.strength, view.trump)
        points = point_table(
            tuple(c.trump_points.get(r, 0) for r in _RANKS),
            tuple(c.plain_points.get(r, 0) for r in _RANKS),
            view.trump,
        )
        return keys, points

    def _discard(self, view: View, discards: Sequence[Discard]) -> Action:
        _keys, points = self._tables(view)
        return min(discards, key=lambda a: (points[a.card], a.card.rank is Rank.ACE, -a.card))

    def _play(self, view: View, plays: Sequence[Play]) -> Action:
        keys, points = self._tables(view)
        cards = [p.card for p in plays]
        if len(cards) == 1:
            return plays[0]
        avoid = view.kind == "klopitzky" or (view.kind == "betli" and view.seat == view.declarer)
        trick = view.trick
        if not trick:
            return Play(self._lead(view, cards, keys, points, avoid))
        led = trick[0][1] >> 3
        base = led * 32
        best_seat, best = trick[0][0], keys[base + trick[0][1]]
        for seat, card in trick[1:]:
            if keys[base + card] > best:
                best_seat, best = seat, keys[base + card]

        def strength(c: Card) -> int:
            return keys[base + c]

        winners = [c for c in cards if strength(c) > best]
        losers = [c for c in cards if strength(c) <= best]
        if avoid:
            pick = max(losers, key=strength) if losers else max(cards, key=strength)
            return Play(pick)
        if view.kind == "betli":  # a defender: let the declarer win, play low
            return Play(min(cards, key=lambda c: (strength(c), points[c])))
        declarer = view.declarer
        partner_wins = declarer is not None and best_seat != declarer and view.seat != declarer
        last = len(trick) == len(view.tricks_won) - 1
        trick_points = sum(points[c] for _, c in trick)
        if partner_wins and (last or self._boss(view, trick[0][1], best, keys)):
            # Give points to the partner's trick: the richest card that does not overtake.
            pool = losers or cards
            return Play(max(pool, key=lambda c: (points[c], -strength(c))))
        if winners and (
            trick_points >= 10
            or last
            or view.seat == declarer
            or (best_seat == declarer and self._decides(view, points, trick_points))
        ):
            return Play(min(winners, key=lambda c: (strength(c), points[c])))
        return Play(min(cards, key=lambda c: (points[c], strength(c))))

    @staticmethod
    def _decides(view: View, points: tuple[int, ...], trick_points: int) -> bool:
        """Whether the declarer, winning this trick, would come near what it needs: half
        the pack's points (then it beats both defenders) or a points figure it announced."""
        rules = _rules(view.variant)
        target = (sum(points) + rules.cards.last_trick) // 2 + 1
        if view.trump >= 0 or view.kind == "no-trumps":
            figures = _figures(view.variant, view.trump)
            for item in view.items:
                info = figures.get(item.label) if item.seat == view.declarer else None
                if info is not None and info[0] == "points":
                    target = min(target, info[2])
        taken = sum(
            points[c] for t in view.tricks if t.winner == view.declarer for _s, c in t.cards
        )
        return taken + trick_points >= target - COUNT_MARGIN

    @staticmethod
    def _played(view: View) -> int:
        played = 0
        for t in view.tricks:
            for _s, c in t.cards:
                played |= 1 << c
        for _s, c in view.trick:
            played |= 1 << c
        return played

    def _boss(self, view: View, lead: Card, best: int, keys: tuple[int, ...]) -> bool:
        """Whether the winning card so far beats every card still out (not held, not played)."""
        base = (lead >> 3) * 32
        gone = self._played(view)
        for c in view.hand:
            gone |= 1 << c
        return all(keys[base + c] <= best for c in range(32) if not gone >> c & 1)

    def _lead(
        self,
        view: View,
        cards: list[Card],
        keys: tuple[int, ...],
        points: tuple[int, ...],
        avoid: bool,
    ) -> Card:
        def own(c: Card) -> int:
            return keys[(c >> 3) * 32 + c]

        if avoid or view.kind == "betli":
            return min(cards, key=own)
        trump = view.trump
        trumps = [c for c in cards if c >> 3 == trump]
        if view.seat == view.declarer and len(trumps) >= 2:
            gone = self._played(view)
            for c in view.hand:
                gone |= 1 << c
            out = [c for c in range(8 * trump, 8 * trump + 8) if not gone >> c & 1]
            if out:  # draw the opponents' trumps: the top one if held, else a low one
                top = max(trumps, key=own)
                if all(own(top) > keys[trump * 32 + c] for c in out) or len(trumps) < 3:
                    return top
                return min(trumps, key=own)
        aces = [c for c in cards if c & 7 == _ACE and c >> 3 != trump]
        if aces:
            return aces[0]
        plain = [c for c in cards if c >> 3 != trump] or cards
        return min(plain, key=lambda c: (points[c], own(c)))
