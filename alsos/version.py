"""The version of alsos (also in ``pyproject.toml``; a test keeps the two equal),
which modules the compiled build compiles, and which this installation runs compiled.

The compiled build (what ``pip install`` gives wherever a C compiler is
found; see the README's "The compiled build") turns the search's inner
loop into C extensions with mypyc, from the very same source (see
docs/searching.rst, "The compiled build").  :data:`COMPILED` lists those
modules: it is the one list, which the build (``hatch_build.py``), the tests
and the docs all refer to.  A compiled module plays exactly as its ``.py``
file does (``tests/test_compiled.py``); only the speed differs, so a
benchmark should say which build it measured.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path
from typing import TYPE_CHECKING, Final

__all__ = ["COMPILED", "__version__", "build_description", "build_fallback", "compiled_modules"]

__version__ = "0.2.0"

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:  # mypyc reads the decorator from the source (a compiled class never calls it)

    def mypyc_attr(*args, **kwargs):
        """mypyc's options for a class it compiles (``mypy_extensions.mypyc_attr``):
        nothing to do when the class runs as Python, so no runtime dependency."""
        return lambda cls: cls


#: The modules the compiled build compiles with mypyc (sorted dotted names):
#: the engine, its speech and its referee, the hand state, tricks, the potter
#: scoring, meld validation, playouts, the solver, determinization (what a
#: world costs in a search), and the heuristic bot's card play (its knowledge,
#: ``Seen``, its card choice: a playout policy's every decision, and its
#: speech: the value, figures and kontras a simulation weighs every hand), and
#: the public game's checked step and lazy view (:mod:`alsos.play.turn`).
#: ``hatch_build.py`` reads this tuple from this file's source (a literal, so
#: that the build needs no import of the package) and hands mypyc the files.
COMPILED: Final[tuple[str, ...]] = (
    "alsos.bots.heuristic.cardplay",
    "alsos.bots.heuristic.seen",
    "alsos.bots.heuristic.speech",
    "alsos.hand.engine",
    "alsos.hand.referee",
    "alsos.hand.rules.scoring",
    "alsos.hand.speech",
    "alsos.hand.state",
    "alsos.hand.tricks",
    "alsos.hand.validation",
    "alsos.play.turn",
    "alsos.search.determinize",
    "alsos.search.knowledge",
    "alsos.search.places",
    "alsos.search.playout",
    "alsos.search.solver",
)


def compiled_modules(package: Path | None = None) -> tuple[str, ...]:
    """The dotted names of the alsos modules installed as compiled extensions.

    Empty for the pure-Python package (every editable install, and a wheel
    built with ``ALSOS_BUILD=pure`` or where no C compiler was found).  Read
    from the files of ``package`` (default: the folder this module was loaded
    from), so it tells what an import of those modules will load: Python
    prefers an extension module to a ``.py`` file of the same name.
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


def build_description(package: Path | None = None) -> str:
    """Which build this is, as ``alsos --version`` says it.

    ``compiled: hand.engine, ...`` names the compiled modules; ``pure Python``
    otherwise, followed by why where the wheel recorded it: a wheel built
    pure because there was no working C compiler (or by ``ALSOS_BUILD=pure``)
    carries that reason in ``alsos/_build.txt`` (written by hatch_build.py),
    since pip does not show the build's output.
    """
    root = Path(__file__).resolve().parent if package is None else package
    compiled = compiled_modules(root)
    if compiled:
        return "compiled: " + ", ".join(name.removeprefix("alsos.") for name in compiled)
    why = _build_note(root)
    return f"pure Python: {why}" if why else "pure Python"


def build_fallback(package: Path | None = None) -> str | None:
    """Why this package is pure Python although its build set out to compile it, or None.

    A wheel built with ``ALSOS_BUILD=auto`` (the default) falls back to pure
    Python where there is no working C compiler or mypyc fails, and says why
    in ``alsos/_build.txt``: this returns that reason (``no working C
    compiler: ...``, ``mypyc failed: ...``), which the ``alsos`` command tells
    once (pip shows nothing of the build under ``pip install -q``).  None for
    the compiled build, an editable install or a checkout (no note), and a
    wheel built pure on purpose (``ALSOS_BUILD=pure``).
    """
    root = Path(__file__).resolve().parent if package is None else package
    why = _build_note(root)
    if not why or why == _CHOSEN_PURE or compiled_modules(root):
        return None
    return why


#: What ``_build.txt`` says in a wheel built pure on purpose (hatch_build.py writes it).
_CHOSEN_PURE: Final = "ALSOS_BUILD=pure"


def _build_note(package: Path) -> str:
    """The reason a pure wheel recorded in ``_build.txt`` (shortened), or "" if none."""
    try:
        return (package / "_build.txt").read_text(encoding="utf-8").strip()[:200]
    except OSError:
        return ""
