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
from alsos.ruleset.profile import Ruleset, parse_card_spec

__all__ = ["MAX_FIGURES", "MAX_ID", "check", "short", "suggest_id"]

#: Figure ids the notation reads back unchanged: lower case, digits, hyphens.
_FIGURE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
#: Words the notation gives another meaning: a kontra on "game" or on a call.
_RESERVED = ("game", "gyerunk", "call")
#: Figure kinds that are never judged won or lost (they multiply the game).
_NOT_JUDGED = ("multiplier",)
#: At most this many figures (and ladder contracts): each is offered at every turn
#: of the announcements, so thousands would make one random hand take seconds.
MAX_FIGURES = 64
#: A profile id names files (the rulebook's worked example): a name, not a text.
MAX_ID = 64


def suggest_id(name: str) -> str:
    """``name`` as a figure id could be written (``Big Fig`` -> ``big-fig``)."""
    plain = normalize(str(name)).replace(" ", "-")
    return re.sub(r"[^a-z0-9-]", "", plain)[:40] or "my-figure"


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: errors quote input, never megabytes."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


def _module_problems(rules: Ruleset) -> list[str]:
    """Rule modules that are not installed, or that need another family's module
    the profile does not choose (a module's ``requires`` hook, e.g. the ladder
    scoring reads the ladder auction's contract: ``{"bidding": ("ladder",)}``)."""
    chosen = {
        "dealing": rules.deal.module,
        "bidding": rules.bidding.module,
        "exchange": rules.exchange.module,
        "calling": rules.calling.module,
        "scoring": rules.scoring.module,
    }

    def key(family: str) -> str:
        return f"{'deal' if family == 'dealing' else family}.module"

    problems = []
    for family, name in chosen.items():
        if name not in registry.available(family):
            problems.append(
                f"{key(family)}: no rule module {short(name)}; "
                f"available: {', '.join(registry.available(family))}"
                + "".join(f"; {err}" for err in registry.plugin_errors())
            )
            continue
        needs: Mapping[str, Sequence[str]] = registry.hook(family, name, "requires") or {}
        for other, allowed in needs.items():
            if chosen.get(other) not in allowed:
                problems.append(
                    f"{key(family)}: the {name} {family} module needs {key(other)}: "
                    f"{' or '.join(allowed)}, not {short(chosen.get(other))}"
                )
    return problems


def check(rules: Ruleset) -> list[str]:
    """Combinations the engine cannot honour, as ``key: reason`` lines."""
    problems = []
    if not 1 <= len(rules.id) <= MAX_ID or not rules.id.isprintable():
        problems.append(
            f"id: {short(rules.id)} is not an id: 1 to {MAX_ID} printable characters "
            f"(it names the profile's files), e.g. {suggest_id(rules.id)!r}"
        )
    for key, table in (("figures", rules.figures), ("bidding.contracts", rules.bidding.contracts)):
        if len(table) > MAX_FIGURES:
            problems.append(
                f"{key}: {len(table)} {key.rpartition('.')[2]}; at most {MAX_FIGURES} "
                "(each one is offered at every turn of the auction and announcements)"
            )
    odd = [n for n in rules.player_counts if n not in (2, 3, 4)]
    if odd:
        problems.append(f"player_counts: {odd[0]} seats cannot play; use 2, 3 or 4")
    if rules.players not in (2, 3, 4):
        problems.append(f"players: {rules.players} seats cannot play; use 2, 3 or 4")
    elif rules.player_counts and rules.players not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        problems.append(f"players: this profile is for {counts} players, not {rules.players}")
    ex = rules.exchange
    if ex.takes not in ("talon", "seen", "reveal", "trumps-and-aces"):
        problems.append(f"exchange.takes: unknown value {ex.takes!r}")
    if rules.calling.targets not in ("game", "any"):
        problems.append(f"calling.targets: {rules.calling.targets!r} is neither 'game' nor 'any'")
    if rules.scoring.session not in ("rubber", "radli", "deals"):
        problems.append(
            f"scoring.session: unknown session {rules.scoring.session!r}; "
            f"use rubber, radli or deals"
        )
    if rules.scoring.session == "deals" and rules.scoring.deals < 1:
        problems.append("scoring.deals: a session of deals needs at least one deal")
    if rules.melds.sequence_order not in ("fixed", "trick"):
        problems.append(
            f"melds.sequence_order: {rules.melds.sequence_order!r} is neither 'fixed' nor 'trick'"
        )
    if rules.bidding.declare_limit is not None and rules.bidding.declare_limit < 1:
        problems.append("bidding.declare_limit: at least 1, or null for no limit")
    if rules.bidding.module == "ladder" and not rules.bidding.contracts:
        problems.append("bidding.contracts: the ladder auction needs at least one contract")
    for cid, lc in rules.bidding.contracts.items():
        where = f"bidding.contracts.{cid}"
        if not _FIGURE_ID.fullmatch(cid):
            problems.append(
                f"{where}: a contract id is lower-case letters, digits and hyphens (it is "
                f"typed as 'contract <id>'), e.g. {suggest_id(cid)!r}"
            )
        if lc.trumps not in ("any", "suit", "none"):
            problems.append(f"{where}.trumps: {lc.trumps!r} is not one of any, suit, none")
        if lc.melds not in ("all", "declarer", "none"):
            problems.append(f"{where}.melds: {lc.melds!r} is not one of all, declarer, none")
        for name in lc.objectives:
            fig = rules.figures.get(name)
            if fig is None:
                problems.append(f"{where}.objectives: {name!r} is not a figure of this profile")
            elif fig.kind in _NOT_JUDGED:
                problems.append(
                    f"{where}.objectives: {name!r} is a {fig.kind} figure, which only multiplies "
                    f"a game and is never won or lost; an objective is of kind "
                    + ", ".join(k for k in registry.available("figures") if k not in _NOT_JUDGED)
                )
            elif (
                fig.kind == "points"
                and fig.threshold_no_trumps is None
                and (lc.trumps != "suit" or lc.betli)
            ):
                problems.append(
                    f"{where}.objectives: {name!r} has no threshold_no_trumps, but this "
                    f"contract may be played without trumps (trumps: {lc.trumps}); give the "
                    "figure threshold_no_trumps, or the contract trumps: suit"
                )
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
    if ex.simple_at not in ("before-card", "turn-start"):
        problems.append(
            f"exchange.simple_at: {ex.simple_at!r} is neither 'before-card' nor 'turn-start'"
        )
    if ex.skip_seen not in ("both", "indicator"):
        problems.append(f"exchange.skip_seen: {ex.skip_seen!r} is neither 'both' nor 'indicator'")
    an = rules.announcements
    if an.back_round not in ("first-trick", "before-play"):
        problems.append(f"announcements.back_round: unknown value {an.back_round!r}")
    if rules.melds.sequence_tiebreak not in ("trump", "suit"):
        problems.append(f"melds.sequence_tiebreak: unknown value {rules.melds.sequence_tiebreak!r}")
    leads = ("forehand", "declarer", "before-declarer")
    for key in ("trump_lead", "no_trumps_lead", "betli_lead"):
        if getattr(rules.play, key) not in leads:
            problems.append(f"play.{key}: {getattr(rules.play, key)!r} is not one of {leads}")
    for end in ex.reveal_from:
        if end not in ("bottom", "top"):
            problems.append(f"exchange.reveal_from: {end!r} is neither 'bottom' nor 'top'")
    if ex.required_figure is not None and ex.required_figure not in rules.figures:
        problems.append(f"exchange.required_figure: {ex.required_figure!r} is not a figure here")
    for key in ("seen_packets", "unseen_packets"):
        if any(n < 1 for n in getattr(rules.deal, key)):
            problems.append(f"deal.{key}: every packet must hold at least one card")
    if not rules.deal.seen_packets:
        problems.append("deal.seen_packets: at least one packet is dealt before the indicator")
    for key, value in (
        ("games.trump", rules.games.trump),
        ("games.no_trumps", rules.games.no_trumps),
        ("games.betli", rules.games.betli),
        ("games.klopitzky", rules.games.klopitzky),
        ("cards.last_trick", rules.cards.last_trick),
        ("melds.vannak", rules.melds.vannak),
        ("melds.bela", rules.melds.bela),
        ("kontra.front_factor", rules.kontra.front_factor),
        ("kontra.back_factor", rules.kontra.back_factor),
    ):
        if value < 0:
            problems.append(f"{key}: must not be negative")
    dealt = (rules.active_players) * rules.hand_size
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
    if ex.siber and not ex.entitled:
        problems.append("exchange.entitled: name at least one trump rank that may síber")
    for n, v in rules.melds.sequence_values.items():
        if not 3 <= n <= 8 or v < 0:
            problems.append(
                f"melds.sequence_values.{n}: sequences are 3 to 8 cards long and score "
                f"a value of 0 or more"
            )
    if sorted(rules.bidding.suit_rank) != list(Suit):
        problems.append("bidding.suit_rank: must name each of the four suits once")
    kinds = registry.available("figures")
    problems += _module_problems(rules)
    for name, fig in rules.figures.items():
        where = f"figures.{name}"
        if name in _RESERVED:
            problems.append(
                f"{where}: {name!r} is a word of the notation ({', '.join(_RESERVED)}); "
                f"name the figure otherwise"
            )
        elif not _FIGURE_ID.fullmatch(name):
            problems.append(
                f"{where}: a figure id is lower-case letters, digits and hyphens (it is "
                f"typed as 'announce <id>' and must read back the same), e.g. "
                f"{suggest_id(name)!r}"
            )
        if fig.kind == "trick" and fig.card:
            try:
                one = parse_card_spec(fig.card)
            except ValueError:
                one = None
            if one is not None and one.kind == "all":
                problems.append(
                    f"{where}.card: a trick figure's card is one card ('trump 7', 'TA', "
                    f"'TA or PA'), not {fig.card!r}"
                )
        if fig.kind not in kinds:
            problems.append(
                f"{where}.kind: unknown figure kind {fig.kind!r}; known: {', '.join(kinds)}"
            )
        if fig.kind in ("points", "tricks") and fig.threshold is None:
            problems.append(f"{where}.threshold: a {fig.kind} figure needs a threshold")
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
    for a, b in rules.announcements.exclusive:
        for x in (a, b):
            if x not in rules.figures:
                problems.append(f"announcements.exclusive: {x!r} is not a figure of this profile")
    for name in rules.calling.allowed_with:
        if name not in rules.figures:
            problems.append(f"calling.allowed_with: {name!r} is not a figure of this profile")
    return problems
