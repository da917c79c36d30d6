"""The heuristic bot reads one seat's knowledge (:class:`~alsos.bots.heuristic.seen.Seen`)
from the hand state or from any view: each way, every decision must be the same, and
what it derives from a ruleset is kept with that ruleset's tables, not by its text."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alsos
from alsos.bots import HeuristicBot
from alsos.bots.heuristic.ladder import contract_margin, is_ladder, ladder_contracts
from alsos.bots.heuristic.seen import Seen, cards_in
from alsos.bots.heuristic.speech import kontras, likely, value
from alsos.pack.actions import GAME, Kontra
from alsos.pack.cards import cards_of
from alsos.play.view import lazy_view, make_view
from alsos.ruleset.tables import tables_of

PROFILES = ["potter1930", "csibor", "altiansz", "house", "tompa", "club", "two-player"]


def _random_position(rules: alsos.Ruleset, seed: int, ply: int) -> alsos.Game:
    """A hand of ``rules`` after up to ``ply`` random legal actions (seeded)."""
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(ply):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(PROFILES), seed=st.integers(0, 10**6))
def test_every_way_of_reading_a_seat_decides_alike(variant: str, seed: int) -> None:
    """At every decision of a hand played by heuristic bots: the bot's answer from the
    game's lazy view (read from the hand), from an eager view, from that view after a
    pickle round trip (no hand behind it), and from choose_state are one action."""
    rules = alsos.load_variant(variant)
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    bots = {s: HeuristicBot(seed * 10 + s) for s in game.active}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        eager = make_view(game.engine, game.state, seat)
        wire = pickle.loads(pickle.dumps(eager))
        # A fresh bot per reading: the same seed draws the same (no mistakes: no draws).
        answers = {
            "lazy": HeuristicBot(seat).choose(game.view(seat), legal),
            "eager": HeuristicBot(seat).choose(eager, legal),
            "wire": HeuristicBot(seat).choose(wire, legal),
            "state": HeuristicBot(seat).choose_state(game.engine, game.state, seat),
        }
        assert len(set(answers.values())) == 1, answers
        game.apply(bots[seat].choose(game.view(seat), legal))


def test_a_playout_view_without_history_decides_as_choose_state_without() -> None:
    """lazy_view(history=False), as PIMC's playouts hand it, and choose_state(history=False)
    read the same (empty) history."""
    rules = alsos.load_variant("altiansz")
    for seed in range(4):
        game = alsos.Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            view = lazy_view(game.engine, game.state, seat, history=False)
            bot = HeuristicBot(1)
            assert bot.choose(view, legal) == bot.choose_state(
                game.engine, game.state, seat, legal, history=False
            )
            game.apply(rng.choice(legal))


def test_seen_reads_the_seat_as_its_view_does() -> None:
    rules = alsos.load_variant("potter1930")
    game = alsos.Game(rules, seed=8)
    rng = random.Random(8)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    for seat in game.active:
        view = make_view(game.engine, game.state, seat)
        for seen in (Seen.of_state(game.engine, game.state, seat), Seen.of_view(view)):
            assert seen.cards == view.hand
            assert seen.hand == sum(1 << c for c in view.hand)
            assert [tuple(p) for p in seen.trick] == [tuple(p) for p in view.trick]
            assert seen.items == tuple((i.label, i.seat) for i in view.items)
            assert seen.history == view.history and seen.talon_seen == view.talon_seen
            assert seen.done == len(view.tricks) and seen.players == len(view.tricks_won)
            played = {c for t in view.tricks for _s, c in t.cards} | {c for _s, c in view.trick}
            assert seen.played == sum(1 << c for c in played)
            won = {c for t in view.tricks if t.winner == view.declarer for _s, c in t.cards}
            assert seen.declarer_won == sum(1 << c for c in won)
        with pytest.raises(AttributeError):
            Seen.of_view(view).nonsense  # noqa: B018


@given(mask=st.integers(0, 2**32 - 1))
def test_cards_in_lists_a_set_in_pack_order(mask: int) -> None:
    assert list(cards_in(mask)) == cards_of(mask)


def test_ladder_tables_are_kept_with_the_ruleset_not_its_text() -> None:
    """The ladder's contracts and margins are cached in tables_of(rules).memo: two
    rulesets, however named, never share them, and a ruleset object is enough."""
    rules = alsos.load_variant("altiansz")
    assert is_ladder(rules) and is_ladder("altiansz") and not is_ladder("") and not is_ladder(None)
    assert ladder_contracts(rules) == ladder_contracts(str(rules))
    hand = sum(1 << c for c in range(9))
    contract_margin(rules, hand, ladder_contracts(rules)[0][0], 1)
    memo = tables_of(rules).memo
    assert "heuristic._ladder_contracts" in memo and "heuristic._objective_margin" in memo
    assert not is_ladder(alsos.load_variant("potter1930"))


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(PROFILES), seed=st.integers(0, 10**6), ply=st.integers(0, 60))
def test_what_a_decision_keeps_answers_as_fresh(variant: str, seed: int, ply: int) -> None:
    """A :class:`Seen` keeps, for its decision, what the bot read for one figure or one
    trump suit (``_likely``'s rows and hand, ``_value`` per suit): asked again -- for
    another figure, another suit, or as a planned contract of another trump suit --
    it answers as a seat read afresh for each question."""
    rules = alsos.load_variant(variant)
    game = _random_position(rules, seed, ply)
    bot = HeuristicBot(seed)
    figures = list(rules.figures)
    suits = [*range(-1, 4)]
    for seat in game.active:
        kept = Seen.of_state(game.engine, game.state, seat)

        def fresh() -> Seen:
            return Seen.of_state(game.engine, game.state, seat)  # noqa: B023

        for t in suits:
            assert bot._value(kept, t) == bot._value(fresh(), t)
            for f in figures:
                assert bot._likely(kept, f) == bot._likely(fresh(), f)
            planned = kept.planned(t)
            for f in figures:
                assert bot._likely(planned, f) == bot._likely(fresh().planned(t), f), (t, f)
            assert bot._value(planned) == bot._value(fresh().planned(t))


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(PROFILES), seed=st.integers(0, 10**6), ply=st.integers(0, 60))
def test_the_speech_judgement_keeps_no_boldness_with_the_seat(
    variant: str, seed: int, ply: int
) -> None:
    """The speech judgement (:mod:`alsos.bots.heuristic.speech`, plain functions the
    compiled build compiles) keeps the hand's raw value with the :class:`Seen`: asked
    for one bot's boldness after another's, it answers as for a seat read afresh, and
    the bot's own methods answer as the functions do."""
    rules = alsos.load_variant(variant)
    game = _random_position(rules, seed, ply)
    steps = [Kontra(level, GAME) for level in (1, 2, 3, 4)]
    steps += [Kontra(1, f, seat) for f in rules.figures for seat in game.active]
    for seat in game.active:
        kept = Seen.of_state(game.engine, game.state, seat)

        def fresh() -> Seen:
            return Seen.of_state(game.engine, game.state, seat)  # noqa: B023

        for boldness in (0.5, 1.0, 1.7):
            bot = HeuristicBot(seed, boldness=boldness)
            for t in range(-1, 4):
                assert value(kept, t, boldness) == value(fresh(), t, boldness)
                assert bot._value(kept, t) == value(fresh(), t, boldness)
            for f in rules.figures:
                assert likely(kept, f, boldness) == likely(fresh(), f, boldness)
                assert bot._likely(kept, f) == likely(fresh(), f, boldness)
            for step in steps:
                assert kontras(kept, step, boldness) == kontras(fresh(), step, boldness)
                assert bot._kontras(kept, step) == kontras(fresh(), step, boldness)


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(PROFILES), seed=st.integers(0, 10**6), ply=st.integers(0, 90))
def test_the_state_and_the_view_give_the_same_derived_sets(
    variant: str, seed: int, ply: int
) -> None:
    """``played`` and ``declarer_won`` read from the state's per-seat won cards equal the
    ones a view's completed tricks give, for the real declarer and a planned one."""
    rules = alsos.load_variant(variant)
    game = _random_position(rules, seed, ply)
    for seat in game.active:
        view = make_view(game.engine, game.state, seat)
        pairs = [(Seen.of_state(game.engine, game.state, seat), Seen.of_view(view))]
        pairs += [(a.planned(t), b.planned(t)) for a, b in pairs for t in (-1, 0)]
        for state_seen, view_seen in pairs:
            for name in ("played", "declarer_won", "cards", "items"):
                assert getattr(state_seen, name) == getattr(view_seen, name), name
