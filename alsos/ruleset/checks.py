"""Checks of a structured profile: combinations the engine cannot honour.

:func:`check` runs on a :class:`~alsos.ruleset.profile.Ruleset` the loader has
structured (every key known, every value of its type) and lists, as ``key:
reason`` lines, what would still break a hand or a rulebook: names that refer
to nothing, numbers out of range, rule modules that are not installed or that
need another family's module, figure kinds that cannot serve where they are
used, and sizes (figures, ids) beyond what the engine plays in good time.
Whatever it accepts, the engine must deal, play and settle, and the rulebook
render (the mutated-profile campaign in ``tests/test_fuzz.py`` checks this).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from alsos.pack.actions import KONTRA_NAMES, normalize
from alsos.pack.cards import Suit
from alsos.ruleset import registry
from alsos.ruleset.profile import FAMILY_PLACES, Ruleset, parse_card_spec

__all__ = [
    "FIGURE_ID",
    "MAX_FIGURES",
    "MAX_ID",
    "MAX_SOURCES",
    "check",
    "oversize_tables",
    "short",
    "suggest_id",
]

#: Figure (and ladder contract) ids the notation reads back unchanged: lower case,
#: digits, hyphens.
FIGURE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
#: Words the notation gives another meaning: a kontra on "game" or on a call.
_RESERVED = ("game", "gyerunk", "call")
#: At most this many figures (and ladder contracts): each is offered at every turn
#: of the announcements, so thousands would make one random hand take seconds.
MAX_FIGURES = 64
#: A profile id names files (the rulebook's worked example): a name, not a text.
MAX_ID = 64
#: At most this many ``sources`` entries: a profile cites its main source, one per
#: section of its rulebook and its rulings (about fifteen; the shipped ones 12 at most).
MAX_SOURCES = 64
_OFFERED = "each one is offered at every turn of the auction and announcements"
#: The tables a ruleset bounds: (key path, most entries, what an entry is, why).
_TABLES = (
    ("figures", MAX_FIGURES, "figures", _OFFERED),
    ("sources", MAX_SOURCES, "sections cited", "one for each section of the rulebook"),
)


def suggest_id(name: str) -> str:
    """``name`` as a figure id could be written (``Big Fig`` -> ``big-fig``)."""
    plain = normalize(str(name)).replace(" ", "-")
    return re.sub(r"[^a-z0-9-]", "", plain)[:40] or "my-figure"


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: errors quote input, never megabytes."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


def _module_problems(rules: Ruleset) -> list[str]:
    """Rule modules that are not installed, that need another family's module the
    profile does not choose (a module's ``requires`` hook, e.g. the ladder scoring
    reads the ladder auction's contract: ``{"bidding": ("ladder",)}``), and what
    each chosen module says it cannot play (its ``check``: its own parameters)."""
    chosen = {family: rules.module_name(family) for family in FAMILY_PLACES}

    def key(family: str) -> str:
        section, name, _ = FAMILY_PLACES[family]
        return f"{section}.{name}"

    problems = []
    for family, name in chosen.items():
        if name not in registry.available(family):
            problems.append(
                f"{key(family)}: no rule module {short(name)}; "
                f"available: {', '.join(registry.available(family))}"
                + "".join(f"; {err}" for err in registry.plugin_errors())
            )
            continue
        module = registry.lookup(family, name)
        needs: Mapping[str, Sequence[str]] = getattr(module, "requires", {})
        for other, allowed in needs.items():
            if chosen.get(other) not in allowed:
                problems.append(
                    f"{key(family)}: the {name} {family} module needs {key(other)}: "
                    f"{' or '.join(allowed)}, not {short(chosen.get(other))}"
                )
        problems += module.check(rules)
    return problems


#: Keys whose value is one of a few words: (key path, allowed words).
_CHOICES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("melds.sequence_order", ("fixed", "trick")),
    ("melds.sequence_tiebreak", ("trump", "suit")),
    ("announcements.back_round", ("first-trick", "before-play")),
    ("play.trump_lead", ("forehand", "declarer", "before-declarer")),
    ("play.no_trumps_lead", ("forehand", "declarer", "before-declarer")),
    ("play.betli_lead", ("forehand", "declarer", "before-declarer")),
)
#: Numbers that must not be negative.
_NOT_NEGATIVE = (
    "games.trump",
    "games.no_trumps",
    "games.betli",
    "games.klopitzky",
    "cards.last_trick",
    "melds.vannak",
    "melds.bela",
    "kontra.front_factor",
    "kontra.back_factor",
)


def _value(rules: Ruleset, key: str) -> Any:
    section, _, name = key.partition(".")
    return getattr(getattr(rules, section), name)


def check(rules: Ruleset) -> list[str]:
    """Combinations the engine cannot honour, as ``key: reason`` lines."""
    problems = _size_problems(rules)
    for key, allowed in _CHOICES:
        value = _value(rules, key)
        if value not in allowed:
            problems.append(f"{key}: unknown value {short(value)}; use one of {', '.join(allowed)}")
    problems += [f"{key}: must not be negative" for key in _NOT_NEGATIVE if _value(rules, key) < 0]
    problems += _rule_problems(rules)
    problems += _deal_problems(rules)
    problems += _module_problems(rules)
    problems += _figure_problems(rules)
    return problems


def _size_problems(rules: Ruleset) -> list[str]:
    """The id, the number of figures and contracts, the player counts."""
    problems = []
    if not 1 <= len(rules.id) <= MAX_ID or not rules.id.isprintable():
        problems.append(
            f"id: {short(rules.id)} is not an id: 1 to {MAX_ID} printable characters "
            f"(it names the profile's files), e.g. {suggest_id(rules.id)!r}"
        )
    for key, bound, entries, why in _TABLES:
        table = _value(rules, key) if "." in key else getattr(rules, key)
        if len(table) > bound:
            problems.append(f"{key}: {len(table)} {entries}; at most {bound} ({why})")
    odd = [n for n in rules.player_counts if n not in (2, 3, 4)]
    if odd:
        problems.append(f"player_counts: {odd[0]} seats cannot play; use 2, 3 or 4")
    if rules.players not in (2, 3, 4):
        problems.append(f"players: {rules.players} seats cannot play; use 2, 3 or 4")
    elif rules.player_counts and rules.players not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        problems.append(f"players: this profile is for {counts} players, not {rules.players}")
    return problems


def oversize_tables(data: Mapping[str, Any]) -> list[str]:
    """The tables of a profile not yet structured (its merged YAML data) that hold
    more entries than :func:`check` allows (figures, ladder contracts, sources),
    as ``key: reason`` lines.

    The loader asks this first: structuring and checking take time for each
    entry, and a table thirty times too large must be refused before that work.
    """
    problems = []
    for key, bound, entries, why in _TABLES:
        table: Any = data
        for part in key.split("."):
            table = table.get(part) if isinstance(table, Mapping) else None
        if isinstance(table, Mapping) and len(table) > bound:
            problems.append(f"{key}: {len(table)} {entries}; at most {bound} ({why})")
    return problems


def _rule_problems(rules: Ruleset) -> list[str]:
    """Numbers out of range and names that refer to nothing, outside figures and deal."""
    problems = []
    if len(rules.kontra.levels) > len(KONTRA_NAMES):
        problems.append(
            f"kontra.levels: at most {len(KONTRA_NAMES)} levels, one for each word of the "
            f"notation ({', '.join(KONTRA_NAMES)}); this profile names "
            f"{len(rules.kontra.levels)}"
        )
    p2c = rules.announcements.passes_to_close
    if p2c is not None and not 1 <= p2c <= rules.active_players:
        problems.append(
            f"announcements.passes_to_close: must be between 1 and {rules.active_players} "
            f"(the seats in play), or null for one fewer than the seats; got {p2c}"
        )
    for n, v in rules.melds.sequence_values.items():
        if not 3 <= n <= 8 or v < 0:
            problems.append(
                f"melds.sequence_values.{n}: sequences are 3 to 8 cards long and score "
                f"a value of 0 or more"
            )
    if sorted(rules.bidding.suit_rank) != list(Suit):
        problems.append("bidding.suit_rank: must name each of the four suits once")
    for a, b in rules.announcements.exclusive:
        for x in (a, b):
            if x not in rules.figures:
                problems.append(f"announcements.exclusive: {x!r} is not a figure of this profile")
    return problems


def _deal_problems(rules: Ruleset) -> list[str]:
    """Packets and talon cards that do not add up to the pack."""
    problems = []
    between = rules.deal.talon_between
    if any(n < 0 for n in between):
        problems.append("deal.talon_between: a number of cards cannot be negative")
    if between and between[0] < 1:
        problems.append("deal.talon_between: the first entry lays the indicator: at least 1")
    rounds = len(rules.deal.seen_packets) + len(rules.deal.unseen_packets)
    if len(between) > rounds:
        problems.append(
            f"deal.talon_between: {len(between)} entries for {rounds} rounds of packets"
        )
    for key in ("seen_packets", "unseen_packets"):
        if any(n < 1 for n in getattr(rules.deal, key)):
            problems.append(f"deal.{key}: every packet must hold at least one card")
    if not rules.deal.seen_packets:
        problems.append("deal.seen_packets: at least one packet is dealt before the indicator")
    dealt = rules.active_players * rules.hand_size
    if dealt + 3 > 32:
        problems.append(
            f"deal: {rules.active_players} hands of {rules.hand_size} cards leave"
            " fewer than 3 for the talon"
        )
    elif dealt + sum(between) > 32:
        problems.append(
            f"deal.talon_between: {sum(between)} talon cards between the packets, but the "
            f"hands leave only {32 - dealt}"
        )
    return problems


def _figure_problems(rules: Ruleset) -> list[str]:
    """Each figure: its id, its kind, what every figure needs, and what its kind
    needs (the kind's own :meth:`~alsos.hand.protocol.FigureKind.check`)."""
    problems = []
    kinds = registry.available("figures")
    for name, fig in rules.figures.items():
        where = f"figures.{name}"
        if name in _RESERVED:
            problems.append(
                f"{where}: {name!r} is a word of the notation ({', '.join(_RESERVED)}); "
                f"name the figure otherwise"
            )
        elif not FIGURE_ID.fullmatch(name):
            problems.append(
                f"{where}: a figure id is lower-case letters, digits and hyphens (it is "
                f"typed as 'announce <id>' and must read back the same), e.g. "
                f"{suggest_id(name)!r}"
            )
        if fig.kind not in kinds:
            problems.append(
                f"{where}.kind: unknown figure kind {fig.kind!r}; known: {', '.join(kinds)}"
            )
        else:
            problems += registry.lookup("figures", fig.kind).check(fig, rules, where)
        if not fig.front and not fig.back:
            problems.append(f"{where}: a figure that can be announced neither front nor back")
        if fig.value < 0:
            problems.append(f"{where}.value: must not be negative")
        if fig.front_multiplier < 0:
            problems.append(f"{where}.front_multiplier: must not be negative")
        if fig.must_hold and not (fig.card or fig.cards):
            problems.append(f"{where}.must_hold: name the card(s) to hold in card or cards")
        for key, specs in (("cards", fig.cards), ("card", (fig.card,) if fig.card else ())):
            for spec in specs:
                try:
                    parse_card_spec(spec)
                except ValueError as e:
                    problems.append(f"{where}.{key}: {e}")
    return problems
