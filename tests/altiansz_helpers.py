"""Helpers for the Altiansz tests: deals, a scripted driver and an independent oracle.

The oracle judges a finished hand from its tricks by the source's own words
(altiansz, "Contracts"), written here without the engine's figure judges, so
the engine and the oracle can disagree when either is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

import drive

import alsos
from alsos.pack.actions import DECLARE_MELDS, Action, Play

ALTIANSZ = alsos.load_variant("altiansz")
ALTIANSZ4 = alsos.load_variant("altiansz", players=4)

# altiansz, "Players and Cards": Aces and Tens 10; the trump Under 20, the trump 9 10.
PLAIN_POINTS = {"A": 10, "10": 10}
TRUMP_POINTS = {"U": 20, "9": 10, "A": 10, "10": 10}
LAST_TRICK = 10

#: seat 0 holds every acorn and the Ace of hearts: it can win every trick with acorns as
#: trumps.  The talon is ZO (face up), then ZU Z9 Z8 Z7 face down.
MONSTER = (
    "MU M9 MA M10 MK MO M8 M7 PA + / PK PO PU P9 TA TK TO TU ZA + / "
    "P10 P8 P7 T10 T9 T8 T7 Z10 ZK + / talon ZO ZU Z9 Z8 Z7"
)
#: seat 0 holds only 7s, 8s and the acorn 9: it can lose every trick of a Betli.
LOW = (
    "M9 M8 M7 P8 P7 T8 T7 Z8 Z7 + / MA MK MO MU PA PK PO PU TA + / "
    "M10 P10 P9 TK TO TU T10 T9 ZA + / talon ZK ZO ZU Z10 Z9"
)


def deal_game(deal: str, *, dealer: int = 2, before: list[int] | None = None) -> alsos.Game:
    """A three-player Altiansz hand of ``deal``; dealer 2 makes seat 0 forehand."""
    return alsos.Game(ALTIANSZ, deal=deal, dealer=dealer, declared_before=before)


def run(game: alsos.Game, script: str) -> None:
    """Apply comma-separated actions in turn."""
    for text in script.split(","):
        text = text.strip()
        if text:
            game.apply(text)


def play_out(game: alsos.Game, leads: list[str] | None = None, *, declare: bool = True) -> None:
    """Play to the end: the declarer's cards from ``leads`` in order (when it is its
    turn and the card is legal), every other card the first legal one; every seat
    declares its melds when it may (unless ``declare`` is false)."""
    queue = list(leads or [])

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        if declare and DECLARE_MELDS in legal:
            return DECLARE_MELDS
        if game.to_act == game.declarer and queue:
            wanted = alsos.parse_action(queue[0])
            if wanted in legal:
                queue.pop(0)
                return wanted
        plays = [a for a in legal if isinstance(a, Play)]
        return plays[0] if plays else legal[0]

    drive.play_out(game, choose)


def points(game: alsos.Game) -> dict[int, int]:
    """Each active seat's card points in its tricks, with the last trick if played."""
    trump = game.contract.trump if game.contract else None
    out = {}
    for seat in game.active:
        total = 0
        for c in alsos.Card:
            if game.won[seat] >> c & 1:
                table = TRUMP_POINTS if c.suit is trump else PLAIN_POINTS
                total += table.get(c.rank.code, 0)
        out[seat] = total
    tricks = game.state.tricks
    if len(tricks) == 9:
        out[game.state.trick_winners[-1]] += LAST_TRICK
    return out


def oracle(game: alsos.Game) -> bool:
    """Whether the declarer met its contract, by the source's definitions."""
    assert game.contract is not None and game.contract.name is not None
    name = game.contract.name
    d = game.declarer
    assert d is not None
    s = game.state
    trump = game.contract.trump
    pts = points(game)
    st = game.settlement
    assert st is not None
    melds = st.meld_points
    mine_t = s.tricks_won[d]

    def card(rank: str) -> alsos.Card:
        assert trump is not None
        return alsos.Card.parse(f"{trump.letter}{rank}")

    def won(c: alsos.Card) -> bool:
        return bool(s.won[d] >> c & 1)

    def last_with(rank: str, from_end: int) -> bool:
        if len(s.tricks) < 9:
            return False
        index = 9 - from_end
        return s.trick_winners[index] == d and (d, int(card(rank))) in s.tricks[index]

    def majority() -> bool:
        others = sum(pts[t] + melds.get(t, 0) for t in game.active if t != d)
        return pts[d] + melds.get(d, 0) > others

    return {
        "solo": lambda: mine_t >= 5,
        "ultimo": lambda: last_with("7", 1),
        "golden-aces": lambda: all(won(c) for c in alsos.Card if c.rank.code == "A"),
        "game": majority,
        "game-trull": lambda: majority() and all(won(card(r)) for r in ("U", "9", "7")),
        "game-ultimo": lambda: majority() and last_with("7", 1),
        "game-sneak": lambda: majority() and last_with("8", 2) and last_with("7", 1),
        "150": lambda: pts[d] + melds.get(d, 0) >= 150,
        "absolute": lambda: pts[d] >= 90,
        "200": lambda: pts[d] + melds.get(d, 0) >= 200,
        "betli": lambda: mine_t == 0,
        "volat": lambda: mine_t == len(s.tricks) == 9,
    }[name]()
