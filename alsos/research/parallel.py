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
import contextlib
import functools
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from alsos.bots import make_spec
from alsos.bots.heuristic import HeuristicBot
from alsos.errors import ResearchError
from alsos.play.game import Game, IllegalActionError
from alsos.research.checkpoint import (
    Checkpoint,
    CheckpointError,
    OutputError,
    UnitCheckpoint,
    check_outputs,
    short,
)
from alsos.ruleset.profile import Ruleset

__all__ = [
    "BACKENDS",
    "JOB_SECONDS",
    "MAX_UNITS",
    "Checkpoint",
    "CheckpointError",
    "OutputError",
    "ParallelError",
    "Progress",
    "Terminated",
    "UnitCheckpoint",
    "add_backend_arguments",
    "bot_seed",
    "check_outputs",
    "default_workers",
    "play_hand",
    "play_units",
    "run",
    "run_command",
    "run_units",
    "short",
    "stop_on_sigterm",
]

J = TypeVar("J")
R = TypeVar("R")

#: The backends :func:`run` knows.
BACKENDS = ("local", "ray")


class ParallelError(ResearchError):
    """A bad backend, worker count or address."""


def default_workers() -> int:
    """The cores this process may use (all of them, unless its affinity is restricted)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return os.cpu_count() or 1


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops handing out jobs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so that it stops a run as Ctrl-C does."""


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While the block runs, SIGTERM raises :class:`Terminated` instead of killing
    the process outright: the run stops as on Ctrl-C (workers ended, checkpoint
    kept) and the caller can exit with 143, as a process ended by SIGTERM does."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread
        return

    def handler(signum: int, frame: object) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _check_settings(workers: int | None, backend: str, address: str | None) -> None:
    if backend not in BACKENDS:
        raise ParallelError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ParallelError(f"workers must be at least 1, not {workers}")
    if address is not None and backend != "ray":
        raise ParallelError("an address names a Ray cluster: use it with the ray backend")


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

    :raises ParallelError: (a :class:`~alsos.errors.ResearchError`) for an unknown backend, fewer
        than one worker, or an address without the Ray backend.
    """
    _check_settings(workers, backend, address)
    pending = iter([i for i in range(len(jobs)) if i not in skip])

    def feed() -> tuple[int, J] | None:
        i = next(pending, None)
        return None if i is None else (i, jobs[i])

    return ((i, result) for i, _seconds, result in _schedule(fn, feed, workers, backend, address))


def run_units(
    fn: Callable[[J], list[R]],
    make_job: Callable[[int, int], J],
    units: int,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    skip: Collection[int] = (),
) -> Iterator[tuple[int, list[R]]]:
    """Run units ``0 .. units-1`` (hands, deals) not in ``skip``, in jobs sized by time.

    ``make_job(first, count)`` is the job of units ``first .. first+count-1``
    and ``fn`` returns one result per unit, which must depend on the unit
    alone.  Yields ``(first, results)`` as jobs finish.  The first jobs hold
    one unit each; later ones as many as take about :data:`JOB_SECONDS`
    (measured on the finished jobs, at most :data:`MAX_UNITS`), so progress
    and checkpoints come often whatever the speed of the bots, and a stopped
    run loses at most the jobs in hand.  Raises as :func:`run` does.
    """
    _check_settings(workers, backend, address)
    sizer = _Sizer([u for u in range(units) if u not in skip], workers or default_workers())

    def feed() -> tuple[int, J] | None:
        job = sizer.next()
        return None if job is None else (job[0], make_job(*job))

    def measured() -> Iterator[tuple[int, list[R]]]:
        for first, seconds, results in _schedule(fn, feed, workers, backend, address):
            sizer.record(len(results), seconds)
            yield first, results

    return measured()


#: Seconds of work that :func:`run_units` aims to put in one job.
JOB_SECONDS = 2.0
#: The most units :func:`run_units` puts in one job.
MAX_UNITS = 1000


class _Sizer:
    """Cuts the pending units into jobs: contiguous, one unit each until the time of a
    unit is known, then about :data:`JOB_SECONDS` each, smaller towards the end so
    that every worker has a share of the last ones."""

    def __init__(self, pending: list[int], workers: int) -> None:
        self.runs: list[list[int]] = []  # [start, stop) of contiguous pending units
        for u in pending:
            if self.runs and self.runs[-1][1] == u:
                self.runs[-1][1] += 1
            else:
                self.runs.append([u, u + 1])
        self.runs.reverse()  # taken from the end of the list: the lowest first
        self.left = len(pending)
        self.workers = workers
        self.seconds = 0.0
        self.measured = 0

    def size(self) -> int:
        if self.measured == 0:
            return 1
        per_unit = self.seconds / self.measured
        wanted = MAX_UNITS if per_unit <= 0 else int(JOB_SECONDS / per_unit)
        share = -(-self.left // (2 * self.workers))
        return max(1, min(wanted, MAX_UNITS, share))

    def next(self) -> tuple[int, int] | None:
        if not self.runs:
            return None
        run = self.runs[-1]
        first = run[0]
        count = min(self.size(), run[1] - first)
        run[0] += count
        if run[0] == run[1]:
            self.runs.pop()
        self.left -= count
        return first, count

    def record(self, count: int, seconds: float) -> None:
        self.measured += count
        self.seconds += seconds


def _timed(fn: Callable[[J], R], job: J) -> tuple[float, R]:
    """``fn(job)`` and the seconds it took, measured where it ran."""
    start = time.perf_counter()
    result = fn(job)
    return time.perf_counter() - start, result


def _schedule(
    fn: Callable[[J], R],
    feed: Callable[[], tuple[int, J] | None],
    workers: int | None,
    backend: str,
    address: str | None,
) -> Iterator[tuple[int, float, R]]:
    """Run the jobs ``feed`` hands out, ``(key, job)`` until None; yield ``(key,
    seconds, result)`` as each finishes.  ``feed`` is asked for a job only when a
    worker has room for one, so it can size it from the jobs already done."""
    if backend == "ray":
        return _run_ray(fn, feed, workers, address)
    timed = functools.partial(_timed, fn)
    workers = workers or default_workers()
    if workers == 1:
        return _run_serial(timed, feed)
    return _run_local(timed, feed, workers)


def _run_serial(
    timed: Callable[[J], tuple[float, R]], feed: Callable[[], tuple[int, J] | None]
) -> Iterator[tuple[int, float, R]]:
    while (job := feed()) is not None:
        seconds, result = timed(job[1])
        yield job[0], seconds, result


def _run_local(
    timed: Callable[[J], tuple[float, R]], feed: Callable[[], tuple[int, J] | None], workers: int
) -> Iterator[tuple[int, float, R]]:
    # forkserver: workers start from a clean process, not a fork of one that
    # may run threads (a progress bar's refresh thread, Ray's).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupt)
    # Two jobs in hand per worker keep it busy; holding back the rest means a
    # stopped run has little to throw away.
    futures: dict[Future[tuple[float, R]], int] = {}
    try:
        while True:
            while len(futures) < 2 * workers and (job := feed()) is not None:
                futures[pool.submit(timed, job[1])] = job[0]
            if not futures:
                break
            done, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=futures.__getitem__):
                seconds, result = future.result()
                yield futures.pop(future), seconds, result
    finally:
        if futures:
            # Stopped early (Ctrl-C, SIGTERM, an error, the caller broke off): the
            # jobs in hand are thrown away, so end their workers now rather than
            # wait for them.
            for process in list(pool._processes.values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _run_ray(
    fn: Callable[[J], R],
    feed: Callable[[], tuple[int, J] | None],
    workers: int | None,
    address: str | None,
) -> Iterator[tuple[int, float, R]]:
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
        remote: Any = ray.remote(_timed)
        cpus: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        window = 2 * max(1, int(cpus.get("CPU", 1)))
        refs: dict[Any, int] = {}
        while True:
            while len(refs) < window and (job := feed()) is not None:
                refs[remote.remote(fn, job[1])] = job[0]
            if not refs:
                break
            ready, _ = ray.wait(list(refs), num_returns=1)
            for ref in ready:
                seconds, result = ray.get(ref)
                yield refs.pop(ref), seconds, result
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


@functools.lru_cache(maxsize=256)
def bot_seed(seed: int, table: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in hand ``seed``, table arrangement ``table``.

    Derived from the three numbers alone, so a hand plays the same way in
    whichever job, process or machine it runs.  Remembered for the last few
    hands: a rule study seeds the same bots under each of its variants.
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
        seat: make_spec(name, seed=seed if _draws_nothing(name) else bot_seed(seed, table, seat))
        for seat, name in zip(active, names, strict=True)
    }
    if all(type(bot).choose is HeuristicBot.choose for bot in bots.values()):
        _play_states(game, bots)  # type: ignore[arg-type]  # all heuristic, checked above
        return game
    while not game.is_over:
        seat = game.to_act
        assert seat is not None, "a hand that is not over has a seat to act"
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


@functools.lru_cache(maxsize=64)
def _draws_nothing(spec: str) -> bool:
    """Whether the bot ``spec`` names never draws from its generator: a plain heuristic
    bot that makes no mistakes (only mistakes are drawn).  Its seed changes none of its
    decisions, so :func:`play_hand` spares deriving one (:func:`bot_seed`, a string
    seeding of ``random`` per seat and hand)."""
    bot = make_spec(spec, seed=0)
    return type(bot) is HeuristicBot and not bot.mistakes


def _play_states(game: Game, bots: dict[int, HeuristicBot]) -> None:
    """Play ``game`` out with heuristic bots straight on the engine: what the loop of
    :meth:`Game.apply <alsos.Game.apply>`, :meth:`~alsos.Game.view` and
    :meth:`~alsos.Game.legal_actions` does, decision for decision, without the
    views and the per-action checks a public game makes.

    The bot reads the hand as its view would show it
    (:meth:`HeuristicBot.choose_state`, the same code as :meth:`HeuristicBot.choose`),
    and its action is still checked against the legal ones: a bot's bug raises
    :class:`IllegalActionError` before anything changes.  A forced action (the only
    legal one) is taken without asking: the heuristic answers one of the legal
    actions, draws at random only among several, and keeps nothing between
    decisions but memos of what it derived.  The game has no listener
    and no view yet (it was just dealt), so nobody misses an event.
    """
    engine = game.engine
    s = game.state
    legal = engine.legal_actions(s)
    while not s.is_over:
        seat: int = s.to_act  # type: ignore[assignment]  # a hand not over has one
        if len(legal) == 1:  # forced: the bot, which only chooses among them, is spared
            engine.apply(s, seat, legal[0])
            legal = s.legal = engine.legal(s)
            continue
        action = bots[seat].choose_state(engine, s, seat, legal)
        if action not in legal:
            raise IllegalActionError(action, s.phase, seat, legal, "not among the legal actions")
        engine.apply(s, seat, action)
        legal = s.legal = engine.legal(s)
    game.is_over = s.is_over


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
    The plain lines come from a clock of their own, so they keep to that
    interval even while no job finishes (slow bots).
    """

    #: Seconds between the plain lines written to a log file.
    LOG_EVERY = 30.0
    #: Seconds between rewrites of the plain line on a terminal.
    REDRAW_EVERY = 0.5

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
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._clock: threading.Thread | None = None

    def __enter__(self) -> Progress:
        self._start = time.perf_counter()
        self._shown = self._start
        self._log = self.enabled and not sys.stderr.isatty()
        if not self.enabled:
            return self
        if not self._log:
            self._rich = self._rich_bar()
        if self._rich is None:
            self._clock = threading.Thread(target=self._tick, name="alsos-progress", daemon=True)
            self._clock.start()
        return self

    def _rich_bar(self) -> Any:
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
            return None
        bar = RichProgress(
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
        bar.start()
        self._task = bar.add_task(self.description, total=self.total, rate="")
        return bar

    def _every(self) -> float:
        return self.LOG_EVERY if self._log else self.REDRAW_EVERY

    def _tick(self) -> None:
        """The plain line's clock: shows the line whenever it is due."""
        while not self._stop.wait(min(1.0, self._every())):
            with self._lock:
                self._show()

    def skip(self, n: int) -> None:
        """Count ``n`` units done before this run (a resumed checkpoint's): they
        fill the bar but do not count towards the rate or the time left."""
        self.skipped += n
        if self._rich is not None:  # rich keeps its own rate: start it afresh from here
            self.done += n
            self._rich.reset(self._task, completed=self.done, rate="")
            return
        self.advance(n)

    def _rate(self) -> float:
        elapsed = time.perf_counter() - self._start
        return (self.done - self.skipped) / elapsed if elapsed > 0 else 0.0

    def advance(self, n: int) -> None:
        """Count ``n`` more units done."""
        with self._lock:
            self.done += n
            if not self.enabled:
                return
            if self._rich is not None:
                self._rich.update(self._task, advance=n, rate=f"{self._rate():,.0f} {self.unit}/s")
                return
            self._show()

    def _show(self) -> None:
        """The plain line, if it is due (or the run is complete)."""
        now = time.perf_counter()
        if now - self._shown < self._every() and self.done < self.total:
            return
        self._shown = now
        rate = self._rate()
        left = f"{(self.total - self.done) / rate:,.0f}" if rate > 0 else "?"
        print(
            f"{'' if self._log else chr(13)}{self.description}: {self.done}/{self.total} "
            f"{self.unit}, {rate:,.1f}/s, {now - self._start:,.0f} s elapsed, {left} s left ",
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
        if self._clock is not None:
            self._stop.set()
            self._clock.join()
        if self._rich is not None:
            self._rich.stop()
        elif self.enabled and not self._log:
            print(file=sys.stderr)


def play_units(
    fn: Callable[[J], list[R]],
    make_job: Callable[[int, int], J],
    store: UnitCheckpoint,
    bar: Progress,
    weight: int,
    *,
    workers: int | None,
    backend: str,
    address: str | None,
    on_job: Callable[[range], object] | None = None,
) -> int:
    """Play the units ``store`` lacks, storing each job's results as it finishes.

    ``bar`` counts ``weight`` per unit; ``on_job(units)`` is called after each
    job is stored.  Returns the units played by this call.
    """
    bar.skip(len(store.units) * weight)
    played = 0
    jobs = run_units(fn, make_job, store.total, workers=workers, backend=backend,
                     address=address, skip=store.units)  # fmt: skip
    for first, results in jobs:
        store.add_units(first, results)
        played += len(results)
        bar.advance(len(results) * weight)
        if on_job is not None:
            on_job(range(first, first + len(results)))
    return played


def run_command(name: str, checkpoint: str | None, body: Callable[[], int]) -> int:
    """Run the command ``alsos NAME`` (``body``) as a long run should stop.

    SIGTERM stops it as Ctrl-C does (:func:`stop_on_sigterm`): the workers
    are ended, the finished work stays in ``checkpoint`` (when the run has a
    file) and the exit code is 143 (130 for Ctrl-C).  A ``ValueError`` (bad
    settings) prints its message and gives 2; an ``OSError`` (an output that
    could not be written after all) gives 1, the checkpoint kept.
    """

    def kept() -> str:
        if checkpoint is None or not Path(checkpoint).is_file():
            return ""
        return f"; the finished work is kept in {checkpoint}: run the same command with --resume"

    try:
        with stop_on_sigterm():
            return body()
    except KeyboardInterrupt as e:
        stopped = "terminated" if isinstance(e, Terminated) else "interrupted"
        print(f"\nalsos {name}: {stopped}{kept()}", file=sys.stderr)
        return 143 if isinstance(e, Terminated) else 130
    except ValueError as e:
        print(f"alsos {name}: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"alsos {name}: {e}{kept()}", file=sys.stderr)
        return 1
