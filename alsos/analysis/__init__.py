"""Analysis of played hands: what each decision was worth, and hints.

:func:`analyze` takes a finished (or unfinished) hand, a
:class:`~alsos.Record` or a :class:`~alsos.Game`, and judges every decision
(every turn with more than one legal action) with two kinds of value, each
labelled:

* **open-card** (``"open-card"``): every card open, as bridge players'
  double-dummy analysis: the exact value of every legal card from the
  solver (:mod:`alsos.search.solver`), where the solver handles the
  position (from the second trick, or the first where it carries no
  speech);
* **from the seat's view** (``"view"``): perfect-information Monte Carlo
  estimates with a 95% interval, from what the deciding seat knew at that
  moment, for every kind of action (bids, announcements, kontras, calls,
  the exchange, síber and cards).

Each judgement names the best alternative, the cost of the action taken
and a mark (:class:`Thresholds`).  :func:`hint` suggests an action to a
seat from its view, and :func:`~alsos.analysis.reasons.why` says what it
changes against the next best (:class:`~alsos.analysis.reasons.Why`).
:func:`report` writes an analysis as text, one line per decision.  See
docs/analysis.rst.
"""

from __future__ import annotations

from alsos.analysis.core import (
    KINDS,
    MARKS,
    Analysis,
    AnalysisError,
    Choice,
    Decision,
    Hint,
    Judgement,
    SeatSummary,
    Thresholds,
    analyze,
    hint,
    start_of,
)
from alsos.analysis.reasons import THEMES, Why, why
from alsos.analysis.report import report

__all__ = [
    "KINDS",
    "MARKS",
    "THEMES",
    "Analysis",
    "AnalysisError",
    "Choice",
    "Decision",
    "Hint",
    "Judgement",
    "SeatSummary",
    "Thresholds",
    "Why",
    "analyze",
    "hint",
    "report",
    "start_of",
    "why",
]
