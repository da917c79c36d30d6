"""The words the terminal uses for a profile's own rules, taken from its data.

Nothing here names a variant: a contract ladder is recognised by the
profile's ``bidding.contracts``, a session by ``scoring.session``, and where
the rulebook already explains a rule (the Klopitzky payment, the session,
what a ladder contract scores) its clause is quoted from
:func:`alsos.rulebook.rulebook`, so the rulebook and the narration cannot
drift apart.  Contracts and figures are described by their figure judges
(:func:`figure_meaning`), as in the rulebook's table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from alsos.hand.chosen import declare_limit, named_contracts
from alsos.pack.phases import Contract, Kind
from alsos.play.game import Game
from alsos.rulebook import rulebook
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.registry import lookup
from alsos.ruleset.tables import tables_of

__all__ = [
    "bidding_note",
    "clause",
    "contract_aim",
    "contract_meaning",
    "contract_name",
    "examples",
    "figure_meaning",
    "first_trick_note",
    "is_ladder",
    "klopitzky_rule",
    "ladder_header",
    "seats_text",
    "session_rule",
    "talon_users",
    "who_plays",
]

_TERM = re.compile(r"\{([^}]*)\}")


def _clauses(rules: Ruleset) -> dict[str, str]:
    return {c.key: _TERM.sub(r"\1", c.text) for section in rulebook(rules) for c in section.clauses}


def clause(rules: Ruleset, key: str) -> str:
    """The rulebook's clause ``key`` for ``rules`` as plain text ("" if it has none;
    the clauses are written once per ruleset and kept on its tables)."""
    return tables_of(rules).derived(_clauses, _clauses).get(key, "")


def figure_meaning(rules: Ruleset, name: str) -> str:
    """What the figure ``name`` undertakes, in words (the judge's own description)."""
    fig = rules.figures[name]
    return str(lookup("figures", fig.kind).describe(fig, rules))


def is_ladder(rules: Ruleset) -> bool:
    """Contracts are bid on a ladder (``bidding.contracts``), not trump suits."""
    return bool(named_contracts(rules))


def seats_text(seats: Sequence[int], who: Callable[[int], str] | None = None) -> str:
    """``seat 1``, ``seat 1 and seat 2``, ``seats 0, 1 and 2`` (or each by ``who``)."""
    seats = sorted(seats)
    if who is not None or len(seats) < 3:
        names = [who(s) if who is not None else f"seat {s}" for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def klopitzky_rule(rules: Ruleset) -> str:
    """Who wins a Klopitzky, in the rulebook's words (a sentence)."""
    return clause(rules, "scoring.klopitzky")


def session_rule(rules: Ruleset) -> str:
    """How hands add up to a session (rubber, rádli or a number of deals), a sentence."""
    return clause(rules, "scoring.session")


# ------------------------------------------------------------------ contracts


def contract_name(rules: Ruleset, contract: Contract | None) -> str:
    """``Game Trull, trump acorns`` for a ladder contract, else the contract as written."""
    if contract is None:
        return "none"
    spec = named_contracts(rules).get(contract.name) if contract.name is not None else None
    if spec is None:
        return "Klopitzky" if contract.kind is Kind.KLOPITZKY else str(contract)
    if contract.kind is Kind.BETLI:
        return spec.title
    trumps = "no trumps" if contract.trump is None else f"trump {contract.trump.name_en}"
    return f"{spec.title}, {trumps}"


def contract_meaning(rules: Ruleset, cid: str) -> str:
    """What the ladder contract ``cid`` undertakes, from its objectives' judges."""
    spec = named_contracts(rules)[cid]
    aims = [figure_meaning(rules, name) for name in spec.objectives]
    text = " and ".join(aims) if aims else "nothing more"
    if not spec.betli and spec.melds == "all":
        text += "; every seat's melds count"
    elif not spec.betli and spec.melds == "declarer":
        text += "; the declarer's melds count"
    if not spec.talon:
        text += "; bid without drawing from the talon"
    return text


def talon_users(rules: Ruleset) -> str:
    """Which contracts need a draw from the talon: ``above Solo``, or their titles."""
    specs = list(named_contracts(rules).values())
    users = [c.title for c in specs if c.talon]
    first = next((i for i, c in enumerate(specs) if c.talon), len(specs))
    if first and all(c.talon for c in specs[first:]):
        return f"a contract above {specs[first - 1].title}"
    return ", ".join(users)


def who_plays(game: Game, who: Callable[[int], str]) -> str:
    """The contract in words: who plays what against whom (for a header)."""
    c, rules, d = game.contract, game.rules, game.declarer
    if c is None:
        return ""
    if c.kind is Kind.KLOPITZKY:
        return "Klopitzky: nobody bid, so each seat plays for itself"
    name = contract_name(rules, c)
    if d is None:
        return name
    others = [s for s in game.active if s != d]
    against = who(others[0]) if len(others) == 1 else "the others together"
    aim = {
        Kind.TRUMP: "plays",
        Kind.NO_TRUMPS: "plays without trumps",
        Kind.BETLI: "must lose every trick, playing",
    }.get(c.kind, "plays")
    return f"{name}: {who(d)} {aim} against {against}"


def first_trick_note(game: Game) -> str:
    """What a seat may say before its first card, from the profile and the contract."""
    rules, c = game.rules, game.contract
    if c is None or game.declarer is None:
        return ""
    if is_ladder(rules):
        spec = named_contracts(rules).get(c.name or "")
        if spec is None or spec.betli or spec.melds == "none":
            return ""
        seats = "each seat" if spec.melds == "all" else "the declarer"
        return f"before its first card {seats} may 'declare melds': all it holds, by kind only"
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
    return f"before its card each seat may {', '.join(can)}" if can else ""


# ------------------------------------------------------------------ bidding


def contract_aim(game: Game, who: Callable[[int], str]) -> str:
    """What the declarer of a ladder contract must do to win it ("" for other games)."""
    c, d = game.contract, game.declarer
    if c is None or d is None or c.name is None or c.name not in named_contracts(game.rules):
        return ""
    return f"to win, {who(d)} must {contract_meaning(game.rules, c.name)}"


def ladder_header(rules: Ruleset) -> str:
    """The ladder's contracts, low to high, for the bidding header."""
    return "contracts low to high: " + ", ".join(c.title for c in named_contracts(rules).values())


def bidding_note(game: Game) -> str:
    """How the auction goes, in one line, and what ends it (for the bidding header)."""
    rules = game.rules
    b = rules.bidding
    if is_ladder(rules):
        text = (
            f"each seat in turn bids a contract above the last bid ('contract <id>') or "
            f"passes; to bid {talon_users(rules)} it first says 'draw', takes two talon cards "
            f"and discards two"
        )
        if b.klopitzky:
            text += "; if all pass at once, Klopitzky"
        limit = declare_limit(rules)
        if limit is not None:
            text += f"; a seat that has declared {limit} times this session must pass"
        return text
    later = ["another suit"]
    if b.no_trumps:
        later.append("no-trumps")
    if b.betli:
        later.append("betli (to lose every trick)")
    text = f"'accept' takes them, 'pass' declines; later rounds may bid {', '.join(later)}"
    text += "; if all pass, Klopitzky" if b.klopitzky else "; if all pass, the hand is thrown in"
    return text


def examples(rules: Ruleset) -> str:
    """A few actions of this profile to type, for the first hint and the help screen."""
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
