"""Hatchling build hook for the compiled build: leave the checkout as it was.

The mypyc hook (``[tool.hatch.build.targets.wheel.hooks.mypyc]`` in
pyproject.toml) compiles in place: it writes its extension modules beside
the sources and packs them from there.  Left behind, they would shadow the
``.py`` files of an editable install of the same checkout, which would then
run stale compiled code.  This hook runs after it, only when build hooks are
enabled (``HATCH_BUILD_HOOKS_ENABLE=1``), and removes the extension modules
from the checkout once the wheel is written.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompiledCleanup(BuildHookInterface):  # type: ignore[misc]  (hatchling ships no types)
    PLUGIN_NAME = "custom"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
        root = Path(self.root).resolve()
        # the package's modules (packed by pattern), and the shared library at the
        # root (packed as a forced inclusion); the package has no other extensions
        compiled = [p for p in (root / "alsos").rglob("*") if p.name.endswith(suffixes)]
        compiled += [Path(p).resolve() for p in build_data.get("force_include", {})]
        for path in compiled:
            if path.name.endswith(suffixes) and path.is_relative_to(root) and path.is_file():
                path.unlink()
