"""The observation encoding of alsos.rl: fixed shape and dtype, values in [0, 1],
fields as documented, and no hidden information."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402

import alsos  # noqa: E402
from alsos.hand.chosen import named_contracts  # noqa: E402
from alsos.hand.history import MELD_IDS  # noqa: E402
from alsos.pack.actions import DECLARE_MELDS, Action, ContractBid  # noqa: E402
from alsos.rl import ObservationEncoder  # noqa: E402
from alsos.rl.encoding import MELD_KINDS  # noqa: E402
from tests.drive import Policy, Step, play_out  # noqa: E402
from tests.profiles import PROFILES  # noqa: E402
from tests.rl_helpers import LADDERS, positions, replay_swapped  # noqa: E402


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_shape_dtype_and_range_are_fixed(rules: alsos.Ruleset) -> None:
    enc = ObservationEncoder(rules)
    assert enc.fields[-1][1] + int(np.prod(enc.fields[-1][2])) == enc.shape[0]
    for hand in range(20):
        rng = random.Random(hand)
        game = alsos.Game(rules, seed=hand, dealer=hand % rules.players)
        while True:
            for seat in range(rules.players):
                v = enc.encode(game.view(seat))
                assert v.shape == enc.shape and v.dtype == np.float32
                assert v.min() >= 0.0 and v.max() <= 1.0
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))


def test_fields_say_what_the_docs_say() -> None:
    rules = alsos.load_variant("potter1930")
    enc = ObservationEncoder(rules)
    game = alsos.Game(rules, seed=3)
    rng = random.Random(3)
    while game.trick_no < 2 or game.trick:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_act
    view = game.view(seat)
    f = enc.split(enc.encode(view))
    assert f["seat"][seat] == 1 and f["seat"].sum() == 1
    assert f["to_act"][seat] == 1
    assert sorted(np.flatnonzero(f["hand"])) == sorted(int(c) for c in view.hand)
    assert f["phase"][list(alsos.Phase).index(game.phase)] == 1
    assert f["declarer"][game.declarer] == 1
    played = {int(c) for t in game.tricks for _, c in t}
    assert set(np.flatnonzero(f["played"].sum(axis=0))) == played
    assert set(np.flatnonzero(f["won"].sum(axis=0))) == played
    assert f["tricks_won"].sum() == pytest.approx(2 / rules.hand_size)
    assert f["items"][0, 0] == 1  # the game is always an item once there is a contract
    bids = [enc.space.index(a) for s, a in game.history if s == 0 and str(a) != "pass"]
    assert all(f["said"][0, i] == 1 for i in bids if i < f["said"].shape[1])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_cards_the_seat_cannot_know_do_not_change_its_encoding(position) -> None:  # type: ignore[no-untyped-def]
    _same_encoding(position)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(LADDERS))
def test_the_ladders_hidden_talon_does_not_change_the_encoding(position) -> None:  # type: ignore[no-untyped-def]
    """Altiansz: cards drawn unseen, discards face down and the face-down talon are
    known to no other seat (altiansz, "Bidding and use of the Talon")."""
    _same_encoding(position)


def _same_encoding(position) -> None:  # type: ignore[no-untyped-def]
    rules, pack, dealer, steps, choices, seat, pick = position
    out = replay_swapped(rules, pack, dealer, steps, choices, seat, pick)
    assume(out is not None)
    a, b, _ = out
    va, vb = a.view(seat), b.view(seat)
    # Only what happened in public may tell the two apart: what was said (e.g. a meld
    # shown in detail), and a hand ending at once because its contract can no longer
    # be made (the altiansz profile's early end), which every seat sees.
    assume(va.history == vb.history)
    assume(va.phase == vb.phase)
    assert va == vb
    enc = ObservationEncoder(rules)
    assert np.array_equal(enc.encode(va), enc.encode(vb))


def _declaring(rng: random.Random) -> Policy:
    """Random play that declares melds whenever it may."""
    return lambda _game, legal: DECLARE_MELDS if DECLARE_MELDS in legal else rng.choice(legal)


def _encoding_views(shared: ObservationEncoder, rng: random.Random) -> Policy:
    """Random play that first encodes every seat's view (in a random order) with
    ``shared`` and with a fresh encoder, and checks the two agree."""

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        for seat in rng.sample(range(game.players), game.players):
            view = game.view(seat)
            assert np.array_equal(shared.encode(view), ObservationEncoder(game.rules).encode(view))
        return rng.choice(legal)

    return choose


@pytest.mark.parametrize(
    "rules",
    [
        alsos.load_variant("club", **{"bidding.hidden_suit": True}),
        alsos.load_variant("csibor"),
        alsos.load_variant("altiansz"),
    ],
    ids=str,
)
def test_a_reused_encoder_encodes_as_a_fresh_one(rules: alsos.Ruleset) -> None:
    """The encoder reads only what a history added since its last call for that seat;
    hidden bids that are shown later (club, "Variations") change earlier entries."""
    shared = ObservationEncoder(rules)
    for hand in range(15):
        game = alsos.Game(rules, seed=hand)
        play_out(game, _encoding_views(shared, random.Random(hand)))


@pytest.mark.parametrize("players", [3, 4])
def test_ladder_fields_say_the_contract_and_the_meld_kinds(players: int) -> None:
    """altiansz, "Melds": a seat's declared melds are made known by kind only; the
    ``contract`` field follows the standing bid of the ladder."""
    rules = alsos.load_variant("altiansz", players=players)
    enc = ObservationEncoder(rules)
    ids = list(named_contracts(rules))
    kinds = list(MELD_KINDS)
    declared = 0

    def check(game: alsos.Game, _step: Step) -> None:
        """The contract and meld fields of the seat to act after each action."""
        nonlocal declared
        seat = game.to_act if game.to_act is not None else game.active[0]
        view = game.view(seat)
        f = enc.split(enc.encode(view))
        bids = [str(a).split()[1] for _, a in game.history if isinstance(a, ContractBid)]
        want = np.zeros(len(ids))
        if bids:
            want[ids.index(bids[-1])] = 1
        assert np.array_equal(f["contract"], want)
        counts = np.zeros((players, len(kinds)))
        for step in view.history:
            who, text = step.seat, step.text
            if text.startswith("declare melds ("):
                declared += 1
                for word in text[len("declare melds (") : -1].split(", "):
                    # every word is a known kind (MELD_KINDS are ids; the text writes words)
                    counts[who, kinds.index(MELD_IDS.get(word, word))] += 1
        assert np.allclose(f["melds"], np.minimum(counts / 4, 1))

    for hand in range(40):
        rng = random.Random(hand)
        game = alsos.Game(rules, seed=hand, dealer=hand % players)
        play_out(game, _declaring(rng), after=check)
    assert declared > 0


def test_profiles_without_a_ladder_have_empty_ladder_fields() -> None:
    enc = ObservationEncoder(alsos.load_variant("potter1930"))
    shapes = {name: shape for name, _, shape in enc.fields}
    assert shapes["contract"] == (0,) and shapes["melds"] == (3, 0)
