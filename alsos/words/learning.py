"""Learning in words: why a choice is better (:func:`why_text`), and puzzles to read and
answer (:func:`puzzle_lines`, :func:`answer_lines`).

:func:`alsos.analysis.hint` and the puzzles of :mod:`alsos.learn` measure
what a better action changes (:class:`~alsos.analysis.reasons.Why`: the fate
of a scored item, the trick, the card points); here that becomes one clause
in the reader's language.  Every clause is a whole message with its counts
as placeholders, and items are named as a kontra names them
(:func:`~alsos.words.telling.item_name`), the seat's own as *your*.
"""

from __future__ import annotations

from alsos.analysis.reasons import Why
from alsos.language import ENGLISH, N_, Language
from alsos.learn.puzzles import Puzzle
from alsos.pack.actions import Action, Announce, Discard, Play
from alsos.pack.cards import Card
from alsos.ruleset.profile import Ruleset
from alsos.words.actions import card_name
from alsos.words.rules import seat_name
from alsos.words.story import plain_text, told
from alsos.words.telling import item_name

__all__ = [
    "action_words",
    "answer_lines",
    "puzzle_lines",
    "rules_of",
    "theme_title",
    "why_text",
]

#: Each theme's title (:data:`alsos.analysis.reasons.THEMES`).
_THEMES = {
    "figure": N_("make a figure, or beat one"),
    "game": N_("win the game"),
    "trick": N_("take the trick, or leave it"),
    "points": N_("count the card points"),
    "announce": N_("announce, or keep quiet"),
    "kontra": N_("when to say kontra"),
    "bid": N_("what to bid"),
    "call": N_("answer a call"),
    "discard": N_("what to put away"),
    "value": N_("weigh the whole hand"),
}


def theme_title(theme: str, lang: Language = ENGLISH) -> str:
    """A theme's title in ``lang`` (the key itself for a theme not known here)."""
    message = _THEMES.get(theme)
    return theme if message is None else lang.text(message)


def action_words(action: Action, lang: Language = ENGLISH) -> str:
    """An action as a person reads it: a card by its name, the rest in the notation."""
    if isinstance(action, (Play, Discard)):
        return card_name(action.card, lang)
    return str(action)


def _item(key: str, rules: Ruleset, me: int, lang: Language) -> str:
    """An item ``"label@seat"`` (the seat that undertook it) in words, the reader's
    own as *your*."""
    name, _, seat = key.partition("@")
    mine = seat.isdigit() and int(seat) == me
    if name == "game":
        return lang.text("your game") if mine else lang.text("the declarer's game")
    if mine:
        return lang.text("your {item}", item=item_name(name, rules, lang))
    return item_name(key, rules, lang)


def _item_clause(w: Why, rules: Ruleset, me: int, lang: Language) -> str:
    item, n = _item(w.item, rules, me, lang), w.worlds
    if w.said == "other" and isinstance(w.other, Announce):  # declining to announce it
        failed = w.scored_other - w.made_other
        return lang.text(
            "announced, {item} would fail in {k} of {n} deals", item=item, k=failed, n=n
        )
    if w.said == "action" and isinstance(w.action, Announce):
        return lang.text("announced, {item} is made in {k} of {n} deals", item=item, k=w.made, n=n)
    if w.said:  # a kontra: the item's fate is the reason
        scored, made = (w.scored, w.made) if w.said == "action" else (w.scored_other, w.made_other)
        if 2 * made >= scored:
            return lang.text("{item} is made in {k} of {n} deals", item=item, k=made, n=n)
        return lang.text("{item} fails in {k} of {n} deals", item=item, k=scored - made, n=n)
    if w.ours:
        return lang.text(
            "with it {item} is made in {a} of {n} deals, against {b}",
            item=item,
            a=w.made,
            b=w.made_other,
            n=n,
        )
    return lang.text(
        "with it {item} fails in {a} of {n} deals, against {b}",
        item=item,
        a=w.scored - w.made,
        b=w.scored_other - w.made_other,
        n=n,
    )


def why_text(w: Why, rules: Ruleset, me: int, lang: Language = ENGLISH) -> str:
    """What ``w.action`` does better than ``w.other`` for seat ``me``, one clause per
    difference found, joined; "" where only the value tells them apart."""
    clauses = []
    if w.item:
        clauses.append(_item_clause(w, rules, me, lang))
    if w.trick is not None and w.trick_other is not None:
        clauses.append(
            lang.text(
                "with it your side takes this trick in {a} of {n} deals, against {b}",
                a=w.trick,
                b=w.trick_other,
                n=w.worlds,
            )
        )
    if w.points is not None and w.points_other is not None:
        clauses.append(
            lang.text(
                "your side takes {p} card points on average, against {q}",
                p=lang.number(w.points, ".0f"),
                q=lang.number(w.points_other, ".0f"),
            )
        )
    return "; ".join(clauses)


def _card_text(card: Card) -> str:
    return card.name


def puzzle_lines(p: Puzzle, lang: Language = ENGLISH) -> list[str]:
    """The puzzle as a person reads it before answering: its theme and difficulty, the
    hand so far as the seat saw it (the story of :func:`~alsos.words.story.told`, from
    the position's seat record alone), the seat's cards and the question."""
    game = p.position.replay()
    out = [
        lang.text(
            "Puzzle {id} ({variant}): {theme}, difficulty {d} of 4",
            id=p.id,
            variant=p.variant,
            theme=theme_title(p.theme, lang),
            d=p.difficulty,
        )
    ]
    for line in told(game, p.seat, lang=lang):
        text = plain_text(line.parts, _card_text, lang)
        if line.style == "header":
            out.append(f"-- {line.title}" + (f": {text}" if text else ""))
        else:
            out.append("  " * line.depth + text)
    view = p.view
    out.append(
        lang.text(
            "You are {player}; you hold {cards}.",
            player=seat_name(p.seat, lang),
            cards=" ".join(c.name for c in view.hand),
        )
    )
    out.append(
        lang.text("What do you choose? {choices}", choices=", ".join(str(a) for a in p.legal))
    )
    return out


def answer_lines(p: Puzzle, chosen: Action, lang: Language = ENGLISH) -> list[str]:
    """What a person reads after choosing ``chosen``: right or not, every choice's
    value, how sure the answer is, and why (:func:`why_text`)."""
    value = {c.action: c.value for c in p.choices}
    if chosen == p.answer:
        out = [lang.text("Right: {answer} is the best choice.", answer=p.answer)]
    else:
        out = [
            lang.text(
                "Not quite: {answer} is best; {chosen} is worth {cost} stakes less.",
                answer=p.answer,
                chosen=chosen,
                cost=lang.number(value[p.answer] - value.get(chosen, value[p.answer]), ".2f"),
            )
        ]
    reason = why_text(p.why, rules_of(p), p.seat, lang)
    if reason and p.why.other == p.played:
        out.append(
            lang.text(
                "Why, against {other} (the choice made in the hand): {reason}.",
                other=p.why.other,
                reason=reason,
            )
        )
    elif reason:
        out.append(lang.text("Why, against {other}: {reason}.", other=p.why.other, reason=reason))
    if p.exact:
        out.append(
            lang.text(
                "It is best in each of the {n} deals tried, each solved exactly.", n=2 * p.worlds
            )
        )
    else:
        out.append(
            lang.text(
                "Values: the average over {n} deals that agree with what you knew, "
                "with {level} intervals; a second sampling agreed.",
                n=p.worlds,
                level="95%",
            )
        )
    for c in p.choices:
        out.append(
            lang.text(
                "{action}: {value} ({low}..{high})",
                action=c.action,
                value=lang.number(c.value, "+.2f"),
                low=lang.number(c.low if c.low is not None else c.value, "+.2f"),
                high=lang.number(c.high if c.high is not None else c.value, "+.2f"),
            )
        )
    return out


def rules_of(p: Puzzle) -> Ruleset:
    """The rules a puzzle was made under (its position's)."""
    return p.position.rules()
