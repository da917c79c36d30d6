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
from collections.abc import Callable, Sequence

from alsos.actions import Announce, Call, Declare, Discard, Exchange, Kontra, Play, Siber
from alsos.cards import Card, Rank
from alsos.events import Event, ItemChanged, Played, Said, TrickWon
from alsos.game import Game
from alsos.phases import Kind, Phase
from alsos.settlement import Entry, Settlement
from alsos.terminal.prompt import figure_meaning
from alsos.terminal.screen import Screen, Seg

__all__ = ["Narrator", "explain_settlement"]

_NOTES = {
    Phase.FRONT: "figures and kontras said now, before the pick-up, count more",
    Phase.BACK: "announcements after the pick-up",
    Phase.SIBER: "the declarer may take the talon for its low trump",
    Phase.DISCARD: "after the síber the declarer puts cards away face down",
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
        views = [game.view(s) for s in self.watched]
        self.unseen = {v.seat: v.unseen_count for v in views}
        self.holding = {v.seat: v.hand for v in views}
        self.changed: set[int] = set()
        self.talon_known = self._talon()
        self.section_before_pickup = ""
        self.shown: set[Card] = set(self.talon_known)

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
        self.holding[seat] = view.hand
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
        if after_pickup:
            scr.header(f"{name}, continued")
            return
        if name == "Bidding":
            note = ""
            with contextlib.suppress(AttributeError, IndexError, ValueError):  # no indicator
                note = (
                    f"the turned-up {scr.card_text(g.indicator)} offers "
                    f"{scr.suit(g.original)} as trumps"
                )
            scr.header(name, note)
            scr.dim(f"  ({_bidding_note(g)})")
        elif name == "First trick":
            contract = _contract(g, self.who)
            note = (
                "before its card each seat may announce, kontra, declare melds"
                if g.rules.announcements.back_round == "first-trick" and g.declarer is not None
                else ""
            )
            scr.header(name, contract)
            if note:
                scr.dim(f"  ({note})")
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
        for ev in events:
            if self.viewer is not None:
                ev = ev.seen_by(self.viewer)
            if isinstance(ev, Said):
                self._said(ev)
            elif isinstance(ev, ItemChanged):
                self._item(ev)
            elif isinstance(ev, Played):
                if self.speech is not None:
                    self.flush()
            elif isinstance(ev, TrickWon):
                self._trick(ev)
        self._after()

    def _said(self, ev: Said) -> None:
        if ev.action is None:  # hidden from the viewer: say only what everyone saw
            text = "puts a card away face down" if ev.public == "discard" else ev.public
        elif isinstance(ev.action, Discard):
            text = f"discard {self.screen.card_text(ev.action[1])}"
        elif ev.private:
            text = str(ev.action)
        else:
            text = ev.public
        gloss = _GLOSS.get(ev.action.__class__, "")
        if isinstance(ev.action, Declare):
            n = ev.action[1]
            gloss = f" ({n} cards in sequence in one suit)" if n else " (four cards of one rank)"
        self.say(ev.seat, text + gloss)

    def _item(self, ev: ItemChanged) -> None:
        if self.speech is None:
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
        if isinstance(action, Announce) and action[1] in rules.figures:
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

    def _after(self) -> None:
        g = self.game
        picked = []
        for s in self.watched:
            view = g.view(s)
            if self.unseen[s] and not view.unseen_count:
                picked.append(s)
            elif (
                view.hand != self.holding[s]
                and not isinstance(g.history[-1][1], Play)
                and not view.unseen_count
                and self.viewer is None  # a player sees its hand before each decision
            ):
                self.changed.add(s)
            self.unseen[s] = view.unseen_count
            self.holding[s] = view.hand
        if picked:
            self.flush()
            self.section_before_pickup = self.section
            self.section = "Pick-up"
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
        for line in explain_settlement(settlement, g, self.screen, single=not self.in_session):
            self.screen.line(line)


def _bidding_note(game: Game) -> str:
    b = game.rules.bidding
    later = ["another suit"]
    if b.no_trumps:
        later.append("no-trumps")
    if b.betli:
        later.append("betli (to lose every trick)")
    text = f"'accept' takes them, 'pass' declines; later rounds may bid {', '.join(later)}"
    if b.klopitzky:
        text += "; if all pass, klopitzky"
    return text


_KINDS = {
    Kind.TRUMP: "plays against the others together",
    Kind.NO_TRUMPS: "plays without trumps against the others together",
    Kind.BETLI: "must lose every trick",
    Kind.KLOPITZKY: "",
}


def _contract(game: Game, who: Callable[[int], str]) -> str:
    """The contract in words: who plays what against whom."""
    c = game.contract
    if c is None:
        return ""
    if c.kind is Kind.KLOPITZKY:
        return "klopitzky: nobody bid, so each plays alone; the most tricks pays"
    if game.declarer is None:
        return str(c)
    return f"{c}: {who(game.declarer)} {_KINDS[c.kind]}"


def _points_legend(game: Game) -> str:
    cr = game.rules.cards
    plain = ", ".join(f"{r.code} {v}" for r, v in _by_value(cr.plain_points))
    trump = ", ".join(f"{r.code} {v}" for r, v in _by_value(cr.trump_points))
    legend = (
        plain
        if trump == plain or game.contract is None or game.trump < 0
        else (f"trumps {trump}; others {plain}")
    )
    return f"{legend}; last trick {cr.last_trick}"


def _by_value(points: object) -> list[tuple[Rank, int]]:
    items = [(r, v) for r, v in dict(points).items() if v]  # type: ignore[call-overload]
    return sorted(items, key=lambda rv: -rv[1])


def _seats(values: dict[int, int], sign: bool = False) -> str:
    fmt = "{:+d}" if sign else "{}"
    return ", ".join(f"seat {s} {fmt.format(v)}" for s, v in sorted(values.items()))


def _factors(entry: Entry, game: Game) -> str:
    """``1 × 2 front × 4 kontra`` when those factors make the value, else the engine's detail."""
    k = game.rules.kontra
    parts = [str(entry.base)]
    value = entry.base
    if entry.front_multiplier != 1:
        parts.append(f"{entry.front_multiplier} (from the front)")
        value *= entry.front_multiplier
    for label, factor in entry.boosts:
        parts.append(f"{factor} ({label})")
        value *= factor
    for i, (_seat, front) in enumerate(entry.steps):
        factor = k.front_factor if front else k.back_factor
        name = entry.step_names[i] if i < len(entry.step_names) else f"step {i + 1}"
        parts.append(f"{factor} ({name}, {'front' if front else 'back'})")
        value *= factor
    if entry.call != 1:
        parts.append(f"{entry.call} (call)")
        value *= entry.call
    if entry.note or value != entry.value:
        return entry.detail
    return " × ".join(parts) if len(parts) > 1 else f"base {entry.base}"


def explain_settlement(
    st: Settlement, game: Game, screen: Screen, *, single: bool = True
) -> list[str]:
    """The settlement in words, one fact a line, every number taken from ``st``.

    ``single``: a hand on its own, so the line on the score sheet says what a
    session is played to (in a session the scores after the hand say it).
    """
    out = []
    if st.declarer is None:
        out.append(f"  contract: {_contract(game, lambda s: f'seat {s}') or st.contract}")
    else:
        others = [s for s in game.active if s != st.declarer]
        out.append(
            f"  contract: {st.contract}; seat {st.declarer} declared, "
            + " and ".join(f"seat {s}" for s in others)
            + (" defended together" if len(others) > 1 else " defended")
        )
    if st.conceded:
        out.append("  the hand ended early: a call was conceded")
    if st.card_points:
        pts = ", ".join(
            f"seat {s} {st.card_points[s]}"
            + (f" + {st.meld_points[s]} in melds" if st.meld_points.get(s) else "")
            + (f" + {st.bela[s]} béla" if st.bela.get(s) else "")
            for s in sorted(st.card_points)
        )
        out.append(f"  card points won in tricks: {pts}")
        out.append(f"    (cards count {_points_legend(game)})")
    out.append(f"  tricks won: {_seats(st.tricks)}")
    if st.game_won is not None and st.declarer is not None:
        out.append(
            f"  the game: seat {st.declarer} {'won' if st.game_won else 'lost'} it{_why(st)}"
        )
    out.extend(f"  note: {n}" for n in st.notes)
    if st.entries and st.declarer is not None:
        out.append(
            "  each item is settled on its own between the declarer and each opponent; "
            "whoever lost it pays its worth:"
        )
    elif st.entries:
        out.append("  what each seat gets:")
    for e in st.entries:
        if st.declarer is None and e.seat is not None:  # klopitzky: what each seat gets
            out.append(f"    seat {e.seat} gets {e.value}: {_factors(e, game)}")
            continue
        who = f" by seat {e.seat}" if e.seat is not None else ""
        title = e.label
        fig = game.rules.figures.get(e.label)
        if fig is not None and fig.title and fig.title != e.label:
            title = f"{e.label} ({fig.title})"
        verdict = "made" if e.made else "lost"
        out.append(f"    {title}{who}: {verdict}, worth {e.value} = {_factors(e, game)}")
    out.append(f"  payments (+ receives, - pays; they add up to 0): {_seats(st.payments, True)}")
    sc = game.rules.scoring
    race = (
        f"; a rádli ends when a seat reaches {sc.radli_target}"
        if sc.session == "radli"
        else f"; the first seat to reach {sc.rubber_target} alone wins a rubber"
    )
    out.append(f"  written on the score sheet: {_seats(st.written)}")
    out.append(f"    (the winners of an item write its worth{race if single else ''})")
    best = max(st.payments.values())
    top = [s for s, v in st.payments.items() if v == best]
    if best > 0:
        names = " and ".join(f"seat {s}" for s in sorted(top))
        out.append(f"  {names} {'wins' if len(top) == 1 else 'win'} the hand ({best:+d})")
    return out


def _why(st: Settlement) -> str:
    """The numbers the game was decided on: totals of cards, melds and béla, or tricks."""
    d = st.declarer
    assert d is not None
    if st.conceded or st.notes:  # decided by a call, not by the cards
        return ""
    if not st.card_points:  # betli: only tricks count
        n = st.tricks.get(d, 0)
        return f", taking {n} trick{'' if n == 1 else 's'}"
    total = {
        s: st.card_points[s] + st.meld_points.get(s, 0) + st.bela.get(s, 0) for s in st.card_points
    }
    others = " and ".join(str(v) for s, v in sorted(total.items()) if s != d)
    return f": {total[d]} in cards and melds against {others}"
