"""An analysis as readable text: one line per decision, trick by trick, then the summaries."""

from __future__ import annotations

from alsos.analysis.core import KINDS, OPEN_CARD, Analysis, Decision, Judgement

__all__ = ["report"]

_SIGNS = {"best": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def _num(v: float) -> str:
    return f"{v:+.0f}" if v == int(v) else f"{v:+.2f}"


def _line(kind: str, j: Judgement) -> str:
    label = "open" if kind == OPEN_CARD else "view"
    text = f"{label} {_num(j.played)}"
    if j.cost_low is not None and j.cost_high is not None and (j.cost or j.cost_low or j.cost_high):
        # the interval is the cost's (the sampled loss against the best choice), not the value's
        text += (
            f" (cost {j.cost:.2f}, the cost's 95% interval {j.cost_low:+.2f}..{j.cost_high:+.2f})"
        )
    elif j.cost:
        text += f" (cost {_num(j.cost)[1:]})"
    text += f" {j.mark}"
    if j.mark == "best" and j.cost > 1e-9:
        text += " (within noise)"
    if j.mark != "best":
        text += f"; better {j.best} {_num(j.best_value)}"
    return text


def _decision(d: Decision) -> str:
    main = d.open_card or d.view
    sign = "" if main is None else _SIGNS[main.mark]
    parts = [f"  seat {d.seat}: {d.action}{sign}".ljust(34)]
    for kind in KINDS:
        j = d.judgement(kind)
        if j is not None:
            parts.append(_line(kind, j))
        elif any(n.startswith(f"{kind}: ") for n in d.notes):
            parts.append(f"{'open' if kind == OPEN_CARD else 'view'} n/a")
    return " | ".join(parts)


def report(analysis: Analysis) -> str:
    """The analysis as text: the decisions grouped by phase and trick, one line
    each (the action, a sign for its mark, each kind of value with its cost,
    mark and the better choice), then each seat's summary."""
    lines = [f"analysis of a hand of {analysis.variant}"]
    lines.append(
        "values: payments in stakes for the deciding seat; open = every card open (exact), "
        f"view = from the seat's view ({analysis.worlds} worlds, {analysis.policy} policy, "
        f"seed {analysis.seed})"
    )
    heading = None
    for d in analysis.decisions:
        now = f"trick {d.trick}" if d.phase == "play" else d.phase
        if d.phase in ("completion of announcements", "meld validation", "answer to a call"):
            now = f"{d.phase} (after trick {d.trick})"
        if now != heading:
            lines.append(f"-- {now} --")
            heading = now
        lines.append(_decision(d))
    lines.append("-- summary --")
    for s in analysis.summaries:
        if not s.decisions:
            continue
        accuracy = "-" if s.accuracy is None else f"{s.accuracy:.0f}%"
        counts = ", ".join(
            _count(n, word)
            for n, word in (
                (s.decisions, "decision"),
                (s.inaccuracies, "inaccuracy"),
                (s.mistakes, "mistake"),
                (s.blunders, "blunder"),
            )
        )
        lines.append(
            f"seat {s.seat} ({s.kind}): {counts}, cost {s.total_cost:.2f}, accuracy {accuracy}"
        )
    if analysis.payments:
        lines.append("result: " + ", ".join(f"seat {t} {v:+d}" for t, v in analysis.payments))
    return "\n".join(lines) + "\n"


def _count(n: int, word: str) -> str:
    """``1 mistake``, ``2 mistakes``, ``3 inaccuracies``."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"
