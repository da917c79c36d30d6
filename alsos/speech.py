"""Rounds of speech: announcing figures, kontra chains, and when a round ends.

The front round (before the pick-up), the first trick and the completion
round after it share one mechanism (000 "Announcement procedure"): at its turn
a seat may say any number of things, a turn with nothing said is a pass, and a
round ends once every seat has spoken and enough passes follow in a row.
Every item (the game, each announced figure) carries its own kontra chain:
the side that did not undertake the item says the odd steps, the undertaking
side the even ones (000 "Kontras").

:class:`SpeechMixin` is part of :class:`alsos.game.Game`; it is split out to
keep each concept in a module of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alsos.actions import (
    EXCHANGE,
    Action,
    Announce,
    Declare,
    Kontra,
    announce,
    kontra,
)
from alsos.cards import Rank
from alsos.items import DECLARER, DEFENDERS, Item
from alsos.phases import Contract, Kind, Phase
from alsos.profile import AnnouncementRules, FigureRule, Ruleset, parse_card_spec

if TYPE_CHECKING:
    from alsos.rules import BiddingModule, ExchangeModule

__all__ = ["SpeechMixin", "figure_allowed", "figure_blockers"]


_BLOCKERS: dict[int, tuple[Ruleset, dict[str, frozenset[str]]]] = {}


def figure_blockers(rules: Ruleset) -> dict[str, frozenset[str]]:
    """For each figure, the figures that rule it out once the same seat has announced one.

    Three rules fold into one set per figure: the ladder of abszolút/100/...
    only rises (000 "Figures"; 004 for the rising order), a seat says at most
    one figure of a ``group``, and the profile's ``exclusive`` pairs.  Built
    once per ruleset, so the speech rounds test a figure with one set operation.
    """
    hit = _BLOCKERS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    figures = rules.figures
    table: dict[str, frozenset[str]] = {}
    for name, fig in figures.items():
        out = set()
        for other, o in figures.items():
            if other == name:
                continue
            if fig.ladder is not None and (o.ladder or 0) >= fig.ladder:
                out.add(other)
            if fig.group is not None and o.group == fig.group:
                out.add(other)
        for a, b in rules.announcements.exclusive:
            if a == name:
                out.add(b)
            elif b == name:
                out.add(a)
        table[name] = frozenset(out)
    if len(_BLOCKERS) >= 64:  # the ruleset is kept alive while cached: keep few
        _BLOCKERS.clear()
    _BLOCKERS[id(rules)] = (rules, table)
    return table


def figure_allowed(
    rules: Ruleset,
    name: str,
    fig: FigureRule,
    mine: set[str],
    *,
    front: bool,
    trump: int,
    ladder_said_this_round: bool,
) -> bool:
    """Whether a seat that already announced ``mine`` may announce ``name`` now.

    Checks what does not depend on the cards held: front/back, no-trump
    games, the ladder (one step per round where the profile says so), and
    the figures :func:`figure_blockers` names.
    """
    if not fig.enabled or name in mine or not (fig.front if front else fig.back):
        return False
    if trump < 0 and not fig.no_trumps:
        return False
    if (
        fig.ladder is not None
        and rules.announcements.ladder_one_per_round
        and ladder_said_this_round
    ):
        return False
    return figure_blockers(rules)[name].isdisjoint(mine)


#: A figure open to announcement in this game: (name, rule, its action, cards the
#: announcer must hold, figures whose announcement by the same seat rules it out).
Candidate = tuple[str, FigureRule, Announce, int, frozenset[str]]


class SpeechMixin:
    """Announcement rounds, figures and kontras for :class:`alsos.game.Game`."""

    rules: Ruleset
    phase: Phase
    to_act: int | None
    active: tuple[int, ...]
    declarer: int | None
    contract: Contract | None
    trump: int
    hands: list[int]
    items: list[Item]
    history: list[tuple[int, Action]]
    announced: dict[int, set[str]]
    declared: list[tuple[int, int]]
    exchange_rules: ExchangeModule
    bidding: BiddingModule
    _after: list[int]
    _front: bool
    _passes: int
    _spoken: set[int]
    _turn_spoke: bool
    _turn_acted: bool
    _ladder_round: set[int]
    _figure_cache: dict[int, tuple[int, int, tuple[Announce, ...]]]
    _announcements: int
    _figure_candidates: dict[bool, list[Candidate]]
    _kontra_at: dict[Kontra, int]
    _kontra_options: tuple[dict[int, Kontra], dict[int, Kontra]]
    _no_figures: bool
    _hold_back: dict[int, list[tuple[int, int, bool]]]
    _notes: dict[int, str]
    _announcement_rules: AnnouncementRules
    _turn_counter: int
    _last_turn: dict[int, int]
    _n_active: int
    _passes_to_close: int

    def side_of(self, seat: int) -> int:
        return DECLARER if seat == self.declarer else DEFENDERS

    def pick_up(self) -> None:
        raise NotImplementedError

    def _after_announcements(self) -> None:
        raise NotImplementedError

    def after_front(self) -> None:
        """The cards are picked up: a back round of its own, or on to the exchange."""
        if self.rules.announcements.back_round == "before-play":
            assert self.declarer is not None
            self._begin_round(Phase.BACK, self.declarer, front=False)
        else:
            self.exchange_rules.start()

    def _begin_round(self, phase: Phase, first: int, *, front: bool) -> None:
        self.phase = phase
        self.to_act = first
        self._front = front
        self._passes = 0
        self._spoken = set()
        self._turn_spoke = False
        self._turn_acted = False
        self._ladder_round = set()
        self._figure_cache.clear()
        # A new round after the pick-up is a fresh chance to answer anything open
        # (the worked checks of 004 "Hívás" answer front steps from the back).
        self._last_turn = {}

    def _next_seat(self, seat: int) -> int:
        return self._after[seat]

    def _end_turn(self, seat: int) -> None:
        """A speech turn ends; close the round after enough passes."""
        if self._turn_spoke:
            self._passes = 0
        else:
            self._passes += 1
        self._turn_spoke = False
        self._turn_acted = False
        self._spoken.add(seat)
        if self.phase is Phase.PLAY:
            self._turn_counter += 1
            self._last_turn[seat] = self._turn_counter
            return
        self._turn_counter += 1
        self._last_turn[seat] = self._turn_counter
        if len(self._spoken) == self._n_active and self._passes >= self._passes_to_close:
            if self.phase is Phase.FRONT:
                self.pick_up()
                if not self.bidding.after_pickup():
                    self.after_front()
            elif self.phase is Phase.BACK:
                self.exchange_rules.start()
            else:
                self._after_announcements()
        else:
            self.to_act = self._next_seat(seat)

    # --------------------------------------------------------------- speech

    def _speaks(self) -> bool:
        """Whether the first trick carries speech (announcements, melds, kontras)."""
        return self.contract is not None and self.contract.kind is not Kind.KLOPITZKY

    def _speech(
        self, seat: int, front: bool, figures: bool, head: tuple[Action, ...] = ()
    ) -> tuple[Action, ...]:
        """``head``, then the figures ``seat`` may announce (if ``figures``) and the
        kontra steps open to its side."""
        side = DECLARER if seat == self.declarer else DEFENDERS
        an = self._announcement_rules
        if an.kontra_first_chance:
            since = self._last_turn.get(seat, -1)
            items = self.items
            kontras = tuple(
                k for i, k in self._kontra_options[side].items() if items[i].stamp > since
            )
        else:
            kontras = tuple(self._kontra_options[side].values())
        if not figures or self._no_figures or (an.figures_first_turn and seat in self._spoken):
            return head + kontras
        # A seat's figures change only with its cards or with an announcement
        # (its own ladder and blockers, a partner's once-per-side figure), and
        # with a new round, which clears what is kept.
        hand = self.hands[seat]
        count = self._announcements
        kept = self._figure_cache.get(seat)
        if kept is not None and kept[0] == hand and kept[1] == count:
            figs = kept[2]
        else:
            figs = tuple(self._figure_options(seat, front))
            self._figure_cache[seat] = (hand, count, figs)
        return head + figs + kontras

    def _add_item(self, item: Item) -> None:
        """Register a new item and open its first kontra step to the other side."""
        index = len(self.items)
        item.stamp = self._turn_counter + 1  # the turn now in progress
        self.items.append(item)
        target = None if item.is_game else item.seat
        if self.rules.kontra.levels:
            step = kontra(1, item.figure, target)
            self._kontra_options[item.side ^ 1][index] = step
            self._kontra_at[step] = index

    def _candidate_figures(self, front: bool) -> list[Candidate]:
        """Figures this game allows from the front or back, whoever speaks.

        Built once per contract: (name, rule, action, cards the announcer must
        hold, figures that rule it out).
        """
        cached = self._figure_candidates.get(front)
        if cached is not None:
            return cached
        out: list[Candidate] = []
        trump = self.trump
        blockers = figure_blockers(self.rules)
        for name, fig in self.rules.figures.items():
            if not fig.enabled or not (fig.front if front else fig.back):
                continue
            if trump < 0 and (not fig.no_trumps or fig.kind == "kassza"):
                continue
            if fig.kind == "trick" and not parse_card_spec(fig.card).mask(trump):
                continue  # its card does not exist in this game (a named Ace that is trump)
            hold = fig.hold_mask(trump)
            if fig.must_hold and not hold:
                continue
            out.append((name, fig, announce(name), hold, blockers[name]))
        self._figure_candidates[front] = out
        return out

    def _figure_options(self, seat: int, front: bool) -> list[Announce]:
        """The figures ``seat`` may announce now: :func:`figure_allowed` with the cards held."""
        mine = self.announced[seat]
        one_ladder_step = (
            seat in self._ladder_round and self._announcement_rules.ladder_one_per_round
        )
        hand = self.hands[seat]
        out: list[Announce] = []
        for name, fig, action, hold, blockers in self._candidate_figures(front):
            if mine and (name in mine or not blockers.isdisjoint(mine)):
                continue
            if one_ladder_step and fig.ladder is not None:
                continue
            if hold and hand & hold != hold:
                continue
            if fig.kind == "kassza" and seat == self.declarer and not self._holds_bela(seat):
                continue
            if fig.once_per_side and any(
                name in self.announced[s]
                for s in self.active
                if self.side_of(s) == self.side_of(seat)
            ):
                continue
            out.append(action)
        return out

    def _holds_bela(self, seat: int) -> bool:
        t = self.trump
        need = (1 << (8 * t + Rank.KING)) | (1 << (8 * t + Rank.OVER))
        return t >= 0 and self.hands[seat] & need == need

    def _speak(self, seat: int, action: Action) -> None:
        """An utterance inside a turn: a figure, a kontra, an exchange or a meld."""
        cls = action.__class__
        if cls is Announce:
            self._announce(seat, action.figure, front=self._front)  # type: ignore[attr-defined]
            self._turn_spoke = True
        elif cls is Kontra:
            self._raise(seat, action)  # type: ignore[arg-type]
            self._turn_spoke = True
        elif action is EXCHANGE:
            self.exchange_rules.exchange(seat)
        elif cls is Declare:
            self.declared.append((seat, action.length))  # type: ignore[attr-defined]
        self._turn_acted = True

    def _announce(self, seat: int, figure: str, *, front: bool) -> None:
        """Record ``seat``'s figure as an item; a trick figure holds its card back."""
        fig = self.rules.figures[figure]
        self.announced[seat].add(figure)
        if fig.ladder is not None:
            self._ladder_round.add(seat)
        self._announcements += 1
        if fig.kind == "multiplier":
            # béla kassza (004): no item of its own, it multiplies the game.
            factor = fig.value * (fig.front_multiplier if front else 1)
            self.items[0].boost(f"{figure} {'front' if front else 'back'}", factor)
            return
        self._add_item(
            Item(
                figure,
                seat,
                self.side_of(seat),
                fig.value,
                front=front,
                front_multiplier=fig.front_multiplier,
            )
        )
        if fig.kind == "trick" and fig.card:
            # The announcer keeps the card back until its trick (000 "Figures", ultimó).
            bit = parse_card_spec(fig.card).mask(self.trump)
            if bit:
                at = self.rules.hand_size - fig.trick
                self._hold_back.setdefault(seat, []).append((bit, at, fig.must_play))

    def force_announce(
        self, seat: int, figure: str, *, front: bool = False, note: bool = True
    ) -> None:
        """Announce ``figure`` for ``seat`` outside its turn: a figure carried over
        from a bid, or one a rule obliges (a house option after síber)."""
        if figure in self.announced[seat]:
            return
        self._announce(seat, figure, front=front)
        if note:
            self._notes[len(self.history) - 1] = f" (announces {figure})"

    def _raise(self, seat: int, k: Kontra) -> None:
        index = self._kontra_at[k]
        item = self.items[index]
        kr = self.rules.kontra
        item.raise_(seat, self._front, kr.front_factor, kr.back_factor)
        item.stamp = self._turn_counter + 1  # the turn now in progress
        level = item.level
        side = item.side ^ (level & 1)  # odd steps come from the other side
        options = self._kontra_options
        del options[side][index]
        if level < len(kr.levels):
            step = kontra(level + 1, k[2], k[3])
            options[side ^ 1][index] = step
            self._kontra_at[step] = index
