"""Worked example hands: a scripted hand per profile, replayed and explained.

Each shipped profile has an example hand kept as a record file
(``alsos/worked_examples/<id>.alsos``; for a profile seated at several
player counts, ``<id>.alsos`` is its default count and ``<id>-<n>.alsos``
the others).  :func:`worked_example` finds the record for a ruleset and
replays it through the engine; :func:`explain` turns the replay into the
rulebook's "A worked example" section: the deal with card pictures, the
auction, every announcement and kontra, the tricks, and the settlement line
by line.  Because the text comes from the replay, it cannot drift from the
rules: a record that is no longer legal is an error, not a wrong example.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from attrs import frozen

from alsos.hand.chosen import named_contracts
from alsos.hand.settlement import Entry, Settlement
from alsos.pack.actions import Action
from alsos.pack.cards import CARDS, Card, CardParseError, format_cards, parse_cards
from alsos.pack.deal import Deal
from alsos.pack.phases import Phase
from alsos.play.game import Game, IllegalActionError
from alsos.records.record import Record, RecordError, format_payments
from alsos.rulebook.sections import figure_meaning
from alsos.ruleset.profile import Ruleset

__all__ = ["EXAMPLES", "Block", "example_files", "explain", "worked_example"]

#: The folder of the example records, inside the package.
EXAMPLES = Path(__file__).resolve().parent.parent / "worked_examples"


@frozen
class Block:
    """One piece of the worked example, in a form either writer can render.

    ``kind`` is ``text`` (a paragraph), ``items`` (a bulleted list),
    ``cards`` (a row of card pictures with ``text`` as its caption),
    ``table`` (rows, the first a header) or ``code`` (preformatted lines).
    ``name`` names a picture's file.
    """

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()
    name: str = ""


def example_files(rules: Ruleset) -> list[Path]:
    """Where an example for ``rules`` may be, best first: this player count's
    record, the profile's own, then its parent profile's."""
    out = []
    for vid in (rules.id, rules.origin, rules.parent):
        if vid is None or "/" in vid or vid.endswith((".yaml", ".yml")):
            continue
        out += [EXAMPLES / f"{vid}-{rules.players}.alsos", EXAMPLES / f"{vid}.alsos"]
    return [p for p in dict.fromkeys(out) if _is_file(p)]


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name the system refuses (too long)."""
    try:
        return path.is_file()
    except OSError:
        return False


def worked_example(rules: Ruleset) -> Record | None:
    """The worked example hand of ``rules`` as a :class:`~alsos.Record`, or None.

    The first record of ``example_files(rules)`` that replays legally to its
    end under ``rules`` is returned, with its ``Variant`` and ``Result``
    headers rewritten for ``rules``: so a table option that changes only a
    value (``games.trump=4``) keeps its profile's example, with the new
    payments.  A ruleset with no such record (a new profile, or options
    that make the example illegal) has none.
    """
    for path in example_files(rules):
        try:
            record = Record.loads(path.read_text(encoding="utf-8"))
            game = _replay(rules, record)
        except (RecordError, IllegalActionError, ValueError):
            continue
        st = game.settlement
        if st is not None:
            return attrs.evolve(record, variant=str(rules), result=format_payments(st.payments))
    return None


def _replay(rules: Ruleset, record: Record) -> Game:
    game = Game(rules, deal=Deal.parse(record.deal), dealer=record.dealer)
    for seat, action in record.actions:
        game.apply(action, seat=seat)
    return game


# ------------------------------------------------------------------ explaining


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _item_name(target: str, rules: Ruleset) -> str:
    """``game``, ``abszolut@1`` -> words."""
    name, _, seat = target.partition("@")
    if name == "game":
        return "the game"
    fig = rules.figures.get(name)
    title = fig.title if fig is not None and fig.title else name
    return f"seat {seat}'s {title}" if seat else title


def _say(game: Game, seat: int, text: str, front: bool, detail: str = "") -> str:
    """One action in words, as it is read at its point of the hand (``game`` as it
    was before it); ``detail`` is what the action brought to light (cards drawn,
    the kinds of meld declared)."""
    rules = game.rules
    verb, _, rest = text.partition(" ")
    who = _seat(seat).capitalize()
    code = f"``{text}``"
    if verb == "pass":
        return f"{who} passes ({code})."
    if named_contracts(rules):
        ladder = _ladder_say(game, who, verb, rest, code, detail)
        if ladder:
            return ladder
    if verb == "accept":
        suit = game.original.name.lower()
        return f"{who} accepts the indicator's suit, {suit}, as trumps ({code})."
    if verb == "bid":
        return f"{who} bids {rest} ({code})."
    if verb == "announce":
        fig = rules.figures.get(rest)
        if fig is not None:
            when = (
                f"from the front, so it counts {fig.front_multiplier} times its value"
                if front and fig.front_multiplier != 1
                else ("from the front" if front else "from the back")
            )
            return (
                f"{who} announces {fig.title or rest} ({code}): to "
                f"{figure_meaning(rest, fig, rules)}; worth {fig.value}, said {when}."
            )
    levels = rules.kontra.levels
    if verb in levels:
        factor = rules.kontra.front_factor if front else rules.kontra.back_factor
        return (
            f"{who} says {verb} on {_item_name(rest, rules)} ({code}), multiplying its "
            f"stake by {factor}."
        )
    if verb == "exchange":
        return f"{who} swaps its low trump for the indicator, {game.indicator.name} ({code})."
    if verb == "siber":
        return f"{who} does a síber ({code}): lays down the low trump and takes the talon."
    if verb == "discard":
        return f"{who} puts {rest} back face down ({code}); it counts for nobody."
    if verb == "declare":
        return f"{who} declares a meld, {rest} ({code})."
    if verb == "show":
        return f"{who} shows the next detail of the meld ({code})."
    if verb == "kicsi":
        return f"{who} gives up the meld contest ({code})."
    return f"{who}: {code}."


def _ladder_say(game: Game, who: str, verb: str, rest: str, code: str, detail: str) -> str:
    """Words for the actions of a ladder auction (``bidding.contracts``), where
    bids name contracts, the talon is drawn while bidding and melds are declared
    by kind; "" for an action said as in other games."""
    rules = game.rules
    spec = named_contracts(rules).get(rest) if verb == "contract" else None
    if spec is not None:
        aims = "; ".join(figure_meaning(n, rules.figures[n], rules) for n in spec.objectives)
        return f"{who} bids {spec.title} ({code}): to {aims or 'win it'}."
    if verb == "draw":
        got = f", {detail}" if detail else ""
        return f"{who} draws two talon cards{got}, unseen by the others ({code})."
    if verb == "discard" and not any(str(a).startswith("bid ") for _, a in game.history):
        return f"{who} lays {rest} face down on the talon ({code}); a higher bidder would draw it."
    if verb == "discard" and "exchange" in (str(a) for _, a in game.history):
        return f"{who} lays {rest} face up in its place ({code}); it counts for nobody."
    if verb == "bid":
        return f"{who} names {rest} as trumps ({code})."
    if verb == "exchange":
        return f"{who} takes the face-up talon card, {game.indicator.name} ({code})."
    if verb == "siber":
        return f"{who} takes the set-aside pair of talon cards too ({code})."
    if verb == "declare":
        kinds = f": {detail}, by kind only" if detail else ""
        return f"{who} declares its melds ({code}){kinds}."
    return ""


def _contract_name(game: Game) -> str:
    """The contract in words: a ladder contract by its title."""
    c = game.contract
    spec = named_contracts(game.rules).get(c.name) if c is not None and c.name else None
    if c is None or spec is None:
        return str(c)
    trumps = f"with {c.trump.name_en} as trumps" if c.trump is not None else "without trumps"
    return f"{spec.title}, {trumps}"


def explain(rules: Ruleset, record: Record) -> list[Block]:
    """The worked example of ``record`` (a hand of ``rules``) as blocks, in order: the
    deal, what is said phase by phase, the tricks as a table, and the settlement."""
    game = Game(rules, deal=Deal.parse(record.deal), dealer=record.dealer)
    blocks = _deal_blocks(rules, record, game)
    telling = _Telling(game)
    for seat, action in record.actions:
        telling.apply(seat, action)
    telling.close_phase()
    blocks += telling.blocks
    blocks += _play_blocks(telling.rows, telling.during)
    if game.settlement is not None:
        blocks += _settlement_blocks(rules, game, game.settlement)
    return blocks


def _deal_blocks(rules: Ruleset, record: Record, game: Game) -> list[Block]:
    """How to read the example, each seat's dealt cards, and the talon."""
    deal = game.deal
    sits = "" if record.dealer in game.active else " and sits this hand out"
    blocks = [
        Block(
            "text",
            f"A hand played out by the engine, step by step.  {_seat(record.dealer).capitalize()} "
            f"deals{sits}; seats are numbered in the order of play.  Cards are written suit letter "
            f"first (M acorns, P hearts, T gourds, Z leaves), then the rank (A K O U 10 9 8 "
            f"7): ``MA`` is the Ace of acorns, ``T7`` the 7 of gourds.  The same hand is the "
            f"record a program can replay (see the record format).",
        ),
        Block("text", "**The deal.**"),
    ]
    for seat in sorted(game.active):
        hand = deal.hands[seat]
        seen, later = hand[: deal.seen], hand[deal.seen :]
        caption = f"{_seat(seat).capitalize()}: {format_cards(seen)}"
        if later:
            caption += f", then {format_cards(later)} picked up later"
        blocks.append(Block("cards", caption, cards=hand, name=f"example-seat-{seat}"))
    talon = deal.talon
    if talon:
        shown = (
            f"{talon[0].name} lies face up, the others face down"
            if rules.deal.talon_between
            else f"the indicator {talon[0].name} offers {game.original.name.lower()} as trumps"
        )
        blocks.append(
            Block(
                "cards",
                f"Talon, bottom to top: {format_cards(talon)}.  {shown[0].upper()}{shown[1:]}.",
                cards=talon,
                name="example-talon",
            )
        )
    return blocks


class _Telling:
    """The record's actions applied to ``game`` one by one and put into words.

    Before the play, what is said is listed phase by phase (``blocks``); once
    tricks are played, each trick becomes a row of ``rows`` (number, cards,
    winner, what was said at it) and what was said during the play is kept in
    ``during`` for a list below the table.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.blocks: list[Block] = []
        self.rows: list[tuple[str, ...]] = []
        self.during: list[str] = []
        self._said: list[str] = []  # the current phase's lines
        self._notes: list[str] = []  # what was said at the trick being played
        self._phase = ""
        self._last_seat = -1

    def close_phase(self) -> None:
        """List what was said in the phase that ends."""
        if self._said:
            self.blocks.append(Block("items", items=tuple(self._said)))
            self._said = []

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s ``action``, with a heading where a phase before the play
        begins, its words, and the trick's row where it closes one."""
        game = self.game
        text = str(action)
        playing = game.trick_no > 0 or game.phase is Phase.PLAY
        phase = str(game.phase)
        if not playing and phase != self._phase:
            self.close_phase()
            title = phase[0].upper() + phase[1:]
            self.blocks.append(Block("text", f"**{title.replace('Siber', 'Síber')}.**"))
            self._last_seat = -1
        self._phase = phase
        before_game, before_hand = game.copy(), set(game.view(seat).hand)
        before, tricks = game.contract, len(game.tricks)
        said_now = game.apply(action, seat=seat)[0]
        if not (before_game.phase is Phase.PLAY and _is_card(text)):
            self._tell(before_game, before_hand, seat, text, getattr(said_now, "public", ""))
        self._last_seat = seat
        if before is None and game.contract is not None and game.declarer is not None:
            self._said.append(
                f"{_seat(game.declarer).capitalize()} is the declarer; the contract is "
                f"{_contract_name(game)}."
            )
        if len(game.tricks) > tricks:
            cards = ", ".join(f"{s}: {CARDS[c].name}" for s, c in game.tricks[-1])
            self.rows.append(
                (str(len(game.tricks)), cards, str(game.trick_winners[-1]), "; ".join(self._notes))
            )
            self._notes = []

    def _tell(
        self, before_game: Game, before_hand: set[Card], seat: int, text: str, public: str
    ) -> None:
        """Put an action other than a card played into words, where it belongs: the
        phase's list, or (in the play) the trick's row and the list below the table."""
        phase = str(before_game.phase)
        playing = before_game.trick_no > 0 or before_game.phase is Phase.PLAY
        detail = format_cards(sorted(set(self.game.view(seat).hand) - before_hand))
        if public.startswith(text + " ("):
            detail = public[len(text) + 2 : -1]  # what the others learn (meld kinds)
        words = _say(before_game, seat, text, phase == "front announcements", detail)
        if text == "pass" and seat == self._last_seat:
            words = f"{_seat(seat).capitalize()} ends its turn (``pass``)."
        if playing and before_game.phase is not Phase.PLAY and self.rows:
            # said between tricks (a meld contest, a round after the first trick)
            n, cards, winner, said_then = self.rows[-1]
            note = f"{said_then}; {seat}: {text}" if said_then else f"{seat}: {text}"
            self.rows[-1] = (n, cards, winner, note)
            self.during.append(f"After trick {n}: {words}")
        elif playing:
            self._notes.append(f"{seat}: {text}")
            self.during.append(f"Trick {before_game.trick_no + 1}: {words}")
        else:
            self._said.append(words)


def _play_blocks(rows: list[tuple[str, ...]], during: list[str]) -> list[Block]:
    """The tricks as a table (the column of what was said only where something was),
    and what was said during the play."""
    if not rows:
        return []
    blocks = [
        Block(
            "text",
            "**The play.**  Each trick's cards in the order played (seat: card); the "
            "last column has what was said at that trick, in the notation.",
        )
    ]
    header: tuple[str, ...] = ("trick", "cards", "won by seat", "said")
    if not any(r[3] for r in rows):
        header, rows = header[:3], [r[:3] for r in rows]
    blocks.append(Block("table", table=(header, *rows)))
    if during:
        blocks.append(Block("items", items=tuple(during)))
    return blocks


def _settlement_blocks(rules: Ruleset, game: Game, st: Settlement) -> list[Block]:
    """The settlement as the engine writes it, then explained line by line."""
    lines = []
    if st.declarer is not None and named_contracts(rules):
        lines += _contract_settlement(game)
    elif st.declarer is not None and st.card_points:
        totals = {
            seat: st.card_points[seat] + st.meld_points.get(seat, 0) + st.bela.get(seat, 0)
            for seat in st.card_points
        }
        others = ", ".join(str(v) for s, v in sorted(totals.items()) if s != st.declarer)
        verdict = "wins" if st.game_won else "loses"
        lines.append(
            f"The declarer's points (cards in tricks, melds, béla) add up to "
            f"{totals.get(st.declarer, 0)}; the others have {others}: the declarer "
            f"{verdict} the game."
        )
    if not (st.declarer is not None and named_contracts(rules)):
        lines += [_entry_words(e, rules) for e in st.entries]
    pays = ", ".join(
        f"{_seat(s)} {'receives' if v > 0 else 'pays'} {abs(v)}"
        for s, v in sorted(st.payments.items())
        if v
    )
    lines.append(f"In all: {pays or 'nobody pays'}.")
    return [
        Block("text", "**The settlement,** as the engine writes it:"),
        Block("code", str(st)),
        Block("items", items=tuple(lines)),
    ]


def _contract_settlement(game: Game) -> list[str]:
    """A ladder contract's settlement in words: the points, each objective, the score."""
    st = game.settlement
    assert st is not None and st.declarer is not None
    d = st.declarer
    totals = {seat: st.card_points[seat] + st.meld_points.get(seat, 0) for seat in st.card_points}
    others = [v for seat, v in sorted(totals.items()) if seat != d]
    lines = [
        f"The declarer has {st.card_points[d]} card points in tricks and "
        f"{st.meld_points.get(d, 0)} in melds, {totals[d]} in all; the defenders have "
        f"{' and '.join(map(str, others))}, {sum(others)} together."
    ]
    lines += [f"{n[0].upper()}{n[1:]}." for n in st.notes if n.endswith((": made", ": lost"))]
    won = all(e.made for e in st.entries if e.seat == d)
    title = _contract_name(game).split(",")[0]
    lines.append(
        f"So {_seat(d)} {'wins' if won else 'loses'} {title} and writes {st.written[d]:+d}; "
        f"the defenders write nothing."
    )
    return lines


def _is_card(text: str) -> bool:
    try:
        return len(parse_cards(text)) == 1
    except CardParseError:
        return False


def _entry_words(e: Entry, rules: Ruleset) -> str:
    if e.note:
        return f"{e.label}: {e.note}."
    name = "The game" if e.label == "game" else _item_name(e.label, rules).capitalize()
    by = f" (undertaken by {_seat(e.seat)})" if e.seat is not None else ""
    parts = [f"{name}{by} is worth {e.base}"]
    if e.front_multiplier != 1:
        parts.append(f"times {e.front_multiplier} for being announced from the front")
    parts += [f"times {factor} for {label}" for label, factor in e.boosts]
    for i, (_seat_no, front) in enumerate(e.steps):
        word = e.step_names[i] if i < len(e.step_names) else "kontra"
        factor = rules.kontra.front_factor if front else rules.kontra.back_factor
        parts.append(f"times {factor} for the {word} said from the {'front' if front else 'back'}")
    if e.call != 1:
        parts.append(f"times {e.call} for the call")
    verdict = "made" if e.made else "lost"
    return f"{', '.join(parts)}: {e.value}.  It was {verdict}."
