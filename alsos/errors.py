"""The errors alsos raises, in families: catch one family, or :class:`AlsosError` for all.

Every error class alsos defines for something it was given -- a profile, a
record, an action, a bot spec, a study's settings -- is an :class:`AlsosError`,
so still the :class:`ValueError` each was before these families existed, and
belongs to exactly one family below.  The classes themselves live with the
code that raises them (:class:`~alsos.ruleset.profile.ProfileError` in
:mod:`alsos.ruleset.profile`, ...) and are imported from there as before::

    AlsosError (ValueError)
      RulesetError    ProfileError, UnknownModuleError, ModuleCheckError
      NotationError   CardParseError, ActionParseError, DealError, RecordError, DataError
      ActionError     IllegalActionError, UnknownActionError, UndoRefused
      BotError        UnknownBotError, BotOptionError, PolicyBotError,
                      UntrainedProfileError, OpenSpielBotError
      SearchError     SolveError, DeterminizeError, AnalysisError
      ResearchError   ArenaError, SimulateError, CheckpointError, OutputError,
                      ParallelError, RowFileError, StatsError
      RLError         RecallOverflowError, RewardScaleError, ObserverTypeError
      WebError        TableError, NotJSON, ViewerError

A family is raised itself where no finer class fits: a seat not at the table is
an ``ActionError``, an option value a bot refuses a ``BotError``, an unknown
record format a ``NotationError``.

Not in the tree, because they are not about what was given:
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
    """A ruleset that cannot be made: a profile the loader refuses
    (:class:`~alsos.ruleset.profile.ProfileError`), a rule module no package
    provides or one that does not fit its family."""


class NotationError(AlsosError):
    """Text or data in one of alsos's notations that cannot be read, written or
    replayed: cards, actions, deals, records
    (:class:`~alsos.records.record.RecordError`) and the JSON of
    :func:`~alsos.play.data.to_data`; a record format that is none of them (raised
    as ``NotationError`` itself)."""


class ActionError(AlsosError):
    """An action or a seat refused: an action not legal now
    (:class:`~alsos.play.game.IllegalActionError`), one outside a ruleset's action
    space, an undo that cannot be done, a seat not at the table (raised as
    ``ActionError`` itself).  The game is left as it was."""


class BotError(AlsosError):
    """A bot that cannot be made or cannot play: an unknown name or option, an
    option value the bot refuses (``pimc(worlds=0)``, raised as ``BotError``
    itself), a learned policy's file or network that does not fit, an OpenSpiel
    bot's illegal answer."""


class SearchError(AlsosError):
    """A position or view the search cannot work on: the solver, the sampling of
    worlds a view allows, and the analysis of a played hand built on them."""


class ResearchError(AlsosError):
    """A study or arena run that cannot go on as asked: its settings, its
    checkpoint or output files, its parallel backend, its statistics."""


class RLError(AlsosError):
    """What the learning interfaces (Gymnasium, PettingZoo, OpenSpiel) cannot
    provide: an observation type, a reward scale, an information state longer
    than its encoding holds."""


class WebError(AlsosError):
    """The web table and the HTML pages: a table that cannot be made as asked, a
    message that is not JSON, a viewer page that cannot be drawn."""
