"""A hand viewer: a finished (or unfinished) record as one self-contained HTML page.

:func:`page` turns records (:class:`~alsos.records.record.Record`) into a web page
that steps through each hand: the deal, the auction and the announcements,
then trick by trick, and finally the settlement.  Next and previous buttons
and the arrow keys move between the steps; Home and End jump to the first
and last.  ``alsos replay FILE --html hand.html`` writes such a page.
:func:`fragment` gives one hand's viewer as a block of HTML to put inside
another page (the documentation embeds worked examples that way).

The page needs nothing from the network: its style sheet, its small script
and the card pictures (:mod:`alsos.pack.svg`, each drawn once as an SVG
``<symbol>`` and shown with ``<use>``) are all inline, so it can be mailed,
opened from a disk or served as it is.  Without scripts every step is shown,
one below the other.  The layout narrows to a phone's width: cards shrink
and rows of cards wrap instead of overflowing.

A replay is omniscient: every seat's cards are shown, including cards not
yet picked up (drawn faded) and the talon, which no player saw while the
hand was played; the page says so.  With ``seat=K`` it shows only what seat
``K`` saw (:meth:`alsos.Game.view`, the events as that seat received them):
its own cards, the cards played and the talon cards it was shown.  Cards it
never saw are drawn face down and are absent from the HTML altogether, not
merely hidden, so the page can be handed to that player.  Record comments
are shown only in the omniscient view, since their author saw everything.

Every word a person reads on the page -- headings, buttons, labels, the steps, the
settlement's explanation, the analysis and the script's own words -- is written in
the :class:`~alsos.language.Language` asked for (``lang``, English by default;
``alsos replay FILE --html OUT --lang hu``).  The record's notation (cards ``MA``,
actions as typed), the players' names and the profile's own names stay as written.

The output is deterministic (the same record gives the same bytes), so
generated documentation does not change from build to build.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from alsos.bots import make
from alsos.hand.settlement import Settlement
from alsos.language import ENGLISH, N_, Language, language, said_in
from alsos.pack.cards import CARDS, Card
from alsos.pack.svg import CARD_HEIGHT, CARD_WIDTH, card_svg
from alsos.play.game import Game
from alsos.records.record import Record, RecordError
from alsos.ruleset.wording import name_in
from alsos.viewer_steps import Step, ViewerError, Walker
from alsos.viewer_style import CSS, script
from alsos.viewer_words import (
    contract_words,
    detail_words,
    entry_label,
    phase_name,
)
from alsos.words.actions import card_name
from alsos.words.settlement import explain_settlement

if TYPE_CHECKING:
    from alsos.analysis import Analysis
    from alsos.ruleset.profile import Ruleset
    from alsos.viewer_marks import Marks

__all__ = ["ViewerError", "example", "fragment", "page"]


# ---------------------------------------------------------------- drawing


def _prefix(shown: str) -> str:
    """An id prefix for one viewer's card symbols, derived from the page itself.

    It must be stable (the same record gives the same bytes) and differ
    between hands so that several viewers can share a page.  It is hashed from
    the viewer as drawn (with a placeholder prefix), never from the record:
    a seat's page must carry nothing derived from what that seat did not see
    (the deal, withheld comments), or a guess could be confirmed by hashing it.
    """
    return f"av{hashlib.sha1(shown.encode()).hexdigest()[:8]}"


def _card(prefix: str, card: Card, label: str, extra: str = "") -> str:
    """A card's picture; ``label`` its name, as HTML (:meth:`_Drawer.label`)."""
    cls = f"c {extra}".strip()
    return (
        f'<svg class="{cls}" data-card="{card.name}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" '
        f'role="img" aria-label="{label}"><title>{label}</title>'
        f'<use href="#{prefix}-{card.name}"/></svg>'
    )


def _sign(mark: str) -> str:
    """`` ??`` after a step's title for its worst mark (nothing for best or none)."""
    from alsos.viewer_marks import SIGNS

    sign = SIGNS.get(mark, "")
    return f" {sign}" if sign else ""


def _heads(heads: Iterable[str], lang: Language) -> str:
    """A table's column heads (messages), in ``lang``."""
    return "".join(f"<th>{escape(lang.text(h))}</th>" for h in heads)


def _backs(n: int, lang: Language) -> str:
    label = escape(lang.text("a face-down card"))
    return f'<span class="c back" role="img" aria-label="{label}"></span>' * n


class _Drawer:
    """Writes one hand's viewer as HTML."""

    def __init__(
        self,
        record: Record,
        seat: int | None,
        page_keys: bool,
        allow_files: bool = False,
        analysis: Analysis | None = None,
        rules: Ruleset | None = None,
        lang: Language = ENGLISH,
    ) -> None:
        self.record = record
        self.seat = seat
        self.page_keys = page_keys
        self.lang = lang
        if record.view is None:  # (a seat record is refused by the walker, with its reason)
            record.replay(rules, allow_files=allow_files)  # a bad record: RecordError here
        self.walker = Walker(record, seat, allow_files, rules, lang)
        self.prefix = "av"  # drawn once with this, then with the prefix hashed from that
        self.used: set[Card] = set()  # the cards drawn face up: only these get a picture
        self.labels: dict[Card, str] = {}  # each card's name, as HTML
        self.marks: Marks | None = None
        if analysis is not None:
            from alsos.viewer_marks import Marks

            try:
                self.marks = Marks(analysis, record.actions, seat, lang, phase_name)
            except ValueError as e:
                raise ViewerError(str(e)) from None

    def who(self, seat: int | None) -> str:
        """A seat's name as HTML."""
        return escape(self.walker.who(seat))

    def name(self, seat: int | None) -> str:
        """A seat's name as text (to go into a message)."""
        return self.walker.who(seat)

    def label(self, card: Card) -> str:
        """A card's name as HTML: in the language, with its Hungarian name beside it
        where that is another (``Ace of hearts (piros ász)``: the cards are Hungarian)."""
        found = self.labels.get(card)
        if found is None:
            name = card_name(card, self.lang)
            if name != card.name_hu:
                name = self.lang.text("{name} ({hungarian})", name=name, hungarian=card.name_hu)
            found = self.labels[card] = escape(name)
        return found

    def picture(self, card: Card) -> str:
        """A card's picture (:func:`~alsos.pack.svg.card_svg`), its own name in it (the
        tooltip over it) in this language."""
        return card_svg(card, width=CARD_WIDTH).replace(
            escape(f"{card.name_en} ({card.name_hu})"), self.label(card)
        )

    def cards(self, cards: Iterable[Card], extra: str = "") -> str:
        out = tuple(cards)
        self.used.update(out)
        return "".join(_card(self.prefix, c, self.label(c), extra) for c in out)

    def html(self) -> str:
        """The viewer, its symbol ids prefixed with a hash of what it shows (:func:`_prefix`)."""
        steps = self.walker.steps()
        self.prefix = _prefix(self.draw(steps))
        self.used.clear()
        return self.draw(steps)

    def draw(self, steps: list[Step]) -> str:
        """The viewer's HTML, drawn from ``steps`` with the current prefix."""
        settlement = self.walker.game.settlement
        nav = self.nav(len(steps))
        body = "".join(self.step(n, len(steps), step, settlement) for n, step in enumerate(steps))
        if self.marks is not None:
            nav += self.step_list(steps)
        defs = "".join(
            f'<symbol id="{self.prefix}-{c.name}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
            f"{self.picture(c)}</symbol>"
            for c in sorted(self.used)
        )
        t = self.lang.text
        record_text = ""
        if self.seat is None:
            summary = escape(t("The record"))
            record_text = (
                f'<details class="av-record"><summary>{summary}</summary>'
                f"<pre>{escape(self.record.dumps())}</pre></details>"
            )
        keys = ' data-page-keys="1"' if self.page_keys else ""
        label = escape(t("Hand viewer: use the arrow keys or the buttons"))
        return (
            f'<div class="alsos-viewer" tabindex="0" data-steps="{len(steps)}"{keys} '
            f'aria-label="{label}">'
            f"<style>{CSS}{'' if self.marks is None else self.marks_css()}</style>"
            f'<svg class="av-defs" aria-hidden="true" width="0" height="0">{defs}</svg>'
            f"{self.head()}{nav}{body}{record_text}<script>{script(self.lang)}</script></div>"
        )

    def head(self) -> str:
        """The head of the viewer: the rules, the seats, what the page shows."""
        game, t = self.walker.game, self.lang.text
        if self.seat is None:
            note = t(
                "A replay of the hand as a spectator who sees everything: every seat's cards "
                "are shown face up, the talon too, though no player saw them all while it was "
                "played."
            )
            if self.walker.any_later:
                note += " " + t("Faded cards are dealt but not yet picked up.")
        else:
            note = t(
                "The hand as {player} saw it: its own cards, the cards played and the talon "
                "cards it was shown. Every other card is face down.",
                player=self.name(self.seat),
            )
        dealer = self.record.dealer
        message = (
            N_("Dealer: {dealer}") if dealer in game.active else N_("Dealer: {dealer} (sits out)")
        )
        players = t("players: {players}", players=", ".join(self.name(s) for s in game.active))
        caption = (
            "" if self.marks is None else f'<p class="av-note">{escape(self.marks.caption())}</p>'
        )
        return (
            f'<header class="av-head"><p class="av-rules">{escape(name_in(game.rules, self.lang))} '
            f"<code>{escape(self.record.variant)}</code></p>"
            f'<p class="av-meta">{escape(t(message, dealer=self.name(dealer)))} &middot; '
            f"{escape(players)}</p>"
            f'<p class="av-note">{escape(note)}</p>{caption}</header>'
        )

    def nav(self, total: int) -> str:
        """The buttons that move between the steps, and the link to the step shown."""
        words = {
            key: escape(self.lang.text(message))
            for key, message in (
                ("steps", N_("Steps of the hand")),
                ("prev", N_("Previous step")),
                ("back", N_("Prev")),
                ("next", N_("Next step")),
                ("on", N_("Next")),
                ("link", N_("Copy the link to this step")),
            )
        }
        return (
            f'<nav class="av-nav" aria-label="{words["steps"]}">'
            f'<button type="button" class="av-prev" aria-label="{words["prev"]}">&#9664; '
            f"{words['back']}</button>"
            f'<span class="av-pos" aria-live="polite">1 / {total}</span>'
            f'<button type="button" class="av-next" aria-label="{words["next"]}">{words["on"]} '
            "&#9654;</button>"
            f'<button type="button" class="av-link" hidden>{words["link"]}</button>'
            '<span class="av-said" role="status"></span>'
            "</nav>"
        )

    def step(self, n: int, total: int, step: Step, settlement: Settlement | None) -> str:
        extra = f' data-trick="{step.trick_no}"' if step.kind == "trick" else ""
        title = step.title
        if self.marks is not None:
            title += _sign(self.marks.worst(step.actions))
        count = escape(self.lang.text("step {n} of {total}", n=n + 1, total=total))
        parts = [
            f'<section class="av-step" data-step="{n}" data-kind="{step.kind}"{extra} '
            f'data-title="{escape(title)}">',
            f'<h3 class="av-title">{escape(title)} <span class="av-count">{count}</span></h3>',
        ]
        if self.marks is not None:
            parts.append(self.marks.strip(step.actions, self.who, self.mini))
        if step.contract and step.kind != "settlement":
            parts.append(self.contract(step))
        if step.kind == "settlement" and settlement is not None:
            parts.append(self.settlement(settlement))
            if any(held + later for _s, held, later in step.counts):  # the hand ended early
                left = escape(self.lang.text("Cards not played"))
                parts.append(f'<h4 class="av-left">{left}</h4>')
                parts.append(self.hands(step))
        else:
            if step.trick:
                parts.append(self.trick(step))
            parts.append(self.hands(step))
            parts.append(self.talon(step))
        if step.log:
            parts.append(self.log(step))
        parts.append("</section>")
        return "".join(parts)

    def contract(self, step: Step) -> str:
        """The contract and what is at stake, under a step's title."""
        lang = self.lang
        if step.declarer is None:
            said = lang.text("Contract: {contract}", contract=step.contract)
        else:
            said = lang.text(
                "Contract: {contract}, declarer {declarer}",
                contract=step.contract,
                declarer=self.name(step.declarer),
            )
        out = f'<p class="av-contract">{escape(said)}</p>'
        if 0 < len(step.items) <= 4:
            stake = escape(lang.text("At stake: {items}", items=", ".join(step.items)))
            out += f'<p class="av-contract">{stake}</p>'
        elif step.items:  # a long list of figures and kontras: folded away
            chips = "".join(f"<li>{escape(i)}</li>" for i in step.items)
            n = len(step.items)
            stake = escape(lang.plural("At stake: {n} item", "At stake: {n} items", n))
            out += f'<details class="av-stake"><summary>{stake}</summary><ul>{chips}</ul></details>'
        return out

    def trick(self, step: Step) -> str:
        plays = []
        t = self.lang.text
        for k, (s, c) in enumerate(step.trick):
            role = t("led") if k == 0 else ""
            won = s == step.winner
            cls = "av-play av-won" if won else "av-play"
            mark = "" if self.marks is None else self.marks.played(step.actions, s, c)
            if mark and mark != "best":
                from alsos.viewer_marks import mark_name

                cls += f" av-m-{mark}"
                role = ", ".join(x for x in (role, mark_name(mark, self.lang)) if x)
            note = escape(", ".join(x for x in (role, t("won") if won else "") if x))
            plays.append(
                f'<figure class="{cls}" data-seat="{s}">{self.cards((c,))}'
                f"<figcaption>{self.who(s)}{' · ' + note if note else ''}</figcaption></figure>"
            )
        after = ""
        if step.winner is not None:
            wins = t("{player} wins the trick.", player=self.name(step.winner))
            after = f"<p>{escape(wins)}</p>"
        return f'<div class="av-trick">{"".join(plays)}{after}</div>'

    def hands(self, step: Step) -> str:
        shown = {s: (held, later) for s, held, later in step.hands}
        won = dict(step.tricks_won)
        better = {} if self.marks is None else self.marks.better(step.actions)
        t = self.lang.text
        none = "<em>" + escape(t("no cards")) + "</em>"
        rows = []
        for s, n_held, n_later in step.counts:
            if s in shown:
                held, later = shown[s]
                faces = "".join(
                    self.cards((c,), "better" if c in better.get(s, ()) else "") for c in held
                )
                faces += self.cards(later, "later")
                faces += _backs(n_held - len(held) + n_later - len(later), self.lang)
            else:
                faces = _backs(n_held + n_later, self.lang)
            tags = []
            if s == step.declarer:
                tags.append(t("declarer"))
            if s == self.record.dealer:
                tags.append(t("dealer"))
            if self.seat == s:
                tags.append(t("you"))
            if won.get(s):
                tags.append(self.lang.plural("{n} trick", "{n} tricks", won[s]))
            tag = "".join(f' <span class="av-tag">{escape(x)}</span>' for x in tags)
            rows.append(
                f'<div class="av-seat" data-seat="{s}"><div class="av-who">{self.who(s)}{tag}'
                f'</div><div class="av-cards">{faces or none}</div></div>'
            )
        return f'<div class="av-hands">{"".join(rows)}</div>'

    def mini(self, card: Card) -> str:
        """A small card picture (in the evaluation strip)."""
        return self.cards((card,))

    def marks_css(self) -> str:
        from alsos.viewer_marks import CSS as MARKS_CSS

        return MARKS_CSS

    def step_list(self, steps: list[Step]) -> str:
        """Every step by name with its worst mark, each a button that shows it."""
        assert self.marks is not None
        items = []
        for n, step in enumerate(steps):
            mark = self.marks.worst(step.actions)
            cls = f' class="av-{mark}"' if mark else ""
            items.append(
                f'<li><button type="button" data-go="{n}"{cls}>'
                f"{escape(step.title + _sign(mark))}</button></li>"
            )
        summary = escape(self.lang.text("Steps, marked by their worst decision"))
        return (
            f'<details class="av-list" open><summary>{summary}'
            f"</summary><ol>{''.join(items)}</ol></details>"
        )

    def talon(self, step: Step) -> str:
        if not step.talon_size:
            return ""
        faces = self.cards(step.talon) + _backs(step.talon_size - len(step.talon), self.lang)
        talon = escape(self.lang.text("Talon"))
        return (
            f'<div class="av-seat av-talon"><div class="av-who">{talon}</div>'
            f'<div class="av-cards">{faces}</div></div>'
        )

    def log(self, step: Step) -> str:
        lines = []
        for label, seat, text, comment in step.log:
            head = f'<span class="av-phase">{escape(label)}</span> ' if label else ""
            if comment:
                lines.append(f'<li class="av-comment">{head}{escape(text)}</li>')
            else:
                lines.append(f"<li>{head}<b>{self.who(seat)}</b>: {escape(text)}</li>")
        title = self.lang.text(N_("What was said") if step.kind != "trick" else N_("Also said"))
        return f'<div class="av-log"><h4>{escape(title)}</h4><ul>{"".join(lines)}</ul></div>'

    def settlement(self, st: Settlement) -> str:
        game, lang, t = self.walker.game, self.lang, self.lang.text
        heads = (N_("Item"), N_("By"), N_("Result"), N_("Value"), N_("How"))
        rows = []
        made, lost = escape(t("made")), escape(t("lost"))
        for e in st.entries:
            who = "" if e.seat is None else self.who(e.seat)
            rows.append(
                f"<tr><td>{escape(entry_label(e.label, lang))}</td><td>{who}</td>"
                f"<td>{made if e.made else lost}</td><td>{e.value}</td>"
                f"<td>{escape(detail_words(e, lang))}</td></tr>"
            )
        items = (
            f'<div class="av-scroll"><table class="av-items"><thead><tr>{_heads(heads, lang)}'
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        )
        has_points = bool(st.card_points)  # no card points in a betli, say
        heads = (N_("Seat"), N_("Tricks"), *((N_("Points"),) if has_points else ()),
                 N_("Gains"), N_("Written"))  # fmt: skip
        seats = []
        for s in sorted(st.payments):
            points = st.card_points.get(s)
            extra = "".join(
                " " + t(message, points=v)
                for message, v in (
                    (N_("+{points} melds"), st.meld_points.get(s)),
                    (N_("+{points} béla"), st.bela.get(s)),
                )
                if v
            )
            seats.append(
                f'<tr data-seat="{s}"><td>{self.who(s)}</td><td>{st.tricks.get(s, 0)}</td>'
                + (
                    f"<td>{'' if points is None else points}{escape(extra)}</td>"
                    if has_points
                    else ""
                )
                + f'<td class="av-pay">{st.payments[s]:+d}</td>'
                + f"<td>{st.written.get(s, '')}</td></tr>"
            )
        table = (
            f'<div class="av-scroll"><table class="av-result"><thead><tr>{_heads(heads, lang)}'
            f"</tr></thead><tbody>{''.join(seats)}</tbody></table></div>"
        )
        won = {None: "", True: t("The game was won.") + " ", False: t("The game was lost.") + " "}
        contract = contract_words(game.contract, st.contract, lang)
        if st.declarer is None:
            said = t("Contract: {contract}.", contract=contract)
        else:
            said = t(
                "Contract: {contract}, declarer {declarer}.",
                contract=contract,
                declarer=self.name(st.declarer),
            )
        why_title = escape(t("Why these payments"))
        # the scoring module's words (each a Said: written in the reader's language)
        notes = "".join(f"<li>{escape(said_in(n, lang))}</li>" for n in st.notes)
        # Why it paid this: the terminal's explanation, from the words layer.
        lines = explain_settlement(st, game, who=self.name, lang=lang)
        why = "".join(
            f'<li class="av-why-{(len(x) - len(x.lstrip())) // 2}">{escape(x.strip())}</li>'
            for x in lines
        )
        return (
            f'<div class="av-settlement"><p>{escape(won[st.game_won] + said)}</p>{items}{table}'
            + (f"<ul>{notes}</ul>" if notes else "")
            + f'<details class="av-why"><summary>{why_title}</summary>'
            + f"<ul>{why}</ul></details>"
            + self.all_tricks()
            + "</div>"
        )

    def all_tricks(self) -> str:
        g = self.walker.game
        rows = []
        for n, (t, w) in enumerate(zip(g.tricks, g.trick_winners, strict=True), 1):
            cards = "".join(
                f'<span class="av-mini">{self.cards((CARDS[c],))}</span>' for _s, c in t
            )
            rows.append(f"<li><b>{n}</b> {cards} &rarr; {self.who(w)}</li>")
        if not rows:
            return ""
        title = escape(self.lang.text("The tricks"))
        return f'<div class="av-all"><h4>{title}</h4><ol>{"".join(rows)}</ol></div>'


# ---------------------------------------------------------------- public API


def example(rules: Ruleset, *, seed: int = 1, tries: int = 100) -> Record:
    """A hand to show when no worked example is at hand: the heuristic bot at every seat.

    The deal is the first from seed ``seed`` on whose hand reaches the play
    of the cards (one where everyone passes shows little); the record's
    ``Seed`` header says which.  Deterministic, so documentation built from
    it does not change between builds.
    """
    game = None
    for n in range(seed, seed + tries):
        game = Game(rules, seed=n)
        bots = {s: make("heuristic", seed=n * 8 + s) for s in game.active}
        while not game.is_over:
            s = game.to_act
            assert s is not None  # a hand that is not over has a seat to act
            game.apply(bots[s].choose(game.view(s), game.legal_actions()), seat=s)
        if game.tricks:
            break
    assert game is not None
    return Record.from_game(game)


def fragment(
    record: Record,
    *,
    seat: int | None = None,
    allow_files: bool = False,
    analysis: Analysis | None = None,
    rules: Ruleset | None = None,
    lang: str | Language = "en",
) -> str:
    """One hand's viewer as a block of HTML (``<div class="alsos-viewer">``) for any page.

    The block carries its own style sheet, card pictures and script, all
    scoped to it, so several can share a page; the arrow keys work while
    the block has the focus (click it or tab to it).  ``seat`` shows only
    what that seat saw (see the module's description).  As for
    :meth:`Record.replay() <alsos.records.record.Record.replay>`, the record's ``Variant``
    may name a profile file only with ``allow_files=True``.  ``analysis``
    (:func:`alsos.analysis.analyze` of this hand) adds an evaluation strip to
    each step, the better card outlined and the marks in a list of the steps
    (:mod:`alsos.viewer_marks`; with ``seat``, only that seat's decisions from its view).
    ``rules``: the ruleset the hand was played under, where the record's
    ``Variant`` names none alsos can load itself (a record that carries its
    profile's text, as a web table's record of an uploaded profile does, needs
    none: its ``Profile`` header is loaded).  ``lang``: the language of every word
    on it (a code, ``hu``, or a :class:`~alsos.language.Language`).

    :raises RecordError: the record cannot be replayed.
    :raises ViewerError: (a :class:`~alsos.errors.WebError`) ``seat`` does not play
        the hand, the record is a seat record, or ``analysis`` is not of this hand
        (or of another seat than ``seat``).
    :raises LanguageError: (a :class:`~alsos.errors.NotationError`) a code alsos has
        no words for.
    """
    return _Drawer(record, seat, False, allow_files, analysis, rules, language(lang)).html()


def page(records: Record | Sequence[Record], *, seat: int | None = None,
         title: str | None = None, allow_files: bool = False,
         analysis: Analysis | None = None, rules: Ruleset | None = None,
         lang: str | Language = "en") -> str:  # fmt: skip
    """A complete, self-contained HTML page showing each hand of ``records``, step by step.

    The arrow keys move through the hand last clicked (the first, at the start);
    ``allow_files``, ``analysis`` (of a page of one hand), ``rules`` and ``lang``
    (the page's language: ``<html lang>`` and every word on it) as for :func:`fragment`.

    :raises RecordError: a page of one hand whose record cannot be replayed (of
        several, such a hand is shown as its error).
    :raises ViewerError: (a :class:`~alsos.errors.WebError`) no records, an
        ``analysis`` with several, or as :func:`fragment` says.
    """
    words = language(lang)
    hands = [records] if isinstance(records, Record) else list(records)
    if not hands:
        raise ViewerError("no hands to show: the page needs at least one record")
    if analysis is not None and len(hands) != 1:
        raise ViewerError(f"an analysis is of one hand; the page shows {len(hands)}")
    if title is None and len(hands) == 1:
        title = words.text("A hand of Alsós")
    elif title is None:
        title = words.plural("{n} hand of Alsós", "{n} hands of Alsós", len(hands))
    blocks = []
    for n, record in enumerate(hands, 1):
        try:
            block = _Drawer(record, seat, True, allow_files, analysis, rules, words).html()
        except RecordError as e:
            if len(hands) == 1:
                raise
            raise RecordError(f"hand {n} of {len(hands)}: {e}") from None
        heading = ""
        if len(hands) > 1:
            which = words.text("Hand {n} of {total}", n=n, total=len(hands))
            heading = f"<h2>{escape(which)}</h2>"
        blocks.append(heading + block)
    made = escape(words.text("Written by {alsos} {version}.", alsos="\0", version=hands[0].version))
    made = made.replace("\0", '<a href="https://pypi.org/project/alsos/">alsos</a>', 1)
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(words.code)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_PAGE_CSS}</style></head>"
        f"<body><main><h1>{escape(title)}</h1>{''.join(blocks)}</main>"
        f"<footer>{made}</footer></body></html>\n"
    )


_PAGE_CSS = (
    "body{margin:0;background:#eceae3;color:#1d1d1d;"
    "font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}"
    "main{max-width:980px;margin:0 auto;padding:12px}"
    "h1{font-size:1.35em;margin:.3em 0 .5em}h2{font-size:1.15em;margin:1.2em 0 .4em}"
    "footer{max-width:980px;margin:0 auto;padding:4px 12px 24px;color:#555;font-size:.85em}"
)
