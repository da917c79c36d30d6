"""Hatchling build hook: a wheel of alsos is compiled where it can be, pure where not.

The one hook enabled by default (``[tool.hatch.build.targets.wheel.hooks.custom]``
in pyproject.toml, whose options it passes on to hatch-mypyc, with the files
to compile read from ``alsos.version.COMPILED``: see :func:`compiled_files`)
decides, for each wheel, which build it gets:

* an editable install is always pure Python: the checkout's ``.py`` files are
  what runs, and no extension module is ever left beside them to shadow them;
* ``ALSOS_BUILD=pure`` asks for the pure-Python wheel (``py3-none-any``);
* otherwise (``ALSOS_BUILD=auto``, the default) it checks that a C compiler
  can build a Python extension here, then runs hatch-mypyc's hook, which
  compiles the search's inner loop into C extensions and tags the wheel for
  this platform.  Where there is no working compiler, or mypyc fails, it
  prints one line saying why and builds the pure wheel; ``ALSOS_BUILD=compiled``
  makes that an error instead (for CI and release builds).

A pure wheel records why it is pure in ``alsos/_build.txt``, which
``alsos --version`` shows (pip hides a build's output unless run with ``-v``).
mypyc compiles in place: once the wheel is written, the extension modules
are removed from the source tree.
"""

from __future__ import annotations

import ast
import importlib.machinery
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: What ``ALSOS_BUILD`` may say.
CHOICES = ("auto", "compiled", "pure")
#: hatch-mypyc and what mypy needs to compile the package (the runtime
#: dependencies come with ``require-runtime-dependencies`` in pyproject.toml).
#: setuptools drives the C compiler for mypyc and for the check below.
COMPILE_REQUIRES = ["hatch-mypyc>=0.16.0", "mypy>=1.8", "types-PyYAML", "setuptools>=61"]

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


def compiled_files(root: str | Path) -> list[str]:
    """The files mypyc compiles, as hatch-mypyc's ``include`` patterns (``/alsos/....py``).

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
            return ["/" + name.replace(".", "/") + ".py" for name in names]
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


class AlsosBuildHook(BuildHookInterface):  # type: ignore[misc]  (hatchling ships no types)
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the build environment needs: hatch-mypyc and mypy unless the build is pure."""
        return [] if build_choice() == "pure" else list(COMPILE_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._note_dir: tempfile.TemporaryDirectory[str] | None = None
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
            line = "alsos: building the pure-Python wheel (ALSOS_BUILD=pure)"
            self._pure(build_data, "ALSOS_BUILD=pure", line)
            return
        problem = compiler_problem()
        if problem is None:
            problem = self._compile(version, build_data)
            if problem is None:
                return
            reason = f"mypyc failed: {problem}"
        else:
            reason = f"no working C compiler: {problem}"
        if choice == "compiled":
            raise RuntimeError(f"ALSOS_BUILD=compiled, but {reason}")
        self._pure(
            build_data,
            reason,
            f"alsos: building the pure-Python wheel, not the compiled one ({reason}); "
            "install a C compiler and the Python headers and reinstall for the compiled build",
        )

    def _compile(self, version: str, build_data: dict[str, Any]) -> str | None:
        """Run hatch-mypyc's hook with this hook's options; why it failed, or None."""
        try:
            from hatch_mypyc.plugin import MypycBuildHook
        except ImportError as error:
            return f"hatch-mypyc is not installed ({error})"
        config = {**self.config, "include": compiled_files(self.root)}
        mypyc = MypycBuildHook(
            self.root,
            config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )
        try:
            mypyc.initialize(version, build_data)
        except Exception as error:  # mypyc reports every failure as a bare Exception
            mypyc.clean([version])
            return last_line(str(error)) or type(error).__name__
        return None

    def _pure(self, build_data: dict[str, Any], why: str, line: str) -> None:
        """Build the pure wheel, with ``alsos/_build.txt`` saying why, and say so once."""
        print(line, file=sys.stderr, flush=True)
        self._note_dir = tempfile.TemporaryDirectory()
        note = Path(self._note_dir.name) / "_build.txt"
        note.write_text(why + "\n", encoding="utf-8")
        build_data["force_include"][str(note)] = "alsos/_build.txt"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the extension modules mypyc compiled in place, and the note's folder."""
        if getattr(self, "_note_dir", None) is not None:
            self._note_dir.cleanup()
        suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
        root = Path(self.root).resolve()
        # the package's modules (packed by pattern), and the shared library at the
        # root (packed as a forced inclusion); the package has no other extensions
        compiled = [p for p in (root / "alsos").rglob("*") if p.name.endswith(suffixes)]
        compiled += [Path(p).resolve() for p in build_data.get("force_include", {})]
        for path in compiled:
            if path.name.endswith(suffixes) and path.is_relative_to(root) and path.is_file():
                path.unlink()
