"""Meld declarations in the first trick, and their validation after it.

:func:`meld_options` says what a seat may still declare (the engine offers
it at every step of the first trick).

Declared sequences and vannaks are compared one kind at a time with
:class:`alsos.hand.melds.MeldContest`; each answer (``show`` or ``kicsi``) is
recorded in the history with what it revealed (pagat, "Validation of Meld").
These are functions of the ruleset and the hand state, called by the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.hand.history import MeldAnswer
from alsos.hand.melds import MeldContest, best_sequence, longest_sequence, vannak_ranks_held
from alsos.pack.actions import DECLARES, Action
from alsos.pack.phases import Phase
from alsos.ruleset.profile import Ruleset

if TYPE_CHECKING:
    from alsos.hand.state import HandState

__all__ = ["answer_meld", "meld_options", "next_contest", "start_contests"]


def meld_options(rules: Ruleset, s: HandState, seat: int) -> tuple[Action, ...]:
    """The declarations ``seat`` may still make: its longest sequence and vannak.

    Asked at every step of the first trick, so kept until the seat's hand
    or the declarations change.
    """
    hand = s.hands[seat]
    said = len(s.declared)
    cached = s.meld_cache.get(seat)
    if cached is not None and cached[0] == hand and cached[1] == said:
        return cached[2]
    mine = [n for t, n in s.declared if t == seat]
    out: list[Action] = []
    if not any(n > 0 for n in mine):
        n = longest_sequence(hand)
        if n >= 3:
            out.append(DECLARES[n])
    if 0 not in mine and vannak_ranks_held(hand, rules.melds.vannak_ranks_for(s.trump)):
        out.append(DECLARES[0])
    options = tuple(out)
    s.meld_cache[seat] = (hand, said, options)
    return options


def start_contests(rules: Ruleset, s: HandState) -> None:
    """Open a contest for each kind of meld that someone declared."""
    trump = s.trump
    seq_order = [seat for seat, n in s.declared if n > 0]
    van_order = [seat for seat, n in s.declared if n == 0]
    contests = []
    if seq_order:
        keys = {
            seat: best_sequence(s.meld_hands[seat], trump, rules.melds.sequence_tiebreak)
            for seat in seq_order
        }
        contests.append(("sequence", MeldContest.start(seq_order, keys, public=1)))
    if van_order:
        c = rules.cards
        order = c.trump_order if trump >= 0 else c.plain_order
        allowed = rules.melds.vannak_ranks_for(trump)
        vkeys = {
            seat: (max(order.strength[r] for r in vannak_ranks_held(s.meld_hands[seat], allowed)),)
            for seat in van_order
        }
        contests.append(("vannak", MeldContest.start(van_order, vkeys, public=0)))
    s.contests = contests


def next_contest(s: HandState) -> None:
    """Ask the next seat in an open contest, or go on with the play."""
    while s.contests:
        name, contest = s.contests[0]
        if contest.done:
            s.meld_winner[name] = contest.winner
            s.contests.pop(0)
            continue
        s.phase = Phase.MELDS
        s.to_act = contest.to_act
        return
    s.phase = Phase.PLAY
    s.to_act = s.leader


def answer_meld(rules: Ruleset, s: HandState, seat: int, show: bool) -> MeldAnswer | None:
    """``seat`` shows the next detail of its meld, or concedes (kicsi).

    Returns the detail shown (None for none): the engine notes it in the
    history and tells it as a :class:`~alsos.hand.events.MeldShown`.
    """
    name, contest = s.contests[0]
    answer = None
    if show:
        key = contest.keys[seat]
        comp = key[contest.stage] if contest.stage < len(key) else 0
        if name == "vannak":
            order = rules.cards.trump_order if s.trump >= 0 else rules.cards.plain_order
            answer = MeldAnswer("vannak", int(order.ranks[7 - comp]))
        elif contest.stage == 1:
            answer = MeldAnswer("top", 7 - comp)
        elif rules.melds.sequence_tiebreak == "suit":
            answer = MeldAnswer("suit", 3 - comp)
        else:
            answer = MeldAnswer("trumps", 1 if comp else 0)
    contest.answer(seat, show)
    next_contest(s)
    return answer
