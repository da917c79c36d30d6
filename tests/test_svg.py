"""Card pictures (alsos.pack.svg): valid, self-contained, distinct and stable SVG.

The pictures are pasted into notebooks, HTML pages and generated rulebooks,
so each must parse as XML on its own, draw the rank and a suit sign that
tells the suits apart, fetch nothing from outside, and come out the same
every time (generated documents must not change between builds).
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

import pytest

from alsos import Card, Rank, Suit
from alsos.pack.cards import CARDS
from alsos.pack.svg import CARD_HEIGHT, CARD_WIDTH, SUIT_COLOURS, card_svg, cards_svg, svg_data_uri

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_every_card_is_well_formed_svg_with_its_rank(card: Card) -> None:
    root = _parse(card_svg(card))
    assert root.get("viewBox") == f"0 0 {CARD_WIDTH} {CARD_HEIGHT}"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == [card.rank.code, card.rank.code]  # the two corners
    for text in root.iter(f"{SVG}text"):
        assert text.get("font-family") == "sans-serif"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None
    assert card.name_en in title.text and card.name_hu in title.text


def test_default_width_and_proportions() -> None:
    root = _parse(card_svg(Card.MA))
    assert root.get("width") == "44"
    assert float(root.get("height", "0")) == pytest.approx(44 * CARD_HEIGHT / CARD_WIDTH)
    root = _parse(card_svg(Card.MA, width=120))
    assert root.get("width") == "120" and root.get("height") == "192"


@pytest.mark.parametrize("rank", Rank, ids=lambda r: r.code)
def test_the_four_suits_are_drawn_differently(rank: Rank) -> None:
    pictures = {suit: card_svg(Card.of(suit, rank)) for suit in Suit}
    assert len(set(pictures.values())) == 4
    for suit, svg in pictures.items():
        assert SUIT_COLOURS[suit] in svg  # the sign and the rank in the suit's colour
        others = [SUIT_COLOURS[s] for s in Suit if s != suit]
        assert not any(colour in svg for colour in others)


def test_suit_signs_differ_in_shape_not_only_in_colour() -> None:
    """Without colour (a grey printout) the signs must still differ."""

    def shapes(svg: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
        root = _parse(svg)
        return [
            (el.tag, tuple(sorted((k, v) for k, v in el.attrib.items() if k in ("d", "r", "rx"))))
            for el in root.iter()
        ]

    drawn = {suit: shapes(card_svg(Card.of(suit, Rank.ACE))) for suit in Suit}
    assert len({tuple(s) for s in drawn.values()}) == 4


def test_repr_svg_is_the_card_picture() -> None:
    assert Card.MA._repr_svg_() == card_svg(Card.MA)  # type: ignore[attr-defined]
    _parse(Card.Z7._repr_svg_())  # type: ignore[attr-defined]


def test_output_is_deterministic_single_line_and_self_contained() -> None:
    for card in CARDS:
        svg = card_svg(card)
        assert svg == card_svg(card)
        assert "\n" not in svg  # fits an indented raw block in RST or Markdown
        for external in ("href", "url(", "@import", "<image", "<script", "<style"):
            assert external not in svg
        assert " id=" not in svg  # many pictures can share one HTML page


def test_cards_are_accepted_as_card_int_or_code() -> None:
    assert card_svg("P10") == card_svg(Card.P10) == card_svg(int(Card.P10))
    assert card_svg("10p") == card_svg(Card.P10)
    with pytest.raises(ValueError):
        card_svg("X9")
    with pytest.raises(ValueError):
        card_svg(32)
    with pytest.raises(ValueError):
        card_svg(Card.MA, width=0)


@pytest.mark.parametrize("gap", [0, 4, 10])
def test_a_row_grows_with_the_number_of_cards(gap: int) -> None:
    widths = []
    for n in range(1, 9):
        root = _parse(cards_svg(CARDS[:n], width=40, gap=gap))
        width = float(root.get("width", "0"))
        assert width == pytest.approx(n * 40 + (n - 1) * gap)
        assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
        assert len(root.findall(f"{SVG}svg")) == n  # one nested picture per card
        widths.append(width)
    assert widths == sorted(widths) and len(set(widths)) == len(widths)


def test_a_row_shows_each_card_in_order() -> None:
    row = cards_svg(["MU", "PU", "TU", "ZU"])
    root = _parse(row)
    assert root.get("aria-label") == "MU PU TU ZU"
    assert [t.text for t in root.iter(f"{SVG}text")] == ["U"] * 8
    assert [el.get("x") for el in root.findall(f"{SVG}svg")] == ["0", "48", "96", "144"]
    assert row == cards_svg([Card.MU, Card.PU, Card.TU, Card.ZU])


def test_an_empty_row_is_an_empty_picture() -> None:
    root = _parse(cards_svg([]))
    assert root.get("width") == "0"
    assert root.findall(f"{SVG}svg") == []


def test_data_uri_round_trip() -> None:
    svg = card_svg(Card.TK)
    uri = svg_data_uri(svg)
    prefix = "data:image/svg+xml;base64,"
    assert uri.startswith(prefix)
    assert base64.b64decode(uri[len(prefix) :]).decode("utf-8") == svg
