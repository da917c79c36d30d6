"""The compiled build (mypyc: what ``pip install`` gives wherever there is a C
compiler) plays exactly as the pure-Python package; where there is none, the
build falls back to a pure wheel that says why.

The compiled package under test is the installed one when it is compiled (CI
installs it so, with the README's test command); otherwise the wheel is built
from a copy of the checkout with ``ALSOS_BUILD=compiled``, unpacked, and put
first on ``PYTHONPATH`` of child processes.  Then: the modules the hook names
really load as extensions; every shipped profile deals, plays and settles
random hands with the same fingerprint, the search's playouts and solver
give the same results and the heuristic bot the same decisions
(``examples/same_settlements.py --search --heuristic``); and the
tests of what it compiles pass against it.  The fallback is tested for real:
a build whose ``CC`` is no compiler gives a ``py3-none-any`` wheel with one
line saying why.  Needs a C compiler and the build's packages from the index:
skipped where there is no compiler, except under CI, where it must run.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import alsos
from alsos.version import COMPILED, build_description, compiled_modules

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
#: How ``alsos --version`` names them.
NAMES = "(compiled: " + ", ".join(name.removeprefix("alsos.") for name in COMPILED) + ")"
#: The installed package is the compiled build: the whole suite runs against it.
INSTALLED_COMPILED = compiled_modules() == COMPILED


def _run(args: list[str], pythonpath: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "NO_COLOR": "1"}
    # -P: the working directory (the checkout) is not put ahead of PYTHONPATH
    return subprocess.run(
        [sys.executable, "-P", *args], cwd=ROOT, env=env, capture_output=True, text=True, **kwargs
    )


def _need_compiler() -> None:
    if not (shutil.which("cc") or shutil.which("gcc")):
        if os.environ.get("CI"):
            pytest.fail("CI must test the compiled build, but there is no C compiler")
        pytest.skip("no C compiler for the compiled build")


def _build_wheel(base: Path, **env: str) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """Build a wheel of a copy of the checkout (pip, isolated); the run, the copy, the dist."""
    src = base / "src"  # a copy, so that tests running beside this one never see a build
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "_build.txt")
    for name in ("alsos", "variants"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE", "hatch_build.py"):
        shutil.copy2(ROOT / name, src / name)
    dist = base / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(dist), str(src)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    return build, src, dist


def _unpack(wheel: Path, out: Path) -> Path:
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(out)
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the compiled package, to put first on PYTHONPATH."""
    if INSTALLED_COMPILED:
        return Path(alsos.__file__).resolve().parent.parent
    _need_compiler()
    base = tmp_path_factory.mktemp("compiled")
    build, src, dist = _build_wheel(base, ALSOS_BUILD="compiled")
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    leftovers = [p for p in src.rglob("*") if p.name.endswith(SUFFIXES)]
    assert not leftovers, f"the build left compiled modules in the source tree: {leftovers}"
    (wheel,) = dist.glob("alsos-*.whl")
    assert not wheel.name.endswith("-none-any.whl"), "a compiled wheel is tagged for its platform"
    return _unpack(wheel, base / "site")


@pytest.mark.slow
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


@pytest.mark.slow
def test_every_profile_plays_and_searches_the_same_compiled(site: Path) -> None:
    """Same deals, legal moves, settlements, playouts, solver results and heuristic
    decisions (its card play is compiled), profile by profile."""
    script = str(ROOT / "examples" / "same_settlements.py")
    compiled = _run([script, "150", "--search", "--heuristic"], site)
    assert compiled.returncode == 0, compiled.stderr
    assert NAMES in compiled.stderr
    pure = _run([script, "150", "--search", "--heuristic"], ROOT)
    assert pure.returncode == 0, pure.stderr
    assert "(pure Python)" in pure.stderr
    assert compiled.stdout == pure.stdout
    # every shipped profile, then csibor at 2 and 4 seats and altiansz at 4
    assert len(compiled.stdout.splitlines()) == len(alsos.shipped_variants()) + 3


@pytest.mark.slow
@pytest.mark.skipif(INSTALLED_COMPILED, reason="the whole suite runs against the compiled build")
def test_the_tests_of_the_compiled_modules_pass_compiled(site: Path) -> None:
    tests = ["test_search_solve", "test_copy", "test_pimc", "test_potter_scoring",
             "test_module_protocol", "test_plugin", "test_variant_altiansz",
             "test_bots_heuristic_seen", "test_bots_ladder"]  # fmt: skip
    proc = _run(
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", *(f"tests/{t}.py" for t in tests)],
        site,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]


@pytest.mark.slow
def test_without_a_c_compiler_the_build_falls_back_to_pure_python(tmp_path: Path) -> None:
    """No working compiler (CC names none): a pure wheel, one line why, and --version tells."""
    build, src, dist = _build_wheel(tmp_path, CC=str(tmp_path / "no-such-cc"), ALSOS_BUILD="")
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    (wheel,) = dist.glob("alsos-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    output = (build.stdout + build.stderr).splitlines()
    said = [line for line in output if line.strip().startswith("alsos: ")]
    assert len(said) == 1 and "no working C compiler" in said[0], said
    assert "no-such-cc" in said[0]
    site = _unpack(wheel, tmp_path / "site")
    assert compiled_modules(site / "alsos") == ()
    # the learned bot's weights ship in the wheel (alsos.rl.learned)
    shipped = {p.name for p in (site / "alsos" / "rl" / "policies").glob("*.npz")}
    assert {"potter1930.npz", "tompa.npz"} <= shipped, shipped
    version = _run(["-m", "alsos", "--version"], site)
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith("alsos 0.1.0 (pure Python: no working C compiler: "), version
    assert not [p for p in src.rglob("*") if p.name.endswith(SUFFIXES)]


@pytest.mark.slow
def test_a_compiled_build_that_cannot_compile_is_an_error(tmp_path: Path) -> None:
    """``ALSOS_BUILD=compiled`` (CI, releases) refuses to fall back."""
    build, _, dist = _build_wheel(tmp_path, CC=str(tmp_path / "no-such-cc"), ALSOS_BUILD="compiled")
    assert build.returncode != 0
    assert "ALSOS_BUILD=compiled, but no working C compiler" in build.stdout + build.stderr
    assert not list(dist.glob("*.whl"))


@pytest.mark.slow
def test_a_bad_build_choice_is_refused(tmp_path: Path) -> None:
    build, _, dist = _build_wheel(tmp_path, ALSOS_BUILD="fast")
    assert build.returncode != 0
    refusal = "ALSOS_BUILD must be one of auto, compiled, pure, not 'fast'"
    assert refusal in build.stdout + build.stderr
    assert not list(dist.glob("*.whl"))


@pytest.mark.slow
def test_a_pure_build_says_so(tmp_path: Path) -> None:
    """Unpacked, a wheel built with ``ALSOS_BUILD=pure`` names that choice in --version."""
    build, _, dist = _build_wheel(tmp_path, ALSOS_BUILD="pure")
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    (wheel,) = dist.glob("alsos-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    assert build_description(_unpack(wheel, tmp_path / "site") / "alsos") == (
        "pure Python: ALSOS_BUILD=pure"
    )


def test_the_compiled_modules_are_listed_once() -> None:
    """``alsos.version.COMPILED`` is the one list: sorted (as ``compiled_modules``
    reports), each a module of the checkout, and pyproject.toml's hook names no
    files of its own (hatch_build.py gives hatch-mypyc COMPILED's files)."""
    assert list(COMPILED) == sorted(set(COMPILED))
    for name in COMPILED:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
    with (ROOT / "pyproject.toml").open("rb") as f:
        hook = tomllib.load(f)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert "include" not in hook
    assert "compiled_files(self.root)" in (ROOT / "hatch_build.py").read_text(encoding="utf-8")


def test_the_checkout_holds_no_compiled_modules() -> None:
    """``pip install .`` from the checkout compiled it, but left its .py files alone."""
    assert compiled_modules(ROOT / "alsos") == ()
    assert not (ROOT / "alsos" / "_build.txt").exists()


def test_the_expected_build_is_the_one_under_test() -> None:
    """CI says which build each run tests (``ALSOS_EXPECT_BUILD``), and this checks it.

    ``compiled``: the installed compiled package, not the checkout, is imported.
    ``pure``: the checkout's .py files are (``PYTHONPATH`` names the checkout).
    """
    expected = os.environ.get("ALSOS_EXPECT_BUILD")
    if not expected:
        pytest.skip("ALSOS_EXPECT_BUILD is not set (CI sets it)")
    package = Path(alsos.__file__).resolve().parent
    if expected == "compiled":
        assert compiled_modules() == COMPILED
        assert package != ROOT / "alsos", package  # installed (CI's venv may be in ROOT)
    else:
        assert expected == "pure", expected
        assert compiled_modules() == ()
        assert package == ROOT / "alsos", package
