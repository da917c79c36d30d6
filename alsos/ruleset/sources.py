"""The rule sources alsos is built from, by their short keys.

Profiles, docstrings and rulebooks cite a source by key and section
(``pagat, "Deal"``); this module gives each key its full reference, so a
reader can find the document.  The keys are the ones the project's rule
reading uses throughout.
"""

from __future__ import annotations

import re

import attrs

__all__ = ["SOURCES", "Source", "cited_keys"]


@attrs.frozen
class Source:
    """One rule document: its key, its full reference and what it covers."""

    key: str
    title: str
    reference: str
    language: str
    about: str


#: Every rule source by its key (``pagat``, ``club``, ``altiansz``, ``pagat-fr``, ``huwiki``).
SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source(
            "pagat",
            "Alsós",
            "“Alsós”, pagat.com, the card game rules site kept by John McLeod "
            "(page of 2 September 2024), after G. J. Potter, A kártyajáték "
            "művészete (Budapest, 1930); its two-player part includes the rules "
            "written down by Martin Tompa and John Tompa (2011).",
            "English",
            "Three-player rules after Potter, the four- and two-player games, "
            "a section of variations, and the Tompa family's two-player rules.",
        ),
        Source(
            "club",
            "Alsos (club rules)",
            "“Alsos”, the written house rules of one card-playing club "
            "(unnamed; written for clockwise play).",
            "English",
            "A compact summary with the club's own rules: figures in the second "
            "bid, its own suit order, an optional Eight figure.",
        ),
        Source(
            "altiansz",
            "Altiansz",
            "“Altiansz”, pagat.com; a game devised by Zoltán Gerots, described "
            "by Róbert Kovács from information given by Áron Csathó.",
            "English",
            "A later hybrid of Ulti, Alsós and Preferansz with a contract ladder "
            "and talon drawing during the auction.",
        ),
        Source(
            "pagat-fr",
            "Alsós (French)",
            "The French translation of the pagat.com page “Alsós”.",
            "French",
            "Used only to cross-check a reading of pagat.",
        ),
        Source(
            "huwiki",
            "Alsós (Hungarian Wikipedia)",
            "“Alsós”, Hungarian Wikipedia (hu.wikipedia.org), after Zoltán Csibor, "
            "A kártya kéznél van (Szeged, 2001), pp. 59–93.",
            "Hungarian",
            "Two-, three- and four-player rules side by side, béla kassza, five "
            "kontra levels, the Betli switch and rádli scoring.",
        ),
    )
}

_ALTERNATIVES = "|".join(map(re.escape, sorted(SOURCES, key=len, reverse=True)))
_KEY = re.compile(r"(?<![\w-])(" + _ALTERNATIVES + r")(?![\w-])")


def cited_keys(text: str) -> list[str]:
    """The source keys named in a citation, in order of first mention.

    >>> from alsos.ruleset.sources import cited_keys
    >>> cited_keys('pagat, "Deal"; huwiki, "Osztás"')
    ['pagat', 'huwiki']
    """
    seen: list[str] = []
    for m in _KEY.finditer(text):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return seen
