"""The hand as a state machine: phases, the seat to act, legal actions, apply.

One :class:`Game` plays one hand of any profile from the deal to the
settlement.  Each phase family is delegated to the rule module the profile
names (``alsos.rules``); the engine owns the shared mechanisms: rounds of
speech that end after enough passes, kontra chains, tricks, the hand's
bookkeeping.  Nothing here asks which variant it plays.

Speed: hands, tricks won and legal plays are 32-bit sets; the trick winner
comes from a per-contract table of card strengths; actions are interned, so a
legal-move list is mostly table lookups.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from alsos import rules as rule_modules
from alsos.actions import (
    CALL,
    DECLARES,
    EXCHANGE,
    GAME,
    KICSI,
    PASS,
    PLAYS,
    SHOW,
    SIBER,
    Action,
    ActionParseError,
    Announce,
    CallItem,
    Discard,
    Kontra,
    Play,
    parse_action,
)
from alsos.cards import Card, Rank, Suit, cards_of, suit_mask
from alsos.deal import Deal, _active_seats
from alsos.items import DECLARER, DEFENDERS, Item
from alsos.melds import MeldContest, longest_sequence, vannak_ranks_held
from alsos.phases import Contract, Kind, Phase
from alsos.profile import Ruleset, parse_card_spec
from alsos.speech import Candidate, SpeechMixin
from alsos.tables import point_table, trick_keys
from alsos.validation import MeldValidationMixin

if TYPE_CHECKING:
    from alsos.rules import BiddingModule, CallingModule, ExchangeModule
    from alsos.settlement import Settlement
    from alsos.view import View

__all__ = ["Contract", "Game", "IllegalActionError", "Kind", "Phase"]


class IllegalActionError(ValueError):
    """An action that is not legal now.  The game is left exactly as it was.

    ``action`` is the input as given, ``phase`` and ``seat`` where the game
    stood, ``legal`` the actions that were legal.
    """

    def __init__(
        self, action: object, phase: Phase, seat: int | None, legal: tuple[Action, ...], reason: str
    ) -> None:
        self.action = action
        self.phase = phase
        self.seat = seat
        self.legal = legal
        shown = ", ".join(str(a) for a in legal) or "nothing (the hand is over)"
        text = action if isinstance(action, str) else str(action)
        super().__init__(
            f"{text!r} is not legal for seat {seat} in phase {phase}: {reason}. Legal: {shown}"
        )


def _byte_tables() -> tuple[tuple[tuple[Play, ...], ...], ...]:
    tables = []
    for s in range(4):
        tables.append(
            tuple(tuple(PLAYS[8 * s + i] for i in range(8) if b >> i & 1) for b in range(256))
        )
    return tuple(tables)


_PLAY_BYTES = _byte_tables()
_PASS_ONLY: tuple[Action, ...] = (PASS,)
_RANKS = tuple(Rank)  # iterating a tuple is cheaper than iterating the enum
_SPEECH_PHASES = frozenset((Phase.FRONT, Phase.BACK, Phase.COMPLETION))
_SUIT = tuple(suit_mask(s) for s in range(4))


def plays_of(mask: int) -> tuple[Play, ...]:
    """Interned :class:`Play` actions for the cards of ``mask``, in pack order."""
    return (
        _PLAY_BYTES[0][mask & 0xFF]
        + _PLAY_BYTES[1][(mask >> 8) & 0xFF]
        + _PLAY_BYTES[2][(mask >> 16) & 0xFF]
        + _PLAY_BYTES[3][(mask >> 24) & 0xFF]
    )


class Game(SpeechMixin, MeldValidationMixin):
    """One hand of Alsós under a :class:`~alsos.profile.Ruleset`.

    ``seed`` fixes the shuffle; ``deal`` gives the cards explicitly instead.
    Seats are numbered 0..players-1 in the order of play; the hand begins
    with the seat after ``dealer``.
    """

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: int | None = None,
        deal: Deal | str | None = None,
        dealer: int = 0,
    ) -> None:
        n = rules.players
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer!r} is not a seat of a {n}-player table")
        self.rules = rules
        self.players = n
        self.dealer = dealer
        self.active: tuple[int, ...] = tuple(_active_seats(n, dealer))
        self._n_active = len(self.active)
        self._passes_to_close = rules.passes_to_close
        self._after = [0] * n  # the next seat in play order
        for i, s in enumerate(self.active):
            self._after[s] = self.active[(i + 1) % self._n_active]
        self._hand_size = rules.hand_size
        self._speech_in_first_trick = False
        self._back_in_first_trick = True
        self.seed = seed
        self._deal: Deal | None = None
        self.hands: list[int]
        self.unseen: list[int]
        self.talon: list[int]
        if deal is None:
            # The hot path for simulations: shuffle ints and fill bit sets directly.
            pack = list(range(32))
            random.Random(seed).shuffle(pack)
            self._pack: list[int] | None = pack
            dealing = rule_modules.lookup("dealing", rules.deal.module)
            self.hands, self.unseen, self.talon = dealing(rules, pack, dealer)
        else:
            if isinstance(deal, str):
                deal = Deal.parse(deal)
            deal.check(n, dealer, rules.hand_size)
            self._deal = deal
            self._pack = None
            k = deal.seen
            self.hands = [_mask(h[:k]) for h in deal.hands]
            self.unseen = [_mask(h[k:]) for h in deal.hands]
            self.talon = [int(c) for c in deal.talon]
        self.indicator = self.talon[0]
        self.talon_up: set[int] = {self.talon[0], self.talon[-1]}
        self.siber_taken = 0
        self.original = Suit(self.indicator >> 3)
        self.phase = Phase.BIDDING
        #: True once the hand is settled (the phase is :attr:`Phase.OVER`); a plain
        #: attribute because playing loops read it before every action.
        self.is_over = False
        self.to_act: int | None = self.active[0]
        self.history: list[tuple[int, Action]] = []
        self._notes: dict[int, str] = {}
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.accepted_original = False
        self.trump = -1
        self.items: list[Item] = []
        self._kontra_at: dict[Kontra, int] = {}  # an open kontra step -> its item
        self._announcement_rules = rules.announcements
        self._no_figures = True
        self._kontra_options: tuple[dict[int, Kontra], dict[int, Kontra]] = ({}, {})
        self._figure_cache: dict[int, tuple[int, int, tuple[Announce, ...]]] = {}
        self._announcements = 0
        self._figure_candidates: dict[bool, list[Candidate]] = {}
        self.announced: dict[int, set[str]] = {s: set() for s in self.active}
        self.settlement: Settlement | None = None
        # speech rounds
        self._front = True
        self._passes = 0
        self._spoken: set[int] = set()
        self._turn_spoke = False
        self._turn_acted = False
        self._ladder_round: set[int] = set()
        self._turn_counter = 0
        self._last_turn: dict[int, int] = {}
        # exchange
        self.siber_card: int | None = None
        self.exchanged: int | None = None
        self._discards_left = 0
        self.discarded = 0
        # melds
        self.declared: list[tuple[int, int]] = []
        self._meld_cache: dict[int, tuple[int, int, tuple[Action, ...]]] = {}
        self.meld_hands: dict[int, int] = {}
        self._contests: list[tuple[str, MeldContest]] = []
        self.meld_winner: dict[str, int | None] = {}
        # play
        self.trick_no = 0
        self.trick: list[tuple[int, int]] = []
        self.leader = self.active[0]
        self.won = [0] * n
        self.tricks_won = [0] * n
        self.trick_winners: list[int] = []
        self.tricks: list[list[tuple[int, int]]] = []
        self._key: tuple[int, ...] = ()
        self._hold_back: dict[int, list[tuple[int, int, bool]]] = {}
        # calling
        self.call_used = False
        self.caller: int | None = None
        self.conceded = False
        self._call: dict[str, Any] = {}
        self._legal: tuple[Action, ...] | None = None
        self.bidding: BiddingModule = rule_modules.make("bidding", rules.bidding.module, self)
        self.exchange_rules: ExchangeModule = rule_modules.make(
            "exchange", rules.exchange.module, self
        )
        self.calling: CallingModule = rule_modules.make("calling", rules.calling.module, self)
        self.bidding.start()

    # ------------------------------------------------------------------ public

    @property
    def deal(self) -> Deal:
        """The cards as dealt (built on first use for shuffled hands)."""
        if self._deal is None:
            assert self._pack is not None
            d = self.rules.deal
            self._deal = Deal.from_pack(
                self._pack,
                players=self.players,
                dealer=self.dealer,
                seen_packets=d.seen_packets,
                unseen_packets=d.unseen_packets,
            )
        return self._deal

    def side_of(self, seat: int) -> int:
        return DECLARER if seat == self.declarer else DEFENDERS

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in self.active if s != self.declarer)

    @property
    def payers(self) -> tuple[int, ...]:
        """Seats that settle against the declarer: the defenders, and any seat sitting out
        (000 "Alsós with four players": the dealer scores with the defenders)."""
        return self.defenders + tuple(s for s in range(self.players) if s not in self.active)

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (seen part only before the pick-up)."""
        return cards_of(self.hands[seat])

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (an action or its text) for the seat to act.

        Raises :class:`IllegalActionError` (a ``ValueError``) and changes
        nothing if the action is not legal now.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action.__class__ is str:
            parsed = self._read(action, legal)
            if parsed not in legal:
                raise IllegalActionError(action, self.phase, self.to_act, legal, self._why(parsed))
            action = parsed
        elif action not in legal or not isinstance(action, Action):
            raise IllegalActionError(action, self.phase, self.to_act, legal, self._why(action))
        seat: int = self.to_act  # type: ignore[assignment]  # legal is empty when None
        self._legal = None
        self.history.append((seat, action))
        phase = self.phase
        if phase is Phase.PLAY and action.__class__ is Play:
            self._play(seat, action[1])
        elif phase in _SPEECH_PHASES:  # the commonest case of a random hand: inline
            if action is PASS:
                self._end_turn(seat)
            else:
                self._speak(seat, action)
        else:
            self._step(seat, action)

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, the seen talon cards, the public history."""
        from alsos.view import make_view

        return make_view(self, seat)

    def __repr__(self) -> str:
        return f"<Game {self.rules} phase={self.phase} to_act={self.to_act}>"

    # ------------------------------------------------------------ validation

    def _read(self, text: str, legal: tuple[Action, ...]) -> Action:
        try:
            action = parse_action(text)
        except ActionParseError as e:
            raise IllegalActionError(text, self.phase, self.to_act, legal, str(e)) from None
        if isinstance(action, Kontra) and action.seat is None and action.figure != GAME:
            matches = [
                a
                for a in legal
                if isinstance(a, Kontra) and a.level == action.level and a.figure == action.figure
            ]
            if len(matches) == 1:
                return matches[0]
        return action

    def _why(self, action: object) -> str:
        if self.phase is Phase.OVER:
            return "the hand is over"
        if not isinstance(action, Action):
            return f"expected an action or its text, got {type(action).__name__}"
        if isinstance(action, Play) and self.to_act is not None and self.phase is Phase.PLAY:
            bit = 1 << action.card
            if not self.hands[self.to_act] & bit:
                return f"seat {self.to_act} does not hold {action.card}"
            if self.trick:
                led = self.trick[0][1] >> 3
                return f"{action.card} breaks the duty to follow {Suit(led).name_en} or to trump"
            return f"{action.card} is held back for an announced figure"
        if isinstance(action, Play):
            return "no card is played in this phase"
        return "that is not among the legal actions"

    # -------------------------------------------------------------- dispatch

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        seat = self.to_act
        if seat is None:
            return ()
        if phase in _SPEECH_PHASES:  # the commonest case first
            figures = phase is not Phase.COMPLETION or self._announcement_rules.completion_figures
            return self._speech(seat, self._front, figures, _PASS_ONLY)
        if phase is Phase.PLAY:
            return self._play_options(seat)
        if phase is Phase.BIDDING:
            return self.bidding.legal(seat)
        if phase is Phase.SIBER or phase is Phase.DISCARD:
            return self.exchange_rules.legal(seat)
        if phase is Phase.MELDS:
            return (SHOW, KICSI)
        if phase is Phase.CALL:
            return self.calling.legal(seat)
        return ()

    def _step(self, seat: int, action: Action) -> None:
        """Every action :meth:`apply` does not dispatch itself (card plays, speech rounds)."""
        phase = self.phase
        if phase is Phase.PLAY:
            if action is CALL or action.__class__ is CallItem:
                self.calling.call(seat, action)
            elif action is SIBER or action.__class__ is Discard:
                self.exchange_rules.apply(seat, action)
                self._turn_acted = True
            else:
                self._speak(seat, action)
        elif phase is Phase.BIDDING:
            self.bidding.apply(seat, action)
        elif phase is Phase.SIBER or phase is Phase.DISCARD:
            self.exchange_rules.apply(seat, action)
        elif phase is Phase.MELDS:
            self._answer_meld(seat, action is SHOW)
        elif phase is Phase.CALL:
            self.calling.apply(seat, action)

    def public_history(self, seat: int | None = None) -> list[tuple[int, str]]:
        """The history as text, as ``seat`` may know it (None: what every seat knows).

        Other seats' síber discards are hidden; meld validation answers carry
        what they revealed.
        """
        out = []
        notes = self._notes
        hides = self.bidding.hides
        for i, (s, action) in enumerate(self.history):
            if action.__class__ is Discard and s != seat:
                text = "discard"
            elif s != seat and hides(i):
                text = "bid trumps"
            else:
                text = str(action) + notes.get(i, "")
            out.append((s, text))
        return out

    # ---------------------------------------------------------- transitions

    def start_contract(self, declarer: int | None, contract: Contract, *, original: bool) -> None:
        """Called by the bidding module when the auction has settled the game."""
        self.declarer = declarer
        self.contract = contract
        self.accepted_original = original
        self.trump = -1 if contract.trump is None else int(contract.trump)
        self._no_figures = contract.kind not in (Kind.TRUMP, Kind.NO_TRUMPS)
        self._build_tables()
        if declarer is not None:
            self._add_item(
                Item(GAME, declarer, DECLARER, self._game_value(contract.kind), front_multiplier=1)
            )
        if contract.kind in (Kind.TRUMP, Kind.NO_TRUMPS) and any(self.unseen):
            assert declarer is not None
            self._begin_round(Phase.FRONT, declarer, front=True)
        else:
            self.pick_up()
            self.begin_play()

    def _game_value(self, kind: Kind) -> int:
        g = self.rules.games
        return {
            Kind.TRUMP: g.trump,
            Kind.NO_TRUMPS: g.no_trumps,
            Kind.BETLI: g.betli,
            Kind.KLOPITZKY: g.klopitzky,
        }[kind]

    def pick_up(self) -> None:
        """Every seat takes up its unseen cards."""
        for s in self.active:
            self.hands[s] |= self.unseen[s]
            self.unseen[s] = 0

    def _build_tables(self) -> None:
        c = self.rules.cards
        kind = self.contract.kind if self.contract else Kind.TRUMP
        order = {Kind.BETLI: c.betli_order, Kind.KLOPITZKY: c.klopitzky_order}.get(
            kind, c.plain_order
        )
        self._key = trick_keys(c.trump_order.strength, order.strength, self.trump)

    def begin_play(self) -> None:
        """The first trick begins (after síber, if any)."""
        assert self.contract is not None
        self._speech_in_first_trick = self._speaks()
        self._back_in_first_trick = self.rules.announcements.back_round == "first-trick"
        self._begin_round(Phase.PLAY, self._first_leader(), front=False)
        self.leader = self.to_act  # type: ignore[assignment]

    def _first_leader(self) -> int:
        """The first lead, by the profile's rule for this kind of game (000 "First Trick")."""
        assert self.contract is not None
        play = self.rules.play
        rule = {
            Kind.TRUMP: play.trump_lead,
            Kind.NO_TRUMPS: play.no_trumps_lead,
            Kind.BETLI: play.betli_lead,
        }.get(self.contract.kind, "forehand")
        if self.declarer is None or rule == "forehand":
            return self.active[0]
        if rule == "declarer":
            return self.declarer
        a = self.active
        return a[(a.index(self.declarer) - 1) % len(a)]

    # ----------------------------------------------------------------- play

    def _play_options(self, seat: int) -> tuple[Action, ...]:
        if self._discards_left:
            return self.exchange_rules.discard_options(seat)  # finishing a síber
        plays = plays_of(self._legal_mask(seat))
        if self.trick_no > 1:
            return plays
        if self.trick_no == 0:
            if self._speech_in_first_trick:
                return (*self._first_trick_speech(seat), *plays)
        else:
            calls = self.calling.options(seat)
            if calls:
                return (*calls, *plays)
        return plays

    def _legal_mask(self, seat: int) -> int:
        h = self.hands[seat]
        if self.trick:
            led = self.trick[0][1] >> 3
            f = h & _SUIT[led]
            if f:
                legal = f
            else:
                t = self.trump
                legal = h
                if t >= 0 and self.rules.play.must_trump:
                    tm = h & _SUIT[t]
                    if tm:
                        legal = tm
        else:
            legal = h
        held = self._hold_back.get(seat)
        if held:
            for bit, at, must_play in held:
                if self.trick_no < at and legal & bit and legal != bit:
                    legal &= ~bit
                elif must_play and self.trick_no == at and legal & bit:
                    legal = bit
        return legal

    def _first_trick_speech(self, seat: int) -> tuple[Action, ...]:
        assert self.contract is not None
        if self.contract.kind is Kind.BETLI:
            return self._speech(seat, False, False)
        head: tuple[Action, ...] = ()
        if not self._turn_acted:
            if self.exchange_rules.can_siber(seat):
                head = (SIBER,)
            if self.exchange_rules.can_exchange(seat):
                head += (EXCHANGE,)
        head += self._meld_options(seat)
        if not self._back_in_first_trick:
            return head
        return self._speech(seat, False, True, head)

    def _meld_options(self, seat: int) -> tuple[Action, ...]:
        """The declarations ``seat`` may still make: its longest sequence and vannak.

        Asked at every step of the first trick, so kept until the seat's hand
        or the declarations change.
        """
        hand = self.hands[seat]
        said = len(self.declared)
        cached = self._meld_cache.get(seat)
        if cached is not None and cached[0] == hand and cached[1] == said:
            return cached[2]
        mine = [n for s, n in self.declared if s == seat]
        out: list[Action] = []
        if not any(n > 0 for n in mine):
            n = longest_sequence(hand)
            if n >= 3:
                out.append(DECLARES[n])
        if 0 not in mine and vannak_ranks_held(hand, self.rules.melds.vannak_ranks_for(self.trump)):
            out.append(DECLARES[0])
        options = tuple(out)
        self._meld_cache[seat] = (hand, said, options)
        return options

    def _play(self, seat: int, card: int) -> None:
        if self.trick_no == 0 and self._speech_in_first_trick:
            self.meld_hands[seat] = self.hands[seat]
            self._end_turn(seat)
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < self._n_active:
            self.to_act = self._after[seat]
            return
        key = self._key
        base = (trick[0][1] >> 3) * 32
        best_seat, best = trick[0][0], key[base + trick[0][1]]
        mask = 0
        for s, c in trick:
            mask |= 1 << c
            k = key[base + c]
            if k > best:
                best_seat, best = s, k
        self.won[best_seat] |= mask
        self.tricks_won[best_seat] += 1
        self.trick_winners.append(best_seat)
        self.tricks.append(trick)
        self.trick = []
        self.trick_no += 1
        self.leader = best_seat
        self.to_act = best_seat
        assert self.contract is not None
        if (
            self.contract.kind is Kind.BETLI and best_seat == self.declarer
        ) or self.trick_no == self._hand_size:
            self._finish()
        elif self.trick_no == 1 and self._speech_in_first_trick:
            if not self._back_in_first_trick or self._passes >= self._passes_to_close:
                self._after_announcements()
            else:
                # The back round goes on from the seat after the last to play.
                self.phase = Phase.COMPLETION
                self.to_act = self._next_seat(seat)

    def _after_announcements(self) -> None:
        """The back round is closed: validate melds, then the second trick."""
        self._start_contests()
        self._next_contest()

    # ---------------------------------------------------------------- finish

    def switch_to_betli(self, seat: int) -> None:
        """004's Betli switch: ``seat`` turns the game into a Betli it declares.

        Everything announced so far lapses and nothing more is said.
        """
        assert self.contract is not None
        self.declarer = seat
        self.contract = Contract(Kind.BETLI)
        self.trump = -1
        self._no_figures = True
        self._build_tables()
        self.items = []
        self._kontra_at = {}
        self._kontra_options = ({}, {})
        self._hold_back = {}
        self._figure_candidates = {}
        self._add_item(Item(GAME, seat, DECLARER, self.rules.games.betli, front_multiplier=1))
        self._kontra_options = ({}, {})  # no kontra after a switch
        self.begin_play()

    def end_thrown_in(self) -> None:
        """Nobody would play: the hand is over with no score."""
        self._finish()

    def end_by_concession(self) -> None:
        """A call was conceded and nothing is left to play for: the hand ends."""
        self.conceded = True
        self._finish()

    def release(self, item: Item) -> None:
        """A conceded figure no longer holds its card back (000 Variations "Calling")."""
        if item.is_game:
            return
        fig = self.rules.figures[item.figure]
        if fig.kind == "trick" and fig.card:
            bit = parse_card_spec(fig.card).mask(self.trump)
            held = self._hold_back.get(item.seat, [])
            self._hold_back[item.seat] = [h for h in held if h[0] != bit]

    def _finish(self) -> None:
        from alsos.settlement import settle

        # A trick cut short by a conceded call keeps its cards on the table.
        self.phase = Phase.OVER
        self.is_over = True
        self.to_act = None
        self._legal = None
        self.settlement = settle(self)

    def points_table(self) -> tuple[int, ...]:
        """Card points of each of the 32 cards under the current contract (shared, immutable)."""
        c = self.rules.cards
        by_rank = tuple(c.trump_points.get(r, 0) for r in _RANKS)
        plain = tuple(c.plain_points.get(r, 0) for r in _RANKS)
        return point_table(by_rank, plain, self.trump)


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
