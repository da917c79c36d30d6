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

import enum
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
    Action,
    ActionParseError,
    Announce,
    Declare,
    Discard,
    Kontra,
    Play,
    announce,
    kontra,
    parse_action,
)
from alsos.cards import Card, Rank, Suit, cards_of, format_cards, suit_mask
from alsos.deal import Deal, _active_seats, layout
from alsos.items import DECLARER, DEFENDERS, Item
from alsos.melds import MeldContest, best_sequence, longest_sequence, vannak_ranks_held
from alsos.profile import Ruleset, parse_card_spec

if TYPE_CHECKING:
    from alsos.rules import BiddingModule, CallingModule, ExchangeModule
    from alsos.settlement import Settlement
    from alsos.view import View

__all__ = ["Contract", "Game", "IllegalActionError", "Kind", "Phase"]


class Phase(enum.StrEnum):
    """What the hand is waiting for."""

    BIDDING = "bidding"
    FRONT = "front announcements"
    SIBER = "siber"
    DISCARD = "discard"
    PLAY = "play"
    COMPLETION = "completion of announcements"
    MELDS = "meld validation"
    CALL = "answer to a call"
    OVER = "over"


class Kind(enum.StrEnum):
    TRUMP = "trump"
    NO_TRUMPS = "no-trumps"
    BETLI = "betli"
    KLOPITZKY = "klopitzky"


class Contract:
    """The kind of game and its trump suit (None without trumps)."""

    __slots__ = ("kind", "trump")

    def __init__(self, kind: Kind, trump: Suit | None = None) -> None:
        self.kind = kind
        self.trump = trump

    def __str__(self) -> str:
        return f"trump {self.trump.name_en}" if self.trump is not None else str(self.kind)

    def __repr__(self) -> str:
        return f"Contract({self.kind!s}, {self.trump!s})"


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
_SUIT = tuple(suit_mask(s) for s in range(4))


def plays_of(mask: int) -> tuple[Play, ...]:
    """Interned :class:`Play` actions for the cards of ``mask``, in pack order."""
    out: tuple[Play, ...] = ()
    for s in range(4):
        b = (mask >> (8 * s)) & 0xFF
        if b:
            out += _PLAY_BYTES[s][b]
    return out


class Game:
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
        self._after = [0] * n  # the next seat in play order
        for i, s in enumerate(self.active):
            self._after[s] = self.active[(i + 1) % self._n_active]
        self._hand_size = rules.hand_size
        self._speech_in_first_trick = False
        self.seed = seed
        self._deal: Deal | None = None
        if deal is None:
            # The hot path for simulations: shuffle ints and fill bit sets directly.
            pack = list(range(32))
            random.Random(seed).shuffle(pack)
            self._pack: list[int] | None = pack
            packets, talon_at = layout(
                n, dealer, rules.deal.seen_packets, rules.deal.unseen_packets
            )
            self.hands = [0] * n
            self.unseen = [0] * n
            for seat, a, b, seen in packets:
                m = 0
                for c in pack[a:b]:
                    m |= 1 << c
                if seen:
                    self.hands[seat] |= m
                else:
                    self.unseen[seat] |= m
            self.talon: list[int] = [pack[sum(rules.deal.seen_packets) * len(self.active)]]
            self.talon.extend(pack[talon_at:])
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
        self.to_act: int | None = self.active[0]
        self.history: list[tuple[int, Action]] = []
        self._notes: dict[int, str] = {}
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.accepted_original = False
        self.trump = -1
        self.items: list[Item] = []
        self._item_at: dict[tuple[str, int | None], int] = {}
        self._no_figures = True
        self._kontra_options: tuple[dict[int, Kontra], dict[int, Kontra]] = ({}, {})
        self._figure_cache: dict[int, tuple[Action, ...]] = {}
        self.announced: dict[int, set[str]] = {s: set() for s in self.active}
        self.settlement: Settlement | None = None
        # speech rounds
        self._front = True
        self._passes = 0
        self._spoken: set[int] = set()
        self._turn_spoke = False
        self._turn_acted = False
        self._ladder_round: set[int] = set()
        # exchange
        self.siber_card: int | None = None
        self.exchanged: int | None = None
        self._discards_left = 0
        self.discarded = 0
        # melds
        self.declared: list[tuple[int, int]] = []
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
        self._key: list[int] = []
        self._hold_back: dict[int, list[tuple[int, int]]] = {}
        # calling
        self.call_factor = 1
        self.call_used = False
        self.caller: int | None = None
        self.conceded_by: int | None = None
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

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

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
            action = self._read(action, legal)
        if action not in legal:
            raise IllegalActionError(action, self.phase, self.to_act, legal, self._why(action))
        seat: int = self.to_act  # type: ignore[assignment]  # legal is empty when None
        self._legal = None
        self.history.append((seat, action))
        if action.__class__ is Play and self.phase is Phase.PLAY:
            self._play(seat, action[1])
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
        if phase is Phase.PLAY:
            return self._play_options(seat)
        if phase is Phase.BIDDING:
            return self.bidding.legal(seat)
        if phase is Phase.FRONT or phase is Phase.COMPLETION:
            figures = phase is Phase.FRONT or self.rules.announcements.completion_figures
            return (PASS, *self._speech(seat, self._front, figures))
        if phase is Phase.SIBER or phase is Phase.DISCARD:
            return self.exchange_rules.legal(seat)
        if phase is Phase.MELDS:
            return (SHOW, KICSI)
        if phase is Phase.CALL:
            return self.calling.legal(seat)
        return ()

    def _step(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase is Phase.PLAY:
            if action.__class__ is Play:
                self._play(seat, action.card)
            elif action is CALL:
                self.calling.call(seat)
            else:
                self._speak(seat, action)
        elif phase is Phase.BIDDING:
            self.bidding.apply(seat, action)
        elif phase is Phase.FRONT or phase is Phase.COMPLETION:
            if action is PASS:
                self._end_turn(seat)
            else:
                self._speak(seat, action)
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
        for i, (s, action) in enumerate(self.history):
            if action.__class__ is Discard and s != seat:
                text = "discard"
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
        trump = self.trump
        key = [-1] * 128
        for led in range(4):
            for card in range(32):
                s, r = card >> 3, card & 7
                if s == trump:
                    key[led * 32 + card] = 16 + c.trump_order.strength[r]
                elif s == led:
                    key[led * 32 + card] = order.strength[r]
        self._key = key

    def _begin_round(self, phase: Phase, first: int, *, front: bool) -> None:
        self.phase = phase
        self.to_act = first
        self._front = front
        self._passes = 0
        self._spoken = set()
        self._turn_spoke = False
        self._turn_acted = False
        self._ladder_round = set()
        self._figure_cache.clear()

    def _next_seat(self, seat: int) -> int:
        return self._after[seat]

    @property
    def passes_to_close(self) -> int:
        p = self.rules.announcements.passes_to_close
        return len(self.active) - 1 if p is None else p

    def _end_turn(self, seat: int) -> None:
        """A speech turn ends; close the round after enough passes."""
        if self._turn_spoke:
            self._passes = 0
        else:
            self._passes += 1
        self._turn_spoke = False
        self._turn_acted = False
        self._spoken.add(seat)
        if self.phase is Phase.PLAY:
            return
        if len(self._spoken) == len(self.active) and self._passes >= self.passes_to_close:
            if self.phase is Phase.FRONT:
                self.pick_up()
                self.exchange_rules.start()
            else:
                self._after_announcements()
        else:
            self.to_act = self._next_seat(seat)

    def begin_play(self) -> None:
        """The first trick begins (after síber, if any)."""
        assert self.contract is not None
        self._speech_in_first_trick = self._speaks()
        self._begin_round(Phase.PLAY, self._first_leader(), front=False)
        self.leader = self.to_act  # type: ignore[assignment]

    def _first_leader(self) -> int:
        assert self.contract is not None
        if self.contract.kind is Kind.NO_TRUMPS and self.declarer is not None:
            if self.rules.play.no_trumps_lead == "before-declarer":
                a = self.active
                return a[(a.index(self.declarer) - 1) % len(a)]
            if self.rules.play.no_trumps_lead == "declarer":
                return self.declarer
        return self.active[0]

    # --------------------------------------------------------------- speech

    def _speaks(self) -> bool:
        """Whether the first trick carries speech (announcements, melds, kontras)."""
        return self.contract is not None and self.contract.kind is not Kind.KLOPITZKY

    def _speech(self, seat: int, front: bool, figures: bool) -> tuple[Action, ...]:
        """Figures ``seat`` may announce (if ``figures``) and kontra steps open to its side."""
        side = DECLARER if seat == self.declarer else DEFENDERS
        kontras = tuple(self._kontra_options[side].values())
        if not figures or self._no_figures:
            return kontras
        figs = self._figure_cache.get(seat)
        if figs is None:
            figs = self._figure_cache[seat] = tuple(self._figure_options(seat, front))
        return figs + kontras

    def _add_item(self, item: Item) -> None:
        """Register a new item and open its first kontra step to the other side."""
        index = len(self.items)
        self.items.append(item)
        target = None if item.is_game else item.seat
        self._item_at[(item.figure, target)] = index
        if self.rules.kontra.levels:
            self._kontra_options[item.side ^ 1][index] = kontra(1, item.figure, target)

    def _figure_options(self, seat: int, front: bool) -> list[Action]:
        rules = self.rules
        mine = self.announced[seat]
        no_trumps = self.trump < 0
        ladder_top = max(
            (rules.figures[f].ladder or 0 for f in mine if rules.figures[f].ladder), default=0
        )
        out: list[Action] = []
        for name, fig in rules.figures.items():
            if name in mine or not (fig.front if front else fig.back):
                continue
            if no_trumps and not fig.no_trumps:
                continue
            if fig.ladder is not None:
                if fig.ladder <= ladder_top:
                    continue
                if rules.announcements.ladder_one_per_round and seat in self._ladder_round:
                    continue
            if any(
                (a == name and b in mine) or (b == name and a in mine)
                for a, b in rules.announcements.exclusive
            ):
                continue
            if fig.kind == "kassza" and (
                no_trumps or (seat == self.declarer and not self._holds_bela(seat))
            ):
                continue
            if (
                fig.must_hold
                and fig.card
                and not self.hands[seat] & parse_card_spec(fig.card).mask(self.trump)
            ):
                continue
            out.append(announce(name))
        return out

    def _holds_bela(self, seat: int) -> bool:
        t = self.trump
        need = (1 << (8 * t + Rank.KING)) | (1 << (8 * t + Rank.OVER))
        return t >= 0 and self.hands[seat] & need == need

    def _speak(self, seat: int, action: Action) -> None:
        """An utterance inside a turn: a figure, a kontra, an exchange or a meld."""
        cls = action.__class__
        if cls is Announce:
            name = action.figure  # type: ignore[attr-defined]
            fig = self.rules.figures[name]
            self.announced[seat].add(name)
            if fig.ladder is not None:
                self._ladder_round.add(seat)
            self._figure_cache.pop(seat, None)
            self._add_item(
                Item(
                    name,
                    seat,
                    self.side_of(seat),
                    fig.value,
                    front=self._front,
                    front_multiplier=fig.front_multiplier,
                )
            )
            if fig.kind == "trick" and fig.card:
                # The announcer keeps the card back until its trick (000 "Figures", ultimó).
                bit = parse_card_spec(fig.card).mask(self.trump)
                if bit:
                    self._hold_back.setdefault(seat, []).append(
                        (bit, self.rules.hand_size - fig.trick)
                    )
            self._turn_spoke = True
        elif cls is Kontra:
            self._raise(seat, action)  # type: ignore[arg-type]
            self._turn_spoke = True
        elif action is EXCHANGE:
            self.exchange_rules.exchange(seat)
            self._figure_cache.pop(seat, None)
        elif cls is Declare:
            self.declared.append((seat, action.length))  # type: ignore[attr-defined]
        self._turn_acted = True

    def force_announce(self, seat: int, figure: str) -> None:
        """Announce ``figure`` for ``seat`` because a rule obliges it (e.g. after síber)."""
        if figure in self.announced[seat]:
            return
        fig = self.rules.figures[figure]
        self.announced[seat].add(figure)
        self._add_item(
            Item(
                figure,
                seat,
                self.side_of(seat),
                fig.value,
                front=False,
                front_multiplier=fig.front_multiplier,
            )
        )
        self._notes[len(self.history) - 1] = f" (announces {figure})"

    def _raise(self, seat: int, k: Kontra) -> None:
        index = self._item_at[(k.figure, k.seat)]
        item = self.items[index]
        kr = self.rules.kontra
        item.raise_(seat, self._front, kr.front_factor, kr.back_factor)
        side = item.side if item.level % 2 == 0 else item.side ^ 1
        del self._kontra_options[side][index]
        if item.level < len(kr.levels):
            self._kontra_options[side ^ 1][index] = kontra(item.level + 1, k.figure, k.seat)

    # ----------------------------------------------------------------- play

    def _play_options(self, seat: int) -> tuple[Action, ...]:
        plays = plays_of(self._legal_mask(seat))
        if self.trick_no > 1:
            return plays
        if self.trick_no == 0:
            if self._speech_in_first_trick:
                return (*self._first_trick_speech(seat), *plays)
        elif self.calling.can_call(seat):
            return (CALL, *plays)
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
            for bit, before in held:
                if self.trick_no < before and legal & bit and legal != bit:
                    legal &= ~bit
        return legal

    def _first_trick_speech(self, seat: int) -> tuple[Action, ...]:
        out: list[Action] = []
        assert self.contract is not None
        if self.contract.kind is Kind.BETLI:
            return self._speech(seat, False, False)
        if not self._turn_acted and self.exchange_rules.can_exchange(seat):
            out.append(EXCHANGE)
        mine = {n for s, n in self.declared if s == seat}
        hand = self.hands[seat]
        if not any(n > 0 for n in mine):
            n = longest_sequence(hand)
            if n >= 3:
                out.append(DECLARES[min(n, 8)])
        if 0 not in mine and vannak_ranks_held(hand, self.rules.melds.vannak_ranks):
            out.append(DECLARES[0])
        return (*out, *self._speech(seat, False, True))

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
            if self._passes >= self.passes_to_close:
                self._after_announcements()
            else:
                # The back round goes on from the seat after the last to play.
                self.phase = Phase.COMPLETION
                self.to_act = self._next_seat(seat)

    def _after_announcements(self) -> None:
        """The back round is closed: validate melds, then the second trick."""
        self._start_contests()
        self._next_contest()

    # ---------------------------------------------------------------- melds

    def _start_contests(self) -> None:
        trump = self.trump
        seq_order = [s for s, n in self.declared if n > 0]
        van_order = [s for s, n in self.declared if n == 0]
        contests = []
        if seq_order:
            keys = {}
            for s in seq_order:
                length, height, in_trumps = best_sequence(self.meld_hands[s], trump)
                keys[s] = (length, height, int(in_trumps))
            contests.append(("sequence", MeldContest.start(seq_order, keys, public=1)))
        if van_order:
            c = self.rules.cards
            order = c.trump_order if trump >= 0 else c.plain_order
            vkeys = {
                s: (
                    max(
                        order.strength[r]
                        for r in vannak_ranks_held(
                            self.meld_hands[s], self.rules.melds.vannak_ranks
                        )
                    ),
                )
                for s in van_order
            }
            contests.append(("vannak", MeldContest.start(van_order, vkeys, public=0)))
        self._contests = contests

    def _next_contest(self) -> None:
        while self._contests:
            name, contest = self._contests[0]
            if contest.done:
                self.meld_winner[name] = contest.winner
                self._contests.pop(0)
                continue
            self.phase = Phase.MELDS
            self.to_act = contest.to_act
            return
        self.phase = Phase.PLAY
        self.to_act = self.leader

    def _answer_meld(self, seat: int, show: bool) -> None:
        name, contest = self._contests[0]
        detail = ""
        if show:
            key = contest.keys[seat]
            comp = key[contest.stage] if contest.stage < len(key) else 0
            if name == "vannak":
                order = (
                    self.rules.cards.trump_order
                    if self.trump >= 0
                    else self.rules.cards.plain_order
                )
                detail = f" (vannak of {order.ranks[7 - comp].code})"
            elif contest.stage == 1:
                detail = f" (to the {Rank(7 - comp).code})"
            else:
                detail = " (in trumps)" if comp else " (not in trumps)"
        if detail:
            self._notes[len(self.history) - 1] = detail
        contest.answer(seat, show)
        self._next_contest()

    # ---------------------------------------------------------------- finish

    def end_thrown_in(self) -> None:
        """Nobody would play: the hand is over with no score."""
        self._finish()

    def end_by_concession(self, winner_side: int) -> None:
        """A call was conceded: the game is scored as won by ``winner_side``."""
        self.conceded_by = winner_side ^ 1
        self._finish()

    def _finish(self) -> None:
        from alsos.settlement import settle

        self.trick = []
        self.phase = Phase.OVER
        self.to_act = None
        self._legal = None
        self.settlement = settle(self)

    def points_table(self) -> list[int]:
        """Card points of each of the 32 cards under the current contract."""
        c = self.rules.cards
        out = []
        for card in range(32):
            table = c.trump_points if card >> 3 == self.trump else c.plain_points
            out.append(table.get(Rank(card & 7), 0))
        return out

    def describe_hand(self, seat: int) -> str:
        return format_cards(self.hands[seat])


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
