"""The ``alsos`` command: play or watch a hand, list and check variant profiles.

Usage::

    alsos play [--variant potter1930] [--seed N] [--seat K] [--watch] [--save FILE]
    alsos play --resume FILE [--seat K] [--watch] [--save FILE]
    alsos replay FILE
    alsos variants
    alsos validate FILE
    alsos schema
    alsos rules VARIANT [--players N] [--format markdown|rst] [--compare OTHER ...]
                [--images inline|files|none] [--out DIR]

``play --watch`` lets seeded random bots play every seat and prints each step
as ``seat 1: announce abszolut``, then the settlement.  Without ``--watch``
the user plays one seat from the terminal: the user's view and the numbered
legal actions are printed, and a line is read from standard input, either an
action in the notation of ``docs/notation.rst`` or the number of a legal
action.  Only what the user's seat may know is printed (the view's history),
so hidden cards such as a bot's discards stay hidden.

``play --save FILE`` writes the hand's record (``alsos.record``; JSON when
the file name ends in ``.json``, else the text form) when the hand ends or is
left unfinished; ``play --resume FILE`` replays a saved record and plays on
from where it stopped.  ``replay FILE`` prints every hand in a record file
step by step, with its settlement (and, for several hands, the session).

``schema`` prints the JSON Schema of the profile format (``alsos.schema``),
for editors that check YAML as it is typed.

``rules`` prints the rulebook of a variant, written from its profile
(``alsos.rulebook.render``), as Markdown or reStructuredText; with
``--compare`` it prints only where the variants differ, rule by rule
(``alsos.rulebook.compare``).  ``--out DIR`` writes the rulebook into DIR
with its card pictures as SVG files beside it (``--images files``, the
default there); on standard output the pictures are left out unless
``--images inline`` asks for them in the text.

The command is a thin shell over the public API (``alsos.load_variant``,
``alsos.Game``, ``alsos.RandomBot``); everything it prints comes from there.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import alsos
from alsos.record import Record, RecordError, labelled, loads_all, replay_session
from alsos.rulebook import IMAGES, compare, render, summary
from alsos.rulebook import write as write_rulebook
from alsos.schema import profile_schema

if TYPE_CHECKING:
    from alsos import Action, Game, RandomBot, View

__all__ = ["main"]

DEFAULT_VARIANT = "potter1930"
# A hand has a few dozen steps; this only stops a runaway loop if an engine bug
# ever left the game without an end.
MAX_STEPS = 10_000


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Argument errors and ``--help`` are turned into a return value as well, so
    callers (and tests) get an int instead of a ``SystemExit``.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse exits on --help and on bad arguments
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    command: str = args.command
    try:
        if command == "play":
            return _play(args)
        if command == "replay":
            return _replay(args.file)
        if command == "variants":
            return _variants()
        if command == "validate":
            return _validate(args.file)
        if command == "schema":
            return _schema()
        if command == "rules":
            return _rules(
                args.variant, args.players, args.format, args.compare, args.images, args.out
            )
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``alsos replay FILE | head``): stop quietly, and
        # keep Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    parser.error(f"unknown command {command!r}")  # pragma: no cover - argparse checks choices


def _parser() -> argparse.ArgumentParser:
    """Build the argument parser with its subcommands."""
    parser = argparse.ArgumentParser(
        prog="alsos",
        description="Play, watch and check hands of the Hungarian card game Alsós.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    play = sub.add_parser(
        "play",
        help="play one hand in the terminal (or watch bots play it)",
        description=(
            "Play one hand against random bots, typing actions or their numbers; "
            "with --watch, bots play every seat and each step is printed."
        ),
    )
    play.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="ID_OR_FILE",
        help=f"shipped variant id or path to a YAML profile (default: {DEFAULT_VARIANT})",
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
        help="the seat you play, counting from 0 (default: 0)",
    )
    play.add_argument(
        "--watch", action="store_true", help="let bots play every seat and print each step"
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="write the hand's record to FILE when it ends or is left (.json: JSON)",
    )
    play.add_argument(
        "--resume", metavar="FILE", help="replay the record in FILE and play on from there"
    )

    replay = sub.add_parser(
        "replay",
        help="print the hands of a record file step by step, with their settlements",
        description="Replay every hand in a record file (text or JSON) and print it.",
    )
    replay.add_argument("file", metavar="FILE", help="a record file written by 'play --save'")

    sub.add_parser(
        "variants",
        help="list the shipped variant profiles",
        description="List the variant profiles shipped with alsos: id, players, name, sources.",
    )

    validate = sub.add_parser(
        "validate",
        help="check a variant profile (YAML) and report its problems",
        description=(
            "Load a YAML profile the way the engine does and print 'ok: <id>', or each "
            "problem with its key path (exit status 1)."
        ),
    )
    validate.add_argument("file", metavar="FILE", help="path to the YAML profile")

    sub.add_parser(
        "schema",
        help="print the JSON Schema of variant profiles",
        description=(
            "Print the JSON Schema (draft 2020-12) of the YAML profile format, derived from "
            "the profile classes, e.g. for a YAML language server."
        ),
    )

    rules = sub.add_parser(
        "rules",
        help="print the rulebook of a variant, or how variants differ",
        description=(
            "Print the complete rules of a variant, written from its profile, as Markdown "
            "or reStructuredText; with --compare, print only the rules in which the "
            "variants differ."
        ),
    )
    rules.add_argument(
        "variant",
        metavar="VARIANT",
        help="shipped variant id (e.g. potter1930) or path to a YAML profile",
    )
    rules.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="load VARIANT for N seats, if its profile allows several (e.g. csibor)",
    )
    rules.add_argument(
        "--format",
        choices=("markdown", "rst"),
        default="markdown",
        help="output format (default: markdown)",
    )
    rules.add_argument(
        "--compare",
        nargs="+",
        default=None,
        metavar="OTHER",
        help=(
            "compare VARIANT with these variants (ids, paths, or forms such as "
            "'csibor[players=2]') and print the differences"
        ),
    )
    rules.add_argument(
        "--images",
        choices=IMAGES,
        default=None,
        help=(
            "card pictures: in the text, as SVG files beside it, or none "
            "(default: files with --out, none on standard output)"
        ),
    )
    rules.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="write the rulebook (and its pictures) into DIR instead of printing it",
    )
    return parser


# ---------------------------------------------------------------- variants


def _variants() -> int:
    """Print each shipped profile: id, player count, name, how it differs from
    potter1930 (``alsos.rulebook.summary``) and the sources it cites."""
    status = 0
    reference = alsos.load_variant(DEFAULT_VARIANT)
    for vid in alsos.shipped_variants():
        try:
            rules = alsos.load_variant(vid)
        except alsos.ProfileError as e:
            status = 1
            print(f"{vid}: cannot be loaded")
            for problem in e.problems:
                print(f"    {problem}")
            continue
        print(f"{rules.id}  ({rules.players} players)  {rules.name}")
        print(f"    vs {DEFAULT_VARIANT}: {summary(rules, reference)}")
        for key, source in rules.sources.items():
            print(f"    {key}: {source}")
    return status


# ---------------------------------------------------------------- validate


def _validate(file: str) -> int:
    """Load ``file`` as a profile; print ``ok: <id>`` or one problem per line."""
    path = Path(file)
    target: str | Path = path
    if not path.exists() and file in alsos.shipped_variants():
        target = file  # `alsos validate potter1930` checks the shipped profile
    try:
        rules = alsos.load_variant(target)
    except alsos.ProfileError as e:
        for problem in e.problems:
            print(f"{e.source}: {problem}")
        return 1
    print(f"ok: {rules.id}")
    return 0


# ------------------------------------------------------------------ schema


def _schema() -> int:
    """Print the profile format's JSON Schema, indented, with non-ASCII text as is."""
    print(json.dumps(profile_schema(), indent=2, ensure_ascii=False))
    return 0


# ------------------------------------------------------------------- rules


def _rules(
    variant: str,
    players: int | None,
    fmt: str,
    others: Sequence[str] | None,
    images: str | None = None,
    out: str | None = None,
) -> int:
    """Print the rulebook of ``variant`` (or write it into ``out``), or its
    differences from ``others``."""
    if images == "files" and out is None:
        print("--images files needs --out DIR, where the pictures are written", file=sys.stderr)
        return 2
    rulesets = []
    for i, spec in enumerate([variant, *(others or ())]):
        options = {"players": players} if i == 0 and players is not None else {}
        try:
            rulesets.append(alsos.load_variant(spec, **options))
        except alsos.ProfileError as e:
            print(f"cannot load variant {spec!r}:", file=sys.stderr)
            for problem in e.problems:
                print(f"    {e.source}: {problem}", file=sys.stderr)
            return 1
    if len(rulesets) > 1:
        text = compare(rulesets, fmt)
        if out is not None:
            path = Path(out) / f"differences.{'rst' if fmt == 'rst' else 'md'}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
            return 0
    elif out is not None:
        path = write_rulebook(rulesets[0], out, fmt, images=images or "files")
        print(f"wrote {path}")
        return 0
    else:
        text = render(rulesets[0], fmt, images=images or "none")
    print(text, end="")
    return 0


# -------------------------------------------------------------------- play


def _play(args: argparse.Namespace) -> int:
    """Set up the table for ``alsos play`` and hand over to watch or interactive mode."""
    if args.resume is not None:
        loaded = _load_record(args.resume)
        if loaded is None:
            return 1
        record, game = loaded
        rules = game.rules
        seed = record.seed if record.seed is not None else 0
        print(f"{rules.name} [{rules}], resumed from {args.resume} after {len(game.history)} steps")
    else:
        try:
            rules = alsos.load_variant(args.variant)
        except alsos.ProfileError as e:
            print(f"cannot load variant {args.variant!r}:", file=sys.stderr)
            for problem in e.problems:
                print(f"    {e.source}: {problem}", file=sys.stderr)
            return 1
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        game = alsos.Game(rules, seed=seed, dealer=0)
        print(f"{rules.name} [{rules.id}], seed {seed}, dealer seat {game.dealer}")
    active = game.active
    # Bots continue from the hand's seed and the number of steps taken, so a
    # resumed hand plays on as reproducibly as a new one.
    bots = {seat: alsos.RandomBot(_bot_seed(seed + len(game.history), seat)) for seat in active}
    try:
        if args.watch:
            return _watch(game, bots)
        seat: int = args.seat if args.seat is not None else active[0]
        if seat not in active:
            print(
                f"seat {seat} does not play this hand; choose one of {', '.join(map(str, active))}",
                file=sys.stderr,
            )
            return 2
        return _interactive(game, bots, seat)
    finally:
        if args.save is not None:
            _save(game, args.save)


def _load_record(path: str) -> tuple[Record, Game] | None:
    """Read and replay the single hand in ``path``; print why not and return None on failure."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return None
    try:
        record = Record.loads(text)
        return record, record.replay()
    except RecordError as e:
        print(f"{path}: {e}", file=sys.stderr)
        return None


def _save(game: Game, path: str) -> None:
    """Write the record of ``game`` to ``path`` (JSON for ``.json``), and say so."""
    fmt = "json" if path.endswith(".json") else "text"
    Path(path).write_text(game.record().dumps(fmt), encoding="utf-8")
    state = "finished" if game.is_over else f"unfinished, {len(game.history)} steps"
    print(f"record saved to {path} ({state})")


def _replay(path: str) -> int:
    """Print each hand of a record file step by step, then its settlement."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return 1
    try:
        records = loads_all(text)
        games = [r.replay() for r in records]
    except RecordError as e:
        print(f"{path}: {e}", file=sys.stderr)
        return 1
    for n, (record, game) in enumerate(zip(records, games, strict=True), 1):
        if len(records) > 1:
            print(f"== hand {n} of {len(records)} ==")
        names = dict(enumerate(record.seats))
        print(f"{game.rules.name} [{record.variant}], dealer seat {record.dealer}")
        for seat in game.active:
            name = f" ({names[seat]})" if seat in names else ""
            print(f"seat {seat}{name} was dealt {_cards(game.deal.hands[seat])}")
        print(f"talon: {_cards(game.deal.talon)}")
        for label, _i, seat, action in labelled(record):
            if label is not None:
                print(f"-- {label} --")
            print(f"seat {seat}: {action}")
        if game.is_over:
            _print_settlement(game)
        else:
            print(f"-- unfinished: seat {game.to_act} to act in phase {game.phase} --")
    if len(records) > 1 and all(g.is_over for g in games):
        try:
            session = replay_session(records)
        except RecordError as e:
            print(f"not one session: {e}")
            return 0
        print("-- session --")
        scores, result = sorted(session.scores.items()), sorted(session.result().items())
        print("written: " + ", ".join(f"seat {s} {v}" for s, v in scores))
        print("result:  " + ", ".join(f"seat {s} {v:+d}" for s, v in result))
    return 0


def _bot_seed(seed: int, seat: int) -> int:
    """A bot's seed derived from the hand's seed, so a replay with the same seed matches."""
    return random.Random(f"alsos-bot:{seed}:{seat}").randrange(2**32)


def _bot_step(game: Game, bots: dict[int, RandomBot], seat: int) -> Action:
    """Let the bot at ``seat`` choose from its own view and apply the choice."""
    legal = game.legal_actions()
    action = bots[seat].choose(game.view(seat), legal)
    game.apply(action)
    return action


def _watch(game: Game, bots: dict[int, RandomBot]) -> int:
    """Bots play every seat; print the deal, every step and the settlement."""
    for each in sorted(bots):
        print(f"seat {each} holds {_cards(game.view(each).hand)}")
    first = game.view(min(bots))
    if first.talon_seen:
        print(f"talon seen: {_cards(first.talon_seen)}")
    phase = None
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        seat = game.to_act
        if seat is None:
            print("error: the game is not over but no seat is to act", file=sys.stderr)
            return 1
        if game.phase != phase:
            phase = game.phase
            print(f"-- {phase} --")
        action = _bot_step(game, bots, seat)
        print(f"seat {seat}: {action}")
    else:
        print(f"error: the hand did not end within {MAX_STEPS} steps", file=sys.stderr)
        return 1
    _print_settlement(game)
    return 0


def _interactive(game: Game, bots: dict[int, RandomBot], me: int) -> int:
    """The user plays seat ``me`` from standard input; bots play the others.

    Returns 0 when the hand ends, 1 if input ends (EOF) or the user quits.
    """
    print(
        f"You play seat {me}. Type an action (e.g. 'pass', 'announce abszolut', 'MA') "
        "or the number of a legal action; '?' shows the list again, 'quit' leaves."
    )
    shown = 0  # entries of the user's view history already printed
    for _ in range(MAX_STEPS):
        shown = _print_news(game.view(me), shown, me)
        if game.is_over:
            _print_settlement(game)
            return 0
        seat = game.to_act
        if seat is None:
            print("error: the game is not over but no seat is to act", file=sys.stderr)
            return 1
        if seat != me:
            _bot_step(game, bots, seat)
            continue
        legal = game.legal_actions()
        view = game.view(me)
        print(_describe(view, legal))
        while True:
            print("your action> ", end="", flush=True)
            line = sys.stdin.readline()
            if not line:  # EOF
                print("\nend of input: leaving the hand unfinished")
                return 1
            text = line.strip()
            if not text:
                continue
            if text in ("?", "help"):
                print(_describe(view, legal))
                continue
            if text.lower() in ("quit", "exit"):
                print("leaving the hand unfinished")
                return 1
            try:
                game.apply(_choice(text, legal))
            except ValueError as e:  # IllegalActionError and bad numbers
                print(f"error: {e}")
                continue
            break
    print(f"error: the hand did not end within {MAX_STEPS} steps", file=sys.stderr)
    return 1


def _choice(text: str, legal: Sequence[Action]) -> Action | str:
    """Turn the user's line into an action: a number picks from ``legal``, else it is text."""
    if re.fullmatch(r"-?[0-9]{1,9}", text):
        n = int(text)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise ValueError(f"there is no legal action number {n}; choose 1 to {len(legal)}")
    return text


def _print_news(view: View, shown: int, me: int) -> int:
    """Print the entries of the view's history after the first ``shown``; return the new count."""
    history = view.history
    for seat, text in history[shown:]:
        print(f"seat {seat}{' (you)' if seat == me else ''}: {text}")
    return len(history)


def _describe(view: View, legal: Sequence[Action]) -> str:
    """The user's side of the table: phase, contract, hand, seen talon, trick, numbered actions."""
    lines = [f"== seat {view.seat} to act, phase: {view.phase}"]
    if view.contract is not None:
        declarer = "" if view.declarer is None else f", declarer seat {view.declarer}"
        lines.append(f"   contract: {view.contract}{declarer}")
    unseen = f" (+{view.unseen_count} unseen)" if view.unseen_count else ""
    lines.append(f"   your hand: {_cards(view.hand)}{unseen}")
    if view.talon_seen:
        lines.append(f"   talon seen: {_cards(view.talon_seen)}")
    if view.items:
        lines.append("   at stake: " + ", ".join(str(item) for item in view.items))
    if view.call_stakes is not None:
        conceded, played = view.call_stakes
        lines.append(f"   the call: {conceded} if conceded, {played} if played on")
    if view.trick:
        lines.append("   trick: " + ", ".join(f"seat {s} {c}" for s, c in view.trick))
    width = len(str(len(legal)))
    lines.append("   legal actions:")
    lines.extend(f"   {i:>{width}}) {action}" for i, action in enumerate(legal, 1))
    return "\n".join(lines)


def _cards(cards: Sequence[object]) -> str:
    """Cards written in the notation, space separated (``-`` for none)."""
    return " ".join(str(c) for c in cards) if cards else "-"


def _print_settlement(game: Game) -> None:
    """Print the settlement the engine produced at the end of the hand."""
    print("-- settlement --")
    print(game.settlement)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
