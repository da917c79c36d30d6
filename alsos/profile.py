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
import pathlib
from collections.abc import Mapping
from typing import Any

import attrs
import cattrs
import yaml
from attrs import field, frozen

from alsos.cards import Order, Rank, Suit

__all__ = [
    "AnnouncementRules",
    "BiddingRules",
    "CallingRules",
    "CardRules",
    "DealRules",
    "ExchangeRules",
    "FigureRule",
    "GameValues",
    "KontraRules",
    "MeldRules",
    "PlayRules",
    "ProfileError",
    "Ruleset",
    "ScoringRules",
    "load_variant",
    "shipped_variants",
]


class ProfileError(ValueError):
    """A profile that cannot be used; the message names file, key path and reason."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


def _order(text: str | Order) -> Order:
    return text if isinstance(text, Order) else Order.parse(text)


def _points(value: Mapping[Any, int]) -> dict[Rank, int]:
    return {k if isinstance(k, Rank) else Rank.parse(str(k)): int(v) for k, v in value.items()}


@frozen
class CardRules:
    """Card orders (strongest first) and card points.

    Sources: 000 "Players and Cards"; VARIANTS.md section 1.
    """

    trump_order: Order = field(default=Order.parse("U 9 A 10 K O 8 7"), converter=_order)
    plain_order: Order = field(default=Order.parse("A 10 K O U 9 8 7"), converter=_order)
    betli_order: Order = field(default=Order.parse("A 10 K O U 9 8 7"), converter=_order)
    klopitzky_order: Order = field(default=Order.parse("A 10 K O U 9 8 7"), converter=_order)
    trump_points: dict[Rank, int] = field(
        factory=lambda: _points({"U": 20, "9": 14, "A": 11, "10": 10, "K": 4, "O": 3}),
        converter=_points,
    )
    plain_points: dict[Rank, int] = field(
        factory=lambda: _points({"A": 11, "10": 10, "K": 4, "O": 3, "U": 2}),
        converter=_points,
    )
    last_trick: int = 10


@frozen
class DealRules:
    """How the pack is dealt: packets before the indicator (seen), then after it (unseen).

    The talon is what is left: the indicator at its bottom, the rest face
    down, and the last card of the pack turned face up on top.
    """

    module: str = "packets"
    seen_packets: tuple[int, ...] = (3, 3)
    unseen_packets: tuple[int, ...] = (3,)


@frozen
class BiddingRules:
    """The auction (000 "Types of Game and Bidding")."""

    module: str = "potter"
    suit_rank: tuple[Suit, ...] = (Suit.LEAVES, Suit.GOURDS, Suit.HEARTS, Suit.ACORNS)
    no_trumps: bool = True
    betli: bool = True
    klopitzky: bool = True


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
    - ``volat``: wins every trick.
    """

    kind: str
    value: int
    title: str = ""
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


@frozen
class AnnouncementRules:
    """How the rounds of announcements run (000 "Announcement procedure").

    ``passes_to_close``: consecutive passes that end a round once every seat
    has spoken (None: one fewer than the seats in play).
    ``ladder_one_per_round``: of the figures with a ``ladder`` position
    (abszolút, 100, ...) a seat may announce only one per round, and never a
    lower one after a higher (000 "Figures"); when false they may come in
    ascending order, several in one round.
    ``completion_figures``: whether new figures may still be announced in the
    completion round after the first trick (000's outline, step 9, names only
    kontras there).
    """

    passes_to_close: int | None = None
    ladder_one_per_round: bool = True
    completion_figures: bool = False
    exclusive: tuple[tuple[str, str], ...] = ()


@frozen
class KontraRules:
    """The doubling ladder (000 "Kontras")."""

    levels: tuple[str, ...] = ("kontra", "rekontra", "szubkontra", "hirskontra")
    front_factor: int = 4
    back_factor: int = 2


@frozen
class ExchangeRules:
    """Trump exchange and síber (000 "Trump Exchange")."""

    module: str = "siber"
    simple_exchange: bool = True
    siber: bool = True
    entitled: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT)
    discard_trumps: bool = False


@frozen
class MeldRules:
    """Sequences, vannak and béla (000 "Melds")."""

    sequence_values: dict[int, int] = field(factory=lambda: {3: 20, 4: 50, 5: 100})
    vannak: int = 80
    vannak_ranks: tuple[Rank, ...] = tuple(Rank)
    bela: int = 20


@frozen
class CallingRules:
    """Gyerünk (000 "Calling")."""

    module: str = "gyerunk"
    allowed_with: tuple[str, ...] = ("kassza",)


@frozen
class PlayRules:
    """Who leads first and how cards must be played (000 "Play")."""

    must_trump: bool = True
    no_trumps_lead: str = "before-declarer"


@frozen
class ScoringRules:
    """Settlement and rubber (000 "Scoring")."""

    module: str = "potter"
    klopitzky: str = "potter"
    rubber_target: int = 20
    rubber_bonus: int = 2


@frozen
class Ruleset:
    """A whole variant: everything the engine needs to play and score a hand."""

    id: str
    name: str
    players: int = 3
    sources: dict[str, str] = field(factory=dict)
    cards: CardRules = CardRules()
    deal: DealRules = DealRules()
    bidding: BiddingRules = BiddingRules()
    games: GameValues = GameValues()
    figures: dict[str, FigureRule] = field(factory=dict)
    announcements: AnnouncementRules = AnnouncementRules()
    kontra: KontraRules = KontraRules()
    exchange: ExchangeRules = ExchangeRules()
    melds: MeldRules = MeldRules()
    calling: CallingRules = CallingRules()
    play: PlayRules = PlayRules()
    scoring: ScoringRules = ScoringRules()
    options: dict[str, Any] = field(factory=dict, eq=False, repr=False)

    @property
    def hand_size(self) -> int:
        return sum(self.deal.seen_packets) + sum(self.deal.unseen_packets)

    @property
    def active_players(self) -> int:
        """Seats that play a hand (four players: the dealer sits out)."""
        return min(self.players, 3)

    def __str__(self) -> str:
        if not self.options:
            return self.id
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.id}[{opts}]"


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def strict_int(v: Any, _: type) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"expected a whole number, got {v!r}")
        return v

    def strict_bool(v: Any, _: type) -> bool:
        if not isinstance(v, bool):
            raise TypeError(f"expected true or false, got {v!r}")
        return v

    def strict_str(v: Any, _: type) -> str:
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise TypeError(f"expected text, got {v!r}")
        return str(v)

    conv.register_structure_hook(int, strict_int)
    conv.register_structure_hook(bool, strict_bool)
    conv.register_structure_hook(str, strict_str)
    conv.register_structure_hook(Order, lambda v, _: Order.parse(str(v)))
    conv.register_structure_hook(Rank, lambda v, _: Rank.parse(str(v)))
    conv.register_structure_hook(Suit, lambda v, _: Suit.parse(str(v)))
    return conv


_CONVERTER = _make_converter()


def _variants_dir() -> pathlib.Path:
    """Where the shipped profiles are: inside the installed package, else the checkout."""
    here = pathlib.Path(__file__).parent
    packaged = here / "variants"
    return packaged if packaged.is_dir() else here.parent / "variants"


def shipped_variants() -> list[str]:
    """Ids of the profiles packaged with alsos."""
    return sorted(p.stem for p in _variants_dir().glob("*.yaml"))


def _read_yaml(name_or_path: str | pathlib.Path) -> tuple[str, dict[str, Any]]:
    text: str
    path = pathlib.Path(name_or_path)
    if isinstance(name_or_path, str) and not name_or_path.endswith((".yaml", ".yml")):
        res = _variants_dir() / f"{name_or_path}.yaml"
        if not res.is_file():
            raise ProfileError(
                str(name_or_path),
                [f"no such variant; shipped ones are {', '.join(shipped_variants())}"],
            )
        source = f"variants/{name_or_path}.yaml"
        text = res.read_text(encoding="utf-8")
    else:
        source = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ProfileError(source, [f"cannot read the file: {e.strerror}"]) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(e, "problem", None) or str(e)
        raise ProfileError(source, [f"{where}YAML syntax error: {problem}"]) from None
    if not isinstance(data, dict):
        raise ProfileError(source, ["the profile must be a mapping of keys to values"])
    return source, data


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _resolve(
    name_or_path: str | pathlib.Path, seen: tuple[str, ...] = ()
) -> tuple[str, dict[str, Any]]:
    source, data = _read_yaml(name_or_path)
    if source in seen:
        raise ProfileError(source, [f"extends: circular inheritance via {' -> '.join(seen)}"])
    parent = data.pop("extends", None)
    if parent is None:
        return source, data
    if not isinstance(parent, str):
        raise ProfileError(source, ["extends: expected a variant id or a file path"])
    if parent.endswith((".yaml", ".yml")) and not pathlib.Path(parent).is_absolute():
        parent = str(pathlib.Path(source).parent / parent)
    _, base = _resolve(parent, (*seen, source))
    return source, _merge(base, data)


def _check(rules: Ruleset) -> list[str]:
    """Combinations the engine cannot honour, as ``key: reason`` lines."""
    problems = []
    if rules.players not in (2, 3, 4):
        problems.append(f"players: {rules.players} seats cannot play; use 2, 3 or 4")
    dealt = (rules.active_players) * rules.hand_size
    if dealt + 3 > 32:
        problems.append(
            f"deal: {rules.active_players} hands of {rules.hand_size} cards leave"
            " fewer than 3 for the talon"
        )
    if not rules.kontra.levels:
        problems.append("kontra.levels: at least one level is needed")
    if sorted(rules.bidding.suit_rank) != list(Suit):
        problems.append("bidding.suit_rank: must name each of the four suits once")
    for name, fig in rules.figures.items():
        where = f"figures.{name}"
        if fig.kind not in ("kassza", "points", "cards", "trick", "volat"):
            problems.append(f"{where}.kind: unknown figure kind {fig.kind!r}")
        if fig.kind == "points" and fig.threshold is None:
            problems.append(f"{where}.threshold: a points figure needs a threshold")
        if fig.kind == "points" and fig.no_trumps and fig.threshold_no_trumps is None:
            problems.append(f"{where}.threshold_no_trumps: needed when no_trumps is true")
        if fig.kind in ("cards",) and not fig.cards:
            problems.append(f"{where}.cards: list the cards the figure must win")
        if fig.kind == "trick" and not fig.card:
            problems.append(f"{where}.card: name the card that must win the trick")
        if fig.kind == "trick" and not 1 <= fig.trick <= rules.hand_size:
            problems.append(f"{where}.trick: must be between 1 and {rules.hand_size}")
        if not fig.front and not fig.back:
            problems.append(f"{where}: a figure that can be announced neither front nor back")
        if fig.value < 0:
            problems.append(f"{where}.value: must not be negative")
        for spec in fig.cards + ((fig.card,) if fig.card else ()):
            try:
                parse_card_spec(spec)
            except ValueError as e:
                problems.append(f"{where}: {e}")
    for a, b in rules.announcements.exclusive:
        for x in (a, b):
            if x not in rules.figures:
                problems.append(f"announcements.exclusive: {x!r} is not a figure of this profile")
    for name in rules.calling.allowed_with:
        if name not in rules.figures:
            problems.append(f"calling.allowed_with: {name!r} is not a figure of this profile")
    return problems


@functools.lru_cache(maxsize=256)
def parse_card_spec(spec: str) -> tuple[str, Rank]:
    """Read a figure card spec: ``trump 7`` or ``all A`` -> (scope, rank)."""
    parts = spec.split()
    if len(parts) != 2 or parts[0] not in ("trump", "all"):
        raise ValueError(f"card spec {spec!r}: write 'trump <rank>' or 'all <rank>'")
    return parts[0], Rank.parse(parts[1])


def load_variant(name_or_path: str | pathlib.Path, **options: Any) -> Ruleset:
    """Load a shipped profile by id, or a user's YAML file by path.

    Keyword ``options`` override profile keys by dotted path, e.g.
    ``load_variant("potter1930", **{"games.trump": 2})``; the canonical
    string ``str(ruleset)`` records them (``potter1930[games.trump=2]``) and
    is accepted here too.
    """
    name = str(name_or_path)
    if isinstance(name_or_path, str) and name.endswith("]") and "[" in name:
        name, _, rest = name[:-1].partition("[")
        for item in rest.split(","):
            key, _, raw = item.partition("=")
            options.setdefault(key.strip(), yaml.safe_load(raw))
        name_or_path = name
    source, data = _resolve(name_or_path)
    for key, value in options.items():
        node = data
        parts = key.split(".")
        for p in parts[:-1]:
            sub = node.get(p)
            if not isinstance(sub, dict):
                sub = {}
                node[p] = sub
            node = sub
        node[parts[-1]] = value
    try:
        rules = _CONVERTER.structure(data, Ruleset)
    except Exception as e:  # cattrs raises exception groups
        problems = [
            m.replace(" @ $.", " @ ").replace(" @ $", "") for m in cattrs.transform_error(e)
        ]
        problems = [_path_first(m) for m in problems]
        raise ProfileError(source, problems) from None
    problems = _check(rules)
    if problems:
        raise ProfileError(source, problems)
    return attrs.evolve(rules, options=dict(options))


def _path_first(message: str) -> str:
    reason, sep, path = message.rpartition(" @ ")
    if not sep:
        return message
    path = path.replace("['", ".").replace("']", "")
    return f"{path}: {reason}"
