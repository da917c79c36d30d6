"""The rulebook's Melds section (``melds.*`` clauses), written from the profile's
meld rules: with a contest (the best holder scores) or without (each scores its own).

Part of :mod:`alsos.rulebook.sections`, kept apart for its length.
"""

from __future__ import annotations

from alsos.hand.chosen import named_contracts
from alsos.language import Language
from alsos.pack.actions import MELD_NAMES
from alsos.pack.cards import CARDS, Rank, Suit
from alsos.rulebook.clauses import Clause
from alsos.rulebook.clauses import source_of as _src
from alsos.rulebook.glossary import term
from alsos.ruleset.profile import Ruleset

__all__ = ["melds_section"]


def _sequence_values(rules: Ruleset, lang: Language) -> str:
    """What a sequence scores by its length: "3 cards 20, 4 cards 50, 5+ cards 100"."""
    values = rules.melds.sequence_values
    longest = max(values, default=0)
    return ", ".join(
        lang.text("{n}+ cards {points}", n=n, points=v)
        if n == longest
        else lang.plural("{n} card {points}", "{n} cards {points}", n, points=v)
        for n, v in sorted(values.items())
    )


def _melds_who(rules: Ruleset, lang: Language) -> str:
    """In which of a ladder's contracts whose melds count."""
    contracts = [s.title for s in named_contracts(rules).values() if s.melds == "all"]
    mine = [s.title for s in named_contracts(rules).values() if s.melds == "declarer"]
    if contracts and mine:
        return lang.text(
            "In {contracts} every player scores its melds; in {mine} only the declarer does",
            contracts=", ".join(contracts),
            mine=", ".join(mine),
        )
    if contracts:
        return lang.text(
            "In {contracts} every player scores its melds", contracts=", ".join(contracts)
        )
    return lang.text("Melds count only where the contract says so")


def _melds_for_all(rules: Ruleset, src: str | None, lang: Language) -> list[Clause]:
    """Melds without a contest: each entitled player scores all its own (altiansz, "Melds")."""
    m = rules.melds
    kinds = [lang.text("{{béla}} {points}", points=m.bela)] if m.bela else []
    if m.twenty:
        kinds.append(
            lang.text("the King and Over of another suit (a 20) {points}", points=m.twenty)
        )
    if m.sequence_order == "trick":
        order = lang.text(
            "in the suit's own order of play (so 9 A 10 of trumps is a {terc}, and so is "
            "O U 9 of another suit)"
        )
    else:
        order = lang.text("in the order A K O U 10 9 8 7")
    example = tuple(CARDS[8 * Suit.HEARTS + r] for r in (Rank.NINE, Rank.ACE, Rank.TEN))
    return [
        Clause(
            "melds.values",
            lang.text(
                "Melds score: {kinds}; four of a rank (a {{vannak}}, ranks {ranks}) {vannak}; "
                "a sequence of adjacent cards {order}: {values}.",
                kinds=", ".join(kinds),
                ranks=" ".join(r.code for r in m.vannak_ranks),
                vannak=m.vannak,
                order=order,
                values=_sequence_values(rules, lang),
            ),
            src,
            cards=example,
        ),
        Clause(
            "melds.who",
            lang.text(
                "{who}; there is no contest between players.  At its turn in the first "
                "trick, before its card, a player may declare its melds ({code}): all of "
                "them, made known by their kind only.  Several 20s, vannaks and sequences "
                "count (in different suits, or apart in one suit), one card may serve a "
                "sequence, a vannak and a 20 or béla at once, and a sequence always counts "
                "at its full length.",
                who=_melds_who(rules, lang),
                code="declare melds",
            ),
            src,
        ),
    ]


def _sequence_table(rules: Ruleset, lang: Language) -> tuple[tuple[str, ...], ...]:
    """Each scoring sequence length with its name, how it is declared and its points."""
    values = rules.melds.sequence_values
    longest = max(values, default=9)
    rows = [(lang.text("meld"), lang.text("notation"), lang.text("points"))]
    for n in range(min(values, default=9), 9):
        if n not in values and n < longest:
            continue
        name = MELD_NAMES[n]
        points = values[n] if n in values else values[longest]
        meld = lang.plural("{name} ({n} card)", "{name} ({n} cards)", n, name=term(name))
        rows.append((meld, f"declare {name}", str(points)))
    rows.append((lang.text("{vannak} (four of a rank)"), "declare vannak", str(rules.melds.vannak)))
    return tuple(rows)


def _vannak_clause(rules: Ruleset, src: str | None, lang: Language) -> Clause:
    m = rules.melds
    ranks = " ".join(r.code for r in m.vannak_ranks)
    if m.vannak_ranks_no_trumps is not None:
        said = lang.text(
            "Four cards of one rank, a {{vannak}}, score {points} (ranks: {ranks}; without "
            "trumps {no_trumps}).",
            points=m.vannak,
            ranks=ranks,
            no_trumps=" ".join(r.code for r in m.vannak_ranks_no_trumps),
        )
    else:
        said = lang.text(
            "Four cards of one rank, a {{vannak}}, score {points} (ranks: {ranks}).",
            points=m.vannak,
            ranks=ranks,
        )
    return Clause("melds.vannak", said, src, cards=tuple(CARDS[8 * s + Rank.UNDER] for s in Suit))


def _contest_clauses(rules: Ruleset, src: str | None, lang: Language) -> list[Clause]:
    """How melds are declared and compared where only the best holder scores."""
    m = rules.melds
    if m.one_run_per_length:
        declaring = lang.text(
            "Melds are declared at the player's turn in the first trick, naming only the "
            "length of the longest sequence and 'vannak'.  Only the best sequence holder "
            "scores sequences, and only the best vannak holder scores vannaks, all of them "
            "(at most one sequence of each length)."
        )
    else:
        declaring = lang.text(
            "Melds are declared at the player's turn in the first trick, naming only the "
            "length of the longest sequence and 'vannak'.  Only the best sequence holder "
            "scores sequences, and only the best vannak holder scores vannaks, all of them."
        )
    if m.sequence_tiebreak == "trump":
        comparison = lang.text(
            "Sequences compare by length, then top card, then a trump sequence beats a "
            "plain one; two equal plain ones score nothing.  Vannaks compare by the trump "
            "order (without trumps, the plain order).  Tied players reveal one detail at a "
            "time in the order they declared, and may give up with {kicsi}."
        )
    else:
        comparison = lang.text(
            "Sequences compare by length, then top card, then the higher suit (acorns, "
            "hearts, gourds, leaves) wins.  Vannaks compare by the trump order (without "
            "trumps, the plain order).  Tied players reveal one detail at a time in the "
            "order they declared, and may give up with {kicsi}."
        )
    return [
        Clause("melds.declaring", declaring, src),
        Clause("melds.comparison", comparison, src),
    ]


def melds_section(rules: Ruleset, lang: Language) -> list[Clause]:
    """The ``melds.*`` clauses of ``rules`` in ``lang``."""
    m = rules.melds
    src = _src(rules, "melds")
    if not m.contest:
        return _melds_for_all(rules, src, lang)
    example = tuple(CARDS[8 * Suit.HEARTS + r] for r in (Rank.ACE, Rank.KING, Rank.OVER))
    return [
        Clause(
            "melds.sequences",
            lang.text(
                "Sequences ({{terc}}, {{kvart}}, {{kvint}}...) of adjacent cards in one suit "
                "score {values}; sequences in one hand may not touch.",
                values=_sequence_values(rules, lang),
            ),
            src,
            cards=example,
        ),
        Clause(
            "melds.notation",
            lang.text("The melds, each with how it is declared and its points:"),
            src,
            table=_sequence_table(rules, lang),
            compared=False,
        ),
        _vannak_clause(rules, src, lang),
        Clause(
            "melds.bela",
            lang.text(
                "{{béla}} scores {points} for its holder in a trump game, is never beaten "
                "and needs no declaration.",
                points=m.bela,
            ),
            src,
        ),
        *_contest_clauses(rules, src, lang),
    ]
