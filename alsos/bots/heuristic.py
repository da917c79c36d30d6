"""A heuristic bot: plays the way a sensible club player would, from its view alone.

Its rules of thumb, phase by phase:

- **Bidding.**  It values its hand for each trump suit it could play: the
  trump Under, 9, Ace and 10 count most, other trumps a little, plain Aces
  and guarded Tens too, and length in trumps.  It accepts or bids a suit
  whose value reaches its threshold (``boldness`` lowers it), prefers the
  strongest suit, bids no-trumps with three Aces or more, and Betli with a
  hand of low cards only.
- **Announcements.**  It passes unless its hand makes a figure likely: it
  never announces a figure it could not be near, says a kontra only when it
  is strong where the item is decided (a defender with a strong trump hand
  against the game), and answers kontras on its own items only with a very
  strong hand.  It declares every meld it may (they score), takes the trump
  7 exchange and a síber (more cards to choose from), and discards its
  cheapest plain cards.
- **Play.**  Declarer in a trump game leads trumps while it has several,
  then its Aces; a defender leads an Ace, else a low card of a plain suit.
  Following, it wins a trick worth winning with its cheapest winning card,
  plays low when the trick is lost, and gives points (a Ten, an Ace) to a
  trick its partner is winning.  In Betli and Klopitzky it ducks: the
  highest card that does not win, else its highest card.
- **Calls.**  It does not call; asked to concede, it plays on when its side
  holds the stronger cards, and concedes otherwise.

Each decision reads the view and a few per-ruleset tables (trick strengths,
card points), so it takes a few tens of microseconds.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from alsos.actions import (
    ACCEPT,
    BETLI,
    CONCEDE,
    EXCHANGE,
    KICSI,
    PASS,
    PLAY_ON,
    SHOW,
    SIBER,
    Action,
    Announce,
    Bid,
    Declare,
    DeclareMelds,
    Discard,
    Kontra,
    Play,
)
from alsos.cards import Card, Rank
from alsos.loading import load_variant
from alsos.phases import Phase
from alsos.profile import Ruleset
from alsos.tables import point_table, trick_keys
from alsos.view import View

__all__ = ["HeuristicBot"]

_RANKS = tuple(Rank)
# The value of a trump and of a plain card to a hand, by rank (A K O U 10 9 8 7).
_TRUMP_VALUE = {Rank.UNDER: 4.0, Rank.NINE: 3.0, Rank.ACE: 3.0, Rank.TEN: 2.0,
                Rank.KING: 1.2, Rank.OVER: 1.0, Rank.EIGHT: 0.6, Rank.SEVEN: 0.6}  # fmt: skip
_SPEECH = (Phase.FRONT, Phase.BACK, Phase.COMPLETION)


@functools.lru_cache(maxsize=32)
def _rules(variant: str) -> Ruleset:
    return load_variant(variant)


class HeuristicBot:
    """Rules of thumb for every phase (see the module documentation).

    ``boldness`` above 1 bids and kontras more readily, below 1 less.  The
    seed only breaks ties, so the bot is reproducible.
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
            return self._speak(view, legal)
        if phase is Phase.SIBER:
            return SIBER if SIBER in legal else legal[0]
        if phase is Phase.MELDS:
            return SHOW if SHOW in legal else KICSI
        if phase is Phase.CALL:
            return self._answer_call(view, legal)
        # PLAY, including the first trick's speech and a síber's discards.
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(view, discards)
        for wanted in (SIBER, EXCHANGE):
            if wanted in legal:
                return wanted
        melds = [a for a in legal if isinstance(a, (Declare, DeclareMelds))]
        if melds:
            return melds[0]
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return self._speak(view, legal)
        return self._play(view, plays)

    # ------------------------------------------------------------ valuing

    def _suit_value(self, hand: Sequence[Card], trump: int) -> float:
        value = 0.0
        trumps = 0
        for c in hand:
            if c >> 3 == trump:
                trumps += 1
                value += _TRUMP_VALUE[c.rank]
            elif c.rank is Rank.ACE:
                value += 1.5
        return value + max(0, trumps - 3) * 1.0

    def _threshold(self, view: View) -> float:
        seen_part = view.unseen_count > 0  # before the pick-up the hand is partly known
        return (9.0 if seen_part else 13.0) / self.boldness

    def _bid(self, view: View, legal: Sequence[Action]) -> Action:
        hand = view.hand
        if ACCEPT in legal:
            original = view.talon_seen[0] >> 3 if view.talon_seen else -1
            if original >= 0 and self._suit_value(hand, original) >= self._threshold(view):
                return ACCEPT
            return PASS
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            aces = sum(1 for c in hand if c.rank is Rank.ACE)
            # Where passing is not allowed (naming trumps after a ladder auction) the
            # best bid is taken however weak.
            best: tuple[float, Action] = (
                (self._threshold(view), PASS) if PASS in legal else (float("-inf"), bids[0])
            )
            for bid in bids:
                if bid.suit is None:
                    value = 4.0 * aces + sum(1 for c in hand if c.rank is Rank.TEN)
                    value *= 0.8
                else:
                    value = self._suit_value(hand, int(bid.suit))
                if value >= best[0]:
                    best = (value, bid)
            return best[1]
        if BETLI in legal:
            high = sum(1 for c in hand if c.rank in (Rank.ACE, Rank.TEN, Rank.KING))
            return BETLI if high == 0 and len(hand) >= 6 else PASS
        return PASS if PASS in legal else legal[0]

    def _strength(self, view: View) -> float:
        """How strong the seat's hand is for the game being played (0 when unknown)."""
        if view.trump >= 0:
            return self._suit_value(view.hand, view.trump)
        return 3.0 * sum(1 for c in view.hand if c.rank is Rank.ACE)

    # ------------------------------------------------------------- speech

    def _speak(self, view: View, legal: Sequence[Action]) -> Action:
        declarer = view.seat == view.declarer
        strength = self._strength(view) * self.boldness
        for action in legal:
            if isinstance(action, Kontra) and action.figure == "game":
                if not declarer and action.level == 1 and strength >= 14:
                    return action
                if declarer and action.level == 2 and strength >= 18:
                    return action
        figures = [a for a in legal if isinstance(a, Announce)]
        if figures and declarer and strength >= 16:
            rules = _rules(view.variant) if view.variant else None
            for action in figures:
                fig = rules.figures.get(action.figure) if rules is not None else None
                if fig is not None and fig.kind == "kassza":
                    return action  # béla is held (the legal list checks it): the game counts more
        if PASS in legal:
            return PASS
        plays = [a for a in legal if isinstance(a, Play)]
        return self._play(view, plays) if plays else legal[0]

    def _answer_call(self, view: View, legal: Sequence[Action]) -> Action:
        strong = self._strength(view) >= 10
        if PLAY_ON in legal and (strong or CONCEDE not in legal):
            return PLAY_ON
        return CONCEDE if CONCEDE in legal else legal[0]

    # --------------------------------------------------------------- cards

    def _tables(self, view: View) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(trick strength by led suit and card, card points) for the game played."""
        rules = _rules(view.variant)
        c = rules.cards
        kind = view.kind
        order = c.betli_order if kind == "betli" else (
            c.klopitzky_order if kind == "klopitzky" else c.plain_order
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
        partner_wins = (
            view.declarer is not None
            and best_seat != view.declarer
            and view.seat != view.declarer
        )
        trick_points = sum(points[c] for _, c in trick)
        last = len(trick) == len(view.tricks_won) - 1
        if partner_wins and (last or best >= 16):
            # Give points to the partner's trick: the richest card that does not overtake.
            pool = losers or cards
            return Play(max(pool, key=lambda c: (points[c], -strength(c))))
        if winners and (trick_points >= 10 or last or view.seat == view.declarer):
            return Play(min(winners, key=lambda c: (strength(c), points[c])))
        return Play(min(cards, key=lambda c: (points[c], strength(c))))

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
        if view.seat == view.declarer and len(trumps) >= 3:
            return max(trumps, key=own)
        aces = [c for c in cards if c.rank is Rank.ACE and c >> 3 != trump]
        if aces:
            return aces[0]
        plain = [c for c in cards if c >> 3 != trump] or cards
        return min(plain, key=lambda c: (points[c], own(c)))
