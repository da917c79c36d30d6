"""An analysis as readable text: one line per decision, trick by trick, then the summaries.

Written in a :class:`~alsos.language.Language` (``lang``, English by default), each
message whole; actions stay in the notation, as one types them.
"""

from __future__ import annotations

from alsos.analysis.core import KINDS, OPEN_CARD, VIEW, Analysis, Decision, Judgement
from alsos.language import ENGLISH, N_, Language

__all__ = ["SIGNS", "mark_name", "number", "phase_name", "report"]

#: The sign written after an action for each mark (as chess players annotate moves).
SIGNS = {"best": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}

#: A phase of the hand in a sentence (``Phase``'s values are the English words).
_PHASES = {
    "bidding": N_("bidding"),
    "front announcements": N_("front announcements"),
    "back announcements": N_("back announcements"),
    "siber": N_("siber"),
    "discard": N_("discard"),
    "play": N_("play"),
    "completion of announcements": N_("completion of announcements"),
    "meld validation": N_("meld validation"),
    "answer to a call": N_("answer to a call"),
    "over": N_("over"),
}
#: The marks of a judgement, as a person reads them.
_MARKS = {
    "best": N_("best"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
#: The kinds of value in a seat's summary.
_KIND_NAMES = {OPEN_CARD: N_("open-card"), VIEW: N_("view")}


def phase_name(phase: str, lang: Language = ENGLISH) -> str:
    """A phase of the hand (a :class:`~alsos.Phase` or its value) as a sentence names it:
    ``bidding``, ``front announcements``, in ``lang``."""
    message = _PHASES.get(str(phase))
    return str(phase) if message is None else lang.text(message)


def mark_name(mark: str, lang: Language = ENGLISH) -> str:
    """A judgement's mark (``blunder``) in ``lang``; a mark alsos has no words for, as
    it is."""
    message = _MARKS.get(mark)
    return mark if message is None else lang.text(message)


def number(v: float, lang: Language = ENGLISH, *, sign: bool = True, whole: bool = True) -> str:
    """``v`` with two decimals as ``lang`` writes it (``+1.25``; in Hungarian ``+1,25``);
    ``sign``: with its ``+`` or ``-``; ``whole``: a whole number without decimals (``+2``).
    The decimal mark is the language's (:meth:`alsos.language.Language.decimal`)."""
    if not sign and v == 0:
        v = 0.0  # never "-0"
    spec = "+.0f" if whole and v == int(v) else "+.2f"
    written = format(v, spec)
    if not sign and v >= 0:
        written = written[1:]
    return lang.decimal(written)


def _line(kind: str, j: Judgement, lang: Language) -> str:
    t = lang.text
    label = N_("open {value}") if kind == OPEN_CARD else N_("view {value}")
    pieces = [t(label, value=number(j.played, lang))]
    if j.cost_low is not None and j.cost_high is not None and (j.cost or j.cost_low or j.cost_high):
        # the interval is the cost's (the sampled loss against the best choice), not the value's
        pieces.append(
            t(
                # the level is a value: a "%" in a message reads as a printf placeholder
                "(cost {cost}, the cost's {level} interval {low}..{high})",
                level="95%",
                cost=lang.number(j.cost, ".2f"),
                low=lang.number(j.cost_low, "+.2f"),
                high=lang.number(j.cost_high, "+.2f"),
            )
        )
    elif j.cost:
        pieces.append(t("(cost {cost})", cost=number(j.cost, lang)[1:]))
    pieces.append(mark_name(j.mark, lang))
    if j.mark == "best" and j.cost > 1e-9:
        pieces.append(t("(within noise)"))
    text = " ".join(pieces)
    if j.mark != "best":
        text += t("; better {action} {value}", action=j.best, value=number(j.best_value, lang))
    return text


def _decision(d: Decision, lang: Language) -> str:
    main = d.open_card or d.view
    sign = "" if main is None else SIGNS[main.mark]
    seat = lang.text("seat {seat}", seat=d.seat)
    parts = [f"  {seat}: {d.action}{sign}".ljust(34)]
    for kind in KINDS:
        j = d.judgement(kind)
        if j is not None:
            parts.append(_line(kind, j, lang))
        elif any(n.startswith(f"{kind}: ") for n in d.notes):
            parts.append(lang.text("open n/a") if kind == OPEN_CARD else lang.text("view n/a"))
    return " | ".join(parts)


def _heading(d: Decision, lang: Language) -> str:
    """The part of the hand a decision is in: ``trick 3``, ``bidding``."""
    if d.phase == "play":
        return lang.text("trick {n}", n=d.trick)
    if d.phase in ("completion of announcements", "meld validation", "answer to a call"):
        return lang.text("{phase} (after trick {n})", phase=phase_name(d.phase, lang), n=d.trick)
    return phase_name(d.phase, lang)


def report(analysis: Analysis, lang: Language = ENGLISH) -> str:
    """The analysis as text in ``lang``: the decisions grouped by phase and trick, one
    line each (the action, a sign for its mark, each kind of value with its cost,
    mark and the better choice), then each seat's summary."""
    t = lang.text
    lines = [t("analysis of a hand of {variant}", variant=analysis.variant)]
    lines.append(
        lang.plural(
            "values: payments in stakes for the deciding seat; open = every card open "
            "(exact), view = from the seat's view ({n} world, {policy} policy, seed {seed})",
            "values: payments in stakes for the deciding seat; open = every card open "
            "(exact), view = from the seat's view ({n} worlds, {policy} policy, seed {seed})",
            analysis.worlds,
            policy=analysis.policy,
            seed=analysis.seed,
        )
    )
    heading = None
    for d in analysis.decisions:
        now = _heading(d, lang)
        if now != heading:
            lines.append(f"-- {now} --")
            heading = now
        lines.append(_decision(d, lang))
    summary = t("summary")
    lines.append(f"-- {summary} --")
    for s in analysis.summaries:
        if not s.decisions:
            continue
        accuracy = "-" if s.accuracy is None else f"{s.accuracy:.0f}%"
        counts = ", ".join(
            (
                lang.plural("{n} decision", "{n} decisions", s.decisions),
                lang.plural("{n} inaccuracy", "{n} inaccuracies", s.inaccuracies),
                lang.plural("{n} mistake", "{n} mistakes", s.mistakes),
                lang.plural("{n} blunder", "{n} blunders", s.blunders),
            )
        )
        kind = _KIND_NAMES.get(s.kind)
        lines.append(
            t(
                "seat {seat} ({kind}): {counts}, cost {cost}, accuracy {accuracy}",
                seat=s.seat,
                kind=s.kind if kind is None else t(kind),
                counts=counts,
                cost=lang.number(s.total_cost, ".2f"),
                accuracy=accuracy,
            )
        )
    if analysis.payments:
        results = ", ".join(
            t("{player} {points}", player=t("seat {seat}", seat=seat), points=f"{v:+d}")
            for seat, v in analysis.payments
        )
        lines.append(t("result: {results}", results=results))
    return "\n".join(lines) + "\n"
