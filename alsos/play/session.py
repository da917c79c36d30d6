"""Sessions of hands: pagat's rubber, huwiki's rádli, altiansz's fixed number of
deals, and the turn to deal.

A session schedule is a registered module of the ``session`` family, like the
rule modules of a hand: a profile names it (``scoring.session``) and it owns its
keys (``rubber_target`` ..., :class:`RubberParams`, :class:`RadliParams`,
:class:`DealsParams`).  A session keeps each seat's written score across hands and ends by its own
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

from typing import TYPE_CHECKING, Any, ClassVar

from attrs import define, field, frozen

from alsos.hand.chosen import declare_limit
from alsos.hand.protocol import Described, add_family
from alsos.language import ENGLISH, N_, Language, Said
from alsos.ruleset.profile import NoParams
from alsos.ruleset.registry import lookup, register

if TYPE_CHECKING:
    from alsos.hand.settlement import Settlement
    from alsos.pack.deal import Deal
    from alsos.play.game import Game
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "Deals",
    "DealsParams",
    "HandScore",
    "Radli",
    "RadliParams",
    "Rubber",
    "RubberParams",
    "Session",
    "new_session",
]


@frozen
class RubberParams:
    """The rubber's own keys (in the profile's ``scoring`` section): its target and
    bonus, and the steps both rise by when several seats pass the target at once."""

    rubber_target: int = 20
    rubber_bonus: int = 2


@frozen
class RadliParams:
    """The rádli's own keys (in ``scoring``; huwiki): its target, the bonus of the seat
    that reaches it alone, the smaller bonus of the highest of several, and whether
    two tied for highest split it (else nobody gets it)."""

    radli_target: int = 80
    radli_bonus: int = 20
    radli_shared_bonus: int = 10
    radli_tie_split: bool = False


@frozen
class DealsParams:
    """A session of deals' own key (in ``scoring``; altiansz, "Players and Cards"): how
    many deals it lasts (18, or 24 with four players)."""

    deals: int = 0


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
    """Scores and the dealer across the hands of one session.

    A session schedule is a module of the ``session`` family, chosen by a
    profile's ``scoring.session`` (:func:`new_session`): a subclass registered
    with :func:`~alsos.ruleset.registry.register` (``register("session",
    "rubber")``), which owns its keys in the ``scoring`` section (``Params``, an
    attrs class read by the loader, as every rule module's are), says what in a
    profile it cannot play (:meth:`check`) and how the rulebook words it
    (:meth:`describe`).
    """

    #: The schedule's own parameters (its keys in the profile's ``scoring`` section).
    Params: ClassVar[type] = NoParams
    #: Where the schedule's words are translated: ``(gettext domain, locale directory)``
    #: of its own catalogue (a plugin's), None for alsos's own (as on a rule module).
    catalogue: ClassVar[tuple[str, str] | None] = None

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

    @classmethod
    def params(cls, rules: Ruleset) -> Any:
        """This schedule's parameters in ``rules`` (its defaults when the ruleset was
        made for another schedule)."""
        given = rules.module_params("session")
        return given if isinstance(given, cls.Params) else cls.Params()

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        """What in ``rules`` this schedule cannot play, as ``key: reason`` lines (none)."""
        return []

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        """The rulebook's clause on how hands add up to this session."""
        return []

    @classmethod
    def overview(cls, rules: Ruleset, lang: Language = ENGLISH) -> str | None:
        """The rulebook overview's step on the session, if it has one (None)."""
        return None

    #: The session's name in a sentence ("the rubber is not decided"), an English
    #: message (``title_in`` gives it in a language).
    title: ClassVar[str] = N_("session")

    def title_in(self, lang: Language = ENGLISH) -> str:
        """:attr:`title` in ``lang``: ``rubber``."""
        return lang.text(self.title)

    def hand_title(self, n: int, lang: Language = ENGLISH) -> str:
        """The heading of hand number ``n`` (1 the first): ``Hand 3``."""
        return lang.text("Hand {n}", n=n)

    def goal(self, lang: Language = ENGLISH) -> str:
        """What ends the session, in a few words: ``a rubber to 20``."""
        return lang.text("a session")

    def state(self) -> dict[str, Any]:
        """What this kind of session keeps beyond the scores, as data (the part of
        :meth:`summary` that is its own): a rubber's target and prize, say."""
        return self._state()

    def progress_note(self, before: dict[str, Any], lang: Language = ENGLISH) -> str | None:
        """What changed in the session's own state since ``before`` (its
        :meth:`Session.state` before the last hand was added) that a player should be
        told, if anything."""
        return None

    #: What the session counts in the sentence that ends it ("the 18 deals are played").
    played_unit: ClassVar[str] = "hands"

    def ending(self, lang: Language = ENGLISH) -> str:
        """Who won the session, in a sentence (once it is over)."""
        best = max(self.scores.values())
        top = [s for s, v in sorted(self.scores.items()) if v == best]
        names = lang.join(lang.text("seat {seat}", seat=s) for s in top)
        msg = _ENDINGS.get((self.played_unit, len(top) == 1))
        if msg is None:  # a plugin's own unit, as it is written
            msg = (
                N_("the {n} {unit} are played: {seats} leads with {best}")
                if len(top) == 1
                else N_("the {n} {unit} are played: {seats} share the lead with {best}")
            )
        return lang.text(msg, n=self.hands, unit=self.played_unit, seats=names, best=best)

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def next_game(self, *, seed: int | None = None, deal: Deal | str | None = None) -> Game:
        """The next hand, dealt by the seat whose turn it is."""
        from alsos.play.game import Game

        if self.is_over:
            raise ValueError("the session is over; start a new one")
        before = None
        if declare_limit(self.rules) is not None:
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
            "kind": self.rules.module_name("session"),
            "over": self.is_over,
            "hands": self.hands,
            "dealer": self.dealer,
            "scores": [self.scores[s] for s in seats],
            "result": [self.result()[s] for s in seats],
            "sheet": [line.to_data() for line in self.sheet],
        }
        limit = declare_limit(self.rules)
        if limit is not None:
            out["declared"] = [self.declared[s] for s in seats]
            out["declare_limit"] = limit
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


#: The sentence that ends a session of a number of hands or deals, by
#: (:attr:`Session.played_unit`, one leader).
_ENDINGS = {
    ("hands", True): N_("the {n} hands are played: {seats} leads with {best}"),
    ("hands", False): N_("the {n} hands are played: {seats} share the lead with {best}"),
    ("deals", True): N_("the {n} deals are played: {seats} leads with {best}"),
    ("deals", False): N_("the {n} deals are played: {seats} share the lead with {best}"),
}


@define
class Rubber(Session):
    """pagat's rubber: the first seat to pass the target alone gets the bonus.

    When several seats pass it on the same hand, the target and the bonus
    both rise by their first amounts (20 -> 40 -> 60, bonus 2 -> 4 -> 6) and
    play goes on.
    """

    Params: ClassVar[type] = RubberParams
    target: int = field(init=False)
    bonus: int = field(init=False)
    winner: int | None = None

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        own: RubberParams = self.params(self.rules)
        self.target = own.rubber_target
        self.bonus = own.rubber_bonus

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        own: RubberParams = cls.params(rules)
        return [
            (
                "scoring.session",
                lang.text(
                    "Scores are added over a rubber: the first to reach {target} alone gets "
                    "{bonus} more; if several reach it on one hand the target and the bonus "
                    "both rise by the same steps.",
                    target=own.rubber_target,
                    bonus=own.rubber_bonus,
                ),
                (),
            )
        ]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _state(self) -> dict[str, Any]:
        return {"target": self.target, "prize": self.bonus, "winner": self.winner}

    title: ClassVar[str] = N_("rubber")

    def goal(self, lang: Language = ENGLISH) -> str:
        return lang.text("a rubber to {target}", target=self.target)

    def progress_note(self, before: dict[str, Any], lang: Language = ENGLISH) -> str | None:
        if before.get("target") == self.target:
            return None
        return lang.text(
            "several seats passed {before} on the same hand: the rubber now goes to "
            "{target}, for a bonus of {bonus}",
            before=before.get("target"),
            target=self.target,
            bonus=self.bonus,
        )

    def ending(self, lang: Language = ENGLISH) -> str:
        return lang.text(
            "seat {seat} wins the rubber (bonus {bonus} included)",
            seat=self.winner,
            bonus=self.bonus,
        )

    def _check_end(self) -> None:
        own: RubberParams = self.params(self.rules)
        while True:
            over = [s for s, v in self.scores.items() if v >= self.target]
            if len(over) <= 1:
                break
            self.target += own.rubber_target
            self.bonus += own.rubber_bonus
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

    Params: ClassVar[type] = RadliParams
    winner: int | None = None
    bonus: dict[int, int] = field(factory=dict)
    finished: bool = False

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        own: RadliParams = cls.params(rules)
        msg = (
            N_(
                "Scores are added over a {{rádli}} to {target}: the first there alone gets "
                "{bonus}; of several at once the highest gets {shared}, split on a tie of "
                "two.  Each player's result is its score times the number of players, less "
                "everyone's total."
            )
            if own.radli_tie_split
            else N_(
                "Scores are added over a {{rádli}} to {target}: the first there alone gets "
                "{bonus}; of several at once the highest gets {shared}, nobody on a tie.  "
                "Each player's result is its score times the number of players, less "
                "everyone's total."
            )
        )
        text = lang.text(
            msg,
            target=own.radli_target,
            bonus=own.radli_bonus,
            shared=own.radli_shared_bonus,
        )
        return [("scoring.session", text, ())]

    title: ClassVar[str] = N_("rádli")

    def goal(self, lang: Language = ENGLISH) -> str:
        own: RadliParams = self.params(self.rules)
        return lang.text("a rádli to {target}", target=own.radli_target)

    def ending(self, lang: Language = ENGLISH) -> str:
        if self.winner is None:
            return lang.text("the rádli ends without a single winner")
        return lang.text(
            "seat {seat} wins the rádli (bonus {bonus})",
            seat=self.winner,
            bonus=self.bonus[self.winner],
        )

    @property
    def is_over(self) -> bool:
        return self.finished

    def _state(self) -> dict[str, Any]:
        sc: RadliParams = self.params(self.rules)
        return {"target": sc.radli_target, "prize": sc.radli_bonus, "winner": self.winner}

    def _check_end(self) -> None:
        sc: RadliParams = self.params(self.rules)
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

    Params: ClassVar[type] = DealsParams
    played_unit: ClassVar[str] = "deals"

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        if cls.params(rules).deals < 1:
            return [Said(N_("scoring.deals: a session of deals needs at least one deal"))]
        return []

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        own: DealsParams = cls.params(rules)
        text = lang.plural(
            "A session is {n} deal; the scores are added up.",
            "A session is {n} deals; the scores are added up.",
            own.deals,
        )
        return [("scoring.session", text, ())]

    @classmethod
    def overview(cls, rules: Ruleset, lang: Language = ENGLISH) -> str | None:
        """A session of a fixed number of deals, with each player's allowance of contracts."""
        limit = declare_limit(rules)
        text = lang.plural(
            "**Session.** A session is {n} deal and the scores are added up.",
            "**Session.** A session is {n} deals and the scores are added up.",
            cls.params(rules).deals,
        )
        if limit is not None:
            text += "  " + lang.plural(
                "Each player may declare at most {n} contract in it; one who has used it up "
                "must pass.",
                "Each player may declare at most {n} contracts in it; one who has used them up "
                "must pass.",
                limit,
            )
        return text

    def hand_title(self, n: int, lang: Language = ENGLISH) -> str:
        return lang.text("Deal {n} of {deals}", n=n, deals=self.params(self.rules).deals)

    def goal(self, lang: Language = ENGLISH) -> str:
        deals: int = self.params(self.rules).deals
        return lang.plural("a session of {n} deal", "a session of {n} deals", deals)

    @property
    def is_over(self) -> bool:
        deals: int = self.params(self.rules).deals
        return self.hands >= deals

    def _state(self) -> dict[str, Any]:
        deals: int = self.params(self.rules).deals
        return {"deals": deals, "left": max(deals - self.hands, 0)}

    def _check_end(self) -> None:
        return None


def new_session(rules: Ruleset, *, dealer: int = 0) -> Session:
    """The session the profile names (``scoring.session``: the built-in ``rubber``,
    ``radli`` and ``deals``, or a plugin's registered schedule)."""
    cls: type[Session] = lookup("session", rules.module_name("session"))
    return cls(rules, dealer=dealer)


# The session schedules are a module family: the registry checks each against Session.
add_family("session", Session, per_ruleset=True, methods={"describe": 1, "check": 1, "overview": 1})
register("session", "rubber")(Rubber)
register("session", "radli")(Radli)
register("session", "deals")(Deals)
