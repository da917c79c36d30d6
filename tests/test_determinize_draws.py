"""determinize where the auction draws talon cards (Altiansz), and the cards a síber
reveal turned up: sampled worlds agree with everything the seat knows.

The checks are those of ``test_determinize.py``: the sampled game gives the
seat exactly its view, its history replays legally through a fresh game,
and over many samples each hidden card shows up in every place an
independent swap test finds consistent.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Sequence

import pytest
from drive import Policy, Step, play_out, steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_determinize import _every_place_is_sampled, _played_to, _replays

import alsos
from alsos.bots import HeuristicBot, PIMCBot
from alsos.pack.actions import Action, Discard
from alsos.pack.phases import Phase
from alsos.search import determinize


def _altiansz(
    players: int, seed: int, steps: int, bot: str, before: list[int] | None = None
) -> alsos.Game:
    """A hand played ``steps`` actions on; ``before``: contracts declared earlier in the
    session (a seat with six must pass, and the declarer may then take a síber)."""
    rules = alsos.load_variant("altiansz", players=players)
    before = None if before is None else before[:players]
    game = alsos.Game(rules, seed=seed, dealer=seed % players, declared_before=before)
    kind = HeuristicBot if bot == "heuristic" else alsos.bots.RandomBot
    play_out(game, {s: kind(seed + s) for s in game.active}, stop_after=steps)
    return game


@pytest.mark.slow
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
    bot=st.sampled_from(["heuristic", "random"]),
    pick=st.integers(0, 2),
    sample=st.integers(0, 2**32),
    before=st.lists(st.sampled_from([0, 6]), min_size=4, max_size=4),
)
def test_an_altiansz_world_gives_the_seat_its_view(
    players: int, seed: int, steps: int, bot: str, pick: int, sample: int, before: list[int]
) -> None:
    """Property (altiansz, "Bidding and use of the Talon"; "Scoring": six contracts a
    session): at any point of a hand -- mid-auction after draws, after a síber --
    the sampled game's view for the seat equals its view (its own draws and
    discards, every public action) and the history replays legally."""
    game = _altiansz(players, seed, steps, bot, before)
    seat = game.active[pick]
    view = game.view(seat)
    world = determinize(view, random.Random(sample))
    assert world.view(seat) == view
    assert _replays(world, seat) == list(view.history)


def _mostly_draw(rng: random.Random) -> Policy:
    """Draw from the talon four times in five when it may, else a random action."""

    def choose(_game: alsos.Game, legal: Sequence[Action]) -> Action:
        draw = [a for a in legal if str(a) == "draw"]
        return draw[0] if draw and rng.random() < 0.8 else rng.choice(legal)

    return choose


def _mid_auction_after_draws(players: int) -> list[alsos.Game]:
    """Hands stopped in the auction just after a second draw (random bids)."""
    out = []
    for seed in range(200):
        rules = alsos.load_variant("altiansz", players=players)
        game = alsos.Game(rules, seed=seed, dealer=seed % players)
        for _ in steps(
            game, _mostly_draw(random.Random(seed)), until=lambda g: g.phase is not Phase.BIDDING
        ):
            if len(game.view(game.active[0]).taken) == 2:  # after two draws, still bidding
                out.append(game)
                break
        if len(out) >= 4:
            break
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_a_drawer_draws_exactly_the_previous_drawers_discards(players: int) -> None:
    """altiansz, "Bidding and use of the Talon": each later bidder draws the previous
    bidder's two discards.  In every world the seat that discarded before the seat's
    own draw discarded exactly the cards the seat drew, and a seat that discarded sees
    the next drawer draw its cards."""
    games = _mid_auction_after_draws(players)
    assert len(games) >= 3
    rng = random.Random(players)
    for game in games:
        for seat in game.active:
            view = game.view(seat)
            for _ in range(20):
                world = determinize(view, rng)
                assert world.view(seat) == view
                takes = world.state.takes
                for (first, _, _), (second, drawn, _) in itertools.pairwise(takes):
                    gave = [
                        int(a.card)
                        for t, a in world.history
                        if t == first and isinstance(a, Discard)
                    ][-2:]
                    assert sorted(gave) == sorted(drawn) or first == second


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "seed", "steps", "seat"),
    # after the auction (draws by other seats) and two or three tricks
    [(3, 0, 16, 0), (3, 0, 16, 1), (3, 4, 16, 0), (4, 0, 16, 3), (4, 5, 26, 3)],
)
def test_every_consistent_place_of_a_hidden_altiansz_card_occurs(
    players: int, seed: int, steps: int, seat: int
) -> None:
    """Over many samples every place a hidden card may consistently be is sampled,
    the talon (a card another seat drew and discarded, or never drew) as well as
    that seat's hand (it kept it).  The places are found by swapping two hidden
    cards of the real hand, in the deal and in its discards, and replaying it
    (altiansz, "Bidding and use of the Talon"; "Play")."""
    game = _altiansz(players, seed, steps, "random" if seed % 2 else "heuristic")
    view = game.view(seat)
    assert view.taken, "the position should follow a draw"
    expected = _every_place_is_sampled(game, seat, seed)
    # Some card may be in the talon or in a seat's hand: discarded or kept.
    assert any("talon" in p and len(p) > 1 for p in expected.values())


def _siber_reveal(variant: str) -> alsos.Game:
    """A hand just after a síber whose reveal took hidden talon cards."""
    for seed in range(400):
        game = _played_to(variant, seed, 40, "heuristic")
        s = game.state
        if s.siber_card is not None and s.siber_taken > 2:
            return game
    raise AssertionError(f"no {variant} síber took hidden cards in 400 hands")


@pytest.mark.parametrize("variant", ["tompa", "two-player"])
def test_cards_a_siber_reveal_turned_up_stay_known(variant: str) -> None:
    """tompa/two-player ``exchange.takes: reveal`` (pagat, "Trump Exchange"): the
    hidden talon cards turned up one by one while trumps or Aces, and taken, were
    seen by every seat; the view keeps them (``View.taken``) after they left the
    talon, and every sampled world gives them to the síber seat."""
    game = _siber_reveal(variant)
    siber = next(t for t, a in game.history if str(a) == "siber")
    taken = next(cards for t, cards, _ in game.state.takes if t == siber)
    other = next(s for s in game.active if s != siber)
    view = game.view(other)
    shown = dict(view.taken)[siber]
    assert [int(c) for c in shown][-(len(taken) - 2) :] == list(taken[2:])
    assert not set(shown) & set(view.talon_seen)
    rng = random.Random(1)
    for _ in range(20):
        world = determinize(view, rng)
        assert world.view(other) == view
        s = world.state
        played = {card for trick in s.tricks for t, card in trick if t == siber}
        for c in taken[2:]:
            assert c in played or (s.hands[siber] | s.discarded) >> c & 1
        # ... and the talon as dealt held them where the reveal found them.
        assert world.state.takes[-1][1] == taken


def test_the_indicator_an_exchange_took_stays_known() -> None:
    """pagat, "Trump Exchange": the indicator lies face up, so when the holder of
    the trump 7 swaps it in, every seat knows which card it took; every sampled
    world deals that card as the indicator."""
    for seed in range(200):
        game = _played_to("potter1930", seed, 30, "heuristic")
        exchanger = game.state.exchanged
        if exchanger is None:
            continue
        other = next(s for s in game.active if s != exchanger)
        view = game.view(other)
        assert dict(view.taken)[exchanger] == (game.deal.talon[0],)
        rng = random.Random(seed)
        for _ in range(20):
            world = determinize(view, rng)
            assert world.deal.talon[0] == game.deal.talon[0]
        return
    pytest.fail("no trump exchange in 200 potter1930 hands")


@pytest.mark.slow
def _with_fallbacks(game: alsos.Game, bots: dict[int, PIMCBot]) -> list[tuple[Step, Action]]:
    """Play ``game`` out with ``bots``; each step with what the bot's heuristic fallback
    (a copy, asked first with the same view) would have chosen."""
    fallbacks: list[Action] = []

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        seat = game.to_act
        assert seat is not None
        bot, view = bots[seat], game.view(seat)
        fallbacks.append(copy.deepcopy(bot.policy).choose(view, legal))
        return bot.choose(view, legal)

    return list(zip(play_out(game, choose), fallbacks, strict=True))


def test_pimc_searches_altiansz_hands() -> None:
    """PIMC plays whole Altiansz hands (three and four players) legally, and its
    searched choices differ from its heuristic fallback somewhere: it samples worlds
    for Altiansz rather than falling back."""
    differ = 0
    for players, seed in ((3, 1), (4, 2)):
        rules = alsos.load_variant("altiansz", players=players)
        game = alsos.Game(rules, seed=seed, dealer=seed % players)
        bots = {s: PIMCBot(seed + s, worlds=2, budget=4) for s in game.active}
        differ += sum(step.action != fallback for step, fallback in _with_fallbacks(game, bots))
        assert game.settlement is not None
    assert differ


def test_after_an_altiansz_siber_the_face_up_card_goes_with_the_declarer() -> None:
    """altiansz, "Bidding and use of the Talon": when a defender has used up its
    contracts the declarer may take the face-up card and the set-aside pair
    (síber) and discard three face down.  Every seat's worlds keep its view; a
    defender's put the face-up card it saw taken with the declarer (held, played
    or among its three discards)."""
    found = 0
    for seed in range(200):
        game = _altiansz(3, seed, 60, "heuristic", [6 * (i == seed % 3) for i in range(3)])
        texts = [step.text for step in game.public_history()]
        if "siber" not in texts:
            continue
        declarer = game.declarer
        assert declarer is not None
        up = game.deal.talon[0]
        rng = random.Random(seed)
        for seat in game.active:
            view = game.view(seat)
            for _ in range(10):
                world = determinize(view, rng)
                assert world.view(seat) == view
                s = world.state
                played = {c for trick in s.tricks for t, c in trick if t == declarer}
                assert world.deal.talon[0] == up
                assert up in played or (s.hands[declarer] | s.discarded) >> up & 1
        found += 1
        if found >= 3:
            return
    pytest.fail(f"only {found} Altiansz síbers in 200 hands")
