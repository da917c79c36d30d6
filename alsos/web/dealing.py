"""A table's next hand: when it deals on by itself, and dealing it.

Part of :class:`alsos.web.hub.Hub` (its base class): the hand after a finished
one is dealt when a person at the table asks (:meth:`Dealing.next_hand`), or
by the table itself (:mod:`alsos.web.turns` calls :meth:`Dealing.deal_on`
after :meth:`Dealing.deal_pause`) when it has bots only, or is a tournament's
table (:mod:`alsos.web.director`: its next board).  The finished hand and the
new deal are stored before anyone is told.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from alsos.language import ENGLISH, Language
from alsos.pack.cards import quote
from alsos.web.room import Room
from alsos.web.sessions import finished
from alsos.web.store import PlyTaken, Store
from alsos.web.writes import Database

__all__ = ["Dealing"]

_log = logging.getLogger("alsos.web")


class Dealing:
    """The hub's dealing (module docs); the hub provides the attributes below."""

    db: Database
    store: Store
    hand_pause: float | None
    board_pause: float
    absences: Any
    turns: Any

    async def _reload(self, room: Room) -> None:
        raise NotImplementedError

    def deals_on(self, room: Room) -> bool:
        """Whether the table deals its next hand by itself: hand over, session not over,
        and bots only with a pause set, or a tournament's table."""
        if not room.game.is_over or room.session.is_over:
            return False
        if room.settings.boards is not None:
            return True
        return self.hand_pause is not None and not room.humans()

    def deal_pause(self, room: Room) -> float:
        """Seconds ``room`` waits before it deals on by itself (:meth:`deals_on`)."""
        if room.settings.boards is not None:
            return self.board_pause
        return self.hand_pause or 0.0

    async def next_hand(
        self, room: Room, seat: int | None, hand: int, lang: Language = ENGLISH
    ) -> str | None:
        """Deal the hand after hand number ``hand``, asked by ``seat`` (None: the table
        itself); None if dealt, else why not, in ``lang`` (nothing changed).  The
        finished hand and the new deal are stored before anyone is told."""
        async with room.lock:
            if seat is not None and seat not in room.humans():
                return lang.text("only a person at the table deals the next hand")
            reason = self._cannot_deal(room, hand, lang)
            if reason is not None:
                return reason
            try:
                await self._deal(room)
            except PlyTaken:  # another process dealt it: show the table as stored
                await self._reload(room)
                return lang.text("stale: the table is at hand {hand}", hand=room.hand)
            except Exception:
                _log.exception("table %s: could not store hand %d", room.id, room.hand)
                return lang.text(
                    "the server could not store the new hand: nothing changed, try again"
                )
        self.turns.wake(room)
        return None

    async def deal_on(self, room: Room) -> bool:
        """A table of bots only deals its next hand: whether it did (False: it was dealt
        elsewhere, or there is none to deal).  A failed write raises, to be tried again."""
        async with room.lock:
            if self._cannot_deal(room, room.hand) is not None:
                return False
            try:
                await self._deal(room)
            except PlyTaken:
                await self._reload(room)
        return True

    def _cannot_deal(self, room: Room, hand: int, lang: Language = ENGLISH) -> str | None:
        if hand != room.hand:
            return lang.text(
                "stale: the table is at hand {hand}, not {asked}", hand=room.hand, asked=quote(hand)
            )
        if not room.game.is_over:
            return lang.text("the hand is not over")
        if room.session.is_over:
            return lang.text("the session is over")
        return None

    async def _deal(self, room: Room) -> None:
        """(The lock held.)  Store the finished hand and the next deal, then show it."""
        board = room.boards[room.hand] if room.hand < len(room.boards) else None
        game = room.session.next_game(seed=secrets.randbits(64), deal=board)
        await self.db.call(
            self.store.next_hand,
            room.id,
            room.hand,
            finished(room.game),
            game.dealer,
            str(game.deal),
        )  # (next_game changed nothing: a failed write leaves the session as it was)
        room.game = game
        room.hand += 1
        room.stamp()
        room.send_table()
        self.absences.watch(room)
