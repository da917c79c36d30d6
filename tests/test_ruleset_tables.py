"""One tables object per ruleset, hung on the engine and reached from a view's ruleset.

What is derived from a ruleset (card orders, trick keys, card points, figure blockers,
the bots' own tables) is built once and shared by the engine, the speech rounds, the
scoring and the bots; a view carries its ruleset, so a bot or a determinization never
loads the profile again from the view's variant string.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import alsos
import alsos.ruleset.loading
from alsos.bots import HeuristicBot
from alsos.hand.engine import engine_for
from alsos.hand.speech import figure_blockers
from alsos.play.view import View, make_view
from alsos.ruleset.tables import figure_blockers_of, rules_named, tables_of
from alsos.search import determinize

FIELDS = {a.name for a in attrs.fields(View)}


def _unique_rules(trump_value: int) -> alsos.Ruleset:
    """A ruleset no other test loaded (its canonical string is new): caches start cold."""
    return alsos.load_variant("potter1930", **{"games.trump": trump_value})


def test_the_engine_hangs_the_one_tables_object_of_its_ruleset() -> None:
    rules = alsos.load_variant("house")
    eng = engine_for(rules)
    assert engine_for(rules) is eng
    assert eng.tables is tables_of(rules) and tables_of(rules).engine is eng
    assert figure_blockers(rules) is tables_of(rules).blockers
    assert figure_blockers(rules) == figure_blockers_of(rules)


@pytest.mark.parametrize("variant", ["potter1930", "csibor", "club", "altiansz"])
def test_order_for_is_the_order_the_engine_plays(variant: str) -> None:
    """The engine's trick keys for the contract are the tables' (one order_for)."""
    rules = alsos.load_variant(variant)
    tables = tables_of(rules)
    c = rules.cards
    assert tables.order_for("betli") is c.betli_order
    assert tables.order_for("klopitzky") is c.klopitzky_order
    assert tables.order_for("trump") is c.plain_order
    assert tables.order_for(None) is c.plain_order
    assert tables.trump_ranks == tuple(int(r) for r in c.trump_order.ranks)
    for seed in range(30):
        game = alsos.Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase is alsos.Phase.PLAY and game.tricks_won:
                view = game.view(game.active[0])
                s = game._s
                assert s.key is tables.trick_keys(view.kind, view.trump)
                assert engine_for(rules).points_table(s) is tables.points(view.trump)
                break
            game.apply(rng.choice(game.legal_actions()))


def test_a_view_carries_the_games_ruleset_but_never_sends_it() -> None:
    rules = _unique_rules(7)
    game = alsos.Game(rules, seed=1)
    seat = game.to_act
    assert seat is not None
    lazy = game.view(seat)
    eager = make_view(engine_for(rules), game._s, seat)
    assert lazy.rules is rules and eager.rules is rules
    data = alsos.to_data(lazy)
    assert set(data) <= FIELDS and "rules" not in data and "_rules" not in data
    assert "rules" not in lazy.__getstate__()
    back = alsos.from_data(View, data)
    assert back == lazy
    # found again by its string: the ruleset in use, not a second load of the profile
    assert back.rules is rules
    assert pickle.loads(pickle.dumps(lazy)).rules is rules


def test_deciding_never_loads_the_profile_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic bot and determinization read the view's ruleset and the engine's
    tables: with the profile loaded once by the caller, no decision reads a profile.

    (Before, each kept its own cache keyed on ``view.variant`` and loaded the profile
    from that string on first use.)"""
    rules = _unique_rules(9)
    loads: list[object] = []
    real = alsos.ruleset.loading._resolve

    def counting(*args: object, **kwargs: object) -> object:
        loads.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(alsos.ruleset.loading, "_resolve", counting)
    for seed in range(3):
        game = alsos.Game(rules, seed=seed)
        bots = {s: HeuristicBot(seed=s) for s in game.active}
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if len(view.history) == 6:
                determinize(view, random.Random(seed))
            game.apply(bots[seat].choose(view, game.legal_actions()), seat=seat)
    assert loads == []


def test_rules_named_finds_a_ruleset_in_use_before_loading() -> None:
    rules = _unique_rules(11)
    tables_of(rules)
    assert rules_named(str(rules)) is rules
