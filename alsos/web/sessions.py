"""A web table's session: the hands one after another, as the profile's session says.

A table plays a session (:func:`alsos.play.session.new_session`: a rubber, a
rádli, or a fixed number of deals, as ``scoring.session`` names it), not one
hand.  When a hand is over its settlement goes on the session's score sheet
at once; the next hand is dealt when a person at the table asks for it (a
table of bots only deals on by itself), by the seat whose turn it is to deal,
until the session is over.

The session is never stored as such: the store keeps every finished hand (its
dealer, deal and actions) and the hand in play, and :func:`replay` plays them
again through a new session, which then holds the same scores, sheet, dealer
and counts as before -- the same way a hand is brought back from its deal and
actions.

The score sheet is public (every seat and the spectators are sent it): the
``sheet`` frame carries :meth:`alsos.play.session.Session.summary` and the
number of the hand in play.
"""

from __future__ import annotations

import json
from typing import Any

from attrs import define

from alsos.language import ENGLISH, Language
from alsos.pack.deal import Deal
from alsos.play.game import Game
from alsos.play.session import Session, new_session
from alsos.ruleset.profile import Ruleset
from alsos.web.store import HandRow, TableRow

__all__ = ["Boards", "finished", "first_hand", "note_over", "replay", "sheet_frame"]


@define
class Boards(Session):
    """A tournament table's session: exactly ``count`` boards, each hand on its own.

    Duplicate scoring compares the results of one board at every table, so each
    board must be the same game wherever it is played: nothing carries from one
    hand to the next (a profile's allowance of contracts per session, as
    altiansz's, does not apply), and the session ends after its boards, not when
    the profile's session would.  The dealer passes on as usual, which is the
    dealer of each board (:func:`alsos.web.tournaments.board_deals`)."""

    count: int = 1
    played_unit = "deals"

    def hand_title(self, n: int, lang: Language = ENGLISH) -> str:
        return lang.text("Board {n} of {boards}", n=n, boards=self.count)

    def goal(self, lang: Language = ENGLISH) -> str:
        return lang.plural("a round of {n} board", "a round of {n} boards", self.count)

    @property
    def is_over(self) -> bool:
        return self.hands >= self.count

    def _state(self) -> dict[str, Any]:
        return {"deals": self.count, "left": max(self.count - self.hands, 0)}

    def _check_end(self) -> None:
        return None

    def summary(self) -> dict[str, Any]:
        """As a session of deals sums up (the profile's own session does not apply)."""
        out = super().summary()
        out["kind"] = "deals"
        out.pop("declared", None)
        out.pop("declare_limit", None)
        return out

    def next_game(self, *, seed: int | None = None, deal: Deal | str | None = None) -> Game:
        if self.is_over:
            raise ValueError("the session is over; start a new one")
        return Game(self.rules, seed=seed, deal=deal, dealer=self.dealer)


def table_session(rules: Ruleset, dealer: int, boards: int | None = None) -> Session:
    """A table's new session: the profile's, or a tournament table's ``boards``."""
    if boards is None:
        return new_session(rules, dealer=dealer)
    return Boards(rules, dealer=dealer, count=boards)


def _boards(row: TableRow) -> int | None:
    found = json.loads(row.settings.options or "{}").get("boards")
    return None if found is None else int(found)


def first_hand(
    rules: Ruleset,
    dealer: int,
    *,
    seed: int | None = None,
    deal: Deal | str | None = None,
    boards: int | None = None,
) -> tuple[Session, Game]:
    """A new session (:func:`table_session`) and its first hand, dealt by ``dealer``
    (cards from ``seed`` or the given ``deal``)."""
    session = table_session(rules, dealer, boards)
    return session, session.next_game(seed=seed, deal=deal)


def _finished_hands(rules: Ruleset, row: TableRow, count: int) -> tuple[Session, Game | None]:
    """The stored table ``row``'s session after its first ``count`` finished hands,
    each replayed and added, and the last of them (None when ``count`` is 0)."""
    session = table_session(rules, row.hands[0].dealer if row.hands else row.dealer, _boards(row))
    last = None
    for done in row.hands[:count]:
        last = _played(session.next_game(deal=done.deal), done.actions)
        session.add(last.settlement)
    return session, last


def replay(rules: Ruleset, row: TableRow) -> tuple[Session, Game]:
    """The session of the stored table ``row`` and its hand in play: every finished
    hand replayed and added, then the hand in play (added too when it is over,
    as :func:`note_over` does while the table plays)."""
    session, _ = _finished_hands(rules, row, len(row.hands))
    game = _played(session.next_game(deal=row.deal), row.actions)
    note_over(session, game)
    return session, game


def earlier_hand(rules: Ruleset, row: TableRow, hand: int) -> Game | None:
    """Finished hand number ``hand`` (1 the first) of the stored table ``row``,
    replayed, or None if no such hand is finished and stored."""
    if not 1 <= hand <= len(row.hands):
        return None
    return _finished_hands(rules, row, hand)[1]


def note_over(session: Session, game: Game) -> bool:
    """Put ``game``'s settlement on the session's sheet if the hand is over (once:
    the caller tells a hand that has just ended); whether it did."""
    if not game.is_over or game.settlement is None:
        return False
    session.add(game.settlement)
    return True


def finished(game: Game) -> HandRow:
    """What is stored of a finished hand."""
    return HandRow(game.dealer, str(game.deal), tuple((s, str(a)) for s, a in game.history))


def sheet_frame(session: Session, hand: int) -> dict[str, Any]:
    """The ``sheet`` frame: the session's summary (its score sheet and state) and
    ``hand``, the number of the hand in play (1 the first).  Public: the same
    frame goes to every seat and spectator."""
    return {"type": "sheet", "hand": hand, "session": session.summary()}


def _played(game: Game, actions: tuple[tuple[int, str], ...]) -> Game:
    for seat, action in actions:
        game.apply(action, seat=seat)
    return game
