"""Running the web table as a server process (``alsos serve``): uvicorn, set up for it.

:func:`serve` opens the database, binds the address, says so, and serves
:func:`~alsos.web.create_app` with uvicorn until interrupted.  What it adds to
uvicorn's defaults, each for a reason:

- **The address is bound before the ready line is printed**, so a port in
  use is one line of error, never a false "the web table at ..." followed by
  a traceback; a database that cannot be opened is one line too.
- **Forwarded headers are believed from no one by default.**  Behind a reverse
  proxy every visitor seems to come from the proxy's address, and a client
  could claim any address in ``X-Forwarded-For``; the per-client limits
  (:mod:`alsos.web.guard`) count the address, so which proxies' word counts is
  for the operator to say (``forwarded_allow_ips``: the proxies' addresses,
  comma-separated; ``docs/server.rst`` shows an nginx setup).
- **An access log**: a line per HTTP request on standard error (uvicorn's
  format: client, method, path, status), with the server's own warnings; the
  page's token never appears in it (it travels in the URL's fragment and in
  WebSocket messages, neither of which is logged).
- **No per-message compression**: a frame is a few KiB, and compressing each
  one for each page cost a third of the server's time under load
  (``examples/web_load.py``).
"""

from __future__ import annotations

import copy
import socket
import sys
from typing import Any

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from alsos.web.app import create_app

__all__ = ["bind", "log_config", "serve"]


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (what uvicorn then serves on).

    :raises OSError: the address is in use, or not this machine's.
    """
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def log_config(access_log: bool) -> dict[str, Any]:
    """uvicorn's logging set-up with the access log on (or off) and the web table's
    own messages (logger ``alsos``) beside it, all on standard error; uvicorn's
    chatter stays at warnings."""
    config: dict[str, Any] = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    loggers = config["loggers"]
    loggers["uvicorn"]["level"] = "WARNING"
    loggers["uvicorn.error"]["level"] = "WARNING"
    loggers["uvicorn.access"]["level"] = "INFO" if access_log else "WARNING"
    loggers["alsos"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    config["handlers"]["access"]["stream"] = "ext://sys.stderr"  # stdout: the ready line only
    return config


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///alsos-web.sqlite3",
    bot_delay: float = 0.6,
    hand_pause: float | None = 3.0,
    board_pause: float = 15.0,
    forwarded_allow_ips: str | None = None,
    access_log: bool = True,
    workers: int = 2,
) -> int:
    """Serve the web table until interrupted; the exit status (1: the database or the
    address could not be opened, said in one line on standard error)."""
    shown = make_url(db).render_as_string(hide_password=True)  # never print a password
    try:
        app = create_app(
            db,
            bot_delay=max(bot_delay, 0.0),
            hand_pause=hand_pause,
            workers=workers,
            board_pause=board_pause,
        )
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).splitlines()[0]
        if "database is locked" in reason:
            reason += " (a SQLite file is one server's: is another alsos serve using it?)"
        print(f"alsos serve: cannot open the database {shown}: {reason}", file=sys.stderr)
        return 1
    try:
        sock = bind(host, port)
    except OSError as e:
        print(f"alsos serve: cannot listen on {host}:{port}: {e.strerror or e}", file=sys.stderr)
        return 1
    config = uvicorn.Config(
        app,
        # ws_max_size: no frame from a page is near this; the app refuses over 4 KiB itself
        ws_max_size=65536,
        ws_per_message_deflate=False,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        access_log=access_log,
        log_config=log_config(access_log),
    )
    print(f"alsos: the web table at http://{host}:{port}/ (tables in {shown})", flush=True)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
