"""Random hands of every shipped profile at every table size it can seat.

For each (variant, players) pair that loads, 500 seeded hands (the run is the
same every time) are played to the end with random legal actions.  A third of
the hands are played uniformly; a third by "shy" players who pass with
probability 0.8 whenever passing is legal outside the card play (so
no-trumps, Betli and Klopitzky come up and announcement rounds stay short); a
third by "terse" players who always pass in announcement rounds and never
speak while a card can be played (which brings calls and concessions).

Every hand must:

- only ever be offered distinct actions, at least one while it is not over;
- accept each chosen action, as an object or as its text, and record it;
- refuse illegal input -- unreadable text, a card the seat does not hold, a
  card it holds but may not play, an action of another phase -- with
  :class:`alsos.IllegalActionError`, leaving history, seat to act, phase and
  legal actions exactly as they were;
- end within a bounded number of actions with a settlement whose payments
  cover every seat and sum to zero, whose written score is never negative,
  and after which nothing is legal;
- settle a seat that sits out (four players) exactly like the defenders,
  never let it act, and call a trump or no-trump game won exactly when the
  declarer's total beats every opponent's.

Pairs a profile does not declare (its ``player_counts``, else its
``players``) must be refused when loading, naming the counts it is for.
"""

from __future__ import annotations

import collections
import random

import pytest

import alsos
from alsos import Game, IllegalActionError, Phase
from alsos.pack.actions import ACCEPT, BETLI, PASS, SIBER, Action, Announce, Discard, Kontra, Play

VARIANTS = ("potter1930", "four-player", "two-player", "tompa", "house", "club", "csibor")
PLAYERS = (2, 3, 4)
HANDS = 500
MAX_ACTIONS = 3000
SPEECH = (Phase.FRONT, Phase.COMPLETION, Phase.BACK)
ILLEGAL_CHECK = 0.02  # share of positions where illegal input is tried


def _loadable() -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    ok, refused = [], []
    for variant in VARIANTS:
        for players in PLAYERS:
            try:
                alsos.load_variant(variant, players=players)
            except alsos.ProfileError:
                refused.append((variant, players))
            else:
                ok.append((variant, players))
    return ok, refused


PAIRS, UNSEATABLE = _loadable()


def _ids(pairs: list[tuple[str, int]]) -> list[str]:
    return [f"{v}-{n}p" for v, n in pairs]


def _choose(game: Game, legal: tuple[Action, ...], rng: random.Random, style: str) -> Action:
    if style == "uniform":
        return rng.choice(legal)
    phase = game.phase
    if style == "shy":
        if phase is not Phase.PLAY and PASS in legal and rng.random() < 0.8:
            return PASS
        return rng.choice(legal)
    # terse
    if phase in SPEECH and PASS in legal:
        return PASS
    if phase is Phase.PLAY:
        quiet = [a for a in legal if not isinstance(a, Announce | Kontra)]
        if quiet:
            return rng.choice(quiet)
    return rng.choice(legal)


def _state(game: Game) -> tuple[object, ...]:
    return (
        tuple(game.history),
        game.to_act,
        game.phase,
        game.legal_actions(),
        tuple(game.hands),
        tuple(game.talon),
        tuple(game.trick),
        tuple((i.label, i.value) for i in game.items),
        game.settlement,
    )


def _illegal_inputs(game: Game, rng: random.Random) -> list[Action | str]:
    """Inputs that must be refused now: text, cards not held or not playable, wrong phase."""
    legal = set(game.legal_actions())
    out: list[Action | str] = ["foo", "announce nothing-at-all", "kontra game@9", ""]
    seat = game.to_act
    held = 0 if seat is None else game.hands[seat]
    not_held = [c for c in alsos.Card if not held >> c & 1]
    card = rng.choice(not_held)
    out += [card.name, Play(card), f"discard {card.name}"]
    unplayable = [
        c for c in alsos.Card if held >> c & 1 and Play(c) not in legal and game.phase is Phase.PLAY
    ]
    if unplayable:
        out.append(rng.choice(unplayable).name)
    out += [a for a in (ACCEPT, BETLI, SIBER, PASS, Discard(card)) if a not in legal]
    out.append(12345)  # not an action at all
    return out


def _try_illegal(game: Game, rng: random.Random, where: str) -> None:
    before = _state(game)
    for bad in _illegal_inputs(game, rng):
        with pytest.raises(IllegalActionError):
            game.apply(bad)  # type: ignore[arg-type]
        assert _state(game) == before, f"{where}: refusing {bad!r} changed the game"


def _check_sides(game: Game, where: str) -> None:
    """Who settles with whom: a seat sitting out never acts and pays or gains as a
    defender (pagat, "Alsós with four players"); the declarer wins only by beating
    each opponent separately, a tie losing (pagat, "Scoring")."""
    s = game.settlement
    assert s is not None
    out = [seat for seat in range(game.players) if seat not in game.active]
    assert not any(seat in out for seat, _ in game.history), f"{where}: a dealer out acted"
    if s.declarer is None:
        return
    for seat in out:
        for d in game.defenders:
            assert s.payments[seat] == s.payments[d], f"{where}: {s.payments}"
            assert s.written[seat] == s.written[d], f"{where}: {s.written}"
    kind = game.contract.kind if game.contract else None
    if kind in (alsos.Kind.TRUMP, alsos.Kind.NO_TRUMPS) and not s.conceded:
        total = {x: s.card_points[x] + s.meld_points[x] + s.bela[x] for x in game.active}
        beats = all(total[s.declarer] > total[d] for d in game.defenders)
        assert s.game_won == beats, f"{where}: {total}, game_won={s.game_won}"


@pytest.mark.parametrize(("variant", "players"), PAIRS, ids=_ids(PAIRS))
def test_random_hands(variant: str, players: int) -> None:
    rules = alsos.load_variant(variant, players=players)
    seats = set(range(players))
    contracts: collections.Counter[str] = collections.Counter()
    for hand in range(HANDS):
        rng = random.Random(f"{variant}/{players}/{hand}")
        style = ("uniform", "shy", "terse")[hand % 3]
        game = Game(rules, seed=hand, dealer=hand % players)
        where = f"{variant} {players}p hand {hand} ({style})"
        n = 0
        if hand % 10 == 0:
            _try_illegal(game, rng, where)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal, f"{where}: nothing legal for seat {game.to_act} in {game.phase}"
            assert len(set(legal)) == len(legal), f"{where}: repeated legal actions {legal}"
            assert game.to_act in game.active, f"{where}: seat {game.to_act} is not in play"
            if rng.random() < ILLEGAL_CHECK:
                _try_illegal(game, rng, where)
            action = _choose(game, legal, rng, style)
            assert action in legal
            seat = game.to_act
            game.apply(str(action) if rng.random() < 0.2 else action)
            assert game.history[-1] == (seat, action), f"{where}: {action} not recorded"
            n += 1
            assert n < MAX_ACTIONS, f"{where}: no end after {n} actions"

        settlement = game.settlement
        assert settlement is not None, f"{where}: over without a settlement"
        assert game.to_act is None and game.legal_actions() == ()
        assert set(settlement.payments) == seats, f"{where}: {settlement.payments}"
        assert sum(settlement.payments.values()) == 0, f"{where}: {settlement.payments}"
        assert all(v >= 0 for v in settlement.written.values()), f"{where}: {settlement.written}"
        assert len(game.history) == n
        _check_sides(game, where)
        _try_illegal(game, rng, where)
        contracts[settlement.contract.split()[0]] += 1

    assert sum(contracts.values()) == HANDS
    assert contracts["trump"] > 0, contracts


@pytest.mark.parametrize(("variant", "players"), UNSEATABLE, ids=_ids(UNSEATABLE))
def test_profiles_refuse_tables_they_cannot_deal(variant: str, players: int) -> None:
    """A profile is for the player counts it declares (issue 18: potter1930 at two
    seats was an unsourced table still named "three players"); any other count is
    refused when loading, naming the counts it is for."""
    with pytest.raises(alsos.ProfileError, match=f"players: this profile is for .*not {players}"):
        alsos.load_variant(variant, players=players)


def test_every_table_size_is_covered() -> None:
    """Each variant plays at least at the table size its source describes."""
    natural = {
        ("potter1930", 3),
        ("four-player", 4),
        ("two-player", 2),
        ("tompa", 2),
        ("house", 3),
        ("club", 3),
        ("csibor", 2),
        ("csibor", 3),
        ("csibor", 4),
    }
    assert natural <= set(PAIRS)
