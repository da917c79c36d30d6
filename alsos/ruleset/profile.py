"""Variant profiles: the rules of one table, as data.

A profile is a YAML file in ``variants/`` (or anywhere on disk) that the
engine reads into a frozen :class:`Ruleset`.  It names the rule module for
each phase family and gives its parameters: card orders and points, figure
values, the kontra ladder, which exchange, melds, calling and scoring rules
apply.  Loading is strict: YAML is read with :func:`yaml.safe_load`, unknown
keys and wrong types are refused, and every error names the file, the key
path and the reason (:class:`ProfileError`).

``extends: <id or path>`` inherits another profile; the child's mappings are
merged key by key over the parent's, and anything else it names replaces the
parent's value.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

import attrs
from attrs import field, frozen

from alsos.errors import RulesetError
from alsos.language import N_, Said
from alsos.pack.cards import Card, Order, Rank, Suit
from alsos.pack.tables import point_table
from alsos.ruleset.reasons import Cut, card_said, clauses

__all__ = [
    "FAMILY_PLACES",
    "AnnouncementRules",
    "BiddingRules",
    "CallingRules",
    "CardRules",
    "DealRules",
    "ExchangeRules",
    "FigureRule",
    "FrozenMap",
    "GameValues",
    "ItemWords",
    "KontraRules",
    "LadderContract",
    "MeldRules",
    "NoParams",
    "PlayRules",
    "ProfileError",
    "ProfileWarning",
    "ProfileWords",
    "Ruleset",
    "ScoringRules",
    "shown_copy",
]


class ProfileWarning(UserWarning):
    """A profile that loads but says something that has no effect.

    alsos no longer raises it.  0.2 raised it for a key of a module the profile does
    not choose (``exchange.siber`` with ``exchange: {module: none}``), which 0.1 had
    ignored silently; since 0.3 such a key is refused (a :class:`ProfileError` naming
    the module that owns it).  The class stays, as a public name."""


class ProfileError(RulesetError):
    """A profile that cannot be used; the message names file, key path and reason.

    The message is bounded, since input may be hostile (huge values, or one
    mistake repeated a thousand times): each problem is cut to 500
    characters, problems of the same shape are listed once with a count
    ("... and 998 more like it: ..."), and at most 50 remain.

    Each problem the loader finds is a :class:`~alsos.language.Said`: its text is
    the English a programmer reads (``str(e)``, ``e.problems``), and
    :func:`~alsos.language.said_in` writes the error -- or one of ``e.problems`` --
    in a person's language (the web table answers an upload so).
    """

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source if len(source) <= 300 else f"{source[:290]}..."
        grouped = _group(problems)
        shown = [Cut.of(p) if len(p) > 500 else p for p in grouped[:50]]
        if len(grouped) > 50:
            more = len(grouped) - 50
            shown.append(
                Said.counted("... and {n} more problems", "... and {n} more problems", more)
            )
        self.problems = shown
        super().__init__(
            Said(N_("{source}: {problems}"), source=self.source, problems=clauses(shown))
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.source, self.problems))


#: Problems of a shape met more often than this are shown once, with a count.
_GROUP_OVER = 3
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\d+")


def _shape(problem: str) -> tuple[str, str, str]:
    """What makes two problems "alike": the first and last part of the key path
    and the reason with quoted text and numbers blanked (``figures.f1.value:
    must not be negative`` is like ``figures.f2.value: ...``)."""
    where, sep, reason = problem.partition(": ")
    if not sep or " " in where:
        return ("", "", _QUOTED.sub("_", problem))
    keys = where.split(".")
    return (_QUOTED.sub("_", keys[0]), keys[-1], _QUOTED.sub("_", reason))


def _group(problems: list[str]) -> list[str]:
    """``problems`` with each repeated shape listed once: the first, then a count
    and the key paths of a few more."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for p in problems:
        groups.setdefault(_shape(p), []).append(p)
    out = []
    for members in groups.values():
        if len(members) <= _GROUP_OVER:
            out.extend(members)
            continue
        first, rest = members[0], members[1:]
        keys = ", ".join(m.partition(": ")[0][:60] for m in rest[:3])
        out.append(
            Said.counted(
                "{problem} (... and {n} more like it: {keys})",
                "{problem} (... and {n} more like it: {keys})",
                len(rest),
                problem=first,
                keys=keys + (", ..." if len(rest) > 3 else ""),
            )
        )
    return out


K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable mapping, for the tables of a ruleset.

    A ruleset is shared by every game played under it (and cached by the
    engine), so nothing in it may change once loaded: this mapping has no
    method that changes it, and equals any mapping with the same items.
    """

    __slots__ = ("_data", "_hash")

    _data: dict[K, V]
    _hash: int | None

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_data", dict(items))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash(frozenset(self._data.items()))
            object.__setattr__(self, "_hash", h)
        return h

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a ruleset's mapping cannot be changed")

    def __repr__(self) -> str:
        return repr(self._data)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._data,))


def freeze(value: Any) -> Any:
    """``value`` with every dict made a :class:`FrozenMap` and every list a tuple."""
    if isinstance(value, Mapping):
        return FrozenMap((k, freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def _frozen(value: Mapping[Any, Any]) -> FrozenMap[Any, Any]:
    return value if isinstance(value, FrozenMap) else FrozenMap(value)


@frozen
class NoParams:
    """The parameters of a rule module that takes none (the default)."""


#: Where a profile chooses each rule family's module: family -> (the section, its key
#: naming the module, the section's attribute holding the module's parameters).  Two
#: families share ``scoring``: the scoring module and the session schedule.
FAMILY_PLACES: Mapping[str, tuple[str, str, str]] = FrozenMap(
    {
        "dealing": ("deal", "module", "params"),
        "bidding": ("bidding", "module", "params"),
        "exchange": ("exchange", "module", "params"),
        "calling": ("calling", "module", "params"),
        "scoring": ("scoring", "module", "params"),
        "session": ("scoring", "session", "session_params"),
    }
)


def _order(text: str | Order) -> Order:
    return text if isinstance(text, Order) else Order.parse(text)


def _points(value: Mapping[Any, int]) -> FrozenMap[Rank, int]:
    return FrozenMap(
        (k if isinstance(k, Rank) else Rank.parse(str(k)), int(v)) for k, v in value.items()
    )


@frozen
class CardRules:
    """Card orders (strongest first) and card points.

    Sources: pagat, "Players and Cards".
    """

    trump_order: Order = field(default=Order.parse("U 9 A 10 K O 8 7"), converter=_order)
    plain_order: Order = field(default=Order.parse("A 10 K O U 9 8 7"), converter=_order)
    betli_order: Order = field(default=Order.parse("A 10 K O U 9 8 7"), converter=_order)
    klopitzky_order: Order = field(default=Order.parse("A 10 K O U 9 8 7"), converter=_order)
    trump_points: Mapping[Rank, int] = field(
        factory=lambda: _points({"U": 20, "9": 14, "A": 11, "10": 10, "K": 4, "O": 3}),
        converter=_points,
    )
    plain_points: Mapping[Rank, int] = field(
        factory=lambda: _points({"A": 11, "10": 10, "K": 4, "O": 3, "U": 2}),
        converter=_points,
    )
    last_trick: int = 10

    def point_table(self, trump: int) -> tuple[int, ...]:
        """Card points of each of the 32 cards with ``trump`` as trumps (-1: none);
        shared and immutable (``alsos.pack.tables.point_table`` keeps it)."""
        return point_table(
            tuple(self.trump_points.get(r, 0) for r in Rank),
            tuple(self.plain_points.get(r, 0) for r in Rank),
            trump,
        )


@frozen
class DealRules:
    """How the pack is dealt: packets before the indicator (seen), then after it (unseen).

    The talon is what is left: the indicator at its bottom, the rest face
    down, and the last card of the pack turned face up on top.

    ``talon_between``: cards laid on the talon after each round of packets
    (seen packets first, then unseen), the first of them face up as the
    indicator; the rest of the pack ends the talon (altiansz, "Deal": 3 each,
    one up, 3 each, two down, 3 each, the rest down).  Empty: the indicator
    alone, after the last seen packet.  ``top_up``: the last card of the
    pack lies face up on top of the talon.
    """

    module: str = "packets"
    seen_packets: tuple[int, ...] = (3, 3)
    unseen_packets: tuple[int, ...] = (3,)
    talon_between: tuple[int, ...] = ()
    top_up: bool = True
    #: the dealing module's own parameters
    params: Any = field(factory=NoParams)


@frozen
class LadderContract:
    """One contract of a ladder auction (the ``ladder`` bidding module).

    ``objectives``: figure ids (kept out of announcements with ``enabled:
    false``) that must all be met for the contract to be won; ``trumps``:
    ``any`` (a suit or no trumps), ``suit`` (a suit only) or ``none``;
    ``betli``: played as a Betli (no trumps, the Betli card order);
    ``talon``: bidding it draws from the talon; ``melds``: who scores melds
    -- ``all`` seats, the ``declarer`` alone, or ``none``.
    """

    title: str
    objectives: tuple[str, ...] = ()
    trumps: str = "any"
    betli: bool = False
    talon: bool = True
    melds: str = "none"


@frozen
class BiddingRules:
    """The auction (pagat, "Types of Game and Bidding"): which module runs it, and
    which games exist -- the suits in their rank for bids, no-trumps, Betli and
    Klopitzky.

    Each auction module owns its other keys, read into :attr:`params` (the module's
    ``Params``): the ``potter`` auction's ``betli_switch``, the ``combined`` one's
    ``count_game_value``, ``unique_suits`` and ``hidden_suit``, the ``ladder``'s
    ``contracts`` and ``declare_limit`` (:mod:`alsos.hand.rules.bidding`,
    :mod:`alsos.hand.rules.ladder`).
    """

    module: str = "potter"
    suit_rank: tuple[Suit, ...] = (Suit.LEAVES, Suit.GOURDS, Suit.HEARTS, Suit.ACORNS)
    no_trumps: bool = True
    betli: bool = True
    klopitzky: bool = True
    #: the auction module's own parameters
    params: Any = field(factory=NoParams)


@frozen
class GameValues:
    """Base value of each kind of game, in game points."""

    trump: int = 1
    no_trumps: int = 2
    betli: int = 5
    klopitzky: int = 3


@frozen
class FigureRule:
    """One announceable figure.

    ``kind`` selects the mechanism that judges it:

    - ``kassza``: the declarer holds béla and wins the game (a defender: a
      defender holds béla and the declarer loses);
    - ``points``: at least ``threshold`` (``threshold_no_trumps`` without
      trumps) card points in the announcer's tricks plus the last-trick bonus,
      and with ``melds`` also valid melds and béla;
    - ``cards``: wins every card listed in ``cards`` (``trump U`` is the
      Under of trumps, ``all A`` every Ace);
    - ``trick``: wins the ``trick``-th trick from the end with ``card``;
    - ``volat``: wins every trick;
    - ``multiplier``: no undertaking of its own; it multiplies the game by
      ``value`` (and ``front_multiplier`` more from the front) -- huwiki's béla
      kassza.

    ``enabled: false`` keeps a figure in the profile but out of play (a table
    option such as the club's eight).  ``must_hold``: the announcer must hold
    ``card`` and every card in ``cards``.  ``once_per_side``: one announcement
    per side.  ``group``: a seat announces at most one figure of a group.
    ``must_play``: a trick figure's card must go to its trick when it may
    (club's eight).
    ``ladder``: position among figures that may only rise (abszolút 1, 100 2,
    ...).  ``strict``: the threshold must be exceeded.
    """

    kind: str
    value: int
    title: str = ""
    enabled: bool = True
    no_trumps: bool = False
    front: bool = True
    back: bool = True
    front_multiplier: int = 2
    threshold: int | None = None
    threshold_no_trumps: int | None = None
    melds: bool = False
    cards: tuple[str, ...] = ()
    trick: int = 1
    card: str = ""
    must_hold: bool = False
    ladder: int | None = None
    strict: bool = False
    once_per_side: bool = False
    group: str | None = None
    must_play: bool = False

    def hold_mask(self, trump: int) -> int:
        """Cards the announcer must hold under trump suit ``trump`` (0: none, or impossible)."""
        if not self.must_hold:
            return 0
        mask = 0
        for spec in (self.card, *self.cards) if self.card else self.cards:
            mask |= parse_card_spec(spec).mask(trump)
        return mask


@frozen
class AnnouncementRules:
    """How the rounds of announcements run (pagat, "Announcement procedure").

    ``passes_to_close``: consecutive passes that end a round once every seat
    has spoken (None: one fewer than the seats in play).
    ``ladder_one_per_round``: of the figures with a ``ladder`` position
    (abszolút, 100, ...) a seat may announce only one per round, and never a
    lower one after a higher (pagat, "Figures"); when false they may come in
    ascending order, several in one round.
    ``completion_figures``: whether new figures may still be announced in the
    completion round after the first trick (pagat's outline, step 9, names only
    kontras there).
    ``back_round``: ``first-trick`` -- the announcements after the pick-up run
    alongside the first trick (pagat); ``before-play`` -- they are a round of
    their own, finished before the first lead (pagat, Tompa rules F4, G1).
    ``figures_first_turn``: figures only at a seat's first turn of a round;
    ``kontra_first_chance``: a kontra step only at the seat's first turn after
    what it answers appeared (huwiki, "Az előzetes bemondások menete").
    ``turn_order``: within one turn a seat says things in a fixed order --
    béla kassza, then figures, then melds, then kontras -- and cannot go back
    to an earlier kind once it said a later one (huwiki, "Az előzetes bemondások
    menete", "Az utólagos bemondások menete").
    """

    passes_to_close: int | None = None
    ladder_one_per_round: bool = True
    completion_figures: bool = False
    exclusive: tuple[tuple[str, str], ...] = ()
    back_round: str = "first-trick"
    figures_first_turn: bool = False
    kontra_first_chance: bool = False
    turn_order: bool = False


@frozen
class KontraRules:
    """The doubling ladder (pagat, "Kontras")."""

    levels: tuple[str, ...] = ("kontra", "rekontra", "szubkontra", "hirskontra")
    front_factor: int = 4
    back_factor: int = 2


@frozen
class ExchangeRules:
    """Trump exchange and síber (pagat, "Trump Exchange", "Two-Player Game", Variations):
    which module makes them.  The ``siber`` and ``tompa`` modules own the keys that say
    how (``simple_exchange``, ``siber``, ``entitled``, ``takes``, ...: their ``Params``,
    :mod:`alsos.hand.rules.exchange`); ``none`` has no exchange and no keys.
    """

    module: str = "siber"
    #: the exchange module's own parameters
    params: Any = field(factory=NoParams)


@frozen
class MeldRules:
    """Sequences, vannak and béla (pagat, "Melds").

    ``sequence_tiebreak``: between sequences of equal length and top card,
    ``trump`` -- the trump one wins, plain ones tie and nobody scores (pagat);
    ``suit`` -- the higher suit wins, acorns > hearts > gourds > leaves (pagat
    Tompa E2).  ``one_run_per_length``: the winner scores at most one
    sequence of each length (pagat, Tompa rules E2).  ``contest``: melds are
    declared in the first trick and validated against each other (pagat);
    false: no declarations or contest, the scoring module counts every
    entitled seat's melds (altiansz, "Melds").  ``sequence_order``: ``fixed``
    -- sequences run A K O U 10 9 8 7 in every suit; ``trick`` -- in the
    suit's own trick order (altiansz).  ``twenty``: a plain suit's K and O
    (0: not a meld).
    """

    sequence_values: Mapping[int, int] = field(
        factory=lambda: FrozenMap({3: 20, 4: 50, 5: 100}), converter=_frozen
    )
    vannak: int = 80
    vannak_ranks: tuple[Rank, ...] = tuple(Rank)
    vannak_ranks_no_trumps: tuple[Rank, ...] | None = None
    bela: int = 20
    sequence_tiebreak: str = "trump"
    one_run_per_length: bool = False
    contest: bool = True
    sequence_order: str = "fixed"
    twenty: int = 0

    def vannak_ranks_for(self, trump: int) -> tuple[Rank, ...]:
        """Ranks that make a vannak in a game with trump suit ``trump`` (-1: none)."""
        if trump < 0 and self.vannak_ranks_no_trumps is not None:
            return self.vannak_ranks_no_trumps
        return self.vannak_ranks


@frozen
class CallingRules:
    """Gyerünk (pagat, "Calling"): which module offers calls.  The ``gyerunk`` module
    owns ``allowed_with``, ``targets`` and ``call_back`` (its ``Params``,
    :mod:`alsos.hand.rules.calling`); ``none`` offers no calls and has no keys.
    """

    module: str = "gyerunk"
    #: the calling module's own parameters
    params: Any = field(factory=NoParams)


@frozen
class PlayRules:
    """Who leads first and how cards must be played (pagat, "Play", "First Trick").

    Leads: ``forehand`` (the seat after the dealer), ``declarer``, or
    ``before-declarer`` (the seat before the declarer, so it plays second).
    ``betli_overtake``: in Betli a seat that follows suit must beat the
    highest card of the led suit in the trick when it can (altiansz, "Play").
    ``stop_when_decided``: play stops once the scoring module says the result
    is certain (its ``decided`` hook; altiansz, "Play"); false: every hand is
    played out.
    """

    must_trump: bool = True
    betli_overtake: bool = False
    stop_when_decided: bool = True
    trump_lead: str = "forehand"
    no_trumps_lead: str = "before-declarer"
    betli_lead: str = "forehand"


@frozen
class ScoringRules:
    """Settlement and the session (pagat, "Scoring"): two families share this section.

    ``module`` names the scoring module, which owns its keys (the ``potter``
    scoring's ``klopitzky_per_payer``: :attr:`params`); ``session`` names the
    session schedule (:mod:`alsos.play.session`: ``rubber``, ``radli`` or
    ``deals``), which owns its keys (``rubber_target`` and ``rubber_bonus``; the
    ``radli_...`` ones; ``deals``: :attr:`session_params`).
    """

    module: str = "potter"
    session: str = "rubber"
    #: the scoring module's own parameters
    params: Any = field(factory=NoParams)
    #: the session schedule's own parameters
    session_params: Any = field(factory=NoParams)


@frozen
class ItemWords:
    """A figure's or a ladder contract's words in one language: its ``title``."""

    title: str


@frozen
class ProfileWords:
    """What a profile says to a person, in one language (``words: {hu: ...}``).

    ``name``: the profile's name; ``figures`` and ``contracts``: a figure's or a
    ladder contract's title, by id (``{abszolut: {title: abszolút}}``); ``rulings``:
    the profile's rulings (``sources.rulings``: ``alsos ruling (...)``), each in
    this language, as many as it has and in their order.  What is not given stays
    as the profile wrote it (:func:`alsos.ruleset.wording.worded`).  Ids, card
    codes and the kontra words are the notation a player types, the same in every
    language, so they are not among the words.
    """

    name: str | None = None
    figures: Mapping[str, ItemWords] = field(factory=FrozenMap, converter=_frozen)
    contracts: Mapping[str, ItemWords] = field(factory=FrozenMap, converter=_frozen)
    rulings: tuple[str, ...] = ()

    def figure_title(self, name: str, default: str) -> str:
        """Figure ``name``'s title in this language, else ``default``."""
        found = self.figures.get(name)
        return default if found is None else found.title

    def contract_title(self, cid: str, default: str) -> str:
        """Ladder contract ``cid``'s title in this language, else ``default``."""
        found = self.contracts.get(cid)
        return default if found is None else found.title


@frozen
class Ruleset:
    """A whole variant: everything the engine needs to play and score a hand."""

    id: str
    name: str
    players: int = 3
    player_counts: tuple[int, ...] = ()
    sources: Mapping[str, str] = field(factory=FrozenMap, converter=_frozen)
    cards: CardRules = CardRules()
    deal: DealRules = DealRules()
    bidding: BiddingRules = BiddingRules()
    games: GameValues = GameValues()
    figures: Mapping[str, FigureRule] = field(factory=FrozenMap, converter=_frozen)
    announcements: AnnouncementRules = AnnouncementRules()
    kontra: KontraRules = KontraRules()
    exchange: ExchangeRules = ExchangeRules()
    melds: MeldRules = MeldRules()
    calling: CallingRules = CallingRules()
    play: PlayRules = PlayRules()
    scoring: ScoringRules = ScoringRules()
    #: The profile's words in other languages, by language code (``words: {hu: ...}``).
    #: Part of the profile -- a record carries it with the profile's id or text -- but
    #: not of the game: they change no rule, so two rulesets that differ only in their
    #: words are equal, hash alike and have the same canonical string.
    words: Mapping[str, ProfileWords] = field(
        factory=FrozenMap, converter=_frozen, eq=False, repr=False
    )
    options: Mapping[str, Any] = field(factory=FrozenMap, converter=freeze, eq=False, repr=False)
    origin: str | None = field(default=None, eq=False, repr=False)
    #: The profile this one ``extends`` (an id or an absolute path), if any.
    parent: str | None = field(default=None, eq=False, repr=False)
    #: The ``sources`` sections the profile cites itself (not inherited).
    own_sources: tuple[str, ...] = field(default=(), eq=False, repr=False)
    #: The YAML text the ruleset was loaded from, when it was given as text
    #: (``alsos.ruleset.loading.load_profile_text``: an upload), else None: what a
    #: record carries as its ``Profile`` header, so that the hand replays where no file
    #: holds the profile.  Copied and pickled with the ruleset, never compared.
    profile_text: str | None = field(default=None, eq=False, repr=False)
    #: What is derived from this ruleset, hung on it so that it lives exactly as long
    #: (:func:`alsos.ruleset.tables.tables_of` sets it): never compared, copied or
    #: pickled, and an evolved ruleset starts without.
    _tables: Any = field(default=None, init=False, eq=False, repr=False, hash=False)
    #: A copy made to be shown (:func:`shown_copy`): it shares its canonical string
    #: with the ruleset it shows, and is never the one that string finds.
    _shown: bool = field(default=False, init=False, eq=False, repr=False, hash=False)

    def __getstate__(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in _RULESET_FIELDS if f.name != "_tables"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_tables", None)

    def module_name(self, family: str) -> str:
        """The module the profile chose for ``family`` (where: ``FAMILY_PLACES``)."""
        section, key, _ = FAMILY_PLACES[family]
        name: str = getattr(getattr(self, section), key)
        return name

    def module_params(self, family: str) -> Any:
        """The parameters of the module chosen for ``family``: an instance of that
        module's ``Params`` (``NoParams`` when it takes none)."""
        section, _, holder = FAMILY_PLACES[family]
        return getattr(getattr(self, section), holder)

    @property
    def hand_size(self) -> int:
        return sum(self.deal.seen_packets) + sum(self.deal.unseen_packets)

    @property
    def passes_to_close(self) -> int:
        """Passes in a row that end a round of announcements (default: seats in play - 1)."""
        p = self.announcements.passes_to_close
        return self.active_players - 1 if p is None else p

    @property
    def active_players(self) -> int:
        """Seats that play a hand (four players: the dealer sits out)."""
        return min(self.players, 3)

    def __str__(self) -> str:
        """Canonical form: the id (a user's file: its path), and any load options as
        ``[key=json;...]``; :func:`load_variant` reads it back."""
        base = self.origin or self.id
        if not self.options:
            return base
        opts = ";".join(
            f"{k}={json.dumps(v, ensure_ascii=False, separators=(',', ':'), default=dict)}"
            for k, v in sorted(self.options.items())
        )
        return f"{base}[{opts}]"


_RULESET_FIELDS = attrs.fields(Ruleset)


class CardSpec:
    """Which card(s) a figure refers to, written in a profile.

    ``trump 7`` -- the 7 of trumps; ``all A`` -- the four Aces; ``TA`` -- that
    card; ``TA or PA`` -- the first of those cards that is not a trump (the
    house rules' uhu: the Ace of gourds, or of hearts when gourds are trumps).
    """

    __slots__ = ("choices", "kind", "rank", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        words = text.split()
        self.rank: Rank | None = None
        self.choices: tuple[Card, ...] = ()
        if len(words) == 2 and words[0] in ("trump", "all"):
            self.kind = words[0]
            try:
                self.rank = Rank.parse(words[1])
            except ValueError as e:
                raise type(e)(card_said(e, "rank", words[1])) from None
            return
        self.kind = "cards"
        codes = [p for p in words if p != "or"]
        if not codes or len(codes) != (len(words) + 1) // 2:
            raise ValueError(
                Said(
                    N_(
                        "card spec {spec}: write 'trump <rank>', 'all <rank>', a card such as "
                        "'TA', or cards joined by 'or'"
                    ),
                    spec=repr(text),
                )
            )
        choices = []
        for code in codes:
            try:
                choices.append(Card.parse(code))
            except ValueError as e:
                raise type(e)(card_said(e, "card", code)) from None
        self.choices = tuple(choices)

    def mask(self, trump: int) -> int:
        """The bit set the spec names under trump suit ``trump`` (-1: none)."""
        if self.kind == "trump":
            assert self.rank is not None
            return 1 << (8 * trump + self.rank) if trump >= 0 else 0
        if self.kind == "all":
            assert self.rank is not None
            return sum(1 << (8 * s + self.rank) for s in range(4))
        for c in self.choices:
            if c >> 3 != trump:
                return 1 << c
        return 0

    def card(self, trump: int) -> int:
        """The single card the spec names, or -1."""
        m = self.mask(trump)
        return m.bit_length() - 1 if m and m & (m - 1) == 0 else -1

    def __str__(self) -> str:
        return self.text


@functools.lru_cache(maxsize=256)
def parse_card_spec(spec: str) -> CardSpec:
    """Read a figure's card spec (see :class:`CardSpec`)."""
    return CardSpec(spec)


def shown_copy(rules: Ruleset, **changes: Any) -> Ruleset:
    """``rules`` with ``changes`` (``attrs.evolve``), as a copy made to be shown --
    another language's words (:func:`alsos.ruleset.wording.worded`), a format's
    escaping -- which :func:`alsos.ruleset.tables.rules_named` never finds by the
    canonical string it shares with ``rules`` (a record's replay, a worker finding a
    view's rules keep finding the ruleset itself)."""
    copy = attrs.evolve(rules, **changes)
    object.__setattr__(copy, "_shown", True)
    return copy
