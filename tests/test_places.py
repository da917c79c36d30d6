"""The places sampler (alsos.search.places): its incremental Hall check and its
written-out weighted draw must give exactly the placements of the plain algorithm
(every union checked again, ``rng.choices``), so that a seeded search samples the
same worlds as before."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from alsos.search.places import Places, bits, shuffle


def _plain_dealable(groups: dict[int, int], room: list[int]) -> bool:
    masks = [m for m, k in groups.items() if k]
    unions = {0}
    for m in masks:
        unions |= {u | m for u in unions}
    for u in unions:
        need = sum(k for m, k in groups.items() if k and m & ~u == 0)
        if u and need > sum(room[p] for p in bits(u)):
            return False
    return True


def _plain_fill(
    room_: list[int], allowed: dict[int, int], rng: random.Random
) -> dict[int, int] | None:
    room = room_[:]
    if sum(room) != len(allowed):
        return None
    groups: dict[int, int] = {}
    for m in allowed.values():
        groups[m] = groups.get(m, 0) + 1
    if not _plain_dealable(groups, room):
        return None
    cards = list(allowed)
    rng.shuffle(cards)
    out = {}
    for c in cards:
        m = allowed[c]
        groups[m] -= 1
        options = [p for p in bits(m) if room[p]]
        while options:
            p = rng.choices(options, [room[p] for p in options])[0]
            room[p] -= 1
            if len(groups) == 1 or _plain_dealable(groups, room):
                break
            room[p] += 1
            options.remove(p)
        else:
            return None
        out[c] = p
    return out


@settings(max_examples=300, deadline=None)
@given(
    rooms=st.lists(st.integers(0, 4), min_size=1, max_size=6),
    masks=st.lists(st.integers(1, 63), min_size=0, max_size=24),
    seed=st.integers(0, 2**32),
)
def test_fill_places_the_cards_as_the_plain_algorithm(
    rooms: list[int], masks: list[int], seed: int
) -> None:
    """Random rooms and allowed places (many not dealable, many tight): the same
    placement, or None, from the same generator state, which ends the same too."""
    full = (1 << len(rooms)) - 1
    allowed = {c: (m & full) or 1 for c, m in enumerate(masks)}
    if sum(rooms) != len(allowed):  # mostly a deal that fits: take room where it is spare
        rooms = rooms[:]
        rooms[0] += len(allowed) - sum(rooms)
        if rooms[0] < 0:
            return
    places = Places()
    for i, r in enumerate(rooms):
        places.add(f"p{i}", r)
    new, old = random.Random(seed), random.Random(seed)
    assert places.fill(allowed, new) == _plain_fill(rooms, allowed, old)
    assert new.getstate() == old.getstate()


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 40), seed=st.integers(0, 2**32), subclass=st.booleans())
def test_shuffle_is_the_generators_own(n: int, seed: int, subclass: bool) -> None:
    """``places.shuffle`` (written out for speed) orders a list exactly as
    ``rng.shuffle`` does from the same state, and leaves the generator in the same
    state; a generator of another class shuffles with its own method."""

    class Other(random.Random):
        def random(self) -> float:
            return super().random()

    kind = Other if subclass else random.Random
    new, old = kind(seed), kind(seed)
    ours, theirs = list(range(n)), list(range(n))
    shuffle(ours, new)
    old.shuffle(theirs)
    assert ours == theirs
    assert new.getstate() == old.getstate()
