"""What each decision of a hand was worth: :func:`analyze`, :func:`hint` and their results.

See the package text (:mod:`alsos.analysis`) and docs/analysis.rst for what
the values mean.  The results are frozen attrs classes of plain values, so
:func:`alsos.to_data` turns them into JSON-ready data.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import field, frozen

from alsos.analysis.reasons import Why, why
from alsos.analysis.values import POLICIES, OpenCard, mean_interval, view_values
from alsos.errors import SearchError
from alsos.language import N_, Said
from alsos.pack.actions import Action, Play
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.records.record import Record, RecordError
from alsos.search import SolveError

__all__ = [
    "KINDS",
    "MARKS",
    "Analysis",
    "AnalysisError",
    "Choice",
    "Decision",
    "Hint",
    "Judgement",
    "SeatSummary",
    "Thresholds",
    "analyze",
    "hint",
    "start_of",
]

#: The kinds of value, as labelled in the results.
OPEN_CARD = "open-card"
VIEW = "view"
KINDS = (OPEN_CARD, VIEW)
#: The marks, from the best choice to the worst.
MARKS = ("best", "inaccuracy", "mistake", "blunder")


class AnalysisError(SearchError):
    """What was given cannot be analysed (the message says what and what is allowed)."""


@frozen
class Thresholds:
    """The costs (in stakes) at which a choice is marked.

    Cost 0: ``best``; above 0 and below ``mistake``: ``inaccuracy``; at least
    ``mistake`` and below ``blunder``: ``mistake``; at least ``blunder``:
    ``blunder``.  The defaults: a declarer's game lost against two
    defenders swings 4 stakes (a blunder), one stake each way for each
    defender is 2 (a mistake).
    """

    mistake: float = 2.0
    blunder: float = 4.0

    def __attrs_post_init__(self) -> None:
        if not 0 < self.mistake <= self.blunder:
            raise AnalysisError(
                f"thresholds must satisfy 0 < mistake <= blunder, got mistake={self.mistake!r}, "
                f"blunder={self.blunder!r}"
            )

    def mark(self, cost: float) -> str:
        """The mark of a choice that cost ``cost`` stakes against the best."""
        if cost <= 1e-9:
            return "best"
        if cost < self.mistake:
            return "inaccuracy"
        if cost < self.blunder:
            return "mistake"
        return "blunder"


@frozen
class Choice:
    """One legal action and its value for the deciding seat (stakes).

    ``low`` and ``high``: the 95% interval of a view value (None for an
    exact open-card value).
    """

    action: Action
    value: float
    low: float | None = None
    high: float | None = None


@frozen
class Judgement:
    """One kind of value of one decision (``kind``: ``"open-card"`` or ``"view"``).

    ``choices``: every alternative valued, best first.  ``played``: the value
    of the action taken; ``best``, ``best_value``: the best alternative (the
    action taken when it ties the best); ``cost``: ``best_value - played``,
    never negative.  For view values ``cost_low``/``cost_high`` is the 95%
    interval of the cost, the paired difference over the same worlds;
    ``worlds`` counts them (0 for open-card values).  ``mark``: see
    :class:`Thresholds` (a view cost whose interval reaches 0 is ``best``).
    """

    kind: str
    choices: tuple[Choice, ...]
    played: float
    best: Action
    best_value: float
    cost: float
    mark: str
    cost_low: float | None = None
    cost_high: float | None = None
    worlds: int = 0

    @property
    def worst_value(self) -> float:
        return min(c.value for c in self.choices)


@frozen
class Decision:
    """One decision: a turn with more than one legal action.

    ``step``: its index in the hand's history; ``trick``: the trick it was
    made in (1 for the first; 0 before the play).  ``open_card`` and ``view``
    are the two kinds of value (None where not available, ``notes`` says
    why).
    """

    step: int
    seat: int
    phase: str
    trick: int
    action: Action
    legal: int
    open_card: Judgement | None = None
    view: Judgement | None = None
    notes: tuple[str, ...] = ()

    def judgement(self, kind: str) -> Judgement | None:
        return self.open_card if kind == OPEN_CARD else self.view


@frozen
class SeatSummary:
    """One seat's decisions judged by one kind of value.

    ``decisions``: the decisions judged; ``total_cost``: the sum of their
    costs; ``accuracy``: the mean over the decisions whose alternatives were
    not all worth the same of ``(played - worst) / (best - worst)``, as a
    percentage (100: always the best; 0: always the worst; None: no
    decision mattered).
    """

    seat: int
    kind: str
    decisions: int
    total_cost: float
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float | None


@frozen
class Analysis:
    """Every decision of a hand (or of one seat) judged, with a summary per seat and kind."""

    variant: str
    seat: int | None
    seed: int
    worlds: int
    policy: str
    thresholds: Thresholds
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...]
    payments: tuple[tuple[int, int], ...] = field(default=())

    def summary(self, seat: int, kind: str = OPEN_CARD) -> SeatSummary | None:
        for s in self.summaries:
            if s.seat == seat and s.kind == kind:
                return s
        return None


@frozen
class Hint:
    """The suggested action for a seat from its own view, its value and the next best.

    ``choices``: every legal action valued (best first), from ``worlds``
    worlds sampled from the seat's view.  ``next_best``/``next_value``: None
    when only one action is legal.  ``why``: what the suggested action changes
    against the next best in hands played on from the same view
    (:func:`~alsos.analysis.reasons.why`), None with one legal action or when not
    asked for.
    """

    seat: int
    action: Action
    value: float
    low: float
    high: float
    next_best: Action | None
    next_value: float | None
    choices: tuple[Choice, ...]
    worlds: int
    why: Why | None = None


# ------------------------------------------------------------------ judging


def _judge_exact(
    kind: str, values: dict[Action, float], played: Action, th: Thresholds
) -> Judgement:
    choices = tuple(
        sorted((Choice(a, float(v)) for a, v in values.items()), key=lambda c: -c.value)
    )
    best_value = choices[0].value
    mine = float(values[played])
    best = played if mine >= best_value else choices[0].action
    cost = best_value - mine
    return Judgement(kind, choices, mine, best, best_value, cost, th.mark(cost))


def _judge_view(
    samples: dict[Action, list[float]], worlds: int, played: Action, th: Thresholds
) -> Judgement:
    stats = {a: mean_interval(v) for a, v in samples.items()}
    choices = tuple(sorted((Choice(a, *stats[a]) for a in samples), key=lambda c: -c.value))
    best_value = choices[0].value
    mine = stats[played][0]
    best = played if mine >= best_value - 1e-9 else choices[0].action
    diffs = [b - p for b, p in zip(samples[best], samples[played], strict=True)]
    cost, low, high = mean_interval(diffs)
    cost = max(cost, 0.0)
    mark = "best" if low <= 0 else th.mark(cost)
    return Judgement(VIEW, choices, mine, best, best_value, cost, mark, low, high, worlds)


# ------------------------------------------------------------------ analyze


def start_of(
    subject: Record | Game, allow_files: bool = False
) -> tuple[Game, tuple[tuple[int, Action], ...]]:
    """A game at the start of the hand ``subject`` (a whole record, or a game) and the
    actions taken in it, to be replayed one by one.

    :raises AnalysisError: for a seat record (it holds no deal) or a record that
        cannot be replayed.
    """
    if isinstance(subject, Record):
        if subject.view is not None:
            raise AnalysisError(
                Said(
                    N_(
                        "a seat record holds no deal, so its hand cannot be replayed for "
                        "analysis; give the whole record"
                    )
                )
            )
        try:
            return subject.new_game(allow_files=allow_files), subject.actions
        except RecordError as e:
            raise AnalysisError(
                Said(N_("cannot replay the record: {error}"), error=str(e))
            ) from None
    if isinstance(subject, Game):
        s = subject.state
        start = Game(
            subject.rules, deal=subject.deal, dealer=subject.dealer,
            declared_before=s.declared_before,
        )  # fmt: skip
        return start, subject.history
    raise AnalysisError(
        f"analyze takes an alsos.Record or an alsos.Game, not a {type(subject).__name__}"
    )


def _check_options(worlds: int, policy: str, seat: int | None, game: Game) -> None:
    if worlds.__class__ is not int or worlds < 0:
        raise AnalysisError(
            Said(
                N_("worlds must be a whole number of 0 or more, got {worlds}"), worlds=repr(worlds)
            )
        )
    if policy not in POLICIES:
        raise AnalysisError(
            f"policy {policy!r} is not known; the policies are {', '.join(POLICIES)}"
        )
    if seat is not None and (seat.__class__ is not int or seat not in game.active):
        raise AnalysisError(
            Said(
                N_("seat {seat} is not in play; seats in play: {seats}"),
                seat=repr(seat),
                seats=str(list(game.active)),
            )
        )


def _rng(seed: int, step: int) -> random.Random:
    """The random generator of one decision: its values do not depend on which
    other decisions are analysed."""
    return random.Random(f"alsos-analysis:{seed}:{step}")


def analyze(
    subject: Record | Game,
    *,
    seat: int | None = None,
    open_card: bool = True,
    open_card_tricks: int | None = None,
    worlds: int = 16,
    policy: str = "heuristic",
    solver_tricks: int = 3,
    seed: int = 0,
    thresholds: Thresholds | None = None,
    allow_files: bool = False,
) -> Analysis:
    """Judge every decision of a hand (a :class:`~alsos.Record` or a :class:`~alsos.Game`).

    ``seat``: only that seat's decisions (default: every seat's).
    ``open_card``: value card plays exactly with every card open (the
    solver), with at most ``open_card_tricks`` tricks left to play (None:
    wherever the solver can start; a profile whose scoring the solver keys
    exactly, such as Altiansz, is slow to solve from the second trick).
    ``worlds``: worlds sampled from the deciding seat's view per
    decision (0: no view values); the hand after each action is played out
    by ``policy`` (``"heuristic"``, with the solver for the last
    ``solver_tricks`` tricks, or ``"pimc"``, much slower).  ``seed`` makes
    the view values reproducible.  ``allow_files``: a record may name a
    profile file (for the local user's own files).

    :raises AnalysisError: (a :class:`~alsos.errors.SearchError`) for something that is not a
        hand, a seat record, a seat not in play or a bad option.
    """
    th = Thresholds() if thresholds is None else thresholds
    game, actions = start_of(subject, allow_files)
    _check_options(worlds, policy, seat, game)
    if open_card_tricks is not None and (
        open_card_tricks.__class__ is not int or open_card_tricks < 0
    ):
        raise AnalysisError(
            f"open_card_tricks must be a whole number of 0 or more (or None), "
            f"got {open_card_tricks!r}"
        )
    oc = OpenCard() if open_card else None
    hand_size = game.rules.hand_size
    decisions = []
    for step, (actor, action) in enumerate(actions):
        legal = game.legal_actions()
        if len(legal) > 1 and (seat is None or actor == seat):
            solver = oc
            if open_card_tricks is not None and hand_size - game.trick_no > open_card_tricks:
                solver = None
            decisions.append(
                _decide(game, step, actor, action, legal, solver,
                        worlds, policy, solver_tricks, seed, th)
            )  # fmt: skip
        game.apply(action, seat=actor)
    seats = game.active if seat is None else (seat,)
    summaries = tuple(_summary(t, kind, decisions) for t in seats for kind in KINDS)
    settlement = game.settlement
    payments = () if settlement is None else tuple(sorted(settlement.payments.items()))
    return Analysis(
        str(game.rules), seat, seed, worlds, policy, th, tuple(decisions), summaries, payments
    )


def _decide(
    game: Game,
    step: int,
    seat: int,
    action: Action,
    legal: Sequence[Action],
    oc: OpenCard | None,
    worlds: int,
    policy: str,
    solver_tricks: int,
    seed: int,
    th: Thresholds,
) -> Decision:
    notes = []
    open_j = view_j = None
    if oc is not None:
        why = oc.available(game)
        if why is None and action.__class__ is not Play:
            why = f"{action} is not a card; the solver values cards only"
        if why is None:
            try:
                open_j = _judge_exact(OPEN_CARD, oc.values(game, seat), action, th)
            except SolveError as e:
                why = str(e)
        if why is not None:
            notes.append(f"open-card: not available: {why}")
    if worlds:
        samples, searched = view_values(
            game, seat, legal, _rng(seed, step), worlds=worlds, policy=policy,
            solver_tricks=solver_tricks,
        )  # fmt: skip
        if searched:
            view_j = _judge_view(samples, searched, action, th)
        else:
            notes.append("view: not available: no world consistent with the view was sampled")
    trick = game.trick_no + 1 if game.phase is Phase.PLAY else game.trick_no
    return Decision(
        step, seat, str(game.phase), trick, action, len(legal), open_j, view_j, tuple(notes)
    )


def _summary(seat: int, kind: str, decisions: Sequence[Decision]) -> SeatSummary:
    judged = [j for d in decisions if d.seat == seat and (j := d.judgement(kind)) is not None]
    marks = [j.mark for j in judged]
    shares = [
        (j.played - j.worst_value) / (j.best_value - j.worst_value)
        for j in judged
        if j.best_value - j.worst_value > 1e-9
    ]
    accuracy = 100 * sum(shares) / len(shares) if shares else None
    return SeatSummary(
        seat, kind, len(judged), sum(j.cost for j in judged),
        marks.count("inaccuracy"), marks.count("mistake"), marks.count("blunder"), accuracy,
    )  # fmt: skip


# --------------------------------------------------------------------- hint


def hint(
    game: Game,
    seat: int | None = None,
    *,
    worlds: int = 16,
    policy: str = "heuristic",
    solver_tricks: int = 3,
    seed: int = 0,
    explain: bool = True,
) -> Hint:
    """The action to suggest to ``seat`` (default: the seat to act) from its own view.

    Every legal action is valued in ``worlds`` worlds sampled from the seat's
    :class:`~alsos.View` (never from the real deal, so a hint gives nothing
    away), as :func:`analyze` values decisions from the view; the best and
    the next best are returned with their values and 95% intervals, and
    (``explain``) what the best changes against the next best
    (:class:`~alsos.analysis.reasons.Why`).

    :raises AnalysisError: the hand is over, it is not ``seat``'s turn, or a bad option.
    """
    if game.is_over:
        raise AnalysisError(Said(N_("the hand is over: there is no action to suggest")))
    to_act = game.to_act
    seat = to_act if seat is None else seat
    assert seat is not None
    _check_options(worlds, policy, seat, game)
    if worlds < 1:
        raise AnalysisError(f"a hint needs at least one world, got worlds={worlds!r}")
    if seat != to_act:
        raise AnalysisError(f"it is seat {to_act}'s turn, not seat {seat}'s")
    legal = game.legal_actions()
    samples, searched = view_values(
        game, seat, legal, _rng(seed, len(game.history)), worlds=worlds, policy=policy,
        solver_tricks=solver_tricks,
    )  # fmt: skip
    if not searched:
        raise AnalysisError(Said(N_("no world consistent with the seat's view could be sampled")))
    stats = {a: mean_interval(v) for a, v in samples.items()}
    choices = tuple(sorted((Choice(a, *stats[a]) for a in legal), key=lambda c: -c.value))
    top = choices[0]
    assert top.low is not None and top.high is not None
    second = choices[1] if len(choices) > 1 else None
    reason = None
    if explain and second is not None:
        rng = random.Random(f"alsos-why:{seed}:{len(game.history)}")
        reason = why(game.view(seat), top.action, second.action, rng,
                     gain=top.value - second.value)  # fmt: skip
    return Hint(
        seat, top.action, top.value, top.low, top.high,
        None if second is None else second.action,
        None if second is None else second.value,
        choices, searched, reason,
    )  # fmt: skip
