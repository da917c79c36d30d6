"""The public game API: what a program playing Alsós talks to.

:mod:`~alsos.play.game` (:class:`~alsos.Game`: checked actions, one hand),
:mod:`~alsos.play.view` (what one seat may know), :mod:`~alsos.hand.events`
(what happened, and who saw it), :mod:`~alsos.play.session` (rubbers, rádli,
deals) and :mod:`~alsos.play.data` (the JSON wire format).  Stands on
:mod:`alsos.hand`; search, bots, records and every tool stand on it.
"""
