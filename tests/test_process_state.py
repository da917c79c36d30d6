"""Process-wide state of a library embedded in servers (issue 31, item 7).

What is derived from a ruleset -- its tables, its shared engine, what the speech
rounds and the terminal's help derive -- hangs on the ruleset object itself, so
it lives exactly as long as the ruleset: no table keyed on ``id()`` of an object
that can die and have its id reused, and nothing that outlives its ruleset.
What stays process-wide is keyed by value (a canonical string, a card tuple) and
bounded.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import attrs

import alsos
from alsos.hand.engine import engine_for
from alsos.ruleset.tables import tables_of
from alsos.words import clause


def test_a_ruleset_carries_its_own_tables_and_engine() -> None:
    rules = alsos.load_variant("tompa")
    tables = tables_of(rules)
    assert tables_of(rules) is tables and tables.rules is rules
    assert engine_for(rules).tables is tables and tables.engine is engine_for(rules)
    # An equal ruleset that is another object gets tables of its own, built for it.
    twin = attrs.evolve(rules)
    assert twin == rules and hash(twin) == hash(rules)
    assert tables_of(twin) is not tables and tables_of(twin).rules is twin


def test_the_tables_are_never_pickled_copied_or_compared() -> None:
    rules = alsos.load_variant("house")
    bare = pickle.dumps(rules)
    engine_for(rules)
    clause(rules, "siber")  # the terminal's help derives its clauses once, onto the tables
    assert pickle.dumps(rules) == bare
    again = pickle.loads(bare)
    assert again == rules and tables_of(again) is not tables_of(rules)
    assert "_tables" not in repr(rules)


def test_no_table_is_keyed_on_the_id_of_an_object() -> None:
    """``cache[id(rules)]`` kept the ruleset alive to stay correct, and emptied itself
    at 64 entries; the derived tables now hang on the ruleset."""
    root = Path(alsos.__file__).parent
    pattern = re.compile(r"\[id\(|\.get\(id\(|keep_for\(")
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, found
