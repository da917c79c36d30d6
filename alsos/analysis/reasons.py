"""Why one action is better than another: what it changes in the hands played on.

A value says *how much* better a choice is; a player learning the game wants
to know *what for*.  :func:`why` plays the hand on after each of two actions
in the same worlds sampled from the seat's view (with the same playout seed
per world, so the two runs differ only by the action), and counts what the
settlement shows: which scored item (the game, a figure such as ulti or
100) comes out differently, the card points the seat's side takes, and who
takes the trick in play.  :class:`Why` keeps those counts, and the words
layer (:mod:`alsos.words.learning`) turns them into one sentence; only a
difference that favours the better action is told, so the sentence never
argues against the values.
"""

from __future__ import annotations

import random

from attrs import frozen

from alsos.analysis.values import sampled_worlds
from alsos.bots.pimc import heuristic_playout
from alsos.hand.settlement import Settlement
from alsos.hand.state import HandState
from alsos.pack.actions import (
    GAME,
    Accept,
    Action,
    Announce,
    Betli,
    Bid,
    Call,
    CallItem,
    Concede,
    ContractBid,
    Discard,
    Kontra,
    PlayOn,
)
from alsos.pack.phases import Phase
from alsos.play.view import View

__all__ = ["THEMES", "Why", "why"]

#: The themes a difference is filed under, from the most particular.  ``figure``
#: and ``game``: a scored item comes out differently; ``trick``: who takes the
#: trick in play; ``points``: the card points taken; ``announce``, ``kontra``,
#: ``bid``, ``call``, ``discard``: the kind of a decision in speech or the
#: exchange; ``value``: only the payment differs.
THEMES = (
    "figure",
    "game",
    "trick",
    "points",
    "announce",
    "kontra",
    "bid",
    "call",
    "discard",
    "value",
)

# A count is told only where it differs by at least this share of the worlds.
_SHARE = 0.25
# Card points are told only where the means differ by at least this many.
_POINTS = 5.0


@frozen
class Why:
    """What ``action`` changes against ``other`` for the seat, over ``worlds`` worlds.

    ``gain``: how much more ``action`` is worth (stakes, as the caller valued
    it).  ``item``: the scored item whose outcome goes the seat's way more
    often after ``action``, with the seat that undertook it (``"game@0"``,
    ``"ulti@1"``; ``""`` for none),
    ``ours`` whether the seat's side undertook it, ``said`` which of the two
    names it (``"action"`` or ``"other"``: an announcement or a kontra of it,
    whose fate is then the reason; ``""``: neither, the two fates differ);
    ``scored``/``made`` in
    how many worlds it was scored at all (an item never announced is not)
    and made after ``action``, ``scored_other``/``made_other`` after
    ``other``.  ``points``/``points_other``: the mean card points of the
    seat's side (None where no difference of note favours ``action``, or
    the contract counts none).  ``trick``/``trick_other``: in how many
    worlds the seat's side took the trick in play (None outside the play,
    or where it does not favour ``action``).
    """

    action: Action
    other: Action
    gain: float
    worlds: int
    item: str = ""
    ours: bool = True
    said: str = ""
    scored: int = 0
    made: int = 0
    scored_other: int = 0
    made_other: int = 0
    points: float | None = None
    points_other: float | None = None
    trick: int | None = None
    trick_other: int | None = None

    @property
    def theme(self) -> str:
        """The theme (:data:`THEMES`) the difference is filed under: the kind of a
        decision in speech or the exchange, else what the card changes most."""
        for a in (self.action, self.other):  # a card against a call: the call's theme
            for cls, theme in _KINDS:
                if isinstance(a, cls):
                    return theme
        if self.item:
            return "game" if self.item.startswith("game@") else "figure"
        if self.trick is not None:
            return "trick"
        if self.points is not None:
            return "points"
        return "value"


_KINDS: tuple[tuple[type[Action], str], ...] = (
    (Announce, "announce"),
    (Kontra, "kontra"),
    (Bid, "bid"),
    (ContractBid, "bid"),
    (Accept, "bid"),
    (Betli, "bid"),
    (Call, "call"),
    (CallItem, "call"),
    (Concede, "call"),
    (PlayOn, "call"),
    (Discard, "discard"),
)


class _Tally:
    """What the playouts after one action came to."""

    def __init__(self) -> None:
        #: item ("label@seat": who undertook it) -> [scored, made, went the seat's way, ours]
        self.items: dict[str, list[int]] = {}
        self.points: list[int] = []
        self.tricks = 0

    def add(self, s: HandState, st: Settlement, seat: int, trick: int | None) -> None:
        side = 0 if s.declarer == seat else 1
        mates = {seat} if side == 0 or s.declarer is None else set(s.defenders())
        for e in st.entries:
            if e.side is None or e.seat is None:
                continue
            ours = e.side == side
            row = self.items.setdefault(f"{e.label}@{e.seat}", [0, 0, 0, ours])
            row[0] += 1
            row[1] += e.made
            row[2] += e.made == ours
        if st.card_points:
            self.points.append(sum(st.card_points.get(t, 0) for t in mates))
        if trick is not None and len(s.trick_winners) > trick:
            self.tricks += s.trick_winners[trick] in mates

    def row(self, key: str) -> tuple[int, int, int, bool]:
        """Scored, made, went the seat's way, ours (of the first world it was scored in)."""
        scored, made, good, ours = self.items.get(key, (0, 0, 0, True))
        return scored, made, good, bool(ours)

    def net(self, key: str) -> int:
        """Worlds the item went the seat's way, less those it went against it."""
        scored, _made, good, _ours = self.row(key)
        return 2 * good - scored

    def game_key(self) -> str:
        """The key of the game (undertaken by the declarer, who is known by a kontra's time)."""
        return next((k for k in self.items if k.startswith("game@")), "game")


def why(
    view: View, action: Action, other: Action, rng: random.Random, *, gain: float, worlds: int = 8
) -> Why:
    """What ``action`` does better than ``other`` for ``view.seat`` (module docs).

    Both are legal actions of the seat, whose turn it is.  The worlds are
    sampled from ``view`` only, so the answer tells nothing the seat could not
    know.  ``gain`` is the value difference the caller found (it is carried,
    not measured here).
    """
    seat = view.seat
    tallies = (_Tally(), _Tally())
    n = 0
    for world, seed in sampled_worlds(view, rng, worlds):
        state, engine = world.state, world.engine
        trick = state.trick_no if state.phase is Phase.PLAY else None
        for tally, a in zip(tallies, (action, other), strict=True):
            s = state.copy()
            engine.apply(s, seat, a)
            heuristic_playout(engine, s, seat, seed, 1.0)
            st = engine.settlement_of(s)
            assert st is not None
            tally.add(s, st, seat, trick)
        n += 1
    return _told(action, other, gain, n, seat=seat, trick_known=view.phase is Phase.PLAY, t=tallies)


def _told(
    action: Action,
    other: Action,
    gain: float,
    n: int,
    *,
    seat: int,
    trick_known: bool,
    t: tuple[_Tally, _Tally],
) -> Why:
    """The differences that favour ``action``: the item an announcement or a kontra
    names where its fate speaks for ``action`` (:func:`_named`), else the item whose
    fate differs most in the seat's favour; the trick; the card points."""
    if not n:
        return Why(action, other, gain, 0)
    mine, theirs = t
    best, said = _named(action, other, seat, mine, theirs)
    if not said:
        gap = 0
        for key in sorted(set(mine.items) | set(theirs.items), key=lambda k: k[:5] != "game@"):
            if mine.row(key)[0] != theirs.row(key)[0]:
                continue  # scored after one action only: told only where one names it
            if (g := mine.net(key) - theirs.net(key)) > gap and g >= max(1, 2 * _SHARE * n):
                best, gap = key, g
    fields: dict[str, object] = {}
    if best:
        scored, made, _good, ours = mine.row(best)
        scored_other, made_other, _good_other, ours_other = theirs.row(best)
        fields.update(
            item=best,
            ours=ours if scored else ours_other,
            said=said,
            scored=scored,
            made=made,
            scored_other=scored_other,
            made_other=made_other,
        )
    if trick_known and mine.tricks - theirs.tricks >= max(1, _SHARE * n):
        fields.update(trick=mine.tricks, trick_other=theirs.tricks)
    if mine.points and theirs.points:
        p, q = sum(mine.points) / len(mine.points), sum(theirs.points) / len(theirs.points)
        if p - q >= _POINTS:
            fields.update(points=p, points_other=q)
    return Why(action, other, gain, n, **fields)  # type: ignore[arg-type]


def _named(
    action: Action, other: Action, seat: int, mine: _Tally, theirs: _Tally
) -> tuple[str, str]:
    """The item an announcement or kontra of the two names, and which names it
    (``"action"``, ``"other"``), where its fate argues for ``action``: said by
    ``action``, it mostly goes the seat's way; said by ``other`` (``action``
    declining to say it), it mostly goes against the seat.  ``("", "")`` else."""
    for a, tally, said in ((action, mine, "action"), (other, theirs, "other")):
        if isinstance(a, Kontra):
            key = tally.game_key() if a.figure == GAME else f"{a.figure}@{a.seat}"
        elif isinstance(a, Announce):
            key = f"{a.figure}@{seat}"
        else:
            continue
        net = tally.net(key)  # our way less against us
        if tally.row(key)[0] and (net > 0 if said == "action" else net < 0):
            return key, said
    return "", ""
