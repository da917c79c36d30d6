"""The web table as a card table (issue 32, first part): what each frame tells a seat
beyond its view -- the story of the hand in words, each choice explained in this
position, the hand in the order a player holds it, the seats by name, and why the
settlement paid what it paid.  What a seat may not see is the leak property's
business (tests/test_web.py compares these frames as wire text over swapped deals);
the page itself is driven in tests/test_web_browser.py.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

import alsos
from alsos.pack.actions import ACCEPT, BETLI, CALL, CONCEDE, PASS, PLAY_ON, SIBER
from alsos.pack.phases import Phase
from alsos.words import language
from alsos.words.actions import action_help
from alsos.words.settlement import explain_settlement
from alsos.words.story import plain_text, told

pytest.importorskip("starlette", reason="needs the web extra")

from alsos.web.messages import line_data, state_frame
from alsos.web.protocol import schema

NAMES = ("Anna", "Béla", "Cili", "Dani")


def _played(variant: str, seed: int, players: int | None = None, stop: int = 10_000) -> alsos.Game:
    rules = alsos.load_variant(variant, players=players) if players else alsos.load_variant(variant)
    rng = random.Random(seed)
    game = alsos.Game(rules, seed=seed)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _validate(frame: dict[str, object]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    whole = schema()
    jsonschema.validate(frame, {"$ref": "#/$defs/ServerMessage", "$defs": whole["$defs"]})


def test_accept_says_which_suit_it_takes_and_which_card_offers_it() -> None:
    """pagat, "Bidding": the turned-up card's suit is offered first; accept takes it."""
    game = alsos.Game(alsos.load_variant("potter1930"), seed=3)
    assert ACCEPT in game.legal_actions()
    text = action_help(game.rules, ACCEPT, game=game, seat=game.to_act)
    suit, card = game.original.name_en, game.indicator
    assert text == f"take {suit} as trumps: the turned-up {card.rank.name_en} of {suit} offers them"
    assert action_help(game.rules, PASS, game=game, seat=game.to_act) == (
        "decline: let the next seat bid"
    )


def test_a_pass_is_explained_by_the_phase_it_is_said_in() -> None:
    seen: dict[Phase, str] = {}
    for seed in range(40):
        rng = random.Random(seed)
        game = alsos.Game(alsos.load_variant("potter1930"), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            if PASS in legal:
                seen[game.phase] = action_help(game.rules, PASS, game=game, seat=game.to_act)
            if SIBER in legal:
                assert "low trump" in action_help(game.rules, SIBER, game=game)
            game.apply(rng.choice(legal))
    assert seen[Phase.FRONT].startswith("say nothing more")
    assert seen[Phase.SIBER] == "keep your hand: take nothing from the talon"
    assert len(set(seen.values())) >= 3


def test_answering_a_call_says_what_conceding_and_playing_on_are_worth_now() -> None:
    """pagat, "Calling": conceding pays the present stake, playing on raises it."""
    for seed in range(300):
        rng = random.Random(seed)
        game = alsos.Game(alsos.load_variant("two-player"), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            if CALL in legal:  # call whenever the rules allow it
                game.apply(CALL)
                continue
            if PLAY_ON in legal and CONCEDE in legal:
                seat = game.to_act
                assert seat is not None
                now, then = game.view(seat).call_stakes or (0, 0)
                assert action_help(game.rules, PLAY_ON, game=game, seat=seat) == (
                    f"play on: the stake rises from {now} to {then}"
                )
                assert str(now) in action_help(game.rules, CONCEDE, game=game, seat=seat)
                return
            game.apply(rng.choice(legal))
    pytest.fail("no call was answered in 300 random hands")


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_every_offered_choice_but_a_card_is_explained_in_the_language(variant: str) -> None:
    qps = language("qps")
    for seed in range(3):
        rng = random.Random(seed)
        game = alsos.Game(alsos.load_variant(variant), seed=seed)
        while not game.is_over:
            seat = game.to_act
            for action in game.legal_actions():
                if type(action).__name__ == "Play":
                    continue
                text = action_help(game.rules, action, game=game, seat=seat)
                assert text, (variant, action)
                marked = action_help(game.rules, action, qps, game=game, seat=seat)
                if type(action).__name__ not in ("Announce", "ContractBid"):
                    assert marked.startswith("⟦"), marked  # figures: a module's words
            game.apply(rng.choice(game.legal_actions()))


def test_the_hand_is_held_trumps_first_each_suit_in_the_games_order() -> None:
    """pagat, "Card ranking": trumps rank U 9 A 10 K O 8 7, the other suits A 10 K O U 9
    8 7, Betli A K O U 10 9 8 7 (each profile's orders): a hand is shown in them."""
    from alsos.ruleset.tables import tables_of

    kinds: set[str] = set()
    for seed in range(120):
        rng = random.Random(seed)
        game = alsos.Game(alsos.load_variant("house"), seed=seed)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            held = view.sorted_hand()
            assert sorted(held) == sorted(view.hand)
            suits = [c.suit for c in held]
            assert suits == sorted(suits, key=lambda s: (s != view.trump, s)), held
            plain = tables_of(game.rules).order_for(view.kind).strength
            trump = game.rules.cards.trump_order.strength
            for a, b in itertools.pairwise(held):
                if a.suit == b.suit:
                    strength = trump if a.suit == view.trump else plain
                    assert strength[a.rank] > strength[b.rank], held
            if view.kind is not None:
                kinds.add(view.kind)
            legal = game.legal_actions()
            if seed % 3 == 0 and game.phase is Phase.BIDDING:  # pass towards a Betli bid
                game.apply(BETLI if BETLI in legal else PASS)
            else:
                game.apply(rng.choice(legal))
    assert {"trump", "betli", "no-trumps"} <= kinds


def test_a_four_player_frame_names_every_seat_and_says_no_null() -> None:
    """The dealer of four sits out (huwiki, "Négy játékos"): it is named, never null."""
    game = _played("csibor", 5, players=4)
    assert game.is_over
    dealer = game.dealer
    for seat in (dealer, game.active[0], -1):
        frame = state_frame(game, seat, NAMES)
        text = json.dumps(frame, ensure_ascii=False)
        story = [plain_text(line.parts) for line in told(game, seat)]
        assert story
        assert "None" not in " ".join(story)
        lines = " ".join(e["text"] for e in frame["explained"])
        assert "seat " not in lines and "null" not in lines
        for name in NAMES:
            assert name in text
        if seat >= 0:
            assert f"{NAMES[seat]} (you)" in text
        assert frame["dealer"] == dealer
        _validate(frame)


def test_the_frame_tells_the_story_and_explains_the_settlement() -> None:
    game = _played("potter1930", 2)
    seat = game.active[1]
    frame = state_frame(game, seat, NAMES[:3])
    who = {s: NAMES[s] + (" (you)" if s == seat else "") for s in range(3)}
    expected = told(game, seat, who=who.__getitem__, in_session=True)
    assert frame["story"] == [line_data(line) for line in expected]
    st = game.settlement
    assert st is not None
    lines = explain_settlement(st, game, single=False, who=who.__getitem__)
    assert [e["text"] for e in frame["explained"]] == [t.strip() for t in lines]
    cards = [p["card"] for line in frame["story"] for p in line["parts"] if "card" in p]
    assert set(cards) >= {c.name for c in game.deal.hands[seat]}
    _validate(frame)
    early = _played("potter1930", 2, stop=3)
    assert state_frame(early, seat, NAMES[:3])["explained"] == []


# ------------------------------------------------------------------- names


def test_a_name_is_checked_before_it_is_shown() -> None:
    from alsos.web.room import NAME_LENGTH, SeatNameError, check_name

    assert check_name("  Anna   Kis ") == "Anna Kis"
    assert check_name("Béla") == "Béla"
    for bad, why in [
        ("", "at least one letter"),
        ("   ", "at least one letter"),
        ("x" * (NAME_LENGTH + 1), f"at most {NAME_LENGTH} characters"),
        ("Anna\u202eevil", r"U\+202E"),  # right-to-left override: reorders what others read
        ("Anna\x00", r"U\+0000"),
        (7, "a name is text, not int"),
    ]:
        with pytest.raises(SeatNameError, match=why):
            check_name(bad)
    with pytest.raises(SeatNameError, match="another seat's name"):
        check_name("easy BOT", taken=["Easy bot"])
    error = SeatNameError("x")
    assert isinstance(error, alsos.AlsosError) and isinstance(error, ValueError)


def test_a_person_chooses_a_name_and_every_page_tells_the_hand_with_it(
    db_url: str,
) -> None:
    """A name is stored with the table (a restarted server shows it), sent to every page
    with the table's facts, and told in every seat's and the spectator's story."""
    from test_web import _join, _Server, _table, _until

    with _Server(db_url) as client:
        t = _table(client, "potter1930", ["human", "human", "heuristic"])
        table = t["table"]
        anna = _join(client, table, t["tokens"]["0"])
        bela = _join(client, table, t["tokens"]["1"])
        watch = _join(client, table, t["spectator"])
        anna.send_json({"type": "name", "name": "  Anna "})
        for ws in (anna, bela, watch):
            facts = _until(ws, "table")["table"]
            while facts["seats"][0]["name"] == "Player 1":  # (Béla's arrival, told Anna)
                facts = _until(ws, "table")["table"]
            assert [s["name"] for s in facts["seats"]] == ["Anna", "Player 2", "Heuristic bot"]
            state = _until(ws, "state")
            told = json.dumps(state["story"], ensure_ascii=False)
            assert "Player 1" not in told
            if ws is anna:
                assert "Anna (you) holds " in told
        for refused, why in [
            ({"type": "name", "name": "anna"}, "another seat's name"),  # Béla cannot be Anna
            ({"type": "name", "name": "\u202e"}, "U+202E"),
        ]:
            bela.send_json(refused)
            frame = _until(bela, "refused")
            assert frame["action"] == "name" and why in frame["reason"], frame
        watch.send_json({"type": "name", "name": "Spy"})
        assert "only a person" in _until(watch, "refused")["reason"]
        anna.send_json({"type": "name", "name": "Anna K"})  # at once: refused, not stored
        assert "wait a moment" in _until(anna, "refused")["reason"]
        row = client.app.state.hub.store.table(table)  # type: ignore[attr-defined]
        assert row is not None and row.names == ((0, "Anna"),)
    with _Server(db_url) as again:  # the server started again on the same database
        ws = _join(again, table, t["tokens"]["0"])
        state = _until(ws, "state")
        assert "Anna (you) holds " in json.dumps(state["story"], ensure_ascii=False)


def test_a_table_serves_its_rules_and_the_glossary(db_url: str) -> None:
    """The page's *Rules of this table*: the rulebook of the table's own ruleset (an
    uploaded profile's too), with the glossary; a profile's words cannot put markup in
    it (the rulebook escapes them, docutils reads no raw HTML)."""
    from test_web import _Server, _table

    with _Server(db_url) as client:
        t = _table(client, "potter1930", ["human", "heuristic", "heuristic"])
        page = client.get(f"/api/tables/{t['table']}/rules")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "<h1" in page.text and "Alsós, three players (Potter 1930)" in page.text
        assert 'id="glossary"' in page.text and "felvevő" in page.text
        assert "content-security-policy" in page.headers and "<script" not in page.text
        again = client.get(f"/api/tables/{t['table']}/rules")
        assert again.text == page.text  # made once per ruleset
        hostile = "extends: potter1930\nname: '<script>alert(1)</script> .. raw:: html'\n"
        u = _table(client, "-", ["human", "heuristic", "heuristic"], profile=hostile)
        page = client.get(f"/api/tables/{u['table']}/rules")
        assert page.status_code == 200
        assert "<script" not in page.text and "&lt;script&gt;" in page.text
        assert client.get("/api/tables/nosuchtable/rules").status_code == 404
