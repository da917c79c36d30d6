"""The module paths of alsos 0.x before its modules were grouped into layers.

Release 0.2 moved the flat modules of ``alsos/`` into subpackages that name
the layers of the design (:mod:`alsos.pack`, :mod:`alsos.ruleset`,
:mod:`alsos.hand`, :mod:`alsos.play`, :mod:`alsos.records`,
:mod:`alsos.research`).  Code written
against the old paths keeps working for one minor version, as the API policy
in CHANGELOG.md promises: ``import alsos.engine`` or ``from alsos.game import
Game`` gives the module at its new place, the very same module object, with a
:class:`DeprecationWarning` naming the new path.  The names exported by
:mod:`alsos` itself did not move.

The finder here answers only for the old names, so it costs nothing for
imports of the new ones.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "new_name"]

#: Old top-level module of ``alsos`` -> the subpackage it moved into.
MOVED: dict[str, str] = {
    **dict.fromkeys(("cards", "tables", "deal", "actions", "phases", "svg"), "pack"),
    **dict.fromkeys(("profile", "registry", "sources", "checks", "schema", "loading"), "ruleset"),
    **dict.fromkeys(
        (
            "state",
            "module_state",
            "items",
            "melds",
            "settlement",
            "protocol",
            "speech",
            "validation",
            "engine",
            "rules",
            "events",
        ),
        "hand",
    ),
    **dict.fromkeys(("game", "view", "session", "data"), "play"),
    **dict.fromkeys(("record", "record_syntax"), "records"),
    **dict.fromkeys(
        ("simulate", "arena", "parallel", "checkpoint", "stats", "row_files"), "research"
    ),
}


def new_name(old: str) -> str | None:
    """The current dotted path of module ``old`` (``"alsos.engine"`` ->
    ``"alsos.hand.engine"``), or None when ``old`` did not move."""
    parts = old.split(".")
    if len(parts) < 2 or parts[0] != "alsos" or parts[1] not in MOVED:
        return None
    return ".".join(["alsos", MOVED[parts[1]], *parts[1:]])


#: Files whose frames stand between the user's import line and :func:`warn`.
_MACHINERY = (__file__, importlib.__file__, os.path.join(os.path.dirname(__file__), "__init__.py"))


def warn(old: str, new: str) -> None:
    """Say that ``old`` is now ``new`` (DeprecationWarning), pointing at the
    line that imported it rather than at the import machinery."""
    # warnings counts the caller of warn() as level 2 and skips the import
    # system's own frames itself; count the frames of this package's machinery.
    level, frame = 2, sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if name in _MACHINERY:
            level += 1
        elif not ("importlib" in name and "_bootstrap" in name):
            break
        frame = frame.f_back  # type: ignore[assignment]
    warnings.warn(
        f"{old} moved to {new} in alsos 0.2; the old path goes in 0.3 "
        "(the names exported by alsos itself did not move)",
        DeprecationWarning,
        stacklevel=level,
    )


class _Alias(importlib.abc.Loader):
    """Hands out the module at its new path under its old name."""

    def __init__(self, new: str) -> None:
        self._new = new
        self._spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self._new)
        self._spec = module.__spec__  # the import system overwrites it: put it back below
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._spec


class MovedFinder(importlib.abc.MetaPathFinder):
    """A finder on :data:`sys.meta_path` that knows only the old paths."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = new_name(fullname)
        if new is None:
            return None
        warn(fullname, new)
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


def install() -> None:
    """Put the finder first on :data:`sys.meta_path` (once)."""
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())
