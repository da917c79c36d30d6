"""Why the player's answer was refused, in the player's language.

The engine refuses an action with an :class:`~alsos.play.game.IllegalActionError`
whose fields say what was typed, where the hand stood and which actions were
legal.  :func:`refusal` writes that in a language, each message whole: the
reasons the engine gives for a card (not held, not following suit, held back
for a figure) and for text the notation cannot read (an unknown word, extra
words, ...).  Its English is the engine's own message, word for word; where
the engine gave a reason this module does not know, that reason is shown as
the engine wrote it, in the language's frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from alsos.analysis.report import phase_name
from alsos.language import ENGLISH, N_, Language
from alsos.pack.actions import KONTRA_NAMES, ActionParseError, Play, parse_action
from alsos.pack.cards import quote
from alsos.pack.phases import Phase
from alsos.play.game import Game, IllegalActionError
from alsos.words.rules import suit_name

__all__ = ["refusal"]

_Words = Callable[[Language, re.Match[str]], str]

# The notation's reasons for text it cannot read (alsos.pack.actions), each with its
# message: what follows "cannot read action 'TEXT': ".
_UNREADABLE: tuple[tuple[re.Pattern[str], _Words], ...] = (
    (
        re.compile(r"unknown word ('(?:[^'\\]|\\.)*'); did you mean ('(?:[^'\\]|\\.)*')\?"),
        lambda lang, m: lang.text(
            "unknown word {word}; did you mean {close}?", word=m[1], close=m[2]
        ),
    ),
    (
        re.compile(r"unknown word ('(?:[^'\\]|\\.)*'); actions look like (.*)"),
        lambda lang, m: lang.text(
            "unknown word {word}; actions look like {examples}", word=m[1], examples=m[2]
        ),
    ),
    (
        re.compile(r"extra words after ('(?:[^'\\]|\\.)*') \(one action at a time\)"),
        lambda lang, m: lang.text("extra words after {action} (one action at a time)", action=m[1]),
    ),
    (
        re.compile(r"a number is not an action; write the action, e\.g\. 'pass' or 'MA'"),
        lambda lang, m: lang.text(
            "a number is not an action; write the action, e.g. 'pass' or 'MA'"
        ),
    ),
    (re.compile(r"'(\w+)' needs .*"), lambda lang, m: _needs(m[1], lang)),
)
# What an action word needs after it (alsos.pack.actions), each in a whole message.
_NEEDS = {
    "bid": N_("'bid' needs a suit or no-trumps: 'bid hearts', 'bid no-trumps'"),
    "announce": N_("'announce' needs a figure: 'announce abszolut'"),
    "contract": N_(
        "'contract' needs a contract of the ladder: 'contract solo', 'contract game-ultimo'"
    ),
    "discard": N_("'discard' needs a card: 'discard Z8'"),
    "play": N_("'play' needs a card: 'play MA' (or just 'MA')"),
    "declare": N_(
        "'declare' needs a meld: 'declare terc' ... 'declare okt', 'declare vannak', "
        "'declare melds'"
    ),
}


def _needs(word: str, lang: Language) -> str:
    if word in KONTRA_NAMES:
        return lang.text(
            "'{word}' needs a target: '{word} game' or '{word} <figure>@<seat>'", word=word
        )
    message = _NEEDS.get(word)
    # an unknown word: the guard in refusal() finds the English differs and keeps the engine's
    return lang.text(message) if message is not None else word


def _unreadable(text: str, error: ActionParseError, lang: Language) -> str:
    """Why ``text`` is not an action in the notation."""
    said = str(error)
    prefix = f"cannot read action {quote(text)}: "
    if not said.startswith(prefix):
        return said
    detail = said[len(prefix) :]
    for pattern, words in _UNREADABLE:
        m = pattern.fullmatch(detail)
        if m is not None:
            detail = words(lang, m)
            break
    return lang.text("cannot read action {text}: {detail}", text=quote(text), detail=detail)


def _reason(e: IllegalActionError, game: Game, lang: Language) -> str:
    """The engine's reason for refusing ``e.action`` (text the player typed), in ``lang``."""
    if not isinstance(e.action, str):
        return e.reason
    try:
        action = parse_action(e.action)
    except ActionParseError as error:
        return _unreadable(e.action, error, lang)
    if e.phase is Phase.OVER:
        return lang.text("the hand is over")
    if isinstance(action, Play) and e.seat is not None and e.phase is Phase.PLAY:
        view = game.view(e.seat)
        card = action.card
        if card not in view.hand:
            return lang.text("seat {seat} does not hold {card}", seat=e.seat, card=card)
        if view.trick:
            led = view.trick[0][1].suit
            return lang.text(
                "{card} breaks the duty to follow {suit} or to trump",
                card=card,
                suit=suit_name(led, lang),
            )
        return lang.text("{card} is held back for an announced figure", card=card)
    if isinstance(action, Play):
        return lang.text("no card is played in this phase")
    return lang.text("that is not among the legal actions")


def refusal(e: IllegalActionError, game: Game, lang: Language = ENGLISH) -> str:
    """Why the action the player typed was refused, in ``lang``: what was typed is not
    legal for its seat in this phase, the reason, and the legal actions.  In English
    it is the error's own message."""

    def written(words: Language) -> str:
        legal = ", ".join(str(a) for a in e.legal) or words.text("none")
        shown = quote(e.action) if isinstance(e.action, str) else quote(str(e.action))
        return words.text(
            "{action} is not legal for seat {seat} in phase {phase}: {reason}. Legal: {legal}",
            action=shown,
            seat=e.seat,
            phase=phase_name(e.phase, words),
            reason=_reason(e, game, words),
            legal=legal,
        )

    if written(ENGLISH) != str(e):  # a refusal this module does not know: the engine's words
        return str(e)
    return written(lang)
