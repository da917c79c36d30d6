"""The quick paths of a simulation do what the plain ones do: ``play_hand``'s heuristic
bots driven straight on the engine decide and settle exactly as through the public game
loop (``legal_actions`` -> ``view`` -> ``apply``); the deal's written-out shuffle is
``random.shuffle``; a heuristic bot's generator made on first use is its seed's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alsos.bots import make_spec
from alsos.bots.heuristic import HeuristicBot
from alsos.pack.actions import Action
from alsos.play.game import Game, IllegalActionError
from alsos.research.parallel import bot_seed, play_hand
from alsos.ruleset.tables import rules_named

PROFILES = ("potter1930", "altiansz", "club", "csibor", "house", "tompa", "two-player",
            "four-player")  # fmt: skip
SPECS = ("heuristic", "heuristic(mistakes=0.2)", "heuristic(boldness=1.5)")


def public_loop(profile: str, seed: int, names: list[str]) -> Game:
    """The hand as the public game loop plays it: a view and the legal actions per decision."""
    rules = rules_named(profile, None)
    game = Game(rules, seed=seed, dealer=seed % rules.players)
    bots = {
        seat: make_spec(name, seed=bot_seed(seed, 0, seat))
        for seat, name in zip(game.active, names, strict=True)
    }
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PROFILES), st.integers(0, 10**6), st.data())
def test_engine_path_is_the_game_path(profile: str, seed: int, data: st.DataObject) -> None:
    rules = rules_named(profile, None)
    names = [data.draw(st.sampled_from(SPECS)) for _ in range(rules.active_players)]
    fast = play_hand(rules, seed, names)
    slow = public_loop(profile, seed, names)
    assert fast == slow  # same position, history included
    assert fast.is_over and fast.legal_actions() == ()
    assert fast.settlement == slow.settlement


def test_mixed_bots_take_the_game_path() -> None:
    """A table with a bot that is not the heuristic plays through the public loop
    (its bot needs views) and still finishes."""
    rules = rules_named("potter1930", None)
    game = play_hand(rules, 7, ["heuristic", "random", "heuristic"])
    assert game.is_over and game.settlement is not None


def test_an_illegal_bot_action_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A heuristic bot that answers an illegal action is refused before the hand moves."""
    rules = rules_named("potter1930", None)
    moves: list[tuple[int, Action]] = []

    def bad(self: HeuristicBot, engine: object, s: object, seat: int, legal: object) -> object:
        moves.extend(s.history)  # type: ignore[attr-defined]
        return "not an action"

    monkeypatch.setattr(HeuristicBot, "choose_state", bad)
    with pytest.raises(IllegalActionError):
        play_hand(rules, 3, ["heuristic"] * 3)
    assert moves == []  # refused at the first decision: nothing was applied


def test_heuristic_rng_is_seeded_when_first_used() -> None:
    """A bot that makes no mistakes never seeds its generator (three bots a hand in a
    simulation); one that is asked for it gets the generator of its seed."""
    from alsos.pack.deal import seeded_rng

    rules = rules_named("potter1930", None)
    game = Game(rules, seed=11)
    bot = HeuristicBot(5)
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_act or 0), game.legal_actions()))
    assert bot._rng is None  # never needed
    for seed in (5, -2):
        bot, rng = HeuristicBot(seed), seeded_rng(seed)
        assert [bot.rng.random() for _ in range(3)] == [rng.random() for _ in range(3)]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), st.integers(-(2**70), 2**70)))
def test_shuffled_pack_is_random_shuffle(seed: int | None) -> None:
    """The deal of a seed is the one ``random.shuffle`` gives (seeds of 0 and up: of
    ``random.Random(seed)``), so every seeded hand is dealt as it always was."""
    import random

    from alsos.pack.deal import seeded_rng, shuffled_pack

    if seed is None:  # a random deal: still a shuffle of the whole pack
        assert sorted(shuffled_pack(None)) == list(range(32))
        return
    pack = list(range(32))
    seeded_rng(seed).shuffle(pack)
    assert shuffled_pack(seed) == pack
    if seed >= 0:
        plain = list(range(32))
        random.Random(seed).shuffle(plain)
        assert shuffled_pack(seed) == plain


def test_only_a_bot_that_draws_nothing_is_spared_its_seed() -> None:
    """``play_hand`` derives no seed for a plain heuristic bot without mistakes (its
    seed decides nothing); every bot that draws at random still gets its own."""
    from alsos.research.parallel import _draws_nothing

    assert _draws_nothing("heuristic")
    assert _draws_nothing("heuristic(boldness=1.3)")
    for spec in ("heuristic(mistakes=0.1)", "random", "easy"):
        assert not _draws_nothing(spec), spec


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(-1, 3))
def test_kept_melds_are_the_melds(hand: int, trump: int) -> None:
    """``hand_melds`` answers from its memo what it computes afresh (altiansz, "Melds"),
    and a caller that changes the list it got changes nothing kept."""
    from alsos.hand.rules.ladder import _hand_melds, hand_melds

    rules = rules_named("altiansz", None)
    first = hand_melds(rules, hand, trump)
    assert first == _hand_melds(rules, hand, trump)
    first.append(("x", 1))
    assert hand_melds(rules, hand, trump) == _hand_melds(rules, hand, trump)
