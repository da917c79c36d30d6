"""Property tests: random legal games must never break the engine's invariants.

Each property plays whole hands of ``potter1930`` from a random deal (seed and
dealer drawn by hypothesis) with a seeded random policy.  Policies differ in
how they bid (uniformly, shyly, or steering to no-trumps, betli or klopitzky)
and in how much they speak (uniformly, or tersely: passing in announcement
rounds and never announcing or kontra-ing during the first trick, which makes
gyerünk calls and concessions frequent, or declaring every meld), so every
contract kind, the call machinery and meld validation are exercised.

A failing example is reported by hypothesis with its ``seed``, ``dealer``,
``policy`` and ``choices`` (the seed of the policy's ``random.Random``):
:func:`replay` plays that hand again.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest
from drive import play_out
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import alsos
from alsos import Card, Deal, Game, IllegalActionError, Kind, Phase, Suit
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    CALL,
    CONCEDE,
    EXCHANGE,
    KICSI,
    KONTRA_NAMES,
    PASS,
    PLAY_ON,
    SHOW,
    SIBER,
    Action,
    Announce,
    Bid,
    Declare,
    Discard,
    Kontra,
    Play,
    parse_action,
)

RULES = alsos.load_variant("potter1930")
MAX_ACTIONS = 2000
ANNOUNCEMENT_PHASES = (Phase.FRONT, Phase.COMPLETION)

# ALSOS_PROPERTY_EXAMPLES=2000 pytest tests/test_properties.py for a deeper search.
PROPERTY = settings(
    max_examples=int(os.environ.get("ALSOS_PROPERTY_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# --------------------------------------------------------------------- policies


@dataclass(frozen=True)
class Policy:
    """How a random player chooses among the legal actions.

    ``bidding``: ``uniform``; ``shy`` (pass with probability 0.8);
    ``no-trumps`` / ``betli`` (pass until that bid is legal, then make it);
    ``pass`` (always pass: klopitzky).  ``speech``: ``uniform``; ``terse``
    (pass in the announcement rounds; in the play phase never announce a
    figure or say a kontra while a card or a call may be chosen instead); or
    ``melds`` (terse, but declare a meld whenever one may be declared, which
    brings meld validation to the table).
    """

    bidding: str = "uniform"
    speech: str = "uniform"

    def choose(self, game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
        phase = game.phase
        if phase is Phase.BIDDING and self.bidding != "uniform" and PASS in legal:
            if self.bidding == "shy":
                return PASS if rng.random() < 0.8 else rng.choice(legal)
            wanted = {"no-trumps": Bid(None), "betli": BETLI}.get(self.bidding)
            return wanted if wanted in legal else PASS
        if self.speech != "uniform":
            if phase in ANNOUNCEMENT_PHASES and PASS in legal:
                return PASS
            declare = [a for a in legal if isinstance(a, Declare)]
            if declare and self.speech == "melds":
                return rng.choice(declare)
            if phase is Phase.PLAY:
                quiet = [a for a in legal if not isinstance(a, Announce | Kontra)]
                if quiet:
                    return rng.choice(quiet)
        return rng.choice(legal)


BIDDING_STYLES = ("uniform", "shy", "no-trumps", "betli", "pass")
SPEECH_STYLES = ("uniform", "terse", "melds")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
dealers = st.integers(min_value=0, max_value=RULES.players - 1)
policies = st.builds(Policy, st.sampled_from(BIDDING_STYLES), st.sampled_from(SPEECH_STYLES))

Hook = Callable[[Game], None]


def playout(
    game: Game,
    policy: Policy,
    choices: int,
    *,
    before: Hook | None = None,
    after: Hook | None = None,
) -> int:
    """Play ``game`` to its end with ``policy``; call ``before`` on every state
    with an action to take and ``after`` once on the final state.  Returns the
    number of actions taken."""
    rng = random.Random(choices)

    def choose(game: Game, legal: Sequence[Action]) -> Action:
        if before is not None:
            before(game)
        return policy.choose(game, legal, rng)

    n = len(play_out(game, choose, max_steps=MAX_ACTIONS - 1))
    if after is not None:
        after(game)
    return n


def replay(seed: int, dealer: int, policy: Policy, choices: int) -> Game:
    """The finished hand of a hypothesis example, for a debugging session."""
    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices)
    return game


def bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def names(cards: list[int] | int) -> str:
    return alsos.format_cards(cards)


# ------------------------------------------------------------ cards conserved


def where_cards_are(game: Game) -> list[tuple[str, list[int]]]:
    """Every place a card can be: hands (seen and unseen part), tricks won,
    the trick on the table and the talon (with any síber discards)."""
    places = []
    for s in range(game.players):
        places.append((f"hand of seat {s}", bits(game.hands[s])))
        places.append((f"unseen cards of seat {s}", bits(game.unseen[s])))
        places.append((f"tricks won by seat {s}", bits(game.won[s])))
    places.append(("current trick", [c for _s, c in game.trick]))
    places.append(("talon", list(game.talon)))
    return places


def assert_cards_conserved(game: Game) -> None:
    places = where_cards_are(game)
    seen: dict[int, str] = {}
    for place, cards in places:
        for c in cards:
            assert c not in seen, (
                f"{Card(c)} is both in the {seen[c]} and in the {place} "
                f"(phase {game.phase}, after {len(game.history)} actions)"
            )
            seen[c] = place
    missing = [c for c in range(32) if c not in seen]
    assert not missing, (
        f"cards {names(missing)} are nowhere (phase {game.phase}, "
        f"after {len(game.history)} actions; last: {[str(a) for _s, a in game.history[-4:]]})"
    )


@PROPERTY
# A gyerünk call conceded in the middle of the second trick: the cards on the
# table must stay there (they once vanished).
@example(seed=1, dealer=0, policy=Policy("uniform", "terse"), choices=1)
@given(seed=seeds, dealer=dealers, policy=policies, choices=seeds)
def test_cards_are_conserved(seed: int, dealer: int, policy: Policy, choices: int) -> None:
    """At every step, and when the hand is over, the hands, unseen cards,
    tricks won, the trick on the table and the talon hold each of the 32
    cards exactly once."""
    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices, before=assert_cards_conserved, after=assert_cards_conserved)


# ------------------------------------------------------------- point totals


@PROPERTY
@given(
    seed=seeds,
    dealer=dealers,
    policy=st.builds(
        Policy, st.sampled_from(("uniform", "shy", "no-trumps")), st.sampled_from(SPEECH_STYLES)
    ),
    choices=seeds,
)
def test_card_points_add_up(seed: int, dealer: int, policy: Policy, choices: int) -> None:
    """A trump or no-trumps hand played to the last trick shares out every card
    point: the seats' card points (with the last-trick bonus) plus the points
    left in the talon make 162 with trumps, 130 without."""
    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices)
    assert game.settlement is not None and game.contract is not None
    if game.contract.kind not in (Kind.TRUMP, Kind.NO_TRUMPS):
        return
    if len(game.tricks) < RULES.hand_size:
        assert game.settlement.conceded, "a trump or no-trumps hand stopped early without a call"
        return
    table = game.points_table()
    talon_points = sum(table[c] for c in game.talon)
    total = sum(game.settlement.card_points.values()) + talon_points
    expected = 162 if game.contract.kind is Kind.TRUMP else 130
    assert sum(table) + RULES.cards.last_trick == expected
    assert total == expected, (
        f"{game.contract}: card points {game.settlement.card_points} + talon "
        f"{names(game.talon)} ({talon_points}) = {total}, expected {expected}"
    )
    assert sum(game.settlement.tricks.values()) == RULES.hand_size


# ------------------------------------------------- payments and written score


@PROPERTY
@given(seed=seeds, dealer=dealers, policy=policies, choices=seeds)
def test_payments_are_zero_sum_and_written_scores_not_negative(
    seed: int, dealer: int, policy: Policy, choices: int
) -> None:
    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices)
    s = game.settlement
    assert s is not None
    seats = set(range(RULES.players))
    assert set(s.payments) == seats
    assert sum(s.payments.values()) == 0, s.payments
    assert set(s.written) == seats
    assert all(v >= 0 for v in s.written.values()), s.written


# ---------------------------------------------------- determinism and replay


@PROPERTY
@given(seed=seeds, dealer=dealers, policy=policies, choices=seeds)
def test_same_seed_and_choices_give_the_same_hand(
    seed: int, dealer: int, policy: Policy, choices: int
) -> None:
    first = replay(seed, dealer, policy, choices)
    second = replay(seed, dealer, policy, choices)
    assert first.deal == second.deal
    assert first.history == second.history
    for seat in range(RULES.players):
        assert first.view(seat) == second.view(seat)
    assert first.settlement is not None and second.settlement is not None
    assert str(first.settlement) == str(second.settlement)
    assert first.settlement.payments == second.settlement.payments

    # The deal's text and the history's text are a complete record of the hand.
    again = Game(RULES, deal=str(first.deal), dealer=dealer)
    for seat, action in first.history:
        assert again.to_act == seat
        again.apply(str(action))
    assert again.is_over
    assert again.history == first.history
    assert again.settlement is not None
    assert str(again.settlement) == str(first.settlement)
    assert again.settlement.payments == first.settlement.payments


# --------------------------------------------------------------- termination


@PROPERTY
@given(seed=seeds, dealer=dealers, policy=policies, choices=seeds)
def test_every_random_playout_ends_with_a_settlement(
    seed: int, dealer: int, policy: Policy, choices: int
) -> None:
    game = Game(RULES, seed=seed, dealer=dealer)
    n = playout(game, policy, choices)  # asserts n < MAX_ACTIONS on the way
    assert 0 < n < MAX_ACTIONS
    assert game.is_over and game.phase is Phase.OVER
    assert game.to_act is None
    assert game.legal_actions() == ()
    assert game.settlement is not None
    assert len(game.history) == n


# ------------------------------------------------ rejected actions change nothing


def _every_action(game: Game) -> list[Action]:
    """Actions of every phase and kind, legal now or not."""
    figures = list(game.rules.figures)
    seats = range(game.players)
    return [
        PASS, ACCEPT, BETLI, EXCHANGE, SIBER, SHOW, KICSI, CALL, CONCEDE, PLAY_ON,
        *(Bid(s) for s in Suit), Bid(None),
        *(Announce(f) for f in figures),
        *(Kontra(level, "game") for level in range(1, len(KONTRA_NAMES) + 1)),
        *(Kontra(level, "gyerunk") for level in range(1, len(KONTRA_NAMES) + 1)),
        *(Kontra(level, f, s) for level in (1, 2) for f in figures for s in seats),
        *(Declare(n) for n in (0, 3, 4, 5, 6, 7, 8)),
        *(Play(c) for c in Card),
        *(Discard(c) for c in Card),
    ]  # fmt: skip


GARBAGE = (
    "foo", "", "   ", "pas", "bid purple", "bid", "announce", "announce nothing-such",
    "kontra", "kontra game@x", "mordkontra game", "discard", "discard XX", "play Q9",
    "MA MK", "M11", "declare nonet", "🂡", "\x00", "pass pass",
)  # fmt: skip


def illegal_input(game: Game, rng: random.Random) -> object:
    """Something that is not legal now: a card not playable, an action of
    another phase, its text, garbage text, or not an action at all."""
    legal = set(game.legal_actions())
    pool = [a for a in _every_action(game) if a not in legal]
    kind = rng.randrange(5)
    if kind == 0:
        cards = [Play(c) for c in Card if Play(c) not in legal]
        return rng.choice(cards) if cards else rng.choice(pool)
    if kind == 1:
        return rng.choice(pool)
    if kind == 2:
        return str(rng.choice(pool))
    if kind == 3:
        return rng.choice(GARBAGE)
    return rng.choice((None, 42, Card.MA, Suit.HEARTS, b"pass", ["pass"]))


def snapshot(game: Game) -> object:
    """A deep copy of the game's observable state.

    Containers are copied down to their elements, which are immutable (ints,
    cards, actions, frozen views), so this is a deep copy; ``copy.deepcopy``
    itself is not used on actions (see test_actions_survive_copy_and_pickle).
    """
    return (
        list(game.history),
        game.legal_actions(),
        list(game.hands),
        list(game.unseen),
        game.phase,
        game.to_act,
        list(game.talon),
        list(game.won),
        list(game.trick),
        [list(t) for t in game.tricks],
        copy.deepcopy(game.items),
        [game.view(s) for s in range(game.players)],
        str(game.contract),
        game.declarer,
        None if game.settlement is None else str(game.settlement),
    )


def assert_rejected(game: Game, bad: object) -> None:
    before = snapshot(game)
    legal = game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert info.value.legal == legal
    assert snapshot(game) == before, f"rejecting {bad!r} changed the game"


@pytest.mark.slow
@PROPERTY
@given(
    seed=seeds, dealer=dealers, policy=policies, choices=seeds, attempts=seeds,
    rate=st.sampled_from((0.05, 0.2, 0.6)),
)  # fmt: skip
def test_rejected_actions_change_nothing(
    seed: int, dealer: int, policy: Policy, choices: int, attempts: int, rate: float
) -> None:
    """An illegal action raises IllegalActionError and leaves the game exactly
    as it was: the hand then goes on as if it had never been tried."""
    bad_rng = random.Random(attempts)

    def try_illegal(game: Game) -> None:
        while bad_rng.random() < rate:
            assert_rejected(game, illegal_input(game, bad_rng))

    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices, before=try_illegal)
    for _ in range(3):  # the hand is over: nothing is legal any more
        assert_rejected(game, illegal_input(game, bad_rng))
    assert_rejected(game, str(PASS))

    clean = replay(seed, dealer, policy, choices)
    assert game.history == clean.history
    assert str(game.settlement) == str(clean.settlement)


@pytest.mark.slow
@PROPERTY
@given(seed=seeds, dealer=dealers, policy=policies, choices=seeds, attempts=seeds)
def test_a_tuple_that_looks_like_an_action_is_refused(
    seed: int, dealer: int, policy: Policy, choices: int, attempts: int
) -> None:
    """Only actions and their text are accepted; a bare tuple equal to a legal
    action is not an action and must leave the game untouched."""
    bad_rng = random.Random(attempts)

    def try_tuple(game: Game) -> None:
        assert_rejected(game, tuple(bad_rng.choice(game.legal_actions())))

    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices, before=try_tuple)


def test_actions_survive_copy_and_pickle() -> None:
    """Actions are values: a copy or a pickled copy is the same action (bots
    and simulations copy game records and send them between processes)."""
    game = Game(RULES, seed=3)
    actions = _every_action(game)
    playout(game, Policy(), 3, before=lambda g: actions.extend(g.legal_actions()))
    broken = []
    for action in actions:
        for how, copier in (
            ("copy", copy.copy),
            ("deepcopy", copy.deepcopy),
            ("pickle", lambda a: pickle.loads(pickle.dumps(a))),
        ):
            try:
                ok = copier(action) == action and type(copier(action)) is type(action)
            except Exception as e:
                ok, how = False, f"{how} ({type(e).__name__}: {e})"
            if not ok:
                broken.append(f"{how} of {str(action)!r}")
    assert not broken, f"{len(broken)} failures: {broken[:6]}"


# ------------------------------------------------------------ notation round trips


def test_every_card_reads_back() -> None:
    for card in Card:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert parse_action(str(card)) == Play(card)


@PROPERTY
@given(seed=seeds, dealer=dealers, policy=policies, choices=seeds)
def test_every_legal_action_reads_back(
    seed: int, dealer: int, policy: Policy, choices: int
) -> None:
    def check(game: Game) -> None:
        for action in game.legal_actions():
            text = str(action)
            assert parse_action(text) == action, text
            assert parse_action(text.upper()) == action, text
            assert parse_action("  " + text.replace(" ", "   ") + " ") == action, text

    game = Game(RULES, seed=seed, dealer=dealer)
    playout(game, policy, choices, before=check)


@PROPERTY
@given(seed=seeds, dealer=dealers, choices=seeds)
def test_applying_the_text_of_an_action_is_applying_the_action(
    seed: int, dealer: int, choices: int
) -> None:
    rng = random.Random(choices)
    game = Game(RULES, seed=seed, dealer=dealer)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        seat = game.to_act
        game.apply(str(action))
        assert game.history[-1] == (seat, action)
    assert game.history == replay(seed, dealer, Policy(), choices).history


@PROPERTY
@given(seed=seeds, dealer=dealers)
def test_deals_read_back(seed: int, dealer: int) -> None:
    game = Game(RULES, seed=seed, dealer=dealer)
    deal = game.deal
    assert Deal.parse(str(deal)) == deal
    assert str(Deal.parse(str(deal))) == str(deal)
    again = Game(RULES, deal=Deal.parse(str(deal)), dealer=dealer)
    assert again.hands == game.hands
    assert again.unseen == game.unseen
    assert again.talon == game.talon
    assert again.to_act == game.to_act
    assert again.legal_actions() == game.legal_actions()


# ------------------------------------------------------ views hide information


def siber_seat(game: Game) -> int | None:
    return next((s for s, a in game.history if a == SIBER), None)


def discarded(game: Game) -> set[str]:
    return {a.card.name for _s, a in game.history if isinstance(a, Discard)}


def view_tokens(view: alsos.View) -> set[str]:
    """Every word a view shows, including its public history."""
    words = set(str(view).split())
    for step in view.history:
        words.update(step.text.split())
    return words


def assert_views_hide_information(game: Game) -> None:
    holder = siber_seat(game)
    secret = discarded(game)
    for seat in range(game.players):
        view = game.view(seat)
        assert view.seat == seat
        assert view.phase == game.phase and view.to_act == game.to_act
        own = set(bits(game.hands[seat]))
        assert {int(c) for c in view.hand} == own and len(view.hand) == len(own)
        others = 0
        for s in range(game.players):
            if s != seat:
                others |= game.hands[s] | game.unseen[s]
        leaked = [c for c in view.hand if others >> c & 1]
        assert not leaked, f"seat {seat} sees {names(leaked)} of another seat"
        assert view.unseen_count == bin(game.unseen[seat]).count("1")
        assert set(view.talon_seen) <= set(game.talon)
        assert view.trick == tuple((s, Card(c)) for s, c in game.trick)
        assert view.legal == (game.legal_actions() if game.to_act == seat else ())
        assert len(view.history) == len(game.history)
        if secret and seat != holder:
            shown = secret & view_tokens(view)
            assert not shown, f"seat {seat} is shown seat {holder}'s síber discards {shown}"
            for step in view.history:
                assert step.action.__class__ is not Discard or step.seat == seat, step
                assert not step.text.startswith("discard ") or step.seat == seat, step
        if secret and seat == holder:
            own_discards = {
                st.text.split()[1] for st in view.history if st.text.startswith("discard ")
            }
            assert own_discards == secret


@pytest.mark.slow
@PROPERTY
@given(
    seed=seeds,
    dealer=dealers,
    policy=st.builds(Policy, st.sampled_from(("uniform", "shy")), st.sampled_from(SPEECH_STYLES)),
    choices=seeds,
)
def test_views_hide_information(seed: int, dealer: int, policy: Policy, choices: int) -> None:
    game = Game(RULES, seed=seed, dealer=dealer)
    playout(
        game,
        policy,
        choices,
        before=assert_views_hide_information,
        after=assert_views_hide_information,
    )


def hidden_twin(deal: Deal, seat: int, rng: random.Random, swaps: int | None) -> Deal:
    """The same deal as far as ``seat`` can tell: its own cards and the two
    face-up talon cards stay; the cards it cannot see (other seats' hands,
    seen and unseen part, and the talon's face-down middle) are shuffled
    among their places, or with ``swaps`` only that many pairs are swapped (a
    small change keeps the two hands alike far into the play)."""
    slots: list[tuple[int, int]] = []  # (hand index or -1 for talon, position)
    for s, hand in enumerate(deal.hands):
        if s != seat:
            slots.extend((s, i) for i in range(len(hand)))
    slots.extend((-1, i) for i in range(1, len(deal.talon) - 1))
    hands = [list(h) for h in deal.hands]
    talon = list(deal.talon)
    cards = [talon[i] if s < 0 else hands[s][i] for s, i in slots]
    if swaps is None:
        rng.shuffle(cards)
    else:
        for _ in range(swaps):
            i, j = rng.sample(range(len(cards)), 2)
            cards[i], cards[j] = cards[j], cards[i]
    for (s, i), c in zip(slots, cards, strict=True):
        if s < 0:
            talon[i] = c
        else:
            hands[s][i] = c
    return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(talon), seen=deal.seen)


@PROPERTY
@given(
    seed=seeds, dealer=dealers, policy=policies, choices=seeds, twin=seeds,
    swaps=st.sampled_from((None, 1, 2)),
    seat=st.integers(min_value=0, max_value=RULES.players - 1),
)  # fmt: skip
def test_a_view_does_not_depend_on_cards_the_seat_cannot_see(
    seed: int, dealer: int, policy: Policy, choices: int, twin: int, swaps: int | None, seat: int
) -> None:
    """Two hands that differ only in cards hidden from ``seat`` look the same to
    it for as long as the same things happen in public in both.

    The comparison stops where the two hands may rightly look different:
    when a different seat is to act (say, another seat holds the síber card),
    when the action taken in one is not legal in the other, when another seat
    shows details of its meld in meld validation, or when ``seat`` takes the
    talon by síber and so sees its face-down cards.
    """
    game = Game(RULES, seed=seed, dealer=dealer)
    twin_deal = hidden_twin(game.deal, seat, random.Random(twin), swaps)
    other = Game(RULES, deal=twin_deal, dealer=dealer)
    rng = random.Random(choices)
    while (game.phase, game.to_act) == (other.phase, other.to_act):
        assert game.view(seat) == other.view(seat), (
            f"seat {seat} can tell the hands apart after {[f'{s}:{a}' for s, a in game.history]}"
        )
        if game.is_over:
            break
        action = policy.choose(game, game.legal_actions(), rng)
        if action not in other.legal_actions():
            break
        if (action == SHOW and game.to_act != seat) or (action == SIBER and game.to_act == seat):
            break
        game.apply(action)
        other.apply(action)
