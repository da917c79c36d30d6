"""Exchange modules: the trump-7 exchange and síber.

``siber`` (pagat, "Trump Exchange"): only after the original suit was accepted
in round 1.  If the top talon card is a trump or an Ace, the holder of the
first entitled trump (the 7; the 8 when the 7 is one of the two seen talon
cards) may lay it face up, take the whole talon and put back as many cards,
face down, as bring the hand to its size (no trumps unless the profile allows
it).  Otherwise, or if declined, the 7's holder may swap it for the indicator
at its turn in the first trick.

A declined síber must tell nobody where the entitled card is (pagat, "Trump Exchange":
the holder may decline so that the declarer believes the 7 is in the talon).
So the síber step is held whenever its *public* condition holds -- the
original suit accepted, the top card a trump or an Ace where the profile
needs it, an entitled card not face up -- even when that card lies in the
hidden talon, and every active seat is asked in turn from forehand; only
the holder may síber (or, in tompa, swap), any seat may pass, and the first
síber or swap ends the step.  All passing looks the same wherever the card
is.  Where síber is offered inside the holder's own first-trick turn
(``siber_at_turn``), an unused offer leaves no trace, so there is no step.

``none``: neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.hand.protocol import Described, ExchangeModule
from alsos.hand.state import ModuleState
from alsos.pack.actions import DISCARDS, EXCHANGE, PASS, SIBER, Action, Discard
from alsos.pack.cards import CARDS, Rank, Suit, cards_of, suit_mask
from alsos.pack.phases import Phase
from alsos.ruleset.registry import register

if TYPE_CHECKING:
    from alsos.hand.protocol import ExchangeModule, Referee
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import Ruleset

__all__ = ["ExchangeState", "NoExchange", "SiberExchange", "TompaExchange"]


class ExchangeState(ModuleState):
    """Who may síber (kept in ``HandState.exchange``): ``seat`` and ``card`` of the
    entitled trump, and whether a síber was ``possible`` at all this hand."""

    __slots__ = ("card", "possible", "seat")

    def __init__(self, seat: int | None, card: int | None) -> None:
        self.seat = seat
        self.card = card
        self.possible = seat is not None


def _st(s: HandState) -> ExchangeState:
    e = s.exchange
    return e if isinstance(e, ExchangeState) else _NONE


_NONE = ExchangeState(None, None)


_TAKES = {
    "talon": "the whole talon",
    "seen": "the two face-up talon cards",
    "reveal": "the two face-up talon cards, then hidden ones turned up one at a time from "
    "the {ends} for as long as each is a trump or an Ace",
    "trumps-and-aces": "the two face-up talon cards and every trump and Ace in the talon",
}


@register("exchange", "none")
class NoExchange(ExchangeModule):
    """No exchange of any kind: play starts straight after the pick-up."""

    exchanges = False

    def start(self, ref: Referee, s: HandState) -> None:
        ref.begin_play(s)

    def exchange(self, s: HandState, seat: int) -> None:
        raise AssertionError("no exchange in this profile")

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        return ()

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        raise AssertionError("no exchange in this profile")


@register("exchange", "siber")
class SiberExchange(NoExchange):
    """Three-player síber (whole talon) and the simple trump-7 exchange."""

    exchanges = True

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
            when = "at its turn in the first trick" if ex.siber_at_turn else "before the first lead"
            text = (
                f"After the pick-up in a game in the original suit,{top} {who} may do a "
                f"{{síber}} {when}: lay that card face up, take {takes}, "
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
            if not ex.siber_at_turn:
                text += (
                    "  Whenever a síber could be made, every player is asked in turn, "
                    "starting with the first player after the dealer, and any player may pass, "
                    "so a pass does not tell whether that player, another or the talon "
                    "holds the card."
                )
            out.append(("exchange.siber", text, example))
        return out

    def entitled_card(self, s: HandState) -> int | None:
        """The entitled trump if the síber step's public condition holds, else None.

        Everything it looks at is public (the contract, the two seen talon
        cards), so every seat knows whether the step is held; where the card
        lies is not looked at.
        """
        rules = self.rules.exchange
        if not (rules.siber and s.accepted_original and s.trump >= 0):
            return None
        top = s.talon[-1]
        if rules.top_needed and not (top >> 3 == s.trump or top & 7 == Rank.ACE):
            return None
        seen = (s.talon[0], s.talon[-1]) if rules.skip_seen == "both" else (s.talon[0],)
        for rank in rules.entitled:
            card = 8 * s.trump + rank
            if card not in seen:
                return card
        return None

    def entitled(self, s: HandState) -> tuple[int, int] | None:
        """(seat, card) of the seat that may síber, if any (private: who holds it)."""
        card = self.entitled_card(s)
        if card is None:
            return None
        for t in s.active:
            if s.hands[t] >> card & 1:
                return t, card
        return None  # in the hidden talon

    def start(self, ref: Referee, s: HandState) -> None:
        who = self.entitled(s)
        s.exchange = ExchangeState(*who) if who is not None else ExchangeState(None, None)
        if self.rules.exchange.siber_at_turn or self.entitled_card(s) is None:
            ref.begin_play(s)  # at_turn: offered inside the entitled seat's first-trick turn
            return
        # pagat, "Trump Exchange": every seat is asked, holder or not, so a pass reveals nothing.
        ref.ask(s, Phase.SIBER, s.active[0])

    def _step_options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        """The holder's actions at the síber step besides passing."""
        return (SIBER,)

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        if s.phase is Phase.SIBER:
            if seat != _st(s).seat:
                return (PASS,)
            return (PASS, *self._step_options(s, seat))
        return self.discard_options(s, seat)

    def _pass(self, ref: Referee, s: HandState, seat: int) -> None:
        """A pass at the síber step: the next active seat is asked, after the last one
        the play begins."""
        active = s.active
        at = active.index(seat) + 1
        if s.phase is Phase.SIBER and at < len(active):
            ref.ask(s, Phase.SIBER, active[at])
        else:
            ref.begin_play(s)

    def discard_options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        hand = s.hands[seat]
        keep = hand
        if not self.rules.exchange.discard_trumps and s.trump >= 0:
            keep &= ~suit_mask(s.trump)
            if keep.bit_count() < s.discards_left:
                # Too few other cards to make the discards owed (a short hand with a
                # long talon): trumps too, rather than a hand that cannot go on.
                keep = hand
        return tuple(DISCARDS[c] for c in cards_of(keep))

    def can_siber(self, s: HandState, seat: int) -> bool:
        """Síber offered in the seat's own first-trick turn (huwiki's timing)."""
        return (
            self.rules.exchange.siber_at_turn
            and _st(s).seat == seat
            and s.siber_card is None
            and s.trick_no == 0
        )

    def _takes(self, s: HandState) -> tuple[list[int], list[int], set[int]]:
        """Split the talon into (taken, left, left face up) under the profile's rule."""
        rules = self.rules.exchange
        talon = s.talon
        seen = [talon[0], talon[-1]]
        hidden = talon[1:-1]
        trump = s.trump

        def good(c: int) -> bool:
            return c >> 3 == trump or c & 7 == Rank.ACE

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

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        if action == PASS:
            self._pass(ref, s, seat)
            return
        if action == SIBER:
            card = _st(s).card
            assert card is not None
            taken, _left, shown = self._takes(s)
            if self.rules.exchange.takes == "reveal":
                for c in taken[2:]:  # turned face up one by one as the reveal went on
                    s.talon_up |= 1 << c
            ref.take_from_talon(s, seat, taken)
            s.put_to_talon(seat, card, face_up=True, bottom=True)
            s.talon_up = 1 << card  # the síber card, and what a reveal turned up
            for c in shown:
                s.talon_up |= 1 << c
            s.siber_card = card
            s.siber_taken = len(taken)
            s.discards_left = s.hands[seat].bit_count() - self.rules.hand_size
            required = self.rules.exchange.required_figure
            if required is not None and len(taken) > 1:
                ref.announce(s, seat, required)
            if s.phase is Phase.SIBER:
                if s.discards_left > 0:
                    ref.ask(s, Phase.DISCARD, seat)
                else:
                    ref.begin_play(s)
            return
        assert isinstance(action, Discard)
        s.put_to_talon(seat, int(action.card))
        s.discards_left -= 1
        if s.discards_left == 0 and s.phase is Phase.DISCARD:
            ref.begin_play(s)

    def can_exchange(self, s: HandState, seat: int) -> bool:
        rules = self.rules.exchange
        if not (rules.simple_exchange and s.accepted_original and s.trump >= 0):
            return False
        if s.siber_card is not None or s.exchanged is not None:
            return False
        if rules.simple_only_without_siber and _st(s).possible:
            return False
        seven = 8 * s.trump + Rank.SEVEN
        return bool(s.hands[seat] >> seven & 1) and s.talon[0] == s.indicator

    def exchange(self, s: HandState, seat: int) -> None:
        s.swap_with_talon(seat, 8 * s.trump + Rank.SEVEN, 0)
        s.exchanged = seat


@register("exchange", "tompa")
class TompaExchange(SiberExchange):
    """The two-player exchange of pagat, Tompa rules G4, before the first lead.

    The holder of the trump 7 (the 8 when the 7 is the indicator) may swap it
    for the indicator; when the top card is a trump or an Ace it may instead
    also take that card and then the hidden talon cards turned from the bottom
    while each is a trump or an Ace, and discard back to the hand size.  The
    rules leave this to the holder's turn in the first trick; here it happens
    just before the lead (the declarer leads, so only the order of the
    opponent's exchange and the declarer's first card differs).  Both seats
    are asked, forehand first, whenever the original suit is trumps and the
    entitled card is not the indicator: a swap is made face up, but a
    declined one must not tell the other seat where the card is (pagat,
    "Trump Exchange").
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
                f"an Ace, and put back face down any cards to return to {rules.hand_size}.  "
                "Both players are asked in turn, so a pass does not tell the other "
                "whether the card is in the passer's hand or in the talon.",
                (CARDS[8 * Suit.HEARTS + Rank.SEVEN], CARDS[8 * Suit.ACORNS + Rank.ACE]),
            )
        ]

    def _step_options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        top = s.talon[-1]
        if top >> 3 == s.trump or top & 7 == Rank.ACE:
            return (EXCHANGE, SIBER)
        return (EXCHANGE,)

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        if s.phase is Phase.SIBER and action == EXCHANGE:
            card = _st(s).card
            assert card is not None
            ref.swap_with_talon(s, seat, card, 0)
            s.exchanged = seat
            ref.begin_play(s)
            return
        super().apply(ref, s, seat, action)

    def can_exchange(self, s: HandState, seat: int) -> bool:
        return False
