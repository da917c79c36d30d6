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

import re
from pathlib import Path

import attrs
from attrs import frozen

from alsos.hand.settlement import Settlement
from alsos.language import ENGLISH, N_, Language
from alsos.pack.actions import Action, Play
from alsos.pack.cards import CARDS, Card, format_cards
from alsos.pack.deal import Deal
from alsos.pack.phases import Phase
from alsos.play.game import Game, IllegalActionError
from alsos.records.record import Record, RecordError, format_payments
from alsos.ruleset.profile import Ruleset
from alsos.words.rules import seat_name, suit_name
from alsos.words.telling import action_sentence, declarer_sentence, settlement_sentences

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

#: The headings of the phases before the play, by the phase's value: the words the
#: story of a hand uses (:mod:`alsos.words.story`).
_PHASE_TITLES = {
    "bidding": N_("Bidding"),
    "front announcements": N_("Front announcements"),
    "back announcements": N_("Back announcements"),
    "siber": N_("Síber"),
    "discard": N_("Discard"),
    "completion of announcements": N_("Completion of announcements"),
    "meld validation": N_("Meld validation"),
    "answer to a call": N_("Answer to a call"),
}


def _seat(seat: int, lang: Language) -> str:
    """A seat's name at the start of a sentence (``Seat 1``)."""
    name = seat_name(seat, lang)
    return name[:1].upper() + name[1:]


def explain(rules: Ruleset, record: Record, lang: Language = ENGLISH) -> list[Block]:
    """The worked example of ``record`` (a hand of ``rules``) as blocks in ``lang``, in
    order: the deal, what is said phase by phase, the tricks as a table, and the
    settlement (the engine's own lines, in its notation, then in words)."""
    game = Game(rules, deal=Deal.parse(record.deal), dealer=record.dealer)
    blocks = _deal_blocks(rules, record, game, lang)
    telling = _Telling(game, lang)
    for seat, action in record.actions:
        telling.apply(seat, action)
    telling.close_phase()
    blocks += telling.blocks
    blocks += _play_blocks(telling.rows, telling.during, lang)
    if game.settlement is not None:
        blocks += _settlement_blocks(game, game.settlement, lang)
    return [_not_a_list(b) for b in blocks]


#: A line that opens with a number and a full stop: Markdown and RST read it as a
#: numbered list (a seat is ``1. játékos`` in Hungarian, a trick ``1. ütés``).
_ORDINAL = re.compile(r"^(\d+)\.(?=\s)")


def _not_a_list(block: Block) -> Block:
    """``block`` with a number opening its text or an item escaped (``1\\. játékos``,
    which both formats show as ``1. játékos``), so it is not taken for a list."""
    if block.kind == "items":
        return attrs.evolve(block, items=tuple(_ORDINAL.sub(r"\1\\.", x) for x in block.items))
    if block.kind in ("text", "cards"):
        return attrs.evolve(block, text=_ORDINAL.sub(r"\1\\.", block.text))
    return block


def _deal_blocks(rules: Ruleset, record: Record, game: Game, lang: Language) -> list[Block]:
    """How to read the example, each seat's dealt cards, and the talon."""
    deal = game.deal
    dealer = _seat(record.dealer, lang)
    deals = (
        lang.text("{dealer} deals; seats are numbered in the order of play.", dealer=dealer)
        if record.dealer in game.active
        else lang.text(
            "{dealer} deals and sits this hand out; seats are numbered in the order of play.",
            dealer=dealer,
        )
    )
    reading = "  ".join(
        (
            lang.text("A hand played out by the engine, step by step."),
            deals,
            lang.text(
                "Cards are written suit letter first (M acorns, P hearts, T gourds, Z leaves), "
                "then the rank (A K O U 10 9 8 7): ``MA`` is the Ace of acorns, ``T7`` the 7 "
                "of gourds."
            ),
            lang.text("The same hand is the record a program can replay (see the record format)."),
        )
    )
    blocks = [Block("text", reading), Block("text", lang.text("**The deal.**"))]
    for seat in sorted(game.active):
        hand = deal.hands[seat]
        seen, later = hand[: deal.seen], hand[deal.seen :]
        player, cards = _seat(seat, lang), format_cards(seen)
        caption = (
            lang.text(
                "{player}: {cards}, then {later} picked up later",
                player=player,
                cards=cards,
                later=format_cards(later),
            )
            if later
            else lang.text("{player}: {cards}", player=player, cards=cards)
        )
        blocks.append(Block("cards", caption, cards=hand, name=f"example-seat-{seat}"))
    talon = deal.talon
    if talon:
        caption = (
            lang.text(
                "Talon, bottom to top: {cards}.  {card} lies face up, the others face down.",
                cards=format_cards(talon),
                card=talon[0].name,
            )
            if rules.deal.talon_between
            else lang.text(
                "Talon, bottom to top: {cards}.  The indicator {card} offers {suit} as trumps.",
                cards=format_cards(talon),
                card=talon[0].name,
                suit=suit_name(game.original, lang),
            )
        )
        blocks.append(Block("cards", caption, cards=talon, name="example-talon"))
    return blocks


class _Telling:
    """The record's actions applied to ``game`` one by one and put into words in ``lang``.

    Before the play, what is said is listed phase by phase (``blocks``); once
    tricks are played, each trick becomes a row of ``rows`` (number, cards,
    winner, what was said at it) and what was said during the play is kept in
    ``during`` for a list below the table.
    """

    def __init__(self, game: Game, lang: Language) -> None:
        self.game = game
        self.lang = lang
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

    def _heading(self, phase: str) -> Block:
        """The bold heading of a phase before the play."""
        message = _PHASE_TITLES.get(phase)
        title = self.lang.text(message) if message else phase[:1].upper() + phase[1:]
        return Block("text", f"**{title}.**")

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s ``action``, with a heading where a phase before the play
        begins, its words, and the trick's row where it closes one."""
        game = self.game
        playing = game.trick_no > 0 or game.phase is Phase.PLAY
        phase = str(game.phase)
        if not playing and phase != self._phase:
            self.close_phase()
            self.blocks.append(self._heading(phase))
            self._last_seat = -1
        self._phase = phase
        before_game, before_hand = game.copy(), set(game.view(seat).hand)
        before, tricks = game.contract, len(game.tricks)
        game.apply(action, seat=seat)
        if not (before_game.phase is Phase.PLAY and isinstance(action, Play)):
            self._tell(before_game, before_hand, seat, action)
        self._last_seat = seat
        if before is None and game.contract is not None and game.declarer is not None:
            self._said.append(declarer_sentence(game, self.lang))
        if len(game.tricks) > tricks:
            cards = ", ".join(f"{s}: {CARDS[c].name}" for s, c in game.tricks[-1])
            self.rows.append(
                (str(len(game.tricks)), cards, str(game.trick_winners[-1]), "; ".join(self._notes))
            )
            self._notes = []

    def _tell(self, before_game: Game, before_hand: set[Card], seat: int, action: Action) -> None:
        """Put an action other than a card played into words, where it belongs: the
        phase's list, or (in the play) the trick's row and the list below the table."""
        code = str(action)  # the notation, the same in every language
        playing = before_game.trick_no > 0 or before_game.phase is Phase.PLAY
        detail = format_cards(sorted(set(self.game.view(seat).hand) - before_hand))
        revealed = self.game.view(seat).history[-1].note
        if revealed is not None:
            detail = revealed.text  # what the others learn (meld kinds)
        front = before_game.phase is Phase.FRONT
        words = action_sentence(
            before_game,
            seat,
            action,
            front=front,
            detail=detail,
            again=seat == self._last_seat,
            lang=self.lang,
        )
        if playing and before_game.phase is not Phase.PLAY and self.rows:
            # said between tricks (a meld contest, a round after the first trick)
            n, cards, winner, said_then = self.rows[-1]
            note = f"{said_then}; {seat}: {code}" if said_then else f"{seat}: {code}"
            self.rows[-1] = (n, cards, winner, note)
            self.during.append(self.lang.text("After trick {n}: {said}", n=n, said=words))
        elif playing:
            self._notes.append(f"{seat}: {code}")
            trick = before_game.trick_no + 1
            self.during.append(self.lang.text("Trick {n}: {said}", n=trick, said=words))
        else:
            self._said.append(words)


def _play_blocks(rows: list[tuple[str, ...]], during: list[str], lang: Language) -> list[Block]:
    """The tricks as a table (the column of what was said only where something was),
    and what was said during the play."""
    if not rows:
        return []
    blocks = [
        Block(
            "text",
            lang.text(
                "**The play.**  Each trick's cards in the order played (seat: card); the "
                "last column has what was said at that trick, in the notation."
            ),
        )
    ]
    header: tuple[str, ...] = (
        lang.text("trick"),
        lang.text("cards"),
        lang.text("won by seat"),
        lang.text("said"),
    )
    if not any(r[3] for r in rows):
        header, rows = header[:3], [r[:3] for r in rows]
    blocks.append(Block("table", table=(header, *rows)))
    if during:
        blocks.append(Block("items", items=tuple(during)))
    return blocks


def _settlement_blocks(game: Game, st: Settlement, lang: Language) -> list[Block]:
    """The settlement as the engine writes it (its notation), then explained line by line."""
    return [
        Block("text", lang.text("**The settlement,** as the engine writes it:")),
        Block("code", str(st)),
        Block("items", items=tuple(settlement_sentences(game, lang))),
    ]
