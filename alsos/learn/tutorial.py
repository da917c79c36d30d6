"""A guided first hand: a whole recorded hand replayed as a lesson for one seat.

A newcomer learns a game best by playing it with someone who explains each new
thing as it comes up.  :func:`~alsos.learn.lesson` takes a finished hand (a profile's worked
example: :func:`alsos.rulebook.worked_example`) and a learner's seat (by default
the declarer, who takes part in most of the hand) and marks, step by step:

* the **ideas** each step brings for the first time (:data:`IDEAS`): some before
  the step, since the learner needs them to make it (the auction, a figure, a
  kontra, the exchange, melds, the play, the last trick), and some after it,
  since its events show them (the cards picked up, a trick won, the
  settlement);
* whether the **learner** makes the step (``asks``): the lesson then waits
  for the learner to type that very action, and explains it.

The words are :mod:`alsos.words.tutorial`'s; ``alsos tutorial`` runs a lesson in
the terminal.
"""

from __future__ import annotations

from attrs import frozen

from alsos.errors import NotationError
from alsos.hand.events import HandOver, PickedUp, TrickWon
from alsos.pack.actions import Action, Announce, Declare, DeclareMelds, Exchange, Kontra, Play
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.records.record import Record
from alsos.ruleset.profile import Ruleset

__all__ = ["IDEAS", "Lesson", "LessonError", "LessonStep", "lesson"]

#: The ideas a lesson explains, in the order a hand usually meets them.
IDEAS = (
    "deal", "bidding", "figure", "kontra", "rekontra", "pick-up", "exchange", "melds",
    "play", "trick", "last-trick", "settlement",
)  # fmt: skip


class LessonError(NotationError):
    """A record that cannot be a lesson (not a whole hand, or the seat not in it)."""


@frozen
class LessonStep:
    """One action of the lesson's hand: who takes it, the ideas to explain before it
    and after it, and whether the learner makes it."""

    seat: int
    action: Action
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    asks: bool = False


@frozen
class Lesson:
    """A hand to be replayed for the learner ``seat``: its rules, its record and its
    steps (:func:`lesson`)."""

    rules: Ruleset
    record: Record
    seat: int
    steps: tuple[LessonStep, ...]

    def new_game(self) -> Game:
        """The hand as dealt, to replay the steps on."""
        return self.record.new_game(self.rules)


def _before(game: Game, action: Action, known: set[str]) -> list[str]:
    """The ideas ``action`` needs explained first, in the position ``game``."""
    ideas = []
    if game.phase is Phase.BIDDING:
        ideas.append("bidding")
    if isinstance(action, Announce):
        ideas.append("figure")
    if isinstance(action, Kontra):
        ideas.append("kontra" if action.level == 1 else "rekontra")
    if isinstance(action, Exchange):
        ideas.append("exchange")
    if isinstance(action, (Declare, DeclareMelds)):
        ideas.append("melds")
    if isinstance(action, Play):
        ideas.append("play")
        if game.trick_no == game.rules.hand_size - 1:
            ideas.append("last-trick")
    return [i for i in ideas if i not in known]


def _after(events: tuple[object, ...], known: set[str]) -> list[str]:
    """The ideas the events of a step show for the first time."""
    ideas = []
    for ev in events:
        if isinstance(ev, PickedUp):
            ideas.append("pick-up")
        elif isinstance(ev, TrickWon):
            ideas.append("trick")
        elif isinstance(ev, HandOver):
            ideas.append("settlement")
    return [i for i in dict.fromkeys(ideas) if i not in known]


def lesson(record: Record, seat: int | None = None, *, rules: Ruleset | None = None) -> Lesson:
    """The lesson of the whole hand ``record`` for the learner ``seat`` (default: the
    hand's declarer, else the first seat to act).

    :raises LessonError: the record is not a whole hand to its end, or ``seat`` is
        not in play.
    """
    rules = record.rules() if rules is None else rules
    if record.view is not None:
        raise LessonError("a lesson replays a whole hand; a seat record holds no deal")
    game = record.new_game(rules)
    first = game.to_act
    end = record.replay(rules)
    if not end.is_over:
        raise LessonError("a lesson needs a hand played to its settlement")
    learner = seat if seat is not None else (end.declarer if end.declarer is not None else first)
    if learner not in game.active:
        raise LessonError(f"seat {learner!r} is not in play; seats in play: {list(game.active)}")
    known = {"deal"}
    steps = []
    for actor, action in record.actions:
        before = _before(game, action, known)
        known.update(before)
        asks = actor == learner and len(game.legal_actions()) > 1
        events = game.apply(action, seat=actor)
        after = _after(tuple(events), known)
        known.update(after)
        steps.append(LessonStep(actor, action, tuple(before), tuple(after), asks))
    return Lesson(rules, record, learner, tuple(steps))
