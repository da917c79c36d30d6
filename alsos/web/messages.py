"""The web table's messages: what a seat is sent, built only from what it may know.

Every frame to a seat is made here from ``game.view(seat)`` (through
:func:`alsos.to_data`), ``event.seen_by(seat)`` and the table's public facts
(variant, who sits where): nothing else of the game is read, so a frame can
carry no card hidden from its seat.  The settlement, public once the hand is
over, is sent as the :class:`~alsos.hand.events.HandOver` event the seat sees.

The legal actions are sent with what a page needs to show them: a group (the
terminal's order: simple answers, contracts, bids, announcements, kontras,
melds, discards, cards), an accessible name (``play Ace of hearts``,
``kontra game``) and a one-line explanation drawn from the profile, in the
words of the terminal help and the rulebook (:mod:`alsos.words`).
The protocol is described in ``docs/server.rst``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from alsos.hand.events import Event, HandOver
from alsos.language import ENGLISH, Language
from alsos.pack.actions import (
    Action,
    Announce,
    Bid,
    ContractBid,
    Declare,
    Discard,
    Kontra,
    Play,
)
from alsos.pack.cards import Card, Suit
from alsos.play.data import to_data
from alsos.play.game import Game
from alsos.play.view import View
from alsos.ruleset.profile import Ruleset
from alsos.words.actions import action_help, action_label
from alsos.words.rules import seat_name, suit_name, you
from alsos.words.settlement import explain_settlement
from alsos.words.story import Line, Strong, told

__all__ = [
    "PROTOCOL",
    "action_entry",
    "events_frame",
    "line_data",
    "public_view",
    "state_frame",
]

#: The protocol's version, sent in the ``welcome`` frame.
PROTOCOL = 1

#: The groups a page shows the legal actions in, by action class (also the
#: protocol schema's group names, alsos.web.protocol).
ACTION_GROUPS: tuple[tuple[type, str], ...] = (
    (ContractBid, "contract"),
    (Bid, "bid"),
    (Announce, "announce"),
    (Kontra, "kontra"),
    (Declare, "declare"),
    (Discard, "discard"),
    (Play, "play"),
)


def _group(action: Action) -> str:
    for cls, name in ACTION_GROUPS:
        if action.__class__ is cls:
            return name
    return "answer"


def action_entry(
    rules: Ruleset,
    action: Action,
    game: Game | None = None,
    seat: int | None = None,
    lang: Language = ENGLISH,
) -> dict[str, str]:
    """One legal action as sent: its notation, group, accessible name and explanation
    (of this position, with the ``game`` and the ``seat`` that may take it, in
    ``lang``), and for a card to play or discard, the card's code (the page makes it
    a button).  The notation is the same in every language."""
    entry = {
        "action": str(action),
        "group": _group(action),
        "label": action_label(action, lang),
        "help": action_help(rules, action, game=game, seat=seat, lang=lang),
    }
    if isinstance(action, Play | Discard):
        entry["card"] = action.card.name
    return entry


def public_view(game: Game) -> View:
    """What every seat may know (a spectator's view): the one public observer,
    :meth:`Game.public_view <alsos.Game.public_view>` (``seat`` -1).  Once the hand
    is over the spectator's frame adds the whole record (:func:`state_frame`)."""
    return game.public_view()


def state_frame(
    game: Game, seat: int, names: Sequence[str] = (), lang: Language = ENGLISH
) -> dict[str, Any]:
    """The ``state`` frame for ``seat``: its view, its hand in the order a player holds
    it, its legal actions with what each does here, the story of the hand so far as
    the seat may know it, and once the hand is over the settlement and why it paid
    what it paid.  ``ply`` counts the actions taken: an action must name it.
    ``seat`` -1 is a spectator: the public view (:func:`public_view`) and story, and
    once the hand is over the whole record as text.  ``names``: the table's names of
    its seats (``seat N`` where there are none).  Every word is in ``lang`` (the
    page's language); the data and the notation are the same in any."""
    view = game.view(seat) if seat >= 0 else public_view(game)
    who = _namer(names, seat, lang)
    frame: dict[str, Any] = {
        "type": "state",
        "ply": len(game.history),
        "dealer": game.dealer,
        "view": to_data(view),
        "held": [c.name for c in view.sorted_hand()],
        "actions": [action_entry(game.rules, a, game, seat, lang) for a in view.legal],
        "story": [
            line_data(line, lang) for line in told(game, seat, who=who, in_session=True, lang=lang)
        ],
        "settlement": None,
        "explained": [],
    }
    st = game.settlement
    if game.is_over and st is not None:
        frame["settlement"] = to_data(HandOver(st).seen_by(seat))["settlement"]
        frame["explained"] = [
            {"depth": (len(text) - len(text.lstrip())) // 2, "text": text.strip()}
            for text in explain_settlement(st, game, single=False, who=who, lang=lang)
        ]
        if seat < 0:
            frame["record"] = str(game.record())
    return frame


def _namer(names: Sequence[str], seat: int, lang: Language = ENGLISH) -> Callable[[int], str]:
    """How the frames for ``seat`` name a seat: by the table's name, ``(you)`` for itself."""

    def who(s: int) -> str:
        name = names[s] if 0 <= s < len(names) and names[s] else seat_name(s, lang)
        return you(name, lang) if s == seat else name

    return who


def line_data(line: Line, lang: Language = ENGLISH) -> dict[str, Any]:
    """A line of the story as sent: its style, title and depth, and its parts, each
    ``{"text": ...}``, ``{"card": "MA"}``, ``{"suit": "P", "text": "hearts"}`` or
    ``{"strong": ...}`` -- the page draws a card as its picture."""
    parts: list[dict[str, str]] = []
    for p in line.parts:
        if isinstance(p, Card):
            parts.append({"card": p.name})
        elif isinstance(p, Suit):
            parts.append({"suit": p.letter, "text": suit_name(p, lang)})
        elif isinstance(p, Strong):
            parts.append({"strong": p.text})
        else:
            parts.append({"text": p})
    return {"style": line.style, "title": line.title, "depth": line.depth, "parts": parts}


def events_frame(events: tuple[Event, ...], seat: int, ply: int) -> dict[str, Any]:
    """The ``events`` frame: what one accepted action caused, as ``seat`` sees it."""
    return {
        "type": "events",
        "ply": ply,
        "events": [to_data(e.seen_by(seat)) for e in events],
    }
