"""The 32-card Hungarian pack: suits, ranks, cards, card sets and card orders.

Cards are small ints (``suit * 8 + rank``) so that a hand is a 32-bit set and
the hot path (legal moves, trick winner, counting points) is bit arithmetic.
:class:`Card` is an :class:`enum.IntEnum`, so every card *is* its int and
``1 << card`` is its bit.  Ranks are numbered in sequence order (Ace, King,
Over, Under, 10, 9, 8, 7 -- pagat "Players and Cards"),
which makes a meld sequence a run of adjacent bits inside a suit's byte.

Notation: a card is written suit letter then rank, after the Hungarian way of
naming cards suit first ("makk ász"): ``MA`` is the Ace of acorns, ``P10`` the
Ten of hearts, ``TU`` the Under of gourds, ``Z7`` the Seven of leaves.
:meth:`Card.parse` accepts any letter case and the English suit initials too
(``A`` acorns, ``H`` hearts, ``G``/``B`` gourds/bells, ``L`` leaves) and a
rank-first order such as ``10P``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from alsos.errors import NotationError

__all__ = [
    "CARDS",
    "FULL_PACK",
    "Card",
    "CardParseError",
    "Order",
    "Rank",
    "Suit",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_cards",
    "quote",
    "suit_mask",
]


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    Errors quote what they were given so a user can find it, but untrusted
    input may be megabytes: a long text keeps its start and says how long it
    was, and only that start is ever copied, so refusing a huge text costs no
    more than refusing a short one.
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{repr(value[: limit - 20])[: limit - 20]}... ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


class CardParseError(NotationError):
    """A card or card list that could not be read; the message quotes the input."""


class Suit(enum.IntEnum):
    """The four suits, numbered from the highest (acorns) to the lowest (leaves)."""

    ACORNS = 0
    HEARTS = 1
    GOURDS = 2
    LEAVES = 3

    @property
    def letter(self) -> str:
        """One-letter code: the Hungarian initial (M, P, T, Z)."""
        return _SUIT_LETTERS[self]

    @property
    def name_en(self) -> str:
        return _SUIT_EN[self]

    @property
    def name_hu(self) -> str:
        return _SUIT_HU[self]

    @property
    def symbol(self) -> str:
        """A Unicode stand-in for the suit sign, for terminals."""
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.name_en

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or its English or Hungarian name."""
        key = text.strip().lower()
        try:
            return _SUIT_BY_TEXT[key]
        except KeyError:
            raise CardParseError(
                f"unknown suit {quote(text)}; expected one of "
                f"{', '.join(s.name_en for s in cls)} (or M, P, T, Z)"
            ) from None


_SUIT_LETTERS = ("M", "P", "T", "Z")
_SUIT_EN = ("acorns", "hearts", "gourds", "leaves")
_SUIT_HU = ("makk", "piros", "tök", "zöld")
_SUIT_SYMBOLS = ("♣", "♥", "♦", "♠")
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _s in Suit:
    for _alias in (_SUIT_LETTERS[_s], _SUIT_EN[_s], _SUIT_HU[_s]):
        _SUIT_BY_TEXT[_alias.lower()] = _s
_SUIT_BY_TEXT.update(
    {
        "a": Suit.ACORNS,
        "acorn": Suit.ACORNS,
        "h": Suit.HEARTS,
        "heart": Suit.HEARTS,
        "g": Suit.GOURDS,
        "b": Suit.GOURDS,
        "bells": Suit.GOURDS,
        "gourd": Suit.GOURDS,
        "bell": Suit.GOURDS,
        "tok": Suit.GOURDS,
        "l": Suit.LEAVES,
        "leaf": Suit.LEAVES,
        "zold": Suit.LEAVES,
    }
)


class Rank(enum.IntEnum):
    """The eight ranks, numbered in sequence order (Ace highest)."""

    ACE = 0
    KING = 1
    OVER = 2
    UNDER = 3
    TEN = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @property
    def name_en(self) -> str:
        return _RANK_EN[self]

    @property
    def name_hu(self) -> str:
        return _RANK_HU[self]

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank code: ``A K O U 10 9 8 7`` (also ``F``/``Q`` Over, ``J`` Under, ``X`` 10)."""
        key = text.strip().upper()
        try:
            return _RANK_BY_CODE[key]
        except KeyError:
            raise CardParseError(
                f"unknown rank {quote(text)}; expected one of {' '.join(_RANK_CODES)}"
            ) from None


_RANK_CODES = ("A", "K", "O", "U", "10", "9", "8", "7")
_RANK_EN = ("Ace", "King", "Over", "Under", "Ten", "Nine", "Eight", "Seven")
_RANK_HU = ("ász", "király", "felső", "alsó", "tízes", "kilences", "nyolcas", "hetes")
_RANK_BY_CODE: dict[str, Rank] = {c: Rank(i) for i, c in enumerate(_RANK_CODES)}
_RANK_BY_CODE.update(
    {
        "X": Rank.TEN,
        "F": Rank.OVER,
        "Q": Rank.OVER,
        "J": Rank.UNDER,
        "IX": Rank.NINE,
        "VIII": Rank.EIGHT,
        "VII": Rank.SEVEN,
    }
)


class Card(enum.IntEnum):
    """One of the 32 cards; the int value is ``suit * 8 + rank``."""

    MA = 0
    MK = 1
    MO = 2
    MU = 3
    M10 = 4
    M9 = 5
    M8 = 6
    M7 = 7
    PA = 8
    PK = 9
    PO = 10
    PU = 11
    P10 = 12
    P9 = 13
    P8 = 14
    P7 = 15
    TA = 16
    TK = 17
    TO = 18
    TU = 19
    T10 = 20
    T9 = 21
    T8 = 22
    T7 = 23
    ZA = 24
    ZK = 25
    ZO = 26
    ZU = 27
    Z10 = 28
    Z9 = 29
    Z8 = 30
    Z7 = 31

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        return CARDS[suit * 8 + rank]

    @property
    def suit(self) -> Suit:
        return Suit(self >> 3)

    @property
    def rank(self) -> Rank:
        return Rank(self & 7)

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def code(self) -> str:
        return self.name

    @property
    def name_en(self) -> str:
        """English name, e.g. ``Under of acorns``."""
        return f"{_RANK_EN[self & 7]} of {_SUIT_EN[self >> 3]}"

    @property
    def name_hu(self) -> str:
        """Hungarian name, suit first, e.g. ``makk alsó``."""
        return f"{_SUIT_HU[self >> 3]} {_RANK_HU[self & 7]}"

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code such as ``MA``, ``p10``, ``10P`` or ``TU``.

        :raises CardParseError: (a :class:`~alsos.errors.NotationError`) quoting
            the text.
        """
        key = text.strip().upper()
        card = _CARD_BY_TEXT.get(key)
        if card is None:
            raise CardParseError(
                f"cannot read card {quote(text)}: write the suit letter (M, P, T, Z) "
                f"then the rank (A K O U 10 9 8 7), e.g. 'MA' or 'P10'"
            )
        return card


CARDS: tuple[Card, ...] = tuple(Card)
FULL_PACK = (1 << 32) - 1

_CARD_BY_TEXT: dict[str, Card] = {c.name: c for c in Card}
for _c in CARDS:
    _suit_keys = {_SUIT_LETTERS[_c >> 3]} | {
        k.upper() for k, v in _SUIT_BY_TEXT.items() if v == _c >> 3 and len(k) == 1
    }
    _rank_keys = {k for k, v in _RANK_BY_CODE.items() if v == _c & 7}
    for _sk in _suit_keys:
        for _rk in _rank_keys:
            _CARD_BY_TEXT.setdefault(_sk + _rk, _c)
            _CARD_BY_TEXT.setdefault(_rk + _sk, _c)


def suit_mask(suit: int) -> int:
    """The bit set of all eight cards of ``suit``."""
    return 0xFF << (suit * 8)


def mask_of(cards: Iterable[int]) -> int:
    """The bit set holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _build_bit_lists() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


_BYTE_BITS = _build_bit_lists()


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit set, in pack order (acorns first, Ace first)."""
    out: list[Card] = []
    for s in range(4):
        b = (mask >> (8 * s)) & 0xFF
        if b:
            base = 8 * s
            out.extend(CARDS[base + i] for i in _BYTE_BITS[b])
    return out


def format_cards(cards: Iterable[int] | int) -> str:
    """Write cards space-separated; a bit set is written in pack order."""
    seq = cards_of(cards) if isinstance(cards, int) else [CARDS[c] for c in cards]
    return " ".join(c.name for c in seq)


def parse_cards(text: str) -> list[Card]:
    """Read a space- or comma-separated list of card codes.

    :raises CardParseError: (a :class:`~alsos.errors.NotationError`) quoting the
        first code that cannot be read.
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    out = []
    for p in parts:
        try:
            out.append(Card.parse(p))
        except CardParseError:
            raise CardParseError(f"cannot read card {quote(p)} in {quote(text)}") from None
    return out


class Order:
    """A ranking of the eight ranks within a suit, strongest first.

    ``Order.parse("U 9 A 10 K O 8 7")`` is the trump order of Alsós.  The
    order is data from the variant profile; the engine only uses
    :attr:`strength`, a tuple giving each rank (by :class:`Rank` value) a
    number that is larger for a stronger card.
    """

    __slots__ = ("ranks", "strength")

    def __init__(self, ranks: Sequence[Rank]) -> None:
        ranks = tuple(ranks)
        if sorted(ranks) != list(Rank):
            raise ValueError(
                f"a card order must name each of the eight ranks once, got "
                f"{' '.join(r.code for r in ranks)!r}"
            )
        strength = [0] * 8
        for i, r in enumerate(ranks):
            strength[r] = 7 - i
        # Set once: an order is part of a ruleset, which never changes.
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "strength", tuple(strength))

    ranks: tuple[Rank, ...]
    strength: tuple[int, ...]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a card order cannot be changed")

    def __reduce__(self) -> tuple[object, ...]:
        return (Order, (self.ranks,))

    @classmethod
    def parse(cls, text: str) -> Order:
        try:
            return cls([Rank.parse(t) for t in text.replace(",", " ").split()])
        except CardParseError as e:
            raise CardParseError(f"cannot read card order {quote(text)}: {e}") from None

    def __str__(self) -> str:
        return " ".join(r.code for r in self.ranks)

    def __repr__(self) -> str:
        return f"Order.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Order) and other.ranks == self.ranks

    def __hash__(self) -> int:
        return hash(self.ranks)
