"""The engine: the rules of one ruleset acting on hand states.

An :class:`Engine` is made once per :class:`~alsos.ruleset.profile.Ruleset` and
shared by every hand played under it (:func:`engine_for`).  It holds the
rule modules the profile names and the mechanisms every profile shares:
rounds of speech that end after enough passes, kontra chains, tricks, the
end of the hand.  It keeps nothing of any one hand: each call takes the
:class:`~alsos.hand.state.HandState` it acts on, which is why a hand copies
cheaply.  Every action goes through :meth:`Engine.apply` -- a game's, a
playout's, a search's -- which records the events where each change happens;
rule modules call back through a narrow private referee
(:class:`~alsos.hand.protocol.Referee`), never the engine itself.  Tricks are
closed in one place, :mod:`alsos.hand.tricks`.  Nothing here asks which
variant it plays.

Speed: hands, tricks won and legal plays are 32-bit sets; the trick winner
comes from a per-contract table of card strengths; actions are interned, so a
legal-move list is mostly table lookups.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import alsos.hand.rules  # noqa: F401  (registers the built-in rule modules)
from alsos.hand.events import (
    Event,
    HandOver,
    MeldShown,
    PhaseChanged,
    Played,
    RoundClosed,
    TrickWon,
)
from alsos.hand.history import MeldsNamed, Step, public_steps
from alsos.hand.items import DECLARER, Item
from alsos.hand.referee import SAID, ModuleReferee, item_changed, pick_up, said_of, took
from alsos.hand.speech import (
    add_item,
    announce_figure,
    raise_kontra,
    speech_options,
)
from alsos.hand.state import HandState
from alsos.hand.tricks import plays_of, take_trick, trick_winner
from alsos.hand.validation import answer_meld, meld_options, next_contest, start_contests
from alsos.pack.actions import (
    CALL,
    DECLARE_MELDS,
    EXCHANGE,
    GAME,
    KICSI,
    PASS,
    SHOW,
    SIBER,
    Action,
    Announce,
    CallItem,
    Declare,
    DeclareMelds,
    Discard,
    Kontra,
    Play,
)
from alsos.pack.cards import CARDS, Card, suit_mask
from alsos.pack.deal import Deal, DealError, active_seats, shuffled_pack
from alsos.pack.phases import Contract, Kind, Phase
from alsos.ruleset import registry
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.tables import RulesetTables, tables_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from alsos.hand.protocol import (
        BiddingModule,
        CallingModule,
        DealingModule,
        ExchangeModule,
        ScoringModule,
    )
    from alsos.hand.settlement import Settlement

# plays_of and trick_winner: public here since 0.1 (alsos.engine); defined in alsos.hand.tricks.
__all__ = ["Engine", "engine_for", "plays_of", "trick_winner"]


# Final: the compiled build keeps these in C statics, not the module's dict.
_PASS_ONLY: Final[tuple[Action, ...]] = (PASS,)
SPEECH_PHASES: Final = frozenset((Phase.FRONT, Phase.BACK, Phase.COMPLETION))
_SUIT: Final = tuple(suit_mask(s) for s in range(4))
_PLAY: Final = Phase.PLAY
# The commonest first events, made once: every card played, every pass.
_PLAYED: Final = tuple(tuple(Played(seat, card) for card in Card) for seat in range(4))
_NEW_TUPLE: Final[Any] = tuple.__new__  # a named tuple made without its __new__'s frame


def engine_for(rules: Ruleset) -> Engine:
    """The shared engine of ``rules`` (made on first use, hung on the ruleset's tables)."""
    tables = tables_of(rules)
    eng = tables.engine
    if eng is None:
        eng = tables.engine = Engine(rules)
    return eng  # type: ignore[no-any-return]


class Engine:
    """The rules of one ruleset, acting on any number of hand states."""

    def __init__(self, rules: Ruleset) -> None:
        self._rules = rules
        #: What the ruleset's play looks up (card orders, trick keys, points), built once.
        self.tables: RulesetTables = tables_of(rules)
        #: The ruleset's canonical string (``str(rules)``), which every view carries.
        self.variant: str = str(rules)
        self.passes_to_close = rules.passes_to_close
        self.n_active = rules.active_players
        self.hand_size = rules.hand_size
        self.must_trump = rules.play.must_trump
        #: Each kind of game as data (card order, first lead, value, early end, ...).
        self._kinds = kinds = tables_of(rules).kinds
        # Kinds that hot paths test by identity: cheaper than a dict lookup per card.
        self._overtake_kinds = tuple(k for k, r in kinds.items() if r.overtake)
        self.betli_overtake = bool(self._overtake_kinds)
        self._early_end_kinds = tuple(k for k, r in kinds.items() if r.ends_on_declarer_trick)
        self.meld_contest = rules.melds.contest
        self.completion_figures = rules.announcements.completion_figures
        self.turn_order = rules.announcements.turn_order
        self.dealing: DealingModule = registry.lookup("dealing", rules.deal.module)
        self.bidding: BiddingModule = registry.lookup("bidding", rules.bidding.module)(rules)
        self.exchange: ExchangeModule = registry.lookup("exchange", rules.exchange.module)(rules)
        self.exchange_anytime = self.exchange.anytime
        self.calling: CallingModule = registry.lookup("calling", rules.calling.module)(rules)
        scoring: ScoringModule = registry.lookup("scoring", rules.scoring.module)
        self.scoring = scoring
        # The payments alone, without the itemised settlement (what search and
        # simulations read); what a seat's declaration makes known without a meld
        # contest; and, where the module can tell, whether the result is certain.
        self._payments: Callable[[Ruleset, HandState], dict[int, int]] = scoring.payments
        self.melds_declared: Callable[[Ruleset, HandState, int], tuple[str, ...]] | None = (
            None if self.meld_contest else scoring.melds_declared
        )
        #: What rule modules are handed when no event is recorded (search, legal moves).
        self._quiet = ModuleReferee(self, None)
        #: Figure id -> whether its kind is ever won or lost (False: a multiplier).
        self._judged = {
            n: registry.lookup("figures", f.kind).judged for n, f in rules.figures.items()
        }
        self.decided: Callable[[Ruleset, HandState], bool] | None = (
            scoring.decided if scoring.decides and rules.play.stop_when_decided else None
        )

    @property
    def rules(self) -> Ruleset:
        return self._rules

    # ------------------------------------------------------------ a new hand

    def new_state(
        self,
        *,
        seed: int | None,
        deal: Deal | None,
        dealer: int,
        declared_before: tuple[int, ...] | None = None,
    ) -> HandState:
        """A hand dealt from ``seed`` (or the given ``deal``), with bidding begun.

        ``declared_before``: how often each seat declared earlier in the
        session (rules that limit it read ``s.declared_before``).
        """
        rules = self._rules
        n = rules.players
        active = tuple(active_seats(n, dealer))
        if deal is None:
            # The hot path for simulations: shuffle ints and fill bit sets directly.
            pack = shuffled_pack(seed)
            hands, unseen, talon = self.dealing.deal(rules, pack, dealer)
            s = HandState(
                players=n, dealer=dealer, active=active, hands=hands, unseen=unseen,
                talon=talon, seed=seed, pack=tuple(pack),
            )  # fmt: skip
        else:
            deal.check(n, dealer, rules.hand_size)
            k = deal.seen
            if k != sum(rules.deal.seen_packets):
                raise DealError(
                    f"the deal shows {k} cards per hand before the '+'; this profile deals "
                    f"{sum(rules.deal.seen_packets)} before the indicator and "
                    f"{sum(rules.deal.unseen_packets)} after it"
                )
            s = HandState(
                players=n,
                dealer=dealer,
                active=active,
                hands=[_mask(h[:k]) for h in deal.hands],
                unseen=[_mask(h[k:]) for h in deal.hands],
                talon=[int(c) for c in deal.talon],
                seed=seed,
                deal=deal,
            )
        if not rules.deal.top_up:
            s.talon_up &= 1 << s.talon[0]
        if declared_before is not None:
            s.declared_before = declared_before
        self.bidding.start(self._quiet, s)
        return s

    def deal_of(self, s: HandState) -> Deal:
        """The cards as dealt (built on first use for shuffled hands)."""
        if s.deal is None:
            assert s.pack is not None
            d = self._rules.deal
            s.deal = Deal.from_pack(
                s.pack,
                players=s.players,
                dealer=s.dealer,
                seen_packets=d.seen_packets,
                unseen_packets=d.unseen_packets,
                talon_between=d.talon_between,
            )
        return s.deal

    # ---------------------------------------------------------------- legal

    def legal_actions(self, s: HandState) -> tuple[Action, ...]:
        """The legal actions of ``s`` (kept in the state until it changes)."""
        legal = s.legal
        if legal is None:
            legal = s.legal = self.legal(s)
        return legal

    def legal(self, s: HandState) -> tuple[Action, ...]:
        """Every action the seat to act may take now, in a stable order (computed afresh)."""
        phase = s.phase
        seat = s.to_act
        if seat is None:
            return ()
        if phase in SPEECH_PHASES:  # the commonest case first
            figures = phase is not Phase.COMPLETION or self.completion_figures
            return speech_options(self._rules, s, seat, s.front, figures, _PASS_ONLY)
        if phase is Phase.PLAY:
            return self._play_options(s, seat)
        if phase is Phase.BIDDING:
            return self.bidding.legal(self._quiet, s, seat)
        if phase is Phase.SIBER or phase is Phase.DISCARD:
            return self.exchange.legal(self._quiet, s, seat)
        if phase is Phase.MELDS:
            return (SHOW, KICSI)
        if phase is Phase.CALL:
            return self.calling.legal(self._quiet, s, seat)
        return ()

    def _play_options(self, s: HandState, seat: int) -> tuple[Action, ...]:
        if s.discards_left:
            return self.exchange.discard_options(s, seat)  # finishing a síber
        plays = plays_of(self.legal_mask(s, seat))
        if s.trick_no > 1:
            return plays
        if s.trick_no == 0:
            if s.exchanged == seat and s.turn_acted and self.exchange_anytime:
                return plays  # swapped in this turn: the card comes straight after
            if s.speech_in_first_trick:
                return (*self._first_trick_speech(s, seat), *plays)
        else:
            calls = self.calling.options(s, seat)
            if calls:
                return (*calls, *plays)
        return plays

    def legal_mask(self, s: HandState, seat: int) -> int:
        """The cards ``seat`` may play to the current trick (the play rules, one place).

        Search calls this for every card it plays: kept to plain int work.
        """
        h = s.hands[seat]
        trick = s.trick
        if trick:
            led = trick[0][1] >> 3
            legal = h & _SUIT[led]
            if legal:
                if self.betli_overtake and s.contract.kind in self._overtake_kinds:  # type: ignore[union-attr]
                    # altiansz, "Play": following suit, top the best card of that suit so far.
                    key = s.key
                    base = led * 32
                    top = max(key[base + c] for _, c in trick if c >> 3 == led)
                    higher = 0
                    for c in plays_of(legal):
                        if key[base + c[1]] > top:
                            higher |= 1 << c[1]
                    if higher:
                        legal = higher
            else:
                legal = h
                t = s.trump
                if t >= 0 and self.must_trump:
                    tm = h & _SUIT[t]
                    if tm:
                        legal = tm
        else:
            legal = h
        if s.hold_back:
            held = s.hold_back.get(seat)
            if held:
                trick_no = s.trick_no
                for bit, at, must_play in held:
                    if trick_no < at and legal & bit and legal != bit:
                        legal &= ~bit
                    elif must_play and trick_no == at and legal & bit:
                        legal = bit
        return legal

    def _first_trick_speech(self, s: HandState, seat: int) -> tuple[Action, ...]:
        assert s.contract is not None
        rules = self._rules
        if not self._kinds[s.contract.kind].exchange_and_melds:
            return speech_options(rules, s, seat, False, False, ())
        head: tuple[Action, ...] = ()
        if not s.turn_acted:
            if self.exchange.can_siber(s, seat):
                head = (SIBER,)
            if self.exchange.can_exchange(s, seat):
                head += (EXCHANGE,)
        elif (
            self.exchange_anytime
            and self.exchange.can_exchange(s, seat)
            and not any(t == seat for t, _ in s.declared)
        ):
            # pagat, "Trump Exchange": the 7 is swapped just before the card is played;
            # ruling: not after a meld declared from the hand as it was.
            head = (EXCHANGE,)
        if self.meld_contest:
            if s.turn_stage < 4 or not self.turn_order:
                head += meld_options(self._rules, s, seat)
        elif (
            self.melds_declared is not None
            and not any(t == seat for t, _ in s.declared)
            and self.melds_declared(self._rules, s, seat)
        ):
            head += (DECLARE_MELDS,)  # every meld at once, by kind only (altiansz)
        if not s.back_in_first_trick:
            return head
        return speech_options(rules, s, seat, False, True, head)

    # ---------------------------------------------------------------- apply

    def apply(
        self, s: HandState, seat: int, action: Action, out: list[Event] | None = None
    ) -> None:
        """``seat`` takes ``action`` in ``s``: the one path every action takes.

        Unchecked: the caller knows the action is legal (:meth:`alsos.Game.apply`
        checks first; search takes it from :meth:`legal_actions`).  Records it
        in the history and carries it out by the phase's rules.  With ``out``,
        appends the action's events where each change happens: first the action
        itself (:class:`~alsos.hand.events.Played` or :class:`~alsos.hand.events.Said`),
        then items, meld details and tricks as they change, and last the round,
        the phase and the end of the hand.  Search passes no list and makes no
        event.
        """
        s.legal = None
        s.history.append((seat, action))
        phase = s.phase
        if phase is _PLAY and action.__class__ is Play:  # the commonest case first
            if out is not None:
                out.append(_PLAYED[seat][action[1]])
            self._play(s, seat, action[1], out)
        elif out is None:
            self._dispatch(None, s, seat, action)
            return
        else:
            start = len(out)
            self._dispatch(out, s, seat, action)
            said = SAID[seat].get(action)  # shared: no note, nothing hidden
            if said is None or (s.notes and len(s.history) - 1 in s.notes):
                said = said_of(self, s, seat, action)
            out.insert(start, said)
        if out is not None and s.phase is not phase:
            if phase in SPEECH_PHASES:
                out.append(RoundClosed(phase))
            out.append(PhaseChanged(s.phase, s.to_act))
            if s.is_over:
                out.append(HandOver(self.settlement_of(s)))  # type: ignore[arg-type]

    def _referee(self, out: list[Event] | None) -> ModuleReferee:
        """The referee a rule module is handed, recording into ``out`` (if a list)."""
        return self._quiet if out is None else ModuleReferee(self, out)

    def _dispatch(self, out: list[Event] | None, s: HandState, seat: int, action: Action) -> None:
        """Carry out ``action``, already recorded in the history, by the phase's rules."""
        phase = s.phase
        cls = action.__class__
        if phase in SPEECH_PHASES:
            if action is PASS or action == PASS:
                self._end_turn(out, s, seat)
            else:
                self._speak(out, s, seat, action)
        elif phase is Phase.PLAY:
            if cls is Play:
                self._play(s, seat, action[1], out)
            elif action == CALL or cls is CallItem:
                self.calling.call(self._referee(out), s, seat, action)
            elif action == SIBER or cls is Discard:
                self.exchange.apply(self._referee(out), s, seat, action)
                s.turn_acted = True
            else:
                self._speak(out, s, seat, action)
        elif phase is Phase.BIDDING:
            self.bidding.apply(self._referee(out), s, seat, action)
        elif phase is Phase.SIBER or phase is Phase.DISCARD:
            self.exchange.apply(self._referee(out), s, seat, action)
        elif phase is Phase.MELDS:
            answer = answer_meld(self._rules, s, seat, action == SHOW)
            if answer is not None:
                s.notes[len(s.history) - 1] = answer
                if out is not None:
                    out.append(MeldShown(seat, answer.text))
        elif phase is Phase.CALL:
            self.calling.apply(self._referee(out), s, seat, action)

    def _speak(self, out: list[Event] | None, s: HandState, seat: int, action: Action) -> None:
        """An utterance inside a turn: a figure, a kontra, an exchange or a meld."""
        cls = action.__class__
        if cls is Announce:
            self._announce(out, s, seat, action[1], s.front)
            s.turn_spoke = True
        elif cls is Kontra:
            raise_kontra(self._rules, s, seat, action)  # type: ignore[arg-type]
            s.turn_spoke = True
            if out is not None:
                out.append(item_changed(seat, s.items[s.kontra_at[action]]))  # type: ignore[index]
        elif action == EXCHANGE:
            taken = len(s.takes)
            self.exchange.exchange(s, seat)  # the hook swaps through the state: told here
            if len(s.takes) > taken:
                took(out, s)
        elif cls is Declare:
            s.declared.append((seat, action[1]))
        elif cls is DeclareMelds:
            declared = self.melds_declared
            assert declared is not None  # offered only with it
            s.notes[len(s.history) - 1] = MeldsNamed(declared(self._rules, s, seat))
            s.declared.append((seat, -1))  # -1: all of them, outside any contest
        s.turn_acted = True
        if self.turn_order:
            if cls is Kontra:
                stage = 4
            elif cls is Declare:
                stage = 3
            elif cls is Announce:
                stage = 2 if self._judged[action[1]] else 1  # multipliers come first
            else:
                stage = 0
            if stage > s.turn_stage:
                s.turn_stage = stage

    def _announce(
        self, out: list[Event] | None, s: HandState, seat: int, figure: str, front: bool
    ) -> None:
        """``seat`` announces ``figure``: a new item, or a multiplier raising the game."""
        count = len(s.items)
        announce_figure(self._rules, s, seat, figure, front=front)
        if out is not None:
            items = s.items
            spoke = s.history[-1][0]
            out.append(item_changed(spoke, items[-1] if len(items) > count else items[0]))

    def _end_turn(self, out: list[Event] | None, s: HandState, seat: int) -> None:
        """A speech turn ends; close the round after enough passes."""
        if s.turn_spoke:
            s.passes = 0
        else:
            s.passes += 1
        s.turn_spoke = False
        s.turn_acted = False
        s.turn_stage = 0
        s.spoken |= 1 << seat
        s.turn_counter += 1
        s.last_turn[seat] = s.turn_counter
        phase = s.phase
        if phase is _PLAY:
            return
        if s.spoken.bit_count() == self.n_active and s.passes >= self.passes_to_close:
            if phase is Phase.FRONT:
                pick_up(out, s)
                ref = self._referee(out)
                if not self.bidding.after_pickup(ref, s):
                    self._after_front(ref, s)
            elif phase is Phase.BACK:
                self.exchange.start(self._referee(out), s)
            else:
                self._after_announcements(s)
        else:
            s.to_act = s.after[seat]

    def _play(self, s: HandState, seat: int, card: int, out: list[Event] | None) -> None:
        """``seat`` plays ``card``; a full trick goes to its winner."""
        if s.trick_no == 0 and s.speech_in_first_trick:
            s.meld_hands[seat] = s.hands[seat]
            self._end_turn(None, s, seat)  # in play: no module is asked, no event
        s.hands[seat] &= ~(1 << card)
        trick = s.trick
        trick.append((seat, card))
        if len(trick) < self.n_active:
            s.to_act = s.after[seat]
            return
        winner = take_trick(s, trick)[0]
        s.trick = []
        s.leader = winner
        s.to_act = winner
        if out is not None:
            cards = tuple([(p, CARDS[c]) for p, c in trick])
            out.append(_NEW_TUPLE(TrickWon, (s.trick_no, cards, winner)))
        if self.hand_ends(s, winner):
            self._finish(s)
        elif s.trick_no == 1 and s.speech_in_first_trick:
            if not s.back_in_first_trick or s.passes >= self.passes_to_close:
                self._after_announcements(s)
            else:
                # The back round goes on from the seat after the last to play.
                s.phase = Phase.COMPLETION
                s.to_act = s.after[seat]

    def hand_ends(self, s: HandState, winner: int) -> bool:
        """The trick just won by ``winner`` ends the hand (``s.trick_no`` counts it).

        The last trick, a Betli declarer's first trick, or a contract the scoring
        module's ``decided`` hook says is settled.  Search asks this too.
        """
        return (
            s.trick_no == self.hand_size
            or (winner == s.declarer and s.contract.kind in self._early_end_kinds)  # type: ignore[union-attr]
            or (self.decided is not None and self.decided(self._rules, s))
        )

    def ends_only_after_last_trick(self, s: HandState) -> bool:
        """No trick but the last can end the hand ``s``: :meth:`hand_ends` is then
        ``s.trick_no == hand_size`` (no Betli declarer to lose a trick, no
        ``decided`` hook).  Search plays whole hands without asking each trick."""
        return self.decided is None and s.contract.kind not in self._early_end_kinds  # type: ignore[union-attr]

    def _after_announcements(self, s: HandState) -> None:
        """The back round is closed: validate melds, then the second trick."""
        if self.meld_contest:
            start_contests(self._rules, s)
        next_contest(s)

    # ----------------------------------------------------------- transitions

    def _start_contract(
        self,
        out: list[Event] | None,
        s: HandState,
        declarer: int | None,
        contract: Contract,
        original: bool,
    ) -> None:
        rules = self._rules
        s.declarer = declarer
        s.contract = contract
        s.accepted_original = original
        s.trump = -1 if contract.trump is None else int(contract.trump)
        kind = self._kinds[contract.kind]
        s.no_figures = not kind.figures
        s.figure_candidates = {}
        self._build_key(s)
        if declarer is not None:
            add_item(
                rules,
                s,
                Item(GAME, declarer, DECLARER, kind.value, front_multiplier=1),
            )
            if out is not None:
                out.append(item_changed(s.history[-1][0], s.items[-1]))
        if kind.figures and any(s.unseen):
            assert declarer is not None
            s.begin_round(Phase.FRONT, declarer, front=True)
        else:
            pick_up(out, s)
            self._begin_play(s)

    def _build_key(self, s: HandState) -> None:
        kind = s.contract.kind if s.contract else Kind.TRUMP
        s.key = self.tables.trick_keys(kind, s.trump)

    def _after_front(self, ref: ModuleReferee, s: HandState) -> None:
        if self._rules.announcements.back_round == "before-play":
            assert s.declarer is not None
            s.begin_round(Phase.BACK, s.declarer, front=False)
        else:
            self.exchange.start(ref, s)

    def _begin_play(self, s: HandState) -> None:
        assert s.contract is not None
        s.speech_in_first_trick = self._kinds[s.contract.kind].speech
        s.back_in_first_trick = self._rules.announcements.back_round == "first-trick"
        s.begin_round(Phase.PLAY, self._first_leader(s), front=False)
        s.leader = s.to_act  # type: ignore[assignment]
        if self.decided is not None and self.decided(self._rules, s):
            self._finish(s)  # lost before a card is played (altiansz: a needed card discarded)

    def _first_leader(self, s: HandState) -> int:
        """The first lead, by the profile's rule for this kind of game (pagat, "First Trick")."""
        assert s.contract is not None
        rule = self._kinds[s.contract.kind].lead
        if s.declarer is None or rule == "forehand":
            return s.active[0]
        if rule == "declarer":
            return s.declarer
        a = s.active
        return a[(a.index(s.declarer) - 1) % len(a)]

    def _switch_to_betli(self, out: list[Event] | None, s: HandState, seat: int) -> None:
        s.declarer = seat
        s.contract = Contract(Kind.BETLI)
        s.trump = -1
        s.no_figures = not self._kinds[Kind.BETLI].figures
        self._build_key(s)
        s.items = []
        s.items_shared = False
        s.kontra_at = {}
        s.hold_back = {}
        s.figure_candidates = {}
        s.kontra_options = ({}, {})
        add_item(
            self._rules,
            s,
            Item(GAME, seat, DECLARER, self._kinds[Kind.BETLI].value, front_multiplier=1),
        )
        s.kontra_options = ({}, {})  # no kontra after a switch
        if out is not None:
            out.append(item_changed(s.history[-1][0], s.items[0]))
        self._begin_play(s)

    def _settle_call(
        self,
        out: list[Event] | None,
        s: HandState,
        index: int,
        multiplier: int,
        forced: bool | None,
    ) -> None:
        item = s.own_items()[index]
        before = (item.call, item.forced)
        item.call = multiplier
        if forced is not None:
            item.forced = forced
        if out is not None and (item.call, item.forced) != before:
            out.append(item_changed(s.history[-1][0], item))
        if forced is None or item.is_game:
            return
        # A conceded figure no longer holds its card back (pagat, "Variations", "Calling").
        fig = self._rules.figures[item.figure]
        bit = registry.lookup("figures", fig.kind).held_back(fig, s.trump)
        if bit:
            held = s.hold_back.get(item.seat, [])
            s.hold_back[item.seat] = [h for h in held if h[0] != bit]

    def _finish(self, s: HandState) -> None:
        # A trick cut short by a conceded call keeps its cards on the table.
        # The settlement is built when first asked for (settlement_of).
        s.phase = Phase.OVER
        s.is_over = True
        s.to_act = None
        s.legal = None

    def settlement_of(self, s: HandState) -> Settlement | None:
        """The itemised settlement of a finished hand (built on first use, then kept); else None."""
        st = s.settlement
        if st is None and s.is_over:
            st = s.settlement = self.scoring.settle(self._rules, s)
        return st

    def payments(self, s: HandState) -> dict[int, int]:
        """What each seat gains in the finished hand ``s``: ``settlement.payments``.

        Read without building the itemised settlement where the scoring module
        has a ``payments`` hook (search and simulations settle millions of hands).
        """
        st = s.settlement
        if st is not None:
            return dict(st.payments)
        return self._payments(self._rules, s)

    def points_table(self, s: HandState) -> tuple[int, ...]:
        """Card points of each of the 32 cards under the hand's contract (shared, immutable)."""
        return self.tables.points(s.trump)

    def public_history(self, s: HandState, seat: int | None = None) -> list[Step]:
        """The history as ``seat`` may know it (None: what every seat knows), as
        :class:`~alsos.hand.history.Step` values (:func:`~alsos.hand.history.public_steps`)."""
        return public_steps(s.history, s.notes, lambda i: self.bidding.hides(s, i), seat)


def _mask(cards: tuple[Any, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
