"""Small SVG pictures of Hungarian cards, for notebooks, web pages and rulebooks.

:func:`card_svg` draws one card: a rounded white card with the rank code
(``A K O U 10 9 8 7``) in two corners and the suit sign in the middle, drawn
from plain SVG shapes in the suit's colour -- a brown acorn (makk), a red
heart (piros), an orange bell-shaped gourd (tök) and a green leaf (zöld).
:func:`cards_svg` puts several cards side by side in one picture, and
:func:`svg_data_uri` packs a picture into a ``data:`` URI for an ``<img>``.

The pictures are meant to be embedded anywhere text goes, so they are
self-contained and predictable:

* no external resources (no images, stylesheets or web fonts; the only font
  is the generic ``sans-serif``), so they display offline and in sandboxes;
* no ``id`` attributes, so any number of them can share one HTML page;
* one line of text, so a Markdown or reStructuredText block can hold one
  (``.. raw:: html`` needs its content indented, which newlines would break);
* deterministic: the same card and width always give the same string, so
  generated documents do not change from build to build.

Drawing uses a fixed coordinate box of 60 x 96 units (the cards' proportions)
and a ``viewBox``, so a picture scales cleanly to any ``width``.

This module gives :class:`~alsos.pack.cards.Card` its ``_repr_svg_`` (:func:`card_svg`),
which is how Jupyter shows a card as a picture; ``import alsos`` imports it, so
every card has its picture, while the card module itself knows nothing of drawing.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from alsos.pack.cards import CARDS, Card, Suit

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "SUIT_COLOURS", "card_svg", "cards_svg", "svg_data_uri"]

#: Width and height of the drawing box of one card, in SVG user units.  A
#: picture's pixel height is ``width * CARD_HEIGHT / CARD_WIDTH``.
CARD_WIDTH = 60
CARD_HEIGHT = 96

#: The main colour of each suit sign (also used for the rank codes).
SUIT_COLOURS: dict[Suit, str] = {
    Suit.ACORNS: "#8a5a2b",
    Suit.HEARTS: "#d0202e",
    Suit.GOURDS: "#e8920c",
    Suit.LEAVES: "#2e8540",
}

# Darker shades for details (acorn cap, bell slot, leaf vein) and outlines.
_SUIT_DARK: dict[Suit, str] = {
    Suit.ACORNS: "#5a3815",
    Suit.HEARTS: "#8f0f1a",
    Suit.GOURDS: "#9a5a00",
    Suit.LEAVES: "#1b5a2a",
}

_SVG_NS = "http://www.w3.org/2000/svg"


def _num(x: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros.

    Fixed formatting keeps the output byte-for-byte stable across platforms.
    """
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _suit_sign(suit: Suit) -> str:
    """The shapes of one suit sign, centred on (0, 0) and about 28 x 30 units."""
    main, dark = SUIT_COLOURS[suit], _SUIT_DARK[suit]
    if suit is Suit.ACORNS:
        # An acorn: an oval nut hanging from a scaly cap with a short stalk.
        return (
            f'<path d="M-1.5 -15 h3 v5 h-3 z" fill="{dark}"/>'
            f'<ellipse cx="0" cy="4" rx="8.5" ry="11" fill="{main}"/>'
            f'<path d="M-11 -2 Q-11 -12 0 -12 Q11 -12 11 -2 Q0 1 -11 -2 z" fill="{dark}"/>'
            f'<path d="M-6 -5 l2 -3 M-1 -5 l2 -3 M4 -5 l2 -3" stroke="{main}" '
            f'stroke-width="1" fill="none"/>'
            f'<ellipse cx="-3" cy="5" rx="2" ry="4" fill="#ffffff" fill-opacity="0.25"/>'
        )
    if suit is Suit.HEARTS:
        # A heart: two lobes meeting in a point.
        return (
            f'<path d="M0 13 C-6 8 -14 2 -14 -5 C-14 -11 -9 -14 -5 -14 '
            f"C-2 -14 0 -12 0 -9 C0 -12 2 -14 5 -14 C9 -14 14 -11 14 -5 "
            f'C14 2 6 8 0 13 z" fill="{main}" stroke="{dark}" stroke-width="1"/>'
        )
    if suit is Suit.GOURDS:
        # A gourd drawn as the round bell of the German-suited packs: a ball
        # with a loop on top, a band round the middle and a slot below.
        return (
            f'<circle cx="0" cy="-12" r="2.5" fill="none" stroke="{dark}" stroke-width="1.5"/>'
            f'<circle cx="0" cy="2" r="12" fill="{main}" stroke="{dark}" stroke-width="1"/>'
            f'<path d="M-12 0 Q0 4 12 0" stroke="{dark}" stroke-width="1.5" fill="none"/>'
            f'<path d="M-6 8 Q0 11 6 8" stroke="{dark}" stroke-width="2" fill="none"/>'
            f'<circle cx="0" cy="6.5" r="1.5" fill="{dark}"/>'
            f'<ellipse cx="-4.5" cy="-4" rx="3" ry="2" fill="#ffffff" fill-opacity="0.4"/>'
        )
    # Leaves: a pointed leaf with a stalk and a vein down the middle.
    return (
        f'<path d="M0 -15 C8 -9 12 -2 10 5 C8 10 3 12 0 12 C-3 12 -8 10 -10 5 '
        f'C-12 -2 -8 -9 0 -15 z" fill="{main}" stroke="{dark}" stroke-width="1"/>'
        f'<path d="M0 -11 V16 M0 -2 l5 -4 M0 -2 l-5 -4 M0 5 l6 -4 M0 5 l-6 -4" '
        f'stroke="{dark}" stroke-width="1" fill="none"/>'
    )


def _card_body(card: Card) -> str:
    """The shapes of one card in the 60 x 96 drawing box (no ``<svg>`` wrapper)."""
    suit, rank = card.suit, card.rank
    colour = SUIT_COLOURS[suit]
    code = escape(rank.code)
    size = 13 if len(rank.code) == 1 else 11
    corner = (
        f'<text x="7" y="16" font-family="sans-serif" font-size="{size}" '
        f'font-weight="bold" fill="{colour}">{code}</text>'
        f'<g transform="translate(11.5 25) scale(0.3)">{_suit_sign(suit)}</g>'
    )
    return (
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" ry="6" '
        f'fill="#ffffff" stroke="#444444" stroke-width="1.5"/>'
        f"{corner}"
        # The same corner turned half a circle round the card's centre.
        f'<g transform="rotate(180 {_num(CARD_WIDTH / 2)} {_num(CARD_HEIGHT / 2)})">'
        f"{corner}</g>"
        f'<g transform="translate({_num(CARD_WIDTH / 2)} {_num(CARD_HEIGHT / 2)}) scale(1.15)">'
        f"{_suit_sign(suit)}</g>"
    )


def _as_card(card: Card | int | str) -> Card:
    """Accept a :class:`~alsos.pack.cards.Card`, its int value or its code such as ``"P10"``."""
    if isinstance(card, str):
        return Card.parse(card)
    if isinstance(card, int) and 0 <= card < len(CARDS):
        return CARDS[card]
    raise ValueError(f"not a card: {card!r}")


def _height(width: float) -> float:
    return width * CARD_HEIGHT / CARD_WIDTH


def _label(card: Card) -> str:
    """Text for screen readers and tooltips, e.g. ``Ace of acorns (makk ász)``."""
    return f"{card.name_en} ({card.name_hu})"


def card_svg(card: Card | int | str, *, width: float = 44) -> str:
    """One card as a standalone SVG document (a single line of text).

    ``card`` is a :class:`~alsos.pack.cards.Card`, its int value or its code
    (``"MA"``, ``"P10"``).  ``width`` is the picture's width in pixels; the
    height follows from the card's proportions and the drawing scales to any
    size because it uses a ``viewBox``.

    >>> from alsos.pack.svg import card_svg
    >>> svg = card_svg("PA", width=60)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="96"')
    True
    """
    c = _as_card(card)
    if width <= 0:
        raise ValueError(f"width must be positive, got {width!r}")
    label = quoteattr(_label(c))
    return (
        f'<svg xmlns="{_SVG_NS}" width="{_num(width)}" height="{_num(_height(width))}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" role="img" aria-label={label}>'
        f"<title>{escape(_label(c))}</title>{_card_body(c)}</svg>"
    )


def cards_svg(cards: Iterable[Card | int | str], *, width: float = 44, gap: float = 4) -> str:
    """Several cards in a row, as one standalone SVG document (a single line of text).

    Each card is ``width`` pixels wide and the cards are ``gap`` pixels apart,
    so the picture is ``n * width + (n - 1) * gap`` pixels wide.  An empty
    row gives an empty picture of width 0.

    >>> from alsos.pack.svg import cards_svg
    >>> row = cards_svg(["MU", "PU"], width=40, gap=5)
    >>> 'width="85"' in row
    True
    """
    row = [_as_card(c) for c in cards]
    if width <= 0:
        raise ValueError(f"width must be positive, got {width!r}")
    if gap < 0:
        raise ValueError(f"gap must not be negative, got {gap!r}")
    height = _height(width)
    total = max(len(row) * width + (len(row) - 1) * gap, 0)
    label = quoteattr(" ".join(c.name for c in row) or "no cards")
    parts = [
        f'<svg xmlns="{_SVG_NS}" width="{_num(total)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(total)} {_num(height)}" role="img" aria-label={label}>',
        f"<title>{escape(', '.join(_label(c) for c in row))}</title>",
    ]
    for i, c in enumerate(row):
        x = i * (width + gap)
        parts.append(
            f'<svg x="{_num(x)}" y="0" width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">{_card_body(c)}</svg>'
        )
    parts.append("</svg>")
    return "".join(parts)


def svg_data_uri(svg: str) -> str:
    """An SVG document as a ``data:image/svg+xml;base64,...`` URI, e.g. for ``<img src>``.

    >>> from alsos.pack.svg import svg_data_uri
    >>> svg_data_uri("<svg/>")
    'data:image/svg+xml;base64,PHN2Zy8+'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _repr_svg(self: Card) -> str:
    """The card as a small SVG picture (Jupyter shows it)."""
    return card_svg(self)


# Enum reserves _sunder_ names in the class body, so the Jupyter hook is set afterwards.
type.__setattr__(Card, "_repr_svg_", _repr_svg)
