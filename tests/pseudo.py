"""Reading text written in the pseudo-language ``qps`` (``alsos.language``): each
message it wrote is bracketed ``⟦…⟧`` (brackets nest where a message holds another),
so what stands outside every bracket is text no message wrote."""

from __future__ import annotations


def unmarked(text: str, depth: int = 0) -> str:
    """The characters of ``text`` outside every ``⟦…⟧``, ``depth`` brackets deep at its
    start (a line cut from a longer text may begin inside one)."""
    out = []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth -= 1
        elif depth <= 0:
            out.append(ch)
    return "".join(out)
