"""The folded figure restrictions agree with the rules they stand for.

``figure_blockers`` turns three rules into one set per figure, for speed:
the ladder only rises (pagat, "Figures"; huwiki for the rising order), one figure
per ``group`` (the csibor ruling on ulti/uhu), and the profile's
``exclusive`` pairs.  These tests state each rule the slow, literal way and
check the fast answer against it for every shipped profile.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from drive import at_random, steps
from hypothesis import given
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos.hand.speech import figure_allowed, figure_blockers
from alsos.ruleset.profile import Ruleset


def literal_block(rules: Ruleset, name: str, mine: set[str]) -> bool:
    """Whether ``mine`` rules out ``name``, read rule by rule."""
    fig = rules.figures[name]
    if fig.ladder is not None:
        top = max((rules.figures[f].ladder or 0 for f in mine), default=0)
        if fig.ladder <= top:
            return True
    if fig.group is not None and any(rules.figures[f].group == fig.group for f in mine):
        return True
    return any(
        (a == name and b in mine) or (b == name and a in mine)
        for a, b in rules.announcements.exclusive
    )


@pytest.mark.slow
@pytest.mark.parametrize("rules", PROFILES, ids=str)
@given(data=st.data())
def test_blockers_match_the_literal_rules(rules: Ruleset, data: st.DataObject) -> None:
    names = sorted(rules.figures)
    if not names:
        return
    mine = data.draw(st.sets(st.sampled_from(names)))
    name = data.draw(st.sampled_from(names))
    folded = not figure_blockers(rules)[name].isdisjoint(mine - {name})
    assert folded == literal_block(rules, name, mine - {name})
    fig = rules.figures[name]
    allowed = figure_allowed(
        rules, name, fig, mine, front=True, trump=0, ladder_said_this_round=False
    )
    expected = (
        fig.enabled and fig.front and name not in mine and not literal_block(rules, name, mine)
    )
    assert allowed == expected


def test_potter_ladder_only_rises() -> None:
    """pagat, "Figures": abszolút may be followed by 100 (in a later round), never the
    reverse; and the two are not said in one round."""
    rules = alsos.load_variant("potter1930")
    blocks = figure_blockers(rules)
    assert "100" in blocks["abszolut"]
    assert "abszolut" not in blocks["100"]
    fig = rules.figures["100"]
    later = figure_allowed(
        rules, "100", fig, {"abszolut"}, front=True, trump=0, ladder_said_this_round=False
    )
    same_round = figure_allowed(
        rules, "100", fig, {"abszolut"}, front=True, trump=0, ladder_said_this_round=True
    )
    assert later and not same_round


def test_blockers_are_cached_per_ruleset() -> None:
    rules = alsos.load_variant("potter1930")
    assert figure_blockers(rules) is figure_blockers(rules)
    other = alsos.load_variant("house")
    assert figure_blockers(other) is not figure_blockers(rules)


ONCE_PER_SIDE = alsos.load_variant(
    "potter1930", **{"figures.abszolut.once_per_side": True, "figures.100.once_per_side": True}
)


class KeepsNothing(dict[Any, Any]):
    """A cache that never answers: every lookup reads the rules afresh."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default


@pytest.mark.parametrize("rules", [*PROFILES, ONCE_PER_SIDE], ids=str)
def test_kept_options_never_change_what_is_legal(rules: Ruleset) -> None:
    """The figure and meld options a game keeps between actions give the same legal
    actions as reading the rules afresh every time -- also after a card leaves
    the hand or arrives (pick-up, exchange, síber), and for a partner after a
    figure its side may say only once."""
    rng = random.Random(11)
    for seed in range(40):
        kept = alsos.Game(rules, seed=seed)
        fresh = alsos.Game(rules, seed=seed)
        for step in steps(kept, at_random(rng)):
            # A new round replaces the caches: make them forget before every step.
            fresh.state.figure_cache = KeepsNothing()
            fresh.state.meld_cache = KeepsNothing()
            assert step.legal == fresh.legal_actions(), (seed, kept.history[-1:])
            fresh.apply(step.action)
