"""``alsos tutorial``: a guided first hand in the terminal.

The profile's worked example (:func:`alsos.rulebook.worked_example`) is replayed
as a lesson (:func:`alsos.learn.tutorial.lesson`) for its declarer's seat: the
hand is told as ``alsos play`` tells it, each new idea is explained when it first
comes up (:mod:`alsos.words.tutorial`), and at each of the learner's decisions
the lesson says which move to make and what it does, and waits for it to be
typed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from alsos.language import ENGLISH, LANGUAGES, Language, language, locale_language, said_in
from alsos.learn.tutorial import Lesson, LessonStep, lesson
from alsos.play.game import Game
from alsos.rulebook import worked_example
from alsos.ruleset.loading import load_variant
from alsos.ruleset.wording import name_in
from alsos.terminal.narrator import Narrator
from alsos.terminal.screen import Screen, make_screen
from alsos.words.tutorial import idea_text, intro_lines, step_lines, wrong_move

__all__ = ["add_arguments", "run", "teach"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``alsos tutorial``."""
    parser.add_argument("--variant", default="potter1930", help="the profile (potter1930)")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default=None,
                        help="the language (default: from the locale, else en)")  # fmt: skip
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour in the terminal (default: auto)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Run ``alsos tutorial``; the exit code."""
    lang = language(args.lang or locale_language())
    try:
        rules = load_variant(args.variant)
    except ValueError as e:
        print(said_in(e, lang), file=sys.stderr)
        return 2
    record = worked_example(rules)
    if record is None:
        print(
            lang.text("{rules} has no guided hand yet", rules=name_in(rules, lang)), file=sys.stderr
        )
        return 2
    screen = make_screen(args.color, "letters", lang)
    return teach(lesson(record, rules=rules), screen, lang)


def teach(
    taught: Lesson,
    screen: Screen,
    lang: Language = ENGLISH,
    ask: Callable[[str], str] | None = None,
) -> int:
    """Run the lesson ``taught`` on ``screen`` in ``lang``, reading the learner's moves
    with ``ask`` (by default :func:`input`); 0 when the hand reached its settlement or
    the learner stopped."""
    ask = input if ask is None else ask
    for line in intro_lines(taught, lang):
        screen.line(line)
    game = taught.new_game()
    narrator = Narrator(game, screen, (taught.seat,), taught.seat, lang=lang)
    narrator.open()
    _ideas(screen, lang, ("deal",), game, None)
    for step in taught.steps:
        narrator.before()
        if step.before or step.asks:
            narrator.flush()
        _ideas(screen, lang, step.before, game, step)
        if step.asks and not _typed(step, game, screen, lang, ask):
            screen.line(lang.text("The lesson stops here."))
            return 0
        narrator.step(step.seat, game.apply(step.action, seat=step.seat))
        if game.is_over:
            narrator.close()
        elif step.after:
            narrator.flush()
        _ideas(screen, lang, step.after, game, step)
    screen.line(
        lang.text(
            "That was the whole hand. Now play one of your own: alsos play --variant {variant}",
            variant=taught.rules.id,
        )
    )
    return 0


def _ideas(
    screen: Screen, lang: Language, ideas: tuple[str, ...], game: Game, step: LessonStep | None
) -> None:
    for idea in ideas:
        screen.line(("* " + idea_text(idea, game, step, lang), "bold"))


def _typed(
    step: LessonStep, game: Game, screen: Screen, lang: Language, ask: Callable[[str], str]
) -> bool:
    """Wait for the learner to type the step's move; False when they stop."""
    for line in step_lines(step, game, lang):
        screen.line("  " + line)
    while True:
        try:
            typed = ask(lang.text("your move>") + " ").strip()
        except EOFError:
            return False
        if ask is input and not sys.stdin.isatty():  # piped moves: echoed, to read well
            print(typed)
        if not typed:
            return False
        if typed == str(step.action):
            return True
        screen.line("  " + wrong_move(step, typed, lang))
