"""A heuristic bot: plays the way a sensible club player would, from its view alone.

Its rules of thumb, phase by phase (the sources' advice is cited where they
give it; the numbers were calibrated with ``examples/heuristic_stats.py``):

- **Valuing a hand.**  For a trump suit it counts, by place in the profile's
  trump order (U 9 A 10 K O 8 7 in every shipped one), the trump Under 4,
  the 9 and Ace 3, the 10 2, King and Over about 1, small trumps a little, each
  trump beyond three 1 more (length draws the opponents' trumps), each plain
  Ace 1.5 and a Ten guarded by its Ace 0.7.  Over many hands a declarer whose
  nine cards value ``v`` takes about ``6.5 v + 20`` card points of 162 and
  wins the game more often than not from ``v`` about 7 (pagat, "Types of Game
  and Bidding": the declarer needs more points than either opponent, not than
  both).  With six cards seen it adds what three unseen cards bring on
  average.  Without trumps it counts Aces and guarded Tens.
- **Bidding.**  It accepts the original suit, or bids its best suit (or
  no-trumps with three Aces or more), when the value reaches the bidding
  threshold; ``boldness`` lowers the threshold.  A hand that is worth more
  without trumps passes the original suit to bid no-trumps (worth double)
  in the second round.  With nine cards it bids Betli when in every suit its
  ``i``-th lowest card (by the Betli order) is at most the suit's ``2i``-th
  lowest, so the others' cards can fall on each of its own.  Anything weaker
  passes.  Where a second-round bid carries front figures and counts them
  (club, "Procedure"; huwiki, "A licitálás menete"), it first announces, one
  at a time, each figure the suit it means to bid makes likely (the rules
  under "Figures", judged as that suit's declarer), then bids the suit; so
  its figures raise the bid and can overbid a bid without figures.
- **Figures.**  It announces a figure only when its hand makes it likely
  (pagat, "Figures"): a card figure (tulétroá, család, 44, összes adu) when
  it holds every card the figure names and, for trumps it cannot simply
  cash, the trump length to draw the rest; a trick figure (ultimó) with the
  card, the trump Under or 9 and five trumps of nine (four of six); one won
  with a plain Ace (uhu: pagat, "Variations", "Figures"; the Ace ulti and uhu
  of huwiki, "Figurák") with the two top trumps, four trumps of nine (three
  of six) to draw the rest and the Ace guarded by another card of its suit,
  never timing one card for two tricks; abszolút or 100 when its estimated
  card points clear the threshold with a margin
  (100 never from the front, as pagat advises); kassza as declarer with béla
  and a winning hand; volát only with the top trumps, length and nothing but
  Aces outside.  It keeps (does not exchange or síber away) a trump 7 that
  one of its figures needs.
- **Kontras** (pagat, "Kontras").  Against the game it says kontra when it
  is strong in the declarer's trump suit (two of Under, 9, Ace with three
  trumps and a fair hand, or a hand that would take abszolút itself), and
  wants more from the front, where a kontra counts four times; against
  kassza likewise; against a card figure when it holds one of the figure's
  cards guarded; against ultimó when it can keep a trump to the end (four
  trumps, or three with a high one); against a points figure when its own
  hand takes the points the announcer cannot spare; against volát with any
  sure trick.  It answers a kontra on its own item (rekontra) only with a
  hand well above what the item needs, and never climbs past rekontra on a
  figure or szubkontra on the game, so ladders stay short.
- **Melds.**  It declares every meld it may and shows its details when asked
  (they count towards the game).
- **Calls** (pagat, "Calling").  It calls gyerünk with a hand that wins the
  game by a wide margin.  Asked to concede, it weighs the stakes: with ``p``
  its side's estimated chance of the game, it plays on when ``(2p - 1)``
  times the doubled stake beats losing the current one, kontras the call
  with a near-certain game, and concedes otherwise.
- **Play.**  The declarer in a trump game leads trumps while the opponents
  may still hold some (the top trump if it holds it, else a low one), then
  its Aces; a defender leads an Ace, else a low plain card.  Following, it
  takes a trick worth taking (ten points, the last trick, or any trick as
  declarer) with its cheapest winning card, plays its cheapest card when the
  trick is lost, and gives its richest non-winning card to a trick its
  partner is sure to win (it plays last, or no card still out beats the
  partner's).  It counts card points: a defender takes even a cheap trick
  from the declarer once that trick would bring the declarer within 20 of
  half the pack (then it beats both defenders) or of its announced abszolút
  or 100.  A seat plays a trick figure's card at the figure's trick; for
  a plain Ace it first takes the trick before with its strongest card, so
  that it leads the Ace (only trumps beat it).  It discards low.  In
  Betli (declarer) and Klopitzky it ducks: the highest card that does not
  win, else its highest card.

- **Contract ladders** (altiansz, "Contracts").  A profile that auctions
  named contracts is bid and played from each contract's objectives:
  :mod:`alsos.bots.heuristic.ladder`.

Each decision reads what the seat knows as small ints and bit sets
(:class:`~alsos.bots.heuristic.seen.Seen`: the hand, the trick, the cards
played) and a few tables kept with the ruleset's own
(:func:`~alsos.ruleset.tables.tables_of`), so it takes some microseconds
(``examples/heuristic_stats.py`` prints the mean per decision), cheap enough
for a playout policy.  A view from :meth:`Game.view <alsos.Game.view>` is read
straight from the hand it was made from, and a playout may skip the view
altogether (:meth:`HeuristicBot.choose_state`): both run the same rules on the
same knowledge.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from alsos.bots.heuristic.cardplay import legal_cards, play_card, play_tables
from alsos.bots.heuristic.judgement import Judgement
from alsos.bots.heuristic.ladder import LadderJudgement
from alsos.bots.heuristic.seen import Seen
from alsos.errors import BotError
from alsos.pack.actions import (
    CALL,
    EXCHANGE,
    KICSI,
    PASS,
    SHOW,
    SIBER,
    Action,
    Declare,
    DeclareMelds,
    Discard,
    Play,
)
from alsos.pack.cards import Card, Rank
from alsos.pack.deal import seeded_rng
from alsos.pack.phases import Phase
from alsos.play.view import View

if TYPE_CHECKING:
    from alsos.hand.engine import Engine
    from alsos.hand.state import HandState

__all__ = ["HeuristicBot"]

_SPEECH = (Phase.FRONT, Phase.BACK, Phase.COMPLETION)
_PLAY, _BIDDING = Phase.PLAY, Phase.BIDDING


class HeuristicBot(LadderJudgement, Judgement):
    """Rules of thumb for every phase (see the module documentation).

    ``boldness`` above 1 bids, announces and kontras more readily, below 1
    less.  ``mistakes`` is the chance that a choice among cards to play is
    a card drawn at random from the legal ones instead: a weaker player for
    people (the ``easy`` level, :mod:`alsos.bots.levels`) that still bids and
    announces sensibly.  The seed breaks ties and draws the mistakes, so the
    bot is reproducible.
    """

    def __init__(
        self, seed: int | None = None, *, boldness: float = 1.0, mistakes: float = 0.0
    ) -> None:
        if not 0.0 <= mistakes <= 1.0:
            raise BotError(f"mistakes must be a probability from 0 to 1, got {mistakes!r}")
        self._seed = seed
        self._rng: random.Random | None = None
        self.boldness = boldness
        self.mistakes = mistakes

    @property
    def rng(self) -> random.Random:
        """The bot's random generator, of its seed (``alsos.pack.deal.seeded_rng``).

        Made when first used: only mistakes draw from it, so a bot that makes none
        (the default) never pays for seeding it -- a simulation makes three bots a hand.
        """
        rng = self._rng
        if rng is None:
            rng = self._rng = seeded_rng(self._seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ----------------------------------------------------------- dispatch

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take, from ``view`` and the ``legal`` actions.

        A lazy view still tied to its hand (:meth:`Game.view <alsos.Game.view>`
        before the next apply) is read from the hand directly
        (:meth:`~alsos.bots.heuristic.seen.Seen.of_state`), any other from its fields:
        the same knowledge, the same decision."""
        data = view.__dict__
        source = data.get("_source")
        if source is not None:
            engine, s, seat = source
            seen = Seen.of_state(engine, s, seat, history=data.get("history"))
        else:
            seen = Seen.of_view(view)
        return self.decide(seen, legal)

    def choose_state(
        self,
        engine: Engine,
        s: HandState,
        seat: int,
        legal: Sequence[Action] | None = None,
        *,
        history: bool = True,
    ) -> Action:
        """What :meth:`choose` would answer for ``seat``'s view of the hand ``s``, without
        making the view: for playouts, which call it for every decision.

        It reads only what ``seat`` may know (its hand, the public table and history,
        the face-up talon cards: :class:`~alsos.bots.heuristic.seen.Seen`).  ``legal``
        defaults to the engine's legal actions; ``history=False`` decides as from a view
        made without the public history (``lazy_view(..., history=False)``)."""
        if legal is None:
            legal = engine.legal_actions(s)
        return self.decide(Seen.of_state(engine, s, seat, None if history else ()), legal)

    def decide(self, view: Seen, legal: Sequence[Action]) -> Action:
        """The action to take from what the seat knows (``view``) among ``legal``."""
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        phase = view.phase
        if phase is _PLAY:
            # Only cards (else None): the commonest decision, where the checks below find nothing.
            cards = legal_cards(legal)
            if cards is not None:
                if self.mistakes and len(legal) > 1 and self.rng.random() < self.mistakes:
                    return self.rng.choice(legal)
                return self._play(view, cards)
        if phase is _BIDDING:
            if view.ladder:
                return self._ladder_bid(view, legal)
            return self._bid(view, legal)
        if phase in _SPEECH:
            return self._speak(view, legal) or (PASS if PASS in legal else legal[0])
        if phase is Phase.SIBER:
            if SIBER in legal and not self._keeps_seven(view):
                return SIBER
            return PASS if PASS in legal else legal[0]
        if phase is Phase.MELDS:
            return SHOW if SHOW in legal else KICSI
        if phase is Phase.CALL:
            return self._answer_call(view, legal)
        # PLAY, including the first trick's speech and a síber's discards.
        if phase is not _PLAY and all(a.__class__ is Play for a in legal):
            if self.mistakes and len(legal) > 1 and self.rng.random() < self.mistakes:
                return self.rng.choice(legal)
            return self._play(view, [a[1] for a in legal])
        discards: list[Discard] = []
        plays: list[Play] = []
        meld = None
        for a in legal:  # one pass: the lists can be long (figures, kontras, cards)
            cls = a.__class__
            if cls is Play:
                plays.append(a)  # type: ignore[arg-type]
            elif cls is Discard:
                discards.append(a)  # type: ignore[arg-type]
            elif meld is None and (cls is Declare or cls is DeclareMelds):
                meld = a
        if discards:
            return self._discard(view, discards)
        for wanted in (SIBER, EXCHANGE):
            if wanted in legal and not self._keeps_seven(view):
                return wanted
        if meld is not None:
            return meld
        spoken = self._speak(view, legal)
        if spoken is not None:
            return spoken
        if CALL in legal and self._calls(view):
            return CALL
        if not plays:
            return PASS if PASS in legal else legal[0]
        return self._play(view, [p[1] for p in plays])

    # --------------------------------------------------------------- cards

    def _discard(self, view: Seen, discards: Sequence[Discard]) -> Action:
        _keys, points = play_tables(view)
        return min(discards, key=lambda a: (points[a.card], a.card.rank is Rank.ACE, -a.card))

    def _play(self, view: Seen, cards: list[Card]) -> Action:
        """The card to play of ``cards`` (the legal ones): :func:`.cardplay.play_card`."""
        return play_card(view, cards)
