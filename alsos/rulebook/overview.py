""" "How a hand goes": a short numbered walk through the phases of one ruleset.

The steps are written from the ruleset's data, like the rest of the
rulebook: a table without figures has no step for announcing them, one
without calling no step for the call, one whose dealer deals every card at
once no step for picking up.  The full rules follow in the sections.
"""

from __future__ import annotations

from alsos.hand.chosen import module, named_contracts
from alsos.hand.protocol import described
from alsos.language import ENGLISH, Language
from alsos.rulebook.clauses import Clause
from alsos.rulebook.glossary import term
from alsos.ruleset import registry as rule_modules
from alsos.ruleset.profile import Ruleset

__all__ = ["overview"]


def _names(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def overview(rules: Ruleset, lang: Language = ENGLISH) -> list[Clause]:
    """The phases of a hand of ``rules`` in order, one clause each (keys ``overview.*``),
    in ``lang``.

    Each phase's step is written by its own helper below, which returns nothing
    for a phase the profile does not have."""
    steps: list[tuple[str, str]] = [
        _deal_step(rules),
        ("bidding", _contracts(rules) if named_contracts(rules) else _bidding(rules)),
        *_front_steps(rules),
        *_exchange_steps(rules),
        *_back_steps(rules),
        *_calling_steps(rules),
        _play_step(rules),
        _settlement_step(rules),
    ]
    session = described(module(rules, "session"), lang, rules, hook="overview")
    if session is not None:
        steps.append(("session", session))
    return [Clause(f"overview.{key}", text, None) for key, text in steps]


def _figure_titles(rules: Ruleset) -> list[str]:
    """The titles of the figures ``rules`` lets players announce."""
    return [f.title or n for n, f in rules.figures.items() if f.enabled]


def _deal_step(rules: Ruleset) -> tuple[str, str]:
    """The deal: how many cards each, in which packets, and the talon or indicator."""
    d, active, size = rules.deal, rules.active_players, rules.hand_size
    talon = 32 - active * size
    seen, unseen = sum(d.seen_packets), sum(d.unseen_packets)
    sits = "  The dealer sits this hand out." if rules.players > active else ""
    later = f" ({seen} to look at now, {unseen} more kept face down for later)" if unseen else ""
    rest = f"; the {talon} left over form the {{talon}}" if talon else ""
    if d.talon_between:
        up = "one of them face up" if d.talon_between[0] else "all face down"
        return (
            "deal",
            f"**Deal.** Each of the {active} players gets {size} cards, in packets with "
            f"cards for the {{talon}} laid between them; the talon has {talon} cards, "
            f"{up}.{sits}",
        )
    return (
        "deal",
        f"**Deal.** Each of the {active} players gets {size} cards{later}{rest}.  One "
        f"card is turned face up, the indicator: its suit is offered as trumps.{sits}",
    )


def _front_steps(rules: Ruleset) -> list[tuple[str, str]]:
    """Announcements or kontras said before the play (or before the pick-up), and the
    pick-up of the cards kept face down."""
    unseen = sum(rules.deal.unseen_packets)
    front = [
        f.title or n
        for n, f in rules.figures.items()
        # not kassza, which hangs on holding béla: no example of what anyone may say
        if f.enabled and f.front and not rule_modules.lookup("figures", f.kind).declarer_needs_bela
    ]
    levels = rules.kontra.levels
    doubling = (
        f"double the stakes with {term(levels[0])}"
        + (f", answered by {term(levels[1])} and so on" if len(levels) > 1 else "")
        if levels
        else ""
    )
    when = "Before picking up the rest of their cards" if unseen else "Before the play"
    steps: list[tuple[str, str]] = []
    if front:
        examples = _names(front[:3]).replace(" or ", " and ")
        steps.append(
            (
                "front",
                f"**First announcements.** {when}, that is {{elölről}}, the declarer and "
                f"then the others may announce {{figura}} such as {examples}"
                + (f", and {doubling}" if doubling else "")
                + ".  Said this early, they count more.",
            )
        )
    elif doubling:
        steps.append(
            (
                "front",
                f"**Kontra.** {when}, the declarer's opponents may {doubling}.",
            )
        )
    if unseen:
        steps.append(("pickup", "**Pick up.** Everyone picks up the rest of their cards."))
    return steps


def _exchange_steps(rules: Ruleset) -> list[tuple[str, str]]:
    """The trump exchange (a swap for the indicator, a síber), where the profile has one:
    the exchange module words it (:meth:`~alsos.hand.protocol.ExchangeModule.overview`)."""
    exchange = module(rules, "exchange")
    text = exchange.overview(rules) if exchange.exchanges else None
    return [] if text is None else [("exchange", text)]


def _back_steps(rules: Ruleset) -> list[tuple[str, str]]:
    """Announcements and kontras with the whole hand, and where melds are declared."""
    figures = _figure_titles(rules)
    melds = "such as a {terc} or a {vannak}"
    back = "announce more figures and say kontras" if figures else "say kontras"
    if not figures and not rules.kontra.levels:
        return [("melds", _declared_melds(rules, melds))]
    if rules.announcements.back_round == "before-play":
        return [
            (
                "back",
                f"**Second announcements.** With the whole hand, {{hátulról}}, the "
                f"players {back.replace('more ', '')} in a second round, before the first "
                f"card is led.",
            ),
            ("melds", f"**Melds.** In the first trick players declare melds, {melds}."),
        ]
    return [
        (
            "back",
            f"**First trick.** Before playing to it, each player may {back}, now "
            f"{{hátulról}}, and declare melds, {melds}.",
        )
    ]


def _calling_steps(rules: Ruleset) -> list[tuple[str, str]]:
    """Calling {gyerünk}, where the profile's calling module has calls."""
    if not rule_modules.lookup("calling", rules.calling.module).calls:
        return []
    return [("calling", "**Calling.** From the second trick a player may call {gyerünk}.")]


def _play_step(rules: Ruleset) -> tuple[str, str]:
    """The play of the tricks, and whether it stops once the game is decided."""
    size = rules.hand_size
    trump = "; who cannot, must trump" if rules.play.must_trump else ""
    if rule_modules.lookup("scoring", rules.scoring.module).decides:
        tricks = (
            f"Tricks are played, at most {size}: follow suit{trump}.  Play stops as soon "
            f"as the contract is certainly won or lost, judged from what every player "
            f"has seen."
        )
    else:
        tricks = f"All {size} tricks are played: follow suit{trump}."
    return (
        "play",
        f"**Play.** {tricks}  The highest trump, else the highest card of the suit led, "
        f"wins the trick.",
    )


def _settlement_step(rules: Ruleset) -> tuple[str, str]:
    """How the hand is settled: by contract, or the game and each figure in stakes."""
    if named_contracts(rules):
        return ("settlement", _contract_settlement(rules))
    figures = _figure_titles(rules)
    extra = " and each figure" if figures else ""
    return (
        "settlement",
        f"**Settlement.** The declarer wins the game by taking more points than each "
        f"opponent (card points in tricks, {rules.cards.last_trick} for the last "
        f"trick, melds).  The game{extra} {'are' if figures else 'is'} paid "
        f"separately, in stakes, multiplied by every kontra said on it.",
    )


def _bidding(rules: Ruleset) -> str:
    """The auction of games: trumps, no trumps, Betli."""
    b = rules.bidding
    kinds = ["a trump game, in the indicator's suit or in a suit bid instead"]
    if b.no_trumps:
        kinds.append("a game without trumps")
    if b.betli:
        kinds.append("{Betli}")
    nobody = "  If nobody takes a game, {Klopitzky} is played." if b.klopitzky else ""
    return (
        f"**Bidding.** The players bid to become the {{felvevő}} and choose the game: "
        f"{_names(kinds)}.{nobody}"
    )


def _contracts(rules: Ruleset) -> str:
    """The auction of a ladder of contracts, with the talon drawn while bidding."""
    contracts = list(named_contracts(rules).values())
    draws = [c.title for c in contracts if c.talon]
    talon = (
        f"  To bid a contract that uses the talon ({draws[0]} and above), a player first "
        f"draws two talon cards unseen and discards two, so the talon passes from bidder "
        f"to bidder."
        if draws
        else ""
    )
    nobody = "  If nobody bids, {Klopitzky} is played." if rules.bidding.klopitzky else ""
    return (
        f"**Bidding.** In turn the players pass or bid a contract higher on a ladder of "
        f"{len(contracts)}, from {contracts[0].title} up to {contracts[-1].title}.{talon}  "
        f"The last bidder becomes the {{felvevő}} and names trumps as the contract allows; "
        f"the others defend together.{nobody}"
    )


def _declared_melds(rules: Ruleset, examples: str) -> str:
    """Melds declared in the first trick, without announcements around them."""
    if rules.melds.contest:
        return f"**Melds.** In the first trick players declare melds, {examples}."
    who = {s.melds for s in named_contracts(rules).values()}
    entitled = (
        "Where the contract lets melds count (for everyone, or for the declarer alone), "
        if who - {"all"}
        else ""
    )
    return (
        f"**Melds.** {entitled}each player may declare its melds, {examples}, at its turn in "
        f"the first trick; every meld declared counts, with no contest between players."
    )


def _contract_settlement(rules: Ruleset) -> str:
    """A contract won or lost as a whole."""
    g = rules.games
    klop = (
        f"  In {{Klopitzky}} each winner scores {g.klopitzky}." if rules.bidding.klopitzky else ""
    )
    return (
        f"**Settlement.** The contract is won only if every part of it succeeds (card "
        f"points in tricks, {rules.cards.last_trick} for the last trick, and the melds "
        f"it allows).  The declarer scores {g.trump} if it is won and -{g.trump} if it is "
        f"lost; the defenders score nothing.{klop}"
    )
