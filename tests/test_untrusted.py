"""Untrusted input, item by item (the untrusted-input issue): each test failed before."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

import alsos
from alsos.pack import actions

POTTER = alsos.load_variant("potter1930")


def test_an_id_is_a_name_never_a_path() -> None:
    """7: a shipped id that looks like a path is refused, not looked up on disk."""
    for spec in ("../../x/evil", "../variants/potter1930", "a" * 300, "potter1930/../house"):
        with pytest.raises(alsos.ProfileError, match="not a shipped variant id"):
            alsos.load_variant(spec)


def test_a_huge_value_is_quoted_short(tmp_path: Path) -> None:
    """6: an error quotes at most a few dozen characters of a bad value."""
    path = tmp_path / "big.yaml"
    path.write_text(f"extends: potter1930\nid: b\nname: B\ngames: {{trump: '{'x' * 100_000}'}}\n")
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(path)
    assert len(str(info.value)) < 1000


@pytest.mark.slow
def test_rejected_action_texts_leave_nothing_behind() -> None:
    """10: parsing untrusted text does not intern it: a server reading a stream of
    garbage keeps its memory."""
    before = (len(actions._ANNOUNCES), len(actions._KONTRAS))
    game = alsos.Game(POTTER, seed=1)
    tracemalloc.start()
    start, _ = tracemalloc.get_traced_memory()
    for i in range(20_000):
        for text in (f"announce fig{i}", f"kontra fig{i}@1", f"rekontra x{i}"):
            with pytest.raises(alsos.IllegalActionError):
                game.apply(text)
    grown, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert (len(actions._ANNOUNCES), len(actions._KONTRAS)) == before
    assert grown - start < 200_000


@pytest.mark.parametrize("bad", [None, b"MA", 0, ["MA"]])
def test_a_deal_must_be_text(bad: object) -> None:
    """11: Deal.parse of something that is not text is a DealError, not AttributeError."""
    with pytest.raises(alsos.DealError, match="expected the text of a deal"):
        alsos.Deal.parse(bad)  # type: ignore[arg-type]


def test_a_deal_must_split_its_cards_as_the_profile_deals() -> None:
    """11: all nine cards before the '+' would skip the front round of potter1930."""
    text = (
        "M7 T8 MA P9 ZK ZU MO MK Z7 + / Z10 PK TU P8 PA P7 TA ZO TO + / "
        "PO Z9 M9 T7 ZA T9 PU MU TK + / talon M8 P10 M10 Z8 T10"
    )
    with pytest.raises(alsos.DealError, match="deals 6 before the indicator"):
        alsos.Game(POTTER, deal=text)


@pytest.mark.parametrize("dealer", [1.5, True, "0", -1, 3])
def test_a_dealer_must_be_a_seat(dealer: object) -> None:
    with pytest.raises(ValueError, match="is not a seat"):
        alsos.Game(POTTER, seed=1, dealer=dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 3])
def test_a_view_is_for_a_seat(seat: object) -> None:
    with pytest.raises(ValueError, match="is not at this"):
        alsos.Game(POTTER, seed=1).view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [1.0, True, "1"])
def test_a_seat_that_is_not_an_int_is_a_type_error(seat: object) -> None:
    """Issue 18 item 21: a seat is an int (not a bool); anything else is a caller's bug."""
    with pytest.raises(TypeError, match=type(seat).__name__):
        alsos.Game(POTTER, seed=1).view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "options",
    [
        {"id": "mine"},
        {"name": "x; y]"},
        {"exchange.entitled": ["7", "8", "9"]},
        {"players": 3, "melds.bela": 40},
        {"figures.ultimo.value": 3, "kontra.levels": ["a", "b"]},
    ],
)
def test_str_of_a_ruleset_loads_back(options: dict[str, object]) -> None:
    """12: load_variant(str(rules)) gives the same rules, whatever options were given."""
    rules = alsos.load_variant("potter1930", **options)
    assert alsos.load_variant(str(rules)) == rules
    assert str(alsos.load_variant(str(rules))) == str(rules)


def test_an_option_that_is_not_plain_data_is_refused() -> None:
    """12: a set has no order and no JSON form, so str(rules) could not be written."""
    with pytest.raises(alsos.ProfileError, match="not plain data"):
        alsos.load_variant("potter1930", **{"kontra.levels": {"kontra", "rekontra"}})
