"""A settlement in words: the contract, the points and tricks, each item, the payments.

:func:`explain_settlement` writes why a hand paid what it paid, one fact a
line, every number taken from the :class:`~alsos.hand.settlement.Settlement`:
the contract and who played it, the card points (with melds and béla), who
won the game and on what totals, each item with the factors of its worth,
the payments and what goes on the score sheet.  The terminal prints it after
every hand; a page can show the same lines.
"""

from __future__ import annotations

from collections.abc import Callable

from alsos.hand.settlement import Entry, Settlement
from alsos.language import ENGLISH, N_, Language, said_in
from alsos.pack.cards import Rank
from alsos.pack.phases import Kind
from alsos.play.game import Game
from alsos.words.rules import (
    clause,
    contract_name,
    figure_label,
    is_ladder,
    klopitzky_rule,
    seat_name,
    seats_text,
    session_rule,
)

__all__ = ["explain_settlement"]


def explain_settlement(
    st: Settlement,
    game: Game,
    *,
    single: bool = True,
    lang: Language = ENGLISH,
    who: Callable[[int], str] | None = None,
) -> list[str]:
    """The settlement in words, one fact a line, every number taken from ``st``.

    ``single``: a hand on its own, so the line on the score sheet says what a
    session is played to (in a session the scores after the hand say it).
    Lines are indented as a block of text: two spaces for a fact, four for its
    detail.  ``who`` names a seat (``seat 1`` by default; a table's player names).
    """
    name: Callable[[int], str] = who or (lambda seat: seat_name(seat, lang))
    out = [*_contract_lines(st, game, lang, name, who)]
    if st.conceded:
        out.append("  " + lang.text("the hand ended early: a call was conceded"))
    if st.card_points:
        pts = ", ".join(_points_of(st, s, lang, name) for s in sorted(st.card_points))
        out.append("  " + lang.text("card points won in tricks: {points}", points=pts))
        legend = _points_legend(game, lang)
        out.append("    " + lang.text("(cards count {legend})", legend=legend))
    out.append("  " + lang.text("tricks won: {tricks}", tricks=_seats(st.tricks, name)))
    ladder = is_ladder(game.rules)
    if st.game_won is not None and st.declarer is not None:
        out.append("  " + _verdict(st, ladder, lang, name))
    out.extend("  " + lang.text("note: {note}", note=said_in(n, lang)) for n in st.notes)
    out.extend(_item_lines(st, game, ladder, lang, name))
    payments = _seats(st.payments, name, sign=True)
    out.append("  " + lang.text("payments (+ receives, - pays; they add up to 0): {p}", p=payments))
    written = _seats(st.written, name)
    out.append("  " + lang.text("written on the score sheet: {written}", written=written))
    how = clause(game.rules, "scoring.contract", lang) if ladder else ""
    if not how and st.entries:
        how = lang.text("the winners of an item write its worth")
    if how and st.declarer is not None:
        out.append(f"    ({_first_sentence(how)})")
    if single and session_rule(game.rules, lang):
        out.append(f"    {session_rule(game.rules, lang)}")
    best = max(st.payments.values())
    top = [s for s, v in st.payments.items() if v == best]
    if best > 0:
        out.append(
            "  "
            + lang.plural(
                "{players} wins the hand ({best:+d})",
                "{players} win the hand ({best:+d})",
                len(top),
                players=seats_text(top, who, lang),
                best=best,
            )
        )
    return out


def _contract_lines(
    st: Settlement,
    game: Game,
    lang: Language,
    who: Callable[[int], str],
    names: Callable[[int], str] | None,
) -> list[str]:
    rules, contract = game.rules, game.contract
    if contract is None:
        return ["  " + lang.text("contract: none; nobody bid and the hand is thrown in")]
    if contract.kind is Kind.KLOPITZKY:
        return [
            "  " + lang.text("contract: Klopitzky; nobody bid, so each seat played for itself"),
            f"    {klopitzky_rule(rules, lang)}",
        ]
    name = contract_name(rules, contract, lang)
    if st.declarer is None:
        return ["  " + lang.text("contract: {contract}", contract=name)]
    others = [s for s in game.active if s != st.declarer]
    message = (
        N_("contract: {contract}; {declarer} declared, {others} defended together")
        if len(others) > 1
        else N_("contract: {contract}; {declarer} declared, {others} defended")
    )
    text = lang.text(
        message, contract=name, declarer=who(st.declarer), others=seats_text(others, names, lang)
    )
    return ["  " + text]


def _points_of(st: Settlement, seat: int, lang: Language, who: Callable[[int], str]) -> str:
    """``seat 1 61 + 20 in melds + 20 béla``."""
    text = lang.text("{player} {points}", player=who(seat), points=st.card_points[seat])
    if st.meld_points.get(seat):
        text += " + " + lang.text("{points} in melds", points=st.meld_points[seat])
    if st.bela.get(seat):
        text += " + " + lang.text("{points} béla", points=st.bela[seat])
    return text


def _verdict(st: Settlement, ladder: bool, lang: Language, who: Callable[[int], str]) -> str:
    """Whether the declarer won the game (or the contract), and on what totals."""
    if ladder:
        message = (
            N_("the contract: {declarer} won it")
            if st.game_won
            else N_("the contract: {declarer} lost it")
        )
    else:
        message = (
            N_("the game: {declarer} won it") if st.game_won else N_("the game: {declarer} lost it")
        )
    assert st.declarer is not None
    return lang.text(message, declarer=who(st.declarer)) + _why(st, lang)


def _item_lines(
    st: Settlement, game: Game, ladder: bool, lang: Language, who: Callable[[int], str]
) -> list[str]:
    """Each item, how it was settled and what made its worth."""
    if ladder and st.declarer is not None:
        return []  # one contract, won or lost as a whole: the score sheet says it
    out = []
    if st.entries and st.declarer is not None:
        out.append(
            "  "
            + lang.text(
                "each item is settled on its own between the declarer and each opponent; "
                "whoever lost it pays its worth:"
            )
        )
    elif st.entries:
        out.append("  " + lang.text("what each seat gets:"))
    for e in st.entries:
        factors = _factors(e, game, lang)
        if st.declarer is None and e.seat is not None:  # klopitzky: what each seat gets
            out.append(
                "    "
                + lang.text(
                    "{player} gets {value}: {factors}",
                    player=who(e.seat),
                    value=e.value,
                    factors=factors,
                )
            )
            continue
        title = figure_label(game.rules, e.label, lang)
        if e.seat is not None:
            message = (
                N_("{item} by {player}: made, worth {value} = {factors}")
                if e.made
                else N_("{item} by {player}: lost, worth {value} = {factors}")
            )
        else:
            message = (
                N_("{item}: made, worth {value} = {factors}")
                if e.made
                else N_("{item}: lost, worth {value} = {factors}")
            )
        out.append(
            "    "
            + lang.text(
                message,
                item=title,
                player=None if e.seat is None else who(e.seat),
                value=e.value,
                factors=factors,
            )
        )
    return out


def _points_legend(game: Game, lang: Language) -> str:
    cr = game.rules.cards
    plain = ", ".join(f"{r.code} {v}" for r, v in _by_value(cr.plain_points))
    trump = ", ".join(f"{r.code} {v}" for r, v in _by_value(cr.trump_points))
    if trump == plain or game.contract is None or game.trump < 0:
        return lang.text("{plain}; last trick {last}", plain=plain, last=cr.last_trick)
    return lang.text(
        "trumps {trump}; others {plain}; last trick {last}",
        trump=trump,
        plain=plain,
        last=cr.last_trick,
    )


def _by_value(points: object) -> list[tuple[Rank, int]]:
    items = [(r, v) for r, v in dict(points).items() if v]  # type: ignore[call-overload]
    return sorted(items, key=lambda rv: -rv[1])


def _seats(values: dict[int, int], who: Callable[[int], str], *, sign: bool = False) -> str:
    fmt = "{:+d}" if sign else "{}"
    return ", ".join(f"{who(s)} {fmt.format(v)}" for s, v in sorted(values.items()))


def _factors(entry: Entry, game: Game, lang: Language) -> str:
    """``1 × 2 (from the front) × 4 (kontra, front)`` when those factors make the value,
    else the engine's detail."""
    k = game.rules.kontra
    parts = [str(entry.base)]
    value = entry.base
    if entry.front_multiplier != 1:
        parts.append(lang.text("{factor} (from the front)", factor=entry.front_multiplier))
        value *= entry.front_multiplier
    for label, factor in entry.boosts:
        parts.append(f"{factor} ({label})")
        value *= factor
    for i, (_seat, front) in enumerate(entry.steps):
        factor = k.front_factor if front else k.back_factor
        name = entry.step_names[i] if i < len(entry.step_names) else lang.text("step {n}", n=i + 1)
        message = N_("{factor} ({step}, front)") if front else N_("{factor} ({step}, back)")
        parts.append(lang.text(message, factor=factor, step=name))
        value *= factor
    if entry.call != 1:
        parts.append(lang.text("{factor} (call)", factor=entry.call))
        value *= entry.call
    if entry.note:
        return said_in(entry.note, lang)
    if value != entry.value:
        return entry.detail
    return " × ".join(parts) if len(parts) > 1 else lang.text("base {base}", base=entry.base)


def _first_sentence(text: str) -> str:
    """A clause's first sentence, as a parenthetical (lower-case, no stop)."""
    first = text.split(".  ")[0].rstrip(".")
    return first[:1].lower() + first[1:]


def _why(st: Settlement, lang: Language) -> str:
    """The numbers the game was decided on: totals of cards, melds and béla, or tricks."""
    d = st.declarer
    assert d is not None
    if st.conceded or st.notes:  # decided by a call, not by the cards
        return ""
    if not st.card_points:  # betli: only tricks count
        n = st.tricks.get(d, 0)
        return lang.plural(", taking {n} trick", ", taking {n} tricks", n)
    total = {
        s: st.card_points[s] + st.meld_points.get(s, 0) + st.bela.get(s, 0) for s in st.card_points
    }
    others = lang.join(str(v) for s, v in sorted(total.items()) if s != d)
    return lang.text(": {total} in cards and melds against {others}", total=total[d], others=others)
