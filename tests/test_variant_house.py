"""The house profile against potter1930: uhu, 111, 120, mordkontra and the switches.

Source: pagat, "Variations" ("Figures", "Kontras", "Trump exchange (síbelés)",
"Calling", "Card Ranking in Betli and Klopitzky", "Bidding and
Announcements"); VARIANTS.md §1, §3, §4, §5, §7, §9 (column house).

By default ``house`` is potter1930 plus the uhu, 111 and 120 figures, rising
announcements of abszolút/100/111/120 in one round and a fifth kontra level;
the other options of pagat, "Variations" are switches, off by default, flipped
with ``load_variant("house", **{key: value})``.  Every test runs the same
deal and script under the house reading and under potter1930's (potter1930
itself, or house with the switch at potter's setting) and asserts both.
"""

from __future__ import annotations

import deals
import pytest
from drive import play_out
from scripted import entry, finish, item_values, legal, play
from variant_helpers import (
    POTTER,
    announceable,
    bids,
    cards,
    cards_allowed,
    hand,
    is_legal,
    kontras,
    load,
    settled,
    start,
)

import alsos

HOUSE = load("house")

# Acorns proposed (indicator M8).  Seat 1 holds every trump but M8 and, unseen,
# the Ace of gourds (TA) and of leaves; it accepts and can take every trick.
UHU_DEAL = (
    "PK PO PU P10 PA TK + ZK ZO ZU / "
    "MU M9 MA M10 MK MO + M7 TA ZA / "
    "TO TU T10 T9 T8 P7 + Z7 Z8 P8 / "
    "talon M8 T7 Z10 Z9 P9"
)
# Seat 1 takes the trick of PA (trumping), then leads six trumps; the
# defenders throw their small cards and keep one gourd and one leaf each.
UHU_TRICKS = "PA MO P7, MU T8 PK, M9 T9 PO, MA T10 PU, M10 TU P10, MK P8 ZO, M7 Z8 ZU"
# Gourds proposed (indicator T8): the uhu card is then the Ace of hearts,
# which seat 1 holds with every other trump.
UHU_GOURDS_DEAL = (
    "PK PO PU P10 MA MK + ZK ZO ZU / "
    "TU T9 TA T10 TK TO + T7 PA ZA / "
    "MO MU M10 M9 M8 P7 + Z7 Z8 P8 / "
    "talon T8 M7 Z10 Z9 P9"
)
# Acorns proposed (indicator MK).  Playing each seat's first legal card in
# pack order (scripted.finish) the declarer, forehand, takes 133 card points;
# with the last legal card (last=True) it takes 118.
POINTS_118_133 = (
    "T9 PK M9 M8 M10 MA + MU T10 TK / ZO TO Z8 P9 T7 PO + ZA M7 TA / "
    "PU Z9 ZU P8 P7 Z7 + T8 ZK PA / talon MK MO P10 Z10 TU"
)
# Acorns proposed (indicator MO); with last=True forehand declares and takes 110.
POINTS_110 = (
    "M9 Z7 MU PO ZK MA + PK ZU M10 / MK M7 TK ZO TU M8 + PU P9 Z9 / "
    "TO TA P10 Z10 T9 T10 + PA T7 P7 / talon MO T8 Z8 ZA P8"
)
# No-trump deals for forehand: 94 and 122 card points with scripted.finish.
NT_94 = (
    "Z8 P10 P7 PA TA M10 + ZA M9 MA / Z9 T8 MO PK ZO TK + MU P8 M7 / "
    "T7 M8 ZK T9 ZU PU + Z10 MK TU / talon PO TO P9 Z7 T10"
)
NT_122 = (
    "TU T10 MK TA MA M10 + ZA P10 PA / Z8 ZK PK M7 PO P8 + Z9 ZU M8 / "
    "MU Z10 M9 T7 P7 ZO + P9 TK T9 / talon T8 PU MO TO Z7"
)
# Acorns proposed (indicator MO), the Ace of gourds on top: seat 2 holds the
# trump 7 and may síber.  Hidden talon from the bottom: T9, ZO, then ZA.
SIBER_DEAL = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZU M10 P10 T10 + Z10 PK PO / "
    "M8 PU P9 TK TO TU + ZK M7 Z9 / "
    "talon MO T9 ZO ZA TA"
)
# The trump 7 is the indicator and the trump 8 the top card (a trump): the 7
# and 8 are both seen; seat 0 holds the trump 9.
SEVEN_EIGHT_SEEN = (
    "MU M9 Z7 Z8 T7 T8 + MK P7 P8 / "
    "MA PA ZU M10 P10 T10 + Z10 PK PO / "
    "MO PU P9 TK TO TU + ZK ZA Z9 / "
    "talon M7 T9 ZO TA M8"
)
# Acorns proposed (indicator M8); seat 1 holds béla and the trump 7 and wins.
PLAIN_DEAL = deals.ACORNS_PLAIN
# The same cards with hearts proposed (indicator P9).
HEARTS_PROPOSED = deals.HEARTS_PROPOSED
# Betli for forehand, which leads PU; seat 1 has P10, seat 2 P7.
BETLI_DEAL = deals.BETLI

FRONT_ALL = "announce abszolut announce 100 announce 111 announce 120"


# --- uhu -------------------------------------------------------------------------------


def test_uhu_wins_the_second_last_trick_with_the_ace_of_gourds() -> None:
    """pagat, "Variations", "Figures": uhu undertakes to win the second-last trick with
    the Ace of gourds; it scores as an ultimó (2 from the back, 4 from the
    front).  potter1930 has no such figure."""
    game = start(HOUSE, UHU_DEAL, script="pass accept")
    assert "uhu" in announceable(game)
    play(game, "announce uhu pass pass pass")
    play(game, UHU_TRICKS)
    assert game.trick_no == 7
    play(game, "TA TO TK, ZA Z7 ZK")
    assert game.trick_winners[7] == 1
    uhu = entry(game, "uhu", 1)
    assert uhu.made and uhu.value == 4
    assert settled(game).payments == {0: -5, 1: 10, 2: -5}

    potter = start(POTTER, UHU_DEAL, script="pass accept")
    assert "uhu" not in announceable(potter)
    assert not is_legal(potter, "announce uhu")


def test_uhu_fails_when_the_ace_wins_another_trick() -> None:
    """pagat, "Variations", "Figures": the trick is the second-last one; winning the
    last trick with the Ace instead does not make the uhu."""
    game = start(HOUSE, UHU_DEAL, script="pass accept announce uhu pass pass pass")
    play(game, UHU_TRICKS)
    play(game, "ZA Z7 ZK, TA TO TK")  # seat 1 may choose: the hold-back has ended
    assert list(game.trick_winners) == [1] * 9
    assert not entry(game, "uhu", 1).made


def test_uhu_holder_keeps_the_ace_back_until_the_second_last_trick() -> None:
    """pagat, "Variations", "Figures" (uhu scored like ultimó, whose rule pagat, "Figures"
    gives): the announcer may not play the Ace before the second-last trick
    unless the rules of play leave no other card.  Without the uhu (potter1930)
    the Ace may be led at once."""
    game = start(HOUSE, UHU_DEAL, script="pass accept announce uhu pass pass pass")
    play(game, "PA MO P7")
    for trick in UHU_TRICKS.split(", ")[1:]:
        assert "TA" not in cards_allowed(game)
        play(game, trick)
    assert cards_allowed(game) == {"TA", "ZA"}  # the second-last trick

    potter = start(POTTER, UHU_DEAL, script="pass accept pass pass pass PA MO P7")
    assert "TA" in cards_allowed(potter)


def test_uhu_ace_may_be_played_early_when_forced() -> None:
    """pagat, "Figures" (ultimó rule, which uhu follows): a forced card is played;
    led a gourd with the Ace its only gourd, the announcer must play it."""
    game = start(HOUSE, UHU_DEAL, script="pass accept announce uhu pass pass pass TK")
    assert cards_allowed(game) == {"TA"}
    play(game, "TA")
    finish(game)
    assert not entry(game, "uhu", 1).made


def test_uhu_uses_the_ace_of_hearts_when_gourds_are_trumps() -> None:
    """pagat, "Variations", "Figures": with gourds trumps the uhu card is the Ace of
    hearts; the Ace of gourds is then a trump like any other."""
    game = start(HOUSE, UHU_GOURDS_DEAL, script="pass accept announce uhu pass pass pass")
    play(game, "MA TO M8")  # seat 1 trumps the Ace of acorns
    allowed = cards_allowed(game)
    assert "PA" not in allowed and "TA" in allowed
    play(game, "TU M9 MK, T9 M10 PK, TA MU PO, T10 MO PU, TK P7 ZO, T7 Z7 ZU")
    assert cards_allowed(game) == {"PA", "ZA"}
    play(game, "PA P8 P10, ZA Z8 ZK")
    uhu = entry(game, "uhu", 1)
    assert uhu.made


def test_uhu_not_offered_in_no_trumps() -> None:
    """pagat, "Variations", "Figures": uhu was allowed only in trump games."""
    game = start(HOUSE, UHU_DEAL, script="pass pass pass pass bid no-trumps")
    assert game.contract is not None and game.contract.kind is alsos.Kind.NO_TRUMPS
    assert "uhu" not in announceable(game)
    assert "abszolut" in announceable(game)
    trump = start(HOUSE, UHU_DEAL, script="pass pass pass pass bid hearts pass pass")
    assert game.contract is not None and trump.phase is alsos.Phase.FRONT
    assert "uhu" in announceable(trump)


# --- 111 and 120 ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "last", "points", "made"),
    [
        (POINTS_118_133, False, 133, {"abszolut", "100", "111", "120"}),
        (POINTS_118_133, True, 118, {"abszolut", "100", "111"}),
        (POINTS_110, True, 110, {"abszolut", "100"}),
    ],
)
def test_111_and_120_thresholds_and_values(
    deal: str, last: bool, points: int, made: set[str]
) -> None:
    """pagat, "Variations", "Figures": 111 and 120 ask for at least that many card
    points (tricks and last trick) and score 3 and 4 (doubled from the front:
    6 and 8).  potter1930 has neither figure."""
    game = finish(start(HOUSE, deal, script=f"accept {FRONT_ALL} pass pass pass"), last=last)
    s = settled(game)
    assert s.declarer == 0 and s.card_points[0] == points
    for figure, value in (("abszolut", 2), ("100", 4), ("111", 6), ("120", 8)):
        e = entry(game, figure, 0)
        assert e.value == value
        assert e.made == (figure in made), figure

    potter = start(POTTER, deal, script="accept")
    assert not {"111", "120"} & announceable(potter)
    assert not is_legal(potter, "announce 111")


@pytest.mark.parametrize(
    ("deal", "points", "made"),
    [
        (NT_94, 94, {"abszolut", "100", "111"}),
        (NT_122, 122, {"abszolut", "100", "111", "120"}),
    ],
)
def test_111_and_120_in_no_trumps_need_91_and_100(deal: str, points: int, made: set[str]) -> None:
    """pagat, "Variations", "Figures": without trumps 111 becomes 91 and 120 becomes
    100 (as 100 becomes 80)."""
    script = f"pass pass pass bid no-trumps {FRONT_ALL} pass pass pass"
    game = finish(start(HOUSE, deal, script=script))
    s = settled(game)
    assert s.contract == "no-trumps" and s.card_points[0] == points
    for figure in ("abszolut", "100", "111", "120"):
        assert entry(game, figure, 0).made == (figure in made), figure


def test_abszolut_100_111_120_rise_within_one_round() -> None:
    """pagat, "Variations", "Figures": with 111 and 120 the four may be announced in
    ascending order, several in one round, never a smaller after a larger.
    potter1930 (pagat, "Figures") forbids abszolút and 100 in the same round."""
    game = start(HOUSE, PLAIN_DEAL, script="pass accept announce abszolut")
    assert {"100", "111", "120"} <= announceable(game)
    play(game, "announce 111")
    assert "100" not in announceable(game)  # nothing smaller after 111
    assert "120" in announceable(game)
    play(game, "announce 120")
    assert item_values(game) == {"game": 1, "abszolut@1": 2, "111@1": 6, "120@1": 8}

    potter = start(POTTER, PLAIN_DEAL, script="pass accept announce abszolut")
    assert "100" not in announceable(potter)
    assert not is_legal(potter, "announce 100")


def test_200_stands_outside_the_rising_chain() -> None:
    """pagat, "Variations", "Figures": 200 counts melds and does not stop abszolút,
    100 and the rest from being announced after it (as in potter1930)."""
    for rules in (HOUSE, POTTER):
        game = start(rules, PLAIN_DEAL, script="pass accept announce 200")
        assert "abszolut" in announceable(game)


# --- mordkontra --------------------------------------------------------------------------


def test_mordkontra_answers_hirskontra() -> None:
    """pagat, "Variations", "Kontras": some allowed a fifth step, mordkontra, in reply
    to hirskontra (the game from the front: 1 x 4^5 = 1024).  potter1930
    (pagat, "Kontras") stops at hirskontra."""
    script = (
        "pass accept pass kontra game pass pass rekontra game pass "
        "szubkontra game pass pass hirskontra game pass"
    )
    game = start(HOUSE, PLAIN_DEAL, script=script)
    assert item_values(game) == {"game": 256}
    assert game.to_act == 2 and kontras(game) == {"mordkontra game"}
    play(game, "mordkontra game pass pass pass")
    assert item_values(game) == {"game": 1024}
    assert game.phase is alsos.Phase.PLAY

    potter = start(POTTER, PLAIN_DEAL, script=script)
    assert item_values(potter) == {"game": 256}
    assert kontras(potter) == set()
    assert not is_legal(potter, "mordkontra game")


# --- exchange switches --------------------------------------------------------------------


def _siber(rules: alsos.Ruleset, deal: str = SIBER_DEAL) -> alsos.Game:
    """Seat 2 accepts acorns, the front round passes; seats 0 and 1 pass at the síber
    step (pagat, "Trump Exchange": every seat is asked); seat 2 is offered the síber."""
    game = start(rules, deal, script="pass pass accept pass pass pass pass pass")
    assert game.phase is alsos.Phase.SIBER and game.to_act == 2
    return game


def test_switch_siber_reveals_from_the_top() -> None:
    """pagat, "Variations", "Trump exchange": some took the two face-up cards and then
    turned hidden cards from the top while each was a trump or an Ace; the
    first other card stays face up.  At potter's reading the whole talon goes
    to the hand."""
    rules = load("house", **{"exchange.takes": "reveal", "exchange.reveal_from": ["top"]})
    game = _siber(rules)
    before = hand(game, 2)
    play(game, "siber")
    assert hand(game, 2) == (before - cards("M7")) | cards("MO TA ZA")
    assert game.view(0).talon_seen == tuple(alsos.parse_cards("M7 ZO"))
    assert game.phase is alsos.Phase.DISCARD
    play(game, "discard PU, discard P9")
    assert game.phase is alsos.Phase.PLAY and len(game.hand(2)) == 9

    default = _siber(HOUSE)
    play(default, "siber")
    assert hand(default, 2) == (before - cards("M7")) | cards("MO T9 ZO ZA TA")
    assert default.view(0).talon_seen == tuple(alsos.parse_cards("M7"))


def test_switch_the_nine_may_siber_when_seven_and_eight_are_seen() -> None:
    """pagat, "Variations", "Trump exchange": a few let the holder of the 9 exchange
    when the 7 and 8 were both on view.  At potter's reading (the 7, else the
    8) nobody may síber here."""
    rules = load("house", **{"exchange.entitled": ["7", "8", "9"]})
    game = start(rules, SEVEN_EIGHT_SEEN, script="pass pass accept pass pass pass")
    assert game.phase is alsos.Phase.SIBER and game.to_act == 0
    play(game, "siber")
    assert alsos.Card.M9 not in game.hand(0)
    assert {alsos.Card.M7, alsos.Card.M8} <= hand(game, 0)
    assert game.view(1).talon_seen == tuple(alsos.parse_cards("M9"))

    default = start(HOUSE, SEVEN_EIGHT_SEEN, script="pass pass accept pass pass pass")
    assert default.phase is alsos.Phase.PLAY


def test_switch_trumps_may_be_discarded() -> None:
    """pagat, "Variations", "Trump exchange": some allowed any card to be put back after
    taking talon cards.  potter1930 (pagat, "Trump Exchange") forbids trumps."""
    rules = load("house", **{"exchange.discard_trumps": True})
    game = _siber(rules)
    play(game, "siber")
    assert {"discard MO", "discard M8"} <= set(legal(game))
    play(game, "discard MO, discard M8, discard PU, discard P9")
    assert game.phase is alsos.Phase.PLAY

    default = _siber(HOUSE)
    play(default, "siber")
    assert not {"discard MO", "discard M8"} & set(legal(default))


def test_switch_siber_obliges_abszolut() -> None:
    """pagat, "Variations", "Figures": some required a player who took more than one
    talon card in exchange for the 7 or 8 to announce abszolút.  Without the
    switch the síber announces nothing."""
    rules = load("house", **{"exchange.required_figure": "abszolut"})
    game = _siber(rules)
    play(game, "siber")
    assert item_values(game) == {"game": 1, "abszolut@2": 1}  # from the back

    default = _siber(HOUSE)
    play(default, "siber")
    assert item_values(default) == {"game": 1}


def test_switch_abszolut_not_obliged_by_the_simple_exchange() -> None:
    """pagat, "Variations", "Figures": the obligation comes with taking more than one
    card; swapping the 7 for the indicator takes one."""
    rules = load("house", **{"exchange.required_figure": "abszolut"})
    game = start(rules, PLAIN_DEAL, script="pass accept pass pass pass PK exchange")
    assert alsos.Card.M8 in game.hand(1)
    assert item_values(game) == {"game": 1}


# --- calling, Betli order, combined bidding -----------------------------------------------------


def test_switch_no_calling() -> None:
    """pagat, "Variations", "Calling": some did not allow gyerünk at all.  potter1930
    (pagat, "Calling") offers it at the second trick when no figure is out."""
    script = "pass accept pass pass pass PK PA P7"
    game = start(load("house", **{"calling.module": "none"}), PLAIN_DEAL, script=script)
    assert game.trick_no == 1 and game.to_act == 1
    assert "gyerunk" not in legal(game)

    default = start(HOUSE, PLAIN_DEAL, script=script)
    assert "gyerunk" in legal(default)
    potter = start(POTTER, PLAIN_DEAL, script=script)
    assert "gyerunk" in legal(potter)


def test_switch_betli_in_sequence_order() -> None:
    """pagat, "Variations", "Card Ranking in Betli and Klopitzky": some books rank Betli
    cards A K O U 10 9 8 7, so the Under beats the 10 and the declarer who
    leads PU under P10 takes the trick and loses.  Under potter's A 10 K O U
    9 8 7 the 10 wins and the Betli goes on."""
    script = "pass " * 6 + "betli PU P10 P7"
    rules = load("house", **{"cards.betli_order": "A K O U 10 9 8 7"})
    game = start(rules, BETLI_DEAL, script=script)
    assert list(game.trick_winners) == [0]
    assert game.is_over and settled(game).game_won is False

    default = start(HOUSE, BETLI_DEAL, script=script)
    assert list(default.trick_winners) == [1] and not default.is_over
    potter = start(POTTER, BETLI_DEAL, script=script)
    assert list(potter.trick_winners) == [1] and not potter.is_over


def test_switch_combined_bidding_lets_a_lower_suit_overcall() -> None:
    """pagat, "Variations", "Bidding and Announcements": figures may go with a
    round-two bid, and a lower suit overcalls with a higher total; after
    "gourds abszolút", "leaves 100" is a higher bid.  The winner's figures
    stand, the others lapse.  Under potter1930 no figure goes with a bid and
    leaves ranks below gourds."""
    script = "pass pass pass announce abszolut bid gourds"
    rules = load("house", **{"bidding.module": "combined"})
    game = start(rules, HEARTS_PROPOSED, script=script)
    assert "acorns" not in bids(game)  # nothing announced yet: 1 does not beat 3
    play(game, "announce 100")
    assert {"leaves", "acorns", "no-trumps"} <= bids(game)
    play(game, "bid leaves pass")
    assert game.phase is alsos.Phase.FRONT
    assert game.declarer == 1 and game.contract is not None
    assert game.contract.trump is alsos.Suit.LEAVES
    assert item_values(game) == {"game": 1, "100@1": 4}  # seat 0's abszolút lapsed

    default = start(HOUSE, HEARTS_PROPOSED, script="pass pass pass")
    assert not is_legal(default, "announce abszolut")
    play(default, "bid gourds")
    assert "leaves" not in bids(default)
    assert not is_legal(default, "bid leaves")


def test_combined_bidding_offers_no_kassza() -> None:
    """pagat, "Variations", "Bidding and Announcements": kassza waits until the trump
    suit is settled, so it never goes with a bid."""
    rules = load("house", **{"bidding.module": "combined"})
    game = start(rules, HEARTS_PROPOSED, script="pass pass pass")
    assert "kassza" not in announceable(game)


# --- calling options (pagat, "Variations", "Calling") -------------------------------------------


def _to_second_trick_declarer_turn(game: alsos.Game) -> None:
    """Play the first legal card for each seat until the declarer is to play in trick 2."""
    play_out(
        game,
        lambda _g, legal: next(
            (a for a in legal if isinstance(a, alsos.pack.actions.Play)), "pass"
        ),
        until=lambda g: g.trick_no == 1 and g.to_act == g.declarer,
    )
    assert game.to_act == game.declarer, "the hand ended before the declarer's turn in trick 2"


def _no_trump_game(**options: object) -> alsos.Game:
    rules = alsos.load_variant("house", **options)
    game = alsos.Game(rules, seed=4, dealer=2)
    for text in ("pass", "pass", "pass", "bid no-trumps", "pass", "pass", "pass"):
        game.apply(text)
    assert game.contract is not None and str(game.contract) == "no-trumps"
    return game


def _game_entry(game: alsos.Game) -> alsos.Entry:
    assert game.settlement is not None
    return next(e for e in game.settlement.entries if e.label == "game")


@pytest.mark.parametrize(
    ("answers", "value", "won"),
    [
        # you call a game worth 2; they kontra (8) and call back; you give up: 8
        (["kontra gyerunk", "gyerunk", "concede"], 8, False),
        # ... or you play on for 16
        (["kontra gyerunk", "gyerunk", "play on"], 16, None),
        # ... or kontra the call back (32), call back again, and they play on: 64
        (
            ["kontra gyerunk", "gyerunk", "rekontra gyerunk", "gyerunk", "play on", "play on"],
            64,
            None,
        ),
    ],
)
def test_calling_back_doubles_as_in_the_variations_example(
    answers: list[str], value: int, won: bool | None
) -> None:
    """pagat, "Variations", "Calling" (calling back): a kontra to a call only doubles
    the stake; the side that said it may call back, and the stakes run 2, 8, 16,
    32, 64 as in the example.  Under potter1930's calling the kontra is itself
    the new proposal (8 would be refused as a concession value)."""
    game = _no_trump_game(**{"calling.call_back": True})
    _to_second_trick_declarer_turn(game)
    game.apply("gyerunk")
    for text in answers:
        game.apply(text)
    if won is False:
        assert game.is_over
        entry = _game_entry(game)
        assert not entry.made and entry.value == value
    else:
        assert not game.is_over
        assert game.items[0].call * game.items[0].value == value
    plain = _no_trump_game()
    _to_second_trick_declarer_turn(plain)
    plain.apply("gyerunk")
    plain.apply("kontra gyerunk")
    assert "gyerunk" not in [str(a) for a in plain.legal_actions()]  # no calling back


def test_calling_a_figure_concedes_it_and_play_goes_on() -> None:
    """pagat, "Variations", "Calling": with the option a player may call any figure
    its side announced; conceded, it counts as made and play continues for the
    rest.  Under potter1930's rule no call is possible once a figure stands."""
    options = {"calling.targets": "any"}
    game = _no_trump_game(**options)
    game2 = _no_trump_game()
    for g in (game, game2):
        # the front round is over; the declarer announces abszolút from the back
        while g.to_act != g.declarer or g.trick_no:
            card = next(a for a in g.legal_actions() if isinstance(a, alsos.pack.actions.Play))
            g.apply(card)
        g.apply("announce abszolut")
    _to_second_trick_declarer_turn(game)
    _to_second_trick_declarer_turn(game2)
    legal = [str(a) for a in game.legal_actions()]
    assert "gyerunk abszolut@0" in legal and "gyerunk" in legal
    assert not any(str(a).startswith("gyerunk") for a in game2.legal_actions())
    game.apply("gyerunk abszolut@0")
    game.apply("concede")
    game.apply("concede")
    assert not game.is_over and game.phase is alsos.Phase.PLAY
    play_out(
        game, lambda _g, legal: next(a for a in legal if isinstance(a, alsos.pack.actions.Play))
    )
    assert game.settlement is not None
    entry = next(e for e in game.settlement.entries if e.label == "abszolut")
    assert entry.made and entry.value == 1
