"""``alsos bench``: an open benchmark -- any bot rated on frozen boards against the shipped levels.

**What is played.**  The boards are the profile's frozen set
(:func:`alsos.compete.boards.board_set`: 1,000 deals from seeds no shipped bot was tuned
on, checked against a digest).  On each board and against each opponent level
``L``, the bot plays every position that plays the hand, once, with ``L`` at the
other seats; and ``L`` plays the board alone at every seat, the *reference*.
So every position of every board is played twice with the same cards: once by
the bot and once by ``L``, among the same opponents (module
:mod:`alsos.compete.scoring`).

**What is reported**, for each opponent level:

- the bot's payment minus ``L``'s at the same position, per hand, raw and with
  each hand's payment capped (as ``alsos arena``), with 95% intervals over
  boards -- how many stakes the bot gains in ``L``'s place;
- the duplicate scores: matchpoints (the share of positions where the bot did
  better than ``L``, ties half) and stake points per hand, with intervals.

And one **rating**, on the web table's leaderboard scale
(:mod:`alsos.compete.rating`: openskill's Bradley-Terry model, each seat a team
ranked by its payment): every hand the bot played is rated, with the levels
held at their *anchors* -- their ratings on this profile, shipped in
``alsos/compete/anchors.json`` and made by ``alsos bench --calibrate`` (each
level benched against ``medium``, which is held at openskill's starting rating
of 25).  The anchors are taken as exact, the scale's fixed points, and a bot
does not change while it is benchmarked, so no uncertainty is added between
hands (``tau`` = 0) and ``sigma`` shrinks as hands come in.  The rating's
interval is ``mu`` plus or minus 1.96 ``sigma``, the model's own uncertainty
given the anchors, not a sampling interval: the intervals above are.
Beside it, the bot's time per decision (its own decisions only, forced actions
not counted).

**Which bots.**  Any bot spec ``alsos.bots`` knows (a shipped bot, a level, an
OpenSpiel bot through the adapter such as ``"openspiel-ismcts(simulations=50)"``,
a bot a package registers under the ``alsos.bots`` entry points), or an import
reference to a factory of your own that takes ``seed`` and returns anything with
``choose(view, legal)``: ``mypackage.mybot:make`` or ``path/to/mybot.py:make``.

``--json FILE`` writes the result (format ``alsos-bench/1``, with the board set's
version), and ``alsos bench --compare A.json B.json ...`` puts results on the
same boards side by side.  Runs are resumable like ``alsos arena``'s.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from alsos.bots import LEVELS, available, make_spec, parse_spec, play_on
from alsos.compete.boards import COUNT, BoardSet, board_set
from alsos.compete.scoring import CompeteError, Result, score
from alsos.play.game import Game
from alsos.research.arena import CAP
from alsos.research.checkpoint import write_json
from alsos.research.parallel import (
    Progress,
    UnitCheckpoint,
    add_backend_arguments,
    bot_seed,
    check_outputs,
    play_units,
    run_command,
)
from alsos.research.stats import Estimate, aligned, mean_interval
from alsos.ruleset.tables import rules_named

__all__ = [
    "FORMAT",
    "BenchResult",
    "Versus",
    "add_arguments",
    "bench",
    "calibrate",
    "compare",
    "run",
]

#: The format tag of a result file.
FORMAT = "alsos-bench/1"
#: The sigma the levels' anchors are taken with: exact, the scale's fixed points.
EXACT = 1e-3

#: A job: the ruleset's string, the bot spec, the opponents, the first board's seed,
#: how many boards.
_Job = tuple[str, str, tuple[str, ...], int, int]


@functools.cache
def _factory(ref: str) -> Callable[..., Any]:
    """The bot factory an import reference names: ``package.module:name`` or
    ``path/to/file.py:name`` (module docs)."""
    where, _, attr = ref.rpartition(":")
    try:
        if where.endswith(".py"):
            spec = importlib.util.spec_from_file_location(f"_alsos_bench_{abs(hash(where))}", where)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {where}")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
        made: Callable[..., Any] = getattr(module, attr)
    except (ImportError, AttributeError, OSError, SyntaxError) as e:
        raise CompeteError(f"cannot import the bot {ref!r}: {e}") from None
    return made


def _is_reference(spec: str) -> bool:
    return ":" in spec.split("(", 1)[0]


def _make(spec: str, seed: int) -> Any:
    """The bot ``spec`` names (a spec, or an import reference to a factory taking
    ``seed``), seeded."""
    if not _is_reference(spec):
        return make_spec(spec, seed=seed)
    factory = _factory(spec)
    if not callable(factory):
        raise CompeteError(f"{spec!r} does not make a bot: it is not a factory taking seed")
    try:
        return factory(seed=seed)
    except TypeError:
        return factory()


class _Timed:
    """A bot whose decisions are counted and timed (the bot being benchmarked)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: Any, legal: Any) -> Any:
        t0 = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return action


def _play(rules: Any, seed: int, names: Sequence[str], table: int, timed: int | None) -> Any:
    """Play board ``seed`` with ``names`` at the playing seats (:func:`alsos.bots.play_on`);
    the payments by seat and, for seat index ``timed``, its decisions and their seconds."""
    game = Game(rules, seed=seed, dealer=seed % rules.players)
    active = game.active
    bots = {s: _make(n, bot_seed(seed, table, s)) for s, n in zip(active, names, strict=True)}
    watched = _Timed(bots[active[timed]]) if timed is not None else _Timed(None)
    if timed is not None:
        bots[active[timed]] = watched
    s = play_on(game, bots).settlement
    assert s is not None
    return [s.payments.get(seat, 0) for seat in active], watched.decisions, watched.seconds


def _play_boards(job: _Job) -> list[list[Any]]:
    """Per board, per opponent: ``[reference payments, [payments of each table with the
    bot at position j], decisions, seconds]`` -- plain data for the checkpoint."""
    variant, spec, opponents, first, count = job
    rules = rules_named(variant)
    out = []
    for seed in range(first, first + count):
        per: list[Any] = []
        for level in opponents:
            m = len(Game(rules, seed=seed, dealer=seed % rules.players).active)
            reference, _, _ = _play(rules, seed, [level] * m, 0, None)
            tables, decisions, seconds = [], 0, 0.0
            for j in range(m):
                names = [level] * m
                names[j] = spec
                paid, d, t = _play(rules, seed, names, 1 + j, j)
                tables.append(paid)
                decisions += d
                seconds += t
            per.append([reference, tables, decisions, seconds])
        out.append(per)
    return out


def _board_problem(opponents: int, board: int, data: Any) -> str:
    if not isinstance(data, list) or len(data) != opponents:
        return f"not a list of {opponents} opponents' results"
    for row in data:
        if not (
            isinstance(row, list)
            and len(row) == 4
            and isinstance(row[0], list)
            and isinstance(row[1], list)
            and len(row[1]) == len(row[0])
            and all(
                isinstance(t, list) and len(t) == len(row[0]) and all(type(x) is int for x in t)
                for t in [row[0], *row[1]]
            )
            and type(row[2]) is int
            and isinstance(row[3], int | float)
        ):
            return "a result is not [reference payments, tables' payments, decisions, seconds]"
    return ""


@frozen
class Versus:
    """The bot against one level: payment difference per hand (raw, capped), the duplicate
    scores, over ``boards`` boards."""

    level: str
    difference: Estimate
    capped: Estimate
    matchpoints: Estimate
    stake_points: Estimate

    def to_data(self) -> dict[str, Any]:
        return {
            k: {"mean": e.value, "ci95": [e.low, e.high]}
            for k, e in (
                ("difference", self.difference),
                ("capped", self.capped),
                ("matchpoints", self.matchpoints),
                ("stake_points", self.stake_points),
            )
        }


@frozen
class BenchResult:
    """A bot's benchmark: its rating (``mu``, ``sigma`` over ``hands`` rated hands), its
    showing against each level, and its mean milliseconds per decision."""

    bot: str
    boards: BoardSet
    mu: float
    sigma: float
    hands: int
    versus: dict[str, Versus]
    decision_ms: float
    cap: int = CAP

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "bot": self.bot,
            **self.boards.to_data(),
            "rating": {
                "mu": self.mu,
                "sigma": self.sigma,
                "hands": self.hands,
                "ci95": [self.mu - 1.96 * self.sigma, self.mu + 1.96 * self.sigma],
            },
            "decision_ms": self.decision_ms,
            "cap": self.cap,
            "against": {k: v.to_data() for k, v in self.versus.items()},
        }

    def table(self) -> str:
        """The result as text: the rating, then one row per level."""
        low, high = self.mu - 1.96 * self.sigma, self.mu + 1.96 * self.sigma
        lines = [
            f"{self.bot} on {self.boards.variant}: {self.boards.count} boards of "
            f"{self.boards.version}",
            f"rating {self.mu:.2f} [{low:.2f}, {high:.2f}] (mu, +-1.96 sigma) over "
            f"{self.hands} rated hands; {self.decision_ms:.2f} ms a decision",
        ]
        rows = [
            (
                "against",
                "stakes/hand vs it",
                f"capped at {self.cap}",
                "matchpoints %",
                "stake points/hand",
            )
        ]
        for v in self.versus.values():
            rows.append(
                (
                    v.level,
                    _est(v.difference, "+.3f"),
                    _est(v.capped, "+.3f"),
                    _est(v.matchpoints, ".1f"),
                    _est(v.stake_points, "+.3f"),
                )
            )
        return "\n".join(lines + aligned(rows))


def _est(e: Estimate, f: str) -> str:
    return f"{e.value:{f}} [{e.low:{f}}, {e.high:{f}}]"


def _summarise(
    spec: str,
    frozen: BoardSet,
    opponents: Sequence[str],
    by_board: list[Any],
    fixed: dict[str, Any],
    cap: int,
) -> BenchResult:
    from alsos.compete.rating import Rating, Ratings

    variant = frozen.variant
    # the levels are the scale's fixed points: their anchors taken as exact
    exact = {o: Rating(fixed[o].mu, EXACT) for o in opponents}
    ratings = Ratings({variant: exact}, fixed=opponents, tau=0.0)
    hands = 0
    versus = {}
    for k, level in enumerate(opponents):
        diffs, capped, percents, stakes = [], [], [], []
        for b, per in enumerate(by_board):
            reference, tables, _, _ = per[k]
            results = [Result(b, j, level, reference[j], "reference") for j in range(len(tables))]
            results += [Result(b, j, spec, t[j], f"bot at {j}") for j, t in enumerate(tables)]
            mine = [s for s in score(results) if s.result.entrant == spec]
            m = len(tables)
            diffs.append(sum(t[j] - reference[j] for j, t in enumerate(tables)) / m)
            capped.append(
                sum(_cap(t[j], cap) - _cap(reference[j], cap) for j, t in enumerate(tables)) / m
            )
            percents.append(100 * sum(s.matchpoints for s in mine) / sum(s.top for s in mine))
            stakes.append(sum(s.stake_points or 0.0 for s in mine) / m)
        versus[level] = Versus(
            level,
            mean_interval(diffs),
            mean_interval(capped),
            mean_interval(percents),
            mean_interval(stakes),
        )
    for per in by_board:
        for k, level in enumerate(opponents):
            for j, paid in enumerate(per[k][1]):
                names = [level] * len(paid)
                names[j] = spec
                hands += ratings.rate_hand(variant, names, paid)
    decisions = sum(per[k][2] for per in by_board for k in range(len(opponents)))
    seconds = sum(per[k][3] for per in by_board for k in range(len(opponents)))
    rating = ratings.get(variant, spec)
    ms = 1000 * seconds / decisions if decisions else 0.0
    return BenchResult(spec, frozen, rating.mu, rating.sigma, hands, versus, ms, cap)


def _cap(x: int, cap: int) -> int:
    return max(-cap, min(cap, x))


def _anchors(variant: str) -> dict[str, Any]:
    """The levels' anchors (openskill, the compete extra, imported only here)."""
    from alsos.compete.rating import anchors

    return anchors(variant)


def bench(
    bot: str,
    variant: str,
    *,
    boards_count: int = COUNT,
    against: Sequence[str] | None = None,
    levels: dict[str, Any] | None = None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: bool | None = None,
    checkpoint: str | Path | None = None,
    resume: bool = False,
    cap: int = CAP,
) -> BenchResult:
    """Rate ``bot`` (a spec) on the first ``boards_count`` frozen boards of ``variant``
    against the levels ``against`` (by default every level anchored on the profile but
    the bot itself).

    ``levels``: the opponents' ratings, held fixed (by default
    :func:`alsos.compete.rating.anchors`); the bot starts from openskill's starting
    rating, whatever its name.

    :raises CompeteError: a profile without frozen boards, a board count out of
        range, an unknown bot, or an opponent that is not an anchored level.
    """
    if _is_reference(bot):
        if not callable(getattr(_make(bot, 0), "choose", None)):
            raise CompeteError(f"{bot!r} does not make a bot: it has no choose(view, legal)")
    elif parse_spec(bot)[0] not in available():
        name = parse_spec(bot)[0]
        raise CompeteError(f"no bot named {name!r}; available: {', '.join(available())}")
    frozen = board_set(variant, boards_count)
    rated = _anchors(variant) if levels is None else levels
    anchored = [n for n in LEVELS if n in rated]
    opponents = tuple([a for a in anchored if a != bot] if against is None else against)
    wrong = [o for o in opponents if o not in anchored]
    if wrong or not opponents:
        raise CompeteError(
            f"bench against the levels anchored on {variant}: {', '.join(anchored)}; "
            f"not {', '.join(wrong) or 'none'}"
        )
    opponents = tuple(sorted(opponents, key=list(LEVELS).index))
    if bot in opponents:
        raise CompeteError(f"{bot!r} is one of the levels it would be benched against")
    spec = str(rules_named(variant))
    header = {
        "bench": spec,
        "bot": bot,
        "against": list(opponents),
        "boards": frozen.count,
        "version": frozen.version,
        "lines": "boards",
    }
    store = UnitCheckpoint(
        checkpoint,
        header,
        frozen.count,
        "boards",
        lambda b, d: _board_problem(len(opponents), b, d),
    ).open(resume)
    first = frozen.seeds.start
    try:
        with Progress(frozen.count, f"bench {variant}", enabled=progress) as bar:
            play_units(
                _play_boards,
                lambda f, c: (spec, bot, opponents, first + f, c),
                store,
                bar,
                1,
                workers=workers,
                backend=backend,
                address=address,
            )
        result = _summarise(bot, frozen, opponents, list(store.unit_results()), rated, cap)
    except BaseException:
        store.close()
        raise
    store.close(remove=True)
    return result


# ----------------------------------------------------------------- command


def compare(paths: Sequence[str]) -> str:
    """Result files side by side, best rating first.

    :raises CompeteError: a file that is not a bench result, or results on different
        board sets (another version, profile or number of boards).
    """
    results = []
    for path in paths:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise CompeteError(f"{path}: not a readable bench result ({e})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CompeteError(f"{path}: not a bench result (format {FORMAT!r})")
        results.append((path, data))
    sets = {(d["version"], d["variant"], d["boards"]) for _, d in results}
    if len(sets) > 1:
        raise CompeteError(
            "results on different boards cannot be compared: "
            + "; ".join(
                f"{p}: {d['variant']} {d['boards']} boards of {d['version']}" for p, d in results
            )
        )
    results.sort(key=lambda pd: -pd[1]["rating"]["mu"])
    levels = sorted({lv for _, d in results for lv in d["against"]}, key=list(LEVELS).index)
    rows = [("bot", "rating [95%]", "ms/decision", *(f"vs {lv} stakes/hand" for lv in levels))]
    for _, d in results:
        r = d["rating"]
        rows.append(
            (
                d["bot"],
                f"{r['mu']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]",
                f"{d['decision_ms']:.2f}",
                *(
                    f"{d['against'][lv]['difference']['mean']:+.3f}" if lv in d["against"] else "-"
                    for lv in levels
                ),
            )
        )
    first = results[0][1]
    head = f"{first['variant']}: {first['boards']} boards of {first['version']}"
    return "\n".join([head, *aligned(rows)])


def calibrate(variant: str, boards_count: int, **options: Any) -> Any:
    """The levels' anchors on ``variant``: each level but ``medium`` benched against
    ``medium`` held at openskill's starting rating; returns the ratings."""
    from alsos.compete.rating import ANCHOR, Rating, Ratings

    fresh = Ratings().get(variant, ANCHOR)
    base = {ANCHOR: Rating(fresh.mu, fresh.sigma)}
    out = Ratings()
    out.set(variant, ANCHOR, base[ANCHOR])
    for level in LEVELS:
        if level == ANCHOR:
            continue
        r = bench(
            level, variant, boards_count=boards_count, against=[ANCHOR], levels=base, **options
        )
        out.set(variant, level, Rating(r.mu, r.sigma, r.hands))
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``alsos bench``."""
    parser.add_argument(
        "bot",
        nargs="?",
        metavar="BOT-SPEC",
        help='the bot to rate: a name or spec, e.g. hard or "pimc(worlds=16)"',
    )
    parser.add_argument(
        "--variant",
        default="potter1930",
        metavar="ID",
        help="a shipped profile with frozen boards (default: potter1930)",
    )
    parser.add_argument(
        "--boards",
        type=int,
        default=COUNT,
        metavar="N",
        help=f"play the first N of the {COUNT} frozen boards (default: all)",
    )
    parser.add_argument(
        "--against",
        default=None,
        metavar="A,B,...",
        help="the levels to play against (default: every level anchored on the profile)",
    )
    parser.add_argument("--json", metavar="FILE", help="write the result as JSON to FILE")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue a stopped run from its checkpoint (FILE.partial.jsonl)",
    )
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="FILE",
        help="put bench result files side by side instead of playing",
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="make the levels' anchors for the profile: each level benched "
        "against medium; with --json FILE, written there as ratings",
    )
    add_backend_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``alsos bench`` from parsed arguments."""
    checkpoint = None if args.json is None else f"{args.json}.partial.jsonl"
    options = {
        "workers": args.workers,
        "backend": args.backend,
        "address": args.address,
        "progress": args.progress,
    }

    def body() -> int:
        if args.compare:
            print(compare(args.compare))
            return 0
        check_outputs({"--json": args.json, "its checkpoint": checkpoint})
        if args.calibrate:
            ratings = calibrate(args.variant, args.boards, **options)
            for name, r in ratings.leaderboard(args.variant):
                print(f"{name}: {r.mu:.2f} sigma {r.sigma:.2f} over {r.hands} hands")
            write_json(args.json, ratings.to_data())
            return 0
        if not args.bot:
            raise CompeteError("name the bot to rate (BOT-SPEC), or give --compare FILE ...")
        against = None if args.against is None else [a.strip() for a in args.against.split(",")]
        result = bench(
            args.bot,
            args.variant,
            boards_count=args.boards,
            against=against,
            checkpoint=checkpoint,
            resume=args.resume,
            **options,
        )
        print(result.table())
        write_json(args.json, result.to_data())
        return 0

    return run_command("bench", checkpoint, body)
