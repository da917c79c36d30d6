"""Hatchling build hook: a wheel of alsos is compiled where it can be, pure where not.

The one hook enabled by default (``[tool.hatch.build.targets.wheel.hooks.custom]``
in pyproject.toml, whose ``mypy-args`` and ``options`` it hands to mypyc, with
the files to compile read from ``alsos.version.COMPILED``: see
:func:`compiled_files`) decides, for each wheel, which build it gets:

* an editable install is always pure Python: the checkout's ``.py`` files are
  what runs;
* ``ALSOS_BUILD=pure`` asks for the pure-Python wheel (``py3-none-any``);
* otherwise (``ALSOS_BUILD=auto``, the default) it checks that a C compiler
  can build a Python extension here, then has mypyc compile the search's
  inner loop into C extensions and tags the wheel for this platform.  Where
  there is no working compiler, or mypyc fails, it says why (see
  :func:`say`) and builds the pure wheel; ``ALSOS_BUILD=compiled`` makes that
  an error instead (for CI and release builds).

A pure wheel records why it is pure in ``alsos/_build.txt``, which
``alsos --version`` shows, and the ``alsos`` command says once when the
reason is a failed compile (``alsos.version.build_fallback``): pip shows a
build's output only with ``-v``.

The build never writes into the source tree.  The package's sources are
copied to a temporary folder, mypyc compiles them there (the generated C,
the objects, the extension modules and mypy's cache all stay in it), and
the extension modules are added to the wheel from there (``force_include``);
the folder is removed once the wheel is written.  So two builds from one
checkout at the same time do not meet, and a build killed midway leaves the
checkout as it was.  mypyc is driven through its own build API
(``mypyc.build.mypycify`` in a ``setup.py`` run by setuptools, as mypyc's
documentation shows), not through hatch-mypyc: hatch-mypyc compiles in the
project folder, and renames its ``pyproject.toml`` to ``pyproject.toml.bak``
for as long as the compile takes (to keep setuptools from reading it).
"""

from __future__ import annotations

import ast
import importlib.machinery
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: What ``ALSOS_BUILD`` may say.
CHOICES = ("auto", "compiled", "pure")
#: What the compile needs in the build environment: mypy (which ships mypyc)
#: and the stubs mypy checks the package with (the runtime dependencies come
#: with ``require-runtime-dependencies`` in pyproject.toml); setuptools drives
#: the C compiler for mypyc and for the check below.
COMPILE_REQUIRES = ["mypy>=1.8", "types-PyYAML", "setuptools>=61"]

# Builds a tiny extension the way mypyc's setuptools run will: the same
# compiler, flags and Python headers.  Run in a child process, so that the
# compiler's own messages are captured rather than mixed into the build log.
_CHECK = r"""
import os, sys, sysconfig, tempfile
import setuptools  # provides distutils on Python 3.12 and newer
from distutils.ccompiler import new_compiler
from distutils.sysconfig import customize_compiler
with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, "check.c")
    with open(source, "w") as f:
        f.write("#include <Python.h>\nint alsos_check(void) { return 0; }\n")
    compiler = new_compiler()
    customize_compiler(compiler)
    include = [sysconfig.get_paths()["include"], sysconfig.get_paths()["platinclude"]]
    objects = compiler.compile([source], output_dir=tmp, include_dirs=include)
    compiler.link_shared_object(objects, os.path.join(tmp, "check.so"))
"""

# The setup script mypyc's documentation describes, filled in by compile_package.
# setuptools is imported first (mypyc builds through it).
_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="alsos-mypyc", ext_modules=mypycify({args!r}, **{options!r}))
"""

#: The files the compile reads: the package's Python sources (mypy follows
#: the compiled modules' imports through the whole package).
_SOURCES = ("*.py", "*.pyi", "py.typed")


def compiled_files(root: str | Path) -> list[str]:
    """The files mypyc compiles, relative to ``root`` (``alsos/hand/engine.py``, ...).

    Read from ``COMPILED`` in ``alsos/version.py``, the one list of the compiled
    modules, which ``alsos --version`` and the tests use too.  The file is
    parsed, not imported: the build environment need not hold the package's
    dependencies, and ``COMPILED`` is a literal tuple of dotted module names.
    """
    path = Path(root) / "alsos" / "version.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == "COMPILED" and node.value is not None:
            names = ast.literal_eval(node.value)
            return [name.replace(".", "/") + ".py" for name in names]
    raise ValueError(f"{path}: no COMPILED = (...) tuple of module names to compile")


def build_choice() -> str:
    """``ALSOS_BUILD`` (default ``auto``), checked against :data:`CHOICES`."""
    choice = os.environ.get("ALSOS_BUILD", "auto").strip().lower() or "auto"
    if choice not in CHOICES:
        raw = os.environ["ALSOS_BUILD"][:60]
        message = f"ALSOS_BUILD must be one of {', '.join(CHOICES)}, not {raw!r}"
        raise ValueError(message)
    return choice


def last_line(text: str) -> str | None:
    """The last non-blank line of ``text``, without a leading exception name, shortened."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    return re.sub(r"^[\w.]*(Error|Exception): ", "", lines[-1])[:200]


def compiler_problem() -> str | None:
    """Why no C extension can be built here, in a few words, or None if one can."""
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _CHECK],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if proc.returncode == 0:
        return None
    return last_line(proc.stdout + proc.stderr) or f"the check exited with {proc.returncode}"


def _not_sources(folder: str, names: list[str]) -> set[str]:
    """What of a folder's ``names`` the compile does not read (for ``shutil.copytree``)."""
    return {
        name
        for name in names
        if name == "__pycache__"
        or not (
            os.path.isdir(os.path.join(folder, name))
            or any(Path(name).match(pattern) for pattern in _SOURCES)
        )
    }


class CompileError(Exception):
    """mypyc, or the C compiler it runs, failed: the message says why, in a line."""


def compile_package(
    root: Path, work: Path, mypy_args: list[str], options: dict[str, Any]
) -> dict[str, str]:
    """Compile the package of ``root`` in the folder ``work``, never writing into ``root``.

    Copies the package's sources to ``work/src``, runs mypyc there on
    :func:`compiled_files` (``mypy_args`` first, such as ``--strict``;
    ``options`` are :func:`mypyc.build.mypycify`'s, such as ``opt_level``), and
    returns the extension modules it built, each file's path mapped to its
    path in the wheel: one per compiled module, and mypyc's shared library
    (``<hash>__mypyc.<suffix>``, at the top of the wheel).
    """
    src, out, temp = work / "src", work / "lib", work / "temp"
    shutil.copytree(root / "alsos", src / "alsos", ignore=_not_sources)
    files = compiled_files(src)
    # mypy reads no configuration but this empty one: the compile is the same
    # whatever mypy.ini a user or a parent folder holds
    config = work / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    args = ["--config-file", str(config), *mypy_args, *files]
    options = {**options, "target_dir": str(work / "c")}
    (src / "setup.py").write_text(_SETUP.format(args=args, options=options), encoding="utf-8")
    command = [sys.executable, "setup.py", "build_ext", "--build-lib", str(out)]
    proc = subprocess.run(
        [*command, "--build-temp", str(temp)],
        cwd=src,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        check=False,
    )
    if proc.returncode != 0:
        raise CompileError(last_line(proc.stdout) or f"mypyc exited with {proc.returncode}")
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    built = {
        str(path): path.relative_to(out).as_posix()
        for path in sorted(out.rglob("*"))
        if path.name.endswith(suffixes)
    }
    modules = {target.split(".", 1)[0] + ".py" for target in built.values()}
    missing = sorted(set(files) - modules)
    shared = [target for target in built.values() if "__mypyc." in target and "/" not in target]
    if missing or len(shared) != 1 or len(built) != len(files) + 1:
        found = ", ".join(sorted(built.values())) or "none"
        raise CompileError(f"mypyc built unexpected extension modules ({found}; missing {missing})")
    return built


def say(line: str) -> None:
    """Print ``line`` to the build's output, and to the terminal if pip hides that output.

    pip captures a build backend's output and shows it only with ``-v`` (or when
    the build fails), so under ``pip install .`` or ``-q`` nothing printed
    reaches the user.  Where the build has a controlling terminal (someone
    typed the command) and its standard error is not that terminal, the line is
    also written to ``/dev/tty``, so the person who asked for the install
    reads it (twice under ``pip -v``, which shows the output too).  Without
    a terminal (CI, a container build) the line stays in the log, and the
    installed package says it (``alsos --version``, and the ``alsos`` command
    once).
    """
    print(line, file=sys.stderr, flush=True)
    try:
        if sys.stderr.isatty():
            return
        with open("/dev/tty", "w", encoding="utf-8", errors="replace") as tty:
            tty.write(line + "\n")
    except (OSError, ValueError):  # no terminal, no /dev/tty, or stderr closed
        pass


class AlsosBuildHook(BuildHookInterface):  # type: ignore[misc]  (hatchling ships no types)
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the build environment needs: mypy and setuptools unless the build is pure."""
        return [] if build_choice() == "pure" else list(COMPILE_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._work: tempfile.TemporaryDirectory[str] | None = None
        if self.target_name != "wheel":
            return
        choice = build_choice()
        if version == "editable":
            if choice == "compiled":
                raise RuntimeError(
                    "ALSOS_BUILD=compiled: an editable install is always pure Python "
                    "(it runs the checkout's .py files); install with `pip install .`"
                )
            return
        if choice == "pure":
            print("alsos: building the pure-Python wheel (ALSOS_BUILD=pure)", file=sys.stderr)
            self._pure(build_data, "ALSOS_BUILD=pure")
            return
        problem = compiler_problem()
        if problem is None:
            problem = self._compile(build_data)
            if problem is None:
                return
            reason = f"mypyc failed: {problem}"
            advice = "`pip install -v` shows mypyc's output"
        else:
            reason = f"no working C compiler: {problem}"
            advice = (
                "install a C compiler and the Python headers and reinstall for the compiled build"
            )
        if choice == "compiled":
            raise RuntimeError(f"ALSOS_BUILD=compiled, but {reason}")
        self._pure(build_data, reason)
        say(f"alsos: building the pure-Python wheel, not the compiled one ({reason}); {advice}")

    def _folder(self) -> Path:
        """This build's temporary folder, outside the source tree (removed by finalize)."""
        if self._work is None:
            self._work = tempfile.TemporaryDirectory(prefix="alsos-build-")
        return Path(self._work.name)

    def _compile(self, build_data: dict[str, Any]) -> str | None:
        """Compile in the temporary folder and add the extensions to the wheel; why not, or None."""
        mypy_args = self.config.get("mypy-args", [])
        options = self.config.get("options", {})
        if not isinstance(mypy_args, list) or not all(isinstance(a, str) for a in mypy_args):
            raise TypeError("the build hook's `mypy-args` must be an array of strings")
        if not isinstance(options, dict):
            raise TypeError("the build hook's `options` must be a table (mypycify's arguments)")
        work = self._folder() / "compile"
        try:
            built = compile_package(Path(self.root), work, mypy_args, options)
        except (CompileError, OSError) as error:
            return str(error) or type(error).__name__
        build_data["force_include"].update(built)
        build_data["infer_tag"] = True  # cp311-cp311-linux_x86_64, say
        build_data["pure_python"] = False
        return None

    def _pure(self, build_data: dict[str, Any], why: str) -> None:
        """Build the pure wheel, with ``alsos/_build.txt`` saying why."""
        note = self._folder() / "_build.txt"
        note.write_text(why + "\n", encoding="utf-8")
        build_data["force_include"][str(note)] = "alsos/_build.txt"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the build's temporary folder (nothing of the build is in the source tree)."""
        if getattr(self, "_work", None) is not None:
            self._work.cleanup()
            self._work = None
