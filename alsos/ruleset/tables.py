"""What one ruleset's play looks up at every move, built once per
:class:`~alsos.ruleset.profile.Ruleset`.

A ruleset never changes, so everything derived from it -- the card order of
each kind of game, the trick strengths and card points for each kind and
trump suit, the point sums that count a seat's tricks, which figures rule
out which -- is built once and kept in one :class:`RulesetTables` per
ruleset (:func:`tables_of`), hung on the ruleset object itself.  The engine
hangs its tables on itself (``Engine.tables``), and the same object serves the speech rounds, the
scoring and the bots: a bot reads it through the ruleset its view carries
(``tables_of(view.rules)``), so it never rebuilds what the engine built.

Rulesets are also remembered by their canonical string (:func:`rules_named`),
so a view that came over the wire, or a record, finds the ruleset object
already in use instead of loading its profile again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

from alsos.pack.cards import Order
from alsos.pack.phases import Kind
from alsos.pack.tables import suit_point_sums, trick_keys
from alsos.ruleset.kinds import KindRules, kind_rules
from alsos.ruleset.loading import load_variant

if TYPE_CHECKING:
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "RulesetTables",
    "figure_blockers_of",
    "known_rules",
    "remember",
    "rules_named",
    "tables_of",
]

_T = TypeVar("_T")

#: Rulesets by the text that named them: a canonical string, or a profile id with
#: ``@N`` for a player count asked for (see :func:`rules_named`).  Bounded.
_NAMED: dict[str, Ruleset] = {}


_KINDS = frozenset(Kind)


class RulesetTables:
    """The tables of one ruleset, each built on first use and kept for the ruleset's lifetime.

    ``rules`` is the ruleset; ``engine`` its shared engine once one is made
    (:func:`alsos.hand.engine.engine_for` sets it).  :meth:`order_for` is the one
    answer to "which card order does this kind of game use", read by the
    engine and the bots alike.
    """

    __slots__ = (
        "_blockers",
        "_keys",
        "_play",
        "_point_sums",
        "_points",
        "engine",
        "kinds",
        "memo",
        "rules",
        "trump_ranks",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.engine: Any = None
        #: Each kind of game as data (:func:`alsos.ruleset.kinds.kind_rules`).
        self.kinds: dict[Kind, KindRules] = kind_rules(rules)
        #: The rank indices from the highest trump down, by the profile's trump order.
        self.trump_ranks: tuple[int, ...] = tuple(int(r) for r in rules.cards.trump_order.ranks)
        self._keys: dict[tuple[str | None, int], tuple[int, ...]] = {}
        self._points: dict[int, tuple[int, ...]] = {}
        self._play: dict[tuple[str | None, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._point_sums: tuple[tuple[tuple[int, ...], ...], ...] | None = None
        self._blockers: dict[str, frozenset[str]] | None = None
        #: What clients (the bots) derive from the ruleset, each under its own key
        #: (:meth:`derived`); read directly where a decision reads it often.
        self.memo: dict[Hashable, Any] = {}

    def order_for(self, kind: str | None) -> Order:
        """The order of a plain suit's cards in a game of ``kind`` (``betli``, ``klopitzky``,
        else the plain order; None: not known yet)."""
        found = None if kind is None else self.kinds.get(Kind(kind)) if kind in _KINDS else None
        return self.rules.cards.plain_order if found is None else found.order

    def trick_keys(self, kind: str | None, trump: int) -> tuple[int, ...]:
        """Trick strength by led suit and card (``alsos.pack.tables.trick_keys``) for a game of
        ``kind`` with ``trump`` (-1: none)."""
        key = (kind, trump)
        found = self._keys.get(key)
        if found is None:
            strength = self.rules.cards.trump_order.strength
            found = trick_keys(strength, self.order_for(kind).strength, trump)
            self._keys[key] = found
        return found

    def points(self, trump: int) -> tuple[int, ...]:
        """Card points of each of the 32 cards with ``trump`` as trumps (-1: none)."""
        found = self._points.get(trump)
        if found is None:
            found = self._points[trump] = self.rules.cards.point_table(trump)
        return found

    def play(self, kind: str | None, trump: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(trick strength by led suit and card, card points) for ``kind`` and ``trump``."""
        key = (kind, trump)
        found = self._play.get(key)
        if found is None:
            found = self._play[key] = (self.trick_keys(kind, trump), self.points(trump))
        return found

    @property
    def point_sums(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``alsos.pack.tables.suit_point_sums`` of the card points, by trump suit + 1 (0: none)."""
        sums = self._point_sums
        if sums is None:
            sums = self._point_sums = tuple(suit_point_sums(self.points(t)) for t in range(-1, 4))
        return sums

    @property
    def blockers(self) -> dict[str, frozenset[str]]:
        """For each figure, the figures that rule it out once the same seat announced one
        (:func:`figure_blockers_of`)."""
        table = self._blockers
        if table is None:
            table = self._blockers = figure_blockers_of(self.rules)
        return table

    def derived(self, key: Hashable, build: Callable[[Ruleset], _T]) -> _T:
        """What a client (a bot) derives from the ruleset under its own ``key``: built by
        ``build(rules)`` on first use and kept here, so it lives as long as the ruleset."""
        found: _T | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = build(self.rules)
        return found


def tables_of(rules: Ruleset) -> RulesetTables:
    """The one :class:`RulesetTables` of ``rules``: made on first use and hung on the
    ruleset itself, so it lives exactly as long as the ruleset (no process-wide table)."""
    tables: RulesetTables | None = rules._tables
    if tables is None:
        tables = RulesetTables(rules)
        object.__setattr__(rules, "_tables", tables)
        if not rules._shown:  # a copy made to be shown is never the one a name finds
            remember(rules)
    return tables


def remember(rules: Ruleset) -> None:
    """Let :func:`rules_named` find ``rules`` by its canonical string (bounded)."""
    _keep_named(str(rules), rules)


def _keep_named(key: str, rules: Ruleset) -> None:
    if len(_NAMED) >= 64:
        _NAMED.clear()
    _NAMED[key] = rules


def known_rules(variant: str) -> Ruleset | None:
    """The ruleset in use whose canonical string is ``variant``, or None: never loads a file."""
    return _NAMED.get(variant)


def rules_named(variant: str, players: int | None = None) -> Ruleset:
    """The ruleset ``variant`` names -- a canonical string (``View.variant``, a
    record's ``Variant``) or a profile id -- for ``players`` (None: the profile's
    count): one already in use if any, else loaded and kept (bounded)."""
    key = variant if players is None else f"{variant}@{players}"
    rules = _NAMED.get(key)
    if rules is None:
        rules = load_variant(variant, **({} if players is None else {"players": players}))
        _keep_named(key, rules)
        remember(rules)
    return rules


def figure_blockers_of(rules: Ruleset) -> dict[str, frozenset[str]]:
    """For each figure, the figures that rule it out once the same seat has announced one.

    Three rules fold into one set per figure: the ladder of abszolút/100/...
    only rises (pagat, "Figures"; huwiki for the rising order), a seat says at most
    one figure of a ``group``, and the profile's ``exclusive`` pairs.
    """
    figures = rules.figures
    table: dict[str, frozenset[str]] = {}
    for name, fig in figures.items():
        out = set()
        for other, o in figures.items():
            if other == name:
                continue
            if fig.ladder is not None and (o.ladder or 0) >= fig.ladder:
                out.add(other)
            if fig.group is not None and o.group == fig.group:
                out.add(other)
        for a, b in rules.announcements.exclusive:
            if a == name:
                out.add(b)
            elif b == name:
                out.add(a)
        table[name] = frozenset(out)
    return table
