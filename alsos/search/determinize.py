"""Determinization: a complete hand consistent with what one seat knows.

Search over a hidden-information game samples *worlds*: complete deals that
agree with everything the searching seat has seen, each then searched as if
its cards were open (perfect-information Monte Carlo).  :func:`determinize`
builds one such world from a :class:`~alsos.play.view.View`:

1. **What is fixed.**  The seat's own cards (now, played and discarded), the
   talon cards lying face up, every card played to a trick, the trump 7 and
   the indicator of a trump exchange, the card laid down for a síber.
2. **What is ruled out.**  A seat that did not follow suit holds no card of
   the suit led; one that also did not trump (where the profile obliges it)
   holds no trump; a figure that must be held to be announced puts its cards
   in the announcer's hand.
3. **Sampling.**  The unknown cards are dealt into the remaining places
   (each seat's seen and unseen packets, the hidden talon, another seat's
   síber discards) one card at a time, each place chosen with weight equal
   to its free room among those that keep the rest dealable (Hall's
   condition over the places, checked on the groups of cards with the same
   allowed places).  Every consistent location of a card therefore has a
   positive chance, and without constraints the deal is uniform.
4. **Replay.**  The sampled deal becomes a :class:`~alsos.play.game.Game` and the
   seat's public history is replayed through the one engine, so its rules
   check every action; a hidden action (another seat's síber discard, a bid
   shown only as ``bid trumps``) is filled in consistently.  The sampled
   game's view for the seat must equal the given view.  What the places
   cannot express (a meld declared and validated, a figure that needs its
   cards in the seen packet, which card was the indicator) is checked here,
   and a sample that fails it is dealt again.

The view remembers the talon cards it saw taken (``View.taken``):
the indicator a trump exchange took, the cards a síber took face up (a
reveal's in order) are placed where the seat saw them go.  Where the
auction itself draws talon cards (Altiansz), the deal and the other seats'
hidden discards are sampled together by :mod:`alsos.search.talon_draws`:
where each card is now, then the auction undone backwards; the replay and
the view check are the same.
"""

from __future__ import annotations

import random

import attrs

from alsos.hand.engine import SPEECH_PHASES, Engine, engine_for
from alsos.hand.state import HandState
from alsos.pack.actions import PASS, SIBER, Bid, Discard, Play
from alsos.pack.cards import CARDS, Rank
from alsos.pack.deal import Deal
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.play.view import View, read_field
from alsos.search.knowledge import DeterminizeError, Knowledge
from alsos.search.places import Places, bits, shuffle
from alsos.search.talon_draws import sample_ladder

__all__ = ["DeterminizeError", "Determinizer", "determinize"]


def _meld_cards(k: Knowledge, p: int, free: int, rng: random.Random) -> int | None:
    """The cards of one meld ``p`` declared, chosen among those it could hold.

    ``free`` holds the cards that may be in ``p``'s hand (unknown and not
    excluded, or known to be its own).  None if no choice fits.
    """
    out = 0
    seq = k.sequence.get(p)
    if seq is not None:
        n, top, suits = seq
        assert isinstance(n, int) and isinstance(suits, int)
        tops = [top] if isinstance(top, int) else list(range(0, 9 - n))
        runs = []
        for s in range(4):
            if suits >> s & 1:
                for t in tops:
                    m = ((1 << n) - 1) << (8 * s + t)
                    if t + n <= 8 and m & free == m:
                        runs.append(m)
        if not runs:
            return None
        out |= rng.choice(runs)
    if p in k.vannak:
        rank = k.vannak[p]
        ranks = [rank] if rank is not None else list(range(8))
        fours = [m for m in (0x01010101 << r for r in ranks) if m & free == m]
        if not fours:
            return None
        out |= rng.choice(fours)
    return out


class _Layout:
    """The places of one sample (:class:`Places`) and the cards already fixed in them.

    Shared by the steps of :func:`_place_cards`: each seat's seen and unseen
    packets, the talon's places (or the síber seat's hand, discards and the rest
    of the talon), and ``fixed`` (card -> bit set of the places it may be in,
    in the order the cards were fixed: the sampler's draws depend on it).
    """

    def __init__(self, k: Knowledge) -> None:
        self.places = Places()
        self.fixed: dict[int, int] = {}
        self.seen_at = {p: self.places.add(f"seen{p}", k.k_seen) for p in k.active}
        self.unseen_at = {
            p: self.places.add(f"unseen{p}", k.hand_size - k.k_seen) for p in k.active
        }
        self.siber = k.siber
        self.siber_card: int | None = None
        self.rest_talon = 0

    def bit(self, name: str) -> int:
        """The bit of the place called ``name``."""
        return 1 << self.places.index[name]

    def hand_of(self, p: int) -> int:
        """Both packets of ``p``'s dealt hand."""
        return 1 << self.seen_at[p] | 1 << self.unseen_at[p]

    def cards_place(self, p: int) -> int:
        """Where ``p``'s cards held or played since the exchanges are (not discards)."""
        if p == self.siber:
            return self.bit("siber_hand")
        return self.hand_of(p)


class _Plan:
    """What one view fixes of every sample before its draws: read once per view.

    The layout (:class:`_Layout`) with the known cards fixed, each unknown
    card's allowed places (with the cards a seat must hold kept in its hand
    where no declared meld needs a draw, ``holds_done``), the places' room
    less the cards fixed in one place, the cards fixed in more than one
    place (``spread``, split at random with the unknown ones), and where the
    fixed cards go.  ``lay`` is None where no sample can fit the view.
    """

    __slots__ = ("allowed", "holds_done", "lay", "room", "singles", "spread")

    def __init__(self, k: Knowledge, rng: random.Random | None) -> None:
        self.allowed: dict[int, int] = {}
        self.holds_done = False
        self.room: list[int] = []
        self.spread: list[tuple[int, int]] = []
        self.singles: list[tuple[int, int]] = []
        self.lay: _Layout | None = None
        lay = _Layout(k)
        known = _talon_places(k, lay) if lay.siber is None else _siber_places(k, lay, rng)
        if not known or not _fix_known_cards(k, lay):
            return
        self.lay = lay
        self.allowed = _allowed_places(k, lay)
        if not any(p != k.view.seat and (p in k.sequence or p in k.vannak) for p in k.active):
            self.holds_done = _hold_needed_cards(k, lay, self.allowed, rng)
        room = lay.places.room[:]
        for c, m in lay.fixed.items():
            if m & (m - 1):
                self.spread.append((c, m))
            else:  # one place
                room[m.bit_length() - 1] -= 1
                self.singles.append((c, m.bit_length() - 1))
        self.room = room


def _siber_draws(k: Knowledge) -> bool:
    """Whether a sample draws how many cards a síber took (another seat still discarding)."""
    view, siber = k.view, k.siber
    return (
        siber is not None
        and siber != view.seat
        and k.siber_taking.takes not in ("talon", "seen")
        and view.to_act == siber
        and _just_took(view, siber)
    )


def _just_took(view: View, siber: int) -> bool:
    """Whether the view's last step is ``siber``'s síber or one of its discards."""
    last = view.history[-1] if view.history else None
    return (
        last is not None and last.seat == siber and (last.action == SIBER or last.kind == "discard")
    )


def _place_cards(
    k: Knowledge, rng: random.Random, plan: _Plan | None = None
) -> tuple[Deal, list[int]] | None:
    """One sampled deal satisfying the fixed places and the exclusions, and the
    síber seat's discards in it (empty without a síber), or None.

    ``plan``: the view's :class:`_Plan`, where it draws nothing (else it is
    made here).  With talon draws in the auction: the other seats' hidden
    discards, in the history's order
    (:func:`alsos.search.talon_draws.sample_ladder`).  The steps below draw
    from ``rng`` in a fixed order (a síber's unseen take, the melds, the
    fill, the shuffles), so a seed gives one world."""
    if k.ladder is not None:
        return sample_ladder(k, rng)
    if plan is None:
        plan = _Plan(k, rng)
    lay = plan.lay
    if lay is None:
        return None
    allowed = plan.allowed.copy()
    if not plan.holds_done and not _hold_needed_cards(k, lay, allowed, rng):
        return None
    for v in plan.room:
        if v < 0:
            return None
    for c, m in plan.spread:
        allowed[c] = m
    placed = lay.places.fill(allowed, rng, plan.room)
    if placed is None:
        return None
    for c, place in plan.singles:
        if c not in placed:
            placed[c] = place
    by_place: dict[int, list[int]] = {}
    for c, place in placed.items():
        cards = by_place.get(place)
        if cards is None:
            by_place[place] = [c]
        else:
            cards.append(c)
    for cards in by_place.values():
        shuffle(cards, rng)
    return _deal_from(k, lay, by_place, rng)


def _talon_places(k: Knowledge, lay: _Layout) -> bool:
    """The talon's places without a síber: its bottom, top and hidden middle, with
    the face-up cards (and an exchange's swapped trump) fixed in them."""
    places, fixed = lay.places, lay.fixed
    talon_seen = [int(c) for c in k.view.talon_seen]
    bottom = places.add("talon0", 1)
    top = places.add("talon_top", 1)
    hidden = places.add("talon_hidden", k.talon_size - 2)
    if k.exchanger is not None:
        # The swapped trump (the 7, or the next entitled card) lies at the talon's
        # bottom, face up; the indicator, a trump, went to the exchanger.
        fixed[_swapped(talon_seen, k.view.trump)] = lay.hand_of(k.exchanger)
        if len(talon_seen) >= 2:
            fixed[talon_seen[-1]] = 1 << top
    else:
        if len(talon_seen) >= 1:
            fixed[talon_seen[0]] = 1 << bottom
        if len(talon_seen) >= 2:
            fixed[talon_seen[-1]] = 1 << top
    lay.rest_talon = 1 << hidden
    return True


def _siber_places(k: Knowledge, lay: _Layout, rng: random.Random | None) -> bool:
    """The places after a síber: the síber card face up at the bottom, its seat's
    hand and discards (one pool of the cards it kept and took), the face-up cards
    it took, and the rest of the talon; False where the counts cannot fit.

    Where another seat is still discarding, how many cards it took is not shown
    yet and is drawn from ``rng`` (:func:`_siber_draws`: given then)."""
    view, places, fixed = k.view, lay.places, lay.fixed
    siber = lay.siber
    assert siber is not None
    talon_seen = [int(c) for c in view.talon_seen]
    lay.siber_card = siber_card = talon_seen[0] if talon_seen else None
    if siber_card is None:
        return False
    takes = k.siber_taking.takes
    d = k.discards[siber]
    if takes == "talon":
        taken = k.talon_size
    elif takes == "seen":
        taken = 2
    elif siber == view.seat:  # it knows its hand, discards still owed included
        taken = len(view.hand) + len(k.played[siber]) + d - k.hand_size + 1
    elif view.to_act == siber and _just_took(view, siber):
        # Another seat still discarding: how many it took is not shown yet.
        assert rng is not None
        taken = rng.randint(d + 1, k.talon_size - len(talon_seen) + 1)
    else:  # its discards are made: one fewer than the cards it took
        taken = d + 1
    shown = talon_seen[1:]
    # Discards still owed are in the seat's hand (a view in the middle of them).
    owed = max(0, taken - 1 - d)
    places.add("siber_hand", k.hand_size + owed)
    places.add("siber_discards", d)
    rest = k.talon_size - taken - len(shown)
    if rest < 0:
        return False
    rest_at = places.add("talon_rest", rest)
    fixed[siber_card] = 1 << places.add("siber_card", 1)
    for c in shown:
        fixed[c] = 1 << places.add(f"shown{c}", 1)
    lay.rest_talon = 1 << rest_at
    # The síber seat's own packets hold the cards it kept: filled from the pool below.
    places.room[lay.seen_at[siber]] = 0
    places.room[lay.unseen_at[siber]] = 0
    return True


def _fix_known_cards(k: Knowledge, lay: _Layout) -> bool:
    """Fix the cards the seat knows the place of: its own (held, played, discarded),
    every card played, and a trump exchange's indicator; False where the
    indicator was not seen."""
    seat, fixed = k.view.seat, lay.fixed
    own_now = [int(c) for c in k.view.hand]
    if k.front:
        for c in own_now:
            fixed[c] = 1 << lay.seen_at[seat]
    else:
        for c in own_now + k.played[seat]:
            fixed.setdefault(c, lay.cards_place(seat))
        for c in k.own_discards:
            fixed[c] = lay.bit("siber_discards")
    for p in k.active:
        if p != seat:
            for c in k.played[p]:
                fixed.setdefault(c, lay.cards_place(p))
    if k.exchanger is not None:
        # The indicator lay face up: the seat saw the exchange take it (View.taken).
        indicator = k.taken_up(k.exchanger, first=True)[:1]
        if not indicator:
            return False
        fixed[indicator[0]] = lay.bit("talon0")
    return True


def _allowed_places(k: Knowledge, lay: _Layout) -> dict[int, int]:
    """Each unknown card's possible places (card -> bit set): the hidden talon, and
    every other seat's hand but where a void rules its suit out; a síber seat's
    discards (no trumps where the profile forbids them), and its hand for the
    cards it was seen to take."""
    seat, siber = k.view.seat, lay.siber
    trump = k.view.trump
    allowed: dict[int, int] = {}
    no_trump_discards = not k.siber_taking.discard_trumps and trump >= 0
    for c in range(32):
        if c in lay.fixed:
            continue
        bit = 1 << c
        m = lay.rest_talon
        for p in k.active:
            if p == seat:
                if k.front:
                    m |= 1 << lay.unseen_at[p]
                continue
            if p == siber:
                if not no_trump_discards or c >> 3 != trump:
                    m |= lay.bit("siber_discards")
                if not k.void[p] & bit:
                    m |= lay.bit("siber_hand")
            elif not k.void[p] & bit:
                m |= lay.hand_of(p)
        allowed[c] = m
    if siber is not None and siber != seat:
        pool_places = lay.bit("siber_hand") | lay.bit("siber_discards")
        for c in k.taken_up(siber):
            if c in allowed:
                allowed[c] &= pool_places
    return allowed


def _hold_needed_cards(
    k: Knowledge, lay: _Layout, allowed: dict[int, int], rng: random.Random | None
) -> bool:
    """Keep in each seat's hand the cards it must hold (``Knowledge.held``) and the
    cards of a meld it declared (chosen at random among those it could hold);
    False where a declared meld cannot be made."""
    for p in k.active:
        need = k.held[p]
        if p != k.view.seat and (p in k.sequence or p in k.vannak):
            place = lay.cards_place(p)
            free = 0
            for c in range(32):
                if allowed.get(c, 0) & place or lay.fixed.get(c, 0) & place:
                    free |= 1 << c
            # a card it took from the talon before declaring (the face-up card an
            # exchange gives) is in its hand too, though dealt elsewhere
            for t, cards in k.view.taken:
                if t == p:
                    for c in cards:
                        free |= 1 << int(c)
            assert rng is not None  # a declared meld is drawn for each sample
            meld = _meld_cards(k, p, free, rng)
            if meld is None:
                return False
            need |= meld
        for c in bits(need):
            if c in allowed:
                allowed[c] &= lay.cards_place(p)
    return True


def _deal_from(
    k: Knowledge, lay: _Layout, by_place: dict[int, list[int]], rng: random.Random
) -> tuple[Deal, list[int]] | None:
    """The deal the filled places stand for, and the síber seat's discards; a síber
    seat's pool is split back into its dealt hand and the talon as dealt
    (:func:`_split_siber_pool`), None where it cannot be."""

    def at(name: str) -> list[int]:
        return by_place.get(lay.places.index[name], [])

    siber = lay.siber
    hands: dict[int, list[int]] = {}
    discarded: list[int] = []
    if siber is None:
        talon = at("talon0") + at("talon_hidden") + at("talon_top")
    else:
        assert lay.siber_card is not None
        pool = at("siber_hand") + at("siber_discards")
        split = _split_siber_pool(k, pool, lay.siber_card, at("talon_rest"), rng)
        if split is None:
            return None
        kept, talon = split
        hands[siber] = kept
        discarded = at("siber_discards")
    for p in k.active:
        if p not in hands:
            hands[p] = at(f"seen{p}") + at(f"unseen{p}")
    out = []
    for p in range(k.rules.players):
        out.append(tuple(CARDS[c] for c in hands.get(p, [])))
    deal = Deal(hands=tuple(out), talon=tuple(CARDS[c] for c in talon), seen=k.k_seen)
    return deal, discarded


def _swapped(talon_seen: list[int], trump: int) -> int:
    """The trump an exchange put at the talon's bottom: the first face-up card there."""
    return talon_seen[0] if talon_seen else 8 * trump + Rank.SEVEN


def _split_siber_pool(
    k: Knowledge, pool: list[int], card: int, rest: list[int], rng: random.Random
) -> tuple[list[int], list[int]] | None:
    """The síber seat's dealt hand and the talon as dealt, from its pool after the síber.

    The indicator (bottom) is a trump (the original suit was accepted); the
    top card a trump or an Ace where the profile asks it.  Taken cards other
    than those two lie at the hidden positions the profile's rule takes from.
    """
    ex = k.siber_taking
    trump = k.view.trump
    n_taken = len(pool) - (k.hand_size - 1)
    shown = [int(c) for c in k.view.talon_seen[1:]]

    def good(c: int) -> bool:
        return c >> 3 == trump or c & 7 == Rank.ACE

    # Cards taken from the hidden talon are trumps or Aces, except under "talon"
    # and "seen"; the top card is one where the profile asks it.
    picky = ex.takes in ("reveal", "trumps-and-aces")
    # What the seat saw taken (View.taken): all of it for its own síber; else the
    # cards lying face up -- the bottom, the top where the deal turns it, and
    # every card a reveal turned up, in order.
    known = k.taken_up(k.siber) if k.siber is not None else []
    full = k.siber == k.view.seat
    top_seen = full or k.rules.deal.top_up
    if any(c not in pool for c in known) or n_taken < 2:
        return None
    left = [c for c in pool if c not in known]
    rng.shuffle(left)
    if known:
        bottom = known[0]
    else:
        bottoms = [c for c in left if c >> 3 == trump]
        if not bottoms:
            return None
        bottom = rng.choice(bottoms)
        left.remove(bottom)
    # A síber taking the whole talon takes it in its order, bottom to top; the
    # others take the two seen cards first, then the hidden ones.
    whole = ex.takes == "talon"
    top_known = None
    if top_seen and len(known) > 1:
        top_known = known[-1] if whole and full else known[1]
    middle = known[1:-1] if whole and full else known[2:] if top_seen else known[1:]
    if not (full or ex.takes == "reveal"):
        # Cards taken from the hidden talon unseen: any (trumps or Aces where picky).
        middle_options = [c for c in left if good(c)] if picky else left
        middle = middle + middle_options[: n_taken - 2 - len(middle)]
    if len(middle) != n_taken - 2:
        return None
    left = [c for c in left if c not in middle]
    if top_known is not None:
        top = top_known
    else:
        tops = [c for c in left if not ex.top_needed or good(c)]
        if not tops:
            return None
        top = rng.choice(tops)
        left.remove(top)
    kept = left
    if ex.takes == "reveal":
        hidden = _revealed_layout(list(ex.reveal_from), middle, shown, rest, rng)
    elif whole and full:
        hidden = middle + shown + rest
    else:
        # The taken cards keep their order among the others (they were taken in it).
        others = shown + rest
        rng.shuffle(others)
        if not full:
            rng.shuffle(middle)
        at = set(rng.sample(range(len(middle) + len(others)), len(middle)))
        taken_it, others_it = iter(middle), iter(others)
        n = len(at) + len(others)
        hidden = [next(taken_it) if i in at else next(others_it) for i in range(n)]
    hand = [*kept, card]
    rng.shuffle(hand)
    return hand, [bottom, *hidden, top]


def _revealed_layout(
    ends: list[str], middle: list[int], shown: list[int], rest: list[int], rng: random.Random
) -> list[int]:
    """The hidden talon, bottom to top, before a reveal took ``middle`` (in order) from
    ``ends`` and stopped at the ``shown`` cards; with two ends the split is sampled."""
    j = len(middle) if len(ends) < 2 else rng.randint(0, len(middle))
    runs = dict(zip(ends, (middle[:j], middle[j:]), strict=False))
    low, high = runs.get("bottom", []), runs.get("top", [])
    stop_low = shown[:1] if "bottom" in ends and shown else []
    stop_high = shown[len(stop_low) :] if "top" in ends else []
    mid = shown[len(stop_low) : len(shown) - len(stop_high)]
    return low + stop_low + mid + rest + stop_high + high[::-1]


def _replay(k: Knowledge, deal: Deal, discarded: list[int], rng: random.Random) -> HandState | None:
    """The public history replayed on ``deal``; None where it does not fit.

    The steps go to the engine directly, each checked against the engine's
    legal actions of the position (as :meth:`Game.apply <alsos.Game.apply>`
    checks), without the game's events; what an action revealed must be what
    the view's step notes.  Another seat's hidden step is filled in
    (:func:`_hidden_step`)."""
    view = k.view
    seat = view.seat
    engine = engine_for(k.rules)
    state = engine.new_state(
        seed=None, deal=deal, dealer=k.dealer, declared_before=view.declared_before
    )
    queue = discarded[:]
    for step in view.history:
        p, action = step.seat, step.action
        if state.to_act != p:
            return None
        if action is None:
            if p == seat:
                return None
            hidden = _hidden_step(k, engine, state, step.kind, queue, rng)
            if hidden is None:
                return None
            state = hidden
            continue
        if action.__class__ is Play and state.phase is Phase.PLAY and not state.discards_left:
            # A card: legal where the play rules allow it (what legal_actions lists);
            # a card played carries no note.
            if not engine.legal_mask(state, p) >> action[1] & 1:
                return None
            engine.apply(state, p, action)
            continue
        # Passing is always open in a round of speech (the head of its options).
        if (action is not PASS or state.phase not in SPEECH_PHASES) and action not in (
            engine.legal_actions(state)
        ):
            return None
        index = len(state.history)
        engine.apply(state, p, action)
        if state.notes.get(index) != step.note:
            return None
    if not _gives_view(engine, state, view, UNPINNED):
        return None
    return state


def _gives_view(
    engine: Engine, state: HandState, view: View, fields: tuple[str, ...] | None = None
) -> bool:
    """Whether ``make_view(engine, state, view.seat) == view``, read field by field
    (``fields``, by default every one: :data:`_VIEW_FIELDS`) and stopping at the
    first that differs."""
    seat = view.seat
    for name in _VIEW_FIELDS if fields is None else fields:
        if read_field(engine, state, seat, name) != getattr(view, name):
            return False
    return True


#: The fields of a view, compared one by one to the given view's until one
#: differs: what the seat saw taken from the talon first (where a ladder's
#: sample most often differs), so that a world that fails is let go early.
_VIEW_FIELDS: tuple[str, ...] = (
    "taken",
    *(f.name for f in attrs.fields(View) if f.name != "taken"),
)

#: The fields of the view a replay does not pin, which it compares: the cards
#: the seat saw taken from the talon, its hand, the face-up talon cards, how
#: many cards it has not picked up, and where the hand stands (whose turn, the
#: phase, the legal actions: what the seat may do can tell it what a hidden
#: step was, e.g. a suit that may not be named twice).  A view is what its seat
#: may know -- its own cards, the cards it saw, the public history with what
#: each step revealed (``tests/test_no_leaks.py`` swaps every hidden card and
#: finds the views the same) -- and the replay has already matched the history
#: step by step, action and note; the rest of the view (the contract, items,
#: tricks, ...) follows from those.  Reading them all costs a world about a
#: third of its replay; ``tests/test_determinize_checks.py`` checks that the
#: worlds accepted so have the given view, field by field.
UNPINNED: tuple[str, ...] = (
    "taken", "hand", "talon_seen", "unseen_count", "to_act", "phase", "legal",
)  # fmt: skip


def _hidden_step(
    k: Knowledge,
    engine: Engine,
    state: HandState,
    kind: str,
    queue: list[int],
    rng: random.Random,
) -> HandState | None:
    """Another seat's hidden action filled in: a discard from ``queue`` (the sampled
    discards), or a bid that the history shows as ``bid trumps``; the state after
    it (``state`` itself, or a changed copy), None where nothing fits."""
    p: int = state.to_act  # type: ignore[assignment]
    legal = engine.legal_actions(state)
    if kind == "discard":
        # The queue's next card where it is legal (an auction's discards are
        # in order), else any of them (a síber's discards, in any order).
        discards = [a for a in legal if isinstance(a, Discard) and a.card in queue]
        discard = next((a for a in discards if queue and a.card == queue[0]), None)
        if discard is None and k.ladder is None and discards:
            discard = discards[0]
        if discard is None:
            return None
        queue.remove(int(discard.card))
        engine.apply(state, p, discard)
        return state
    index = len(state.history)
    bids = [a for a in legal if isinstance(a, Bid)]
    rng.shuffle(bids)
    for bid in bids:
        trial = state.copy()
        engine.apply(trial, p, bid)
        if engine.bidding.hides(trial, index):
            return trial
    return None


class Determinizer:
    """Samples worlds from one view: the view is read once, for every world of a search.

    A searcher samples many worlds from the view of one decision: this keeps
    what is read from the view (:class:`~alsos.search.knowledge.Knowledge`)
    and which action each step of its history is, so each world costs only
    its sampling and its replay.  Each search makes its own (a determinizer
    is not shared between threads); :func:`determinize` makes one per call.

    :raises DeterminizeError: (a :class:`~alsos.errors.SearchError`) if the view is not one of a
        hand (read when the determinizer is made).
    """

    __slots__ = ("_plan", "knowledge", "view")

    def __init__(self, view: View) -> None:
        self.view = view
        self.knowledge = k = Knowledge(view)
        #: what every sample shares, where working it out draws nothing
        self._plan = None if k.ladder is not None or _siber_draws(k) else _Plan(k, None)

    def sample(self, rng: random.Random, *, attempts: int = 400) -> Game:
        """A complete game whose view for the seat is the view (as :func:`determinize`)."""
        return Game.from_state(self.knowledge.rules, self.sample_state(rng, attempts=attempts))

    def sample_state(self, rng: random.Random, *, attempts: int = 400) -> HandState:
        """As :meth:`sample`, the world's :class:`~alsos.hand.state.HandState` alone: for a
        search that drives the engine itself (:class:`~alsos.bots.pimc.PIMCBot`), with no
        :class:`~alsos.play.game.Game` made around it."""
        k = self.knowledge
        for _ in range(attempts):
            sample = _place_cards(k, rng, self._plan)
            if sample is None:
                continue
            state = _replay(k, *sample, rng)
            if state is not None:
                return state
        raise DeterminizeError(
            f"no hand consistent with seat {self.view.seat}'s view found in {attempts} samples"
        )


def determinize(view: View, rng: random.Random, *, attempts: int = 400) -> Game:
    """A complete game whose view for ``view.seat`` is ``view`` (module docs: how).

    ``rng`` drives every choice, so a seeded generator gives the same world.
    To sample many worlds of one view, make one :class:`Determinizer` and
    call its :meth:`~Determinizer.sample`: the view is then read once.

    :raises DeterminizeError: (a :class:`~alsos.errors.SearchError`) if no consistent hand was
        found in ``attempts`` samples (the view is not one of a real hand, or
        its constraints are too tight for the sampler).
    """
    return Determinizer(view).sample(rng, attempts=attempts)
