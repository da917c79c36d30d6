"""Fingerprint the settlements of random hands of every shipped profile.

Run it on two checkouts to show an engine change leaves every profile
playing exactly as before::

    PYTHONPATH=/path/to/old python examples/same_settlements.py 2000 > old.txt
    python examples/same_settlements.py 2000 > new.txt
    diff old.txt new.txt

Each hand is dealt from its seed and played by a seeded random choice among
the legal actions; the fingerprint hashes every action taken and the
settlement's text, so any change in legal moves, dealing or scoring shows.

``--search`` adds a second fingerprint per profile for the search's inner
loop: seeded playouts from each hand's first card-only position, and the
solver's value and card with a few tricks left.  ``tests/test_compiled.py``
runs both on the pure-Python package and on the compiled build (mypyc) and
requires them equal::

    python examples/same_settlements.py 200 --search

``--heuristic`` adds one more for the heuristic bot: the same hands played by
:class:`~alsos.bots.HeuristicBot` at every seat (seeded per hand and seat),
hashing every action with its seat and the settlement, so a refactoring of the
bot or of what it asks the rules shows any decision it changed::

    python examples/same_settlements.py 150 --heuristic
"""

from __future__ import annotations

import hashlib
import random
import sys

import alsos
from alsos.bots import make
from alsos.ruleset.loading import shipped_variants
from alsos.search import SolveError, playout, playouts, solve
from alsos.version import compiled_modules


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


def heuristic_fingerprint(variant: str, players: int | None, hands: int) -> str:
    """Hash every action (with its seat) and the settlement of ``hands`` hands of
    ``variant`` played by heuristic bots, seeded ``10 * seed + seat``."""
    rules = alsos.load_variant(variant, **({"players": players} if players else {}))
    digest = hashlib.sha256()
    for seed in range(hands):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        bots = {s: make("heuristic", seed=seed * 10 + s) for s in game.active}
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            action = bots[seat].choose(game.view(seat), game.legal_actions())
            digest.update(f"{seat}:{action};".encode())
            game.apply(action, seat=seat)
        digest.update(str(game.settlement).encode())
    return digest.hexdigest()[:16]


def search_fingerprint(variant: str, players: int | None, hands: int, left: int = 3) -> str:
    """Hash seeded playouts and solver results along random hands of ``variant``.

    At each hand's first position with only cards left to play: ten
    ``playout`` and ten ``playouts`` results; at the start of the trick with
    ``left`` tricks to go: the solver's value and card.  Hands that end
    before play are skipped (their deal still counts in ``fingerprint``).
    """
    rules = alsos.load_variant(variant, **({"players": players} if players else {}))
    digest = hashlib.sha256()
    for seed in range(hands):
        rng = random.Random(seed)
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        played_out = False
        while not game.is_over:
            s = game.state
            if not s.trick and rules.hand_size - game.trick_no <= left:
                try:
                    sol = solve(game)
                except SolveError:
                    pass  # speech left in this trick: not a solver position
                else:
                    digest.update(f"solve {sol.value} {sol.action} {sol.seat}".encode())
                    break
            if not played_out:
                try:
                    many = playouts(game, 10, random.Random(seed))
                except SolveError:
                    pass
                else:
                    one = [playout(game, random.Random(seed + k)) for k in range(10)]
                    digest.update(f"playouts {many} {one}".encode())
                    played_out = True
            game.apply(rng.choice(game.legal_actions()))
    return digest.hexdigest()[:16]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    search = "--search" in sys.argv[1:]
    heuristic = "--heuristic" in sys.argv[1:]
    hands = int(args[0]) if args else 1000
    tables = [(v, None) for v in shipped_variants()]
    tables += [("csibor", 2), ("csibor", 4), ("altiansz", 4)]  # the counts they declare
    compiled = [m.removeprefix("alsos.") for m in compiled_modules()]
    build = f"compiled: {', '.join(compiled)}" if compiled else "pure Python"
    print(f"# alsos {alsos.__version__} ({build}), {hands} hands each", file=sys.stderr)
    for variant, players in tables:
        name = variant if players is None else f"{variant}/{players}"
        line = f"{name} {fingerprint(variant, players, hands)}"
        if search:
            line += f" search {search_fingerprint(variant, players, hands)}"
        if heuristic:
            line += f" heuristic {heuristic_fingerprint(variant, players, hands)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
