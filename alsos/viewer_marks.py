"""The analysis drawn into the hand viewer: an evaluation strip per step, marks, better cards.

:func:`alsos.viewer.page` and :func:`~alsos.viewer.fragment` take an
:class:`~alsos.analysis.Analysis` of the hand (``alsos analyze FILE --html
OUT``); :class:`Marks` gives them, for each step of the viewer, the decisions
made in it:

* an evaluation strip under the step's title: per decision the seat, the
  action, its mark, a bar placing the value of the action taken between the
  worst and the best alternative (for the deciding seat's side, in stakes)
  and the better choice, a card drawn as a card;
* the mark of each card played on the trick, and the better card outlined in
  the seat's hand (it is still there: a seat plays one card a trick);
* each step's worst mark in the list of steps.

A page for one seat (``seat=K``) must carry nothing derived from cards that
seat never saw: it shows only that seat's own decisions, and only their
values from its view (sampled from what it knew, never from the deal); the
open-card values, found with every card open, are left out.

Every word is written in the viewer's :class:`~alsos.language.Language`, numbers
with decimals by ``number`` (a decimal comma where the language writes one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from attrs import evolve

from alsos.analysis import MARKS, Analysis, Decision, Judgement
from alsos.analysis.report import SIGNS, mark_name, number
from alsos.language import ENGLISH, N_, Language
from alsos.pack.actions import Play
from alsos.pack.cards import Card

__all__ = ["CSS", "SIGNS", "Marks", "mark_name", "number"]


class Marks:
    """The decisions of an analysis a viewer may show, found by the steps that hold them.

    :raises ValueError: (the viewer turns it into its own error) the analysis is
        not of this record, or of another seat's decisions than the page's.
    """

    def __init__(
        self,
        analysis: Analysis,
        actions: Sequence[tuple[int, object]],
        seat: int | None,
        lang: Language = ENGLISH,
        phase_name: Callable[[str, Language], str] | None = None,
    ) -> None:
        decisions = analysis.decisions
        if seat is not None:
            if analysis.seat not in (None, seat):
                raise ValueError(
                    f"the analysis judges seat {analysis.seat}'s decisions; a page for seat "
                    f"{seat} shows only that seat's own"
                )
            # Open-card values come from every card: never on a seat's page.
            decisions = tuple(
                evolve(d, open_card=None, notes=tuple(n for n in d.notes if n.startswith("view")))
                for d in decisions
                if d.seat == seat
            )
        for d in decisions:
            if not 0 <= d.step < len(actions) or actions[d.step] != (d.seat, d.action):
                raise ValueError(
                    f"the analysis is not of this hand: its decision at step {d.step} "
                    f"(seat {d.seat}: {str(d.action)[:60]}) is not the record's"
                )
        self.seat = seat
        self.lang = lang
        self.phase_name = phase_name or (lambda phase, _lang: phase)
        self.analysis = analysis
        self.by_step = {d.step: d for d in decisions}

    def within(self, span: tuple[int, int]) -> list[Decision]:
        """The decisions among the record's actions ``span[0]`` to ``span[1] - 1``."""
        return [self.by_step[i] for i in range(*span) if i in self.by_step]

    @staticmethod
    def main(d: Decision) -> Judgement | None:
        """The value a decision is marked by: open-card where there is one, else the view."""
        return d.open_card or d.view

    def worst(self, span: tuple[int, int]) -> str:
        """The worst mark of the decisions in ``span`` (``""`` for none)."""
        marks = [j.mark for d in self.within(span) if (j := self.main(d)) is not None]
        return max(marks, key=MARKS.index) if marks else ""

    def played(self, span: tuple[int, int], seat: int, card: Card) -> str:
        """The mark of ``seat`` playing ``card`` in ``span`` (``""``: not judged)."""
        for d in self.within(span):
            j = self.main(d)
            if d.seat == seat and d.action == Play(card) and j is not None:
                return j.mark
        return ""

    def better(self, span: tuple[int, int]) -> dict[int, set[Card]]:
        """Per seat, the better cards it could have played in ``span`` (marked choices only)."""
        out: dict[int, set[Card]] = {}
        for d in self.within(span):
            j = self.main(d)
            if j is not None and j.mark != "best" and j.best.__class__ is Play:
                out.setdefault(d.seat, set()).add(j.best[1])
        return out

    def strip(
        self, span: tuple[int, int], who: Callable[[int], str], card: Callable[[Card], str]
    ) -> str:
        """The evaluation strip of one step: one row per decision ("" for none).

        ``who`` names a seat as HTML; ``card`` draws a card as HTML.
        """
        rows = [self._row(d, who, card) for d in self.within(span)]
        if not rows:
            return ""
        label = escape(self.lang.text("What each decision was worth"))
        return f'<div class="av-eval" role="list" aria-label="{label}">' + "".join(rows) + "</div>"

    def _row(self, d: Decision, who: Callable[[int], str], card: Callable[[Card], str]) -> str:
        j, lang = self.main(d), self.lang
        action = escape(str(d.action))
        if j is None:
            notes = (_note(n, lang, self.phase_name) for n in d.notes)
            why = "; ".join(notes) or lang.text("not judged")
            return (
                f'<div class="av-ev" role="listitem" data-step="{d.step}">'
                f'<span class="av-ev-who">{who(d.seat)}</span> <b>{action}</b> '
                f'<span class="av-ev-val">{escape(why)}</span></div>'
            )
        worst = j.worst_value
        share = 100.0 if j.best_value - worst <= 1e-9 else (
            100 * (j.played - worst) / (j.best_value - worst)
        )  # fmt: skip
        message = (
            N_("open-card: {played} for the action taken, best {best}, worst {worst}")
            if j is d.open_card
            else N_(
                "from the seat's view: {played} for the action taken, best {best}, worst {worst}"
            )
        )
        label = lang.text(
            message,
            played=number(j.played, lang),
            best=number(j.best_value, lang),
            worst=number(worst, lang),
        )
        values = []
        for other in (d.open_card, d.view):
            if other is not None:
                values.append(self._value(other, d, card))
        sign = SIGNS[j.mark]
        return (
            f'<div class="av-ev av-{j.mark}" role="listitem" data-step="{d.step}" '
            f'data-mark="{j.mark}"><span class="av-ev-who">{who(d.seat)}</span> '
            f'<b>{action}{sign}</b> <span class="av-badge">{escape(mark_name(j.mark, lang))}</span>'
            f'<span class="av-bar" role="img" aria-label="{escape(label)}">'
            f'<span style="width:{share:.0f}%"></span></span>'
            f"{''.join(values)}</div>"
        )

    def _value(self, j: Judgement, d: Decision, card: Callable[[Card], str]) -> str:
        lang = self.lang
        message = N_("open {value}") if j.kind == "open-card" else N_("view {value}")
        text = lang.text(message, value=number(j.played, lang))
        if j.cost_low is not None and j.cost_high is not None:
            text += " " + lang.text(
                "(cost {cost}, 95% {low}..{high})",
                cost=number(j.cost, lang, sign=False, whole=False),
                low=number(j.cost_low, lang, whole=False),
                high=number(j.cost_high, lang, whole=False),
            )
        elif j.cost:
            text += " " + lang.text("(cost {cost})", cost=number(j.cost, lang, sign=False))
        better = ""
        if j.best != d.action:
            shown = card(j.best[1]) if j.best.__class__ is Play else ""
            words = lang.text(
                "better {card}{action} {value}",
                card="\0card\0",
                action="\0action\0",
                value=number(j.best_value, lang),
            )
            action = f"<b>{escape(str(j.best))}</b>"
            better = (
                f' <span class="av-better-is">{_markup(words, card=shown, action=action)}</span>'
            )
        return f'<span class="av-ev-val">{escape(text)}{better}</span>'

    def caption(self) -> str:
        """What the strip's numbers are, for the head of the page."""
        a, lang = self.analysis, self.lang
        if self.seat is not None:
            return lang.plural(
                "Analysis of seat {seat}'s own decisions from its view ({n} world sampled "
                "from what it knew, {policy} policy, seed {seed}): the values are its side's "
                "payments in stakes; values with every card open are not shown on a seat's "
                "page.",
                "Analysis of seat {seat}'s own decisions from its view ({n} worlds sampled "
                "from what it knew, {policy} policy, seed {seed}): the values are its side's "
                "payments in stakes; values with every card open are not shown on a seat's "
                "page.",
                a.worlds,
                seat=self.seat,
                policy=a.policy,
                seed=a.seed,
            )
        return lang.plural(
            "Analysis: each decision's value is the deciding seat's side's payment in "
            "stakes; open = every card open (exact), view = from the seat's view "
            "({n} world, {policy} policy, seed {seed}). The bar places the "
            "action taken between the worst and the best choice; marks: ?! inaccuracy, "
            "? mistake, ?? blunder; a better card is outlined in the hand.",
            "Analysis: each decision's value is the deciding seat's side's payment in "
            "stakes; open = every card open (exact), view = from the seat's view "
            "({n} worlds, {policy} policy, seed {seed}). The bar places the "
            "action taken between the worst and the best choice; marks: ?! inaccuracy, "
            "? mistake, ?? blunder; a better card is outlined in the hand.",
            a.worlds,
            policy=a.policy,
            seed=a.seed,
        )


def _markup(text: str, **html: str) -> str:
    """``text`` escaped, each ``\\0name\\0`` in it replaced by the markup ``html[name]``."""
    out = escape(text)
    for name, value in html.items():
        out = out.replace(f"\0{name}\0", value)
    return out


#: Why a decision has no value, as the analysis notes it: the reasons it gives
#: (``kind: not available: why``), each a message; a reason not here stays as given.
_KINDS = {
    "open-card": N_("open-card: not available: {why}"),
    "view": N_("view: not available: {why}"),
}
_REASONS = frozenset((
    N_("the hand is over: there is nothing left to solve"),
    N_("a síber still owes discards; the solver starts once they are made"),
    N_(
        "the first trick carries speech (announcements, melds, the exchange) beside "
        "the cards; the solver starts from the second trick (or a first trick "
        "without speech, as in Klopitzky)"
    ),
    N_("no world consistent with the view was sampled"),
))  # fmt: skip
_PHASE_REASON = ("the solver plays cards only; the hand is in phase ", ", it needs the play phase")
_NOT_A_CARD = " is not a card; the solver values cards only"


def _note(note: str, lang: Language, phase_name: Callable[[str, Language], str]) -> str:
    """An analysis note (``open-card: not available: ...``) in ``lang`` (a phase named by
    ``phase_name``)."""
    kind, sep, why = note.partition(": not available: ")
    if not sep or kind not in _KINDS:
        return note
    if why in _REASONS:
        why = lang.text(why)
    elif why.startswith(_PHASE_REASON[0]) and why.endswith(_PHASE_REASON[1]):
        phase = why[len(_PHASE_REASON[0]) : -len(_PHASE_REASON[1])]
        why = lang.text(
            "the solver plays cards only; the hand is in phase {phase}, it needs the play phase",
            phase=phase_name(phase, lang),
        )
    elif why.endswith(_NOT_A_CARD):
        why = lang.text(
            "{action} is not a card; the solver values cards only",
            action=why[: -len(_NOT_A_CARD)],
        )
    return lang.text(_KINDS[kind], why=why)


CSS = (
    ".alsos-viewer .av-eval{display:grid;gap:3px;margin:4px 0 6px;font-size:.88em}"
    ".alsos-viewer .av-ev{display:flex;flex-wrap:wrap;align-items:center;gap:2px 8px;"
    "padding:3px 6px;border-radius:6px;background:#f4f3ee;border-left:5px solid #9aa39a}"
    ".alsos-viewer .av-ev .c{--cw:20px}"
    ".alsos-viewer .av-ev.av-best{border-left-color:#2e8b57}"
    ".alsos-viewer .av-ev.av-inaccuracy{border-left-color:#d4a017}"
    ".alsos-viewer .av-ev.av-mistake{border-left-color:#e07020}"
    ".alsos-viewer .av-ev.av-blunder{border-left-color:#c0392b;background:#fbeeee}"
    ".alsos-viewer .av-badge{font-size:.8em;border-radius:8px;padding:0 6px;background:#e4e2da}"
    ".alsos-viewer .av-bar{display:inline-block;width:90px;height:9px;border-radius:5px;"
    "background:#e0ddd3;overflow:hidden;vertical-align:middle}"
    ".alsos-viewer .av-bar span{display:block;height:100%;background:#3b6fb6}"
    ".alsos-viewer .av-better-is{color:#6b2a12}"
    ".alsos-viewer .av-play.av-m-inaccuracy .c{outline:3px solid #d4a017;border-radius:6px}"
    ".alsos-viewer .av-play.av-m-mistake .c{outline:3px solid #e07020;border-radius:6px}"
    ".alsos-viewer .av-play.av-m-blunder .c{outline:3px solid #c0392b;border-radius:6px}"
    ".alsos-viewer .av-cards .c.better{outline:3px dashed #2e8b57;outline-offset:1px;"
    "border-radius:5px}"
    ".alsos-viewer .av-list{margin:4px 0;font-size:.88em}"
    ".alsos-viewer .av-list ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;"
    "padding:0;margin:4px 0}"
    ".alsos-viewer .av-list button{font:inherit;border:1px solid #c9c5b8;border-radius:6px;"
    "background:#fff;padding:2px 7px;cursor:pointer}"
    ".alsos-viewer .av-list button[aria-current=step]{background:#3b6fb6;color:#fff}"
    ".alsos-viewer .av-list .av-inaccuracy{border-color:#d4a017}"
    ".alsos-viewer .av-list .av-mistake{border-color:#e07020;border-width:2px}"
    ".alsos-viewer .av-list .av-blunder{border-color:#c0392b;border-width:2px;color:#c0392b}"
)
