"""alsos.interop: alsos bots under OpenSpiel's evaluate_bots, OpenSpiel bots in the arena."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from drive import at_random, play_out, positions
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import alsos
from alsos.bots import available, make_spec
from alsos.cli import main
from alsos.interop import (
    AlsosBot,
    OpenSpielBot,
    OpenSpielBotError,
    RestartableISMCTSBot,
    _pack,
    openspiel_state,
)
from alsos.pack.deal import Deal
from alsos.search import determinize


def _play(rules: alsos.Ruleset, seed: int, bots: dict[int, Any]) -> alsos.Game:
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    play_out(game, bots)
    return game


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_the_pack_deals_the_game_again(variant: str) -> None:
    rules = alsos.load_variant(variant)
    d = rules.deal
    for seed in range(4):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        deal = Deal.from_pack(
            _pack(game),
            players=rules.players,
            dealer=game.dealer,
            seen_packets=d.seen_packets,
            unseen_packets=d.unseen_packets,
            talon_between=d.talon_between,
        )
        assert deal == game.deal


@pytest.mark.parametrize("variant", ["tompa", "potter1930"])
def test_alsos_bots_under_both_evaluate_bots_play_as_in_alsos(variant: str) -> None:
    """From a dealt state, OpenSpiel's two evaluate_bots give the payments the same
    bots earn when alsos runs the hand itself."""
    rules = alsos.load_variant(variant)
    specs = ["heuristic", "random", "heuristic"][: rules.players]
    for seed in range(3):
        mine = _play(rules, seed, {s: make_spec(specs[s], seed=s) for s in range(rules.players)})
        want = [float(mine.settlement.payments[s]) for s in range(rules.players)]  # type: ignore[union-attr]
        start = openspiel_state(alsos.Game(rules, seed=seed, dealer=seed % rules.players))
        bots = [AlsosBot(specs[s], s, seed=s) for s in range(rules.players)]
        assert pyspiel.evaluate_bots(start.clone(), bots, 1) == want
        bots = [AlsosBot(specs[s], s, seed=s) for s in range(rules.players)]
        assert evaluate_bots.evaluate_bots(start.clone(), bots, np.random.RandomState(1)) == want


def test_alsos_bots_play_whole_openspiel_games_from_the_deal() -> None:
    game = pyspiel.load_game("python_alsos", {"variant": "potter1930"})
    bots = [AlsosBot("heuristic", s, seed=s) for s in range(3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert sum(returns) == 0 and any(returns)


def test_plain_ismcts_needs_the_restart_shim_under_evaluate_bots() -> None:
    game = pyspiel.load_game("python_alsos", {"variant": "tompa"})
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    plain = ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rs)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(
            game.new_initial_state(), [plain, AlsosBot("random", 1, seed=1)], rs
        )
    shimmed = RestartableISMCTSBot(game, evaluator, 2.0, 3, random_state=rs)
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), [shimmed, AlsosBot("random", 1, seed=1)], rs
    )
    assert sum(returns) == 0


class _Spy(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot that records the states it is asked about, then plays MCTS."""

    def __init__(self, game: Any, rs: np.random.RandomState, seen: list[str]) -> None:
        super().__init__()
        self.seen = seen
        self.inner = mcts.MCTSBot(
            game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rs), solve=False, random_state=rs
        )

    def restart_at(self, state: Any) -> None:
        pass

    def step(self, state: Any) -> int:
        self.seen.append(str(state.game.deal))
        return int(self.inner.step(state))


def _spy_bot(seen: list[str], seed: int) -> OpenSpielBot:
    return OpenSpielBot(lambda game, rs: _Spy(game, rs, seen), seed=seed)


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz"])
def test_the_adapter_never_passes_hidden_cards(variant: str) -> None:
    """Two hands that differ only in cards the seat cannot see (the second is a
    world sampled from the seat's view) get the same decision and the same
    searched world from bots with the same seed; that world is not the real hand."""
    rules = alsos.load_variant(variant)
    rng = random.Random(3)
    positions = 0
    differs = 0
    for seed in range(12):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        play_out(game, at_random(rng), stop_after=rng.randrange(0, 30))
        if game.is_over or len(game.legal_actions()) < 2:
            continue
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        other = determinize(view, random.Random(seed))
        assert other.view(seat) == view
        differs += other.deal != game.deal
        seen_a: list[str] = []
        seen_b: list[str] = []
        a = _spy_bot(seen_a, 11).choose(view, game.legal_actions())
        b = _spy_bot(seen_b, 11).choose(other.view(seat), other.legal_actions())
        assert a == b and seen_a == seen_b and len(seen_a) == 1
        assert seen_a[0] != str(game.deal)
        positions += 1
    assert positions >= 3 and differs >= 1


def test_openspiel_bots_are_registered_and_seeded() -> None:
    assert {"openspiel-mcts", "openspiel-ismcts"} <= set(available())
    rules = alsos.load_variant("tompa")
    for spec in ("openspiel-mcts(simulations=6)", "openspiel-ismcts(simulations=3)"):
        bots = {0: make_spec(spec, seed=4), 1: make_spec("heuristic", seed=1)}
        first = _play(rules, 2, bots)
        bots = {0: make_spec(spec, seed=4), 1: make_spec("heuristic", seed=1)}
        assert _play(rules, 2, bots).history == first.history
    with pytest.raises(ValueError, match="simulations"):
        make_spec("openspiel-mcts(simulatons=6)")


def test_an_illegal_answer_is_refused() -> None:
    class Wrong(pyspiel.Bot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            pass

        def step(self, state: Any) -> int:
            legal = set(state.legal_actions())
            return next(i for i in range(len(state.get_game().space)) if i not in legal)

    game = alsos.Game(alsos.load_variant("tompa"), seed=1)
    seat = game.to_act
    assert seat is not None
    bot = OpenSpielBot(lambda g, rs: Wrong(), seed=1)
    with pytest.raises(OpenSpielBotError, match="not legal"):
        bot.choose(game.view(seat), game.legal_actions())


def test_the_arena_seats_openspiel_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "--variant",
            "tompa",
            "--bots",
            "openspiel-mcts(simulations=4),heuristic",
            "--deals",
            "2",
            "--workers",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "openspiel-mcts(simulations=4)" in out and "heuristic" in out


def _positions(variant: str, count: int) -> list[alsos.Game]:
    return positions(variant, count, hands=40)


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_a_held_world_plays_on_as_the_replayed_one(variant: str) -> None:
    """``AlsosState.holding`` (what the adapters search, nothing replayed) is the state
    ``openspiel_state`` deals and replays: same seat to act, legal actions and
    information states, and the same returns after the same random play-out."""
    from alsos.openspiel import AlsosState

    for n, game in enumerate(_positions(variant, 3)):
        world = determinize(game.view(game.to_act or 0), random.Random(n))
        replayed = openspiel_state(world)
        held = AlsosState.holding(replayed.get_game(), world.copy())
        assert held._pack == replayed._pack
        for a, b in ((held, replayed), (held.clone(), replayed.clone())):
            rng = np.random.RandomState(n)
            while not a.is_terminal():
                assert a.current_player() == b.current_player()
                assert a.legal_actions() == b.legal_actions()
                for seat in world.active:
                    assert a.information_state_string(seat) == b.information_state_string(seat)
                    assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
                action = int(rng.choice(a.legal_actions()))
                a.apply_action(action)
                b.apply_action(action)
            assert b.is_terminal() and a.returns() == b.returns()
        assert held.game is not world  # the clones played, the held state did not


@pytest.mark.parametrize("variant", ["potter1930", "tompa", "altiansz"])
def test_search_world_draws_what_resampling_draws(variant: str) -> None:
    """``search_world`` is ``resample_from_infostate``'s draw without the replay: with
    Python's ``random`` seeded alike, the same world, with no OpenSpiel history."""
    for game in _positions(variant, 3):
        seat = game.to_act
        assert seat is not None
        state = openspiel_state(game)
        random.seed(9)
        replayed = state.resample_from_infostate(seat, None)
        random.seed(9)
        held = state.search_world(seat)
        assert held._pack == replayed._pack and held.game.hands == replayed.game.hands
        assert held.game.history == replayed.game.history
        # the held world keeps the root's string without making it: made afresh here
        fresh = held.get_game().info_observer.string_from(held, seat)
        assert fresh == held.information_state_string(seat) == state.information_state_string(seat)
        assert held.history() == [] and len(replayed.history()) == len(state.history())


def test_the_adapters_search_worlds_that_are_not_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The adapters hold the determinized world instead of dealing and replaying it
    (issue 23: replaying every sampled world made a decision slow): with the
    replaying paths broken, both OpenSpiel bots still choose."""
    from alsos import interop
    from alsos.openspiel import AlsosState

    def broken(*_args: Any) -> Any:
        raise AssertionError("the world was replayed")

    monkeypatch.setattr(interop, "openspiel_state", broken)
    monkeypatch.setattr(AlsosState, "resample_from_infostate", broken)
    for game in _positions("tompa", 2):
        seat = game.to_act
        assert seat is not None
        for spec in ("openspiel-mcts(simulations=4)", "openspiel-ismcts(simulations=4)"):
            bot = make_spec(spec, seed=1)
            assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()


def test_ismcts_searches_its_root_world_when_no_other_can_be_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the sampler finds no world in its draws (a view whose constraints it
    rarely meets: a seat forced to play the card it kept back for a figure), ISMCTS's
    resampler searches its root world again, which the adapter drew from the view,
    instead of stopping the game; resampling itself still raises."""
    import alsos.openspiel
    from alsos import interop
    from alsos.search import DeterminizeError

    monkeypatch.setattr(alsos.openspiel, "RESAMPLE_TRIES", 0)
    for game in _positions("potter1930", 2):
        seat = game.to_act
        assert seat is not None
        root = openspiel_state(determinize(game.view(seat), random.Random(5)))
        with pytest.raises(DeterminizeError):
            root.search_world(seat)
        again = interop._search_world(root, seat)
        assert again is not root and again.game is not root.game
        assert again.game.hands == root.game.hands and again.game.history == root.game.history
        assert again.information_state_string(seat) == root.information_state_string(seat)
        bot = make_spec("openspiel-ismcts(simulations=4)", seed=1)
        assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
