"""Bidding modules: how the auction settles the declarer and the game.

``potter`` (pagat, "Types of Game and Bidding"): round 1 offers the indicator's
suit to each seat once; round 2, if all passed, takes one rising bid per seat
(any suit but the original one, then no-trumps on top); round 3, after the
pick-up, offers Betli; if all pass, Klopitzky.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from alsos.hand.protocol import BiddingModule, Described
from alsos.hand.speech import figure_allowed
from alsos.hand.state import ModuleState
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.actions import ACCEPT, BETLI, BIDS, PASS, Action, Announce, Bid, announce
from alsos.pack.cards import Card, Suit
from alsos.pack.phases import Contract, Kind, Phase
from alsos.ruleset.registry import lookup, register

if TYPE_CHECKING:
    from alsos.hand.protocol import Referee
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "AlternatingBidding",
    "BiddingState",
    "CombinedBidding",
    "CombinedParams",
    "PotterBidding",
    "PotterParams",
]


@frozen
class PotterParams:
    """The ``potter`` auction's own keys (and the ``alternating`` one's, which builds on it).

    ``betli_switch``: after a second-round contract and the pick-up, each seat from
    the declarer may turn the game into a Betli while the declarer's items are
    worth at most this much (huwiki, "A licitálás menete"); None: no switch.
    """

    betli_switch: int | None = None


@frozen
class CombinedParams(PotterParams):
    """The ``combined`` auction's own keys (figures in the second round), beside potter's.

    ``count_game_value``: a bid is worth its game value plus its figures (club), or
    its figures alone (huwiki); ``unique_suits``: a suit one seat has named is
    closed to later seats (huwiki); ``hidden_suit``: a suit bid is shown to the
    others only as "trumps" until a bid of equal value forces the suits into the
    open (club, "Variations").
    """

    count_game_value: bool = True
    unique_suits: bool = False
    hidden_suit: bool = False


_NT = BIDS[None]


def _suit_order(rules: Ruleset, lang: Language) -> str:
    b = rules.bidding
    names = [lang.text(s.name_en) for s in b.suit_rank]
    if b.no_trumps:
        names.append(lang.text("no-trumps"))
    return ", ".join(names)


def _round1(lang: Language) -> tuple[str, str, tuple[Card, ...]]:
    return (
        "bidding.round1",
        lang.text(
            "From the player after the dealer, each player once may accept the original suit "
            "as trumps and become the declarer, or pass."
        ),
        (),
    )


def _round3(rules: Ruleset, own: PotterParams, lang: Language) -> Described:
    """What happens when nobody bids in round 2, as :meth:`PotterBidding._no_contract`
    and :meth:`PotterBidding._round_over` play it: Betli offers if the profile has
    Betli, then Klopitzky if it has Klopitzky, else the hand is thrown in."""
    b = rules.bidding
    if not b.betli:
        msg = (
            N_("If nobody bids, everyone picks up and {Klopitzky} is played.")
            if b.klopitzky
            else N_("If nobody bids, the hand is thrown in.")
        )
        return [("bidding.round3", lang.text(msg), ())]
    msg = (
        N_(
            "If nobody bids, everyone picks up; each player once may then bid {Betli}, the "
            "first to do so declaring it; if nobody does, {Klopitzky} is played."
        )
        if b.klopitzky
        else N_(
            "If nobody bids, everyone picks up; each player once may then bid {Betli}, the "
            "first to do so declaring it; if nobody does, the hand is thrown in."
        )
    )
    out: Described = [("bidding.round3", lang.text(msg), ())]
    if own.betli_switch is not None:
        out.append(
            (
                "bidding.betli_switch",
                lang.text(
                    "After a second-round game and the pick-up, the declarer and then each "
                    "player in turn may change the game into a Betli of their own while the "
                    "declarer's game and figures, with kontras, are worth at most {limit}; "
                    "nothing more is announced after that.",
                    limit=own.betli_switch,
                ),
                (),
            )
        )
    return out


class BiddingState(ModuleState):
    """The auction so far (kept in ``HandState.bidding``).

    ``round``: 1 accept the original suit, 2 rising bids, 3 Betli, 4 the
    Betli switch; ``queue``: seats still to speak in the round; ``best``: the
    index of the standing bid in the suit rank (its length: no-trumps);
    ``bidder``: its seat; ``passes``: passes in a row (two-player naming).
    For the combined auction: ``pending`` -- figures said in the current turn;
    ``standing`` -- (value, rank) of the standing bid; ``figures`` -- the
    standing bidder's figures; ``named`` -- suits named so far;
    ``hidden_bids`` -- history indices of bids shown only as "trumps";
    ``standing_index`` -- the history index of the standing bid.
    """

    __slots__ = (
        "best",
        "bidder",
        "figures",
        "hidden_bids",
        "named",
        "passes",
        "pending",
        "queue",
        "round",
        "standing",
        "standing_index",
    )

    def __init__(self, queue: list[int]) -> None:
        self.round = 1
        self.queue = queue
        self.best = -1
        self.bidder: int | None = None
        self.passes = 0
        self.pending: list[str] = []
        self.standing: tuple[int, int] = (-1, -1)
        self.figures: list[str] = []
        self.named: set[Suit | None] = set()
        self.hidden_bids: set[int] = set()
        self.standing_index = -1


def _st(s: HandState) -> BiddingState:
    b = s.bidding
    assert isinstance(b, BiddingState)
    return b


@register("bidding", "potter")
class PotterBidding(BiddingModule):
    """Accept the original suit; else one rising bid each; else Betli; else Klopitzky."""

    Params = PotterParams

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        msg = (
            N_(
                "If all pass, each player once may bid a suit other than the original one, "
                "higher than the last bid, ranked low to high {order}; no-trumps ranks above "
                "every suit and ends the round.  The last bidder declares."
            )
            if rules.bidding.no_trumps
            else N_(
                "If all pass, each player once may bid a suit other than the original one, "
                "higher than the last bid, ranked low to high {order}.  The last bidder "
                "declares."
            )
        )
        return [
            _round1(lang),
            ("bidding.round2", lang.text(msg, order=_suit_order(rules, lang)), ()),
            *_round3(rules, cls.params(rules), lang),
        ]

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.own = self.params(rules)

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        switch = cls.params(rules).betli_switch
        if switch is not None and switch < 0:
            return [Said(N_("bidding.betli_switch: must not be negative (or null for no switch)"))]
        return []

    def start(self, ref: Referee, s: HandState) -> None:
        s.bidding = BiddingState(list(s.active))
        ref.ask(s, Phase.BIDDING, s.active[0])

    def hides(self, s: HandState, index: int) -> bool:
        """Whether the bid at history ``index`` is shown to other seats only in part."""
        return False

    def after_pickup(self, ref: Referee, s: HandState) -> bool:
        """Offer the Betli switch (huwiki) if the profile has it; True if it took the turn."""
        limit = self.own.betli_switch
        if (
            limit is None
            or s.accepted_original
            or s.declarer is None
            or not self.rules.bidding.betli
        ):
            return False
        worth = sum(i.value for i in s.items if i.side == 0)
        if worth > limit:
            return False
        b = _st(s)
        a = s.active
        start = a.index(s.declarer)
        b.queue = [a[(start + i) % len(a)] for i in range(len(a))]
        b.round = 4
        ref.ask(s, Phase.BIDDING, b.queue[0])
        return True

    def _rank(self, bid: Bid) -> int:
        order = self.rules.bidding.suit_rank
        return len(order) if bid.suit is None else order.index(bid.suit)

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        b = _st(s)
        if b.round == 1:
            return (PASS, ACCEPT)
        if b.round == 2:
            rules = self.rules.bidding
            out: list[Action] = [PASS]
            for i, suit in enumerate(rules.suit_rank):
                if i > b.best and suit != s.original:
                    out.append(BIDS[suit])
            if rules.no_trumps:
                out.append(_NT)
            return tuple(out)
        return (PASS, BETLI)

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        b = _st(s)
        b.queue.pop(0)
        if b.round == 1 and action == ACCEPT:
            ref.start_contract(s, seat, Contract(Kind.TRUMP, Suit(s.original)), original=True)
            return
        if b.round == 2 and isinstance(action, Bid):
            b.best, b.bidder = self._rank(action), seat
            if action.suit is None:
                ref.start_contract(s, seat, Contract(Kind.NO_TRUMPS), original=False)
                return
        if b.round == 3 and action == BETLI:
            ref.start_contract(s, seat, Contract(Kind.BETLI), original=False)
            return
        if b.round == 4:
            if action == BETLI:
                ref.switch_to_betli(s, seat)
            elif b.queue:
                ref.ask(s, Phase.BIDDING, b.queue[0])
            else:
                ref.after_front(s)
            return
        if b.queue:
            ref.ask(s, Phase.BIDDING, b.queue[0])
            return
        self._round_over(ref, s)

    def _round_over(self, ref: Referee, s: HandState) -> None:
        b = _st(s)
        rules = self.rules.bidding
        if b.round == 1:
            b.round = 2
        elif b.round == 2:
            if b.bidder is not None:
                suit = rules.suit_rank[b.best]
                ref.start_contract(s, b.bidder, Contract(Kind.TRUMP, suit), original=False)
                return
            ref.pick_up(s)
            b.round = 3
            if not rules.betli:
                self._no_contract(ref, s)
                return
        else:
            self._no_contract(ref, s)
            return
        b.queue = list(s.active)
        ref.ask(s, Phase.BIDDING, b.queue[0])

    def _no_contract(self, ref: Referee, s: HandState) -> None:
        if self.rules.bidding.klopitzky:
            ref.start_contract(s, None, Contract(Kind.KLOPITZKY), original=False)
        else:
            ref.end_thrown_in(s)


@register("bidding", "combined")
class CombinedBidding(PotterBidding):
    """Potter's auction with figures in the second round (club, "Procedure"; pagat, "Variations").

    In round 2 a seat may first announce figures from the front, then bid a
    suit or no-trumps.  A bid is worth its game value plus its figures' front
    values; it must be worth more than the standing bid, or as much in a
    higher-ranking suit.  The winner's figures stand as its front
    announcements; everyone else's lapse.  A pass withdraws what the seat said
    in that turn.
    """

    Params = CombinedParams

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        """Potter's checks, and ``hidden_suit`` refused with ``unique_suits``: a suit
        once named closed to the others would tell each of them, in its own legal
        bids, the suit a hidden bid named."""
        problems = super().check(rules)
        b: CombinedParams = cls.params(rules)
        if b.hidden_suit and b.unique_suits:
            problems.append(
                Said(
                    N_(
                        "bidding.hidden_suit: cannot be true with bidding.unique_suits: a "
                        "suit closed once named would show the others, in the bids left "
                        "to them, the suit a hidden bid named"
                    )
                )
            )
        return problems

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        b: CombinedParams = cls.params(rules)
        closed = ""
        if b.unique_suits:
            closed += "  " + lang.text("A suit one player has named cannot be named again.")
        if b.hidden_suit:
            closed += "  " + lang.text(
                "A suit bid is announced only as a trump game; its suit is shown only when "
                "another bid has the same value, and the higher suit then wins."
            )
        msg = (
            N_(
                "If all pass, each player once may bid a suit other than the original one, or "
                "no-trumps, together with figures announced from the front.  A bid is worth "
                "its game value plus its figures' front values and must be worth more than "
                "the standing bid, or as much in a higher suit (low to high: {order}).{more}"
                "  The last bidder declares, and only its figures stand."
            )
            if b.count_game_value
            else N_(
                "If all pass, each player once may bid a suit other than the original one, or "
                "no-trumps, together with figures announced from the front.  A bid is worth "
                "the sum of its figures' front values and must be worth more than the "
                "standing bid, or as much in a higher suit (low to high: {order}).{more}"
                "  The last bidder declares, and only its figures stand."
            )
        )
        return [
            _round1(lang),
            ("bidding.round2", lang.text(msg, order=_suit_order(rules, lang), more=closed), ()),
            *_round3(rules, cls.params(rules), lang),
        ]

    def _contracts(self, s: HandState) -> list[Suit | None]:
        rules = self.rules.bidding
        out: list[Suit | None] = [c for c in rules.suit_rank if c != s.original]
        if rules.no_trumps:
            out.append(None)
        if self.own.unique_suits:
            named = _st(s).named
            out = [c for c in out if c not in named]
        return out

    def _fits(self, s: HandState, seat: int, contract: Suit | None, names: list[str]) -> bool:
        """Whether ``names`` may all be announced in ``contract`` by ``seat``."""
        trump = -1 if contract is None else int(contract)
        for name in names:
            fig = self.rules.figures[name]
            if trump < 0 and not fig.no_trumps:
                return False
            hold = fig.hold_mask(trump)
            if fig.must_hold and (not hold or s.hands[seat] & hold != hold):
                return False
        return True

    def _worth(self, contract: Suit | None, names: list[str]) -> tuple[int, int]:
        rules = self.rules
        games = rules.games
        value = games.trump if contract is not None else games.no_trumps
        if not self.own.count_game_value:
            value = 0
        for name in names:
            fig = rules.figures[name]
            value += fig.value * fig.front_multiplier
        order = rules.bidding.suit_rank
        return value, len(order) if contract is None else order.index(contract)

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        b = _st(s)
        if b.round != 2:
            return super().legal(ref, s, seat)
        rules = self.rules
        out: list[Action] = [PASS]
        mine = set(b.pending)
        contracts = self._contracts(s)
        for name, fig in rules.figures.items():
            if not lookup("figures", fig.kind).biddable or not figure_allowed(
                rules,
                name,
                fig,
                mine,
                front=True,
                trump=0,
                ladder_said_this_round=any(rules.figures[f].ladder for f in mine),
            ):
                continue
            if any(self._fits(s, seat, c, [*b.pending, name]) for c in contracts):
                out.append(announce(name))
        hidden = self.own.hidden_suit
        for c in contracts:
            if not self._fits(s, seat, c, b.pending):
                continue
            worth = self._worth(c, b.pending)
            # With hidden suits an equal value may be bid: the suits are then shown.
            if worth > b.standing or (hidden and c is not None and worth[0] == b.standing[0]):
                out.append(BIDS[c])
        return tuple(out)

    def hides(self, s: HandState, index: int) -> bool:
        """Whether the bid at history ``index`` shows only 'trumps' to the other seats."""
        b = s.bidding
        return isinstance(b, BiddingState) and index in b.hidden_bids

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        b = _st(s)
        if b.round != 2:
            super().apply(ref, s, seat, action)
            return
        if isinstance(action, Announce):
            b.pending.append(action.figure)
            return
        if isinstance(action, Bid):
            b.named.add(action.suit)
            worth = self._worth(action.suit, b.pending)
            index = len(s.history) - 1
            if self.own.hidden_suit and action.suit is not None:
                if b.bidder is not None and worth[0] == b.standing[0]:
                    b.hidden_bids.discard(b.standing_index)  # a tie shows both suits
                else:
                    b.hidden_bids.add(index)
            if worth > b.standing:
                b.standing = worth
                b.standing_index = index
                b.bidder, b.figures = seat, list(b.pending)
                b.best = b.standing[1]
        b.pending = []
        b.queue.pop(0)
        if b.queue:
            ref.ask(s, Phase.BIDDING, b.queue[0])
            return
        if b.bidder is None:
            self._round_over(ref, s)
            return
        order = self.rules.bidding.suit_rank
        suit = order[b.best] if b.best < len(order) else None
        contract = Contract(Kind.TRUMP, suit) if suit is not None else Contract(Kind.NO_TRUMPS)
        b.hidden_bids.discard(b.standing_index)  # the trump suit is now known
        ref.start_contract(s, b.bidder, contract, original=False)
        for name in b.figures:
            ref.announce(s, b.bidder, name, front=True, note=False)


@register("bidding", "alternating")
class AlternatingBidding(PotterBidding):
    """Two-player auction of pagat, Tompa rules D.

    Round 1 offers the original suit to each seat once.  Then the seats
    alternate, from forehand, naming ever higher suits (never the original
    one) until one passes: the last to name a suit declares.  If neither
    names one the hand is thrown in.  Only trump games exist.
    """

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        return [
            _round1(lang),
            (
                "bidding.round2",
                lang.text(
                    "If both pass, the players take turns naming a trump suit other than the "
                    "original one, each higher than the last (low to high: {order}), until one "
                    "passes; the last to name a suit declares.  If neither names one, the hand "
                    "is thrown in.",
                    order=_suit_order(rules, lang),
                ),
                (),
            ),
        ]

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        b = _st(s)
        if b.round == 1:
            return (PASS, ACCEPT)
        out: list[Action] = [PASS]
        for i, suit in enumerate(self.rules.bidding.suit_rank):
            if i > b.best and suit != s.original:
                out.append(BIDS[suit])
        return tuple(out)

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        b = _st(s)
        if b.round == 1:
            super().apply(ref, s, seat, action)
            if b.round == 2 and s.phase is Phase.BIDDING:
                b.passes = 0
            return
        if isinstance(action, Bid):
            assert action.suit is not None
            b.best, b.bidder = self._rank(action), seat
        else:
            b.passes += 1
        order = s.active
        if b.bidder is not None and (action == PASS or b.passes):
            # A pass ends the naming; so does a suit named after the other declined.
            suit = self.rules.bidding.suit_rank[b.best]
            ref.start_contract(s, b.bidder, Contract(Kind.TRUMP, suit), original=False)
        elif b.bidder is None and b.passes >= len(order):
            ref.end_thrown_in(s)
        else:
            ref.ask(s, Phase.BIDDING, order[(order.index(seat) + 1) % len(order)])
