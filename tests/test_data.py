"""The wire data (``alsos.to_data`` / ``alsos.from_data``): one documented JSON shape,
described by ``alsos.play.data.schema``, that round-trips, and errors that name the key path."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import jsonschema
import pytest
from drive import at_random, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import PROFILES

import alsos
from alsos import Record, Settlement, View
from alsos.cli import main
from alsos.hand.events import Event
from alsos.pack.actions import Action
from alsos.play.data import SCHEMA_KINDS, DataError, from_data, schema, to_data
from alsos.play.game import Kind

POTTER = alsos.load_variant("potter1930")
FOUR = alsos.load_variant("four-player")
WIRE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VALIDATORS = {kind: jsonschema.Draft202012Validator(schema(kind)) for kind in SCHEMA_KINDS}


def _position(rules: alsos.Ruleset, seed: int, steps: int) -> tuple[alsos.Game, list[Any]]:
    """A random position ``steps`` actions into a hand, with the events so far."""
    game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
    taken = play_out(game, at_random(random.Random(seed)), stop_after=steps)
    return game, [e for step in taken for e in step.events]


def _finished(rules: alsos.Ruleset, seed: int) -> alsos.Game:
    return _position(rules, seed, 10**4)[0]


# ------------------------------------------------------------- round trips


@pytest.mark.slow
@WIRE
@given(rules=st.sampled_from(PROFILES), seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_every_value_round_trips_and_matches_its_schema(
    rules: alsos.Ruleset, seed: int, steps: int
) -> None:
    """Views (every seat), events, the settlement, the record and the legal actions of a
    random position of every shipped profile: ``from_data(cls, to_data(x)) == x``, through
    JSON text too, and ``to_data(x)`` (as it is, before any JSON) validates."""
    game, events = _position(rules, seed, steps)
    values: list[tuple[str, type, object]] = [
        ("view", View, game.view(seat)) for seat in range(rules.players)
    ]
    values.append(("record", Record, game.record()))
    values.extend(("event", Event, e) for e in events)
    values.extend(("event", type(e), e) for e in events[-3:])
    if game.settlement is not None:
        values.append(("settlement", Settlement, game.settlement))
    values.extend(("action", Action, a) for a in game.legal_actions())
    for kind, cls, value in values:
        data = to_data(value)
        VALIDATORS[kind].validate(data)
        assert from_data(cls, data) == value, kind
        assert from_data(cls, json.loads(json.dumps(data))) == value, kind
        assert pickle.loads(pickle.dumps(value)) == value, kind  # across processes too


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for kind in SCHEMA_KINDS:
        jsonschema.Draft202012Validator.check_schema(schema(kind))
    with pytest.raises(ValueError, match="the kinds are view, settlement"):
        schema("views")


# ------------------------------------------------------------------ shape


def _suit_game(rules: alsos.Ruleset) -> alsos.Game:
    """A finished hand of ``rules`` played in a trump suit."""
    for seed in range(200):
        game = _finished(rules, seed)
        if game.contract is not None and game.contract.kind is Kind.TRUMP:
            return game
    pytest.fail("no trump game in 200 hands")


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_trump_is_the_suit_the_contract_names(rules: alsos.Ruleset) -> None:
    """A view says ``"trump": "gourds"`` beside ``"contract": "trump gourds"`` (not a
    number), and ``null`` before any trump is known."""
    game = _suit_game(rules)
    data = to_data(game.view(0))
    assert data["kind"] == "trump"
    assert data["trump"] == alsos.Suit(game.state.trump).name_en
    assert f"trump {data['trump']}" in data["contract"]
    assert to_data(alsos.Game(rules, seed=1).view(0))["trump"] is None


def test_per_seat_data_are_lists_indexed_by_seat() -> None:
    """Four-player: the dealer sits out, so its entries are null, and every list has
    one entry per seat at the table even when the last seat is the one sitting out."""
    for dealer in range(4):
        game = alsos.Game(FOUR, seed=5, dealer=dealer)
        play_out(game, at_random(random.Random(dealer)))
        out = [s for s in range(4) if s not in game.active]
        assert len(out) == 1
        view = to_data(game.view(game.active[0]))
        assert view["players"] == 4
        assert [n is None for n in view["tricks_won"]] == [s in out for s in range(4)]
        assert sum(n or 0 for n in view["tricks_won"]) == len(game.tricks)
        st_ = game.settlement
        assert st_ is not None
        data = to_data(st_)
        for key in ("card_points", "meld_points", "bela", "tricks", "payments", "written"):
            assert len(data[key]) == 4, key
            assert data[key] == [getattr(st_, key).get(s) for s in range(4)], key
        assert sum(data["payments"]) == 0


def test_a_record_is_its_json_form() -> None:
    """One JSON shape for a record, on disk and on the wire."""
    record = _finished(POTTER, 3).record()
    assert to_data(record) == json.loads(record.dumps(format="json"))


def test_a_seat_record_is_wire_data_too() -> None:
    """A seat record (what a server may send a client) has its JSON form, its schema and
    its round trip, like a whole record; it carries the seat's view instead of the deal."""
    game, _ = _position(POTTER, 2, 40)
    for seat in game.active:
        record = game.record(seat=seat)
        data = to_data(record)
        jsonschema.validate(data, schema("record"))
        assert "Deal" not in data["headers"] and "View" in data["headers"]
        assert from_data(Record, data) == record


def test_events_name_their_kind() -> None:
    _, events = _position(POTTER, 2, 40)
    for e in events:
        data = to_data(e)
        assert data["event"] == type(e).__name__
        assert list(data)[1:] == list(e._fields)


# ----------------------------------------------------------------- errors

_VIEW = to_data(alsos.Game(POTTER, seed=7).view(1))
_HUGE = "x" * 10_000


@pytest.mark.parametrize(
    ("cls", "data", "message"),
    [
        (View, {**_VIEW, "hand": ["MA", "XY"]}, "hand[1]: unknown card 'XY'"),
        (View, {**_VIEW, "tricks_won": [0, "1", None]}, "tricks_won[1]: expected a whole number"),
        (View, {**_VIEW, "tricks_won": {"0": 1}}, "tricks_won: expected a list indexed by seat"),
        (View, {**_VIEW, "trump": 2}, "trump: expected a suit (acorns, hearts"),
        (View, {**_VIEW, "seat": True}, "seat: expected a whole number, got True"),
        (View, {**_VIEW, "phase": "bid"}, "phase: unknown phase 'bid'; the phases are 'bidding'"),
        (View, {**_VIEW, "colour": 1}, "$: unknown key 'colour'; the keys are seat, phase"),
        (View, {k: v for k, v in _VIEW.items() if k != "seat"}, "seat: required key missing"),
        (View, {**_VIEW, "items": [{"label": "game"}]}, "items[0].seat: required key missing"),
        (View, "a view", "$: expected an object (a View), got 'a view'"),
        (Event, {"event": "Dealt"}, "$: \"event\" is 'Dealt'; expected Played, Said"),
        (alsos.hand.events.Played, {"event": "Said"}, "\"event\" is 'Said'; expected Played"),
        (Event, {"event": "Played", "seat": 1}, "card: required key missing"),
        (
            Event,
            {"event": "TrickWon", "number": 1, "cards": [[0, "MA", 1]], "winner": 0},
            "cards[0]",
        ),
        (Record, {"format": "alsos-record", "headers": {}}, "$: missing header Variant"),
        (Action, 5, "$: expected an action's text such as 'kontra game', got 5"),
        (Action, "anounce abszolut", "did you mean 'announce abszolut'?"),
    ],
)
def test_bad_data_names_the_key_path_and_the_reason(cls: Any, data: Any, message: str) -> None:
    with pytest.raises(DataError) as info:
        from_data(cls, data)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "data",
    [
        {**_VIEW, "hand": [_HUGE]},
        {**_VIEW, _HUGE: 1},
        {**_VIEW, "phase": _HUGE},
        {**_VIEW, "tricks_won": [_HUGE]},
        _HUGE,
    ],
)
def test_errors_quote_at_most_sixty_characters_of_input(data: Any) -> None:
    with pytest.raises(DataError) as info:
        from_data(View, data)
    assert "x" * 61 not in str(info.value)


def test_a_data_error_pickles_with_its_message_and_fields() -> None:
    with pytest.raises(DataError) as info:
        from_data(View, {**_VIEW, "hand": ["XY"], "seat": "1"})
    err = info.value
    assert err.type_name == "View" and len(err.problems) == 2
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is DataError and str(again) == str(err) and vars(again) == vars(err)
    assert alsos.DataError is DataError


# -------------------------------------------------------------- the command


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_alsos_schema_prints_the_wire_schemas(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schema", kind]) == 0
    assert json.loads(capsys.readouterr().out) == schema(kind)


def test_alsos_schema_still_prints_the_profile_schema_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Alsós variant profile"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(sorted(_VIEW)), value=_JSON)
def test_any_value_for_any_key_gives_a_view_or_a_data_error(key: str, value: Any) -> None:
    """A view's data with any JSON value at one key reads as a view or raises DataError
    naming the key (a text, an object or a set is never taken for a list), never
    anything else."""
    data = {**_VIEW, key: value}
    try:
        view = from_data(View, data)
    except DataError as e:
        assert key in str(e) or "$" in str(e)
    else:
        assert from_data(View, to_data(view)) == view
