"""Bots: the protocol, making bots by name (built in and by entry point), and the
heuristic bot legal everywhere and stronger than random."""

from __future__ import annotations

import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from profiles import PROFILES

import alsos
import alsos.bots
from alsos.bots import Bot, HeuristicBot, RandomBot, UnknownBotError, available, make


def test_bots_are_made_by_name_with_options() -> None:
    assert {"heuristic", "random"} <= set(available())
    bot = make("heuristic", seed=3, boldness=1.5)
    assert isinstance(bot, HeuristicBot) and bot.boldness == 1.5
    assert isinstance(make("random", seed=1), RandomBot)
    assert isinstance(bot, Bot)
    with pytest.raises(UnknownBotError, match=r"no bot named 'pimcc'; available: .*heuristic"):
        make("pimcc")


@pytest.fixture
def entry_point_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A bot package visible through the ``alsos.bots`` entry point group, as pip makes it."""
    (tmp_path / "passing_bot.py").write_text(
        "class PassingBot:\n"
        "    def __init__(self, **options):\n"
        "        self.options = options\n"
        "    def choose(self, view, legal):\n"
        "        return legal[0]\n",
        "utf-8",
    )
    info = tmp_path / "passing_bot-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: passing-bot\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[alsos.bots]\npassing = passing_bot:PassingBot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(alsos.bots, "_loaded", False)
    yield "passing"
    alsos.bots._BOTS.pop("passing", None)
    sys.modules.pop("passing_bot", None)


def test_a_bot_package_registers_through_its_entry_point(entry_point_bot: str) -> None:
    bot = make(entry_point_bot, seed=2)
    assert type(bot).__name__ == "PassingBot" and bot.options == {"seed": 2}  # type: ignore[attr-defined]
    game = alsos.Game(alsos.load_variant("potter1930"), seed=1)
    assert bot.choose(game.view(1), game.legal_actions()) == game.legal_actions()[0]


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_the_heuristic_bot_is_legal_in_every_phase(rules: alsos.Ruleset) -> None:
    """Whole hands with heuristic and random seats mixed, so every phase comes up;
    the heuristic bot's every choice is legal and it decides from its view only."""
    phases = set()
    for seed in range(120):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        bots: dict[int, Bot] = {
            s: HeuristicBot(seed) if (s + seed) % 3 else RandomBot(seed)
            for s in range(rules.players)
        }
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            action = bots[seat].choose(game.view(seat), legal)
            assert action in legal
            if isinstance(bots[seat], HeuristicBot):
                phases.add(game.phase)
            game.apply(action)
    assert {alsos.Phase.BIDDING, alsos.Phase.PLAY} <= phases


def _duplicate(rules: alsos.Ruleset, hero: str, field: str, deals: int) -> list[float]:
    """Per deal, the hero's mean payment with the hero rotated through every seat."""
    out = []
    for deal in range(deals):
        total = 0
        for seat in range(rules.players):
            game = alsos.Game(rules, seed=deal, dealer=deal % rules.players)
            bots = {s: make(hero if s == seat else field, seed=deal * 7 + s)
                    for s in range(rules.players)}  # fmt: skip
            while not game.is_over:
                s = game.to_act
                assert s is not None
                game.apply(bots[s].choose(game.view(s), game.legal_actions()))
            assert game.settlement is not None
            total += game.settlement.payments[seat]
        out.append(total / rules.players)
    return out


@pytest.mark.parametrize(("vid", "deals"), [("potter1930", 250), ("tompa", 60)])
def test_the_heuristic_bot_beats_random_on_duplicate_deals(vid: str, deals: int) -> None:
    """Every deal is played with the heuristic bot in each seat in turn against random
    bots; its mean payment is above zero by more than the 95% interval.  (Random bots
    kontra everything, so potter1930's stakes vary wildly and need more deals.)"""
    results = _duplicate(alsos.load_variant(vid), "heuristic", "random", deals)
    mean = statistics.mean(results)
    half = 1.96 * statistics.stdev(results) / len(results) ** 0.5
    assert mean - half > 0, (mean, half)


def test_the_heuristic_bot_is_reproducible() -> None:
    rules = alsos.load_variant("house")
    histories = []
    for _ in range(2):
        game = alsos.Game(rules, seed=5)
        bots = {s: HeuristicBot(s) for s in range(3)}
        while not game.is_over:
            s = game.to_act
            assert s is not None
            game.apply(bots[s].choose(game.view(s), game.legal_actions()))
        histories.append(game.history)
    assert histories[0] == histories[1]
