"""A hint in words: the action :func:`alsos.analysis.hint` suggests, its worth, the next
best, and why (:func:`alsos.words.learning.why_text`)."""

from __future__ import annotations

from alsos.language import ENGLISH, Language
from alsos.play.game import Game
from alsos.words.learning import why_text

__all__ = ["hint_text"]

# A reason is told only for a suggestion worth at least this much more than the next best.
_NOTED = 0.05


def hint_text(
    game: Game, me: int, *, worlds: int = 16, seed: int = 0, lang: Language = ENGLISH
) -> str:
    """The suggestion for ``me`` as one line: the action, its value, the next best, and
    what the action does better than the next best, where the hands played on
    show it.

    The action is sampled from ``me``'s own view (worlds consistent with what the
    seat knows, never the real deal)."""
    from alsos.analysis import hint  # the search is loaded when first asked for

    h = hint(game, me, worlds=worlds, seed=seed)
    text = lang.text(
        "hint: {action}, worth {value} stakes to your side "
        "(95% {low}..{high}, {worlds} worlds sampled from your view)",
        action=h.action,
        value=lang.number(h.value, "+.2f"),
        low=lang.number(h.low, "+.2f"),
        high=lang.number(h.high, "+.2f"),
        worlds=h.worlds,
    )
    if h.next_best is None or h.next_value is None:
        return text + lang.text("; it is the only legal action")
    text += lang.text(
        "; next best {action} {value}",
        action=h.next_best,
        value=lang.number(h.next_value, "+.2f"),
    )
    w = h.why
    reason = "" if w is None or w.gain < _NOTED else why_text(w, game.rules, me, lang)
    if reason:
        text += lang.text(". Why, against {other}: {reason}.", other=h.next_best, reason=reason)
    return text
