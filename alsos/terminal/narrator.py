"""A hand told as it happens: phase headers, who said what, each trick, the settlement.

The :class:`Narrator` is told every action and its events and prints them
for the *watched* seats: all seats when bots are watched, or the one seat a
person plays.  For a seated player every event passes through
``event.seen_by(seat)`` and only that seat's view is read, so another seat's
hidden cards (its hand, its síber discards, the face-down talon) are never
printed.  Everything it prints comes from the events, the views and the
settlement the engine produced.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from alsos.hand.chosen import declare_limit, named_contracts
from alsos.hand.events import Event, ItemChanged, PickedUp, Played, Said, Took, TrickWon
from alsos.hand.history import HIDDEN_KINDS
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
from alsos.pack.cards import Card
from alsos.pack.phases import Kind, Phase
from alsos.play.game import Game
from alsos.terminal.screen import Screen, Seg
from alsos.words.rules import (
    bidding_note,
    clause,
    contract_aim,
    contract_meaning,
    figure_meaning,
    first_trick_note,
    is_ladder,
    klopitzky_rule,
    ladder_header,
    seats_text,
    who_plays,
)
from alsos.words.settlement import explain_settlement

__all__ = ["Narrator", "explain_settlement"]

_NOTES = {
    Phase.FRONT: "figures and kontras said now, before the pick-up, count more",
    Phase.BACK: "announcements after the pick-up",
    Phase.SIBER: "each player in turn: the holder of the low trump may take the talon; "
    "anyone may pass, and a pass gives nothing away",
    Phase.DISCARD: "after the síber its player puts cards away face down",
    Phase.COMPLETION: "after the first trick: last answers to the announcements",
    Phase.MELDS: "the declared melds are compared; the better one scores",
    Phase.CALL: "a call (gyerünk) is answered: concede, or play on at a higher stake",
}

_TITLES = {Phase.SIBER: "Síber"}

# A few words after the actions a newcomer cannot guess from their name.
_GLOSS: dict[type, str] = {
    Siber: " (takes the talon into its hand)",
    Exchange: " (swaps its trump 7 for the turned-up card)",
    Call: " (invites the other side to concede)",
}
# The same actions in a ladder auction, where the declarer takes from the talon.
_LADDER_GLOSS: dict[type, str] = {
    Siber: " (takes the face-up card and the pair set aside, then discards three face down)",
    Exchange: " (takes the face-up talon card, then discards one face up)",
}


class Narrator:
    """Prints one hand for the ``watched`` seats; ``viewer`` is the seat a person plays.

    ``in_session``: the hand is one of a rubber or rádli, whose scores are
    printed after it, so its settlement need not say what a session is.
    """

    def __init__(
        self,
        game: Game,
        screen: Screen,
        watched: Sequence[int],
        viewer: int | None,
        *,
        in_session: bool = False,
    ) -> None:
        self.game = game
        self.screen = screen
        self.watched = tuple(watched)
        self.viewer = viewer
        self.in_session = in_session
        self.section = ""
        self.speech: tuple[int, list[str]] | None = None
        self.passes: list[int] = []
        self.explained: set[str] = set()  # figures and kontra levels already explained
        self.notes: list[str] = []  # their explanations, printed after the line of speech
        self.tricks = dict.fromkeys(game.active, 0)
        self.took: dict[int, Took] = {}  # what the action being told took from the talon
        self.changed: set[int] = set()
        self.talon_known = self._talon()
        self.section_before_pickup = ""
        self.shown: set[Card] = set(self.talon_known)
        self.headed: set[str] = set()  # the parts of the hand whose header was printed
        self.phase_before = game.phase  # the phase of the action being told
        self.could: tuple[Action, ...] = ()  # what a watched seat to act could do
        self.drawer: int | None = None  # the last seat that drew from the talon

    # ------------------------------------------------------------ naming

    def who(self, seat: int) -> str:
        return f"seat {seat} (you)" if seat == self.viewer else f"seat {seat}"

    def _talon(self) -> tuple[Card, ...]:
        known: list[Card] = []
        for s in self.watched:
            known.extend(c for c in self.game.view(s).talon_seen if c not in known)
        return tuple(known)

    def _hand(self, seat: int) -> None:
        view = self.game.view(seat)
        rest = (
            f"  (+{view.unseen_count} face down, picked up after the bidding)"
            if view.unseen_count
            else ""
        )
        self.screen.line(f"  {self.who(seat)} holds ", self.screen.cards(view.hand), rest)
        self.shown.update(view.hand)

    # ------------------------------------------------------------ the deal

    def open(self) -> None:
        """The deal as the watched seats know it: their hands and the talon's face-up cards."""
        g, scr = self.game, self.screen
        self._section()
        for s in self.watched:
            self._hand(s)
        talon = g.deal.talon
        up = [c for c in self.talon_known if c in talon]
        hidden = len(talon) - len(up)
        if talon:
            face_up: list[Seg] = [*scr.cards(up), " face up"] if up else []
            rest = f"{', ' if up else ''}{hidden} face down" if hidden else ""
            scr.line("  talon: ", face_up, rest)

    # ------------------------------------------------------------ steps

    def _section_of(self) -> str:
        g = self.game
        if g.phase is Phase.PLAY:
            return "First trick" if g.trick_no == 0 else "Play"
        if g.phase is Phase.OVER:
            return "Settlement"
        return _TITLES.get(g.phase, str(g.phase).capitalize())

    def _section(self) -> None:
        """Print the header of the part of the hand that comes next, if it changed."""
        name = self._section_of()
        if name == self.section:
            return
        self.flush()
        after_pickup = self.section == "Pick-up" and name == self.section_before_pickup
        self.section = name
        g, scr = self.game, self.screen
        again = name in self.headed
        self.headed.add(name)
        if after_pickup or (again and name == "Bidding"):
            note = ""
            if "Pick-up" in self.headed:
                note = "after the pick-up"
                if name == "Bidding" and g.rules.bidding.betli:
                    note += ": a seat may still bid Betli"
            scr.header(f"{name}, continued", note)
            return
        if name == "Bidding":
            note = ""
            if is_ladder(g.rules):
                note = ladder_header(g.rules)
            else:
                with contextlib.suppress(AttributeError, IndexError, ValueError):  # no indicator
                    note = (
                        f"the turned-up {scr.card_text(g.indicator)} offers "
                        f"{scr.suit(g.original)} as trumps"
                    )
            scr.header(name, note)
            scr.dim(f"  ({bidding_note(g)})")
            limit, before = declare_limit(g.rules), g.state.declared_before
            if limit is not None and before is not None:
                barred = [s for s in g.active if before[s] >= limit]
                if barred:
                    names = seats_text(barred, self.who)
                    scr.dim(f"  ({names}: declared {limit} times this session, must pass)")
        elif name == "First trick":
            scr.header(name, who_plays(g, self.who))
            contract = g.contract
            for note in (contract_aim(g, self.who), first_trick_note(g)):
                if note:
                    scr.dim(f"  ({note})")
            # The rulebook's own sentences, where they apply.
            if contract is not None and contract.kind is Kind.KLOPITZKY:
                scr.dim(f"  {klopitzky_rule(g.rules)}")
            elif g.declarer is not None and is_ladder(g.rules):
                scr.dim(f"  {clause(g.rules, 'play.decided')}")
        elif name == "Play":
            order = "·".join(str(s) for s in sorted(g.active))
            scr.header(name, f"a line a trick: its cards, its winner, tricks won by seats {order}")
        elif name == "Settlement":
            scr.header(name)
        else:
            scr.header(name, _NOTES.get(g.phase, ""))

    def before(self) -> None:
        """Call before each action: prints the header of a new part of the hand."""
        self._section()
        g = self.game
        self.phase_before = g.phase
        # Only a watched seat's options are read: another's could give away its cards.
        self.could = g.legal_actions() if g.to_act in self.watched else ()

    def say(self, seat: int, text: str) -> None:
        """Add what ``seat`` said to its line; a seat's turn of speech is one line."""
        if self.speech is not None and self.speech[0] == seat:
            self.speech[1].append(text)
        else:
            self._end_turn()
            self.speech = (seat, [text])

    def _end_turn(self) -> None:
        """Print the finished turn's line; a bare pass waits, to share a line with the next."""
        if self.speech is None:
            return
        seat, said = self.speech
        self.speech = None
        if said == ["pass"]:
            if seat in self.passes:  # a new round: a new line
                self._print_passes()
            self.passes.append(seat)
            return
        self._print_passes()
        self.screen.line(f"  {self.who(seat)}: ", ", ".join(said))
        for note in self.notes:
            self.screen.dim(f"    ({note})")
        self.notes.clear()

    def _print_passes(self) -> None:
        if self.passes:
            self.screen.line("  " + ", ".join(self.who(s) for s in self.passes) + ": pass")
            self.passes.clear()

    def flush(self) -> None:
        """Print the pending speech, then any watched hand that changed."""
        self._end_turn()
        self._print_passes()
        for s in sorted(self.changed):
            hand = self.game.view(s).hand
            self.screen.line(f"  {self.who(s)} now holds ", self.screen.cards(hand))
            self.shown.update(hand)
        self.changed.clear()

    def step(self, seat: int, events: Sequence[Event]) -> None:
        """Print what an action by ``seat`` caused (its events, seen by the viewer)."""
        picked: tuple[int, ...] = ()
        if self.viewer is not None:
            events = [ev.seen_by(self.viewer) for ev in events]
        # Told before the action's line is printed: a draw's gloss names the cards.
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
        if ev.action is None:  # hidden from the viewer: say only what everyone saw
            text = ev.public
            if ev.public == HIDDEN_KINDS["discard"]:
                text = (
                    f"discards {self.screen.card_text(face_up[0])} face up"
                    if face_up
                    else "puts a card away face down"
                )
        elif isinstance(ev.action, Discard):
            text = f"discard {self.screen.card_text(ev.action[1])}"
            self.shown.add(ev.action[1])
            text += " (face up)" if face_up else ""
        elif ev.private:
            text = str(ev.action)
        else:
            text = ev.public
        self.say(ev.seat, text + self._gloss(ev.seat, ev.action))

    def _gloss(self, seat: int, action: Action | None) -> str:
        """A few words on what ``action`` does, where its name does not say it."""
        rules = self.game.rules
        ladder = is_ladder(rules) and self.phase_before is Phase.BIDDING
        if isinstance(action, Declare):
            n = action[1]
            return f" ({n} cards in sequence in one suit)" if n else " (four cards of one rank)"
        if isinstance(action, Draw):
            return self._drawn(seat)
        if isinstance(action, ContractBid):
            self._explain(action)
            return ""
        if ladder and isinstance(action, Bid):
            return " (names the trumps)" if action.suit is not None else " (no trumps)"
        # A pass that started the play, said by the declarer of a ladder contract, declined
        # the talon (a public step); elsewhere only a watched seat's options tell it.
        took_nothing = any(isinstance(a, (Siber, Exchange)) for a in self.could) or (
            ladder and self.game.declarer == seat and self.game.phase is not Phase.BIDDING
        )
        if action == PASS and took_nothing:
            return " (takes nothing from the talon)"
        if ladder and action.__class__ in _LADDER_GLOSS:
            return _LADDER_GLOSS[action.__class__]
        return _GLOSS.get(action.__class__, "")

    def _drawn(self, seat: int) -> str:
        """What a draw took: the cards, for a seat watched; where they came from."""
        source = (
            "face-down talon cards"
            if self.drawer is None
            else f"the cards {self.who(self.drawer)} discarded"
        )
        self.drawer = seat
        took = self.took.get(seat)
        if seat not in self.watched or took is None or took.cards is None:
            return f" (takes {source})"
        new = [c for c in self.game.view(seat).hand if c in took.cards]  # in the hand's order
        return f" (takes {' '.join(map(self.screen.card_text, new))}: {source})"

    def _item(self, ev: ItemChanged) -> None:
        if self.speech is None or is_ladder(self.game.rules):  # a ladder contract is worth 1
            return
        said = self.speech[1]
        last = said[-1]
        name = "game" if ev.label == "game" else f"{ev.label}@{ev.owner}"
        action = self.game.history[-1][1]
        if isinstance(action, Announce) and action[1] == ev.label:
            said[-1] = f"{last} (worth {ev.value})"
        elif isinstance(action, Kontra) and name in last:
            said[-1] = f"{last} (now {ev.value})"
        else:
            said[-1] = f"{last} ({name} worth {ev.value})"
        self._explain(action)

    def _explain(self, action: object) -> None:
        """The first time a figure or a kontra level is said, say once what it means."""
        rules = self.game.rules
        if isinstance(action, ContractBid) and action.contract in named_contracts(rules):
            key = f"contract {action.contract}"
            spec = named_contracts(rules)[action.contract]
            text = f"{spec.title}: {contract_meaning(rules, action.contract)}"
        elif isinstance(action, Announce) and action[1] in rules.figures:
            key = f"figure {action[1]}"
            fig = rules.figures[action[1]]
            title = fig.title or action[1]
            label = title if title.startswith(action[1]) else f"{action[1]} ({title})"
            text = f"{label}: {figure_meaning(rules, action[1])}"
        elif isinstance(action, Kontra):
            levels = rules.kontra.levels
            level = action[1]
            key = f"kontra {level}"
            answer = f"; answered by {levels[level]}" if level < len(levels) else ""
            k = rules.kontra
            text = (
                f"{levels[level - 1]}: multiplies the item by {k.front_factor} said from the "
                f"front, by {k.back_factor} from the back{answer}"
            )
        else:
            return
        if key not in self.explained:
            self.explained.add(key)
            self.notes.append(text)
        if isinstance(action, Kontra) and action[3] is not None and "@" not in self.explained:
            self.explained.add("@")
            self.notes.append(
                f"{action[2]}@{action[3]} is the {action[2]} seat {action[3]} announced"
            )

    def _trick(self, ev: TrickWon) -> None:
        self.flush()
        scr = self.screen
        self.tricks[ev.winner] += 1
        played: list[Seg] = []
        for i, (s, c) in enumerate(ev.cards):
            played.extend([", " if i else "", f"seat {s} ", scr.card(c)])
        tally = "·".join(str(self.tricks[s]) for s in sorted(self.game.active))
        scr.line(
            f"  trick {ev.number}: ",
            played,
            " → ",
            (self.who(ev.winner), "bold"),
            f" wins ({tally})",
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
            self.section = "Pick-up"
            self.headed.add("Pick-up")
            self.screen.header("Pick-up", "each player takes up the cards dealt face down")
            for s in picked:
                self._hand(s)
        known = self._talon()
        new = [c for c in known if c not in self.talon_known]
        if new:
            self.flush()
            self.screen.line("  the talon, face up now: ", self.screen.cards(known))
        self.talon_known = known
        self.shown.update(known)

    # ------------------------------------------------------------ the end

    def close(self) -> None:
        """Print the settlement explained line by line (the hand must be over)."""
        self._section()
        self.flush()
        g = self.game
        if self.viewer is None:
            rest = [c for c in (Card(x) for x in g.talon) if c not in self.shown]
            if rest:
                self.screen.line("  the talon held ", self.screen.cards(rest), " (never seen)")
        settlement = g.settlement
        assert settlement is not None
        for line in explain_settlement(settlement, g, single=not self.in_session):
            self.screen.line(line)
