"""Kinds of game as data (issue 19, point 3): :func:`alsos.pack.phases.kind_rules`.

The engine compiles each kind of game once per ruleset -- card order, first
lead, value, early end, overtake -- and reads that table instead of asking
which kind it plays at each place (pagat, "Types of Game and Bidding", "First
Trick"; altiansz, "Play").
"""

from __future__ import annotations

import alsos
from alsos.hand.engine import engine_for
from alsos.pack.phases import Kind
from alsos.ruleset.kinds import kind_rules


def test_each_kind_reads_its_profile_keys() -> None:
    rules = alsos.load_variant(
        "potter1930",
        **{"games.betli": 7, "play.betli_lead": "declarer", "play.betli_overtake": True},
    )
    kinds = kind_rules(rules)
    assert set(kinds) == set(Kind)
    betli = kinds[Kind.BETLI]
    assert (betli.value, betli.lead, betli.overtake) == (7, "declarer", True)
    assert betli.order == rules.cards.betli_order
    assert betli.ends_on_declarer_trick and not betli.figures and not betli.exchange_and_melds
    assert kinds[Kind.KLOPITZKY].order == rules.cards.klopitzky_order
    assert not kinds[Kind.KLOPITZKY].speech
    assert kinds[Kind.TRUMP].figures and kinds[Kind.NO_TRUMPS].figures
    assert kinds[Kind.NO_TRUMPS].value == rules.games.no_trumps
    assert not any(k.ends_on_declarer_trick for n, k in kinds.items() if n is not Kind.BETLI)


def test_the_engine_plays_by_the_table() -> None:
    """The engine's per-card tests come from the table, not from the kind's name."""
    plain = engine_for(alsos.load_variant("potter1930"))
    assert plain._overtake_kinds == () and not plain.betli_overtake
    assert plain._early_end_kinds == (Kind.BETLI,)
    altiansz = engine_for(alsos.load_variant("altiansz"))
    assert altiansz._overtake_kinds == (Kind.BETLI,) and altiansz.betli_overtake
