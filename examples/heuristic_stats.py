"""How the heuristic bot plays: statistics over seeded hands with it at every seat.

For each shipped profile (or the ones named), plays ``--hands`` seeded hands
with :class:`~alsos.bots.HeuristicBot` at every seat and prints the contract
mix, the declarer's win rate per contract, the figures announced and made
(and, where a second-round bid carries figures, the ones the winning bid
carried), the kontra levels reached, the calls, the mean number of actions per hand
and the bot's mean time per decision (with the slowest phase).  Used to
calibrate the bot's bidding and speech against what club players do.

    python examples/heuristic_stats.py --hands 300
    python examples/heuristic_stats.py potter1930 tompa --hands 1000
    python examples/heuristic_stats.py altiansz --players 4 --hands 300

A ladder profile's contracts (altiansz) are listed by their ids (``solo``,
``ultimo``, ...), whatever the trump suit named.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

import alsos
from alsos.bots import HeuristicBot
from alsos.pack.actions import Announce, Bid, Call, CallItem


def _play_one(rules: alsos.Ruleset, seed: int) -> None:
    game = alsos.Game(rules, seed=seed)
    bots = {s: HeuristicBot(s) for s in range(rules.players)}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))


def measure(vid: str, hands: int, players: int | None = None) -> dict[str, object]:
    rules = alsos.load_variant(vid, players=players) if players else alsos.load_variant(vid)
    contracts: Counter[str] = Counter()
    won: Counter[str] = Counter()
    announced: Counter[str] = Counter()
    made: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    in_bids: Counter[str] = Counter()  # figures the winning bid carried (combined auctions)
    in_bids_made: Counter[str] = Counter()
    calls = conceded = actions = kontrad = beaten = 0
    decide_ns = 0
    times: list[int] = []
    per_phase: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    _play_one(rules, -1)  # warm the bot's per-ruleset caches outside the timing
    for seed in range(hands):
        game = alsos.Game(rules, seed=seed, dealer=seed % rules.players)
        bots = {s: HeuristicBot(seed * 10 + s) for s in range(rules.players)}
        pending: dict[int, list[str]] = defaultdict(list)
        carried: dict[int, list[str]] = {}
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            legal = game.legal_actions()
            t0 = time.perf_counter_ns()
            action = bots[seat].choose(view, legal)
            dt = time.perf_counter_ns() - t0
            decide_ns += dt
            times.append(dt)
            slot = per_phase[str(view.phase)]
            slot[0] += dt
            slot[1] += 1
            if isinstance(action, (Call, CallItem)):
                calls += 1
            if str(view.phase) == "bidding":
                if isinstance(action, Announce):
                    pending[seat].append(action.figure)
                elif isinstance(action, Bid):
                    carried[seat] = pending.pop(seat, [])
                else:
                    pending.pop(seat, None)
            game.apply(action)
            actions += 1
        s = game.settlement
        assert s is not None
        if "," in s.contract:  # a named (ladder) contract: "ultimo, trump hearts"
            kind = s.contract.split(",")[0]
        else:
            kind = s.contract.split()[0] if s.contract.startswith("trump") else s.contract
        contracts[kind] += 1
        conceded += s.conceded
        for fig in carried.get(s.declarer, []) if s.declarer is not None else []:
            in_bids[fig] += 1
            in_bids_made[fig] += any(
                e.made for e in s.entries if e.seat == s.declarer and e.label.split("@")[0] == fig
            )
        for e in s.entries:
            if e.steps:
                levels[len(e.steps)] += 1
                kontrad += 1
                beaten += not e.made  # the side that said kontra was right
            if e.label == "game":
                if s.declarer is not None:
                    won[kind] += e.made
            elif e.label != "klopitzky":
                fig = e.label.split("@")[0]
                announced[fig] += 1
                made[fig] += e.made
    return {
        "contracts": contracts,
        "won": won,
        "announced": announced,
        "made": made,
        "levels": levels,
        "in_bids": in_bids,
        "in_bids_made": in_bids_made,
        "calls": calls,
        "kontrad": kontrad,
        "beaten": beaten,
        "conceded": conceded,
        "actions": actions,
        "us": decide_ns / 1000 / actions,
        "p50": sorted(times)[len(times) // 2] / 1000,
        "p99": sorted(times)[len(times) * 99 // 100] / 1000,
        "per_phase": {p: v[0] / 1000 / v[1] for p, v in per_phase.items()},
    }


def report(vid: str, hands: int, r: dict[str, object]) -> str:
    contracts: Counter[str] = r["contracts"]  # type: ignore[assignment]
    won: Counter[str] = r["won"]  # type: ignore[assignment]
    announced: Counter[str] = r["announced"]  # type: ignore[assignment]
    made: Counter[str] = r["made"]  # type: ignore[assignment]
    levels: Counter[int] = r["levels"]  # type: ignore[assignment]
    per_phase: dict[str, float] = r["per_phase"]  # type: ignore[assignment]
    lines = [f"## {vid} ({hands} hands)"]
    mix = ", ".join(
        f"{k} {n / hands:.0%}" + (f" (won {won[k] / n:.0%})" if k != "klopitzky" else "")
        for k, n in contracts.most_common()
    )
    lines.append(f"contracts:  {mix}")
    played = sum(n for k, n in contracts.items() if k != "klopitzky")
    if played:
        lines.append(
            f"declarer:   plays {played / hands:.0%} of hands, wins "
            f"{sum(won.values()) / played:.0%}"
        )
    figs = ", ".join(f"{f} {n} (made {made[f] / n:.0%})" for f, n in announced.most_common())
    total = sum(announced.values())
    share = f"{total} announced, {sum(made.values()) / total:.0%} made: " if total else ""
    lines.append(f"figures:    {share}{figs or 'none'}")
    in_bids: Counter[str] = r["in_bids"]  # type: ignore[assignment]
    if in_bids:
        bid_made: Counter[str] = r["in_bids_made"]  # type: ignore[assignment]
        carried = ", ".join(
            f"{f} {n} (made {bid_made[f] / n:.0%})" for f, n in in_bids.most_common()
        )
        lines.append(f"in bids:    carried by the winning bid: {carried}")
    lad = ", ".join(f"{lv}: {n}" for lv, n in sorted(levels.items()) if lv)
    kontrad: int = r["kontrad"]  # type: ignore[assignment]
    right = f"; the kontra was right for {r['beaten'] / kontrad:.0%}" if kontrad else ""
    lines.append(f"kontras:    items raised by level {lad or 'none'}{right}")
    lines.append(f"calls:      {r['calls']} gyerünk, {r['conceded']} hands conceded")
    slowest = max(per_phase.items(), key=lambda kv: kv[1])
    lines.append(
        f"actions:    {r['actions'] / hands:.1f} per hand; µs per decision: mean {r['us']:.1f}, "
        f"median {r['p50']:.1f}, 99th percentile {r['p99']:.1f} "
        f"(slowest phase on average: {slowest[0]} {slowest[1]:.1f})"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="profile ids (default: every shipped one)")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, help="player count (default: each profile's)")
    args = parser.parse_args(argv)
    for vid in args.variants or alsos.shipped_variants():
        title = f"{vid}, {args.players} players" if args.players else vid
        print(report(title, args.hands, measure(vid, args.hands, args.players)))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
