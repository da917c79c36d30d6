"""Fingerprint the settlements of random hands of every shipped profile.

Run it on two checkouts to show an engine change leaves every profile
playing exactly as before::

    PYTHONPATH=/path/to/old python examples/same_settlements.py 2000 > old.txt
    python examples/same_settlements.py 2000 > new.txt
    diff old.txt new.txt

Each hand is dealt from its seed and played by a seeded random choice among
the legal actions; the fingerprint hashes every action taken and the
settlement's text, so any change in legal moves, dealing or scoring shows.
"""

from __future__ import annotations

import hashlib
import random
import sys

import alsos
from alsos.loading import shipped_variants


def fingerprint(variant: str, players: int | None, hands: int) -> str:
    rules = alsos.load_variant(variant, **({"players": players} if players else {}))
    digest = hashlib.sha256()
    for seed in range(hands):
        rng = random.Random(seed)
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            digest.update(str(action).encode())
            game.apply(action)
        digest.update(str(game.settlement).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for variant in shipped_variants():
        print(variant, fingerprint(variant, None, hands), flush=True)
    for variant, players in (("csibor", 2), ("csibor", 4), ("house", 4), ("club", 4)):
        print(f"{variant}/{players}", fingerprint(variant, players, hands), flush=True)


if __name__ == "__main__":
    main()
