"""The hand state's fields are declared once (``alsos/hand/state_fields.py``) and the
repetitive parts of ``alsos/hand/state.py`` are generated from that declaration
(issue 19, point 8): the file must hold exactly what the declaration writes,
and the declaration must say what the code does -- how a copy carries each
field, and which fields the key leaves out.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import alsos
from alsos.hand.state import FIELDS, HandState
from alsos.version import compiled_modules

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "alsos" / "hand" / "state.py"
GENERATOR = ROOT / "alsos" / "hand" / "state_fields.py"


def _declaration() -> ModuleType:
    """The generator module, loaded from its file (as the script runs, apart from alsos)."""
    spec = importlib.util.spec_from_file_location("state_fields_under_test", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # NamedTuple classes look their module up
    spec.loader.exec_module(module)
    return module


SF = _declaration()
DECLARED = [f for f in SF.DECLARATION if isinstance(f, SF.Field)]


def test_state_py_holds_what_the_declaration_generates() -> None:
    """Edit the declaration, not the generated parts: then rerun the generator."""
    text = STATE.read_text(encoding="utf-8")
    assert set(SF.regions(text)) == {"fields", "annotations", "init", "copy", "key_fields"}
    assert SF.generate(text) == text, (
        "alsos/hand/state.py is out of date: python alsos/hand/state_fields.py"
    )


def test_a_hand_edit_of_a_generated_part_is_caught(tmp_path: Path) -> None:
    """The check script notices a change between the markers, and rewrites it back."""
    changed = STATE.read_text(encoding="utf-8").replace(
        "new.hands = self.hands[:]", "new.hands = self.hands"
    )
    path = tmp_path / "state.py"
    path.write_text(changed, encoding="utf-8")
    assert not SF.check(path)
    assert SF.generate(changed) == STATE.read_text(encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr


def test_missing_markers_are_refused() -> None:
    with pytest.raises(ValueError, match="lacks the markers of"):
        SF.generate("FIELDS = ()\n")


def test_every_slot_is_declared_once_in_slot_order() -> None:
    names = [f.name for f in DECLARED]
    assert len(set(names)) == len(names)
    assert tuple(names) == FIELDS == getattr(HandState, "__slots__", FIELDS)  # compiled: none


def test_begin_round_sets_exactly_the_fields_declared_as_set_by_it() -> None:
    """``init=ROUND`` fields are left to ``begin_round``, which ``__init__`` calls."""
    tree = ast.parse(STATE.read_text(encoding="utf-8"))
    (method,) = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "begin_round"
    ]
    assigned = {
        target.attr
        for node in ast.walk(method)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute)
    }
    assert assigned == {f.name for f in DECLARED if f.init == SF.ROUND}


def _positions() -> list[HandState]:
    """States part-way through random hands of several profiles, each in a new phase."""
    states = []
    for variant in ("potter1930", "altiansz", "csibor"):
        rules = alsos.load_variant(variant)
        for seed in range(6):
            game, rng = alsos.Game(rules, seed=seed), random.Random(seed)
            while not game.is_over:
                if rng.random() < 0.1:
                    states.append(game.state)
                    break
                game.apply(rng.choice(game.legal_actions()))
    return states


@pytest.mark.parametrize("state", _positions()[:24])
def test_a_copy_carries_each_field_as_declared(state: HandState) -> None:
    """Shared values are the same object; lists and dicts equal but new; caches empty."""
    state.figure_cache[99] = (0, 0, ())  # a cache with something in it
    new = state.copy()
    for f in DECLARED:
        mine, theirs = getattr(state, f.name), getattr(new, f.name)
        if f.copy == SF.SHARE and isinstance(mine, int):  # compiled: unboxed, boxed anew
            assert theirs == mine, f.name
        elif f.copy == SF.SHARE:
            assert theirs is mine, f.name
        elif f.copy in (SF.LIST, SF.DICT):
            assert theirs == mine and theirs is not mine, f.name
        elif f.copy == SF.CACHE:
            assert theirs == {}, f.name


@pytest.mark.skipif(
    "alsos.hand.state" in compiled_modules(),
    reason="a compiled HandState refuses a value of another type; the pure run checks this",
)
def test_the_key_leaves_out_exactly_the_fields_declared_out() -> None:
    """Changing a field declared out leaves the key alone; changing any other changes it."""

    class Odd:  # a value no field holds: it breaks or changes whatever reads it
        pass

    state = _positions()[5]
    key = state.key_fields()
    for f in DECLARED:
        changed = state.copy()
        setattr(changed, f.name, Odd())
        if isinstance(f.key, SF.Out):
            assert changed.key_fields() == key, f.name
            assert f.key.why, f.name
        else:
            # TypeError, AttributeError: the key reads it (as a container, or its own key())
            with contextlib.suppress(TypeError, AttributeError):
                assert changed.key_fields() != key, f.name
