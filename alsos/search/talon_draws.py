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
from alsos.search.knowledge import Knowledge, LadderEvent
from alsos.search.places import Places, bits, shuffle

__all__ = ["sample_ladder"]

#: Choices of declared melds' cards tried per sample before it is dealt again.
_MELD_TRIES = 20


class _Ladder:
    """What the sampling seat knows of a ladder auction, shared by the steps of
    :func:`sample_ladder`.

    ``draws`` are the draw events in order and ``take`` the declarer's last
    taking (None before it); ``up`` is the face-up card; ``mine`` the seat's own
    cards (held and played); ``in_talon`` its discards still face down in the
    talon; ``passed`` its discards a later drawer took (card -> draw index);
    ``face_up_discard`` the card a declarer who exchanged laid face up.
    """

    def __init__(self, k: Knowledge, events: list[LadderEvent], up: int) -> None:
        self.k = k
        self.events = events
        self.seat = seat = k.view.seat
        self.draws = [e for e in events if e.kind == "draw"]
        self.take = events[-1] if events and events[-1].kind != "draw" else None
        self.talon_seen = [int(c) for c in k.view.talon_seen]
        self.up = up
        self.mine = {int(c) for c in k.view.hand} | set(k.played[seat])
        self.in_talon: set[int] = set()
        self.passed: dict[int, int] = {}
        for i, e in enumerate(self.draws):
            if e.seat == seat:
                for c in e.discards:
                    assert c is not None
                    if i == len(self.draws) - 1:
                        self.in_talon.add(c)
                    else:
                        self.passed[c] = i
        self.face_up_discard: int | None = None

    @property
    def known(self) -> set[int]:
        """The cards whose place the seat knows: its own and the face-up ones."""
        return self.mine | set(self.talon_seen) | self.in_talon


def _knowledge_of(k: Knowledge) -> _Ladder | None:
    """The seat's knowledge of the auction; None where the face-up card (or the one an
    exchange laid down) is not known, which no consistent world can then show."""
    events = k.ladder
    assert events is not None
    talon_seen = [int(c) for c in k.view.talon_seen]
    take = events[-1] if events and events[-1].kind != "draw" else None
    if take is not None:
        if not take.seen:
            return None
        up = take.seen[0]
    elif talon_seen:
        up = talon_seen[0]
    else:
        return None
    lad = _Ladder(k, events, up)
    if take is not None:
        if take.seat == lad.seat:
            lad.in_talon.update(c for c in take.discards if c is not None)
            lad.in_talon -= set(talon_seen)
        elif take.kind == "exchange" and take.discards:
            if not talon_seen:
                return None
            lad.face_up_discard = talon_seen[-1]
    return lad


def sample_ladder(k: Knowledge, rng: random.Random) -> tuple[Deal, list[int]] | None:
    """One deal consistent with ``k`` and the cards of the other seats' hidden discards,
    in the order of the history; None where this sample does not fit.

    The steps follow the module's description: where each card is now
    (:func:`_current_places`, :func:`_place_melds`, ``Places.fill``), the roles of
    the face-down talon cards (:func:`_talon_roles`), then the auction undone
    (:func:`_undo_take`, :func:`_undo_draws`); ``rng`` is drawn from in that order."""
    lad = _knowledge_of(k)
    if lad is None:
        return None
    where = _current_places(lad)
    if where is None:
        return None
    places, hold, pool, base = where
    allowed = _place_melds(lad, places.room, hold, base, rng)
    if allowed is None or any(r < 0 for r in places.room):
        return None
    placed = places.fill(allowed, rng)
    if placed is None:
        return None
    hands: dict[int, set[int]] = {p: set(k.played[p]) for p in hold}
    hands[lad.seat] = set(lad.mine)
    in_pool = []
    for c, p in placed.items():
        if p == pool:
            in_pool.append(c)
        else:
            hands[next(t for t in hold if hold[t] == p)].add(c)
    roles = _talon_roles(lad, in_pool, rng)
    if roles is None:
        return None
    flight_u, siber_u, aside = roles
    hidden_discards: dict[int, list[int]] = {}  # event index -> cards
    aside_dealt = _undo_take(lad, hands, siber_u, aside, hidden_discards, rng)
    if aside_dealt is None:
        return None
    flight = _undo_draws(lad, hands, flight_u, hidden_discards, rng)
    if flight is None or any(len(hands[p]) != k.hand_size for p in k.active):
        return None
    talon = [lad.up, *aside_dealt, *flight] if lad.draws else [lad.up, *aside_dealt]
    out = []
    for p in range(k.rules.players):
        cards = sorted(hands.get(p, ()))
        shuffle(cards, rng)
        out.append(tuple(CARDS[c] for c in cards))
    deal = Deal(hands=tuple(out), talon=tuple(CARDS[c] for c in talon), seen=k.k_seen)
    queue = [c for i in sorted(hidden_discards) for c in hidden_discards[i]]
    return deal, queue


def _current_places(lad: _Ladder) -> tuple[Places, dict[int, int], int, dict[int, int]] | None:
    """Where the cards are now: each other seat's holdings (room: its hand and played
    cards) and the face-down talon cards the seat does not know (the pool), and
    each unknown card's possible places (card -> bit set); None where the counts
    cannot fit.

    A card the seat passed on is with a later drawer or in the pool; the
    face-up card a declarer took is in its holdings (or the pool after a síber);
    voids rule out a seat as everywhere."""
    k, events, seat, take = lad.k, lad.events, lad.seat, lad.take
    places = Places()
    hold = {p: places.add(f"hold{p}", 0) for p in k.active if p != seat}
    for p in hold:
        n_took = sum(e.count for e in events if e.seat == p)
        n_gave = sum(len(e.discards) for e in events if e.seat == p)
        places.room[hold[p]] = k.hand_size + n_took - n_gave
    talon_now = k.talon_size + sum(len(e.discards) for e in events)
    talon_now -= sum(e.count for e in events)
    face_down = len(lad.talon_seen) + len(lad.in_talon - set(lad.talon_seen))
    pool = places.add("pool", talon_now - face_down)
    if places.room[pool] < 0:
        return None
    allowed: dict[int, int] = {}
    room = places.room
    known = lad.known
    for c in range(32):
        if c in known:
            continue
        owner = next((p for p in hold if c in k.played[p]), None)
        if owner is not None:
            room[hold[owner]] -= 1
            continue
        bit = 1 << c
        if c in lad.passed:
            later = {e.seat for e in lad.draws[lad.passed[c] + 1 :] if e.seat != seat}
            where = 1 << pool
            for p in later:
                where |= 1 << hold[p]
        elif c == lad.up and take is not None:
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
    return places, hold, pool, allowed


def _place_melds(
    lad: _Ladder, room: list[int], hold: dict[int, int], base: dict[int, int], rng: random.Random
) -> dict[int, int] | None:
    """``base`` with declared melds' cards kept in their declarers' holdings; None where
    no choice fits.  Two seats' melds may compete for cards, so on a clash the
    choice is made again, up to ``_MELD_TRIES`` times."""
    k = lad.k
    melders = [p for p in hold if k.meld_kinds.get(p)]
    for _ in range(_MELD_TRIES if melders else 1):
        allowed = dict(base)
        shuffle(melders, rng)
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
            return allowed
    return None


def _talon_roles(
    lad: _Ladder, in_pool: list[int], rng: random.Random
) -> tuple[list[int], list[int], list[int]] | None:
    """The unknown face-down talon cards split by role: the last draw's discards in
    flight (``flight``), a síber declarer's discards (``siber``) and the cards set
    aside at the deal (``aside``); None where the counts or the cards do not fit.
    Cards this seat passed on, and the face-up card, cannot have been set aside."""
    take, seat, passed, up = lad.take, lad.seat, lad.passed, lad.up
    m = len(lad.draws)
    last = lad.draws[-1] if lad.draws else None
    n_flight = 0 if last is None or last.seat == seat else len(last.discards)
    n_siber = len(take.discards) if take is not None and take.kind == "siber" else 0
    if take is not None and take.seat == seat:
        n_siber = 0
    n_aside = 0 if m and take is not None and take.kind == "siber" else (2 if m else 4)
    if n_flight + n_siber + n_aside != len(in_pool):
        return None
    shuffle(in_pool, rng)
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
    return flight_u, siber_u, aside


def _undo_take(
    lad: _Ladder,
    hands: dict[int, set[int]],
    siber_u: list[int],
    aside: list[int],
    hidden_discards: dict[int, list[int]],
    rng: random.Random,
) -> list[int] | None:
    """Undo the declarer's taking in ``hands``: its hand before it is its hand with its
    discards and without the taken cards (in a síber the set-aside pair is any two
    of those but the face-up card).  Records another declarer's hidden discards;
    returns the cards set aside at the deal, None where the taking cannot be undone."""
    take, seat, up = lad.take, lad.seat, lad.up
    if take is None:
        return aside
    d = take.seat
    if d == seat:
        gave = [c for c in take.discards if c is not None]
        taken = list(take.seen)
    else:
        if take.kind == "siber":
            gave = siber_u
        elif take.discards:
            if lad.face_up_discard is None:
                return None
            gave = [lad.face_up_discard]
        else:
            gave = []
        hidden_discards[len(lad.events) - 1] = gave
        taken = [up]
        if take.kind == "siber":
            options = sorted(hands[d] | set(gave))
            options = [c for c in options if c != up and c not in lad.passed]
            if len(options) < 2:
                return None
            taken += rng.sample(options, 2)
    union = hands[d] | set(gave)
    if not set(taken) <= union:
        return None
    hands[d] = union - set(taken)
    return taken[1:] if take.kind == "siber" else aside


def _undo_draws(
    lad: _Ladder,
    hands: dict[int, set[int]],
    flight_u: list[int],
    hidden_discards: dict[int, list[int]],
    rng: random.Random,
) -> list[int] | None:
    """Undo the draws in ``hands``, last first: before a draw the drawer held its hand
    and its discards less the two cards it drew (the seat's own draws are known,
    a draw after its discards drew exactly those, and a card it passed on that
    must travel back is kept in the pair).  Records the other drawers' hidden
    discards; returns the pair the first draw took (None where it cannot be undone)."""
    seat, draws, events = lad.seat, lad.draws, lad.events
    last = draws[-1] if draws else None
    flight = [c for c in last.discards if c is not None] if last and last.seat == seat else flight_u
    for i in range(len(draws) - 1, -1, -1):
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
            for c, j in lad.passed.items():
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
        shuffle(flight, rng)
    return flight


def meld_cards(
    k: Knowledge,
    words: list[str],
    free: int,
    rng: random.Random,
    held: int = 0,
    room: int = 32,
) -> int | None:
    """Cards giving a hand each kind of meld in ``words`` (ids, as a declaration names
    them: ``terc`` ... ``okt``, ``vannak``, ``bela``, ``20``), chosen among ``free``
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
        elif word in ("bela", "20"):
            suits = [trump] if word == "bela" else [s for s in range(4) if s != trump]
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
