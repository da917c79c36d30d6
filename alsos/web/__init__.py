"""Play Alsós in a browser: a web table for people and bots (the ``web`` extra).

:func:`create_app` gives the table as an ASGI application (Starlette) that
``alsos serve`` runs with uvicorn and that another server can mount.  A page
(plain HTML, CSS and a small script; nothing from other sites) makes a table
-- a shipped variant, and for each seat a person or a bot -- and plays it:
every person's seat has its own secret link.  The tables, their seats and
every accepted action are stored through SQLAlchemy (a SQLite file by
default), so a restarted server picks every hand up where it stopped.

What a seat is sent is built only from its view and the events as it sees
them (:mod:`alsos.web.messages`); actions are checked by the engine and
taken one at a time per table (:mod:`alsos.web.hub`).  The limits against
abuse (:class:`Limits`) are counted per client (:mod:`alsos.web.guard`).  The
protocol and the limits are described in ``docs/server.rst``.

Needs ``pip install 'alsos[web]'`` (Starlette, uvicorn, SQLAlchemy).
"""

from __future__ import annotations

try:
    from alsos.web.app import create_app
    from alsos.web.guard import Limits
except ImportError as e:  # pragma: no cover - depends on the installed extras
    raise ImportError(f"the web table needs the 'web' extra: pip install 'alsos[web]' ({e})") from e

__all__ = ["Limits", "create_app"]
