"""The compiled build (mypyc, ``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``) plays
exactly as the pure-Python package.

The wheel is built from a copy of the checkout with pyproject.toml's mypyc
hook, unpacked, and put first on ``PYTHONPATH`` of child processes.  Then:
the modules the hook names really load as extensions; every shipped profile
deals, plays and settles random hands with the same fingerprint, and the
search's playouts and solver give the same results
(``examples/same_settlements.py --search``); and the tests of what it
compiles pass against it: the solver, playouts and copies, the potter
scoring, the hand state under rule modules and plugins (the modules'
hooks given at registration), and the ladder profile's hooks.  Needs a C
compiler and the build's packages from the index: skipped where there is
no compiler, except under CI, where it must run.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import alsos
from alsos.version import compiled_modules

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
COMPILED = (
    "alsos.engine",
    "alsos.rules.scoring",
    "alsos.search.playout",
    "alsos.search.solver",
    "alsos.state",
    "alsos.validation",
)
#: How ``alsos --version`` names them.
NAMES = "(compiled: engine, rules.scoring, search.playout, search.solver, state, validation)"


def _run(args: list[str], pythonpath: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "NO_COLOR": "1"}
    # -P: the working directory (the checkout) is not put ahead of PYTHONPATH
    return subprocess.run(
        [sys.executable, "-P", *args], cwd=ROOT, env=env, capture_output=True, text=True, **kwargs
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled wheel, unpacked: a folder to put first on PYTHONPATH."""
    if not (shutil.which("cc") or shutil.which("gcc")):
        if os.environ.get("CI"):
            pytest.fail("CI must test the compiled build, but there is no C compiler")
        pytest.skip("no C compiler for the compiled build")
    base = tmp_path_factory.mktemp("compiled")
    src = base / "src"  # a copy, so that tests running beside this one never see a build
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    for name in ("alsos", "variants"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE", "hatch_build.py"):
        shutil.copy2(ROOT / name, src / name)
    dist = base / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)],
        env={**os.environ, "HATCH_BUILD_HOOKS_ENABLE": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    leftovers = [p for p in src.rglob("*") if p.name.endswith(SUFFIXES)]
    assert not leftovers, f"the build left compiled modules in the source tree: {leftovers}"
    (wheel,) = dist.glob("alsos-*.whl")
    out = base / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(out)
    return out


def test_the_hook_compiles_the_search_inner_loop(site: Path) -> None:
    assert compiled_modules(site / "alsos") == COMPILED
    assert compiled_modules() == () or compiled_modules() == COMPILED
    code = f"import importlib; print(*(importlib.import_module(m).__file__ for m in {COMPILED}))"
    proc = _run(["-c", code], site)
    assert proc.returncode == 0, proc.stderr
    files = proc.stdout.split()
    assert all(Path(f).is_relative_to(site) and f.endswith(".so") for f in files), files
    version = _run(["-m", "alsos", "--version"], site)
    assert version.stdout.strip().endswith(NAMES), version


def test_every_profile_plays_and_searches_the_same_compiled(site: Path) -> None:
    """Same deals, legal moves, settlements, playouts and solver results, profile by profile."""
    script = str(ROOT / "examples" / "same_settlements.py")
    compiled = _run([script, "150", "--search"], site)
    assert compiled.returncode == 0, compiled.stderr
    assert NAMES in compiled.stderr
    pure = _run([script, "150", "--search"], ROOT)
    assert pure.returncode == 0, pure.stderr
    assert "(pure Python)" in pure.stderr
    assert compiled.stdout == pure.stdout
    # every shipped profile, then csibor at 2 and 4 seats and altiansz at 4
    assert len(compiled.stdout.splitlines()) == len(alsos.shipped_variants()) + 3


def test_the_tests_of_the_compiled_modules_pass_compiled(site: Path) -> None:
    tests = ["test_search_solve", "test_copy", "test_pimc", "test_potter_scoring",
             "test_module_protocol", "test_plugin", "test_variant_altiansz"]  # fmt: skip
    proc = _run(
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", *(f"tests/{t}.py" for t in tests)],
        site,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
