"""Puzzles: decisions of real hands where one choice is clearly best, to be solved again.

A :class:`Puzzle` is one decision of a hand seen as its seat saw it (a seat
record, :meth:`Record.for_seat <alsos.Record.for_seat>`: never the deal), the
choice that is best, every choice's value, what the best changes against the
alternative (:class:`~alsos.analysis.reasons.Why`), its theme and a difficulty.

**How "clearly best" is decided.**  Every value is the seat's payment
averaged over worlds sampled from its view (as :func:`alsos.analysis.hint`
values a position), so a puzzle never rests on cards the seat could not know:

1. *screen*: ``screen`` worlds (a cheap first look) must put one choice at
   least ``margin`` stakes above the next (for a player's own hand: above
   the choice the player made);
2. *value*: ``worlds`` fresh worlds value every choice again: the same choice
   must be best, its paired lead over the next best at least half of
   ``margin`` on average, with a 95% interval above 0;
3. *check*: ``worlds`` more worlds, from an independent random stream, must
   agree in the same way.  :func:`~alsos.learn.check` values a position again
   for any seed, and :func:`~alsos.learn.confirmed` says whether the answer is
   best there, so anyone can test a puzzle's answer again (the tests do, with
   seeds of their own).

Where every world's value is exact (the play, with no more tricks left than
the solver takes on, ``SOLVER_TRICKS``) and the answer is best in each world
of both samplings, the puzzle is ``exact``: best whatever the hidden cards
are among those tried, not only on average.

**Difficulty** is the weakest shipped level that finds the answer from the
same view (:data:`alsos.bots.levels.LEVELS`): 1 ``medium``, 2 ``hard``,
3 ``expert``, 4 none of them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence

from attrs import frozen

from alsos.analysis import Choice, start_of
from alsos.analysis.reasons import Why, why
from alsos.analysis.values import mean_interval, sample_values
from alsos.bots import make, play_on
from alsos.errors import SearchError
from alsos.pack.actions import Action
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.play.view import View
from alsos.records.record import Record
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import Ruleset

__all__ = [
    "LEVELS_TRIED",
    "SOLVER_TRICKS",
    "Check",
    "Puzzle",
    "PuzzleError",
    "check",
    "confirmed",
    "find_puzzles",
    "generate",
    "puzzle_at",
    "unique",
]

#: The shipped levels asked for the answer, weakest first: the difficulty is one
#: more than the index of the first that finds it (4: none does).
LEVELS_TRIED = ("medium", "hard", "expert")
#: Tricks left from which a world's value is the solver's, exact.
SOLVER_TRICKS = 3


class PuzzleError(SearchError):
    """A puzzle cannot be made or read (the message says what and what is allowed)."""


@frozen
class Check:
    """One sampling of a puzzle's position: the best choice, its margin over the next
    best (mean and 95% interval, paired over the same worlds), and whether the best
    was at least as good as every other choice in each world."""

    best: Action
    margin: float
    low: float
    high: float
    worlds: int
    every_world: bool
    choices: tuple[Choice, ...]

    @property
    def holds(self) -> bool:
        """The best is clearly best here: its margin's interval lies above 0."""
        return self.low > 0


@frozen
class Puzzle:
    """One decision to solve (module docs).

    ``position``: the seat record at the decision (what ``seat`` knew, its
    legal actions included); ``step``: the decision's index in the hand's
    history.  ``answer``: the best choice; ``choices``: every choice valued
    (best first, from the *value* sampling); ``margin``/``margin_low``: the
    answer's lead over the next best and its 95% lower bound; ``check_low``:
    that lower bound in the independent *check*.  ``worlds``: worlds per
    sampling.  ``exact``: module docs.  ``why``: what the answer changes
    against ``played`` when that was another choice, else against the next
    best.  ``played``: the choice made in the hand (None where the hand did
    not go on).  ``source``: ``"hand"`` (a player's) or ``"bots"`` (a
    generated set).
    """

    id: str
    variant: str
    seat: int
    step: int
    position: Record
    answer: Action
    choices: tuple[Choice, ...]
    margin: float
    margin_low: float
    check_low: float
    worlds: int
    exact: bool
    why: Why
    difficulty: int
    played: Action | None = None
    source: str = "hand"

    @property
    def view(self) -> View:
        """What the seat knew (the position's view)."""
        view = self.position.view
        assert view is not None
        return view

    @property
    def theme(self) -> str:
        """The puzzle's theme (:data:`alsos.analysis.reasons.THEMES`)."""
        return self.why.theme

    @property
    def legal(self) -> tuple[Action, ...]:
        """The choices the seat had."""
        return self.view.legal


def _rng(kind: str, seed: int, step: int) -> random.Random:
    return random.Random(f"alsos-puzzle:{kind}:{seed}:{step}")


def check(
    view: View,
    seed: int,
    *,
    worlds: int = 24,
    legal: Sequence[Action] | None = None,
    stream: str = "check",
) -> Check:
    """Value the choices of ``view`` (its seat to act) in ``worlds`` worlds sampled
    with ``seed``: the best, its margin over the next best, and whether it was
    best in every world (module docs: step 2 and 3).  ``stream`` names the random
    stream: a puzzle's own two samplings use ``"value"`` and ``"check"``, so
    another check with the same seed still draws other worlds than its value.

    :raises PuzzleError: the seat is not to act, has one choice, or no world fits.
    """
    legal = tuple(view.legal if legal is None else legal)
    if len(legal) < 2:
        raise PuzzleError(f"seat {view.seat} has {len(legal)} legal action(s); a puzzle needs two")
    samples, searched = sample_values(
        view,
        legal,
        _rng(stream, seed, len(view.history)),
        worlds=worlds,
        solver_tricks=SOLVER_TRICKS,
    )
    if not searched:
        raise PuzzleError("no world consistent with the seat's view could be sampled")
    stats = {a: mean_interval(v) for a, v in samples.items()}
    choices = tuple(sorted((Choice(a, *stats[a]) for a in legal), key=lambda c: -c.value))
    best, second = choices[0].action, choices[1].action
    diffs = [b - s for b, s in zip(samples[best], samples[second], strict=True)]
    margin, low, high = mean_interval(diffs)
    every = all(samples[best][i] >= samples[a][i] for a in legal for i in range(searched))
    return Check(best, margin, low, high, searched, every, choices)


def confirmed(p: Puzzle, seed: int) -> bool:
    """Whether ``p``'s answer is best again in ``p.worlds`` worlds sampled from its
    position with ``seed`` (:func:`check`): anyone's test of a puzzle."""
    return check(p.view, seed, worlds=p.worlds).best == p.answer


def _screened(
    view: View,
    played: Action | None,
    seed: int,
    step: int,
    *,
    screen: int,
    margin: float,
    mistakes_only: bool,
) -> bool:
    """The cheap first look (module docs, step 1)."""
    samples, searched = sample_values(
        view, view.legal, _rng("screen", seed, step), worlds=screen, solver_tricks=SOLVER_TRICKS
    )
    if searched < 2:
        return False
    means = {a: sum(v) / searched for a, v in samples.items()}
    ranked = sorted(means, key=lambda a: -means[a])
    if mistakes_only:
        return (
            played is not None
            and played != ranked[0]
            and (means[ranked[0]] - means[played] >= margin)
        )
    return means[ranked[0]] - means[ranked[1]] >= margin


def _difficulty(view: View, answer: Action, seed: int) -> int:
    for i, level in enumerate(LEVELS_TRIED):
        if make(level, seed=seed).choose(view, view.legal) == answer:
            return i + 1
    return len(LEVELS_TRIED) + 1


def puzzle_at(
    game: Game,
    played: Action | None = None,
    *,
    step: int | None = None,
    seed: int = 0,
    worlds: int = 24,
    screen: int = 8,
    margin: float = 2.0,
    mistakes_only: bool = False,
    source: str = "hand",
) -> Puzzle | None:
    """The puzzle of the decision ``game`` waits for, or None where no choice is
    clearly best (module docs).  ``played``: the choice made there, if known;
    with ``mistakes_only`` only a position where it was not the best counts.
    Only the view of the seat to act is read.
    """
    seat = game.to_act
    if seat is None or game.is_over or len(game.legal_actions()) < 2:
        return None
    step = len(game.history) if step is None else step
    position = Record.from_game(game, seat=seat)
    view = position.view
    assert view is not None
    if not _screened(
        view, played, seed, step, screen=screen, margin=margin, mistakes_only=mistakes_only
    ):
        return None
    first = check(view, seed, worlds=worlds, stream="value")
    second = check(view, seed, worlds=worlds)
    answer = first.best
    if not all(c.best == answer and c.holds and c.margin >= margin / 2 for c in (first, second)):
        return None
    if mistakes_only and played == answer:
        return None
    alt = played if played is not None and played != answer else first.choices[1].action
    value = {c.action: c.value for c in first.choices}
    reason = why(view, answer, alt, _rng("why", seed, step), gain=value[answer] - value[alt])
    exact = (
        view.phase is Phase.PLAY
        and game.rules.hand_size - game.trick_no <= SOLVER_TRICKS
        and first.every_world
        and second.every_world
    )
    ident = hashlib.sha256(f"{position.dumps()}|{answer}".encode()).hexdigest()[:12]
    return Puzzle(
        ident,
        str(game.rules),
        seat,
        step,
        position,
        answer,
        first.choices,
        first.margin,
        first.low,
        second.low,
        worlds,
        exact,
        reason,
        _difficulty(view, answer, seed),
        played,
        source,
    )


def find_puzzles(
    subject: Record | Game,
    *,
    seat: int | None = None,
    mistakes_only: bool = True,
    seed: int = 0,
    worlds: int = 24,
    screen: int = 8,
    margin: float = 2.0,
    source: str = "hand",
    allow_files: bool = False,
) -> list[Puzzle]:
    """The puzzles of a hand (a :class:`~alsos.Record` or a :class:`~alsos.Game`), in
    the order of its decisions: by default its mistakes and blunders, the
    decisions where the choice made was clearly not the best (``margin``
    stakes or more, module docs); with ``mistakes_only=False`` every decision
    where one choice is clearly best.  ``seat``: that seat's decisions only.

    :raises PuzzleError: (via :class:`~alsos.analysis.AnalysisError`, a
        :class:`~alsos.errors.SearchError`) for what is not a whole hand.
    """
    game, actions = start_of(subject, allow_files)
    out = []
    for step, (actor, action) in enumerate(actions):
        if seat is None or actor == seat:
            p = puzzle_at(
                game,
                action,
                step=step,
                seed=seed,
                worlds=worlds,
                screen=screen,
                margin=margin,
                mistakes_only=mistakes_only,
                source=source,
            )
            if p is not None:
                out.append(p)
        game.apply(action, seat=actor)
    return out


def unique(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """``puzzles`` without repeats (the same position and answer), in order."""
    seen: set[str] = set()
    out = []
    for p in puzzles:
        if p.id not in seen:
            seen.add(p.id)
            out.append(p)
    return out


def generate(
    rules: Ruleset | str,
    *,
    hands: int,
    seed: int = 0,
    bots: str = "medium",
    worlds: int = 24,
    screen: int = 8,
    margin: float = 2.0,
) -> list[Puzzle]:
    """A reproducible set of puzzles from ``hands`` hands played by ``bots`` at every
    seat (deals ``seed``, ``seed + 1``, ...): every decision where one choice is
    clearly best (module docs), repeats dropped.  The same arguments give the same
    puzzles.

    :raises PuzzleError: for a number of hands below 1.
    """
    if hands.__class__ is not int or hands < 1:
        raise PuzzleError(f"hands must be a whole number of 1 or more, got {hands!r}")
    rules = load_variant(rules) if isinstance(rules, str) else rules
    out: list[Puzzle] = []
    for i in range(hands):
        deal = seed + i
        game = Game(rules, seed=deal)
        play_on(game, {s: make(bots, seed=deal * 10 + s) for s in game.active})
        out.extend(
            find_puzzles(
                game,
                mistakes_only=False,
                seed=deal,
                worlds=worlds,
                screen=screen,
                margin=margin,
                source="bots",
            )
        )
    return unique(out)
