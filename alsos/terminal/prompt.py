"""The player's side of the terminal: the legal actions grouped, the help screen, input.

The legal actions are shown on one line, grouped by what they do::

    pass · announce: 100, abszolut · kontra: game · or play a card: MA M10 PK

They are numbered in that order, so ``1`` is the first shown; typing the
action in the notation works as well.  ``?`` shows :func:`help_lines`: the
profile's games or its contract ladder, the figures with what each
undertakes and is worth, the kontra levels and their factors (or that there
are none), and how to type an action.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from alsos.hand.chosen import named_contracts
from alsos.language import ENGLISH, Language
from alsos.pack.actions import (
    KONTRA_NAMES,
    Action,
    Announce,
    Bid,
    ContractBid,
    Declare,
    Discard,
    Kontra,
    Play,
)
from alsos.pack.cards import Suit
from alsos.rulebook import clause
from alsos.ruleset.profile import Ruleset
from alsos.terminal.screen import Screen, Seg, symbols_to_letters
from alsos.words.rules import (
    contract_meaning,
    examples,
    figure_label,
    figure_meaning,
    is_ladder,
    suit_name,
)

# figure_meaning lives in alsos.words.rules and is kept here for its old callers.
__all__ = ["bold_marked", "choice", "figure_meaning", "grouped", "help_lines"]

# The order of the groups on the line; anything else (pass, accept, siber...) comes first.
_GROUPS: tuple[type, ...] = (ContractBid, Bid, Announce, Kontra, Declare, Discard, Play)


def _key(action: Action) -> tuple[int, int]:
    cls = action.__class__
    group = _GROUPS.index(cls) + 1 if cls in _GROUPS else 0
    level = action[1] if cls is Kontra else 0
    return group, level


def grouped(
    legal: Sequence[Action], screen: Screen, lang: Language = ENGLISH
) -> tuple[list[Action], list[Seg]]:
    """The legal actions in the order shown (numbers count along it), and the line itself,
    its words in ``lang`` (the actions themselves in the notation one types)."""
    ordered = sorted(legal, key=_key)  # stable: the engine's order within a group
    line: list[Seg] = []
    i = 0
    while i < len(ordered):
        key = _key(ordered[i])
        j = i
        while j < len(ordered) and _key(ordered[j]) == key:
            j += 1
        group = ordered[i:j]
        if line:
            line.append(" · ")
        cls = group[0].__class__
        if cls is Play:
            line.append(
                (lang.text("or play a card:") if len(line) > 0 else lang.text("play a card:")) + " "
            )
            line.extend(screen.cards([a[1] for a in group]))
        elif cls is Discard:
            line.append(lang.text("discard:") + " ")
            line.extend(screen.cards([a[1] for a in group]))
        elif cls in _GROUPS:
            verb = KONTRA_NAMES[key[1] - 1] if cls is Kontra else str(group[0]).split()[0]
            line.append(f"{verb}: ")
            line.append(", ".join(str(a).split(" ", 1)[1] for a in group))
        else:
            line.append(" · ".join(str(a) for a in group))
        i = j
    return ordered, line


def choice(text: str, ordered: Sequence[Action], lang: Language = ENGLISH) -> Action | str:
    """The user's line as an action: a number picks from ``ordered``, else it is text.

    Suit signs are read as the notation's letters (``♣A`` is ``MA``).

    :raises ValueError: for a number outside the list (saying so in ``lang``).
    """
    if re.fullmatch(r"-?[0-9]{1,9}", text):
        n = int(text)
        if 1 <= n <= len(ordered):
            return ordered[n - 1]
        raise ValueError(
            lang.text(
                "there is no legal action number {n}; choose 1 to {last}", n=n, last=len(ordered)
            )
        )
    return symbols_to_letters(text)


def bold_marked(text: str) -> list[Seg]:
    """A line whose ``**marked**`` words are bold, as segments: a whole message keeps
    its heading inside it, so a language puts the heading where its sentence needs it."""
    out: list[Seg] = []
    for i, piece in enumerate(text.split("**")):
        if piece:
            out.append((piece, "bold") if i % 2 else piece)
    return out


def help_lines(rules: Ruleset, screen: Screen, lang: Language = ENGLISH) -> list[list[Seg]]:
    """One screen of help for ``rules`` in ``lang``: contracts or games, figures, kontra
    levels, typing."""
    t = lang.text
    out: list[list[Seg]] = [[(t("How to answer"), "bold")]]
    out.append(
        [
            "  "
            + t(
                "Type an action as shown ({examples}) or its number, counting along the "
                "list from 1.  'quit' leaves the hand.",
                examples=examples(rules),
            )
        ]
    )
    signs = ", ".join(f"{s.letter} {screen.suit(s, suit_name(s, lang))}" for s in Suit)
    out.append(
        [
            "  "
            + t(
                "Cards are suit then rank: {signs}; ranks A K O(ver) U(nder) 10 9 8 7.", signs=signs
            )
        ]
    )
    if is_ladder(rules):
        out.extend(_ladder_help(rules, lang))
    else:
        out.extend(_games_help(rules, lang))
    figs = [(n, f) for n, f in rules.figures.items() if f.enabled]
    if figs:
        out.append(bold_marked(t("**Figures** (bonus undertakings; value from the back / front)")))
        for name, fig in figs:
            front = str(fig.value * fig.front_multiplier) if fig.front else "-"
            back = str(fig.value) if fig.back else "-"
            meaning = figure_meaning(rules, name, lang)
            out.append([f"  {figure_label(rules, name)}: {meaning}; {back} / {front}"])
    k = rules.kontra
    if not k.levels:
        out.append([clause(rules, "kontra.none", lang) or t("There is no kontra.")])
        return out
    levels = ", ".join(k.levels)
    out.append(
        bold_marked(t("**Kontra** levels, each answering the one before: {levels}.", levels=levels))
    )
    out.append(
        [
            "  "
            + t(
                "Each step multiplies the item (the game, or a figure named like 100@1: "
                "figure 100 of seat 1) by {front} said from the front (before the "
                "pick-up), by {back} said from the back.  The opponents of an item say "
                "the odd steps, its side the even ones.",
                front=k.front_factor,
                back=k.back_factor,
            )
        ]
    )
    return out


def _games_help(rules: Ruleset, lang: Language) -> list[list[Seg]]:
    g, b, t = rules.games, rules.bidding, lang.text
    games = [t("trump game {value}", value=g.trump)]
    games += [t("no-trumps {value}", value=g.no_trumps)] if b.no_trumps else []
    games += [t("betli {value}", value=g.betli)] if b.betli else []
    games += [t("klopitzky {value}", value=g.klopitzky)] if b.klopitzky else []
    return [
        bold_marked(t("**Games** (the game item before kontras): {games}", games=", ".join(games)))
    ]


def _ladder_help(rules: Ruleset, lang: Language) -> list[list[Seg]]:
    """The contracts low to high, what each undertakes, and how they are bid and scored."""
    out: list[list[Seg]] = [
        bold_marked(
            lang.text("**Contracts** low to high; type 'contract <id>' to bid one above the last:")
        )
    ]
    for cid, spec in named_contracts(rules).items():
        out.append([f"  {cid} ({spec.title}): {contract_meaning(rules, cid, lang)}"])
    for key in ("bidding.draw", "bidding.take", "scoring.contract", "scoring.limit"):
        said = clause(rules, key, lang)
        if said:
            out.append([f"  {said}"])
    return out
