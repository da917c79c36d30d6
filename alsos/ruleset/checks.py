"""Checks of a structured profile: combinations the engine cannot honour.

:func:`check` runs on a :class:`~alsos.ruleset.profile.Ruleset` the loader has
structured (every key known, every value of its type) and lists, as ``key:
reason`` lines, what would still break a hand or a rulebook: names that refer
to nothing, numbers out of range, rule modules that are not installed or that
need another family's module, figure kinds that cannot serve where they are
used, and sizes (figures, ids) beyond what the engine plays in good time.
Whatever it accepts, the engine must deal, play and settle, and the rulebook
render (the mutated-profile campaign in ``tests/test_fuzz.py`` checks this).

Each line is a :class:`~alsos.language.Said`, a whole message with the key path
and the quoted input as its values: English as text, and written in a person's
language where one is shown it (the web table's answer to an upload).  The
helpers a rule module's own ``check`` may use say what several checks say alike
(:func:`unknown_value`, :func:`negative`, :func:`not_a_figure`, :func:`at`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from alsos.language import LANGUAGES, N_, Said
from alsos.pack.actions import KONTRA_NAMES, normalize
from alsos.pack.cards import Suit
from alsos.ruleset import registry
from alsos.ruleset.profile import (
    FAMILY_PLACES,
    FigureRule,
    ProfileWords,
    Ruleset,
    parse_card_spec,
)
from alsos.ruleset.reasons import clauses, or_list
from alsos.ruleset.wording import ladder_contracts, profile_languages, ruling_count

__all__ = [
    "FIGURE_ID",
    "MAX_FIGURES",
    "MAX_ID",
    "MAX_SOURCES",
    "at",
    "check",
    "negative",
    "no_module",
    "not_a_figure",
    "oversize_tables",
    "said",
    "short",
    "suggest_id",
    "unknown_value",
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
#: The tables a ruleset bounds: (key path, most entries).
_TABLES = (("figures", MAX_FIGURES), ("sources", MAX_SOURCES))


def _too_many(where: str, key: str, n: int, bound: int) -> Said:
    """Why a table (``figures`` or ``sources``, at key path ``where``) of ``n`` entries
    is over its ``bound``."""
    if key == "figures":
        return Said.counted(
            "{where}: {n} figure; at most {most} (each one is offered at every turn of "
            "the auction and announcements)",
            "{where}: {n} figures; at most {most} (each one is offered at every turn of "
            "the auction and announcements)",
            n,
            where=where,
            most=bound,
        )
    return Said.counted(
        "{where}: {n} section cited; at most {most} (one for each section of the rulebook)",
        "{where}: {n} sections cited; at most {most} (one for each section of the rulebook)",
        n,
        where=where,
        most=bound,
    )


def suggest_id(name: str) -> str:
    """``name`` as a figure id could be written (``Big Fig`` -> ``big-fig``)."""
    plain = normalize(str(name)).replace(" ", "-")
    return re.sub(r"[^a-z0-9-]", "", plain)[:40] or "my-figure"


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: errors quote input, never megabytes."""
    written = repr(value)
    return written if len(written) <= limit else f"{written[: limit - 5]}...{written[-2:]}"


def _module_problems(rules: Ruleset) -> list[str]:
    """Rule modules that are not installed, that need another family's module the
    profile does not choose (a module's ``requires`` hook, e.g. the ladder scoring
    reads the ladder auction's contract: ``{"bidding": ("ladder",)}``), and what
    each chosen module says it cannot play (its ``check``: its own parameters)."""
    chosen = {family: rules.module_name(family) for family in FAMILY_PLACES}

    def key(family: str) -> str:
        section, name, _ = FAMILY_PLACES[family]
        return f"{section}.{name}"

    problems: list[str] = []
    for family, name in chosen.items():
        if name not in registry.available(family):
            problems.append(no_module(key(family), short(name), family))
            continue
        module = registry.lookup(family, name)
        needs: Mapping[str, Sequence[str]] = getattr(module, "requires", {})
        for other, allowed in needs.items():
            if chosen.get(other) not in allowed:
                problems.append(
                    Said(
                        N_(
                            "{where}: the {module} {family} module needs {key}: "
                            "{allowed}, not {got}"
                        ),
                        where=key(family),
                        module=name,
                        family=family,
                        key=key(other),
                        allowed=or_list(allowed),
                        got=short(chosen.get(other)),
                    )
                )
        problems += module.check(rules)
    return problems


def no_module(where: str, name: str, family: str) -> Said:
    """Why the module ``name`` (quoted) at key path ``where`` cannot be used: none of
    ``family`` is installed under that name (the ones that are, and why each plugin
    that failed to load failed)."""
    available = ", ".join(registry.available(family))
    errors = registry.plugin_errors()
    if not errors:
        return Said(
            N_("{where}: no rule module {name}; available: {available}"),
            where=where,
            name=name,
            available=available,
        )
    return Said(
        N_("{where}: no rule module {name}; available: {available}; {plugins}"),
        where=where,
        name=name,
        available=available,
        plugins=clauses(errors),
    )


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
    """Combinations the engine cannot honour, as ``key: reason`` lines (each a
    :class:`~alsos.language.Said`: English text, written in a reader's language too)."""
    problems = _size_problems(rules)
    for key, allowed in _CHOICES:
        value = _value(rules, key)
        if value not in allowed:
            problems.append(unknown_value(key, short(value), ", ".join(allowed)))
    problems += [negative(key) for key in _NOT_NEGATIVE if _value(rules, key) < 0]
    problems += _rule_problems(rules)
    problems += _deal_problems(rules)
    problems += _module_problems(rules)
    problems += _figure_problems(rules)
    problems += _word_problems(rules)
    return problems


def unknown_value(where: str, value: str, allowed: str) -> Said:
    """``where: unknown value 'x'; use one of a, b`` (``value`` quoted, ``allowed`` listed)."""
    return Said(
        N_("{where}: unknown value {value}; use one of {allowed}"),
        where=where,
        value=value,
        allowed=allowed,
    )


def negative(where: str) -> Said:
    """``where: must not be negative``."""
    return Said(N_("{where}: must not be negative"), where=where)


def _size_problems(rules: Ruleset) -> list[str]:
    """The id, the number of figures and contracts, the player counts."""
    problems: list[str] = []
    if not 1 <= len(rules.id) <= MAX_ID or not rules.id.isprintable():
        problems.append(
            Said(
                N_(
                    "id: {id} is not an id: 1 to {most} printable characters "
                    "(it names the profile's files), e.g. {example}"
                ),
                id=short(rules.id),
                most=MAX_ID,
                example=repr(suggest_id(rules.id)),
            )
        )
    for key, bound in _TABLES:
        table = _value(rules, key) if "." in key else getattr(rules, key)
        if len(table) > bound:
            problems.append(_too_many(key, key, len(table), bound))
    odd = [n for n in rules.player_counts if n not in (2, 3, 4)]
    seats = N_("{where}: {n} seats cannot play; use 2, 3 or 4")
    if odd:
        problems.append(Said(seats, where="player_counts", n=odd[0]))
    if rules.players not in (2, 3, 4):
        problems.append(Said(seats, where="players", n=rules.players))
    elif rules.player_counts and rules.players not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        problems.append(
            Said(
                N_("players: this profile is for {counts} players, not {n}"),
                counts=counts,
                n=rules.players,
            )
        )
    return problems


def oversize_tables(data: Mapping[str, Any], where: str = "") -> list[str]:
    """The tables of a profile not yet structured (its merged YAML data) that hold
    more entries than :func:`check` allows (figures, ladder contracts, sources),
    as ``key: reason`` lines.

    The loader asks this first: structuring and checking take time for each
    entry, and a table thirty times too large must be refused before that work.
    ``where`` comes before each key path (``by_players.4.``).
    """
    problems: list[str] = []
    for key, bound in _TABLES:
        table: Any = data
        for part in key.split("."):
            table = table.get(part) if isinstance(table, Mapping) else None
        if isinstance(table, Mapping) and len(table) > bound:
            problems.append(_too_many(f"{where}{key}", key, len(table), bound))
    return problems


def _rule_problems(rules: Ruleset) -> list[str]:
    """Numbers out of range and names that refer to nothing, outside figures and deal."""
    problems: list[str] = []
    if len(rules.kontra.levels) > len(KONTRA_NAMES):
        problems.append(
            Said(
                N_(
                    "kontra.levels: at most {most} levels, one for each word of the "
                    "notation ({words}); this profile names {n}"
                ),
                most=len(KONTRA_NAMES),
                words=", ".join(KONTRA_NAMES),
                n=len(rules.kontra.levels),
            )
        )
    p2c = rules.announcements.passes_to_close
    if p2c is not None and not 1 <= p2c <= rules.active_players:
        problems.append(
            Said(
                N_(
                    "announcements.passes_to_close: must be between 1 and {seats} "
                    "(the seats in play), or null for one fewer than the seats; got {n}"
                ),
                seats=rules.active_players,
                n=p2c,
            )
        )
    for n, v in rules.melds.sequence_values.items():
        if not 3 <= n <= 8 or v < 0:
            problems.append(
                Said(
                    N_("{where}: sequences are 3 to 8 cards long and score a value of 0 or more"),
                    where=f"melds.sequence_values.{n}",
                )
            )
    if sorted(rules.bidding.suit_rank) != list(Suit):
        problems.append(Said(N_("bidding.suit_rank: must name each of the four suits once")))
    for a, b in rules.announcements.exclusive:
        for x in (a, b):
            if x not in rules.figures:
                problems.append(not_a_figure("announcements.exclusive", repr(x)))
    return problems


def not_a_figure(where: str, name: str) -> Said:
    """``where: 'x' is not a figure of this profile`` (``name`` quoted)."""
    return Said(N_("{where}: {name} is not a figure of this profile"), where=where, name=name)


def _deal_problems(rules: Ruleset) -> list[str]:
    """Packets and talon cards that do not add up to the pack."""
    problems: list[str] = []
    between = rules.deal.talon_between
    if any(n < 0 for n in between):
        problems.append(Said(N_("deal.talon_between: a number of cards cannot be negative")))
    if between and between[0] < 1:
        problems.append(
            Said(N_("deal.talon_between: the first entry lays the indicator: at least 1"))
        )
    rounds = len(rules.deal.seen_packets) + len(rules.deal.unseen_packets)
    if len(between) > rounds:
        problems.append(
            Said(
                N_("deal.talon_between: {n} entries for {rounds} rounds of packets"),
                n=len(between),
                rounds=rounds,
            )
        )
    for key in ("seen_packets", "unseen_packets"):
        if any(n < 1 for n in getattr(rules.deal, key)):
            problems.append(
                Said(N_("{where}: every packet must hold at least one card"), where=f"deal.{key}")
            )
    if not rules.deal.seen_packets:
        problems.append(
            Said(N_("deal.seen_packets: at least one packet is dealt before the indicator"))
        )
    dealt = rules.active_players * rules.hand_size
    if dealt + 3 > 32:
        problems.append(
            Said(
                N_("deal: {hands} hands of {cards} cards leave fewer than 3 for the talon"),
                hands=rules.active_players,
                cards=rules.hand_size,
            )
        )
    elif dealt + sum(between) > 32:
        problems.append(
            Said(
                N_(
                    "deal.talon_between: {n} talon cards between the packets, but the "
                    "hands leave only {left}"
                ),
                n=sum(between),
                left=32 - dealt,
            )
        )
    return problems


def _figure_problems(rules: Ruleset) -> list[str]:
    """Each figure: its id, its kind, what every figure needs, and what its kind
    needs (the kind's own :meth:`~alsos.hand.protocol.FigureKind.check`)."""
    problems: list[str] = []
    kinds = registry.available("figures")
    for name, fig in rules.figures.items():
        where = f"figures.{name}"
        if name in _RESERVED:
            problems.append(
                Said(
                    N_(
                        "{where}: {name} is a word of the notation ({words}); "
                        "name the figure otherwise"
                    ),
                    where=where,
                    name=repr(name),
                    words=", ".join(_RESERVED),
                )
            )
        elif not FIGURE_ID.fullmatch(name):
            problems.append(
                Said(
                    N_(
                        "{where}: a figure id is lower-case letters, digits and hyphens (it is "
                        "typed as 'announce <id>' and must read back the same), e.g. {example}"
                    ),
                    where=where,
                    example=repr(suggest_id(name)),
                )
            )
        if fig.kind not in kinds:
            problems.append(
                Said(
                    N_("{where}: unknown figure kind {kind}; known: {known}"),
                    where=f"{where}.kind",
                    kind=repr(fig.kind),
                    known=", ".join(kinds),
                )
            )
        else:
            problems += registry.lookup("figures", fig.kind).check(fig, rules, where)
        problems += _figure_rule_problems(fig, where)
    return problems


def _figure_rule_problems(fig: FigureRule, where: str) -> list[str]:
    """What every figure needs, whatever its kind (``where``: ``figures.<id>``)."""
    problems: list[str] = []
    if not fig.front and not fig.back:
        problems.append(
            Said(N_("{where}: a figure that can be announced neither front nor back"), where=where)
        )
    if fig.value < 0:
        problems.append(negative(f"{where}.value"))
    if fig.front_multiplier < 0:
        problems.append(negative(f"{where}.front_multiplier"))
    if fig.must_hold and not (fig.card or fig.cards):
        problems.append(
            Said(
                N_("{where}: name the card(s) to hold in card or cards"), where=f"{where}.must_hold"
            )
        )
    for key, specs in (("cards", fig.cards), ("card", (fig.card,) if fig.card else ())):
        for spec in specs:
            try:
                parse_card_spec(spec)
            except ValueError as e:
                problems.append(at(f"{where}.{key}", said(e)))
    return problems


def said(error: BaseException) -> str:
    """An error's reason as it was given: a :class:`~alsos.language.Said` stays one."""
    reason = error.args[0] if len(error.args) == 1 else None
    return reason if isinstance(reason, Said) else str(error)


def at(where: str, reason: str) -> Said:
    """``where: reason``: a reason found apart from its key path (a card's notation, a
    converter's), said of the key path ``where``."""
    return Said(N_("{where}: {reason}"), where=where, reason=reason)


def _word_problems(rules: Ruleset) -> list[str]:
    """The profile's ``words``: each in a language a profile may give words in, for
    figures and ladder contracts the profile has, as many rulings as it records, and
    no empty text (:mod:`alsos.ruleset.wording`)."""
    problems: list[str] = []
    codes = profile_languages()
    allowed = or_list([f"{c} ({LANGUAGES[c]})" for c in codes])
    for code, words in rules.words.items():
        where = f"words.{code[:40]}"
        if code in codes:
            problems += _words_in_problems(rules, words, where)
        elif code == "qps":
            problems.append(
                Said(
                    N_(
                        "{where}: the pseudo-language marks alsos's own messages, it has no "
                        "words of a profile's; use {allowed}"
                    ),
                    where=where,
                    allowed=allowed,
                )
            )
        else:
            problems.append(
                Said(
                    N_("{where}: not a language a profile gives words in; use {allowed}"),
                    where=where,
                    allowed=allowed,
                )
            )
    return problems


def _unknown_item(where: str, item: str, known: Sequence[str], figure: bool, guess: bool) -> Said:
    """Why ``item`` (at ``where``) cannot be titled: not a figure (``figure``) or a
    ladder contract of this profile, and what is."""
    close = difflib.get_close_matches(item[:40], known, 3, 0.6) if guess else []
    if close:
        hint = Said(N_("did you mean {guesses}?"), guesses=or_list([repr(c) for c in close]))
    elif not known:
        hint = Said(N_("it has none"))
    elif len(known) <= 24:
        hint = Said(N_("it has {known}"), known=", ".join(known))
    else:
        hint = None
    item = short(item)
    if hint is None and figure:
        return Said(N_("{where}: {item} is not a figure of this profile"), where=where, item=item)
    if hint is None:
        return Said(
            N_("{where}: {item} is not a ladder contract of this profile"), where=where, item=item
        )
    if figure:
        return Said(
            N_("{where}: {item} is not a figure of this profile; {hint}"),
            where=where,
            item=item,
            hint=hint,
        )
    return Said(
        N_("{where}: {item} is not a ladder contract of this profile; {hint}"),
        where=where,
        item=item,
        hint=hint,
    )


def _words_in_problems(rules: Ruleset, words: ProfileWords, where: str) -> list[str]:
    """What is wrong with the words of one language (at ``where``: ``words.hu``)."""
    problems: list[str] = []
    if words.name is not None and not words.name.strip():
        problems.append(
            Said(N_("{where}: empty; give the name, or leave the key out"), where=f"{where}.name")
        )
    guesses = 8  # difflib compares a name with each known one: bound the work
    for key, known in (
        ("figures", list(rules.figures)),
        ("contracts", list(ladder_contracts(rules))),
    ):
        for item, given in getattr(words, key).items():
            path = f"{where}.{key}.{item[:40]}"
            if item not in known:
                problems.append(_unknown_item(path, item, known, key == "figures", guesses > 0))
                guesses -= 1
            elif not given.title.strip():
                problems.append(
                    Said(
                        N_("{where}: empty; give the title, or leave the entry out"),
                        where=f"{path}.title",
                    )
                )
    if words.rulings:
        count = ruling_count(rules)
        if len(words.rulings) != count:
            problems.append(
                Said(
                    N_(
                        "{where}: give one for each ruling the profile records in "
                        "sources.rulings, in their order: {count}, not {n}"
                    ),
                    where=f"{where}.rulings",
                    count=count,
                    n=len(words.rulings),
                )
            )
        problems += [
            Said(
                N_(
                    "{where}: a ruling is text without brackets (the rulebook writes it as "
                    "'alsos ruling (...)'), and not empty"
                ),
                where=f"{where}.rulings[{i}]",
            )
            for i, ruling in enumerate(words.rulings)
            if not ruling.strip() or set(ruling) & set("()")
        ]
    return problems
