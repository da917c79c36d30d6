"""The contract ladder: an auction of named contracts, each won or lost as a whole.

Altiansz (altiansz, "Bidding and use of the Talon", "Contracts") bids
contracts, not trump suits: from forehand each seat passes or bids a
contract higher on the profile's ladder (``bidding.contracts``, low to
high), until all pass at once or two pass in a row after the last bid.  A
bid of a ``talon`` contract first draws two talon cards unseen (the first
such bidder: two of the four face-down cards; each later one: the previous
bidder's two discards) and discards two.  The declarer then names trumps as
its contract allows and, after a ``talon`` contract, may take the face-up
card and discard one face up -- or, when a defender has used up its
``declare_limit``, also take the pair set aside ("síber") and discard
three face down.  Nobody bids: Klopitzky.

The ``ladder`` scoring module judges each contract by its ``objectives``
(figure judges from :mod:`alsos.hand.rules.figures`), scores the melds the
contract allows (every meld each entitled seat declared,
:func:`alsos.hand.melds.every_meld`; the engine offers the declaration through the
module's ``melds_declared`` hook),
and says through its ``decided`` hook when the result is certain from public
facts alone, so play stops there (ruling at :func:`objective_status`).
Klopitzky: the fewest card points win.

Rulings where the source is silent (each also in ``variants/altiansz.yaml``):
the first bidder above the lowest contract draws the two face-down cards
dealt last (they are drawn unseen, so which pair changes nothing a player
could know); taking the face-up card (and the síber) is optional, as the
source's "Play" section has it ("may"); a seat declares its melds at its
turn in the first trick, just before its card, all of them or none
(``declare melds``; declaring fewer could never score more), and the others
learn their kinds only; the final bidder is the declarer (``HandState.declarer``)
as soon as the auction is won.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from attrs import field, frozen

from alsos.hand.items import DECLARER
from alsos.hand.melds import every_meld
from alsos.hand.protocol import BiddingModule, Described, FigureKind, Progress, ScoringModule
from alsos.hand.rules.scoring import card_points, figure_made, hand_tally
from alsos.hand.settlement import Entry, Settlement
from alsos.hand.state import ModuleState
from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.actions import (
    BIDS,
    DISCARDS,
    DRAW,
    EXCHANGE,
    PASS,
    SIBER,
    Action,
    Bid,
    ContractBid,
    Discard,
    contract_bid,
)
from alsos.pack.cards import Suit
from alsos.pack.phases import Contract, Kind, Phase
from alsos.ruleset import registry
from alsos.ruleset.checks import FIGURE_ID, MAX_FIGURES, not_a_figure, suggest_id
from alsos.ruleset.profile import FrozenMap, LadderContract
from alsos.ruleset.registry import register
from alsos.ruleset.tables import tables_of

if TYPE_CHECKING:
    from alsos.hand.protocol import Referee
    from alsos.hand.state import HandState
    from alsos.ruleset.profile import FigureRule, Ruleset

__all__ = [
    "LadderBidding",
    "LadderParams",
    "LadderState",
    "contract_problems",
    "decided",
    "hand_melds",
    "melds_declared",
    "melds_of",
    "objective_status",
    "settle_ladder",
]

# Stages of the ladder module's turn.
AUCTION, DISCARD_DRAWN, NAME, TRUMPS, TAKE, DISCARD_TAKEN = range(6)
_TRUMP_BIDS = tuple(BIDS[s] for s in Suit)


class LadderState(ModuleState):
    """The ladder auction so far (kept in ``HandState.bidding``).

    ``stage``: what the seat to act does (auction, discarding drawn cards,
    naming the contract after drawing, naming trumps, taking the talon,
    discarding after taking); ``standing``: the index of the highest bid so
    far (-1: none); ``bidder``: its seat; ``passes``: passes since it;
    ``turns``: auction turns taken; ``discards``: the cards the last drawing
    bidder discarded (drawn by the next one); ``pending``: discards of the
    seat now discarding; ``owed``: cards still to discard; ``set_aside``: the
    face-down pair the first drawer left; ``trump``: the named trump suit
    (-1: none); ``siber``: the declarer took the set-aside pair too.
    """

    __slots__ = (
        "bidder",
        "discards",
        "owed",
        "passes",
        "pending",
        "set_aside",
        "siber",
        "stage",
        "standing",
        "trump",
        "turns",
    )

    def __init__(self) -> None:
        self.stage = AUCTION
        self.standing = -1
        self.bidder: int | None = None
        self.passes = 0
        self.turns = 0
        self.discards: list[int] = []
        self.pending: list[int] = []
        self.owed = 0
        self.set_aside: list[int] = []
        self.trump = -1
        self.siber = False


def _st(s: HandState) -> LadderState:
    b = s.bidding
    assert isinstance(b, LadderState)
    return b


def _frozen(value: Mapping[str, LadderContract]) -> FrozenMap[str, LadderContract]:
    return value if isinstance(value, FrozenMap) else FrozenMap(value)


@frozen
class LadderParams:
    """The ``ladder`` auction's own keys.

    ``contracts``: the contracts that may be bid, low to high (see
    :class:`~alsos.ruleset.profile.LadderContract`); ``declare_limit``: how often a
    seat may declare in a session before it must pass (altiansz, "Bidding and use
    of the Talon"); None: no limit.
    """

    contracts: Mapping[str, LadderContract] = field(factory=FrozenMap, converter=_frozen)
    declare_limit: int | None = None


def contract_problems(rules: Ruleset, own: LadderParams) -> list[str]:
    """What the ladder auction cannot play in ``rules``: no contracts, too many, a
    contract id the notation cannot read, a word that is not a choice, an
    objective that is no figure or cannot be judged as the contract is played."""
    problems: list[str] = []
    if not own.contracts:
        problems.append(
            Said(N_("bidding.contracts: the ladder auction needs at least one contract"))
        )
    if len(own.contracts) > MAX_FIGURES:
        problems.append(
            Said.counted(
                "bidding.contracts: {n} contract; at most {most} (each "
                "one is offered at every turn of the auction and announcements)",
                "bidding.contracts: {n} contracts; at most {most} (each "
                "one is offered at every turn of the auction and announcements)",
                len(own.contracts),
                most=MAX_FIGURES,
            )
        )
    if own.declare_limit is not None and own.declare_limit < 1:
        problems.append(Said(N_("bidding.declare_limit: at least 1, or null for no limit")))
    kinds = registry.available("figures")
    for cid, lc in own.contracts.items():
        where = f"bidding.contracts.{cid}"
        if not FIGURE_ID.fullmatch(cid):
            said = N_(
                "{where}: a contract id is lower-case letters, digits and hyphens (it is "
                "typed as 'contract <id>'), e.g. {example}"
            )
            problems.append(Said(said, where=where, example=repr(suggest_id(cid))))
        if lc.trumps not in ("any", "suit", "none"):
            said = N_("{where}: {value} is not one of any, suit, none")
            problems.append(Said(said, where=f"{where}.trumps", value=repr(lc.trumps)))
        if lc.melds not in ("all", "declarer", "none"):
            said = N_("{where}: {value} is not one of all, declarer, none")
            problems.append(Said(said, where=f"{where}.melds", value=repr(lc.melds)))
        for name in lc.objectives:
            fig = rules.figures.get(name)
            kind = registry.lookup("figures", fig.kind) if fig and fig.kind in kinds else None
            if fig is None:
                problems.append(not_a_figure(f"{where}.objectives", repr(name)))
            elif kind is not None and not kind.judged:
                said = N_(
                    "{where}: {name} is a {kind} figure, which only modifies "
                    "a game and is never won or lost; an objective is of kind {kinds}"
                )
                judged = ", ".join(k for k in kinds if registry.lookup("figures", k).judged)
                problems.append(
                    Said(
                        said,
                        where=f"{where}.objectives",
                        name=repr(name),
                        kind=fig.kind,
                        kinds=judged,
                    )
                )
            elif (
                kind is not None
                and not kind.without_trumps(fig)
                and (lc.trumps != "suit" or lc.betli)
            ):
                said = N_(
                    "{where}: {name} cannot be judged without trumps, but this "
                    "contract may be played without trumps (trumps: {trumps}); give the "
                    "figure what its kind needs for that (a points figure: "
                    "threshold_no_trumps), or the contract trumps: suit"
                )
                problems.append(
                    Said(said, where=f"{where}.objectives", name=repr(name), trumps=lc.trumps)
                )
    return problems


def params(rules: Ruleset) -> LadderParams:
    """The ladder auction's parameters in ``rules``."""
    found: LadderParams = LadderBidding.params(rules)
    return found


def barred(rules: Ruleset, s: HandState, seat: int) -> bool:
    """Whether ``seat`` has declared its session's allowance and must pass."""
    limit = params(rules).declare_limit
    before = s.declared_before
    return limit is not None and before is not None and before[seat] >= limit


@register("bidding", "ladder")
class LadderBidding(BiddingModule):
    """A rising auction of the profile's contracts with talon draws (altiansz)."""

    Params = LadderParams

    @classmethod
    def named_contracts(cls, rules: Ruleset) -> Mapping[str, LadderContract]:
        return params(rules).contracts

    @classmethod
    def declare_limit(cls, rules: Ruleset) -> int | None:
        return params(rules).declare_limit

    @classmethod
    def moves(cls, rules: Ruleset) -> frozenset[str]:
        own = params(rules)
        if not any(c.talon for c in own.contracts.values()):
            return frozenset()
        # the face-up card taken for a discard, and the set-aside pair once a
        # defender has used up its contracts (síber)
        siber = ["siber"] if own.declare_limit is not None else []
        return frozenset(["exchange", "discard", *siber])

    @classmethod
    def check(cls, rules: Ruleset) -> list[str]:
        return contract_problems(rules, params(rules))

    @classmethod
    def describe(cls, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        b = params(rules)
        names = ", ".join(c.title for c in b.contracts.values())
        first_talon = next((c.title for c in b.contracts.values() if not c.talon), None)
        out: Described = [
            (
                "bidding.ladder",
                lang.text(
                    "From the player after the dealer, each player in turn passes or bids a "
                    "contract higher than the last one bid; the contracts, low to high, are "
                    "{contracts}.  The auction ends when all pass at once (then {{Klopitzky}} "
                    "is played) or when two pass in a row after a bid; the last bidder "
                    "declares and the other two defend together.",
                    contracts=names,
                ),
                (),
            )
        ]
        draw = (
            N_(
                "To bid a contract that uses the talon (any contract above {contract}), the "
                "first such bidder draws two of the four face-down talon cards unseen and "
                "discards two; each later bidder draws the previous bidder's two discards and "
                "discards two before naming a higher contract.  The pair the first drawer "
                "left is set aside."
            )
            if first_talon
            else N_(
                "To bid a contract that uses the talon, the first such bidder draws two of "
                "the four face-down talon cards unseen and discards two; each later bidder "
                "draws the previous bidder's two discards and discards two before naming a "
                "higher contract.  The pair the first drawer left is set aside."
            )
        )
        out.append(("bidding.draw", lang.text(draw, contract=first_talon), ()))
        out.append(
            (
                "bidding.take",
                lang.text(
                    "After the auction the declarer names trumps (or no trumps) as the "
                    "contract allows; after a contract that uses the talon it may take the "
                    "face-up card and discard one card face up.  If a defender has used up its "
                    "contracts, the declarer takes the set-aside pair as well (síber) and "
                    "discards three cards face down.  Cards left in the talon count for nobody."
                ),
                (),
            )
        )
        if b.declare_limit is not None:
            out.append(
                (
                    "bidding.limit",
                    lang.plural(
                        "A player who has declared {n} time in the session must pass.",
                        "A player who has declared {n} times in the session must pass.",
                        b.declare_limit,
                    ),
                    (),
                )
            )
        return out

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        own = params(rules).contracts
        self.ids = tuple(own)
        self.contracts = tuple(own.values())
        self.bids = tuple(contract_bid(i) for i in self.ids)

    def start(self, ref: Referee, s: HandState) -> None:
        s.bidding = LadderState()
        ref.ask(s, Phase.BIDDING, s.active[0])

    def hides(self, s: HandState, index: int) -> bool:
        return False

    def after_pickup(self, ref: Referee, s: HandState) -> bool:
        return False

    # ---------------------------------------------------------------- legal

    def legal(self, ref: Referee, s: HandState, seat: int) -> tuple[Action, ...]:
        b = _st(s)
        stage = b.stage
        if stage == AUCTION:
            if barred(self.rules, s, seat):
                return (PASS,)
            out: list[Action] = [PASS]
            draw = False
            for i in range(b.standing + 1, len(self.contracts)):
                if self.contracts[i].talon:
                    draw = True
                else:
                    out.append(self.bids[i])
            if draw:
                out.append(DRAW)
            return tuple(out)
        if stage in (DISCARD_DRAWN, DISCARD_TAKEN):
            h = s.hands[seat]
            return tuple(DISCARDS[c] for c in range(32) if h >> c & 1)
        if stage == NAME:
            return tuple(
                self.bids[i]
                for i in range(b.standing + 1, len(self.contracts))
                if self.contracts[i].talon
            )
        if stage == TRUMPS:
            assert b.standing >= 0
            if self.contracts[b.standing].trumps == "suit":
                return _TRUMP_BIDS
            return (*_TRUMP_BIDS, BIDS[None])
        # TAKE
        return (PASS, SIBER if self._siber(s, b) else EXCHANGE)

    def _siber(self, s: HandState, b: LadderState) -> bool:
        """A defender has used up its allowance (altiansz: "síber")."""
        return any(barred(self.rules, s, d) for d in s.active if d != b.bidder)

    # ---------------------------------------------------------------- apply

    def apply(self, ref: Referee, s: HandState, seat: int, action: Action) -> None:
        b = _st(s)
        stage = b.stage
        if stage == AUCTION:
            b.turns += 1
            if action == DRAW:
                self._draw(ref, s, seat, b)
                ref.ask(s, Phase.BIDDING, seat)
                return
            if isinstance(action, ContractBid):
                self._bid(b, seat, action)
            else:
                b.passes += 1
            self._next(ref, s, seat, b)
        elif stage == DISCARD_DRAWN:
            assert isinstance(action, Discard)
            s.put_to_talon(seat, int(action.card))
            b.pending.append(int(action.card))
            if len(b.pending) == 2:
                b.discards, b.pending = b.pending, []
                b.stage = NAME
            ref.ask(s, Phase.BIDDING, seat)
        elif stage == NAME:
            assert isinstance(action, ContractBid)
            self._bid(b, seat, action)
            b.stage = AUCTION
            self._next(ref, s, seat, b)
        elif stage == TRUMPS:
            assert isinstance(action, Bid)
            b.trump = -1 if action.suit is None else int(action.suit)
            self._after_trumps(ref, s, b)
        elif stage == TAKE:
            if action == PASS:
                self._play(ref, s, b)
                return
            take = [s.talon[0]]
            if action == SIBER:
                b.siber = True
                take += b.set_aside
            ref.take_from_talon(s, seat, take)
            b.owed = len(take)
            b.stage = DISCARD_TAKEN
            ref.ask(s, Phase.BIDDING, seat)
        else:  # DISCARD_TAKEN
            assert isinstance(action, Discard)
            s.put_to_talon(seat, int(action.card), face_up=not b.siber)
            b.owed -= 1
            if b.owed:
                ref.ask(s, Phase.BIDDING, seat)
            else:
                self._play(ref, s, b)

    def _draw(self, ref: Referee, s: HandState, seat: int, b: LadderState) -> None:
        """Draw the previous drawer's discards, or (the first) two face-down cards."""
        if b.discards:
            cards, b.discards = b.discards, []
        else:
            # Ruling: the two face-down cards dealt last (drawn unseen, so the pair
            # makes no difference a player could know); the other pair is set aside.
            hidden = [c for c in s.talon if not s.talon_up >> c & 1]
            cards, b.set_aside = hidden[-2:], hidden[:-2]
        ref.take_from_talon(s, seat, cards)
        b.stage = DISCARD_DRAWN

    def _bid(self, b: LadderState, seat: int, action: ContractBid) -> None:
        b.standing = self.ids.index(action.contract)
        b.bidder = seat
        b.passes = 0

    def _next(self, ref: Referee, s: HandState, seat: int, b: LadderState) -> None:
        n = len(s.active)
        if b.bidder is None and b.turns >= n:
            ref.start_contract(s, None, Contract(Kind.KLOPITZKY), original=False)
        elif b.bidder is not None and b.passes >= n - 1:
            # The final bidder is the declarer from now on, while it names trumps and
            # takes from the talon (altiansz, "Bidding and use of the Talon").
            s.declarer = b.bidder
            spec = self.contracts[b.standing]
            if spec.betli or spec.trumps == "none":
                b.trump = -1
                self._after_trumps(ref, s, b)
            else:
                b.stage = TRUMPS
                ref.ask(s, Phase.BIDDING, b.bidder)
        else:
            ref.ask(s, Phase.BIDDING, s.after[seat])

    def _after_trumps(self, ref: Referee, s: HandState, b: LadderState) -> None:
        if self.contracts[b.standing].talon:
            b.stage = TAKE
            assert b.bidder is not None
            ref.ask(s, Phase.BIDDING, b.bidder)
        else:
            self._play(ref, s, b)

    def _play(self, ref: Referee, s: HandState, b: LadderState) -> None:
        spec = self.contracts[b.standing]
        name = self.ids[b.standing]
        if spec.betli:
            contract = Contract(Kind.BETLI, None, name)
        elif b.trump < 0:
            contract = Contract(Kind.NO_TRUMPS, None, name)
        else:
            contract = Contract(Kind.TRUMP, Suit(b.trump), name)
        ref.start_contract(s, b.bidder, contract, original=False)


# ------------------------------------------------------------------ scoring


def _entitled(s: HandState, spec: LadderContract) -> tuple[int, ...]:
    """The seats whose melds count under ``spec``."""
    if spec.melds == "none" or spec.betli:
        return ()
    if spec.melds == "all" or s.declarer is None:
        return s.active
    return (s.declarer,)


def melds_of(
    rules: Ruleset, s: HandState, spec: LadderContract, *, declared_only: bool = True
) -> dict[int, list[tuple[str, int]]]:
    """Each entitled seat's melds under contract ``spec`` (altiansz, "Melds"): those
    it declared, from its hand as it played to the first trick; or, with
    ``declared_only`` false, those in its hand now."""
    out: dict[int, list[tuple[str, int]]] = {seat: [] for seat in s.active}
    if spec.melds == "none" or spec.betli:
        return out
    declared = {t for t, _ in s.declared}
    for seat in _entitled(s, spec):
        hand = s.meld_hands.get(seat) if declared_only else s.hands[seat]
        if hand is None or (declared_only and seat not in declared):
            continue
        out[seat] = hand_melds(rules, hand, s.trump)
    return out


def hand_melds(rules: Ruleset, hand: int, trump: int) -> list[tuple[str, int]]:
    """Every meld of ``hand`` with its value under the profile's meld rules, each
    one counting (altiansz, "Melds"); scoring and the heuristic bot both read this.

    Kept per ruleset by hand and trump (a fresh list each call): the early-end hook
    asks for the declared melds after every trick, the bot for every contract it weighs.
    """
    memo = tables_of(rules).memo
    known: dict[tuple[int, int], tuple[tuple[str, int], ...]] | None = memo.get(_MELDS_KEY)
    if known is None:
        known = memo[_MELDS_KEY] = {}
    found = known.get((hand, trump))
    if found is None:
        if len(known) >= _MELDS_KEPT:
            known.clear()
        found = known[hand, trump] = tuple(_hand_melds(rules, hand, trump))
    return list(found)


#: The key of :func:`hand_melds`' memo in the ruleset's tables, and how many it keeps.
_MELDS_KEY = "ladder.hand_melds"
_MELDS_KEPT = 1 << 14


def _hand_melds(rules: Ruleset, hand: int, trump: int) -> list[tuple[str, int]]:
    m = rules.melds
    c = rules.cards
    trick = m.sequence_order == "trick"
    return every_meld(
        hand,
        trump,
        trump_ranks=c.trump_order.ranks if trick else tuple(range(8)),
        plain_ranks=c.plain_order.ranks if trick else tuple(range(8)),
        sequence_values=m.sequence_values,
        vannak=m.vannak,
        vannak_ranks=m.vannak_ranks_for(trump),
        bela=m.bela,
        twenty=m.twenty,
    )


def melds_declared(rules: Ruleset, s: HandState, seat: int) -> tuple[str, ...]:
    """The engine's declaration hook: the kinds of meld ``seat`` may declare now
    (ids, as others learn them: ``("bela", "vannak", "kvart")``), or none when it
    has none that count (altiansz, "Melds": by kind only, never the cards)."""
    if s.contract is None or s.contract.name is None:
        return ()
    spec = _spec(rules, s)
    if seat not in _entitled(s, spec):
        return ()
    return tuple(n for n, _ in melds_of(rules, s, spec, declared_only=False)[seat])


def _spec(rules: Ruleset, s: HandState) -> LadderContract:
    assert s.contract is not None and s.contract.name is not None
    return params(rules).contracts[s.contract.name]


def objective_status(
    rules: Ruleset,
    s: HandState,
    fig: FigureRule,
    points: dict[int, int],
    melds: dict[int, int],
) -> bool | None:
    """Whether the declarer's objective ``fig`` is already made (True), already
    lost (False), or still open (None), judged from public facts only.

    Ruling (altiansz, "Play": play goes on until the contract is won or lost,
    and may end early once its result is certain): certain means certain to
    every seat alike, from what all of them have seen -- the cards played and
    who won each trick, the talon cards lying face up, and the melds declared
    (their value follows from the kinds named).  Cards in hands and face-down
    talon cards (drawn, discarded or set aside) could be anywhere for this
    judgement, so two deals that look the same to every seat end at the same
    trick; a declarer who discarded a card it needs plays on.  ``s.hands`` is
    never read here.  Once no card is left to play this agrees with the
    figure's judge (tested); the settlement judges the real cards.
    Each kind answers for itself (:meth:`~alsos.hand.protocol.FigureKind.early`); a
    kind without a bound is judged when play ends.
    """
    kind: FigureKind = registry.lookup("figures", fig.kind)
    return kind.early(fig, Progress(rules, s, points, melds))


def decided(rules: Ruleset, s: HandState) -> bool:
    """The engine's early-end hook: the contract is already won or lost, as every
    seat can tell from public facts (altiansz, "Play"; the ruling at
    :func:`objective_status`)."""
    contract = s.contract
    if contract is None or contract.name is None or s.declarer is None:
        return False
    spec = _spec(rules, s)
    points = card_points(rules, s)
    melds = {seat: sum(v for _, v in ms) for seat, ms in melds_of(rules, s, spec).items()}
    figures = rules.figures
    all_made = True
    for name in spec.objectives:
        status = objective_status(rules, s, figures[name], points, melds)
        if status is False:
            return True
        if status is None:
            all_made = False
    return all_made


def settle_ladder(rules: Ruleset, s: HandState) -> Settlement:
    """+1 to a declarer who made its contract, -1 if not; Klopitzky: +1 to each
    seat with the fewest card points (altiansz, "Scoring", "Klopitzky").

    ``payments`` are the zero-sum form of the written score (each seat's
    score against everyone else's, as :meth:`alsos.play.session.Session.result`).
    """
    contract = s.contract
    tricks = {seat: s.tricks_won[seat] for seat in s.active}
    written = {seat: 0 for seat in range(s.players)}
    points = card_points(rules, s)
    if contract is None or contract.kind is Kind.KLOPITZKY:
        low = min(points.values())
        winners = [t for t, p in points.items() if p == low]
        entries = []
        if contract is not None and len(winners) < len(points):
            for w in winners:
                written[w] = 1
                note = Said(N_("fewest card points ({low})"), low=low)
                entries.append(Entry("klopitzky", w, None, True, 1, (w,), base=1, note=note))
        label = "thrown in" if contract is None else "klopitzky"
        return Settlement(
            label, None, None, points, {}, {}, tricks, entries, _payments(written), written
        )
    declarer = s.declarer
    assert declarer is not None
    spec = _spec(rules, s)
    melds_by_seat = melds_of(rules, s, spec)
    melds = {seat: sum(v for _, v in ms) for seat, ms in melds_by_seat.items()}
    defenders = s.defenders()
    tally = hand_tally(rules, s, declarer, defenders, points, melds, {}, None)
    item = s.items[0]
    notes: list[str] = []
    made = True
    for name in spec.objectives:
        ok = figure_made(rules, tally, name, item)
        made = made and ok
        title = rules.figures[name].title or name
        notes.append(
            Said(N_("{title}: made"), title=title) if ok else Said(N_("{title}: lost"), title=title)
        )
    for seat, ms in melds_by_seat.items():
        if ms:
            kinds = ", ".join(n for n, _ in ms)
            notes.append(Said(N_("seat {seat} melds: {melds}"), seat=seat, melds=kinds))
    if len(s.tricks) < rules.hand_size:
        notes.append(
            Said.counted(
                "play stopped after {n} trick: the contract was decided",
                "play stopped after {n} tricks: the contract was decided",
                len(s.tricks),
            )
        )
    written[declarer] = 1 if made else -1
    entry = Entry(
        "game",  # the item of the game, as the view and events name it
        declarer,
        DECLARER,
        made,
        1,
        (declarer,) if made else defenders,
        base=1,
    )
    shown = {} if contract.kind is Kind.BETLI else points
    return Settlement(
        str(contract),
        declarer,
        made,
        shown,
        melds,
        {},
        tricks,
        [entry],
        _payments(written),
        written,
        notes=notes,
    )


def describe_scoring(rules: Ruleset, lang: Language = ENGLISH) -> Described:
    """The rulebook's clauses for the ``ladder`` scoring module, in ``lang``."""
    out: Described = [
        (
            "scoring.contract",
            lang.text(
                "A declarer who wins its contract scores 1, one who loses it scores -1; the "
                "defenders score nothing.  Cards left in the talon count for nobody."
            ),
            (),
        )
    ]
    if rules.bidding.klopitzky:
        out.append(
            (
                "scoring.klopitzky",
                lang.text(
                    "In {Klopitzky} (no trumps) the player or players with the fewest card "
                    "points score 1 each; if all take the same, nobody scores."
                ),
                (),
            )
        )
    limit = params(rules).declare_limit
    if limit is not None:
        out.append(
            (
                "scoring.limit",
                lang.text(
                    "Each contract played, won or lost, uses up one of the declarer's "
                    "{limit} for the session; a {{Klopitzky}} uses none.",
                    limit=limit,
                ),
                (),
            )
        )
    return out


class LadderScoring(ScoringModule):
    """The ladder's scoring: its contract's objectives, written scores, an early end."""

    decides = True
    # It reads the contract the ladder auction sold: the loader refuses other auctions.
    requires = FrozenMap({"bidding": ("ladder",)})
    # How the rulebook explains a term this module plays its own way: English messages,
    # which the glossary looks up in the module's language (words_in(module, lang)).
    terms = FrozenMap(
        {
            "Klopitzky": N_(
                "the game played when nobody bids: no declarer, and the fewest card points win"
            ),
        }
    )
    settle = staticmethod(settle_ladder)
    decided = staticmethod(decided)
    melds_declared = staticmethod(melds_declared)

    def describe(self, rules: Ruleset, lang: Language = ENGLISH) -> Described:
        return describe_scoring(rules, lang)


register("scoring", "ladder")(LadderScoring())


def _payments(written: dict[int, int]) -> dict[int, int]:
    total = sum(written.values())
    n = len(written)
    return {seat: n * v - total for seat, v in written.items()}
