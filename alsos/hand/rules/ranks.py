"""The ranks of cards as the rule modules' clauses name them, in a language.

English writes a rank by its code (``the trump 7``, ``every A``), as the card
notation does; another language may name it (Hungarian ``az adu hetes``,
``mind a négy ász``), often with a word that changes with the rank.  So each
phrase is a message of its own for each rank, never ``"the trump {rank}"``: a
translation then says every rank its own way and keeps the placeholders of the
sentence it goes into.
"""

from __future__ import annotations

from alsos.language import N_, Language
from alsos.pack.cards import Rank

__all__ = ["every_rank", "of_trumps", "the_rank", "trump_rank"]

#: ``the trump 7``: the card of that rank in the trump suit.
_TRUMP = {
    Rank.ACE: N_("the trump A"),
    Rank.KING: N_("the trump K"),
    Rank.OVER: N_("the trump O"),
    Rank.UNDER: N_("the trump U"),
    Rank.TEN: N_("the trump 10"),
    Rank.NINE: N_("the trump 9"),
    Rank.EIGHT: N_("the trump 8"),
    Rank.SEVEN: N_("the trump 7"),
}
#: ``the 7 of trumps``: the same card, as the rulebook's overview says it.
_OF_TRUMPS = {
    Rank.ACE: N_("the A of trumps"),
    Rank.KING: N_("the K of trumps"),
    Rank.OVER: N_("the O of trumps"),
    Rank.UNDER: N_("the U of trumps"),
    Rank.TEN: N_("the 10 of trumps"),
    Rank.NINE: N_("the 9 of trumps"),
    Rank.EIGHT: N_("the 8 of trumps"),
    Rank.SEVEN: N_("the 7 of trumps"),
}
#: ``the 8``: a trump named again after ``the trump 7`` in the same sentence.
_THE = {
    Rank.ACE: N_("the A"),
    Rank.KING: N_("the K"),
    Rank.OVER: N_("the O"),
    Rank.UNDER: N_("the U"),
    Rank.TEN: N_("the 10"),
    Rank.NINE: N_("the 9"),
    Rank.EIGHT: N_("the 8"),
    Rank.SEVEN: N_("the 7"),
}
#: ``every A``: the four cards of that rank.
_EVERY = {
    Rank.ACE: N_("every A"),
    Rank.KING: N_("every K"),
    Rank.OVER: N_("every O"),
    Rank.UNDER: N_("every U"),
    Rank.TEN: N_("every 10"),
    Rank.NINE: N_("every 9"),
    Rank.EIGHT: N_("every 8"),
    Rank.SEVEN: N_("every 7"),
}


def trump_rank(rank: Rank, lang: Language) -> str:
    """``the trump 7`` in ``lang``."""
    return lang.text(_TRUMP[rank])


def of_trumps(rank: Rank, lang: Language) -> str:
    """``the 7 of trumps`` in ``lang``."""
    return lang.text(_OF_TRUMPS[rank])


def the_rank(rank: Rank, lang: Language) -> str:
    """``the 8`` (of trumps, named again) in ``lang``."""
    return lang.text(_THE[rank])


def every_rank(rank: Rank, lang: Language) -> str:
    """``every A`` in ``lang``."""
    return lang.text(_EVERY[rank])
