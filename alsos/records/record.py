"""Game records: a hand written down, read back, replayed and resumed.

A :class:`Record` is to a hand what a PGN game is to chess: headers (the
ruleset, the deal, the dealer, who sat where, when, the result) and every
action in order.  It is written as text -- tag pairs, then the actions
grouped by phase and trick, one per line with its seat, comments after
``;`` -- or as JSON, and read back from either (:meth:`Record.loads`).
:meth:`Record.replay` plays the actions again on the deal and returns the
:class:`~alsos.play.game.Game`, finished or not, so an unfinished hand resumes
exactly where it stopped.  A file may hold several hands in a row, the hands
of a session (:func:`loads_all`, :func:`replay_session`).

Records are text from anyone, so reading is strict and bounded: sizes,
numbers and JSON nesting are capped, parsing is linear in the text, the
``Variant`` header names only shipped rulesets unless the caller allows
profile files or the record carries its profile's text (``Profile``), and
every refusal is a :class:`RecordError` naming the line and column (text) or
the JSON path, and why.  Whatever :meth:`Record.dumps` writes,
:meth:`Record.loads` reads back equal; what it could not read back it
refuses to write.  A *seat record* (:meth:`Record.for_seat`,
``game.record(seat=k)``) holds only what one seat may know.  The grammar is
in the documentation (``docs/records.rst``)::

    [Variant "potter1930"]
    [Deal "MA MK MO ... + ... / ... / talon P7 Z9 Z8 T7 TA"]
    [Dealer "0"]
    [Alsos "0.2.0"]

    bidding:
    1 pass
    2 accept  ; the original suit
    ...
"""

from __future__ import annotations

import difflib
import json
import random
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

from alsos.errors import NotationError
from alsos.hand.history import Step, StepParseError, parse_step
from alsos.pack.actions import Action, ActionParseError, parse_action
from alsos.pack.deal import Deal, DealError
from alsos.pack.phases import Phase
from alsos.play.data import converter, register_kind
from alsos.play.game import Game, IllegalActionError, set_record_builder
from alsos.play.view import View
from alsos.records.record_syntax import (
    CANON,
    HEADER_NAME,
    JSON_TAG,
    MAX_ACTIONS,
    MAX_DIGITS,
    MAX_SEAT,
    MAX_TEXT,
    NUMBER,
    SEAT_TAG,
    Pos,
    RecordError,
    clip,
    error_at,
    header_limit,
    json_value,
    one_line,
    quote_value,
    read_hands,
    record_schema,
    text_problem,
    within_limits,
)
from alsos.ruleset.loading import load_profile_text, load_variant, shipped_variants, split_variant
from alsos.ruleset.profile import ProfileError
from alsos.ruleset.tables import known_rules, remember
from alsos.search.determinize import DeterminizeError, determinize
from alsos.version import __version__

if TYPE_CHECKING:
    from alsos.play.session import Session
    from alsos.ruleset.profile import Ruleset

__all__ = [
    "Record",
    "RecordError",
    "RecordedGame",
    "format_payments",
    "labelled",
    "loads_all",
    "replay_session",
]


@frozen
class Record:
    """One hand: its headers and its actions, as ``(seat, action)`` pairs in order.

    ``variant`` is the ruleset's canonical string (``str(ruleset)``: an id,
    options in brackets, or a profile's path); ``deal`` the deal's text form;
    ``result`` the payments when the hand is over (``"0 -6, 1 +3, 2 +3"``).
    ``comments`` pairs an action index with a comment written after it
    (index -1: before the first action), each kept on one line.  ``seats``
    are the players' names by seat (headers ``Seat0``, ``Seat1``, ...).
    ``tags`` keeps any other headers.  ``profile`` is the YAML text of the profile
    the hand was played under when the ruleset was loaded from text
    (``alsos.ruleset.loading.load_profile_text``: a web table's upload),
    header ``Profile``: :meth:`rules` loads it, so the record replays anywhere.

    ``view`` is set on a *seat record* (:meth:`for_seat`): what one seat may
    know, in place of the deal and the actions (``deal`` is empty, ``actions``
    too; the history as the seat saw it is ``view.history``).  ``positions``
    says where a read record's headers and actions were (``"Deal"``, ``"3"``
    for the fourth action), so that replaying names the line or JSON path.

    A record that could not be read back as it is written is refused here:
    :class:`RecordError` names the field.
    """

    variant: str
    deal: str
    dealer: int
    actions: tuple[tuple[int, Action], ...] = ()
    version: str = __version__
    seed: int | None = None
    seats: tuple[str, ...] = ()
    date: str | None = None
    event: str | None = None
    result: str | None = None
    profile: str | None = None
    comments: tuple[tuple[int, str], ...] = field(default=(), converter=one_line)
    tags: tuple[tuple[str, str], ...] = ()
    view: View | None = None
    positions: tuple[tuple[str, Pos], ...] = field(default=(), eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for i, _text in self.comments:
            if not -1 <= i < len(self.actions):
                raise RecordError(
                    f"comment at action index {i}: a comment follows an action "
                    f"(0 to {len(self.actions) - 1}) or comes first (-1)"
                )
        self._check()

    def _check(self) -> None:
        """Refuse what would not read back: what the reader refuses, the writer does too."""
        for what, number in (("dealer", self.dealer), ("seed", self.seed)):
            if number is None and what == "seed":
                continue
            if number.__class__ is not int:
                raise RecordError(f"{what} {number!r}: expected a whole number")
            if not within_limits(number):
                raise RecordError(
                    f"{what}: a number of more than {MAX_DIGITS} digits cannot be written "
                    "in a record (choose a smaller seed)"
                )
        if len(self.actions) > MAX_ACTIONS:
            raise RecordError(f"{len(self.actions)} actions; a hand has at most {MAX_ACTIONS}")
        for i, (seat, action) in enumerate(self.actions):
            if (
                seat.__class__ is not int
                or not 0 <= seat < MAX_SEAT
                or not isinstance(action, Action)
            ):
                raise RecordError(f"expected (seat, Action), got {(seat, action)!r}", index=i)
        names = set()
        for name, value in self.headers():
            problem = text_problem(value, header_limit(name))
            if problem is not None:
                raise RecordError(f"header {name}: {problem}")
            if not HEADER_NAME.fullmatch(name):
                raise RecordError(f"header name {clip(name)}: letters, digits and _, from a letter")
            if name.lower() in names:
                raise RecordError(f"header {name} appears twice (names are read in any case)")
            names.add(name.lower())
        for name, _value in self.tags:
            if (name.lower() in CANON and name != "Declared") or SEAT_TAG.fullmatch(name):
                raise RecordError(f"tag {name}: the name is a header alsos reads; use a field")
        for i, text in self.comments:
            problem = text_problem(text)
            if problem is not None:
                raise RecordError(f"comment: {problem}", index=max(i, 0))
        if self.view is not None:
            self._check_view(self.view)

    def _check_view(self, view: View) -> None:
        if self.deal or self.actions or self.seed is not None or self.comments:
            raise RecordError(
                "a seat record holds its view only: no deal, actions, seed or comments"
            )
        if view.variant != self.variant:
            raise RecordError(
                f"View: variant {clip(view.variant)} is not Variant {clip(self.variant)}"
            )
        if len(view.history) > MAX_ACTIONS:
            raise RecordError(f"{len(view.history)} actions; a hand has at most {MAX_ACTIONS}")
        for i, step in enumerate(view.history):
            if step.__class__ is not Step:
                raise RecordError(f"view history: expected a Step, got {clip(repr(step))}", index=i)
            seat, text = step.seat, step.text
            problem = text_problem(text)
            if problem is None and (";" in text or text != " ".join(text.split()) or not text):
                problem = f"{clip(text)} cannot be written on one line before any comment"
            if seat.__class__ is not int or not 0 <= seat < MAX_SEAT or problem is not None:
                raise RecordError(f"view history: {problem or f'seat {seat!r}'}", index=i)

    def _at(self, key: str) -> Pos | None:
        return next((pos for k, pos in self.positions if k == key), None)

    def _error(self, header: str, reason: str) -> RecordError:
        """An error about ``header``: at its line or JSON path when read, else named."""
        pos = self._at(header)
        value = dict(self.headers()).get(header)
        shown = f"{header} {clip(value)}" if value is not None else header
        return error_at(f"{shown}: {reason}", pos)

    # ------------------------------------------------------------ from a game

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        seat: int | None = None,
        seats: Sequence[str] | None = None,
        date: str | None = None,
        event: str | None = None,
        comments: Iterable[tuple[int, str]] | None = None,
    ) -> Record:
        """The record of ``game`` as it stands (finished or not).

        A game replayed from a record
        (:class:`~alsos.records.record.RecordedGame`) keeps that record's names,
        date, event, comments and other tags unless given here.  With ``seat``,
        the seat record of that seat (:meth:`for_seat`).
        """
        source = game.source if isinstance(game, RecordedGame) else None
        remember(game.rules)
        profile = game.rules.profile_text  # a profile given as text (an upload) travels along
        if source is not None:
            seats = source.seats if seats is None else seats
            date = source.date if date is None else date
            event = source.event if event is None else event
            comments = source.comments if comments is None else comments
        st = game.settlement
        result = None if st is None else format_payments(st.payments)
        if seat is not None:
            try:
                view = game.view(seat)
            except ValueError as e:
                raise RecordError(f"seat record: {e}") from None
            return cls(
                variant=str(game.rules), deal="", dealer=game.dealer, seats=tuple(seats or ()),
                date=date, event=event, result=result, profile=profile, view=view,
            )  # fmt: skip
        before = game.state.declared_before
        # A hand of a session that limits declaring needs each seat's count to replay.
        tags: tuple[tuple[str, str], ...] = ()
        if before is not None:
            tags = (("Declared", " ".join(map(str, before))),)
        if source is not None:
            tags = tuple(t for t in source.tags if t[0] != "Declared") + tags
        return cls(
            variant=str(game.rules),
            deal=str(game.deal),
            dealer=game.dealer,
            actions=game.history,
            seed=game.seed,
            seats=tuple(seats or ()),
            date=date,
            event=event,
            result=result,
            profile=profile,
            comments=tuple(comments or ()),
            tags=tags,
        )

    def for_seat(
        self, seat: int, rules: Ruleset | None = None, *, allow_files: bool = False
    ) -> Record:
        """The seat record of ``seat``: what that seat may know, and what a client may be sent.

        It holds the seat's :class:`~alsos.play.view.View` (its own cards, the talon
        cards it saw, the public history with its own hidden actions) and the
        public headers, never the deal, the seed, comments or other tags.
        Two hands that differ only in cards hidden from ``seat`` give equal
        seat records.  :meth:`replay` of it gives a game with that view.
        """
        if self.view is not None:
            if seat == self.view.seat:
                return self
            raise RecordError(f"this is seat {self.view.seat}'s record; it has no other view")
        return Record.from_game(self.replay(rules, allow_files=allow_files), seat=seat)

    def new_game(self, rules: Ruleset | None = None, *, allow_files: bool = False) -> RecordedGame:
        """The hand as dealt, before any action (with the ``Seed`` and ``Declared`` counts).

        :raises RecordError: (a :class:`~alsos.errors.NotationError`) for a seat
            record, or a ``Variant``, ``Deal``, ``Dealer`` or ``Declared`` header
            that cannot be used, naming the header.
        """
        if self.view is not None:
            raise RecordError("a seat record holds no deal; replay() samples one")
        rules = self.rules(allow_files=allow_files) if rules is None else rules
        declared = dict(self.tags).get("Declared")
        before = None
        if declared is not None:
            if not re.fullmatch(r"[0-9]{1,6}(?: [0-9]{1,6})*", declared):
                raise self._error("Declared", "write one whole number per seat")
            before = [int(v) for v in declared.split()]
        try:
            deal = Deal.parse(self.deal)
        except DealError as e:
            raise self._error("Deal", str(e)) from None
        try:
            return RecordedGame(
                rules, seed=self.seed, deal=deal, dealer=self.dealer,
                declared_before=before, source=self,
            )  # fmt: skip
        except DealError as e:
            raise self._error("Deal", str(e)) from None
        except ValueError as e:
            header = "Dealer" if "dealer" in str(e) else "Declared"
            raise self._error(header, str(e)) from None

    # ------------------------------------------------------------- writing

    def headers(self) -> list[tuple[str, str]]:
        """The tag pairs, in the order they are written."""
        out = [("Variant", self.variant)]
        if self.view is None:
            out.append(("Deal", self.deal))
        out.append(("Dealer", str(self.dealer)))
        if self.view is not None:
            data = converter.unstructure(self.view)
            del data["history"]  # written as the body, one action a line
            out.append(("View", json.dumps(data, ensure_ascii=False, separators=(",", ":"))))
        out.append(("Alsos", self.version))
        if self.seed is not None:
            out.append(("Seed", str(self.seed)))
        out.extend((f"Seat{i}", name) for i, name in enumerate(self.seats))
        if self.date is not None:
            out.append(("Date", self.date))
        if self.event is not None:
            out.append(("Event", self.event))
        if self.result is not None:
            out.append(("Result", self.result))
        if self.profile is not None:
            out.append(("Profile", self.profile))
        out.extend(self.tags)
        return out

    def lines(self) -> list[tuple[int, str]]:
        """The actions as ``(seat, text)``: a seat record's as its seat saw them."""
        if self.view is not None:
            return [(step.seat, step.text) for step in self.view.history]
        return [(seat, str(action)) for seat, action in self.actions]

    def dumps(self, format: str = "text") -> str:
        """The record as ``text`` (tag pairs, then the actions by phase) or ``json``.

        :raises ~alsos.errors.NotationError: (a ``ValueError``) for another
            ``format``.
        :raises RecordError: (a :class:`~alsos.errors.NotationError`) for a
            record longer than a reader accepts.
        """
        if format == "json":
            out = json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        elif format == "text":
            out = self._text()
        else:
            raise NotationError(f"unknown record format {format!r}; use 'text' or 'json'")
        if len(out) > MAX_TEXT:
            raise RecordError(f"the record is {len(out)} characters; at most {MAX_TEXT} are read")
        return out

    def _text(self) -> str:
        lines = [f"[{name} {quote_value(value)}]" for name, value in self.headers()]
        lines.append("")
        notes: dict[int, list[str]] = {}
        for i, text in self.comments:
            notes.setdefault(i, []).append(text)
        lines.extend(f"; {text}" for text in notes.get(-1, ()))
        rows: Iterable[tuple[str | None, int, int, object]] = (
            labelled(self)
            if self.view is None
            else ((None, i, st.seat, st.text) for i, st in enumerate(self.view.history))
        )
        for label, i, seat, action in rows:
            if label is not None:
                lines.append(f"{label}:")
            line = f"{seat} {action}"
            mine = notes.get(i, [])
            if mine:
                line += f"  ; {mine[0]}"
            lines.append(line)
            lines.extend(f"; {text}" for text in mine[1:])
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON-ready data (what ``dumps(format="json")`` writes)."""
        return {
            "format": JSON_TAG,
            "headers": dict(self.headers()),
            "actions": [[seat, text] for seat, text in self.lines()],
            "comments": [[i, text] for i, text in self.comments],
        }

    def __str__(self) -> str:
        return self.dumps()

    # ------------------------------------------------------------- reading

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read one record from its text or JSON form (several:
        :func:`alsos.records.record.loads_all`).

        :raises RecordError: (a :class:`~alsos.errors.NotationError`) naming the
            line and column, or the JSON path, of what cannot be read, or a text
            that holds no hand or more than one.
        """
        hands = _read(text)
        if len(hands) != 1:
            raise error_at(f"expected one hand, the text holds {len(hands)}", hands[1][1])
        return hands[0][0]

    # ------------------------------------------------------------ replaying

    def rules(self, *, allow_files: bool = False) -> Ruleset:
        """The ruleset the ``Variant`` header names, or the ``Profile`` header holds.

        Only a shipped id (with any options) unless ``allow_files``: a record
        from someone else must not make the reader open local files.  A record
        that carries its profile (``Profile``) is loaded from that text
        (``alsos.ruleset.loading.load_profile_text``, which opens no file),
        with the options of ``Variant``, whose name then only stands for the text.

        :raises RecordError: (a :class:`~alsos.errors.NotationError`) naming the
            ``Variant`` header: a file without ``allow_files``, or a profile the
            loader refuses (its :class:`~alsos.ruleset.profile.ProfileError`
            message); with ``Profile``, naming that header for a text the loader
            refuses, or ``Variant`` for a shipped variant's name or a bad option.
        """
        if self.profile is not None:
            return self._carried(self.profile)
        name = self.variant.partition("[")[0]
        if not allow_files and name not in shipped_variants():
            raise self._error(
                "Variant",
                f"not a shipped variant ({', '.join(shipped_variants())}); "
                "a record names a profile file only where the caller allows it "
                "(replay(rules=...) or allow_files=True)",
            )
        try:
            return load_variant(self.variant)
        except ProfileError as e:
            raise self._error("Variant", str(e)) from None
        except RecursionError:
            raise self._error("Variant", "the options are nested too deeply") from None

    def _carried(self, text: str) -> Ruleset:
        """The rules of the profile the record carries: one in use with this very text,
        else loaded from the text (options from ``Variant``)."""
        found = known_rules(self.variant)
        if found is not None and found.profile_text == text:
            return found
        try:
            name, options = split_variant(self.variant)
        except ProfileError as e:
            raise self._error("Variant", str(e)) from None
        if name in shipped_variants():
            raise self._error(
                "Variant",
                "a record that carries its Profile names it by a name of its own, "
                "not a shipped variant's",
            )
        try:
            return load_profile_text(text, name, **options)
        except ProfileError as e:  # an option of Variant's, or the text itself
            header = "Variant" if e.source.startswith("option ") else "Profile"
            raise self._error(header, str(e)) from None
        except RecursionError:
            raise self._error("Profile", "the profile is nested too deeply") from None

    def replay(self, rules: Ruleset | None = None, *, allow_files: bool = False) -> RecordedGame:
        """The game after the record's actions: finished, or ready to resume.

        Each action must be legal at its point and made by the seat the
        record names; a ``Result`` header must match the replay.  A seat
        record replays to a game sampled to agree with its view
        (:func:`~alsos.search.determinize.determinize`): the seat's view of it
        is the record's, the other seats' cards are invented.
        ``allow_files``: see :meth:`rules`.

        :raises RecordError: (a :class:`~alsos.errors.NotationError`) as
            :meth:`rules` and :meth:`new_game` do, for an action not legal at its
            point (naming it: ``index`` is set), a ``Result`` the replay does not
            give, or a seat record no hand agrees with.
        """
        rules = self.rules(allow_files=allow_files) if rules is None else rules
        remember(rules)
        if self.view is not None:
            return self._replay_view(rules)
        game = self.new_game(rules)
        for i, (seat, action) in enumerate(self.actions):
            try:
                fill_siber_passes(game, seat, action)
                game.apply(action, seat=seat)
            except IllegalActionError as e:
                raise error_at(str(e), self._at(str(i)), index=i) from None
        if self.result is not None:
            st = game.settlement
            got = None if st is None else format_payments(st.payments)
            if got != self.result:
                raise self._error(
                    "Result",
                    f"does not match the replay ({got or 'the hand is not over'})",
                )
        return game

    def _replay_view(self, rules: Ruleset) -> RecordedGame:
        assert self.view is not None
        if str(rules) != self.variant:
            raise self._error("Variant", f"the rules given are {str(rules)!r}")
        try:
            sampled = determinize(self.view, random.Random(0))
        except (DeterminizeError, ValueError, KeyError, IndexError) as e:
            raise self._error("View", f"no hand agrees with this seat record: {e}") from None
        game = RecordedGame.from_state(rules, sampled.state)
        game.source = self
        return game


# Game.record() is Record.from_game: lent to the game module, which cannot import this one.
set_record_builder(Record.from_game)


class RecordedGame(Game):
    """A :class:`~alsos.play.game.Game` replayed from a record, which it keeps as ``source``.

    ``game.record()`` writes the source's names, date, event, comments and
    tags again, so headers survive a load, a replay, more play and a save.
    A copy is a plain game.
    """

    __slots__ = ("source",)

    def __init__(self, rules: Ruleset, *, source: Record | None = None, **kwargs: Any) -> None:
        super().__init__(rules, **kwargs)
        self.source = source

    @classmethod
    def from_state(cls, rules: Ruleset, state: Any) -> RecordedGame:
        game = super().from_state(rules, state)
        assert isinstance(game, RecordedGame)
        game.source = None
        return game

    def __getstate__(self) -> dict[str, Any]:
        return {**super().__getstate__(), "source": self.source}

    def __setstate__(self, data: dict[str, Any]) -> None:
        super().__setstate__(data)
        self.source = data.get("source")


def fill_siber_passes(game: Game, seat: int, action: Action) -> None:
    """Make the síber-step passes that a record written before that step asked every
    seat lacks (alsos 0.1.0 asked only the holder of the entitled trump).

    The step now asks every seat in turn, so that a declined síber tells
    nobody where the trump 7 lies (pagat, "Trump Exchange"); an older record lacks the
    other seats' passes, or the whole step where the 7 lay in the talon.
    Each such pass is that seat's only choice, so it is made here, before
    ``seat``'s recorded ``action``; a record that has them replays as written.
    """
    while (
        game.phase is Phase.SIBER
        and not (game.to_act == seat and str(action) == "pass")
        and [str(a) for a in game.legal_actions()] == ["pass"]
    ):
        game.apply("pass")


def format_payments(payments: dict[int, int]) -> str:
    """Payments as a ``Result`` header writes them: ``0 -6, 1 +3, 2 +3``."""
    return ", ".join(f"{seat} {value:+d}" for seat, value in sorted(payments.items()))


def labelled(
    record: Record, rules: Ruleset | None = None
) -> Iterable[tuple[str | None, int, int, Action]]:
    """Each action as ``(label, index, seat, action)``; ``label`` names the phase or
    trick the action starts (``bidding``, ``trick 3``), None when it continues one.

    The labels need the rules: ``rules``, else the ones a game or a replay of
    this variant handed over, else a shipped id's.  Where none is at hand or
    the actions do not replay, the labels stop (they only help a reader).
    """
    labels: list[str | None] = [None] * len(record.actions)
    try:
        # a record that carries its profile finds its rules itself (Record.rules)
        known = known_rules(record.variant) if record.profile is None else None
        game = record.new_game(rules or known)
        last: str | None = None
        for i, (seat, action) in enumerate(record.actions):
            fill_siber_passes(game, seat, action)  # a record from before every seat was asked
            s = game.state
            label = f"trick {s.trick_no + 1}" if s.phase is Phase.PLAY else str(s.phase)
            labels[i] = label if label != last else None
            last = label
            game.apply(action, seat=seat)
    except (RecordError, IllegalActionError):
        pass
    for i, (seat, action) in enumerate(record.actions):
        yield labels[i], i, seat, action


def loads_all(text: str) -> list[Record]:
    """Every record in ``text``: hands written one after another, or a JSON list.

    :raises RecordError: (a :class:`~alsos.errors.NotationError`) as
        :meth:`Record.loads` does.
    """
    return [record for record, _pos in _read(text)]


# ------------------------------------------------------------------ reading


def _read(text: str) -> list[tuple[Record, Pos]]:
    """Every hand in ``text`` with where it begins."""
    return [(_build(*hand), hand[4]) for hand in read_hands(text)]


def _build(
    headers: dict[str, str],
    at: dict[str, Pos],
    lines: list[tuple[int, str, Pos]],
    comments: list[tuple[int, str]],
    start: Pos,
) -> Record:
    view_text = headers.get("View")
    for name in ("Variant", "Dealer") + (("Deal",) if view_text is None else ()):
        if name not in headers:
            near = difflib.get_close_matches(name, list(headers)[:50], n=1, cutoff=0.6)
            hint = f" (did you mean {name} for {near[0]}?)" if near else ""
            raise error_at(f"missing header {name}{hint}", start)

    def number(name: str) -> int:
        text = headers[name]
        if not NUMBER.fullmatch(text):
            raise error_at(f"header {name}: expected a whole number, got {clip(text)}", at[name])
        return int(text)

    seats: list[str] = []
    for name in headers:
        m = SEAT_TAG.fullmatch(name)
        if m is not None and int(m.group(1)) != len(seats):
            raise error_at(
                f"header {name}: seat names are numbered Seat0, Seat1, ... in order", at[name]
            )
        if m is not None:
            seats.append(headers[name])
    extra = tuple((k, v) for k, v in headers.items() if k not in CANON.values() or k == "Declared")
    extra = tuple((k, v) for k, v in extra if not SEAT_TAG.fullmatch(k))
    positions = [*at.items(), *((str(i), pos) for i, (_s, _t, pos) in enumerate(lines))]
    common: dict[str, Any] = {
        "variant": headers["Variant"],
        "dealer": number("Dealer"),
        "version": headers.get("Alsos", __version__),
        "seats": tuple(seats),
        "date": headers.get("Date"),
        "event": headers.get("Event"),
        "result": headers.get("Result"),
        "profile": headers.get("Profile"),
        "positions": tuple(positions),
    }
    if view_text is not None:
        for name in ("Deal", "Seed"):
            if name in headers:
                raise error_at(
                    f"header {name}: a seat record (View) holds no {name.lower()}", at[name]
                )
        if comments or extra:
            pos = at[next(iter(k for k, _ in extra))] if extra else start
            raise error_at("a seat record holds no comments or other tags", pos)
        steps = []
        for i, (seat, text, pos) in enumerate(lines):
            try:
                steps.append(parse_step(seat, text))
            except StepParseError as e:
                raise error_at(str(e), pos, index=i) from None
        view = _view(view_text, steps, at["View"])
        return _make(common, at["View"], deal="", view=view)
    try:
        Deal.parse(headers["Deal"])
    except DealError as e:
        raise error_at(f"header Deal: {e}", at["Deal"]) from None
    actions = []
    for i, (seat, text, pos) in enumerate(lines):
        try:
            actions.append((seat, parse_action(text)))
        except ActionParseError as e:
            raise error_at(str(e), pos, index=i) from None
    return _make(
        common,
        start,
        deal=headers["Deal"],
        actions=tuple(actions),
        seed=number("Seed") if "Seed" in headers else None,
        comments=tuple(comments),
        tags=extra,
    )


def _make(common: dict[str, Any], pos: Pos, **fields: Any) -> Record:
    try:
        return Record(**common, **fields)
    except RecordError as e:  # what the reader let through and the writer would not write
        raise error_at(str(e), pos) from None


def _view(text: str, history: list[Step], pos: Pos) -> View:
    """A seat record's view: the ``View`` header's JSON and the body's history."""
    data = json_value(text, pos)
    if not isinstance(data, dict):
        raise error_at("header View: expected a JSON object", pos)
    data["history"] = []
    try:
        view = converter.structure(data, View)
    except Exception as e:  # cattrs reports a bad value in many ways; any is a bad view
        raise error_at(f"header View: not a seat's view ({clip(str(e), 120)})", pos) from None
    return attrs.evolve(view, history=tuple(history))


def replay_session(
    records: Sequence[Record], rules: Ruleset | None = None, *, allow_files: bool = False
) -> Session:
    """Replay finished hands one after another as a session (rubber, rádli, deals).

    Each hand must be dealt by the seat whose turn it is to deal.
    """
    from alsos.play.session import new_session

    if not records:
        raise RecordError("a session needs at least one hand")
    rules = records[0].rules(allow_files=allow_files) if rules is None else rules
    session = new_session(rules, dealer=records[0].dealer)
    for n, record in enumerate(records):
        for header, mine, first in (
            ("Variant", record.variant, records[0].variant),
            ("Profile", record.profile, records[0].profile),
        ):
            if mine != first:
                raise record._error(header, f"hand {n + 1}: differs from the first hand's")
        if record.dealer != session.dealer:
            raise record._error(
                "Dealer",
                f"hand {n + 1}: dealt by seat {record.dealer}, but it is seat "
                f"{session.dealer}'s turn to deal",
            )
        game = record.replay(rules)
        if game.settlement is None:
            raise record._error("Result", f"hand {n + 1} is not finished")
        session.add(game.settlement)
    return session


# ------------------------------------------------------------------ wire data


def _record_from_data(data: Any) -> Record:
    """A record from its JSON form as plain data (what :func:`alsos.to_data` gives)."""
    if not isinstance(data, dict):
        raise ValueError(f"expected a record (a JSON object), not {type(data).__name__}")
    try:
        text = json.dumps(data)
    except (TypeError, ValueError) as e:  # not JSON-ready at all
        raise ValueError(f"not JSON data: {e}") from None
    try:
        return Record.loads(text)
    except RecordError as e:
        raise ValueError(str(e)) from None


register_kind(
    "record",
    Record,
    unstructure=Record.to_json,
    structure=_record_from_data,
    schema=record_schema,
)
