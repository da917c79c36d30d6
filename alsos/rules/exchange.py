"""Exchange modules: the trump-7 exchange and síber.

``siber`` (000 "Trump Exchange"): only after the original suit was accepted
in round 1.  If the top talon card is a trump or an Ace, the holder of the
first entitled trump (the 7; the 8 when the 7 is one of the two seen talon
cards) may lay it face up, take the whole talon and put back as many cards,
face down, as bring the hand to its size (no trumps unless the profile allows
it).  Otherwise, or if declined, the 7's holder may swap it for the indicator
at its turn in the first trick.

``none``: neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.actions import DISCARDS, EXCHANGE, PASS, SIBER, Action, Discard
from alsos.cards import CARDS, Rank, Suit, cards_of, suit_mask
from alsos.phases import Phase
from alsos.rules import Described, register

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.profile import Ruleset

__all__ = ["NoExchange", "SiberExchange", "TompaExchange"]


_TAKES = {
    "talon": "the whole talon",
    "seen": "the two face-up talon cards",
    "reveal": "the two face-up talon cards, then hidden ones turned up one at a time from "
    "the {ends} for as long as each is a trump or an Ace",
    "trumps-and-aces": "the two face-up talon cards and every trump and Ace in the talon",
}


@register("exchange", "none")
class NoExchange:
    """No exchange of any kind: play starts straight after the pick-up."""

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        return []

    def __init__(self, game: Game) -> None:
        self.game = game

    def start(self) -> None:
        self.game.begin_play()

    def can_exchange(self, seat: int) -> bool:
        return False

    def can_siber(self, seat: int) -> bool:
        return False

    def discard_options(self, seat: int) -> tuple[Action, ...]:
        return ()

    def exchange(self, seat: int) -> None:
        raise AssertionError("no exchange in this profile")

    def legal(self, seat: int) -> tuple[Action, ...]:
        return ()

    def apply(self, seat: int, action: Action) -> None:
        raise AssertionError("no exchange in this profile")


@register("exchange", "siber")
class SiberExchange(NoExchange):
    """Three-player síber (whole talon) and the simple trump-7 exchange."""

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        ex = rules.exchange
        out: Described = []
        if ex.simple_exchange:
            out.append(
                (
                    "exchange.simple",
                    "When the original suit was accepted in the first round, the holder of "
                    "the trump 7 may swap it for the indicator at its turn in the first trick.",
                    (),
                )
            )
        if ex.siber:
            ranks = [r.code for r in ex.entitled]
            who = f"the holder of the trump {ranks[0]}"
            seen = "one of the two seen talon cards" if ex.skip_seen == "both" else "the indicator"
            for r in ranks[1:]:
                who += f" (the {r} when the cards before it are {seen})"
            top = " when the top talon card is a trump or an Ace," if ex.top_needed else ","
            takes = _TAKES[ex.takes].format(ends=" then the ".join(ex.reveal_from))
            discard = "any cards" if ex.discard_trumps else "no trumps"
            example = (CARDS[8 * Suit.HEARTS + Rank.SEVEN], CARDS[8 * Suit.ACORNS + Rank.ACE])
            text = (
                f"After the pick-up in a game in the original suit,{top} {who} may do a "
                f"{{síber}} before the first lead: lay that card face up, take {takes}, "
                f"and put back face down as many cards as bring the hand to "
                f"{rules.hand_size} ({discard}).  Those cards count for nobody."
            )
            if ex.required_figure:
                text += (
                    f"  Taking more than one card obliges the player to announce "
                    f"{ex.required_figure}."
                )
            if ex.simple_exchange:
                text += "  After a síber there is no swap."
            out.append(("exchange.siber", text, example))
        return out

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.seat: int | None = None
        self.card: int | None = None
        self.possible = False

    def entitled(self) -> tuple[int, int] | None:
        """(seat, card) of the seat that may síber now, if any."""
        g = self.game
        rules = g.rules.exchange
        if not (rules.siber and g.accepted_original and g.trump >= 0):
            return None
        top = g.talon[-1]
        if rules.top_needed and not (top >> 3 == g.trump or top & 7 == Rank.ACE):
            return None
        seen = (g.talon[0], g.talon[-1]) if rules.skip_seen == "both" else (g.talon[0],)
        for rank in rules.entitled:
            card = 8 * g.trump + rank
            if card in seen:
                continue
            for s in g.active:
                if g.hands[s] >> card & 1:
                    return s, card
            return None
        return None

    def start(self) -> None:
        g = self.game
        who = self.entitled()
        self.possible = who is not None
        if who is None:
            g.begin_play()
            return
        self.seat, self.card = who
        if g.rules.exchange.siber_at_turn:
            g.begin_play()  # offered at the entitled seat's first-trick turn
            return
        g.phase = Phase.SIBER
        g.to_act = self.seat

    def legal(self, seat: int) -> tuple[Action, ...]:
        if self.game.phase is Phase.SIBER:
            return (PASS, SIBER)
        return self.discard_options(seat)

    def discard_options(self, seat: int) -> tuple[Action, ...]:
        g = self.game
        keep = g.hands[seat]
        if not g.rules.exchange.discard_trumps and g.trump >= 0:
            keep &= ~suit_mask(g.trump)
        return tuple(DISCARDS[c] for c in cards_of(keep))

    def can_siber(self, seat: int) -> bool:
        """Síber offered in the seat's own first-trick turn (004's timing)."""
        g = self.game
        return (
            g.rules.exchange.siber_at_turn
            and self.seat == seat
            and g.siber_card is None
            and g.trick_no == 0
        )

    def _takes(self) -> tuple[list[int], list[int], set[int]]:
        """Split the talon into (taken, left, left face up) under the profile's rule."""
        g = self.game
        rules = g.rules.exchange
        talon = g.talon
        seen = [talon[0], talon[-1]]
        hidden = talon[1:-1]

        def good(c: int) -> bool:
            return c >> 3 == g.trump or c & 7 == Rank.ACE

        if rules.takes == "talon":
            return list(talon), [], set()
        if rules.takes == "seen":
            return seen, hidden, set()
        if rules.takes == "trumps-and-aces":
            return seen + [c for c in hidden if good(c)], [c for c in hidden if not good(c)], set()
        taken, shown = list(seen), set()
        for end in rules.reveal_from:
            while hidden:
                c = hidden[0] if end == "bottom" else hidden[-1]
                if not good(c):
                    shown.add(c)
                    break
                taken.append(c)
                hidden.remove(c)
        return taken, hidden, shown

    def apply(self, seat: int, action: Action) -> None:
        g = self.game
        if action is PASS:
            g.begin_play()
            return
        if action is SIBER:
            assert self.card is not None
            taken, left, shown = self._takes()
            for c in taken:
                g.hands[seat] |= 1 << c
            g.hands[seat] &= ~(1 << self.card)
            g.siber_card = self.card
            g.siber_taken = len(taken)
            g.talon = [self.card, *left]
            g.talon_up = {self.card, *shown}
            g._discards_left = bin(g.hands[seat]).count("1") - g.rules.hand_size
            required = g.rules.exchange.required_figure
            if required is not None and len(taken) > 1:
                g.force_announce(seat, required)
            if g.phase is Phase.SIBER:
                if g._discards_left > 0:
                    g.phase = Phase.DISCARD
                else:
                    g.begin_play()
            return
        assert isinstance(action, Discard)
        bit = 1 << action.card
        g.hands[seat] &= ~bit
        g.discarded |= bit
        g.talon.append(int(action.card))
        g._discards_left -= 1
        if g._discards_left == 0 and g.phase is Phase.DISCARD:
            g.begin_play()

    def can_exchange(self, seat: int) -> bool:
        g = self.game
        if not (g.rules.exchange.simple_exchange and g.accepted_original and g.trump >= 0):
            return False
        if g.siber_card is not None or g.exchanged is not None:
            return False
        if g.rules.exchange.simple_only_without_siber and self.possible:
            return False
        seven = 8 * g.trump + Rank.SEVEN
        return bool(g.hands[seat] >> seven & 1) and g.talon[0] == g.indicator

    def exchange(self, seat: int) -> None:
        g = self.game
        seven = 8 * g.trump + Rank.SEVEN
        g.hands[seat] = (g.hands[seat] & ~(1 << seven)) | (1 << g.indicator)
        g.talon[0] = seven
        g.talon_up.discard(g.indicator)
        g.talon_up.add(seven)
        g.exchanged = seat


@register("exchange", "tompa")
class TompaExchange(SiberExchange):
    """The two-player exchange of 000 Tompa G4, before the first lead.

    The holder of the trump 7 (the 8 when the 7 is the indicator) may swap it
    for the indicator; when the top card is a trump or an Ace it may instead
    also take that card and then the hidden talon cards turned from the bottom
    while each is a trump or an Ace, and discard back to the hand size.  The
    rules leave this to the holder's turn in the first trick; here it happens
    just before the lead (the declarer leads, so only the order of the
    opponent's exchange and the declarer's first card differs).
    """

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        return [
            (
                "exchange.siber",
                "When the original suit is trumps, before the first lead the holder of the "
                "trump 7 (the 8 when the 7 is the indicator) may swap it for the indicator; "
                "when the top talon card is a trump or an Ace it may also take that card and "
                "then the hidden cards turned up from the bottom while each is a trump or "
                f"an Ace, and put back face down any cards to return to {rules.hand_size}.",
                (CARDS[8 * Suit.HEARTS + Rank.SEVEN], CARDS[8 * Suit.ACORNS + Rank.ACE]),
            )
        ]

    def legal(self, seat: int) -> tuple[Action, ...]:
        g = self.game
        if g.phase is not Phase.SIBER:
            return super().legal(seat)
        top = g.talon[-1]
        if top >> 3 == g.trump or top & 7 == Rank.ACE:
            return (PASS, EXCHANGE, SIBER)
        return (PASS, EXCHANGE)

    def apply(self, seat: int, action: Action) -> None:
        g = self.game
        if g.phase is Phase.SIBER and action is EXCHANGE:
            assert self.card is not None
            g.hands[seat] = (g.hands[seat] & ~(1 << self.card)) | (1 << g.indicator)
            g.talon[0] = self.card
            g.talon_up.discard(g.indicator)
            g.talon_up.add(self.card)
            g.exchanged = seat
            g.begin_play()
            return
        super().apply(seat, action)

    def can_exchange(self, seat: int) -> bool:
        return False
