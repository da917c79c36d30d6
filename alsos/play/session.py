"""Sessions of hands: pagat's rubber, huwiki's rádli, altiansz's fixed number of
deals, and the turn to deal.

A session keeps each seat's written score across hands and ends by its own
rule.  It also keeps the turn to deal, which passes to the next seat in the
order of play after every hand (pagat, "Deal"), so ``session.next_game()`` gives
the next hand ready to play, and how often each seat has declared, which a
profile with ``bidding.declare_limit`` reads (altiansz, "Bidding and use of
the Talon": a seat that has declared six times must pass).

Every hand added leaves a line on the session's score sheet
(:attr:`Session.sheet`: the hand's written score and payments per seat, any
session bonus it brought, and the running totals), and :meth:`Session.summary`
gives the sheet with the session's state as JSON-ready data: all of it is
public once the hands are over, so a server may send it to every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import define, field, frozen

if TYPE_CHECKING:
    from alsos.hand.settlement import Settlement
    from alsos.pack.deal import Deal
    from alsos.play.game import Game
    from alsos.ruleset.profile import Ruleset

__all__ = ["Deals", "HandScore", "Radli", "Rubber", "Session", "new_session"]


@frozen
class HandScore:
    """One line of the score sheet: a finished hand as the session wrote it down.

    ``written`` and ``payments`` are the hand's settlement per seat; ``bonus``
    what the session itself added with this hand (a rubber's or rádli's bonus);
    ``totals`` every seat's running score after it (the sum of the lines'
    ``written`` and ``bonus`` so far).
    """

    hand: int
    dealer: int
    contract: str | None
    declarer: int | None
    written: tuple[int, ...]
    payments: tuple[int, ...]
    bonus: tuple[int, ...]
    totals: tuple[int, ...]

    def to_data(self) -> dict[str, Any]:
        """The line as JSON-ready data (seats by index)."""
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "contract": self.contract,
            "declarer": self.declarer,
            "written": list(self.written),
            "payments": list(self.payments),
            "bonus": list(self.bonus),
            "totals": list(self.totals),
        }


@define
class Session:
    """Scores and the dealer across the hands of one session."""

    rules: Ruleset
    dealer: int = 0
    scores: dict[int, int] = field(init=False)
    hands: int = 0
    #: How many hands each seat has declared in this session.
    declared: dict[int, int] = field(init=False)
    #: The score sheet: one line per hand added, in order.
    sheet: list[HandScore] = field(init=False, factory=list)

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.dealer < self.rules.players:
            raise ValueError(f"dealer {self.dealer!r} is not a seat of this table")
        self.scores = {s: 0 for s in range(self.rules.players)}
        self.declared = {s: 0 for s in range(self.rules.players)}

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def next_game(self, *, seed: int | None = None, deal: Deal | str | None = None) -> Game:
        """The next hand, dealt by the seat whose turn it is."""
        from alsos.play.game import Game

        if self.is_over:
            raise ValueError("the session is over; start a new one")
        before = None
        if self.rules.bidding.declare_limit is not None:
            before = [self.declared[s] for s in range(self.rules.players)]
        return Game(self.rules, seed=seed, deal=deal, dealer=self.dealer, declared_before=before)

    def add(self, settlement: Settlement | None) -> None:
        """Record a finished hand's written score and pass the deal on.

        :raises ValueError: if the hand is not finished (``settlement`` is None,
            as ``game.settlement`` is until the hand is over) or the session is.
        """
        if self.is_over:
            raise ValueError("the session is over; start a new one")
        if settlement is None:
            raise ValueError("the hand is not over: add game.settlement once game.is_over is true")
        self.hands += 1
        for s, v in settlement.written.items():
            self.scores[s] += v
        declarer = getattr(settlement, "declarer", None)  # a bare score has no declarer
        if declarer is not None:
            self.declared[declarer] += 1
        dealer = self.dealer
        self.dealer = (self.dealer + 1) % self.rules.players
        before = dict(self.scores)
        self._check_end()
        seats = range(self.rules.players)
        paid = getattr(settlement, "payments", None) or {}
        self.sheet.append(
            HandScore(
                hand=self.hands,
                dealer=dealer,
                contract=getattr(settlement, "contract", None),
                declarer=declarer,
                written=tuple(settlement.written.get(s, 0) for s in seats),
                payments=tuple(paid.get(s, 0) for s in seats),
                bonus=tuple(self.scores[s] - before[s] for s in seats),
                totals=tuple(self.scores[s] for s in seats),
            )
        )

    def _check_end(self) -> None:
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """The session as JSON-ready data: its kind, whether it is over, the next
        dealer, the scores and net results, the sheet, and what its own rule
        keeps (a rubber's or rádli's ``target``, the ``prize``
        its winner gets now and the ``winner``; the ``deals`` of a session of
        deals and how many are ``left``).  All of it is public: a server sends it to
        every seat and spectator."""
        seats = range(self.rules.players)
        out: dict[str, Any] = {
            "kind": self.rules.scoring.session,
            "over": self.is_over,
            "hands": self.hands,
            "dealer": self.dealer,
            "scores": [self.scores[s] for s in seats],
            "result": [self.result()[s] for s in seats],
            "sheet": [line.to_data() for line in self.sheet],
        }
        if self.rules.bidding.declare_limit is not None:
            out["declared"] = [self.declared[s] for s in seats]
            out["declare_limit"] = self.rules.bidding.declare_limit
        out.update(self._state())
        return out

    def _state(self) -> dict[str, Any]:
        """What this kind of session keeps beyond the scores (for ``summary``)."""
        return {}

    def result(self) -> dict[int, int]:
        """Each seat's net result: its score against everyone else's (sums to zero)."""
        total = sum(self.scores.values())
        n = len(self.scores)
        return {s: n * v - total for s, v in self.scores.items()}


@define
class Rubber(Session):
    """pagat's rubber: the first seat to pass the target alone gets the bonus.

    When several seats pass it on the same hand, the target and the bonus
    both rise by their first amounts (20 -> 40 -> 60, bonus 2 -> 4 -> 6) and
    play goes on.
    """

    target: int = field(init=False)
    bonus: int = field(init=False)
    winner: int | None = None

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        self.target = self.rules.scoring.rubber_target
        self.bonus = self.rules.scoring.rubber_bonus

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _state(self) -> dict[str, Any]:
        return {"target": self.target, "prize": self.bonus, "winner": self.winner}

    def _check_end(self) -> None:
        sc = self.rules.scoring
        while True:
            over = [s for s, v in self.scores.items() if v >= self.target]
            if len(over) <= 1:
                break
            self.target += sc.rubber_target
            self.bonus += sc.rubber_bonus
        if len(over) == 1:
            self.winner = over[0]
            self.scores[self.winner] += self.bonus


@define
class Radli(Session):
    """huwiki's rádli: written scores race to a target.

    The first seat to reach it alone gets the bonus; when several reach it on
    the same hand the highest gets the smaller shared bonus (two tied: split,
    where the profile says so; otherwise nobody).
    """

    winner: int | None = None
    bonus: dict[int, int] = field(factory=dict)
    finished: bool = False

    @property
    def is_over(self) -> bool:
        return self.finished

    def _state(self) -> dict[str, Any]:
        sc = self.rules.scoring
        return {"target": sc.radli_target, "prize": sc.radli_bonus, "winner": self.winner}

    def _check_end(self) -> None:
        sc = self.rules.scoring
        over = [s for s, v in self.scores.items() if v >= sc.radli_target]
        if not over:
            return
        self.finished = True
        if len(over) == 1:
            self.winner = over[0]
            self.bonus = {over[0]: sc.radli_bonus}
        else:
            top = max(self.scores[s] for s in over)
            leaders = [s for s in over if self.scores[s] == top]
            if len(leaders) == 1:
                self.winner = leaders[0]
                self.bonus = {leaders[0]: sc.radli_shared_bonus}
            elif len(leaders) == 2 and sc.radli_tie_split:
                self.bonus = {s: sc.radli_shared_bonus // 2 for s in leaders}
        for s, b in self.bonus.items():
            self.scores[s] += b


@define
class Deals(Session):
    """altiansz's session: a fixed number of deals (``scoring.deals``: 18, or 24
    with four players); the written scores are simply added up."""

    @property
    def is_over(self) -> bool:
        return self.hands >= self.rules.scoring.deals

    def _state(self) -> dict[str, Any]:
        deals = self.rules.scoring.deals
        return {"deals": deals, "left": max(deals - self.hands, 0)}

    def _check_end(self) -> None:
        return None


def new_session(rules: Ruleset, *, dealer: int = 0) -> Session:
    """The session the profile names (``scoring.session``: rubber, radli or deals)."""
    cls: type[Session] = {"radli": Radli, "deals": Deals}.get(rules.scoring.session, Rubber)
    return cls(rules, dealer=dealer)
