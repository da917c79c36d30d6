"""The hand state: every fact of one hand that changes, as plain data.

A :class:`HandState` is to a hand what a position is to chess: the cards
(32-bit sets, one bit per card), whose turn it is, what was said, the items
and their kontra chains, the tricks.  It holds no rules and no behaviour
beyond a few card operations: the immutable :class:`~alsos.ruleset.profile.Ruleset`
says what is legal, the engine (:mod:`alsos.hand.engine`) and the rule modules
change the state, and :class:`~alsos.play.game.Game` puts the two together.

Because the state is plain data it copies in a few microseconds
(:meth:`HandState.copy`): search copies a hand thousands of times a second.
Values that never change once made (the deal, tuples, frozen records) are
shared between copies; lists, sets and dicts are copied; caches are dropped.

Each rule module family with per-hand memory keeps it in a slot of its own
(``bidding``, ``exchange``, ``calling``) as a :class:`ModuleState`, so a copy
carries it along and no module needs to know about copying.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from alsos.hand.module_state import ModuleState, frozen
from alsos.pack.cards import CARDS, Card
from alsos.pack.phases import Contract, Phase

if TYPE_CHECKING:
    from alsos.hand.events import Note
    from alsos.hand.items import Item
    from alsos.hand.melds import MeldContest
    from alsos.hand.settlement import Settlement
    from alsos.pack.actions import Action, Announce, Kontra
    from alsos.pack.deal import Deal

__all__ = ["FIELDS", "HandState", "ModuleState", "frozen"]


# generated: fields (by alsos/hand/state_fields.py from DECLARATION: edit there)
#: The fields of a :class:`HandState` (its ``__slots__``, which a class of the
#: compiled build does not show), grouped by topic.  Each is declared once, in
#: ``alsos/hand/state_fields.py`` (what it holds, how a copy carries it, how the key
#: takes it or why it leaves it out), which writes the generated parts of this file.
#:
#: :meta hide-value:
FIELDS = (  # grouped by topic
    # the table and the deal (never changed during the hand: shared by copies)
    "players",  # seats at the table
    "dealer",  # the dealing seat
    "active",  # seats in play, in play order from the seat after the dealer
    "after",  # after[seat]: the next seat in play order
    "seed",  # the shuffle's seed, or None
    "deal",  # the Deal, or None until built from ``pack``
    "pack",  # the shuffled pack (shuffled hands only), or None
    "indicator",  # the card turned up between the seen and unseen packets
    "original",  # its suit: the original suit offered in bidding round 1
    # cards
    "hands",  # hands[seat]: cards held (before the pick-up: the seen ones)
    "unseen",  # unseen[seat]: cards dealt face down, not yet picked up
    "talon",  # talon cards, bottom (indicator) to top; discards are appended
    "talon_up",  # talon cards lying face up (a set of cards)
    "discarded",  # cards put away face down after a síber
    "discards_left",  # cards the síber player still owes to the talon
    "siber_card",  # the trump laid down for a síber, or None
    "siber_taken",  # how many talon cards the síber took
    "takes",  # each taking from the talon: (seat, cards, the face-up ones as a set)
    "exchanged",  # the seat that swapped the trump 7 for the indicator, or None
    "declared_before",  # per seat: contracts declared earlier in the session (or None)
    # where the hand stands
    "phase",  # the Phase
    "is_over",  # phase is OVER (a plain attribute: loops read it every step)
    "to_act",  # the seat whose turn it is, None when over
    "history",  # every (seat, action), in order
    "notes",  # history index -> what that action revealed (an events.Note)
    "legal",  # the legal actions now, once computed (a shared tuple), or None
    # the contract
    "declarer",  # the declaring seat, or None (no contract, Klopitzky)
    "contract",  # the Contract, or None until the auction settles it
    "accepted_original",  # the original suit was accepted in round 1
    "trump",  # the trump suit as an int, -1 without trumps
    "key",  # trick strengths for the contract (shared table, tables.trick_keys)
    # items, figures and kontras
    "items",  # Items: the game first, then each announced figure (see own_items)
    "items_shared",  # ``items`` is shared with a copy: copy before changing one
    "kontra_at",  # each open kontra step -> index of its item
    "kontra_options",  # per side: item index -> the next kontra step open to that side
    "no_figures",  # the contract allows no figures (Betli, Klopitzky)
    "announced",  # seat -> figure ids it announced
    "announcements",  # figures announced so far (invalidates cached options)
    "hold_back",  # seat -> [(card bit, trick index, must play)] kept back for figures
    "figure_candidates",  # front? -> figures open in this contract (cache, shared)
    "figure_cache",  # seat -> (hand, count, options) (cache, dropped on copy)
    # rounds of speech
    "front",  # the round is before the pick-up
    "passes",  # passes in a row
    "spoken",  # seats that ended a turn in this round (a set of seats)
    "turn_spoke",  # the seat to act said something in this turn
    "turn_acted",  # ... or did anything (an exchange, a meld)
    "turn_stage",  # the latest kind said this turn: 1 kassza, 2 figure, 3 meld, 4 kontra
    "ladder_round",  # seats that announced a ladder figure in this round
    "turn_counter",  # speech turns ended so far in the hand
    "last_turn",  # seat -> the turn counter at its last ended turn
    "speech_in_first_trick",  # the first trick carries speech
    "back_in_first_trick",  # the back round runs alongside the first trick
    # melds
    "declared",  # (seat, length) per declaration; 0 is vannak
    "meld_hands",  # seat -> its hand when it played to the first trick
    "contests",  # meld contests still open: (kind, MeldContest)
    "meld_winner",  # "sequence"/"vannak" -> the winning seat or None
    "meld_cache",  # seat -> (hand, declared, options) (cache, dropped on copy)
    # play
    "trick_no",  # completed tricks
    "trick",  # the trick being played: [(seat, card)]
    "leader",  # the seat that led (or leads) the current trick
    "won",  # won[seat]: the cards in its tricks
    "tricks_won",  # tricks_won[seat]
    "trick_winners",  # the winner of each completed trick
    "tricks",  # each completed trick: ((seat, card), ...)
    # calling and the end
    "call_used",  # a call was made in this hand
    "caller",  # the seat that called, or None
    "conceded",  # the hand ended by a conceded call
    "settlement",  # the Settlement once over and asked for (Engine.settlement_of), or None
    # rule modules' own memory (ModuleState or None)
    "bidding",
    "exchange",
    "calling",
)
# end of fields


def _next_seats(players: int, active: tuple[int, ...]) -> tuple[int, ...]:
    """``after``: for each seat in play, the next one in play order (0 for the others)."""
    after = [0] * players
    for i, s in enumerate(active):
        after[s] = active[(i + 1) % len(active)]
    return tuple(after)


class HandState:
    """Every mutable fact of one hand (read the attribute comments for each).

    Rule modules may read any attribute; what they may change is listed in
    :class:`alsos.hand.protocol.Referee`.  Seats are ints, cards are ints 0..31
    (``8 * suit + rank``) and sets of cards are 32-bit ints.
    """

    __slots__ = FIELDS

    # generated: annotations (by alsos/hand/state_fields.py from DECLARATION: edit there)
    players: int
    dealer: int
    active: tuple[int, ...]
    after: tuple[int, ...]
    seed: int | None
    deal: Deal | None
    pack: tuple[int, ...] | None
    indicator: int
    original: int
    hands: list[int]
    unseen: list[int]
    talon: list[int]
    talon_up: int
    discarded: int
    discards_left: int
    siber_card: int | None
    siber_taken: int
    takes: tuple[tuple[int, tuple[int, ...], int], ...]
    exchanged: int | None
    declared_before: tuple[int, ...] | None
    phase: Phase
    is_over: bool
    to_act: int | None
    history: list[tuple[int, Action]]
    notes: dict[int, Note]
    legal: tuple[Action, ...] | None
    declarer: int | None
    contract: Contract | None
    accepted_original: bool
    trump: int
    key: tuple[int, ...]
    items: list[Item]
    items_shared: bool
    kontra_at: dict[Kontra, int]
    kontra_options: tuple[dict[int, Kontra], dict[int, Kontra]]
    no_figures: bool
    announced: dict[int, set[str]]
    announcements: int
    hold_back: dict[int, list[tuple[int, int, bool]]]
    figure_candidates: dict[bool, list[Any]]
    figure_cache: dict[int, tuple[int, int, tuple[Announce, ...]]]
    front: bool
    passes: int
    spoken: int
    turn_spoke: bool
    turn_acted: bool
    turn_stage: int
    ladder_round: int
    turn_counter: int
    last_turn: dict[int, int]
    speech_in_first_trick: bool
    back_in_first_trick: bool
    declared: list[tuple[int, int]]
    meld_hands: dict[int, int]
    contests: list[tuple[str, MeldContest]]
    meld_winner: dict[str, int | None]
    meld_cache: dict[int, tuple[int, int, tuple[Action, ...]]]
    trick_no: int
    trick: list[tuple[int, int]]
    leader: int
    won: list[int]
    tricks_won: list[int]
    trick_winners: list[int]
    tricks: list[tuple[tuple[int, int], ...]]
    call_used: bool
    caller: int | None
    conceded: bool
    settlement: Settlement | None
    bidding: ModuleState | None
    exchange: ModuleState | None
    calling: ModuleState | None
    # end of annotations

    def __init__(
        self,
        *,
        players: int,
        dealer: int,
        active: tuple[int, ...],
        hands: list[int],
        unseen: list[int],
        talon: list[int],
        seed: int | None = None,
        deal: Deal | None = None,
        pack: tuple[int, ...] | None = None,
    ) -> None:
        """A hand as dealt: bidding is about to begin with the first active seat."""
        # generated: init (by alsos/hand/state_fields.py from DECLARATION: edit there)
        self.players = players
        self.dealer = dealer
        self.active = active
        self.after = _next_seats(players, active)
        self.seed = seed
        self.deal = deal
        self.pack = pack
        self.indicator = talon[0]
        self.original = talon[0] >> 3
        self.hands = hands
        self.unseen = unseen
        self.talon = talon
        self.talon_up = (1 << talon[0]) | (1 << talon[-1])
        self.discarded = 0
        self.discards_left = 0
        self.siber_card = None
        self.siber_taken = 0
        self.takes = ()
        self.exchanged = None
        self.declared_before = None
        self.is_over = False
        self.history = []
        self.notes = {}
        self.legal = None
        self.declarer = None
        self.contract = None
        self.accepted_original = False
        self.trump = -1
        self.key = ()
        self.items = []
        self.items_shared = False
        self.kontra_at = {}
        self.kontra_options = ({}, {})
        self.no_figures = True
        self.announced = {s: set() for s in active}
        self.announcements = 0
        self.hold_back = {}
        self.figure_candidates = {}
        self.turn_counter = 0
        self.speech_in_first_trick = False
        self.back_in_first_trick = True
        self.declared = []
        self.meld_hands = {}
        self.contests = []
        self.meld_winner = {}
        self.meld_cache = {}
        self.trick_no = 0
        self.trick = []
        self.leader = active[0]
        self.won = [0] * players
        self.tricks_won = [0] * players
        self.trick_winners = []
        self.tricks = []
        self.call_used = False
        self.caller = None
        self.conceded = False
        self.settlement = None
        self.bidding = None
        self.exchange = None
        self.calling = None
        # end of init
        # phase, to_act, front and the other fields of a round:
        self.begin_round(Phase.BIDDING, active[0], front=True)

    def __new__(cls, *args: Any, **kwargs: Any) -> HandState:
        """A blank state: ``copy`` and unpickling fill in every slot.

        Written out for the compiled build, whose classes otherwise run
        ``__init__`` (with its required arguments) on every ``__new__``.
        """
        return object.__new__(cls)

    def copy(self) -> HandState:
        """An independent copy in the same position.

        Written out field by field (like python-chess's ``Board.copy``): a
        loop over the slots costs several times more, and search calls this
        in its inner loop.  Immutable values are shared; caches are dropped.
        The body is generated from each field's declared way of copying
        (``alsos/hand/state_fields.py``).
        """
        # generated: copy (by alsos/hand/state_fields.py from DECLARATION: edit there)
        new = HandState.__new__(HandState)
        new.players = self.players
        new.dealer = self.dealer
        new.active = self.active
        new.after = self.after
        new.seed = self.seed
        new.deal = self.deal
        new.pack = self.pack
        new.indicator = self.indicator
        new.original = self.original
        new.hands = self.hands[:]
        new.unseen = self.unseen[:]
        new.talon = self.talon[:]
        new.talon_up = self.talon_up
        new.discarded = self.discarded
        new.discards_left = self.discards_left
        new.siber_card = self.siber_card
        new.siber_taken = self.siber_taken
        new.takes = self.takes  # a tuple, replaced (never changed) on each taking
        new.exchanged = self.exchanged
        new.declared_before = self.declared_before
        new.phase = self.phase
        new.is_over = self.is_over
        new.to_act = self.to_act
        new.history = self.history[:]
        new.notes = self.notes.copy()
        new.legal = self.legal
        new.declarer = self.declarer
        new.contract = self.contract
        new.accepted_original = self.accepted_original
        new.trump = self.trump
        new.key = self.key
        # Items are shared until either side changes one (see own_items): a
        # search copies far more often than it says kontra.
        new.items = self.items
        new.items_shared = self.items_shared = True
        new.kontra_at = self.kontra_at.copy()
        a, b = self.kontra_options
        new.kontra_options = (a.copy(), b.copy())
        new.no_figures = self.no_figures
        new.announced = {s: f.copy() for s, f in self.announced.items()}
        new.announcements = self.announcements
        hold_back = self.hold_back
        new.hold_back = {s: h[:] for s, h in hold_back.items()} if hold_back else {}
        new.figure_candidates = self.figure_candidates  # built once per contract, never changed
        new.figure_cache = {}
        new.front = self.front
        new.passes = self.passes
        new.spoken = self.spoken
        new.turn_spoke = self.turn_spoke
        new.turn_acted = self.turn_acted
        new.turn_stage = self.turn_stage
        new.ladder_round = self.ladder_round
        new.turn_counter = self.turn_counter
        new.last_turn = self.last_turn.copy()
        new.speech_in_first_trick = self.speech_in_first_trick
        new.back_in_first_trick = self.back_in_first_trick
        new.declared = self.declared[:]
        new.meld_hands = self.meld_hands.copy()
        contests = self.contests
        new.contests = [(kind, c.copy()) for kind, c in contests] if contests else []
        new.meld_winner = self.meld_winner.copy()
        new.meld_cache = {}
        new.trick_no = self.trick_no
        new.trick = self.trick[:]
        new.leader = self.leader
        new.won = self.won[:]
        new.tricks_won = self.tricks_won[:]
        new.trick_winners = self.trick_winners[:]
        new.tricks = self.tricks[:]
        new.call_used = self.call_used
        new.caller = self.caller
        new.conceded = self.conceded
        new.settlement = self.settlement  # frozen once made
        new.bidding = None if self.bidding is None else self.bidding.copy()
        new.exchange = None if self.exchange is None else self.exchange.copy()
        new.calling = None if self.calling is None else self.calling.copy()
        return new
        # end of copy

    def __copy__(self) -> HandState:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        return self.copy()

    def key_fields(self) -> tuple[Any, ...]:
        """Everything that decides the position's future, history and caches left out.

        A hashable snapshot of plain values (it does not change as play goes
        on): two states with equal keys play on identically, so it is the key
        for transposition tables and the base of equality.  Each field left
        out says why in a comment (from ``alsos/hand/state_fields.py``).
        """
        # generated: key_fields (by alsos/hand/state_fields.py from DECLARATION: edit there)
        return (
            self.players,
            self.dealer,
            # active: left out: fixed for the hand by the table and the dealer
            # after: left out: follows from active
            # seed: left out: how the cards came; where they are is in hands, unseen and talon
            # deal: left out: the cards as dealt: where they are now is in hands, unseen and talon
            # pack: left out: the cards as dealt: where they are now is in hands, unseen and talon
            # indicator: left out: fixed by the deal: the same in every position of the hand
            # original: left out: follows from indicator
            tuple(self.hands),
            tuple(self.unseen),
            tuple(self.talon),
            self.talon_up,
            self.discarded,
            self.discards_left,
            self.siber_card,
            # siber_taken: left out: the síber's taking is in takes
            self.takes,  # who drew which cards: the same cards may be drawn otherwise
            self.exchanged,
            self.declared_before,
            self.phase,
            # is_over: left out: follows from phase
            self.to_act,
            # history: left out: the way here, not the position (__eq__ compares it besides the key)
            # notes: left out: data about the history, which the key leaves out
            # legal: left out: a cache, rebuilt from the rest
            self.declarer,
            None
            if self.contract is None
            else (self.contract.kind, self.contract.trump, self.contract.name),
            self.accepted_original,
            # trump: left out: follows from contract
            # key: left out: follows from contract
            tuple(item.key() for item in self.items),
            # items_shared: left out: copy bookkeeping, not part of the position
            # kontra_at: left out: the open steps and their items are in kontra_options
            frozen(self.kontra_options),
            # no_figures: left out: follows from contract
            frozen(self.announced),
            # announcements: left out: a count for the caches; what was said is in announced
            frozen(self.hold_back),
            # figure_candidates: left out: a cache, rebuilt from the rest
            # figure_cache: left out: a cache, rebuilt from the rest
            self.front,
            self.passes,
            self.spoken,
            self.turn_spoke,
            self.turn_acted,
            self.turn_stage,
            self.ladder_round,
            self.turn_counter,
            frozen(self.last_turn),
            # speech_in_first_trick: left out: follows from contract
            # back_in_first_trick: left out: follows from the ruleset, the same for every position
            tuple(self.declared),
            frozen(self.meld_hands),
            tuple((kind, c.key()) for kind, c in self.contests),
            frozen(self.meld_winner),
            # meld_cache: left out: a cache, rebuilt from the rest
            self.trick_no,
            tuple(self.trick),
            # leader: left out: the first seat of trick, or to_act before anyone has played to it
            tuple(self.won),
            # tricks_won: left out: counts trick_winners
            tuple(self.trick_winners),
            tuple(self.tricks),
            self.call_used,
            # caller: left out: read by no rule: what the call decides is in calling
            self.conceded,
            # settlement: left out: worked out from the rest once the hand is over
            None if self.bidding is None else self.bidding.key(),
            None if self.exchange is None else self.exchange.key(),
            None if self.calling is None else self.calling.key(),
        )
        # end of key_fields

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self.key_fields() == other.key_fields() and self.history == other.history

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<HandState phase={self.phase} to_act={self.to_act} "
            f"ply={len(self.history)} trick={self.trick_no}>"
        )

    def begin_round(self, phase: Phase, first: int, *, front: bool) -> None:
        """Open a round (of speech, or the auction) in ``phase`` with ``first`` to act."""
        self.phase = phase
        self.to_act = first
        self.front = front
        self.passes = 0
        self.spoken = 0
        self.turn_spoke = False
        self.turn_acted = False
        self.turn_stage = 0
        self.ladder_round = 0
        self.figure_cache = {}
        # A new round after the pick-up is a fresh chance to answer anything open
        # (the worked checks of huwiki, "Hívás" answer front steps from the back).
        self.last_turn = {}

    # ---------------------------------------------------------------- queries

    def side_of(self, seat: int) -> int:
        """0 for the declarer's side, 1 for the defenders'."""
        return 0 if seat == self.declarer else 1

    def defenders(self) -> tuple[int, ...]:
        """The seats in play other than the declarer."""
        declarer = self.declarer
        return tuple([s for s in self.active if s != declarer])

    def talon_seen(self) -> tuple[Card, ...]:
        """The talon cards lying face up, bottom to top."""
        up = self.talon_up
        return tuple(CARDS[c] for c in self.talon if up >> c & 1)

    def own_items(self) -> list[Item]:
        """The items, ready to be changed: copied first if a copy of the state shares them.

        Every change to an item or to the list goes through this.
        """
        if self.items_shared:
            self.items = [item.copy() for item in self.items]
            self.items_shared = False
        return self.items

    # --------------------------------------------------- card operations
    # Every move of a card between a hand and the talon goes through these,
    # so that the 32 cards stay accounted for in one place.

    def pick_up(self) -> None:
        """Every seat takes up its unseen cards."""
        for s in self.active:
            self.hands[s] |= self.unseen[s]
            self.unseen[s] = 0

    def take_from_talon(self, seat: int, cards: list[int]) -> None:
        """``seat`` takes ``cards`` from the talon into its hand.

        The taking is remembered in ``takes`` with the cards that lay face up,
        which every seat saw go (``View.taken``).
        """
        up = 0
        for c in cards:
            up |= self.talon_up & 1 << c
        self.takes = (*self.takes, (seat, tuple(cards), up))
        for c in cards:
            self.talon.remove(c)
            self.hands[seat] |= 1 << c
            self.talon_up &= ~(1 << c)
            self.discarded &= ~(1 << c)  # a discard drawn again (altiansz's auction)

    def put_to_talon(
        self, seat: int, card: int, *, face_up: bool = False, bottom: bool = False
    ) -> None:
        """``seat`` lays ``card`` from its hand on the talon: on top, or at the bottom.

        A card laid face down counts as discarded (it scores for nobody).
        """
        bit = 1 << card
        if not self.hands[seat] & bit:
            raise ValueError(f"seat {seat} does not hold card {card}")
        self.hands[seat] &= ~bit
        if bottom:
            self.talon.insert(0, card)
        else:
            self.talon.append(card)
        if face_up:
            self.talon_up |= bit
        else:
            self.discarded |= bit

    def swap_with_talon(self, seat: int, card: int, position: int) -> None:
        """``seat`` gives ``card`` for the talon card at ``position``; it lies face up."""
        taken = self.talon[position]
        self.takes = (*self.takes, (seat, (taken,), self.talon_up & 1 << taken))
        self.hands[seat] = (self.hands[seat] & ~(1 << card)) | (1 << taken)
        self.talon[position] = card
        self.talon_up = (self.talon_up & ~(1 << taken)) | (1 << card)
