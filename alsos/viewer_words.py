"""The hand viewer's words for what the engine writes in English: phases, contracts,
items at stake, the settlement's items, what a seat showed of its meld.

The engine names these in English text (``str(contract)``, ``Entry.detail``, a
:class:`~alsos.hand.events.MeldShown`'s detail); :mod:`alsos.viewer` writes them from
the same facts in its :class:`~alsos.language.Language`, each whole message giving
exactly the engine's text in English.  Where the engine's text is not its usual one
(a plugin's own scoring, say), it is shown as written.
"""

from __future__ import annotations

from alsos.analysis.report import phase_name
from alsos.hand.history import HIDDEN_KINDS, MeldAnswer
from alsos.hand.settlement import Entry
from alsos.language import ENGLISH, N_, Language, said_in
from alsos.pack.cards import Rank, Suit
from alsos.pack.phases import Contract, Kind
from alsos.play.view import ItemView
from alsos.words.rules import game_name, suit_name

__all__ = [
    "contract_words",
    "detail_words",
    "entry_label",
    "hidden_words",
    "item_words",
    "meld_shown",
    "phase_name",
]

#: What another seat's hidden action shows (the history's words: ``discard``, ``bid trumps``).
_HIDDEN = {HIDDEN_KINDS["discard"]: N_("discard"), HIDDEN_KINDS["bid"]: N_("bid trumps")}


def _engine_contract(contract: Contract | None, lang: Language) -> str:
    """A contract as the engine writes it (``trump hearts``, ``betli``; ``thrown in`` for
    none), in ``lang``."""
    if contract is None:
        return lang.text("thrown in")
    game = lang.text("klopitzky") if contract.kind is Kind.KLOPITZKY else game_name(contract, lang)
    if contract.name is None:
        return game
    return lang.text("{contract}, {game}", contract=contract.name, game=game)


def contract_words(contract: Contract | None, written: str, lang: Language) -> str:
    """``written`` (the engine's text of ``contract``: a view's, a settlement's) in ``lang``,
    where it is the engine's usual text (a plugin's own is shown as it is)."""
    if _engine_contract(contract, ENGLISH) != written:
        return written
    return _engine_contract(contract, lang)


def item_words(item: ItemView, lang: Language) -> str:
    """An item at stake as ``str(item)`` writes it (``game 2``), in ``lang``."""
    if item.label == "game":
        message = N_("game {value}, call x{call}") if item.call != 1 else N_("game {value}")
    elif item.call != 1:
        message = N_("{item} (seat {seat}) {value}, call x{call}")
    else:
        message = N_("{item} (seat {seat}) {value}")
    return lang.text(message, item=item.label, seat=item.seat, value=item.value, call=item.call)


def _boost(label: str, factor: int, lang: Language) -> str:
    """A boost of an item's worth (``uhu front x2``: its figure and when it was said)."""
    figure, _, when = label.rpartition(" ")
    if when == "front" and figure:
        return lang.text("{figure} front x{factor}", figure=figure, factor=factor)
    if when == "back" and figure:
        return lang.text("{figure} back x{factor}", figure=figure, factor=factor)
    return lang.text("{boost} x{factor}", boost=label, factor=factor)


def _detail_words(e: Entry, lang: Language) -> str:
    """How an item's value came about, as :attr:`Entry.detail` writes it, in ``lang``."""
    if e.note:  # the scoring module's own words (a Said: in the reader's language)
        return said_in(e.note, lang)
    t = lang.text
    parts = [t("base {base}", base=e.base)]
    if e.front_multiplier != 1:
        parts.append(t("front x{factor}", factor=e.front_multiplier))
    parts.extend(_boost(label, factor, lang) for label, factor in e.boosts)
    for i, (_seat, front) in enumerate(e.steps):
        name = e.step_names[i] if i < len(e.step_names) else t("kontra step {n}", n=i + 1)
        parts.append(t(N_("{step} front") if front else N_("{step} back"), step=name))
    if e.call != 1:
        parts.append(t("call x{factor}", factor=e.call))
    return ", ".join(parts)


def detail_words(e: Entry, lang: Language) -> str:
    """:attr:`Entry.detail` in ``lang`` (as it is where it is not the usual breakdown)."""
    return _detail_words(e, lang) if _detail_words(e, ENGLISH) == e.detail else e.detail


def entry_label(label: str, lang: Language) -> str:
    """An item of the settlement: ``game``, ``klopitzky`` or a figure's id (as it is)."""
    if label == "game":
        return lang.text("game")
    if label == "klopitzky":
        return lang.text("klopitzky")
    return label


def meld_shown(answer: MeldAnswer, lang: Language) -> str:
    """What a seat showed of its meld (``shows to the A``), in ``lang``."""
    part, value, t = answer.part, answer.value, lang.text
    if part in ("vannak", "top"):
        rank = Rank(value)
        message = N_("shows vannak of {rank}") if part == "vannak" else N_("shows to the {rank}")
        return t(message, rank=rank.code)
    if part == "suit":
        return t("shows in {suit}", suit=suit_name(Suit(value), lang))
    return t("shows in trumps") if value else t("shows not in trumps")


def hidden_words(public: str, lang: Language) -> str:
    """What everyone saw of another seat's hidden action (the history's ``discard``,
    ``bid trumps``), in ``lang``."""
    message = _HIDDEN.get(public)
    return public if message is None else lang.text(message)
