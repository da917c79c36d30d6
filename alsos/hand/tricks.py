"""Tricks: the legal plays of a set of cards, and a trick's winner, closed and taken back.

Every trick of a game, a playout or the solver closes in :func:`take_trick`
(the solver undoes it with :func:`give_back_trick`); :func:`trick_winner`
states the rule on its own.  :func:`plays_of` turns a set of cards into the
interned :class:`~alsos.pack.actions.Play` actions a legal-move list is
made of.  All of it is plain int work on 32-bit sets and per-contract key
tables: the engine, playouts and the solver spend most of their time here,
so the compiled build compiles this module (README, "The compiled build").
"""

from __future__ import annotations

from typing import Final

from alsos.hand.state import HandState
from alsos.pack.actions import PLAYS, Play

__all__ = ["give_back_trick", "plays_of", "take_trick", "trick_winner"]


def _byte_tables() -> tuple[tuple[tuple[Play, ...], ...], ...]:
    tables = []
    for s in range(4):
        tables.append(
            tuple(tuple(PLAYS[8 * s + i] for i in range(8) if b >> i & 1) for b in range(256))
        )
    return tuple(tables)


# Final: the compiled build keeps it in a C static, not the module's dict.
_PLAY_BYTES: Final = _byte_tables()


def plays_of(mask: int) -> tuple[Play, ...]:
    """Interned :class:`~alsos.pack.actions.Play` actions for the cards of ``mask``,
    in pack order."""
    return (
        _PLAY_BYTES[0][mask & 0xFF]
        + _PLAY_BYTES[1][(mask >> 8) & 0xFF]
        + _PLAY_BYTES[2][(mask >> 16) & 0xFF]
        + _PLAY_BYTES[3][(mask >> 24) & 0xFF]
    )


def trick_winner(key: tuple[int, ...], trick: list[tuple[int, int]]) -> tuple[int, int]:
    """The seat that wins a full ``trick`` of (seat, card), and the trick's cards as a set.

    ``key`` is the contract's table of trick strengths (``alsos.pack.tables.trick_keys``):
    the largest key for the led suit wins.  The one statement of the rule: every trick
    of a game, a playout or a search is closed by :func:`~alsos.hand.tricks.take_trick`,
    which asks this.
    """
    base = (trick[0][1] >> 3) * 32
    best_seat, best = trick[0][0], key[base + trick[0][1]]
    mask = 0
    for t, c in trick:
        mask |= 1 << c
        k = key[base + c]
        if k > best:
            best_seat, best = t, k
    return best_seat, mask


def take_trick(s: HandState, trick: list[tuple[int, int]]) -> tuple[int, int]:
    """Close the full ``trick``: its winner takes its cards; return (winner, cards as a set).

    The one place a trick is closed -- for a game, playouts and the solver.
    It counts the trick (``s.trick_no``, the winner's ``tricks_won``) and
    records it (``s.tricks``, ``s.trick_winners``); the caller empties the
    table and says who leads, each in its own way.  The solver takes the
    trick back with :func:`~alsos.hand.tricks.give_back_trick`.
    """
    winner, mask = trick_winner(s.key, trick)
    s.won[winner] |= mask
    s.tricks_won[winner] += 1
    s.trick_winners.append(winner)
    s.tricks.append(tuple(trick))
    s.trick_no += 1
    return winner, mask


def give_back_trick(s: HandState, winner: int, mask: int) -> None:
    """Undo :func:`~alsos.hand.tricks.take_trick` of the trick ``winner`` took with
    the cards ``mask``."""
    s.trick_no -= 1
    s.tricks.pop()
    s.trick_winners.pop()
    s.tricks_won[winner] -= 1
    s.won[winner] ^= mask
