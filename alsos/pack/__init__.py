"""The pack and its notation: the lowest layer, needing nothing else of alsos.

:mod:`~alsos.pack.cards` (the 32 cards as small ints, bit sets, card text),
:mod:`~alsos.pack.tables` (point and strength tables), :mod:`~alsos.pack.deal`
(who holds what, seeded dealing), :mod:`~alsos.pack.actions` and
:mod:`~alsos.pack.phases` (what a seat can do, and its text form), and
:mod:`~alsos.pack.svg` (drawing a card).  The everyday names are re-exported
by :mod:`alsos` itself.
"""
