"""A deal: every seat's cards and the talon, from a seed or typed in from a book.

Text form (``str(deal)`` / :meth:`Deal.parse`): the hands of seats 0, 1, ...
separated by ``/``, each written as its seen cards, ``+``, its unseen cards;
then ``/ talon`` and the talon from the bottom (the indicator) to the top (the
face-up last card)::

    MA MK MO MU M10 M9 + M8 M7 PA / ... / ... / talon P7 Z9 Z8 T7 TA

A seat that sits out (four players: the dealer) has an empty hand, ``-``.
"""

from __future__ import annotations

import collections
import functools
import random
from collections.abc import Sequence

from attrs import frozen

from alsos.errors import NotationError
from alsos.pack.cards import CARDS, Card, CardParseError, format_cards, parse_cards, quote

__all__ = ["Deal", "DealError", "seeded_rng", "shuffled_pack"]


def seeded_rng(seed: int | None) -> random.Random:
    """The random generator of ``seed``, for deals and bots.

    Python's own ``random.Random(-n)`` is ``random.Random(n)``: there a
    negative seed repeats its positive twin.  Here every whole number gives
    its own sequence -- a seed of 0 or more exactly as ``random.Random``
    (so every deal of such a seed is as it always was), a negative one from
    its text (hashed by ``random``'s own string seeding); None, a random one.
    """
    if seed is None or seed >= 0:
        return random.Random(seed)
    return random.Random(f"alsos-seed:{seed}")


#: ``n.bit_length()`` for the bounds 2..32 of a pack's shuffle (index: the bound).
_BITS = tuple(n.bit_length() for n in range(33))


def shuffled_pack(seed: int | None) -> list[int]:
    """The cards 0..31 shuffled by ``seeded_rng(seed).shuffle``: the same order, made
    quicker.

    ``random.shuffle`` draws each swap's place with ``_randbelow``: ``getrandbits``
    of the bound's bit length until below the bound (CPython 3.11 to 3.13).  Here the
    same draws are written out, without a method call per card: a simulation
    deals every hand.  (Tests compare it with ``shuffle`` for many seeds.)
    """
    pack = list(range(32))
    getrandbits = seeded_rng(seed).getrandbits
    bits = _BITS
    for i in range(31, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


class DealError(NotationError):
    """A deal that does not fit the rules: wrong counts, repeated or missing cards."""


@frozen
class Deal:
    """Cards of every seat (``hands[seat]``, seen cards first) and the talon, bottom to top."""

    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    seen: int

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        *,
        players: int,
        dealer: int,
        seen_packets: Sequence[int],
        unseen_packets: Sequence[int],
        talon_between: Sequence[int] = (),
    ) -> Deal:
        """Shuffle and deal: seen packets round the table, the indicator, the unseen packets.

        The deal starts at the seat after the dealer and goes round in play
        order; with four players the dealer deals to the other three only.
        """
        pack = list(range(32))
        rng.shuffle(pack)
        return cls.from_pack(
            pack,
            players=players,
            dealer=dealer,
            seen_packets=seen_packets,
            unseen_packets=unseen_packets,
            talon_between=talon_between,
        )

    @classmethod
    def from_pack(
        cls,
        pack: Sequence[int],
        *,
        players: int,
        dealer: int,
        seen_packets: Sequence[int],
        unseen_packets: Sequence[int],
        talon_between: Sequence[int] = (),
    ) -> Deal:
        """Deal an ordered pack (top card first) as the dealer would."""
        packets, talon_at = layout(
            players, dealer, tuple(seen_packets), tuple(unseen_packets), tuple(talon_between)
        )
        seen: dict[int, list[int]] = {s: [] for s in range(players)}
        unseen: dict[int, list[int]] = {s: [] for s in range(players)}
        for seat, a, b, is_seen in packets:
            (seen if is_seen else unseen)[seat].extend(pack[a:b])
        talon = [pack[i] for i in talon_at]
        return cls(
            hands=tuple(tuple(CARDS[c] for c in seen[s] + unseen[s]) for s in range(players)),
            talon=tuple(CARDS[c] for c in talon),
            seen=sum(seen_packets),
        )

    def check(self, players: int, dealer: int, hand_size: int) -> None:
        """Refuse a deal whose counts do not fit the table or that repeats a card."""
        if len(self.hands) != players:
            raise DealError(f"deal has {len(self.hands)} hands, the table has {players} seats")
        active = active_seats(players, dealer)
        for s in range(players):
            want = hand_size if s in active else 0
            if len(self.hands[s]) != want:
                raise DealError(f"seat {s} has {len(self.hands[s])} cards, expected {want}")
        everything = [c for h in self.hands for c in h] + list(self.talon)
        if len(set(everything)) != 32 or len(everything) != 32:
            counts = collections.Counter(everything)
            dup = sorted(c for c, k in counts.items() if k > 1)
            missing = sorted(set(CARDS) - set(everything))
            raise DealError(
                "a deal must hold each of the 32 cards once"
                + (f"; repeated: {format_cards(dup)}" if dup else "")
                + (f"; missing: {format_cards(missing)}" if missing else "")
            )

    def __str__(self) -> str:
        parts = []
        for h in self.hands:
            if not h:
                parts.append("-")
            else:
                parts.append(f"{format_cards(h[: self.seen])} + {format_cards(h[self.seen :])}")
        parts.append("talon " + format_cards(self.talon))
        return " / ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read the text form described in the module docs.

        :raises DealError: (a :class:`~alsos.errors.NotationError`) naming what could not be read.
        """
        if not isinstance(text, str):
            raise DealError(f"expected the text of a deal, got {type(text).__name__}")
        if len(text) > 1000:
            raise DealError(f"a deal of {len(text)} characters is longer than any deal")
        chunks = [c.strip() for c in text.split("/")]
        if len(chunks) < 3 or not chunks[-1].lower().startswith("talon"):
            raise DealError(
                f"cannot read deal {quote(text)}: write the hands separated by '/', "
                f"then '/ talon' and the talon cards"
            )
        try:
            talon = tuple(parse_cards(chunks[-1][5:]))
            hands: list[tuple[Card, ...]] = []
            seen = None
            for chunk in chunks[:-1]:
                if chunk == "-":
                    hands.append(())
                    continue
                front, plus, back = chunk.partition("+")
                if not plus:
                    raise DealError(f"hand {quote(chunk)} needs '+' between seen and unseen cards")
                f, b = parse_cards(front), parse_cards(back)
                if seen is not None and len(f) != seen:
                    raise DealError(f"hand {quote(chunk)} shows {len(f)} seen cards, others {seen}")
                seen = len(f)
                hands.append(tuple(f + b))
        except CardParseError as e:
            raise DealError(f"cannot read deal: {e}") from None
        return cls(hands=tuple(hands), talon=talon, seen=seen or 0)


@functools.lru_cache(maxsize=64)
def layout(
    players: int,
    dealer: int,
    seen_packets: tuple[int, ...],
    unseen_packets: tuple[int, ...],
    talon_between: tuple[int, ...] = (),
) -> tuple[tuple[tuple[int, int, int, bool], ...], tuple[int, ...]]:
    """Where a dealt pack goes: ((seat, start, end, seen), ...) and the pack
    positions of the talon, bottom (the indicator) first.

    Without ``talon_between`` the indicator is the card just before the
    first unseen packet; with it, ``talon_between[i]`` cards go to the talon
    after the ``i``-th round of packets, the first of them the indicator.
    Everything after the last packet ends the talon.  Used both for seeded
    deals (:mod:`alsos.hand.rules.dealing`) and :meth:`Deal.from_pack`.
    """
    active = active_seats(players, dealer)
    between = talon_between or (0,) * (len(seen_packets) - 1) + (1,)
    out = []
    talon: list[int] = []
    pos = 0
    for i, size in enumerate((*seen_packets, *unseen_packets)):
        seen = i < len(seen_packets)
        for s in active:
            out.append((s, pos, pos + size, seen))
            pos += size
        if i < len(between):
            talon.extend(range(pos, pos + between[i]))
            pos += between[i]
    talon.extend(range(pos, 32))
    return tuple(out), tuple(talon)


def active_seats(players: int, dealer: int) -> list[int]:
    """Seats in play order from the seat after the dealer; four players: dealer out."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    return order[:3] if players > 3 else order
