"""The lobby's list of tables: the listed tables' public facts, as the page shows them.

Each entry says what anyone may know of a listed table (:mod:`alsos.web.lobby`):
its name, ruleset and player count, each seat with its name, whether a person's
seat is free and whether its person is here, the number of the hand in play,
and the spectators' token (anyone may watch a listed table).  A table in this
process's memory adds who is connected, and is left out once its session is
over; one that is not is listed from the store alone.  The store lists the
tables made in the last :data:`~alsos.web.store.LISTED_FOR` seconds.  Never a
card, a deal or a seat's token.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from alsos.language import ENGLISH, Language
from alsos.ruleset.loading import shipped_variants
from alsos.ruleset.wording import name_in
from alsos.web.room import Room, seat_facts, seat_names
from alsos.web.store import LobbyRow
from alsos.web.uploads import shipped_rules

__all__ = ["lobby_entries"]


def lobby_entries(
    rows: list[LobbyRow], rooms: Mapping[str, Room], lang: Language = ENGLISH
) -> list[dict[str, Any]]:
    """The lobby's entries for the stored listed tables ``rows``, the tables in memory
    (``rooms``) telling who is here and whether the session is over; seats named in
    ``lang``."""
    out = []
    for row in rows:
        room = rooms.get(row.id)
        if room is not None and (room.session.is_over or room.rematch is not None):
            continue  # nothing left to join
        chosen = dict(row.names) if room is None else room.chosen
        seats = row.seats if room is None else room.seats
        people = [s for s in seats if s.seat >= 0]
        here = room.pages() if room is not None else Counter[int]()
        entry_seats = [
            seat_facts(s, name, here[s.seat])
            for s, name in zip(people, seat_names(people, chosen, lang), strict=True)
        ]
        shipped = row.variant in shipped_variants()
        found = shipped_rules(row.variant, row.players) if shipped else None
        rules = name_in(found, lang) if found is not None else None
        entry: dict[str, Any] = {
            "table": row.id,
            "title": row.settings.title,
            "variant": row.variant if shipped else row.variant.removeprefix("upload:"),
            "rules": rules or lang.text("house rules"),
            "players": row.players,
            "seats": entry_seats,
            "free": sum(1 for s in entry_seats if s.get("free")),
            "hand": row.hands + 1 if room is None else room.hand,
            "over": room is not None and room.session.is_over,
            "watchers": here[-1] if here is not None else 0,
            "watch": row.settings.watch,
        }
        out.append(entry)
    return out
