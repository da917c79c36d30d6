"""alsos.openspiel: the python_alsos game under OpenSpiel's own checks and bots."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from hypothesis import HealthCheck, assume, given, settings
from open_spiel.python.algorithms import ismcts, mcts

import alsos
import alsos.openspiel
from alsos.openspiel import GAME_NAME, ruleset_of
from alsos.pack.deal import layout
from alsos.rl import ActionSpace, max_actions, max_payment
from alsos.rl.rewards import payment_bound, utility_bound
from tests.rl_helpers import LADDERS, positions, replay_swapped


def _random_hand(game, rng):  # type: ignore[no-untyped-def]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(int(rng.choice(outcomes)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"variant": "tompa"},
        {"variant": "csibor", "players": 4, "dealer": 2},
        {"variant": "altiansz"},
        {"variant": "altiansz", "players": 4, "dealer": 1},
    ],
    ids=str,
)
def test_random_sim_test_passes(params: dict[str, object]) -> None:
    game = pyspiel.load_game(GAME_NAME, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_parameters_name_the_table() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "csibor", "players": 2})
    assert game.num_players() == 2
    rules = ruleset_of({"variant": "potter1930", "options": "games.trump=2"})
    assert rules.games.trump == 2
    game = pyspiel.load_game(GAME_NAME, {"variant": "potter1930", "options": "games.trump=2"})
    assert game.rules == rules
    with pytest.raises(alsos.ProfileError):
        pyspiel.load_game(GAME_NAME, {"variant": "potter1930", "players": 7})


_OPTIONED = [
    {"variant": "potter1930", "options": "games.trump=2"},
    {"variant": "potter1930[games.trump=2]"},
    {"variant": "csibor[games.trump=2]", "options": "players=4", "dealer": 3},
    {"variant": "csibor", "options": "players=2", "dealer": 1},
]


@pytest.mark.parametrize("params", _OPTIONED, ids=str)
def test_games_with_profile_options_round_trip(params: dict[str, object]) -> None:
    """Issue 23 item 6: a game whose parameters carry ``key=value`` options reads back
    from its string, its pickle and OpenSpiel's serialization as the same game."""
    import pickle

    game = pyspiel.load_game(GAME_NAME, params)
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules and again.dealer == game.dealer
    assert str(again) == str(game)
    unpickled = pickle.loads(pickle.dumps(game))
    assert unpickled.rules == game.rules and unpickled.dealer == game.dealer
    state = _random_hand(game, np.random.default_rng(2))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.rules == game.rules and state2.history() == state.history()
    assert state2.returns() == state.returns()
    state3 = pickle.loads(pickle.dumps(state))
    assert state3.history() == state.history() and state3.get_game().rules == game.rules
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("potter1930", {}),
        ("four-player", {}),
        ("house", {}),
        ("tompa", {}),
        ("altiansz", {}),
        ("altiansz", {"players": 4}),
    ],
    ids=str,
)
def test_game_info_is_derived_and_honest(variant: str, options: dict[str, int]) -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": variant, **options})
    rules = alsos.load_variant(variant, **options)
    assert game.num_distinct_actions() == len(ActionSpace(rules))
    assert game.max_game_length() == 32 + max_actions(rules)
    assert game.max_utility() == utility_bound(rules) == -game.min_utility()
    assert utility_bound(rules) <= payment_bound(rules) <= max_payment(rules)
    assert game.max_chance_outcomes() == 32
    rng = np.random.default_rng(0)
    for _ in range(30):
        state = _random_hand(game, rng)
        assert len(state.history()) <= game.max_game_length()
        returns = state.returns()
        assert sum(returns) == 0
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert returns == [float(state.game.settlement.payments[s]) for s in range(len(returns))]


@pytest.mark.parametrize("variant", ["potter1930", "altiansz"])
def test_the_deal_is_a_uniform_pack_one_card_at_a_time(variant: str) -> None:
    """Each chance node offers every card not yet dealt, equally likely; the pack is then
    dealt as the engine deals a shuffled pack (the same pack gives the same deal; Altiansz
    lays talon cards between its packets, altiansz, "Deal")."""
    game = pyspiel.load_game(GAME_NAME, {"variant": variant})
    seeded = alsos.Game(game.rules, seed=4)
    pack = list(seeded.state.pack)
    state = game.new_initial_state()
    for i, card in enumerate(pack):
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        assert set(outcomes) == set(pack[i:])
        assert list(outcomes.values()) == pytest.approx([1 / (32 - i)] * (32 - i))
        state.apply_action(card)
    assert state.game.deal == seeded.deal
    assert state.current_player() == seeded.to_act
    with pytest.raises(ValueError):
        game.new_initial_state().apply_action(32)


def test_tensors_are_the_rl_encoding() -> None:
    game = pyspiel.load_game(GAME_NAME)
    state = _random_hand(game, np.random.default_rng(1))
    clone = game.new_initial_state()
    for a in state.history()[:50]:
        clone.apply_action(a)
    for seat in range(3):
        want = game.encoder.encode(clone.game.view(seat))
        info = np.array(clone.information_state_tensor(seat), np.float32)
        assert np.array_equal(info[: len(want)], want)  # then the recall fields
        assert np.array_equal(np.array(clone.observation_tensor(seat)), want)
        assert clone.information_state_string(seat).startswith(f"seat {seat}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_information_state_hides_what_the_seat_cannot_know(position) -> None:  # type: ignore[no-untyped-def]
    _same_information_state(position)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(LADDERS))
def test_information_state_hides_the_ladders_talon(position) -> None:  # type: ignore[no-untyped-def]
    """Altiansz at three and four seats: the cards a bidder drew unseen and its
    face-down discards are known to it alone (altiansz, "Bidding and use of the Talon")."""
    _same_information_state(position)


def _same_information_state(position) -> None:  # type: ignore[no-untyped-def]
    rules, pack, dealer, steps, choices, seat, pick = position
    out = replay_swapped(rules, pack, dealer, steps, choices, seat, pick)
    assume(out is not None)
    a, b, swapped = out
    assume(a.view(seat).history == b.view(seat).history)
    params = {"variant": str(rules), "players": rules.players, "dealer": dealer}
    game = pyspiel.load_game(GAME_NAME, params)
    space = game.space
    states = []
    for deck, played in ((pack, a), (swapped, b)):
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(card)
        for _, action in played.history:
            state.apply_action(space.index(action))
        states.append(state)
    sa, sb = states
    assert sa.information_state_string(seat) == sb.information_state_string(seat)
    assert sa.information_state_tensor(seat) == sb.information_state_tensor(seat)
    assert sa.observation_string(seat) == sb.observation_string(seat)


def test_mcts_bots_play_whole_hands() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "tompa"})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
        for _ in range(game.num_players())
    ]
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                state.apply_action(int(rng.choice(outcomes)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == 0 and state.game.settlement is not None


def test_resampled_worlds_keep_the_information_state_and_vary_the_rest() -> None:
    game = pyspiel.load_game(GAME_NAME)
    rng = np.random.default_rng(6)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
    for _ in range(60):  # into the play
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal()
    seat = state.current_player()
    others = [s for s in range(3) if s != seat]
    truth = [state.game.hands[s] for s in others]
    differ = 0
    for _ in range(10):
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.game.view(seat) == state.game.view(seat)
        assert world.history()[32:] == state.history()[32:]
        differ += [world.game.hands[s] for s in others] != truth
    assert differ >= 5


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz"])
def test_the_kept_information_state_string_is_openspiels(variant: str) -> None:
    """``AlsosState.information_state_string`` (read once per position) gives what
    OpenSpiel's own route through the observer gives, at every step of random hands,
    for every seat and the default (the seat to act); a held game moved on outside
    the state is read afresh."""
    game = pyspiel.load_game(GAME_NAME, {"variant": variant})
    rng = np.random.default_rng(2)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
                continue
            for seat in range(game.num_players()):
                want = pyspiel.State.information_state_string(state, seat)
                assert state.information_state_string(seat) == want
                assert state.information_state_string(seat) == want  # the kept one
            assert state.information_state_string() == state.information_state_string(
                state.current_player()
            )
            state.apply_action(int(rng.choice(state.legal_actions())))
    held = alsos.openspiel.AlsosState.holding(game, alsos.Game(game.rules, seed=4))
    seat = held.current_player()
    before = held.information_state_string(seat)
    held.game.apply(held.game.legal_actions()[0])
    after = held.information_state_string(seat)
    assert after != before and after == pyspiel.State.information_state_string(held, seat)
    with pytest.raises(pyspiel.SpielError):
        game.new_initial_state().information_state_string()


def test_search_worlds_from_one_state_share_its_determinizer() -> None:
    """``search_world`` reads the seat's view once per position for all the worlds a
    search draws (its determinizer kept on the state, not on a clone): the worlds keep
    the information state and vary the rest, and a new position gets a new one."""
    game = pyspiel.load_game(GAME_NAME)
    rng = np.random.default_rng(6)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
    for _ in range(60):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    random.seed(3)
    worlds = [state.search_world(seat) for _ in range(10)]
    kept = state._samplers.kept[seat]
    assert all(
        w.information_state_string(seat) == state.information_state_string(seat) for w in worlds
    )
    assert len({str(w.game.deal) for w in worlds}) >= 5
    assert state.clone()._samplers.kept == {}
    state.apply_action(state.legal_actions()[0])
    moved = state.search_world(seat)
    assert state._samplers.kept[seat] is not kept
    assert moved.information_state_string(seat) == state.information_state_string(seat)


def test_ismcts_plays_whole_hands() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "tompa"})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    for hand in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
            elif state.current_player() == hand % 2:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert sum(state.returns()) == 0


@pytest.mark.parametrize("players", [3, 4])
def test_face_down_talon_cards_are_not_in_any_information_state(players: int) -> None:
    """Altiansz deals one talon card face up and the others face down (altiansz, "Deal"):
    swapping two face-down talon cards changes no seat's information state."""
    game = pyspiel.load_game(GAME_NAME, {"variant": "altiansz", "players": players})
    rules = game.rules
    d = rules.deal
    _, talon_at = layout(
        players, 0, tuple(d.seen_packets), tuple(d.unseen_packets), tuple(d.talon_between)
    )
    pack = list(range(32))
    swapped = pack[:]
    i, j = talon_at[1], talon_at[-1]  # the indicator (face up) is talon_at[0]
    swapped[i], swapped[j] = swapped[j], swapped[i]
    states = []
    for deck in (pack, swapped):
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(card)
        states.append(state)
    assert states[0].game.deal != states[1].game.deal
    for seat in range(players):
        assert states[0].information_state_string(seat) == states[1].information_state_string(seat)
        assert states[0].information_state_tensor(seat) == states[1].information_state_tensor(seat)


def _into_the_auction(game, seed: int):  # type: ignore[no-untyped-def]
    """A hand of ``game`` played at random until two draws are done (or the play starts)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
    draws = 0
    space = game.space
    draw = space.index(alsos.parse_action("draw"))
    while draws < 2 and not state.is_terminal() and state.game.phase is not alsos.Phase.PLAY:
        legal = state.legal_actions()
        action = draw if draw in legal else int(rng.choice(legal))
        draws += action == draw
        state.apply_action(action)
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_resampled_worlds_keep_what_each_seat_drew_and_vary_the_rest(players: int) -> None:
    """Altiansz: the cards a bidder drew unseen are known to it alone, its discards too
    (altiansz, "Bidding and use of the Talon").  Each seat's resampled worlds keep its
    view and information state, and vary the cards it cannot know."""
    game = pyspiel.load_game(GAME_NAME, {"variant": "altiansz", "players": players})
    random.seed(7)
    varied = tried = hidden = 0
    for seed in range(6):
        state = _into_the_auction(game, seed)
        if state.is_terminal():
            continue
        for seat in state.game.active:
            truth = state.game.hands
            for _ in range(3):
                world = state.resample_from_infostate(
                    seat, pyspiel.UniformProbabilitySampler(0.0, 1.0)
                )
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.game.view(seat) == state.game.view(seat)
                assert world.game.hands[seat] == truth[seat]
                assert len(world.history()) == len(state.history())
                tried += 1
                varied += world.game.hands != truth
                # Another seat's face-down discards are sampled too, not copied
                # from the true hand (issue 23 item 9).
                hidden += world.history()[32:] != state.history()[32:]
    assert tried >= 30 and varied >= 0.8 * tried, (varied, tried)
    assert hidden > 0


def test_the_information_state_keeps_the_cards_a_siber_reveal_turned_up() -> None:
    """tompa ``exchange.takes: reveal`` (pagat, "Trump Exchange"): the hidden talon
    cards a síber turned face up and took were seen by every seat.  Another seat's
    information state names them after they left the talon (from its view's
    ``taken``), and a resampled world keeps them with the síber seat."""
    game = pyspiel.load_game(GAME_NAME, {"variant": "tompa"})
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
                continue
            s = state.game.state
            if s.siber_taken > 2 and s.phase is alsos.Phase.PLAY:
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        s = state.game.state
        if state.is_terminal() or s.siber_taken <= 2:
            continue
        siber, taken, _ = next(t for t in s.takes if t[1])
        other = next(p for p in state.game.active if p != siber)
        text = state.information_state_string(other)
        revealed = " ".join(alsos.pack.cards.CARDS[c].name for c in taken[2:])
        assert revealed and revealed.replace(" ", ",") in text
        assert all(
            alsos.pack.cards.CARDS[c] not in state.game.view(other).talon_seen for c in taken
        )
        random.seed(seed)
        world = state.resample_from_infostate(other, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(other) == text
        return
    pytest.fail("no tompa síber revealed hidden cards in 300 random hands")


@pytest.mark.parametrize("variant", ["tompa", "potter1930", "altiansz"])
def test_a_resampled_world_is_never_the_true_deal_handed_back(variant: str) -> None:
    """Issue 23 item 9: ISMCTS must never search the true deal because sampling failed.
    Before the first trick every seat has many cards it cannot place, so a world that
    is the true deal again is one handed back, not sampled; and every world keeps the
    seat's information state and varies at least some hidden cards."""
    game = pyspiel.load_game(GAME_NAME, {"variant": variant})
    rng = random.Random(11)
    random.seed(11)
    calls = 0
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal() and not (state.game and state.game.view(0).tricks):
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            seat = state.current_player()
            world = state.resample_from_infostate(seat, None)
            calls += 1
            assert world.game.deal != state.game.deal, (calls, str(state))
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.game.view(seat) == state.game.view(seat)
            state.apply_action(rng.choice(state.legal_actions()))
    assert calls >= 100


def test_a_world_the_determinizer_cannot_find_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 item 9: no sample, no world -- never the true state instead."""
    from alsos.search.determinize import DeterminizeError

    def fail(*args: object, **kwargs: object) -> None:
        raise DeterminizeError("no hand consistent with the view")

    monkeypatch.setattr(alsos.openspiel, "determinize", fail, raising=False)
    monkeypatch.setattr(alsos.openspiel.AlsosState, "_world", lambda *a: None, raising=False)
    game = pyspiel.load_game(GAME_NAME, {"variant": "tompa"})
    state = game.new_initial_state()
    for card in range(32):
        state.apply_action(card)
    with pytest.raises(DeterminizeError):
        state.resample_from_infostate(state.current_player(), None)
