"""Meld validation after the first trick, as part of the hand's state machine.

Declared sequences and vannaks are compared one kind at a time with
:class:`alsos.melds.MeldContest`; each answer (``show`` or ``kicsi``) is
recorded in the history with what it revealed (000 "Validation of Meld").
"""

from __future__ import annotations

from alsos.actions import Action
from alsos.cards import Rank, Suit
from alsos.melds import MeldContest, best_sequence, vannak_ranks_held
from alsos.phases import Phase
from alsos.profile import Ruleset

__all__ = ["MeldValidationMixin"]


class MeldValidationMixin:
    """Runs the meld contests for :class:`alsos.game.Game`."""

    rules: Ruleset
    phase: Phase
    to_act: int | None
    trump: int
    leader: int
    history: list[tuple[int, Action]]
    declared: list[tuple[int, int]]
    meld_hands: dict[int, int]
    meld_winner: dict[str, int | None]
    _contests: list[tuple[str, MeldContest]]
    _notes: dict[int, str]

    def _start_contests(self) -> None:
        trump = self.trump
        seq_order = [s for s, n in self.declared if n > 0]
        van_order = [s for s, n in self.declared if n == 0]
        contests = []
        if seq_order:
            keys = {}
            for s in seq_order:
                keys[s] = best_sequence(
                    self.meld_hands[s], trump, self.rules.melds.sequence_tiebreak
                )
            contests.append(("sequence", MeldContest.start(seq_order, keys, public=1)))
        if van_order:
            c = self.rules.cards
            order = c.trump_order if trump >= 0 else c.plain_order
            vkeys = {
                s: (
                    max(
                        order.strength[r]
                        for r in vannak_ranks_held(
                            self.meld_hands[s], self.rules.melds.vannak_ranks_for(trump)
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
            elif self.rules.melds.sequence_tiebreak == "suit":
                detail = f" (in {Suit(3 - comp).name_en})"
            else:
                detail = " (in trumps)" if comp else " (not in trumps)"
        if detail:
            self._notes[len(self.history) - 1] = detail
        contest.answer(seat, show)
        self._next_contest()
