"""Run many seeded jobs over worker processes or a Ray cluster, with progress and checkpoints.

Rule studies and bot matches play thousands of independent hands.  They are
cut into *jobs* (a chunk of seeds each); :func:`run` hands the jobs to a
backend and yields ``(index, result)`` as each one finishes:

- ``"local"`` -- worker processes on this machine
  (``concurrent.futures.ProcessPoolExecutor``; with one worker the jobs
  run in this process, which is easiest to debug);
- ``"ray"`` -- tasks on a Ray cluster (``pip install 'alsos[ray]'``): a
  small local instance when no address is given, else the cluster at
  ``address`` (``"auto"``, ``"ray://head:10001"``).

A job's result depends only on the job (its seeds), never on which worker ran
it or when, and callers combine results in index order: so the totals are
identical whatever the number of workers or the backend.

:class:`Progress` draws a progress bar on standard error (``rich`` when it is
installed, else a line of text), and nothing when standard error is not a
terminal.  :class:`Checkpoint` appends each finished job's result to a JSON
Lines file, so a long run that is stopped can resume without losing or
repeating finished jobs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from types import TracebackType
from typing import IO, Any, TypeVar

from alsos.bots import make_spec
from alsos.game import Game
from alsos.profile import Ruleset

__all__ = [
    "BACKENDS",
    "Checkpoint",
    "CheckpointError",
    "ParallelError",
    "Progress",
    "add_backend_arguments",
    "bot_seed",
    "default_workers",
    "play_hand",
    "run",
]

J = TypeVar("J")
R = TypeVar("R")

#: The backends :func:`run` knows.
BACKENDS = ("local", "ray")


class ParallelError(ValueError):
    """A bad backend, worker count or address."""


class CheckpointError(ValueError):
    """A checkpoint file that belongs to another run or cannot be read."""


def default_workers() -> int:
    """The cores this process may use (all of them, unless its affinity is restricted)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return os.cpu_count() or 1


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops handing out jobs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    skip: Collection[int] = (),
) -> Iterator[tuple[int, R]]:
    """Yield ``(i, fn(jobs[i]))`` for every ``i`` not in ``skip``, in the order jobs finish.

    ``fn`` must be a module-level function (it is pickled by reference) and
    each job and result plain picklable data.  ``workers`` defaults to every
    core (:func:`default_workers`); on Ray it is the CPUs of the local
    instance and is ignored when ``address`` names a cluster.

    :raises ParallelError: (a ``ValueError``) for an unknown backend, fewer
        than one worker, or an address without the Ray backend.
    """
    if backend not in BACKENDS:
        raise ParallelError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ParallelError(f"workers must be at least 1, not {workers}")
    if address is not None and backend != "ray":
        raise ParallelError("an address names a Ray cluster: use it with the ray backend")
    pending = [i for i in range(len(jobs)) if i not in skip]
    if backend == "ray":
        return _run_ray(fn, jobs, pending, workers, address)
    return _run_local(fn, jobs, pending, workers or default_workers())


def _run_local(
    fn: Callable[[J], R], jobs: Sequence[J], pending: list[int], workers: int
) -> Iterator[tuple[int, R]]:
    if workers == 1 or len(pending) <= 1:
        for i in pending:
            yield i, fn(jobs[i])
        return
    # forkserver: workers start from a clean process, not a fork of one that
    # may run threads (a progress bar's refresh thread, Ray's).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = ProcessPoolExecutor(
        min(workers, len(pending)), mp_context=context, initializer=_ignore_interrupt
    )
    # Two jobs in hand per worker keep it busy; holding back the rest means a
    # stopped run has little left to finish before it can exit.
    queue = iter(pending)
    window = 2 * workers
    try:
        futures: dict[Future[R], int] = {
            pool.submit(fn, jobs[i]): i for i in itertools.islice(queue, window)
        }
        while futures:
            done, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=futures.__getitem__):
                yield futures.pop(future), future.result()
            for i in itertools.islice(queue, window - len(futures)):
                futures[pool.submit(fn, jobs[i])] = i
    finally:
        # Stopped early (Ctrl-C, an error, the caller broke off): drop the jobs
        # not yet started; the ones running finish and are thrown away.
        pool.shutdown(wait=False, cancel_futures=True)


def _run_ray(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    pending: list[int],
    workers: int | None,
    address: str | None,
) -> Iterator[tuple[int, R]]:
    try:
        import ray
    except ImportError as e:
        raise ParallelError("the ray backend needs Ray: pip install 'alsos[ray]'") from e
    started = False
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            # A small private instance: no dashboard, only the CPUs asked for.
            ray.init(
                num_cpus=workers or default_workers(),
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        started = True
    try:
        remote = ray.remote(fn)
        refs: dict[Any, int] = {remote.remote(jobs[i]): i for i in pending}
        while refs:
            ready, _ = ray.wait(list(refs), num_returns=1)
            for ref in ready:
                yield refs.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--backend`` and ``--address``, shared with ``alsos simulate``."""
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes, or CPUs of a local Ray (default: all cores)",
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local processes or a Ray cluster (default: local)",
    )
    parser.add_argument("--address", default=None, metavar="ADDR",
                        help="Ray cluster to join ('auto', 'ray://head:10001'); default: "
                             "start a small local instance")  # fmt: skip
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="show progress on standard error: a bar on a terminal, a line "
                             "every 30 s in a log file (default: only on a terminal)")  # fmt: skip


# --------------------------------------------------------------------- hands


def bot_seed(seed: int, table: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in hand ``seed``, table arrangement ``table``.

    Derived from the three numbers alone, so a hand plays the same way in
    whichever job, process or machine it runs.
    """
    return random.Random(f"alsos-bot:{seed}:{table}:{seat}").randrange(2**32)


def play_hand(rules: Ruleset, seed: int, names: Sequence[str], table: int = 0) -> Game:
    """Deal hand ``seed`` (dealer ``seed % players``) and let bots play it out.

    ``names[j]`` is the bot (``alsos.bots.make``) at the ``j``-th seat
    that plays, in the order of ``game.active``; a seat sitting out (the
    four-player dealer) has none.  ``table`` numbers the arrangement of bots,
    for their seeds.
    """
    game = Game(rules, seed=seed, dealer=seed % rules.players)
    active = game.active
    if len(names) != len(active):
        raise ParallelError(f"{len(active)} seats play this hand; got {len(names)} bots")
    bots = {
        seat: make_spec(name, seed=bot_seed(seed, table, seat))
        for seat, name in zip(active, names, strict=True)
    }
    while not game.is_over:
        seat = game.to_act
        assert seat is not None, "a hand that is not over has a seat to act"
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


# ------------------------------------------------------------------ progress


def _unfiltered_stderr() -> Any:
    """Standard error under the command line's control-character filter
    (:class:`alsos.terminal.safe.Printable`, whose ``raw`` it is), so that the bar's
    own carriage returns and colours reach the terminal."""
    return getattr(sys.stderr, "raw", sys.stderr)


class Progress:
    """A progress bar on standard error for ``total`` units: count, rate and time left.

    On a terminal it uses ``rich`` when installed, else rewrites one line of
    text.  Shows nothing when ``enabled`` is false, which by default it is
    unless standard error is a terminal (so logs and pipes stay clean);
    enabled on a pipe or file (``--progress`` of a run under ``nohup``), it
    writes one plain line every :attr:`LOG_EVERY` seconds and one at the end.
    """

    #: Seconds between the plain lines written to a log file.
    LOG_EVERY = 30.0

    def __init__(
        self, total: int, description: str, unit: str = "hands", enabled: bool | None = None
    ) -> None:
        self.total = total
        self.description = description
        self.unit = unit
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.done = 0
        self.skipped = 0
        self._rich: Any = None
        self._task: Any = None
        self._start = 0.0
        self._shown = 0.0
        self._log = False

    def __enter__(self) -> Progress:
        self._start = time.perf_counter()
        self._shown = self._start
        self._log = self.enabled and not sys.stderr.isatty()
        if not self.enabled or self._log:
            return self
        try:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as RichProgress
        except ImportError:
            return self
        self._rich = RichProgress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("elapsed,"),
            TimeRemainingColumn(),
            TextColumn("left"),
            console=Console(file=_unfiltered_stderr()),
        )
        self._rich.start()
        self._task = self._rich.add_task(self.description, total=self.total, rate="")
        return self

    def skip(self, n: int) -> None:
        """Count ``n`` units done before this run (a resumed checkpoint's): they
        fill the bar but do not count towards the rate or the time left."""
        self.skipped += n
        if self._rich is not None:  # rich keeps its own rate: start it afresh from here
            self.done += n
            self._rich.reset(self._task, completed=self.done, rate="")
            return
        self.advance(n)

    def advance(self, n: int) -> None:
        """Count ``n`` more units done."""
        self.done += n
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self._start
        rate = (self.done - self.skipped) / elapsed if elapsed > 0 else 0.0
        if self._rich is not None:
            self._rich.update(self._task, advance=n, rate=f"{rate:,.0f} {self.unit}/s")
            return
        now = time.perf_counter()
        if now - self._shown < (self.LOG_EVERY if self._log else 0.5) and self.done < self.total:
            return
        self._shown = now
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        print(
            f"{'' if self._log else chr(13)}{self.description}: {self.done}/{self.total} "
            f"{self.unit}, {rate:,.1f}/s, {elapsed:,.0f} s elapsed, {left:,.0f} s left ",
            end="\n" if self._log else "",
            file=_unfiltered_stderr(),
            flush=True,
        )

    @property
    def elapsed(self) -> float:
        """Seconds since the bar was opened."""
        return time.perf_counter() - self._start

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self.enabled and not self._log:
            print(file=sys.stderr)


# ---------------------------------------------------------------- checkpoint


class Checkpoint:
    """Finished jobs' results appended to a JSON Lines file, for resuming a stopped run.

    The first line is the run's ``header`` (its parameters); each further
    line is ``{"job": i, "result": ...}``, written and flushed as soon as job
    ``i`` finishes.  :meth:`open` with ``resume=True`` keeps the lines of a
    file whose header matches and reports which jobs are done; a line cut
    short by a crash is dropped (that job runs again).
    """

    def __init__(self, path: str | Path | None, header: dict[str, Any]) -> None:
        self.temporary = path is None
        if path is None:  # a run that writes no file: a fresh temporary one, never resumed
            fd, name = tempfile.mkstemp(prefix="alsos-", suffix=".partial.jsonl")
            os.close(fd)
            os.unlink(name)  # the checkpoint starts its own file
            path = name
        self.path = Path(path)
        self.header = json.loads(json.dumps(header))  # as it reads back (lists, not tuples)
        self.done: dict[int, int] = {}  # job -> byte offset of its line
        self._file: IO[bytes] | None = None

    def open(self, resume: bool) -> Checkpoint:
        """Start the file, or with ``resume`` continue the one there.

        :raises CheckpointError: when resuming a file of another run, or when
            a file exists and ``resume`` is false (so no finished work is
            overwritten by accident).
        """
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
        return self

    def _read(self) -> None:
        good = 0
        with self.path.open("rb") as f:
            first = f.readline()
            try:
                header = json.loads(first)["header"]
            except (ValueError, KeyError, TypeError) as e:
                raise CheckpointError(f"{self.path} is not a checkpoint of alsos") from e
            if header != self.header:
                raise CheckpointError(
                    f"{self.path} belongs to another run ({header}); this run is {self.header}"
                )
            good = f.tell()
            while True:
                offset = f.tell()
                line = f.readline()
                if not line.endswith(b"\n"):
                    break
                try:
                    job = json.loads(line)["job"]
                except (ValueError, KeyError, TypeError):
                    break
                self.done[job] = offset
                good = f.tell()
        with self.path.open("r+b") as f:  # drop a torn last line
            f.truncate(good)

    def add(self, job: int, result: Any) -> None:
        """Append job ``job``'s result (JSON-ready data) and flush it to disk."""
        assert self._file is not None, "open the checkpoint first"
        self._file.seek(0, os.SEEK_END)
        self.done[job] = self._file.tell()
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


def _line(data: dict[str, Any]) -> bytes:
    """One JSON Lines line, compact and ASCII."""
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")
