"""The 0.1 public methods of ``Engine`` that 0.2 deprecated are gone in 0.3.

alsos 0.1's engine dispatched actions by public methods (``dispatch``, ``play``,
``speak``, ``end_turn``) and was itself the rule modules' referee (``ask``,
``start_contract`` ... ``settle_call``).  0.2 kept them for one minor version, each
warning with its replacement (the API policy, CHANGELOG.md); 0.3 removed them: every
action goes through ``Engine.apply``, and a rule module's transitions are its
``ModuleReferee``'s.
"""

from __future__ import annotations

import pytest

import alsos
from alsos.hand.engine import Engine, engine_for
from alsos.hand.referee import ModuleReferee

DISPATCH = ("dispatch", "play", "speak", "end_turn")
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


def test_the_0_1_engine_methods_are_gone() -> None:
    eng = engine_for(alsos.load_variant("potter1930"))
    for name in (*DISPATCH, *REFEREE, "_old"):
        assert not hasattr(Engine, name), name
        with pytest.raises(AttributeError, match=name):
            getattr(eng, name)
    # what replaces them
    assert callable(eng.apply)
    for name in REFEREE:
        assert callable(getattr(ModuleReferee, name)), name
