"""Actions a seat can take, each with one canonical text form.

``str(action)`` is the canonical text and :func:`parse_action` reads it back
(``parse_action(str(a)) == a``).  Parsing is forgiving about case, accents and
spacing, so ``"Kontra Abszolút@1"`` reads as ``kontra abszolut@1``.

=====================  ==========================================================
text                   meaning
=====================  ==========================================================
``pass``               say nothing more this turn (bidding: decline to bid)
``accept``             bidding round 1: play with the original suit as trumps
``bid <suit>``         bidding round 2: ``bid hearts``, ``bid no-trumps``
``betli``              bidding round 3: undertake to lose every trick
``contract <id>``      a ladder auction: bid a contract, ``contract ultimo``
``draw``               a ladder auction: draw talon cards before a higher bid
``announce <figure>``  announce a figure, e.g. ``announce abszolut``
``<level> <target>``   a kontra step: ``kontra game``, ``rekontra 100@2``,
                       ``kontra gyerunk``; a figure is named with the seat
                       that announced it after ``@``
``exchange``           swap the trump 7 for the indicator
``siber``              take the talon in exchange for the entitled trump
``discard <card>``     put a card away after síber, e.g. ``discard Z8``
``declare <meld>``     ``declare terc`` ... ``declare okt``, ``declare vannak``
``declare melds``      declare all one's melds, made known by kind only (altiansz)
``show``               meld validation: tell the next detail of one's meld
``kicsi``              meld validation: concede
``gyerunk``            call: invite the other side to concede the game
``concede``            answer a call (or a raise of it) by giving up
``play on``            answer a call by playing on at the doubled stake
``<card>``             play a card, e.g. ``MA`` or ``P10``
=====================  ==========================================================
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Any, Final

from alsos.errors import NotationError
from alsos.pack.cards import CARDS, Card, CardParseError, Suit, quote

__all__ = [
    "ACCEPT",
    "BETLI",
    "CALL",
    "CONCEDE",
    "DECLARE_MELDS",
    "DRAW",
    "EXCHANGE",
    "GAME",
    "GYERUNK",
    "KICSI",
    "KONTRA_NAMES",
    "MELD_NAMES",
    "NO_TRUMPS",
    "PASS",
    "PLAYS",
    "PLAY_ON",
    "SHOW",
    "SIBER",
    "Accept",
    "Action",
    "ActionParseError",
    "Announce",
    "Betli",
    "Bid",
    "Call",
    "CallItem",
    "Concede",
    "ContractBid",
    "Declare",
    "DeclareMelds",
    "Discard",
    "Draw",
    "Exchange",
    "Kicsi",
    "Kontra",
    "Pass",
    "Play",
    "PlayOn",
    "Show",
    "Siber",
    "announce",
    "contract_bid",
    "kontra",
    "normalize",
    "parse_action",
]

KONTRA_NAMES = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
MELD_NAMES = {3: "terc", 4: "kvart", 5: "kvint", 6: "szext", 7: "szept", 8: "okt"}
_MELD_LENGTH = {v: k for k, v in MELD_NAMES.items()}
NO_TRUMPS = "no-trumps"
GAME: Final = "game"
GYERUNK = "gyerunk"


class ActionParseError(NotationError):
    """Text that is not an action in the notation; the message quotes (the start of) it."""


def _int(cls: type, name: str, value: object, none: bool = False) -> None:
    """Refuse a field that is not a whole number (bool is not one), or None where allowed.

    Actions are compared as tuples, where ``True == 1 == 1.0 == Card(1)``: a
    field of another type could pass for a legal action and reach the engine.
    A whole number out of range is kept: such an action is never legal, and
    :meth:`alsos.Game.apply` refuses it as it refuses any illegal action.
    """
    if not (isinstance(value, int) and value.__class__ is not bool) and not (
        none and value is None
    ):
        allowed = "a whole number or None" if none else "a whole number"
        raise TypeError(
            f"{cls.__name__}: {name} must be {allowed}, got {type(value).__name__} {quote(value)}"
        )


def _str(cls: type, name: str, value: object) -> None:
    """Refuse a field that is not text (a figure or contract id)."""
    if not isinstance(value, str):
        raise TypeError(
            f"{cls.__name__}: {name} must be text, got {type(value).__name__} {quote(value)}"
        )


def _card(cls: type, value: object) -> object:
    """The :class:`~alsos.pack.cards.Card` of a card field; an int outside 0..31 is kept as is."""
    _int(cls, "card", value)
    return CARDS[value] if isinstance(value, int) and 0 <= value < 32 else value


def normalize(text: str) -> str:
    """Lower-case, accents removed, runs of spaces folded: ``"Összes Adu"`` -> ``"osszes adu"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.lower().split())


class Action(tuple):  # type: ignore[type-arg]
    """Base class of all actions.

    Actions are small immutable tuples (a tag, then the arguments), so that
    equality, hashing and the membership tests on the hot path run in C.
    ``str(action)`` is the canonical text.  ``__getnewargs__`` gives copy and
    pickle the constructor's arguments: every item after the tag, in order (each
    action's constructor takes its fields in the order it stores them).
    """

    __slots__ = ()
    tag = "?"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return self[1:]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


def _items(cls: type[Action], first: object) -> Action | None:
    """The action rebuilt from its own items, as ``attrs.asdict`` and ``copy`` rebuild
    tuples (``Play(["play", card])``); None when ``first`` is an ordinary argument."""
    if isinstance(first, list) and first and first[0] == cls.tag:
        return cls(*first[1:])
    return None


class _Simple(Action):
    __slots__ = ()
    text = ""

    def __new__(cls, items: object = None) -> _Simple:
        if items is not None and _items(cls, items) is None:
            raise TypeError(f"{cls.__name__} takes no arguments")
        return tuple.__new__(cls, (cls.text,))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.tag = cls.text

    def __str__(self) -> str:
        return self.text


class Pass(_Simple):
    """Say nothing more this turn; in bidding, decline."""

    __slots__ = ()
    text = "pass"


class Accept(_Simple):
    """Bidding round 1: play with the original suit as trumps."""

    __slots__ = ()
    text = "accept"


class Betli(_Simple):
    """Bidding round 3: undertake to lose every trick."""

    __slots__ = ()
    text = "betli"


class Exchange(_Simple):
    """Swap the trump 7 for the indicator."""

    __slots__ = ()
    text = "exchange"


class Siber(_Simple):
    """Take the talon in exchange for the entitled trump."""

    __slots__ = ()
    text = "siber"


class Draw(_Simple):
    """Draw talon cards unseen before bidding higher (altiansz)."""

    __slots__ = ()
    text = "draw"


class DeclareMelds(_Simple):
    """Declare every meld one holds, by kind only, without a contest (altiansz, "Melds")."""

    __slots__ = ()
    text = "declare melds"


class Show(_Simple):
    """Meld validation: tell the next detail of one's meld."""

    __slots__ = ()
    text = "show"


class Kicsi(_Simple):
    """Meld validation: concede."""

    __slots__ = ()
    text = "kicsi"


class Call(_Simple):
    """Gyerünk: invite the other side to concede the game."""

    __slots__ = ()
    text = GYERUNK


class CallItem(Action):
    """Gyerünk on one announced figure (a house option): ``gyerunk <figure>@<seat>``."""

    __slots__ = ()
    __match_args__ = ("figure", "seat")

    tag = "call"

    def __new__(cls, figure: str, seat: int | None = None) -> CallItem:
        again = _items(cls, figure)
        if again is not None:
            return again  # type: ignore[return-value]
        _str(cls, "figure", figure)
        _int(cls, "seat", seat, none=True)
        return tuple.__new__(cls, ("call", figure, seat))

    @property
    def figure(self) -> str:
        return self[1]  # type: ignore[no-any-return]

    @property
    def seat(self) -> int:
        return self[2]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return f"{GYERUNK} {self[1]}@{self[2]}"


class Concede(_Simple):
    """Answer a call or its raise by giving up."""

    __slots__ = ()
    text = "concede"


class PlayOn(_Simple):
    """Answer a call by playing on at the doubled stake."""

    __slots__ = ()
    text = "play on"


class Bid(Action):
    """A second-round bid: a suit, or no-trumps (``suit is None``)."""

    __slots__ = ()
    __match_args__ = ("suit",)

    tag = "bid"

    def __new__(cls, suit: Suit | None) -> Bid:
        again = _items(cls, suit)
        if again is not None:
            return again  # type: ignore[return-value]
        _int(cls, "suit", suit, none=True)
        known = suit is None or 0 <= suit < 4
        return tuple.__new__(cls, ("bid", Suit(suit) if known and suit is not None else suit))

    @property
    def suit(self) -> Suit | None:
        return self[1]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        suit = self[1]
        return f"bid {NO_TRUMPS if suit is None else getattr(suit, 'name_en', suit)}"


class ContractBid(Action):
    """A bid in a ladder auction: the id of a contract in the profile (``solo``, ...)."""

    __slots__ = ()
    __match_args__ = ("contract",)

    tag = "contract"

    def __new__(cls, contract: str) -> ContractBid:
        again = _items(cls, contract)
        if again is not None:
            return again  # type: ignore[return-value]
        _str(cls, "contract", contract)
        return tuple.__new__(cls, ("contract", contract))

    @property
    def contract(self) -> str:
        return self[1]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return f"contract {self[1]}"


class Announce(Action):
    """Announce a figure, named by its id in the profile (``abszolut``, ``100``, ...)."""

    __slots__ = ()
    __match_args__ = ("figure",)

    tag = "announce"

    def __new__(cls, figure: str) -> Announce:
        again = _items(cls, figure)
        if again is not None:
            return again  # type: ignore[return-value]
        _str(cls, "figure", figure)
        return tuple.__new__(cls, ("announce", figure))

    @property
    def figure(self) -> str:
        return self[1]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return f"announce {self[1]}"


class Kontra(Action):
    """A step on a kontra ladder.

    ``level`` is 1 for kontra, 2 for rekontra, and so on.  ``figure`` is
    :data:`GAME`, :data:`GYERUNK` (a call), or a figure id with ``seat`` the
    seat that announced it.
    """

    __slots__ = ()
    __match_args__ = ("level", "figure", "seat")

    tag = "kontra"

    def __new__(cls, level: int, figure: str = "", seat: int | None = None) -> Kontra:
        again = _items(cls, level)
        if again is not None:
            return again  # type: ignore[return-value]
        _int(cls, "level", level)
        _str(cls, "figure", figure)
        _int(cls, "seat", seat, none=True)
        return tuple.__new__(cls, ("kontra", level, figure, seat))

    @property
    def level(self) -> int:
        return self[1]  # type: ignore[no-any-return]

    @property
    def figure(self) -> str:
        return self[2]  # type: ignore[no-any-return]

    @property
    def seat(self) -> int | None:
        return self[3]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        target = self[2] if self[3] is None else f"{self[2]}@{self[3]}"
        level = self[1]
        name = KONTRA_NAMES[level - 1] if 0 < level <= len(KONTRA_NAMES) else f"kontra-{level}"
        return f"{name} {target}"


class Discard(Action):
    """Put a card away after síber."""

    __slots__ = ()
    __match_args__ = ("card",)

    tag = "discard"

    def __new__(cls, card: Card | int) -> Discard:
        again = _items(cls, card)
        if again is not None:
            return again  # type: ignore[return-value]
        return tuple.__new__(cls, ("discard", _card(cls, card)))

    @property
    def card(self) -> Card:
        return self[1]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return f"discard {getattr(self[1], 'name', self[1])}"


class Declare(Action):
    """Declare a meld at one's first-trick turn: a sequence by length, or vannak (length 0)."""

    __slots__ = ()
    __match_args__ = ("length",)

    tag = "declare"

    def __new__(cls, length: int) -> Declare:
        again = _items(cls, length)
        if again is not None:
            return again  # type: ignore[return-value]
        _int(cls, "length", length)
        return tuple.__new__(cls, ("declare", length))

    @property
    def length(self) -> int:
        return self[1]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        length = self[1]
        return f"declare {'vannak' if length == 0 else MELD_NAMES.get(length, length)}"


class Play(Action):
    """Play a card to the trick."""

    __slots__ = ()
    __match_args__ = ("card",)

    tag = "play"

    def __new__(cls, card: Card | int) -> Play:
        again = _items(cls, card)
        if again is not None:
            return again  # type: ignore[return-value]
        return tuple.__new__(cls, ("play", _card(cls, card)))

    @property
    def card(self) -> Card:
        return self[1]  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return getattr(self[1], "name", f"card {self[1]}")


PASS = Pass()
ACCEPT = Accept()
BETLI = Betli()
EXCHANGE = Exchange()
SIBER = Siber()
SHOW = Show()
KICSI = Kicsi()
CALL = Call()
CONCEDE = Concede()
PLAY_ON = PlayOn()
DRAW = Draw()
DECLARE_MELDS = DeclareMelds()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
BIDS: dict[Suit | None, Bid] = {s: Bid(s) for s in (*Suit, None)}
_KONTRAS: dict[tuple[int, str, int | None], Kontra] = {}
_ANNOUNCES: dict[str, Announce] = {}
_CONTRACT_BIDS: dict[str, ContractBid] = {}


def kontra(level: int, figure: str, seat: int | None = None) -> Kontra:
    """The shared :class:`Kontra` instance for these arguments."""
    key = (level, figure, seat)
    k = _KONTRAS.get(key)
    if k is None:
        k = _KONTRAS[key] = Kontra(level, figure, seat)
    return k


def announce(figure: str) -> Announce:
    """The shared :class:`Announce` instance for ``figure``."""
    a = _ANNOUNCES.get(figure)
    if a is None:
        a = _ANNOUNCES[figure] = Announce(figure)
    return a


def contract_bid(contract: str) -> ContractBid:
    """The shared :class:`ContractBid` instance for ``contract``."""
    a = _CONTRACT_BIDS.get(contract)
    if a is None:
        a = _CONTRACT_BIDS[contract] = ContractBid(contract)
    return a


DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in CARDS)
DECLARES: dict[int, Declare] = {n: Declare(n) for n in (0, 3, 4, 5, 6, 7, 8)}

_SIMPLE: dict[str, Action] = {
    "pass": PASS,
    "passz": PASS,
    "accept": ACCEPT,
    "betli": BETLI,
    "exchange": EXCHANGE,
    "siber": SIBER,
    "show": SHOW,
    "kicsi": KICSI,
    "gyerunk": CALL,
    "call": CALL,
    "concede": CONCEDE,
    "play on": PLAY_ON,
    "draw": DRAW,
    "declare melds": DECLARE_MELDS,
}
_KONTRA_LEVEL = {name: i + 1 for i, name in enumerate(KONTRA_NAMES)}
_CARD_START = frozenset("mptz")


def _figure_id(text: str) -> str:
    return text.replace(" ", "-")


_SEAT = re.compile(r"[0-9]{1,2}")
#: The words an action can start with, for suggestions.
_WORDS = (
    *_SIMPLE, "bid", "contract", "announce", *KONTRA_NAMES, "gyerunk", "discard", "play",
    "declare",
)  # fmt: skip
_NEEDS = {
    "bid": "a suit or no-trumps: 'bid hearts', 'bid no-trumps'",
    "announce": "a figure: 'announce abszolut'",
    "contract": "a contract of the ladder: 'contract solo', 'contract game-ultimo'",
    "discard": "a card: 'discard Z8'",
    "play": "a card: 'play MA' (or just 'MA')",
    "declare": "a meld: 'declare terc' ... 'declare okt', 'declare vannak', 'declare melds'",
    **{k: f"a target: '{k} game' or '{k} <figure>@<seat>'" for k in KONTRA_NAMES},
}
_EXAMPLES = (
    "'pass', 'accept', 'bid hearts', 'announce abszolut', 'kontra game', 'declare terc', 'MA'"
)


def _seat(text: str, whole: str) -> int:
    seat = text.strip()
    if not _SEAT.fullmatch(seat):
        raise ActionParseError(
            f"cannot read the seat {quote(seat)} in {quote(whole)}: write 0, 1, 2 or 3"
        )
    return int(seat)


def _unknown(text: str, key: str) -> ActionParseError:
    """The error for text that starts with no known word, with a suggestion if one is close."""
    word, _, rest = key.partition(" ")
    if not key:
        return ActionParseError(f"empty action text; actions look like {_EXAMPLES}")
    if word.lstrip("-").isdigit() and not rest:
        return ActionParseError(
            f"cannot read action {quote(text)}: a number is not an action; write the action, "
            f"e.g. 'pass' or 'MA'"
        )
    close = difflib.get_close_matches(key, _SIMPLE, n=1, cutoff=0.75) or [
        f"{w} {rest}".strip() for w in difflib.get_close_matches(word, _WORDS, n=1, cutoff=0.7)
    ]
    hint = f"; did you mean {quote(close[0])}?" if close else f"; actions look like {_EXAMPLES}"
    return ActionParseError(f"cannot read action {quote(text)}: unknown word {quote(word)}{hint}")


def parse_action(text: str) -> Action:
    """Read an action from its text form (see the module docs for the notation).

    :raises ActionParseError: (a :class:`~alsos.errors.NotationError`) naming what
        could not be read, with a suggestion when the text is close to an action.
    """
    if not isinstance(text, str):
        raise ActionParseError(f"expected action text, got {type(text).__name__} {quote(text)}")
    if len(text) > 200:
        raise ActionParseError(f"action text of {len(text)} characters is too long to be one")
    key = normalize(text)
    try:
        return _parse(text, key)
    except ActionParseError:
        extra = _extra_words(text)
        if extra is None:
            raise
    raise extra


def _extra_words(text: str) -> ActionParseError | None:
    """The error for an action followed by more words (``pass pass``, ``MA MA``,
    ``bid hearts now``): no suggestion reads it as one action.  None otherwise."""
    words = text.split()
    for n in range(min(3, len(words) - 1), 0, -1):  # the longest action first
        head = " ".join(words[:n])
        try:
            parse_action(head)
        except ActionParseError:
            continue
        return ActionParseError(
            f"cannot read action {quote(text)}: extra words after {quote(head)} "
            f"(one action at a time)"
        )
    return None


def _parse(text: str, key: str) -> Action:
    """:func:`parse_action` of ``text``, ``key`` its normalized form."""
    simple = _SIMPLE.get(key)
    if simple is not None:
        return simple
    word, _, rest = key.partition(" ")
    if not rest and word in _NEEDS:
        raise ActionParseError(f"cannot read action {quote(text)}: {word!r} needs {_NEEDS[word]}")
    try:
        if not rest:
            if key[:1] in _CARD_START and len(key) <= 3:
                try:
                    return PLAYS[Card.parse(key)]
                except CardParseError:
                    if difflib.get_close_matches(key, _SIMPLE, n=1, cutoff=0.75):
                        raise _unknown(text, key) from None  # 'pas': a word, not a card
                    raise
            raise _unknown(text, key)
        if word == "bid":
            if rest in ("no-trumps", "no trumps", "nt", "sans", "szanzadu"):
                return BIDS[None]
            return BIDS[Suit.parse(rest)]
        if word == "contract":
            # Not interned: untrusted text must not grow a table without bound.
            return ContractBid(_figure_id(rest))
        if word == "announce":
            # Not interned: untrusted text must not grow a table without bound.
            return Announce(_figure_id(rest))
        if word in _KONTRA_LEVEL:
            target, at, seat = rest.partition("@")
            target = _figure_id(target.strip())
            if at:
                return Kontra(_KONTRA_LEVEL[word], target, _seat(seat, text))
            return Kontra(_KONTRA_LEVEL[word], target)
        if word in ("gyerunk", "call"):
            figure, at, seat = rest.partition("@")
            if at:
                return CallItem(_figure_id(figure.strip()), _seat(seat, text))
            raise ActionParseError(
                f"cannot read action {quote(text)}: write 'gyerunk <figure>@<seat>'"
            )
        if word == "discard":
            return DISCARDS[Card.parse(rest)]
        if word == "play":
            return PLAYS[Card.parse(rest)]
        if word == "declare":
            if rest == "vannak":
                return DECLARES[0]
            if rest in _MELD_LENGTH:
                return DECLARES[_MELD_LENGTH[rest]]
            raise ActionParseError(
                f"cannot read action {quote(text)}: {word!r} needs {_NEEDS[word]}"
            )
    except CardParseError as e:
        raise ActionParseError(f"cannot read action {quote(text)}: {e}") from None
    raise _unknown(text, key)
