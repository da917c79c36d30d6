"""Bots: the protocol, making bots by name (built in and by entry point), and the
heuristic bot legal everywhere and stronger than random."""

from __future__ import annotations

import importlib.util
import statistics
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

import pytest
from drive import play_out, steps
from hypothesis import given
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
import alsos.bots
from alsos.bots import Bot, HeuristicBot, RandomBot, UnknownBotError, available, make
from alsos.pack.actions import (
    ACCEPT,
    BETLI,
    CALL,
    CONCEDE,
    EXCHANGE,
    GAME,
    GYERUNK,
    KICSI,
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
)
from alsos.pack.cards import Card
from alsos.pack.phases import Phase
from alsos.play.view import ItemView, TrickView, View


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
        for step in steps(game, bots):
            if isinstance(bots[step.seat], HeuristicBot):
                phases.add(step.phase)
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
            play_out(game, bots)
            assert game.settlement is not None
            total += game.settlement.payments[seat]
        out.append(total / rules.players)
    return out


@pytest.mark.slow
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
        play_out(game, {s: HeuristicBot(s) for s in range(3)})
        histories.append(game.history)
    assert histories[0] == histories[1]


@pytest.mark.slow
def test_the_heuristic_bot_is_legal_over_thousands_of_hands() -> None:
    """Heuristic bots at every seat of every shipped profile, 300 hands each: every
    choice is legal and the speech phases, calls and figures all come up."""
    phases = set()
    announced = 0
    for rules in PROFILES:
        for seed in range(300):
            game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
            bots = {s: HeuristicBot(seed + s) for s in range(rules.players)}
            for step in steps(game, bots):
                phases.add(step.phase)
                announced += isinstance(step.action, Announce)
    assert {Phase.BIDDING, Phase.FRONT, Phase.PLAY, Phase.CALL, Phase.MELDS} <= phases
    assert announced > 100


# ---------------------------------------------------------------- constructed positions

_POTTER = "potter1930"
HEARTS = int(alsos.Suit.HEARTS)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def _view(
    hand: str,
    legal: Sequence[Action],
    *,
    phase: Phase = Phase.PLAY,
    seat: int = 0,
    declarer: int | None = 0,
    trick: str = "",
    items: tuple[ItemView, ...] = (),
    unseen: int = 0,
    talon: str = "",
    kind: str | None = "trump",
    trump: int = HEARTS,
    call_stakes: tuple[int, int] | None = None,
    tricks: tuple[TrickView, ...] = (),
    variant: str = _POTTER,
    history: tuple[tuple[int, str], ...] = (),
    contract: str | None = "",
) -> View:
    """A potter1930 (or ``variant``) view: ``trick`` is ``seat:card`` pairs in play order;
    ``contract`` defaults to the ``kind``."""
    played = tuple((int(p.split(":")[0]), Card.parse(p.split(":")[1])) for p in trick.split())
    return View(
        seat=seat, phase=phase, to_act=seat, hand=_cards(hand), unseen_count=unseen,
        talon_seen=_cards(talon), declarer=declarer, contract=kind if contract == "" else contract,
        trick=played, tricks_won={0: 0, 1: 0, 2: 0}, items=items,
        history=tuple(alsos.parse_step(s, text) for s, text in history),
        legal=tuple(legal), variant=variant, trump=trump, kind=kind, call_stakes=call_stakes,
        tricks=tricks,
    )  # fmt: skip


def _choose(view: View) -> Action:
    return HeuristicBot(0).choose(view, view.legal)


def _plays(hand: str) -> list[Action]:
    return [Play(c) for c in _cards(hand)]


def test_with_a_weak_hand_it_passes_and_with_a_strong_one_it_accepts() -> None:
    """pagat, "Types of Game and Bidding": the first round offers the original suit;
    a club player takes it with trumps and Aces, not with small cards."""
    weak = _view("M8 M7 T9 T8 Z7 P8", [PASS, ACCEPT], phase=Phase.BIDDING, declarer=None,
                 unseen=3, talon="PK Z9", kind=None, trump=-1)  # fmt: skip
    assert _choose(weak) == PASS
    strong = _view("PU P9 PA M8 TA Z7", [PASS, ACCEPT], phase=Phase.BIDDING, declarer=None,
                   unseen=3, talon="PK Z9", kind=None, trump=-1)  # fmt: skip
    assert _choose(strong) == ACCEPT


def test_it_bids_its_strongest_suit_in_the_second_round() -> None:
    """pagat, "Types of Game and Bidding": the second round names a suit (or no-trumps)."""
    bids = [PASS, Bid(alsos.Suit.GOURDS), Bid(alsos.Suit.HEARTS), Bid(alsos.Suit.ACORNS)]
    view = _view("TU T9 TA T8 MA Z7", bids, phase=Phase.BIDDING, declarer=None, unseen=3,
                 talon="ZK Z9", kind=None, trump=-1)  # fmt: skip
    assert _choose(view) == Bid(alsos.Suit.GOURDS)


def test_it_bids_betli_only_with_a_hand_of_guarded_low_cards() -> None:
    """pagat, "Types of Game and Bidding": Betli undertakes to lose every trick."""
    low = _view("M9 M7 P8 P7 T9 T7 Z9 Z8 Z7", [PASS, BETLI], phase=Phase.BIDDING,
                declarer=None, kind=None, trump=-1)  # fmt: skip
    assert _choose(low) == BETLI
    ace = _view("MA M7 P8 P7 T9 T7 Z9 Z8 Z7", [PASS, BETLI], phase=Phase.BIDDING,
                declarer=None, kind=None, trump=-1)  # fmt: skip
    assert _choose(ace) == PASS


def test_holding_the_trump_under_nine_and_seven_it_announces_tuletroa() -> None:
    """pagat, "Figures": tulétroá is winning the trump Under, 9 and 7; with them in hand
    and a fourth trump to draw the rest, the figure is likely.  Without the 7 it is not."""
    legal = [PASS, Announce("tuletroa"), Announce("csalad")]
    assert _choose(_view("PU P9 P7 P8 M8 T8 T7 Z8 Z7", legal, phase=Phase.BACK)) == legal[1]
    assert _choose(_view("PU P9 PK P8 M8 T8 T7 Z8 Z7", legal, phase=Phase.BACK)) == PASS
    short = _view("PU P9 P7 M9 M8 T8 T7 Z8 Z7", legal, phase=Phase.BACK)
    assert _choose(short) == PASS  # three trumps cannot draw the others to win with the 7


def test_it_announces_ultimo_with_the_trump_seven_and_length() -> None:
    """pagat, "Figures": ultimó is winning the last trick with the trump 7, which needs
    the trumps to outlast everyone's; with two trumps it is not tried."""
    legal = [PASS, Announce("ultimo")]
    assert _choose(_view("PU P9 PK P8 P7 M8 T8 Z8 Z7", legal, phase=Phase.BACK)) == legal[1]
    assert _choose(_view("PU P7 MK M8 T8 T7 T9 Z8 Z7", legal, phase=Phase.BACK)) == PASS


def test_it_announces_uhu_with_the_plain_ace_guarded_and_the_top_trumps() -> None:
    """pagat, "Variations": uhu is winning the second-last trick with the Ace of gourds
    (hearts trumps here).  Only trumps beat that Ace, so the hand needs the two top
    trumps and length to draw the others', and a second gourd to follow with."""
    legal = [PASS, Announce("uhu")]

    def choose(hand: str) -> Action:
        return _choose(_view(hand, legal, phase=Phase.BACK, variant="house"))

    assert choose("PU P9 P8 P7 TA T7 M8 Z8 Z7") == legal[1]
    assert choose("PU P9 P8 P7 TA M9 M8 Z8 Z7") == PASS  # a lone Ace falls when gourds are led
    assert choose("PU PK P8 P7 TA T7 M8 Z8 Z7") == PASS  # the trump 9 out may ruff the Ace


def test_it_plays_for_its_uhu_trick() -> None:
    """pagat, "Variations": the uhu's Ace must win the second-last trick, so its holder
    takes the trick before with its strongest card to lead then, and plays the Ace
    there (not another Ace)."""
    uhu = (ItemView("uhu", 0, 0, 2),)
    before = _view("PU M8 TA", _plays("PU M8"), items=uhu, variant="house")
    assert _choose(before) == Play(Card.parse("PU"))
    due = _view("MA TA", _plays("MA TA"), items=uhu, variant="house")
    assert _choose(due) == Play(Card.parse("TA"))


def test_it_announces_abszolut_only_with_a_strong_hand() -> None:
    """pagat, "Figures": abszolút needs 82 card points in the announcer's tricks."""
    legal = [PASS, Announce("abszolut")]
    strong = "PU P9 PA P10 PK MA M10 TA Z7"
    assert _choose(_view(strong, legal, phase=Phase.BACK)) == legal[1]
    assert _choose(_view("PU P9 P8 MK M8 T8 T9 Z8 Z7", legal, phase=Phase.BACK)) == PASS


def test_it_kontras_the_game_when_strong_in_trumps() -> None:
    """pagat, "Kontras": a defender doubles the game when it holds the trumps to beat it."""
    legal = [PASS, Kontra(1, GAME)]
    strong = _view("PU P9 P8 MA T8 T7 Z8 Z7 M7", legal, phase=Phase.BACK, seat=1)
    assert _choose(strong) == legal[1]
    weak = _view("P8 P7 MK M8 T8 T7 Z8 Z7 M7", legal, phase=Phase.BACK, seat=1)
    assert _choose(weak) == PASS


def test_it_answers_a_kontra_with_judgement() -> None:
    """pagat, "Kontras": the declarer redoubles only with a hand far above what the
    game needs; an ordinary winning hand lets the kontra stand."""
    legal = [PASS, Kontra(2, GAME)]
    item = (ItemView(GAME, 0, 0, 4, 1),)
    ordinary = _view("PU PA P8 MA T8 T7 Z8 Z7 M7", legal, phase=Phase.BACK, items=item)
    assert _choose(ordinary) == PASS
    huge = _view("PU P9 PA P10 PK MA M10 TA ZA", legal, phase=Phase.BACK, items=item)
    assert _choose(huge) == legal[1]


def test_it_kontras_a_card_figure_when_it_holds_one_of_its_cards() -> None:
    """pagat, "Kontras": an opponent of the announcer doubles a figure it can defeat;
    holding the guarded trump Ace, család (trump A, K, O) cannot be won."""
    legal = [PASS, Kontra(1, "csalad", 0)]
    item = (ItemView("csalad", 0, 0, 1),)
    holds = _view("PA P8 M8 M7 T8 T7 Z8 Z7 M9", legal, phase=Phase.BACK, seat=1, items=item)
    assert _choose(holds) == legal[1]
    lacks = _view("P7 P8 M8 M7 T8 T7 Z8 Z7 M9", legal, phase=Phase.BACK, seat=1, items=item)
    assert _choose(lacks) == PASS


def test_it_keeps_the_trump_seven_its_ultimo_needs() -> None:
    """pagat, "Trump Exchange": whoever means to make ultimó or tulétroá keeps the
    trump 7 instead of exchanging it; without such a figure it takes the exchange."""
    legal = [EXCHANGE, *_plays("P7 PK M8")]
    ultimo = (ItemView("ultimo", 0, 0, 4),)
    assert _choose(_view("P7 PK M8", legal, items=ultimo)) != EXCHANGE
    assert _choose(_view("P7 PK M8", legal)) == EXCHANGE
    siber = [SIBER, PASS]
    assert _choose(_view("P7 PK M8", siber, phase=Phase.SIBER, items=ultimo)) == PASS
    assert _choose(_view("P7 PK M8", siber, phase=Phase.SIBER)) == SIBER


def test_as_a_defender_losing_the_trick_it_follows_with_its_cheapest_card() -> None:
    """pagat, "Play": a trick that is lost gets the cheapest card of the suit."""
    view = _view("M10 MK M7 Z8", _plays("M10 MK M7"), seat=1, trick="0:MA")
    assert _choose(view) == Play(Card.parse("M7"))


def test_it_takes_with_its_lowest_winning_card() -> None:
    """pagat, "Play": no one must beat a card, so a trick is taken as cheaply as possible."""
    view = _view("MA M10 MK Z8", _plays("MA M10 MK"), seat=0, trick="1:M8 2:MO")
    assert _choose(view) == Play(Card.parse("MK"))


def test_it_leads_trumps_as_declarer_with_several() -> None:
    """pagat, "Types of Game and Bidding": the declarer draws the defenders' trumps
    before cashing its Aces."""
    view = _view("PU P9 P8 MA Z7 T8", _plays("PU P9 P8 MA Z7 T8"))
    assert _choose(view) == Play(Card.parse("PU"))
    defender = _view("PU P9 P8 MA Z7 T8", _plays("PU P9 P8 MA Z7 T8"), seat=1)
    assert _choose(defender) == Play(Card.parse("MA"))


def test_it_gives_points_to_its_partners_winning_trick() -> None:
    """pagat, "Types of Game and Bidding": the defenders cooperate, so the last defender
    to play puts its Ten on its partner's winning Ace."""
    view = _view("M10 M7 Z9", _plays("M10 M7"), seat=1, trick="0:M8 2:MA")
    assert _choose(view) == Play(Card.parse("M10"))
    declarer_wins = _view("M10 M7 Z9", _plays("M10 M7"), seat=1, trick="2:M8 0:MA")
    assert _choose(declarer_wins) == Play(Card.parse("M7"))
    # Second to play, before the declarer: the partner's Ace is safe only once no trump is out.
    ruffable = _view("M10 M7 Z9", _plays("M10 M7"), seat=1, trick="2:MA")
    assert _choose(ruffable) == Play(Card.parse("M7"))
    drawn = tuple(
        TrickView(n + 1, 0, tuple((s, Card.parse(c)) for s, c in enumerate(t.split())), 0)
        for n, t in enumerate(["PU P8 P7", "P9 PO PK", "PA P10 Z7"])
    )
    safe = _view("M10 M7 Z9", _plays("M10 M7"), seat=1, trick="2:MA", tricks=drawn)
    assert _choose(safe) == Play(Card.parse("M10"))


def test_it_discards_low_after_siber() -> None:
    """pagat, "Trump Exchange": the síber discards count for no one, so it buries small cards."""
    legal = [Discard(c) for c in _cards("MA M7 T10 Z8")]
    assert _choose(_view("MA M7 T10 Z8 PU", legal)) in (legal[1], legal[3])


def test_it_answers_a_call_by_its_chances() -> None:
    """pagat, "Calling": asked to concede, a strong side plays on at the doubled stake
    and a hopeless one gives up the game."""
    legal = [CONCEDE, PLAY_ON, Kontra(1, GYERUNK)]
    strong = _view("PU P9 PA MA T8 T7 Z8", legal, phase=Phase.CALL, seat=1, call_stakes=(1, 2))
    assert _choose(strong) in (PLAY_ON, legal[2])
    weak = _view("P8 M8 M7 T8 T7 Z8 Z7", legal, phase=Phase.CALL, seat=1, call_stakes=(1, 2))
    assert _choose(weak) == CONCEDE


def test_it_calls_gyerunk_only_with_a_winning_hand() -> None:
    """pagat, "Calling": gyerünk invites the other side to concede, so only a side that
    expects to win calls it."""
    strong = _view("PU P9 PA P10 PK MA TA Z7", [CALL, *_plays("PU P9")])
    assert _choose(strong) == CALL
    ordinary = _view("PU P8 M10 MK T8 T7 Z8 Z7", [CALL, *_plays("PU P8")])
    assert _choose(ordinary) != CALL


def _stats() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "examples" / "heuristic_stats.py"
    spec = importlib.util.spec_from_file_location("example_heuristic_stats", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_heuristic_bots_bid_and_announce_like_a_club_table() -> None:
    """pagat, "Types of Game and Bidding", "Figures": at a table of heuristic bots the
    declarer plays a game in most hands and wins most of them, Klopitzky is the
    exception, and the figures announced are mostly made."""
    r = _stats().measure("potter1930", 200)
    contracts, won = r["contracts"], r["won"]
    played = 200 - contracts["klopitzky"]
    assert contracts["klopitzky"] < 200 // 4
    assert 0.55 <= sum(won.values()) / played <= 0.85
    announced, made = r["announced"], r["made"]
    assert sum(announced.values()) >= 50
    assert sum(made.values()) / sum(announced.values()) >= 0.6
    assert max(level for level, n in r["levels"].items() if n) <= 3  # no runaway ladders


def test_the_statistics_script_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert _stats().main(["tompa", "--hands", "20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("## tompa (20 hands)")
    assert "µs per decision" in out


_Said = tuple[int, str]


def test_its_second_bid_carries_the_figures_its_hand_makes_likely() -> None:
    """club, "Procedure"; huwiki, "A licitálás menete": a second-round bid may carry
    front figures, and is worth its figures too.  Holding the trump Under, 9 and 7 of
    the suit it bids, it says tulétroá first, then bids the suit."""
    bids = [Bid(alsos.Suit.GOURDS), Bid(alsos.Suit.HEARTS), Bid(alsos.Suit.ACORNS)]
    hand, talon = "PU P9 P8 P7 M8 T8", "ZK Z9"  # leaves turned up: hearts may be bid

    def bidding(legal: list[Action], variant: str, history: tuple[_Said, ...] = ()) -> View:
        return _view(hand, legal, phase=Phase.BIDDING, declarer=None, unseen=3, talon=talon,
                     kind=None, trump=-1, variant=variant, history=history)  # fmt: skip

    figure = Announce("tuletroa")
    assert _choose(bidding([PASS, figure, *bids], "club")) == figure
    said = ((1, "pass"), (2, "pass"), (0, "announce tuletroa"))
    assert _choose(bidding([PASS, *bids], "club", said)) == Bid(alsos.Suit.HEARTS)
    # csibor: a bid is worth its figures alone; after a bid with none, only a figure
    # lets this seat overbid in a lower suit.
    over = ((1, "pass"), (2, "pass"), (0, "pass"), (1, "pass"), (2, "bid acorns"))
    assert _choose(bidding([PASS, figure], "csibor", over)) == figure


def test_with_three_aces_it_waits_for_no_trumps() -> None:
    """pagat, "Types of Game and Bidding": no-trumps (worth 2) is bid in the second round,
    so a hand of Aces passes the original suit and then bids no-trumps."""
    hand = "MA M10 PA TA T8 Z7"
    first = _view(hand, [PASS, ACCEPT], phase=Phase.BIDDING, declarer=None, unseen=3,
                  talon="ZK Z9", kind=None, trump=-1)  # fmt: skip
    assert _choose(first) == PASS
    bids = [PASS, Bid(alsos.Suit.HEARTS), Bid(alsos.Suit.ACORNS), Bid(None)]
    second = _view(hand, bids, phase=Phase.BIDDING, declarer=None, unseen=3, talon="ZK Z9",
                   kind=None, trump=-1)  # fmt: skip
    assert _choose(second) == Bid(None)


def test_a_defender_counts_the_points_the_declarer_needs() -> None:
    """pagat, "Types of Game and Bidding": the declarer wins with more points than either
    defender, so once it is near half the pack a defender takes even a cheap trick."""
    legal = _plays("MA M7")
    cheap = _view("MA M7 Z9", legal, seat=1, trick="0:MK")
    assert _choose(cheap) == Play(Card.parse("M7"))
    rich = tuple(
        TrickView(n + 1, 0, tuple((s, Card.parse(c)) for s, c in enumerate(t.split())), 0)
        for n, t in enumerate(["PU P9 PA", "TA T10 TK"])
    )
    near = _view("MA M7 Z9", legal, seat=1, trick="0:MK", tricks=rich)  # 45 + 25 taken
    assert _choose(near) == Play(Card.parse("MA"))


def test_it_declares_its_melds_and_shows_them() -> None:
    """pagat, "First Trick", "Validation of Meld": melds count towards the game, so it
    declares one before its card and tells its details when asked."""
    legal = [Declare(3), *_plays("MA MK MO")]
    assert _choose(_view("MA MK MO Z7", legal)) == Declare(3)
    validation = _view("MA MK MO Z7", [SHOW, KICSI], phase=Phase.MELDS)
    assert _choose(validation) == SHOW


def test_bot_specs_read_back_and_set_options() -> None:
    """A bot spec names a bot and its options; format_spec and parse_spec are a pair,
    commas inside parentheses do not split a list, and make_spec passes the options on."""
    from alsos.bots import format_spec, make_spec, parse_spec, split_specs

    for name, options in [
        ("pimc", {"worlds": 8, "budget": 32}),
        ("heuristic", {"boldness": 1.25}),
        ("random", {}),
        ("pimc", {"time_limit": 0.5, "solver_tricks": 2}),
    ]:
        assert parse_spec(format_spec(name, options)) == (name, options)
    assert split_specs("pimc(worlds=8, budget=32),heuristic , random") == [
        "pimc(worlds=8, budget=32)",
        "heuristic",
        "random",
    ]
    bot = make_spec("pimc(worlds=5, budget=20)", seed=3)
    assert (bot.worlds, bot.budget) == (5, 20)  # type: ignore[attr-defined]


_OPTION_VALUES = st.one_of(
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(
        lambda t: t == t.strip() and not ('"' in t and "'" in t)
    ),
)


@given(
    options=st.dictionaries(
        st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True), _OPTION_VALUES, max_size=4
    )
)
def test_format_spec_and_parse_spec_are_a_pair_for_any_option_values(
    options: dict[str, object],
) -> None:
    """Property: whatever the values (numbers, bools, texts that look like numbers or
    hold commas, quotes or a spec of their own), a formatted spec reads back."""
    from alsos.bots import format_spec, parse_spec

    assert parse_spec(format_spec("openspiel-ismcts", options)) == ("openspiel-ismcts", options)


def test_a_spec_refuses_what_it_cannot_hold_and_keeps_apostrophes_in_words() -> None:
    from alsos.bots import UnknownBotError, format_spec, parse_spec
    from alsos.errors import BotError

    assert parse_spec("foo(name=it's, n=3)") == ("foo", {"name": "it's", "n": 3})
    with pytest.raises(UnknownBotError, match="never closed"):
        parse_spec("foo(name='open, n=3)")
    for value in (None, [1, 2], "x'y,z\"w"):
        with pytest.raises(BotError, match="bot spec"):
            format_spec("foo", {"x": value})


@pytest.mark.parametrize(
    "text", ["", "pimc(worlds=8", "pimc(worlds)", "(worlds=8)", "no such(x=1)", "pi mc"]
)
def test_a_bad_bot_spec_is_refused_with_its_text(text: str) -> None:
    from alsos.bots import UnknownBotError, parse_spec

    with pytest.raises(UnknownBotError):
        parse_spec(text)
