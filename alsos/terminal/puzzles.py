"""``alsos puzzles``: puzzles from one's own hands, a generated set, and solving them.

Three uses, one command:

* ``alsos puzzles FILE`` -- the mistakes of the hands in a record file, each
  a puzzle (:func:`alsos.learn.find_puzzles`), printed and (``--out``) written
  as JSON lines;
* ``alsos puzzles --generate --variant V --hands N`` -- a reproducible set
  from bot hands (:func:`alsos.learn.generate`), the same for the same seed;
* ``alsos puzzles --solve PUZZLES`` -- a puzzle file solved in the terminal:
  each position as its seat saw it, the answer typed, then the best choice
  with every choice's value and why.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from alsos.errors import NotationError
from alsos.language import LANGUAGES, Language, language, locale_language, said_in
from alsos.learn import SETS, Puzzle, PuzzleError, dumps, find_puzzles, generate, loads, shipped
from alsos.pack.actions import Action, parse_action
from alsos.records.record import loads_all
from alsos.terminal import read_record_file
from alsos.words.learning import answer_lines, puzzle_lines

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``alsos puzzles``."""
    parser.add_argument("file", metavar="FILE", nargs="?", help="a record file: its mistakes")
    parser.add_argument("--generate", action="store_true", help="make a set from bot hands")
    parser.add_argument("--variant", default="potter1930", help="with --generate (potter1930)")
    parser.add_argument(
        "--hands",
        type=int,
        default=20,
        metavar="N",
        help="with --generate: bot hands to look through (default 20)",
    )
    parser.add_argument(
        "--bots",
        default="medium",
        metavar="SPEC",
        help="with --generate: the bots that play them (default medium)",
    )
    parser.add_argument("--solve", metavar="PUZZLES",
                        help="solve a puzzle file in the terminal, or a shipped set by its "
                             "profile (potter1930, tompa)")  # fmt: skip
    parser.add_argument("--seat", type=int, metavar="K", help="only seat K's decisions")
    parser.add_argument("--seed", type=int, default=0, metavar="N", help="seed (default 0)")
    parser.add_argument(
        "--worlds",
        type=int,
        default=24,
        metavar="N",
        help="worlds per sampling of a position (default 24)",
    )
    parser.add_argument("--out", metavar="OUT", help="write the puzzles to OUT (JSON lines)")
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help="the language (default: from the locale, else en)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``alsos puzzles``; the exit code."""
    lang = language(args.lang or locale_language())
    if args.solve is not None:
        return solve_file(args.solve, lang)
    if args.worlds < 2:
        print(lang.text("--worlds must be 2 or more"), file=sys.stderr)
        return 2
    try:
        if args.generate:
            puzzles = generate(
                args.variant,
                hands=args.hands,
                seed=args.seed,
                bots=args.bots,
                worlds=args.worlds,
            )
        elif args.file is not None:
            found = _from_file(args.file, args.seat, args.seed, args.worlds, lang)
            if found is None:
                return 1
            puzzles = found
        else:
            print(lang.text("give a record FILE, --generate or --solve PUZZLES"), file=sys.stderr)
            return 2
    except ValueError as e:  # a bad variant, bot spec or option: the library says which
        print(said_in(e, lang), file=sys.stderr)
        return 2
    for p in puzzles:
        print("\n".join(puzzle_lines(p, lang)))
        print("\n".join(answer_lines(p, p.answer, lang)[1:]))
        print()
    print(lang.plural("{n} puzzle", "{n} puzzles", len(puzzles)))
    if args.out is not None:
        try:
            Path(args.out).write_text(dumps(puzzles), encoding="utf-8")
        except OSError as e:
            print(
                lang.text("cannot write {file}: {error}", file=args.out, error=e), file=sys.stderr
            )
            return 1
    return 0


def _from_file(
    path: str, seat: int | None, seed: int, worlds: int, lang: Language
) -> list[Puzzle] | None:
    records = read_record_file(path, loads_all, lang)
    if records is None:
        return None
    out = []
    for record in records:
        out.extend(find_puzzles(record, seat=seat, seed=seed, worlds=worlds, allow_files=True))
    return out


def solve_file(path: str, lang: Language, ask: Callable[[str], str] | None = None) -> int:
    """Solve the puzzles of the file ``path`` one by one, reading each answer with
    ``ask`` (by default :func:`input`); say at the end how many were right.  An
    empty answer (or the end of the input) stops."""
    ask = input if ask is None else ask
    try:
        if path in SETS and not Path(path).exists():
            puzzles = shipped(path)
        else:
            puzzles = loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        print(lang.text("cannot read {file}: {error}", file=path, error=e), file=sys.stderr)
        return 1
    except PuzzleError as e:
        print(f"{path}: {said_in(e, lang)}", file=sys.stderr)
        return 2
    right = done = 0
    for p in puzzles:
        print("\n".join(puzzle_lines(p, lang)))
        chosen = _answer(p, lang, ask)
        if chosen is None:
            break
        done += 1
        right += chosen == p.answer
        print("\n".join(answer_lines(p, chosen, lang)))
        print()
    print(lang.text("{right} of {done} right", right=right, done=done))
    return 0


def _answer(p: Puzzle, lang: Language, ask: Callable[[str], str]) -> Action | None:
    """The choice typed, asked again until it is one of the puzzle's; None to stop."""
    while True:
        try:
            text = ask("> ").strip()
        except EOFError:
            return None
        if not text:
            return None
        try:
            action = parse_action(text)
        except NotationError as e:
            print(said_in(e, lang))
            continue
        if action in p.legal:
            return action
        print(lang.text("{action} is not one of the choices", action=text))
