"""The ``alsos serve`` command: its options, and the web table run with them.

Kept apart from :mod:`alsos.cli` as the other commands with many options are
(:mod:`alsos.research.arena`, :mod:`alsos.research.bench`): ``add_arguments`` and
``run``.  Nothing of :mod:`alsos.web` is imported until the command runs, so the
core's command line works without the ``web`` extra.
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["add_arguments", "run"]


def add_arguments(serve: argparse.ArgumentParser) -> None:
    """``alsos serve``'s options."""
    serve.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, metavar="N", help="port (default 8000)")
    serve.add_argument(
        "--db",
        default="sqlite:///alsos-web.sqlite3",
        metavar="URL",
        help="SQLAlchemy database URL (default: sqlite:///alsos-web.sqlite3, here)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="pause before a bot's move is shown (default 0.6)",
    )
    serve.add_argument(
        "--hand-pause",
        type=_hand_pause,
        default=3.0,
        metavar="SECONDS",
        help="pause before a table of bots only deals its next hand (default 3; "
        "'off': it stops after each hand)",
    )
    serve.add_argument(
        "--board-pause",
        type=_seconds,
        default=15.0,
        metavar="SECONDS",
        help="pause before a tournament's table deals its next board (default 15)",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="behind a reverse proxy: the proxies' addresses (comma-separated) whose "
        "X-Forwarded-For names the client; by default no one's is believed",
    )
    serve.add_argument(
        "--no-access-log",
        dest="access_log",
        action="store_false",
        help="no line per HTTP request on standard error",
    )
    serve.add_argument(
        "--workers",
        type=_positive,
        default=2,
        metavar="N",
        help="worker processes for searching bots, hints and analysis pages (default 2)",
    )
    serve.add_argument(
        "--schema",
        action="store_true",
        help="print the JSON Schema of the WebSocket protocol and exit",
    )


def _protocol_schema() -> int:
    """Print the JSON Schema of the web table's protocol (``alsos.web.protocol``)."""
    try:
        from alsos.web.protocol import schema
    except ImportError as e:
        return _no_web(e)
    print(json.dumps(schema(), indent=2, ensure_ascii=False))
    return 0


def _no_web(error: ImportError) -> int:
    """Say that the ``web`` extra is missing (what failed to import): exit status 1."""
    print(f"alsos serve: {error}; install it with: pip install 'alsos[web]'", file=sys.stderr)
    return 1


def _positive(text: str) -> int:
    """A whole number of at least 1."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not a whole number of at least 1")
    return int(text)


def _seconds(text: str, also: str = "") -> float:
    """A number of seconds, 0 or more (``also``: what else the option takes, for the
    refusal)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not a number of seconds{also}")
    return value


def _hand_pause(text: str) -> float | None:
    """``--hand-pause``: seconds (0 or more), or ``off``."""
    return None if text == "off" else _seconds(text, " or 'off'")


def run(args: argparse.Namespace) -> int:
    """Print the protocol's schema (``--schema``), or run the web table
    (:func:`alsos.web.server.serve`) until interrupted."""
    if args.schema:
        return _protocol_schema()
    try:
        from alsos.web.server import serve
    except ImportError as e:
        return _no_web(e)
    return serve(
        host=args.host,
        port=args.port,
        db=args.db,
        bot_delay=args.bot_delay,
        hand_pause=args.hand_pause,
        board_pause=args.board_pause,
        forwarded_allow_ips=args.forwarded_allow_ips,
        access_log=args.access_log,
        workers=args.workers,
    )
