"""Helpers for scripted hands: build a game from a deal and drive it with action texts.

A script is a list of action texts, or one string.  In a string, actions may be
separated by commas, semicolons or new lines; inside each piece, words are
grouped greedily into actions, so ``"accept pass pass"`` and
``"announce abszolut, kontra game, MA"`` both read as expected.  A word that
takes an argument (``announce``, ``bid``, ``declare``, ``discard`` and the
kontra levels) swallows the next word, and ``play on`` is one action.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from drive import play_out

import alsos
from alsos.pack.actions import Action, Play

RULES = alsos.load_variant("potter1930")

_TAKES_ARGUMENT = {
    "announce",
    "bid",
    "declare",
    "discard",
    "kontra",
    "rekontra",
    "szubkontra",
    "hirskontra",
    "mordkontra",
}


# Card points as the source lists them (pagat, "Players and Cards"), by rank code.
TRUMP_POINTS = {"U": 20, "9": 14, "A": 11, "10": 10, "K": 4, "O": 3}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2}


def card_points(card: int, trump: alsos.Suit | None) -> int:
    """The source's point value of ``card`` with ``trump`` as trumps (None: no trumps)."""
    c = alsos.Card(card)
    table = TRUMP_POINTS if c.suit is trump else PLAIN_POINTS
    return table.get(c.rank.code, 0)


def won_cards(game: alsos.Game, seat: int) -> list[alsos.Card]:
    """The cards in ``seat``'s won tricks."""
    return [c for c in alsos.Card if game.won[seat] >> c & 1]


def unwon_points(game: alsos.Game) -> int:
    """Points of the cards in nobody's tricks (the talon and any síber discards)."""
    trump = game.contract.trump if game.contract else None
    taken = 0
    for mask in game.won:
        taken |= mask
    return sum(card_points(c, trump) for c in alsos.Card if not taken >> c & 1)


def actions_of(script: str | Iterable[str]) -> list[str]:
    """Split a script into action texts (see the module docs)."""
    if not isinstance(script, str):
        return [str(a) for a in script]
    out: list[str] = []
    for piece in re.split(r"[,;\n]", script):
        words = piece.split()
        i = 0
        while i < len(words):
            word = words[i]
            low = word.lower()
            if low in _TAKES_ARGUMENT or (
                low == "play" and i + 1 < len(words) and words[i + 1].lower() == "on"
            ):
                out.append(f"{word} {words[i + 1]}")
                i += 2
            else:
                out.append(word)
                i += 1
    return out


def new_game(deal: str, *, dealer: int = 2, rules: alsos.Ruleset | None = None) -> alsos.Game:
    """A potter1930 game on a fixed deal; with ``dealer=2`` seat 0 is forehand."""
    return alsos.Game(rules or RULES, deal=alsos.Deal.parse(deal), dealer=dealer)


def play(game: alsos.Game, script: str | Iterable[str]) -> alsos.Game:
    """Apply every action of ``script`` in turn; return the game for chaining.

    A failing action re-raises with the step number and the script so far.
    """
    done: list[str] = []
    for text in actions_of(script):
        try:
            game.apply(text)
        except alsos.IllegalActionError as e:
            raise AssertionError(f"step {len(done) + 1} {text!r} after {done}: {e}") from e
        done.append(text)
    return game


def legal(game: alsos.Game) -> list[str]:
    """The legal actions now, as their texts."""
    return [str(a) for a in game.legal_actions()]


def legal_cards(game: alsos.Game) -> set[str]:
    """The cards the seat to act may play now."""
    return {str(a) for a in game.legal_actions() if isinstance(a, Play)}


def first_card(game: alsos.Game) -> str:
    """The first card (in pack order) the seat to act may play."""
    return next(str(a) for a in game.legal_actions() if isinstance(a, Play))


def play_cards(game: alsos.Game, count: int) -> alsos.Game:
    """Play ``count`` cards, each the first legal card of the seat to act."""
    for _ in range(count):
        game.apply(first_card(game))
    return game


def finish(game: alsos.Game, *, last: bool = False) -> alsos.Game:
    """Play the hand out: each seat passes any speech and plays its first legal card.

    Cards are taken in pack order (acorns first, Ace first); ``last=True``
    takes the last legal card in that order instead.  Meld contests are
    answered with ``show``, síber is declined, a call is answered ``play on``
    and never made; in any other phase (bids, switches, speech) the seat passes.
    """

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action | str:
        phase = game.phase
        if phase is alsos.Phase.MELDS:
            return "show"
        if phase is alsos.Phase.CALL:
            return "play on"
        if phase is alsos.Phase.DISCARD:
            return legal[0]
        if phase is alsos.Phase.PLAY:
            cards = [a for a in legal if isinstance(a, Play)]
            return cards[-1] if last else cards[0]
        return "pass"

    play_out(game, choose)
    return game


def entry(game: alsos.Game, label: str, seat: int | None = None) -> alsos.Entry:
    """The settlement entry of ``label`` (``game`` or a figure id), by ``seat`` if given."""
    assert game.settlement is not None, "the hand is not over"
    found = [
        e for e in game.settlement.entries if e.label == label and (seat is None or e.seat == seat)
    ]
    assert len(found) == 1, f"{label}@{seat}: {game.settlement.entries}"
    return found[0]


def item(game: alsos.Game, figure: str, seat: int | None = None) -> alsos.hand.items.Item:
    """The live item (the game, or a figure announced by ``seat``)."""
    found = [i for i in game.items if i.figure == figure and (seat is None or i.seat == seat)]
    assert len(found) == 1, f"{figure}@{seat}: {game.items}"
    return found[0]


def item_values(game: alsos.Game) -> dict[str, int]:
    """Every item's current value by label (``game``, ``abszolut@1`` ...)."""
    return {i.label: i.value for i in game.items}


# Each potter1930 figure's value from the back (pagat, "Figures"), written out
# independently of the profile so tests can check the profile against it.
POTTER_BACK_VALUES = {
    "kassza": 1,
    "abszolut": 1,
    "100": 2,
    "200": 1,
    "44": 1,
    "tuletroa": 1,
    "csalad": 1,
    "osszes-adu": 2,
    "ultimo": 2,
    "volat": 5,
}
