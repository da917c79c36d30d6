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
            self.order[:], self.keys, self.stage, self.queue[:], self.shown[:], self.winner,
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
