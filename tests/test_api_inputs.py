"""What the API does with bad input and with more than one caller (audit issue 18).

Hand-built actions with fields out of range, huge texts, an action followed by
more words, seats that are not ints, negative seeds, bot options with typos,
threads sharing one game, and listeners that raise: each is refused clearly,
quoted briefly, or handled without corrupting the hand.
"""

from __future__ import annotations

import random
import sys
import threading
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from drive import at_random, steps

import alsos
from alsos import IllegalActionError
from alsos.bots import BotOptionError, RandomBot, make, make_spec
from alsos.hand.events import Event, HandOver
from alsos.pack.actions import (
    Announce,
    Bid,
    CallItem,
    ContractBid,
    Declare,
    Discard,
    Kontra,
    Play,
    parse_action,
)
from alsos.pack.cards import Card, CardParseError, parse_cards, quote
from alsos.pack.deal import Deal, DealError

POTTER = alsos.load_variant("potter1930")


def _replayed(game: alsos.Game) -> alsos.Game:
    """A new game of the same deal with ``game``'s history applied action by action."""
    again = alsos.Game(game.rules, seed=game.seed, dealer=game.dealer)
    for seat, action in game.history:
        again.apply(action, seat=seat)
    return again


# ------------------------------------------------------ hand-built actions

OUT_OF_RANGE: dict[str, Callable[[], Any]] = {
    'Kontra(9, "game")': lambda: Kontra(9, "game"),
    'Kontra(0, "game")': lambda: Kontra(0, "game"),
    'Kontra(-1, "game")': lambda: Kontra(-1, "game"),
    'Kontra(1, "abszolut", 9)': lambda: Kontra(1, "abszolut", 9),
    "Play(40)": lambda: Play(40),
    "Play(-1)": lambda: Play(-1),
    "Discard(32)": lambda: Discard(32),
    "Bid(9)": lambda: Bid(9),
    "Bid(-1)": lambda: Bid(-1),
    "Declare(2)": lambda: Declare(2),
    "Declare(99)": lambda: Declare(99),
    'CallItem("abszolut", 7)': lambda: CallItem("abszolut", 7),
    'Announce("no-such-figure")': lambda: Announce("no-such-figure"),
    'ContractBid("no-such-contract")': lambda: ContractBid("no-such-contract"),
}


@pytest.mark.parametrize("name", OUT_OF_RANGE)
def test_a_hand_built_action_out_of_range_is_an_illegal_action(name: str) -> None:
    """Audit 18: ``Kontra(9, "game")`` used to raise IndexError; every such action is
    refused as illegal, in every phase a random hand passes through, with the game unchanged."""
    action = OUT_OF_RANGE[name]()
    game = alsos.Game(POTTER, seed=5)
    for _ in steps(game, at_random(random.Random(5))):
        before = game.copy()
        with pytest.raises(IllegalActionError) as e:
            game.apply(action)
        assert game == before
        assert len(str(e.value)) < 200 + sum(len(str(a)) + 2 for a in e.value.legal)


def test_an_out_of_range_card_is_kept_not_wrapped() -> None:
    """``Play(-1)`` is not the last card of the pack (CARDS[-1]): it is no card at all."""
    assert Play(-1) != Play(31) and Discard(-32) != Discard(0)
    assert Play(Card.MA).card is Card.MA and Play(3) == Play(Card(3))


@pytest.mark.parametrize(
    "build",
    [
        lambda: Play(True),
        lambda: Play(1.0),
        lambda: Play("MA"),
        lambda: Discard(None),
        lambda: Kontra("1", "game"),
        lambda: Kontra(True, "game"),
        lambda: Kontra(1, 5),
        lambda: Kontra(1, "abszolut", 1.0),
        lambda: Bid("hearts"),
        lambda: Declare(3.0),
        lambda: Announce(3),
        lambda: ContractBid(None),
        lambda: CallItem("abszolut", "1"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_type_error(build: Callable[[], alsos.Action]) -> None:
    """Actions compare as tuples, where True == 1 == 1.0 == Card(1): a field of another
    type could pass for a legal action and reach the engine, so it is refused when built."""
    with pytest.raises(TypeError, match=r"must be (a whole number|text)"):
        build()


# ----------------------------------------------------- quoting huge input


def test_a_huge_action_text_is_refused_with_a_short_message_and_little_memory() -> None:
    """Audit 19: a 1,000,000-character action made a 1,000,121-character message, and a
    40 MB text cost 76 MiB; the message now quotes about 60 characters of it."""
    game = alsos.Game(POTTER, seed=1)
    text = "x" * 10_000_000
    tracemalloc.start()
    try:
        with pytest.raises(IllegalActionError) as e:
            game.apply(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(str(e.value)) < 250 and "10000000 characters" in str(e.value)
    assert peak < 1_000_000, f"refusing the text allocated {peak} bytes"
    with pytest.raises(IllegalActionError) as e:
        game.apply(Announce("y" * 1_000_000))
    assert len(str(e.value)) < 300


@pytest.mark.parametrize(
    "read",
    [
        lambda t: parse_action(t[:200]),
        lambda t: parse_action("kontra game@" + t[:150]),
        lambda t: parse_action("gyerunk " + t[:150]),
        lambda t: Card.parse(t),
        lambda t: parse_cards("MA " + t),
        lambda t: alsos.pack.cards.Suit.parse(t),
        lambda t: Deal.parse(t[:999]),
        lambda t: Deal.parse("MA + " + t[:900] + " / talon MA"),
        lambda t: alsos.pack.cards.Order.parse(t),
    ],
)
def test_errors_about_text_quote_at_most_about_60_characters(
    read: Callable[[str], object],
) -> None:
    with pytest.raises((ValueError, CardParseError, DealError)) as e:
        read("q" * 5000)
    assert "q" * 61 not in str(e.value) and len(str(e.value)) < 300


def test_quote_keeps_short_input_whole_and_cuts_long_input() -> None:
    assert quote("MA") == "'MA'"
    assert len(quote("z" * 10**6)) <= 70 and "1000000 characters" in quote("z" * 10**6)
    assert len(quote(list(range(1000)))) <= 60


# ------------------------------------------------------------ extra words


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("pass pass", "pass"),
        ("MA MA", "MA"),
        ("play on now", "play on"),
        ("bid hearts please", "bid hearts"),
        ("declare terc terc", "declare terc"),
        ("kontra game@1 x", "kontra game@1"),
    ],
)
def test_an_action_followed_by_more_words_says_extra_words(text: str, head: str) -> None:
    """Audit 20: ``pass pass`` was 'unknown word pass; did you mean pass pass?'."""
    game = alsos.Game(POTTER, seed=1)
    with pytest.raises(IllegalActionError) as e:
        game.apply(text)
    assert f"extra words after {head!r}" in e.value.reason
    assert "did you mean" not in e.value.reason and "unknown word" not in e.value.reason


def test_a_misspelt_single_word_still_gets_a_suggestion() -> None:
    with pytest.raises(alsos.ActionParseError, match="did you mean 'pass'"):
        parse_action("pas")


# ------------------------------------------------------------------ seats


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", [1]], ids=repr)
def test_a_seat_that_is_not_an_int_is_a_type_error_naming_the_type(seat: object) -> None:
    """Audit 21: ``apply(seat=True)`` was accepted and ``seat="1"`` said
    "not seat '1''s turn: it is seat 1's turn"."""
    game = alsos.Game(POTTER, seed=3)
    assert game.to_act == 1
    before = game.copy()
    with pytest.raises(TypeError, match=type(seat).__name__):
        game.apply("pass", seat=seat)  # type: ignore[arg-type]
    assert game == before
    with pytest.raises(TypeError, match=type(seat).__name__):  # view() says the same
        game.view(seat)  # type: ignore[arg-type]


def test_negative_seeds_deal_their_own_cards() -> None:
    """Audit 21: seeds -n and n dealt the same cards (random.Random(-n) is Random(n))."""
    for n in range(1, 30):
        assert alsos.Game(POTTER, seed=-n).deal != alsos.Game(POTTER, seed=n).deal
    assert alsos.Game(POTTER, seed=-4).deal == alsos.Game(POTTER, seed=-4).deal
    a, b = RandomBot(-3), RandomBot(3)
    assert [a.rng.random() for _ in range(3)] != [b.rng.random() for _ in range(3)]


def test_non_negative_seeds_shuffle_as_random_does() -> None:
    """Seeds 0 and up deal exactly as before (a seed's deal is the shuffle of Random(seed))."""
    for seed in (0, 1, 7, 2**40):
        pack = list(range(32))
        random.Random(seed).shuffle(pack)
        assert alsos.Game(POTTER, seed=seed).state.pack == tuple(pack)


# ------------------------------------------------------------------- bots


def test_a_bot_option_typo_names_the_options_and_suggests_one() -> None:
    """Audit 17: ``pimc(wrolds=4)`` was a raw TypeError from the constructor."""
    with pytest.raises(BotOptionError, match=r"no option 'wrolds'; did you mean 'worlds'") as e:
        make_spec("pimc(wrolds=4)")
    assert "budget" in str(e.value) and isinstance(e.value, ValueError)
    with pytest.raises(BotOptionError, match=r"no option 'sed'; did you mean 'seed'"):
        make("random", sed=1)
    with pytest.raises(BotOptionError, match="its options: seed, boldness"):
        make("heuristic", x=1)
    assert make_spec("pimc(worlds=4)", seed=1).worlds == 4  # type: ignore[attr-defined]


def test_the_cli_shows_a_bot_option_typo_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    from alsos.cli import main

    code = main(["play", "--bots", "pimc(wrolds=4)", "--seed", "1"])
    err = capsys.readouterr().err
    assert code != 0 and "Traceback" not in err
    assert "no option 'wrolds'; did you mean 'worlds'" in err


# ---------------------------------------------------------------- threads


def _hammer(game: alsos.Game, threads: int, seed: int) -> tuple[int, list[BaseException]]:
    """``threads`` threads each taking random legal actions on ``game`` until it is over:
    how many calls were refused as concurrent, and any other error."""
    refused = [0]
    odd: list[BaseException] = []

    def work(k: int) -> None:
        rng = random.Random(seed * 100 + k)
        while not game.is_over:
            try:
                legal = game.legal_actions()
                if legal:  # empty once another thread ended the hand
                    game.apply(rng.choice(legal))
            except alsos.ConcurrentUseError as e:
                assert "not thread-safe" in str(e)
                refused[0] += 1  # another thread is inside apply: a clean refusal
            except IllegalActionError:
                pass  # another thread took the turn first: a clean refusal
            except BaseException as e:  # anything else is a corrupted engine
                odd.append(e)
                return

    workers = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return refused[0], odd


def test_threads_sharing_one_game_are_refused_clearly_and_the_history_replays() -> None:
    """Audit 22: with 4 threads on one Game, 44 of 300 hands ended with a history that
    no longer replayed.  A game is not thread-safe, and a call that overlaps another
    thread's apply raises ConcurrentUseError and does nothing: the hand stays whole."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    refused = 0
    try:
        for seed in range(30):
            game = alsos.Game(POTTER, seed=seed, dealer=seed % 3)
            events: list[Event] = []
            game.subscribe(events.append)
            count, odd = _hammer(game, 4, seed)
            refused += count
            assert not odd, f"seed {seed}: {odd[0]!r}"
            assert game.is_over
            again = _replayed(game)
            assert again == game and again.settlement == game.settlement
            assert isinstance(events[-1], HandOver)
            assert sum(isinstance(e, HandOver) for e in events) == 1
    finally:
        sys.setswitchinterval(interval)
    assert refused > 0, "the threads never overlapped: the test tested nothing"


def test_a_listener_may_apply_the_next_action_in_its_own_thread() -> None:
    """The guard refuses other threads only: a listener of this thread's apply may go on."""
    game = alsos.Game(POTTER, seed=4)
    rng = random.Random(4)

    def autoplay(event: Event) -> None:
        if not game.is_over and game.to_act != 1:
            game.view(game.to_act)  # type: ignore[arg-type]
            game.apply(rng.choice(game.legal_actions()))

    game.subscribe(autoplay)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()), seat=1)
    assert _replayed(game) == game


def test_another_thread_reads_the_legal_actions_of_a_whole_position_during_apply() -> None:
    """Issue 20: the guard cost every decision twice (legal_actions and apply).  apply now
    leaves the next position's legal actions in place before it gives the guard back,
    so legal_actions needs no guard: a second thread reading them while a listener of
    the first still runs gets those of the new position; view still refuses."""
    game = alsos.Game(POTTER, seed=3)
    inside, go_on = threading.Event(), threading.Event()

    def slow(event: Event) -> None:
        inside.set()
        go_on.wait(10)

    game.subscribe(slow)
    worker = threading.Thread(target=game.apply, args=(game.legal_actions()[0],))
    worker.start()
    try:
        assert inside.wait(10)
        legal = game.legal_actions()  # the first thread is inside apply, in its listener
        with pytest.raises(alsos.ConcurrentUseError):
            game.view(0)
    finally:
        go_on.set()
        worker.join()
    assert legal == _replayed(game).legal_actions()


# -------------------------------------------------------------- listeners


def test_a_failing_listener_does_not_stop_the_others() -> None:
    """Audit 23: a listener that raised stopped later listeners, so a healthy one never
    saw HandOver.  Every listener gets every event; apply raises the first error after."""
    for seed in range(20):
        game = alsos.Game(POTTER, seed=seed)
        heard: list[Event] = []
        failures = 0

        def broken(event: Event) -> None:
            raise RuntimeError("listener broke")

        game.subscribe(broken)
        game.subscribe(heard.append)
        rng = random.Random(seed)
        returned: list[Event] = []
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            before = len(game.history)
            try:
                returned.extend(game.apply(action))
            except RuntimeError as e:
                failures += 1
                assert str(e) == "listener broke"
                assert len(game.history) == before + 1  # the action was taken all the same
                returned.extend(heard[len(returned) :])
        assert failures == len(game.history)
        assert heard == returned and isinstance(heard[-1], HandOver)
        assert _replayed(game) == game


def test_several_failing_listeners_raise_the_first_with_a_note() -> None:
    game = alsos.Game(POTTER, seed=2)
    heard: list[Event] = []

    def first(event: Event) -> None:
        raise ValueError("first")

    def second(event: Event) -> None:
        raise KeyError("second")

    game.subscribe(first)
    game.subscribe(second)
    game.subscribe(heard.append)
    with pytest.raises(ValueError, match="first") as e:
        game.apply("pass")
    assert heard and any("more error" in note for note in e.value.__notes__)
