"""The one loop that plays a hand on in the tests: bots or a policy at the seats, to the
end or to a stop, every choice checked legal, and a bound so a bug cannot loop forever.

A *policy* is what picks each action: ``policy(game, legal) -> action``.  :func:`seated`
turns bots (one for every seat, a list by seat, or a mapping seat -> bot) into one that
asks the bot of the seat to act with that seat's view; :func:`at_random` picks with
``rng.choice`` (the same draws as the loops it replaced, so the same hands are played).

:func:`steps` yields each step before its action is applied (the test may look at the
game as the policy saw it, or mirror the action on a twin), and applies it when the
loop asks for the next one; :func:`play_out` runs it to the end and returns the steps,
each with the events its action caused.  For whole hands with the library's own
seeding, see :func:`alsos.research.parallel.play_hand` (what ``simulate`` and ``arena`` play).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import alsos
from alsos.bots import Bot, make
from alsos.hand.events import Event
from alsos.pack.actions import Action

MAX_STEPS = 2000
"""No hand of a shipped profile comes near this many actions (the longest of 200 random
hands per table took 284, a house hand full of kontras); more means it does not end."""

Policy = Callable[[alsos.Game, Sequence[Action]], Action | str]
"""What picks the action of the seat to act, given the game and its legal actions."""

Bots = Bot | Sequence[Bot] | Mapping[int, Bot]


@dataclass
class Step:
    """One action of a hand: who took it, in which phase, out of what, and (once the
    loop has moved on) the events it caused."""

    seat: int
    phase: alsos.Phase
    legal: Sequence[Action]
    action: Action | str
    events: tuple[Event, ...] = field(default=())


def seated(bots: Bots) -> Policy:
    """A policy asking the bot of the seat to act (one bot for all, or by seat) with
    that seat's view; a choice outside the legal actions fails the test."""

    def choose(game: alsos.Game, legal: Sequence[Action]) -> Action:
        seat = game.to_act
        assert seat is not None, "a hand that is not over has a seat to act"
        bot = bots if hasattr(bots, "choose") else bots[seat]
        view = game.view(seat)
        action: Action = bot.choose(view, legal)
        assert action in legal, (f"seed {game.seed}", seat, view.phase, action, legal)
        return action

    return choose


def at_random(rng: random.Random) -> Policy:
    """A policy drawing uniformly from the legal actions with ``rng.choice``."""
    return lambda _game, legal: rng.choice(legal)


def as_text(policy: Policy) -> Policy:
    """``policy``, its actions given as their text (as a user or a log would give them)."""
    return lambda game, legal: str(policy(game, legal))


def first_legal(_game: alsos.Game, legal: Sequence[Action]) -> Action:
    """The policy that always takes the first legal action."""
    return legal[0]


def bots_for(game: alsos.Game, name: str, seed: Callable[[int], int] | int = 0) -> dict[int, Bot]:
    """A bot of ``name`` (:func:`alsos.bots.make`) at every active seat, seeded by
    ``seed(seat)`` (or ``seed + seat``)."""
    return {s: make(name, seed=seed(s) if callable(seed) else seed + s) for s in game.active}


def steps(
    game: alsos.Game,
    policy: Policy | Bots,
    *,
    until: Callable[[alsos.Game], bool] | None = None,
    stop_after: int | None = None,
    max_steps: int = MAX_STEPS,
    after: Callable[[alsos.Game, Step], object] | None = None,
) -> Iterator[Step]:
    """Yield each step before its action is applied; apply it when the next is asked for.

    Stops when the hand is over, ``until(game)`` holds before a step, or after
    ``stop_after`` actions; a loop that breaks out leaves the last step yielded
    unapplied.  More than ``max_steps`` actions fail the test.  Each action is
    applied with its seat (so a turn mix-up fails) and its events are kept on the
    step; ``after(game, step)`` is called right after, to check the new position.
    """
    choose = policy if _is_policy(policy) else seated(policy)  # type: ignore[arg-type]
    for n in range(max_steps + 1):
        if game.is_over or n == stop_after or (until is not None and until(game)):
            return
        assert n < max_steps, (
            f"not over after {max_steps} actions ({game.phase}, {game.history[-3:]})"
        )
        seat = game.to_act
        assert seat is not None, "a hand that is not over has a seat to act"
        legal = game.legal_actions()
        assert legal, f"nothing legal for seat {seat} in {game.phase}"
        step = Step(seat, game.phase, legal, choose(game, legal))  # type: ignore[operator]
        yield step
        step.events = game.apply(step.action, seat=seat)
        if after is not None:
            after(game, step)


def play_out(
    game: alsos.Game,
    policy: Policy | Bots,
    *,
    until: Callable[[alsos.Game], bool] | None = None,
    stop_after: int | None = None,
    max_steps: int = MAX_STEPS,
    after: Callable[[alsos.Game, Step], object] | None = None,
) -> list[Step]:
    """Play ``game`` on to its end (or to a stop, as :func:`steps` says) and return
    the steps taken."""
    return list(
        steps(game, policy, until=until, stop_after=stop_after, max_steps=max_steps, after=after)
    )


def _is_policy(policy: object) -> bool:
    return callable(policy) and not hasattr(policy, "choose")


def positions(variant: str, count: int, seed: int = 5, hands: int = 60) -> list[alsos.Game]:
    """Hands of ``variant`` played at random to ``count`` points with a choice to make:
    hand ``n`` (of the first ``hands``) is dealt from seed ``n`` and played a random
    number of steps by a generator seeded ``seed``."""
    rules = alsos.load_variant(variant)
    rng = random.Random(seed)
    out: list[alsos.Game] = []
    for n in range(hands):
        game = alsos.Game(rules, seed=n, dealer=n % rules.players)
        play_out(game, at_random(rng), stop_after=rng.randrange(0, 40))
        if not game.is_over and len(game.legal_actions()) > 1:
            out.append(game)
        if len(out) == count:
            break
    return out
