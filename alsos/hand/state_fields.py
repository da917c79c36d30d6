"""The one declaration of :class:`~alsos.hand.state.HandState`'s fields, and the
generator that writes the repetitive parts of ``alsos/hand/state.py`` from it.

Each field is declared once, in :data:`DECLARATION`: its type, what it
holds, its value in a new hand, how :meth:`HandState.copy
<alsos.hand.state.HandState.copy>` carries it over, and how
:meth:`HandState.key_fields <alsos.hand.state.HandState.key_fields>` includes it
-- or why it leaves it out.  From that this module writes, between marker
comments in ``alsos/hand/state.py``, the field list (``FIELDS``, the slots), the
annotations, the body of ``__init__``, the body of ``copy`` and the tuple of
``key_fields``.

The generated code is plain source, checked in: the compiled build (mypyc)
compiles it like hand-written code, so a copy stays straight-line attribute
stores with no loop and no code made at import time.  After changing the
declaration, rewrite the file::

    python alsos/hand/state_fields.py          # rewrites alsos/hand/state.py
    python alsos/hand/state_fields.py --check  # exit 1 if it is out of date

``tests/test_state_fields.py`` fails while the file and the declaration
disagree.  This module is never imported by the package at run time, and
imports nothing of it: it runs as a script while ``state.py`` is broken.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NamedTuple

__all__ = ["DECLARATION", "Field", "Out", "Topic", "check", "generate", "regions"]

#: ``copy``: the value is immutable (or never changed in place): shared.
SHARE = "share"
#: ``copy``: a list of immutable values: sliced.
LIST = "list"
#: ``copy``: a dict of immutable values: ``.copy()``.
DICT = "dict"
#: ``copy``: a cache: a copy starts with an empty one.
CACHE = "cache"
#: ``copy``/``key``: a rule module's memory (a ModuleState or None): its own copy and key.
MODULE = "module"
#: ``copy``: written by the statements of the field before it (``items_shared``).
WITH_PREVIOUS = "with previous"

#: ``key``: the value itself.
PLAIN = "plain"
#: ``key``: a list as a tuple.
TUPLE = "tuple"
#: ``key``: ``frozen(value)`` (dicts, sets and nested containers).
FROZEN = "frozen"

#: ``init``: set by ``begin_round``, which ``__init__`` calls after the generated part.
ROUND = "begin_round"


class Out(NamedTuple):
    """``key``: the field is left out of :meth:`HandState.key_fields`, for ``why``."""

    why: str


class Topic(NamedTuple):
    """A heading between the fields (a comment in the generated lists)."""

    title: str


class Field(NamedTuple):
    """One field of the hand state.

    ``init``: the expression ``__init__`` assigns (its arguments are in
    scope), or :data:`ROUND`.  ``copy``: :data:`SHARE`, :data:`LIST`,
    :data:`DICT`, :data:`CACHE`, :data:`MODULE`, :data:`WITH_PREVIOUS`, or
    the statements themselves (``new`` and ``self`` in scope).  ``key``:
    :data:`PLAIN`, :data:`TUPLE`, :data:`FROZEN`, :data:`MODULE`, an
    expression, or :class:`Out` with the reason.  ``note``: a comment on
    the copy's line.
    """

    name: str
    type: str
    doc: str
    init: str
    copy: str | tuple[str, ...]
    key: str | Out
    note: str = ""


F = Field
_SAME_HAND = "fixed for the hand by the table and the dealer"
_CACHE = Out("a cache, rebuilt from the rest")

#: Every field of :class:`~alsos.hand.state.HandState`, grouped by topic, in slot order.
DECLARATION: tuple[Field | Topic, ...] = (
    Topic("the table and the deal (never changed during the hand: shared by copies)"),
    F("players", "int", "seats at the table", "players", SHARE, PLAIN),
    F("dealer", "int", "the dealing seat", "dealer", SHARE, PLAIN),
    F("active", "tuple[int, ...]", "seats in play, in play order from the seat after the dealer",
      "active", SHARE, Out(_SAME_HAND)),
    F("after", "tuple[int, ...]", "after[seat]: the next seat in play order",
      "_next_seats(players, active)", SHARE, Out("follows from active")),
    F("seed", "int | None", "the shuffle's seed, or None", "seed", SHARE,
      Out("how the cards came; where they are is in hands, unseen and talon")),
    F("deal", "Deal | None", "the Deal, or None until built from ``pack``", "deal", SHARE,
      Out("the cards as dealt: where they are now is in hands, unseen and talon")),
    F("pack", "tuple[int, ...] | None", "the shuffled pack (shuffled hands only), or None",
      "pack", SHARE, Out("the cards as dealt: where they are now is in hands, unseen and talon")),
    F("indicator", "int", "the card turned up between the seen and unseen packets",
      "talon[0]", SHARE, Out("fixed by the deal: the same in every position of the hand")),
    F("original", "int", "its suit: the original suit offered in bidding round 1",
      "talon[0] >> 3", SHARE, Out("follows from indicator")),
    Topic("cards"),
    F("hands", "list[int]", "hands[seat]: cards held (before the pick-up: the seen ones)",
      "hands", LIST, TUPLE),
    F("unseen", "list[int]", "unseen[seat]: cards dealt face down, not yet picked up",
      "unseen", LIST, TUPLE),
    F("talon", "list[int]", "talon cards, bottom (indicator) to top; discards are appended",
      "talon", LIST, TUPLE),
    F("talon_up", "int", "talon cards lying face up (a set of cards)",
      "(1 << talon[0]) | (1 << talon[-1])", SHARE, PLAIN),
    F("discarded", "int", "cards put away face down after a síber", "0", SHARE, PLAIN),
    F("discards_left", "int", "cards the síber player still owes to the talon", "0", SHARE,
      PLAIN),
    F("siber_card", "int | None", "the trump laid down for a síber, or None", "None", SHARE,
      PLAIN),
    F("siber_taken", "int", "how many talon cards the síber took", "0", SHARE,
      Out("the síber's taking is in takes")),
    F("takes", "tuple[tuple[int, tuple[int, ...], int], ...]",
      "each taking from the talon: (seat, cards, the face-up ones as a set)", "()", SHARE,
      "self.takes  # who drew which cards: the same cards may be drawn otherwise",
      note="a tuple, replaced (never changed) on each taking"),
    F("exchanged", "int | None", "the seat that swapped the trump 7 for the indicator, or None",
      "None", SHARE, PLAIN),
    F("declared_before", "tuple[int, ...] | None",
      "per seat: contracts declared earlier in the session (or None)", "None", SHARE, PLAIN),
    Topic("where the hand stands"),
    F("phase", "Phase", "the Phase", ROUND, SHARE, PLAIN),
    F("is_over", "bool", "phase is OVER (a plain attribute: loops read it every step)",
      "False", SHARE, Out("follows from phase")),
    F("to_act", "int | None", "the seat whose turn it is, None when over", ROUND, SHARE, PLAIN),
    F("history", "list[tuple[int, Action]]", "every (seat, action), in order", "[]", LIST,
      Out("the way here, not the position (__eq__ compares it besides the key)")),
    F("notes", "dict[int, Note]", "history index -> what that action revealed (an events.Note)",
      "{}", DICT, Out("data about the history, which the key leaves out")),
    F("legal", "tuple[Action, ...] | None",
      "the legal actions now, once computed (a shared tuple), or None", "None", SHARE, _CACHE),
    Topic("the contract"),
    F("declarer", "int | None", "the declaring seat, or None (no contract, Klopitzky)", "None",
      SHARE, PLAIN),
    F("contract", "Contract | None", "the Contract, or None until the auction settles it",
      "None", SHARE,
      "None\nif self.contract is None\nelse (self.contract.kind, self.contract.trump, "
      "self.contract.name)"),
    F("accepted_original", "bool", "the original suit was accepted in round 1", "False", SHARE,
      PLAIN),
    F("trump", "int", "the trump suit as an int, -1 without trumps", "-1", SHARE,
      Out("follows from contract")),
    F("key", "tuple[int, ...]",
      "trick strengths for the contract (shared table, tables.trick_keys)", "()", SHARE,
      Out("follows from contract")),
    Topic("items, figures and kontras"),
    F("items", "list[Item]", "Items: the game first, then each announced figure (see own_items)",
      "[]",
      ("# Items are shared until either side changes one (see own_items): a",
       "# search copies far more often than it says kontra.",
       "new.items = self.items",
       "new.items_shared = self.items_shared = True"),
      "tuple(item.key() for item in self.items)"),
    F("items_shared", "bool", "``items`` is shared with a copy: copy before changing one",
      "False", WITH_PREVIOUS, Out("copy bookkeeping, not part of the position")),
    F("kontra_at", "dict[Kontra, int]", "each open kontra step -> index of its item", "{}", DICT,
      Out("the open steps and their items are in kontra_options")),
    F("kontra_options", "tuple[dict[int, Kontra], dict[int, Kontra]]",
      "per side: item index -> the next kontra step open to that side", "({}, {})",
      ("a, b = self.kontra_options", "new.kontra_options = (a.copy(), b.copy())"), FROZEN),
    F("no_figures", "bool", "the contract allows no figures (Betli, Klopitzky)", "True", SHARE,
      Out("follows from contract")),
    F("announced", "dict[int, set[str]]", "seat -> figure ids it announced",
      "{s: set() for s in active}",
      ("new.announced = {s: f.copy() for s, f in self.announced.items()}",), FROZEN),
    F("announcements", "int", "figures announced so far (invalidates cached options)", "0",
      SHARE, Out("a count for the caches; what was said is in announced")),
    F("hold_back", "dict[int, list[tuple[int, int, bool]]]",
      "seat -> [(card bit, trick index, must play)] kept back for figures", "{}",
      ("hold_back = self.hold_back",
       "new.hold_back = {s: h[:] for s, h in hold_back.items()} if hold_back else {}"), FROZEN),
    F("figure_candidates", "dict[bool, list[Any]]",
      "front? -> figures open in this contract (cache, shared)", "{}", SHARE, _CACHE,
      note="built once per contract, never changed"),
    F("figure_cache", "dict[int, tuple[int, int, tuple[Announce, ...]]]",
      "seat -> (hand, count, options) (cache, dropped on copy)", ROUND, CACHE, _CACHE),
    Topic("rounds of speech"),
    F("front", "bool", "the round is before the pick-up", ROUND, SHARE, PLAIN),
    F("passes", "int", "passes in a row", ROUND, SHARE, PLAIN),
    F("spoken", "int", "seats that ended a turn in this round (a set of seats)", ROUND, SHARE,
      PLAIN),
    F("turn_spoke", "bool", "the seat to act said something in this turn", ROUND, SHARE, PLAIN),
    F("turn_acted", "bool", "... or did anything (an exchange, a meld)", ROUND, SHARE, PLAIN),
    F("turn_stage", "int", "the latest kind said this turn: 1 kassza, 2 figure, 3 meld, 4 kontra",
      ROUND, SHARE, PLAIN),
    F("ladder_round", "int", "seats that announced a ladder figure in this round", ROUND, SHARE,
      PLAIN),
    F("turn_counter", "int", "speech turns ended so far in the hand", "0", SHARE, PLAIN),
    F("last_turn", "dict[int, int]", "seat -> the turn counter at its last ended turn", ROUND,
      DICT, FROZEN),
    F("speech_in_first_trick", "bool", "the first trick carries speech", "False", SHARE,
      Out("follows from contract")),
    F("back_in_first_trick", "bool", "the back round runs alongside the first trick", "True",
      SHARE, Out("follows from the ruleset, the same for every position")),
    Topic("melds"),
    F("declared", "list[tuple[int, int]]", "(seat, length) per declaration; 0 is vannak", "[]",
      LIST, TUPLE),
    F("meld_hands", "dict[int, int]", "seat -> its hand when it played to the first trick", "{}",
      DICT, FROZEN),
    F("contests", "list[tuple[str, MeldContest]]", "meld contests still open: (kind, MeldContest)",
      "[]",
      ("contests = self.contests",
       "new.contests = [(kind, c.copy()) for kind, c in contests] if contests else []"),
      "tuple((kind, c.key()) for kind, c in self.contests)"),
    F("meld_winner", "dict[str, int | None]", '"sequence"/"vannak" -> the winning seat or None',
      "{}", DICT, FROZEN),
    F("meld_cache", "dict[int, tuple[int, int, tuple[Action, ...]]]",
      "seat -> (hand, declared, options) (cache, dropped on copy)", "{}", CACHE, _CACHE),
    Topic("play"),
    F("trick_no", "int", "completed tricks", "0", SHARE, PLAIN),
    F("trick", "list[tuple[int, int]]", "the trick being played: [(seat, card)]", "[]", LIST,
      TUPLE),
    F("leader", "int", "the seat that led (or leads) the current trick", "active[0]", SHARE,
      Out("the first seat of trick, or to_act before anyone has played to it")),
    F("won", "list[int]", "won[seat]: the cards in its tricks", "[0] * players", LIST, TUPLE),
    F("tricks_won", "list[int]", "tricks_won[seat]", "[0] * players", LIST,
      Out("counts trick_winners")),
    F("trick_winners", "list[int]", "the winner of each completed trick", "[]", LIST, TUPLE),
    F("tricks", "list[tuple[tuple[int, int], ...]]", "each completed trick: ((seat, card), ...)",
      "[]", LIST, TUPLE),
    Topic("calling and the end"),
    F("call_used", "bool", "a call was made in this hand", "False", SHARE, PLAIN),
    F("caller", "int | None", "the seat that called, or None", "None", SHARE,
      Out("read by no rule: what the call decides is in calling")),
    F("conceded", "bool", "the hand ended by a conceded call", "False", SHARE, PLAIN),
    F("settlement", "Settlement | None",
      "the Settlement once over and asked for (Engine.settlement_of), or None", "None", SHARE,
      Out("worked out from the rest once the hand is over"), note="frozen once made"),
    Topic("rule modules' own memory (ModuleState or None)"),
    F("bidding", "ModuleState | None", "", "None", MODULE, MODULE),
    F("exchange", "ModuleState | None", "", "None", MODULE, MODULE),
    F("calling", "ModuleState | None", "", "None", MODULE, MODULE),
)  # fmt: skip


def _fields() -> list[Field]:
    return [f for f in DECLARATION if isinstance(f, Field)]


def _with_note(line: str, note: str) -> str:
    return f"{line}  # {note}" if note else line


#: The documentation comment of ``FIELDS`` (Sphinx reads it right above the list).
_FIELDS_DOC = """\
#: The fields of a :class:`HandState` (its ``__slots__``, which a class of the
#: compiled build does not show), grouped by topic.  Each is declared once, in
#: ``alsos/hand/state_fields.py`` (what it holds, how a copy carries it, how the key
#: takes it or why it leaves it out), which writes the generated parts of this file.
#:
#: :meta hide-value:"""


def _slots() -> list[str]:
    out = [*_FIELDS_DOC.split("\n"), "FIELDS = (  # grouped by topic"]
    for f in DECLARATION:
        if isinstance(f, Topic):
            out.append(f"    # {f.title}")
        else:
            out.append(_with_note(f'    "{f.name}",', f.doc))
    return [*out, ")"]


def _annotations() -> list[str]:
    return [f"{f.name}: {f.type}" for f in _fields()]


def _init() -> list[str]:
    return [f"self.{f.name} = {f.init}" for f in _fields() if f.init != ROUND]


def _copy() -> list[str]:
    out = ["new = HandState.__new__(HandState)"]
    for f in _fields():
        n, how = f.name, f.copy
        if isinstance(how, tuple):
            out.extend(how)
            continue
        value = {
            SHARE: f"self.{n}",
            LIST: f"self.{n}[:]",
            DICT: f"self.{n}.copy()",
            CACHE: "{}",
            MODULE: f"None if self.{n} is None else self.{n}.copy()",
        }.get(how)
        if value is not None:
            out.append(_with_note(f"new.{n} = {value}", f.note))
        elif how != WITH_PREVIOUS:
            raise ValueError(f"field {n}: copy {how!r} is not a known way to copy")
    return [*out, "return new"]


def _key() -> list[str]:
    out = ["return ("]
    for f in _fields():
        n, how = f.name, f.key
        if isinstance(how, Out):
            out.append(f"    # {n}: left out: {how.why}")
            continue
        value = {
            PLAIN: f"self.{n}",
            TUPLE: f"tuple(self.{n})",
            FROZEN: f"frozen(self.{n})",
            MODULE: f"None if self.{n} is None else self.{n}.key()",
        }.get(how, how)
        lines = value.split("\n")
        out.extend(f"    {line}" for line in lines[:-1])
        code, _, comment = lines[-1].partition("  # ")
        out.append(_with_note(f"    {code},", comment))
    return [*out, ")"]


#: The generated parts of ``alsos/hand/state.py``, by the name in their markers.
_PARTS = {
    "fields": _slots,
    "annotations": _annotations,
    "init": _init,
    "copy": _copy,
    "key_fields": _key,
}

_MARKER = re.compile(
    r"^(?P<indent>[ ]*)# generated: (?P<name>[a-z_]+)\b[^\n]*\n"
    r"(?P<body>.*?)^(?P=indent)# end of (?P=name)\n",
    re.MULTILINE | re.DOTALL,
)
_HEAD = "# generated: {name} (by alsos/hand/state_fields.py from DECLARATION: edit there)\n"


def regions(text: str) -> dict[str, str]:
    """The generated parts found in ``text`` (the source of ``alsos/hand/state.py``), by name."""
    return {m["name"]: m["body"] for m in _MARKER.finditer(text)}


def generate(text: str) -> str:
    """``text`` (the source of ``alsos/hand/state.py``) with every generated part written anew.

    :raises ValueError: a part's markers are missing.
    """
    missing = set(_PARTS) - set(regions(text))
    if missing:
        raise ValueError(f"alsos/hand/state.py lacks the markers of {sorted(missing)}")

    def write(m: re.Match[str]) -> str:
        indent, name = m["indent"], m["name"]
        body = "".join(f"{indent}{line}\n" if line else "\n" for line in _PARTS[name]())
        return f"{indent}{_HEAD.format(name=name)}{body}{indent}# end of {name}\n"

    return _MARKER.sub(write, text)


def check(path: Path) -> bool:
    """Whether the file at ``path`` holds what the declaration generates."""
    text = path.read_text(encoding="utf-8")
    return generate(text) == text


def main(argv: list[str] | None = None) -> int:
    """Rewrite ``alsos/hand/state.py`` (beside this module), or with ``--check`` only compare."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if state.py is out of date")
    args = parser.parse_args(argv)
    path = Path(__file__).with_name("state.py")
    if args.check:
        if check(path):
            return 0
        print(f"{path} is out of date: run python alsos/hand/state_fields.py", file=sys.stderr)
        return 1
    text = path.read_text(encoding="utf-8")
    path.write_text(generate(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
