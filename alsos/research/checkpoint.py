"""Checkpoints of long runs, and the checks of their output files.

:class:`Checkpoint` appends each finished job's result to a JSON Lines file,
so that a stopped run can resume without losing or repeating finished jobs;
:class:`UnitCheckpoint` does so for runs cut into units (hands, deals) and
checks every line it reads back against the run.  :func:`check_outputs`
refuses, before a run starts, files it could not write when it ends.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import IO, Any, Self

from alsos.errors import ResearchError

__all__ = [
    "Checkpoint",
    "CheckpointError",
    "OutputError",
    "UnitCheckpoint",
    "check_outputs",
    "short",
    "write_json",
]


class CheckpointError(ResearchError):
    """A checkpoint file that belongs to another run or cannot be read."""


def _one_job(job: Any, result: Any) -> range:
    """A plain checkpoint's check: the key is a job number, and covers that job."""
    if type(job) is not int or job < 0:
        raise ValueError(f"job {str(job)[:60]!r} is not a job number")
    return range(job, job + 1)


class Checkpoint:
    """Finished jobs' results appended to a JSON Lines file, for resuming a stopped run.

    The first line is the run's ``header`` (its parameters); each further
    line is ``{"job": key, "result": ...}``, written and flushed as soon as
    the job finishes.  ``check(key, result)`` tells which units (hands,
    deals) a line holds, or raises ``ValueError`` saying why the line cannot
    be of this run; the default takes the key for a job number.

    :meth:`open` with ``resume=True`` keeps, of a file whose header matches,
    every line that reads back and passes ``check`` and holds no unit kept
    already; the others (cut short by a crash, damaged, of another run) are
    listed in ``dropped`` and removed from the file, and their units run
    again.  :meth:`report` says what was kept.
    """

    def __init__(
        self,
        path: str | Path | None,
        header: dict[str, Any],
        check: Callable[[Any, Any], Collection[int]] = _one_job,
    ) -> None:
        self.temporary = path is None
        if path is None:  # a run that writes no file: a fresh temporary one, never resumed
            fd, name = tempfile.mkstemp(prefix="alsos-", suffix=".partial.jsonl")
            os.close(fd)
            os.unlink(name)  # the checkpoint starts its own file
            path = name
        self.path = Path(path)
        self.header = json.loads(json.dumps(header))  # as it reads back (lists, not tuples)
        self.check = check
        self.done: dict[int, int] = {}  # job key -> byte offset of its line
        self.units: set[int] = set()  # the units the kept lines hold
        self.dropped: list[tuple[int, str]] = []  # (line number, why) of lines not kept
        self._file: IO[bytes] | None = None

    def open(self, resume: bool) -> Self:
        """Start the file, or with ``resume`` continue the one there.

        :raises CheckpointError: when resuming a file of another run or a
            folder, when the file cannot be read or written, or when a file
            exists and ``resume`` is false (so no finished work is
            overwritten by accident).
        """
        if self.path.is_dir():
            raise CheckpointError(f"{self.path} is a folder, not a checkpoint file")
        try:
            if self.path.exists():
                if not resume:
                    raise CheckpointError(
                        f"{self.path} holds an unfinished run; resume it (--resume) or delete it"
                    )
                self._read()
                self._file = self.path.open("ab")
            else:
                self._file = self.path.open("wb")
                self._file.write(_line({"header": self.header}))
                self._file.flush()
        except OSError as e:
            raise CheckpointError(f"{self.path}: {e.strerror or e}") from e
        return self

    def _read(self) -> None:
        kept: list[tuple[int, int]] = []  # (offset, length) of the kept lines
        with self.path.open("rb") as f:
            first = f.readline()
            try:
                header = json.loads(first)["header"]
            except (ValueError, KeyError, TypeError, IndexError, RecursionError) as e:
                raise CheckpointError(f"{self.path} is not a checkpoint of alsos") from e
            if header != self.header:
                raise CheckpointError(
                    f"{self.path} belongs to another run ({str(header)[:200]}); "
                    f"this run is {self.header}"
                )
            number = 1
            while line := f.readline():
                number += 1
                offset = f.tell() - len(line)
                why = self._verdict(line, offset)
                if why:
                    self.dropped.append((number, why))
                else:
                    kept.append((offset, len(line)))
        if self.dropped:
            self._rewrite(kept)

    def _verdict(self, line: bytes, offset: int) -> str:
        """Why ``line`` (at ``offset``) cannot be kept, or "" when it is kept."""
        if not line.endswith(b"\n"):
            return "cut short"
        try:
            data = json.loads(line)
            job, result = data["job"], data["result"]
            if set(data) != {"job", "result"}:
                raise KeyError
        except (ValueError, KeyError, TypeError, IndexError, RecursionError):
            return "not a line of results"
        try:
            units = set(self.check(job, result))
        except ValueError as e:
            return str(e)
        except RecursionError:
            return "nested too deeply"
        if job in self.done or units & self.units:
            return "repeats work kept from an earlier line"
        self.done[job] = offset
        self.units |= units
        return ""

    def _rewrite(self, kept: list[tuple[int, int]]) -> None:
        """Keep only the good lines: the header and ``kept``, through a file put in
        place whole (a crash leaves the old file or the new one)."""
        fresh = self.path.with_name(self.path.name + ".new")
        with self.path.open("rb") as old, fresh.open("wb") as new:
            new.write(_line({"header": self.header}))
            for offset, length in kept:
                old.seek(offset)
                new.write(old.read(length))
        os.replace(fresh, self.path)
        self._index()

    def _index(self) -> None:
        """Where each kept job's line starts, read from the file as it is now."""
        self.done.clear()
        with self.path.open("rb") as f:
            f.readline()
            offset = f.tell()
            while line := f.readline():
                self.done[json.loads(line)["job"]] = offset
                offset = f.tell()

    def report(self, unit: str, total: int) -> str:
        """What a resumed file gave: the units kept, and each line dropped with why."""
        text = (
            f"{self.path}: kept {len(self.units)} of {total} {unit} "
            f"from {len(self.done)} lines; the other {unit} are played"
        )
        if self.dropped:
            shown = "; ".join(f"line {n}: {why}" for n, why in self.dropped[:5])
            more = len(self.dropped) - 5
            text += f"; dropped {len(self.dropped)} damaged lines ({shown}"
            text += f"; and {more} more)" if more > 0 else ")"
        return text

    def add(self, job: int, result: Any, units: Collection[int] = ()) -> None:
        """Append job ``job``'s result (JSON-ready data) and flush it to disk;
        ``units`` are the units it holds (default: the job itself)."""
        assert self._file is not None, "open the checkpoint first"
        self._file.seek(0, os.SEEK_END)
        self.done[job] = self._file.tell()
        self.units.update(units or (job,))
        self._file.write(_line({"job": job, "result": result}))
        self._file.flush()

    def results(self) -> Iterator[tuple[int, Any]]:
        """Every stored result in job order (read back one at a time)."""
        if self._file is not None:
            self._file.flush()
        with self.path.open("rb") as f:
            for job in sorted(self.done):
                f.seek(self.done[job])
                yield job, json.loads(f.readline())["result"]

    def close(self, remove: bool = False) -> None:
        """Close the file; ``remove`` deletes it (the run finished and its output is
        written), as does closing a temporary checkpoint in any case."""
        if self._file is not None:
            self._file.close()
            self._file = None
        if remove or self.temporary:
            self.path.unlink(missing_ok=True)


class UnitCheckpoint(Checkpoint):
    """A checkpoint of a run cut into ``total`` units (hands, deals) run in jobs of
    any size (:func:`~alsos.research.parallel.run_units`).

    A line holds ``{"job": first, "result": {"count": n, "results": [...]}}``,
    the results of units ``first .. first+n-1``.  Resuming keeps a line only
    if its units lie within the run, its count matches its results and
    ``problem(unit, result)`` finds nothing wrong with each result (it
    returns what is wrong, or ""); anything else is dropped and played
    again.
    """

    def __init__(
        self,
        path: str | Path | None,
        header: dict[str, Any],
        total: int,
        unit: str,
        problem: Callable[[int, Any], str],
    ) -> None:
        super().__init__(path, header, self._check_line)
        self.total = total
        self.unit = unit
        self.problem = problem

    def _check_line(self, first: Any, result: Any) -> range:
        if type(first) is not int or not 0 <= first < self.total:
            raise ValueError(f"{self.unit} {short(first)} is not in this run's 0..{self.total - 1}")
        if not isinstance(result, dict) or set(result) != {"count", "results"}:
            raise ValueError("its result is not a count and a list of results")
        count, results = result["count"], result["results"]
        if not isinstance(results, list) or type(count) is not int or count != len(results):
            raise ValueError(f"it holds {_count(results)} results for {short(count)} {self.unit}")
        if count < 1 or first + count > self.total:
            raise ValueError(f"{self.unit} {first}..{first + count - 1} are not all in the run")
        for k, one in enumerate(results):
            why = self.problem(first + k, one)
            if why:
                raise ValueError(f"{self.unit} {first + k}: {why}")
        return range(first, first + count)

    def add_units(self, first: int, results: list[Any]) -> None:
        """Store the results of units ``first .. first+len(results)-1``."""
        count = len(results)
        self.add(first, {"count": count, "results": results}, range(first, first + count))

    def unit_results(self) -> Iterator[Any]:
        """Every unit's result in unit order; the run must be complete."""
        if len(self.units) != self.total:
            raise CheckpointError(
                f"{self.path} holds {len(self.units)} of {self.total} {self.unit}"
            )
        for _first, result in self.results():
            yield from result["results"]

    def report(self, unit: str | None = None, total: int | None = None) -> str:
        return super().report(unit or self.unit, self.total if total is None else total)


def _count(results: Any) -> str:
    return str(len(results)) if isinstance(results, list) else "no list of"


class OutputError(ResearchError):
    """An output file that could not be written when the run is over."""


def short(text: object, limit: int = 60) -> str:
    """``text`` quoted for a message, cut to about ``limit`` characters (its start
    and its end, which for a file name tell the most)."""
    s = str(text)
    half = (limit - 3) // 2
    return repr(s if len(s) <= limit else s[:half] + "..." + s[-half:])


def write_json(path: str | Path | None, data: object, indent: int = 2) -> None:
    """Write ``data`` as JSON to ``path`` (a command's ``--json FILE``; nothing when None)."""
    if path is None:
        return
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=indent)
        f.write("\n")


def check_outputs(outputs: dict[str, str | Path | None]) -> None:
    """Refuse, before a long run starts, outputs it could not write at its end.

    ``outputs`` maps an option (``--json``) to the file it names (None: not
    asked for).  Each must be a file, not a folder, in a folder that exists
    and may be written; no two may name the same file.

    :raises OutputError: (a :class:`~alsos.errors.ResearchError`) naming the option and the file.
    """
    seen: dict[Path, str] = {}
    for option, name in outputs.items():
        if name is None:
            continue
        path = Path(name)
        if path.is_dir():
            raise OutputError(f"{option} {short(name)} is a folder: name a file to write")
        if not path.parent.is_dir():
            raise OutputError(f"{option} {short(name)}: there is no folder {short(path.parent)}")
        if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise OutputError(f"{option} {short(name)}: not allowed to write it")
        key = path.resolve()
        if key in seen:
            raise OutputError(f"{seen[key]} and {option} name the same file {short(name)}")
        seen[key] = option


def _line(data: dict[str, Any]) -> bytes:
    """One JSON Lines line, compact and ASCII."""
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")
