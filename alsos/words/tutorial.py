"""The guided first hand in words: each idea of a lesson (:mod:`alsos.learn.tutorial`)
explained for someone who has never played, and what to type at each step.

The explanations are the project's own sentences, each a whole message with the
profile's numbers as placeholders, so a catalogue translates them (the Hungarian
one uses the terms of the Hungarian glossary: *figura*, *kontra*, *talon*).
"""

from __future__ import annotations

from alsos.language import ENGLISH, N_, Language
from alsos.learn.tutorial import Lesson, LessonStep
from alsos.pack.actions import Announce, Kontra
from alsos.play.game import Game
from alsos.ruleset.wording import name_in
from alsos.words.actions import action_help
from alsos.words.rules import figure_meaning, seat_name
from alsos.words.telling import item_name

__all__ = ["idea_text", "intro_lines", "step_lines", "wrong_move"]

_IDEAS = {
    "deal": N_(
        "Alsós is played with the 32-card Hungarian pack: four suits (acorns, hearts, "
        "gourds, leaves), each from the Ace down to the seven. Here {players} players get "
        "{cards} cards each, and {talon} cards lie in the talon. You see your own cards "
        "and the cards turned face up, never the others' hands."
    ),
    "bidding": N_(
        "First comes the auction. The seats speak in turn, and whoever takes on the "
        "game becomes the declarer, who plays alone against all the others. The "
        "declarer's trump suit beats every other suit."
    ),
    "figure": N_(
        "A figure is an extra undertaking said on top of the game, with a stake of its "
        "own that is won or lost on its own. Here: {figure} -- {meaning}."
    ),
    "kontra": N_(
        "Kontra: a player who expects an item to fail doubles its stake. Here the "
        "kontra is on {item}. Each side answers in turn, and may double again."
    ),
    "rekontra": N_(
        "Rekontra: the side that undertook the item doubles it back, to say it will "
        "hold. The steps of this table: {ladder}."
    ),
    "pick-up": N_(
        "The speech is over: everyone now picks up the cards that were dealt face "
        "down. From here on you know your whole hand."
    ),
    "exchange": N_(
        "The exchange: the declarer may swap a trump from the hand for the trump card "
        "lying face up in the talon."
    ),
    "melds": N_(
        "Melds: a run of cards in one suit (a terc is three, a kvart four) counts card "
        "points for its side, shown before the first card. Only the better run of the "
        "two sides scores."
    ),
    "play": N_(
        "Now the play. The leader plays any card; the others answer in turn, following "
        "the rules said above the first trick. The highest trump, or else the highest "
        "card of the suit led, takes the trick."
    ),
    "trick": N_(
        "Whoever takes a trick leads to the next one. The cards taken count for their "
        "side: Aces and tens are worth the most."
    ),
    "last-trick": N_(
        "The last trick: it is worth {points} card points more than its cards, so it "
        "is often fought for."
    ),
    "settlement": N_(
        "The settlement: the game and every figure are won or lost on their own, each "
        "at its stake times its kontras. The declarer is paid by, or pays, each of "
        "the others."
    ),
}


def idea_text(
    idea: str, game: Game, step: LessonStep | None = None, lang: Language = ENGLISH
) -> str:
    """The explanation of ``idea`` (:data:`~alsos.learn.tutorial.IDEAS`) at the position
    ``game`` (before ``step``, where the idea is the step's own)."""
    rules = game.rules
    values: dict[str, object] = {}
    if idea == "deal":
        dealt = rules.players * rules.hand_size
        values = {"players": rules.players, "cards": rules.hand_size, "talon": 32 - dealt}
    elif idea == "figure" and step is not None and isinstance(step.action, Announce):
        name = step.action.figure
        values = {"figure": name, "meaning": figure_meaning(rules, name, lang)}
    elif idea == "kontra" and step is not None and isinstance(step.action, Kontra):
        target = step.action.figure
        if step.action.seat is not None:
            target = f"{target}@{step.action.seat}"
        values = {"item": item_name(target, rules, lang)}
    elif idea == "rekontra":
        values = {"ladder": ", ".join(rules.kontra.levels)}
    elif idea == "last-trick":
        values = {"points": rules.cards.last_trick}
    return lang.text(_IDEAS[idea], **values)


def intro_lines(lesson: Lesson, lang: Language = ENGLISH) -> list[str]:
    """What the lesson says before the deal: what it is and how to answer."""
    return [
        lang.text(
            "A guided hand of {rules}. You play {player}; the other seats play the moves "
            "of a recorded hand, and each new idea is explained when it first comes up.",
            rules=name_in(lesson.rules, lang),
            player=seat_name(lesson.seat, lang),
        ),
        lang.text(
            "At your turn, type the move the lesson asks for (as shown, e.g. {example}); "
            "an empty line stops.",
            example=next((str(s.action) for s in lesson.steps if s.asks), "pass"),
        ),
    ]


def step_lines(step: LessonStep, game: Game, lang: Language = ENGLISH) -> list[str]:
    """What the lesson asks of the learner at ``step``: the move, and what it does."""
    help_text = action_help(game.rules, step.action, lang, game=game, seat=step.seat)
    out = [lang.text("Your move here: {action}", action=step.action)]
    if help_text:
        out.append(lang.text("It does this: {help}", help=help_text))
    return out


def wrong_move(step: LessonStep, typed: str, lang: Language = ENGLISH) -> str:
    """The answer to a move other than the lesson's."""
    return lang.text(
        "{typed} is not this lesson's move: type {action} (after the lesson, every "
        "legal move is yours to choose in alsos play).",
        typed=typed,
        action=step.action,
    )
