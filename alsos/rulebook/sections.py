"""The sections of a rulebook, each written from one part of the ruleset.

Each function reads the profile's parameters (or asks a rule module to
describe itself through its ``describe(rules)`` hook) and returns clauses; a
rule the ruleset does not have is never mentioned.
"""

from __future__ import annotations

from alsos.hand.chosen import named_contracts
from alsos.hand.protocol import described
from alsos.language import ENGLISH, N_, Language
from alsos.pack.actions import MELD_NAMES
from alsos.pack.cards import CARDS, Rank, Suit
from alsos.rulebook.clauses import Clause
from alsos.rulebook.clauses import source_of as _src
from alsos.rulebook.glossary import term
from alsos.ruleset import registry as rule_modules
from alsos.ruleset.profile import FigureRule, Ruleset
from alsos.words.rules import DECIDED

__all__ = ["figure_meaning", "sections"]


def _cards_section(rules: Ruleset, lang: Language) -> list[Clause]:
    c = rules.cards
    src = _src(rules, "cards")
    trump_total = sum(c.trump_points.values()) + 3 * sum(c.plain_points.values()) + c.last_trick
    plain_total = 4 * sum(c.plain_points.values()) + c.last_trick
    seated = rules.players
    who = (
        f"{seated} players; the dealer sits each hand out, so three play"
        if seated > 3
        else f"{seated} players"
    )
    points = [("rank", "trump points", "plain points")]
    for r in c.trump_order.ranks:
        points.append((r.code, str(c.trump_points.get(r, 0)), str(c.plain_points.get(r, 0))))
    out = [
        Clause("cards.players", f"The game is for {who}.", src),
        Clause(
            "cards.pack",
            "The pack has 32 cards: the suits {makk}, {piros}, {tök} and {zöld}, each with "
            "Ace, King, Over, Under, 10, 9, 8 and 7.  The Over is the {felső}, the Under "
            "the {alsó}.  Here a card is written as its suit letter (M, P, T, Z) and its rank "
            "(A K O U 10 9 8 7): MA is the Ace of acorns, ZU the Under of leaves.",
            src,
        ),
        Clause("cards.trump_order", f"Trumps rank, high to low: {c.trump_order}.", src),
        Clause("cards.plain_order", f"Other suits rank: {c.plain_order}.", src),
        Clause(
            "cards.sequence_order",
            "For sequences every suit runs A K O U 10 9 8 7."
            if rules.melds.sequence_order == "fixed"
            else "For sequences each suit runs in its own order of play: trumps "
            f"{c.trump_order}, other suits {c.plain_order}.",
            src,
        ),
        Clause(
            "cards.points",
            f"Card points (the last trick adds {c.last_trick}): {trump_total} in all with "
            f"trumps, {plain_total} without.",
            src,
            table=tuple(points),
        ),
    ]
    if rules.bidding.betli:
        out.append(Clause("cards.betli_order", f"In {{Betli}} cards rank {c.betli_order}.", src))
    if rules.bidding.klopitzky:
        out.append(
            Clause(
                "cards.klopitzky_order", f"In {{Klopitzky}} cards rank {c.klopitzky_order}.", src
            )
        )
    return out


def _deal_section(rules: Ruleset, lang: Language) -> list[Clause]:
    d = rules.deal
    src = _src(rules, "deal")
    seen, unseen = sum(d.seen_packets), sum(d.unseen_packets)
    active = rules.active_players
    talon = 32 - active * rules.hand_size
    packets = " and ".join(str(p) for p in d.seen_packets)
    if d.talon_between:
        out = _deal_between(rules, src)
    else:
        out = _deal_indicator(rules, src, packets, seen, unseen, talon)
    out.append(
        Clause(
            "deal.turn",
            "The deal passes to the next player in the order of play after each hand.",
            src,
        )
    )
    if rules.players > 3:
        out.append(Clause("deal.sitting_out", "The dealer deals to the others and sits out.", src))
    return out


def _deal_between(rules: Ruleset, src: str | None) -> list[Clause]:
    """The deal with talon cards laid between the rounds of packets (altiansz, "Deal")."""
    d = rules.deal
    talon = 32 - rules.active_players * rules.hand_size
    steps = []
    for i, size in enumerate((*d.seen_packets, *d.unseen_packets)):
        steps.append(f"{size} to each player")
        laid = d.talon_between[i] if i < len(d.talon_between) else 0
        if laid and i == 0:
            steps.append(
                "one card face up to the talon" + (f" and {laid - 1} face down" if laid > 1 else "")
            )
        elif laid:
            steps.append(f"{laid} face down to the talon")
    return [
        Clause(
            "deal.packets",
            f"The dealer deals {', then '.join(steps)}; the rest of the pack goes face down "
            f"to the talon.  Each player looks at all {rules.hand_size} cards at once.",
            src,
        ),
        Clause(
            "deal.talon",
            f"The {talon} cards on the table form the {{talon}}: one face up, "
            f"{talon - 1} face down.",
            src,
        ),
    ]


def _deal_indicator(
    rules: Ruleset, src: str | None, packets: str, seen: int, unseen: int, talon: int
) -> list[Clause]:
    """The deal of seen packets, the indicator, then unseen packets (pagat, "Deal")."""
    return [
        Clause(
            "deal.packets",
            f"The dealer gives each player packets of {packets} cards ({seen}, which they "
            f"look at), turns the next card face up as the indicator, whose suit is the "
            f"original suit, then deals {unseen} more to each, kept face down until the "
            f"announcements from the front are over.",
            src,
        ),
        Clause(
            "deal.talon",
            f"The {talon} cards left form the {{talon}}: the indicator at the bottom, the "
            f"rest face down across it, and the pack's last card face up on top, so two "
            f"talon cards are seen.",
            src,
        ),
    ]


def _contracts_section(rules: Ruleset) -> list[Clause]:
    """A ladder's contracts, low to high, with what each undertakes (altiansz, "Contracts")."""
    src = _src(rules, "bidding")
    trumps = {"any": "a suit or none", "suit": "a suit", "none": "none"}
    melds = {"all": "every player", "declarer": "the declarer", "none": "—"}
    rows = [("contract", "written", "to win, the declarer must", "trumps", "melds count for")]
    for cid, spec in named_contracts(rules).items():
        aims = "; ".join(
            figure_meaning(name, rules.figures[name], rules) for name in spec.objectives
        )
        rows.append(
            (spec.title, f"contract {cid}", aims or "—", trumps[spec.trumps], melds[spec.melds])
        )
    return [
        Clause(
            "games.contracts",
            "The contracts, low to high.  A contract is won only if every part of it "
            "succeeds, and is worth the same whichever it is:",
            src,
            table=tuple(rows),
        )
    ]


def _games_section(rules: Ruleset, lang: Language) -> list[Clause]:
    g = rules.games
    b = rules.bidding
    if named_contracts(rules):
        return _contracts_section(rules)
    src = _src(rules, "bidding")
    rows = [("game", "value"), ("trump game", str(g.trump))]
    if b.no_trumps:
        rows.append(("no-trump game", str(g.no_trumps)))
    if b.betli:
        rows.append(("{Betli}", str(g.betli)))
    if b.klopitzky:
        rows.append(("{Klopitzky}", str(g.klopitzky)))
    text = "Each kind of game is worth:"
    if b.no_trumps:
        text = "A game without trumps is a {szanzadu}.  " + text
    return [Clause("games.values", text, src, table=tuple(rows))]


def figure_meaning(name: str, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
    """What figure ``name`` undertakes, in ``lang``, from its kind's ``describe`` hook."""
    return str(described(rule_modules.lookup("figures", fig.kind), lang, fig, rules))


def _figures_section(rules: Ruleset, lang: Language) -> list[Clause]:
    figs = {n: f for n, f in rules.figures.items() if f.enabled}
    if not figs:
        return []
    src = _src(rules, "figures")
    rows = [
        ("figure", "notation", "undertaking", "from the back", "from the front", "without trumps")
    ]
    clauses = []
    for name, fig in figs.items():
        title = fig.title or name
        front = str(fig.value * fig.front_multiplier) if fig.front else "—"
        back = str(fig.value) if fig.back else "—"
        nt = "yes" if fig.no_trumps and rules.bidding.no_trumps else "no"
        meaning = figure_meaning(name, fig, rules)
        written = f"announce {name}"
        rows.append((title, written, meaning, back, front, nt))
        clauses.append(
            Clause(
                f"figures.{name}",
                f"{title} ({written}): {meaning}; {back} from the back, {front} from the "
                f"front; without trumps: {nt}",
                src,
                shown=False,
            )
        )
    an = rules.announcements
    out = [
        Clause(
            "figures.general",
            "Any player may announce figures ({figura}); each is paid on its own, won or lost "
            "independently of the game.  Values below are {hátulról}; announced {elölről} "
            "they count more.  A defender's figure must be made in that defender's own "
            "tricks.  Nothing is paid for a feat that was not announced.",
            src,
        ),
        Clause("figures.table", "The figures:", src, table=tuple(rows), compared=False),
        *clauses,
    ]
    ladder = sorted(
        ((f.ladder, f.title or n) for n, f in figs.items() if f.ladder is not None),
    )
    if ladder:
        names = ", ".join(t for _, t in ladder)
        if an.ladder_one_per_round:
            text = (
                f"Of {names}: one per round of announcements, and never a lower one after "
                f"a higher one."
            )
        else:
            text = f"{names} may only be announced in this rising order, several at once."
        out.append(Clause("figures.ladder", text, src))
    for a, b in an.exclusive:
        if a in figs and b in figs:
            out.append(
                Clause(
                    f"figures.exclusive.{a}.{b}",
                    f"One player may not announce both {figs[a].title or a} and "
                    f"{figs[b].title or b}.",
                    src,
                )
            )
    groups: dict[str, list[str]] = {}
    for n, f in figs.items():
        if f.group:
            groups.setdefault(f.group, []).append(f.title or n)
    for g, members in groups.items():
        out.append(
            Clause(
                f"figures.group.{g}",
                f"A player announces at most one of: {', '.join(members)}.",
                src,
            )
        )
    return out


def _example_figure(rules: Ruleset) -> str | None:
    """A figure to show the kontra notation with: one that does not hang on holding
    béla (kassza) unless there is no other."""
    enabled = [n for n, f in rules.figures.items() if f.enabled]
    plain = (n for n in enabled if not _needs_bela(rules.figures[n]))
    return next(plain, None) or next(iter(enabled), None)


def _needs_bela(fig: FigureRule) -> bool:
    """Whether only a holder of béla may announce ``fig`` (its kind's
    ``declarer_needs_bela``), which makes it a poor example of figures in general."""
    return bool(rule_modules.lookup("figures", fig.kind).declarer_needs_bela)


def _kontra_table(rules: Ruleset) -> tuple[tuple[str, ...], ...]:
    """Each kontra level with how it is written and who says it."""
    figure = _example_figure(rules)
    rows = [("step", "notation", "said by")]
    for i, word in enumerate(rules.kontra.levels):
        written = f"{word} game" + (f", {word} {figure}@1" if figure else "")
        who = "the side that did not undertake the item" if i % 2 == 0 else "the undertaking side"
        rows.append((term(word), written, who))
    return tuple(rows)


def _kontra_section(rules: Ruleset, lang: Language) -> list[Clause]:
    k = rules.kontra
    src = _src(rules, "kontra")
    if not k.levels:
        # Said only where rulesets are compared: a rulebook leaves out what is not played.
        return [Clause("kontra.none", "Nothing is doubled: there is no kontra.", src, shown=False)]
    words = [term(w) for w in k.levels]
    figure = _example_figure(rules)
    notation = (
        f"  In the notation an item is ``game`` or a figure with the seat that "
        f"announced it (``{figure}@1``)."
        if figure
        else ""
    )
    out = [
        Clause(
            "kontra.levels",
            f"The game and each figure carry their own chain of doublings: "
            f"{', '.join(words)}.  The side that did not undertake the item says the odd "
            f"steps, the undertaking side the even ones, each only in answer to the step "
            f"before; either defender may answer for both.",
            src,
        ),
        Clause(
            "kontra.notation",
            f"The steps, each with how it is written.{notation}",
            src,
            table=_kontra_table(rules),
            compared=False,
        ),
        Clause(
            "kontra.factors",
            f"Said {{elölről}} a step multiplies the item by {k.front_factor}; "
            f"{{hátulról}} by {k.back_factor}.",
            src,
        ),
    ]
    if rules.announcements.kontra_first_chance:
        out.append(
            Clause(
                "kontra.first_chance",
                "A step must be said at the player's first turn after what it answers was "
                "said, or not at all.",
                _src(rules, "announcements"),
            )
        )
    return out


def _announcements_section(rules: Ruleset, lang: Language) -> list[Clause]:
    an = rules.announcements
    if not rules.kontra.levels and not any(f.enabled for f in rules.figures.values()):
        return []  # nothing to say in a round (altiansz)
    src = _src(rules, "announcements")
    close = rules.passes_to_close
    passes = (
        "one pass" if close == 1 else ("two" if close == 2 else str(close)) + " passes in a row"
    )
    out = [
        Clause(
            "announcements.front",
            f"Once the game is settled, the {{felvevő}} speaks first, then the others in "
            f"turn: at a turn a player may announce figures and say kontra steps, or pass. "
            f"A pass does not stop a player speaking later; the round ends when everyone "
            f"has spoken and {passes} follow.  Then all pick up their remaining cards.",
            src,
        )
    ]
    if an.back_round == "before-play":
        out.append(
            Clause(
                "announcements.back",
                "A second round with the full hand follows in the same way, starting with "
                "the declarer, and ends before the first card is led.",
                src,
            )
        )
    else:
        out.append(
            Clause(
                "announcements.back",
                "The second round goes with the first trick: before playing a card each "
                "player may announce, say kontra steps and declare melds.  If anyone "
                "announced or doubled there, the round continues after the trick, in "
                f"turn, until {passes}"
                + ("; only kontra steps are said then." if not an.completion_figures else "."),
                src,
            )
        )
    if an.figures_first_turn:
        out.append(
            Clause(
                "announcements.first_turn",
                "Figures may be announced only at a player's first turn of a round.",
                src,
            )
        )
    return out


def _melds_for_all(rules: Ruleset, src: str | None) -> list[Clause]:
    """Melds without a contest: each entitled player scores all its own (altiansz, "Melds")."""
    m = rules.melds
    values = ", ".join(
        f"{n}+ cards {v}" if n == max(m.sequence_values) else f"{n} cards {v}"
        for n, v in sorted(m.sequence_values.items())
    )
    ranks = " ".join(r.code for r in m.vannak_ranks)
    kinds = [f"{{béla}} {m.bela}"] if m.bela else []
    if m.twenty:
        kinds.append(f"the King and Over of another suit (a 20) {m.twenty}")
    order = (
        "in the suit's own order of play (so 9 A 10 of trumps is a {terc}, and so is O U 9 "
        "of another suit)"
        if m.sequence_order == "trick"
        else "in the order A K O U 10 9 8 7"
    )
    contracts = [s.title for s in named_contracts(rules).values() if s.melds == "all"]
    mine = [s.title for s in named_contracts(rules).values() if s.melds == "declarer"]
    who = "Melds count only where the contract says so"
    if contracts:
        who = f"In {', '.join(contracts)} every player scores its melds"
        if mine:
            who += f"; in {', '.join(mine)} only the declarer does"
    example = tuple(CARDS[8 * Suit.HEARTS + r] for r in (Rank.NINE, Rank.ACE, Rank.TEN))
    return [
        Clause(
            "melds.values",
            f"Melds score: {', '.join(kinds)}; four of a rank (a {{vannak}}, ranks {ranks}) "
            f"{m.vannak}; a sequence of adjacent cards {order}: {values}.",
            src,
            cards=example,
        ),
        Clause(
            "melds.who",
            f"{who}; there is no contest between players.  At its turn in the first trick, "
            f"before its card, a player may declare its melds (declare melds): all of them, "
            f"made known by their kind only.  Several 20s, vannaks and sequences count (in "
            f"different suits, or apart in one suit), one card may serve a sequence, a "
            f"vannak and a 20 or béla at once, and a sequence always counts at its full "
            f"length.",
            src,
        ),
    ]


def _sequence_table(rules: Ruleset) -> tuple[tuple[str, ...], ...]:
    """Each scoring sequence length with its name, how it is declared and its points."""
    values = rules.melds.sequence_values
    longest = max(values, default=9)
    rows = [("meld", "notation", "points")]
    for n in range(min(values, default=9), 9):
        if n not in values and n < longest:
            continue
        name = MELD_NAMES[n]
        points = values[n] if n in values else values[longest]
        rows.append((f"{term(name)} ({n} cards)", f"declare {name}", str(points)))
    rows.append(("{vannak} (four of a rank)", "declare vannak", str(rules.melds.vannak)))
    return tuple(rows)


def _melds_section(rules: Ruleset, lang: Language) -> list[Clause]:
    m = rules.melds
    src = _src(rules, "melds")
    if not m.contest:
        return _melds_for_all(rules, src)
    values = ", ".join(
        f"{n}+ cards {v}" if n == max(m.sequence_values) else f"{n} cards {v}"
        for n, v in sorted(m.sequence_values.items())
    )
    ranks = " ".join(r.code for r in m.vannak_ranks)
    if m.sequence_tiebreak == "trump":
        tiebreak = "then a trump sequence beats a plain one; two equal plain ones score nothing"
    else:
        tiebreak = "then the higher suit (acorns, hearts, gourds, leaves) wins"
    example = tuple(CARDS[8 * Suit.HEARTS + r] for r in (Rank.ACE, Rank.KING, Rank.OVER))
    four = tuple(CARDS[8 * s + Rank.UNDER] for s in Suit)
    out = [
        Clause(
            "melds.sequences",
            f"Sequences ({{terc}}, {{kvart}}, {{kvint}}...) of adjacent cards in one suit "
            f"score {values}; sequences in one hand may not touch.",
            src,
            cards=example,
        ),
        Clause(
            "melds.notation",
            "The melds, each with how it is declared and its points:",
            src,
            table=_sequence_table(rules),
            compared=False,
        ),
        Clause(
            "melds.vannak",
            f"Four cards of one rank, a {{vannak}}, score {m.vannak} (ranks: {ranks}"
            + (
                f"; without trumps {' '.join(r.code for r in m.vannak_ranks_no_trumps)}"
                if m.vannak_ranks_no_trumps is not None
                else ""
            )
            + ").",
            src,
            cards=four,
        ),
        Clause(
            "melds.bela",
            f"{{béla}} scores {m.bela} for its holder in a trump game, is never beaten and "
            f"needs no declaration.",
            src,
        ),
        Clause(
            "melds.declaring",
            "Melds are declared at the player's turn in the first trick, naming only the "
            "length of the longest sequence and 'vannak'.  Only the best sequence holder "
            "scores sequences, and only the best vannak holder scores vannaks, all of them"
            + (" (at most one sequence of each length)" if m.one_run_per_length else "")
            + ".",
            src,
        ),
        Clause(
            "melds.comparison",
            f"Sequences compare by length, then top card, {tiebreak}.  Vannaks compare by "
            f"the trump order (without trumps, the plain order).  Tied players reveal one "
            f"detail at a time in the order they declared, and may give up with {{kicsi}}.",
            src,
        ),
    ]
    return out


def _play_section(rules: Ruleset, lang: Language) -> list[Clause]:
    p = rules.play
    src = _src(rules, "play")
    leads = {
        "forehand": "the player after the dealer",
        "declarer": "the declarer",
        "before-declarer": "the player before the declarer (so that the declarer plays second)",
    }
    out = [
        Clause(
            "play.follow",
            "Players must follow suit; "
            + ("a player who cannot must trump if able; " if p.must_trump else "")
            + "otherwise any card.  Nobody has to beat the cards already played"
            + (
                ", except in {Betli}: there a card that follows suit has to top every "
                "card of that suit already in the trick whenever the hand allows it."
                if p.betli_overtake and rules.bidding.betli
                else "."
            ),
            src,
        ),
        Clause(
            "play.winner",
            "The highest trump in a trick wins it; a trick without trumps goes to the "
            "highest card of the suit led, in the orders above.  The winner leads next.",
            src,
        ),
        Clause("play.lead.trump", f"In a trump game {leads[p.trump_lead]} leads first.", src),
    ]
    if rules.bidding.no_trumps:
        out.append(
            Clause(
                "play.lead.no_trumps", f"Without trumps {leads[p.no_trumps_lead]} leads first.", src
            )
        )
    if rules.bidding.betli:
        out.append(
            Clause(
                "play.lead.betli",
                f"In {{Betli}} {leads[p.betli_lead]} leads first; "
                f"the game ends when the declarer wins a trick.",
                src,
            )
        )
    if any(
        f.enabled
        and rule_modules.lookup("figures", f.kind).deciding_trick(f, rules.hand_size) is not None
        for f in rules.figures.values()
    ):
        out.append(
            Clause(
                "play.hold_back",
                "A player who announced winning a particular trick with a particular card "
                "may not play that card earlier unless the rules of play force it.",
                _src(rules, "figures"),
            )
        )
    if rule_modules.lookup("scoring", rules.scoring.module).decides:
        out.append(
            Clause(
                "play.decided",
                DECIDED,  # the narration says it too, in the same words
                src,
            )
        )
    return out


def _scoring_section(rules: Ruleset, lang: Language) -> list[Clause]:
    """The scoring module's clauses, then the session schedule's: each module words
    its own rules (:meth:`~alsos.hand.protocol.ScoringModule.describe`,
    :meth:`alsos.play.session.Session.describe`)."""
    return [
        *_module_section(rules, "scoring", rules.scoring.module, "scoring", lang),
        *_module_section(rules, "session", rules.scoring.session, "scoring", lang),
    ]


def _module_section(
    rules: Ruleset, family: str, module: str, section: str, lang: Language
) -> list[Clause]:
    said = described(rule_modules.lookup(family, module), lang, rules)
    if said is None:
        return [
            Clause(
                f"{section}.module",
                lang.text(
                    "The {family} follows the module '{module}'.", family=family, module=module
                ),
                _src(rules, section),
            )
        ]
    return [Clause(key, text, _src(rules, section), cards=cards) for key, text, cards in said]


#: Each section's key and title, in the order a hand goes.
TITLES = {
    "cards": N_("Players and cards"),
    "deal": N_("The deal"),
    "bidding": N_("Bidding"),
    "games": N_("Games and their values"),
    "figures": N_("Figures"),
    "kontra": N_("Kontra"),
    "announcements": N_("Rounds of announcements"),
    "exchange": N_("Trump exchange and síber"),
    "melds": N_("Melds"),
    "calling": N_("Calling"),
    "play": N_("Play"),
    "scoring": N_("Settlement and scoring"),
}


def sections(rules: Ruleset, lang: Language = ENGLISH) -> list[tuple[str, str, list[Clause]]]:
    """(key, title, clauses) of every section, in the order a hand goes, in ``lang``."""
    written = {
        "cards": _cards_section(rules, lang),
        "deal": _deal_section(rules, lang),
        "bidding": _module_section(rules, "bidding", rules.bidding.module, "bidding", lang),
        "games": _games_section(rules, lang),
        "figures": _figures_section(rules, lang),
        "kontra": _kontra_section(rules, lang),
        "announcements": _announcements_section(rules, lang),
        "exchange": _module_section(rules, "exchange", rules.exchange.module, "exchange", lang),
        "melds": _melds_section(rules, lang),
        "calling": _module_section(rules, "calling", rules.calling.module, "calling", lang),
        "play": _play_section(rules, lang),
        "scoring": _scoring_section(rules, lang),
    }
    return [(key, lang.text(title), written[key]) for key, title in TITLES.items()]
