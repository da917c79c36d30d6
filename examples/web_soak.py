"""Soak the web table: honest tables play on while a hostile client does its worst.

Starts one ``alsos serve`` process (``python -m alsos serve``: the server's
default limits, ``alsos.web.Limits()``, and the real bot delay) on a free
loopback port, storing in a new SQLite file unless ``--db`` names another
database, and runs at once for ``--seconds``:

* honest clients: ``--tables`` tables of one person (seat 0) and two bots, each
  made and played from a loopback address of its own (127.0.1.1, 127.0.1.2, ...:
  all of 127.0.0.0/8 is loopback on Linux, so no per-address limit is shared
  with the hostile client).  A person thinks ``--think`` seconds, plays a random
  legal action, deals the next hand when one is over (a new table once the
  session is), pings every ``--ping-every`` seconds, reconnects if dropped.
  Measured: each action's action-to-update latency (sending it to receiving its
  ``events`` frame), the pings' round trips, the hands finished, the connections
  dropped, and the stalled tables: left waiting on the server (a bot's move, the
  next hand, an answer, a reconnection) over ``--stall`` seconds, by default 25
  bot delays (15 s), far beyond a bot's move;
* a hostile client in a process of its own, from 127.0.0.66, within the limits
  the server sets (``--attacks``, all by default; ``none`` for a baseline):
  ``uploads``, profiles nested 30,000 levels deep or with 2,001 figures back to
  back from two workers (and ten with 4,000 sources); ``connections``,
  WebSockets that say hello opened until refused and held, to one seat of a
  table of three people it plays as fast as allowed (so every action goes to
  each of them), then to its other seats and tables, ``--hostile-connections``
  at most, and ``--silent-connections`` that never say hello, opened again when
  closed; ``hints``, asked non-stop at six tables of its own against expert
  bots; ``record``, of ``--bot-tables`` tables of expert bots only that it never
  plays; ``viewer``, ``viewer?analysis=1`` of finished hands from
  ``--viewer-workers`` at once: its own table's (it first plays a hand there,
  30 s at most) and, one time in five, hand 1 to 3 of the others' (ids are not
  secret);
* optionally a database hiccup at ``--hiccup-at`` for ``--hiccup-for`` seconds:
  ``lock`` (SQLite: ``BEGIN EXCLUSIVE`` on a connection of its own; PostgreSQL:
  ``LOCK TABLE ... IN ACCESS EXCLUSIVE MODE`` in an open transaction) or
  ``readonly`` (the SQLite files made immutable, ``chattr +i``: root only).  A
  server holding its SQLite file exclusively refuses ``lock``: said, not waited on.

Then the hostile client stops and each honest table has ``--grace`` seconds to
finish the hand in play.  Prints the configuration, the honest latencies, pings,
hands, stalls and drops, the hostile client's tallies (status and close codes,
connections held, hints, viewer times), the server's CPU time, its exit status
and what its log said, and the load average.  Exits 0 only if the targets are
met: the honest actions' p99 (with a hiccup: of those sent outside it) at most
``--target-p99`` ms, no stalled table, the server alive and, with a hiccup,
every table's hand finished.  Bounded: a hard stop at ``--seconds`` +
``--grace`` + 2 minutes.  Only loopback addresses are used.

    python examples/web_soak.py --tables 20 --seconds 20
    python examples/web_soak.py --attacks none
    python examples/web_soak.py --hiccup lock --hiccup-at 60 --hiccup-for 8
    python examples/web_soak.py --db "$(.ci/postgres start /tmp/alsos-pg)"

Needs the ``web`` extra (``websockets`` and ``httpx`` come with
``uvicorn[standard]`` and the test extra) and Linux (/proc, 127.0.0.0/8).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from web_load import free_port, wait_for  # the sibling script: same folder

HOSTILE = "127.0.0.66"
ATTACKS = ("uploads", "connections", "hints", "viewer", "record")
_IMMUTABLE: list[Path] = []  # files made immutable by a readonly hiccup, undone at the end


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    args.attacks = [] if args.attacks == "none" else args.attacks.split(",")
    if not set(args.attacks) <= set(ATTACKS):
        raise SystemExit(f"web_soak: --attacks is none or some of {','.join(ATTACKS)}")
    args.stall = args.stall or max(15.0, 25 * args.bot_delay)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # thousands of sockets
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    with tempfile.TemporaryDirectory(prefix="alsos-web-soak-") as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'tables.sqlite3'}"
        log = Path(args.server_log or Path(tmp) / "server.log")
        port = free_port()
        serve = ["--host", "127.0.0.1", "--port", str(port), "--db", db]
        serve += ["--bot-delay", str(args.bot_delay), "--hand-pause", str(args.hand_pause)]
        with log.open("wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "alsos", "serve", *serve], stdout=out, stderr=out
            )
        try:
            wait_for(port, server, "web_soak")
            before = os.getloadavg()
            limit = args.seconds + args.grace + 120
            try:
                result = asyncio.run(asyncio.wait_for(_soak(args, port, server, db, tmp), limit))
            except TimeoutError:
                print(f"web_soak: hard stop after {limit:.0f} s", file=sys.stderr)
                return 3
            after = os.getloadavg()
        finally:
            _undo_readonly()
            status = server.poll()
            if status is None:
                server.terminate()
                try:
                    server.wait(15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
        result["server"] = {"status": status, "log": str(log), **_server_errors(log)}
        result["load"] = {"before": before, "after": after, "cores": os.cpu_count()}
        checks = _report(args, db, result)
        if args.json:
            config = {k: v for k, v in vars(args).items() if k != "json"}
            doc = {"config": {**config, "db": _shown(db)}, **result, "checks": checks}
            Path(args.json).write_text(json.dumps(doc, indent=1, default=str))
    return 0 if all(checks.values()) else 1


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a = p.add_argument
    a("--tables", type=int, default=200, help="honest tables (200)")
    a("--variant", default="potter1930", help="their shipped profile (potter1930)")
    a("--players", type=int, default=None, help="its player count if it has several")
    a("--bots", default="medium", help="the honest tables' bots (medium)")
    a("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("LO", "HI"),
      help="a person's think time, uniform (0.5 1.5 s)")  # fmt: skip
    a("--ping-every", type=float, default=5.0, help="seconds between pings (5)")
    a("--seconds", type=float, default=120.0, help="how long the soak lasts (120)")
    a("--grace", type=float, default=90.0,
      help="then seconds for each table to finish its hand (90)")  # fmt: skip
    a("--bot-delay", type=float, default=0.6, help="the server's bot delay (0.6 s)")
    a("--hand-pause", type=float, default=3.0, help="its bots-only hand pause (3 s)")
    a("--stall", type=float, default=None,
      help="a wait on the server this long is a stall (25 bot delays, 15 s at least)")  # fmt: skip
    a("--attacks", default=",".join(ATTACKS), help=f"none, or some of {','.join(ATTACKS)}")
    a("--hostile-connections", type=int, default=1500, help="seated ones held at most (1500)")
    a("--silent-connections", type=int, default=500, help="ones held without hello (500)")
    a("--bot-tables", type=int, default=20, help="its tables of expert bots only (20)")
    a("--viewer-workers", type=int, default=6, help="viewer requests at once (6)")
    a(
        "--hostile-nice",
        type=int,
        default=10,
        help="its process's nice steps, as if its CPU were elsewhere (10; 0: the same)",
    )
    a("--hiccup", choices=("lock", "readonly"), default=None, help="a database hiccup")
    a("--hiccup-at", type=float, default=60.0, help="seconds into the soak (60)")
    a("--hiccup-for", type=float, default=8.0, help="how long it lasts (8 s)")
    a("--target-p99", type=float, default=150.0, help="honest p99 target, ms (150)")
    a("--db", default=None, help="database URL (default: a new SQLite file)")
    a("--server-log", default=None, help="keep the server's output in this file")
    a("--json", default=None, help="also write the results to this JSON file")
    a("--seed", type=int, default=0, help="the persons' random choices (0)")
    return p


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system; Linux), else NaN."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[i]


def _summary(values: Sequence[float]) -> dict[str, float]:
    """Count and percentiles of ``values`` (seconds)."""
    s = sorted(values)
    out = {f"p{round(100 * q)}": _percentile(s, q) for q in (0.5, 0.9, 0.99, 1.0)}
    return {"count": len(s), **out}


def _closed(e: Exception) -> str:
    """How a WebSocket connection was closed or refused, in a few words."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    if isinstance(e, ConnectionClosed):
        frame = e.rcvd
        return f"close {frame.code} {frame.reason[:80]}".strip() if frame else "close 1006"
    if isinstance(e, InvalidStatus):
        return f"HTTP {e.response.status_code}"
    return type(e).__name__


def _connect(port: int, table: str, addr: str, **kw: Any) -> Any:
    """A WebSocket connection to ``table`` from the loopback address ``addr``."""
    from websockets.asyncio.client import connect

    kw = {"open_timeout": 30, "close_timeout": 2, "ping_interval": None, **kw}
    url = f"ws://127.0.0.1:{port}/ws/{table}"
    return connect(url, max_size=2**22, local_addr=(addr, 0), **kw)


async def _post(port: int, addr: str, body: dict[str, Any]) -> tuple[str, Any, float]:
    """POST /api/tables from ``addr``: the status (or the exception's name), the JSON
    answer and the seconds taken."""
    import httpx

    transport = httpx.AsyncHTTPTransport(local_address=addr)
    base = f"http://127.0.0.1:{port}"
    t = time.monotonic()
    try:
        async with httpx.AsyncClient(transport=transport, base_url=base, timeout=60) as http:
            r = await http.post("/api/tables", json=body)
            answer = r.json() if r.headers.get("content-type") == "application/json" else None
            return str(r.status_code), answer, time.monotonic() - t
    except Exception as e:  # a server too slow to answer, or gone
        return type(e).__name__, None, time.monotonic() - t


def _seats(variant: str, players: int | None, kinds: Sequence[str]) -> dict[str, Any]:
    from alsos.ruleset.loading import load_variant

    n = players or load_variant(variant).players
    return {"variant": variant, "players": n, "seats": [kinds[min(i, len(kinds) - 1)]
                                                        for i in range(n)]}  # fmt: skip


# ------------------------------------------------------------ the honest clients


class _Table:
    """One honest table: its address, its table (remade when a session is over),
    and how long it has been waiting on the server."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.addr = f"127.0.{1 + n // 250}.{1 + n % 250}"
        self.made: dict[str, Any] | None = None
        self.waiting: float | None = time.monotonic()  # waiting on the server since
        self.longest = 0.0
        self.stalled = False
        self.done = False  # the hand in play at the end finished
        self.counted: set[tuple[str, int]] = set()  # the hands seen finished


class _Honest:
    def __init__(self, args: argparse.Namespace, port: int) -> None:
        self.args, self.port = args, port
        self.latencies: list[tuple[float, float]] = []  # (sent, seconds) of each action
        self.pings: list[float] = []
        self.hands = 0
        self.sessions = 0
        self.drops: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.lag: list[float] = []  # this process's event loop falling behind, seconds
        self.start = self.end = self.stop = 0.0
        self.died: float | None = None
        self.cpu = 0.0  # the server's CPU seconds when last seen alive

    async def make(self, t: _Table) -> None:
        body = _seats(self.args.variant, self.args.players, ["human", self.args.bots])
        while time.monotonic() < self.stop:
            status, made, _ = await _post(self.port, t.addr, body)
            if status == "200":
                t.made = made
                return
            self.refusals[f"POST /api/tables: {status}"] += 1
            await asyncio.sleep(2)

    async def person(self, t: _Table) -> None:
        rng = random.Random(self.args.seed * 100_003 + t.n)
        while time.monotonic() < self.stop and not t.done:
            if t.made is None:
                await self.make(t)
                continue
            try:
                if await self.play(t, rng) == "session over":
                    t.made = None
                    self.sessions += 1
            except Exception as e:  # dropped (or never let in): reconnect
                self.drops[_closed(e)] += 1
                t.waiting = t.waiting or time.monotonic()
                await asyncio.sleep(1)

    async def play(self, t: _Table, rng: random.Random) -> str:
        """Play seat 0 of ``t`` until the session is over or the soak ends."""
        assert t.made is not None
        async with _connect(self.port, t.made["table"], t.addr) as ws:
            await ws.send(json.dumps({"type": "hello", "token": t.made["tokens"]["0"]}))
            hand, state = 1, None  # the hand in play; the last state frame
            due: float | None = None  # when the person clicks
            sent: tuple[int, float] | None = None  # the ply of an action unanswered, sent when
            ping: float | None = None
            next_ping = time.monotonic() + rng.uniform(0, self.args.ping_every)
            while True:
                now = time.monotonic()
                if now >= self.stop:
                    return "time"
                timers = (due, None if ping else next_ping, self.end if now < self.end else None)
                wake = min([w for w in timers if w is not None] + [self.stop])
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(wake - now, 0.001))
                except TimeoutError:
                    raw = None
                now = time.monotonic()
                over = state is not None and state["settlement"] is not None
                if now >= self.end and over:  # the hand in play at the end is finished
                    t.done, t.waiting = True, None
                    return "done"
                if raw is None:
                    if ping is None and now >= next_ping:
                        ping, next_ping = now, now + self.args.ping_every
                        await ws.send('{"type":"ping"}')
                    if due is not None and now >= due and state is not None:
                        due, t.waiting = None, now
                        if over:
                            await ws.send(json.dumps({"type": "next", "hand": hand}))
                        elif state["actions"]:
                            action = rng.choice(state["actions"])["action"]
                            sent = (state["ply"], now)
                            msg = {"type": "act", "action": action, "ply": state["ply"]}
                            await ws.send(json.dumps(msg))
                    continue
                frame = json.loads(raw)
                kind = frame["type"]
                if kind in ("events", "sheet", "welcome") and t.waiting is not None:
                    t.waiting = now
                if kind == "pong" and ping is not None:
                    self.pings.append(now - ping)
                    ping = None
                elif kind == "welcome":
                    hand = frame["table"]["hand"]
                elif kind == "sheet":
                    hand = frame["hand"]
                elif kind == "events" and sent is not None and frame["ply"] == sent[0] + 1:
                    self.latencies.append((sent[1] - self.start, now - sent[1]))
                    sent = None
                elif kind == "state":
                    state, think = frame, rng.uniform(*self.args.think)
                    if frame["settlement"] is not None:
                        if (t.made["table"], hand) not in t.counted:  # once, if reconnected
                            t.counted.add((t.made["table"], hand))
                            self.hands += 1
                        if now >= self.end:
                            t.done, t.waiting = True, None
                            return "done"
                        due, t.waiting = now + think, None  # then deals the next hand
                    elif frame["actions"] and sent is None:
                        due, t.waiting = now + think, None
                    else:
                        t.waiting = now
                elif kind in ("refused", "error"):
                    reason = str(frame.get("reason", ""))
                    if kind == "refused" and frame["action"] == "next" and "session" in reason:
                        return "session over"
                    self.refusals[f"{kind}: {reason[:70]}"] += 1
                    sent = None
                    if not reason.startswith("stale"):  # a person clicks again
                        due, t.waiting = now + 1.0, None

    async def watch(self, server: subprocess.Popen[bytes], tables: list[_Table]) -> None:
        """Every tenth of a second: this loop's lag, the stalled tables, the server alive."""
        while True:
            t0 = time.monotonic()
            await asyncio.sleep(0.1)
            now = time.monotonic()
            self.lag.append(now - t0 - 0.1)
            if server.poll() is None:
                self.cpu = _cpu_seconds(server.pid)
            for t in tables:
                if t.waiting is not None and not t.done:
                    t.longest = max(t.longest, now - t.waiting)
                    t.stalled = t.stalled or now - t.waiting > self.args.stall
            if self.died is None and server.poll() is not None:
                self.died = now - self.start
                self.stop = now  # nothing more to measure


async def _soak(
    args: argparse.Namespace, port: int, server: subprocess.Popen[bytes], db: str, tmp: str
) -> dict[str, Any]:
    honest = _Honest(args, port)
    tables = [_Table(n) for n in range(args.tables)]
    honest.stop = time.monotonic() + 120
    gate = asyncio.Semaphore(20)

    async def make(t: _Table) -> None:
        async with gate:
            await honest.make(t)

    await asyncio.gather(*(make(t) for t in tables))
    if not all(t.made for t in tables):
        raise SystemExit("web_soak: the honest tables could not be made")
    cfg = {"port": port, "seconds": args.seconds, "attacks": args.attacks,
           "honest": [t.made["table"] for t in tables if t.made], "bot_tables": args.bot_tables,
           "hello": args.hostile_connections, "silent": args.silent_connections,
           "viewers": args.viewer_workers, "nice": args.hostile_nice}  # fmt: skip
    out = Path(tmp) / "hostile.json"
    hostile = multiprocessing.get_context("spawn").Process(
        target=_hostile_process, args=(cfg, str(out)), daemon=True
    )
    if args.attacks:
        hostile.start()
    honest.start = time.monotonic()
    honest.end = honest.start + args.seconds
    honest.stop = honest.end + args.grace
    for t in tables:
        t.waiting = honest.start
    cpu, own = _cpu_seconds(server.pid), time.process_time()
    watcher = asyncio.create_task(honest.watch(server, tables))
    hiccup = asyncio.create_task(_hiccup(args, db, honest.start))
    await asyncio.gather(*(honest.person(t) for t in tables))
    elapsed = time.monotonic() - honest.start
    cpu, own = honest.cpu - cpu, time.process_time() - own  # the server's, as last seen
    watcher.cancel()
    if time.monotonic() < honest.start + args.hiccup_at:
        hiccup.cancel()
    done, _ = await asyncio.wait([hiccup], timeout=args.hiccup_for + 10)
    hiccup_result = hiccup.result() if done and not hiccup.cancelled() else None
    if hiccup_result is None and args.hiccup:
        hiccup_result = {"taken": False, "error": "the soak ended before the hiccup"}
    if args.attacks:
        await asyncio.to_thread(hostile.join, 60)
        if hostile.is_alive():
            hostile.kill()
    got = json.loads(out.read_text()) if out.exists() else None
    lo, hi = args.hiccup_at, args.hiccup_at + args.hiccup_for + 2
    during = [(at, s) for at, s in honest.latencies if at < args.seconds]
    outside = [s for at, s in during if not (args.hiccup and lo <= at <= hi)]
    return {
        "honest": {
            "latency": _summary([s for _, s in during]),
            "latency_outside_hiccup": _summary(outside),
            "latency_after": _summary([s for at, s in honest.latencies if at >= args.seconds]),
            "timeline": [[round(at, 3), round(s, 4)] for at, s in honest.latencies],
            "ping": _summary(honest.pings),
            "hands": honest.hands,
            "sessions_over": honest.sessions,
            "finished": sum(t.done for t in tables),
            "stalled": [t.n for t in tables if t.stalled],
            "unfinished": [t.made and t.made["table"] for t in tables if not t.done],
            "longest_wait": max((t.longest for t in tables), default=0.0),
            "drops": dict(honest.drops),
            "refusals": dict(honest.refusals),
            "client_lag": _summary(honest.lag),
            "client_cpu": own,
        },
        "hostile": got,
        "hiccup": hiccup_result,
        "elapsed": elapsed,
        "server_cpu": cpu,
        "server_died_at": honest.died,
    }


# ------------------------------------------------------------ the database hiccup


async def _hiccup(args: argparse.Namespace, db: str, start: float) -> dict[str, Any] | None:
    if args.hiccup is None:
        return None
    await asyncio.sleep(max(0.0, start + args.hiccup_at - time.monotonic()))
    try:
        return await asyncio.to_thread(_hold, args.hiccup, db, args.hiccup_for, start)
    except Exception as e:  # psycopg could not connect, say
        return {"taken": False, "error": repr(e)}


def _hold(kind: str, db: str, seconds: float, start: float) -> dict[str, Any]:
    """Lock the database, or make its files immutable, for ``seconds``; what was done."""
    from sqlalchemy.engine import make_url

    url = make_url(db)
    if url.get_backend_name() == "sqlite":
        path = Path(url.database or "")
        if kind == "readonly":
            files = [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]
            done = subprocess.run(["chattr", "+i", *map(str, files)], capture_output=True)
            _IMMUTABLE.extend(files)
            if done.returncode != 0:
                _undo_readonly()
                return {"taken": False, "error": f"chattr +i: {done.stderr.decode().strip()}"}
            at = time.monotonic() - start
            time.sleep(seconds)
            _undo_readonly()
            return {"taken": True, "at": at, "held": seconds, "files": [f.name for f in files]}
        import sqlite3

        con = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            con.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError as e:
            con.close()
            return {"taken": False, "error": f"BEGIN EXCLUSIVE refused after 5 s ({e}): the "
                    "server holds the file exclusively (locking_mode=EXCLUSIVE?); "
                    "make the hiccup with --hiccup readonly"}  # fmt: skip
        at = time.monotonic() - start
        time.sleep(seconds)
        con.execute("ROLLBACK")
        con.close()
        return {"taken": True, "at": at, "held": seconds, "how": "BEGIN EXCLUSIVE"}
    if kind == "readonly":
        return {"taken": False, "error": "--hiccup readonly is for a SQLite file"}
    import psycopg

    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo) as pg:
        try:
            pg.execute("SET lock_timeout = '5s'")
            pg.execute("LOCK TABLE alsos_actions, alsos_hands, alsos_tables "
                        "IN ACCESS EXCLUSIVE MODE")  # fmt: skip
        except psycopg.Error as e:
            return {"taken": False, "error": f"LOCK TABLE refused: {e}"}
        at = time.monotonic() - start
        time.sleep(seconds)
        pg.rollback()
    return {"taken": True, "at": at, "held": seconds, "how": "LOCK TABLE"}


def _undo_readonly() -> None:
    if _IMMUTABLE:
        subprocess.run(["chattr", "-i", *map(str, _IMMUTABLE)], capture_output=True)
        _IMMUTABLE.clear()


# ------------------------------------------------------------ the hostile client


def _profiles() -> dict[str, str]:
    """The uploads: each under the 64 KiB a profile may have."""
    deep = "a: " + "[" * 30_000 + "]" * 30_000 + "\n"
    fig = "".join(f"  f{i}: {{kind: volat, value: 2}}\n" for i in range(2001))
    src = "".join(f"  s{i}: pagat\n" for i in range(4000))
    return {"deep": deep, "figures": f"extends: potter1930\nfigures:\n{fig}",
            "sources": f"extends: potter1930\nsources:\n{src}"}  # fmt: skip


def _hostile_process(cfg: dict[str, Any], out: str) -> None:
    """The hostile client's process: its tallies as JSON in ``out``.  It runs ``nice``
    by ``hostile_nice`` steps: an attacker's own CPU is not the server's, and on this
    one machine an attacker at full priority would slow the server by taking its
    cores, which no server can refuse."""
    if cfg.get("nice"):
        os.nice(int(cfg["nice"]))
    Path(out).write_text(json.dumps(asyncio.run(_Hostile(cfg).run())))


class _Hostile:
    def __init__(self, cfg: dict[str, Any]) -> None:
        self.cfg, self.port = cfg, cfg["port"]
        self.tally: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.times: defaultdict[str, list[float]] = defaultdict(list)
        self.held, self.most = Counter[str](), Counter[str]()
        self.sockets: set[Any] = set()  # every connection open, aborted at the end
        self.keepers: set[asyncio.Future[None]] = set()
        self.finished: list[tuple[str, int]] = []  # hands over, for the viewer
        self.own: dict[str, Any] | None = None  # its table of three people, which it plays
        self.others: list[tuple[str, str]] = []  # its other tables' spectator seats
        self.at: defaultdict[str, set[Any]] = defaultdict(set)  # connections by table
        self.moved: set[Any] = set()  # connections it closed itself (its table changed)
        self.end = time.monotonic() + cfg["seconds"]
        self.rng = random.Random(66)

    async def run(self) -> dict[str, Any]:
        import httpx

        transport = httpx.AsyncHTTPTransport(local_address=HOSTILE)
        base = f"http://127.0.0.1:{self.port}"
        attacks = set(self.cfg["attacks"])
        async with httpx.AsyncClient(transport=transport, base_url=base, timeout=60) as http:
            self.http = http
            plan = [("hints", ["human", "expert"])] * (6 if "hints" in attacks else 0)
            if attacks & {"connections", "viewer"}:
                plan.append(("its own play", ["human"]))
            if attacks & {"record", "viewer"}:
                plan += [("bots only", ["expert"])] * self.cfg["bot_tables"]
            made = await asyncio.gather(*(self.make(kinds, what) for what, kinds in plan))
            hints = [m for m in made if m and m["seats"] == "hints"]
            self.own = own = next((m for m in made if m and m["seats"] == "its own play"), None)
            bots = [m["table"] for m in made if m and m["seats"] == "bots only"]
            work = [self.hinter(m) for m in hints]
            if "uploads" in attacks:
                work += [self.uploader(w) for w in range(2)]
            if "record" in attacks:
                work.append(self.recorder(bots))
            if "viewer" in attacks:
                ids = bots + self.cfg["honest"]
                work += [self.viewer(ids) for _ in range(self.cfg["viewers"])]
            if own is not None and "connections" in attacks:
                self.others = [(m["table"], m["spectator"]) for m in made if m and m is not own]
                work += [self.silent(), self.seated()]
            tasks = [asyncio.ensure_future(self.lag())]
            if own is not None:  # a hand of its own over first (30 s at most), for the viewer
                tasks += [asyncio.ensure_future(self.player(k)) for k in range(3)]
                for _ in range(150):
                    if not self.finished:
                        await asyncio.sleep(0.2)
            tasks += [asyncio.ensure_future(w) for w in work]
            await asyncio.wait(tasks, timeout=max(0.0, self.end - time.monotonic()))
            for task in tasks:
                task.cancel()
            for ws in list(self.sockets):  # gone at once, as a client killed
                if ws.transport is not None:
                    ws.transport.abort()
            await asyncio.gather(*tasks, return_exceptions=True)
        return {
            "tally": {k: dict(v) for k, v in self.tally.items()},
            "times": {k: _summary(v) for k, v in self.times.items()},
            "held_at_most": dict(self.most),
            "cpu": time.process_time(),
        }

    async def lag(self) -> None:
        """This client's event loop falling behind (if it does, it attacks less)."""
        while True:
            t = time.monotonic()
            await asyncio.sleep(0.1)
            self.times["its own event loop lag"].append(time.monotonic() - t - 0.1)

    async def make(self, kinds: list[str], what: str) -> dict[str, Any] | None:
        status, made, _ = await _post(self.port, HOSTILE, _seats("potter1930", 3, kinds))
        self.tally[f"tables for {what}"][status] += 1
        return {**made, "seats": what} if status == "200" else None

    async def uploader(self, worker: int) -> None:
        """Nasty profiles back to back (every tenth, the 4,000 sources, makes a table:
        ten of those at most)."""
        profiles, n = _profiles(), worker
        while True:
            n += 1
            sources = n % 10 == 0 and sum(self.tally.get("upload sources", {}).values()) < 10
            kind = "sources" if sources else "deep" if n % 2 else "figures"
            body = {**_seats("potter1930", 3, ["human", "medium"]), "profile": profiles[kind]}
            status, answer, took = await _post(self.port, HOSTILE, body)
            error = str(answer.get("error", ""))[:50] if isinstance(answer, dict) else ""
            self.tally[f"upload {kind}"][f"{status} {error}".strip()] += 1
            self.times[f"upload {kind}"].append(took)

    async def get(self, what: str, path: str, **params: Any) -> str:
        t = time.monotonic()
        try:
            status = str((await self.http.get(path, params=params)).status_code)
        except Exception as e:
            status = type(e).__name__
        self.tally[what][status] += 1
        if status == "200":
            self.times[what].append(time.monotonic() - t)
        return status

    async def recorder(self, ids: list[str]) -> None:
        """The record of bots-only tables it never plays (this once started them)."""
        for n in itertools.count():
            if ids:
                await self.get("record", f"/api/tables/{ids[n % len(ids)]}/record")
            await asyncio.sleep(0.02)

    async def viewer(self, ids: list[str]) -> None:
        """The viewer with its analysis: of its own hands over, or (one time in five, or
        none over yet) of hand 1 to 3 of another table, the honest ones' included."""
        while True:
            if self.finished and self.rng.random() < 0.8:
                table, hand = self.rng.choice(self.finished)
            else:
                table, hand = self.rng.choice(ids), self.rng.randint(1, 3)
            path = f"/api/tables/{table}/viewer"
            if await self.get("viewer", path, hand=hand, analysis=1) != "200":
                await asyncio.sleep(0.05)

    async def hinter(self, made: dict[str, Any]) -> None:
        """A hint asked as soon as the last was answered, about 7 a second at most (the
        server allows 8), 5 while refused (a person against bots only)."""
        while True:
            try:
                async with _connect(self.port, made["table"], HOSTILE) as ws:
                    self.sockets.add(ws)
                    await ws.send(json.dumps({"type": "hello", "token": made["tokens"]["0"]}))
                    while True:
                        t = time.monotonic()
                        await ws.send('{"type":"hint"}')
                        frame = json.loads(await ws.recv())
                        while frame["type"] not in ("hint", "error"):
                            frame = json.loads(await ws.recv())
                        text, took = (
                            str(frame.get("text") or frame.get("reason")),
                            time.monotonic() - t,
                        )
                        answered = text.startswith("hint:")
                        self.tally["hints"][
                            "answered" if answered else f"{frame['type']}: {text[:60]}"
                        ] += 1
                        if answered:
                            self.times["hint"].append(took)
                        await asyncio.sleep(max(0.0, (0.15 if answered else 0.2) - took))
            except Exception as e:
                self.tally["hints"][f"connection {_closed(e)}"] += 1
                await asyncio.sleep(1)

    async def player(self, seat: int) -> None:
        """Play one seat of its own table of three people at once (every action goes to
        all the connections it holds there), and note each hand over for the viewer;
        once the session is over, go on at a new table."""
        while self.own is not None:
            table, token = self.own["table"], self.own["tokens"][str(seat)]
            ws = None
            try:
                async with _connect(self.port, table, HOSTILE) as ws:
                    self.sockets.add(ws)
                    self.at[table].add(ws)
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    hand, msg = 1, ""
                    async for raw in ws:
                        frame = json.loads(raw)
                        kind = frame["type"]
                        if kind in ("welcome", "sheet"):
                            hand = frame["hand"] if kind == "sheet" else frame["table"]["hand"]
                        elif kind == "error":  # too many messages: again a moment later
                            await asyncio.sleep(0.3)
                            await ws.send(msg)
                        elif kind == "refused" and "session is over" in frame["reason"]:
                            await self.new_table(table)
                        elif kind == "state" and frame["settlement"] is not None and seat == 0:
                            self.finished.append((table, hand))
                            self.tally["its own play"]["hands over"] += 1
                            msg = json.dumps({"type": "next", "hand": hand})
                            await ws.send(msg)
                        elif kind == "state" and frame["actions"]:
                            action = self.rng.choice(frame["actions"])["action"]
                            msg = json.dumps({"type": "act", "action": action, "ply": frame["ply"]})
                            await ws.send(msg)
                            self.tally["its own play"]["actions"] += 1
            except Exception as e:
                if ws not in self.moved:
                    self.tally["its own play"][f"connection {_closed(e)}"] += 1
                await asyncio.sleep(1)

    async def new_table(self, old: str) -> None:
        """Its own table's session is over: a new one, and every connection moves there."""
        made = await self.make(["human"], "its own play")
        if made is not None and self.own is not None and self.own["table"] == old:
            self.own = made
            for ws in self.at.pop(old, set()):
                self.moved.add(ws)
                if ws.transport is not None:
                    ws.transport.abort()

    def targets(self) -> list[tuple[str, str]]:
        """Where to open connections that say hello: each seat of its own table, its
        spectator seat, then the other tables' spectator seats."""
        own = self.own or {"table": "", "tokens": {}, "spectator": ""}
        seats = [(own["table"], own["tokens"].get(str(k), "")) for k in range(3)]
        return [*seats, (own["table"], own["spectator"]), *self.others]

    async def seated(self, workers: int = 16) -> None:
        """Connections that say hello, opened (by ``workers`` at once) to the first target
        until one is refused, then to the next, and held; every target refused, all are
        tried again a second later."""
        await asyncio.sleep(2)  # its own players first
        self.target, opening = 0, [0]

        async def opener() -> None:
            while True:
                i, targets = self.target, self.targets()
                if i >= len(targets) or self.held["seated"] + opening[0] >= self.cfg["hello"]:
                    await asyncio.sleep(1)
                    self.target = 0 if i >= len(targets) else self.target
                    continue
                ws, why = None, None
                opening[0] += 1
                try:
                    ws = await _connect(self.port, targets[i][0], HOSTILE)
                    self.sockets.add(ws)
                    await ws.send(json.dumps({"type": "hello", "token": targets[i][1]}))
                    first = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if first["type"] != "welcome":
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(ws.wait_closed(), 2)
                        why = f"close {ws.close_code} {ws.close_reason or first.get('reason')}"
                except Exception as e:
                    why = _closed(e)
                opening[0] -= 1
                if why is None:
                    self.tally["seated"][f"opened at target {i}"] += 1
                    self.keeping(ws, "seated", targets[i][0])
                    continue
                self.tally["seated refused"][why[:100]] += 1
                if ws is not None and ws.transport is not None:
                    ws.transport.abort()
                    self.sockets.discard(ws)
                if why.startswith(("close", "HTTP")) and self.target == i:  # refused: next
                    self.target = i + 1

        await asyncio.gather(*(opener() for _ in range(workers)))

    async def silent(self, workers: int = 16) -> None:
        """Connections that never say hello (by ``workers`` at once), held until the
        server closes them; one closed within half a second is counted refused."""

        async def opener() -> None:
            while True:
                if self.held["silent"] >= self.cfg["silent"]:
                    await asyncio.sleep(0.2)
                    continue
                table = self.own["table"] if self.own else ""
                try:
                    ws = await _connect(self.port, table, HOSTILE)
                except Exception as e:
                    self.tally["silent refused"][_closed(e)] += 1
                    await asyncio.sleep(1)
                    continue
                self.sockets.add(ws)
                try:
                    await asyncio.wait_for(asyncio.shield(ws.wait_closed()), 0.5)
                except TimeoutError:  # open, and not closed at once: held
                    self.tally["silent"]["opened"] += 1
                    self.keeping(ws, "silent", table)
                    continue
                why = f"close {ws.close_code} {ws.close_reason}"
                self.tally["silent refused"][why[:100]] += 1
                self.sockets.discard(ws)
                await asyncio.sleep(1)

        await asyncio.gather(*(opener() for _ in range(workers)))

    def keeping(self, ws: Any, kind: str, table: str) -> None:
        self.at[table].add(ws)
        task = asyncio.ensure_future(self.keep(ws, kind))
        self.keepers.add(task)
        task.add_done_callback(self.keepers.discard)

    async def keep(self, ws: Any, kind: str) -> None:
        """Hold a connection, reading (and dropping) what comes, until it is closed."""
        self.held[kind] += 1
        self.most[kind] = max(self.most[kind], self.held[kind])
        t = time.monotonic()
        try:
            while True:
                await ws.recv(decode=False)
        except Exception as e:
            if time.monotonic() < self.end and ws not in self.moved:
                self.tally[f"{kind} closed by the server"][_closed(e)] += 1
                self.times[f"{kind} held"].append(time.monotonic() - t)
        finally:
            self.held[kind] -= 1
            self.sockets.discard(ws)


# ------------------------------------------------------------ the report


def _server_errors(log: Path) -> dict[str, Any]:
    """The server's output: its tracebacks counted, and its other lines (log messages,
    each traceback's exception) counted alike, tables' ids and numbers left out."""
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    skip = ("Traceback", "During handling", "The above exception", "alsos: the web table")
    said: Counter[str] = Counter()
    for line in lines:
        if line.strip() and not line.startswith((" ", "\t", "^", "~", *skip)):
            line = re.sub(r"\d+", "N", re.sub(r"table [\w-]+", "table T", line))
            said[line[:150]] += 1
    return {"tracebacks": sum(ln.startswith("Traceback") for ln in lines),
            "said": dict(said.most_common(15))}  # fmt: skip


def _shown(db: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(db).render_as_string(hide_password=True)


def _ms(s: dict[str, float]) -> str:
    if not s["count"]:
        return "none"
    return (f"{s['count']}: p50 {1000 * s['p50']:.0f} ms, p90 {1000 * s['p90']:.0f} ms, "
            f"p99 {1000 * s['p99']:.0f} ms, max {1000 * s['p100']:.0f} ms")  # fmt: skip


def _report(args: argparse.Namespace, db: str, r: dict[str, Any]) -> dict[str, bool]:
    h, srv = r["honest"], r["server"]
    print(f"web soak: {args.tables} tables of {args.variant}, one person and {args.bots} bots "
          f"each, bot delay {args.bot_delay} s, think {args.think[0]}-{args.think[1]} s, "
          f"{args.seconds:.0f} s, server limits Limits() (its defaults), {_shown(db)}")  # fmt: skip
    print(f"attacks from {HOSTILE} (nice {args.hostile_nice}): "
          f"{', '.join(args.attacks) or 'none'}; hiccup: "
          + (f"{args.hiccup} at {args.hiccup_at:.0f} s for {args.hiccup_for:.0f} s"
             if args.hiccup else "none"))  # fmt: skip
    print(f"honest actions during the soak, action-to-update latency: {_ms(h['latency'])}")
    if args.hiccup:
        print(f"  of those sent outside the hiccup: {_ms(h['latency_outside_hiccup'])}")
    print(f"  after the soak, finishing the hands: {_ms(h['latency_after'])}")
    print(f"pings {_ms(h['ping'])}")
    print(f"hands finished: {h['hands']} (sessions over: {h['sessions_over']}); tables that "
          f"finished the hand in play within {args.grace:.0f} s of the end: "
          f"{h['finished']}/{args.tables}")  # fmt: skip
    if 0 < len(h["unfinished"]) <= 10:
        print(f"  the tables that did not: {', '.join(map(str, h['unfinished']))}")
    print(f"stalled tables (waiting on the server over {args.stall:.0f} s): {len(h['stalled'])}"
          f"; the longest wait {h['longest_wait']:.1f} s")  # fmt: skip
    print(f"dropped connections: {sum(h['drops'].values())} {h['drops'] or ''}")
    if h["refusals"]:
        print(f"refused: {h['refusals']}")
    lag = h["client_lag"]
    print(f"this client's event loop lag: p99 {1000 * lag['p99']:.0f} ms, max "
          f"{1000 * lag['p100']:.0f} ms; its CPU {h['client_cpu']:.1f} s")  # fmt: skip
    got = r["hostile"]
    if got is not None:
        print("hostile client:")
        for what, counts in got["tally"].items():
            print(f"  {what}: {', '.join(f'{k} x{v}' for k, v in counts.items())}")
        for what, s in got["times"].items():
            print(f"  {what} times: {s['count']}, p50 {s['p50']:.2f} s, p90 {s['p90']:.2f} s,"
                  f" max {s['p100']:.2f} s")  # fmt: skip
        print(f"  connections held at most: {got['held_at_most']}; its CPU {got['cpu']:.1f} s")
    elif args.attacks:
        print("hostile client: no results (it did not finish)")
    if r["hiccup"] is not None:
        print(f"hiccup: {r['hiccup']}")
    died = srv["status"] is not None
    status = f"died at {r['server_died_at'] or 0:.0f} s, exit status {srv['status']}" + (
        f" (signal {-srv['status']}, shell status {128 - srv['status']})"
        if srv["status"] < 0 else "") if died else "alive"  # fmt: skip
    print(f"server: {status}; CPU {r['server_cpu']:.1f} s over {r['elapsed']:.0f} s "
          f"({100 * r['server_cpu'] / max(r['elapsed'], 1e-9):.0f}% of a core)")  # fmt: skip
    print(f"server log ({srv['log']}): {srv['tracebacks']} tracebacks")
    for line, n in srv["said"].items():
        print(f"  {n} x {line}")
    b, a = r["load"]["before"], r["load"]["after"]
    print(f"load average (1, 5, 15 min) before {b[0]:.2f} {b[1]:.2f} {b[2]:.2f}, "
          f"after {a[0]:.2f} {a[1]:.2f} {a[2]:.2f}; {r['load']['cores']} cores")  # fmt: skip
    p99 = 1000 * h["latency_outside_hiccup" if args.hiccup else "latency"]["p99"]
    checks = {f"p99 <= {args.target_p99:.0f} ms": p99 <= args.target_p99,
              "no stalled table": not h["stalled"], "server alive": not died}  # fmt: skip
    if args.hiccup:
        checks["the hiccup happened"] = bool(r["hiccup"] and r["hiccup"]["taken"])
        checks["every table finished its hand"] = h["finished"] == args.tables
    print("targets: " + "; ".join(f"{k}: {'met' if ok else 'NOT MET'}" for k, ok in checks.items()))
    return checks


if __name__ == "__main__":
    sys.exit(main())
