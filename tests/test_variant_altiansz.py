"""Altiansz, the sibling game (source altiansz), rule by rule.

Each test names the section of the source it checks.  Scripted hands use the
deals of :mod:`altiansz_helpers`; the contract outcomes are checked against
an oracle written from the source's definitions, independent of the engine's
figure judges.
"""

from __future__ import annotations

from collections.abc import Sequence

import drive
import pytest
from altiansz_helpers import (
    ALTIANSZ,
    ALTIANSZ4,
    LOW,
    MONSTER,
    deal_game,
    oracle,
    play_out,
    run,
)
from variant_helpers import sit_out

import alsos
from alsos import Step
from alsos.hand.chosen import named_contracts
from alsos.hand.history import MeldsNamed
from alsos.hand.melds import every_meld
from alsos.pack.actions import DECLARE_MELDS
from alsos.pack.cards import Card, cards_of
from alsos.pack.phases import Kind, Phase


def texts(game: alsos.Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def mask(text: str) -> int:
    m = 0
    for c in alsos.parse_cards(text):
        m |= 1 << c
    return m


# ----------------------------------------------------------- cards and points


def test_card_points_are_120_with_trumps_and_90_without() -> None:
    """altiansz, "Players and Cards": Aces and Tens 10, the trump Under 20 and the trump
    9 10, the last trick 10: 120 in all with trumps, 90 without."""
    c = ALTIANSZ.cards
    trump_total = sum(c.trump_points.values()) + 3 * sum(c.plain_points.values())
    assert trump_total + c.last_trick == 120
    assert 4 * sum(c.plain_points.values()) + c.last_trick == 90
    assert c.trump_points[alsos.Rank.UNDER] == 20 and c.trump_points[alsos.Rank.NINE] == 10
    assert alsos.Rank.KING not in c.plain_points and alsos.Rank.UNDER not in c.plain_points


def test_a_won_hand_counts_120_points_for_the_declarer() -> None:
    """altiansz, "Players and Cards": taking every card of a trump game with no point
    card in the talon is 120."""
    game = deal_game(MONSTER)
    run(game, "draw, discard Z8, discard Z7, contract volat, pass, pass, bid acorns, pass")
    play_out(game, ["MU", "M9", "MA", "M10", "MK", "MO", "M8", "PA", "M7"])
    st = game.settlement
    assert st is not None and st.card_points[0] == 120


def test_betli_order_and_the_duty_to_beat() -> None:
    """altiansz, "Contracts" (Betli order A K O U 10 9 8 7) and "Play": in Betli a
    card that follows suit has to top the best card of that suit already played, when it can.
    Over the Under of hearts only the Ace, King and Over beat it; the 10 does not."""
    game = deal_game(LOW)
    run(game, "draw, discard Z10, discard Z9, contract betli, pass, pass, pass")
    assert game.contract is not None and game.contract.kind is Kind.BETLI
    assert game.to_act == 0  # the declarer leads
    game.apply("P8")
    # seat 1 holds PA PK PO PU: each beats the 8, so any of them.
    assert {str(a) for a in game.legal_actions()} == {"PA", "PK", "PO", "PU"}
    game.apply("PU")
    # seat 2 holds P10 P9: neither beats the Under in the Betli order: any heart.
    assert {str(a) for a in game.legal_actions()} == {"P10", "P9"}


def test_no_duty_to_overtake_outside_betli() -> None:
    """altiansz, "Play": no obligation to overtake except in Betli."""
    game = deal_game(LOW)
    run(game, "contract solo, pass, pass, bid leaves")
    game.apply("P8")
    assert {str(a) for a in game.legal_actions()} == {"PA", "PK", "PO", "PU"}
    game.apply("PK")
    assert {str(a) for a in game.legal_actions()} == {"P10", "P9"}


# ------------------------------------------------------------------- deal


def test_deal_packets_of_three_with_the_talon_between() -> None:
    """altiansz, "Deal": 3 each, one card face up, 3 each, two face down, 3 each, the
    rest face down: 9 cards each, all seen, and a talon of one up and four down."""
    pack = list(range(32))
    d = ALTIANSZ.deal
    dealt = alsos.Deal.from_pack(
        pack,
        players=3,
        dealer=2,
        seen_packets=d.seen_packets,
        unseen_packets=d.unseen_packets,
        talon_between=d.talon_between,
    )
    assert [int(c) for c in dealt.hands[0]] == [0, 1, 2, 10, 11, 12, 21, 22, 23]
    assert [int(c) for c in dealt.talon] == [9, 19, 20, 30, 31]
    game = alsos.Game(ALTIANSZ, seed=5)
    s = game.state
    assert all(len(cards_of(h)) == 9 for h in game.hands) and not any(s.unseen)
    assert len(s.talon) == 5 and s.talon_up == 1 << s.talon[0]
    assert game.deal == alsos.Game(ALTIANSZ, deal=str(game.deal)).deal  # text round trip


def test_four_players_deal_to_three_with_the_dealer_out() -> None:
    """altiansz, "Players and Cards": four players, the dealer sits out."""
    game = alsos.Game(ALTIANSZ4, deal=sit_out(MONSTER, 3), dealer=3)
    assert game.active == (0, 1, 2) and game.hands[3] == 0
    run(game, "draw, discard Z8, discard Z7, contract volat, pass, pass, bid acorns, pass")
    play_out(game, ["MU", "M9", "MA", "M10", "MK", "MO", "M8", "PA", "M7"])
    st = game.settlement
    assert st is not None and st.game_won and st.written == {0: 1, 1: 0, 2: 0, 3: 0}
    assert sum(st.payments.values()) == 0


# ---------------------------------------------------------------- auction


def test_the_ladder_low_to_high() -> None:
    """altiansz, "Contracts": Solo, Ultimó, Golden Aces, Game, Game Trull, Game Ultimó,
    Game Sneak, 150, Absolute, 200, Betli, Volát, in ascending order."""
    assert list(named_contracts(ALTIANSZ)) == [
        "solo", "ultimo", "golden-aces", "game", "game-trull", "game-ultimo",
        "game-sneak", "150", "absolute", "200", "betli", "volat",
    ]  # fmt: skip
    game = deal_game(MONSTER)
    assert texts(game) == {"pass", "contract solo", "draw"}
    run(game, "draw, discard Z8, discard Z7")
    assert texts(game) == {f"contract {c}" for c in list(named_contracts(ALTIANSZ))[1:]}
    run(game, "contract game")
    # seat 1 must go above Game; Solo is gone.
    assert texts(game) == {"pass", "draw"}
    run(game, "draw")
    run(game, "discard Z8, discard Z7")
    assert "contract game" not in texts(game) and "contract game-trull" in texts(game)


def test_all_pass_is_klopitzky() -> None:
    """altiansz, "Klopitzky": if all three pass, klopitzky is played with the dealt cards."""
    game = deal_game(MONSTER)
    hands = list(game.hands)
    run(game, "pass, pass, pass")
    assert game.contract is not None and game.contract.kind is Kind.KLOPITZKY
    assert game.contract.trump is None and game.declarer is None
    assert list(game.hands) == hands


def test_auction_ends_after_two_passes_after_the_last_bid() -> None:
    """altiansz, "Bidding and use of the Talon": after a bid, two passes in a row end it;
    a seat that passed earlier may still bid later."""
    game = deal_game(MONSTER)
    run(game, "pass, contract solo, pass")
    assert game.phase is Phase.BIDDING and game.to_act == 0
    run(game, "draw, discard Z8, discard Z7, contract ultimo, pass")
    assert game.phase is Phase.BIDDING and game.to_act == 2
    run(game, "pass")
    assert game.to_act == 0 and texts(game) == {"bid acorns", "bid hearts", "bid gourds",
                                               "bid leaves"}  # fmt: skip
    run(game, "bid acorns")
    assert texts(game) == {"pass", "exchange"}


def test_solo_may_be_played_without_trumps_and_ultimo_needs_a_suit() -> None:
    """altiansz, "Contracts": Solo with a trump suit or no trumps; Ultimó with trumps."""
    game = deal_game(MONSTER)
    run(game, "contract solo, pass, pass")
    assert "bid no-trumps" in texts(game)
    game = deal_game(MONSTER)
    run(game, "draw, discard Z8, discard Z7, contract ultimo, pass, pass")
    assert "bid no-trumps" not in texts(game)


def test_talon_chain_across_three_bidders() -> None:
    """altiansz, "Bidding and use of the Talon": the first bidder above Solo draws two of
    the four face-down cards and discards two; each later bidder draws the previous
    bidder's discards and discards two; the unused pair is set aside; the declarer takes
    the face-up card and discards one face up.  Talon cards count for nobody."""
    game = deal_game(MONSTER)
    s = game.state
    run(game, "draw")
    # Ruling: the two face-down cards dealt last.
    assert game.hands[0] & mask("Z8 Z7") == mask("Z8 Z7")
    run(game, "discard PA, discard MK, contract ultimo")
    assert game.hands[0] & mask("PA MK") == 0
    assert s.discarded == mask("PA MK")
    run(game, "draw")
    assert game.hands[1] & mask("PA MK") == mask("PA MK")  # seat 0's discards
    assert s.discarded == 0
    run(game, "discard TA, discard MK, contract game")
    run(game, "draw")
    assert game.hands[2] & mask("TA MK") == mask("TA MK")  # seat 1's discards
    run(game, "discard TA, discard T7, contract 150")
    # The pair the first bidder left (ZU Z9) lies set aside, with the face-up ZO.
    assert {int(c) for c in s.talon} >= set(alsos.parse_cards("ZO ZU Z9"))
    # The other seats see only that a card was discarded.
    shown = [step.text for step in game.public_history(1)]
    assert "discard TA" in shown  # its own
    assert [t for t in game.public_history(0) if t.seat == 2][1] == Step(2, None, "discard")
    run(game, "pass, pass")
    assert game.to_act == 2 and game.phase is Phase.BIDDING
    run(game, "bid gourds, exchange")
    assert game.hands[2] >> Card.parse("ZO") & 1
    run(game, "discard Z10")
    assert s.talon_up >> Card.parse("Z10") & 1  # face up
    assert game.phase is Phase.PLAY and game.to_act == 2  # the declarer leads
    assert sum(len(cards_of(h)) for h in game.hands) == 27
    play_out(game)
    st = game.settlement
    assert st is not None
    out = 0
    for w in game.won:
        out |= w
    assert not out & mask("TA T7 ZU Z9 Z10")  # in the talon: nobody's


@pytest.mark.parametrize("before", [None, [6, 0, 0]], ids=["exchange", "siber"])
def test_the_final_bidder_is_the_declarer_once_the_auction_is_won(
    before: list[int] | None,
) -> None:
    """altiansz, "Bidding and use of the Talon": the final bidder is the declarer, so
    from the last pass on -- while it names trumps and takes the face-up card (or the
    síber) -- the game and every seat's view name it (issue 18, item 27)."""
    game = deal_game(MONSTER, before=before)
    run(game, "pass, draw, discard Z8, discard Z7, contract ultimo, pass")
    assert game.declarer is None and game.view(0).declarer is None  # still bidding
    run(game, "pass")
    assert game.phase is Phase.BIDDING and game.contract is None
    for step in ("bid leaves", "siber" if before else "exchange"):
        assert game.declarer == 1
        assert [game.view(k).declarer for k in range(3)] == [1, 1, 1]
        run(game, step)
    assert game.declarer == 1 and game.view(2).declarer == 1  # discarding


def test_the_face_up_card_is_optional() -> None:
    """altiansz, "Play": the declarer *may* take the face-up card (ruling: optional)."""
    game = deal_game(MONSTER)
    run(game, "draw, discard Z8, discard Z7, contract ultimo, pass, pass, bid acorns, pass")
    assert game.phase is Phase.PLAY and not game.hands[0] >> Card.parse("ZO") & 1


def test_solo_uses_no_talon() -> None:
    """altiansz, "Bidding and use of the Talon": after Solo the talon stays untouched."""
    game = deal_game(MONSTER)
    talon = list(game.state.talon)
    run(game, "contract solo, pass, pass, bid acorns")
    assert game.phase is Phase.PLAY and game.state.talon == talon


def test_a_seat_with_six_contracts_must_pass() -> None:
    """altiansz, "Bidding and use of the Talon": a player who has been declarer six times
    may not bid."""
    game = deal_game(MONSTER, before=[6, 0, 0])
    assert texts(game) == {"pass"}
    game = deal_game(MONSTER, before=[5, 0, 0])
    assert "contract solo" in texts(game)


def test_siber_when_a_defender_has_used_up_its_contracts() -> None:
    """altiansz, "Bidding and use of the Talon": if a defender has been declarer six
    times, the declarer also takes the pair set aside ("síber") and discards three
    face down."""
    game = deal_game(MONSTER, before=[0, 6, 0])
    run(game, "draw, discard Z8, discard Z7, contract ultimo, pass, pass, bid acorns")
    assert texts(game) == {"pass", "siber"}
    run(game, "siber")
    assert game.hands[0] & mask("ZO ZU Z9") == mask("ZO ZU Z9")
    run(game, "discard ZO, discard ZU, discard Z9")
    s = game.state
    assert s.talon_up == 0 and s.discarded & mask("ZO ZU Z9") == mask("ZO ZU Z9")
    assert game.phase is Phase.PLAY


def test_session_keeps_the_allowance_and_forces_a_pass() -> None:
    """altiansz, "Players and Cards", "Scoring": a session of 18 deals; each contract
    (won or lost) uses one of a seat's six; the seventh time it must pass."""
    session = alsos.new_session(ALTIANSZ)
    assert isinstance(session, alsos.Deals)
    forced = 0

    def seat_0_declares(game: alsos.Game, _legal: Sequence[alsos.Action]) -> str:
        """Seat 0 bids solo whenever it may (and must pass when its six are used up);
        every other seat passes."""
        nonlocal forced
        legal = texts(game)
        if game.to_act == 0 and game.phase is Phase.BIDDING:
            if session.declared[0] >= 6 and game.state.bidding.stage == 0:  # type: ignore[union-attr]
                assert legal == {"pass"}
                forced += 1
            elif "contract solo" in legal:
                return "contract solo"
        return sorted(legal)[0] if "pass" not in legal else "pass"

    while not session.is_over:
        game = session.next_game(seed=session.hands)
        drive.play_out(game, seat_0_declares)
        before = dict(session.declared)
        session.add(game.settlement)
        assert game.settlement is not None
        if game.declarer is not None:
            assert session.declared[game.declarer] == before[game.declarer] + 1
    assert session.hands == 18 and session.declared[0] == 6 and forced > 0
    assert alsos.new_session(ALTIANSZ4).rules.scoring.session_params.deals == 24


def test_a_record_replays_with_the_allowance() -> None:
    """A hand with a barred seat records the counts (``Declared``) and replays."""
    game = deal_game(MONSTER, before=[6, 0, 0])
    run(game, "pass, contract solo, pass, pass, bid hearts")
    play_out(game)
    record = game.record()
    again = alsos.Record.loads(record.dumps()).replay()
    assert again.settlement is not None and again.history == game.history


# ------------------------------------------------------------- contracts


CONTRACTS = list(named_contracts(ALTIANSZ))
WIN_LEADS = ["MU", "M9", "MA", "M10", "MK", "MO", "M8", "PA", "M7"]
SNEAK_LEADS = ["MU", "M9", "MA", "M10", "MK", "MO", "PA", "M8", "M7"]


def _bid(contract: str) -> str:
    spec = named_contracts(ALTIANSZ)[contract]
    draw = "draw, discard Z8, discard Z7, " if spec.talon else ""
    trumps = "" if spec.betli else "bid acorns, "
    take = "pass" if spec.talon else ""
    return f"{draw}contract {contract}, pass, pass, {trumps}{take}"


@pytest.mark.parametrize("contract", [c for c in CONTRACTS if c != "betli"])
def test_each_contract_won(contract: str) -> None:
    """altiansz, "Contracts": with every acorn and the heart Ace, seat 0 makes every
    contract but Betli (the 8 second-last for Game Sneak, the 7 last for the ultimós)."""
    game = deal_game(MONSTER)
    run(game, _bid(contract))
    assert game.contract is not None and game.contract.name == contract
    play_out(game, SNEAK_LEADS if contract == "game-sneak" else WIN_LEADS)
    st = game.settlement
    assert st is not None and st.game_won is True and oracle(game) is True
    assert st.written[0] == 1 and st.payments == {0: 2, 1: -1, 2: -1}


def test_betli_won() -> None:
    """altiansz, "Contracts": Betli, no trumps, the declarer takes no trick."""
    game = deal_game(LOW)
    run(game, "draw, discard Z10, discard Z9, contract betli, pass, pass, pass")
    play_out(game, ["M7"])
    st = game.settlement
    assert st is not None and st.game_won is True and oracle(game) is True
    assert len(game.state.tricks) == 9 and st.card_points == {}


LOSING = {
    # contract: (script after the bid, the declarer's cards)
    "ultimo": ["M7"],  # the 7 in the first trick
    "game-ultimo": ["M7"],
    "game-sneak": WIN_LEADS,  # the 8 goes in the third-last trick
    "betli": ["MU"],  # wins the first trick
}


@pytest.mark.parametrize("contract", sorted(LOSING))
def test_contract_lost_by_the_declarers_own_play(contract: str) -> None:
    """altiansz, "Contracts" and "Play": the trump 7 played early loses an ultimó, the 8
    outside the second-last trick loses Game Sneak, a trick won loses Betli; play stops
    as soon as the contract is lost."""
    game = deal_game(MONSTER)
    run(game, _bid(contract))
    play_out(game, LOSING[contract])
    st = game.settlement
    assert st is not None and st.game_won is False and oracle(game) is False
    assert st.written[0] == -1 and st.payments == {0: -2, 1: 1, 2: 1}
    played = len(game.state.tricks)
    assert played == (7 if contract == "game-sneak" else 1)


@pytest.mark.parametrize("contract", [c for c in CONTRACTS if c not in ("betli",)])
def test_each_contract_lost_by_a_weak_declarer(contract: str) -> None:
    """altiansz, "Contracts": seat 1, naming leaves as trumps (it holds only their Ace)
    against seat 0's acorns, loses each contract; the engine's verdict equals the
    source's definition applied to the tricks."""
    spec = named_contracts(ALTIANSZ)[contract]
    game = deal_game(MONSTER)
    # For 150 seat 1 breaks its melds (the heart and gourd Kings) to fall short.
    away = "PK, discard TK" if contract == "150" else "Z8, discard Z7"
    draw = f"draw, discard {away}, " if spec.talon else ""
    run(game, f"pass, {draw}contract {contract}, pass, pass")
    if not spec.betli:
        # Solo without trumps: seat 0's acorns run A 10 K O U 9 8 7.
        run(game, "bid no-trumps" if contract == "solo" else "bid leaves")
    if spec.talon:
        run(game, "pass")
    play_out(game)
    st = game.settlement
    assert st is not None and st.declarer == 1
    assert st.game_won is False and oracle(game) is False
    assert st.written == {0: 0, 1: -1, 2: 0}


def test_golden_aces_lost_with_an_ace_discarded_face_down_plays_on() -> None:
    """altiansz, "Contracts" and "Play": an Ace discarded face down counts for nobody, so
    Golden Aces is lost; but only the declarer knows where that Ace is, so the result is
    not certain from what every player has seen and all nine tricks are played (ruling:
    the early end uses public facts only)."""
    game = deal_game(MONSTER)
    run(game, "draw, discard PA, discard Z8, contract golden-aces, pass, pass, bid acorns, pass")
    assert game.phase is Phase.PLAY
    play_out(game, WIN_LEADS)
    st = game.settlement
    assert st is not None and st.game_won is False and oracle(game) is False
    assert len(game.state.tricks) == 9 and st.written[0] == -1


def test_golden_aces_lost_with_an_ace_discarded_face_up() -> None:
    """altiansz, "Play": the card the declarer discards after taking the face-up card
    lies face up; an Ace there is out of play for everyone to see, so Golden Aces is
    lost before the first lead and no card is played."""
    game = deal_game(MONSTER)
    run(game, "draw, discard Z8, discard Z7, contract golden-aces, pass, pass, bid acorns")
    run(game, "exchange, discard PA")
    st = game.settlement
    assert st is not None and st.game_won is False and len(game.state.tricks) == 0
    assert st.written[0] == -1


def test_ultimo_seven_discarded_face_down_plays_to_the_last_trick() -> None:
    """altiansz, "Contracts" and "Play": with the trump 7 discarded face down the ultimó
    is lost, but nobody else can tell until the last trick is played without it."""
    game = deal_game(MONSTER)
    # Seat 0 draws Z8 Z7 and keeps them; it discards its own trump 7.
    run(game, "draw, discard M7, discard Z8, contract ultimo, pass, pass, bid acorns, pass")
    play_out(game, WIN_LEADS)
    st = game.settlement
    assert st is not None and st.game_won is False and oracle(game) is False
    assert len(game.state.tricks) == 9


def test_play_stops_when_the_contract_is_won() -> None:
    """altiansz, "Play": Solo is decided with the fifth trick, 150 with the first (140 in
    melds and the trump Under)."""
    game = deal_game(MONSTER)
    run(game, _bid("solo"))
    play_out(game, WIN_LEADS)
    assert len(game.state.tricks) == 5 and game.settlement is not None
    assert game.settlement.game_won
    game = deal_game(MONSTER)
    run(game, _bid("150"))
    play_out(game, WIN_LEADS)
    assert len(game.state.tricks) == 1 and game.settlement is not None
    assert game.settlement.meld_points[0] == 140 and game.settlement.game_won


def test_volat_plays_every_trick() -> None:
    """altiansz, "Contracts": Volát needs every trick, so it is only won at the end."""
    game = deal_game(MONSTER)
    run(game, _bid("volat"))
    play_out(game, WIN_LEADS)
    assert len(game.state.tricks) == 9


# ------------------------------------------------------------------- melds

TRUMP = ALTIANSZ.cards.trump_order.ranks
PLAIN = ALTIANSZ.cards.plain_order.ranks


def melds(cards: str, trump: int) -> list[tuple[str, int]]:
    m = ALTIANSZ.melds
    return every_meld(
        mask(cards),
        trump,
        trump_ranks=TRUMP,
        plain_ranks=PLAIN,
        sequence_values=m.sequence_values,
        vannak=m.vannak,
        vannak_ranks=m.vannak_ranks,
        bela=m.bela,
        twenty=m.twenty,
    )


def test_sequences_follow_the_trick_order() -> None:
    """altiansz, "Melds": 9-A-10 of trumps is a terc, not in a plain suit; O-U-9 is a
    terc in a plain suit, not in trumps."""
    hearts = int(alsos.Suit.HEARTS)
    other = int(alsos.Suit.ACORNS)
    assert melds("P9 PA P10", hearts) == [("terc", 30)]
    assert melds("P9 PA P10", other) == []
    assert melds("PO PU P9", other) == [("terc", 30)]
    assert melds("PO PU P9", hearts) == []


def test_the_sources_130_example() -> None:
    """altiansz, "Melds": the trump 10-K-O-8 and the other three Overs: béla, vannak and
    kvart, 130 in all; one card serves all three."""
    got = melds("M10 MK MO M8 PO TO ZO", int(alsos.Suit.ACORNS))
    assert sorted(got) == sorted([("bela", 40), ("vannak", 40), ("kvart", 50)])
    assert sum(v for _, v in got) == 130


def test_meld_values_and_full_length() -> None:
    """altiansz, "Melds": 20 for a plain K+O, vannak 40 (not 7s or 8s), kvint and longer
    100 at full length only, several sequences when apart."""
    acorns = int(alsos.Suit.ACORNS)
    assert melds("PK PO", acorns) == [("20", 20)]
    assert melds("M7 P7 T7 Z7", acorns) == []
    assert melds("M9 P9 T9 Z9", acorns) == [("vannak", 40)]
    # plain hearts A 10 K O U 9: one szext of 100, and the 20 of K+O
    assert sorted(melds("PA P10 PK PO PU P9", acorns)) == [("20", 20), ("szext", 100)]
    # plain hearts A 10 K and U 9 8: apart, two tercs
    assert melds("PA P10 PK PU P9 P8", acorns) == [("terc", 30), ("terc", 30)]


def test_melds_count_for_every_seat_in_game_and_the_declarer_alone_in_150() -> None:
    """altiansz, "Melds": in the game contracts every player scores its melds; in 150
    and 200 only the declarer; in the others nobody."""
    game = deal_game(MONSTER)
    run(game, "pass, draw, discard Z8, discard Z7, contract game, pass, pass, bid hearts, pass")
    play_out(game)
    st = game.settlement
    assert st is not None
    # seat 0, acorns plain: A 10 K O U 9 8 7 is an oktáv (100) and M K+O a 20
    assert st.meld_points[0] == 120
    # seat 1, hearts trumps U 9 . . K O: béla 40; gourds A K O U: terc K O U 30, a 20
    assert st.meld_points[1] == 90
    game = deal_game(MONSTER)
    run(game, "pass, draw, discard Z8, discard Z7, contract 150, pass, pass, bid hearts, pass")
    play_out(game)
    assert game.settlement is not None and game.settlement.meld_points[0] == 0
    game = deal_game(MONSTER)
    run(game, _bid("absolute"))
    play_out(game, WIN_LEADS)
    assert game.settlement is not None and game.settlement.meld_points[0] == 0


# ---------------------------------------------------------------- klopitzky


def test_klopitzky_fewest_points_win() -> None:
    """altiansz, "Klopitzky" and "Scoring": no trumps; the player(s) with the fewest card
    points score 1 each; all equal: nobody."""
    game = deal_game(MONSTER)
    run(game, "pass, pass, pass")
    assert game.contract is not None and game.contract.trump is None
    play_out(game)
    st = game.settlement
    assert st is not None and len(game.state.tricks) == 9
    low = min(st.card_points.values())
    assert sum(st.card_points.values()) == 90 - 0  # no point card in the talon
    for seat, p in st.card_points.items():
        assert st.written[seat] == (1 if p == low else 0)
    assert sum(st.payments.values()) == 0


def test_melds_are_declared_by_kind_only_before_the_first_card() -> None:
    """altiansz, "Melds" and "Play": at the first trick each entitled player may declare
    its melds, naming only their kinds; the others never see the cards."""
    game = deal_game(MONSTER)
    run(game, "pass, draw, discard Z8, discard Z7, contract game, pass, pass, bid hearts, pass")
    assert game.to_act == 1 and "declare melds" in texts(game)
    run(game, "declare melds")
    assert "declare melds" not in texts(game)  # once
    said = game.public_history(0)[-1]
    assert said == Step(1, DECLARE_MELDS, None, MeldsNamed(("bela", "terc", "20")))
    assert said.text == "declare melds (béla, terc, a 20)"
    assert not any(str(c) in said.text for c in alsos.Card)
    view = game.view(2)
    assert view.history[-1] == said
    play_out(game, declare=False)  # seats 2 and 0 do not declare
    st = game.settlement
    assert st is not None and st.meld_points == {0: 0, 1: 90, 2: 0}


def test_only_the_declarer_declares_in_150_and_nobody_in_absolute() -> None:
    """altiansz, "Melds": in 150 and 200 only the declarer may declare; in the contracts
    without "game" in their name nobody does."""
    game = deal_game(MONSTER)
    run(game, _bid("150"))
    assert "declare melds" in texts(game)
    run(game, "declare melds, MU")
    assert "declare melds" not in texts(game)  # seat 1, a defender
    game = deal_game(MONSTER)
    run(game, _bid("absolute"))
    assert "declare melds" not in texts(game)


def test_the_heuristic_bot_names_trumps_after_a_ladder_auction() -> None:
    """altiansz, "Bidding and use of the Talon": the declarer must name trumps (or no
    trumps) as its contract allows -- passing is not among its choices, so the bot
    names the best it has, however weak, and the hand plays on to its settlement."""
    from alsos.bots.heuristic import HeuristicBot

    rules = alsos.load_variant("altiansz")
    named = 0
    for seed in range(12):
        game = alsos.Game(rules, seed=seed, dealer=0)
        game.apply(next(a for a in game.legal_actions() if str(a) == "contract solo"))
        # a fresh bot for every decision, seeded by its seat
        for step in drive.steps(
            game, lambda g, legal: HeuristicBot(g.to_act).choose(g.view(g.to_act), legal)
        ):
            if all(isinstance(a, alsos.pack.actions.Bid) for a in step.legal):
                # naming trumps: only bids are offered, and the bot names one
                assert isinstance(step.action, alsos.pack.actions.Bid)
                named += 1
        assert game.declarer is not None and game.settlement is not None
    assert named >= 6  # most of these auctions end with a contract that needs trumps named
