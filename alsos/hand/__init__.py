"""One hand being played: its state, the engine and the rule modules.

:mod:`~alsos.hand.state` (:class:`~alsos.hand.state.HandState`, every mutable
fact of a hand, cheap to copy), :mod:`~alsos.hand.engine` (moves a state on,
unchecked, for the game and the search alike), :mod:`~alsos.hand.rules` (the
rule modules per phase family, behind the :mod:`~alsos.hand.protocol`), and
their parts: items at stake, melds, speech, validation and the settlement.
Stands on :mod:`alsos.ruleset` and :mod:`alsos.pack`.
"""
