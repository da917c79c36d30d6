"""The 0.1 public methods of ``Engine`` that 0.2 replaced still work, with a warning.

alsos 0.1's engine dispatched actions by public methods (``dispatch``, ``play``,
``speak``, ``end_turn``) and was itself the rule modules' referee (``ask``,
``start_contract`` ... ``settle_call``).  0.2 has one path, ``Engine.apply``,
and hands modules a narrow ``ModuleReferee``; the API policy (CHANGELOG.md)
keeps the old names for one minor version, each warning with its replacement.

What each old method did is checked against what now does it:

- ``dispatch`` carried out an action already written into the history (0.1's
  ``Game.apply`` appended it first): ``apply`` is exactly history + dispatch;
  ``play``, ``speak`` and ``end_turn`` were the branches it took for a card,
  an utterance and a pass in a round of speech.
- the referee's transitions are the 0.1 engine methods of the same names and
  arguments, moved (``git show 657cf44:alsos/engine.py``): every call a rule
  module makes in random hands of every profile is repeated through the old
  name on a copy, and must leave the same state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from profiles import PROFILES

from alsos.hand.engine import SPEECH_PHASES, Engine
from alsos.hand.referee import ModuleReferee
from alsos.hand.state import HandState
from alsos.pack.actions import PASS, Action, Play
from alsos.pack.phases import Phase
from alsos.ruleset.profile import Ruleset

REFEREE = (
    "ask",
    "start_contract",
    "pick_up",
    "after_front",
    "begin_play",
    "switch_to_betli",
    "end_thrown_in",
    "end_by_concession",
    "announce",
    "settle_call",
)
SEEDS = range(6)


def _hands(eng: Engine, seed: int) -> Any:
    """Each step of a random hand: (state before, seat, action)."""
    rng = random.Random(seed)
    s = eng.new_state(seed=seed, deal=None, dealer=seed % eng.rules.players)
    while not s.is_over:
        seat = s.to_act
        assert seat is not None
        action = rng.choice(eng.legal_actions(s))
        yield s.copy(), seat, action
        eng.apply(s, seat, action)


def _old_branch(s: HandState, action: Action) -> str | None:
    """The 0.1 method ``dispatch`` handed ``action`` to in ``s``, if one of the three."""
    if s.phase is Phase.PLAY and isinstance(action, Play):
        return "play"
    if s.phase in SPEECH_PHASES:
        return "end_turn" if action == PASS else "speak"
    return None


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_dispatch_play_speak_end_turn_warn_and_act_as_apply_without_the_history(
    rules: Ruleset,
) -> None:
    eng = Engine(rules)
    for seed in SEEDS:
        for s, seat, action in _hands(eng, seed):
            new = s.copy()
            eng.apply(new, seat, action)
            branch = _old_branch(s, action)
            for name in ("dispatch",) if branch is None else ("dispatch", branch):
                old = s.copy()
                old.legal = None
                old.history.append((seat, action))  # what 0.1's Game.apply did first
                with pytest.warns(DeprecationWarning, match=f"Engine.{name} .*Engine.apply"):
                    if name == "play":
                        eng.play(old, seat, action[1])
                    elif name == "end_turn":
                        eng.end_turn(old, seat)
                    else:
                        getattr(eng, name)(old, seat, action)
                assert old == new, (rules.id, seed, name, action)


class _Spy(ModuleReferee):
    """The quiet referee, noting each transition a module asks for and the state before it."""

    def __init__(self, eng: Engine) -> None:
        super().__init__(eng, None)
        self.calls: list[tuple[str, HandState, tuple[Any, ...], dict[str, Any]]] = []

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        if name not in REFEREE:
            return attr

        def noted(s: HandState, *args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, s.copy(), args, kwargs))
            return attr(s, *args, **kwargs)

        return noted


def test_the_old_referee_methods_warn_and_make_the_same_transitions() -> None:
    seen: set[str] = set()
    for rules in PROFILES:
        eng = Engine(rules)
        spy = eng._quiet = _Spy(eng)
        for seed in SEEDS:
            for _ in _hands(eng, seed):
                pass
        plain = eng._quiet = ModuleReferee(eng, None)
        for name, before, args, kwargs in spy.calls:
            new, old = before.copy(), before.copy()
            getattr(plain, name)(new, *args, **kwargs)
            with pytest.warns(DeprecationWarning, match=f"Engine.{name} .*ModuleReferee.{name}"):
                getattr(eng, name)(old, *args, **kwargs)
            assert old == new, (rules.id, name, args)
            seen.add(name)
    # Random hands of the shipped profiles reach these; the rest are checked below.
    assert {"ask", "start_contract", "begin_play", "announce"} <= seen, seen


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_the_old_transitions_without_arguments_warn_and_act_as_the_referee(
    rules: Ruleset,
) -> None:
    """pick_up, after_front, switch_to_betli and the two ends, from the front round on."""
    eng = Engine(rules)
    plain = ModuleReferee(eng, None)
    checked = 0
    for seed in SEEDS:
        for s, _, _ in _hands(eng, seed):
            if s.phase is not Phase.FRONT or s.declarer is None:
                continue
            for name in ("pick_up", "after_front", "end_thrown_in", "end_by_concession"):
                new, old = s.copy(), s.copy()
                getattr(plain, name)(new)
                with pytest.warns(DeprecationWarning, match=f"Engine.{name} "):
                    getattr(eng, name)(old)
                assert old == new, (rules.id, name)
            new, old = s.copy(), s.copy()
            plain.switch_to_betli(new, s.declarer)
            with pytest.warns(DeprecationWarning, match="Engine.switch_to_betli "):
                eng.switch_to_betli(old, s.declarer)
            assert old == new
            checked += 1
            break
    if rules.id == "potter1930":  # a front round in most hands (pagat, "Announcements")
        assert checked
