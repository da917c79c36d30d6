"""A session's words between its hands, in the player's language: ``alsos play --rubber``.

The scores after each hand, what each seat may still declare, the session's
news (a rubber's raised target), who won and the net results; what ends the
session and each hand's heading are the schedule's own words
(:meth:`~alsos.play.session.Session.goal`, ``hand_title``, ``progress_note``,
``ending``, each in a language).
"""

from __future__ import annotations

from typing import Any

from alsos.hand.chosen import declare_limit
from alsos.hand.hooks import described
from alsos.language import Language
from alsos.play.session import Session
from alsos.terminal.screen import Screen
from alsos.words.rules import seat_name

__all__ = ["not_decided", "scores"]


def not_decided(session: Session, hands: int, lang: Language) -> str:
    """The line of a session stopped by ``--hands`` before it was decided."""
    return lang.plural(
        "stopped after {n} hand; the {session} is not decided",
        "stopped after {n} hands; the {session} is not decided",
        hands,
        session=described(session, lang, hook="title_in"),
    )


def _seats(values: dict[int, int], lang: Language, sign: str = "") -> str:
    """``seat 0 3, seat 1 -2``: each seat with its number."""
    return ", ".join(
        lang.text("{player} {points}", player=seat_name(s, lang), points=format(v, sign))
        for s, v in sorted(values.items())
    )


def scores(
    session: Session, n: int, screen: Screen, before: dict[str, Any], lang: Language
) -> None:
    """The written scores after hand ``n``, what is left to declare, and the session's
    news; once it is over, who won and each seat's net result."""
    heading = lang.text(
        "score after {hand}: {written}",
        hand=described(session, lang, n, hook="hand_title").lower(),
        written=_seats(session.scores, lang),
    )
    screen.line((heading, "bold"), f"  ({described(session, lang, hook='goal')})")
    limit = declare_limit(session.rules)
    if limit is not None:
        left = _seats({s: limit - v for s, v in session.declared.items()}, lang)
        screen.line("  " + lang.text("contracts each seat may still declare: {left}", left=left))
    note = described(session, lang, before, hook="progress_note")
    if note is not None:
        screen.line(f"  {note}")
    if not session.is_over:
        return
    screen.line((described(session, lang, hook="ending"), "bold"))
    screen.line(
        lang.text(
            "net result (each seat's score against the others'): {result}",
            result=_seats(session.result(), lang, "+d"),
        )
    )
