"""Deprecated since 0.2: ``undo`` is :mod:`alsos.analysis.undo`, ``hint`` words are
:mod:`alsos.words.hints` (the terminal and the web table are both their clients).

The old names still read from here, with a :class:`DeprecationWarning`, until 0.3.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

__all__: list[str] = []  # the old names below, read with a warning

_MOVED = {
    "UndoRefused": "alsos.analysis.undo",
    "take_back_own": "alsos.analysis.undo",
    "hint_text": "alsos.words.hints",
}


def __getattr__(name: str) -> Any:
    where = _MOVED.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"alsos.terminal.assist.{name} is deprecated since alsos 0.2: use {where}.{name}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(where), name)
