"""The hand viewer's steps: a record replayed and cut into the screens the viewer
shows (:class:`Walker`), as everyone saw the hand or as one seat did (its own cards,
the talon cards it saw, another seat's secret as its public words), each a
:class:`Step` the page then draws (:mod:`alsos.viewer`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import evolve, frozen

from alsos.errors import WebError
from alsos.hand.events import MeldShown, Played, Said, TrickWon
from alsos.hand.history import MeldAnswer
from alsos.language import ENGLISH, Language
from alsos.pack.cards import CARDS, Card, cards_of
from alsos.pack.deal import Deal
from alsos.pack.phases import Phase
from alsos.play.game import Game
from alsos.records.record import Record, labelled
from alsos.viewer_words import contract_words, hidden_words, item_words, meld_shown, phase_name
from alsos.words.rules import seat_name

if TYPE_CHECKING:
    from alsos.ruleset.profile import Ruleset

__all__ = ["Step", "ViewerError", "Walker"]


class ViewerError(WebError):
    """A viewer cannot be made as asked (a seat not at the table, no hands)."""


@frozen
class Step:
    """One screen of the viewer: what is shown after some actions of the hand."""

    kind: str  # deal, auction, trick, settlement, unfinished
    title: str
    hands: tuple[tuple[int, tuple[Card, ...], tuple[Card, ...]], ...]  # seat, held, not picked up
    talon: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None
    trick_no: int = 0
    log: tuple[tuple[str | None, int | None, str, bool], ...] = ()  # label, seat, text, comment
    contract: str = ""
    items: tuple[str, ...] = ()
    tricks_won: tuple[tuple[int, int], ...] = ()
    declarer: int | None = None
    counts: tuple[tuple[int, int, int], ...] = ()  # seat, cards held, cards to pick up
    talon_size: int = 0
    actions: tuple[int, int] = (0, 0)  # the record's actions taken in this step: first, end


# ---------------------------------------------------------------- stepping


class Walker:
    """Replays a record and cuts it into steps, as everyone or as one seat saw it."""

    def __init__(
        self,
        record: Record,
        seat: int | None,
        allow_files: bool = False,
        rules: Ruleset | None = None,
        lang: Language = ENGLISH,
    ) -> None:
        self.record = record
        self.seat = seat
        self.lang = lang
        if record.view is not None:
            raise ViewerError(
                "a seat record holds no deal to show: the viewer draws a whole record, "
                "shown to one seat with seat=K"
            )
        rules = rules if rules is not None else record.rules(allow_files=allow_files)
        self.game = Game(rules, deal=Deal.parse(record.deal), dealer=record.dealer)
        if seat is not None and seat not in self.game.active:
            raise ViewerError(
                f"seat {seat!r} does not play this hand; its seats are "
                f"{', '.join(map(str, self.game.active))}"
            )
        notes: dict[int, list[str]] = {}
        if seat is None:  # comments are the author's, who saw every card
            for i, text in record.comments:
                notes.setdefault(i, []).append(text)
        self.notes = notes
        self.any_later = any(self.game.unseen)  # cards dealt to be picked up later

    def snapshot(self, kind: str, title: str, log: list[tuple[str | None, int | None, str, bool]],
                 trick: tuple[tuple[int, Card], ...] = (), winner: int | None = None,
                 trick_no: int = 0) -> Step:  # fmt: skip
        """The step showing the game as it stands now."""
        g, me = self.game, self.seat
        hands = []
        for s in g.active:
            if me is None:
                hands.append((s, tuple(g.hand(s)), tuple(cards_of(g.unseen[s]))))
            elif s == me:
                hands.append((s, tuple(g.hand(s)), ()))
        talon = [CARDS[c] for c in g.talon]
        if me is not None:
            shown = set(g.view(me).talon_seen)
            talon = [c for c in talon if c in shown]
        public = g.view(g.active[0] if me is None else me)
        contract = contract_words(g.contract, public.contract, self.lang) if public.contract else ""
        return Step(
            kind=kind,
            title=title,
            hands=tuple(hands),
            talon=tuple(talon),
            trick=trick,
            winner=winner,
            trick_no=trick_no,
            log=tuple(log),
            contract=contract,
            items=tuple(item_words(i, self.lang) for i in public.items),
            tricks_won=tuple(sorted(public.tricks_won.items())),
            declarer=public.declarer,
            counts=tuple((s, len(g.hand(s)), g.unseen[s].bit_count()) for s in g.active),
            talon_size=len(g.talon),
        )

    def who(self, seat: int | None) -> str:
        """A seat by its player's name and number (``Anna (seat 1)``), else its number."""
        names, lang = self.record.seats, self.lang
        if seat is None:
            return lang.text("nobody")
        if seat < len(names) and names[seat]:
            return lang.text("{name} (seat {seat})", name=names[seat], seat=seat)
        return seat_name(seat, lang)

    def text(self, events: Sequence[object], action: str) -> str:
        """An action as this viewer may read it (another seat's secret becomes its public text)."""
        first = events[0] if events else None
        if self.seat is None or not isinstance(first, Said):
            return action
        seen = first.seen_by(self.seat)
        if seen.action is not None:
            return action
        return hidden_words(seen.public, self.lang)

    def shown(self, detail: str) -> str:
        """What a seat just showed of its meld (``detail``: the event's English text)."""
        g = self.game
        answer = g.state.notes.get(len(g.history) - 1) if g.state.notes else None
        if isinstance(answer, MeldAnswer) and answer.text == detail:
            return meld_shown(answer, self.lang)
        return self.lang.text("shows {detail}", detail=detail)

    def steps(self) -> list[Step]:
        """Every step of the hand, from the deal to the settlement (or where it stopped)."""
        g, t = self.game, self.lang.text
        out = [self.snapshot("deal", t("The deal"), self._comments(-1))]
        first = 0  # the first action of the step being gathered

        def cut(step: Step, end: int) -> Step:
            nonlocal first
            step, first = evolve(step, actions=(first, end)), end
            return step

        log: list[tuple[str | None, int | None, str, bool]] = []
        kind, title = "auction", t("Auction and announcements")
        trick: tuple[tuple[int, Card], ...] = ()
        winner: int | None = None
        for label, i, seat, action in labelled(self.record):
            if g.phase is Phase.PLAY and not g.trick and kind == "auction" and log:
                out.append(cut(self.snapshot(kind, title, log), i))
                log = []
            if g.phase is Phase.PLAY and kind != "trick":
                kind = "trick"
            if kind == "trick" and not log and not trick:
                title = t("Trick {n}", n=g.trick_no + 1)
            # Phases are named where they begin; a trick's own label is the step's title.
            line_label = None
            if label is not None and g.phase is not Phase.PLAY:
                line_label = phase_name(label, self.lang)
            events = g.apply(action, seat=seat)
            if not isinstance(events[0] if events else None, Played):
                log.append((line_label, seat, self.text(events, str(action)), False))
            for ev in events:
                if isinstance(ev, MeldShown):
                    log.append((None, ev.seat, self.shown(ev.detail), False))
                if isinstance(ev, TrickWon):
                    trick, winner = ev.cards, ev.winner
            log.extend(self._comments(i))
            if winner is not None:
                step = self.snapshot("trick", title, log, trick, winner, g.trick_no)
                out.append(cut(step, i + 1))
                log, trick, winner = [], (), None
        if log or g.trick:
            partial = tuple((s, CARDS[c]) for s, c in g.trick)
            step = self.snapshot(kind, title, log, partial, None, g.trick_no)
            out.append(cut(step, len(self.record.actions)))
        if g.settlement is None:
            title = t(
                "Unfinished: {player} to act ({phase})",
                player=self.who(g.to_act),
                phase=phase_name(g.phase, self.lang),
            )
            out.append(self.snapshot("unfinished", title, []))
        else:
            out.append(self.snapshot("settlement", t("Settlement"), []))
        return out

    def _comments(self, index: int) -> list[tuple[str | None, int | None, str, bool]]:
        return [(None, None, text, True) for text in self.notes.get(index, ())]
