"""A hand told on the terminal: the story of :mod:`alsos.words.story`, drawn on a screen.

The :class:`Narrator` is a :class:`~alsos.words.story.Story` whose lines go to
a :class:`~alsos.terminal.screen.Screen`: headers as ``== Bidding ==``, notes
faint and in parentheses, cards in the screen's notation or suit signs and in
their suit's colour, the winner of a trick in bold.  What is told -- and what
a seated player may not be told -- is the story's business; the terminal only
draws it.
"""

from __future__ import annotations

from collections.abc import Sequence

from alsos.language import ENGLISH, Language
from alsos.pack.cards import Card, Suit
from alsos.play.game import Game
from alsos.terminal.screen import Screen, Seg
from alsos.words.rules import suit_name
from alsos.words.settlement import explain_settlement
from alsos.words.story import Line, Part, Story, Strong

__all__ = ["Narrator", "explain_settlement", "segments"]


def segments(
    screen: Screen, parts: Sequence[Part], style: str = "", lang: Language = ENGLISH
) -> list[Seg]:
    """The parts of a story line as the screen's segments: words in ``style``, cards in
    their suit's colour, a suit by its name in ``lang`` (and sign), strong words in bold.
    Neighbours of one style are joined, so a line of words is one segment."""
    out: list[Seg] = []
    for p in parts:
        seg: Seg
        if isinstance(p, Card):
            seg = screen.card(p)
        elif isinstance(p, Suit):
            name = screen.suit(p, suit_name(p, lang))
            seg = (name, style) if style else name
        elif isinstance(p, Strong):
            seg = (p.text, "bold")
        else:
            seg = (p, style) if style else p
        if out and isinstance(seg, str) and isinstance(out[-1], str):
            out[-1] += seg
        elif (
            out and isinstance(seg, tuple) and isinstance(out[-1], tuple) and (out[-1][1] == seg[1])
        ):
            out[-1] = (out[-1][0] + seg[0], seg[1])
        else:
            out.append(seg)
    return out


class Narrator(Story):
    """Prints one hand for the ``watched`` seats; ``viewer`` is the seat a person plays.

    ``in_session``: the hand is one of a rubber or rádli, whose scores are
    printed after it, so its settlement need not say what a session is.
    """

    def __init__(
        self,
        game: Game,
        screen: Screen,
        watched: Sequence[int],
        viewer: int | None,
        *,
        in_session: bool = False,
        lang: Language = ENGLISH,
    ) -> None:
        self.screen = screen
        super().__init__(game, self.draw, watched, viewer, in_session=in_session, lang=lang)

    def draw(self, line: Line) -> None:
        """Print one line of the story."""
        scr, indent = self.screen, "  " * line.depth
        if line.style == "header":
            note = segments(scr, ("  ", *line.parts), lang=self.lang) if line.parts else [""]
            scr.line(("== " + line.title + " ==", "bold cyan"), *note)
        elif line.style == "note":
            scr.line(segments(scr, (indent + "(", *line.parts, ")"), "dim", self.lang))
        elif line.style == "rule":
            scr.line(segments(scr, (indent, *line.parts), "dim", self.lang))
        else:
            scr.line(segments(scr, (indent, *line.parts), lang=self.lang))
