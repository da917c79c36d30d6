"""How the heuristic bot bids and plays a contract ladder (the ``ladder`` bidding module).

A ladder profile (altiansz, "Contracts") auctions named contracts, each a set
of objectives -- figures of the profile -- won or lost as a whole.  The bot
reads those objectives, never the profile's name:

- **Valuing.**  For each trump choice a contract allows it estimates the
  tricks the hand takes (trumps by place in the trump order and length, Aces,
  guarded Tens), the card points (the trump value of
  :mod:`~alsos.bots.heuristic.judgement`, scaled to the profile's pack) and
  its melds.  Each objective gives a margin: a ``tricks`` objective the
  estimated tricks over its threshold; a ``trick`` objective (the trump 7
  last, the trump 8 second-last) the card, a top trump and trump length; a
  ``cards`` objective (all Aces; trump U, 9, 7) every named card, with four
  trumps to keep plain Aces from being ruffed and, for named trumps, five
  (four when its higher named trumps are the top ones, as the trull's U and 9
  are: only its 7 then needs the others' trumps drawn); ``majority`` the
  estimated points and melds against what the defenders take; ``points`` the
  estimate over the threshold; ``no-tricks`` the Betli shape; ``volat`` top
  trumps, length and nothing but Aces outside.  A contract is likely when its
  weakest objective's margin is not negative.
- **Bidding.**  It bids the highest contract it judges likely, if higher than
  the standing bid (drawing first when the contract uses the talon: two cards
  more to choose from can only help), else passes; Solo is the cheap default
  for a merely decent hand.  But every contract scores the same point
  (altiansz, "Scoring"), so a likely contract of cards held alone (Golden
  Aces: the four Aces and trumps to guard them) is bid in place of a higher
  one that needs card points.  After drawing it names a contract the same way
  from its eleven cards.
- **Discards and the talon.**  It keeps every card an objective of the
  intended contract names, then trumps, Aces and guarded Tens, and discards
  from short plain suits (for Betli: its highest cards).  It takes the face-up
  card when it would keep it, and síber always (more cards to choose from).
  It names the trump suit that gives the contract the best margin.
- **Play.**  A declarer holds a ``trick`` objective's card back until its
  trick (the trump 7 for the last), and draws trumps with others than a
  ``cards`` objective's low trump (the trull's 7).  Against a ``tricks`` or
  ``volat`` objective a defender takes every trick it can; against a ``trick``
  objective it keeps its trumps and leads plain suits; against a points
  objective it counts towards the objective's threshold.
"""

from __future__ import annotations

from collections.abc import Sequence

from alsos.bots.heuristic.judgement import per_rules
from alsos.bots.heuristic.seen import Seen
from alsos.bots.heuristic.speech import aim_of, trump_ranks, trump_values
from alsos.hand.chosen import named_contracts
from alsos.hand.rules.ladder import hand_melds
from alsos.pack.actions import (
    DRAW,
    EXCHANGE,
    PASS,
    SIBER,
    Action,
    Bid,
    ContractBid,
    Discard,
)
from alsos.pack.cards import Card, Rank
from alsos.ruleset.profile import FigureRule, LadderContract, Ruleset, parse_card_spec
from alsos.ruleset.registry import lookup
from alsos.ruleset.tables import rules_named

__all__ = [
    "DEFENDER_MELDS",
    "LadderJudgement",
    "contract_margin",
    "contract_objectives",
    "is_ladder",
    "ladder_contracts",
    "named_cards",
    "timed_cards",
]

_ACE, _TEN = int(Rank.ACE), int(Rank.TEN)
# A trump's share of a trick, by place in the trump order (highest first).
_TRUMP_TRICKS = (1.0, 0.9, 0.75, 0.55, 0.35, 0.3, 0.2, 0.2)
_NONE = -1e9

#: Meld points the two defenders are expected to score in a contract where all meld.
DEFENDER_MELDS = 20.0
#: Card points over the defenders' (with melds) before a ``majority`` objective is likely.
MAJORITY_MARGIN = 8.0
#: Card points over a ``points`` objective's threshold before it is likely.
POINTS_MARGIN = 0.0
#: Estimated tricks over a ``tricks`` objective's threshold before it is likely.
TRICKS_MARGIN = -1.0
#: Risky cards a Betli hand may hold (the discards drop them).
BETLI_ALLOWANCE = 1.0
#: What drawing two cards, discarding two and the face-up card add to a nine-card
#: hand's margin for a contract that uses the talon, by the objective's aim
#: (:attr:`~alsos.hand.protocol.FigureKind.aim`).
TALON_BONUS: dict[str | None, float] = {"majority": 6.0, "points": 6.0, "tricks": 0.3}

Ladder = tuple[tuple[str, LadderContract, tuple[FigureRule, ...]], ...]


def ladder_contracts(rules: Ruleset | str) -> Ladder:
    """The profile's contracts low to high: (id, spec, objective figures); ``rules`` is
    the ruleset or its canonical string."""
    return _ladder_contracts(rules_named(rules) if isinstance(rules, str) else rules)


@per_rules(1)
def _ladder_contracts(rules: Ruleset) -> Ladder:
    return tuple(
        (cid, spec, tuple(rules.figures[o] for o in spec.objectives))
        for cid, spec in named_contracts(rules).items()
    )


def is_ladder(rules: Ruleset | str | None) -> bool:
    """Whether the profile (the ruleset or its canonical string; None or "": none) bids
    a contract ladder."""
    if not rules:
        return False
    return bool(named_contracts(rules_named(rules) if isinstance(rules, str) else rules))


@per_rules(1024)
def _objective_cards(
    rules: Ruleset, cid: str, trump: int
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """(mask of the cards the contract's objectives name, (card, trick index) to time)."""
    mask = 0
    timed = []
    for o in named_contracts(rules)[cid].objectives:
        fig = rules.figures[o]
        needed = lookup("figures", fig.kind).cards_needed(fig, trump)
        if needed is not None:
            mask |= needed
            continue
        one = _timed_card(rules, fig, trump)
        if one is not None:
            mask |= 1 << one[0]
            timed.append(one)
    return mask, tuple(timed)


def _timed_card(rules: Ruleset, fig: FigureRule, trump: int) -> tuple[int, int] | None:
    """(card, trick index) of a figure won by one card at one trick, with trumps
    (:meth:`~alsos.hand.protocol.FigureKind.held_back`,
    :meth:`~alsos.hand.protocol.FigureKind.deciding_trick`); None for another figure."""
    kind = lookup("figures", fig.kind)
    index = kind.deciding_trick(fig, rules.hand_size)
    if index is None or trump < 0:
        return None
    held = kind.held_back(fig, trump)
    if not held or held & (held - 1):
        return None
    return held.bit_length() - 1, index


@per_rules(64)
def _points(rules: Ruleset, trump: int) -> tuple[tuple[int, ...], int]:
    """(card points by card, the pack's points with the last trick)."""
    c = rules.cards
    table = c.point_table(trump)
    return table, sum(table) + c.last_trick


@per_rules(8192)
def _melds(rules: Ruleset, hand: int, trump: int) -> int:
    """The meld points of ``hand`` (every meld counts, as the ladder scores them)."""
    return sum(v for _, v in hand_melds(rules, hand, trump))


def _cards(hand: int) -> list[int]:
    """The cards of the bit set ``hand``, lowest first (a loop over the held cards
    only, where the valuations below ran over all 32)."""
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


@per_rules(1)
def _betli_low(rules: Ruleset) -> tuple[int, ...]:
    """The ranks from the lowest up by the Betli order."""
    strength = rules.cards.betli_order.strength
    return tuple(sorted(range(8), key=lambda r: strength[r]))


def _betli_danger(rules: Ruleset, hand: int) -> int:
    """Cards that may have to win a trick in a Betli: in a suit, the ``i``-th lowest
    held card (from 0, by the Betli order) above the suit's ``2i``-th lowest, so
    too few of the others' cards can fall below it."""
    low = _betli_low(rules)
    danger = 0
    for suit in range(4):
        held = [i for i, r in enumerate(low) if hand >> (8 * suit + r) & 1]
        danger += sum(1 for i, p in enumerate(held) if p > 2 * i)
    return danger


def _tricks(rules: Ruleset, hand: int, trump: int) -> float:
    """Tricks the hand should take with ``trump`` (-1: none)."""
    est = 0.0
    if trump >= 0:
        t = hand >> 8 * trump & 0xFF
        for place, r in enumerate(trump_ranks(rules)):
            if t >> r & 1:
                est += _TRUMP_TRICKS[place]
        est += max(0, t.bit_count() - 3) * 0.6
    for suit in range(4):
        if suit == trump:
            continue
        s = hand >> 8 * suit & 0xFF
        if s >> _ACE & 1:
            est += 1.0
            if s >> _TEN & 1:
                est += 0.8
            if trump < 0:
                est += max(0, s.bit_count() - 4) * 0.5
        elif s >> _TEN & 1 and s.bit_count() >= 2:
            est += 0.3
    return est


def _card_points(rules: Ruleset, hand: int, trump: int) -> float:
    """Card points the hand should take from tricks."""
    table, total = _points(rules, trump)
    if trump >= 0:
        values = trump_values(rules)
        value = 0.0
        for c in _cards(hand):  # lowest first, as the sum always ran
            if c >> 3 == trump:
                value += values[c & 7]
            elif c & 7 == _ACE:
                value += 1.5 + (0.7 if hand >> (c - _ACE + _TEN) & 1 else 0.0)
        value += max(0, (hand >> 8 * trump & 0xFF).bit_count() - 3)
        return (6.5 * value + 20.0) * total / 162  # the Alsós estimate, scaled to the pack
    # No trumps: Aces and the Tens they guard, and a share of the rest.
    sure = 0
    for suit in range(4):
        s = hand >> 8 * suit & 0xFF
        if s >> _ACE & 1:
            sure += table[8 * suit + _ACE] * 2 + (table[8 * suit + _TEN] if s >> _TEN & 1 else 0)
    return sure * 0.9


def _margin(rules: Ruleset, hand: int, trump: int, fig: FigureRule, melds: str) -> float:
    """How comfortably the hand meets one objective (>= 0: likely).  Each aim values
    only what it reads of the hand (the tricks, the Betli danger, the card and meld
    points): the contracts weighed at a bid mostly need one of them."""
    aim = aim_of(fig)
    n = (hand >> 8 * trump & 0xFF).bit_count() if trump >= 0 else 0
    if aim == "tricks":
        return _tricks(rules, hand, trump) - (fig.threshold or 0) - TRICKS_MARGIN
    if aim == "no-trick":
        return BETLI_ALLOWANCE - _betli_danger(rules, hand)
    if aim == "every-trick":
        order = trump_ranks(rules)
        plain = sum(1 for c in range(32) if hand >> c & 1 and c >> 3 != trump and c & 7 != _ACE)
        tops = hand >> 8 * trump & 0xFF if trump >= 0 else 0
        top = tops >> order[0] & 1 and tops >> order[1] & 1
        return 0.0 if top and n >= 6 and not plain else _NONE
    if aim == "trick":
        timed = _timed_card(rules, fig, trump)
        if timed is None or not hand >> timed[0] & 1:
            return _NONE
        first, second = trump_ranks(rules)[:2]
        top = hand >> (8 * trump + first) & 1 or hand >> (8 * trump + second) & 1
        return n - (4 + rules.hand_size - timed[1]) - (0 if top else 1)
    if aim == "cards":
        return _cards_margin(rules, hand, trump, fig)
    total = _points(rules, trump)[1]
    pts = _card_points(rules, hand, trump)
    mine = _melds(rules, hand, trump) if melds != "none" else 0
    if aim == "majority":
        theirs = total - pts + (DEFENDER_MELDS if melds == "all" else 0.0)
        return pts + mine - theirs - MAJORITY_MARGIN
    if aim == "points":
        threshold = fig.threshold if trump >= 0 else fig.threshold_no_trumps
        if threshold is None:
            return _NONE
        return pts + (mine if fig.melds else 0) - threshold - POINTS_MARGIN
    return _NONE


def _cards_margin(rules: Ruleset, hand: int, trump: int, fig: FigureRule) -> float:
    """A ``cards`` objective: every named card held, trumps to keep plain ones (the
    Aces) from being ruffed and to draw the trumps that could take a named low one."""
    mask = 0
    for spec in fig.cards:
        mask |= parse_card_spec(spec).mask(trump)
    if not mask or mask & hand != mask:
        return _NONE
    tmask = 0xFF << 8 * trump if trump >= 0 else 0
    need = 0
    if mask & ~tmask and trump >= 0:
        need = 4  # plain cards (the Aces) need trumps to keep them from being ruffed
    if mask & tmask:
        order = trump_ranks(rules)
        lowest = order.index(_low(mask, trump, order))
        run = all(hand >> (8 * trump + r) & 1 for r in order[: lowest + 1])
        # With the figure's higher trumps the top ones (the trull's U and 9) only its
        # lowest trump needs the others' trumps drawn: one trump fewer.
        highs = [r for r in order[:lowest] if mask >> (8 * trump + r) & 1]
        top = bool(highs) and highs == list(order[: len(highs)])
        need = max(need, 3 if run else (4 if top else 5))
    return float((hand & tmask).bit_count() - need)


def _low(mask: int, trump: int, order: tuple[int, ...]) -> int:
    """The lowest trump rank (by the trump order) ``mask`` names."""
    ranks = [r for r in order if mask >> (8 * trump + r) & 1]
    return ranks[-1]


@per_rules(4096)
def _keep_order(
    rules: Ruleset, hand: int, trump: int, protect: int, betli: bool
) -> tuple[tuple[float, int], ...]:
    """The cards of ``hand`` by how much a contract wants to keep them, lowest first:
    for Betli its lowest cards; else the cards in ``protect`` (its objectives'), then
    trumps, Aces, guarded Tens, discarding from short plain suits first."""
    out = []
    if betli:
        strength = rules.cards.betli_order.strength
        for c in _cards(hand):
            out.append((-float(strength[c & 7]), c))
        return tuple(sorted(out))
    values = trump_values(rules)
    for c in _cards(hand):
        suit = hand >> 8 * (c >> 3) & 0xFF
        if protect >> c & 1:
            score = 100.0
        elif c >> 3 == trump:
            score = 20.0 + values[c & 7]
        elif c & 7 == _ACE:
            score = 10.0
        elif c & 7 == _TEN:
            score = 7.0 if suit >> _ACE & 1 else 3.0
        else:
            score = 0.0
        out.append((score + 0.2 * suit.bit_count(), c))
    return tuple(sorted(out))


def _trumps(spec: LadderContract) -> tuple[int, ...]:
    if spec.betli or spec.trumps == "none":
        return (-1,)
    return (0, 1, 2, 3) if spec.trumps == "suit" else (0, 1, 2, 3, -1)


@per_rules(16384)
def _objective_margin(rules: Ruleset, hand: int, trump: int, objective: str, melds: str) -> float:
    return _margin(rules, hand, trump, rules.figures[objective], melds)


def contract_margin(rules: Ruleset | str, hand: int, cid: str, trump: int) -> float:
    """The hand's margin for contract ``cid`` with ``trump``: its weakest objective's
    (``rules``: the ruleset or its canonical string)."""
    if isinstance(rules, str):
        rules = rules_named(rules)
    spec = named_contracts(rules)[cid]
    return min(
        (_objective_margin(rules, hand, trump, o, spec.melds) for o in spec.objectives),
        default=_NONE,
    )


def _standing(view: Seen) -> str | None:
    """The contract id of the last bid in the auction."""
    for step in reversed(view.history):
        action = step.action
        if action.__class__ is ContractBid:
            return action.contract
    return None


def _named_trump(view: Seen) -> int:
    for step in reversed(view.history):
        action = step.action
        if action.__class__ is Bid:
            suit = action.suit
            return -1 if suit is None else int(suit)
    return view.trump


def _playing(view: Seen) -> str | None:
    """The id of the contract being played, if a ladder contract."""
    rules = view.rules
    if rules is None or view.kind is None or not view.ladder:
        return None
    return _ladder_contract(rules, view.contract)


@per_rules(1024)
def _ladder_contract(rules: Ruleset, contract: str | None) -> str | None:
    """:func:`_playing` of a view of ``rules`` whose contract reads ``contract``."""
    if contract is None or "," not in contract:
        return None
    cid = contract.split(",")[0]
    return cid if cid in named_contracts(rules) else None


@per_rules(256)
def _objective_rules(rules: Ruleset, cid: str) -> tuple[FigureRule, ...]:
    """The figures the ladder contract ``cid`` of ``rules`` must make."""
    return tuple(rules.figures[o] for o in named_contracts(rules)[cid].objectives)


@per_rules(1)
def _hand_size(rules: Ruleset) -> int:
    return rules.hand_size


@per_rules(256)
def _talon_bonuses(rules: Ruleset, cid: str) -> tuple[float, ...]:
    """Per objective of contract ``cid``: what drawing adds to its margin (TALON_BONUS)."""
    return tuple(
        TALON_BONUS.get(aim_of(rules.figures[o]), 0.0)
        for o in named_contracts(rules)[cid].objectives
    )


@per_rules(1 << 14)
def _likely_contract(
    rules: Ruleset, hand: int, index: int, boldness: float
) -> tuple[float, int, str, int] | None:
    """:meth:`LadderJudgement._likely_contract` of a bot of ``boldness``."""
    cid, spec, _objs = ladder_contracts(rules)[index]
    bold = (boldness - 1) * 10
    nine = hand.bit_count() <= _hand_size(rules)
    bonuses = _talon_bonuses(rules, cid) if spec.talon and nine else None
    best: tuple[float, int, str, int] | None = None
    for trump in _trumps(spec):
        kept = LadderJudgement._best_nine(rules, hand, cid, trump)
        margins = [_objective_margin(rules, kept, trump, o, spec.melds) for o in spec.objectives]
        if bonuses is not None:
            margins = [m + b for m, b in zip(margins, bonuses, strict=True)]
        else:
            margins = [m + 0.0 for m in margins]
        margin = bold + min(margins)
        if margin >= 0 and (best is None or margin > best[0]):
            best = (margin, index, cid, trump)
    return best


class LadderJudgement:
    """Bidding and talon handling for a contract ladder (its card play: the functions
    below, :func:`contract_objectives`, :func:`named_cards`, :func:`timed_cards`)."""

    boldness: float

    # ------------------------------------------------------------ plans

    @staticmethod
    def _keep(rules: Ruleset, hand: int, cid: str, trump: int) -> tuple[tuple[float, int], ...]:
        """The hand's cards with how much the contract wants to keep each, lowest first."""
        spec = named_contracts(rules)[cid]
        protect = 0 if spec.betli else _objective_cards(rules, cid, trump)[0]
        return _keep_order(rules, hand, trump, protect, spec.betli)

    @staticmethod
    def _best_nine(rules: Ruleset, hand: int, cid: str, trump: int) -> int:
        """The hand after discarding down to the deal's size for the contract."""
        extra = hand.bit_count() - _hand_size(rules)
        if extra <= 0:
            return hand
        for _score, c in LadderJudgement._keep(rules, hand, cid, trump)[:extra]:
            hand &= ~(1 << c)
        return hand

    def _plan(
        self, rules: Ruleset, hand: int, above: int = -1, only: Sequence[str] | None = None
    ) -> tuple[float, int, str, int] | None:
        """(margin, index, contract id, trump) of the contract to bid above index
        ``above`` (among ``only``), or None: a likely contract of held cards alone
        (Golden Aces) if there is one, else the highest likely.  Highest first, so a
        likely contract spares valuing the ones below it but the card contracts."""
        table = ladder_contracts(rules)
        found = None
        for index in range(len(table) - 1, above, -1):
            cid, _spec, objs = table[index]
            if only is not None and cid not in only:
                continue
            if found is not None and not all(aim_of(f) == "cards" for f in objs):
                continue
            best = self._likely_contract(rules, hand, index)
            if best is None:
                continue
            if found is not None or all(aim_of(f) == "cards" for f in objs):
                return best  # every contract scores alike: the cards in hand are surer
            found = best
        return found

    def _likely_contract(
        self, rules: Ruleset, hand: int, index: int
    ) -> tuple[float, int, str, int] | None:
        """(margin, index, contract id, trump) with the trump that gives contract
        ``index`` its best margin, if the hand makes it likely (kept with the ruleset's
        tables: a seat values the same hand again at each turn of the auction)."""
        return _likely_contract(rules, hand, index, self.boldness)

    # ------------------------------------------------------------ bidding

    def _ladder_bid(self, view: Seen, legal: Sequence[Action]) -> Action:
        rules = view.rules
        assert rules is not None  # a ladder's view has its ruleset
        hand = view.hand
        ids = [cid for cid, _s, _o in ladder_contracts(rules)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._ladder_discard(view, hand, discards)
        suits = [a for a in legal if isinstance(a, Bid)]
        if suits:  # naming trumps for the contract won
            cid = _standing(view) or ids[0]

            def margin(a: Bid) -> float:
                t = -1 if a.suit is None else int(a.suit)
                return contract_margin(rules, hand, cid, t) + 0.01 * _tricks(rules, hand, t)

            return max(suits, key=margin)
        if SIBER in legal:
            return SIBER  # more cards to choose from, discarded face down
        if EXCHANGE in legal:
            cid = _standing(view) or ids[0]
            trump = _named_trump(view)
            up = view.talon_seen[0] if view.talon_seen else None
            if up is not None:
                keep = self._keep(rules, hand | 1 << up, cid, trump)
                if keep[0][1] != up:
                    return EXCHANGE
            return PASS
        bids = [a for a in legal if isinstance(a, ContractBid)]
        standing = _standing(view)
        above = ids.index(standing) if standing is not None else -1
        if bids and PASS not in legal:  # naming the contract after drawing
            named = [a.contract for a in bids]
            plan = self._plan(rules, hand, above, named)
            if plan is not None:
                return next(a for a in bids if a.contract == plan[2])
            return max(bids, key=lambda a: self._margin_of(rules, hand, a.contract))
        plan = self._plan(rules, hand, above)
        if plan is None:
            return PASS
        index, cid = plan[1], plan[2]
        if not ladder_contracts(rules)[index][1].talon:
            return next((a for a in bids if a.contract == cid), PASS)
        return DRAW if DRAW in legal else PASS

    def _ladder_discard(self, view: Seen, hand: int, discards: Sequence[Discard]) -> Action:
        rules = view.rules
        assert rules is not None  # a ladder's view has its ruleset
        standing = _standing(view)
        if (
            view.declarer is None
            and view.seat == view.to_act
            and view.hand.bit_count() > rules.hand_size
            and self._drawing(view)
        ):
            # Drawn in the auction: the contract is named after the discards.
            ids = [cid for cid, _s, _o in ladder_contracts(rules)]
            above = ids.index(standing) if standing is not None else -1
            talon = [cid for cid, s, _o in ladder_contracts(rules) if s.talon]
            plan = self._plan(rules, hand, above, talon)
            if plan is None:
                first = next((i for i, c in enumerate(ids) if i > above and c in talon), 0)
                cid, trump = ids[first], self._best_trump(rules, hand, ids[first])
            else:
                cid, trump = plan[2], plan[3]
        else:
            cid = standing or _playing(view) or ""
            trump = _named_trump(view)
        if not cid:
            return discards[0]
        allowed = {a.card for a in discards}
        for _score, c in self._keep(rules, hand, cid, trump):
            if c in allowed:
                return next(a for a in discards if a.card == c)
        return discards[0]

    @staticmethod
    def _drawing(view: Seen) -> bool:
        """Whether this seat's last auction action was a draw (not a trump naming)."""
        for step in reversed(view.history):
            if step.seat != view.seat:
                continue
            action = step.action
            if action == DRAW:
                return True
            if action.__class__ in (ContractBid, Bid) or action in (EXCHANGE, SIBER):
                return False
        return False

    def _margin_of(self, rules: Ruleset, hand: int, cid: str) -> float:
        """The contract's margin with its best trump, after discarding."""
        spec = named_contracts(rules)[cid]
        return max(
            contract_margin(rules, self._best_nine(rules, hand, cid, t), cid, t)
            for t in _trumps(spec)
        )

    def _best_trump(self, rules: Ruleset, hand: int, cid: str) -> int:
        spec = named_contracts(rules)[cid]
        return max(
            _trumps(spec),
            key=lambda t: contract_margin(rules, self._best_nine(rules, hand, cid, t), cid, t),
        )


# ------------------------------------------------------------ play
# What the card play (alsos.bots.heuristic.cardplay) asks of the contract played.


def contract_objectives(view: Seen) -> tuple[FigureRule, ...]:
    """The objectives of the ladder contract played (none outside a ladder contract)."""
    cid = _playing(view)
    return () if cid is None else _objective_rules(view.rules, cid)  # type: ignore[arg-type]


def named_cards(view: Seen) -> int:
    """The cards the objectives of the contract played name (a bit set)."""
    cid = _playing(view)
    if cid is None or view.trump < 0:
        return 0
    return _objective_cards(view.rules, cid, view.trump)[0]  # type: ignore[arg-type]


def timed_cards(view: Seen, cards: Sequence[Card]) -> tuple[Card | None, list[Card]]:
    """A declarer's card due at this trick (or None), and the cards it may play now
    without spending a card an objective times for a later trick."""
    cid = _playing(view)
    if cid is None or view.seat != view.declarer or view.trump < 0:
        return None, list(cards)
    timed = _objective_cards(view.rules, cid, view.trump)[1]  # type: ignore[arg-type]
    now = view.done
    due = next((Card(c) for c, i in timed if i == now and c in cards), None)
    later = {c for c, i in timed if i > now}
    free = [c for c in cards if c not in later]
    return due, free or list(cards)
