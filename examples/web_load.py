"""Load the web table: N tables played at once against one ``alsos serve`` process.

Starts one server process (the web table, ``alsos.web.create_app``, served by
uvicorn on a free loopback port, bots without delay, storing in a new SQLite
file unless ``--db`` names another database), makes ``--tables`` tables of one
person and heuristic bots, and plays the person's seat of every table at once
from this process over WebSockets, picking a legal action at random as soon as
it is offered.  It measures, for each of those actions, the action-to-update
latency: from sending the action to receiving the update (the ``events``
frame of that action) -- what a person waits for between a click and the
table answering, the server validating, storing and broadcasting it; the
bots' own moves between two of the person's are not in it.

Prints the latency percentiles (p50, p90, p99, max), the actions the server
took per second (the person's and the bots'), and the load average, since on a
shared machine other work changes the figures.  Bounded in count and time:
each table plays ``--hands`` hands (a new table for each), and everything stops
after ``--seconds``.  Only the loopback address is used.

    python examples/web_load.py --tables 200
    python examples/web_load.py --tables 20 --variant csibor --players 4

Needs the ``web`` extra (its ``websockets`` and ``httpx`` come with
``uvicorn[standard]`` and the test extra).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

_SERVER = """
import sys, uvicorn
from alsos.web import Limits, create_app
db, port, tables = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
limits = Limits(tables_per_client=tables, actions_per_second=1000, burst=1000)
app = create_app(db, bot_delay=0, limits=limits)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=65536,
            ws_per_message_deflate=False)  # as alsos serve runs it
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="alsos-web-load-") as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'tables.sqlite3'}"
        port = free_port()
        total = args.tables * args.hands
        server = subprocess.Popen([sys.executable, "-c", _SERVER, db, str(port), str(total)])
        try:
            wait_for(port, server)
            load_before = os.getloadavg()
            result = asyncio.run(_load(args, port, server))
            load_after = os.getloadavg()
        finally:
            server.terminate()
            server.wait(10)
    _report(args, result, load_before, load_after)
    return 0 if result["hands"] == total else 1


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200, help="tables played at once (200)")
    p.add_argument("--hands", type=int, default=1, help="hands each table plays in a row (1)")
    p.add_argument("--variant", default="potter1930", help="a shipped profile (potter1930)")
    p.add_argument("--players", type=int, default=None, help="its player count if it has several")
    p.add_argument("--seconds", type=float, default=300.0, help="stop after this long (300)")
    p.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    p.add_argument("--seed", type=int, default=0, help="the person's random choices (0)")
    return p


def free_port() -> int:
    """A loopback port nothing listens on now (for a server this script starts)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, server: subprocess.Popen[bytes], name: str = "web_load") -> None:
    """Wait until ``server`` listens on ``port`` (about 30 s); ``name`` prefixes the error."""
    for _ in range(300):
        if server.poll() is not None:
            raise SystemExit(f"{name}: the server stopped before it listened")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{name}: the server did not start")


async def _load(
    args: argparse.Namespace, port: int, server: subprocess.Popen[bytes]
) -> dict[str, object]:
    import httpx

    latencies: list[float] = []
    counts = {"hands": 0, "actions": 0}
    deadline = time.monotonic() + args.seconds
    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:

        async def table(n: int, made: dict[str, Any]) -> None:
            rng = random.Random(args.seed * 100_003 + n)
            for hand in range(args.hands):
                if time.monotonic() >= deadline:
                    return
                if hand > 0:
                    made = await _make(args, http)
                ply = await _one_hand(port, made, rng, latencies, deadline)
                if ply is None:
                    return
                counts["hands"] += 1
                counts["actions"] += ply

        # the first tables are made before any is played: what is measured is play
        first = await asyncio.gather(*(_make(args, http) for _ in range(args.tables)))
        cpu = _cpu_seconds(server)
        start = time.perf_counter()
        await asyncio.gather(*(table(n, made) for n, made in enumerate(first)))
        elapsed = time.perf_counter() - start
        cpu = _cpu_seconds(server) - cpu
    return {**counts, "latencies": latencies, "elapsed": elapsed, "cpu": cpu}


async def _make(args: argparse.Namespace, http: Any) -> dict[str, Any]:
    """A new table of one person (seat 0) and heuristic bots: its id and token."""
    seats = args.players if args.players is not None else _players(args.variant)
    body = {"variant": args.variant, "players": args.players,
            "seats": ["human"] + ["heuristic"] * (seats - 1)}  # fmt: skip
    r = await http.post("/api/tables", json=body)
    r.raise_for_status()
    return dict(r.json())


def _cpu_seconds(server: subprocess.Popen[bytes]) -> float:
    """The server process's CPU time so far (user and system; Linux), else NaN."""
    try:
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _one_hand(
    port: int,
    made: dict[str, Any],
    rng: random.Random,
    latencies: list[float],
    deadline: float,
) -> int | None:
    """Play the person's seat of the table ``made`` to the settlement: the hand's action
    count, or None if the time ran out."""
    from websockets.asyncio.client import connect

    url = f"ws://127.0.0.1:{port}/ws/{made['table']}"
    async with connect(url, max_size=2**22, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "token": made["tokens"]["0"]}))
        sent: tuple[int, float] | None = None  # the ply answered and when
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(deadline - time.monotonic(), 0.01))
            except TimeoutError:
                return None
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "events" and sent is not None and frame["ply"] == sent[0] + 1:
                latencies.append(time.perf_counter() - sent[1])
                sent = None
            elif kind in ("refused", "error"):
                raise SystemExit(f"web_load: the server refused an action: {frame}")
            elif kind == "state":
                if frame["settlement"] is not None:
                    return int(frame["ply"])
                if frame["actions"] and sent is None:
                    choice = rng.choice(frame["actions"])["action"]
                    sent = (frame["ply"], time.perf_counter())
                    await ws.send(
                        json.dumps({"type": "act", "action": choice, "ply": frame["ply"]})
                    )
    return None


def _players(variant: str) -> int:
    from alsos.ruleset.loading import load_variant

    return load_variant(variant).players


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[i]


def _report(
    args: argparse.Namespace,
    result: dict[str, object],
    before: tuple[float, float, float],
    after: tuple[float, float, float],
) -> None:
    lat = sorted(result["latencies"])  # type: ignore[call-overload]
    elapsed = float(result["elapsed"])  # type: ignore[arg-type]
    actions = int(result["actions"])  # type: ignore[call-overload]
    ms = {q: 1000 * _percentile(lat, q) for q in (0.5, 0.9, 0.99, 1.0)}
    print(
        f"{args.tables} tables x {args.hands} hand(s) of {args.variant}, one person and "
        f"heuristic bots each, one server process, bots without delay"
    )
    print(f"hands finished: {result['hands']} in {elapsed:.1f} s")
    print(
        f"action-to-update latency over {len(lat)} actions: p50 {ms[0.5]:.1f} ms, "
        f"p90 {ms[0.9]:.1f} ms, p99 {ms[0.99]:.1f} ms, max {ms[1.0]:.1f} ms"
    )
    cpu = float(result["cpu"])  # type: ignore[arg-type]
    print(
        f"actions taken (the person's and the bots'): {actions}, {actions / elapsed:.0f}/s; "
        f"server CPU {cpu:.1f} s, {1000 * cpu / max(actions, 1):.2f} ms an action"
    )
    print(
        f"load average (1, 5, 15 min) before {before[0]:.2f} {before[1]:.2f} {before[2]:.2f}, "
        f"after {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}; {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    sys.exit(main())
