"""Helpers for the hidden-information tests of alsos.rl and alsos.openspiel."""

from __future__ import annotations

from hypothesis import strategies as st

import alsos
from alsos.hand.chosen import named_contracts
from alsos.pack.deal import Deal
from alsos.play.game import IllegalActionError
from tests.drive import at_random, play_out
from tests.profiles import PROFILES


def deal_of(rules: alsos.Ruleset, pack: list[int], dealer: int) -> Deal:
    d = rules.deal
    return Deal.from_pack(
        pack,
        players=rules.players,
        dealer=dealer,
        seen_packets=d.seen_packets,
        unseen_packets=d.unseen_packets,
        talon_between=d.talon_between,
    )


#: Altiansz at three and four players: its ladder draws and discards talon cards.
LADDERS = [r for r in PROFILES if named_contracts(r)]


@st.composite
def positions(draw: st.DrawFn, profiles: list[alsos.Ruleset] = PROFILES):  # type: ignore[no-untyped-def]
    rules = draw(st.sampled_from(profiles))
    pack = draw(st.permutations(range(32)))
    dealer = draw(st.integers(0, rules.players - 1))
    steps = draw(st.integers(0, 120))
    choices = draw(st.randoms(use_true_random=False))
    seat = draw(st.integers(0, rules.players - 1))
    pick = draw(st.tuples(st.integers(0, 31), st.integers(0, 31)))
    return rules, list(pack), dealer, steps, choices, seat, pick


def _unknown(game: alsos.Game, seat: int) -> list[int]:
    """Cards whose place ``seat`` cannot know: not its own, not face up, not played."""
    view = game.view(seat)
    known = {int(c) for c in view.hand} | {int(c) for c in view.talon_seen}
    known |= {int(c) for t in view.tricks for _, c in t.cards}
    known |= {int(c) for _, c in view.trick}
    known |= {int(a.card) for s, a in game.history if s == seat and hasattr(a, "card")}
    # The cards turned up at the deal were seen by all, even once taken into a hand.
    talon = game.deal.talon
    known |= {int(talon[0]), int(talon[-1])} if game.rules.deal.top_up else {int(talon[0])}
    return sorted(set(range(32)) - known)


def replay_swapped(rules, pack, dealer, steps, choices, seat, pick):  # type: ignore[no-untyped-def]
    """Game A played at random for ``steps``; game B dealt with two cards ``seat`` cannot
    know swapped and the same actions replayed (None when that is not legal)."""
    a = alsos.Game(rules, deal=deal_of(rules, pack, dealer), dealer=dealer)
    play_out(a, at_random(choices), stop_after=steps)
    unknown = _unknown(a, seat)
    if len(unknown) < 2:
        return None
    x, y = unknown[pick[0] % len(unknown)], unknown[pick[1] % len(unknown)]
    if x == y:
        return None
    swapped = [y if c == x else x if c == y else c for c in pack]
    b = alsos.Game(rules, deal=deal_of(rules, swapped, dealer), dealer=dealer)
    try:
        for _, action in a.history:
            b.apply(action)
    except IllegalActionError:
        return None
    return a, b, swapped
