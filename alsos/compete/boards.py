"""Frozen boards: the deals a benchmark is played on, the same for every bot and every release.

A board set is a versioned list of deals per shipped profile: board ``i`` is
the hand dealt from seed ``FIRST_SEED + i`` with the dealer ``seed % players``
(as ``alsos arena`` deals).  The seeds start far from the ones the shipped bots
were tuned and measured on (0 onwards), so no level has seen the benchmark.
The deals themselves are frozen by a digest kept with the package
(``alsos/compete/boards.json``): if a change to the dealing ever deals other
cards from these seeds, :func:`board_set` refuses the set instead of rating bots
on other deals under the same name.  A new set (more boards, a new profile) is
a new version; results of different versions are never compared.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Any

from attrs import frozen

from alsos.compete.scoring import CompeteError
from alsos.play.game import Game
from alsos.ruleset.tables import rules_named

__all__ = ["COUNT", "FIRST_SEED", "VERSION", "BoardSet", "board_set", "digest", "shipped"]

#: The version of the shipped board sets.
VERSION = "alsos-boards/1"
#: The seed of board 0.
FIRST_SEED = 1_000_000
#: Boards in each shipped set.
COUNT = 1000


@frozen
class BoardSet:
    """``count`` boards of ``variant`` from version ``version``: seeds
    ``FIRST_SEED .. FIRST_SEED + count - 1``."""

    variant: str
    version: str
    count: int

    @property
    def seeds(self) -> range:
        """The boards' seeds, in order."""
        return range(FIRST_SEED, FIRST_SEED + self.count)

    def to_data(self) -> dict[str, Any]:
        return {"variant": self.variant, "version": self.version, "boards": self.count}


def digest(variant: str, count: int) -> str:
    """The SHA-256 of the first ``count`` boards' deals of ``variant``, as dealt now."""
    rules = rules_named(variant)
    h = hashlib.sha256()
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        h.update(f"{seed} {Game(rules, seed=seed, dealer=seed % rules.players).deal}\n".encode())
    return h.hexdigest()


def _frozen() -> dict[str, Any]:
    text = resources.files("alsos.compete").joinpath("boards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def shipped() -> list[str]:
    """The profiles with a frozen board set."""
    return sorted(_frozen()["digests"])


def board_set(variant: str, count: int = COUNT) -> BoardSet:
    """The first ``count`` boards of ``variant``'s frozen set, checked against its digest.

    :raises CompeteError: a profile without a frozen set, a count outside 1 ..
        :data:`COUNT`, or deals that no longer match the frozen digest.
    """
    data = _frozen()
    digests = data["digests"]
    if variant not in digests:
        raise CompeteError(
            f"no frozen boards for {variant!r}; the sets are: {', '.join(sorted(digests))}"
        )
    if count.__class__ is not int or not 1 <= count <= COUNT:
        raise CompeteError(f"a board set has 1 to {COUNT} boards, not {count!r}")
    whole = digest(variant, COUNT)
    if whole != digests[variant]:
        raise CompeteError(
            f"{variant}'s boards are not the frozen {VERSION} set: the deals from seeds "
            f"{FIRST_SEED}.. changed (digest {whole[:12]}, frozen {digests[variant][:12]})"
        )
    return BoardSet(variant, VERSION, count)
