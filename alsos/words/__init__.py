"""The words a person reads: one layer that turns rules, actions, settlements and hints
into sentences, in a language passed as a parameter.

The terminal (``alsos play``), the web table (``alsos serve``), the hand
viewer and the rulebook's worked example are its clients: none phrases a rule,
an action's meaning, a settlement or a hint itself.  Every function takes ``lang``, a
:class:`~alsos.language.Language` (English by default;
:func:`~alsos.language.language` finds one by its code), and every
sentence is a whole message with named placeholders looked up through
``gettext``, so a catalogue can translate it (issue 33: Hungarian).

- :mod:`alsos.language`: the language, found by its code;
- :mod:`alsos.words.rules`: a profile's own rules -- contracts, figures, the
  auction -- and the rulebook's clauses;
- :mod:`alsos.words.actions`: what a legal action does, a card's name;
- :mod:`alsos.words.settlement`: why a hand paid what it paid;
- :mod:`alsos.words.story`: a hand told as it happens, as lines of words and
  cards each client draws its own way (the terminal's narration);
- :mod:`alsos.words.telling`: a finished hand told as prose (the rulebook's
  worked example);
- :mod:`alsos.words.hints`: a hint as a line;
- :mod:`alsos.words.learning`: why a choice is better, and puzzles to read and
  answer.
"""

from __future__ import annotations

from alsos.words.actions import action_help, action_label, card_name
from alsos.words.hints import hint_text

# (through alsos.words.language, imported first, so that the name ``language`` here stays
# the function: importing a submodule later would otherwise bind the module to it)
from alsos.words.language import ENGLISH, LANGUAGES, Language, LanguageError, language
from alsos.words.learning import answer_lines, puzzle_lines, theme_title, why_text
from alsos.words.rules import (
    clause,
    contract_meaning,
    contract_name,
    figure_meaning,
    seat_name,
    seats_text,
    suit_name,
)
from alsos.words.settlement import explain_settlement
from alsos.words.story import Line, Story, Strong
from alsos.words.telling import action_sentence, settlement_sentences

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "Language",
    "LanguageError",
    "Line",
    "Story",
    "Strong",
    "action_help",
    "action_label",
    "action_sentence",
    "answer_lines",
    "card_name",
    "clause",
    "contract_meaning",
    "contract_name",
    "explain_settlement",
    "figure_meaning",
    "hint_text",
    "language",
    "puzzle_lines",
    "seat_name",
    "seats_text",
    "settlement_sentences",
    "suit_name",
    "theme_title",
    "why_text",
]
