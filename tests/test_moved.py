"""The layout of 0.2: old module paths still work for one minor version, with a warning.

The API policy (CHANGELOG.md) promises that a public name changes only after a
minor version in which the old one works and warns.  The flat modules of 0.1
(``alsos.engine``, ``alsos.game``, ``alsos.rules.bidding``, ...) moved into
the layer subpackages; these tests import each old path in a fresh interpreter
(so nothing is cached) and check it is the same module, with a
DeprecationWarning that names the new path and points at the importing line.
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

import alsos
from alsos import _moved

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_every_old_module_is_listed_and_exists_at_its_new_place() -> None:
    for old, package in _moved.MOVED.items():
        new = importlib.import_module(f"alsos.{package}.{old}")
        assert new.__name__ == f"alsos.{package}.{old}"
    # and nothing at the top level shadows an old name (it would never warn)
    top = {m.name for m in pkgutil.iter_modules(alsos.__path__)}
    assert not top & set(_moved.MOVED)


def test_an_old_import_gives_the_same_module_and_says_where_it_went() -> None:
    run = _run(
        """
        import alsos.engine
        import alsos.hand.engine
        from alsos.game import Game
        from alsos.rules.bidding import __name__ as bidding
        import alsos
        assert alsos.engine is alsos.hand.engine
        assert Game is alsos.Game
        assert bidding == "alsos.hand.rules.bidding"
        assert alsos.hand.engine.__spec__.name == "alsos.hand.engine"
        print("ok")
        """
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
    for old, new in (
        ("alsos.engine", "alsos.hand.engine"),
        ("alsos.game", "alsos.play.game"),
        ("alsos.rules.bidding", "alsos.hand.rules.bidding"),
    ):
        assert f"DeprecationWarning: {old} moved to {new}" in run.stderr
    # the warning points at the user's line (``-c`` code is "<string>"), not at importlib
    assert "importlib" not in run.stderr
    assert "<string>:2: DeprecationWarning: alsos.engine moved" in run.stderr


def test_an_old_attribute_of_the_package_warns_too() -> None:
    with pytest.warns(DeprecationWarning, match=r"alsos\.session moved to alsos\.play\.session"):
        module = alsos.session  # type: ignore[attr-defined]
    assert module is importlib.import_module("alsos.play.session")


def test_names_that_never_existed_are_still_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="no attribute 'enginee'"):
        _ = alsos.enginee  # type: ignore[attr-defined]
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("alsos.hand.enginee")


def test_new_paths_import_without_any_warning() -> None:
    run = _run(
        """
        import warnings
        warnings.simplefilter("error")
        import alsos, alsos.hand.engine, alsos.records.record, alsos.research.simulate
        import alsos.hand.rules.bidding, alsos.pack.svg, alsos.ruleset.loading
        print("ok")
        """
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


def test_the_new_name_of_each_old_path() -> None:
    assert _moved.new_name("alsos.engine") == "alsos.hand.engine"
    assert _moved.new_name("alsos.rules.figures") == "alsos.hand.rules.figures"
    assert _moved.new_name("alsos.bots") is None
    assert _moved.new_name("alsos") is None
    assert _moved.new_name("other.engine") is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _moved.new_name("alsos.search.solver") is None
