"""Embedding the alsos engine: one seeded hand played by random bots.

This is the whole loop a game server, a simulator or a bot harness needs:

1. load a variant profile (the rules of one table, as data);
2. start a hand with a seed, so the deal can be reproduced;
3. while the hand is not over, ask the seat to act for an action, giving it
   only its own view of the game and the list of legal actions, and apply it;
4. read the itemised settlement.

Run it from the repository root::

    python examples/embed.py            # seed 7
    python examples/embed.py --seed 42
"""

from __future__ import annotations

import argparse

import alsos


def play_one_hand(seed: int) -> alsos.Game:
    # The rules of the table: a shipped variant id, or the path of your own YAML.
    rules = alsos.load_variant("potter1930")

    # One hand.  The seed fixes the shuffle; the dealer decides who speaks first
    # (the seat after the dealer).  `alsos.Game(rules, deal=...)` plays a given
    # deal instead, e.g. one typed in from a book.
    game = alsos.Game(rules, seed=seed, dealer=0)
    print(f"{rules.name}, seed {seed}")
    print(f"deal: {game.deal}")  # the text form; alsos.Deal.parse() reads it back
    print()

    # One player per seat.  RandomBot is seeded too, so the whole hand is
    # reproducible; put your own bot (or a network client) here instead: all it
    # needs is a `choose(view, legal)` method.
    bots = {seat: alsos.RandomBot(seed * 100 + seat) for seat in range(rules.players)}

    while not game.is_over:
        seat = game.to_act
        assert seat is not None  # someone is always to act until the hand is over

        # A View holds only what this seat may know: its own cards, the talon
        # cards it has seen, the trick on the table and the public history.
        # Hidden information (other hands, the face-down talon, other seats'
        # síber discards) is not in it, so a bot cannot cheat by accident.
        view = game.view(seat)
        legal = game.legal_actions()  # a tuple of Actions, in a stable order
        action = bots[seat].choose(view, legal)

        # apply() takes an Action or its text ("pass", "announce abszolut",
        # "MA").  Anything illegal raises alsos.IllegalActionError (a
        # ValueError) and leaves the game exactly as it was, so a server can
        # reject bad input from a client and simply ask again.
        game.apply(action)
        print(f"seat {seat} ({view.phase}): {action}")

    # The hand is over: the settlement lists each scored item, the payments
    # (zero-sum, in stakes) and the score as written on paper.
    assert game.settlement is not None
    print()
    print(game.settlement)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description="Play one seeded hand of alsos with bots.")
    parser.add_argument("--seed", type=int, default=7, help="seed of the deal (default 7)")
    args = parser.parse_args()
    game = play_one_hand(args.seed)

    # game.history is every (seat, action) taken: with the deal, a complete record.
    # Replaying it on the same deal reproduces the hand and its settlement.
    replay = alsos.Game(game.rules, deal=str(game.deal), dealer=0)
    for _seat, action in game.history:
        replay.apply(str(action))
    assert str(replay.settlement) == str(game.settlement)
    print(f"\nreplayed {len(game.history)} actions from the text record: same settlement")


if __name__ == "__main__":
    main()
