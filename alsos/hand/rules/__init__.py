"""The built-in rule modules, one Python module per phase family.

Importing this package registers every built-in module in
:mod:`alsos.ruleset.registry`; the engine imports it (``import alsos`` does), so the
built-in modules are there before any lookup -- the registry itself imports no module
of alsos by name.
Each module is stateless and talks to the engine only through the protocol
in :mod:`alsos.hand.protocol`, which is all a plugin module has too.  The
registry's :func:`~alsos.ruleset.registry.register` is re-exported here, so a plugin
writes ``from alsos.hand.rules import register``.
"""

from __future__ import annotations

from alsos.hand.protocol import (
    BiddingModule,
    CallingModule,
    Described,
    ExchangeModule,
    PointRace,
    Referee,
    ScoringModule,
)
from alsos.hand.rules import bidding, calling, dealing, exchange, figures, ladder, scoring
from alsos.ruleset.registry import FAMILIES, UnknownModuleError, available, lookup, register

__all__ = [
    "FAMILIES",
    "BiddingModule",
    "CallingModule",
    "Described",
    "ExchangeModule",
    "PointRace",
    "Referee",
    "ScoringModule",
    "UnknownModuleError",
    "available",
    "bidding",
    "calling",
    "dealing",
    "exchange",
    "figures",
    "ladder",
    "lookup",
    "register",
    "scoring",
]
