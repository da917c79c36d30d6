"""The boundary between the engine and the rule modules.

A rule module is a piece of one phase family (bidding, exchange, calling,
scoring, ...) that a profile chooses by name.  Modules are **stateless**:
one instance serves every hand of a ruleset, made once with the
:class:`~alsos.ruleset.profile.Ruleset`.  What a module must remember during a hand
it keeps in its family's slot of the :class:`~alsos.hand.state.HandState`
(``state.bidding``, ``state.exchange``, ``state.calling``) as a
:class:`~alsos.hand.state.ModuleState`, so that copying a hand copies it too.

Every call a module receives names the :class:`Referee` (the engine, as
modules see it) and the state.  A module

- **reads** any attribute of the state;
- **writes** only its own slot, cards through the state's card operations
  (:meth:`~alsos.hand.state.HandState.put_to_talon`; cards taken into a hand
  through the referee, :meth:`Referee.take_from_talon` and
  :meth:`Referee.swap_with_talon`, which tell the seats), and the exchange
  fields ``siber_card``, ``siber_taken``, ``exchanged``, ``discards_left``
  (exchange modules);
- **moves the hand on** only through the referee's transitions below:
  whose turn it is and in which phase (:meth:`Referee.ask`), the contract,
  the pick-up, the start of play, the end of the hand.

The built-in modules in :mod:`alsos.hand.rules` use nothing else, so a plugin
module can do whatever a built-in one does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from attrs import frozen

from alsos.hand.hooks import with_lang
from alsos.hand.module_check import ModuleCheckError, accepts, check_params, defines
from alsos.language import ENGLISH, Language
from alsos.ruleset import registry
from alsos.ruleset.profile import FAMILY_PLACES, FrozenMap, NoParams

if TYPE_CHECKING:
    from alsos.hand.items import Item
    from alsos.hand.settlement import Settlement, Tally
    from alsos.hand.state import HandState
    from alsos.pack.actions import Action
    from alsos.pack.cards import Card
    from alsos.pack.phases import Contract, Phase
    from alsos.ruleset.profile import FigureRule, LadderContract, Ruleset

__all__ = [
    "BiddingModule",
    "CallingModule",
    "DealingModule",
    "Described",
    "ExchangeModule",
    "FigureKind",
    "ModuleCheckError",
    "PointRace",
    "Progress",
    "Referee",
    "ScoringModule",
    "SiberTaking",
    "add_family",
    "adopt",
]

#: What a module's ``describe(rules, lang)`` returns for the rulebook:
#: (clause key, text with ``{term}`` markers, example cards).
Described = list[tuple[str, str, tuple["Card", ...]]]


class Referee(Protocol):
    """The engine's side of the boundary: the transitions a rule module may call.

    Each changes the state ``s`` and moves the hand on; none is part of the
    public :class:`~alsos.play.game.Game` API.
    """

    @property
    def rules(self) -> Ruleset:
        """The ruleset being played."""
        ...

    def ask(self, s: HandState, phase: Phase, seat: int) -> None:
        """The hand now waits for ``seat`` in ``phase`` (within the module's own phases)."""

    def start_contract(
        self, s: HandState, declarer: int | None, contract: Contract, *, original: bool
    ) -> None:
        """The auction settled the game: front announcements, or straight to play."""

    def pick_up(self, s: HandState) -> None:
        """Every seat takes up its unseen cards."""

    def after_front(self, s: HandState) -> None:
        """The cards are picked up: a back round of its own, or on to the exchange."""

    def begin_play(self, s: HandState) -> None:
        """The exchange is over: the first trick begins."""

    def switch_to_betli(self, s: HandState, seat: int) -> None:
        """``seat`` turns the game into a Betli it declares; all else lapses (huwiki)."""

    def end_thrown_in(self, s: HandState) -> None:
        """Nobody plays: the hand ends without a score."""

    def end_by_concession(self, s: HandState) -> None:
        """A call was conceded and nothing is left to play for: the hand ends."""

    def announce(
        self, s: HandState, seat: int, figure: str, *, front: bool = False, note: bool = True
    ) -> None:
        """Announce ``figure`` for ``seat`` outside its turn (a figure carried over
        from a bid, or one a rule obliges)."""

    def settle_call(self, s: HandState, index: int, multiplier: int, forced: bool | None) -> None:
        """A call decided item ``index``: its stake multiplier, and its result if conceded
        (a conceded figure no longer holds its card back)."""

    def take_from_talon(self, s: HandState, seat: int, cards: list[int]) -> None:
        """``seat`` takes ``cards`` from the talon into its hand
        (:meth:`~alsos.hand.state.HandState.take_from_talon`; an event tells the seats)."""

    def swap_with_talon(self, s: HandState, seat: int, card: int, position: int) -> None:
        """``seat`` gives ``card`` for the talon card at ``position``
        (:meth:`~alsos.hand.state.HandState.swap_with_talon`; an event tells the seats)."""


# The module families.  Each is a class with typed methods; a method with a body
# is a default a module may keep.  The registry checks every module it is given
# against its family's class (:func:`adopt`): a missing method, or one that takes
# the wrong arguments, is refused at registration with a message naming it.  This
# module is interpreted in the compiled build, so plugins may subclass these.


class _Owned:
    """What every module family shares (but figures): its own parameters and their checks.

    ``Params`` is an attrs class whose fields are the module's keys in its family's
    section of a profile, each with a default; the loader reads them into it with
    the same strictness and messages as every key (unknown keys, wrong types, a
    did-you-mean), the JSON Schema lists them for this module, and the module
    reads them from the ruleset (:meth:`params`).  :meth:`check` says what in a
    profile its module cannot play, as ``key: reason`` lines.
    """

    #: The module's own parameters (none by default).
    Params: type = NoParams
    #: Where the module's words are translated: ``(gettext domain, locale directory)``
    #: of its own catalogue (a plugin's), None for alsos's own catalogue.
    catalogue: tuple[str, str] | None = None
    #: The family whose section holds the parameters (set on each family class).
    family: str = ""

    @classmethod
    def params(cls, rules: Ruleset) -> Any:
        """This module's parameters in ``rules`` (its ``Params``' defaults when the
        ruleset was made for another module, or by hand without them)."""
        given = rules.module_params(cls.family)
        return given if isinstance(given, cls.Params) else cls.Params()

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        """What in ``rules`` this module cannot play, as ``key: reason`` lines (none)."""
        return []


class _TurnModule(_Owned):
    """What the module families that take turns share (bidding, exchange, calling):
    made once per ruleset with the :class:`~alsos.ruleset.profile.Ruleset`, the
    rulebook's clauses (none by default), and the legal actions of the seat to
    act and applying one, which each module must define."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        """The rulebook's clauses for this module under ``rules``, written in ``lang``
        (none by default)."""
        return []

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        raise NotImplementedError

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        raise NotImplementedError


class BiddingModule(_TurnModule):
    """Runs the auction; ends with ``start_contract`` or ``end_thrown_in``.

    Registered as a class, made once per ruleset with the
    :class:`~alsos.ruleset.profile.Ruleset`.  :meth:`declare_limit`: how many
    contracts a seat may declare in a session (None: no limit), which the
    session counts and the module enforces.
    """

    family = "bidding"

    @classmethod
    def declare_limit(cls, rules: Ruleset) -> int | None:
        """How often a seat may declare in a session before it must pass (None: no limit)."""
        return None

    @classmethod
    def named_contracts(cls, rules: Ruleset) -> Mapping[str, LadderContract]:
        """The contracts this auction bids by name, low to high, by id (empty: it bids
        trump suits)."""
        return FrozenMap()

    @classmethod
    def moves(cls, rules: Ruleset) -> frozenset[str]:
        """The talon moves this auction may offer (see
        :meth:`~alsos.hand.protocol.ExchangeModule.moves`):
        an auction that draws talon cards offers them to its declarer (none)."""
        return frozenset()

    def start(self, ref: Referee, s: HandState) -> None:
        raise NotImplementedError

    def after_pickup(self, ref: Referee, s: HandState) -> bool:
        """Called once the cards are picked up; True if the module took the turn."""
        return False

    def hides(self, s: HandState, index: int) -> bool:
        """Whether the action at history ``index`` is shown to other seats only in part."""
        return False


class ExchangeModule(_TurnModule):
    """Runs any talon exchange after the pick-up; ends with ``begin_play``.

    ``exchanges``: whether the module ever swaps cards with the talon (what
    the rulebook and the reinforcement-learning spaces ask, instead of the
    module's name).  ``anytime``: the simple exchange may be made at any point
    of the holder's first-trick turn, after which it plays its card straight
    away (the engine keeps that turn open for it).  :meth:`siber`: how a síber
    takes talon cards (:class:`SiberTaking`), for the search's sampling of
    unseen cards.
    """

    family = "exchange"
    exchanges: bool = True
    anytime: bool = False

    @classmethod
    def siber(cls, rules: Ruleset) -> SiberTaking | None:
        """How a síber takes talon cards under ``rules`` (None: there is no síber)."""
        return None

    @classmethod
    def overview(cls, rules: Ruleset, lang: Language = ENGLISH) -> str | None:
        """The rulebook overview's step on the exchange, in a sentence or two with
        ``{term}`` markers, written in ``lang`` (None: this table has none)."""
        return None

    @classmethod
    def moves(cls, rules: Ruleset) -> frozenset[str]:
        """The talon moves this module may offer under ``rules``, of ``exchange`` (a
        card for a talon card), ``siber`` and ``discard``: what an action space
        enumerates (``alsos.rl.spaces``).  None by default."""
        return frozenset()

    def start(self, ref: Referee, s: HandState) -> None:
        raise NotImplementedError

    def can_exchange(self, s: HandState, seat: int) -> bool:
        return False

    def can_siber(self, s: HandState, seat: int) -> bool:
        return False

    def discard_options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        return ()

    def exchange(self, s: HandState, seat: int) -> None:
        raise AssertionError("this exchange module has no simple exchange")


@frozen
class SiberTaking:
    """How a síber takes talon cards, as an exchange module tells the search
    (:meth:`ExchangeModule.siber`), which samples the unseen cards to agree.

    ``takes``: ``talon`` (all of it), ``seen`` (the two face-up cards), ``reveal``
    (the face-up cards, then hidden ones turned from the ends in ``reveal_from``
    while each is a trump or an Ace) or ``trumps-and-aces``; ``top_needed``: only
    when the top card is a trump or an Ace; ``discard_trumps``: trumps may be laid
    back.
    """

    takes: str = "talon"
    reveal_from: tuple[str, ...] = ("bottom",)
    top_needed: bool = True
    discard_trumps: bool = False


class CallingModule(_TurnModule):
    """Offers a call in the second trick and runs the answers to it.

    ``calls``: whether a call can ever be made (False: the ``none`` module).
    """

    family = "calling"
    calls: bool = True

    @classmethod
    def names_items(cls, rules: Ruleset) -> bool:
        """Whether a call may name an announced figure, not only the game."""
        return False

    @classmethod
    def max_multiplier(cls, rules: Ruleset) -> int:
        """The largest multiplier a call can put on an item (1: no calls)."""
        return 1

    def options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        raise NotImplementedError

    def call(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        raise NotImplementedError

    def pending(self, s: HandState) -> tuple[tuple[int, ...], int, int] | None:
        """The call being answered, if any: the indices of the items it is about, and
        the multiplier they would get if the answer is to concede, or to play on."""
        return None


class DealingModule(_Owned):
    """Turns a shuffled pack into hands and a talon.  Registered as an instance."""

    family = "dealing"

    def deal(
        self, rules: Ruleset, pack: Sequence[int], dealer: int
    ) -> tuple[list[int], list[int], list[int]]:
        """Bit sets of seen and unseen cards per seat, and the talon (bottom first)."""
        raise NotImplementedError

    def __call__(
        self, rules: Ruleset, pack: Sequence[int], dealer: int
    ) -> tuple[list[int], list[int], list[int]]:
        return self.deal(rules, pack, dealer)


@frozen
class PointRace:
    """A hand whose whole result hangs on one fact, as a scoring module reads it
    (:meth:`ScoringModule.point_race`): whether the declarer's card points plus
    its ``extra`` beat those of every defender plus theirs (a tie loses).

    ``extra`` maps each active seat to what is added to its card points (melds
    and béla, say); ``lost`` and ``won`` are the hand's payments, seat by seat,
    in the two cases.  The solver stops searching a line once the points still
    to be won can no longer change the fact.
    """

    extra: Mapping[int, int]
    lost: Mapping[int, int]
    won: Mapping[int, int]


class ScoringModule(_Owned):
    """Turns a finished hand into its :class:`~alsos.hand.settlement.Settlement`.

    Registered as an instance.  Beside :meth:`settle`, which it must have, a
    module may override the defaults: :meth:`payments` (the payments alone,
    for search and simulations), :meth:`decided` (the result is certain: play
    stops; with ``decides`` true), :meth:`point_race` (the result is a
    comparison of card points: search may stop early), :meth:`melds_declared` (the
    kinds of meld a declaration makes known, without a meld contest), :meth:`describe` (the
    rulebook's clauses), ``requires`` (the modules of other families it
    works with, checked when a profile is loaded: ``{"bidding": ("ladder",)}``),
    ``terms`` (glossary entries it plays its own way: ``{term: explanation}``, each
    explanation an English message -- marked with :func:`~alsos.language.N_` -- that
    the glossary looks up in the module's language, ``words_in(module, lang)``),
    ``totals_only`` (its result follows from card points, tricks and item results
    alone, which lets the solver key positions on point sums) and ``zero_sum`` (in a hand
    with a declarer, every other seat's payment is the declarer's divided
    among them with the sign turned: one search serves both sides).
    """

    family = "scoring"
    decides: bool = False
    totals_only: bool = False
    zero_sum: bool = False
    requires: Mapping[str, tuple[str, ...]] = FrozenMap()
    terms: Mapping[str, str] = FrozenMap()

    def settle(self, rules: Ruleset, s: HandState) -> Settlement:
        raise NotImplementedError

    def __call__(self, rules: Ruleset, s: HandState) -> Settlement:
        return self.settle(rules, s)

    def payments(self, rules: Ruleset, s: HandState) -> dict[int, int]:
        return self.settle(rules, s).payments

    def decided(self, rules: Ruleset, s: HandState) -> bool:
        return False

    def point_race(self, rules: Ruleset, s: HandState) -> PointRace | None:
        """For a hand in its play: the :class:`PointRace` its result reduces to,
        or None when it does not reduce to one (the default: search plays every
        line to the end).  Asked once per search, so it may take its time."""
        return None

    def melds_declared(self, rules: Ruleset, s: HandState, seat: int) -> tuple[str, ...]:
        """Without a meld contest: the kinds of meld ``seat`` declares now, as ids
        (``terc`` ... ``okt``, ``vannak``, ``bela``, ``20``; empty: none)."""
        return ()

    def describe(self, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        return []


class FigureKind:
    """One kind of figure: everything alsos knows of it, in one object.

    Registered as an instance under the kind's name (a profile's ``kind:``).
    :meth:`judge` says at the end of the hand whether an announced figure was
    made, as a pure function of the frozen tally; :meth:`check` lists what is
    wrong with a profile's figure of this kind; :meth:`describe` is the
    rulebook's text.  The rest are what other parts ask instead of the kind's
    name:

    - ``params``: the profile keys (fields of :class:`~alsos.ruleset.profile.FigureRule`)
      the kind reads, beyond those every figure has;
    - ``judged``: False for a kind that is never won or lost (a multiplier of
      the game): it cannot be an objective, nor be bid, and is said first in a turn;
    - ``declarer_needs_bela``: the declarer may announce it only holding béla;
    - ``biddable``: whether a figure of the kind may be bid in an auction's
      figure round;
    - ``totals_only``: its result follows from card points and tricks, which the
      solver keys positions on already;
    - ``aim``: what the undertaking is about, for a player who plans for it (the
      heuristic bot values hands, bids and plays by it), one of ``AIMS``;
      None for a kind no bot plans for (it is never announced or doubled by one);
    - :meth:`cards_needed`, :meth:`deciding_trick`, :meth:`held_back`: the
      cards it needs, the trick it is decided in, the card its announcer keeps
      back (for search, bots and views); :meth:`without_trumps`: whether it
      can be judged in a game without trumps;
    - :meth:`early`: as a contract's objective, whether it is already made or
      lost from public facts (a contract ladder's early end).
    """

    params: tuple[str, ...] = ()
    #: Where the kind's words are translated (a plugin's own catalogue), as on a module.
    catalogue: tuple[str, str] | None = None
    declarer_needs_bela: bool = False
    judged: bool = True
    biddable: bool = True
    totals_only: bool = False
    aim: str | None = None

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        raise NotImplementedError

    def __call__(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        return self.judge(t, fig, item)

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        """What is wrong with ``fig`` (at key path ``where``), as ``key: reason`` lines."""
        return []

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        return lang.text("a figure of kind {kind}", kind=fig.kind)

    def cards_needed(self, fig: FigureRule, trump: int) -> int | None:
        """The cards the figure must win in tricks (None: it names no cards)."""
        return None

    def deciding_trick(self, fig: FigureRule, hand_size: int) -> int | None:
        """The index of the trick the figure is decided in (None: no one trick)."""
        return None

    def held_back(self, fig: FigureRule, trump: int) -> int:
        """The card (bit set) its announcer must keep for its trick (0: none)."""
        return 0

    def available(self, fig: FigureRule, trump: int) -> bool:
        """Whether ``fig`` can be announced in a game with trump suit ``trump`` (-1:
        none) at all, whatever the profile allows."""
        return True

    def without_trumps(self, fig: FigureRule) -> bool:
        """Whether ``fig`` can be judged in a game without trumps."""
        return True

    def early(self, fig: FigureRule, p: Progress) -> bool | None:
        """As the declarer's objective: already made (True), already lost (False) or
        still open (None), from the public facts ``p`` (the ruling is at
        :func:`alsos.hand.rules.ladder.objective_status`).  The default waits for
        the end of play, where the judge decides."""
        return None


#: The values of :attr:`FigureKind.aim`: what a figure's announcer undertakes, as a
#: planning player sees it.
AIMS: Mapping[str, str] = FrozenMap(
    {
        "game": "made with the game: the hand's strength for the game is what counts",
        "points": "card points (with melds if the figure says) up to a threshold",
        "majority": "more card points and melds than the other side",
        "cards": "win the named cards in tricks",
        "trick": "win one named trick with one named card",
        "every-trick": "win every trick",
        "tricks": "win at least a number of tricks",
        "no-trick": "win no trick",
    }
)


class Progress:
    """The public facts of a hand in play that an objective's early end may read: the
    declarer, tricks left, card points and meld points by seat, and (worked out when
    first asked) the cards still to be won and the most card points still to come.
    Hands and face-down talon cards are not among them (see
    :func:`alsos.hand.rules.ladder.objective_status`)."""

    __slots__ = ("_open", "declarer", "left", "melds", "points", "rules", "state")

    def __init__(
        self,
        rules: Ruleset,
        state: HandState,
        points: Mapping[int, int],
        melds: Mapping[int, int],
    ) -> None:
        assert state.declarer is not None
        self.rules = rules
        self.state = state
        self.declarer: int = state.declarer
        self.left: int = rules.hand_size - state.trick_no
        self.points = points
        self.melds = melds
        self._open: int | None = None

    @property
    def open(self) -> int:
        """The cards that may still be won: not in a completed trick, not face up in
        the talon (with no trick left: none, every such card lies face down)."""
        if self._open is None:
            done = 0
            for w in self.state.won:
                done |= w
            self._open = 0 if self.left == 0 else ((1 << 32) - 1) & ~(done | self.state.talon_up)
        return self._open

    def rest(self) -> int:
        """The most card points still to be won: the ``left`` tricks hold ``left``
        cards of each active seat (a number everyone knows), at best the richest of
        the open cards, and the last-trick bonus."""
        if not self.left:
            return 0
        table = self.rules.cards.point_table(self.state.trump)
        open_ = self.open
        values = sorted((table[c] for c in range(32) if open_ >> c & 1), reverse=True)
        return sum(values[: self.left * len(self.state.active)]) + self.rules.cards.last_trick


# -- registration: every module checked against its family's class ----------------

#: Per family: its class, whether modules are registered as classes (made once per
#: ruleset) or as instances, and the methods a module must have, with the number of
#: arguments each takes (after ``self``).
_FAMILY: dict[str, tuple[type, bool, dict[str, int]]] = {
    "dealing": (DealingModule, False, {"deal": 3, "check": 1}),
    "bidding": (
        BiddingModule,
        True,
        {
            "describe": 1,
            "check": 1,
            "declare_limit": 1,
            "named_contracts": 1,
            "moves": 1,
            "start": 2,
            "legal": 3,
            "apply": 4,
            "after_pickup": 2,
            "hides": 2,
        },
    ),
    "exchange": (
        ExchangeModule,
        True,
        {
            "describe": 1,
            "check": 1,
            "siber": 1,
            "moves": 1,
            "overview": 1,
            "start": 2,
            "legal": 3,
            "apply": 4,
            "can_exchange": 2,
            "can_siber": 2,
            "discard_options": 2,
            "exchange": 2,
        },
    ),
    "calling": (
        CallingModule,
        True,
        {
            "describe": 1,
            "check": 1,
            "names_items": 1,
            "max_multiplier": 1,
            "options": 2,
            "call": 4,
            "legal": 3,
            "apply": 4,
            "pending": 1,
        },
    ),
    "scoring": (
        ScoringModule,
        False,
        {
            "settle": 2,
            "payments": 2,
            "decided": 2,
            "point_race": 2,
            "melds_declared": 3,
            "describe": 1,
            "check": 1,
        },
    ),
    "figures": (FigureKind, False, {"judge": 3, "check": 3, "describe": 2, "early": 2}),
}
#: What a scoring function may bring along (``register("scoring", name, **hooks)``).
SCORING_HOOKS = (
    "Params",
    "payments",
    "decided",
    "point_race",
    "melds_declared",
    "describe",
    "requires",
    "terms",
    "totals_only",
    "zero_sum",
)
#: Methods a subclass must write itself (the others have defaults).
_ABSTRACT = {"deal", "settle", "judge", "start", "legal", "apply", "options", "call"}
#: Methods of the per-ruleset families that are class methods (asked of the class).
_CLASS_METHODS = {
    "describe",
    "check",
    "declare_limit",
    "named_contracts",
    "siber",
    "names_items",
    "max_multiplier",
    "moves",
    "overview",
}


def add_family(family: str, base: type, *, per_ruleset: bool, methods: Mapping[str, int]) -> None:
    """Let the registry check the modules of ``family`` against ``base`` (a module family
    whose class lives above this layer: the session schedules of
    :mod:`alsos.play.session`).  ``methods``: the methods a module has, with the
    number of arguments each takes after ``self``."""
    _FAMILY[family] = (base, per_ruleset, dict(methods))


class _DealingFunction(DealingModule):
    """A dealing module given as a function ``(rules, pack, dealer)``."""

    def __init__(self, deal: Callable[..., tuple[list[int], list[int], list[int]]]) -> None:
        self.deal = deal  # type: ignore[method-assign]
        self.__doc__ = deal.__doc__


class _ScoringFunctions(ScoringModule):
    """A scoring module given as a function ``(rules, s) -> Settlement`` with its
    hooks by name (``payments``, ``decided``, ``point_race``, ``melds_declared``, ``describe``,
    ``requires``, ``terms``), from :func:`~alsos.ruleset.registry.register`'s keywords or
    the function's attributes."""

    def __init__(self, settle: Callable[..., Settlement], hooks: Mapping[str, Any]) -> None:
        for key in hooks:
            if key not in SCORING_HOOKS:
                raise ModuleCheckError(
                    f"unknown scoring hook {key!r}; hooks are {', '.join(SCORING_HOOKS)}"
                )
        self.hooks = {
            k: v for k in SCORING_HOOKS if (v := hooks.get(k, getattr(settle, k, None))) is not None
        }
        self.settle = settle  # type: ignore[method-assign]
        self.__doc__ = settle.__doc__
        for key, value in self.hooks.items():
            setattr(self, key, value)
        self.decides = "decided" in self.hooks


class _JudgeFunction(FigureKind):
    """A figure kind given as a judge function ``(tally, fig, item) -> bool``; its
    ``describe(fig, rules)`` is read from the function when asked (a keyword of
    :func:`~alsos.ruleset.registry.register`, else the function's attribute)."""

    def __init__(self, judge: Callable[..., bool], hooks: Mapping[str, Any]) -> None:
        unknown = [k for k in hooks if k != "describe"]
        if unknown:
            raise ModuleCheckError(f"unknown figure-kind hook {unknown[0]!r}")
        self.judge = judge  # type: ignore[method-assign]
        self._describe = hooks.get("describe")
        self.__doc__ = judge.__doc__

    @property
    def hooks(self) -> dict[str, Any]:
        """The hooks it was given (what :func:`~alsos.ruleset.registry.hook` reads)."""
        text = self._describe or getattr(self.judge, "describe", None)
        return {} if text is None else {"describe": text}

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        text = self._describe or getattr(self.judge, "describe", None)
        if text is None:
            return super().describe(fig, rules, lang)
        return str(with_lang(text, lang, fig, rules))


def adopt(family: str, name: str, obj: Any, hooks: Mapping[str, Any]) -> Any:
    """``obj`` as the registry keeps it: an instance (or, for the per-ruleset
    families, a class) of the family's class, checked method by method.

    A function is accepted where the family used to take one (a dealing
    function, a scoring function with its hooks, a figure judge) and wrapped.
    """
    base, per_ruleset, methods = _FAMILY[family]
    what = f"the {family} module {name!r}"
    if per_ruleset:
        if not isinstance(obj, type) or hooks:
            raise ModuleCheckError(
                f"{what}: register a class (made once per ruleset with the Ruleset), "
                f"with its hooks as methods; see alsos.hand.protocol.{base.__name__}"
            )
    elif not isinstance(obj, base):
        if isinstance(obj, type) or not callable(obj):
            raise ModuleCheckError(
                f"{what}: register an instance of alsos.hand.protocol.{base.__name__}"
                " (or a function)"
            )
        wrap = {"dealing": _DealingFunction, "scoring": _ScoringFunctions}.get(family)
        obj = _DealingFunction(obj) if wrap is _DealingFunction else (
            _ScoringFunctions(obj, hooks) if wrap else _JudgeFunction(obj, hooks)
        )  # fmt: skip
    elif hooks:
        raise ModuleCheckError(f"{what}: an instance carries its hooks as methods, not keywords")
    inherits = isinstance(obj, base) or (isinstance(obj, type) and issubclass(obj, base))
    for method, n in methods.items():
        func = getattr(obj, method, None)
        if func is None and not inherits and method not in _CLASS_METHODS:  # those have defaults
            raise ModuleCheckError(f"{what} has no method {method!r} ({base.__name__} names it)")
        if func is not None and not callable(func):
            raise ModuleCheckError(f"{what}: {method!r} is not a method")
        if inherits and method in _ABSTRACT and not defines(obj, base, method):
            raise ModuleCheckError(f"{what} does not define {method!r}")
        unbound = per_ruleset and method not in _CLASS_METHODS
        if func is not None and not accepts(func, n + unbound):
            raise ModuleCheckError(
                f"{what}: {method!r} takes the wrong arguments; {base.__name__}.{method} takes {n}"
            )
    if per_ruleset and not inherits:
        # a module written without the family's class: it keeps every method it has,
        # and takes the family's defaults for the questions it does not answer
        obj = type(
            obj.__name__, (obj, base), {"__module__": obj.__module__, "__doc__": obj.__doc__}
        )
    if family in FAMILY_PLACES:
        check_params(what, family, getattr(obj, "Params", NoParams))
    aim = getattr(obj, "aim", None) if family == "figures" else None
    if aim is not None and aim not in AIMS:
        raise ModuleCheckError(
            f"{what}: aim {str(aim)[:60]!r} is not one of {', '.join(AIMS)} (or None)"
        )
    return obj


registry.install(adopt)
