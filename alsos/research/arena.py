"""``alsos arena``: bots against each other on duplicate deals, with 95% intervals.

Luck of the cards dwarfs skill over a few hundred hands, so every deal is
replayed with the bots moved through the seats, and each bot is judged by
its mean payment per hand over all the arrangements of the same deals.

**How the seats are filled.**  Only the seats that play a hand take bots
(with four players the dealer sits out; the dealer moves with the deal, so
``seed + d`` is both deal ``d``'s seed and, modulo the players, its dealer).
For ``k`` bots and ``m`` playing seats, every deal is played once for each
arrangement that seats as many different bots as it can:

- ``k >= m``: every ordered choice of ``m`` different bots (3 bots at 3
  playing seats -- potter1930, or four players with the dealer out -- give
  3! = 6 arrangements; 3 bots at 2 seats give 3·2 = 6 ordered pairs);
- ``k < m``: every filling of the seats in which each bot sits at least once
  (2 bots at 3 seats: AAB, ABA, BAA, ABB, BAB, BBA).

The arrangements treat every bot alike, so each bot sits in every seat, and
to the left and right of every other bot, equally often on every deal.

**What is measured.**  A bot's result on a deal is its mean payment per
hand over its seats in all arrangements; its mean and 95% interval are taken
over deals (the independent unit), and so is the difference between two
bots, paired by deal (:func:`alsos.research.stats.paired_difference`).

Beside it, the same with each hand's payment **capped** at ``cap`` stakes
either way (:data:`CAP`, 16 by default: about the 99th percentile of a
seat's payment between ``medium`` bots in potter1930 and tompa).  A kontra
ladder doubled to the top makes payments hundreds of times the usual one;
a few such hands decide a raw mean over thousands of deals, so a margin
that holds only raw rests on them.  The capped mean is a different quantity
(what a bot wins with every hand's stake bounded), with a much narrower
interval.  The **stake** (mean ``|payment|`` per hand) shows how much is
played for: a bot that climbs ladders recklessly plays for far more than
one that bids what it holds.  How often each bot declared and made its
game, and defended and beat the declarer's, shows where a margin comes
from.  Each bot's
seed comes from the deal, the arrangement and the seat
(:func:`alsos.research.parallel.bot_seed`), so the results are identical whatever the
number of workers or the backend.

**Long runs.**  Deals are handed to the workers in jobs sized by time
(:func:`alsos.research.parallel.run_units`: one deal each at first, then about
:data:`alsos.research.parallel.JOB_SECONDS` of play), and each finished job is
appended to a checkpoint (``FILE.partial.jsonl`` next to ``--json FILE``;
:class:`alsos.research.parallel.UnitCheckpoint`), so a stopped run (Ctrl-C, SIGTERM)
continues with ``--resume`` without replaying or losing a deal, and ends
with the same table; the checkpoint is removed once the table and the JSON
file are written.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import field, frozen

from alsos.bots import available, parse_spec, split_specs
from alsos.compete.scoring import TOP_STAKE_POINTS, Result, score
from alsos.errors import ResearchError
from alsos.play.game import Game
from alsos.research.checkpoint import write_json
from alsos.research.parallel import (
    Progress,
    UnitCheckpoint,
    add_backend_arguments,
    check_outputs,
    play_hand,
    play_units,
    run_command,
)
from alsos.research.stats import Estimate, aligned, mean_interval, paired_difference
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.tables import rules_named

__all__ = [
    "CAP",
    "ArenaError",
    "ArenaResult",
    "BotResult",
    "add_arguments",
    "arena",
    "lineups",
    "run",
]

# Items that are the contract itself rather than an announced figure.
_CONTRACT_ITEMS = frozenset({"game", "klopitzky"})

#: The stakes a hand's payment is capped at, either way, for the capped mean
#: (module docs): about the 99th percentile of a seat's payment between
#: ``medium`` bots in potter1930 and tompa (16 and 15.9 over 1,200 seat-hands each).
CAP = 16

#: A job of :func:`_play_deals`: the ruleset's string, players, bot specs, the
#: first deal, how many, and the cap.
_Job = tuple[str, int | None, tuple[str, ...], int, int, int]


class ArenaError(ResearchError):
    """Bad arena settings: unknown or repeated bots, too few deals."""


def lineups(bots: int, seats: int) -> list[tuple[int, ...]]:
    """The arrangements of ``bots`` bots (by index) over ``seats`` playing seats.

    Every ordered choice of different bots when there are enough of them,
    else every filling that seats each bot at least once (see the module
    documentation).
    """
    if bots < 1 or seats < 1:
        raise ArenaError(f"need at least one bot and one seat, got {bots} and {seats}")
    if bots >= seats:
        return list(itertools.permutations(range(bots), seats))
    return [t for t in itertools.product(range(bots), repeat=seats) if len(set(t)) == bots]


def _play_deals(job: _Job) -> list[list[Any]]:
    """Play deals ``first .. first+count-1`` in every arrangement.

    Per deal, per bot: ``[payment sum, seat-hands, declared, won, contracts,
    figures, capped payment sum, |payment| sum, defended, beaten, duplicate]`` with
    ``contracts`` {kind: hands declared} and ``figures`` {figure: [announced,
    made]}; ``defended``: hands against a declarer, ``beaten``: of those, the
    declarer's game lost; ``duplicate``: ``[matchpoints, top, stake points, results
    compared]`` against the other bots at the same seat of the deal
    (:func:`alsos.compete.scoring.score`) -- plain data, to cross process boundaries.
    """
    variant, players, names, first, count, cap = job
    rules = rules_named(variant, players)
    out = []
    for seed in range(first, first + count):
        stats: list[list[Any]] = [[0, 0, 0, 0, {}, {}, 0, 0, 0, 0, []] for _ in names]
        seats = len(play_hand_seats(rules, seed))
        results: list[Result] = []
        for table, lineup in enumerate(lineups(len(names), seats)):
            game = play_hand(rules, seed, [names[b] for b in lineup], table)
            s = game.settlement
            assert s is not None
            kind = s.contract.split()[0] if s.contract else "none"
            for seat, b in zip(game.active, lineup, strict=True):
                row = stats[b]
                paid = s.payments.get(seat, 0)
                results.append(Result(seed, seat, names[b], paid, str(table)))
                row[0] += paid
                row[1] += 1
                row[6] += max(-cap, min(cap, paid))
                row[7] += abs(paid)
                if s.declarer == seat:
                    row[2] += 1
                    row[3] += bool(s.game_won)
                    row[4][kind] = row[4].get(kind, 0) + 1
                elif s.declarer is not None:
                    row[8] += 1
                    row[9] += not s.game_won
                for e in s.entries:
                    if e.seat == seat and e.label not in _CONTRACT_ITEMS:
                        made = row[5].setdefault(e.label, [0, 0])
                        made[0] += 1
                        made[1] += e.made
        totals: dict[str, list[float]] = {name: [0, 0, 0.0, 0] for name in names}
        for scored in score(results):
            t = totals[scored.result.entrant]
            t[0] += scored.matchpoints
            t[1] += scored.top
            t[2] += scored.stake_points or 0.0
            t[3] += scored.comparisons > 0
        for b, name in enumerate(names):
            stats[b][10] = totals[name]
        out.append(stats)
    return out


def play_hand_seats(rules: Ruleset, seed: int) -> tuple[int, ...]:
    """The seats that play hand ``seed`` (all but a dealer who sits out)."""
    return Game(rules, seed=seed, dealer=seed % rules.players).active


@frozen
class BotResult:
    """One bot's showing: payment per hand with its interval, declarations, what it played.

    ``capped``: the payment per hand with each hand's capped at the match's cap
    (None where not measured); ``stake``: the mean ``|payment|`` per hand;
    ``defended``: hands against a declarer, ``beaten``: of those, the
    declarer's game lost; ``matchpoints``: the percentage of matchpoints it scored
    against the other bots at the same seats of the same deals, and
    ``stake_points``: its stake points per hand (:mod:`alsos.compete.scoring`;
    None where no other bot held its seats).
    """

    name: str
    mean: Estimate
    hands: int
    declared: int
    won: int
    contracts: dict[str, int]
    figures: dict[str, tuple[int, int]]
    capped: Estimate | None = None
    stake: float = 0.0
    defended: int = 0
    beaten: int = 0
    matchpoints: Estimate | None = None
    stake_points: Estimate | None = None

    def to_data(self) -> dict[str, Any]:
        capped = self.capped
        dup = {
            key: None if e is None else {"mean": e.value, "ci95": [e.low, e.high]}
            for key, e in (("matchpoints", self.matchpoints), ("stake_points", self.stake_points))
        }
        return {
            **dup,
            "mean": self.mean.value,
            "ci95": [self.mean.low, self.mean.high],
            "capped": None if capped is None else capped.value,
            "capped_ci95": None if capped is None else [capped.low, capped.high],
            "stake": self.stake,
            "hands": self.hands,
            "declared": self.declared,
            "won": self.won,
            "defended": self.defended,
            "beaten": self.beaten,
            "contracts": dict(sorted(self.contracts.items())),
            "figures": {
                k: {"announced": a, "made": m} for k, (a, m) in sorted(self.figures.items())
            },
        }


@frozen
class ArenaResult:
    """The outcome of a match: each bot's result and each pair's difference of means,
    raw and with each hand's payment capped at ``cap`` stakes (``capped_pairs``)."""

    variant: str
    deals: int
    seed: int
    lineups: int
    bots: dict[str, BotResult]
    pairs: dict[tuple[str, str], Estimate]
    cap: int = CAP
    capped_pairs: dict[tuple[str, str], Estimate] = field(factory=dict)

    def to_data(self) -> dict[str, Any]:
        """``{"variant", "deals", "cap", "bots": {name: {"mean", "ci95", "capped", ...}},
        "pairs"}``: each pair with ``mean``/``ci95`` and ``capped``/``capped_ci95``."""
        pairs = []
        for (a, b), e in self.pairs.items():
            pair: dict[str, Any] = {"a": a, "b": b, "mean": e.value, "ci95": [e.low, e.high]}
            c = self.capped_pairs.get((a, b))
            if c is not None:
                pair.update(capped=c.value, capped_ci95=[c.low, c.high])
            pairs.append(pair)
        return {
            "variant": self.variant,
            "deals": self.deals,
            "seed": self.seed,
            "lineups": self.lineups,
            "cap": self.cap,
            "bots": {name: r.to_data() for name, r in self.bots.items()},
            "pairs": pairs,
        }

    def table(self, duplicate: bool = False) -> str:
        """The result as aligned text: one row per bot, then the pairwise differences;
        with ``duplicate``, then each bot's duplicate scores (:meth:`duplicate_table`)."""
        head = (
            "bot",
            "mean/hand",
            "95% interval",
            f"capped at {self.cap}",
            "stake",
            "hands",
            "declared",
            "won (of declared)",
            "beaten (of defended)",
            "contracts",
        )
        rows = [head]
        for r in self.bots.values():
            contracts = ", ".join(f"{k} {n}" for k, n in sorted(r.contracts.items()))
            c = r.capped
            rows.append((
                r.name, f"{r.mean.value:+.3f}", f"[{r.mean.low:+.3f}, {r.mean.high:+.3f}]",
                "-" if c is None else f"{c.value:+.3f} [{c.low:+.3f}, {c.high:+.3f}]",
                f"{r.stake:.2f}", str(r.hands), f"{r.declared} ({r.declared / r.hands:.1%})",
                _share(r.won, r.declared), _share(r.beaten, r.defended), contracts or "-",
            ))  # fmt: skip
        lines = [f"{self.variant}: {self.deals} duplicate deals x {self.lineups} seatings"]
        lines += aligned(rows)
        for r in self.bots.values():
            if r.figures:
                made = ", ".join(f"{k} {m}/{a}" for k, (a, m) in sorted(r.figures.items()))
                lines.append(f"figures made/announced by {r.name}: {made}")
        for (a, b), e in self.pairs.items():
            line = f"{a} - {b}: {_difference(e)}"
            c = self.capped_pairs.get((a, b))
            if c is not None:
                line += f"; capped at {self.cap}: {_difference(c)}"
            lines.append(line)
        if duplicate:
            lines += ["", self.duplicate_table()]
        return "\n".join(lines)

    def duplicate_table(self) -> str:
        """The match scored as a duplicate tournament, best first: each bot's
        matchpoint percentage and stake points per hand, with 95% intervals over
        deals (:mod:`alsos.compete.scoring`)."""
        rows = [("rank", "bot", "matchpoints %", "95% interval", "stake points/hand",
                 "95% interval")]  # fmt: skip
        ranked = sorted(
            self.bots.values(),
            key=lambda r: (-(r.matchpoints.value if r.matchpoints else -1.0), r.name),
        )
        for i, r in enumerate(ranked, 1):
            mp, sp = r.matchpoints, r.stake_points
            rows.append((
                str(i), r.name,
                "-" if mp is None else f"{mp.value:.1f}",
                "-" if mp is None else f"[{mp.low:.1f}, {mp.high:.1f}]",
                "-" if sp is None else f"{sp.value:+.3f}",
                "-" if sp is None else f"[{sp.low:+.3f}, {sp.high:+.3f}]",
            ))  # fmt: skip
        head = (
            "duplicate scoring: each seat of each deal compared with the other bots' results at it"
        )
        return "\n".join([head, *aligned(rows)])


def _share(k: int, n: int) -> str:
    """``k (k/n%)``, or ``0`` of none."""
    return f"{k} ({k / n:.1%})" if n else "0"


def _difference(e: Estimate) -> str:
    """A difference per hand with its interval, marked where it includes 0."""
    sign = "" if e.excludes(0.0) else " (not distinguishable from 0)"
    return f"{e.value:+.3f} per hand, 95% [{e.low:+.3f}, {e.high:+.3f}]{sign}"


def arena(
    variant: str,
    bots: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    players: int | None = None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: bool | None = None,
    checkpoint: str | Path | None = None,
    resume: bool = False,
    on_batch: Callable[[range], object] | None = None,
    on_resume: Callable[[str], object] | None = None,
    on_result: Callable[[ArenaResult], object] | None = None,
    cap: int = CAP,
) -> ArenaResult:
    """Play ``deals`` duplicate deals (seeds ``seed .. seed+deals-1``) among ``bots``.

    ``cap``: the stakes each hand's payment is capped at for the capped means
    (module docs).

    Finished deals go to ``checkpoint`` (a JSON Lines file; by default a
    temporary one) job by job as they finish; ``resume`` continues the run
    stored there, playing only the deals it lacks, and ``on_resume(text)``
    hears what was kept (damaged lines are dropped and their deals played
    again).  ``on_batch(deals)`` is called with the range of deals of each job
    stored (progress reporting in programs).  ``on_result(result)`` is called
    before the checkpoint is removed, to write outputs: if it raises, the
    checkpoint stays for ``--resume``.

    :raises ArenaError: (a :class:`~alsos.errors.ResearchError`) for fewer than 2 deals, no bots, a
        bot named twice, a bot no package provides, or ``resume`` without a
        checkpoint; profile errors as :func:`alsos.load_variant` raises them;
        :class:`~alsos.research.parallel.CheckpointError` for a checkpoint of another
        run, or one left by an unfinished run when ``resume`` is false.
    """
    names = tuple(bots)
    if not names:
        raise ArenaError("name at least one bot")
    if len(set(names)) != len(names):
        raise ArenaError(f"each bot may be named once, got {', '.join(names)}")
    unknown = [n for n in names if parse_spec(n)[0] not in available()]
    if unknown:
        raise ArenaError(f"no bot named {', '.join(unknown)}; available: {', '.join(available())}")
    if deals < 2:
        raise ArenaError(f"an interval needs at least 2 deals, not {deals}")
    if cap.__class__ is not int or cap < 1:
        raise ArenaError(f"the cap must be a whole number of stakes of at least 1, not {cap!r}")
    rules = rules_named(variant, players)
    spec = str(rules)
    seats = len(play_hand_seats(rules, seed))
    per_deal = len(lineups(len(names), seats))
    if checkpoint is None and resume:
        raise ArenaError("resuming needs the checkpoint of the stopped run (--json FILE)")
    header = {"arena": spec, "players": players, "bots": list(names), "deals": deals,
              "seed": seed, "lines": "deals", "cap": cap}  # fmt: skip
    problem = functools.partial(_deal_problem, len(names), per_deal * seats, cap)
    store = UnitCheckpoint(checkpoint, header, deals, "deals", problem).open(resume)
    try:
        if resume and on_resume is not None:
            on_resume(store.report())

        def job(first: int, count: int) -> _Job:
            return spec, players, names, seed + first, count, cap

        with Progress(deals * per_deal, f"arena {rules.id}", enabled=progress) as bar:
            play_units(_play_deals, job, store, bar, per_deal, workers=workers,
                       backend=backend, address=address, on_job=on_batch)  # fmt: skip
        result = _summarise(rules.id, seed, per_deal, names, list(store.unit_results()), cap)
        if on_result is not None:
            on_result(result)
    except BaseException:
        store.close()  # kept for --resume (a temporary one is removed)
        raise
    store.close(remove=True)
    return result


def _deal_problem(bots: int, seat_hands: int, cap: int, deal: int, stats: Any) -> str:
    """What is wrong with a checkpoint's result for one deal ("" if nothing): it
    must be what :func:`_play_deals` returns for a deal of this match."""
    if not isinstance(stats, list) or len(stats) != bots:
        return f"not a list of {bots} bots' results"
    total = 0
    for row in stats:
        if not (
            isinstance(row, list)
            and len(row) == 11
            and all(type(x) is int for x in row[:4] + row[6:10])
        ):
            return (
                "a bot's result is not [payments, hands, declared, won, contracts, figures, "
                "capped, stakes, defended, beaten, duplicate]"
            )
        paid, hands, declared, won, contracts, figures, capped, stakes, defended, beaten, dup = row
        if not (
            isinstance(dup, list) and len(dup) == 4
            and type(dup[0]) is int and type(dup[1]) is int and type(dup[3]) is int
            and isinstance(dup[2], int | float) and 0 <= dup[0] <= dup[1]
            and 0 <= dup[3] <= hands and abs(dup[2]) <= TOP_STAKE_POINTS * hands
        ):  # fmt: skip
            return "a bot's duplicate scores are not [matchpoints, top, stake points, compared]"
        if not 0 <= won <= declared <= hands or hands < 1:
            return "a bot's hands, declarations and wins do not fit together"
        if not (0 <= beaten <= defended <= hands - declared and abs(paid) <= stakes):
            return "a bot's defences, or its payments and stakes, do not fit together"
        if abs(capped) > cap * hands or abs(capped) > stakes:
            return f"a bot's capped payments exceed {cap} stakes a hand"
        if not isinstance(contracts, dict) or not all(
            isinstance(k, str) and type(n) is int and 0 < n <= declared
            for k, n in contracts.items()
        ):
            return "a bot's contracts are not counts of its declarations"
        if not isinstance(figures, dict) or not all(
            isinstance(k, str) and isinstance(am, list) and len(am) == 2
            and all(type(x) is int for x in am) and 0 <= am[1] <= am[0]
            for k, am in figures.items()
        ):  # fmt: skip
            return "a bot's figures are not counts announced and made"
        total += hands
    if total != seat_hands:
        return f"its bots played {total} seat-hands, not the deal's {seat_hands}"
    return ""


def _summarise(
    variant: str,
    seed: int,
    per_deal: int,
    names: tuple[str, ...],
    by_deal: list[list[Any]],
    cap: int = CAP,
) -> ArenaResult:
    means = {b: [d[b][0] / d[b][1] for d in by_deal] for b in range(len(names))}
    capped = {b: [d[b][6] / d[b][1] for d in by_deal] for b in range(len(names))}
    percents = {b: [100 * d[b][10][0] / d[b][10][1] for d in by_deal if d[b][10][1]]
                for b in range(len(names))}  # fmt: skip
    stake_points = {b: [d[b][10][2] / d[b][1] for d in by_deal if d[b][10][3]]
                    for b in range(len(names))}  # fmt: skip
    out = {}
    for b, name in enumerate(names):
        contracts: Counter[str] = Counter()
        figures: dict[str, list[int]] = {}
        for d in by_deal:
            contracts.update(d[b][4])
            for k, (a, m) in d[b][5].items():
                f = figures.setdefault(k, [0, 0])
                f[0] += a
                f[1] += m
        hands = sum(d[b][1] for d in by_deal)
        out[name] = BotResult(
            name,
            mean_interval(means[b]),
            hands,
            sum(d[b][2] for d in by_deal),
            sum(d[b][3] for d in by_deal),
            dict(contracts),
            {k: (a, m) for k, (a, m) in figures.items()},
            capped=mean_interval(capped[b]),
            stake=sum(d[b][7] for d in by_deal) / hands,
            defended=sum(d[b][8] for d in by_deal),
            beaten=sum(d[b][9] for d in by_deal),
            matchpoints=mean_interval(percents[b]) if len(percents[b]) > 1 else None,
            stake_points=mean_interval(stake_points[b]) if len(stake_points[b]) > 1 else None,
        )
    pair_list = list(itertools.combinations(range(len(names)), 2))
    pairs = {(names[a], names[b]): paired_difference(means[a], means[b]) for a, b in pair_list}
    capped_pairs = {
        (names[a], names[b]): paired_difference(capped[a], capped[b]) for a, b in pair_list
    }
    return ArenaResult(variant, len(by_deal), seed, per_deal, out, pairs, cap, capped_pairs)


# ----------------------------------------------------------------- command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``alsos arena``."""
    parser.add_argument(
        "--variant",
        default="potter1930",
        metavar="ID_OR_FILE",
        help="shipped variant id or path to a YAML profile (default: potter1930)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="load the variant for N seats, if its profile allows several",
    )
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="A,B,...",
        help="comma-separated bot names (default: heuristic,random)",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=1000,
        metavar="N",
        help="duplicate deals to play (default: 1000)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (default: 0)")
    parser.add_argument(
        "--cap",
        type=int,
        default=CAP,
        metavar="STAKES",
        help=f"cap each hand's payment at this many stakes either way for the capped means "
        f"shown beside the raw ones (default: {CAP})",
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="also score the match as a duplicate tournament: matchpoints and stake points "
        "against the other bots at the same seat of the same deal",
    )
    parser.add_argument("--json", metavar="FILE", help="write the results as JSON to FILE")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue a stopped run from its checkpoint (the --json FILE's FILE.partial.jsonl)",
    )
    add_backend_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``alsos arena`` from parsed arguments; print the table, write ``--json``.

    ``--json`` is checked before the match starts, and written before the
    checkpoint is removed, so no finished match is lost to a bad file name.
    """
    names = split_specs(args.bots)
    checkpoint = None if args.json is None else f"{args.json}.partial.jsonl"

    def write(result: ArenaResult) -> None:
        print(result.table(duplicate=args.duplicate))
        write_json(args.json, result.to_data())

    def body() -> int:
        check_outputs({"--json": args.json, "its checkpoint": checkpoint})
        arena(
            args.variant, names, args.deals, seed=args.seed, players=args.players,
            workers=args.workers, backend=args.backend, address=args.address,
            progress=args.progress, resume=args.resume, checkpoint=checkpoint,
            on_resume=lambda text: print(text, file=sys.stderr), on_result=write, cap=args.cap,
        )  # fmt: skip
        return 0

    return run_command("arena", checkpoint, body)
