"""Write the worked example hands that the rulebooks explain (alsos/worked_examples/).

Each example is a scripted hand, kept in the repository as a record file
(``alsos/worked_examples/<profile>.alsos``), that the rulebook replays through
the engine and explains step by step.  This script chose them: for a
profile it tries deals by seed and, for each, a few scripts of the
decisions that make a hand instructive -- the first player offered the
original suit accepts it, the declarer announces one figure from the front,
a defender answers with a kontra and the declarer doubles back, the trump
exchange or síber is taken when allowed, melds are declared -- and lets
:class:`alsos.bots.HeuristicBot` choose the cards.  It keeps the first deal
on which the announced figure is made and the most of those features appear.

A profile with a ladder of contracts (``bidding.contracts``, Altiansz) is
scripted its own way: the players bid up the ladder one after another, each
bidder above the lowest contract drawing talon cards first and discarding
its two weakest; the declarer names its longest suit as trumps and takes
the face-up card when offered; every player declares its melds.  The deal
kept is the one where the contract is won with the most of that to show.

The records, not this script, are the examples: rerun it only to choose
new ones (for a new profile, or when a rule change makes an old record
illegal, which ``tests/test_rulebook.py`` reports).  A profile seated at
several player counts gets one example per count: ``<id>.alsos`` for its
default count, ``<id>-<n>.alsos`` for the others::

    python examples/worked_examples.py            # every shipped profile
    python examples/worked_examples.py tompa      # one profile
    python examples/worked_examples.py --check    # print, write nothing
"""

from __future__ import annotations

import argparse
import zlib
from collections.abc import Sequence
from pathlib import Path

import alsos
from alsos.bots.heuristic import HeuristicBot
from alsos.hand.chosen import named_contracts
from alsos.pack.actions import BIDS
from alsos.pack.cards import Suit
from alsos.records.record import Record

OUT = Path(__file__).resolve().parent.parent / "alsos" / "worked_examples"
TRIES = 400  # deals tried per profile, from a start seed drawn from the profile's id


def _ladder_choose(game: alsos.Game, plan: tuple[str, ...], said: set[str]) -> alsos.Action:
    """The scripted decision in a ladder game: ``plan`` is the contracts bid, in turn."""
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions()
    texts = {str(a): a for a in legal}
    bids = sum(1 for _, a in game.history if str(a).startswith("contract "))
    hand = game.view(seat).hand
    if bids < len(plan):
        want = f"contract {plan[bids]}"
        if want in texts:
            return texts[want]
        if "draw" in texts:
            return texts["draw"]
    discards = [a for t, a in texts.items() if t.startswith("discard ")]
    if discards:
        # The weakest card of the shortest suit: fewest card points, then lowest.
        points = game.rules.cards.plain_points
        length = {c.suit: sum(1 for d in hand if d.suit == c.suit) for c in hand}
        weakest = min(hand, key=lambda c: (points.get(c.rank, 0), length[c.suit], -int(c.rank)))
        return texts.get(f"discard {weakest}", discards[0])
    suits = [a for t, a in texts.items() if t.startswith("bid ") and t != "bid no-trumps"]
    if suits:
        names = {str(BIDS[s]): s for s in Suit}
        return max(suits, key=lambda a: sum(1 for c in hand if c.suit == names[str(a)]))
    for verb in ("exchange", "declare"):
        for text, action in texts.items():
            if text.split()[0] == verb and (verb, seat) not in said:
                said.add((verb, seat))  # type: ignore[arg-type]
                return action
    if "pass" in texts and str(game.phase) == "bidding":
        return texts["pass"]
    return HeuristicBot(seat).choose(game.view(seat), legal)


def _ladder_plans(rules: alsos.Ruleset) -> list[tuple[str, ...]]:
    """Climbs of the ladder from its lowest contract to one where every player's melds
    count, one or two rungs between."""
    ids = list(named_contracts(rules))
    tops = [i for i, c in enumerate(ids) if named_contracts(rules)[c].melds == "all"]
    plans = []
    for top in tops:
        for mid in range(1, top):
            plans += [(ids[0], ids[mid], ids[top]), (ids[0], ids[top]), (ids[mid], ids[top])]
    return list(dict.fromkeys(plans))


def _ladder_score(game: alsos.Game) -> int:
    st = game.settlement
    if st is None or game.declarer is None:
        return 0
    if not all(e.made for e in st.entries if e.seat == game.declarer):
        return 0  # the contract must be won
    texts = [str(a) for _, a in game.history]
    melds = sum(1 for n in st.notes if "melds:" in n)
    return 6 + 2 * min(texts.count("draw"), 2) + 2 * melds + ("exchange" in texts)


def _choose(game: alsos.Game, plan: tuple[str | None, str | None], said: set[str]) -> alsos.Action:
    """The scripted decision at this point of the hand (see the module docstring)."""
    figure, kontra = plan
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions()
    texts = {str(a): a for a in legal}
    phase = str(game.phase)
    if phase == "bidding":
        if "accept" in texts:
            return texts["accept"]
        # No original suit to accept (another auction): each seat bids once, lowest first.
        bids = [a for t, a in texts.items() if t.split()[0] == "bid"]
        if bids and ("bid", seat) not in said:
            said.add(("bid", seat))  # type: ignore[arg-type]
            return bids[0]
        return texts.get("pass", legal[0])
    declarer = game.declarer
    if declarer is not None and seat == declarer and figure and "figure" not in said:
        want = f"announce {figure}"
        if want in texts:
            said.add("figure")
            return texts[want]
    if declarer is not None and seat != declarer and kontra and "kontra" not in said:
        target = "game" if kontra == "game" else f"{kontra}@{declarer}"
        want = f"kontra {target}"
        if want in texts:
            said.add("kontra")
            return texts[want]
    answer = rules_level(game, 1)
    if declarer is not None and seat == declarer and answer and "kontra" in said:
        for text, action in texts.items():
            if text.split()[0] == answer and "answer" not in said:
                said.add("answer")  # the declarer doubles back: the ladder at work
                return action
    for verb in ("siber", "exchange", "declare"):
        for text, action in texts.items():
            if text.split()[0] == verb and (verb, seat) not in said:
                said.add((verb, seat))  # type: ignore[arg-type]
                return action
    if "pass" in texts:
        return texts["pass"]
    quiet = [a for a in legal if str(a).split()[0] not in ("announce", "kontra", "gyerunk")]
    bot = HeuristicBot(seat)
    return bot.choose(game.view(seat), quiet or legal)


def rules_level(game: alsos.Game, i: int) -> str | None:
    """The name of kontra step ``i`` (0: kontra) in the game's rules, if it has one."""
    levels = game.rules.kontra.levels
    return levels[i] if i < len(levels) else None


def _play(rules: alsos.Ruleset, seed: int, plan: tuple[str | None, ...]) -> alsos.Game:
    game = alsos.Game(rules, seed=seed, dealer=0)
    said: set[str] = set()
    while not game.is_over:
        if named_contracts(rules):
            game.apply(_ladder_choose(game, plan, said))  # type: ignore[arg-type]
        else:
            game.apply(_choose(game, plan, said))  # type: ignore[arg-type]
    return game


def _score(game: alsos.Game, plan: tuple[str | None, str | None]) -> int:
    """How much of the game a reader sees in this hand (0: not worth showing)."""
    st = game.settlement
    if st is None or game.declarer is None:
        return 0
    figure = plan[0]
    texts = [str(a) for _, a in game.history]
    verbs = {t.split()[0] for t in texts}
    made = {e.label for e in st.entries if e.made and e.seat == game.declarer}
    if figure is not None and figure not in made:
        return 0
    score = 3 if figure is not None else 0
    score += 2 * ("kontra" in verbs) + 2 * bool(verbs & {"exchange", "siber"})
    score += "declare" in verbs
    score += bool(st.game_won)
    score += rules_level(game, 1) in verbs
    score += figure is not None and game.rules.figures[figure].kind != "points"
    return score


def choose_example(rules: alsos.Ruleset) -> alsos.Game:
    """The most instructive scripted hand of ``rules`` over the seeds tried."""
    figures = [n for n, f in rules.figures.items() if f.enabled and f.front and f.kind != "kassza"]
    plans: list[tuple[str | None, ...]] = [(f, k) for f in figures for k in ("game", f)]
    plans.append((None, "game"))
    enough = 11
    if named_contracts(rules):
        plans, enough = list(_ladder_plans(rules)), 16
    best: tuple[int, alsos.Game] | None = None
    start = zlib.crc32(rules.id.encode()) % 10_000  # each profile its own deals
    for seed in range(start, start + TRIES):
        for plan in plans:
            game = _play(rules, seed, plan)
            ladder = bool(named_contracts(rules))
            score = _ladder_score(game) if ladder else _score(game, plan)  # type: ignore[arg-type]
            if best is None or score > best[0]:
                best = (score, game)
        if best is not None and best[0] >= enough:
            break
    assert best is not None
    return best[1]


def record(rules: alsos.Ruleset, game: alsos.Game) -> Record:
    return Record.from_game(game, event=f"alsos worked example: {rules.name}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", help="profile ids (default: every shipped one)")
    parser.add_argument("--check", action="store_true", help="print the records, write nothing")
    args = parser.parse_args(argv)
    for vid in args.variants or alsos.shipped_variants():
        default = alsos.load_variant(vid)
        for n in default.player_counts or (default.players,):
            rules = default if n == default.players else alsos.load_variant(vid, players=n)
            game = choose_example(rules)
            text = record(rules, game).dumps()
            name = f"{vid}.alsos" if n == default.players else f"{vid}-{n}.alsos"
            if args.check:
                print(text)
                print(game.settlement, end="\n\n")
            else:
                OUT.mkdir(exist_ok=True)
                (OUT / name).write_text(text, encoding="utf-8")
                print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
