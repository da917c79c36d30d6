"""Measure the package's structure: modules, import edges, circles, layer breaks, long functions.

Run from a checkout (``python examples/structure_report.py``); ``--json`` prints the figures as
JSON.  The import graph comes from grimp, the library behind import-linter (installed with the
``test`` extra), so the figures are the same ones ``lint-imports`` reasons about:

- *modules* and *edges*: every ``alsos`` module and every direct import between two of them
  (TYPE_CHECKING and function-level imports included, as import-linter counts them);
- *circles*: groups of modules that import each other, directly or through others (strongly
  connected components with more than one module);
- *upward edges*: imports from a module to one in a higher layer of a layers contract in
  ``pyproject.toml`` (the ones ``ignore_imports`` has to excuse);
- *long functions*: functions and methods over ``--lines`` lines (default 80), longest first.

The report measures; it judges nothing.  Compare two revisions by running it in each.
"""

from __future__ import annotations

import argparse
import ast
import json
import pathlib
import sys
import tomllib
from collections.abc import Iterable

import grimp

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _contracts() -> list[list[list[str]]]:
    """Each layers contract's layers, highest first, each a list of full module names
    (a contract with ``containers`` gives its layers once per container)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    out = []
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] != "layers":
            continue
        for container in contract.get("containers", [""]):
            prefix = container + "." if container else ""
            layers = []
            for layer in contract["layers"]:
                names = [part.strip().strip("()") for part in layer.split("|")]
                layers.append([prefix + n for n in names if n])
            out.append(layers)
    return out


def _layer_of(module: str, layers: list[list[str]]) -> int | None:
    """Index of the layer holding ``module`` (0 is the highest), or None if unlisted."""
    for i, names in enumerate(layers):
        for name in names:
            if module == name or module.startswith(name + "."):
                return i
    return None


def _circles(graph: grimp.ImportGraph, modules: Iterable[str]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def _long_functions(limit: int) -> list[tuple[int, str]]:
    rows = []
    for path in sorted((ROOT / "alsos").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    rows.append((length, f"{path.relative_to(ROOT)}:{node.name}"))
    return sorted(rows, reverse=True)


def report(limit: int = 80) -> dict[str, object]:
    """The figures, as plain data."""
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph("alsos")
    modules = sorted(graph.modules)
    edges = [(m, t) for m in modules for t in sorted(graph.find_modules_directly_imported_by(m))]
    contracts = _contracts()
    upward = []
    for source, target in edges:
        for layers in contracts:
            a, b = _layer_of(source, layers), _layer_of(target, layers)
            if a is not None and b is not None and b < a:
                upward.append(f"{source} -> {target}")
                break
    files = sorted((ROOT / "alsos").rglob("*.py"))
    lines = {str(p.relative_to(ROOT)): len(p.read_text("utf-8").splitlines()) for p in files}
    sizes = sorted(((n, name) for name, n in lines.items()), reverse=True)
    return {
        "modules": len(modules),
        "packages": len({m.rsplit(".", 1)[0] for m in modules if "." in m}),
        "top_level_modules": sum(1 for p in (ROOT / "alsos").glob("*.py")),
        # the first contract's layers (the folders), then all layers of every contract
        "layers": len(contracts[0]),
        "layers_in_all_contracts": sum(len(layers) for layers in contracts),
        "edges": len(edges),
        "circles": _circles(graph, modules),
        "upward_edges": upward,
        "long_functions": [f"{n} {name}" for n, name in _long_functions(limit)],
        "largest_modules": [f"{n} {name}" for n, name in sizes[:5]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=80, help="report functions longer than this")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = report(args.lines)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for key, value in figures.items():
        if isinstance(value, list):
            print(f"{key}: {len(value)}")
            for item in value:
                print(f"  {' | '.join(item) if isinstance(item, list) else item}")
        else:
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
