"""The sections of a rulebook, each written from one part of the ruleset.

Each function reads the profile's parameters (or asks a rule module to
describe itself through its ``describe(rules)`` hook) and returns clauses; a
rule the ruleset does not have is never mentioned.

Every sentence is a whole message of the ``lang`` passed in.  A glossary term
stays a ``{term}`` marker inside the message: written ``{{term}}`` where the
message has placeholders (it goes through ``str.format``), ``{term}`` where it
has none.  Notation a player types (``announce ulti``, ``declare terc``, card
codes) is no message.  The Melds section is in ``alsos.rulebook.sections_melds``.
"""

from __future__ import annotations

from alsos.hand.chosen import named_contracts
from alsos.hand.hooks import described
from alsos.language import ENGLISH, N_, Language
from alsos.rulebook.clauses import Clause
from alsos.rulebook.clauses import source_of as _src
from alsos.rulebook.glossary import term
from alsos.rulebook.sections_melds import melds_section
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
    if seated > 3:
        who = lang.plural(
            "The game is for {n} player; the dealer sits each hand out, so three play.",
            "The game is for {n} players; the dealer sits each hand out, so three play.",
            seated,
        )
    else:
        who = lang.plural("The game is for {n} player.", "The game is for {n} players.", seated)
    points = [(lang.text("rank"), lang.text("trump points"), lang.text("plain points"))]
    for r in c.trump_order.ranks:
        points.append((r.code, str(c.trump_points.get(r, 0)), str(c.plain_points.get(r, 0))))
    if rules.melds.sequence_order == "fixed":
        sequences = lang.text("For sequences every suit runs A K O U 10 9 8 7.")
    else:
        sequences = lang.text(
            "For sequences each suit runs in its own order of play: trumps {trump}, "
            "other suits {plain}.",
            trump=c.trump_order,
            plain=c.plain_order,
        )
    out = [
        Clause("cards.players", who, src),
        Clause(
            "cards.pack",
            lang.text(
                "The pack has 32 cards: the suits {makk}, {piros}, {tök} and {zöld}, each with "
                "Ace, King, Over, Under, 10, 9, 8 and 7.  The Over is the {felső}, the Under "
                "the {alsó}.  Here a card is written as its suit letter (M, P, T, Z) and its "
                "rank (A K O U 10 9 8 7): MA is the Ace of acorns, ZU the Under of leaves."
            ),
            src,
        ),
        Clause(
            "cards.trump_order",
            lang.text("Trumps rank, high to low: {order}.", order=c.trump_order),
            src,
        ),
        Clause(
            "cards.plain_order", lang.text("Other suits rank: {order}.", order=c.plain_order), src
        ),
        Clause("cards.sequence_order", sequences, src),
        Clause(
            "cards.points",
            lang.text(
                "Card points (the last trick adds {last}): {trump} in all with trumps, "
                "{plain} without.",
                last=c.last_trick,
                trump=trump_total,
                plain=plain_total,
            ),
            src,
            table=tuple(points),
        ),
    ]
    if rules.bidding.betli:
        said = lang.text("In {{Betli}} cards rank {order}.", order=c.betli_order)
        out.append(Clause("cards.betli_order", said, src))
    if rules.bidding.klopitzky:
        said = lang.text("In {{Klopitzky}} cards rank {order}.", order=c.klopitzky_order)
        out.append(Clause("cards.klopitzky_order", said, src))
    return out


def _deal_section(rules: Ruleset, lang: Language) -> list[Clause]:
    src = _src(rules, "deal")
    if rules.deal.talon_between:
        out = _deal_between(rules, src, lang)
    else:
        out = _deal_indicator(rules, src, lang)
    out.append(
        Clause(
            "deal.turn",
            lang.text("The deal passes to the next player in the order of play after each hand."),
            src,
        )
    )
    if rules.players > 3:
        said = lang.text("The dealer deals to the others and sits out.")
        out.append(Clause("deal.sitting_out", said, src))
    return out


def _deal_steps(rules: Ruleset, lang: Language) -> str:
    """The steps of a deal with talon cards laid between the rounds of packets, in
    order: "3 to each player, then one card face up to the talon, then ..."."""
    d = rules.deal
    steps = []
    for i, size in enumerate((*d.seen_packets, *d.unseen_packets)):
        steps.append(lang.plural("{n} to each player", "{n} to each player", size))
        laid = d.talon_between[i] if i < len(d.talon_between) else 0
        if laid == 1 and i == 0:
            steps.append(lang.text("one card face up to the talon"))
        elif laid and i == 0:
            steps.append(
                lang.plural(
                    "one card face up to the talon and {n} face down",
                    "one card face up to the talon and {n} face down",
                    laid - 1,
                )
            )
        elif laid:
            steps.append(
                lang.plural("{n} face down to the talon", "{n} face down to the talon", laid)
            )
    said = steps[0]
    for step in steps[1:]:
        said = lang.text("{steps}, then {step}", steps=said, step=step)
    return said


def _deal_between(rules: Ruleset, src: str | None, lang: Language) -> list[Clause]:
    """The deal with talon cards laid between the rounds of packets (altiansz, "Deal")."""
    talon = 32 - rules.active_players * rules.hand_size
    return [
        Clause(
            "deal.packets",
            lang.text(
                "The dealer deals {steps}; the rest of the pack goes face down to the talon.  "
                "Each player looks at all {n} cards at once.",
                steps=_deal_steps(rules, lang),
                n=rules.hand_size,
            ),
            src,
        ),
        Clause(
            "deal.talon",
            lang.plural(
                "The {n} card on the table forms the {{talon}}, face up.",
                "The {n} cards on the table form the {{talon}}: one face up, {down} face down.",
                talon,
                down=talon - 1,
            ),
            src,
        ),
    ]


def _deal_indicator(rules: Ruleset, src: str | None, lang: Language) -> list[Clause]:
    """The deal of seen packets, the indicator, then unseen packets (pagat, "Deal")."""
    d = rules.deal
    talon = 32 - rules.active_players * rules.hand_size
    return [
        Clause(
            "deal.packets",
            lang.text(
                "The dealer gives each player packets of {packets} cards ({seen}, which they "
                "look at), turns the next card face up as the indicator, whose suit is the "
                "original suit, then deals {unseen} more to each, kept face down until the "
                "announcements from the front are over.",
                packets=lang.join(str(p) for p in d.seen_packets),
                seen=sum(d.seen_packets),
                unseen=sum(d.unseen_packets),
            ),
            src,
        ),
        Clause(
            "deal.talon",
            lang.text(
                "The {n} cards left form the {{talon}}: the indicator at the bottom, the "
                "rest face down across it, and the pack's last card face up on top, so two "
                "talon cards are seen.",
                n=talon,
            ),
            src,
        ),
    ]


#: What a contract's trumps may be, and whose melds count in it, in the contracts table.
_TRUMPS = {"any": N_("a suit or none"), "suit": N_("a suit"), "none": N_("none")}
_MELDS = {"all": N_("every player"), "declarer": N_("the declarer")}


def _contracts_section(rules: Ruleset, lang: Language) -> list[Clause]:
    """A ladder's contracts, low to high, with what each undertakes (altiansz, "Contracts")."""
    src = _src(rules, "bidding")
    rows = [
        (
            lang.text("contract"),
            lang.text("written"),
            lang.text("to win, the declarer must"),
            lang.text("trumps"),
            lang.text("melds count for"),
        )
    ]
    for cid, spec in named_contracts(rules).items():
        aims = "; ".join(
            figure_meaning(name, rules.figures[name], rules, lang) for name in spec.objectives
        )
        melds = lang.text(_MELDS[spec.melds]) if spec.melds in _MELDS else "—"
        trumps = lang.text(_TRUMPS[spec.trumps])
        rows.append((spec.title, f"contract {cid}", aims or "—", trumps, melds))
    return [
        Clause(
            "games.contracts",
            lang.text(
                "The contracts, low to high.  A contract is won only if every part of it "
                "succeeds, and is worth the same whichever it is:"
            ),
            src,
            table=tuple(rows),
        )
    ]


def _games_section(rules: Ruleset, lang: Language) -> list[Clause]:
    g = rules.games
    b = rules.bidding
    if named_contracts(rules):
        return _contracts_section(rules, lang)
    src = _src(rules, "bidding")
    rows = [(lang.text("game"), lang.text("value")), (lang.text("trump game"), str(g.trump))]
    if b.no_trumps:
        rows.append((lang.text("no-trump game"), str(g.no_trumps)))
    if b.betli:
        rows.append(("{Betli}", str(g.betli)))
    if b.klopitzky:
        rows.append(("{Klopitzky}", str(g.klopitzky)))
    if b.no_trumps:
        said = lang.text("A game without trumps is a {szanzadu}.  Each kind of game is worth:")
    else:
        said = lang.text("Each kind of game is worth:")
    return [Clause("games.values", said, src, table=tuple(rows))]


def figure_meaning(name: str, fig: FigureRule, rules: Ruleset, lang: Language = ENGLISH) -> str:
    """What figure ``name`` undertakes, in ``lang``, from its kind's ``describe`` hook."""
    return str(described(rule_modules.lookup("figures", fig.kind), lang, fig, rules))


def _figure_rows(
    figs: dict[str, FigureRule], rules: Ruleset, src: str | None, lang: Language
) -> tuple[tuple[tuple[str, ...], ...], list[Clause]]:
    """The figures table, and each figure's own clause (compared, not shown)."""
    rows = [
        (
            lang.text("figure"),
            lang.text("notation"),
            lang.text("undertaking"),
            lang.text("from the back"),
            lang.text("from the front"),
            lang.text("without trumps"),
        )
    ]
    clauses = []
    for name, fig in figs.items():
        title = fig.title or name
        front = str(fig.value * fig.front_multiplier) if fig.front else "—"
        back = str(fig.value) if fig.back else "—"
        nt = lang.text("yes") if fig.no_trumps and rules.bidding.no_trumps else lang.text("no")
        meaning = figure_meaning(name, fig, rules, lang)
        written = f"announce {name}"
        rows.append((title, written, meaning, back, front, nt))
        said = lang.text(
            "{title} ({written}): {meaning}; {back} from the back, {front} from the front; "
            "without trumps: {nt}",
            title=title,
            written=written,
            meaning=meaning,
            back=back,
            front=front,
            nt=nt,
        )
        clauses.append(Clause(f"figures.{name}", said, src, shown=False))
    return tuple(rows), clauses


def _figures_section(rules: Ruleset, lang: Language) -> list[Clause]:
    figs = {n: f for n, f in rules.figures.items() if f.enabled}
    if not figs:
        return []
    src = _src(rules, "figures")
    rows, clauses = _figure_rows(figs, rules, src, lang)
    return [
        Clause(
            "figures.general",
            lang.text(
                "Any player may announce figures ({figura}); each is paid on its own, won or "
                "lost independently of the game.  Values below are {hátulról}; announced "
                "{elölről} they count more.  A defender's figure must be made in that "
                "defender's own tricks.  Nothing is paid for a feat that was not announced."
            ),
            src,
        ),
        Clause("figures.table", lang.text("The figures:"), src, table=rows, compared=False),
        *clauses,
        *_figure_limits(rules, figs, src, lang),
    ]


def _figure_limits(
    rules: Ruleset, figs: dict[str, FigureRule], src: str | None, lang: Language
) -> list[Clause]:
    """Which figures one player may announce together: the rising ladder, the pairs
    that exclude each other, the groups of which only one may be announced."""
    an = rules.announcements
    out = []
    ladder = sorted(
        ((f.ladder, f.title or n) for n, f in figs.items() if f.ladder is not None),
    )
    if ladder:
        names = ", ".join(t for _, t in ladder)
        if an.ladder_one_per_round:
            said = lang.text(
                "Of {names}: one per round of announcements, and never a lower one after "
                "a higher one.",
                names=names,
            )
        else:
            said = lang.text(
                "{names} may only be announced in this rising order, several at once.",
                names=names,
            )
        out.append(Clause("figures.ladder", said, src))
    for a, b in an.exclusive:
        if a in figs and b in figs:
            said = lang.text(
                "One player may not announce both {first} and {second}.",
                first=figs[a].title or a,
                second=figs[b].title or b,
            )
            out.append(Clause(f"figures.exclusive.{a}.{b}", said, src))
    groups: dict[str, list[str]] = {}
    for n, f in figs.items():
        if f.group:
            groups.setdefault(f.group, []).append(f.title or n)
    for g, members in groups.items():
        said = lang.text(
            "A player announces at most one of: {figures}.", figures=", ".join(members)
        )
        out.append(Clause(f"figures.group.{g}", said, src))
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


def _kontra_table(rules: Ruleset, lang: Language) -> tuple[tuple[str, ...], ...]:
    """Each kontra level with how it is written and who says it."""
    figure = _example_figure(rules)
    rows = [(lang.text("step"), lang.text("notation"), lang.text("said by"))]
    for i, word in enumerate(rules.kontra.levels):
        written = f"{word} game" + (f", {word} {figure}@1" if figure else "")
        if i % 2 == 0:
            who = lang.text("the side that did not undertake the item")
        else:
            who = lang.text("the undertaking side")
        rows.append((term(word), written, who))
    return tuple(rows)


def _kontra_section(rules: Ruleset, lang: Language) -> list[Clause]:
    k = rules.kontra
    src = _src(rules, "kontra")
    if not k.levels:
        # Said only where rulesets are compared: a rulebook leaves out what is not played.
        said = lang.text("Nothing is doubled: there is no kontra.")
        return [Clause("kontra.none", said, src, shown=False)]
    figure = _example_figure(rules)
    if figure:
        item = f"{figure}@1"  # notation, as a player types it
        notation = lang.text(
            "The steps, each with how it is written.  In the notation an item is "
            "``{game}`` or a figure with the seat that announced it (``{item}``).",
            game="game",
            item=item,
        )
    else:
        notation = lang.text("The steps, each with how it is written.")
    out = [
        Clause(
            "kontra.levels",
            lang.text(
                "The game and each figure carry their own chain of doublings: {steps}.  The "
                "side that did not undertake the item says the odd steps, the undertaking "
                "side the even ones, each only in answer to the step before; either defender "
                "may answer for both.",
                steps=", ".join(term(w) for w in k.levels),
            ),
            src,
        ),
        Clause("kontra.notation", notation, src, table=_kontra_table(rules, lang), compared=False),
        Clause(
            "kontra.factors",
            lang.text(
                "Said {{elölről}} a step multiplies the item by {front}; {{hátulról}} by {back}.",
                front=k.front_factor,
                back=k.back_factor,
            ),
            src,
        ),
    ]
    if rules.announcements.kontra_first_chance:
        said = lang.text(
            "A step must be said at the player's first turn after what it answers was "
            "said, or not at all."
        )
        out.append(Clause("kontra.first_chance", said, _src(rules, "announcements")))
    return out


def _passes(close: int, lang: Language) -> str:
    """How many passes in a row close a round of announcements, as words."""
    if close == 1:
        return lang.text("one pass")
    if close == 2:
        return lang.text("two passes in a row")
    return lang.plural("{n} pass in a row", "{n} passes in a row", close)


def _announcements_section(rules: Ruleset, lang: Language) -> list[Clause]:
    an = rules.announcements
    if not rules.kontra.levels and not any(f.enabled for f in rules.figures.values()):
        return []  # nothing to say in a round (altiansz)
    src = _src(rules, "announcements")
    passes = _passes(rules.passes_to_close, lang)
    front = lang.text(
        "Once the game is settled, the {{felvevő}} speaks first, then the others in turn: "
        "at a turn a player may announce figures and say kontra steps, or pass. A pass "
        "does not stop a player speaking later; the round ends when everyone has spoken "
        "and {passes} follow.  Then all pick up their remaining cards.",
        passes=passes,
    )
    if an.back_round == "before-play":
        back = lang.text(
            "A second round with the full hand follows in the same way, starting with "
            "the declarer, and ends before the first card is led."
        )
    elif an.completion_figures:
        back = lang.text(
            "The second round goes with the first trick: before playing a card each "
            "player may announce, say kontra steps and declare melds.  If anyone "
            "announced or doubled there, the round continues after the trick, in "
            "turn, until {passes}.",
            passes=passes,
        )
    else:
        back = lang.text(
            "The second round goes with the first trick: before playing a card each "
            "player may announce, say kontra steps and declare melds.  If anyone "
            "announced or doubled there, the round continues after the trick, in "
            "turn, until {passes}; only kontra steps are said then.",
            passes=passes,
        )
    out = [
        Clause("announcements.front", front, src),
        Clause("announcements.back", back, src),
    ]
    if an.figures_first_turn:
        said = lang.text("Figures may be announced only at a player's first turn of a round.")
        out.append(Clause("announcements.first_turn", said, src))
    return out


#: Who leads to the first trick, by the profile's word for it.
_LEADS = {
    "forehand": N_("the player after the dealer"),
    "declarer": N_("the declarer"),
    "before-declarer": N_("the player before the declarer (so that the declarer plays second)"),
}


def _play_section(rules: Ruleset, lang: Language) -> list[Clause]:
    p = rules.play
    src = _src(rules, "play")
    if p.must_trump:
        follow = lang.text(
            "Players must follow suit; a player who cannot must trump if able; otherwise any card."
        )
    else:
        follow = lang.text("Players must follow suit; otherwise any card.")
    if p.betli_overtake and rules.bidding.betli:
        beat = lang.text(
            "Nobody has to beat the cards already played, except in {Betli}: there a card "
            "that follows suit has to top every card of that suit already in the trick "
            "whenever the hand allows it."
        )
    else:
        beat = lang.text("Nobody has to beat the cards already played.")
    out = [
        Clause("play.follow", f"{follow}  {beat}", src),
        Clause(
            "play.winner",
            lang.text(
                "The highest trump in a trick wins it; a trick without trumps goes to the "
                "highest card of the suit led, in the orders above.  The winner leads next."
            ),
            src,
        ),
        Clause(
            "play.lead.trump",
            lang.text(
                "In a trump game {leader} leads first.", leader=lang.text(_LEADS[p.trump_lead])
            ),
            src,
        ),
    ]
    if rules.bidding.no_trumps:
        said = lang.text(
            "Without trumps {leader} leads first.", leader=lang.text(_LEADS[p.no_trumps_lead])
        )
        out.append(Clause("play.lead.no_trumps", said, src))
    if rules.bidding.betli:
        said = lang.text(
            "In {{Betli}} {leader} leads first; the game ends when the declarer wins a trick.",
            leader=lang.text(_LEADS[p.betli_lead]),
        )
        out.append(Clause("play.lead.betli", said, src))
    if any(
        f.enabled
        and rule_modules.lookup("figures", f.kind).deciding_trick(f, rules.hand_size) is not None
        for f in rules.figures.values()
    ):
        said = lang.text(
            "A player who announced winning a particular trick with a particular card "
            "may not play that card earlier unless the rules of play force it."
        )
        out.append(Clause("play.hold_back", said, _src(rules, "figures")))
    if rule_modules.lookup("scoring", rules.scoring.module).decides:
        # the narration says it too, in the same words
        out.append(Clause("play.decided", lang.text(DECIDED), src))
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
        "melds": melds_section(rules, lang),
        "calling": _module_section(rules, "calling", rules.calling.module, "calling", lang),
        "play": _play_section(rules, lang),
        "scoring": _scoring_section(rules, lang),
    }
    return [(key, lang.text(title), written[key]) for key, title in TITLES.items()]
