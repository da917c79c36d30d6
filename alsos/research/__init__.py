"""Tools for research over many hands: simulation, arenas and their running.

:mod:`~alsos.research.simulate` (``alsos simulate``: hands played by bots,
summed up and written out), :mod:`~alsos.research.arena` (``alsos arena``:
bots compared on duplicate deals), :mod:`~alsos.research.parallel` and
:mod:`~alsos.research.checkpoint` (work split over processes or Ray, resumable
runs), :mod:`~alsos.research.stats` (intervals) and
:mod:`~alsos.research.row_files` (JSON Lines, CSV and Parquet writers).
"""
