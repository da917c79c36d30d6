"""Helpers for the variant tests: load profiles, compare a variant with potter1930.

The variant tests build one deal and one action script and run them under a
variant and under potter1930 (or under potter1930's reading of the one rule at
stake), asserting both outcomes, so every test shows where the two differ.
Scripts use the notation of :mod:`scripted`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scripted import legal, play

import alsos
from alsos.pack.actions import Play

POTTER = alsos.load_variant("potter1930")

KONTRA_WORDS = ("kontra ", "rekontra ", "szubkontra ", "hirskontra ", "mordkontra ")


def load(variant: str, **options: Any) -> alsos.Ruleset:
    """A shipped profile, with dotted-path options (``load("house", **{"a.b": 1})``)."""
    return alsos.load_variant(variant, **options)


def start(
    rules: alsos.Ruleset, deal: str, *, dealer: int = 2, script: str | Iterable[str] = ""
) -> alsos.Game:
    """A game of ``rules`` on ``deal`` with the given dealer, driven through ``script``."""
    game = alsos.Game(rules, deal=alsos.Deal.parse(deal), dealer=dealer)
    if script:
        play(game, script)
    return game


def sit_out(deal: str, dealer: int) -> str:
    """A three-player deal laid out for four seats with ``dealer`` sitting out.

    The three hands go, in their order, to the seats after the dealer in play
    order, so forehand gets the first hand and the dealer's hand is ``-``.
    """
    parts = [p.strip() for p in deal.split("/")]
    hands, talon = parts[:-1], parts[-1]
    assert len(hands) == 3, deal
    seats = ["-"] * 4
    for i, h in enumerate(hands):
        seats[(dealer + 1 + i) % 4] = h
    return " / ".join([*seats, talon])


def in_play_order(dealer: int, players: int = 4) -> tuple[int, ...]:
    """The seats that play, forehand first (four players: all but the dealer)."""
    order = tuple((dealer + 1 + i) % players for i in range(players))
    return order[:3]


def is_legal(game: alsos.Game, text: str) -> bool:
    """Whether the action written ``text`` is among the legal actions now."""
    try:
        action = alsos.parse_action(text)
    except alsos.ActionParseError:
        return False
    return action in game.legal_actions()


def announceable(game: alsos.Game) -> set[str]:
    """Figure ids the seat to act may announce now."""
    return {a.removeprefix("announce ") for a in legal(game) if a.startswith("announce ")}


def kontras(game: alsos.Game) -> set[str]:
    """Kontra steps open to the seat to act, as text."""
    return {a for a in legal(game) if a.startswith(KONTRA_WORDS)}


def bids(game: alsos.Game) -> set[str]:
    """Bids open to the seat to act (``hearts``, ``no-trumps`` ...)."""
    return {a.removeprefix("bid ") for a in legal(game) if a.startswith("bid ")}


def cards_allowed(game: alsos.Game) -> set[str]:
    """Cards the seat to act may play now."""
    return {str(a) for a in game.legal_actions() if isinstance(a, Play)}


def cards(text: str) -> set[alsos.Card]:
    return set(alsos.parse_cards(text))


def hand(game: alsos.Game, seat: int) -> set[alsos.Card]:
    return set(game.hand(seat))


def settled(game: alsos.Game) -> alsos.Settlement:
    assert game.settlement is not None, f"the hand is not over: {game.phase}"
    return game.settlement
