"""Every shipped profile at every player count it supports, for tests that cover them all."""

from __future__ import annotations

import alsos
from alsos.ruleset.profile import Ruleset


def every_profile() -> list[Ruleset]:
    """Each shipped profile once per player count (csibor: 2, 3 and 4)."""
    out = []
    for name in alsos.shipped_variants():
        base = alsos.load_variant(name)
        for n in base.player_counts or (base.players,):
            out.append(alsos.load_variant(name, players=n) if n != base.players else base)
    return out


PROFILES = every_profile()

TABLES: list[tuple[str, int | None]] = [
    (r.id, r.players if r.player_counts else None) for r in PROFILES
]
"""The same tables as (profile, player count) pairs, the count given only where the
profile offers several (as ``alsos play --players`` and ``load_variant`` take it)."""
