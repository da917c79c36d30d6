"""What the terminal shows and how: plain text or colour, suit letters or symbols.

A printed line is a list of segments, each a string or a ``(text, style)``
pair -- the form :meth:`rich.text.Text.assemble` takes.  With colour on, the
line goes through rich (imported only then: it is the ``cli`` extra); with
colour off the styles are dropped and the plain text is printed, so the
output is the same words either way and needs nothing beyond the standard
library.

Colour is on (``auto``) when rich is installed, standard output is a
terminal, ``NO_COLOR`` is unset or empty and ``TERM`` is not ``dumb``.

Cards are written in the notation (``MA``, ``P10``) or, with symbols, as the
suit's sign and the rank (``♣A``, ``♥10``).  The signs are those of the
French pack that stand for each Hungarian suit when the two packs are
compared: acorns ♣ (clubs), hearts ♥, gourds or bells ♦ (diamonds), leaves ♠
(spades) -- :attr:`alsos.Suit.symbol`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any, TypeAlias

from alsos.language import ENGLISH, Language
from alsos.pack.cards import Card, Suit
from alsos.terminal.safe import printable, unfiltered

__all__ = ["SUIT_STYLES", "Screen", "Seg", "make_screen", "plain", "symbols_to_letters"]

Seg: TypeAlias = str | tuple[str, str]
"""A piece of a line: plain text, or text and a rich style."""

#: The colour of each suit, four of the eight colours every colour terminal has:
#: acorns yellow, hearts red, gourds magenta, leaves green.
SUIT_STYLES = ("bold yellow", "bold red", "bold magenta", "bold green")

_SYMBOL_TO_LETTER = {s.symbol: s.letter for s in Suit}


def plain(segs: Iterable[Seg]) -> str:
    """The text of a line without its styles."""
    return "".join(s if isinstance(s, str) else s[0] for s in segs)


def symbols_to_letters(text: str) -> str:
    """Typed input with suit signs (``♣A``) turned into the notation's letters (``MA``)."""
    return "".join(_SYMBOL_TO_LETTER.get(ch, ch) for ch in text)


class Screen:
    """Prints lines of segments, with or without colour, and writes cards."""

    def __init__(
        self, *, symbols: bool = False, console: Any = None, file: IO[str] | None = None
    ) -> None:
        self.symbols = symbols
        self.colour = console is not None
        self._console = console
        self._file = file

    def card_text(self, card: Card) -> str:
        """A card as text: ``MA`` or, with symbols, ``♣A``."""
        if self.symbols:
            return f"{card.suit.symbol}{card.rank.code}"
        return card.name

    def card(self, card: Card) -> Seg:
        """A card as a segment, coloured by its suit."""
        return (self.card_text(card), SUIT_STYLES[card.suit])

    def cards(self, cards: Sequence[Card], sep: str = " ") -> list[Seg]:
        """Cards separated by ``sep`` (``-`` for none)."""
        if not cards:
            return ["-"]
        out: list[Seg] = []
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append(self.card(c))
        return out

    def suit(self, suit: Suit, name: str | None = None) -> str:
        """A suit's ``name`` (default: its English name; a caller in another language
        passes :func:`alsos.words.rules.suit_name`), with its sign when symbols are on."""
        name = suit.name_en if name is None else name
        return f"{name} {suit.symbol}" if self.symbols else name

    def line(self, *parts: Seg | Sequence[Seg]) -> None:
        """Print one line made of segments and lists of segments."""
        segs: list[Seg] = []
        for p in parts:
            if isinstance(p, str | tuple):
                segs.append(p)
            else:
                segs.extend(p)
        # Names and titles come from records and profiles: no control character
        # reaches the terminal (rich writes to the stream under the filter).
        segs = [printable(s) if isinstance(s, str) else (printable(s[0]), s[1]) for s in segs]
        if self._console is None:
            print(plain(segs), file=self._file or sys.stdout)
            return
        from rich.text import Text

        self._console.print(Text.assemble(*segs))

    def header(self, title: str, note: str = "") -> None:
        """A phase header, ``== Bidding ==``, with a short note after it."""
        self.line(("== " + title + " ==", "bold cyan"), f"  {note}" if note else "")

    def dim(self, text: str) -> None:
        """A line of explanation, printed faint in colour."""
        self.line((text, "dim"))


def _wants_colour(mode: str, stream: IO[str]) -> bool:
    if mode == "never":
        return False
    if mode == "always":
        return True
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def make_screen(colour: str = "auto", suits: str = "letters", lang: Language = ENGLISH) -> Screen:
    """The screen for ``--color`` (``auto``, ``always``, ``never``) and ``--suits``.

    Colour needs rich; without it the screen is plain (``always`` says so on
    standard error, in ``lang``).
    """
    symbols = suits == "symbols"
    if not _wants_colour(colour, sys.stdout):
        return Screen(symbols=symbols)
    try:
        from rich.console import Console
    except ImportError:
        if colour == "always":
            print(lang.text("colour needs rich: pip install 'alsos[cli]'"), file=sys.stderr)
        return Screen(symbols=symbols)
    console = Console(
        file=unfiltered(sys.stdout),  # its colour sequences; Screen.line filters the text
        force_terminal=colour == "always" or None,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
    return Screen(symbols=symbols, console=console)
