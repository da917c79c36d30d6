"""A hint in words: the action :func:`alsos.analysis.hint` suggests, its worth and the next best."""

from __future__ import annotations

from alsos.language import ENGLISH, Language
from alsos.play.game import Game

__all__ = ["hint_text"]


def hint_text(
    game: Game, me: int, *, worlds: int = 16, seed: int = 0, lang: Language = ENGLISH
) -> str:
    """The suggestion for ``me`` as one line: the action, its value and the next best.

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
    if h.next_best is not None and h.next_value is not None:
        return text + lang.text(
            "; next best {action} {value}",
            action=h.next_best,
            value=lang.number(h.next_value, "+.2f"),
        )
    return text + lang.text("; it is the only legal action")
