"""The version of alsos (also in ``pyproject.toml``; a test keeps the two equal),
and which of its modules this installation runs compiled.

The compiled build (``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``, see the
README's "Speed") turns the search's inner loop -- :mod:`alsos.engine`,
:mod:`alsos.state`, :mod:`alsos.rules.scoring`, ``alsos.validation``,
:mod:`alsos.search.playout` and :mod:`alsos.search.solver` -- into C
extensions with mypyc, from the very same source (see docs/search.rst,
"The compiled build").  A compiled module
plays exactly as its ``.py`` file does (``tests/test_compiled.py``); only
the speed differs, so a benchmark should say which build it measured.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

__all__ = ["__version__", "compiled_modules"]

__version__ = "0.1.0"


def compiled_modules(package: Path | None = None) -> tuple[str, ...]:
    """The dotted names of the alsos modules installed as compiled extensions.

    Empty for the pure-Python package (the default, and every editable
    install).  Read from the files of ``package`` (default: the folder this
    module was loaded from), so it tells what an import of those modules
    will load: Python prefers an extension module to a ``.py`` file of the
    same name.
    """
    root = Path(__file__).resolve().parent if package is None else package
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    names = []
    for path in root.rglob("*"):
        if path.name.endswith(suffixes):
            stem = path.name.split(".", 1)[0]
            parts = path.relative_to(root).parent.parts
            names.append(".".join(("alsos", *parts, stem)))
    return tuple(sorted(names))
