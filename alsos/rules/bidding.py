"""Bidding modules: how the auction settles the declarer and the game.

``potter`` (000 "Types of Game and Bidding"): round 1 offers the indicator's
suit to each seat once; round 2, if all passed, takes one rising bid per seat
(any suit but the original one, then no-trumps on top); round 3, after the
pick-up, offers Betli; if all pass, Klopitzky.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.actions import ACCEPT, BETLI, BIDS, PASS, Action, Bid
from alsos.rules import register

if TYPE_CHECKING:
    from alsos.game import Game

__all__ = ["PotterBidding"]

_NT = BIDS[None]


@register("bidding", "potter")
class PotterBidding:
    """Accept the original suit; else one rising bid each; else Betli; else Klopitzky."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.round = 1
        self.queue: list[int] = []
        self.best: int = -1  # index in the suit rank; len(suit_rank) = no-trumps
        self.bidder: int | None = None

    def start(self) -> None:
        self.round = 1
        self.queue = list(self.game.active)
        self.game.to_act = self.queue[0]

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
        from alsos.game import Contract, Kind

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
        if self.queue:
            g.to_act = self.queue[0]
            return
        self._round_over()

    def _round_over(self) -> None:
        from alsos.game import Contract, Kind

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
        from alsos.game import Contract, Kind

        g = self.game
        if g.rules.bidding.klopitzky:
            g.start_contract(None, Contract(Kind.KLOPITZKY), original=False)
        else:
            g.end_thrown_in()
