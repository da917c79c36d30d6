"""The language words are written in: :mod:`alsos.language`, under its old name.

A language moved below the rules (issue 33) so that a rule module can write its
own sentences in one; this module keeps the names it had.
"""

from __future__ import annotations

from alsos.language import (
    ENGLISH,
    LANGUAGES,
    N_,
    Language,
    LanguageError,
    language,
    locale_language,
)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "Language",
    "LanguageError",
    "language",
    "locale_language",
]
