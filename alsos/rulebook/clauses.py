"""The rulebook's pieces: a :class:`Clause` is one rule in the project's words,
a :class:`Section` a titled group of them."""

from __future__ import annotations

from attrs import frozen

from alsos.pack.cards import Card
from alsos.ruleset.profile import Ruleset

__all__ = ["Clause", "Section", "source_of"]


@frozen
class Clause:
    """One rule in the project's words, with the source it comes from."""

    key: str
    text: str
    source: str | None = None
    cards: tuple[Card, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()
    shown: bool = True
    compared: bool = True


@frozen
class Section:
    """A titled part of the rulebook (``cards``, ``deal``, ...) and its clauses."""

    key: str
    title: str
    clauses: tuple[Clause, ...]


def source_of(rules: Ruleset, section: str) -> str | None:
    """The citation for a section: the profile's own entry for it, else its main source."""
    return rules.sources.get(section) or rules.sources.get("main")
