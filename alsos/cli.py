"""The ``alsos`` command: play or watch a hand, list and check variant profiles.

Usage::

    alsos play [--variant potter1930] [--players N] [--seed N] [--seat K] [--watch]
               [--bots NAME[,NAME...]] [--rubber [--hands N]] [--suits letters|symbols]
               [--color auto|always|never] [--save FILE]
    alsos play --resume FILE [--seat K] [--watch] [--save FILE]
    alsos replay FILE [--html OUT [--seat K]]
    alsos analyze FILE [--seat K] [--json OUT] [--html OUT] [--worlds N] [--seed N]
    alsos variants
    alsos validate FILE [--players N]
    alsos schema [profile|view|settlement|event|record|action]
    alsos rules VARIANT [--players N] [--format markdown|rst] [--compare OTHER ...]
                [--images inline|files|none] [--out DIR]
    alsos arena [--variant V] [--bots A,B,...] [--deals N] [--duplicate] [--json FILE]
    alsos bench BOT-SPEC [--variant V] [--boards N] [--json FILE] | --compare FILE ...
    alsos simulate [VARIANT ...] [--hands N] [--bots B] [--out FILE] [--json FILE] [--plot FILE]
    alsos serve [--host H] [--port N] [--db URL] [--bot-delay SECONDS]
                [--hand-pause SECONDS|off] [--board-pause SECONDS]
                [--forwarded-allow-ips IPS]
                [--no-access-log] [--workers N] [--schema]

``play`` lives in ``alsos.terminal``: with ``--watch`` seeded bots play
every seat and the hand is told phase by phase, trick by trick, with the
settlement explained; without it the user plays one seat from the terminal
and sees only what that seat may know.

``play --save FILE`` writes the hand's record (``alsos.records.record``; JSON when
the file name ends in ``.json``, else the text form) when the hand ends or is
left unfinished; ``play --resume FILE`` replays a saved record and plays on
from where it stopped.  ``replay FILE`` prints every hand in a record file
step by step, with its settlement (and, for several hands, the session);
``replay FILE --html OUT`` writes them instead as a web page that steps
through each hand (``alsos.viewer``), ``--seat K`` showing only what seat K saw.

``analyze FILE`` judges every decision of the hand in a record file
(``alsos.analysis``): one line per decision, trick by trick, with its mark,
its cost and the better choice, open-card and from the seat's view, then
each seat's summary; ``--json OUT`` writes the analysis as data, ``--html
OUT`` the hand viewer with an evaluation strip per step, the better card
outlined and the marks in the list of steps (``alsos.viewer_marks``).

``schema`` prints the JSON Schema of the profile format (``alsos.ruleset.schema``),
for editors that check YAML as it is typed; ``schema view`` (or
``settlement``, ``event``, ``record``, ``action``) prints that of the data a
server sends its clients (``alsos.play.data.schema``).

``rules`` prints the rulebook of a variant, written from its profile
(``alsos.rulebook.render``), as Markdown or reStructuredText; with
``--compare`` it prints only where the variants differ, rule by rule
(``alsos.rulebook.compare``).  ``--out DIR`` writes the rulebook into DIR
with its card pictures as SVG files beside it (``--images files``, the
default there); on standard output the pictures are left out unless
``--images inline`` asks for them in the text.

``serve`` runs the web table (``alsos.web``, the ``web`` extra) with uvicorn:
a page to make a table of people and bots and play it in a browser;
``serve --schema`` prints the JSON Schema of its WebSocket protocol
(``alsos.web.protocol``) instead.

The command is a thin shell over the public API (``alsos.load_variant``,
``alsos.Game``, ``alsos.bots``); everything it prints comes from there.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import alsos
from alsos import terminal
from alsos.language import LANGUAGES, language, locale_language
from alsos.pack.cards import quote
from alsos.play.data import SCHEMA_KINDS
from alsos.play.data import schema as data_schema
from alsos.records.record import RecordError, labelled, loads_all, replay_session
from alsos.rulebook import IMAGES, compare, render, summary
from alsos.rulebook import write as write_rulebook
from alsos.ruleset.schema import profile_schema
from alsos.terminal.safe import printable_output
from alsos.version import build_description, build_fallback

if TYPE_CHECKING:
    from alsos import Game

    _Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
    """What ``add_subparsers`` gives: each ``_add_*`` below adds its subcommand to it."""

__all__ = ["main"]

# The profile `alsos variants` describes the others against.
REFERENCE_VARIANT = "potter1930"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Argument errors and ``--help`` are turned into a return value as well, so
    callers (and tests) get an int instead of a ``SystemExit``.
    """
    # Records and profiles supply names, titles and comments that are printed:
    # every character written goes through one filter (alsos.terminal.safe).
    with printable_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main` behind the filter."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse exits on --help and on bad arguments
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    command: str = args.command
    _tell_a_failed_compile_once()
    try:
        if command == "play":
            return terminal.run(args)
        if command == "replay":
            return _replay(args.file, args.html, args.seat, args.lang)
        if command == "analyze":
            from alsos.terminal.analyze import analyze_file

            return analyze_file(
                args.file,
                args.seat,
                args.json,
                args.worlds,
                args.seed,
                args.html,
                language(args.lang or locale_language()),
            )
        if command in _MODULE_COMMANDS:
            run: Callable[[argparse.Namespace], int]
            run = importlib.import_module(_MODULE_COMMANDS[command][0]).run
            return run(args)
        if command == "variants":
            return _variants()
        if command == "validate":
            return _validate(args.file, args.players)
        if command == "schema":
            return _schema(args.kind)
        if command == "rules":
            return _rules(
                args.variant,
                args.players,
                args.format,
                args.compare,
                args.images,
                args.out,
                args.lang or locale_language(),
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


def _tell_a_failed_compile_once(package: Path | None = None) -> None:
    """Say on stderr, the first time the command runs, that the compile of this
    installation failed and it runs as pure Python (see ``build_fallback``).

    pip shows nothing of a build under ``pip install -q``, and the build falls
    back to pure Python where it cannot compile, so this is where the user
    learns it.  Once per installation and user: a marker named after the
    installation's ``_build.txt`` (its place, inode, change time and reason:
    a reinstall makes a new one) is left in ``$XDG_CACHE_HOME/alsos`` (by
    default ``~/.cache/alsos``); where none can be, it is said every time.
    ``alsos --version`` always says which build runs.
    """
    package = Path(alsos.__file__).resolve().parent if package is None else package
    why = build_fallback(package)
    if why is None:
        return
    marker: Path | None = None
    try:
        note = (package / "_build.txt").stat()
        where = f"{package}\0{note.st_ino}\0{note.st_ctime_ns}\0{why}"
        cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        key = hashlib.sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        marker = Path(cache) / "alsos" / f"told-pure-build-{key}"
        if marker.exists():
            return
    except (OSError, RuntimeError):  # RuntimeError: no home folder to be found
        pass
    print(
        f"alsos: this installation is pure Python, not the compiled build: its compile "
        f"failed ({why}).  It plays the same, only slower; once that is mended (the build "
        "needs a C compiler and the Python headers), `pip install -v --no-cache-dir "
        "--force-reinstall` builds it again.  (Said once; `alsos --version` says which "
        "build runs.)",
        file=sys.stderr,
    )
    if marker is not None:
        try:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.touch()
        except OSError:
            pass


def _parser() -> argparse.ArgumentParser:
    """Build the argument parser with its subcommands."""
    parser = argparse.ArgumentParser(
        prog="alsos",
        description="Play, watch and check hands of the Hungarian card game Alsós.",
        # unwrapped text: --version names every compiled module on one line
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    version = f"alsos {alsos.__version__} ({build_description()})"
    parser.add_argument("--version", action="version", version=version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for add in _SUBCOMMANDS:
        add(sub)
    return parser


def _add_play(sub: _Subparsers) -> None:
    """The ``play`` subcommand (its options are the terminal's)."""
    play = sub.add_parser(
        "play",
        help="play a hand (or a rubber) in the terminal, or watch bots play it",
        description=(
            "Play a hand against bots, typing actions or their numbers ('?' for help); "
            "with --watch, bots play every seat and the hand is told phase by phase."
        ),
    )
    terminal.add_arguments(play)


def _add_replay(sub: _Subparsers) -> None:
    """The ``replay`` subcommand: a record file printed or written as a web page."""
    replay = sub.add_parser(
        "replay",
        help="print the hands of a record file step by step, with their settlements",
        description="Replay every hand in a record file (text or JSON) and print it.",
    )
    replay.add_argument("file", metavar="FILE", help="a record file written by 'play --save'")
    replay.add_argument(
        "--html",
        metavar="OUT",
        help="write a self-contained web page to OUT that steps through the hands (alsos.viewer)",
    )
    replay.add_argument(
        "--seat",
        type=int,
        metavar="K",
        help="with --html: show only what seat K saw (default: every card, as a spectator)",
    )
    replay.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help=(
            "with --html: the language of the page (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG, else English); the printed replay is English"
        ),
    )


def _add_analyze(sub: _Subparsers) -> None:
    """The ``analyze`` subcommand: every decision of a recorded hand judged."""
    analyze = sub.add_parser(
        "analyze",
        help="judge every decision of a recorded hand: marks, costs and better choices",
        description=(
            "Value every decision of the hand in a record file open-card (every card "
            "seen, exact) and from the deciding seat's view (sampled, with 95% intervals); "
            "print one line per decision with its mark, cost and the better choice."
        ),
    )
    analyze.add_argument("file", metavar="FILE", help="a record file with one hand")
    analyze.add_argument("--seat", type=int, metavar="K", help="only seat K's decisions")
    analyze.add_argument("--json", metavar="OUT", help="also write the analysis as JSON to OUT")
    analyze.add_argument(
        "--html",
        metavar="OUT",
        help=(
            "also write the hand viewer to OUT, with an evaluation strip per step, the "
            "better card outlined and the marks in the list of steps"
        ),
    )
    analyze.add_argument(
        "--worlds",
        type=int,
        default=16,
        metavar="N",
        help="worlds sampled from the seat's view per decision (0: open-card only; default 16)",
    )
    analyze.add_argument(
        "--seed", type=int, default=0, metavar="N", help="seed of the view values (default 0)"
    )
    analyze.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help=(
            "the language of the report (default: from LANGUAGE, LC_ALL, LC_MESSAGES or "
            "LANG, else en; qps marks every message); actions stay in the notation"
        ),
    )


#: The commands that are each a module with ``add_arguments`` and ``run``, imported
#: when used: its name, its module, its help line and its description.
_MODULE_COMMANDS = {
    "puzzles": (
        "alsos.terminal.puzzles",
        "puzzles from your mistakes or from bot hands, and solving them here",
        "Make puzzles of the decisions where one choice is clearly best: the mistakes in a "
        "record FILE, or a set from bot hands (--generate); or solve a puzzle file in the "
        "terminal (--solve).",
    ),
    "tutorial": (
        "alsos.terminal.tutorial",
        "a guided first hand: each new idea explained as it comes up",
        "Play a recorded hand of the profile as a lesson: the hand is told as it goes, each "
        "new idea is explained when it first comes up, and at your turn the lesson says "
        "which move to make and what it does.",
    ),
    "arena": (
        "alsos.research.arena",
        "bots against each other on duplicate deals, with 95%% intervals",
        "Play duplicate deals with the bots rotated through the seats; print each bot's mean "
        "payment per hand and the paired differences (--duplicate: matchpoints and stake "
        "points too).",
    ),
    "simulate": (
        "alsos.research.simulate",
        "a rule study: the same hands under several variants, compared",
        "Play the same seeds under each variant and compare contracts, figures, kontras and "
        "stakes, with 95% intervals and paired differences.",
    ),
    "serve": (
        "alsos.serving",
        "play in a browser: run the web table (needs the web extra)",
        "Serve the web table: a page to make a table of people and bots and play it; "
        "tables and actions are stored in the database (a SQLite file by default).",
    ),
    "bench": (
        "alsos.research.bench",
        "the open benchmark: a bot rated on frozen boards against the shipped levels",
        "Play a bot on the profile's frozen boards at every position against each shipped "
        "level; print its rating on the leaderboard's scale, its duplicate scores with 95% "
        "intervals and its time per decision (--compare: result files side by side).",
    ),
}


def _add_module_command(name: str, sub: _Subparsers) -> None:
    """A subcommand of :data:`_MODULE_COMMANDS` (its options are its module's)."""
    path, help_line, description = _MODULE_COMMANDS[name]
    module = importlib.import_module(path)
    module.add_arguments(sub.add_parser(name, help=help_line, description=description))


def _add_variants(sub: _Subparsers) -> None:
    """The ``variants`` subcommand: the shipped profiles listed."""
    sub.add_parser(
        "variants",
        help="list the shipped variant profiles",
        description="List the variant profiles shipped with alsos: id, players, name, sources.",
    )


def _add_validate(sub: _Subparsers) -> None:
    """The ``validate`` subcommand: a YAML profile checked."""
    validate = sub.add_parser(
        "validate",
        help="check a variant profile (YAML) and report its problems",
        description=(
            "Load a YAML profile the way the engine does and print 'ok: <id>', or each "
            "problem with its key path (exit status 1)."
        ),
    )
    validate.add_argument("file", metavar="FILE", help="path to the YAML profile")
    validate.add_argument(
        "--players", type=int, default=None, metavar="N", help="check it loaded for N seats"
    )


def _add_schema(sub: _Subparsers) -> None:
    """The ``schema`` subcommand: a JSON Schema printed."""
    schema = sub.add_parser(
        "schema",
        help="print the JSON Schema of variant profiles, or of the data sent to clients",
        description=(
            "Print the JSON Schema (draft 2020-12) of the YAML profile format, derived from "
            "the profile classes, e.g. for a YAML language server; or of what "
            "alsos.to_data gives for a view, settlement, event, record or action."
        ),
    )
    schema.add_argument(
        "kind",
        nargs="?",
        choices=("profile", *SCHEMA_KINDS),
        default="profile",
        help="what to describe (default: profile)",
    )


def _add_rules(sub: _Subparsers) -> None:
    """The ``rules`` subcommand: a rulebook, or the differences of variants."""
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
    rules.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help=(
            "the language of the rulebook (default: from LANGUAGE, LC_ALL, LC_MESSAGES or "
            "LANG, else English)"
        ),
    )


_SUBCOMMANDS: tuple[Callable[[_Subparsers], None], ...] = (
    _add_play,
    _add_replay,
    _add_analyze,
    functools.partial(_add_module_command, "puzzles"),
    functools.partial(_add_module_command, "tutorial"),
    _add_variants,
    _add_validate,
    _add_schema,
    _add_rules,
    functools.partial(_add_module_command, "arena"),
    functools.partial(_add_module_command, "simulate"),
    functools.partial(_add_module_command, "bench"),
    functools.partial(_add_module_command, "serve"),
)
"""The subcommands in the order ``alsos --help`` lists them."""


# ---------------------------------------------------------------- variants


def _variants() -> int:
    """Print each shipped profile: id, player count, name, how it differs from
    potter1930 (``alsos.rulebook.summary``) and the sources it cites."""
    status = 0
    reference = alsos.load_variant(REFERENCE_VARIANT)
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
        print(f"    vs {REFERENCE_VARIANT}: {summary(rules, reference)}")
        for key, source in rules.sources.items():
            print(f"    {key}: {source}")
    return status


# ---------------------------------------------------------------- validate


def _validate(file: str, players: int | None = None) -> int:
    """Load ``file`` (for ``players`` seats) as a profile; print ``ok: <id>`` or its problems."""
    path = Path(file)
    target: str | Path = path
    if not path.exists() and file in alsos.shipped_variants():
        target = file  # `alsos validate potter1930` checks the shipped profile
    try:
        rules = alsos.load_variant(target, **({} if players is None else {"players": players}))
    except alsos.ProfileError as e:
        for problem in e.problems:
            print(f"{e.source}: {problem}")
        return 1
    print(f"ok: {rules.id}")
    return 0


# ------------------------------------------------------------------ schema


def _schema(kind: str = "profile") -> int:
    """Print the JSON Schema of the profile format (or of ``kind`` of wire data),
    indented, with non-ASCII text as is."""
    doc = profile_schema() if kind == "profile" else data_schema(kind)
    print(json.dumps(doc, indent=2, ensure_ascii=False))
    return 0


# ------------------------------------------------------------------- rules


def _rules(
    variant: str,
    players: int | None,
    fmt: str,
    others: Sequence[str] | None,
    images: str | None = None,
    out: str | None = None,
    lang: str = "en",
) -> int:
    """Print the rulebook of ``variant`` in ``lang`` (or write it into ``out``), or its
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
            print(f"cannot load variant {quote(spec)}:", file=sys.stderr)
            for problem in e.problems:
                print(f"    {e.source}: {problem}", file=sys.stderr)
            return 1
    if len(rulesets) > 1:
        text = compare(rulesets, fmt, lang=lang)
        if out is not None:
            path = Path(out) / f"differences.{'rst' if fmt == 'rst' else 'md'}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
            return 0
    elif out is not None:
        path = write_rulebook(rulesets[0], out, fmt, images=images or "files", lang=lang)
        print(f"wrote {path}")
        return 0
    else:
        text = render(rulesets[0], fmt, images=images or "none", lang=lang)
    print(text, end="")
    return 0


# ------------------------------------------------------------------ replay


def _replay(
    path: str, html: str | None = None, seat: int | None = None, lang: str | None = None
) -> int:
    """Print each hand of a record file step by step, then its settlement.

    With ``html``, write the hands as a web page to that file instead (``alsos.viewer``),
    in the language ``lang`` (default: the locale's, :func:`~alsos.language.locale_language`).
    """
    if seat is not None and html is None:
        print("--seat K needs --html OUT (the printed replay shows every card)", file=sys.stderr)
        return 2
    records = terminal.read_record_file(path, loads_all)
    if records is None:
        return 1
    try:
        # The local user's own command: a record may name a profile file (docs/records.rst).
        games = [r.replay(allow_files=True) for r in records]
    except RecordError as e:
        print(f"{path}: {e}", file=sys.stderr)
        return 1
    if html is not None:
        from alsos.viewer import ViewerError, page

        try:
            # as replay, above: a record may name a profile file
            text = page(records, seat=seat, allow_files=True, lang=lang or locale_language())
            Path(html).write_text(text, encoding="utf-8")
        except ViewerError as e:
            print(f"{path}: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"cannot write {html}: {e}", file=sys.stderr)
            return 1
        words = language(lang or locale_language())
        print(
            words.plural(
                "viewer of {n} hand written to {file}",
                "viewer of {n} hands written to {file}",
                len(records),
                file=html,
            )
        )
        return 0
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
            session = replay_session(records, allow_files=True)
        except RecordError as e:
            print(f"not one session: {e}")
            return 0
        print("-- session --")
        scores, result = sorted(session.scores.items()), sorted(session.result().items())
        print("written: " + ", ".join(f"seat {s} {v}" for s, v in scores))
        print("result:  " + ", ".join(f"seat {s} {v:+d}" for s, v in result))
    return 0


def _cards(cards: Sequence[object]) -> str:
    """Cards written in the notation, space separated (``-`` for none)."""
    return " ".join(str(c) for c in cards) if cards else "-"


def _print_settlement(game: Game) -> None:
    """Print the settlement the engine produced at the end of the hand."""
    print("-- settlement --")
    print(game.settlement)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
