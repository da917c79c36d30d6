"""No seat learns a card it was not shown: a permanent property over every profile.

For each shipped profile and player count, and a seat ``k``, two deals are made
that differ only in cards hidden from ``k``: two cards swapped between the hands of
two other seats, or a card of another seat's hand swapped with a face-down talon
card.  Both hands are then driven by the same actions, and after every action seat
``k`` must get the same thing from both, in every form the package gives it:

- ``game.view(k)`` and ``alsos.to_data`` of it (compared as opaque values, so the
  test does not depend on the JSON shape);
- the events of the action as ``k`` receives them (``event.seen_by(k)``);
- the RL observation (:class:`alsos.rl.ObservationEncoder`);
- the public view (:meth:`alsos.Game.public_view`, what a spectator and every public
  observer see: part of what ``k`` knows, so it cannot differ either) and OpenSpiel's
  public observation;
- OpenSpiel's information-state string and tensor and its observation string
  (``python_alsos``, when OpenSpiel is installed);
- what the terminal shows a person playing seat ``k`` (``alsos play --seat k``: the
  narration of every action and, at the seat's turns, its side of the table);
- and, at the end, the seat's HTML page (``alsos.viewer.page(record, seat=k)``).

**Driving both games.**  At each step the seat to act must be the same in both
games.  The action is drawn from the actions legal in *both*.  A hidden card may
change what is legal, but only for a seat that holds one of the swapped cards:
whether it may follow suit, meld, síber or play the card itself is its own
knowledge.  Any other seat (``k`` above all) must have the same legal actions in
both deals: its options would otherwise tell it about cards it cannot see.  When
the two sets of a card-holding seat have nothing in common the hands part ways
legally and the comparison stops there.  Because only common actions are taken,
neither game ever plays a swapped card; the comparison also stops as soon as
``k`` would see one (a meld shown, the talon taken into its hand), since from
then on the seat knows the difference.

Bounded for CI: a few examples per profile, each one hand.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hidden_swaps import seen as _seen
from hidden_swaps import swapped as _swapped
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos.play.game import Game
from alsos.ruleset.profile import Ruleset
from alsos.terminal import _status
from alsos.terminal.narrator import Narrator
from alsos.terminal.screen import Screen
from alsos.viewer import page

ObservationEncoder = pytest.importorskip("alsos.rl", reason="needs the rl extra").ObservationEncoder

try:
    import alsos.openspiel as ospiel
except ImportError:  # the openspiel extra is optional
    ospiel = None  # type: ignore[assignment]

pytestmark = pytest.mark.slow  # every profile, every form a seat is shown


def _param(rules: Ruleset) -> Any:
    return pytest.param(rules, id=f"{rules.id}-{rules.players}")


class _Seat:
    """Everything seat ``k`` is given about one game, in each form to compare."""

    def __init__(self, rules: Ruleset, encoder: ObservationEncoder, spiel: Any) -> None:
        self.rules, self.encoder, self.spiel = rules, encoder, spiel

    def forms(self, game: Game, k: int) -> list[tuple[str, Any]]:
        view = game.view(k)
        public = game.public_view()  # what every seat knows is part of what k knows
        out: list[tuple[str, Any]] = [
            ("view", view),
            ("to_data", alsos.to_data(view)),
            ("rl observation", self.encoder.encode(view).tolist()),
            ("public view", public),
            ("public view's data", alsos.to_data(public)),
        ]
        if self.spiel is not None:
            state = self.spiel.new_initial_state()
            state.game = game
            for recall in (True, False):
                observer = ospiel.AlsosObserver(self.spiel, perfect_recall=recall)
                out.append((f"openspiel string (recall {recall})", observer.string_from(state, k)))
                observer.set_from(state, k)
                out.append(("openspiel tensor", observer.tensor.tolist()))
            observer = ospiel.AlsosObserver(
                self.spiel, perfect_recall=False, public=True, private=False
            )
            out.append(("openspiel public string", observer.string_from(state, k)))
            observer.set_from(state, k)
            out.append(("openspiel public tensor", observer.tensor.tolist()))
        return out


class _Terminal:
    """The terminal of a person playing seat ``k``: the narration, and its side of the
    table at its turns, written to a string."""

    def __init__(self, game: Game, k: int) -> None:
        self.out = io.StringIO()
        self.screen = Screen(file=self.out)
        self.game, self.k = game, k
        self.narrator = Narrator(game, self.screen, (k,), k)
        self.narrator.open()

    def told(self, seat: int, events: Any) -> str:
        """Tell one action (as the play loop does) and return everything printed so far."""
        self.narrator.step(seat, events)
        if self.game.to_act == self.k and not self.game.is_over:
            self.narrator.before()
            self.narrator.flush()
            _status(self.game, self.k, self.screen)
        return self.out.getvalue()


def _compare(name: str, a: list[tuple[str, Any]], b: list[tuple[str, Any]], step: str) -> None:
    for (what, x), (_w, y) in zip(a, b, strict=True):
        assert x == y, f"{name}: seat's {what} differs between the two deals after {step}"


@pytest.mark.parametrize("rules", [_param(r) for r in PROFILES])
@settings(
    max_examples=10,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: the message names the case
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3), choices=st.integers(0, 2**32))
def test_a_seat_sees_the_same_whatever_the_cards_hidden_from_it(
    rules: Ruleset, seed: int, seat: int, choices: int
) -> None:
    rng = random.Random(choices)
    first = Game(rules, seed=seed)
    k = first.active[seat % len(first.active)]
    made = _swapped(first, k, rng)
    if made is None:
        return
    deal, cards, _holders = made
    second = Game(rules, deal=deal, dealer=first.dealer)
    encoder = ObservationEncoder(rules)
    spiel = None
    if ospiel is not None:
        spiel = ospiel.AlsosGame({"variant": rules.id, "players": rules.players})
    seat_k = _Seat(rules, encoder, spiel)
    terminals = (_Terminal(first, k), _Terminal(second, k))
    name = f"{rules.id}-{rules.players} seat {k}, swapped {sorted(c.name for c in cards)}"
    _compare(name, seat_k.forms(first, k), seat_k.forms(second, k), "the deal")
    done = 0
    while not first.is_over:
        s = first.to_act
        assert s == second.to_act, f"{name}: a different seat to act after {done} actions"
        assert s is not None
        legal_a, legal_b = first.legal_actions(), second.legal_actions()
        # A swapped card may change hands (a talon draw): its holder is whoever has it now.
        holders = {t for g in (first, second) for t in g.active for c in cards if c in g.hand(t)}
        if s not in holders:
            assert set(map(str, legal_a)) == set(map(str, legal_b)), (
                f"{name}: seat {s}, holding no swapped card, may do different things "
                f"after {done} actions"
            )
        both = sorted(set(map(str, legal_a)) & set(map(str, legal_b)))
        if not both:
            break  # the holder of a swapped card has no common action: parted legally
        action = rng.choice(both)
        for t in terminals:
            t.narrator.before()
        events_a = first.apply(action, seat=s)
        events_b = second.apply(action, seat=s)
        if cards & (_seen(first, k) | _seen(second, k)):
            break  # seat k now sees a swapped card: from here it knows the difference
        done += 1
        step = f"{done} actions (last {s} {action})"
        assert first.is_over == second.is_over, f"{name}: one hand ended after {step}"
        seen_a = [e.seen_by(k) for e in events_a]
        seen_b = [e.seen_by(k) for e in events_b]
        assert seen_a == seen_b, f"{name}: the events seat {k} receives differ after {step}"
        assert [alsos.to_data(e) for e in seen_a] == [alsos.to_data(e) for e in seen_b]
        if not first.is_over:  # (the settlement shows every hand's points: public then)
            told_a = terminals[0].told(s, events_a)
            told_b = terminals[1].told(s, events_b)
            assert told_a == told_b, f"{name}: the terminal of seat {k} differs after {step}"
        _compare(name, seat_k.forms(first, k), seat_k.forms(second, k), step)
    # the seat's web page of the hand as far as it was compared
    pages = []
    for d in (first.deal, deal):
        g = Game(rules, deal=d, dealer=first.dealer)
        for s, action in first.history[:done]:
            g.apply(action, seat=s)
        pages.append(page(g.record(), seat=k))
    assert pages[0] == pages[1], f"{name}: the seat's HTML page differs after {done} actions"
