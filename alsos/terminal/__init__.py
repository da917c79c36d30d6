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

Everything it prints is written in the :class:`~alsos.language.Language` of
``--lang`` (or of the locale), handed down as a parameter: the story and the
settlement, the prompts, the help, the hint, a refused answer
(:mod:`alsos.terminal.refusal`), the session's scores
(:mod:`alsos.terminal.sessions`) and the command's own errors.  The actions
are typed and shown in the notation, the same in every language.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from alsos.analysis.report import phase_name
from alsos.analysis.undo import UndoRefused, take_back_own
from alsos.bots import Bot, BotOptionError, UnknownBotError, available, make_spec, split_specs
from alsos.hand.events import Event
from alsos.hand.hooks import described
from alsos.language import ENGLISH, LANGUAGES, N_, Language, language, locale_language, said_in
from alsos.pack.actions import Action
from alsos.pack.cards import quote
from alsos.play.game import Game, IllegalActionError
from alsos.play.session import new_session
from alsos.play.view import ItemView
from alsos.records.record import Record, RecordError
from alsos.ruleset.loading import load_variant
from alsos.ruleset.profile import ProfileError, Ruleset
from alsos.ruleset.wording import name_in
from alsos.terminal.narrator import Narrator
from alsos.terminal.prompt import choice, grouped, help_lines
from alsos.terminal.screen import Screen, make_screen
from alsos.terminal.sessions import not_decided, scores
from alsos.words.hints import hint_text
from alsos.words.refusal import refusal
from alsos.words.rules import contract_name, examples, is_ladder, seat_name

__all__ = ["add_arguments", "read_record_file", "run"]

DEFAULT_VARIANT = "potter1930"
DEFAULT_BOT = "heuristic"
# A hand has a few dozen steps; this only stops a runaway loop if an engine bug
# ever left the game without an end.
MAX_STEPS = 10_000
MAX_HANDS = 1_000
# What _ask returns when the player asks to take back its last action.
_UNDO = "undo"
# What '?' explains, by (a contract ladder, figures, kontras): the first line's words.
_EXPLAINS = {
    (True, False, False): N_("the contracts"),
    (True, True, False): N_("the contracts, figures"),
    (True, False, True): N_("the contracts and kontras"),
    (True, True, True): N_("the contracts, figures and kontras"),
    (False, False, False): N_("the games"),
    (False, True, False): N_("the games, figures"),
    (False, False, True): N_("the games and kontras"),
    (False, True, True): N_("the games, figures and kontras"),
}


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
        choices=sorted(LANGUAGES),
        default=None,
        help=(
            "the language of everything the hand says: story, settlement, prompts, help "
            "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en; qps marks "
            "every message); the actions are typed in the notation in every language"
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
    lang = language(args.lang or locale_language())
    screen = make_screen(args.color, args.suits, lang)
    done: Sequence[tuple[int, Action]] = ()  # a resumed hand's actions, told again
    if args.resume is not None:
        loaded = _load_record(args.resume, lang)
        if loaded is None:
            return 1
        record, game = loaded
        rules = game.rules
        seed = record.seed if record.seed is not None else 0
        done = record.actions
        screen.line(
            lang.plural(
                "{name} [{rules}], resumed from {file} after {n} step",
                "{name} [{rules}], resumed from {file} after {n} steps",
                len(done),
                name=name_in(rules, lang),
                rules=rules,
                file=args.resume,
            )
        )
    else:
        loaded_rules = _rules(args.variant, args.players, lang)
        if loaded_rules is None:
            return 1
        rules = loaded_rules
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    names = _bot_names(args.bots, rules.players, lang)
    if names is None:
        return 2
    if args.hands is not None and args.hands < 1:
        print(lang.text("--hands must be at least 1, not {n}", n=args.hands), file=sys.stderr)
        return 2
    if args.rubber and args.resume is None:
        return _session(args, rules, seed, names, screen, lang)
    if args.resume is not None:
        game = record.new_game(rules)  # keeps the record's seed, names and tags for --save
    else:
        game = Game(rules, seed=seed, dealer=0)
        screen.line(
            lang.text(
                "{name} [{id}], seed {seed}, dealer seat {dealer}",
                name=name_in(rules, lang),
                id=rules.id,
                seed=seed,
                dealer=game.dealer,
            )
        )
    try:
        return _one_hand(args, game, seed, names, screen, lang, done)
    finally:
        if args.save is not None:
            _save(game, args.save, lang)


def _rules(variant: str, players: int | None, lang: Language) -> Ruleset | None:
    options = {"players": players} if players is not None else {}
    try:
        return load_variant(variant, **options)
    except ProfileError as e:
        print(lang.text("cannot load variant {variant}:", variant=quote(variant)), file=sys.stderr)
        for problem in e.problems:
            print(f"    {e.source}: {said_in(problem, lang)}", file=sys.stderr)
        return None


def _bot_names(spec: str, seats: int, lang: Language) -> list[str] | None:
    """One bot name per seat from ``--bots``; print why not and return None if it is wrong."""
    names = split_specs(spec)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        print(
            lang.text(
                "--bots names {n} bots; give one name for all seats or one per seat "
                "({seats} at this table)",
                n=len(names),
                seats=seats,
            ),
            file=sys.stderr,
        )
        return None
    for name in dict.fromkeys(names):
        try:
            make_spec(name, seed=0)
        except (UnknownBotError, BotOptionError) as e:
            print(f"--bots: {_bot_refusal(name, e, lang)}", file=sys.stderr)
            return None
        except (TypeError, ValueError) as e:
            print(
                lang.text(
                    "--bots: the bot {name} cannot be made ({error}); available: {bots}",
                    name=repr(name),
                    error=said_in(e, lang),
                    bots=", ".join(available()),
                ),
                file=sys.stderr,
            )
            return None
    return names


def _bot_refusal(name: str, e: Exception, lang: Language) -> str:
    """Why ``name`` names no bot, in ``lang`` (the error's own words where this is not the
    plain case of an unknown name)."""

    def unknown(words: Language) -> str:
        return words.text(
            "no bot named {name}; available: {bots}", name=quote(name), bots=", ".join(available())
        )

    if isinstance(e, UnknownBotError) and unknown(ENGLISH) == str(e):
        return unknown(lang)
    return said_in(e, lang)


def _bots(
    seed: int, names: Sequence[str], active: Sequence[int], skip: int | None
) -> dict[int, Bot]:
    """A bot named ``names[seat]`` for each active seat but ``skip``, seeded from ``seed``."""
    return {s: make_spec(names[s], seed=_bot_seed(seed, s)) for s in active if s != skip}


def _bot_seed(seed: int, seat: int) -> int:
    """A bot's seed derived from the hand's seed, so a replay with the same seed matches."""
    return random.Random(f"alsos-bot:{seed}:{seat}").randrange(2**32)


def _seat_for(args: argparse.Namespace, game: Game, lang: Language) -> int | None:
    """The seat the user plays, or None (printing why) if it does not play this hand."""
    if args.seat is None:
        return game.active[0]
    if args.seat not in game.active:
        print(
            lang.text(
                "seat {seat} does not play this hand; choose one of {seats}",
                seat=args.seat,
                seats=", ".join(map(str, game.active)),
            ),
            file=sys.stderr,
        )
        return None
    return int(args.seat)


def _players_line(game: Game, names: Sequence[str], me: int | None, lang: Language) -> str:
    """Who plays which seat, and who deals and sits out."""
    players = ", ".join(
        lang.text("seat {seat} you", seat=s)
        if s == me
        else lang.text("seat {seat} {bot} bot", seat=s, bot=names[s])
        for s in sorted(game.active)
    )
    return lang.text("players: {players}", players=players) + "".join(
        lang.text("; seat {seat} deals and sits out", seat=s)
        for s in range(game.players)
        if s not in game.active
    )


def _first_words(game: Game, me: int, lang: Language) -> str:
    """How to answer, said once before the player's first turn."""
    rules = game.rules
    what = _EXPLAINS[
        is_ladder(rules),
        any(f.enabled for f in rules.figures.values()),
        bool(rules.kontra.levels),
    ]
    return lang.text(
        "You play seat {seat}. Type an action (e.g. {examples}) or its number in the list; "
        "'?' explains {what}, 'hint' suggests an action, 'undo' takes back your last one, "
        "'quit' leaves.",
        seat=me,
        examples=examples(rules),
        what=lang.text(what),
    )


def _one_hand(
    args: argparse.Namespace,
    game: Game,
    seed: int,
    names: Sequence[str],
    screen: Screen,
    lang: Language = ENGLISH,
    done: Sequence[tuple[int, Action]] = (),
) -> int:
    """Play or watch ``game`` to its end, after telling the ``done`` actions of a resumed hand.

    Returns 0 when the hand ended, 1 when it was left, 2 for a seat that does not play.
    """
    me = None
    if not args.watch and args.rubber and args.seat not in game.active:
        screen.line(
            lang.text(
                "seat {seat} (you) deals and sits out this hand: the bots play it", seat=args.seat
            )
        )
    elif not args.watch:
        me = _seat_for(args, game, lang)
        if me is None:
            return 2
    # Bots continue from the hand's seed and the number of steps already taken, so
    # a resumed hand plays on as reproducibly as a new one.
    bots = _bots(seed + len(done), names, game.active, me)
    screen.line(_players_line(game, names, me, lang))
    if me is not None:
        screen.dim(_first_words(game, me, lang))
    watched = game.active if me is None else (me,)
    narrator = Narrator(game, screen, watched, me, in_session=args.rubber, lang=lang)
    narrator.open()
    for who, action in done:
        narrator.before()
        narrator.step(who, game.apply(action, seat=who))
    if done:
        narrator.flush()
        screen.dim(
            "  "
            + lang.plural(
                "(the saved hand stopped here, after {n} step)",
                "(the saved hand stopped here, after {n} steps)",
                len(done),
            )
        )
    for _ in range(MAX_STEPS):
        if game.is_over:
            narrator.close()
            return 0
        seat = game.to_act
        if seat is None:
            print(lang.text("error: the game is not over but no seat is to act"), file=sys.stderr)
            return 1
        narrator.before()
        if seat == me:
            narrator.flush()
            events = _ask(game, me, screen, lang)
            if events is None:
                return 1
            if isinstance(events, str):  # _UNDO
                narrator = _undo(game, me, bots, screen, narrator)
                continue
        else:
            events = game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        narrator.step(seat, events)
    print(lang.text("error: the hand did not end within {n} steps", n=MAX_STEPS), file=sys.stderr)
    return 1


def _undo(game: Game, me: int, bots: dict[int, Bot], screen: Screen, told: Narrator) -> Narrator:
    """Take back the player's last action (against bots only); the narrator to go on with."""
    lang = told.lang
    humans = [s for s in game.active if s != me and s not in bots]
    try:
        back = take_back_own(game, me, humans)
    except UndoRefused as e:
        print(lang.text("error: {error}", error=said_in(e, lang)))
        return told
    screen.line(
        lang.text(
            "taken back: {actions}",
            actions=", ".join(f"{seat_name(s, lang)} {a}" for s, a in back),
        )
    )
    narrator = Narrator(game, screen, told.watched, me, in_session=told.in_session, lang=lang)
    narrator.tricks = {s: game.tricks_won[s] for s in game.active}
    return narrator


def _ask(
    game: Game, me: int, screen: Screen, lang: Language = ENGLISH
) -> tuple[Event, ...] | str | None:
    """Show the user's side of the table and read actions until one is legal; its events
    (``_UNDO`` when the user asks to take back its last action, None when it leaves)."""
    view = game.view(me)
    ordered, line = grouped(game.legal_actions(), screen, lang)
    _status(game, me, screen, lang)
    may = "  " + lang.text("you may:") + " "
    screen.line(may, line)
    while True:
        print(lang.text("your action>") + " ", end="", flush=True)
        typed = sys.stdin.readline()
        if not typed:  # EOF
            print("\n" + lang.text("end of input: leaving the hand unfinished"))
            return None
        if not _isatty(sys.stdin):  # piped answers: echo them, so the transcript reads well
            print(typed.rstrip("\n"))
        typed = typed.strip()
        if not typed:
            continue
        if typed in ("?", "help"):
            for help_line in help_lines(game.rules, screen, lang):
                screen.line(help_line)
            screen.line(may, line)
            continue
        if typed.lower() == "list":
            for i, action in enumerate(ordered, 1):
                screen.line(f"  {i:>2}) {action}")
            continue
        if typed.lower() in ("quit", "exit"):
            print(lang.text("leaving the hand unfinished"))
            return None
        if typed.lower() == _UNDO:
            return _UNDO
        if typed.lower() == "hint":
            screen.line("  " + hint_text(game, me, lang=lang))
            continue
        try:
            picked: Action | str = choice(typed, ordered, lang)
            return game.apply(picked, seat=view.seat)
        except IllegalActionError as e:
            print(lang.text("error: {error}", error=refusal(e, game, lang)))
        except ValueError as e:  # unknown text and bad numbers
            print(lang.text("error: {error}", error=said_in(e, lang)))


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _item(item: ItemView, lang: Language) -> str:
    """An item at stake: ``game 2``, ``100 (seat 1) 4``, with a call's multiplier."""
    if item.label == "game":
        said = lang.text("game {value}", value=item.value)
    else:
        said = lang.text(
            "{figure} (seat {seat}) {value}", figure=item.label, seat=item.seat, value=item.value
        )
    if item.call != 1:
        return lang.text("{item}, call x{call}", item=said, call=item.call)
    return said


def _status(game: Game, me: int, screen: Screen, lang: Language = ENGLISH) -> None:
    """The user's side of the table before a decision."""
    view = game.view(me)
    phase = phase_name(view.phase, lang)
    if view.contract is None:
        turn = lang.text("-- your turn (seat {seat}), {phase}", seat=me, phase=phase)
    else:
        contract = contract_name(game.rules, game.contract, lang)
        turn = (
            lang.text(
                "-- your turn (seat {seat}), {phase}; contract {contract}",
                seat=me,
                phase=phase,
                contract=contract,
            )
            if view.declarer is None
            else lang.text(
                "-- your turn (seat {seat}), {phase}; contract {contract}, declarer seat "
                "{declarer}",
                seat=me,
                phase=phase,
                contract=contract,
                declarer=view.declarer,
            )
        )
    screen.line(turn)
    unseen = " " + lang.text("(+{n} face down)", n=view.unseen_count) if view.unseen_count else ""
    screen.line("  " + lang.text("your hand:") + " ", screen.cards(view.hand), unseen)
    if view.items:
        items = ", ".join(_item(item, lang) for item in view.items)
        screen.line("  " + lang.text("at stake: {items}", items=items))
    if view.call_stakes is not None:
        conceded, played = view.call_stakes
        screen.line(
            "  "
            + lang.text(
                "the call: {conceded} if conceded, {played} if played on",
                conceded=conceded,
                played=played,
            )
        )
    if view.trick:
        parts: list[object] = []
        for i, (s, c) in enumerate(view.trick):
            parts.extend([", " if i else "", seat_name(s, lang) + " ", screen.card(c)])
        screen.line("  " + lang.text("on the table:") + " ", parts)  # type: ignore[arg-type]


def _session(
    args: argparse.Namespace,
    rules: Ruleset,
    seed: int,
    names: Sequence[str],
    screen: Screen,
    lang: Language = ENGLISH,
) -> int:
    """Hands one after another until the session is decided (or ``--hands``)."""
    session = new_session(rules)
    screen.line(
        lang.text(
            "{name} [{id}], {goal}, seed {seed}",
            name=name_in(rules, lang),
            id=rules.id,
            goal=described(session, lang, hook="goal"),
            seed=seed,
        )
    )
    limit = args.hands if args.hands is not None else MAX_HANDS
    records: list[Record] = []
    status = 0
    try:
        for n in range(1, limit + 1):
            game = session.next_game(seed=seed + n - 1)
            if args.seat is None and not args.watch:
                args.seat = game.active[0]  # the user keeps one seat for the whole session
            screen.header(
                described(session, lang, n, hook="hand_title"),
                lang.text(
                    "seed {seed}, dealer seat {dealer}", seed=seed + n - 1, dealer=game.dealer
                ),
            )
            try:
                status = _one_hand(args, game, seed + n - 1, names, screen, lang)
            finally:
                records.append(game.record())
            if status != 0:
                return status
            before = session.state()
            session.add(game.settlement)
            scores(session, n, screen, before, lang)
            if session.is_over:
                break
        else:
            screen.line(not_decided(session, limit, lang))
    finally:
        if args.save is not None and records:
            _save_all(records, args.save, lang)
    return status


def _save_all(records: Sequence[Record], path: str, lang: Language) -> None:
    """Write the records of a session's hands to ``path`` (``.json``: a JSON list), and
    say so."""
    fmt = "json" if path.endswith(".json") else "text"
    Path(path).write_text(
        "\n".join(r.dumps(fmt) for r in records)
        if fmt == "text"
        else "[" + ",\n".join(r.dumps(fmt) for r in records) + "]",
        encoding="utf-8",
    )
    print(
        lang.plural(
            "records of {n} hand saved to {file}",
            "records of {n} hands saved to {file}",
            len(records),
            file=path,
        )
    )


_T = TypeVar("_T")


def read_record_file(path: str, parse: Callable[[str], _T], lang: Language = ENGLISH) -> _T | None:
    """``parse`` of the text of ``path`` (``Record.loads``, ``loads_all``), or None after
    saying on standard error, in ``lang``, why the file cannot be read or parsed."""
    try:
        content = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(lang.text("cannot read {file}: {error}", file=path, error=e), file=sys.stderr)
        return None
    try:
        return parse(content)
    except RecordError as e:
        print(f"{path}: {said_in(e, lang)}", file=sys.stderr)
        return None


def _load_record(path: str, lang: Language) -> tuple[Record, Game] | None:
    """Read and replay the single hand in ``path``; print why not and return None on failure."""
    record = read_record_file(path, Record.loads, lang)
    if record is None:
        return None
    try:
        # The local user's own command: a record may name a profile file (docs/records.rst).
        return record, record.replay(allow_files=True)
    except RecordError as e:
        print(f"{path}: {said_in(e, lang)}", file=sys.stderr)
        return None


def _save(game: Game, path: str, lang: Language) -> None:
    """Write the record of ``game`` to ``path`` (JSON for ``.json``), and say so."""
    fmt = "json" if path.endswith(".json") else "text"
    Path(path).write_text(game.record().dumps(fmt), encoding="utf-8")
    if game.is_over:
        print(lang.text("record saved to {file} (finished)", file=path))
    else:
        steps = len(game.history)
        print(
            lang.plural(
                "record saved to {file} (unfinished, {n} step)",
                "record saved to {file} (unfinished, {n} steps)",
                steps,
                file=path,
            )
        )
