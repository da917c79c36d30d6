"""An example alsos plugin: the figure kind ``trick-count`` and the scoring ``capped``.

A ``trick-count`` figure is an undertaking to win at least ``threshold``
tricks (more than ``threshold`` with ``strict: true``) in the announcer's
own tricks: a defender's count does not include the partner's tricks.

The ``capped`` scoring module settles as potter's does, but no player pays
another more than its own option ``cap`` (``scoring: {module: capped, cap:
8}``): a module with a parameter of its own, read by the loader, checked,
described in the rulebook and played by the bots like a built-in one.

Importing this module registers both with :mod:`alsos.hand.rules`; alsos does
the import itself through the ``alsos.rules`` entry point declared in
``pyproject.toml``.

The plugin brings its own words: each ``describe`` hook writes its sentences
through the ``lang`` it is given (``lang.text``, ``lang.plural``), and the
kind and the module name their gettext catalogue (``catalogue``, the domain
``alsos_example_plugin`` in ``locale/`` beside this file), so alsos hands them
``lang`` within it: a Hungarian rulebook reads the plugin's Hungarian from
``locale/hu/LC_MESSAGES/alsos_example_plugin.mo``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from alsos.hand.hooks import described
from alsos.hand.protocol import FigureKind, ScoringModule
from alsos.hand.rules import register
from alsos.language import ENGLISH, Language, language
from alsos.ruleset.registry import lookup

if TYPE_CHECKING:
    from alsos.hand.items import Item
    from alsos.hand.settlement import Settlement, Tally
    from alsos.hand.state import HandState
    from alsos.pack.cards import Card
    from alsos.ruleset.profile import FigureRule, Ruleset

__all__ = ["CATALOGUE", "CappedParams", "CappedScoring", "TrickCount"]

#: The plugin's own gettext catalogue: ``(domain, locale directory)``, its messages'
#: translations in ``locale/<language>/LC_MESSAGES/alsos_example_plugin.mo``.
CATALOGUE = ("alsos_example_plugin", str(Path(__file__).resolve().parent / "locale"))


class TrickCount(FigureKind):
    """Win at least ``threshold`` tricks (more than it with ``strict``)."""

    params = ("threshold", "strict")
    catalogue = CATALOGUE

    def judge(self, t: Tally, fig: FigureRule, item: Item) -> bool:
        """Whether the announcing seat took at least ``fig.threshold`` tricks."""
        if fig.threshold is None:  # check() keeps such a figure out of a loaded profile
            raise ValueError("a trick-count figure needs 'threshold': the number of tricks to win")
        won = sum(1 for winner in t.trick_winners if winner == item.seat)
        return won > fig.threshold if fig.strict else won >= fig.threshold

    def check(self, fig: FigureRule, rules: Ruleset, where: str) -> list[str]:
        if fig.threshold is None:
            return [f"{where}.threshold: a trick-count figure needs the number of tricks to win"]
        return []

    def describe(self, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
        n = fig.threshold or 0
        if fig.strict:
            return lang.plural("win more than {n} trick", "win more than {n} tricks", n)
        return lang.plural("win at least {n} trick", "win at least {n} tricks", n)


register("figures", "trick-count")(TrickCount())


# -- a scoring module with an option of its own ----------------------------------


@frozen
class CappedParams:
    """The ``capped`` scoring's own keys, in the profile's ``scoring`` section.

    ``cap``: the most stakes one player pays or receives from one other player
    in a hand.
    """

    cap: int = 16


class CappedScoring(ScoringModule):
    """Potter's settlement, but no defender pays the declarer (or is paid by it) more
    than ``scoring.cap`` stakes in a hand (a table's limit); the score sheet is
    written as usual, and a hand without a declarer (Klopitzky) settles as potter's."""

    Params = CappedParams
    catalogue = CATALOGUE
    zero_sum = True  # the defenders pay alike, as in potter's settlement

    def settle(self, rules: Ruleset, s: HandState) -> Settlement:
        st = lookup("scoring", "potter").settle(rules, s)
        cap = _cap(rules)
        if st.declarer is None:  # Klopitzky, or thrown in: as potter's
            return st
        others = {seat: max(-cap, min(cap, v)) for seat, v in st.payments.items()}
        others[st.declarer] = 0
        others[st.declarer] = -sum(others.values())
        note = f"each payment capped at {cap} stakes (scoring.cap)"
        return attrs.evolve(st, payments=others, notes=[*st.notes, note])

    def check(self, rules: Ruleset) -> list[str]:
        if _cap(rules) < 1:
            return ["scoring.cap: at least 1 stake"]
        return []

    def describe(
        self, rules: Ruleset, lang: Language = ENGLISH
    ) -> list[tuple[str, str, tuple[Card, ...]]]:
        # ``lang`` reads this plugin's catalogue; potter's clauses are alsos's words,
        # asked of potter's module in the same language (its code).
        potter = described(lookup("scoring", "potter"), language(lang.code), rules)
        limit = (
            "scoring.cap",
            lang.plural(
                "No opponent pays the declarer, or is paid by it, more than {n} stake in a "
                "hand: the payments are cut to that, the score sheet is written as usual.",
                "No opponent pays the declarer, or is paid by it, more than {n} stakes in a "
                "hand: the payments are cut to that, the score sheet is written as usual.",
                _cap(rules),
            ),
            (),
        )
        return [*potter, limit]


def _cap(rules: Ruleset) -> int:
    own = rules.scoring.params
    return own.cap if isinstance(own, CappedParams) else CappedParams().cap


register("scoring", "capped")(CappedScoring())
