"""The package's import structure: no circles, no edge the layer contract has to excuse,
no private name reached for across modules, no alsos module imported by name upwards.

The contract (``lint-imports``) checks the layers; these check what it cannot see or
what it would let pass if someone added an exception again.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "alsos"


def _structure_report() -> ModuleType:
    path = ROOT / "examples" / "structure_report.py"
    spec = importlib.util.spec_from_file_location("example_structure_report", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def test_the_import_graph_has_no_circles_and_no_upward_edges() -> None:
    """Was: game -> record -> session -> game (with determinize <-> talon_draws) and
    cards <-> svg, the two excused in the contract."""
    figures = _structure_report().report()
    assert figures["circles"] == []
    assert figures["upward_edges"] == []


def test_the_contract_excuses_no_import_and_marks_no_layer_optional() -> None:
    """Every module ships in the package: a layer in ``( )`` (allowed to be missing)
    would let a renamed or deleted module pass unnoticed."""
    for contract in _contracts():
        assert "ignore_imports" not in contract, contract["name"]
        for layer in contract.get("layers", ()):  # type: ignore[attr-defined]
            assert "(" not in layer, (contract["name"], layer)


def _modules() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.append((name, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def test_no_module_imports_a_private_name_of_another() -> None:
    """A leading underscore means "this module's own": another module importing it (as
    talon_draws did determinize's ``_Knowledge``) is a dependency no one can see.  A
    package may import its own private submodule."""
    found = []
    for name, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("alsos"):
                found += [
                    f"{name} imports {node.module}.{a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                    and not a.name.startswith("__")
                    and node.module != name  # a package's own private submodule
                ]
    assert found == []


def _own_private_names(tree: ast.Module) -> set[str]:
    """The private names a module defines: functions, classes, attributes and globals."""
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            if isinstance(t, ast.Attribute):
                own.add(t.attr)
            elif isinstance(t, ast.Name):
                own.add(t.id)
    return {n for n in own if n.startswith("_") and not n.startswith("__")}


def test_no_module_calls_a_private_name_of_another() -> None:
    """``x._name(...)`` where ``_name`` belongs to another alsos module and ``x`` is not
    ``self`` or ``cls`` (as game.py called the view's ``_settle``): a dependency on
    another module's insides that no import shows.  (The engine's transitions that its
    referee calls are declared by the referee's module, in its ``Transitions``.)"""
    modules = _modules()
    owners: dict[str, set[str]] = {}
    for name, tree in modules:
        for private in _own_private_names(tree):
            owners.setdefault(private, set()).add(name)
    found = []
    for name, tree in modules:
        own = _own_private_names(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            attr, target = node.func.attr, node.func.value
            if attr in own or attr not in owners:
                continue
            if isinstance(target, ast.Name) and target.id in ("self", "cls"):
                continue
            if isinstance(target, ast.Call) and getattr(target.func, "id", "") == "super":
                continue
            found.append(f"{name}:{node.lineno} calls {ast.unparse(node.func)}")
    assert found == []


def test_the_registry_imports_no_alsos_module_by_name() -> None:
    """The rule modules register themselves when the engine imports them; the registry,
    below them, only loads third-party entry points."""
    tree = dict(_modules())["alsos.ruleset.registry"]
    named = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith("alsos.")
        and node.value != "alsos.rules"  # the entry point group's name
    ]
    imports = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module"
    ]
    assert named == [] and imports == []


def test_a_card_still_draws_itself() -> None:
    """Card._repr_svg_ comes from alsos.pack.svg now, which ``import alsos`` imports."""
    import alsos
    from alsos.pack.svg import card_svg

    assert alsos.Card.MA._repr_svg_() == card_svg(alsos.Card.MA)  # type: ignore[attr-defined]


def test_game_record_is_record_from_game() -> None:
    """Game.record() is lent by the record module: the same record as Record.from_game."""
    import alsos

    game = alsos.Game(alsos.load_variant("potter1930"), seed=3)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    assert game.record().dumps() == alsos.Record.from_game(game).dumps()
    assert game.record(1).dumps() == alsos.Record.from_game(game, seat=1).dumps()


#: Functions allowed past the limit, each with the reason it stays long (issue 19).
LONG_ON_PURPOSE = {
    # Generated straight-line code (alsos/hand/state_fields.py writes it): one store or
    # item per field, on the search's hot path, where a loop costs several times more.
    "alsos/hand/state.py:copy": "generated, hot path",
    "alsos/hand/state.py:key_fields": "generated, hot path",
}


def test_no_function_is_longer_than_80_lines_unless_it_says_why() -> None:
    """A function over ~80 lines is split into named helpers, or listed above with why
    (issue 19: the longest functions are where a new maintainer slows down)."""
    rows = _structure_report()._long_functions(80)
    unexplained = [f"{n} {where}" for n, where in rows if where not in LONG_ON_PURPOSE]
    assert not unexplained, unexplained
