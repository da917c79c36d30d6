"""A hand told as it happens, as lines of words and cards: the narration every client shows.

A :class:`Story` is told every action and its events and writes
:class:`Line` objects for the *watched* seats: all seats when bots are
watched, or the one seat a person plays.  A line is a tuple of parts -- text,
a :class:`~alsos.pack.cards.Card`, a :class:`~alsos.pack.cards.Suit`, or
:class:`Strong` text -- so each client draws the cards its own way (the
terminal in colour or with suit signs, a page as card pictures) and the
words stay the same.  Each sentence is one message of the
:class:`~alsos.language.Language` the story is told in
(:meth:`~alsos.language.Language.parts` fills a translated message with parts), and seats are
named by a function the client gives (``seat 1``, ``seat 0 (you)``, a
player's name).

For a seated player every event passes through ``event.seen_by(seat)`` and
only that seat's view is read, so another seat's hidden cards (its hand, its
síber discards, the face-down talon) are never told.  Everything comes from
the events, the views and the settlement the engine produced.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TypeAlias

from attrs import frozen

from alsos.hand.chosen import declare_limit, named_contracts
from alsos.hand.events import Event, ItemChanged, PickedUp, Played, Said, Took, TrickWon
from alsos.hand.history import HIDDEN_KINDS
from alsos.language import ENGLISH, N_, Language
from alsos.pack.actions import (
    PASS,
    Action,
    Announce,
    Bid,
    Call,
    ContractBid,
    Declare,
    Discard,
    Draw,
    Exchange,
    Kontra,
    Siber,
)
from alsos.pack.cards import Card, Suit
from alsos.pack.phases import Kind, Phase
from alsos.play.game import Game
from alsos.ruleset.wording import profile_words
from alsos.words.rules import (
    bidding_note,
    clause,
    contract_aim,
    contract_meaning,
    figure_label,
    figure_meaning,
    first_trick_note,
    is_ladder,
    klopitzky_rule,
    ladder_header,
    seats_text,
    suit_name,
    who_plays,
)
from alsos.words.settlement import explain_settlement

__all__ = ["Line", "Part", "Story", "Strong", "plain_text", "told"]


@frozen
class Strong:
    """Text to stand out (the winner of a trick)."""

    text: str


Part: TypeAlias = str | Card | Suit | Strong
"""A piece of a line: words, a card, a suit, or words that stand out."""


@frozen
class Line:
    """One line of the story.

    ``style`` says what kind of line it is: ``header`` (a part of the hand
    begins: ``title``, with ``parts`` a short note on it), ``text`` (what
    happened), ``note`` (an explanation of the line before: faint, in
    parentheses on a terminal) or ``rule`` (a rule quoted from the
    rulebook).  ``depth`` is how far it is indented under its header.
    """

    parts: tuple[Part, ...]
    style: str = "text"
    title: str = ""
    depth: int = 1


def plain_text(
    parts: Sequence[Part],
    card: Callable[[Card], str] = lambda c: c.name,
    lang: Language = ENGLISH,
) -> str:
    """The parts as plain text, cards written by ``card`` (the notation by default), a
    suit by its name in ``lang``."""
    out = []
    for p in parts:
        if isinstance(p, Card):
            out.append(card(p))
        elif isinstance(p, Suit):
            out.append(suit_name(p, lang))
        elif isinstance(p, Strong):
            out.append(p.text)
        else:
            out.append(p)
    return "".join(out)


def _cards(cards: Sequence[Card], sep: str = " ") -> tuple[Part, ...]:
    """Cards separated by ``sep`` (``-`` for none)."""
    if not cards:
        return ("-",)
    out: list[Part] = []
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append(c)
    return tuple(out)


def _titles(lang: Language) -> dict[str, str]:
    """The headers of the parts of a hand, keyed by the part (a phase's value or a name)."""
    t = lang.text
    return {
        "bidding": t("Bidding"),
        "front announcements": t("Front announcements"),
        "back announcements": t("Back announcements"),
        "siber": t("Síber"),
        "discard": t("Discard"),
        "completion of announcements": t("Completion of announcements"),
        "meld validation": t("Meld validation"),
        "answer to a call": t("Answer to a call"),
        "first trick": t("First trick"),
        "play": t("Play"),
        "settlement": t("Settlement"),
        "pick-up": t("Pick-up"),
    }


class Story:
    """Tells one hand for the ``watched`` seats; ``viewer`` is the seat a person plays.

    ``write`` receives each line as it is told.  ``who`` names a seat
    (default: ``seat 1``, and ``seat 0 (you)`` for the viewer).
    ``in_session``: the hand is one of a rubber or rádli, whose scores are
    shown after it, so its settlement need not say what a session is.
    """

    def __init__(
        self,
        game: Game,
        write: Callable[[Line], None],
        watched: Sequence[int],
        viewer: int | None,
        *,
        in_session: bool = False,
        lang: Language = ENGLISH,
        who: Callable[[int], str] | None = None,
    ) -> None:
        self.game = game
        self.write = write
        self.watched = tuple(watched)
        self.viewer = viewer
        self.in_session = in_session
        self.lang = lang
        self._who = who
        self._titles = _titles(lang)
        self.section = ""
        self.speech: tuple[int, list[tuple[Part, ...]]] | None = None
        self.passes: list[int] = []
        self.explained: set[str] = set()  # figures and kontra levels already explained
        self.notes: list[str] = []  # their explanations, told after the line of speech
        self.tricks = dict.fromkeys(game.active, 0)
        self.took: dict[int, Took] = {}  # what the action being told took from the talon
        self.changed: set[int] = set()
        self.talon_known = self._talon()
        self.section_before_pickup = ""
        self.shown: set[Card] = set(self.talon_known)
        self.headed: set[str] = set()  # the parts of the hand whose header was told
        self.phase_before = game.phase  # the phase of the action being told
        self.could: tuple[Action, ...] = ()  # what a watched seat to act could do
        self.drawer: int | None = None  # the last seat that drew from the talon

    # ------------------------------------------------------------ writing

    def who(self, seat: int) -> str:
        """The seat's name in this story."""
        if self._who is not None:
            return self._who(seat)
        if seat == self.viewer:
            return self.lang.text("seat {seat} (you)", seat=seat)
        return self.lang.text("seat {seat}", seat=seat)

    def _line(self, message: str, /, **values: object) -> None:
        self.write(Line(self.lang.parts(message, **values)))

    def _header(self, key: str, note: Sequence[Part] | str = "", *, again: bool = False) -> None:
        title = self._titles[key]
        if again:
            title = self.lang.text("{part}, continued", part=title)
        parts = (note,) if isinstance(note, str) else tuple(note)
        self.write(Line(parts if parts != ("",) else (), style="header", title=title, depth=0))

    def _note(self, text: str, *, style: str = "note", depth: int = 1) -> None:
        self.write(Line((text,), style=style, depth=depth))

    def _talon(self) -> tuple[Card, ...]:
        if not self.watched:  # a spectator: the talon cards every seat has seen
            return tuple(self.game.public_view().talon_seen)
        known: list[Card] = []
        for s in self.watched:
            known.extend(c for c in self.game.view(s).talon_seen if c not in known)
        return tuple(known)

    def _hand(self, seat: int) -> None:
        view = self.game.view(seat)
        hand = _cards(view.hand)
        if view.unseen_count:
            self._line(
                "{player} holds {cards}  (+{n} face down, picked up after the bidding)",
                player=self.who(seat),
                cards=hand,
                n=view.unseen_count,
            )
        else:
            self._line("{player} holds {cards}", player=self.who(seat), cards=hand)
        self.shown.update(view.hand)

    # ------------------------------------------------------------ the deal

    def open(self) -> None:
        """The deal as the watched seats know it: their hands and the talon's face-up cards."""
        talon = self.game.deal.talon
        self._section()
        for s in self.watched:
            self._hand(s)
        up = [c for c in self.talon_known if c in talon]
        hidden = len(talon) - len(up)
        if not talon:
            return
        if up and hidden:
            self._line("talon: {cards} face up, {n} face down", cards=_cards(up), n=hidden)
        elif up:
            self._line("talon: {cards} face up", cards=_cards(up))
        else:
            self._line("talon: {n} face down", n=hidden)

    # ------------------------------------------------------------ steps

    def _section_of(self) -> str:
        g = self.game
        if g.phase is Phase.PLAY:
            return "first trick" if g.trick_no == 0 else "play"
        if g.phase is Phase.OVER:
            return "settlement"
        return str(g.phase)

    def _section(self) -> None:
        """Tell the header of the part of the hand that comes next, if it changed."""
        name = self._section_of()
        if name == self.section:
            return
        self.flush()
        after_pickup = self.section == "pick-up" and name == self.section_before_pickup
        self.section = name
        g, t = self.game, self.lang.text
        again = name in self.headed
        self.headed.add(name)
        if after_pickup or (again and name == "bidding"):
            note = ""
            if "pick-up" in self.headed:
                if name == "bidding" and g.rules.bidding.betli:
                    note = t("after the pick-up: a seat may still bid Betli")
                else:
                    note = t("after the pick-up")
            self._header(name, note, again=True)
            return
        if name == "bidding":
            self._bidding_header()
        elif name == "first trick":
            self._header(name, who_plays(g, self.who, self.lang))
            contract = g.contract
            for note in (contract_aim(g, self.who, self.lang), first_trick_note(g, self.lang)):
                if note:
                    self._note(note)
            # The rulebook's own sentences, where they apply.
            if contract is not None and contract.kind is Kind.KLOPITZKY:
                self._note(klopitzky_rule(g.rules, self.lang), style="rule")
            elif g.declarer is not None and is_ladder(g.rules):
                self._note(clause(g.rules, "play.decided", self.lang), style="rule")
        elif name == "play":
            order = "·".join(str(s) for s in sorted(g.active))
            self._header(
                name,
                t(
                    "a line a trick: its cards, its winner, tricks won by seats {order}",
                    order=order,
                ),
            )
        elif name == "settlement":
            self._header(name)
        else:
            self._header(name, self._phase_note(g.phase))

    def _phase_note(self, phase: Phase) -> str:
        t = self.lang.text
        notes = {
            Phase.FRONT: t("figures and kontras said now, before the pick-up, count more"),
            Phase.BACK: t("announcements after the pick-up"),
            Phase.SIBER: t(
                "each player in turn: the holder of the low trump may take the talon; "
                "anyone may pass, and a pass gives nothing away"
            ),
            Phase.DISCARD: t("after the síber its player puts cards away face down"),
            Phase.COMPLETION: t("after the first trick: last answers to the announcements"),
            Phase.MELDS: t("the declared melds are compared; the better one scores"),
            Phase.CALL: t("a call (gyerünk) is answered: concede, or play on at a higher stake"),
        }
        return notes.get(phase, "")

    def _bidding_header(self) -> None:
        g = self.game
        note: tuple[Part, ...] = ()
        if is_ladder(g.rules):
            note = (ladder_header(g.rules, self.lang),)
        else:
            with contextlib.suppress(AttributeError, IndexError, ValueError):  # no indicator
                note = self.lang.parts(
                    "the turned-up {card} offers {suit} as trumps",
                    card=g.indicator,
                    suit=g.original,
                )
        self._header("bidding", note)
        self._note(bidding_note(g, self.lang))
        limit, before = declare_limit(g.rules), g.state.declared_before
        if limit is not None and before is not None:
            barred = [s for s in g.active if before[s] >= limit]
            if barred:
                self._note(
                    self.lang.text(
                        "{players}: declared {n} times this session, must pass",
                        players=seats_text(barred, self.who, self.lang),
                        n=limit,
                    )
                )

    def before(self) -> None:
        """Call before each action: tells the header of a new part of the hand."""
        self._section()
        g = self.game
        self.phase_before = g.phase
        # Only a watched seat's options are read: another's could give away its cards.
        self.could = g.legal_actions() if g.to_act in self.watched else ()

    def say(self, seat: int, said: Sequence[Part]) -> None:
        """Add what ``seat`` said to its line; a seat's turn of speech is one line."""
        if self.speech is not None and self.speech[0] == seat:
            self.speech[1].append(tuple(said))
        else:
            self._end_turn()
            self.speech = (seat, [tuple(said)])

    def _end_turn(self) -> None:
        """Tell the finished turn's line; a bare pass waits, to share a line with the next."""
        if self.speech is None:
            return
        seat, said = self.speech
        self.speech = None
        if said == [(str(PASS),)]:
            if seat in self.passes:  # a new round: a new line
                self._tell_passes()
            self.passes.append(seat)
            return
        self._tell_passes()
        joined: list[Part] = []
        for i, s in enumerate(said):
            joined.extend((", ", *s) if i else s)
        self._line("{player}: {said}", player=self.who(seat), said=tuple(joined))
        for note in self.notes:
            self._note(note, depth=2)
        self.notes.clear()

    def _tell_passes(self) -> None:
        if self.passes:
            players = ", ".join(self.who(s) for s in self.passes)
            self._line("{players}: pass", players=players)
            self.passes.clear()

    def flush(self) -> None:
        """Tell the pending speech, then any watched hand that changed."""
        self._end_turn()
        self._tell_passes()
        for s in sorted(self.changed):
            hand = self.game.view(s).hand
            self._line("{player} now holds {cards}", player=self.who(s), cards=_cards(hand))
            self.shown.update(hand)
        self.changed.clear()

    def step(self, seat: int, events: Sequence[Event]) -> None:
        """Tell what an action by ``seat`` caused (its events, seen by the viewer)."""
        picked: tuple[int, ...] = ()
        if self.viewer is not None:
            events = [ev.seen_by(self.viewer) for ev in events]
        # Known before the action's line is told: a draw's gloss names the cards.
        self.took = {ev.seat: ev for ev in events if isinstance(ev, Took)}
        moved = set(self.took)  # the hands an action changed outside play and the pick-up
        for ev in events:
            if isinstance(ev, Said):
                if isinstance(ev.action, Discard):
                    moved.add(ev.seat)
                self._said(ev)
            elif isinstance(ev, ItemChanged):
                self._item(ev)
            elif isinstance(ev, Played):
                if self.speech is not None:
                    self.flush()
            elif isinstance(ev, TrickWon):
                self._trick(ev)
            elif isinstance(ev, PickedUp):
                picked = tuple(s for s in ev.seats if s in self.watched)
        self._after(picked, moved)

    def _said(self, ev: Said) -> None:
        face_up = [c for c in self._talon() if c not in self.talon_known]
        parts = self.lang.parts
        said: tuple[Part, ...]
        if ev.action is None:  # hidden from the viewer: say only what everyone saw
            said = (ev.public,)
            if ev.public == HIDDEN_KINDS["discard"]:
                said = (
                    parts("discards {card} face up", card=face_up[0])
                    if face_up
                    else parts("puts a card away face down")
                )
        elif isinstance(ev.action, Discard):
            self.shown.add(ev.action[1])
            message = N_("discard {card} (face up)") if face_up else N_("discard {card}")
            said = parts(message, card=ev.action[1])
        elif ev.private:
            said = (str(ev.action),)
        else:
            said = (ev.public,)
        self.say(ev.seat, (*said, *self._gloss(ev.seat, ev.action)))

    def _gloss(self, seat: int, action: Action | None) -> tuple[Part, ...]:
        """A few words on what ``action`` does, where its name does not say it."""
        rules, t = self.game.rules, self.lang.text
        ladder = is_ladder(rules) and self.phase_before is Phase.BIDDING
        if isinstance(action, Declare):
            n = action[1]
            if n:
                return (" " + t("({n} cards in sequence in one suit)", n=n),)
            return (" " + t("(four cards of one rank)"),)
        if isinstance(action, Draw):
            return self._drawn(seat)
        if isinstance(action, ContractBid):
            self._explain(action)
            return ()
        if ladder and isinstance(action, Bid):
            return (
                " " + (t("(names the trumps)") if action.suit is not None else t("(no trumps)")),
            )
        # A pass that started the play, said by the declarer of a ladder contract, declined
        # the talon (a public step); elsewhere only a watched seat's options tell it.
        took_nothing = any(isinstance(a, (Siber, Exchange)) for a in self.could) or (
            ladder and self.game.declarer == seat and self.game.phase is not Phase.BIDDING
        )
        if action == PASS and took_nothing:
            return (" " + t("(takes nothing from the talon)"),)
        if ladder and isinstance(action, Siber):
            return (
                " "
                + t(
                    "(takes the face-up card and the pair set aside, then discards three face down)"
                ),
            )
        if ladder and isinstance(action, Exchange):
            return (" " + t("(takes the face-up talon card, then discards one face up)"),)
        if isinstance(action, Siber):
            return (" " + t("(takes the talon into its hand)"),)
        if isinstance(action, Exchange):
            return (" " + t("(swaps its trump 7 for the turned-up card)"),)
        if isinstance(action, Call):
            return (" " + t("(invites the other side to concede)"),)
        return ()

    def _drawn(self, seat: int) -> tuple[Part, ...]:
        """What a draw took: the cards, for a seat watched; where they came from."""
        t = self.lang.text
        source = (
            t("face-down talon cards")
            if self.drawer is None
            else t("the cards {player} discarded", player=self.who(self.drawer))
        )
        self.drawer = seat
        took = self.took.get(seat)
        if seat not in self.watched or took is None or took.cards is None:
            return (" ", *self.lang.parts("(takes {source})", source=source))
        new = [c for c in self.game.view(seat).hand if c in took.cards]  # in the hand's order
        return (
            " ",
            *self.lang.parts("(takes {cards}: {source})", cards=_cards(new), source=source),
        )

    def _item(self, ev: ItemChanged) -> None:
        if self.speech is None or is_ladder(self.game.rules):  # a ladder contract is worth 1
            return
        said, t = self.speech[1], self.lang.text
        last = said[-1]
        name = "game" if ev.label == "game" else f"{ev.label}@{ev.owner}"
        action = self.game.history[-1][1]
        if isinstance(action, Announce) and action[1] == ev.label:
            said[-1] = (*last, " " + t("(worth {value})", value=ev.value))
        elif isinstance(action, Kontra) and name in plain_text(last):
            said[-1] = (*last, " " + t("(now {value})", value=ev.value))
        else:
            said[-1] = (*last, " " + t("({item} worth {value})", item=name, value=ev.value))
        self._explain(action)

    def _explain(self, action: object) -> None:
        """The first time a figure or a kontra level is said, say once what it means."""
        rules, t = self.game.rules, self.lang.text
        if isinstance(action, ContractBid) and action.contract in named_contracts(rules):
            key = f"contract {action.contract}"
            spec = named_contracts(rules)[action.contract]
            meaning = contract_meaning(rules, action.contract, self.lang)
            title = profile_words(rules, self.lang).contract_title(action.contract, spec.title)
            text = t("{title}: {meaning}", title=title, meaning=meaning)
        elif isinstance(action, Announce) and action[1] in rules.figures:
            key = f"figure {action[1]}"
            label = figure_label(rules, action[1], self.lang)
            meaning = figure_meaning(rules, action[1], self.lang)
            text = t("{title}: {meaning}", title=label, meaning=meaning)
        elif isinstance(action, Kontra):
            levels = rules.kontra.levels
            level = action[1]
            key = f"kontra {level}"
            k = rules.kontra
            message = (
                N_(
                    "{word}: multiplies the item by {front} said from the front, "
                    "by {back} from the back; answered by {answer}"
                )
                if level < len(levels)
                else N_(
                    "{word}: multiplies the item by {front} said from the front, "
                    "by {back} from the back"
                )
            )
            text = t(
                message,
                word=levels[level - 1],
                front=k.front_factor,
                back=k.back_factor,
                answer=levels[level] if level < len(levels) else "",
            )
        else:
            return
        if key not in self.explained:
            self.explained.add(key)
            self.notes.append(text)
        if isinstance(action, Kontra) and action[3] is not None and "@" not in self.explained:
            self.explained.add("@")
            item = f"{action[2]}@{action[3]}"
            self.notes.append(
                t(
                    "{item} is the {figure} {player} announced",
                    item=item,
                    figure=action[2],
                    player=self.lang.text("seat {seat}", seat=action[3])
                    if self._who is None
                    else self.who(action[3]),
                )
            )

    def _trick(self, ev: TrickWon) -> None:
        self.flush()
        self.tricks[ev.winner] += 1
        played: list[Part] = []
        for i, (s, c) in enumerate(ev.cards):
            # The terminal's own naming writes the bare seat here, "(you)" only for the winner.
            owner = self.lang.text("seat {seat}", seat=s) if self._who is None else self.who(s)
            played.extend([", " if i else "", owner + " ", c])
        tally = "·".join(str(self.tricks[s]) for s in sorted(self.game.active))
        self._line(
            "trick {n}: {cards} → {winner} wins ({tally})",
            n=ev.number,
            cards=tuple(p for p in played if p != ""),
            winner=Strong(self.who(ev.winner)),
            tally=tally,
        )

    def _after(self, picked: tuple[int, ...], moved: set[int]) -> None:
        """After an action's events: the hands picked up, a watched hand that changed
        otherwise (``moved``: an exchange, a síber, a draw, a discard), the talon turned
        face up."""
        g = self.game
        if self.viewer is None:  # a player sees its hand before each decision
            for s in moved:
                if s in self.watched and s not in picked and not g.view(s).unseen_count:
                    self.changed.add(s)
        if picked:
            self.flush()
            self.section_before_pickup = self.section
            self.section = "pick-up"
            self.headed.add("pick-up")
            self._header(
                "pick-up", self.lang.text("each player takes up the cards dealt face down")
            )
            for s in picked:
                self._hand(s)
        known = self._talon()
        new = [c for c in known if c not in self.talon_known]
        if new:
            self.flush()
            self._line("the talon, face up now: {cards}", cards=_cards(known))
        self.talon_known = known
        self.shown.update(known)

    # ------------------------------------------------------------ the end

    def close(self) -> None:
        """Tell the settlement explained line by line (the hand must be over)."""
        self._section()
        self.flush()
        g = self.game
        if self.viewer is None:
            rest = [c for c in (Card(x) for x in g.talon) if c not in self.shown]
            if rest:
                self._line("the talon held {cards} (never seen)", cards=_cards(rest))
        settlement = g.settlement
        assert settlement is not None
        told = explain_settlement(
            settlement, g, single=not self.in_session, lang=self.lang, who=self._who
        )
        for text in told:
            body = text.lstrip(" ")
            self.write(Line((body,), depth=(len(text) - len(body)) // 2))


def told(
    game: Game,
    seat: int,
    *,
    lang: Language = ENGLISH,
    who: Callable[[int], str] | None = None,
    in_session: bool = False,
) -> list[Line]:
    """The story of ``game`` so far as ``seat`` may know it (-1: a spectator, who is told
    what every seat may know), replayed from its deal: what a page shows when it opens
    at any point of a hand, or after a reconnection."""
    replay = Game(game.rules, deal=game.deal, dealer=game.dealer)
    lines: list[Line] = []
    watched = (seat,) if seat >= 0 else ()
    story = Story(replay, lines.append, watched, seat, lang=lang, who=who, in_session=in_session)
    story.open()
    for actor, action in game.history:
        story.before()
        story.step(actor, replay.apply(action, seat=actor))
    if replay.is_over:
        story.close()
    else:
        story.before()
        story.flush()
    return lines
