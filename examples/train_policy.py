"""Train the learned bot's network for one profile: imitate PIMC, export NumPy weights.

Three steps, each seeded, so the same arguments give the same weights:

1. **generate**: play ``--hands`` seeded hands (seeds ``--seed`` onwards,
   the dealer rotating) with the teacher at every seat (``--teacher``,
   default ``pimc(worlds=8, budget=32)``, the ``hard`` level), and keep, for
   every decision with a choice, the seat's observation
   (:class:`alsos.rl.ObservationEncoder`: the view only), the heuristic's
   choice (the hint), the legal actions and the teacher's choice;
2. **train**: a multilayer perceptron (input: observation and a one-hot of
   the hint, :func:`alsos.rl.learned.features`; ReLU hidden layers) learns the
   teacher's choice by cross-entropy over the legal actions only (the
   others are masked out), with Adam; a tenth of the hands is held out and
   the accuracy on them printed, overall and where the teacher left the
   heuristic's choice;
3. **export**: the layers as ``float16`` arrays in an ``.npz`` with the
   profile id and the digest of its action space
   (:func:`alsos.rl.learned.space_digest`), which
   :class:`alsos.rl.learned.LearnedBot` reads with NumPy alone.

Generation is the slow part (the teacher searches every decision); it runs
in ``--workers`` processes and stops early after ``--minutes`` (the hands
played by then are used: the seeds are still ``--seed`` onwards, so the
data depend on the machine's speed only through how many hands there are;
``--data`` keeps them for another training run with ``--reuse``).

Needs PyTorch for step 2 (the ``train`` extra: ``pip install 'alsos[train]'``)::

    nice -n 10 python examples/train_policy.py potter1930 --hands 1200 --workers 2 \\
        --out alsos/rl/policies/potter1930.npz

``--smoke`` is a tiny configuration (two hands, the heuristic as teacher,
one epoch, eight hidden units) that checks the pipeline in seconds.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import alsos
from alsos.bots import make_spec
from alsos.bots.heuristic import HeuristicBot
from alsos.pack.phases import Phase
from alsos.rl import ObservationEncoder
from alsos.rl.learned import space_digest


def play_hands(job: tuple[str, str, list[int], bool]) -> dict[str, np.ndarray]:
    """Play the hands ``seeds`` with ``teacher`` at every seat; the decisions with a choice.

    With ``speech_only`` the teacher decides (and is recorded) only before the
    play of the cards, and the heuristic plays the cards.
    """
    variant, teacher, seeds, speech_only = job
    rules = alsos.load_variant(variant)
    enc = ObservationEncoder(rules)
    space = enc.space
    obs: list[np.ndarray] = []
    hints: list[int] = []
    masks: list[np.ndarray] = []
    targets: list[int] = []
    hands: list[int] = []
    for s in seeds:
        game = alsos.Game(rules, seed=s, dealer=s % rules.players)
        bots = [make_spec(teacher, seed=s * 16 + seat) for seat in range(rules.players)]
        hint_bot = HeuristicBot(0)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            view = game.view(seat)
            if speech_only and view.phase is Phase.PLAY:
                game.apply(hint_bot.choose(view, legal))
                continue
            action = bots[seat].choose(view, legal)
            if len(legal) > 1:
                obs.append(enc.encode(view).astype(np.float16))
                hints.append(space.index(hint_bot.choose(view, legal)))
                masks.append(space.mask(legal).astype(bool))
                targets.append(space.index(action))
                hands.append(s)
            game.apply(action)
    width = enc.shape[0]
    return {
        "obs": np.array(obs, dtype=np.float16).reshape(-1, width),
        "hint": np.array(hints, dtype=np.int16),
        "mask": np.array(masks, dtype=bool).reshape(-1, len(space)),
        "target": np.array(targets, dtype=np.int16),
        "hand": np.array(hands, dtype=np.int32),
    }


def generate(args: argparse.Namespace) -> dict[str, np.ndarray]:
    """Step 1: the teacher's decisions on ``args.hands`` hands (fewer if time runs out)."""
    seeds = list(range(args.seed, args.seed + args.hands))
    chunk = max(1, min(10, args.hands // max(args.workers, 1)))
    jobs = [
        (args.variant, args.teacher, seeds[i : i + chunk], args.speech_only)
        for i in range(0, len(seeds), chunk)
    ]
    start = time.perf_counter()
    parts: list[dict[str, np.ndarray]] = []
    deadline = start + 60 * args.minutes if args.minutes else None
    if args.workers <= 1:
        for job in jobs:
            parts.append(play_hands(job))
            if deadline and time.perf_counter() > deadline:
                break
    else:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            # imap keeps the order of the jobs, so the hands kept are the first ones
            for part in pool.imap(play_hands, jobs):
                parts.append(part)
                if deadline and time.perf_counter() > deadline:
                    pool.terminate()
                    break
    data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    n = len(np.unique(data["hand"]))
    took = time.perf_counter() - start
    print(f"generate: {n} hands, {len(data['target'])} decisions, {took:.0f} s", flush=True)
    return data


def train(data: dict[str, np.ndarray], args: argparse.Namespace) -> list[np.ndarray]:
    """Step 2: fit the MLP; the hint bonus, then its layers as ``[w0, b0, w1, b1, ...]``
    (NumPy, float32)."""
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    space_size = data["mask"].shape[1]
    x = np.concatenate(
        [data["obs"].astype(np.float32), np.eye(space_size, dtype=np.float32)[data["hint"]]],
        axis=1,
    )
    hands = np.unique(data["hand"])
    held = set(rng.choice(hands, size=max(1, len(hands) // 10), replace=False).tolist())
    test = np.isin(data["hand"], list(held)) if len(hands) > 1 else np.zeros(len(x), bool)
    tensors = {
        "x": torch.from_numpy(x),
        "mask": torch.from_numpy(data["mask"]),
        "y": torch.from_numpy(data["target"].astype(np.int64)),
        "hint": torch.from_numpy(data["hint"].astype(np.int64)),
    }
    sizes = [x.shape[1], *args.hidden, space_size]
    layers: list[torch.nn.Module] = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
    net = torch.nn.Sequential(*layers)
    # a learnt bonus on the hint's score: the network starts from the heuristic's choice
    bonus = torch.nn.Parameter(torch.tensor(2.0))
    opt = torch.optim.Adam([*net.parameters(), bonus], lr=args.lr, weight_decay=1e-5)
    train_idx = np.flatnonzero(~test)
    test_idx = np.flatnonzero(test)

    def logits(idx: Any) -> Any:
        out = net(tensors["x"][idx])
        out = out + bonus * torch.nn.functional.one_hot(tensors["hint"][idx], space_size)
        return out.masked_fill(~tensors["mask"][idx], -1e9)

    start = time.perf_counter()
    for epoch in range(args.epochs):
        net.train()
        order = rng.permutation(train_idx)
        total = 0.0
        for i in range(0, len(order), args.batch):
            idx = torch.from_numpy(order[i : i + args.batch])
            loss = torch.nn.functional.cross_entropy(logits(idx), tensors["y"][idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        line = f"epoch {epoch + 1}: loss {total / max(len(order), 1):.4f}"
        if len(test_idx):
            net.eval()
            with torch.no_grad():
                idx = torch.from_numpy(test_idx)
                pred = logits(idx).argmax(1)
                y = tensors["y"][idx]
                off = y != tensors["hint"][idx]
                acc = float((pred == y).float().mean())
                acc_off = float((pred[off] == y[off]).float().mean()) if off.any() else 0.0
                n_off = int(off.sum())
                line += f", held-out accuracy {acc:.3f} ({acc_off:.3f} off the hint, {n_off})"
        print(line, flush=True)
    print(f"train: {time.perf_counter() - start:.0f} s, hint bonus {bonus.item():.2f}", flush=True)
    out: list[np.ndarray] = [np.array(bonus.item(), dtype=np.float32)]
    for m in net:
        if isinstance(m, torch.nn.Linear):
            out += [m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()]
    return out


def export(layers: list[np.ndarray], args: argparse.Namespace) -> None:
    """Step 3: write the ``.npz`` the learned bot reads."""
    rules = alsos.load_variant(args.variant)
    bonus, layers = layers[0], layers[1:]
    arrays: dict[str, Any] = {
        "bonus": bonus,
        "profile": np.array(rules.id),
        "digest": np.array(space_digest(rules)),
        "layers": np.array(len(layers) // 2),
        "teacher": np.array(args.teacher),
        "seed": np.array(args.seed),
        # the phases the network decides; the heuristic's choice is played in the others
        "phases": np.array(args.phases),
    }
    for i in range(0, len(layers), 2):
        arrays[f"w{i // 2}"] = layers[i].astype(np.float16)
        arrays[f"b{i // 2}"] = layers[i + 1].astype(np.float16)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out} ({Path(args.out).stat().st_size // 1024} KiB)", flush=True)


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("variant", help="a shipped profile id (potter1930, tompa, ...)")
    p.add_argument("--out", required=True, help="the .npz to write")
    p.add_argument("--teacher", default="pimc(worlds=8, budget=32)", help="the bot imitated")
    p.add_argument("--hands", type=int, default=1200)
    p.add_argument("--minutes", type=float, default=0, help="stop generating after this (0: no)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--hidden", type=int, nargs="+", default=[128, 128])
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--data", nargs="+", help="keep the generated decisions in this .npz")
    p.add_argument("--reuse", action="store_true", help="train on the --data files instead")
    p.add_argument(
        "--speech-only",
        action="store_true",
        help="learn the decisions before the play of the cards only (the heuristic plays cards)",
    )
    p.add_argument(
        "--phases",
        nargs="+",
        choices=[p.name for p in Phase],
        help="the phases the network decides, the heuristic's choice being played in the "
        "others (default: every phase; with --speech-only every phase but PLAY)",
    )
    p.add_argument("--smoke", action="store_true", help="a tiny configuration (seconds)")
    args = p.parse_args(argv)
    if args.phases is None:
        args.phases = [p.name for p in Phase if p is not Phase.PLAY or not args.speech_only]
    if args.smoke:
        args.hands, args.teacher, args.epochs, args.hidden, args.workers = 2, "heuristic", 1, [8], 1
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.reuse:
        parts = []
        for path in args.data:
            with np.load(path) as f:
                parts.append(dict(f))
        data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
        print(f"read {len(data['target'])} decisions", flush=True)
    else:
        data = generate(args)
        if args.data:
            np.savez_compressed(args.data[0], **data)
    if args.speech_only:  # keep the decisions before the play of the cards
        enc = ObservationEncoder(alsos.load_variant(args.variant))
        offset = next(off for name, off, _ in enc.fields if name == "phase")
        play = offset + list(Phase).index(Phase.PLAY)
        keep = data["obs"][:, play] == 0
        data = {k: v[keep] for k, v in data.items()}
        print(f"speech only: {int(keep.sum())} decisions", flush=True)
    export(train(data, args), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
