""" "How a hand goes": a short numbered walk through the phases of one ruleset.

The steps are written from the ruleset's data, like the rest of the
rulebook: a table without figures has no step for announcing them, one
without calling no step for the call, one whose dealer deals every card at
once no step for picking up.  The full rules follow in the sections.

Each step is written in the reader's language as whole sentences, its bold
name included (``**Deal.** ...``), one message for each way the sentence can
read; a step of several sentences is those sentences one after the other.
A message with placeholders writes a glossary term ``{{term}}`` (it is
formatted), one without ``{term}``.
"""

from __future__ import annotations

from alsos.hand.chosen import module, named_contracts
from alsos.hand.hooks import described
from alsos.language import ENGLISH, N_, Language
from alsos.rulebook.clauses import Clause
from alsos.rulebook.glossary import term
from alsos.ruleset import registry as rule_modules
from alsos.ruleset.profile import Ruleset

__all__ = ["overview"]


def _either(lang: Language, words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in ``lang``."""
    if len(words) < 2:
        return "".join(words)
    return lang.text("{items} or {last}", items=", ".join(words[:-1]), last=words[-1])


def _sentences(*said: str) -> str:
    """Sentences of one step, in order, two spaces apart (the empty ones left out)."""
    return "  ".join(s for s in said if s)


def overview(rules: Ruleset, lang: Language = ENGLISH) -> list[Clause]:
    """The phases of a hand of ``rules`` in order, one clause each (keys ``overview.*``),
    in ``lang``.

    Each phase's step is written by its own helper below, which returns nothing
    for a phase the profile does not have."""
    bidding = _contracts(rules, lang) if named_contracts(rules) else _bidding(rules, lang)
    steps: list[tuple[str, str]] = [
        _deal_step(rules, lang),
        ("bidding", bidding),
        *_front_steps(rules, lang),
        *_exchange_steps(rules, lang),
        *_back_steps(rules, lang),
        *_calling_steps(rules, lang),
        _play_step(rules, lang),
        _settlement_step(rules, lang),
    ]
    session = described(module(rules, "session"), lang, rules, hook="overview")
    if session is not None:
        steps.append(("session", session))
    return [Clause(f"overview.{key}", text, None) for key, text in steps]


def _figure_titles(rules: Ruleset) -> list[str]:
    """The titles of the figures ``rules`` lets players announce."""
    return [f.title or n for n, f in rules.figures.items() if f.enabled]


def _deal_step(rules: Ruleset, lang: Language) -> tuple[str, str]:
    """The deal: how many cards each, in which packets, and the talon or indicator."""
    d, active, size = rules.deal, rules.active_players, rules.hand_size
    talon = 32 - active * size
    seen, unseen = sum(d.seen_packets), sum(d.unseen_packets)
    sits = lang.text("The dealer sits this hand out.") if rules.players > active else ""
    if d.talon_between:
        message = (
            N_(
                "**Deal.** Each of the {active} players gets {size} cards, in packets with "
                "cards for the {{talon}} laid between them; the talon has {n} cards, one of "
                "them face up."
            )
            if d.talon_between[0]
            else N_(
                "**Deal.** Each of the {active} players gets {size} cards, in packets with "
                "cards for the {{talon}} laid between them; the talon has {n} cards, all "
                "face down."
            )
        )
        return ("deal", _sentences(lang.text(message, active=active, size=size, n=talon), sits))
    values = {"active": active, "size": size, "seen": seen, "unseen": unseen}
    if unseen and talon:
        dealt = lang.plural(
            "**Deal.** Each of the {active} players gets {size} cards ({seen} to look at "
            "now, {unseen} more kept face down for later); the {n} left over forms the "
            "{{talon}}.",
            "**Deal.** Each of the {active} players gets {size} cards ({seen} to look at "
            "now, {unseen} more kept face down for later); the {n} left over form the "
            "{{talon}}.",
            talon,
            **values,
        )
    elif unseen:
        dealt = lang.text(
            "**Deal.** Each of the {active} players gets {size} cards ({seen} to look at "
            "now, {unseen} more kept face down for later).",
            **values,
        )
    elif talon:
        dealt = lang.plural(
            "**Deal.** Each of the {active} players gets {size} cards; the {n} left over "
            "forms the {{talon}}.",
            "**Deal.** Each of the {active} players gets {size} cards; the {n} left over "
            "form the {{talon}}.",
            talon,
            **values,
        )
    else:
        dealt = lang.text("**Deal.** Each of the {active} players gets {size} cards.", **values)
    indicator = lang.text(
        "One card is turned face up, the indicator: its suit is offered as trumps."
    )
    return ("deal", _sentences(dealt, indicator, sits))


#: The first announcements, by (cards still face down, kontra levels named: 0, 1, 2).
_FRONT = {
    (True, 0): N_(
        "**First announcements.** Before picking up the rest of their cards, that is "
        "{{elölről}}, the declarer and then the others may announce {{figura}} such as "
        "{examples}.  Said this early, they count more."
    ),
    (True, 1): N_(
        "**First announcements.** Before picking up the rest of their cards, that is "
        "{{elölről}}, the declarer and then the others may announce {{figura}} such as "
        "{examples}, and double the stakes with {first}.  Said this early, they count more."
    ),
    (True, 2): N_(
        "**First announcements.** Before picking up the rest of their cards, that is "
        "{{elölről}}, the declarer and then the others may announce {{figura}} such as "
        "{examples}, and double the stakes with {first}, answered by {second} and so on.  "
        "Said this early, they count more."
    ),
    (False, 0): N_(
        "**First announcements.** Before the play, that is {{elölről}}, the declarer and "
        "then the others may announce {{figura}} such as {examples}.  Said this early, they "
        "count more."
    ),
    (False, 1): N_(
        "**First announcements.** Before the play, that is {{elölről}}, the declarer and "
        "then the others may announce {{figura}} such as {examples}, and double the stakes "
        "with {first}.  Said this early, they count more."
    ),
    (False, 2): N_(
        "**First announcements.** Before the play, that is {{elölről}}, the declarer and "
        "then the others may announce {{figura}} such as {examples}, and double the stakes "
        "with {first}, answered by {second} and so on.  Said this early, they count more."
    ),
}

#: Kontra said before the play where no figure is announced then, by (cards still
#: face down, kontra levels named: 1 or 2).
_FRONT_KONTRA = {
    (True, 1): N_(
        "**Kontra.** Before picking up the rest of their cards, the declarer's opponents may "
        "double the stakes with {first}."
    ),
    (True, 2): N_(
        "**Kontra.** Before picking up the rest of their cards, the declarer's opponents may "
        "double the stakes with {first}, answered by {second} and so on."
    ),
    (False, 1): N_(
        "**Kontra.** Before the play, the declarer's opponents may double the stakes with {first}."
    ),
    (False, 2): N_(
        "**Kontra.** Before the play, the declarer's opponents may double the stakes with "
        "{first}, answered by {second} and so on."
    ),
}


def _front_steps(rules: Ruleset, lang: Language) -> list[tuple[str, str]]:
    """Announcements or kontras said before the play (or before the pick-up), and the
    pick-up of the cards kept face down."""
    unseen = sum(rules.deal.unseen_packets) > 0
    front = [
        f.title or n
        for n, f in rules.figures.items()
        # not kassza, which hangs on holding béla: no example of what anyone may say
        if f.enabled and f.front and not rule_modules.lookup("figures", f.kind).declarer_needs_bela
    ]
    levels = [term(word) for word in rules.kontra.levels[:2]]
    named = dict(zip(("first", "second"), levels, strict=False))
    steps: list[tuple[str, str]] = []
    if front:
        message = _FRONT[unseen, len(levels)]
        steps.append(("front", lang.text(message, examples=lang.join(front[:3]), **named)))
    elif levels:
        steps.append(("front", lang.text(_FRONT_KONTRA[unseen, len(levels)], **named)))
    if unseen:
        steps.append(
            ("pickup", lang.text("**Pick up.** Everyone picks up the rest of their cards."))
        )
    return steps


def _exchange_steps(rules: Ruleset, lang: Language) -> list[tuple[str, str]]:
    """The trump exchange (a swap for the indicator, a síber), where the profile has one:
    the exchange module words it (:meth:`~alsos.hand.protocol.ExchangeModule.overview`)."""
    exchange = module(rules, "exchange")
    said = described(exchange, lang, rules, hook="overview") if exchange.exchanges else None
    return [] if said is None else [("exchange", str(said))]


def _back_steps(rules: Ruleset, lang: Language) -> list[tuple[str, str]]:
    """Announcements and kontras with the whole hand, and where melds are declared."""
    figures = bool(_figure_titles(rules))
    if not figures and not rules.kontra.levels:
        return [("melds", _declared_melds(rules, lang))]
    if rules.announcements.back_round == "before-play":
        back = (
            N_(
                "**Second announcements.** With the whole hand, {hátulról}, the players "
                "announce figures and say kontras in a second round, before the first card "
                "is led."
            )
            if figures
            else N_(
                "**Second announcements.** With the whole hand, {hátulról}, the players say "
                "kontras in a second round, before the first card is led."
            )
        )
        return [("back", lang.text(back)), ("melds", _meld_step(lang))]
    first = (
        N_(
            "**First trick.** Before playing to it, each player may announce more figures and "
            "say kontras, now {hátulról}, and declare melds, such as a {terc} or a {vannak}."
        )
        if figures
        else N_(
            "**First trick.** Before playing to it, each player may say kontras, now "
            "{hátulról}, and declare melds, such as a {terc} or a {vannak}."
        )
    )
    return [("back", lang.text(first))]


def _meld_step(lang: Language) -> str:
    """Melds declared in the first trick, as a step of its own."""
    return lang.text(
        "**Melds.** In the first trick players declare melds, such as a {terc} or a {vannak}."
    )


def _calling_steps(rules: Ruleset, lang: Language) -> list[tuple[str, str]]:
    """Calling {gyerünk}, where the profile's calling module has calls."""
    if not rule_modules.lookup("calling", rules.calling.module).calls:
        return []
    return [
        ("calling", lang.text("**Calling.** From the second trick a player may call {gyerünk}."))
    ]


def _play_step(rules: Ruleset, lang: Language) -> tuple[str, str]:
    """The play of the tricks, and whether it stops once the game is decided."""
    size = rules.hand_size
    must_trump = rules.play.must_trump
    if rule_modules.lookup("scoring", rules.scoring.module).decides:
        tricks = (
            N_("**Play.** Tricks are played, at most {size}: follow suit; who cannot, must trump.")
            if must_trump
            else N_("**Play.** Tricks are played, at most {size}: follow suit.")
        )
        stops = lang.text(
            "Play stops as soon as the contract is certainly won or lost, judged from what "
            "every player has seen."
        )
    else:
        tricks = (
            N_("**Play.** All {size} tricks are played: follow suit; who cannot, must trump.")
            if must_trump
            else N_("**Play.** All {size} tricks are played: follow suit.")
        )
        stops = ""
    wins = lang.text("The highest trump, else the highest card of the suit led, wins the trick.")
    return ("play", _sentences(lang.text(tricks, size=size), stops, wins))


def _settlement_step(rules: Ruleset, lang: Language) -> tuple[str, str]:
    """How the hand is settled: by contract, or the game and each figure in stakes."""
    if named_contracts(rules):
        return ("settlement", _contract_settlement(rules, lang))
    won = lang.text(
        "**Settlement.** The declarer wins the game by taking more points than each opponent "
        "(card points in tricks, {last} for the last trick, melds).",
        last=rules.cards.last_trick,
    )
    paid = (
        lang.text(
            "The game and each figure are paid separately, in stakes, multiplied by every "
            "kontra said on it."
        )
        if _figure_titles(rules)
        else lang.text(
            "The game is paid separately, in stakes, multiplied by every kontra said on it."
        )
    )
    return ("settlement", _sentences(won, paid))


def _bidding(rules: Ruleset, lang: Language) -> str:
    """The auction of games: trumps, no trumps, Betli."""
    b = rules.bidding
    kinds = [lang.text("a trump game, in the indicator's suit or in a suit bid instead")]
    if b.no_trumps:
        kinds.append(lang.text("a game without trumps"))
    if b.betli:
        kinds.append("{Betli}")
    games = lang.text(
        "**Bidding.** The players bid to become the {{felvevő}} and choose the game: {games}.",
        games=_either(lang, kinds),
    )
    nobody = lang.text("If nobody takes a game, {Klopitzky} is played.") if b.klopitzky else ""
    return _sentences(games, nobody)


def _contracts(rules: Ruleset, lang: Language) -> str:
    """The auction of a ladder of contracts, with the talon drawn while bidding."""
    contracts = list(named_contracts(rules).values())
    draws = [c.title for c in contracts if c.talon]
    ladder = lang.text(
        "**Bidding.** In turn the players pass or bid a contract higher on a ladder of {n}, "
        "from {low} up to {high}.",
        n=len(contracts),
        low=contracts[0].title,
        high=contracts[-1].title,
    )
    talon = (
        lang.text(
            "To bid a contract that uses the talon ({first} and above), a player first draws "
            "two talon cards unseen and discards two, so the talon passes from bidder to "
            "bidder.",
            first=draws[0],
        )
        if draws
        else ""
    )
    declarer = lang.text(
        "The last bidder becomes the {felvevő} and names trumps as the contract allows; the "
        "others defend together."
    )
    nobody = lang.text("If nobody bids, {Klopitzky} is played.") if rules.bidding.klopitzky else ""
    return _sentences(ladder, talon, declarer, nobody)


def _declared_melds(rules: Ruleset, lang: Language) -> str:
    """Melds declared in the first trick, without announcements around them."""
    if rules.melds.contest:
        return _meld_step(lang)
    who = {s.melds for s in named_contracts(rules).values()}
    message = (
        N_(
            "**Melds.** Where the contract lets melds count (for everyone, or for the declarer "
            "alone), each player may declare its melds, such as a {terc} or a {vannak}, at its "
            "turn in the first trick; every meld declared counts, with no contest between "
            "players."
        )
        if who - {"all"}
        else N_(
            "**Melds.** Each player may declare its melds, such as a {terc} or a {vannak}, at "
            "its turn in the first trick; every meld declared counts, with no contest between "
            "players."
        )
    )
    return lang.text(message)


def _contract_settlement(rules: Ruleset, lang: Language) -> str:
    """A contract won or lost as a whole."""
    g = rules.games
    won = lang.text(
        "**Settlement.** The contract is won only if every part of it succeeds (card points "
        "in tricks, {last} for the last trick, and the melds it allows).",
        last=rules.cards.last_trick,
    )
    scores = lang.text(
        "The declarer scores {score} if it is won and -{score} if it is lost; the defenders "
        "score nothing.",
        score=g.trump,
    )
    klop = (
        lang.text("In {{Klopitzky}} each winner scores {score}.", score=g.klopitzky)
        if rules.bidding.klopitzky
        else ""
    )
    return _sentences(won, scores, klop)
