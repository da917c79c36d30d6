"""How the loader says what is wrong with a profile, in any language.

A problem the loader finds (:class:`~alsos.ruleset.profile.ProfileError`) is a
:class:`~alsos.language.Said`: its text is the English a programmer reads, and a
person is shown it in their own language (:func:`~alsos.language.said_in`).  Here
are the pieces several of the loader's modules share: problems and guesses
joined as the reader's language joins them (:func:`clauses`, :func:`or_list`),
a problem cut to the error's bound in whichever language it is written
(:class:`Cut`), and the card notation's reasons as sentences (:func:`card_said`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

from alsos.language import N_, Language, Said
from alsos.pack.cards import Rank, quote

__all__ = ["Cut", "card_said", "clauses", "or_list", "unknown_key"]


class Cut(Said):
    """A problem over 500 characters, cut to its first 490 in whichever language it
    is written (the bound of :class:`~alsos.ruleset.profile.ProfileError`)."""

    __slots__ = ()

    @classmethod
    def of(cls, problem: str) -> str:
        """``problem`` cut (a :class:`~alsos.language.Said` stays one)."""
        if not isinstance(problem, Said):
            return f"{problem[:490]}..."
        made = str.__new__(cls, f"{problem[:490]}...")
        made.message, made.plural, made.values = problem.message, problem.plural, problem.values
        return made

    def written(self, lang: Language) -> str:
        whole = super().written(lang)
        return whole if len(whole) <= 500 else f"{whole[:490]}..."

    def __reduce__(self) -> tuple[Any, ...]:
        whole = (
            Said(self.message, **self.values)
            if self.plural is None
            else Said.counted(self.message, *self.plural, **self.values)
        )
        return (Cut.of, (whole,))


def clauses(items: Iterable[str]) -> str:
    """``items`` as one text, ``a; b; c``, each written in the reader's language
    (a :class:`~alsos.language.Said` when there are two or more)."""
    items = list(items)
    joined = items[-1] if items else ""
    for item in reversed(items[:-1]):
        joined = Said(N_("{first}; {rest}"), first=item, rest=joined)
    return joined


def or_list(items: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a or b or c``: choices as the reader's language offers them
    (what "did you mean" guesses and the words a key allows are listed with)."""
    items = list(items)
    joined = items[-1] if items else ""
    for item in reversed(items[:-1]):
        joined = Said(N_("{first} or {rest}"), first=item, rest=joined)
    return joined


def card_said(error: ValueError, kind: str, text: str) -> str:
    """Why :mod:`alsos.pack.cards` could not read ``text`` as a ``kind`` (``rank``,
    ``suit``, ``card`` or ``order``) of a profile, as a :class:`~alsos.language.Said`
    with the English the pack gives (the pack's own text, should it say otherwise)."""
    said = error.args[0] if len(error.args) == 1 else None
    if isinstance(said, Said):
        return said
    made = _card_reason(kind, text)
    return made if made == str(error) else str(error)


def _card_reason(kind: str, text: str) -> str:
    """What :func:`card_said` expects the pack to say of ``text``, a ``kind``."""
    if kind == "rank":
        codes = " ".join(r.code for r in Rank)
        return Said(
            N_("unknown rank {rank}; expected one of {ranks}"), rank=quote(text), ranks=codes
        )
    if kind == "suit":
        return Said(
            N_(
                "unknown suit {suit}; expected one of acorns, hearts, gourds, leaves "
                "(or M, P, T, Z)"
            ),
            suit=quote(text),
        )
    if kind == "card":
        return Said(
            N_(
                "cannot read card {card}: write the suit letter (M, P, T, Z) then the rank "
                "(A K O U 10 9 8 7), e.g. 'MA' or 'P10'"
            ),
            card=quote(text),
        )
    ranks: list[Rank] = []
    for part in text.replace(",", " ").split():
        try:
            ranks.append(Rank.parse(part))
        except ValueError:
            why = _card_reason("rank", part)
            return Said(
                N_("cannot read card order {order}: {problem}"), order=quote(text), problem=why
            )
    return Said(
        N_("a card order must name each of the eight ranks once, got {ranks}"),
        ranks=repr(" ".join(r.code for r in ranks)),
    )


def unknown_key(where: str, word: str, known: Sequence[str]) -> Said:
    """``where: unknown key``, with a guess at what was meant (``word`` against the
    ``known`` keys), or the keys there are when they are few: the loader's and a
    module's parameters' one wording."""
    close = difflib.get_close_matches(word, known, n=3, cutoff=0.6)
    if close:
        guesses = or_list([repr(c) for c in close])
        return Said(
            N_("{where}: unknown key; did you mean {guesses}?"), where=where, guesses=guesses
        )
    if len(known) <= 24:
        return Said(
            N_("{where}: unknown key; known keys: {known}"), where=where, known=", ".join(known)
        )
    return Said(N_("{where}: unknown key"), where=where)
