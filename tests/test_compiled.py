"""The compiled build (mypyc: what ``pip install`` gives wherever there is a C
compiler) plays exactly as the pure-Python package; where there is none, the
build falls back to a pure wheel that says why.

The compiled package under test is the installed one when it is compiled (CI
installs it so, with the README's test command); otherwise the wheel is built
from the checkout with ``ALSOS_BUILD=compiled``, unpacked, and put
first on ``PYTHONPATH`` of child processes.  Then: the modules the hook names
really load as extensions; every shipped profile deals, plays and settles
random hands with the same fingerprint, the search's playouts and solver
give the same results and the heuristic bot the same decisions
(``examples/same_settlements.py --search --heuristic``); and the
tests of what it compiles pass against it.  The fallback is tested for real:
a build whose ``CC`` is no compiler gives a ``py3-none-any`` wheel with one
line saying why, which reaches the terminal of a ``pip install -q`` and
which the ``alsos`` command says once.  Every build is made from the
checkout itself, as ``pip install .`` makes it, and leaves it as it was:
two at once both compile, and one killed while mypyc runs changes
nothing.  Needs a C compiler and the build's packages from the index:
skipped where there is no compiler, except under CI, where it must run.
"""

from __future__ import annotations

import importlib.machinery
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

import alsos
from alsos.version import COMPILED, __version__, build_description, compiled_modules

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
#: How ``alsos --version`` names them.
NAMES = "(compiled: " + ", ".join(name.removeprefix("alsos.") for name in COMPILED) + ")"
#: The installed package is the compiled build: the whole suite runs against it.
INSTALLED_COMPILED = compiled_modules() == COMPILED


def _run(
    args: list[str], pythonpath: Path, env_extra: dict[str, str] | None = None, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "NO_COLOR": "1", **(env_extra or {})}
    # -P: the working directory (the checkout) is not put ahead of PYTHONPATH
    return subprocess.run(
        [sys.executable, "-P", *args], cwd=ROOT, env=env, capture_output=True, text=True, **kwargs
    )


def _need_compiler() -> None:
    if not (shutil.which("cc") or shutil.which("gcc")):
        if os.environ.get("CI"):
            pytest.fail("CI must test the compiled build, but there is no C compiler")
        pytest.skip("no C compiler for the compiled build")


def _pip(args: list[str], cwd: Path, **env: str) -> subprocess.Popen[str]:
    """Start ``python -m pip ARGS`` in a session of its own (no terminal to write to)."""
    return subprocess.Popen(
        [sys.executable, "-m", "pip", *args],
        cwd=cwd,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def _build_wheel(base: Path, **env: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Build a wheel of the checkout itself (pip, isolated, in-tree as ``pip install .``)."""
    dist = base / "dist"
    build = _pip(["wheel", "--no-deps", "-v", "-w", str(dist), str(ROOT)], base, **env)
    output, _ = build.communicate()
    return subprocess.CompletedProcess(build.args, build.returncode, output, ""), dist


#: What a test run itself may write into the checkout (never the build).
_NOT_THE_BUILD = {
    ".git",
    "__pycache__",
    ".hypothesis",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
}


def _tree(root: Path = ROOT) -> dict[str, tuple[int, int]]:
    """Every file and folder of the checkout: its size and modification time (ns).

    A folder's time changes when a file is made, renamed or removed in it, so
    this catches a build that writes and then removes its files.  Left out:
    the virtual environments and the caches of Python and the tools.
    """
    found = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _NOT_THE_BUILD and not d.startswith(".venv")]
        for name in [".", *files]:
            path = Path(folder, name)
            stat = path.stat()
            found[str(path.relative_to(root))] = (stat.st_size, stat.st_mtime_ns)
    return found


def _changed(before: dict[str, tuple[int, int]]) -> list[str]:
    after = _tree()
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


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
    before = _tree()
    build, dist = _build_wheel(base, ALSOS_BUILD="compiled")
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert not _changed(before), f"the build changed the checkout: {_changed(before)}"
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
    build, dist = _build_wheel(tmp_path, CC=str(tmp_path / "no-such-cc"), ALSOS_BUILD="")
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
    assert version.stdout.startswith(
        f"alsos {__version__} (pure Python: no working C compiler: "
    ), version


@pytest.mark.slow
def test_a_compiled_build_that_cannot_compile_is_an_error(tmp_path: Path) -> None:
    """``ALSOS_BUILD=compiled`` (CI, releases) refuses to fall back."""
    build, dist = _build_wheel(tmp_path, CC=str(tmp_path / "no-such-cc"), ALSOS_BUILD="compiled")
    assert build.returncode != 0
    assert "ALSOS_BUILD=compiled, but no working C compiler" in build.stdout + build.stderr
    assert not list(dist.glob("*.whl"))


@pytest.mark.slow
def test_a_bad_build_choice_is_refused(tmp_path: Path) -> None:
    build, dist = _build_wheel(tmp_path, ALSOS_BUILD="fast")
    assert build.returncode != 0
    refusal = "ALSOS_BUILD must be one of auto, compiled, pure, not 'fast'"
    assert refusal in build.stdout + build.stderr
    assert not list(dist.glob("*.whl"))


@pytest.mark.slow
def test_a_pure_build_says_so(tmp_path: Path) -> None:
    """Unpacked, a wheel built with ``ALSOS_BUILD=pure`` names that choice in --version."""
    build, dist = _build_wheel(tmp_path, ALSOS_BUILD="pure")
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    (wheel,) = dist.glob("alsos-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    site = _unpack(wheel, tmp_path / "site")
    assert build_description(site / "alsos") == "pure Python: ALSOS_BUILD=pure"
    # asked for: the command has nothing to tell (see the failed compile below)
    variants = _run(["-m", "alsos", "variants"], site, env_extra={"XDG_CACHE_HOME": str(tmp_path)})
    assert variants.returncode == 0 and variants.stderr == "", variants.stderr


def _wheel_is_compiled(wheel: Path, out: Path) -> None:
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    assert compiled_modules(_unpack(wheel, out) / "alsos") == COMPILED


@pytest.mark.slow
def test_two_builds_from_one_checkout_at_once_both_compile(tmp_path: Path) -> None:
    """Two ``pip wheel`` of the checkout started together (as two ``pip install .``
    from one checkout are) both compile, and the checkout is left as it was."""
    _need_compiler()
    before = _tree()
    builds = [
        _pip(
            ["wheel", "--no-deps", "-w", str(tmp_path / f"dist{i}"), str(ROOT)],
            tmp_path,
            ALSOS_BUILD="auto",
        )
        for i in (1, 2)
    ]
    outputs = [build.communicate()[0] for build in builds]
    for i, (build, output) in enumerate(zip(builds, outputs, strict=True), 1):
        assert build.returncode == 0, output[-3000:]
        (wheel,) = (tmp_path / f"dist{i}").glob("alsos-*.whl")
        _wheel_is_compiled(wheel, tmp_path / f"site{i}")
    assert not _changed(before), f"the builds changed the checkout: {_changed(before)}"


def _session(leader: int) -> list[str]:
    """The command lines of the processes in the session ``leader`` started (Linux)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            stat = (proc / "stat").read_text()
            if proc.name.isdigit() and int(stat.rpartition(")")[2].split()[3]) == leader:
                found.append((proc / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, ValueError, IndexError):
            continue
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the compile in /proc")
def test_a_build_killed_while_mypyc_runs_leaves_the_checkout_as_it_was(tmp_path: Path) -> None:
    _need_compiler()
    before = _tree()
    temp = tmp_path / "tmp"  # the build's own temporary folders, left behind by the kill
    temp.mkdir()
    build = _pip(
        ["wheel", "--no-deps", "-w", str(tmp_path / "dist"), str(ROOT)],
        tmp_path,
        ALSOS_BUILD="auto",
        TMPDIR=str(temp),
    )
    deadline = time.monotonic() + 900
    while not any("build_ext" in line for line in _session(build.pid)):
        assert build.poll() is None, "the build ended before mypyc was seen running"
        assert time.monotonic() < deadline, "mypyc was not seen running"
        time.sleep(0.2)
    time.sleep(2)  # mypyc is at work
    os.killpg(build.pid, signal.SIGKILL)
    build.communicate()
    assert not _changed(before), f"the killed build changed the checkout: {_changed(before)}"


@pytest.mark.slow
def test_a_failed_compile_is_told_on_the_terminal_and_by_the_command(tmp_path: Path) -> None:
    """``pip install -q .`` where the compile fails (``CC`` names no compiler): the
    build still gives the pure package, the line why reaches the terminal pip
    ran in (pip shows nothing of the build), and the installed ``alsos``
    command says it once."""
    site, cache = tmp_path / "site", tmp_path / "cache"
    command = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "-q",
        "--no-deps",
        "--target",
        str(site),
        str(ROOT),
    ]
    env = {**os.environ, "ALSOS_BUILD": "auto", "CC": str(tmp_path / "no-such-cc")}
    if shutil.which("script"):  # util-linux: run pip on a terminal of its own
        args = ["script", "-qec", shlex.join(command), os.devnull]
    else:
        args = command
    install = subprocess.run(
        args, cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    said = [line for line in install.stdout.splitlines() if line.startswith("alsos: ")]
    if args[0] == "script":
        assert len(said) == 1, install.stdout
        assert said[0].startswith("alsos: building the pure-Python wheel, not the compiled one ")
        assert "no working C compiler" in said[0] and "no-such-cc" in said[0]
    else:  # pip -q shows nothing of a build: the command below is what tells
        assert not said, install.stdout
    assert compiled_modules(site / "alsos") == ()
    env_extra = {"XDG_CACHE_HOME": str(cache)}
    first = _run(["-m", "alsos", "variants"], site, env_extra=env_extra)
    assert first.returncode == 0, first.stderr
    told = first.stderr.splitlines()
    assert len(told) == 1 and told[0].startswith(
        "alsos: this installation is pure Python, not the compiled build: "
    ), told
    assert "its compile failed (no working C compiler: " in told[0] and "no-such-cc" in told[0]
    assert "potter1930" in first.stdout
    again = _run(["-m", "alsos", "variants"], site, env_extra=env_extra)
    assert again.returncode == 0 and again.stderr == "", again.stderr
    version = _run(["-m", "alsos", "--version"], site, env_extra=env_extra)
    assert version.stdout.startswith(
        f"alsos {__version__} (pure Python: no working C compiler: "
    ), version


def test_the_compiled_modules_are_listed_once() -> None:
    """``alsos.version.COMPILED`` is the one list: sorted (as ``compiled_modules``
    reports), each a module of the checkout, and pyproject.toml's hook names no
    files of its own (hatch_build.py gives mypyc COMPILED's files)."""
    assert list(COMPILED) == sorted(set(COMPILED))
    for name in COMPILED:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
    with (ROOT / "pyproject.toml").open("rb") as f:
        hook = tomllib.load(f)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert "include" not in hook
    assert "files = compiled_files(src)" in (ROOT / "hatch_build.py").read_text(encoding="utf-8")


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
