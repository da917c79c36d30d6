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

from attrs import frozen

from alsos.hand.protocol import Described, ExchangeModule, SiberTaking
from alsos.hand.rules.ranks import of_trumps, the_rank, trump_rank
from alsos.hand.state import ModuleState
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.actions import DISCARDS, EXCHANGE, PASS, SIBER, Action, Discard
from alsos.pack.cards import CARDS, Rank, Suit, cards_of, suit_mask
from alsos.pack.phases import Phase
from alsos.ruleset.checks import unknown_value
from alsos.ruleset.registry import register

if TYPE_CHECKING:
    from alsos.hand.protocol import ExchangeModule, Referee
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import Ruleset

__all__ = ["ExchangeState", "NoExchange", "SiberExchange", "SiberParams", "TompaExchange"]

#: What a síber may take (``takes``), and the other words of the síber's keys.
TAKES = ("talon", "seen", "reveal", "trumps-and-aces")
_WORDS = (
    ("takes", TAKES),
    ("simple_at", ("before-card", "turn-start")),
    ("skip_seen", ("both", "indicator")),
)


@frozen
class SiberParams:
    """The ``siber`` (and ``tompa``) exchange's own keys (pagat, "Trump Exchange",
    "Two-Player Game", Variations).

    ``simple_exchange``: the holder of the trump 7 may swap it for the indicator;
    ``siber``: the síber is played.  ``entitled``: the trump ranks that may síber, in
    turn: the first one not among the seen talon cards (``[7, 8]``: the 7, or the 8
    if the 7 is seen).  ``takes``: what the síber takes -- ``talon`` (all of it),
    ``seen`` (the two face-up cards), ``reveal`` (the two face-up cards, then hidden
    cards turned one at a time from the ends in ``reveal_from`` while each is a
    trump or an Ace), ``trumps-and-aces`` (the seen cards and every trump or Ace in
    the talon).  ``top_needed``: síber only when the top card is a trump or an Ace.
    ``discard_trumps``: trumps may be laid back.  ``required_figure``: a figure the
    síber player must announce when it took more than one card (a house option for
    abszolút).  ``skip_seen``: the next entitled rank is used when the previous one
    is ``both`` seen cards' or only the ``indicator`` (pagat, Tompa rules G4).
    ``siber_at_turn``: the síber is made at the entitled player's turn in the first
    trick, before it announces, instead of before the first lead;
    ``simple_only_without_siber``: the plain swap of the 7 only when no síber was
    possible (both huwiki "Taloncsere").  ``simple_at``: when in its first-trick turn
    the holder of the 7 may swap it: ``before-card`` -- at any point of the turn,
    after which it plays its card straight away (pagat, "Trump Exchange": just
    before playing to the trick), but not once it has declared a meld in that turn
    (a ruling: a declaration describes the hand the seat plays from);
    ``turn-start`` -- first, before it says anything (huwiki, "Taloncsere").
    """

    simple_exchange: bool = True
    siber: bool = True
    entitled: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT)
    takes: str = "talon"
    reveal_from: tuple[str, ...] = ("bottom",)
    top_needed: bool = True
    discard_trumps: bool = False
    required_figure: str | None = None
    skip_seen: str = "both"
    siber_at_turn: bool = False
    simple_only_without_siber: bool = False
    simple_at: str = "before-card"


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


#: What a síber takes (``exchange.takes``), as the object of "take ...".
_TAKES = {
    "talon": N_("the whole talon"),
    "seen": N_("the two face-up talon cards"),
    "reveal": N_(
        "the two face-up talon cards, then hidden ones turned up one at a time from "
        "{ends} for as long as each is a trump or an Ace"
    ),
    "trumps-and-aces": N_("the two face-up talon cards and every trump and Ace in the talon"),
}
#: The ends of the talon hidden cards are turned up from (``exchange.reveal_from``).
_ENDS = {"bottom": N_("the bottom"), "top": N_("the top")}


def _ends(ends: tuple[str, ...], lang: Language) -> str:
    """``the bottom then the top``: where a revealing síber turns up hidden cards."""
    out = lang.text(_ENDS[ends[0]])
    for end in ends[1:]:
        out = lang.text("{ends} then {end}", ends=out, end=lang.text(_ENDS[end]))
    return out


def _siber_who(ex: SiberParams, lang: Language) -> str:
    """Who may síber: the holder of the first entitled trump, then each next rank's
    holder when the ranks before it lie face up (``exchange.entitled``, ``skip_seen``)."""
    who = lang.text("the holder of {card}", card=trump_rank(ex.entitled[0], lang))
    nxt = (
        N_("{who} ({card} when the cards before it are one of the two seen talon cards)")
        if ex.skip_seen == "both"
        else N_("{who} ({card} when the cards before it are the indicator)")
    )
    for rank in ex.entitled[1:]:
        who = lang.text(nxt, who=who, card=the_rank(rank, lang))
    return who


def _siber_clause(ex: SiberParams, rules: Ruleset, lang: Language) -> str:
    """The rulebook's clause ``exchange.siber`` of the ``siber`` exchange."""
    if ex.top_needed:
        msg = (
            N_(
                "After the pick-up in a game in the original suit, when the top talon card is "
                "a trump or an Ace, {who} may do a {{síber}} {when}: lay that card face up, "
                "take {takes}, and put back face down as many cards as bring the hand to "
                "{size} (any cards).  Those cards count for nobody."
            )
            if ex.discard_trumps
            else N_(
                "After the pick-up in a game in the original suit, when the top talon card is "
                "a trump or an Ace, {who} may do a {{síber}} {when}: lay that card face up, "
                "take {takes}, and put back face down as many cards as bring the hand to "
                "{size} (no trumps).  Those cards count for nobody."
            )
        )
    else:
        msg = (
            N_(
                "After the pick-up in a game in the original suit, {who} may do a {{síber}} "
                "{when}: lay that card face up, take {takes}, and put back face down as many "
                "cards as bring the hand to {size} (any cards).  Those cards count for nobody."
            )
            if ex.discard_trumps
            else N_(
                "After the pick-up in a game in the original suit, {who} may do a {{síber}} "
                "{when}: lay that card face up, take {takes}, and put back face down as many "
                "cards as bring the hand to {size} (no trumps).  Those cards count for nobody."
            )
        )
    when = N_("at its turn in the first trick") if ex.siber_at_turn else N_("before the first lead")
    takes = lang.text(_TAKES[ex.takes], ends=_ends(ex.reveal_from, lang))
    said = [
        lang.text(
            msg, who=_siber_who(ex, lang), when=lang.text(when), takes=takes, size=rules.hand_size
        )
    ]
    if ex.required_figure:
        said.append(
            lang.text(
                "Taking more than one card obliges the player to announce {figure}.",
                figure=ex.required_figure,
            )
        )
    if ex.simple_exchange:
        said.append(lang.text("After a síber there is no swap."))
    if not ex.siber_at_turn:
        said.append(
            lang.text(
                "Whenever a síber could be made, every player is asked in turn, starting with "
                "the first player after the dealer, and any player may pass, so a pass does "
                "not tell whether that player, another or the talon holds the card."
            )
        )
    return "  ".join(said)


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
    Params = SiberParams

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        self.own: SiberParams = self.params(rules)
        self.anytime = self.own.simple_at == "before-card"

    @classmethod
    def moves(cls, rules: Ruleset) -> frozenset[str]:
        own: SiberParams = cls.params(rules)
        return frozenset(
            (["exchange"] if own.simple_exchange or own.siber else [])
            + (["siber", "discard"] if own.siber else [])
        )

    @classmethod
    def overview(cls, rules: Ruleset, lang: Language = ENGLISH) -> str | None:
        ex: SiberParams = cls.params(rules)
        if not (ex.simple_exchange or ex.siber):
            return None
        if ex.simple_exchange and ex.siber:
            msg = N_(
                "**Trump exchange.** The holder of {card} may swap it for the "
                "indicator or, when the rules allow it, do a {{síber}}."
            )
        elif ex.simple_exchange:
            msg = N_("**Trump exchange.** The holder of {card} may swap it for the indicator.")
        else:
            msg = N_("**Trump exchange.** The holder of {card} may do a {{síber}}.")
        rank = ex.entitled[0] if ex.entitled else Rank.SEVEN
        return lang.text(msg, card=of_trumps(rank, lang))

    @classmethod
    def siber(cls, rules: Ruleset) -> SiberTaking | None:
        own: SiberParams = cls.params(rules)
        if not own.siber:
            return None
        return SiberTaking(own.takes, own.reveal_from, own.top_needed, own.discard_trumps)

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        own: SiberParams = cls.params(rules)
        problems: list[str] = [
            unknown_value(f"exchange.{key}", repr(getattr(own, key)), ", ".join(words))
            for key, words in _WORDS
            if getattr(own, key) not in words
        ]
        for end in own.reveal_from:
            if end not in ("bottom", "top"):
                problems.append(
                    Said(
                        N_("exchange.reveal_from: {end} is neither 'bottom' nor 'top'"),
                        end=repr(end),
                    )
                )
        if own.required_figure is not None and own.required_figure not in rules.figures:
            problems.append(
                Said(
                    N_("exchange.required_figure: {name} is not a figure here"),
                    name=repr(own.required_figure),
                )
            )
        if own.siber and not own.entitled:
            problems.append(
                Said(N_("exchange.entitled: name at least one trump rank that may síber"))
            )
        return problems

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        ex: SiberParams = cls.params(rules)
        out: Described = []
        if ex.simple_exchange:
            out.append(
                (
                    "exchange.simple",
                    lang.text(
                        "When the original suit was accepted in the first round, the holder of "
                        "the trump 7 may swap it for the indicator at its turn in the first "
                        "trick."
                    ),
                    (),
                )
            )
        if ex.siber:
            example = (CARDS[8 * Suit.HEARTS + Rank.SEVEN], CARDS[8 * Suit.ACORNS + Rank.ACE])
            out.append(("exchange.siber", _siber_clause(ex, rules, lang), example))
        return out

    def entitled_card(self, s: HandState) -> int | None:
        """The entitled trump if the síber step's public condition holds, else None.

        Everything it looks at is public (the contract, the two seen talon
        cards), so every seat knows whether the step is held; where the card
        lies is not looked at.
        """
        rules = self.own
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
        if self.own.siber_at_turn or self.entitled_card(s) is None:
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
        if not self.own.discard_trumps and s.trump >= 0:
            keep &= ~suit_mask(s.trump)
            if keep.bit_count() < s.discards_left:
                # Too few other cards to make the discards owed (a short hand with a
                # long talon): trumps too, rather than a hand that cannot go on.
                keep = hand
        return tuple(DISCARDS[c] for c in cards_of(keep))

    def can_siber(self, s: HandState, seat: int) -> bool:
        """Síber offered in the seat's own first-trick turn (huwiki's timing)."""
        return (
            self.own.siber_at_turn
            and _st(s).seat == seat
            and s.siber_card is None
            and s.trick_no == 0
        )

    def _takes(self, s: HandState) -> tuple[list[int], list[int], set[int]]:
        """Split the talon into (taken, left, left face up) under the profile's rule."""
        rules = self.own
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
            if self.own.takes == "reveal":
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
            required = self.own.required_figure
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
        rules = self.own
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
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        return [
            (
                "exchange.siber",
                lang.text(
                    "When the original suit is trumps, before the first lead the holder of the "
                    "trump 7 (the 8 when the 7 is the indicator) may swap it for the indicator; "
                    "when the top talon card is a trump or an Ace it may also take that card "
                    "and then the hidden cards turned up from the bottom while each is a trump "
                    "or an Ace, and put back face down any cards to return to {size}.  Both "
                    "players are asked in turn, so a pass does not tell the other whether the "
                    "card is in the passer's hand or in the talon.",
                    size=rules.hand_size,
                ),
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
