"""The words for a profile's own rules, taken from its data: contracts, figures, the auction.

Nothing here names a variant: a contract ladder is recognised by the
profile's ``bidding.contracts``, a session by ``scoring.session``, and where
a rule module already words a rule for the rulebook (the Klopitzky payment,
the session, what a ladder contract scores: its ``describe`` hook) that
clause is quoted, so the rulebook and the narration cannot drift apart; the
one play rule written here, :data:`DECIDED`, the rulebook quotes in turn.
Contracts and figures are described by their figure judges
(:func:`figure_meaning`), as in the rulebook's table.  Each function takes the
:class:`~alsos.language.Language` to write in (``lang``, English by default);
a figure's or contract's title is the one the profile gives in that language
(its ``words``: :func:`alsos.ruleset.wording.profile_words`), else its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from alsos.hand.chosen import declare_limit, module, named_contracts
from alsos.hand.hooks import described
from alsos.language import ENGLISH, N_, Language
from alsos.pack.cards import Suit
from alsos.pack.phases import Contract, Kind
from alsos.play.game import Game
from alsos.ruleset.profile import FAMILY_PLACES, Ruleset
from alsos.ruleset.registry import lookup
from alsos.ruleset.tables import tables_of
from alsos.ruleset.wording import profile_words

__all__ = [
    "CARD_WORDS",
    "DECIDED",
    "bidding_note",
    "clause",
    "contract_aim",
    "contract_meaning",
    "contract_name",
    "examples",
    "figure_label",
    "figure_meaning",
    "first_trick_note",
    "game_name",
    "is_ladder",
    "klopitzky_rule",
    "ladder_header",
    "seat_name",
    "seats_text",
    "session_rule",
    "suit_name",
    "talon_users",
    "who_plays",
    "you",
]

_TERM = re.compile(r"\{([^}]*)\}")


#: The rule a scoring module that stops the play once the contract is decided
#: (its ``decides`` flag) follows: the rulebook's clause ``play.decided``.
DECIDED = N_(
    "Play stops as soon as the contract is certainly won or lost, as every "
    "player can tell from the cards played, the tricks taken, the talon cards "
    "lying face up and the melds declared; where an unseen card lies is not "
    "used, so a declarer who discarded a card it needs plays on."
)


def _clauses(rules: Ruleset, lang: Language) -> dict[str, str]:
    """The clauses the chosen rule modules write (their ``describe`` hooks), and the
    words layer's own, by key, as plain text in ``lang``."""
    out: dict[str, str] = {}
    for family in FAMILY_PLACES:
        said = described(module(rules, family), lang, rules)
        if said is not None:
            out.update((key, _TERM.sub(r"\1", text)) for key, text, _ in said)
    if module(rules, "scoring").decides:
        out["play.decided"] = lang.text(DECIDED)
    return out


def clause(rules: Ruleset, key: str, lang: Language = ENGLISH) -> str:
    """The rulebook's clause ``key`` for ``rules`` as plain text in ``lang``, where a
    rule module writes it (``bidding.draw``, ``scoring.klopitzky``,
    ``scoring.session``, ...) or the play rule :data:`DECIDED` ("" for any other key:
    the whole rulebook's clauses are :func:`alsos.rulebook.clause`'s).  Written once
    per ruleset and language and kept on its tables."""
    built = tables_of(rules).derived((_clauses, lang.code), lambda r: _clauses(r, lang))
    return built.get(key, "")


def figure_meaning(rules: Ruleset, name: str, lang: Language = ENGLISH) -> str:
    """What the figure ``name`` undertakes, in ``lang`` (the judge's own description)."""
    fig = rules.figures[name]
    return str(described(lookup("figures", fig.kind), lang, fig, rules))


def figure_label(rules: Ruleset, name: str, lang: Language = ENGLISH) -> str:
    """A figure by its id and title in ``lang`` (the profile's ``words``, else its own
    title): ``abszolut (abszolút)``, but ``100 (százas)`` rather than ``100 (100
    (százas))``, and the id alone where the profile gives no title."""
    fig = rules.figures.get(name)
    own = fig.title if fig is not None else ""
    title = profile_words(rules, lang).figure_title(name, own) or name
    return title if title.startswith(name) else f"{name} ({title})"


def is_ladder(rules: Ruleset) -> bool:
    """Contracts are bid on a ladder (``bidding.contracts``), not trump suits."""
    return bool(named_contracts(rules))


def seat_name(seat: int, lang: Language = ENGLISH) -> str:
    """``seat 1``: a seat that has no name of its own."""
    return lang.text("seat {seat}", seat=seat)


def you(name: str, lang: Language = ENGLISH) -> str:
    """``Anna (you)``: the reader's own seat, by its name."""
    return lang.text("{player} (you)", player=name)


def seats_text(
    seats: Sequence[int], who: Callable[[int], str] | None = None, lang: Language = ENGLISH
) -> str:
    """``seat 1``, ``seat 1 and seat 2``, ``seats 0, 1 and 2`` (or each by ``who``)."""
    seats = sorted(seats)
    if who is not None or len(seats) < 3:
        return lang.join(who(s) if who is not None else seat_name(s, lang) for s in seats)
    return lang.text("seats {seats}", seats=lang.join(map(str, seats)))


def klopitzky_rule(rules: Ruleset, lang: Language = ENGLISH) -> str:
    """Who wins a Klopitzky, in the rulebook's words in ``lang`` (a sentence)."""
    return clause(rules, "scoring.klopitzky", lang)


def session_rule(rules: Ruleset, lang: Language = ENGLISH) -> str:
    """How hands add up to a session (rubber, rádli or a number of deals), a sentence
    in ``lang``."""
    return clause(rules, "scoring.session", lang)


# ------------------------------------------------------------------ contracts


def game_name(contract: Contract, lang: Language = ENGLISH) -> str:
    """The kind of game a contract is, in ``lang``: ``trump hearts``, ``no-trumps``,
    ``betli``, ``Klopitzky`` (in English, as ``str(contract)`` writes it)."""
    if contract.kind is Kind.KLOPITZKY:
        return "Klopitzky"
    if contract.trump is not None:
        return lang.text("trump {suit}", suit=suit_name(contract.trump, lang))
    if contract.kind is Kind.BETLI:
        return lang.text("betli")
    return lang.text("no-trumps")


def contract_name(rules: Ruleset, contract: Contract | None, lang: Language = ENGLISH) -> str:
    """``Game Trull, trump acorns`` for a ladder contract (its title in ``lang`` where
    the profile gives one), else the contract as written."""
    if contract is None:
        return lang.text("none")
    spec = named_contracts(rules).get(contract.name) if contract.name is not None else None
    if spec is None:
        game = game_name(contract, lang)
        if contract.name is None:
            return game
        return lang.text("{contract}, {game}", contract=contract.name, game=game)
    title = profile_words(rules, lang).contract_title(contract.name or "", spec.title)
    if contract.kind is Kind.BETLI:
        return title
    if contract.trump is None:
        return lang.text("{contract}, no trumps", contract=title)
    return lang.text(
        "{contract}, trump {suit}", contract=title, suit=suit_name(contract.trump, lang)
    )


#: The words of the cards' names as the messages hold them (``Suit.name_en``,
#: ``Rank.name_en``), marked for the catalogue: a language names each its own way.
CARD_WORDS = (
    N_("acorns"),
    N_("hearts"),
    N_("gourds"),
    N_("leaves"),
    N_("Ace"),
    N_("King"),
    N_("Over"),
    N_("Under"),
    N_("Ten"),
    N_("Nine"),
    N_("Eight"),
    N_("Seven"),
)


def suit_name(suit: Suit, lang: Language = ENGLISH) -> str:
    """The suit's name (``acorns``; its English name is the message)."""
    return lang.text(suit.name_en)


def contract_meaning(rules: Ruleset, cid: str, lang: Language = ENGLISH) -> str:
    """What the ladder contract ``cid`` undertakes, from its objectives' judges."""
    spec = named_contracts(rules)[cid]
    aims = [figure_meaning(rules, name, lang) for name in spec.objectives]
    text = aims[0] if aims else lang.text("nothing more")
    for aim in aims[1:]:
        text = lang.text("{left} and {right}", left=text, right=aim)
    parts = [text]
    if not spec.betli and spec.melds == "all":
        parts.append(lang.text("every seat's melds count"))
    elif not spec.betli and spec.melds == "declarer":
        parts.append(lang.text("the declarer's melds count"))
    if not spec.talon:
        parts.append(lang.text("bid without drawing from the talon"))
    return "; ".join(parts)


def talon_users(rules: Ruleset, lang: Language = ENGLISH) -> str:
    """Which contracts need a draw from the talon: ``above Solo``, or their titles."""
    words = profile_words(rules, lang)
    specs = [(words.contract_title(cid, c.title), c) for cid, c in named_contracts(rules).items()]
    users = [title for title, c in specs if c.talon]
    first = next((i for i, (_, c) in enumerate(specs) if c.talon), len(specs))
    if first and all(c.talon for _, c in specs[first:]):
        return lang.text("a contract above {contract}", contract=specs[first - 1][0])
    return ", ".join(users)


def who_plays(game: Game, who: Callable[[int], str], lang: Language = ENGLISH) -> str:
    """The contract in words: who plays what against whom (for a header)."""
    c, rules, d = game.contract, game.rules, game.declarer
    if c is None:
        return ""
    if c.kind is Kind.KLOPITZKY:
        return lang.text("Klopitzky: nobody bid, so each seat plays for itself")
    name = contract_name(rules, c, lang)
    if d is None:
        return name
    others = [s for s in game.active if s != d]
    against = who(others[0]) if len(others) == 1 else lang.text("the others together")
    if c.kind is Kind.NO_TRUMPS:
        message = N_("{contract}: {player} plays without trumps against {against}")
    elif c.kind is Kind.BETLI:
        message = N_("{contract}: {player} must lose every trick, playing against {against}")
    else:
        message = N_("{contract}: {player} plays against {against}")
    return lang.text(message, contract=name, player=who(d), against=against)


def first_trick_note(game: Game, lang: Language = ENGLISH) -> str:
    """What a seat may say before its first card, from the profile and the contract."""
    rules, c = game.rules, game.contract
    if c is None or game.declarer is None:
        return ""
    if is_ladder(rules):
        spec = named_contracts(rules).get(c.name or "")
        if spec is None or spec.betli or spec.melds == "none":
            return ""
        if spec.melds == "all":
            return lang.text(
                "before its first card each seat may 'declare melds': all it holds, by kind only"
            )
        return lang.text(
            "before its first card the declarer may 'declare melds': all it holds, by kind only"
        )
    if rules.announcements.back_round != "first-trick":
        return ""
    betli = c.kind is Kind.BETLI  # in a Betli only kontras are said: no figures, no melds
    can = []
    if not betli and any(f.enabled for f in rules.figures.values()):
        can.append("announce")
    if rules.kontra.levels:
        can.append("kontra")
    if not betli and rules.melds.contest:
        can.append("declare melds")
    if not can:
        return ""
    # The actions are written as they are typed (the notation), not translated.
    return lang.text("before its card each seat may {actions}", actions=", ".join(can))


# ------------------------------------------------------------------ bidding


def contract_aim(game: Game, who: Callable[[int], str], lang: Language = ENGLISH) -> str:
    """What the declarer of a ladder contract must do to win it ("" for other games)."""
    c, d = game.contract, game.declarer
    if c is None or d is None or c.name is None or c.name not in named_contracts(game.rules):
        return ""
    return lang.text(
        "to win, {player} must {aim}",
        player=who(d),
        aim=contract_meaning(game.rules, c.name, lang),
    )


def ladder_header(rules: Ruleset, lang: Language = ENGLISH) -> str:
    """The ladder's contracts, low to high, for the bidding header."""
    return lang.text(
        "contracts low to high: {contracts}",
        contracts=", ".join(
            profile_words(rules, lang).contract_title(cid, c.title)
            for cid, c in named_contracts(rules).items()
        ),
    )


def bidding_note(game: Game, lang: Language = ENGLISH) -> str:
    """How the auction goes, in one line, and what ends it (for the bidding header)."""
    rules = game.rules
    b = rules.bidding
    if is_ladder(rules):
        parts = [
            lang.text(
                "each seat in turn bids a contract above the last bid ('contract <id>') or "
                "passes; to bid {contracts} it first says 'draw', takes two talon cards "
                "and discards two",
                contracts=talon_users(rules, lang),
            )
        ]
        if b.klopitzky:
            parts.append(lang.text("if all pass at once, Klopitzky"))
        limit = declare_limit(rules)
        if limit is not None:
            parts.append(
                lang.text(
                    "a seat that has declared {limit} times this session must pass", limit=limit
                )
            )
        return "; ".join(parts)
    later = [lang.text("another suit")]
    if b.no_trumps:
        later.append("no-trumps")
    if b.betli:
        later.append(lang.text("betli (to lose every trick)"))
    parts = [
        lang.text(
            "'accept' takes them, 'pass' declines; later rounds may bid {bids}",
            bids=", ".join(later),
        ),
        lang.text("if all pass, Klopitzky")
        if b.klopitzky
        else lang.text("if all pass, the hand is thrown in"),
    ]
    return "; ".join(parts)


def examples(rules: Ruleset) -> str:
    """A few actions of this profile to type, for the first hint and the help screen
    (the notation: the same in every language)."""
    out = ["pass"]
    if is_ladder(rules):
        out += [f"contract {next(iter(named_contracts(rules)))}", "draw"]
    else:
        out.append("accept")
        figs = [n for n, f in rules.figures.items() if f.enabled]
        if figs:
            out.append(f"announce {figs[0]}")
        if rules.kontra.levels:
            out.append("kontra game")
    out.append("MA")
    return ", ".join(out)
