"""``alsos simulate``: a rule study -- the same hands under several variants, compared.

Hand ``i`` of a study is dealt from seed ``seed + i`` (dealer ``(seed + i) %
players``) under *every* variant, and the same bots play it, each seeded
from the hand's seed and its seat (:func:`alsos.research.parallel.bot_seed`).  So the
variants are compared on the same cards -- a paired comparison, whose
intervals are much narrower than those of two independent samples -- and the
results are identical whatever the number of workers or the backend.  A run
of hands ``0..n-1`` followed by one with ``--seed n`` is the same as one
run of twice the hands.

The hands are handed to the workers in jobs sized by time
(:func:`alsos.research.parallel.run_units`: one hand each at first, then about
:data:`alsos.research.parallel.JOB_SECONDS` of play).  When the study writes a file
(``--out``, ``--json`` or ``--plot``), each finished job is also appended to
a checkpoint next to it (``FILE.partial.jsonl``); a run that is stopped
(Ctrl-C, SIGTERM) continues with ``--resume`` without losing or repeating
hands, and the checkpoint is removed once every output is written.

``--out`` writes one row per hand and variant (:data:`COLUMNS`), in the
order of the seeds and, for each, of the variants: Parquet
through pyarrow (``pip install 'alsos[data]'``), CSV or JSON Lines with the
standard library.  ``--json`` writes the summary; ``--plot`` draws the
comparison with matplotlib (``pip install 'alsos[plot]'``).
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

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
    short,
)
from alsos.research.row_files import SUFFIXES, RowFileError, check_format, row_writer
from alsos.research.stats import (
    Estimate,
    aligned,
    mean_interval,
    paired_difference,
    proportion_interval,
)
from alsos.ruleset.tables import rules_named

__all__ = [
    "COLUMNS",
    "SimulateError",
    "Study",
    "VariantSummary",
    "add_arguments",
    "hand_row",
    "run",
    "simulate",
]


#: The columns of ``--out``, in order, with what each holds.
COLUMNS: dict[str, str] = {
    "variant": "the ruleset, as str(ruleset) (e.g. potter1930, house)",
    "seed": "the hand's seed: the deal, the dealer (seed % players) and the bots' seeds",
    "dealer": "the dealing seat",
    "contract": "the game played (trump acorns, no-trumps, betli, klopitzky, ...)",
    "kind": "the contract's first word (trump, no-trumps, betli, klopitzky; Altiansz: the bid)",
    "declarer": "the declaring seat (empty for klopitzky)",
    "won": "whether the declarer won the game (empty without a declarer)",
    "conceded": "whether the hand ended by conceding a call",
    "kontra": "the highest kontra level said on any item (0 none, 1 kontra, 2 rekontra, ...)",
    "stake": "stakes that changed hands: the sum of the positive payments",
    "payments": "per seat, what it gained (negative: paid); they sum to zero",
    "items": "per scored item: label, seat, side, made, value, base, front, boost, kontra, call",
}
_CONTRACT_ITEMS = frozenset({"game", "klopitzky"})


class SimulateError(ResearchError):
    """Bad study settings: no variants, too few hands, an output format not known."""


def _kind(contract: str | None) -> str:
    """The first word of a contract's text, without the comma that ends a ladder's
    bid (Altiansz's ``150, trump acorns`` is of kind ``150``)."""
    return contract.split()[0].rstrip(",") if contract else ""


def hand_row(variant: str, game: Game) -> dict[str, Any]:
    """One finished hand as a row of :data:`COLUMNS` (plain data)."""
    s = game.settlement
    if s is None:
        raise SimulateError("the hand is not over: it has no settlement to write")
    items = [
        {
            "label": e.label,
            "seat": e.seat,
            "side": e.side,
            "made": e.made,
            "value": e.value,
            "base": e.base,
            "front": e.front_multiplier,
            "boost": math.prod(f for _, f in e.boosts),
            "kontra": len(e.steps),
            "call": e.call,
        }
        for e in s.entries
    ]
    return {
        "variant": variant,
        "seed": game.seed,
        "dealer": game.dealer,
        "contract": s.contract,
        "kind": _kind(s.contract),
        "declarer": s.declarer,
        "won": s.game_won,
        "conceded": s.conceded,
        "kontra": max((len(e.steps) for e in s.entries), default=0),
        "stake": sum(v for v in s.payments.values() if v > 0),
        "payments": [s.payments.get(seat, 0) for seat in range(game.players)],
        "items": items,
    }


def _play_hands(
    job: tuple[tuple[str, ...], int | None, tuple[str, ...], int, int],
) -> list[list[dict[str, Any]]]:
    """Play seeds ``first .. first+count-1`` under each variant: per hand, its row
    under each variant (in the order of the variants)."""
    variants, players, bots, first, count = job
    out = []
    for seed in range(first, first + count):
        rows = []
        for spec in variants:
            rules = rules_named(spec, players)
            seats = rules.active_players  # as many as Game(...).active, without a deal
            game = play_hand(rules, seed, [bots[j % len(bots)] for j in range(seats)])
            rows.append(hand_row(spec, game))
        out.append(rows)
    return out


def _hand_problem(specs: tuple[str, ...], seed: int, hand: int, rows: Any) -> str:
    """What is wrong with a checkpoint's rows for hand ``hand`` ("" if nothing):
    they must be :func:`hand_row`'s rows of seed ``seed + hand`` under each variant,
    with every field the summary reads of the right kind."""
    if not isinstance(rows, list) or len(rows) != len(specs):
        return f"not a list of {len(specs)} rows, one per variant"
    for spec, row in zip(specs, rows, strict=True):
        if not isinstance(row, dict) or list(row) != list(COLUMNS):
            return "a row does not have the columns of --out"
        if row["variant"] != spec or row["seed"] != seed + hand:
            return f"a row is not of {spec} seed {seed + hand}"
        payments, declarer = row["payments"], row["declarer"]
        if not (isinstance(payments, list) and all(type(p) is int for p in payments)):
            return "a row's payments are not a list of whole numbers"
        if not (declarer is None or (type(declarer) is int and 0 <= declarer < len(payments))):
            return "a row's declarer is not a seat"
        if not (
            isinstance(row["kind"], str) and row["won"] in (None, True, False)
            and type(row["kontra"]) is int and type(row["stake"]) is int
            and isinstance(row["items"], list)
            and all(isinstance(i, dict) and isinstance(i.get("label"), str)
                    and i.get("made") in (True, False) for i in row["items"])
        ):  # fmt: skip
            return "a row's kind, won, kontra, stake or items are not of their kinds"
    return ""


# ------------------------------------------------------------------ summary


@define
class _Tally:
    """Running counts for one variant, fed hand by hand in seed order."""

    hands: int = 0
    played: Counter[str] = field(factory=Counter)
    won: Counter[str] = field(factory=Counter)
    announced: Counter[str] = field(factory=Counter)  # hands with the figure announced
    entries: Counter[str] = field(factory=Counter)
    made: Counter[str] = field(factory=Counter)
    kontra: Counter[int] = field(factory=Counter)
    stakes: list[float] = field(factory=list)
    declarer_payments: list[float] = field(factory=list)

    def add(self, row: dict[str, Any]) -> None:
        self.hands += 1
        kind = row["kind"]
        self.played[kind] += 1
        self.won[kind] += row["won"] is True
        seen = set()
        for item in row["items"]:
            label = item["label"]
            if label in _CONTRACT_ITEMS:
                continue
            seen.add(label)
            self.entries[label] += 1
            self.made[label] += item["made"]
        self.announced.update(seen)
        self.kontra[row["kontra"]] += 1
        self.stakes.append(row["stake"])
        d = row["declarer"]
        self.declarer_payments.append(0 if d is None else row["payments"][d])


@frozen
class VariantSummary:
    """One variant over the study's hands, every rate and mean with its 95% interval.

    ``contracts`` maps a contract kind to (share of hands, share won by the
    declarer); ``figures`` a figure to (share of hands it was announced in,
    share of announcements made); ``kontra`` a level to the share of hands
    whose highest kontra reached it.
    """

    variant: str
    hands: int
    contracts: dict[str, tuple[Estimate, Estimate | None]]
    figures: dict[str, tuple[Estimate, Estimate]]
    kontra: dict[int, Estimate]
    stake: Estimate
    stake_quantiles: dict[str, float]
    stake_counts: dict[int, int]
    declarer_payment: Estimate

    def to_data(self) -> dict[str, Any]:
        def est(e: Estimate | None) -> Any:
            return None if e is None else e.to_data()

        return {
            "hands": self.hands,
            "contracts": {
                k: {"played": est(p), "won": est(w)} for k, (p, w) in self.contracts.items()
            },
            "figures": {
                k: {"announced": est(a), "made": est(m)} for k, (a, m) in self.figures.items()
            },
            "kontra": {str(k): est(e) for k, e in self.kontra.items()},
            "stake": {**est(self.stake), **self.stake_quantiles},
            "stake_counts": {str(k): c for k, c in self.stake_counts.items()},
            "declarer_payment": est(self.declarer_payment),
        }


def _summary(variant: str, t: _Tally) -> VariantSummary:
    n = t.hands
    contracts = {
        k: (
            proportion_interval(c, n),
            proportion_interval(t.won[k], c) if k != "klopitzky" else None,
        )
        for k, c in sorted(t.played.items(), key=lambda kc: (-kc[1], kc[0]))
    }
    figures = {
        k: (proportion_interval(t.announced[k], n), proportion_interval(t.made[k], t.entries[k]))
        for k in sorted(t.entries, key=lambda k: (-t.entries[k], k))
    }
    kontra = {k: proportion_interval(t.kontra[k], n) for k in sorted(t.kontra)}
    ordered = sorted(t.stakes)
    quantiles = {
        "median": ordered[n // 2],
        "p90": ordered[min(n - 1, (9 * n) // 10)],
        "p99": ordered[min(n - 1, (99 * n) // 100)],
        "max": ordered[-1],
    }
    return VariantSummary(
        variant, n, contracts, figures, kontra,
        mean_interval(t.stakes), quantiles, dict(sorted(Counter(int(x) for x in t.stakes).items())),
        mean_interval(t.declarer_payments),
    )  # fmt: skip


@frozen
class Study:
    """The result of :func:`simulate`: each variant's summary and the paired differences.

    ``differences`` compares every later variant with the first, hand by
    hand: ``(variant, first)`` -> {"stake": ..., "declarer_payment": ...},
    each the mean of ``variant - first`` over the same seeds.
    """

    hands: int
    seed: int
    bots: tuple[str, ...]
    variants: dict[str, VariantSummary]
    differences: dict[tuple[str, str], dict[str, Estimate]]
    elapsed: float = 0.0
    played: int = 0  # hands played by this run (the rest came from a checkpoint)

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-ready data (what ``--json`` writes)."""
        return {
            "hands": self.hands,
            "seed": self.seed,
            "bots": list(self.bots),
            "variants": {k: v.to_data() for k, v in self.variants.items()},
            "differences": {
                f"{a} - {b}": {k: e.to_data() for k, e in d.items()}
                for (a, b), d in self.differences.items()
            },
        }

    def table(self) -> str:
        """The summary as text: one column per variant, then the paired differences."""
        names = list(self.variants)
        rows: list[tuple[str, ...]] = [("", *names)]

        def pct(e: Estimate | None) -> str:
            if e is None:
                return "-"
            return f"{e.value:.1%} [{e.low:.1%}, {e.high:.1%}]"

        def section(title: str, keys: Iterable[Any], cell: Any) -> None:
            rows.append((title,) + ("",) * len(names))
            for key in keys:
                rows.append((f"  {key}", *(cell(self.variants[v], key) for v in names)))

        kinds = dict.fromkeys(k for v in self.variants.values() for k in v.contracts)
        section(
            "contract played",
            kinds,
            lambda v, k: pct(v.contracts[k][0]) if k in v.contracts else "-",
        )
        section(
            "declarer won", kinds, lambda v, k: pct(v.contracts[k][1]) if k in v.contracts else "-"
        )
        figures = dict.fromkeys(k for v in self.variants.values() for k in v.figures)
        section(
            "figure announced",
            figures,
            lambda v, k: pct(v.figures[k][0]) if k in v.figures else "-",
        )
        section(
            "figure made", figures, lambda v, k: pct(v.figures[k][1]) if k in v.figures else "-"
        )
        levels = sorted({k for v in self.variants.values() for k in v.kontra})
        section("highest kontra level", levels, lambda v, k: pct(v.kontra.get(k)))
        rows.append((
            "stake per hand", *(f"{v.stake.value:.2f} [{v.stake.low:.2f}, {v.stake.high:.2f}]"
                                for v in self.variants.values()),
        ))  # fmt: skip
        rows.append(("  sd", *(f"{v.stake.sd:.2f}" for v in self.variants.values())))
        for q in ("median", "p90", "p99", "max"):
            rows.append((f"  {q}", *(f"{v.stake_quantiles[q]:g}" for v in self.variants.values())))
        last = self.seed + self.hands - 1
        lines = [f"{self.hands} hands per variant, seeds {self.seed}..{last}, "
                 f"bots {','.join(self.bots)}"]  # fmt: skip
        lines += aligned(rows)
        for (a, b), d in self.differences.items():
            lines.append(f"paired difference {a} - {b} (same seeds):")
            for k, e in d.items():
                verdict = "" if e.excludes(0.0) else "  (not distinguishable from 0)"
                lines.append(
                    f"  {k}: {e.value:+.3f} per hand, 95% [{e.low:+.3f}, {e.high:+.3f}]{verdict}"
                )
        return "\n".join(lines)


# --------------------------------------------------------------------- run


def simulate(
    variants: Sequence[str],
    hands: int,
    *,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    players: int | None = None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    out: str | Path | None = None,
    checkpoint: str | Path | None = None,
    resume: bool = False,
    progress: bool | None = None,
    on_chunk: Callable[[range], object] | None = None,
    on_resume: Callable[[str], object] | None = None,
    on_result: Callable[[Study], object] | None = None,
) -> Study:
    """Play ``hands`` hands (seeds ``seed ..``) under each variant and compare them.

    ``bots`` are cycled over the playing seats.  ``out`` writes one row per
    hand (.parquet, .csv, .jsonl); ``checkpoint`` keeps finished jobs there
    (default: next to ``out``, else a temporary file) and ``resume``
    continues from it, ``on_resume(text)`` hearing what was kept (damaged
    lines are dropped and their hands played again).  ``on_chunk(hands)`` is
    called with the range of hands of each job stored (progress reporting in
    programs).  ``on_result(study)`` is called before the checkpoint is
    removed, to write outputs: if it raises, the checkpoint stays.

    :raises SimulateError: (a :class:`~alsos.errors.ResearchError`) for no variants, fewer than 2
        hands, an unknown output format or resuming without a checkpoint file.
    """
    specs = _variant_specs(variants, hands, bots, out, players)
    if checkpoint is None and out is not None:
        checkpoint = f"{out}.partial.jsonl"
    if checkpoint is None and resume:
        raise SimulateError("--resume needs a file to resume: name --out, --json or --plot")
    check_outputs({"--out": out, "the checkpoint": checkpoint})
    header = {"variants": specs, "hands": hands, "seed": seed, "bots": list(bots),
              "players": players, "lines": "hands"}  # fmt: skip
    problem = functools.partial(_hand_problem, specs, seed)
    store = UnitCheckpoint(checkpoint, header, hands, "hands", problem).open(resume)
    try:
        if resume and on_resume is not None:
            on_resume(store.report())

        def job(first: int, count: int) -> tuple[Any, ...]:
            return specs, players, tuple(bots), seed + first, count

        with Progress(hands * len(specs), "simulate", enabled=progress) as bar:
            played = play_units(_play_hands, job, store, bar, len(specs), workers=workers,
                                backend=backend, address=address, on_job=on_chunk)  # fmt: skip
            elapsed = bar.elapsed
        study = _finish(store, specs, hands, seed, tuple(bots), out, elapsed, played * len(specs))
        if on_result is not None:
            on_result(study)
    except BaseException:
        store.close()
        raise
    store.close(remove=True)
    return study


def _variant_specs(
    variants: Sequence[str],
    hands: int,
    bots: Sequence[str],
    out: str | Path | None,
    players: int | None,
) -> tuple[str, ...]:
    """The variants' canonical names (``str(ruleset)``), after checking the study's
    arguments: variants each named once, at least 2 hands, bots that exist and an
    output format known; raises :class:`SimulateError` naming what is wrong."""
    if not variants:
        raise SimulateError("name at least one variant")
    if hands < 2:
        raise SimulateError(f"a study needs at least 2 hands per variant, not {hands}")
    if not bots:
        raise SimulateError("name at least one bot")
    if out is not None and Path(out).suffix not in SUFFIXES:
        raise SimulateError(f"--out {short(out)}: the file must end in {', '.join(SUFFIXES)}")
    if out is not None:
        try:
            check_format(Path(out))
        except RowFileError as e:
            raise SimulateError(str(e)) from None
    specs = tuple(str(rules_named(v, players)) for v in variants)
    if len(set(specs)) != len(specs):
        raise SimulateError(f"each variant may be named once: {', '.join(specs)}")
    from alsos.bots import available, parse_spec

    missing = [b for b in bots if parse_spec(b)[0] not in available()]
    if missing:
        raise SimulateError(
            f"no bot named {', '.join(missing)}; available: {', '.join(available())}"
        )
    return specs


def _finish(
    store: UnitCheckpoint, specs: tuple[str, ...], hands: int, seed: int, bots: tuple[str, ...],
    out: str | Path | None, elapsed: float, played: int,
) -> Study:  # fmt: skip
    """Read the finished hands in order: tally each variant and write the rows."""
    tallies = {v: _Tally() for v in specs}
    writer = row_writer(Path(out), list(COLUMNS)) if out is not None else None
    try:
        for per_variant in store.unit_results():
            for spec, row in zip(specs, per_variant, strict=True):
                tallies[spec].add(row)
            if writer is not None:
                writer.add(per_variant)
        if writer is not None:
            writer.finish()
    finally:
        if writer is not None:
            writer.close()
    summaries = {v: _summary(v, t) for v, t in tallies.items()}
    base = specs[0]
    differences = {
        (v, base): {
            "stake": paired_difference(tallies[v].stakes, tallies[base].stakes),
            "declarer_payment": paired_difference(
                tallies[v].declarer_payments, tallies[base].declarer_payments
            ),
        }
        for v in specs[1:]
    }
    return Study(hands, seed, bots, summaries, differences, elapsed, played)


# ----------------------------------------------------------------- command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``alsos simulate``."""
    parser.add_argument(
        "variants",
        nargs="*",
        default=["potter1930", "house"],
        metavar="VARIANT",
        help="variants to compare on the same hands (default: potter1930 house)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="load the variants for N seats, where their profiles allow several",
    )
    parser.add_argument(
        "--hands", type=int, default=10_000, metavar="N", help="hands per variant (default: 10000)"
    )
    parser.add_argument(
        "--bots",
        default="heuristic",
        metavar="A,B,...",
        help="bots, cycled over the playing seats (default: heuristic)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first hand (default: 0)")
    parser.add_argument(
        "--out", metavar="FILE", help="one row per hand and variant: .parquet, .csv or .jsonl"
    )
    parser.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    parser.add_argument("--plot", metavar="FILE", help="draw the comparison (.png, .svg, .pdf)")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue a stopped run from its checkpoint (FILE.partial.jsonl)",
    )
    add_backend_arguments(parser)  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Run ``alsos simulate``: print the summary table, write what was asked for.

    Every output is checked before the study starts, and written before the
    checkpoint is removed, so no finished study is lost to a bad file name.
    """
    from alsos.bots import split_specs

    bots = split_specs(args.bots)
    target = args.out or args.json or args.plot
    checkpoint = None if target is None else f"{target}.partial.jsonl"

    def write(study: Study) -> None:
        print(study.table())
        total = study.hands * len(study.variants)
        if study.elapsed > 0:
            resumed = total - study.played
            print(f"{study.played} hands played in {study.elapsed:.1f} s: "
                  f"{study.played / study.elapsed:,.0f} hands/s"
                  + (f" ({resumed} more from the checkpoint)" if resumed else ""))  # fmt: skip
        write_json(args.json, study.to_data(), indent=1)
        if args.plot:
            plot(study, args.plot)

    def body() -> int:
        if args.plot:
            _check_matplotlib(args.plot)
        check_outputs({"--out": args.out, "--json": args.json, "--plot": args.plot,
                       "the checkpoint": checkpoint})  # fmt: skip
        simulate(
            args.variants, args.hands, bots=bots, seed=args.seed, players=args.players,
            workers=args.workers, backend=args.backend, address=args.address, out=args.out,
            checkpoint=checkpoint, resume=args.resume, progress=args.progress,
            on_resume=lambda text: print(text, file=sys.stderr), on_result=write,
        )  # fmt: skip
        return 0

    return run_command("simulate", checkpoint, body)


def _check_matplotlib(path: str) -> None:
    """Fail before the study, not after it, when matplotlib is missing or cannot
    draw to a file of ``path``'s kind."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError as e:
        raise SimulateError("--plot needs matplotlib: pip install 'alsos[plot]'") from e
    kinds = FigureCanvasBase.get_supported_filetypes()
    if Path(path).suffix.lower().lstrip(".") not in kinds:
        raise SimulateError(
            f"--plot {short(path)}: the file must end in one of "
            + ", ".join(f".{k}" for k in sorted(kinds))
        )


# -------------------------------------------------------------------- plot


def _bar_positions(count: int, j: int, series: int, width: float) -> list[float]:
    """Where series ``j`` of ``series`` draws its bars of ``width``, side by side
    around each of the positions 0 .. ``count`` - 1."""
    return [i + (j - (series - 1) / 2) * width for i in range(count)]


def _error_bars(estimates: Sequence[Estimate | None]) -> list[list[float]]:
    """Matplotlib's error bars (below, above) of ``estimates`` in percent; 0 where none."""
    return [
        [100 * (e.value - e.low) if e else 0.0 for e in estimates],
        [100 * (e.high - e.value) if e else 0.0 for e in estimates],
    ]


def plot(study: Study, path: str | Path) -> None:
    """Draw the comparison to ``path`` (PNG, SVG, PDF by its suffix) with matplotlib.

    Three panels: the distribution of the stake per hand (log scale: kontras
    make it heavy-tailed), the contract mix with the declarer's win rate, and
    how often each figure is announced and made; 95% intervals as error bars.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise SimulateError("--plot needs matplotlib: pip install 'alsos[plot]'") from e
    names = list(study.variants)
    fig, (ax_stake, ax_mix, ax_fig) = plt.subplots(1, 3, figsize=(16, 5.2))
    width = 0.8 / len(names)
    _plot_stakes(ax_stake, study, width)
    _plot_contracts(ax_mix, study, width)
    _plot_figures(ax_fig, study, width)
    fig.suptitle(
        f"{' vs '.join(names)}: {study.hands} hands each on the same seeds, "
        f"bots {','.join(study.bots)}"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _firsts(
    table: Mapping[str, tuple[Estimate, Estimate | None]], keys: Sequence[str]
) -> list[Estimate | None]:
    """The first estimate (how often) of each of ``keys`` in a summary's ``table``
    (contracts or figures); None for a key the variant never had."""
    return [table[k][0] if k in table else None for k in keys]


def _percents(estimates: Sequence[Estimate | None]) -> list[float]:
    """``estimates`` as bar lengths in percent; 0 where none."""
    return [100 * e.value if e else 0.0 for e in estimates]


def _plot_stakes(ax: Any, study: Study, width: float) -> None:
    """The share of hands per stake class, the variants side by side.

    Stakes double with every kontra: classes 0, 1, 2-3, 4-7, 8-15, ...
    """
    names = list(study.variants)
    top = max(v.stake_quantiles["max"] for v in study.variants.values())
    classes = int(top).bit_length() + 1
    labels = ["0", "1"] + [f"{2**k}-{2 ** (k + 1) - 1}" for k in range(1, classes - 1)]
    for j, (name, v) in enumerate(study.variants.items()):
        shares = [0.0] * classes
        for stake, count in v.stake_counts.items():
            shares[max(0, stake).bit_length()] += 100 * count / v.hands
        xs = _bar_positions(classes, j, len(names), width)
        label = f"{name}: mean {v.stake.value:.1f} [{v.stake.low:.1f}, {v.stake.high:.1f}]"
        ax.bar(xs, shares, width, label=label)
    ax.set_xticks(range(classes), labels, rotation=45)
    ax.set_xlabel("stake per hand (sum of the payments received)")
    ax.set_ylabel("% of hands")
    ax.set_title("Stakes")
    ax.legend(fontsize=8)


def _plot_contracts(ax: Any, study: Study, width: float) -> None:
    """How often each contract is played, labelled with how often the declarer won."""
    names = list(study.variants)
    kinds = list(dict.fromkeys(k for v in study.variants.values() for k in v.contracts))
    for j, name in enumerate(names):
        v = study.variants[name]
        xs = _bar_positions(len(kinds), j, len(names), width)
        played = _firsts(v.contracts, kinds)
        errs = _error_bars(played)
        bars = ax.bar(xs, _percents(played), width, yerr=errs, capsize=2, label=name)
        for x, k, b in zip(xs, kinds, bars, strict=True):
            won = v.contracts[k][1] if k in v.contracts else None
            if won is not None:
                ax.annotate(
                    f"{won.value:.0%}",
                    (x, b.get_height()),
                    ha="center",
                    va="bottom",
                    fontsize=7,
                    xytext=(0, 6),
                    textcoords="offset points",
                )
    ax.set_xticks(range(len(kinds)), kinds)
    ax.set_ylabel("% of hands (label: declarer won)")
    ax.set_title("Contracts played")
    ax.legend(fontsize=8)


def _plot_figures(ax: Any, study: Study, width: float) -> None:
    """How often each figure is announced, as horizontal bars."""
    names = list(study.variants)
    figures = list(dict.fromkeys(k for v in study.variants.values() for k in v.figures))
    for j, name in enumerate(names):
        v = study.variants[name]
        ys = _bar_positions(len(figures), j, len(names), width)
        ann = _firsts(v.figures, figures)
        ax.barh(ys, _percents(ann), width, xerr=_error_bars(ann), capsize=2, label=name)
    ax.set_yticks(range(len(figures)), figures)
    ax.invert_yaxis()
    ax.set_xlabel("% of hands in which it is announced")
    ax.set_title("Figures announced")
    ax.set_xlim(
        0,
        100
        * max((a.high for v in study.variants.values() for a, _ in v.figures.values()), default=0.5)
        * 1.45,
    )
    ax.legend(fontsize=8, loc="lower right")
