"""A table in play: its seats, its game and session, and the pages connected to it.

A :class:`Room` is what the server holds of one table in memory: the rules,
the game of the hand in play and the session's score sheet, who sits where
(a person, whose secret token only a digest of is kept, or a bot), and a
:class:`Connection` per open page.  Everything a page is sent goes through
the room: a new state after an action (:meth:`Room.publish`), the score
sheet, the table as a whole after a reload -- each frame built once per seat
from what that seat may know (:mod:`alsos.web.messages`).

The room does not decide anything: the hub (:mod:`alsos.web.hub`) takes the
actions, the bots' turns (:mod:`alsos.web.turns`) move the bots.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from alsos.bots import Bot, make_spec
from alsos.errors import WebError
from alsos.hand.events import Event
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.cards import quote
from alsos.play.game import Game
from alsos.play.session import Session
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.wording import name_in
from alsos.web.lobby import Settings, settings_of
from alsos.web.messages import events_frame, state_frame
from alsos.web.sessions import note_over, sheet_frame
from alsos.web.store import SeatRow, TableRow

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "HUMAN",
    "NAME_LENGTH",
    "OPEN",
    "QUICK",
    "SPECTATOR",
    "WATCH",
    "Connection",
    "Room",
    "SeatNameError",
    "TableError",
    "check_name",
    "check_table",
    "digest",
    "frame_text",
    "seat_facts",
    "seat_names",
]

#: The bots a table may seat, by the name a page sends, with the spec each is made from
#: (fixed here: a client cannot ask a bot to search for an hour).
BOTS: dict[str, str] = {
    # the levels for people (alsos.bots.levels), weakest first
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "expert": "expert",
    "random": "random",
    "heuristic": "heuristic",
    "pimc": "pimc(worlds=16, time_limit=2.0)",
}
#: The bots that choose in well under a millisecond: they move in the event loop,
#: where a hand-off to a worker would cost more than the choice.
QUICK = frozenset({"random", "heuristic", "easy", "medium"})
#: The seat kind of a person.
HUMAN = "human"
#: The seat kind a table is made with for a person's seat taken from the lobby.
OPEN = "open"
#: The seat number a spectator's link opens: it sees what every seat may see
#: (:func:`alsos.web.messages.state_frame`), and the whole hand once it is over.
SPECTATOR = -1
#: The stored kind of the spectator's row (seat :data:`SPECTATOR`).
WATCH = "spectator"
_QUEUE = 256  # frames waiting for one connection before it is dropped as too slow


class TableError(WebError):
    """A table cannot be made as asked (an unknown variant or bot, a wrong seat count,
    a profile the loader refuses)."""


class SeatNameError(WebError):
    """A name a person chose that cannot be shown (empty, too long, a control
    character, another seat's name): the message says which."""


#: The longest name a person may choose, in characters.
NAME_LENGTH = 24


def check_name(text: object, taken: Iterable[str] = ()) -> str:
    """``text`` as a seat's name: spaces at the ends dropped and runs of them made one.

    :raises SeatNameError: for a name that is not text, empty, longer than
        :data:`NAME_LENGTH`, holding a control or formatting character (which could
        reorder or hide what others read), or already ``taken`` at the table (case
        aside).
    """
    if not isinstance(text, str):
        raise SeatNameError(Said(N_("a name is text, not {kind}"), kind=type(text).__name__))
    name = " ".join(text.split())
    if not name:
        raise SeatNameError(Said(N_("a name needs at least one letter")))
    if len(name) > NAME_LENGTH:
        raise SeatNameError(
            Said(N_("a name is at most {most} characters, not {n}"), most=NAME_LENGTH, n=len(name))
        )
    odd = next((ch for ch in name if unicodedata.category(ch).startswith("C")), None)
    if odd is not None:
        raise SeatNameError(
            Said(N_("a name cannot hold the character {code}"), code=f"U+{ord(odd):04X}")
        )
    if name.casefold() in {t.casefold() for t in taken}:
        raise SeatNameError(
            Said(N_("{name} is another seat's name at this table"), name=repr(name))
        )
    return name


#: Each bot level's name, a seat's name where a bot sits (marked for the catalogue).
BOT_NAMES: dict[str, str] = {
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
    "expert": N_("Expert bot"),
    "random": N_("Random bot"),
    "heuristic": N_("Heuristic bot"),
    "pimc": N_("PIMC bot"),
}


def seat_names(
    seats: Iterable[SeatRow],
    chosen: dict[int, str],
    lang: Language = ENGLISH,
    numbers: Mapping[int, int] | None = None,
) -> tuple[str, ...]:
    """Each seat's name at a table, by seat, in ``lang``: the name a person chose, else
    ``Player 1`` (seats count from 0, people from 1); a bot by its level (``Easy bot``;
    two of one level are told apart by their seat, or by their ``numbers``, by seat:
    a tournament's bots keep the number they have on its page in every round)."""
    numbers = numbers or {}
    seats = list(seats)
    kinds = [s.kind for s in seats]
    out = []
    for s in seats:
        if s.kind == HUMAN:
            out.append(chosen.get(s.seat) or lang.text("Player {n}", n=s.seat + 1))
            continue
        label = lang.text(BOT_NAMES[s.kind]) if s.kind in BOT_NAMES else f"{s.kind} bot"
        if s.seat in numbers:
            out.append(lang.text("{bot} {n}", bot=label, n=numbers[s.seat]))
            continue
        twin = kinds.count(s.kind) > 1
        out.append(lang.text("{bot} {n}", bot=label, n=s.seat + 1) if twin else label)
    return tuple(out)


def seat_facts(seat: SeatRow, name: str, here: int) -> dict[str, Any]:
    """A seat's public facts, as the table frames and the lobby give them: its number,
    kind and name, and for a person's seat whether it is free and whether a page is
    open at it (``here``: how many)."""
    entry: dict[str, Any] = {"seat": seat.seat, "kind": seat.kind, "name": name}
    if seat.kind == HUMAN:
        entry["free"] = seat.token is None
        entry["here"] = here > 0
    return entry


def digest(token: str) -> str:
    """What is stored of a seat's token: its SHA-256 (a leaked database opens no seat)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def frame_text(frame: dict[str, Any]) -> str:
    """A frame as the JSON text sent (compact): made once however many pages get it."""
    return json.dumps(frame, separators=(",", ":"))


class Connection:
    """One page at a seat: the frames waiting to be written to it, in order, as text.

    ``client``: the address the page connected from (the per-client limits count it);
    ``lang``: the language of its words.
    """

    def __init__(self, seat: int, client: str = "?", lang: Language = ENGLISH) -> None:
        self.seat = seat
        self.client = client
        #: the language the page reads (each page its own: alsos.language)
        self.lang = lang
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(_QUEUE)
        self.dropped = False

    def send(self, frame: dict[str, Any] | str) -> None:
        """Queue ``frame`` (or its text, :func:`frame_text`); a page that reads too slowly
        is dropped (it reconnects)."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(frame if isinstance(frame, str) else frame_text(frame))
        except asyncio.QueueFull:
            self.dropped = True


class Room:
    """A table in play: its rules, its game, who sits where, who is connected."""

    def __init__(self, row: TableRow, rules: Ruleset, session: Session, game: Game) -> None:
        self.id = row.id
        self.rules = rules
        self.game = game
        #: the session: its sheet holds every finished hand, the one in play once over
        self.session = session
        #: the number of the hand in play (1 the first)
        self.hand = len(row.hands) + 1
        self.seats = tuple(s for s in row.seats if s.seat != SPECTATOR)
        #: the names people chose for their seats, by seat
        self.chosen: dict[int, str] = dict(row.names)
        #: when each seat last chose a name (time.monotonic): names are not chosen in a flood
        self.renamed: dict[int, float] = {}
        self.watch = next((s.token for s in row.seats if s.seat == SPECTATOR), None)
        #: what the table does besides its rules (:mod:`alsos.web.lobby`)
        self.settings = settings_of(row.settings)
        #: the spectators' token, where it is kept (a table made since issue 32): a
        #: person at a seat may pass it on, and a listed table's is in the lobby
        self.watch_token = row.settings.watch
        #: a tournament's table: its boards' deals, in order (secret; none otherwise)
        self.boards: tuple[str, ...] = ()
        #: the table the session goes on at, once a rematch is made
        self.rematch = row.settings.rematch
        #: the people's seats with no page open, and since when (time.monotonic)
        self.away: dict[int, float] = {}
        #: the bots playing for people away past the grace, by seat
        self.standins: dict[int, Bot] = {}
        #: a shipped profile's table (an uploaded profile's hands are not rated)
        self.shipped = not row.variant.startswith("upload:")
        #: when the seat to act must have acted (time.monotonic), under a turn limit
        self.due: float | None = None
        #: the table's actions are taken one at a time, under this lock
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {
            s.seat: make_spec(BOTS[s.kind], seed=secrets.randbits(32))
            for s in row.seats
            if s.kind in BOTS
        }
        #: the seats whose bot chooses in the event loop (:data:`QUICK`)
        self.quick = frozenset(s.seat for s in row.seats if s.kind in QUICK)
        #: the task playing the bots' turns (:mod:`alsos.web.turns`), while one runs
        self.bot_task: asyncio.Task[None] | None = None
        #: set to cut short a bot task's wait before it tries again (a page joined)
        self.nudge = asyncio.Event()
        self.hinting = False  # one hint at a time per table: each searches for a while
        #: when this process last failed to claim the table's bots (time.monotonic)
        self.tried = -float("inf")
        #: when a page last joined, left or acted here (time.monotonic): idle rooms are
        #: let go (:meth:`alsos.web.hub.Hub.prune`)
        self.touched = time.monotonic()
        self.stamp()

    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` opens, or None; every seat's digest is compared in
        constant time, so the answer's timing tells nothing about the tokens."""
        found = None
        given = digest(token)
        for s in self.seats:
            if s.token is not None and hmac.compare_digest(given, s.token):
                found = s.seat
        if self.watch is not None and hmac.compare_digest(given, self.watch):
            found = SPECTATOR
        return found

    def humans(self) -> tuple[int, ...]:
        """The seats played by people (a free seat too: a person will take it)."""
        return tuple(s.seat for s in self.seats if s.kind == HUMAN)

    def free(self) -> tuple[int, ...]:
        """The people's seats no one has taken yet (a listed table's, from the lobby)."""
        return tuple(s.seat for s in self.seats if s.kind == HUMAN and s.token is None)

    def names(self, lang: Language = ENGLISH) -> tuple[str, ...]:
        """Each seat's name at this table, by seat, in ``lang`` (:func:`seat_names`)."""
        return seat_names(self.seats, self.chosen, lang, dict(self.settings.numbers))

    def public(self, now: float | None = None, lang: Language = ENGLISH) -> dict[str, Any]:
        """What every seat may know of the table itself: its rules, seats and their
        names, which seats are free, which people are away (and the seconds left of
        their grace), which are played by a stand-in bot, and its settings."""
        now = time.monotonic() if now is None else now
        here = self.pages()
        grace = self.settings.grace
        stand_in = self.settings.stand_in
        seats = []
        for s, name in zip(self.seats, self.names(lang), strict=True):
            entry = seat_facts(s, name, here[s.seat])
            if s.kind == HUMAN:
                left = self.away.get(s.seat)
                if left is not None and stand_in is not None and s.seat not in self.standins:
                    entry["grace"] = round(max(0.0, left + grace - now), 1)
                if s.seat in self.standins:
                    entry["standin"] = stand_in
            seats.append(entry)
        table: dict[str, Any] = {
            "id": self.id,
            "variant": self.rules.id,
            "name": name_in(self.rules, lang),
            "players": self.rules.players,
            "dealer": self.game.dealer,
            "seats": seats,
            "hand": self.hand,
            "session": self.session.summary(),
            "settings": self.settings.public(),
        }
        if self.rematch is not None:
            table["rematch"] = self.rematch
        return table

    def take(self, seat: int, token: str | None) -> None:
        """Seat ``seat`` is taken: ``token`` is the digest that opens it now (None: it
        is free again)."""
        self.seats = tuple(
            SeatRow(s.seat, s.kind, token) if s.seat == seat else s for s in self.seats
        )

    def pages(self) -> Counter[int]:
        """How many pages are open at each seat (:data:`SPECTATOR` included)."""
        return Counter(c.seat for c in self.connections)

    def bot_at(self, seat: int | None) -> Bot | None:
        """The bot that plays ``seat``: the table's, or a stand-in for a person away."""
        if seat is None:
            return None
        return self.bots.get(seat) or self.standins.get(seat)

    def set_bot(self, seat: int, bot: Bot) -> None:
        """Keep ``bot`` (a searching bot's state, back from a worker) as ``seat``'s."""
        if seat in self.bots:
            self.bots[seat] = bot
        elif seat in self.standins:
            self.standins[seat] = bot

    def is_quick(self, seat: int) -> bool:
        """Whether ``seat``'s bot chooses in the event loop (:data:`QUICK`)."""
        if seat in self.standins:
            return self.settings.stand_in in QUICK
        return seat in self.quick

    def bot_to_act(self) -> bool:
        """Whether a bot (or a stand-in) is to act in the hand in play."""
        return not self.game.is_over and self.bot_at(self.game.to_act) is not None

    # ------------------------------------------------------------- sending

    def publish(self, game: Game, events: tuple[Event, ...], ply: int) -> None:
        """Make ``game`` (``ply`` and its events taken) the table's, and tell every page;
        a hand just over goes on the session's sheet, sent to every page too."""
        ended = not self.game.is_over and note_over(self.session, game)
        self.game = game
        self.stamp()
        frames: dict[tuple[int, str], tuple[str, str]] = {}
        for conn in list(self.connections):
            key = (conn.seat, conn.lang.code)
            pair = frames.get(key)
            if pair is None:  # made once per seat and language, however many pages
                pair = frames[key] = (
                    frame_text(events_frame(events, conn.seat, ply + 1)),
                    self.state_text(conn.seat, conn.lang),
                )
            conn.send(pair[0])
            conn.send(pair[1])
        if ended:
            self.send_sheet()

    def send_all(self, frame: dict[str, Any], skip: Connection | None = None) -> None:
        """Send every page (but ``skip``) the same (public) frame."""
        text = frame_text(frame)
        for conn in list(self.connections):
            if conn is not skip:
                conn.send(text)

    def send_names(self) -> None:
        """Send every page the table's public facts (its names changed), then its state,
        whose story names the seats."""
        self.send_public()
        self.send_states()

    def send_sheet(self) -> None:
        """Send every page the session's sheet (public: one frame for all)."""
        self.send_all(sheet_frame(self.session, self.hand))

    def send_table(self) -> None:
        """Send every page the sheet, then its own state of the hand in play."""
        self.send_sheet()
        self.send_states()

    def send_states(self, skip: Connection | None = None) -> None:
        """Send every page (but ``skip``) its own state of the hand in play."""
        states: dict[tuple[int, str], str] = {}
        for conn in list(self.connections):
            if conn is skip:
                continue
            key = (conn.seat, conn.lang.code)
            if key not in states:
                states[key] = self.state_text(conn.seat, conn.lang)
            conn.send(states[key])

    def send_public(self, skip: Connection | None = None) -> None:
        """Send every page (but ``skip``) the table's public facts (who is here, away,
        played by a stand-in), each in its page's language."""
        now = time.monotonic()
        texts: dict[str, str] = {}
        for conn in list(self.connections):
            if conn is skip:
                continue
            text = texts.get(conn.lang.code)
            if text is None:
                table = self.public(now, conn.lang)
                text = texts[conn.lang.code] = frame_text({"type": "table", "table": table})
            conn.send(text)

    def state_frame(self, seat: int, lang: Language = ENGLISH) -> dict[str, Any]:
        """The ``state`` frame of the hand in play for ``seat``, in ``lang``, with the
        turn clock (the seconds the person to act has left) under a turn limit."""
        frame = state_frame(self.game, seat, self.names(lang), lang)
        if self.due is not None:
            frame["clock"] = round(max(0.0, self.due - time.monotonic()), 1)
        return frame

    def state_text(self, seat: int, lang: Language = ENGLISH) -> str:
        return frame_text(self.state_frame(seat, lang))

    def stamp(self) -> None:
        """Start the turn clock of the person to act under a turn limit (none for a
        bot, a stand-in, a free seat or a hand over)."""
        limit = self.settings.turn_time
        seat = self.game.to_act
        person = (
            seat is not None
            and not self.game.is_over
            and seat in self.humans()
            and seat not in self.free()
            and self.bot_at(seat) is None
        )
        self.due = time.monotonic() + limit if limit is not None and person else None


def check_table(rules: Ruleset, seats: Sequence[str], settings: Settings, dealer: int) -> None:
    """The seats and dealer asked for a new table, checked against its rules.

    :raises TableError: a seat list of the wrong length, an unknown seat kind, a
        seat from the lobby at a private table, or a dealer who is not a seat.
    """
    if len(seats) != rules.players:
        raise TableError(
            Said(
                N_("{rules} is played by {n}: give {n} seats, not {given}"),
                rules=rules.id,
                n=rules.players,
                given=len(seats),
            )
        )
    for kind in seats:
        if kind not in (HUMAN, OPEN) and kind not in BOTS:
            raise TableError(
                Said(
                    N_("seat kind {kind} is not {human}, {open} or a bot ({bots})"),
                    kind=quote(kind),
                    human=repr(HUMAN),
                    open=repr(OPEN),
                    bots=", ".join(BOTS),
                )
            )
    if OPEN in seats and not settings.listed:
        raise TableError(
            Said(
                N_("a seat is {open} (taken from the lobby) at a listed table only"),
                open=repr(OPEN),
            )
        )
    if not 0 <= dealer < rules.players:
        raise TableError(
            Said(N_("dealer {dealer} is not a seat of this table"), dealer=quote(dealer))
        )
