"""``alsos play``: play a hand in the terminal, or watch bots play it, hand by hand.

``add_arguments(parser)`` adds the play options to the ``play`` subcommand
and ``run(args)`` runs it (wired in :mod:`alsos.cli`).  The hand is told by a
:class:`~alsos.terminal.narrator.Narrator` on a
:class:`~alsos.terminal.screen.Screen`: phase headers, each seat's speech on
one line, each trick with its winner and the tricks won so far, the settlement
explained line by line.  A seated player sees only what its seat may know.

Opponents are bots made by name (:func:`alsos.bots.make`), ``heuristic`` by
default; ``--bots a,b,c`` names one per seat.  ``--rubber`` plays hands until
the profile's session (rubber, rádli or a number of deals,
:func:`alsos.new_session`) is decided, with the written scores after each
hand and, where the profile limits it, each seat's declarations left.

At its turn the player may type ``hint`` (the action suggested from its own
view, its value and the next best) or ``undo`` (take back its last action and
the bots' answers: :mod:`alsos.analysis.undo`, :mod:`alsos.words.hints`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from alsos.analysis.undo import UndoRefused, take_back_own
from alsos.bots import Bot, BotOptionError, UnknownBotError, available, make_spec, split_specs
from alsos.hand.chosen import declare_limit
from alsos.hand.events import Event
from alsos.language import LANGUAGES, language, locale_language
from alsos.pack.actions import Action
from alsos.pack.cards import quote
from alsos.play.game import Game
from alsos.play.session import Session, new_session
from alsos.records.record import Record, RecordError
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import ProfileError, Ruleset
from alsos.terminal.narrator import Narrator
from alsos.terminal.prompt import choice, grouped, help_lines
from alsos.terminal.screen import Screen, make_screen
from alsos.words.hints import hint_text
from alsos.words.rules import contract_name, examples, is_ladder

__all__ = ["add_arguments", "read_record_file", "run"]

DEFAULT_VARIANT = "potter1930"
DEFAULT_BOT = "heuristic"
# A hand has a few dozen steps; this only stops a runaway loop if an engine bug
# ever left the game without an end.
MAX_STEPS = 10_000
MAX_HANDS = 1_000
# What _ask returns when the player asks to take back its last action.
_UNDO = "undo"


def add_arguments(play: argparse.ArgumentParser) -> None:
    """Add the options of ``alsos play`` to its subparser."""
    play.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="ID_OR_FILE",
        help=f"shipped variant id or path to a YAML profile (default: {DEFAULT_VARIANT})",
    )
    play.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="load the variant for N seats, if its profile allows several (e.g. csibor)",
    )
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed for the deal and the bots (default: random, and printed)",
    )
    play.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="K",
        help="the seat you play, counting from 0 (default: the first to act)",
    )
    play.add_argument(
        "--watch", action="store_true", help="let bots play every seat and print the hand"
    )
    play.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        metavar="NAME[,NAME...]",
        help=(
            f"the bots: one name for every seat, or one per seat, comma separated, the name "
            f"at your own seat unused (default: {DEFAULT_BOT}; see alsos.bots.available())"
        ),
    )
    play.add_argument(
        "--rubber",
        "--session",
        dest="rubber",
        action="store_true",
        help="play hands until the profile's rubber or rádli is decided, scores after each",
    )
    play.add_argument(
        "--hands",
        type=int,
        default=None,
        metavar="N",
        help="with --rubber: stop after N hands even if the session is not decided",
    )
    _add_output_arguments(play)


def _add_output_arguments(play: argparse.ArgumentParser) -> None:
    """The options of ``alsos play`` on how the hand is written: suits, colour, language,
    and the record saved or resumed."""
    play.add_argument(
        "--suits",
        choices=("letters", "symbols"),
        default="letters",
        help="write suits as the notation's letters (MA) or as signs (♣A) (default: letters)",
    )
    play.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour (needs the cli extra, rich): auto is on for a terminal without NO_COLOR",
    )
    play.add_argument(
        "--lang",
        choices=sorted(c for c in LANGUAGES if c != "qps"),
        default=None,
        help=(
            "the language of the hand's story and settlement (default: from LANGUAGE, "
            "LC_ALL, LC_MESSAGES or LANG, else en); the prompts are English"
        ),
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="write the hand's record to FILE when it ends or is left (.json: JSON)",
    )
    play.add_argument(
        "--resume", metavar="FILE", help="replay the record in FILE and play on from there"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``alsos play`` with parsed ``args``; return the exit code."""
    screen = make_screen(args.color, args.suits)
    done: Sequence[tuple[int, Action]] = ()  # a resumed hand's actions, told again
    if args.resume is not None:
        loaded = _load_record(args.resume)
        if loaded is None:
            return 1
        record, game = loaded
        rules = game.rules
        seed = record.seed if record.seed is not None else 0
        done = record.actions
        screen.line(f"{rules.name} [{rules}], resumed from {args.resume} after {len(done)} steps")
    else:
        loaded_rules = _rules(args.variant, args.players)
        if loaded_rules is None:
            return 1
        rules = loaded_rules
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    names = _bot_names(args.bots, rules.players)
    if names is None:
        return 2
    if args.hands is not None and args.hands < 1:
        print(f"--hands must be at least 1, not {args.hands}", file=sys.stderr)
        return 2
    if args.rubber and args.resume is None:
        return _session(args, rules, seed, names, screen)
    if args.resume is not None:
        game = record.new_game(rules)  # keeps the record's seed, names and tags for --save
    else:
        game = Game(rules, seed=seed, dealer=0)
        screen.line(f"{rules.name} [{rules.id}], seed {seed}, dealer seat {game.dealer}")
    try:
        return _one_hand(args, game, seed, names, screen, done)
    finally:
        if args.save is not None:
            _save(game, args.save)


def _rules(variant: str, players: int | None) -> Ruleset | None:
    options = {"players": players} if players is not None else {}
    try:
        return load_variant(variant, **options)
    except ProfileError as e:
        print(f"cannot load variant {quote(variant)}:", file=sys.stderr)
        for problem in e.problems:
            print(f"    {e.source}: {problem}", file=sys.stderr)
        return None


def _bot_names(spec: str, seats: int) -> list[str] | None:
    """One bot name per seat from ``--bots``; print why not and return None if it is wrong."""
    names = split_specs(spec)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        print(
            f"--bots names {len(names)} bots; give one name for all seats or one per seat "
            f"({seats} at this table)",
            file=sys.stderr,
        )
        return None
    for name in dict.fromkeys(names):
        try:
            make_spec(name, seed=0)
        except (UnknownBotError, BotOptionError) as e:
            print(f"--bots: {e}", file=sys.stderr)
            return None
        except (TypeError, ValueError) as e:
            print(
                f"--bots: the bot {name!r} cannot be made ({e}); available: "
                f"{', '.join(available())}",
                file=sys.stderr,
            )
            return None
    return names


def _bots(
    seed: int, names: Sequence[str], active: Sequence[int], skip: int | None
) -> dict[int, Bot]:
    """A bot named ``names[seat]`` for each active seat but ``skip``, seeded from ``seed``."""
    return {s: make_spec(names[s], seed=_bot_seed(seed, s)) for s in active if s != skip}


def _bot_seed(seed: int, seat: int) -> int:
    """A bot's seed derived from the hand's seed, so a replay with the same seed matches."""
    return random.Random(f"alsos-bot:{seed}:{seat}").randrange(2**32)


def _seat_for(args: argparse.Namespace, game: Game) -> int | None:
    """The seat the user plays, or None (printing why) if it does not play this hand."""
    if args.seat is None:
        return game.active[0]
    if args.seat not in game.active:
        print(
            f"seat {args.seat} does not play this hand; choose one of "
            f"{', '.join(map(str, game.active))}",
            file=sys.stderr,
        )
        return None
    return int(args.seat)


def _one_hand(
    args: argparse.Namespace,
    game: Game,
    seed: int,
    names: Sequence[str],
    screen: Screen,
    done: Sequence[tuple[int, Action]] = (),
) -> int:
    """Play or watch ``game`` to its end, after telling the ``done`` actions of a resumed hand.

    Returns 0 when the hand ended, 1 when it was left, 2 for a seat that does not play.
    """
    me = None
    if not args.watch and args.rubber and args.seat not in game.active:
        screen.line(f"seat {args.seat} (you) deals and sits out this hand: the bots play it")
    elif not args.watch:
        me = _seat_for(args, game)
        if me is None:
            return 2
    # Bots continue from the hand's seed and the number of steps already taken, so
    # a resumed hand plays on as reproducibly as a new one.
    bots = _bots(seed + len(done), names, game.active, me)
    screen.line(
        "players: "
        + ", ".join(
            f"seat {s} {'you' if s == me else names[s] + ' bot'}" for s in sorted(game.active)
        )
        + "".join(
            f"; seat {s} deals and sits out" for s in range(game.players) if s not in game.active
        )
    )
    if me is not None:
        what = "the contracts" if is_ladder(game.rules) else "the games"
        if any(f.enabled for f in game.rules.figures.values()):
            what += ", figures"
        if game.rules.kontra.levels:
            what += " and kontras"
        screen.dim(
            f"You play seat {me}. Type an action (e.g. {examples(game.rules)}) or its number "
            f"in the list; '?' explains {what}, 'hint' suggests an action, 'undo' takes "
            "back your last one, 'quit' leaves."
        )
    watched = game.active if me is None else (me,)
    lang = language(args.lang or locale_language())
    narrator = Narrator(game, screen, watched, me, in_session=args.rubber, lang=lang)
    narrator.open()
    for who, action in done:
        narrator.before()
        narrator.step(who, game.apply(action, seat=who))
    if done:
        narrator.flush()
        screen.dim(f"  (the saved hand stopped here, after {len(done)} steps)")
    for _ in range(MAX_STEPS):
        if game.is_over:
            narrator.close()
            return 0
        seat = game.to_act
        if seat is None:
            print("error: the game is not over but no seat is to act", file=sys.stderr)
            return 1
        narrator.before()
        if seat == me:
            narrator.flush()
            events = _ask(game, me, screen)
            if events is None:
                return 1
            if isinstance(events, str):  # _UNDO
                narrator = _undo(game, me, bots, screen, narrator)
                continue
        else:
            events = game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        narrator.step(seat, events)
    print(f"error: the hand did not end within {MAX_STEPS} steps", file=sys.stderr)
    return 1


def _undo(game: Game, me: int, bots: dict[int, Bot], screen: Screen, told: Narrator) -> Narrator:
    """Take back the player's last action (against bots only); the narrator to go on with."""
    humans = [s for s in game.active if s != me and s not in bots]
    try:
        back = take_back_own(game, me, humans)
    except UndoRefused as e:
        print(f"error: {e}")
        return told
    screen.line("taken back: " + ", ".join(f"seat {s} {a}" for s, a in back))
    narrator = Narrator(game, screen, told.watched, me, in_session=told.in_session, lang=told.lang)
    narrator.tricks = {s: game.tricks_won[s] for s in game.active}
    return narrator


def _ask(game: Game, me: int, screen: Screen) -> tuple[Event, ...] | str | None:
    """Show the user's side of the table and read actions until one is legal; its events
    (``_UNDO`` when the user asks to take back its last action, None when it leaves)."""
    view = game.view(me)
    ordered, line = grouped(game.legal_actions(), screen)
    _status(game, me, screen)
    screen.line("  you may: ", line)
    while True:
        print("your action> ", end="", flush=True)
        text = sys.stdin.readline()
        if not text:  # EOF
            print("\nend of input: leaving the hand unfinished")
            return None
        if not _isatty(sys.stdin):  # piped answers: echo them, so the transcript reads well
            print(text.rstrip("\n"))
        text = text.strip()
        if not text:
            continue
        if text in ("?", "help"):
            for help_line in help_lines(game.rules, screen):
                screen.line(help_line)
            screen.line("  you may: ", line)
            continue
        if text.lower() == "list":
            for i, action in enumerate(ordered, 1):
                screen.line(f"  {i:>2}) {action}")
            continue
        if text.lower() in ("quit", "exit"):
            print("leaving the hand unfinished")
            return None
        if text.lower() == _UNDO:
            return _UNDO
        if text.lower() == "hint":
            screen.line("  " + hint_text(game, me))
            continue
        try:
            picked: Action | str = choice(text, ordered)
            return game.apply(picked, seat=view.seat)
        except ValueError as e:  # IllegalActionError, unknown text and bad numbers
            print(f"error: {e}")


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _status(game: Game, me: int, screen: Screen) -> None:
    """The user's side of the table before a decision."""
    view = game.view(me)
    bits = [f"-- your turn (seat {me}), {view.phase}"]
    if view.contract is not None:
        declarer = "" if view.declarer is None else f", declarer seat {view.declarer}"
        bits.append(f"; contract {contract_name(game.rules, game.contract)}{declarer}")
    screen.line("".join(bits))
    unseen = f" (+{view.unseen_count} face down)" if view.unseen_count else ""
    screen.line("  your hand: ", screen.cards(view.hand), unseen)
    if view.items:
        screen.line("  at stake: " + ", ".join(str(item) for item in view.items))
    if view.call_stakes is not None:
        conceded, played = view.call_stakes
        screen.line(f"  the call: {conceded} if conceded, {played} if played on")
    if view.trick:
        parts: list[object] = []
        for i, (s, c) in enumerate(view.trick):
            parts.extend([", " if i else "", f"seat {s} ", screen.card(c)])
        screen.line("  on the table: ", parts)  # type: ignore[arg-type]


def _session(
    args: argparse.Namespace, rules: Ruleset, seed: int, names: Sequence[str], screen: Screen
) -> int:
    """Hands one after another until the session is decided (or ``--hands``)."""
    session = new_session(rules)
    screen.line(f"{rules.name} [{rules.id}], {session.goal()}, seed {seed}")
    limit = args.hands if args.hands is not None else MAX_HANDS
    records: list[Record] = []
    status = 0
    try:
        for n in range(1, limit + 1):
            game = session.next_game(seed=seed + n - 1)
            if args.seat is None and not args.watch:
                args.seat = game.active[0]  # the user keeps one seat for the whole session
            screen.header(session.hand_title(n), f"seed {seed + n - 1}, dealer seat {game.dealer}")
            try:
                status = _one_hand(args, game, seed + n - 1, names, screen)
            finally:
                records.append(game.record())
            if status != 0:
                return status
            before = session.state()
            session.add(game.settlement)
            _scores(session, n, screen, before)
            if session.is_over:
                break
        else:
            screen.line(f"stopped after {limit} hands; the {session.title} is not decided")
    finally:
        if args.save is not None and records:
            fmt = "json" if args.save.endswith(".json") else "text"
            Path(args.save).write_text(
                "\n".join(r.dumps(fmt) for r in records)
                if fmt == "text"
                else "[" + ",\n".join(r.dumps(fmt) for r in records) + "]",
                encoding="utf-8",
            )
            print(f"records of {len(records)} hands saved to {args.save}")
    return status


def _scores(session: Session, n: int, screen: Screen, before: dict[str, Any]) -> None:
    written = ", ".join(f"seat {s} {v}" for s, v in sorted(session.scores.items()))
    screen.line(
        (f"score after {session.hand_title(n).lower()}: {written}", "bold"),
        f"  ({session.goal()})",
    )
    limit = declare_limit(session.rules)
    if limit is not None:
        left = ", ".join(f"seat {s} {limit - v}" for s, v in sorted(session.declared.items()))
        screen.line(f"  contracts each seat may still declare: {left}")
    note = session.progress_note(before)
    if note is not None:
        screen.line(f"  {note}")
    if not session.is_over:
        return
    win = session.ending()
    result = ", ".join(f"seat {s} {v:+d}" for s, v in sorted(session.result().items()))
    screen.line((win, "bold"))
    screen.line(f"net result (each seat's score against the others'): {result}")


_T = TypeVar("_T")


def read_record_file(path: str, parse: Callable[[str], _T]) -> _T | None:
    """``parse`` of the text of ``path`` (``Record.loads``, ``loads_all``), or None after
    saying on standard error why the file cannot be read or parsed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return None
    try:
        return parse(text)
    except RecordError as e:
        print(f"{path}: {e}", file=sys.stderr)
        return None


def _load_record(path: str) -> tuple[Record, Game] | None:
    """Read and replay the single hand in ``path``; print why not and return None on failure."""
    record = read_record_file(path, Record.loads)
    if record is None:
        return None
    try:
        # The local user's own command: a record may name a profile file (docs/records.rst).
        return record, record.replay(allow_files=True)
    except RecordError as e:
        print(f"{path}: {e}", file=sys.stderr)
        return None


def _save(game: Game, path: str) -> None:
    """Write the record of ``game`` to ``path`` (JSON for ``.json``), and say so."""
    fmt = "json" if path.endswith(".json") else "text"
    Path(path).write_text(game.record().dumps(fmt), encoding="utf-8")
    state = "finished" if game.is_over else f"unfinished, {len(game.history)} steps"
    print(f"record saved to {path} ({state})")
