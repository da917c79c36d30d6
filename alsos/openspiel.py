"""Alsós as an OpenSpiel game: ``import alsos.openspiel`` registers ``python_alsos``.

::

    import pyspiel
    import alsos.openspiel  # registers the game

    game = pyspiel.load_game("python_alsos", {"variant": "csibor", "players": 2})
    state = game.new_initial_state()

Needs the ``openspiel`` extra (``pip install 'alsos[openspiel]'``).

Parameters: ``variant`` -- a shipped id, a profile path, or a canonical
ruleset string with options (``potter1930[games.trump=2]``); ``options`` --
more profile options as ``key=value;key=value`` (values in JSON or YAML);
``players`` -- the number of seats (0: the profile's own); ``dealer`` -- the
dealing seat.
The game keeps ``variant`` and ``options`` escaped (:func:`escape`), so
that ``str(game)``, pickling and ``pyspiel.serialize_game_and_state`` read
back as the same game.

**The deal.**  The hand opens with 32 chance nodes: the i-th picks, uniformly
among the cards not yet dealt, the card at position i of the pack, and the
pack is then dealt as the profile says (:meth:`alsos.Deal.from_pack`).  One
outcome per card keeps the chance tree explicit with at most 32 outcomes a
node and the exact distribution over deals: every ordering of the pack is
equally likely, as with a real shuffle.  The alternative, one chance node
choosing a seed, would need an outcome per seed (2^63 of them, too many to
enumerate) and would reach only the deals those seeds happen to shuffle.
What a seat may know is read from its :class:`~alsos.play.view.View`, never from
the chance history, so dealing card by card leaks nothing.

**Actions** are the indexes of :class:`alsos.rl.ActionSpace`
(``num_distinct_actions`` is its size).  **Returns** are the payments of the
hand in stakes (zero-sum).  **Tensors**: the observation tensor is the encoding of
:class:`alsos.rl.ObservationEncoder`, the information-state tensor that of
:class:`alsos.rl.InformationStateEncoder` (the same fields, then perfect
recall: one-to-one with the information state); the information-state
string is the seat's own cards as it learnt them and its public history
(perfect recall), the observation string the text of its view.  Observers
split public from private information as ``IIGObservationType`` asks
(:class:`AlsosObserver`).  ``max_game_length`` (:func:`alsos.rl.max_actions` plus the 32 deals)
and the utility range (:func:`alsos.rl.rewards.utility_bound`: the largest
payment a seat can receive, which the tests reach on most profiles) are bounds
derived from the profile's data, not measured.

**Information-set search.**  :meth:`AlsosState.resample_from_infostate`
draws a world the seat cannot tell from the real one with the determinizer,
so OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) searches
information sets rather than the true deal; it raises rather than hand back
the true state.
"""

from __future__ import annotations

import math
import random
import urllib.parse
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import numpy as np
import pyspiel

from alsos.errors import RLError
from alsos.pack.cards import CARDS, Card
from alsos.pack.deal import Deal, layout
from alsos.play.game import Game
from alsos.play.view import View
from alsos.rl.encoding import InformationStateEncoder, ObservationEncoder
from alsos.rl.rewards import utility_bound
from alsos.rl.spaces import ActionSpace, max_actions
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import Ruleset
from alsos.search.determinize import DeterminizeError, Determinizer, determinize

__all__ = [
    "GAME_NAME",
    "RESAMPLE_TRIES",
    "AlsosGame",
    "AlsosObserver",
    "AlsosState",
    "ObserverTypeError",
    "escape",
    "ruleset_of",
]

GAME_NAME = "python_alsos"
#: Samples the determinizer tries in :meth:`AlsosState.resample_from_infostate`
#: before it raises.
RESAMPLE_TRIES = 400
_PARAMETERS = {"variant": "potter1930", "options": "", "players": 0, "dealer": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Alsós (alsos)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


#: The characters OpenSpiel's game strings reserve (``name(key=value,...)``),
#: and ``%`` itself, written ``%XX`` in string parameters (see :func:`escape`).
_RESERVED = "%=,()"


def escape(text: str) -> str:
    """``text`` with the characters a game string reserves written ``%XX``.

    OpenSpiel writes a game as ``python_alsos(key=value,...)`` and reads it
    back by splitting at ``,``, ``=`` and the parentheses, so a profile option
    (``games.trump=2``) in a parameter would not survive ``str(game)``,
    pickling or ``pyspiel.serialize_game_and_state``.  The game keeps its
    string parameters escaped; :func:`ruleset_of` reads both forms.
    """
    for ch in _RESERVED:
        text = text.replace(ch, f"%{ord(ch):02X}")
    return text


def _unescape(text: str) -> str:
    return urllib.parse.unquote(text) if "%" in text else text


def ruleset_of(params: dict[str, Any]) -> Ruleset:
    """The ruleset that the game parameters ``params`` name (escaped or not: a
    ``%`` in a parameter starts an escape, ``%25`` is a literal ``%``)."""
    variant = _unescape(str(params.get("variant", _PARAMETERS["variant"])))
    options = _unescape(str(params.get("options", "")))
    if options:
        variant = f"{variant[:-1]};{options}]" if variant.endswith("]") else f"{variant}[{options}]"
    players = int(params.get("players", 0))
    return load_variant(variant, **({"players": players} if players else {}))


class AlsosGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one hand under a ruleset (see the module docs)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        rules = ruleset_of(params)
        # Kept escaped, so that str(self) reads back as this game.
        for key in ("variant", "options"):
            params[key] = escape(_unescape(str(params[key])))
        dealer = int(params["dealer"])
        if not 0 <= dealer < rules.players:
            raise ValueError(f"dealer {dealer} is not a seat of a {rules.players}-player table")
        self.rules = rules
        self.dealer = dealer
        self.space = ActionSpace(rules)
        self.encoder = ObservationEncoder(rules, self.space)
        # The information-state observer every state reads its strings from
        # (AlsosState.information_state_string), made once per game.
        self.info_observer = AlsosObserver(self, perfect_recall=True)
        bound = float(utility_bound(rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=32,
            num_players=rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=32 + max_actions(rules),
        )
        super().__init__(_GAME_TYPE, info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the parameters: pybind's own pickling of a Python game
        skips ``__init__``, and the unpickled game had no ruleset."""
        return (AlsosGame, (dict(self.get_parameters()),))

    def new_initial_state(self) -> AlsosState:
        """A hand about to be dealt (the first 32 nodes are chance nodes)."""
        return AlsosState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AlsosObserver:
        """The observer for ``iig_obs_type`` (None: the information state); see
        :class:`AlsosObserver` for what each kind holds.

        :raises ObserverTypeError: (an :class:`~alsos.errors.RLError`) for ``ALL_PLAYERS``
            private information, perfect recall without both the public and
            the seat's private information, or any ``params``.
        """
        if params:
            raise ObserverTypeError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            return AlsosObserver(self, perfect_recall=True)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ObserverTypeError(
                "private_info=ALL_PLAYERS is not supported: an observer sees one seat's"
                " cards (use SINGLE_PLAYER or NONE)"
            )
        single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        public = bool(iig_obs_type.public_info)
        recall = bool(iig_obs_type.perfect_recall)
        if recall and not (public and single):
            raise ObserverTypeError(
                "perfect recall is supported with public_info=True and"
                " private_info=SINGLE_PLAYER only (the information state)"
            )
        return AlsosObserver(self, perfect_recall=recall, public=public, private=single)


class _Shared:
    """What every state of one game shares, immutable: OpenSpiel clones a state by
    deep-copying its attributes, and this one is handed on as it is.  ``info`` is
    the game's information-state observer, of which only the string is read."""

    __slots__ = ("info", "rules", "space")

    def __init__(self, game: AlsosGame) -> None:
        self.rules = game.rules
        self.space = game.space
        self.info = game.info_observer

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


_T = TypeVar("_T")


def _position(game: Game) -> tuple[int, Any]:
    """What tells a hand's positions apart for the caches of a state: the length
    and last step of its history (the hand only moves on by applying actions)."""
    history = game.state.history
    return len(history), history[-1] if history else None


class _PerSeat(Generic[_T]):
    """A value per seat made from a state's hand, kept with the position it was made
    at (:func:`_position`) and made again once the hand has moved on: each seat's
    information-state string, and its :class:`~alsos.search.determinize.Determinizer`
    for the many worlds a search draws from one state (the view read once, and
    whatever the determinizer keeps between samples kept too).  OpenSpiel clones a
    state by deep copy: a clone keeps the values (``fresh=False``) or starts without
    them (``fresh=True``: a determinizer is not copied)."""

    __slots__ = ("fresh", "kept")

    def __init__(self, fresh: bool) -> None:
        self.fresh = fresh
        self.kept: dict[int, tuple[tuple[int, Any], _T]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _PerSeat[_T]:
        copy = _PerSeat[_T](self.fresh)
        if not self.fresh:
            copy.kept = self.kept.copy()
        return copy

    def of(self, game: Game, seat: int, make: Callable[[], _T]) -> _T:
        """``seat``'s value for ``game`` as it stands, made by ``make`` if not kept."""
        at = _position(game)
        kept = self.kept.get(seat)
        if kept is None or kept[0] != at:
            kept = self.kept[seat] = (at, make())
        return kept[1]


class AlsosState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the deal card by card, then an :class:`alsos.Game`."""

    def __init__(self, game: AlsosGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._dealer = game.dealer
        self._pack: list[int] = []
        self.game: Game | None = None
        # The deal as the pack dealt it, where the held game records the searching
        # seat's cards in other packets (see _resample); None: the game's deal.
        self._dealt: Deal | None = None
        # Each seat's information-state string and determinizer, per position.
        self._strings: _PerSeat[str] = _PerSeat(fresh=False)
        self._samplers: _PerSeat[Determinizer] = _PerSeat(fresh=True)

    @classmethod
    def holding(
        cls,
        spiel_game: AlsosGame,
        game: Game,
        pack: list[int] | None = None,
        *,
        dealt: Deal | None = None,
    ) -> AlsosState:
        """A state whose hand is ``game`` itself (not a copy), nothing replayed.

        ``pack`` is the pack that deals ``game``'s deal (by default the one
        ``_pack_of`` makes of it); ``dealt``, the deal that pack deals
        where it differs from ``game.deal`` only in the order of one seat's own
        cards (what that seat remembers of its deal is read from it).  For a
        search that starts from a world already built, such as a determinized
        one: the world's history was applied once by the determinizer and is
        not applied again, so OpenSpiel's own record of the state
        (``history()``, ``move_number()``) starts empty here; the
        hand, the legal actions, the returns and every observation are the
        game's.
        """
        state = cls(spiel_game)
        state._pack = state._pack_of(game.deal) if pack is None else pack
        state.game = game
        state._dealt = dealt
        return state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        game = self.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert game.to_act is not None
        return game.to_act

    def is_terminal(self) -> bool:
        """Whether the hand is settled."""
        return self.game is not None and self.game.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet dealt, all equally likely."""
        left = [c for c in range(32) if c not in self._pack]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        return sorted(self._shared.space.indexes(self.game.legal_actions()))

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            if action in self._pack or not 0 <= action < 32:
                raise ValueError(f"chance outcome {action} is not a card left to deal")
            self._pack.append(action)
            if len(self._pack) == 32:
                d = self._shared.rules.deal
                deal = Deal.from_pack(
                    self._pack,
                    players=self._shared.rules.players,
                    dealer=self._dealer,
                    seen_packets=d.seen_packets,
                    unseen_packets=d.unseen_packets,
                    talon_between=d.talon_between,
                )
                self.game = Game(self._shared.rules, deal=deal, dealer=self._dealer)
            return
        self.game.apply(self._shared.space[action])

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s information-state string (default: the seat to act), kept
        until the hand moves on.

        The string OpenSpiel's own route gives (the game's observer,
        :meth:`AlsosObserver.string_from`), read without crossing into C++ and
        back, and once per position: ISMCTS reads a node's key twice a visit and
        a sampled world's up to four times (the resampler's check, its own
        assertion, the lookup), each string a walk over the whole history.
        The position is told by the length and last step of the hand's history,
        so a hand moved on outside the state (a held game applied to directly)
        is read afresh.  A chance or terminal player goes to OpenSpiel's route,
        which refuses it as before.
        """
        game = self.game
        seat = self.current_player() if player is None else player
        if game is None or not 0 <= seat < self._shared.rules.players:
            return str(super().information_state_string(*(() if player is None else (player,))))
        return self._strings.of(game, seat, lambda: self._shared.info.string_from(self, seat))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action].name}"
        return str(self._shared.space[action])

    def returns(self) -> list[float]:
        """The payments of the hand per seat (zeros until it is over)."""
        game = self.game
        if game is None or game.settlement is None:
            return [0.0] * self._shared.rules.players
        payments = game.settlement.payments
        return [float(payments[seat]) for seat in range(self._shared.rules.players)]

    # --------------------------------------------------------- resampling

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> AlsosState:
        """A state the seat ``player_id`` cannot tell from this one, drawn at random.

        For information-set search (OpenSpiel's ISMCTS).  The world is dealt by
        the determinizer (:func:`alsos.search.determinize.determinize`) from
        the seat's view: every card the seat cannot place is dealt again
        (another seat's hidden discards and bids too), and the history is
        replayed.  The seat's own dealt cards keep their places, so its
        information state comes out the same.  Never the true state by
        default: a view the determinizer cannot fill in
        :data:`RESAMPLE_TRIES` samples raises
        :class:`~alsos.search.determinize.DeterminizeError` (a
        ``ValueError``).  Uses Python's ``random`` module (seed it for
        reproducible searches); ``probability_sampler`` is not used.
        """
        return self._resample(player_id, replay=True)

    def search_world(self, player_id: int) -> AlsosState:
        """The same draw as :meth:`resample_from_infostate`, without the replay.

        The world is the determinizer's game itself (``holding``): its
        history is applied once, by the determinizer, so OpenSpiel's
        ``history()`` of it is empty.  For a search that only plays on from
        the world (ISMCTS's resampler, see :mod:`alsos.interop`), at a
        fraction of the cost.
        """
        return self._resample(player_id, replay=False)

    def _resample(self, player_id: int, *, replay: bool) -> AlsosState:
        rng = random.Random(random.getrandbits(64))
        game = self.game
        spiel_game = self.get_game()
        if game is None:  # nothing is known yet: any cards may have been dealt
            world = AlsosState(spiel_game)
            left = list(range(32))
            rng.shuffle(left)
            for c in left[: len(self._pack)]:
                world.apply_action(c)
            return world
        known = _known_dealt(self, game, player_id)
        if replay:
            sample = determinize(game.view(player_id), rng, attempts=RESAMPLE_TRIES)
        else:
            sampler = self._samplers.of(game, player_id, lambda: Determinizer(game.view(player_id)))
            sample = sampler.sample(rng, attempts=RESAMPLE_TRIES)
        deal = sample.deal
        hands = list(deal.hands)
        mine = hands[player_id]
        if set(mine[: len(known)]) != set(known):
            raise DeterminizeError(f"seat {player_id}'s sampled world deals it other cards")
        # The order it was dealt its cards in is its own knowledge: kept in the
        # pack.  Within its seen and unseen packets the order tells nothing (the
        # information state sorts them), so the sampled game may stand as it is.
        hands[player_id] = known + mine[len(known) :]
        dealt = Deal(hands=tuple(hands), talon=deal.talon, seen=deal.seen)
        pack = self._pack_of(dealt)
        if replay:
            world = AlsosState(spiel_game)
            for c in pack:
                world.apply_action(c)
            space = self._shared.space
            for _, action in sample.history:
                world.apply_action(space.index(action))
        else:
            # The engine no longer tells the seat's packets apart once it has
            # picked up the unseen one; its memory of them is kept in ``dealt``.
            world = AlsosState.holding(
                spiel_game, sample, pack, dealt=None if dealt == deal else dealt
            )
        root = self.information_state_string(player_id)
        if not replay:
            # The determinizer gives back the seat's view unchanged (every world it
            # accepts has it: tests/test_determinize_checks.py), and the seat's dealt
            # cards keep their order above, so the world's string is this one: kept
            # for it rather than walked again over the whole history, once per
            # simulation (tests/test_interop.py makes it afresh and compares).
            assert world.game is not None
            world._strings.kept[player_id] = (_position(world.game), root)
        elif world.information_state_string(player_id) != root:
            raise DeterminizeError(
                f"seat {player_id}'s sampled world has another information state"
            )
        return world

    def _pack_of(self, deal: Deal) -> list[int]:
        """The pack that :meth:`alsos.Deal.from_pack` deals as ``deal`` (its inverse)."""
        rules = self._shared.rules
        d = rules.deal
        packets, talon_at = layout(
            rules.players,
            self._dealer,
            tuple(d.seen_packets),
            tuple(d.unseen_packets),
            tuple(d.talon_between),
        )
        pack = [0] * 32
        taken = dict.fromkeys(range(rules.players), 0)
        seen_taken = dict.fromkeys(range(rules.players), 0)
        for seat, start, end, seen in packets:
            hand = deal.hands[seat]
            size = end - start
            if seen:
                at = seen_taken[seat]
                seen_taken[seat] += size
            else:
                at = deal.seen + taken[seat]
                taken[seat] += size
            pack[start:end] = [int(c) for c in hand[at : at + size]]
        for i, c in zip(talon_at, deal.talon, strict=True):
            pack[i] = int(c)
        return pack

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing: {len(self._pack)} of 32 cards"
        return f"{self.game.deal}\n" + " ".join(step.text for step in self.game.public_history())


def _known_dealt(state: AlsosState, game: Game, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` was dealt as far as it knows them, in the order dealt:
    the seen packets, and the unseen ones too once it has picked them up.
    ``game`` is ``state``'s hand; the deal is the pack's (``state._dealt``)."""
    deal = game.deal if state._dealt is None else state._dealt
    dealt = deal.hands[seat]
    return dealt if game.state.unseen[seat] == 0 else dealt[: deal.seen]


class ObserverTypeError(RLError):
    """An observation type :meth:`AlsosGame.make_py_observer` does not provide."""


class AlsosObserver:
    """OpenSpiel's observer for ``python_alsos``: what one seat may know, as a
    string and a tensor, split as OpenSpiel's ``IIGObservationType`` asks.

    * **Information state** (``perfect_recall``, public and the seat's private
      information -- the default): the tensor is
      :class:`alsos.rl.InformationStateEncoder`'s (the observation's fields,
      then the seat's dealt and turned-up cards and its whole history as
      tokens), one-to-one with the string: the seat's cards as it learnt
      them, the talon cards turned up at the deal, its takings and its
      public history.
    * **Observation** (public and private): the tensor is
      :class:`alsos.rl.ObservationEncoder`'s, the string the text of the view.
    * **Public only** (``private_info=NONE``): the same fields with the
      seat's own cards left out and the history as every seat knows it (its
      own face-down discards and hidden bids hidden); the string likewise.
    * **Private only** (``public_info=False``, ``SINGLE_PLAYER``): the seat
      and its hand (fields ``seat`` and ``hand``).  Neither: empty.

    ``private_info=ALL_PLAYERS`` (every seat's cards) and perfect recall with
    less than the public and the seat's private information are refused
    with :class:`ObserverTypeError`: no alsos search needs them.
    """

    def __init__(
        self,
        game: AlsosGame,
        *,
        perfect_recall: bool,
        public: bool = True,
        private: bool = True,
    ) -> None:
        self.perfect_recall = perfect_recall
        self.public = public
        self.private = private
        rules = game.rules
        self.rules = rules
        self._top_up = rules.deal.top_up
        self.encoder: ObservationEncoder | InformationStateEncoder | None
        if perfect_recall:
            self.encoder = InformationStateEncoder(rules, game.space)
        elif public:
            self.encoder = ObservationEncoder(rules, game.space)
        else:
            self.encoder = None
        if self.encoder is not None:
            fields = self.encoder.fields
        elif private:
            fields = (("seat", 0, (rules.players,)), ("hand", rules.players, (32,)))
        else:
            fields = ()
        size = sum(math.prod(shape) for _, _, shape in fields)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {
            name: self.tensor[off : off + math.prod(shape)].reshape(shape)
            for name, off, shape in fields
        }

    def _view(self, game: Game, player: int) -> View:
        """``player``'s view, with its private parts left out for a public observer."""
        if self.private:
            return game.view(player)
        return game.public_view(player)  # the one public observer, labelled with its player

    def set_from(self, state: AlsosState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` may know of ``state``."""
        self.tensor.fill(0.0)
        game = state.game
        if game is None:
            if "seat" in self.dict:
                self.dict["seat"][player] = 1.0
            return
        encoder = self.encoder
        if isinstance(encoder, InformationStateEncoder):
            encoder.encode(
                game.view(player),
                _known_dealt(state, game, player),
                self._turned(game),
                out=self.tensor,
            )
        elif encoder is not None:
            encoder.encode(self._view(game, player), out=self.tensor)
            if not self.private:
                self.dict["hand"].fill(0.0)
        elif self.private:
            self.dict["seat"][player] = 1.0
            self.dict["hand"][list(game.view(player).hand)] = 1.0

    def _turned(self, game: Game) -> tuple[Card, ...]:
        """The talon cards turned up at the deal: the indicator, and the top card
        where the talon tops up the hands (Altiansz's last cards stay down)."""
        talon = game.deal.talon
        return (talon[0], talon[-1]) if self._top_up else (talon[0],)

    def string_from(self, state: AlsosState, player: int) -> str:
        """``player``'s information-state string, or the text of what it observes."""
        game = state.game
        if game is None:
            return f"seat {player}: dealing" if self.public or self.private else ""
        if not self.perfect_recall:
            if not self.public:
                if not self.private:
                    return ""
                view = game.view(player)
                return f"seat {player}; hand " + " ".join(c.name for c in view.hand)
            text = str(self._view(game, player))
            if self.private:
                return text
            return "\n".join(line for line in text.split("\n") if not line.startswith("hand:"))
        view = game.view(player)
        known = _known_dealt(state, game, player)
        seen = game.deal.seen
        parts = [
            f"seat {player}",
            "dealt "
            + " ".join(c.name for c in sorted(known[:seen]))
            + " + "
            + " ".join(c.name for c in sorted(known[seen:])),
            "turned " + " ".join(c.name for c in self._turned(game)),
            "talon " + " ".join(c.name for c in sorted(view.talon_seen)),
            "hand " + " ".join(c.name for c in sorted(view.hand)),
            # Talon cards it saw taken into a hand: its own draws, and the face-up
            # cards another seat took (the indicator, a síber reveal's cards).
            "taken " + " ".join(f"{t}:" + ",".join(c.name for c in cs) for t, cs in view.taken),
            " | ".join(f"{step.seat}:{step.text}" for step in view.history),
        ]
        return "; ".join(parts)


pyspiel.register_game(_GAME_TYPE, AlsosGame)
