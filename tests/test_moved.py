"""The 0.1 module paths are gone in 0.3.

The flat modules of 0.1 (``alsos.engine``, ``alsos.game``, ``alsos.rules.bidding``, ...)
moved into the layer subpackages in 0.2, where the old paths still imported with a
DeprecationWarning; the API policy (CHANGELOG.md) removes them in 0.3.  These tests
check, in a fresh interpreter (so nothing is cached), that the old paths no longer import
and that the new ones import without a warning.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import alsos

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error", "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_an_old_module_path_no_longer_imports() -> None:
    run = _run(
        """
        import importlib
        for old in ("alsos.engine", "alsos.game", "alsos.session", "alsos.rules.bidding",
                    "alsos.record", "alsos.simulate", "alsos.cards", "alsos.profile"):
            try:
                importlib.import_module(old)
            except ModuleNotFoundError as exc:
                assert exc.name in (old, old.rsplit(".", 1)[0]), (old, exc.name)
            else:
                raise AssertionError(f"{old} still imports")
        try:
            import alsos.engine
        except ModuleNotFoundError:
            print("ok")
        """
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


def test_an_old_path_is_no_attribute_of_the_package() -> None:
    importlib.import_module("alsos.play.session")  # imported, and still not alsos.session
    for old in ("session", "engine", "game"):
        with pytest.raises(AttributeError, match=f"no attribute '{old}'"):
            getattr(alsos, old)


def test_new_paths_import_without_any_warning() -> None:
    run = _run(
        """
        import alsos, alsos.hand.engine, alsos.records.record, alsos.research.simulate
        import alsos.hand.rules.bidding, alsos.pack.svg, alsos.ruleset.loading
        print("ok")
        """
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
