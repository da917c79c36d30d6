"""The lobby: the tables a server lists, and what a table is set to do when a seat is away.

A table is made *listed* (shown in the lobby, to anyone who opens the page)
or *private* (reached only through the links it was made with).  A listed
table may keep *free seats*: a person's seat whose link is made when someone
takes it from the lobby (:meth:`alsos.web.hub.Hub.take_seat`), one person
per seat, whoever asks first.  Anyone may watch a listed table: its
spectators' link is in the lobby.  The lobby lists only what every seat of a
table knows anyway -- its name, ruleset, seats and their names, the hand's
number -- never a card.

:class:`Settings` holds the rest of what a table is made with: how long a
person who left keeps the seat before a bot plays for it (the *grace*), which
bot, and an optional time limit on each turn.  They are stored with the
table (``alsos_settings``); a table made before they existed has the
defaults (private, no stand-in, no turn limit).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from alsos.pack.cards import quote
from alsos.web.store import SettingsRow

__all__ = [
    "GRACE",
    "MAX_GRACE",
    "MAX_TURN",
    "MIN_TURN",
    "TITLE_LENGTH",
    "Settings",
    "read_settings",
    "settings_of",
    "settings_row",
]

#: Seconds a person who left keeps the seat before a stand-in bot plays for it.
GRACE = 60.0
#: The longest grace a table may set (seconds).
MAX_GRACE = 3600.0
#: The shortest and longest time limit on one turn (seconds).
MIN_TURN = 10.0
MAX_TURN = 600.0
#: The longest name of a table, in characters.
TITLE_LENGTH = 40


@frozen
class Settings:
    """What a table does besides its rules.

    ``title``: its name in the lobby and on its page ("" unnamed);
    ``listed``: shown in the lobby (its free seats taken there, anyone may watch);
    ``grace``: seconds a person who left keeps the seat before the ``stand_in``
    bot (a level of :data:`alsos.web.room.BOTS`; None: the table waits for the
    person) plays for it, until the person comes back;
    ``turn_time``: seconds a person has for each decision (None: no limit);
    when they pass, the stand-in (or a ``medium`` bot) makes that one move;
    ``boards``: a tournament's table (:mod:`alsos.web.director`) plays exactly
    this many boards, each hand on its own, and deals on by itself (None: the
    profile's session; not a setting a request may ask for), for the tournament
    ``tournament`` (its id: the table's page links to the tournament's), whose bots
    at this table have the ``numbers`` ``(seat, n)`` among its bots (their names
    there: ``Easy bot 2``).
    """

    title: str = ""
    listed: bool = False
    grace: float = GRACE
    stand_in: str | None = None
    turn_time: float | None = None
    boards: int | None = None
    tournament: str | None = None
    numbers: tuple[tuple[int, int], ...] = ()

    def public(self) -> dict[str, Any]:
        """The settings every seat and the lobby may know (all of them)."""
        return {
            "title": self.title,
            "listed": self.listed,
            "grace": self.grace,
            "stand_in": self.stand_in,
            "turn_time": self.turn_time,
            "boards": self.boards,
            "tournament": self.tournament,
            "numbers": [list(n) for n in self.numbers],
        }


def read_settings(data: Mapping[str, Any], bots: tuple[str, ...]) -> Settings | str:
    """The settings a request to make a table asks for (its keys ``title``,
    ``listed``, ``grace``, ``stand_in``, ``turn_time``; each may be missing), or
    why they cannot be made, naming the key and what it allows.  ``bots``: the
    levels a stand-in may be."""
    title = data.get("title", "")
    if not isinstance(title, str):
        return f'"title" is text, not {quote(title)}'
    title = " ".join(title.split())
    if len(title) > TITLE_LENGTH:
        return f'"title" is at most {TITLE_LENGTH} characters, not {len(title)}'
    raw = data.get("title", "")
    if any(unicodedata.category(ch).startswith("C") and ch not in "\t\n\r" for ch in raw):
        return '"title" holds a character that cannot be shown'
    listed = data.get("listed", False)
    if not isinstance(listed, bool):
        return f'"listed" is true or false, not {quote(listed)}'
    grace = _seconds(data.get("grace", GRACE), "grace", 0.0, MAX_GRACE)
    if isinstance(grace, str):
        return grace
    stand_in = data.get("stand_in")
    if stand_in is not None and stand_in not in bots:
        return f'"stand_in" is null or a bot ({", ".join(bots)}), not {quote(stand_in)}'
    turn = data.get("turn_time")
    if turn is not None:
        turn = _seconds(turn, "turn_time", MIN_TURN, MAX_TURN)
        if isinstance(turn, str):
            return turn
    return Settings(title, listed, grace, stand_in, turn)


def _seconds(value: object, key: str, low: float, high: float) -> float | str:
    """``value`` as seconds from ``low`` to ``high``, or why not."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return f'"{key}" is a number of seconds, not {quote(value)}'
    if not low <= value <= high:
        return f'"{key}" is from {low:g} to {high:g} seconds, not {quote(value)}'
    return float(value)


def settings_row(settings: Settings, watch: str | None) -> SettingsRow:
    """What is stored of a table's ``settings`` (``watch``: its spectators' token):
    :func:`settings_of` reads it back."""
    options: dict[str, Any] = {
        "grace": settings.grace,
        "stand_in": settings.stand_in,
        "turn_time": settings.turn_time,
    }
    if settings.boards is not None:
        options["boards"] = settings.boards
        options["tournament"] = settings.tournament
        options["numbers"] = [list(n) for n in settings.numbers]
    return SettingsRow(
        title=settings.title,
        listed=settings.listed,
        watch=watch,
        options=json.dumps(options, separators=(",", ":")),
    )


def settings_of(row: SettingsRow) -> Settings:
    """The settings a stored row holds (:func:`settings_row` wrote it; a table made
    before settings existed has the defaults)."""
    options = json.loads(row.options or "{}")
    return Settings(
        title=row.title,
        listed=row.listed,
        grace=float(options.get("grace", GRACE)),
        stand_in=options.get("stand_in"),
        turn_time=options.get("turn_time"),
        boards=options.get("boards"),
        tournament=options.get("tournament"),
        numbers=tuple((int(s), int(n)) for s, n in options.get("numbers", ())),
    )
