"""The public history as data: who acted, what others may know of it, what it revealed.

A hand's history is its actions in order.  What one seat may know of it --
its :class:`~alsos.play.view.View`'s ``history`` -- is a tuple of
:class:`Step`: the seat that acted, the action (None where it is hidden from
the reader: another seat's síber discard, a suit bid shown only as a bid in
trumps), the kind of action (always known), and a :class:`Note` of what the
action revealed (a figure announced with a bid, the kinds of meld a
declaration names, the detail a meld validation answer shows).

Search, bots, records, the RL encoders and the narrator read these fields;
text is only a rendering: :attr:`Step.text` writes a step in the history
notation (docs/notation.rst), :func:`parse_step` reads it back, and the data
form (:func:`alsos.to_data`) and the records keep that notation, so they read
as before.

The three notes are small frozen values:

- :class:`Announced` -- a figure announced along with a bid (its id);
- :class:`MeldsNamed` -- the kinds of meld a declaration of all of them names
  (ids: ``terc`` ... ``okt``, ``vannak``, ``bela``, ``20``; altiansz, "Melds");
- :class:`MeldAnswer` -- one answer in meld validation (pagat, "Validation of
  Meld"): the rank a vannak is of, the card a sequence runs to, its suit, or
  whether it is in trumps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias

from alsos.errors import NotationError
from alsos.pack.actions import Action, ActionParseError, Bid, DeclareMelds, Discard, parse_action
from alsos.pack.cards import CardParseError, Rank, Suit

__all__ = [
    "HIDDEN_KINDS",
    "MELD_IDS",
    "MELD_WORDS",
    "Announced",
    "MeldAnswer",
    "MeldsNamed",
    "Note",
    "Step",
    "StepParseError",
    "noted_text",
    "parse_step",
    "public_steps",
]


class StepParseError(NotationError):
    """A line of history notation that is not one step (what was wrong, quoted)."""


class Announced(NamedTuple):
    """A figure announced along with the action (its id in the profile)."""

    figure: str

    @property
    def text(self) -> str:
        return f"announces {self.figure}"


#: How the history notation writes the meld kinds whose id is not a word of its own.
MELD_WORDS = {"bela": "béla", "20": "a 20"}
#: The meld kinds by how the history notation writes them (the inverse of MELD_WORDS).
MELD_IDS = {word: kind for kind, word in MELD_WORDS.items()}


class MeldsNamed(NamedTuple):
    """The kinds of meld a declaration of every meld at once names, in order (ids)."""

    kinds: tuple[str, ...]

    @property
    def text(self) -> str:
        return ", ".join(MELD_WORDS.get(k, k) for k in self.kinds)


#: The parts of a meld a validation answer can show, and what ``value`` then is.
_PARTS = {
    "vannak": "the rank of the vannak (a Rank)",
    "top": "the rank the sequence runs to (a Rank)",
    "suit": "the sequence's suit (a Suit)",
    "trumps": "1 if the sequence is in trumps, else 0",
}


class MeldAnswer(NamedTuple):
    """What one answer in meld validation showed: ``part`` (``vannak``, ``top``,
    ``suit`` or ``trumps``) and its ``value`` (a rank, a suit, or 1/0)."""

    part: str
    value: int

    @property
    def text(self) -> str:
        part, value = self.part, self.value
        if part == "vannak":
            return f"vannak of {Rank(value).code}"
        if part == "top":
            return f"to the {Rank(value).code}"
        if part == "suit":
            return f"in {Suit(value).name_en}"
        return "in trumps" if value else "not in trumps"


#: What an action may reveal beside itself.
Note: TypeAlias = Announced | MeldsNamed | MeldAnswer

#: The kinds of action another seat may be shown without the action itself, and how
#: the history notation writes them: a síber's discard, a suit bid in trumps.
HIDDEN_KINDS = {"discard": "discard", "bid": "bid trumps"}


class Step:
    """One step of the history as one seat may know it.

    ``seat`` acted; ``action`` is what it did, or None where the reader may
    not know it (``kind`` says what kind of action it was: ``discard`` or
    ``bid``, :data:`~alsos.hand.history.HIDDEN_KINDS`); ``kind`` is the action's tag otherwise
    (``play``, ``bid``, ``pass``, ...); ``note`` is what the action revealed,
    or None.  Steps are immutable, compare and hash by value.

    The 0.1 history held ``(seat, text)`` pairs; a step is not such a pair (since
    0.3 it cannot be unpacked or indexed): read :attr:`seat` and :attr:`text`.
    """

    __slots__ = ("_hash", "action", "kind", "note", "seat")

    seat: int
    action: Action | None
    kind: str
    note: Note | None

    def __init__(
        self, seat: int, action: Action | None, kind: str | None = None, note: Note | None = None
    ) -> None:
        if kind is None:
            if action is None:
                raise TypeError("a hidden step needs its kind")
            kind = action.tag
        set_ = object.__setattr__
        set_(self, "seat", seat)
        set_(self, "action", action)
        set_(self, "kind", kind)
        set_(self, "note", note)
        set_(self, "_hash", hash((seat, action, kind, note)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Step is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Step, (self.seat, self.action, self.kind, self.note))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Step:
            return NotImplemented
        o: Step = other
        return (
            self._hash == o._hash  # type: ignore[attr-defined]
            and self.seat == o.seat
            and self.action == o.action
            and self.kind == o.kind
            and self.note == o.note
        )

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]

    def __repr__(self) -> str:
        return f"<Step {self.seat}: {self.text}>"

    @property
    def hidden(self) -> bool:
        """Whether the action is hidden from the reader (only its kind is known)."""
        return self.action is None

    @property
    def text(self) -> str:
        """The step in the history notation, without the seat: ``bid hearts
        (announces abszolut)``, ``show (to the A)``, ``discard`` (hidden)."""
        action = self.action
        if action is None:
            return HIDDEN_KINDS[self.kind]
        return noted_text(action, self.note)


def parse_step(seat: int, text: str) -> Step:
    """Read one step of the history notation (:attr:`Step.text`) for ``seat``.

    :raises StepParseError: (a :class:`~alsos.errors.NotationError`) quoting the text
        and saying what was wrong with it.
    """
    if not isinstance(text, str):
        raise StepParseError(f"expected a history step's text, got {type(text).__name__}")
    for kind, written in HIDDEN_KINDS.items():
        if text == written:
            return Step(seat, None, kind)
    head, paren, rest = text.partition(" (")
    try:
        action = parse_action(head)
    except ActionParseError as e:
        raise StepParseError(f"history step {_quote(text)}: {e}") from None
    if not paren:
        return Step(seat, action)
    if not rest.endswith(")"):
        raise StepParseError(f"history step {_quote(text)}: a note ends with ')'")
    return Step(seat, action, None, _note(text, action, rest[:-1]))


def _note(text: str, action: Action, detail: str) -> Note:
    """The note ``detail`` of the step ``text`` (its action ``action``)."""
    if detail.startswith("announces "):
        figure = detail[10:]
        if figure and " " not in figure:
            return Announced(figure)
    elif action.__class__ is DeclareMelds:
        words = detail.split(", ")
        if all(w for w in words):
            return MeldsNamed(tuple(MELD_IDS.get(w, w) for w in words))
    else:
        answer = _answer(detail)
        if answer is not None:
            return answer
    raise StepParseError(
        f"history step {_quote(text)}: cannot read the note {_quote(detail)}; notes look like "
        "'(announces abszolut)', '(terc, béla)', '(to the A)', '(vannak of K)', "
        "'(in hearts)', '(in trumps)'"
    )


def _answer(detail: str) -> MeldAnswer | None:
    """A meld validation answer's note, or None."""
    try:
        if detail.startswith("vannak of "):
            return MeldAnswer("vannak", int(Rank.parse(detail[10:])))
        if detail.startswith("to the "):
            return MeldAnswer("top", int(Rank.parse(detail[7:])))
        if detail in ("in trumps", "not in trumps"):
            return MeldAnswer("trumps", int(detail == "in trumps"))
        if detail.startswith("in "):
            suit = Suit.parse(detail[3:])
            return MeldAnswer("suit", int(suit)) if suit.name_en == detail[3:] else None
    except CardParseError:
        return None
    return None


def _quote(said: str) -> str:
    return repr(said if len(said) <= 80 else said[:77] + "...")


def noted_text(action: Action, note: Note | None) -> str:
    """``action`` in the notation with what it revealed: ``show (to the A)``."""
    return str(action) if note is None else f"{action} ({note.text})"


def public_steps(
    history: Sequence[tuple[int, Action]],
    notes: Mapping[int, Note],
    hides: Callable[[int], bool],
    seat: int | None = None,
) -> list[Step]:
    """The hand's ``history`` as ``seat`` may know it (None: what every seat knows).

    Other seats' síber discards are hidden (pagat, "Trump Exchange": face down),
    and the suit bids ``hides(index)`` says the bidding module shows only as a
    bid in trumps; what an action revealed (``notes`` by history index) is its
    step's note.
    """
    out = []
    for i, (t, action) in enumerate(history):
        if action.__class__ is Discard and t != seat:
            out.append(hidden_discard(t))
        elif t != seat and hides(i):
            out.append(hidden_bid(t))
        else:
            note = notes.get(i) if notes else None
            out.append(plain(t, action) if note is None else Step(t, action, None, note))
    return out


def hidden_discard(seat: int) -> Step:
    """Another seat's síber discard as this seat knows it (shared)."""
    return (
        _HIDDEN_DISCARDS[seat] if 0 <= seat < len(_HIDDEN_DISCARDS) else Step(seat, None, "discard")
    )


def hidden_bid(seat: int) -> Step:
    """Another seat's suit bid shown only as a bid in trumps (shared)."""
    if 0 <= seat < len(_HIDDEN_BIDS):
        return _HIDDEN_BIDS[seat]
    return Step(seat, None, "bid")


_HIDDEN_DISCARDS = tuple(Step(p, None, "discard") for p in range(8))
_HIDDEN_BIDS = tuple(Step(p, None, "bid") for p in range(8))
_PLAIN: dict[tuple[int, Action], Step] = {}


def plain(seat: int, action: Action) -> Step:
    """The step of ``seat``'s ``action`` that hides nothing and notes nothing (shared:
    steps are immutable, and a hand repeats few of them; the table is bounded)."""
    key = (seat, action)
    step = _PLAIN.get(key)
    if step is None:
        if len(_PLAIN) >= 8192:
            _PLAIN.clear()
        step = _PLAIN[key] = Step(seat, action)
    return step


# Bid and Discard are the only actions ever hidden: named here so the notation's
# hidden words stay tied to the actions they stand for.
assert Bid.tag in HIDDEN_KINDS and Discard.tag in HIDDEN_KINDS
