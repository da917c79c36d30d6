"""Search over hands: determinization of what a seat knows (and, with it, solvers and playouts).

:func:`determinize` deals a complete hand consistent with a seat's
:class:`~alsos.view.View`, for perfect-information Monte Carlo bots.
"""

from __future__ import annotations

from alsos.search.determinize import DeterminizeError, determinize

__all__ = ["DeterminizeError", "determinize"]
