"""A finished hand's pages: the hand viewer, with or without the after-hand analysis,
and its puzzles (:func:`puzzle_data`).

Once a hand is over it never changes, so its viewer page (and the analysis
the solver adds to it: the exact value of each card play of the last tricks)
is made once, in a worker process (:mod:`alsos.web.searches`, in the turn of
the client that asked), and kept (:class:`Pages`: the most recently asked
pages, up to a number of bytes).  Making a page is the costly part, so that
is what a client is limited in (:meth:`alsos.web.guard.Guard.may_render`);
a page already made is served again at no cost.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Hashable
from html import escape
from typing import TYPE_CHECKING

from alsos.analysis import analyze
from alsos.language import Language, language
from alsos.rulebook import render as rulebook_text
from alsos.rulebook.glossary import glossary
from alsos.ruleset.profile import Ruleset
from alsos.viewer import page as viewer_page
from alsos.web.searches import Position

if TYPE_CHECKING:
    from alsos.learn import Puzzle

__all__ = [
    "AFTER_HAND_TRICKS",
    "TUTORIALS",
    "Pages",
    "puzzle_data",
    "render",
    "rulebook_page",
    "set_data",
    "tutorial_data",
]

#: The profiles whose guided first hand the page offers, the first by default.
TUTORIALS = ("potter1930", "tompa")

#: docutils' settings for a rulebook: a profile's words come from whoever made the
#: table, so no raw HTML and no file is read, and nothing is reported into the page.
_SAFE = {
    "raw_enabled": False,
    "file_insertion_enabled": False,
    "report_level": 5,
    "halt_level": 5,
    "warning_stream": False,
    "embed_stylesheet": False,
    "stylesheet_path": "",
    "doctitle_xform": True,
}

#: Tricks from the end whose card plays the after-hand analysis values exactly (the
#: solver: milliseconds for six tricks of any profile, seconds for a whole hand).
AFTER_HAND_TRICKS = 6


def render(position: Position, title: str, analysis: bool, lang: str = "en") -> str | None:
    """(In a worker.)  The hand viewer's page of the finished hand at ``position``,
    with its analysis if asked, drawn under the table's own ruleset (an uploaded
    profile's too), in the language ``lang`` (its code); None when the viewer cannot
    show it."""
    game = position.game()
    found = analyze(game, worlds=0, open_card_tricks=AFTER_HAND_TRICKS) if analysis else None
    try:
        return viewer_page(game.record(), title=title, analysis=found, rules=game.rules, lang=lang)
    except ValueError:
        return None


def puzzle_data(position: Position, lang: str = "en") -> str:
    """(In a worker.)  The puzzles of the finished hand at ``position``
    (:func:`alsos.learn.find_puzzles`: every seat's mistakes), as the JSON text the
    puzzle board reads (:func:`_board`).  The hand is over, so its record is public;
    each position is still only what its seat saw."""
    from alsos.learn import find_puzzles

    return _board(find_puzzles(position.game()), language(lang))


def set_data(variant: str, lang: str = "en") -> str:
    """(In a worker.)  The shipped puzzle set of ``variant``
    (:func:`alsos.learn.shipped`) as the puzzle board reads it (:func:`_board`)."""
    from alsos.learn import shipped

    return _board(shipped(variant), language(lang))


def _board(puzzles: list[Puzzle], words: Language) -> str:
    """Puzzles as the board reads them: each with its words in ``words`` -- the
    position told as its seat saw it, each choice's name, and what is said after
    each choice -- its seat's cards, and the puzzle itself
    (:func:`alsos.learn.to_json`)."""
    from alsos.learn import to_json
    from alsos.words.actions import action_label
    from alsos.words.learning import answer_lines, puzzle_lines, theme_title

    out = []
    for p in puzzles:
        choices = [
            {"action": str(a), "label": action_label(a, words), "said": answer_lines(p, a, words)}
            for a in p.legal
        ]
        out.append(
            {
                "id": p.id,
                "seat": p.seat,
                "theme": theme_title(p.theme, words),
                "difficulty": p.difficulty,
                "exact": p.exact,
                "lines": puzzle_lines(p, words),
                "hand": [c.name for c in p.view.hand],
                "choices": choices,
                "answer": str(p.answer),
                "puzzle": to_json(p),
            }
        )
    return json.dumps({"lang": words.code, "puzzles": out}, ensure_ascii=False)


def tutorial_data(variant: str, lang: str = "en") -> str:
    """(In a worker.)  The guided first hand of the shipped profile ``variant``
    (:func:`alsos.learn.tutorial.lesson` of its worked example) as the JSON text the
    page plays it from, in the language ``lang`` (its code): the introduction, then
    for each step the hand so far as the learner saw it (the story's lines) and the
    learner's cards, the ideas explained before and after it, and at the learner's
    own decisions the move asked for, what it does and the legal moves."""
    from alsos.learn.tutorial import lesson
    from alsos.rulebook import worked_example
    from alsos.ruleset.loading import load_variant
    from alsos.ruleset.wording import name_in
    from alsos.words.story import plain_text, told
    from alsos.words.tutorial import idea_text, intro_lines, step_lines

    words = language(lang)
    rules = load_variant(variant)
    record = worked_example(rules)
    assert record is not None, f"{variant} has no worked example"
    taught = lesson(record, rules=rules)
    game, me = taught.new_game(), taught.seat

    def story() -> list[str]:
        return [
            ("-- " + line.title + ": " if line.style == "header" else "  " * line.depth)
            + plain_text(line.parts, lambda c: c.name, words)
            for line in told(game, me, lang=words)
        ]

    steps = [{"before": [idea_text("deal", game, None, words)], "story": story(), "wait": True}]
    for step in taught.steps:
        frame: dict[str, object] = {
            "before": [idea_text(i, game, step, words) for i in step.before],
            "asks": step.asks,
        }
        if step.asks:
            frame.update(
                move=str(step.action),
                help=step_lines(step, game, words),
                legal=[str(a) for a in game.legal_actions()],
            )
        if step.asks or step.before:
            frame.update(story=story(), hand=[c.name for c in game.view(me).hand])
        game.apply(step.action, seat=step.seat)
        frame["after"] = [idea_text(i, game, step, words) for i in step.after]
        if step.after:
            frame["story"] = story()
        steps.append(frame)
    return json.dumps(
        {"lang": words.code, "rules": name_in(rules, words), "seat": me,
         "intro": intro_lines(taught, words)[:1], "steps": steps, "story": story()},
        ensure_ascii=False,
    )  # fmt: skip


def rulebook_page(rules: Ruleset, lang: str = "en") -> str:
    """(In a worker.)  The complete rules of ``rules`` -- the table's own, an uploaded
    profile's too -- as a page in the language ``lang`` (its code), with the glossary
    of the Hungarian terms after them: the rulebook's reStructuredText
    (:func:`alsos.rulebook.render`, card pictures inline) made HTML by docutils, the
    reference reader of that format."""
    from docutils.core import publish_parts

    words = language(lang)
    parts = publish_parts(
        rulebook_text(rules, "rst", lang=words), writer_name="html5", settings_overrides=_SAFE
    )
    terms = "".join(
        f'<dt lang="hu">{escape(term)}</dt><dd>{escape(meaning)}</dd>'
        for term, meaning in sorted(glossary(rules, words).items())
    )
    heading = escape(words.text("Glossary"))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(_html_lang(words))}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(parts['title'])}</title>"
        '<link rel="stylesheet" href="../../../static/rules.css"></head>'
        f"<body><main>{parts['html_body']}"
        f'<section id="glossary"><h2>{heading}</h2><dl>{terms}</dl>'
        "</section></main></body></html>\n"
    )


def _html_lang(lang: Language) -> str:
    """The page's ``lang`` attribute: the language's code (the pseudo-language reads
    as English to a screen reader)."""
    return "en" if lang.code == "qps" else lang.code


class Pages:
    """The pages made, by (table, hand, with analysis) or by the ruleset of a
    rulebook, up to ``budget`` bytes."""

    def __init__(self, budget: int = 64 << 20) -> None:
        self.budget = budget
        self.size = 0
        self._kept: OrderedDict[Hashable, str | None] = OrderedDict()

    def get(self, key: Hashable) -> tuple[bool, str | None]:
        """(found, the page) for ``key``; a page found is the most recently used."""
        if key not in self._kept:
            return False, None
        self._kept.move_to_end(key)
        return True, self._kept[key]

    def keep(self, key: Hashable, page: str | None) -> None:
        """Keep ``page`` (None: the viewer cannot show this hand), letting go of the
        least recently used pages beyond the budget."""
        if key in self._kept:
            return
        self._kept[key] = page
        self.size += len(page or "")
        while self.size > self.budget and len(self._kept) > 1:
            _, old = self._kept.popitem(last=False)
            self.size -= len(old or "")
