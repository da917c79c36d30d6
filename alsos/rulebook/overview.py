""" "How a hand goes": a short numbered walk through the phases of one ruleset.

The steps are written from the ruleset's data, like the rest of the
rulebook: a table without figures has no step for announcing them, one
without calling no step for the call, one whose dealer deals every card at
once no step for picking up.  The full rules follow in the sections.
"""

from __future__ import annotations

from alsos.profile import Ruleset
from alsos.rulebook.clauses import Clause

__all__ = ["overview"]


def _names(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def overview(rules: Ruleset) -> list[Clause]:
    """The phases of a hand of ``rules`` in order, one clause each (keys ``overview.*``)."""
    d, b, ex = rules.deal, rules.bidding, rules.exchange
    active, size = rules.active_players, rules.hand_size
    talon = 32 - active * size
    seen, unseen = sum(d.seen_packets), sum(d.unseen_packets)
    figures = [f.title or n for n, f in rules.figures.items() if f.enabled]
    front = [
        f.title or n
        for n, f in rules.figures.items()
        if f.enabled and f.front and f.kind != "kassza"
    ]
    steps: list[tuple[str, str]] = []

    sits = "  The dealer sits this hand out." if rules.players > active else ""
    later = f" ({seen} to look at now, {unseen} more kept face down for later)" if unseen else ""
    rest = f"; the {talon} left over form the {{talon}}" if talon else ""
    steps.append(
        (
            "deal",
            f"**Deal.** Each of the {active} players gets {size} cards{later}{rest}.  One "
            f"card is turned face up, the indicator: its suit is offered as trumps.{sits}",
        )
    )
    kinds = ["a trump game, in the indicator's suit or in a suit bid instead"]
    if b.no_trumps:
        kinds.append("a game without trumps")
    if b.betli:
        kinds.append("{Betli}")
    nobody = "  If nobody takes a game, {Klopitzky} is played." if b.klopitzky else ""
    steps.append(
        (
            "bidding",
            f"**Bidding.** The players bid to become the {{felvevő}} and choose the game: "
            f"{_names(kinds)}.{nobody}",
        )
    )
    levels = rules.kontra.levels
    doubling = f"double the stakes with {{{levels[0]}}}" + (
        f", answered by {{{levels[1]}}} and so on" if len(levels) > 1 else ""
    )
    when = "Before picking up the rest of their cards" if unseen else "Before the play"
    if front:
        examples = _names(front[:3]).replace(" or ", " and ")
        steps.append(
            (
                "front",
                f"**First announcements.** {when}, that is {{elölről}}, the declarer and "
                f"then the others may announce {{figura}} such as {examples}, and "
                f"{doubling}.  Said this early, they count more.",
            )
        )
    else:
        steps.append(
            (
                "front",
                f"**Kontra.** {when}, the declarer's opponents may {doubling}.",
            )
        )
    if unseen:
        steps.append(("pickup", "**Pick up.** Everyone picks up the rest of their cards."))
    if ex.module != "none" and (ex.simple_exchange or ex.siber):
        low = " or ".join(f"the {r.code}" for r in ex.entitled[:1])
        ways = []
        if ex.simple_exchange:
            ways.append("swap it for the indicator")
        if ex.siber:
            ways.append(f"{', when the rules allow it,' if ways else ''} do a {{síber}}")
        steps.append(
            (
                "exchange",
                f"**Trump exchange.** The holder of {low} of trumps may {' or'.join(ways)}.",
            )
        )
    melds = "such as a {terc} or a {vannak}"
    back = "announce more figures and say kontras" if figures else "say kontras"
    if rules.announcements.back_round == "before-play":
        steps.append(
            (
                "back",
                f"**Second announcements.** With the whole hand, {{hátulról}}, the "
                f"players {back.replace('more ', '')} in a second round, before the first "
                f"card is led.",
            )
        )
        steps.append(("melds", f"**Melds.** In the first trick players declare melds, {melds}."))
    else:
        steps.append(
            (
                "back",
                f"**First trick.** Before playing to it, each player may {back}, now "
                f"{{hátulról}}, and declare melds, {melds}.",
            )
        )
    if rules.calling.module != "none":
        steps.append(
            (
                "calling",
                "**Calling.** From the second trick a player may call {gyerünk}.",
            )
        )
    trump = "; who cannot, must trump" if rules.play.must_trump else ""
    steps.append(
        (
            "play",
            f"**Play.** All {size} tricks are played: follow suit{trump}.  The highest "
            f"trump, else the highest card of the suit led, wins the trick.",
        )
    )
    extra = " and each figure" if figures else ""
    steps.append(
        (
            "settlement",
            f"**Settlement.** The declarer wins the game by taking more points than each "
            f"opponent (card points in tricks, {rules.cards.last_trick} for the last trick, "
            f"melds).  The game{extra} {'are' if figures else 'is'} paid separately, in "
            f"stakes, multiplied by every kontra said on it.",
        )
    )
    return [Clause(f"overview.{key}", text, None) for key, text in steps]
