"""Work that takes CPU time, off the event loop and fair between tables.

The searching bots (``hard``, ``expert``, ``pimc``), hints, the after-hand
analysis pages and uploaded profiles take from milliseconds to seconds of
CPU.  None of it runs in the event loop, which only takes actions and sends
frames: it runs in a small pool of worker *processes*
(:class:`concurrent.futures.ProcessPoolExecutor`).  Processes, not threads:
a search is Python code that holds the interpreter's lock, and in a thread
of the server's own process it would take turns with the event loop, so
every page of every table would wait for it.  The workers also run at a
lower priority (``os.nice``), so that on a busy machine a person's action is
answered before a bot thinks.

The work is shared fairly.  Each job names its *queue* -- the table it is
for, or the client that asked -- and a queue's jobs run one at a time, in
order; of the queues with work waiting, each gets the next free worker in
turn.  (A queue holds its own lock while its one job waits for a worker, and
:class:`asyncio.Semaphore` wakes its waiters first come, first served.)  So a
client asking hints at six tables at once takes six turns in a round, not
every worker: another table's bot waits for at most one job per other queue.

A job is a module-level function and picklable arguments (a game copy, a
view, a bot: a few kilobytes).  Should a worker process die, the pool is
made again and the job tried once more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import frozen

from alsos.bots import Bot
from alsos.pack.actions import Action
from alsos.play.view import View
from alsos.ruleset.profile import Ruleset

if TYPE_CHECKING:
    from alsos.play.game import Game

__all__ = ["Position", "Searches", "choose", "hint_at"]

T = TypeVar("T")
_log = logging.getLogger("alsos.web")
#: how much lower the workers' priority is than the server's (``nice`` steps)
NICE = 10


@frozen
class Position:
    """A hand's position as plain data, for a worker to rebuild (:meth:`game`): the
    rules, the deal, the dealer, the counts of earlier declarations and the actions
    taken.  A :class:`~alsos.Game` itself does not cross to another process (the
    compiled build's hand state is a native object), and replaying a hand costs a
    few milliseconds, against the searches it serves."""

    rules: Ruleset
    deal: str
    dealer: int
    declared_before: tuple[int, ...] | None
    actions: tuple[tuple[int, str], ...]

    @classmethod
    def of(cls, game: Game) -> Position:
        """The position ``game`` stands at."""
        before = game.state.declared_before
        return cls(
            game.rules,
            str(game.deal),
            game.dealer,
            None if before is None else tuple(before),
            tuple((seat, str(action)) for seat, action in game.history),
        )

    def game(self) -> Game:
        """The game at this position, replayed."""
        from alsos.play.game import Game

        game = Game(
            self.rules, deal=self.deal, dealer=self.dealer, declared_before=self.declared_before
        )
        for seat, action in self.actions:
            game.apply(action, seat=seat)
        return game


def hint_at(position: Position, seat: int, lang: str = "en") -> str:
    """(In a worker.)  The hint for ``seat`` at ``position``, as one line in the
    language ``lang`` (its code: what a worker process is sent)."""
    from alsos.language import language
    from alsos.words.hints import hint_text

    return hint_text(position.game(), seat, lang=language(lang))


def choose(bot: Bot, view: View, legal: Sequence[Action]) -> tuple[str, Bot]:
    """A bot's choice in a worker: the action's text, and the bot as it is after
    choosing (its random stream moved on), for the next move."""
    return str(bot.choose(view, legal)), bot


def _worker_start(nice: int) -> None:
    """Set up a worker process: a lower priority, and Ctrl-C left to the server
    (which stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(OSError):  # not allowed here: it runs at the same priority
            os.nice(nice)


class Searches:
    """The worker pool and its fair queues.

    ``workers``: how many jobs run at once; ``processes``: worker processes (the
    server's default) or threads (cheaper to start; for tests and tools whose
    jobs release the interpreter's lock).
    """

    def __init__(self, workers: int = 2, *, processes: bool = True) -> None:
        self.workers = workers
        self.processes = processes
        self._pool: Executor | None = None
        self._slots = asyncio.Semaphore(workers)
        self._starting = asyncio.Lock()
        self._queues: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        self._closed = False

    def _make(self) -> Executor:
        if self.processes:
            # forkserver: each worker is forked from a fresh process that imported
            # alsos once, not from this one with its threads and sockets
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["alsos.web.searches"])
            return ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_worker_start, initargs=(NICE,)
            )
        return ThreadPoolExecutor(self.workers, thread_name_prefix="alsos-web-work")

    async def start(self) -> None:
        """Start the workers if they are not running, in a thread: starting a process
        takes a while (the first one, the forkserver, imports alsos), and never in the
        event loop.  Returns once each worker has run a job."""
        async with self._starting:
            if self._pool is None and not self._closed:
                self._pool = await asyncio.to_thread(self._started)

    def _started(self) -> Executor:
        pool = self._make()
        for future in [pool.submit(os.getpid) for _ in range(self.workers)]:
            future.result()  # each submission while none is idle starts a worker
        return pool

    def waiting(self, queue: str) -> int:
        """How many jobs of ``queue`` are waiting or running."""
        entry = self._queues.get(queue)
        return 0 if entry is None else entry[1][0]

    async def run(
        self, queue: str, fn: Callable[..., T], *args: Any, timeout: float | None = None
    ) -> T:
        """``fn(*args)`` in a worker, after ``queue``'s earlier jobs and in turn with the
        other queues; its result or exception.

        :raises TimeoutError: it took more than ``timeout`` seconds (the worker
            finishes the job, and only then takes another).
        :raises RuntimeError: the pool is closed.
        """
        if self._closed:
            raise RuntimeError("the server is stopping")
        lock, users = self._queues.setdefault(queue, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                return await self._submit(fn, args, timeout)
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._queues[queue]

    async def _submit(
        self, fn: Callable[..., T], args: tuple[Any, ...], timeout: float | None, again: bool = True
    ) -> T:
        await self.start()
        await self._slots.acquire()
        loop = asyncio.get_running_loop()
        try:
            pool = self._pool
            if pool is None:
                raise RuntimeError("the server is stopping")
            future = loop.run_in_executor(pool, fn, *args)
        except BaseException:
            self._slots.release()
            raise
        # the worker is busy until the job ends, even if no one waits for it any more
        future.add_done_callback(lambda _: self._slots.release())
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except BrokenProcessPool:
            _log.warning("a worker process died; starting the workers again", exc_info=True)
            self._restart()
            if not again:
                raise
            return await self._submit(fn, args, timeout, again=False)

    def _restart(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop taking jobs; the workers stop once their job is done."""
        self._closed = True
        self._restart()
