"""The rule modules a ruleset chose, and what the rest of alsos may ask them.

A profile names a module for each family (``bidding: {module: ladder}``,
``scoring: {session: radli}``); the module owns its parameters
(:meth:`Ruleset.module_params <alsos.ruleset.profile.Ruleset.module_params>`).
Code outside the modules never asks which module a ruleset chose, nor reads a
module's parameters by name: it asks the chosen module a question of its
family (:mod:`alsos.hand.protocol`), through the functions here:

- :func:`named_contracts`: the contracts an auction bids by name (a ladder's),
  in their order, low to high; empty for an auction of trump suits;
- :func:`declare_limit`: how often a seat may declare in a session (None: no
  limit), which the session counts and the auction enforces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from alsos.ruleset import registry

if TYPE_CHECKING:
    from alsos.ruleset.profile import LadderContract, Ruleset

__all__ = ["declare_limit", "module", "named_contracts"]


def module(rules: Ruleset, family: str) -> Any:
    """The module ``rules`` chose for ``family``, as registered (a class for the families
    made once per ruleset, an instance for the others)."""
    return registry.lookup(family, rules.module_name(family))


def named_contracts(rules: Ruleset) -> Mapping[str, LadderContract]:
    """The contracts the auction of ``rules`` bids by name, low to high (empty: it bids
    trump suits), by id: what the notation's ``contract <id>`` names."""
    found: Mapping[str, LadderContract] = module(rules, "bidding").named_contracts(rules)
    return found


def declare_limit(rules: Ruleset) -> int | None:
    """How often a seat may declare in a session before it must pass (None: no limit)."""
    limit: int | None = module(rules, "bidding").declare_limit(rules)
    return limit
