"""Rounds of speech: announcing figures, kontra chains, and what a seat may say.

The front round (before the pick-up), the first trick and the completion
round after it share one mechanism (pagat, "Announcement procedure"): at its turn
a seat may say any number of things, a turn with nothing said is a pass, and a
round ends once every seat has spoken and enough passes follow in a row.
Every item (the game, each announced figure) carries its own kontra chain:
the side that did not undertake the item says the odd steps, the undertaking
side the even ones (pagat, "Kontras").

These are functions of the ruleset and the :class:`~alsos.hand.state.HandState`;
the engine (:mod:`alsos.hand.engine`) calls them and decides when a round ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.hand.items import DECLARER, DEFENDERS, Item
from alsos.pack.actions import Action, Announce, Kontra, announce, kontra
from alsos.pack.cards import Rank
from alsos.ruleset import registry
from alsos.ruleset.profile import FigureRule, Ruleset
from alsos.ruleset.tables import tables_of

if TYPE_CHECKING:
    from alsos.hand.protocol import FigureKind
    from alsos.hand.state import HandState

__all__ = [
    "Candidate",
    "add_item",
    "announce_figure",
    "figure_allowed",
    "figure_blockers",
    "figure_options",
    "raise_kontra",
    "speech_options",
]


def figure_blockers(rules: Ruleset) -> dict[str, frozenset[str]]:
    """For each figure, the figures that rule it out once the same seat has announced one.

    The ruleset's tables build it once (:func:`alsos.ruleset.tables.figure_blockers_of`
    says which rules fold into it), so the speech rounds test a figure with one
    set operation.
    """
    return tables_of(rules).blockers


def figure_allowed(
    rules: Ruleset,
    name: str,
    fig: FigureRule,
    mine: set[str],
    *,
    front: bool,
    trump: int,
    ladder_said_this_round: bool,
) -> bool:
    """Whether a seat that already announced ``mine`` may announce ``name`` now.

    Checks what does not depend on the cards held: front/back, no-trump
    games, the ladder (one step per round where the profile says so), and
    the figures :func:`figure_blockers` names.
    """
    if not fig.enabled or name in mine or not (fig.front if front else fig.back):
        return False
    if trump < 0 and not fig.no_trumps:
        return False
    if (
        fig.ladder is not None
        and rules.announcements.ladder_one_per_round
        and ladder_said_this_round
    ):
        return False
    return figure_blockers(rules)[name].isdisjoint(mine)


#: A figure open to announcement in this game: (name, rule, its action, cards the
#: announcer must hold, figures whose announcement by the same seat rules it out).
Candidate = tuple[str, FigureRule, Announce, int, frozenset[str]]


def speech_options(
    rules: Ruleset, s: HandState, seat: int, front: bool, figures: bool, head: tuple[Action, ...]
) -> tuple[Action, ...]:
    """``head``, then the figures ``seat`` may announce (if ``figures``) and the
    kontra steps open to its side."""
    side = DECLARER if seat == s.declarer else DEFENDERS
    an = rules.announcements
    if an.kontra_first_chance:
        since = s.last_turn.get(seat, -1)
        items = s.items
        kontras = tuple(k for i, k in s.kontra_options[side].items() if items[i].stamp > since)
    else:
        kontras = tuple(s.kontra_options[side].values())
    if not figures or s.no_figures or (an.figures_first_turn and s.spoken >> seat & 1):
        return head + kontras
    # A seat's figures change only with its cards or with an announcement
    # (its own ladder and blockers, a partner's once-per-side figure), and
    # with a new round, which clears what is kept.
    hand = s.hands[seat]
    count = s.announcements
    kept = s.figure_cache.get(seat)
    if kept is not None and kept[0] == hand and kept[1] == count:
        figs = kept[2]
    else:
        figs = tuple(figure_options(rules, s, seat, front))
        s.figure_cache[seat] = (hand, count, figs)
    if s.turn_stage and an.turn_order:
        # huwiki: béla kassza, figures, melds, kontras -- never back to an earlier kind.
        if s.turn_stage > 2:
            figs = ()
        elif s.turn_stage == 2:
            figs = tuple(a for a in figs if _kind(rules.figures[a[1]].kind).judged)
    return head + figs + kontras


def _kind(name: str) -> FigureKind:
    kind: FigureKind = registry.lookup("figures", name)
    return kind


def add_item(rules: Ruleset, s: HandState, item: Item) -> None:
    """Register a new item and open its first kontra step to the other side."""
    items = s.own_items()
    index = len(items)
    item.stamp = s.turn_counter + 1  # the turn now in progress
    items.append(item)
    target = None if item.is_game else item.seat
    if rules.kontra.levels:
        step = kontra(1, item.figure, target)
        s.kontra_options[item.side ^ 1][index] = step
        s.kontra_at[step] = index


def _candidate_figures(rules: Ruleset, s: HandState, front: bool) -> list[Candidate]:
    """Figures this game allows from the front or back, whoever speaks.

    Built once per contract: (name, rule, action, cards the announcer must
    hold, figures that rule it out).
    """
    cached: list[Candidate] | None = s.figure_candidates.get(front)
    if cached is not None:
        return cached
    trump = s.trump
    memo = tables_of(rules).memo
    key = ("speech.candidates", trump, front)
    out: list[Candidate] | None = memo.get(key)
    if out is None:  # the same for every hand of the ruleset with this trump
        out = memo[key] = _candidates(rules, trump, front)
    # A new dict, not an update: copies of the state share the old one.
    s.figure_candidates = {**s.figure_candidates, front: out}
    return out


def _candidates(rules: Ruleset, trump: int, front: bool) -> list[Candidate]:
    """:func:`_candidate_figures` of a game with ``trump``, built afresh."""
    out: list[Candidate] = []
    blockers = figure_blockers(rules)
    for name, fig in rules.figures.items():
        if not fig.enabled or not (fig.front if front else fig.back):
            continue
        if trump < 0 and not fig.no_trumps:
            continue
        if not _kind(fig.kind).available(fig, trump):
            continue  # e.g. its card does not exist in this game (a named Ace that is trump)
        hold = fig.hold_mask(trump)
        if fig.must_hold and not hold:
            continue
        out.append((name, fig, announce(name), hold, blockers[name]))
    return out


def figure_options(rules: Ruleset, s: HandState, seat: int, front: bool) -> list[Announce]:
    """The figures ``seat`` may announce now: :func:`figure_allowed` with the cards held."""
    mine = s.announced[seat]
    one_ladder_step = s.ladder_round >> seat & 1 and rules.announcements.ladder_one_per_round
    hand = s.hands[seat]
    out: list[Announce] = []
    # Figures the declarer may say only holding béla (kassza), when it does not.
    no_bela = _bela_figures(rules) if seat == s.declarer and not _holds_bela(s, seat) else ()
    for name, fig, action, hold, blockers in _candidate_figures(rules, s, front):
        if mine and (name in mine or not blockers.isdisjoint(mine)):
            continue
        if one_ladder_step and fig.ladder is not None:
            continue
        if hold and hand & hold != hold:
            continue
        if no_bela and name in no_bela:
            continue
        if fig.once_per_side:
            side = s.side_of(seat)
            if any(name in s.announced[t] for t in s.active if s.side_of(t) == side):
                continue
        out.append(action)
    return out


def _bela_figures(rules: Ruleset) -> frozenset[str]:
    """The figures whose kind the declarer may announce only holding béla (built once
    per ruleset, from each kind's ``declarer_needs_bela``, kept on its tables)."""
    return tables_of(rules).derived(_bela_figures, _needing_bela)


def _needing_bela(rules: Ruleset) -> frozenset[str]:
    return frozenset(
        n
        for n, f in rules.figures.items()
        if registry.lookup("figures", f.kind).declarer_needs_bela
    )


def _holds_bela(s: HandState, seat: int) -> bool:
    t = s.trump
    if t < 0:
        return False
    need = (1 << (8 * t + Rank.KING)) | (1 << (8 * t + Rank.OVER))
    return s.hands[seat] & need == need


def announce_figure(rules: Ruleset, s: HandState, seat: int, figure: str, *, front: bool) -> None:
    """Record ``seat``'s figure as an item; a trick figure holds its card back."""
    fig = rules.figures[figure]
    s.announced[seat].add(figure)
    if fig.ladder is not None:
        s.ladder_round |= 1 << seat
    s.announcements += 1
    kind: FigureKind = registry.lookup("figures", fig.kind)
    if not kind.judged:
        # béla kassza (huwiki): no item of its own, it multiplies the game.
        factor = fig.value * (fig.front_multiplier if front else 1)
        s.own_items()[0].boost(f"{figure} {'front' if front else 'back'}", factor)
        return
    add_item(
        rules,
        s,
        Item(
            figure,
            seat,
            s.side_of(seat),
            fig.value,
            front=front,
            front_multiplier=fig.front_multiplier,
        ),
    )
    # The announcer keeps the card back until its trick (pagat, "Figures", ultimó).
    at = kind.deciding_trick(fig, rules.hand_size)
    if at is not None:
        bit = kind.held_back(fig, s.trump)
        if bit:
            s.hold_back.setdefault(seat, []).append((bit, at, fig.must_play))


def raise_kontra(rules: Ruleset, s: HandState, seat: int, k: Kontra) -> None:
    """Say kontra step ``k`` on its item and open the next step to the other side."""
    index = s.kontra_at[k]
    item = s.own_items()[index]
    kr = rules.kontra
    front = s.front
    # Item.raise_, written out: most utterances of a random hand are kontra steps,
    # and the call it saves is measurable (examples/compare_revisions.py).
    item.steps.append((seat, front))
    item.factor *= kr.front_factor if front else kr.back_factor
    item.stamp = s.turn_counter + 1  # the turn now in progress
    level = len(item.steps)
    side = item.side ^ (level & 1)  # odd steps come from the other side
    options = s.kontra_options
    del options[side][index]
    if level < len(kr.levels):
        step = _NEXT_STEP.get(k)
        if step is None:
            step = _NEXT_STEP[k] = kontra(level + 1, k[2], k[3])
        options[side ^ 1][index] = step
        s.kontra_at[step] = index


#: Each kontra step's successor, found once (the steps are interned and bounded
#: by the rulesets' figures and seats).
_NEXT_STEP: dict[Kontra, Kontra] = {}
