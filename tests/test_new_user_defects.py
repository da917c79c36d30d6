"""Defects found by trying alsos as a new user would (the state/records issue, part 5).

Each test would fail on the behaviour that was reported.
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import deals
import pytest
from drive import Policy, at_random, first_legal, play_out, steps
from scripted import legal, play

import alsos
from alsos import rulebook
from alsos.cli import main
from alsos.pack.actions import Action, Announce, Declare, Kontra, Play

POTTER = alsos.load_variant("potter1930")
CSIBOR = alsos.load_variant("csibor")


def _random_hands(rules: alsos.Ruleset, n: int, seed: int = 0) -> list[alsos.Game]:
    out = []
    for i in range(seed, seed + n):
        game = alsos.Game(rules, seed=i, dealer=i % rules.players)
        play_out(game, at_random(random.Random(i)))
        out.append(game)
    return out


def _all_pass(rules: alsos.Ruleset) -> alsos.Game:
    game = alsos.Game(rules, deal=deals.ACORNS_PLAIN, dealer=2)
    while game.phase is alsos.Phase.BIDDING:
        game.apply("pass")
    return game


# 1 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("klopitzky", "played", "says"),
    [(True, "klopitzky", "picks up and Klopitzky is played"), (False, None, "thrown in")],
)
def test_without_betli_the_rulebook_says_what_the_engine_plays(
    klopitzky: bool, played: str | None, says: str
) -> None:
    """A profile without Betli (pagat, "Types of Game and Bidding" round 3 switched off):
    after everyone passes the engine plays Klopitzky, or throws the hand in, and the
    rulebook says the same."""
    rules = alsos.load_variant(
        "potter1930", **{"bidding.betli": False, "bidding.klopitzky": klopitzky}
    )
    game = _all_pass(rules)
    if played is None:
        assert game.is_over and game.settlement is not None
        assert game.settlement.contract == "thrown in"
    else:
        assert game.contract is not None and str(game.contract) == played
    text = rulebook.render(rules, "markdown")
    line = next(x for x in text.splitlines() if "If nobody bids" in x)
    assert says in line.replace("*", "")
    assert "Betli" not in line


# 3 -------------------------------------------------------------------------


def test_adding_an_unfinished_hand_to_a_session_is_a_clear_error() -> None:
    session = alsos.new_session(POTTER)
    game = session.next_game(seed=1)
    with pytest.raises(ValueError, match="the hand is not over"):
        session.add(game.settlement)
    assert session.hands == 0 and session.dealer == 0


# 4 -------------------------------------------------------------------------


def test_a_profile_with_only_id_and_name_loads_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "mini.yaml"
    path.write_text("id: mini\nname: Only the defaults\n", encoding="utf-8")
    rules = alsos.load_variant(path)
    assert rules.calling.params.allowed_with == ()
    for game in _random_hands(rules, 30):
        assert game.settlement is not None
        assert sum(game.settlement.payments.values()) == 0


def test_a_written_allowed_with_is_still_checked(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: b\nname: B\ncalling: {allowed_with: [kassza]}\n", encoding="utf-8")
    with pytest.raises(alsos.ProfileError, match="'kassza' is not a figure"):
        alsos.load_variant(path)


# 6 and 7 -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("kontra", "'kontra' needs a target"),
        ("", "empty action text"),
        ("1", "a number is not an action"),
        ("announce", "'announce' needs a figure"),
        ("declare foo", "'declare' needs a meld"),
        ("kontra game@x", "cannot read the seat 'x'"),
        ("kontra game@\u19da", "cannot read the seat"),
        ("anounce abszolut", "did you mean 'announce abszolut'?"),
        ("pas", "did you mean 'pass'?"),
        ("Z11", "cannot read card"),
    ],
)
def test_each_unreadable_action_gets_its_own_cause(text: str, says: str) -> None:
    with pytest.raises(alsos.ActionParseError) as info:
        alsos.parse_action(text)
    assert says in str(info.value)


def test_an_unknown_profile_key_gets_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("extends: potter1930\nid: t\nname: T\ncards: {last_trik: 10}\n", "utf-8")
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(path)
    assert info.value.problems == ["cards.last_trik: unknown key; did you mean 'last_trick'?"]


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("nosuch.key", 1, "nosuch: unknown key"),
        ("cards.last_trik", 1, "did you mean 'last_trick'?"),
        ("melds.bela", "x", "melds.bela: expected a whole number"),
    ],
)
def test_a_bad_option_is_blamed_on_the_option(key: str, value: object, says: str) -> None:
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant("house", **{key: value})
    assert info.value.source.startswith(f"option {key}=")
    assert "house.yaml" not in str(info.value)
    assert says in str(info.value)


@pytest.mark.parametrize("number", ["0", "99", "-1"])
def test_the_cli_refuses_every_out_of_range_number_the_same_way(
    number: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{number}\n"))
    assert main(["play", "--seed", "3", "--seat", "1"]) == 1
    assert f"there is no legal action number {int(number)}" in capsys.readouterr().out


# 8 -------------------------------------------------------------------------


def _first_trick_turn_with(rules: alsos.Ruleset) -> alsos.Game | None:
    """A first-trick turn where the seat may say a kontra, a figure and a meld."""
    for seed in range(3000):
        game = alsos.Game(rules, seed=seed)
        for step in steps(game, _mostly_quiet(random.Random(seed)), until=_past_trick_one):
            kinds = {type(a) for a in step.legal}
            speech = step.phase is alsos.Phase.PLAY and game.state.speech_in_first_trick
            if speech and {Kontra, Announce, Declare} <= kinds:
                return game  # (before this step's action)
    return None


def _past_trick_one(game: alsos.Game) -> bool:
    return game.trick_no != 0


def _mostly_quiet(rng: random.Random) -> Policy:
    """Random play that passes or accepts seven times in ten when it may."""

    def choose(_game: alsos.Game, legal: Sequence[Action]) -> Action:
        quiet = [a for a in legal if str(a) in ("pass", "accept")]
        return quiet[0] if quiet and rng.random() < 0.7 else rng.choice(legal)

    return choose


def test_csibor_orders_what_a_seat_says_in_one_turn() -> None:
    """huwiki, "Az utólagos bemondások menete": in its turn a seat says béla kassza,
    then figures, then melds, then kontras, in that order -- after a kontra no
    figure or meld may follow.  Without the option (potter1930) they may."""
    for rules, ordered in ((CSIBOR, True), (alsos.load_variant("csibor", **{
            "announcements.turn_order": False}), False)):  # fmt: skip
        game = _first_trick_turn_with(rules)
        assert game is not None
        step = next(a for a in game.legal_actions() if isinstance(a, Kontra))
        game.apply(step)
        after = {type(a) for a in game.legal_actions()}
        assert (Announce in after or Declare in after) is not ordered
        assert Play in after


def test_csibor_a_meld_after_a_figure_but_no_figure_after_a_meld() -> None:
    game = _first_trick_turn_with(CSIBOR)
    assert game is not None
    meld = next(a for a in game.legal_actions() if isinstance(a, Declare))
    game.apply(meld)
    assert not any(isinstance(a, Announce) for a in game.legal_actions())


# 9 -------------------------------------------------------------------------


def _potter_first_trick() -> alsos.Game:
    game = alsos.Game(POTTER, deal=deals.ACORNS_PLAIN, dealer=2)
    play(game, "pass accept pass pass pass PK")  # seat 1 holds the trump 7
    return game


def test_the_seven_may_be_swapped_just_before_the_card() -> None:
    """pagat, "Trump Exchange": the holder of the trump 7 swaps it immediately before
    playing to the first trick -- also after announcing in that turn -- and then
    plays its card."""
    game = _potter_first_trick()
    figure = next(a for a in game.legal_actions() if isinstance(a, Announce))
    game.apply(figure)
    assert "exchange" in legal(game)
    play(game, "exchange")
    assert all(isinstance(a, Play) for a in game.legal_actions())
    assert alsos.Card.M8 in game.view(1).hand


def test_no_swap_after_a_meld_declared_in_the_same_turn() -> None:
    """Ruling: a declaration describes the hand the seat plays from, so the swap
    (which changes the hand) must come before it."""
    game = _potter_first_trick()
    melds = [a for a in game.legal_actions() if isinstance(a, Declare)]
    assert melds, "the deal gives seat 1 a meld"
    game.apply(melds[0])
    assert "exchange" not in legal(game)


def test_csibor_swaps_the_seven_only_first_in_the_turn() -> None:
    """huwiki, "Taloncsere": the plain swap is made at the seat's turn before it
    announces anything."""
    game = alsos.Game(CSIBOR, deal=deals.ACORNS_PLAIN, dealer=2)
    play(game, "pass accept pass pass pass PK")
    assert "exchange" in legal(game)
    figure = next(a for a in game.legal_actions() if isinstance(a, Announce))
    game.apply(figure)
    assert "exchange" not in legal(game)


# 10 and 11 -----------------------------------------------------------------


def test_a_klopitzky_entry_explains_its_payment() -> None:
    """pagat, "Klopitzky": the seat with most tricks pays each other seat 3.  The entry
    shows what the seat receives and what it writes."""
    for rules in (POTTER, CSIBOR):
        seen = 0
        for seed in range(200):
            game = _all_pass_random(rules, seed)
            st = game.settlement
            assert st is not None
            for entry in st.entries:
                seen += 1
                assert entry.seat is not None
                assert entry.value == st.payments[entry.seat]
                assert f"writes {st.written[entry.seat]}" in entry.detail
        assert seen


def _all_pass_random(rules: alsos.Ruleset, seed: int) -> alsos.Game:
    game = alsos.Game(rules, seed=seed)
    rng = random.Random(seed)
    play_out(
        game, lambda g, legal: legal[0] if g.phase is alsos.Phase.BIDDING else rng.choice(legal)
    )
    return game


def test_a_betli_settlement_shows_no_card_points() -> None:
    """pagat, "Betli": only tricks matter; card points mean nothing and are not shown."""
    game = alsos.Game(POTTER, deal=deals.ACORNS_PLAIN, dealer=2)
    while game.phase is alsos.Phase.BIDDING:
        game.apply("betli" if "betli" in legal(game) else "pass")
    play_out(game, first_legal)
    st = game.settlement
    assert st is not None and st.contract == "betli"
    assert st.card_points == {}
    assert "points:" not in str(st)


# 2 -------------------------------------------------------------------------


def _citations(rules: alsos.Ruleset) -> dict[str, str | None]:
    return {c.key: c.source for s in rulebook.rulebook(rules) for c in s.clauses}


def test_a_clause_the_child_changed_cites_the_child(tmp_path: Path) -> None:
    """A profile that sets béla to 40 without a source of its own: the béla clause
    cites that profile, not pagat (which says 20); clauses it left alone keep pagat."""
    path = tmp_path / "bela40.yaml"
    path.write_text("extends: potter1930\nid: bela40\nname: Béla 40\nmelds: {bela: 40}\n", "utf-8")
    child, parent = _citations(alsos.load_variant(path)), _citations(POTTER)
    assert child["melds.bela"] == "profile bela40"
    assert parent["melds.bela"] is not None and "pagat" in parent["melds.bela"]
    assert {k: v for k, v in child.items() if k != "melds.bela"} == {
        k: v for k, v in parent.items() if k != "melds.bela"
    }


def test_a_child_with_its_own_citation_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "cited.yaml"
    path.write_text(
        "extends: potter1930\nid: cited\nname: Cited\nsources: {melds: my club's sheet}\n"
        "melds: {bela: 40}\n",
        "utf-8",
    )
    assert _citations(alsos.load_variant(path))["melds.bela"] == "my club's sheet"


def test_a_clause_a_table_option_changed_cites_the_option() -> None:
    cited = _citations(alsos.load_variant("house", **{"melds.bela": 30}))
    assert cited["melds.bela"] == "table option melds.bela=30"
    assert (
        cited["cards.trump_order"] == _citations(alsos.load_variant("house"))["cards.trump_order"]
    )


def test_the_loader_sets_lineage_and_a_profile_cannot(tmp_path: Path) -> None:
    house = alsos.load_variant("house")
    assert house.parent == "potter1930" and "figures" in house.own_sources
    path = tmp_path / "sneaky.yaml"
    path.write_text("id: s\nname: S\nparent: potter1930\n", "utf-8")
    with pytest.raises(alsos.ProfileError, match="parent: not a profile key"):
        alsos.load_variant(path)
