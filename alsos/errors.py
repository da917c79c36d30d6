"""The errors alsos raises, in families: catch one family, or :class:`AlsosError` for all.

Every error class alsos defines for something it was given -- a profile, a
record, an action, a bot spec, a study's settings -- is an :class:`AlsosError`,
so still the :class:`ValueError` each was before these families existed, and
belongs to exactly one family: :class:`RulesetError`, :class:`NotationError`,
:class:`ActionError`, :class:`BotError`, :class:`SearchError`,
:class:`ResearchError`, :class:`RLError` or :class:`WebError`.  Each family
names its classes; the classes live with the code that raises them
(:class:`~alsos.ruleset.profile.ProfileError` in :mod:`alsos.ruleset.profile`,
...) and are imported from there as before.  A family is raised itself where
no finer class fits: a seat not at the table is an ``ActionError``, an option
value a bot refuses a ``BotError``, an unknown record format a
``NotationError``.

Not in a family, because they are not about what was given:
:class:`~alsos.play.game.ConcurrentUseError` (a :class:`RuntimeError`: a game
used from two threads at once), :class:`~alsos.research.parallel.Terminated`
(a :class:`KeyboardInterrupt`: SIGTERM) and the web table's ``PlyTaken`` (an
:class:`Exception` one server process signals to itself).  Some checks of
arguments still raise a plain :class:`ValueError` (a dealer that is not a
seat, a session that is over); ``except ValueError`` catches those too.

This module imports nothing from alsos: it sits below every layer, so any
module can name a family.
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "AlsosError",
    "BotError",
    "NotationError",
    "RLError",
    "ResearchError",
    "RulesetError",
    "SearchError",
    "WebError",
]


class AlsosError(ValueError):
    """Any error alsos raises about what it was given (a :class:`ValueError`).

    Its subclasses are the families below; ``except alsos.AlsosError`` catches
    every one of them, and ``except ValueError`` still does too.
    """


class RulesetError(AlsosError):
    """A ruleset that cannot be made: a profile the loader refuses, a rule module
    no package provides, or one that does not fit its family.

    Its classes: :class:`~alsos.ruleset.profile.ProfileError`,
    :class:`~alsos.ruleset.registry.UnknownModuleError`,
    :class:`~alsos.hand.protocol.ModuleCheckError`.
    """


class NotationError(AlsosError):
    """Text or data in one of alsos's notations that cannot be read, written or
    replayed: cards, actions, history steps, deals, records, language codes and the JSON of
    :func:`~alsos.play.data.to_data` (raised itself for a record format that is
    none of them).

    Its classes: :class:`~alsos.pack.cards.CardParseError`,
    :class:`~alsos.pack.actions.ActionParseError`, :class:`~alsos.StepParseError`,
    :class:`~alsos.DealError`, :class:`~alsos.records.record.RecordError`,
    :class:`~alsos.play.data.DataError`, :class:`~alsos.language.LanguageError`,
    :class:`~alsos.learn.LessonError`.
    """


class ActionError(AlsosError):
    """An action or a seat refused: an action not legal now, one outside a
    ruleset's action space, an undo that cannot be done, a seat not at the table
    (raised itself).  The game is left as it was.

    Its classes: :class:`~alsos.play.game.IllegalActionError`,
    :class:`~alsos.rl.UnknownActionError`, :class:`~alsos.analysis.undo.UndoRefused`.
    """


class BotError(AlsosError):
    """A bot that cannot be made or cannot play: an unknown name or option, an
    option value the bot refuses (``pimc(worlds=0)``, raised itself), a learned
    policy's file or network that does not fit, an OpenSpiel bot's illegal answer.

    Its classes: :class:`~alsos.bots.UnknownBotError`,
    :class:`~alsos.bots.BotOptionError`, :class:`~alsos.rl.sb3.PolicyBotError`,
    :class:`~alsos.rl.learned.UntrainedProfileError`,
    :class:`~alsos.interop.OpenSpielBotError`.
    """


class SearchError(AlsosError):
    """A position or view the search cannot work on: the solver, the sampling of
    the worlds a view allows, and the analysis of a played hand built on them (and
    the puzzles made from it).

    Its classes: :class:`~alsos.search.solver.SolveError`,
    :class:`~alsos.search.determinize.DeterminizeError`,
    :class:`~alsos.analysis.AnalysisError`, :class:`~alsos.learn.PuzzleError`.
    """


class ResearchError(AlsosError):
    """A study, arena, benchmark or tournament that cannot go on as asked: its
    settings, its checkpoint or output files, its parallel backend, its
    statistics, its results, boards or movement.

    Its classes: :class:`~alsos.research.arena.ArenaError`,
    :class:`~alsos.compete.scoring.CompeteError`,
    :class:`~alsos.research.simulate.SimulateError`,
    :class:`~alsos.research.checkpoint.CheckpointError`,
    :class:`~alsos.research.checkpoint.OutputError`,
    :class:`~alsos.research.parallel.ParallelError`,
    :class:`~alsos.research.row_files.RowFileError`,
    :class:`~alsos.research.stats.StatsError`.
    """


class RLError(AlsosError):
    """What the learning interfaces (Gymnasium, PettingZoo, OpenSpiel) cannot
    provide: an information state longer than its encoding holds, a reward scale,
    an observation type.

    Its classes: :class:`~alsos.rl.RecallOverflowError`,
    :class:`~alsos.rl.rewards.RewardScaleError`,
    :class:`~alsos.openspiel.ObserverTypeError`.
    """


class WebError(AlsosError):
    """The web table and the HTML pages: a table that cannot be made as asked, a
    name a person cannot take, a message that is not JSON, a viewer page that
    cannot be drawn, a puzzle rating that cannot be worked out.

    Its classes: ``alsos.web.room.TableError``, ``alsos.web.room.SeatNameError``,
    ``alsos.web.guard.NotJSON``, :class:`~alsos.viewer.ViewerError`,
    :class:`~alsos.web.ratings.RatingError`,
    :class:`~alsos.web.accounts.AccountError`.
    """
