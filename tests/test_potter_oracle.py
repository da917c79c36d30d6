"""Random hands checked against an independent reading of the potter1930 rules.

Seeded random bots play whole hands.  Each hand is then replayed step by step
and everything the engine decided is recomputed here from the source alone:
which cards were legal at every play, who won each trick, who led first, the
card points, the value of every item, whether it was made, and the payments.

Source: pagat, "Players and Cards", "Play", "First Trick", "Figures", "Kontras",
"Calling", "Scoring"; VARIANTS.md potter1930 §1, §4, §5, §9, §10, §11.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from drive import play_out
from scripted import POTTER_BACK_VALUES, RULES

import alsos
from alsos.pack.actions import Announce, Call, Kontra, Play

TRUMP_ORDER = [3, 5, 0, 4, 1, 2, 6, 7]  # U 9 A 10 K O 8 7 as sequence-order ranks
PLAIN_ORDER = [0, 4, 1, 2, 3, 5, 6, 7]  # A 10 K O U 9 8 7
TRUMP_POINTS = {3: 20, 5: 14, 0: 11, 4: 10, 1: 4, 2: 3}
PLAIN_POINTS = {0: 11, 4: 10, 1: 4, 2: 3, 3: 2}
BACK_VALUE = POTTER_BACK_VALUES
GAME_VALUE = {"trump": 1, "no-trumps": 2, "betli": 5}
ACE, KING, OVER, UNDER, TEN, NINE, SEVEN = 0, 1, 2, 3, 4, 5, 7


def suit(card: int) -> int:
    return card >> 3


def rank(card: int) -> int:
    return card & 7


def points(card: int, trump: int) -> int:
    table = TRUMP_POINTS if suit(card) == trump else PLAIN_POINTS
    return table.get(rank(card), 0)


def trick_winner(trick: list[tuple[int, int]], trump: int) -> int:
    """pagat, "Play": the highest trump wins, else the highest card of the suit led."""
    led = suit(trick[0][1])

    def strength(card: int) -> int:
        if suit(card) == trump:
            return 100 - TRUMP_ORDER.index(rank(card))
        if suit(card) == led:
            return 50 - PLAIN_ORDER.index(rank(card))
        return 0

    return max(trick, key=lambda sc: strength(sc[1]))[0]


def legal_cards(
    hand: list[int], trick: list[tuple[int, int]], trump: int, held_seven: int | None
) -> set[int]:
    """pagat, "Play" and "Figures" (ultimó): follow suit, else trump, else anything;
    an ultimó announcer keeps the trump 7 unless nothing else is allowed."""
    allowed = set(hand)
    if trick:
        led = suit(trick[0][1])
        follow = {c for c in hand if suit(c) == led}
        trumps = {c for c in hand if suit(c) == trump}
        allowed = follow or trumps or set(hand)
    if held_seven is not None and held_seven in allowed and len(allowed) > 1:
        allowed.discard(held_seven)
    return allowed


@dataclass
class ItemRecord:
    figure: str
    seat: int
    declarer_side: bool
    base: int
    front: bool
    steps: list[bool] = field(default_factory=list)

    @property
    def value(self) -> int:
        v = self.base * (2 if self.front and self.figure != "game" else 1)
        for front in self.steps:
            v *= 4 if front else 2
        return v


def _choose(rng: random.Random, style: str, game: alsos.Game) -> alsos.Action:
    """A random legal action; ``style`` biases it towards quiet hands, Betli and
    Klopitzky, or calls, so that every part of the rules gets exercised."""
    legal = game.legal_actions()
    texts = [str(a) for a in legal]
    cards = [a for a in legal if isinstance(a, Play)]
    if style == "uniform":
        return rng.choice(legal)
    if game.phase is alsos.Phase.BIDDING and "pass" in texts:
        quiet = {"terse": 0.7, "passive": 0.95, "caller": 0.7}[style]
        if rng.random() < quiet:
            return legal[texts.index("pass")]
    if "gyerunk" in texts and style == "caller" and rng.random() < 0.6:
        return legal[texts.index("gyerunk")]
    if game.phase in (alsos.Phase.FRONT, alsos.Phase.COMPLETION) and rng.random() < 0.75:
        return legal[texts.index("pass")]
    if game.phase is alsos.Phase.PLAY and cards:
        speak = 0.0 if style == "caller" else 0.3
        if rng.random() >= speak:
            return rng.choice(cards)
        quiet_talk = [a for a in legal if not isinstance(a, Play | Call)]
        if style == "caller":
            quiet_talk = [a for a in quiet_talk if not isinstance(a, Announce)]
        if quiet_talk:
            return rng.choice(quiet_talk)
        return rng.choice(cards)
    return rng.choice(legal)


STYLES = ("uniform", "terse", "passive", "caller")


def play_random(seed: int) -> alsos.Game:
    """A whole hand chosen at random by a seeded policy (the style rotates with seed)."""
    game = alsos.Game(RULES, seed=seed, dealer=seed % 3)
    rng = random.Random(seed)
    style = STYLES[seed % len(STYLES)]
    play_out(game, lambda g, _legal: _choose(rng, style, g))
    return game


@pytest.mark.parametrize("seed", range(400))
def test_random_hand_matches_an_independent_reading(seed: int) -> None:
    """pagat, "Play", "First Trick", "Figures", "Kontras", "Calling", "Scoring": every
    play, trick, item value, result and payment of a random hand agrees with the
    rules recomputed from scratch."""
    game = play_random(seed)
    s = game.settlement
    assert s is not None
    replay = alsos.Game(RULES, deal=game.deal, dealer=game.dealer)
    forehand = (game.dealer + 1) % 3

    items: dict[tuple[str, int], ItemRecord] = {}
    ultimo_seat: set[int] = set()
    call_level = 0
    called = False
    tricks: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    first_trick_hand: dict[int, set[int]] = {}

    for seat, action in game.history:
        phase = replay.phase
        if (
            replay.contract is not None
            and ("game", -1) not in items
            and replay.declarer is not None
        ):
            kind = str(replay.contract.kind)
            items[("game", -1)] = ItemRecord("game", replay.declarer, True, GAME_VALUE[kind], False)
        trump = replay.trump
        if isinstance(action, Play) and phase is alsos.Phase.PLAY:
            hand = [int(c) for c in replay.hand(seat)]
            seven = 8 * trump + SEVEN if trump >= 0 and seat in ultimo_seat else None
            expected = legal_cards(hand, current, trump, seven)
            offered = {int(a.card) for a in replay.legal_actions() if isinstance(a, Play)}
            assert offered == expected, (seed, seat, current, hand)
            if not tricks and not current:  # the first lead
                kind = replay.contract.kind if replay.contract else None
                if kind is alsos.Kind.NO_TRUMPS:
                    assert seat == (game.declarer - 1) % 3  # type: ignore[operator]
                else:
                    assert seat == forehand
            if not tricks:
                first_trick_hand[seat] = set(hand)
            current.append((seat, int(action.card)))
            if len(current) == 3:
                tricks.append(current)
                current = []
        elif isinstance(action, Announce):
            fig = action.figure
            front = phase is alsos.Phase.FRONT
            assert not (fig == "volat" and front)
            items[(fig, seat)] = ItemRecord(
                fig, seat, seat == replay.declarer, BACK_VALUE[fig], front
            )
            if fig == "ultimo":
                ultimo_seat.add(seat)
        elif isinstance(action, Kontra):
            if action.figure == "gyerunk":
                call_level += 1
            else:
                key = (action.figure, -1 if action.figure == "game" else action.seat)
                record = items[key]  # type: ignore[index]
                assert len(record.steps) == action.level - 1
                # sides alternate: odd steps come from the other side
                undertaker_declarer = record.declarer_side
                speaker_declarer = seat == replay.declarer
                assert speaker_declarer == (undertaker_declarer == (action.level % 2 == 0))
                record.steps.append(phase is alsos.Phase.FRONT)
        elif isinstance(action, Call):
            called = True
            assert all(i.figure in ("game", "kassza") for i in items.values())
        replay.apply(action)

    assert tricks == [[(p, int(c)) for p, c in t] for t in game.tricks]
    for trick, winner in zip(tricks, game.trick_winners, strict=True):
        assert trick_winner(trick, game.trump) == winner, (seed, trick)

    kind = str(game.contract.kind) if game.contract else None
    if kind == "klopitzky":
        counts = [sum(1 for w in game.trick_winners if w == p) for p in range(3)]
        most = max(counts)
        losers = [p for p in range(3) if counts[p] == most]
        expected_pay = {p: 0 for p in range(3)}
        for p in range(3):
            if p not in losers:
                for lo in losers:
                    expected_pay[p] += 3
                    expected_pay[lo] -= 3
        assert s.payments == expected_pay
        return

    declarer = game.declarer
    assert declarer is not None
    defenders = [p for p in range(3) if p != declarer]
    trump = game.trump
    complete = len(tricks) == 9
    won_cards = {
        p: {c for t, w in zip(tricks, game.trick_winners, strict=True) if w == p for _, c in t}
        for p in range(3)
    }
    card_points = {p: sum(points(c, trump) for c in won_cards[p]) for p in range(3)}
    if complete:
        card_points[game.trick_winners[-1]] += 10
        # pagat, "Betli": card points mean nothing there, and the settlement leaves them out.
        assert s.card_points == ({} if kind == "betli" else card_points)
    bela = {p: 0 for p in range(3)}
    if trump >= 0:
        for p, hand in first_trick_hand.items():
            if {8 * trump + KING, 8 * trump + OVER} <= hand:
                bela[p] = 20
        assert bela == s.bela
    totals = {p: card_points[p] + s.meld_points[p] + bela[p] for p in range(3)}

    if s.conceded:
        game_won = s.game_won
    elif kind == "betli":
        game_won = declarer not in game.trick_winners
    else:
        game_won = all(totals[declarer] > totals[d] for d in defenders)
    assert s.game_won == game_won

    def made(rec: ItemRecord) -> bool:
        if rec.figure == "game":
            return bool(game_won)
        seat = rec.seat
        if rec.figure == "kassza":
            if rec.declarer_side:
                return bool(game_won)
            return not game_won and any(bela[d] for d in defenders)
        if rec.figure in ("abszolut", "100", "200"):
            need = {"abszolut": (82, 66), "100": (100, 80), "200": (200, 180)}[rec.figure]
            total = card_points[seat]
            if rec.figure == "200":
                total += s.meld_points[seat] + bela[seat]
            return total >= need[0 if trump >= 0 else 1]
        if rec.figure == "volat":
            return complete and all(w == seat for w in game.trick_winners)
        if rec.figure == "ultimo":
            return (
                complete
                and game.trick_winners[-1] == seat
                and (seat, 8 * trump + SEVEN) in tricks[-1]
            )
        need_ranks = {
            "44": None,
            "tuletroa": (UNDER, NINE, SEVEN),
            "csalad": (ACE, KING, OVER),
            "osszes-adu": (UNDER, NINE, ACE, TEN, KING, OVER),
        }[rec.figure]
        if need_ranks is None:
            cards = {8 * x + ACE for x in range(4)}
        else:
            cards = {8 * trump + r for r in need_ranks}
        return cards <= won_cards[seat]

    factor = 1
    if called:
        factor = 2**call_level if s.conceded else 2 ** (call_level + 1)
    expected_pay = {p: 0 for p in range(3)}
    entries = {(e.label, -1 if e.label == "game" else e.seat): e for e in s.entries}
    assert set(entries) == set(items)
    for key, rec in items.items():
        e = entries[key]
        if not s.conceded or rec.figure in ("game", "kassza"):
            assert e.made == made(rec), (seed, key)
        value = rec.value * (factor if rec.figure in ("game", "kassza") else 1)
        assert e.value == value, (seed, key, e)
        declarer_wins = rec.declarer_side == e.made
        sign = 1 if declarer_wins else -1
        expected_pay[declarer] += 2 * sign * value
        for d in defenders:
            expected_pay[d] -= sign * value
    assert s.payments == expected_pay
