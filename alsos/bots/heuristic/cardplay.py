"""The heuristic bot's play of the cards: which card to lead, follow or discard.

The rules are those of the module documentation of
:mod:`alsos.bots.heuristic` ("Play"); :class:`~alsos.bots.heuristic.HeuristicBot`
calls :func:`play_card` for every card it plays.  They live here, as plain
functions of a :class:`~alsos.bots.heuristic.seen.Seen`, because a playout
policy makes this decision for every card of every playout: the compiled
build compiles this module (and :mod:`~alsos.bots.heuristic.seen`) with mypyc
(``alsos.version.COMPILED``), and the pure-Python package runs the same source.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from alsos.bots.heuristic.ladder import contract_objectives, named_cards, timed_cards
from alsos.bots.heuristic.seen import Seen
from alsos.bots.heuristic.speech import aim_of, dues_for, figures_for
from alsos.pack.actions import PLAYS, Action, Play
from alsos.pack.cards import Card, Rank

__all__ = [
    "COUNT_MARGIN",
    "figure_due",
    "legal_cards",
    "play_card",
    "play_tables",
    "wants_lead",
]

_ACE: Final = int(Rank.ACE)
_NO_AIMS: frozenset[str | None] = frozenset()
#: No trick is a trick figure's (no trump suit, or no ruleset to say).
_NO_DUES: frozenset[int] = frozenset()

#: A defender takes even a cheap trick from the declarer once the declarer, with it,
#: would be this close to what it needs.
COUNT_MARGIN: Final = 20


def legal_cards(legal: Sequence[Action]) -> list[Card] | None:
    """The cards of ``legal`` when every action is a card to play (the commonest
    decision, handed straight to :func:`play_card`), else None."""
    cards: list[Card] = []
    for a in legal:
        if a.__class__ is not Play:
            return None
        cards.append(a[1])
    return cards


def play_tables(view: Seen) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(trick strength by led suit and card, card points) for the game played."""
    tables = view.tables
    assert tables is not None, "cards are played under a ruleset"
    return tables.play(view.kind, view.trump)


def _trick_figures(view: Seen, due: int) -> list[int]:
    """The card masks of the trick figures this seat announced that are due with
    ``due`` tricks left (the items are read only where one of the ruleset's is)."""
    trump = view.trump
    if trump < 0 or view.rules is None or due not in dues_for(view, trump):
        return []
    figures = figures_for(view, trump)
    out = []
    for label, seat in view.items:
        info = figures.get(label) if seat == view.seat else None
        if info is not None and info[3] == due:
            out.append(info[1])
    return out


def figure_due(view: Seen, cards: Sequence[Card]) -> Card | None:
    """The card of a trick figure this seat announced, when its trick has come."""
    for mask in _trick_figures(view, view.hand.bit_count()):
        for c in cards:
            if mask >> c & 1:
                return c
    return None


def wants_lead(view: Seen) -> bool:
    """Whether a plain card this seat times (uhu's Ace) is due at the next trick: it
    wins there only if led (or its suit is), so this trick is worth winning."""
    figures = _trick_figures(view, view.hand.bit_count() - 1)
    if not figures:
        return False
    tmask = 0xFF << 8 * view.trump
    hand = view.hand
    return any(mask & hand and not mask & tmask for mask in figures)


def play_card(view: Seen, cards: list[Card]) -> Action:
    """The card to play of ``cards`` (the legal ones)."""
    keys, points = play_tables(view)
    aims: frozenset[str | None] | set[str | None]
    due: Card | None
    if view.ladder:
        due, cards = timed_cards(view, cards)
        aims = {aim_of(f) for f in contract_objectives(view)}
    else:
        due, aims = None, _NO_AIMS  # not a ladder: no objective times a card
    # A trick figure's card is timed only with so many cards left (_trick_figures):
    # most decisions are at no such count, and spare both searches.
    n = view.hand.bit_count()
    trump = view.trump
    dues = dues_for(view, trump) if trump >= 0 and view.rules is not None else _NO_DUES
    due = figure_due(view, cards) if due is None and n in dues else due
    if due is not None:
        return PLAYS[due]  # an objective's card at its trick (the trump 7 last)
    if len(cards) == 1:
        return PLAYS[cards[0]]
    kind = view.kind
    seat = view.seat
    declarer = view.declarer
    avoid = kind == "klopitzky" or (kind == "betli" and seat == declarer)
    trick = view.trick
    lead_wanted = n - 1 in dues and wants_lead(view)
    if not trick:
        if lead_wanted:  # keep the lead for the figure's card: lead the surest winner
            return PLAYS[max(cards, key=lambda c: keys[(c >> 3) * 32 + c])]
        if "trick" in aims and seat != declarer:
            # Against a trick objective: keep trumps, lead plain suits.
            plain = [c for c in cards if c >> 3 != view.trump]
            cards = plain or cards
        return PLAYS[_lead(view, cards, keys, points, avoid)]
    led = trick[0][1] >> 3
    base = led * 32
    best_seat, best = trick[0][0], keys[base + trick[0][1]]
    for t, card in trick[1:]:
        if keys[base + card] > best:
            best_seat, best = t, keys[base + card]
    winners = [c for c in cards if keys[base + c] > best]
    losers = [c for c in cards if keys[base + c] <= best]
    if avoid:
        if aims and all(c >> 3 != led for c in cards):
            # Void in a ladder contract: shed the card likeliest to win later.
            return PLAYS[max(cards, key=lambda c: keys[(c >> 3) * 32 + c])]
        pick = max(losers or cards, key=lambda c: keys[base + c])
        return PLAYS[pick]
    if kind == "betli":  # a defender: let the declarer win, play low
        return PLAYS[min(cards, key=lambda c: (keys[base + c], points[c]))]
    partner_wins = declarer is not None and best_seat != declarer and seat != declarer
    last = len(trick) == view.players - 1
    trick_points = 0
    for _t, c in trick:
        trick_points += points[c]
    if partner_wins and (last or _boss(view, trick[0][1], best, keys)):
        # Give points to the partner's trick: the richest card that does not overtake.
        pool = losers or cards
        return PLAYS[max(pool, key=lambda c: (points[c], -keys[base + c]))]
    contest = bool(aims & {"tricks", "every-trick"}) and best_seat == declarer != seat
    if winners and (
        contest
        or lead_wanted
        or trick_points >= 10
        or last
        or seat == declarer
        or (best_seat == declarer and _decides(view, points, trick_points))
    ):
        return PLAYS[min(winners, key=lambda c: (keys[base + c], points[c]))]
    return PLAYS[min(cards, key=lambda c: (points[c], keys[base + c]))]


def _decides(view: Seen, points: tuple[int, ...], trick_points: int) -> bool:
    """Whether the declarer, winning this trick, would come near what it needs: half
    the pack's points (then it beats both defenders) or a points figure it announced."""
    rules = view.rules
    assert rules is not None, "cards are played under a ruleset"
    target = (sum(points) + rules.cards.last_trick) // 2 + 1
    if view.trump >= 0 or view.kind == "no-trumps":
        figures = figures_for(view, view.trump)
        for label, seat in view.items:
            info = figures.get(label) if seat == view.declarer else None
            if info is not None and info[0] == "points":
                target = min(target, info[2])
    for fig in contract_objectives(view):  # a ladder contract's points objective
        threshold = fig.threshold if view.trump >= 0 else fig.threshold_no_trumps
        if aim_of(fig) == "points" and threshold is not None and not fig.melds:
            target = min(target, threshold)
    won = view.declarer_won
    taken = 0
    while won:
        low = won & -won
        taken += points[low.bit_length() - 1]
        won ^= low
    return taken + trick_points >= target - COUNT_MARGIN


def _boss(view: Seen, lead: int, best: int, keys: tuple[int, ...]) -> bool:
    """Whether the winning card so far beats every card still out (not held, not played)."""
    base = (lead >> 3) * 32
    gone = view.played | view.hand
    return all(keys[base + c] <= best for c in range(32) if not gone >> c & 1)


def _lead(
    view: Seen,
    cards: list[Card],
    keys: tuple[int, ...],
    points: tuple[int, ...],
    avoid: bool,
) -> Card:
    """The card to lead of ``cards``."""
    if avoid or view.kind == "betli":
        return min(cards, key=lambda c: keys[(c >> 3) * 32 + c])
    trump = view.trump
    trumps = [c for c in cards if c >> 3 == trump]
    if view.seat == view.declarer and len(trumps) >= 2:
        gone = view.played | view.hand
        out = [c for c in range(8 * trump, 8 * trump + 8) if not gone >> c & 1]
        if out:  # draw the opponents' trumps: the top one if held, else a low one
            top = max(trumps, key=lambda c: keys[(c >> 3) * 32 + c])
            own_top = keys[(top >> 3) * 32 + top]
            if all(own_top > keys[trump * 32 + c] for c in out) or len(trumps) < 3:
                return top
            named = named_cards(view)  # keep an objective's low trump (the trull's 7)
            kept = [c for c in trumps if not named >> c & 1] or trumps
            return min(kept, key=lambda c: keys[(c >> 3) * 32 + c])
    for c in cards:
        if c & 7 == _ACE and c >> 3 != trump:
            return c
    plain = [c for c in cards if c >> 3 != trump] or cards
    return min(plain, key=lambda c: (points[c], keys[(c >> 3) * 32 + c]))
