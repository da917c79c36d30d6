"""Worlds for an auction that draws talon cards: the contract ladder (altiansz).

In the ladder auction (:mod:`alsos.hand.rules.ladder`; altiansz, "Bidding and use
of the Talon") each bidder of a talon contract draws two cards unseen -- the
first one two face-down talon cards, each later one the previous drawer's
two discards -- and discards two face down; the declarer may then take the
face-up card (discarding one face up) or, in a síber, the face-up card and
the pair set aside (discarding three face down).  What a seat knows of this
is its own draws and discards (``View.taken``, its own
``discard`` texts), the face-up cards, and how many cards each seat drew
and discarded.

A world is sampled in two steps, both without rejection on their own:

1. **Where every card is now.**  The places are each other seat's holdings
   (hand and played cards: the hand it plays from), and the face-down talon
   cards it does not know.  Voids, played cards and declared melds constrain
   the holdings as in every profile (:mod:`alsos.search.determinize`); a card
   this seat discarded and passed on can only be with a seat that drew after
   it (or face down in the talon as a later discard); the face-up card a
   declarer took is in its holdings or among its síber discards.  The cards
   are dealt by ``Places.fill`` (:mod:`alsos.search.places`).
2. **The auction backwards.**  From the end, each taking is undone: the
   declarer's hand before its taking is its hand with its discards and
   without the taken cards (in a síber the set-aside pair is any two of
   those cards but the face-up one); before a draw, the drawer held its hand
   and its discards less the two cards it drew, which are any two of them
   (the seat's own draws are known, and a draw after this seat's discards
   drew exactly those).  A card this seat discarded that must travel back to
   the draw that took it is kept in the drawn pair.  What is left at the
   start is the deal.

The sampled deal and the discard identities are then replayed through the
engine like every other world, and a sample whose view differs (a meld
declared with more kinds than shown, a pair the backward step could not
place) is dealt again.  Every consistent world has a positive chance: each
step chooses uniformly among choices that include the true one.
"""

from __future__ import annotations

import random

from alsos.pack.cards import CARDS
from alsos.pack.deal import Deal
from alsos.search.knowledge import Knowledge
from alsos.search.places import Places, bits

__all__ = ["sample_ladder"]

#: Choices of declared melds' cards tried per sample before it is dealt again.
_MELD_TRIES = 20


def sample_ladder(k: Knowledge, rng: random.Random) -> tuple[Deal, list[int]] | None:
    """One deal consistent with ``k`` and the cards of the other seats' hidden discards,
    in the order of the history; None where this sample does not fit."""
    events = k.ladder
    assert events is not None
    view = k.view
    seat = view.seat
    draws = [e for e in events if e.kind == "draw"]
    take = events[-1] if events and events[-1].kind != "draw" else None
    talon_seen = [int(c) for c in view.talon_seen]
    if take is not None:
        if not take.seen:
            return None
        up = take.seen[0]
    elif talon_seen:
        up = talon_seen[0]
    else:
        return None
    # -------------------------------------------------- what this seat knows
    mine = {int(c) for c in view.hand} | set(k.played[seat])
    # Its discards still face down in the talon, and those passed on (draw index).
    in_talon: set[int] = set()
    passed: dict[int, int] = {}
    for i, e in enumerate(draws):
        if e.seat == seat:
            for c in e.discards:
                assert c is not None
                if i == len(draws) - 1:
                    in_talon.add(c)
                else:
                    passed[c] = i
    face_up_discard: int | None = None
    if take is not None:
        if take.seat == seat:
            in_talon.update(c for c in take.discards if c is not None)
            in_talon -= set(talon_seen)
        elif take.kind == "exchange" and take.discards:
            if not talon_seen:
                return None
            face_up_discard = talon_seen[-1]
    known = mine | set(talon_seen) | in_talon
    # ------------------------------------------------------------ the places
    places = Places()
    hold = {p: places.add(f"hold{p}", 0) for p in k.active if p != seat}
    for p in hold:
        n_took = sum(e.count for e in events if e.seat == p)
        n_gave = sum(len(e.discards) for e in events if e.seat == p)
        places.room[hold[p]] = k.hand_size + n_took - n_gave
    talon_now = k.talon_size + sum(len(e.discards) for e in events)
    talon_now -= sum(e.count for e in events)
    pool = places.add("pool", talon_now - len(talon_seen) - len(in_talon - set(talon_seen)))
    if places.room[pool] < 0:
        return None
    allowed: dict[int, int] = {}
    room = places.room
    for c in range(32):
        if c in known:
            continue
        owner = next((p for p in hold if c in k.played[p]), None)
        if owner is not None:
            room[hold[owner]] -= 1
            continue
        bit = 1 << c
        if c in passed:
            later = {e.seat for e in draws[passed[c] + 1 :] if e.seat != seat}
            where = 1 << pool
            for p in later:
                where |= 1 << hold[p]
        elif c == up and take is not None:
            where = 1 << hold[take.seat] if take.seat in hold else 0
            if take.kind == "siber":
                where |= 1 << pool
        else:
            where = 1 << pool
            for p in hold:
                where |= 1 << hold[p]
        for p in hold:
            if k.void[p] & bit:
                where &= ~(1 << hold[p])
        allowed[c] = where
    # Declared melds put their cards in the declarer's holdings; two seats' melds
    # may compete for cards, so the choice is made again (a few times) on a clash.
    melders = [p for p in hold if k.meld_kinds.get(p)]
    base = allowed
    for _ in range(_MELD_TRIES if melders else 1):
        allowed = dict(base)
        rng.shuffle(melders)
        for p in melders:
            free = sum(1 << c for c, m in allowed.items() if m >> hold[p] & 1)
            held = sum(1 << c for c in k.played[p])
            # Room left for cards that may only be with p (its played cards have theirs).
            only = sum(1 for m in allowed.values() if m == 1 << hold[p])
            need = meld_cards(k, k.meld_kinds[p], free | held, rng, held, room[hold[p]] - only)
            if need is None:
                break
            for c in bits(need):
                if c in allowed:
                    allowed[c] &= 1 << hold[p]
        else:
            break
    else:
        return None
    if any(r < 0 for r in room):
        return None
    placed = places.fill(allowed, rng)
    if placed is None:
        return None
    hands: dict[int, set[int]] = {p: set(k.played[p]) for p in hold}
    hands[seat] = set(mine)
    in_pool = []
    for c, p in placed.items():
        if p == pool:
            in_pool.append(c)
        else:
            hands[next(t for t in hold if hold[t] == p)].add(c)
    # ---------------------------------------------- the face-down talon's roles
    m = len(draws)
    last = draws[-1] if draws else None
    n_flight = 0 if last is None or last.seat == seat else len(last.discards)
    n_siber = len(take.discards) if take is not None and take.kind == "siber" else 0
    if take is not None and take.seat == seat:
        n_siber = 0
    n_aside = 0 if m and take is not None and take.kind == "siber" else (2 if m else 4)
    if n_flight + n_siber + n_aside != len(in_pool):
        return None
    rng.shuffle(in_pool)
    # Cards passed on by this seat, and the face-up card, cannot be set aside.
    in_pool.sort(key=lambda c: not (c in passed or c == up))
    flight_u: list[int] = []
    siber_u: list[int] = []
    aside: list[int] = []
    for c in in_pool:
        roles = []
        if len(siber_u) < n_siber:
            roles += ["siber"] * (n_siber - len(siber_u))
        if c != up and len(flight_u) < n_flight:
            roles += ["flight"] * (n_flight - len(flight_u))
        if c != up and c not in passed and len(aside) < n_aside:
            roles += ["aside"] * (n_aside - len(aside))
        if not roles:
            return None
        {"siber": siber_u, "flight": flight_u, "aside": aside}[rng.choice(roles)].append(c)
    # --------------------------------------------------- the auction backwards
    hidden_discards: dict[int, list[int]] = {}  # event index -> cards
    if take is not None:
        d = take.seat
        if d == seat:
            gave = [c for c in take.discards if c is not None]
            taken = list(take.seen)
        else:
            if take.kind == "siber":
                gave = siber_u
            elif take.discards:
                if face_up_discard is None:
                    return None
                gave = [face_up_discard]
            else:
                gave = []
            hidden_discards[len(events) - 1] = gave
            taken = [up]
            if take.kind == "siber":
                options = sorted(hands[d] | set(gave))
                options = [c for c in options if c != up and c not in passed]
                if len(options) < 2:
                    return None
                taken += rng.sample(options, 2)
        union = hands[d] | set(gave)
        if not set(taken) <= union:
            return None
        hands[d] = union - set(taken)
        if take.kind == "siber":
            aside = taken[1:]
    flight = [c for c in last.discards if c is not None] if last and last.seat == seat else flight_u
    for i in range(m - 1, -1, -1):
        e = draws[i]
        a = e.seat
        if a != seat:
            hidden_discards[events.index(e)] = flight[:]
        union = hands[a] | set(flight)
        if a == seat:
            drawn = list(e.seen)
        elif i and draws[i - 1].seat == seat:
            drawn = [c for c in draws[i - 1].discards if c is not None]
        else:
            forced = []
            for c, j in passed.items():
                # c must be in the pair drawn at j + 1 < i; a drawer that does not
                # draw again before then must pass it back now.
                if j + 1 < i and c in union and all(x.seat != a for x in draws[j + 1 : i]):
                    forced.append(c)
            if len(forced) > 2:
                return None
            rest = sorted(union - set(forced))
            drawn = forced + rng.sample(rest, 2 - len(forced))
        if len(drawn) != 2 or not set(drawn) <= union:
            return None
        hands[a] = union - set(drawn)
        flight = drawn
        rng.shuffle(flight)
    if any(len(hands[p]) != k.hand_size for p in k.active):
        return None
    talon = [up, *aside, *flight] if m else [up, *aside]
    out = []
    for p in range(k.rules.players):
        cards = sorted(hands.get(p, ()))
        rng.shuffle(cards)
        out.append(tuple(CARDS[c] for c in cards))
    deal = Deal(hands=tuple(out), talon=tuple(CARDS[c] for c in talon), seen=k.k_seen)
    queue = [c for i in sorted(hidden_discards) for c in hidden_discards[i]]
    return deal, queue


def meld_cards(
    k: Knowledge,
    words: list[str],
    free: int,
    rng: random.Random,
    held: int = 0,
    room: int = 32,
) -> int | None:
    """Cards giving a hand each kind of meld in ``words`` (as the engine shows them:
    ``terc`` ... ``okt``, ``vannak``, ``béla``, ``a 20``), chosen among ``free``
    with at most ``room`` cards beyond those ``held`` already; None if some kind
    cannot be made (altiansz, "Melds").

    The kinds come suit by suit (:func:`alsos.hand.melds.every_meld`): a suit's
    sequences, then its béla or 20, then the next suit's; vannaks last.  So
    each word's suit is at or after the previous word's, and after a béla or
    20, past it.
    """
    rules = k.rules
    trump = k.view.trump
    trick = rules.melds.sequence_order == "trick"
    lengths = {"terc": 3, "kvart": 4, "kvint": 5, "szext": 6, "szept": 7, "okt": 8}
    out = 0
    cur = 0  # the lowest suit the next word may be in
    runs: list[tuple[int, int, int]] = []  # (suit, first index in its order, length)
    for word in words:
        options: list[tuple[int, int, tuple[int, int, int] | None]] = []
        if word in lengths:
            n = lengths[word]
            for s in range(cur, 4):
                order = (
                    (rules.cards.trump_order if s == trump else rules.cards.plain_order).ranks
                    if trick
                    else tuple(range(8))
                )
                for i in range(len(order) - n + 1):
                    # Two sequences of one suit are apart: touching, they would be one.
                    if all(t != s or i > j + m or i + n < j for t, j, m in runs):
                        m = sum(1 << (8 * s + r) for r in order[i : i + n])
                        options.append((m, s, (s, i, n)))
        elif word == "vannak":
            options = [(0x01010101 << r, cur, None) for r in rules.melds.vannak_ranks_for(trump)]
        elif word in ("béla", "a 20"):
            suits = [trump] if word == "béla" else [s for s in range(4) if s != trump]
            options = [(0b110 << (8 * s), s + 1, None) for s in suits if s >= max(cur, 0)]
        options = [
            o for o in options if o[0] & free == o[0] and (o[0] & ~(out | held)).bit_count() <= room
        ]
        if not options:
            return None
        m, cur, run = rng.choice(options)
        room -= (m & ~(out | held)).bit_count()
        out |= m
        if run is not None:
            runs.append(run)
    return out
