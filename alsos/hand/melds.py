"""Melds in a hand: sequences, vannak and béla, and how declarations compete.

A sequence is three or more cards of one suit that are neighbours in the
ranking A, K, O, U, 10, 9, 8, 7.  Because ranks are numbered in that order, a
run is a run of adjacent bits in the suit's byte, so the maximal runs of every
byte are computed once.  Runs in one hand may not touch or overlap, which
means the sequences of a hand are exactly its maximal runs of three or more
(pagat, "Melds" / "Sequences").

:class:`MeldContest` runs the validation after the first trick: candidates
answer in declaration order, revealing one detail at a time or conceding with
``kicsi`` (pagat, "Validation of Meld").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import define, field

__all__ = [
    "MeldContest",
    "Run",
    "best_sequence",
    "every_meld",
    "longest_sequence",
    "scoring_sequences",
    "sequences",
    "vannak_ranks_held",
]

#: A maximal run: (length, top rank index in sequence order, suit).
Run = tuple[int, int, int]


def _runs_of_byte(b: int) -> tuple[tuple[int, int], ...]:
    runs = []
    i = 0
    while i < 8:
        if b >> i & 1:
            j = i
            while j < 8 and b >> j & 1:
                j += 1
            if j - i >= 3:
                runs.append((j - i, i))
            i = j
        else:
            i += 1
    return tuple(runs)


_BYTE_RUNS = tuple(_runs_of_byte(b) for b in range(256))
_LONGEST = tuple(max((n for n, _ in r), default=0) for r in _BYTE_RUNS)


def sequences(hand: int) -> list[Run]:
    """Every sequence in ``hand`` as (length, top rank, suit)."""
    out = []
    for s in range(4):
        for n, top in _BYTE_RUNS[(hand >> (8 * s)) & 0xFF]:
            out.append((n, top, s))
    return out


def longest_sequence(hand: int) -> int:
    """Length of the longest sequence in ``hand`` (0 if none)."""
    return max(_LONGEST[(hand >> (8 * s)) & 0xFF] for s in range(4))


def best_sequence(hand: int, trump: int, tiebreak: str = "trump") -> tuple[int, int, int]:
    """The strongest sequence as a comparable key (length, height, tie-break).

    Height is ``7 - top rank`` so that a higher top card gives a larger key.
    The tie-break is 1 for a trump sequence and 0 otherwise (``trump``), or
    the suit's rank, acorns highest (``suit``).
    """
    best = (0, -1, -1)
    for n, top, s in sequences(hand):
        key = (n, 7 - top, int(s == trump) if tiebreak == "trump" else 3 - s)
        if key > best:
            best = key
    return best


def scoring_sequences(hand: int, one_per_length: bool) -> list[Run]:
    """The sequences a meld winner scores: all, or the best one of each length."""
    runs = sorted(sequences(hand), key=lambda r: (r[0], -r[1], -r[2]), reverse=True)
    if not one_per_length:
        return runs
    seen: set[int] = set()
    out = []
    for run in runs:
        if run[0] not in seen:
            seen.add(run[0])
            out.append(run)
    return out


_RANK_MASKS = tuple(0x01010101 << r for r in range(8))


def vannak_ranks_held(hand: int, allowed: Sequence[int]) -> list[int]:
    """Ranks of which ``hand`` holds all four cards, among ``allowed`` ranks."""
    return [r for r in allowed if hand & _RANK_MASKS[r] == _RANK_MASKS[r]]


def _runs_in_order(byte: int, ranks: Sequence[int]) -> list[int]:
    """Lengths of the maximal runs of the ranks held in ``byte``, neighbours in ``ranks``."""
    out = []
    n = 0
    for r in ranks:
        if byte >> r & 1:
            n += 1
        elif n:
            out.append(n)
            n = 0
    if n:
        out.append(n)
    return out


def every_meld(
    hand: int,
    trump: int,
    *,
    trump_ranks: Sequence[int],
    plain_ranks: Sequence[int],
    sequence_values: Mapping[int, int],
    vannak: int,
    vannak_ranks: Sequence[int],
    bela: int,
    twenty: int,
) -> list[tuple[str, int]]:
    """Every meld of ``hand`` with its value, when each seat scores all its melds
    (altiansz, "Melds").

    Sequences run in the trick order of their suit (``trump_ranks`` for the
    trump suit ``trump``, ``plain_ranks`` otherwise, strongest first); each
    maximal run of three or more is one sequence at its full length.  A card
    may serve a sequence, a vannak and a 20 or béla at once.  Returns
    (name, value) pairs: ``terc`` ... ``okt``, ``vannak``, ``bela``, ``20``.
    """
    out: list[tuple[str, int]] = []
    lengths = sorted(sequence_values)
    for suit in range(4):
        byte = (hand >> (8 * suit)) & 0xFF
        order = trump_ranks if suit == trump else plain_ranks
        for n in _runs_in_order(byte, order):
            valued = [k for k in lengths if k <= n]
            if n >= 3 and valued:
                out.append((_SEQUENCE_NAMES[min(n, 8)], sequence_values[valued[-1]]))
        if byte & 0b110 == 0b110:  # the K and the O
            if suit == trump and bela:
                out.append(("bela", bela))
            elif suit != trump and twenty:
                out.append(("20", twenty))
    out.extend(("vannak", vannak) for _ in vannak_ranks_held(hand, vannak_ranks))
    return out


_SEQUENCE_NAMES = {3: "terc", 4: "kvart", 5: "kvint", 6: "szext", 7: "szept", 8: "okt"}


@define
class MeldContest:
    """The validation of one kind of meld between the seats that declared it.

    ``keys`` maps each candidate to a tuple ordering its best meld; the
    components are revealed one stage at a time, and ``stage`` components are
    public from the declaration itself (1 for a sequence: its length; 0 for a
    vannak).  While several candidates tie on what is public, each of them in
    declaration order either shows the next component or concedes with
    ``kicsi``.  A candidate alone on top wins; an exact tie on every component
    means nobody scores.
    """

    order: list[int]
    keys: dict[int, tuple[int, ...]]
    stage: int
    queue: list[int] = field(factory=list)
    shown: list[int] = field(factory=list)
    winner: int | None = None
    done: bool = False

    @classmethod
    def start(
        cls, order: list[int], keys: Mapping[int, tuple[int, ...]], public: int
    ) -> MeldContest:
        contest = cls(order=list(order), keys=dict(keys), stage=public)
        contest._settle()
        return contest

    def copy(self) -> MeldContest:
        """An independent copy (``keys`` is never changed, so it is shared)."""
        return MeldContest(
            self.order[:],
            self.keys,
            self.stage,
            self.queue[:],
            self.shown[:],
            self.winner,
            self.done,
        )

    def key(self) -> tuple[object, ...]:
        """The contest as a hashable snapshot (for position keys)."""
        keys = tuple(sorted(self.keys.items()))
        return (tuple(self.order), keys, self.stage, tuple(self.queue), tuple(self.shown),
                self.winner, self.done)  # fmt: skip

    @property
    def to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    def _settle(self) -> None:
        """Decide what the public components decide, else ask the tied leaders."""
        if not self.order:
            self.done = True
            return
        best = max(self.keys[s][: self.stage] for s in self.order)
        group = [s for s in self.order if self.keys[s][: self.stage] == best]
        if len(group) == 1:
            self.winner, self.done = group[0], True
        elif self.stage >= len(self.keys[group[0]]):
            self.done = True  # equal in every respect: nobody scores
        else:
            self.queue, self.shown = group, []

    def answer(self, seat: int, show: bool) -> None:
        """Record ``seat``'s answer: show the next component, or concede."""
        self.queue.pop(0)
        if show:
            self.shown.append(seat)
        else:
            self.order.remove(seat)
        if len(self.order) == 1:
            self.queue = []
            self.winner, self.done = self.order[0], True
            return
        if not self.queue:
            if self.shown:
                self.stage += 1
            self._settle()
