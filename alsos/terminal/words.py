"""Deprecated since 0.2: the words for a profile's rules are :mod:`alsos.words.rules`
(the terminal and the web table are both its clients).

The old names still read from here, with a :class:`DeprecationWarning`, until 0.3.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

__all__: list[str] = []  # the old names, read with a warning


def __getattr__(name: str) -> Any:
    rules = importlib.import_module("alsos.words.rules")
    if name.startswith("_") or name not in rules.__all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"alsos.terminal.words.{name} is deprecated since alsos 0.2: use alsos.words.rules.{name}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(rules, name)
