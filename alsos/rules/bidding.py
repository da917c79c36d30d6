"""Bidding modules: how the auction settles the declarer and the game.

``potter`` (000 "Types of Game and Bidding"): round 1 offers the indicator's
suit to each seat once; round 2, if all passed, takes one rising bid per seat
(any suit but the original one, then no-trumps on top); round 3, after the
pick-up, offers Betli; if all pass, Klopitzky.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.actions import ACCEPT, BETLI, BIDS, PASS, Action, Announce, Bid, announce
from alsos.cards import Card, Suit
from alsos.phases import Contract, Kind, Phase
from alsos.rules import Described, register

if TYPE_CHECKING:
    from alsos.game import Game
    from alsos.profile import Ruleset

__all__ = ["AlternatingBidding", "CombinedBidding", "PotterBidding"]

_NT = BIDS[None]


def _suit_order(rules: Ruleset) -> str:
    b = rules.bidding
    names = [s.name_en for s in b.suit_rank] + (["no-trumps"] if b.no_trumps else [])
    return ", ".join(names)


def _round1() -> tuple[str, str, tuple[Card, ...]]:
    return (
        "bidding.round1",
        "From the player after the dealer, each player once may accept the original suit "
        "as trumps and become the declarer, or pass.",
        (),
    )


def _round3(rules: Ruleset) -> Described:
    b = rules.bidding
    if not b.betli:
        return [("bidding.round3", "If nobody bids, the hand is thrown in.", ())]
    tail = (
        "if nobody does, {Klopitzky} is played"
        if b.klopitzky
        else "if nobody does, the hand is thrown in"
    )
    out: Described = [
        (
            "bidding.round3",
            f"If nobody bids, everyone picks up; each player once may then bid {{Betli}}, "
            f"the first to do so declaring it; {tail}.",
            (),
        )
    ]
    if b.betli_switch is not None:
        out.append(
            (
                "bidding.betli_switch",
                f"After a second-round game and the pick-up, the declarer and then each "
                f"player in turn may change the game into a Betli of their own while the "
                f"declarer's game and figures, with kontras, are worth at most "
                f"{b.betli_switch}; nothing more is announced after that.",
                (),
            )
        )
    return out


@register("bidding", "potter")
class PotterBidding:
    """Accept the original suit; else one rising bid each; else Betli; else Klopitzky."""

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        nt = (
            "; no-trumps ranks above every suit and ends the round"
            if rules.bidding.no_trumps
            else ""
        )
        return [
            _round1(),
            (
                "bidding.round2",
                f"If all pass, each player once may bid a suit other than the original "
                f"one, higher than the last bid, ranked low to high {_suit_order(rules)}"
                f"{nt}.  The last bidder declares.",
                (),
            ),
            *_round3(rules),
        ]

    def __init__(self, game: Game) -> None:
        self.game = game
        self.round = 1
        self.queue: list[int] = []
        self.best: int = -1  # index in the suit rank; len(suit_rank) = no-trumps
        self.bidder: int | None = None
        self.passes = 0

    def start(self) -> None:
        self.round = 1
        self.queue = list(self.game.active)
        self.game.to_act = self.queue[0]

    def hides(self, index: int) -> bool:
        """Whether the bid at history ``index`` is shown to other seats only in part."""
        return False

    def after_pickup(self) -> bool:
        """Offer the Betli switch (004) if the profile has it; True if it took the turn."""
        g = self.game
        limit = g.rules.bidding.betli_switch
        if limit is None or g.accepted_original or g.declarer is None or not g.rules.bidding.betli:
            return False
        worth = sum(i.value for i in g.items if i.side == 0)
        if worth > limit:
            return False
        a = g.active
        start = a.index(g.declarer)
        self.queue = [a[(start + i) % len(a)] for i in range(len(a))]
        self.round = 4
        g.phase = Phase.BIDDING
        g.to_act = self.queue[0]
        return True

    def _rank(self, bid: Bid) -> int:
        order = self.game.rules.bidding.suit_rank
        return len(order) if bid.suit is None else order.index(bid.suit)

    def legal(self, seat: int) -> tuple[Action, ...]:
        if self.round == 1:
            return (PASS, ACCEPT)
        if self.round == 2:
            rules = self.game.rules.bidding
            out: list[Action] = [PASS]
            for i, suit in enumerate(rules.suit_rank):
                if i > self.best and suit != self.game.original:
                    out.append(BIDS[suit])
            if rules.no_trumps:
                out.append(_NT)
            return tuple(out)
        return (PASS, BETLI)

    def apply(self, seat: int, action: Action) -> None:
        g = self.game
        self.queue.pop(0)
        if self.round == 1 and action is ACCEPT:
            g.start_contract(seat, Contract(Kind.TRUMP, g.original), original=True)
            return
        if self.round == 2 and isinstance(action, Bid):
            self.best, self.bidder = self._rank(action), seat
            if action.suit is None:
                g.start_contract(seat, Contract(Kind.NO_TRUMPS), original=False)
                return
        if self.round == 3 and action is BETLI:
            g.start_contract(seat, Contract(Kind.BETLI), original=False)
            return
        if self.round == 4:
            if action is BETLI:
                g.switch_to_betli(seat)
            elif self.queue:
                g.to_act = self.queue[0]
            else:
                g.after_front()
            return
        if self.queue:
            g.to_act = self.queue[0]
            return
        self._round_over()

    def _round_over(self) -> None:
        g = self.game
        rules = g.rules.bidding
        if self.round == 1:
            self.round = 2
        elif self.round == 2:
            if self.bidder is not None:
                suit = rules.suit_rank[self.best]
                g.start_contract(self.bidder, Contract(Kind.TRUMP, suit), original=False)
                return
            g.pick_up()
            self.round = 3
            if not rules.betli:
                self._no_contract()
                return
        else:
            self._no_contract()
            return
        self.queue = list(g.active)
        g.to_act = self.queue[0]

    def _no_contract(self) -> None:
        g = self.game
        if g.rules.bidding.klopitzky:
            g.start_contract(None, Contract(Kind.KLOPITZKY), original=False)
        else:
            g.end_thrown_in()


@register("bidding", "combined")
class CombinedBidding(PotterBidding):
    """Potter's auction with figures in the second round (001 "Procedure"; 000 Variations).

    In round 2 a seat may first announce figures from the front, then bid a
    suit or no-trumps.  A bid is worth its game value plus its figures' front
    values; it must be worth more than the standing bid, or as much in a
    higher-ranking suit.  The winner's figures stand as its front
    announcements; everyone else's lapse.  A pass withdraws what the seat said
    in that turn.
    """

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        b = rules.bidding
        worth = "its game value plus" if b.count_game_value else "the sum of"
        closed = "  A suit one player has named cannot be named again." if b.unique_suits else ""
        if b.hidden_suit:
            closed += (
                "  A suit bid is announced only as a trump game; its suit is shown only "
                "when another bid has the same value, and the higher suit then wins."
            )
        return [
            _round1(),
            (
                "bidding.round2",
                f"If all pass, each player once may bid a suit other than the original "
                f"one, or no-trumps, together with figures announced from the front.  A bid "
                f"is worth {worth} its figures' front values and must be worth more than "
                f"the standing bid, or as much in a higher suit (low to high: "
                f"{_suit_order(rules)}).{closed}  The last bidder declares, and only its "
                f"figures stand.",
                (),
            ),
            *_round3(rules),
        ]

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.pending: list[str] = []
        self.standing: tuple[int, int] = (-1, -1)
        self.figures: list[str] = []
        self.named: set[Suit | None] = set()
        self.hidden_bids: set[int] = set()
        self.standing_index = -1

    def _contracts(self) -> list[Suit | None]:
        rules = self.game.rules.bidding
        out: list[Suit | None] = [s for s in rules.suit_rank if s != self.game.original]
        if rules.no_trumps:
            out.append(None)
        if rules.unique_suits:
            out = [c for c in out if c not in self.named]
        return out

    def _fits(self, seat: int, contract: Suit | None, names: list[str]) -> bool:
        """Whether ``names`` may all be announced in ``contract`` by ``seat``."""
        g = self.game
        trump = -1 if contract is None else int(contract)
        for name in names:
            fig = g.rules.figures[name]
            if trump < 0 and not fig.no_trumps:
                return False
            hold = fig.hold_mask(trump)
            if fig.must_hold and (not hold or g.hands[seat] & hold != hold):
                return False
        return True

    def _worth(self, contract: Suit | None, names: list[str]) -> tuple[int, int]:
        g = self.game
        games = g.rules.games
        value = games.trump if contract is not None else games.no_trumps
        if not g.rules.bidding.count_game_value:
            value = 0
        for name in names:
            fig = g.rules.figures[name]
            value += fig.value * fig.front_multiplier
        order = g.rules.bidding.suit_rank
        return value, len(order) if contract is None else order.index(contract)

    def legal(self, seat: int) -> tuple[Action, ...]:
        if self.round != 2:
            return super().legal(seat)
        from alsos.speech import figure_allowed

        g = self.game
        out: list[Action] = [PASS]
        mine = set(self.pending)
        for name, fig in g.rules.figures.items():
            if fig.kind in ("kassza", "multiplier") or not figure_allowed(
                g.rules,
                name,
                fig,
                mine,
                front=True,
                trump=0,
                ladder_said_this_round=any(g.rules.figures[f].ladder for f in mine),
            ):
                continue
            if any(self._fits(seat, c, [*self.pending, name]) for c in self._contracts()):
                out.append(announce(name))
        hidden = g.rules.bidding.hidden_suit
        for c in self._contracts():
            if not self._fits(seat, c, self.pending):
                continue
            worth = self._worth(c, self.pending)
            # With hidden suits an equal value may be bid: the suits are then shown.
            if worth > self.standing or (hidden and c is not None and worth[0] == self.standing[0]):
                out.append(BIDS[c])
        return tuple(out)

    def hides(self, index: int) -> bool:
        """Whether the bid at history ``index`` shows only 'trumps' to the other seats."""
        return index in self.hidden_bids

    def apply(self, seat: int, action: Action) -> None:
        if self.round != 2:
            super().apply(seat, action)
            return
        if isinstance(action, Announce):
            self.pending.append(action.figure)
            return
        if isinstance(action, Bid):
            self.named.add(action.suit)
            worth = self._worth(action.suit, self.pending)
            index = len(self.game.history) - 1
            if self.game.rules.bidding.hidden_suit and action.suit is not None:
                if self.bidder is not None and worth[0] == self.standing[0]:
                    self.hidden_bids.discard(self.standing_index)  # a tie shows both suits
                else:
                    self.hidden_bids.add(index)
            if worth > self.standing:
                self.standing = worth
                self.standing_index = index
                self.bidder, self.figures = seat, list(self.pending)
                self.best = self.standing[1]
        self.pending = []
        self.queue.pop(0)
        if self.queue:
            self.game.to_act = self.queue[0]
            return
        if self.bidder is None:
            self._round_over()
            return
        order = self.game.rules.bidding.suit_rank
        suit = order[self.best] if self.best < len(order) else None
        contract = Contract(Kind.TRUMP, suit) if suit is not None else Contract(Kind.NO_TRUMPS)
        self.hidden_bids.discard(self.standing_index)  # the trump suit is now known
        self.game.start_contract(self.bidder, contract, original=False)
        for name in self.figures:
            self.game.force_announce(self.bidder, name, front=True, note=False)


@register("bidding", "alternating")
class AlternatingBidding(PotterBidding):
    """Two-player auction of 000 Tompa D.

    Round 1 offers the original suit to each seat once.  Then the seats
    alternate, from forehand, naming ever higher suits (never the original
    one) until one passes: the last to name a suit declares.  If neither
    names one the hand is thrown in.  Only trump games exist.
    """

    @classmethod
    def describe(cls, rules: Ruleset) -> Described:
        return [
            _round1(),
            (
                "bidding.round2",
                f"If both pass, the players take turns naming a trump suit other than the "
                f"original one, each higher than the last (low to high: "
                f"{_suit_order(rules)}), until one passes; the last to name a suit "
                f"declares.  If neither names one, the hand is thrown in.",
                (),
            ),
        ]

    def legal(self, seat: int) -> tuple[Action, ...]:
        if self.round == 1:
            return (PASS, ACCEPT)
        rules = self.game.rules.bidding
        out: list[Action] = [PASS]
        for i, suit in enumerate(rules.suit_rank):
            if i > self.best and suit != self.game.original:
                out.append(BIDS[suit])
        return tuple(out)

    def apply(self, seat: int, action: Action) -> None:
        g = self.game
        if self.round == 1:
            super().apply(seat, action)
            if self.round == 2 and g.phase is Phase.BIDDING:
                self.passes = 0
            return
        if isinstance(action, Bid):
            assert action.suit is not None
            self.best, self.bidder = self._rank(action), seat
        else:
            self.passes += 1
        order = self.game.active
        if self.bidder is not None and (action is PASS or self.passes):
            # A pass ends the naming; so does a suit named after the other declined.
            suit = g.rules.bidding.suit_rank[self.best]
            g.start_contract(self.bidder, Contract(Kind.TRUMP, suit), original=False)
        elif self.bidder is None and self.passes >= len(order):
            g.end_thrown_in()
        else:
            g.to_act = order[(order.index(seat) + 1) % len(order)]
