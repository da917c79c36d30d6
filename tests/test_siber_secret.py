"""A declined síber tells nobody where the trump 7 (or 8) lies.

pagat, "Trump Exchange": the holder of the entitled trump may let
the síber go and swap the 7 at its turn in the first trick, so that the
declarer may wrongly believe the 7 is in the face-down talon.  That only
works if a declined síber looks the same as no holder at all: the step is
held whenever its public condition holds, every active seat is asked in
turn, and a pass says nothing.  tompa's combined step (pagat, Tompa rules
G4) is held the same way.

Each test takes one deal and moves the entitled card to another seat's hand
or into the hidden talon (swapping it with the card there), plays the same
actions on both, and checks that the seats whose cards did not move see the
same views, views as data and events throughout.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import attrs
import pytest
from drive import steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alsos
from alsos.pack.actions import Play
from alsos.pack.cards import Rank
from alsos.pack.deal import Deal
from alsos.play.data import to_data
from alsos.records.record import labelled

SIBER_PROFILES = ("potter1930", "house", "club", "four-player", "two-player", "tompa")


def _entitled_card(rules: alsos.Ruleset, deal: Deal) -> int | None:
    """The entitled trump when the original suit is accepted, if the public condition
    for the síber step holds (a trump or an Ace on top, where the profile needs it)."""
    talon = [int(c) for c in deal.talon]
    trump = talon[0] >> 3
    top = talon[-1]
    ex = rules.exchange.params
    if ex.top_needed and not (top >> 3 == trump or top & 7 == Rank.ACE):
        return None
    seen = (talon[0], talon[-1]) if ex.skip_seen == "both" else (talon[0],)
    for rank in ex.entitled:
        card = 8 * trump + rank
        if card not in seen:
            return card
    return None


def _moved(deal: Deal, card: int, to: int | str) -> Deal:
    """``deal`` with ``card`` swapped with the card at the same place in seat ``to``'s
    hand (``"talon"``: the lowest hidden talon card)."""
    hands = [list(h) for h in deal.hands]
    talon = list(deal.talon)
    owner, at = next((s, h.index(c)) for s, h in enumerate(hands) for c in h if int(c) == card)
    if to == "talon":
        hands[owner][at], talon[1] = talon[1], hands[owner][at]
    else:
        assert isinstance(to, int)
        hands[owner][at], hands[to][at] = hands[to][at], hands[owner][at]
    return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(talon), seen=deal.seen)


def _cases(variant: str, start: int) -> Iterator[tuple[Deal, Deal, tuple[int, ...]]]:
    """Pairs of deals differing only in where the entitled card lies, with the seats
    that hold the same cards in both (from the first fitting deal from seed ``start``)."""
    rules = alsos.load_variant(variant)
    for seed in itertools.count(start):
        game = alsos.Game(rules, seed=seed)
        deal = game.deal
        card = _entitled_card(rules, deal)
        holder = next((s for s in game.active if game.hands[s] >> (card or 0) & 1), None)
        if card is None or holder is None:
            continue
        others = [s for s in game.active if s != holder]
        everyone = range(rules.players)
        if len(game.active) > 2:
            yield (
                deal,
                _moved(deal, card, others[0]),
                tuple(s for s in everyone if s not in (holder, others[0])),
            )
        yield deal, _moved(deal, card, "talon"), tuple(s for s in everyone if s != holder)
        return


def _common(a: alsos.Game, b: alsos.Game) -> alsos.Action | None:
    """The same action for both games: accept the original suit, pass where one may,
    else the first card legal in both."""
    legal_b = {str(x) for x in b.legal_actions()}
    legal = [x for x in a.legal_actions() if str(x) in legal_b]
    for wanted in ("accept", "pass"):
        for x in legal:
            if str(x) == wanted:
                return x
    return next((x for x in legal if isinstance(x, Play)), None)


@pytest.mark.parametrize("variant", [*SIBER_PROFILES, "csibor"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.integers(0, 100_000))
def test_a_declined_siber_reveals_nothing(variant: str, start: int) -> None:
    """pagat, "Trump Exchange": whether the 7 (or 8) is in a hand, which one, or in the hidden
    talon, the seats that do not hold it see the same hand through a declined síber.
    csibor (huwiki, "Taloncsere") offers the síber inside the holder's own turn in
    the first trick: an offer let go leaves no trace, so there is no step to hold."""
    rules = alsos.load_variant(variant)
    for one, other, watchers in _cases(variant, start):
        games = [alsos.Game(rules, deal=d) for d in (one, other)]
        steps = 0
        asked = False
        while not games[0].is_over and games[0].trick_no < 2:
            for seat in watchers:
                assert games[0].view(seat) == games[1].view(seat), (variant, seat, steps)
                assert to_data(games[0].view(seat)) == to_data(games[1].view(seat))
            action = _common(*games)
            if action is None:
                break
            asked |= games[0].phase is alsos.Phase.SIBER
            events = [g.apply(str(action)) for g in games]
            for seat in watchers:
                seen = [[e.seen_by(seat) for e in ev] for ev in events]
                assert seen[0] == seen[1], (variant, seat, steps, str(action))
            steps += 1
        at_turn = rules.exchange.params.siber_at_turn
        assert asked != at_turn, f"{variant}: síber step held: {asked}"
        # Past the step: on to the play, as far as the same cards can be played.
        assert games[0].phase is alsos.Phase.PLAY or games[0].trick_no, (variant, steps)


def _played(variant: str, seed: int) -> tuple[alsos.Game, list[bool], bool]:
    """A hand played by random bots; for each action whether it was a pass that was
    the seat's only choice at the síber step; whether a seat had a choice there."""
    rules = alsos.load_variant(variant)
    game = alsos.Game(rules, seed=seed)
    forced, chose = [], False
    for step in steps(game, alsos.RandomBot(seed)):
        at_siber = step.phase is alsos.Phase.SIBER
        forced.append(at_siber and [str(a) for a in step.legal] == ["pass"])
        chose |= at_siber and not forced[-1]
    return game, forced, chose


@pytest.mark.slow
@pytest.mark.parametrize("variant", SIBER_PROFILES)
def test_a_record_from_before_the_change_still_replays(variant: str) -> None:
    """pagat, "Trump Exchange": a record written when only the holder was asked (or nobody, the
    7 lying in the talon) lacks the other seats' passes; they were each seat's
    only choice, so the replay makes them and reaches the same hand."""
    kinds = set()
    for seed in range(300):
        game, forced, chose = _played(variant, seed)
        if not any(forced):
            continue
        kinds.add(chose)  # False: the entitled card lay in the talon
        old = attrs.evolve(
            game.record(),
            actions=tuple(a for a, f in zip(game.history, forced, strict=True) if not f),
        )
        again = old.replay()
        assert again.history == game.history
        assert again.settlement == game.settlement
        assert [i for _, i, _, _ in labelled(old)] == list(range(len(old.actions)))
        if len(kinds) == 2:
            return
    pytest.fail(f"{variant}: no seed with both a holder and a 7 in the talon ({kinds})")
