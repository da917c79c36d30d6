"""The heuristic bot in a contract ladder (altiansz): legal in every phase, bids the
contracts its hand makes likely, discards and plays to the contract's objectives."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from drive import play_out
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bots import _cards, _choose
from test_bots import _view as _any_view

import alsos
from alsos.bots import HeuristicBot
from alsos.bots.heuristic.ladder import contract_margin, ladder_contracts
from alsos.hand.chosen import named_contracts
from alsos.pack.actions import (
    BIDS,
    DRAW,
    EXCHANGE,
    PASS,
    Action,
    ContractBid,
    Discard,
    Play,
    contract_bid,
)
from alsos.pack.cards import Card, Suit
from alsos.pack.phases import Phase
from alsos.play.view import TrickView, View
from alsos.ruleset.profile import parse_card_spec

_VARIANT = "altiansz"
_RULES = alsos.load_variant(_VARIANT)
_IDS = [cid for cid, _s, _o in ladder_contracts(_VARIANT)]
HEARTS = int(Suit.HEARTS)


def _play_hands(players: int, hands: int) -> tuple[Counter[str], int, int]:
    """Heuristic bots at every seat; every choice checked legal.  (contract mix,
    contracts played, declarer wins)."""
    rules = alsos.load_variant(_VARIANT, players=players)
    mix: Counter[str] = Counter()
    played = won = 0
    for seed in range(hands):
        game = alsos.Game(rules, seed=seed, dealer=seed % players)
        play_out(game, [HeuristicBot(seed * 10 + s) for s in range(players)])
        s = game.settlement
        assert s is not None
        mix[s.contract.split(",")[0]] += 1
        if s.declarer is not None:
            played += 1
            won += bool(s.game_won)
    return mix, played, won


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_it_is_legal_in_every_phase_and_plays_a_mix_of_contracts(players: int) -> None:
    """altiansz, "Contracts": the bot bids contracts in most hands (Klopitzky, when all
    pass, under a quarter of them), a mix across the ladder, and makes most it bids."""
    hands = 120
    mix, played, won = _play_hands(players, hands)
    assert mix["klopitzky"] < hands / 4, mix
    assert len([c for c in mix if c != "klopitzky"]) >= 4, mix
    assert won > played * 0.55, (won, played)


def _view(
    hand: str,
    legal: Sequence[Action],
    *,
    phase: Phase = Phase.BIDDING,
    seat: int = 0,
    declarer: int | None = None,
    history: tuple[tuple[int, str], ...] = (),
    contract: str | None = None,
    trump: int = -1,
    kind: str | None = None,
    trick: str = "",
    tricks: int = 0,
    talon: str = "MK",
) -> View:
    """An altiansz view; ``tricks`` completed tricks are filled with cards not in play."""
    done = tuple(TrickView(n + 1, 0, (), 0) for n in range(tricks))
    return _any_view(
        hand, legal, phase=phase, seat=seat, declarer=declarer, history=history,
        contract=contract, trump=trump, kind=kind, trick=trick, talon=talon,
        variant=_VARIANT, tricks=done,
    )  # fmt: skip


def _mask(text: str) -> int:
    mask = 0
    for c in _cards(text):
        mask |= 1 << c
    return mask


_AUCTION = (PASS, contract_bid("solo"), DRAW)
_NAME = tuple(contract_bid(c) for c in _IDS if named_contracts(_RULES)[c].talon)
_DREW = ((0, "draw"), (0, "discard"), (0, "discard"))


def _index(action: Action) -> int:
    assert isinstance(action, ContractBid)
    return _IDS.index(action.contract)


def test_a_strong_trump_hand_draws_and_bids_at_least_game() -> None:
    """altiansz, "Contracts": Game wants more card points than both defenders; trumps
    from the top and Aces take them, so the hand draws and names Game or higher."""
    hand = "PU P9 PA P10 PK MA M10 TA Z8"
    assert _choose(_view(hand, _AUCTION)) == DRAW
    named = _choose(_view(hand + " T7 Z7", _NAME, history=_DREW))
    assert _index(named) >= _IDS.index("game")


def test_a_weak_hand_passes() -> None:
    """altiansz, "Bidding and use of the Talon": a hand that makes no contract passes."""
    assert _choose(_view("M8 M7 T9 T8 ZK Z7 PO P8 TO", _AUCTION)) == PASS


def test_with_the_trump_7_and_length_it_names_ultimo() -> None:
    """altiansz, "Contracts": Ultimó wins the last trick with the trump 7, which takes
    length to keep a trump to the end; without the 7 it is not Ultimó."""
    hand = "PU P10 PK P8 P7 MK M9 TO Z9 T7 Z7"
    assert _choose(_view(hand, _NAME, history=_DREW)) == contract_bid("ultimo")
    won = ((0, "contract ultimo"), (1, "pass"), (2, "pass"))
    trumps = _view("PU P10 PK P8 P7 MK M9 TO Z9", list(BIDS.values())[:4], history=won)
    assert _choose(trumps) == BIDS[Suit.HEARTS]
    # The same trump length with the Over for the 7: Ultimó is out of reach.
    assert contract_margin(_VARIANT, _mask("PU P10 PK P8 P7 MK M9 TO Z9"), "ultimo", HEARTS) >= 0
    assert contract_margin(_VARIANT, _mask("PU P10 PK P8 PO MK M9 TO Z9"), "ultimo", HEARTS) < 0


def test_with_the_trump_under_nine_and_seven_it_names_game_trull() -> None:
    """altiansz, "Contracts": Game Trull adds winning the trump Under, 9 and 7 to Game.
    Holding the two top trumps, only the 7 needs the others' trumps drawn, so a fourth
    trump is enough; with three trumps it is not Game Trull."""
    trull = "PU P9 P8 P7 MA M10 TA T10 ZA"
    assert contract_margin(_VARIANT, _mask(trull), "game-trull", HEARTS) >= 0
    short = "PU P9 P7 MA M10 TA T10 ZA Z8"
    assert contract_margin(_VARIANT, _mask(short), "game-trull", HEARTS) < 0
    named = _choose(_view(trull + " M7 Z7", _NAME, history=_DREW))
    assert named == contract_bid("game-trull")


def test_in_game_trull_the_declarer_draws_trumps_without_its_seven() -> None:
    """altiansz, "Contracts": the trull's 7 must win a trick, so the declarer drawing
    trumps leads a low trump other than the 7."""
    view = _view("PA P8 P7 MK", [Play(c) for c in _cards("PA P8 P7 MK")], phase=Phase.PLAY,
                 declarer=0, contract="game-trull, trump hearts", trump=HEARTS, kind="trump",
                 tricks=5)  # fmt: skip
    assert _choose(view) == Play(Card.parse("P8"))


def test_with_the_four_aces_it_names_golden_aces_rather_than_game() -> None:
    """altiansz, "Contracts" and "Scoring": every contract scores one point, so with
    the four Aces in hand and trumps to guard them it names Golden Aces, surer than
    Game, which the same hand would also bid."""
    hand = "MA PA TA ZA PU P9 P10 PK P8 M7 T7"
    nine = _mask("MA PA TA ZA PU P9 P10 PK P8")
    assert contract_margin(_VARIANT, nine, "game", HEARTS) >= 0
    assert _choose(_view(hand, _NAME, history=_DREW)) == contract_bid("golden-aces")


def test_a_low_hand_bids_betli() -> None:
    """altiansz, "Contracts": Betli loses every trick (Betli order A K O U 10 9 8 7);
    a hand of low cards in every suit names it, discarding its high cards."""
    hand = "M7 M8 T7 T8 Z7 Z9 P7 P8 P9 MA TK"
    assert _choose(_view(hand, _NAME, history=_DREW)) == contract_bid("betli")
    discard = [Discard(c) for c in _cards(hand)]
    assert _choose(_view(hand, discard, history=((0, "draw"),))) in (
        Discard(Card.parse("MA")),
        Discard(Card.parse("TK")),
    )


def _objective_mask(cid: str, trump: int) -> int:
    mask = 0
    for o in named_contracts(_RULES)[cid].objectives:
        fig = _RULES.figures[o]
        for spec in (fig.card, *fig.cards) if fig.card else fig.cards:
            mask |= parse_card_spec(spec).mask(trump)
    return mask


def test_the_discard_after_the_face_up_card_keeps_golden_aces_aces() -> None:
    """altiansz, "Contracts": Golden Aces must win all four Aces, so a plain Ace is
    never discarded even when every other card is a trump worth more."""
    hand = "PA MA TA ZA PU P9 P10 PK PO P8"
    history = ((0, "contract golden-aces"), (1, "pass"), (2, "pass"), (0, "bid hearts"),
               (0, "exchange"))  # fmt: skip
    action = _choose(_view(hand, [Discard(c) for c in _cards(hand)], history=history))
    assert action == Discard(Card.parse("P8"))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 31), min_size=10, max_size=11, unique=True),
    st.sampled_from([c for c in _IDS if named_contracts(_RULES)[c].talon]),
    st.sampled_from(list(Suit)),
)
def test_discards_never_drop_an_objective_card(cards: list[int], cid: str, suit: Suit) -> None:
    """altiansz, "Contracts": each objective the contract names needs its cards (the
    trump 7 for Ultimó, the Aces for Golden Aces, trump U 9 7 for Trull): a discard
    after taking the face-up card never drops one while another card may go."""
    spec = named_contracts(_RULES)[cid]
    history: tuple[tuple[int, str], ...] = ((0, f"contract {cid}"), (1, "pass"), (2, "pass"))
    trump = -1
    if not spec.betli and spec.trumps != "none":
        trump = int(suit)
        history += ((0, str(BIDS[suit])),)
    history += ((0, str(EXCHANGE)),)
    hand = " ".join(Card(c).name for c in cards)
    action = _choose(_view(hand, [Discard(Card(c)) for c in cards], history=history))
    assert isinstance(action, Discard)
    mask = _objective_mask(cid, trump) if trump >= 0 else 0
    if any(not mask >> c & 1 for c in cards):
        assert not mask >> action.card & 1, (cid, hand, action)


def test_in_ultimo_the_declarer_keeps_the_trump_7_for_the_last_trick() -> None:
    """altiansz, "Contracts": Ultimó is won only by the trump 7 taking the last trick,
    so the declarer follows a trump lead with another trump, not the 7."""
    view = _view("P7 P10 MA", [Play(c) for c in _cards("P7 P10")], phase=Phase.PLAY,
                 declarer=0, contract="ultimo, trump hearts", trump=HEARTS, kind="trump",
                 trick="1:PU", tricks=6)  # fmt: skip
    assert _choose(view) == Play(Card.parse("P10"))
    # Game Sneak: the trump 8 goes to the second-last trick, the 7 to the last.
    sneak = _view("P7 P8", [Play(c) for c in _cards("P7 P8")], phase=Phase.PLAY,
                  declarer=0, contract="game-sneak, trump hearts", trump=HEARTS,
                  kind="trump", tricks=7)  # fmt: skip
    assert _choose(sneak) == Play(Card.parse("P8"))


def test_against_solo_a_defender_takes_a_cheap_trick() -> None:
    """altiansz, "Contracts": Solo needs five tricks, so a defender takes a trick the
    declarer would win even when it holds no card points."""
    view = _view("MK M7 Z8", [Play(c) for c in _cards("MK M7")], phase=Phase.PLAY, seat=1,
                 declarer=0, contract="solo, trump hearts", trump=HEARTS, kind="trump",
                 trick="0:M9")  # fmt: skip
    assert _choose(view) == Play(Card.parse("MK"))


def test_it_takes_the_face_up_card_only_when_it_would_keep_it() -> None:
    """altiansz, "Play": after a contract above Solo the declarer may take the face-up
    card and discard one; it takes a trump Under, not a card it would discard at once."""
    won = ((0, "contract game"), (1, "pass"), (2, "pass"), (0, "bid hearts"))
    hand = "P9 PK PO P10 P8 MA M10 TA ZA"
    assert _choose(_view(hand, [PASS, EXCHANGE], history=won, talon="PU")) == EXCHANGE
    assert _choose(_view(hand, [PASS, EXCHANGE], history=won, talon="M7")) == PASS
