"""Two deals of one hand that differ only in cards hidden from a seat (the no-leak tests).

Shared by tests/test_no_leaks.py (every form the package gives a seat) and
tests/test_web.py (the web table's frames).
"""

from __future__ import annotations

import random
import re

from alsos.pack.cards import CARDS, Card
from alsos.pack.deal import Deal
from alsos.play.game import Game

_CARD = re.compile(r"\b[MPTZ](?:A|K|O|U|10|9|8|7)\b")
_BY_NAME = {c.name: c for c in CARDS}


def seen(game: Game, seat: int) -> set[Card]:
    """Every card ``seat``'s view shows it, the history's texts (melds shown) included."""
    v = game.view(seat)
    out = set(v.hand) | set(v.talon_seen) | {c for _s, c in v.trick}
    for t in v.tricks:
        out.update(c for _s, c in t.cards)
    for _t, cards in v.taken:
        out.update(cards)
    for step in v.history:
        out.update(_BY_NAME[n] for n in _CARD.findall(step.text))
    return out


def swapped(game: Game, k: int, rng: random.Random) -> tuple[Deal, set[Card], set[int]] | None:
    """Another deal of ``game``'s hand differing in two cards hidden from ``k``, those two
    cards, and the seats whose hands changed at the deal; None if there is no such pair."""
    deal = game.deal
    others = [s for s in game.active if s != k]
    shown = seen(game, k)
    places: list[tuple[int, int]] = [  # (seat, index); seat -1 is the talon
        (s, i) for s in others for i, c in enumerate(deal.hands[s]) if c not in shown
    ]
    talon = [(-1, i) for i, c in enumerate(deal.talon) if c not in shown]
    pairs = [(a, b) for a in places for b in places if a[0] < b[0]]
    pairs += [(a, b) for a in places for b in talon]
    if not pairs:
        return None
    # Half the time a seven is one of the two: the síber turns on who holds the trump 7.
    sevens = [p for p in pairs if any(_card(deal, q).rank.code == "7" for q in p)]
    (s1, i1), (s2, i2) = rng.choice(sevens if sevens and rng.random() < 0.5 else pairs)
    hands = [list(h) for h in deal.hands]
    tal = list(deal.talon)
    row2 = tal if s2 == -1 else hands[s2]
    hands[s1][i1], row2[i2] = row2[i2], hands[s1][i1]
    new = Deal(hands=tuple(map(tuple, hands)), talon=tuple(tal), seen=deal.seen)
    cards = {deal.hands[s1][i1], (deal.talon if s2 == -1 else deal.hands[s2])[i2]}
    return new, cards, {s for s in (s1, s2) if s != -1}


def _card(deal: Deal, place: tuple[int, int]) -> Card:
    seat, i = place
    return (deal.talon if seat == -1 else deal.hands[seat])[i]
