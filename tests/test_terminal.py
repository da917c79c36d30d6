"""Tests of ``alsos play`` as a newcomer meets it (alsos.terminal), run in-process or as a process.

They check what is printed: the phase headers, one line a trick with its
winner and the tricks won so far, the hands after the pick-up, the talon,
síber discards in words and hidden from other seats, the grouped legal
actions and the help screen, sessions, bots by name, colour and suit signs,
and the options every profile-loading command has.
"""

from __future__ import annotations

import functools
import importlib.machinery
import io
import random
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from drive import Step, at_random, play_out
from profiles import TABLES

import alsos
from alsos.cli import main
from alsos.hand.chosen import declare_limit, named_contracts
from alsos.hand.events import Took
from alsos.pack.actions import Action, Discard
from alsos.play.session import Rubber
from alsos.records.record import loads_all, replay_session
from alsos.terminal.narrator import Narrator
from alsos.terminal.prompt import choice, grouped, help_lines
from alsos.terminal.screen import Screen, plain
from alsos.version import compiled_modules
from alsos.words import rules as words
from alsos.words.rules import figure_meaning

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str], code: int = 0) -> str:
    assert main(argv) == code
    return capsys.readouterr().out


# Seeds searched for a hand with what a test needs: what the bots do at a seed changes
# when they are improved, so a test looks for its kind of hand (judged by the engine,
# from the saved record) instead of naming a seed.
SEEDS = range(1, 200)


def _seek(
    argv: list[str],
    good: Callable[[list[alsos.Record]], bool],
    what: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    answers: tuple[pytest.MonkeyPatch, str] | None = None,
    save: str = "txt",
) -> tuple[int, str, list[alsos.Record], Path]:
    """Run ``alsos play ARGV --seed N --save FILE`` for N in SEEDS until ``good`` accepts the
    saved records; return that seed, what was printed, the records and the file."""
    for seed in SEEDS:
        saved = tmp_path / f"seed{seed}.{save}"
        if answers is not None:
            answers[0].setattr(sys, "stdin", io.StringIO(answers[1]))
        assert main([*argv, "--seed", str(seed), "--save", str(saved)]) in (0, 1)
        out = capsys.readouterr().out
        records = loads_all(saved.read_text(encoding="utf-8"))
        if good(records):
            return seed, out, records, saved
    pytest.fail(f"no seed in {SEEDS} gives {what}: {argv}")


def _phases(record: alsos.Record) -> list[alsos.Phase]:
    """The phases the recorded hand went through, in order (a phase again after another
    counts again)."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    phases: list[alsos.Phase] = []
    for seat, action in record.actions:
        if not phases or phases[-1] is not game.phase:
            phases.append(game.phase)
        game.apply(action, seat=seat)
    return phases


def _siber(record: alsos.Record) -> tuple[int, int] | None:
    """The seat that took the talon (síber) and how many cards it discarded, or None."""
    done = [(s, str(a)) for s, a in record.actions]
    takers = [s for s, a in done if a == "siber"]
    if not takers:
        return None
    return takers[0], sum(1 for s, a in done if s == takers[0] and a.startswith("discard"))


# ------------------------------------------------------------------ watching


_HEADERS = {
    alsos.Phase.BIDDING: "Bidding",
    alsos.Phase.FRONT: "Front announcements",
    alsos.Phase.BACK: "Back announcements",
    alsos.Phase.SIBER: "Síber",
    alsos.Phase.DISCARD: "Discard",
    alsos.Phase.COMPLETION: "Completion of announcements",
    alsos.Phase.MELDS: "Meld validation",
    alsos.Phase.CALL: "Answer to a call",
}


def _parts(record: alsos.Record) -> list[str]:
    """The parts of the recorded hand in order, by the engine: a part for each phase the
    hand enters (the first trick apart from the rest of the play), the pick-up where the
    cards dealt face down are taken up, and the settlement."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    parts: list[str] = []
    face_down = any(game.view(s).unseen_count for s in game.active)
    for seat, action in record.actions:
        if game.phase is alsos.Phase.PLAY:
            name = "First trick" if game.trick_no == 0 else "Play"
        else:
            name = _HEADERS[game.phase]
        if not parts or parts[-1] != name:
            parts.append(name)
        game.apply(action, seat=seat)
        if face_down and not any(game.view(s).unseen_count for s in game.active):
            face_down = False
            parts.append("Pick-up")
    return [*parts, "Settlement"]


EVERY_PART = [
    "Bidding",
    "Front announcements",
    "Pick-up",
    "Síber",
    "Discard",
    "First trick",
    "Meld validation",
    "Play",
    "Settlement",
]


def test_watch_has_a_header_for_every_part_of_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def every_part(records: list[alsos.Record]) -> bool:
        # a síber with its discard, melds declared at the first trick; each part once
        parts = _parts(records[0])
        return set(EVERY_PART) <= set(parts) and len(parts) == len(set(parts))

    _seed, out, records, _f = _seek(["play", "--watch"], every_part, "every part", tmp_path, capsys)
    headers = [line.split("==")[1].strip() for line in out.splitlines() if line.startswith("==")]
    assert headers == _parts(records[0])
    assert [h for h in headers if h in EVERY_PART] == EVERY_PART


def test_trick_lines_keep_a_running_count_of_tricks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def all_nine(records: list[alsos.Record]) -> bool:
        return len(records[0].replay().tricks) == 9

    _seed, out, records, _f = _seek(["play", "--watch"], all_nine, "9 tricks", tmp_path, capsys)
    game = records[0].replay()
    counts = {s: 0 for s in range(3)}
    tricks = [line for line in out.splitlines() if line.startswith("  trick ")]
    assert len(tricks) == 9
    for line, winner in zip(tricks, game.trick_winners, strict=True):
        assert re.search(rf"→ seat {winner} wins", line)
        counts[winner] += 1
        assert line.endswith(f"({counts[0]}·{counts[1]}·{counts[2]})")
    written = re.search(r"tricks won: (.*)", out).group(1)  # type: ignore[union-attr]
    assert written == ", ".join(f"seat {s} {n}" for s, n in counts.items())


def _picked_up(record: alsos.Record) -> dict[int, tuple[alsos.Card, ...]] | None:
    """Each seat's hand when the cards dealt face down were taken up, by the engine."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    if not any(game.view(s).unseen_count for s in game.active):
        return None
    for seat, action in record.actions:
        game.apply(action, seat=seat)
        if not any(game.view(s).unseen_count for s in game.active):
            return {s: game.view(s).hand for s in game.active}
    return None


def test_watch_shows_whole_hands_after_the_pick_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def picked(records: list[alsos.Record]) -> bool:
        return _picked_up(records[0]) is not None

    _seed, out, records, _f = _seek(["play", "--watch"], picked, "a pick-up", tmp_path, capsys)
    before, after = out.split("== Pick-up ==", 1)
    opening = [line for line in before.splitlines() if " holds " in line]
    assert len(opening) == 3 and all("+3 face down" in line for line in opening)
    picked_lines = [line for line in after.splitlines() if " holds " in line][:3]
    hands = _picked_up(records[0])
    assert hands is not None and len(picked_lines) == len(hands)
    for line in picked_lines:
        seat = int(line.split()[1])
        assert line.split(" holds ")[1].split() == [c.name for c in sorted(hands[seat])]


def test_talon_is_shown_as_it_becomes_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed, out, records, _f = _seek(
        ["play", "--watch"], lambda r: _siber(r[0]) is not None, "a síber", tmp_path, capsys
    )
    taker = _siber(records[0])
    assert taker is not None
    game = alsos.Game(alsos.load_variant("potter1930"), seed=seed, dealer=0)
    up = game.view(0).talon_seen
    down = len(game.deal.talon) - len(up)
    assert f"talon: {' '.join(c.name for c in up)} face up, {down} face down" in out
    after = out.split(f"seat {taker[0]}: siber")[1]
    assert "the talon, face up now: " in after  # after the síber
    assert re.search(rf"seat {taker[0]}: discard \w+, discard", after)  # the watcher sees them


def test_seed_7_reads_in_a_sensible_number_of_lines(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--seed", "7"], capsys)
    assert 20 < len(out.splitlines()) < 80
    assert re.search(r"wins? the hand \(\+\d+\)", out) and "written on the score sheet" in out


def test_settlement_is_explained_with_its_factors(capsys: pytest.CaptureFixture[str]) -> None:
    """An item's worth is written as the product of its factors (pagat, "Kontra")."""
    out = _run(["play", "--watch", "--seed", "3", "--bots", "random"], capsys)
    items = [
        line for line in out.splitlines() if ": made, worth " in line or ": lost, worth " in line
    ]
    assert items
    for line in items:
        worth, _, formula = line.partition("worth ")[2].partition(" = ")
        if " × " in formula:
            product = 1
            for factor in formula.split(" × "):
                product *= int(factor.split()[0])
            assert product == int(worth)


def test_settlement_names_each_item_once(capsys: pytest.CaptureFixture[str]) -> None:
    """A figure whose title starts with its notation is named by its title alone."""
    out = _run(["play", "--watch", "--seed", "3", "--bots", "pimc,heuristic,heuristic"], capsys)
    settlement = out.split("== Settlement ==")[1]
    assert "    100 (százas) by seat 1: made" in settlement
    assert "(100 (" not in settlement
    assert "    abszolut (abszolút) by seat 1: made" in settlement


# --------------------------------------------------------- a seated player


def _hidden_cards(record_path: Path, me: int) -> set[str]:
    """Cards the seat may not know where the record stops: others' hands, the face-down talon."""
    record = alsos.Record.loads(record_path.read_text(encoding="utf-8"))
    game = record.replay()
    view = game.view(me)
    seen = {c.name for c in view.talon_seen} | {c.name for c in view.hand}
    start = alsos.Game(game.rules, seed=record.seed, dealer=game.dealer)
    seen |= {c.name for c in start.view(me).talon_seen}
    hidden = {alsos.Card(c).name for c in game.talon}
    for seat in game.active:
        if seat != me:
            hidden |= set(alsos.format_cards(game.state.hands[seat]).split())
    return hidden - seen


@pytest.mark.parametrize(("seed", "seat", "answers"), [(1, 1, 3), (1, 2, 12), (9, 0, 6), (4, 2, 0)])
def test_a_seated_player_never_sees_hidden_cards(
    seed: int,
    seat: int,
    answers: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    saved = tmp_path / "hand.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * answers))
    argv = ["play", "--seed", str(seed), "--seat", str(seat), "--save", str(saved)]
    assert main(argv) in (0, 1)
    out = capsys.readouterr().out.split("'quit' leaves.", 1)[1]
    hidden = _hidden_cards(saved, seat)
    assert hidden
    for card in hidden:
        assert not re.search(rf"\b{card}\b", out), f"{card} was shown to seat {seat}"


def test_other_seats_discards_stay_face_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def another_seat_discards(records: list[alsos.Record]) -> bool:
        taken = _siber(records[0])
        return taken is not None and taken[0] != 1 and taken[1] > 0

    _seed, out, records, _f = _seek(
        ["play", "--seat", "1"],
        another_seat_discards,
        "a síber by a bot",
        tmp_path,
        capsys,
        (monkeypatch, "1\n" * 60),
    )
    taker = _siber(records[0])
    assert taker is not None
    seat, discards = taker
    assert f"seat {seat}: siber" in out
    away = ", ".join(["puts a card away face down"] * discards)
    discard = out.split("== Discard ==")[1].split("==")[0]
    assert re.search(rf"seat {seat}: {away}$", discard, re.MULTILINE)
    assert not re.search(r"discard [MPTZ]", discard)


def test_the_legal_actions_are_grouped_on_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    out = _run(["play", "--seed", "1", "--seat", "1"], capsys)
    offers = [line for line in out.splitlines() if line.startswith("  you may: ")]
    assert offers
    assert all("\n" not in line and len(line) < 200 for line in offers)
    assert any("play a card: " in line for line in offers)
    assert not re.search(r"^\s+\d+\) ", out, re.MULTILINE)  # no numbered list unless asked


def test_grouping_and_numbers_follow_the_line() -> None:
    rules = alsos.load_variant("potter1930")
    game = alsos.Game(rules, seed=3, dealer=0)
    for text in ("accept", "pass", "pass"):
        game.apply(text)
    while game.phase is alsos.Phase.FRONT and len(game.legal_actions()) < 5:
        game.apply("pass")
    legal = game.legal_actions()
    ordered, line = grouped(legal, Screen())
    text = plain(line)
    assert sorted(map(str, ordered)) == sorted(map(str, legal))
    assert text.startswith("pass · announce: ")
    assert text.count("announce") == 1  # one group, its figures after the colon
    for n, action in enumerate(ordered, 1):
        assert choice(str(n), ordered) == action
    with pytest.raises(ValueError, match="no legal action number 0"):
        choice("0", ordered)


def test_help_explains_this_profiles_figures_and_kontras() -> None:
    for vid in ("potter1930", "house"):
        rules = alsos.load_variant(vid)
        text = "\n".join(plain(line) for line in help_lines(rules, Screen()))
        for name, fig in rules.figures.items():
            if fig.enabled:
                assert f"  {name}" in text
        for level in rules.kontra.levels:
            assert level in text
        assert f"by {rules.kontra.front_factor} said from the front" in text
        assert len(text.splitlines()) <= 30  # one screen


def test_question_mark_prints_the_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\nlist\n"))
    out = _run(["play", "--seed", "3"], capsys, code=1)
    assert "Kontra levels" in out and "abszolut" in out
    assert "your action> list\n   1) pass\n   2) accept\n" in out


# ------------------------------------------------------------------ sessions


def test_rubber_writes_the_scores_after_each_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "rubber.txt"
    out = _run(
        ["play", "--watch", "--rubber", "--seed", "2", "--hands", "3", "--save", str(saved)],
        capsys,
    )
    assert "a rubber to 20" in out
    scores = re.findall(r"score after hand (\d): (.*?)  \(a rubber to 20\)", out)
    assert [n for n, _ in scores] == ["1", "2", "3"]
    records = loads_all(saved.read_text(encoding="utf-8"))
    assert [r.dealer for r in records] == [0, 1, 2]  # the deal passes on
    session = replay_session(records)
    assert scores[-1][1] == ", ".join(f"seat {s} {v}" for s, v in sorted(session.scores.items()))


def test_a_rubber_is_played_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--session", "--seed", "1", "--hands", "60"], capsys)
    assert re.search(r"seat \d wins the rubber", out)
    assert "net result" in out


def test_a_tie_past_the_target_raises_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two seats past 20 on one hand: the target and the bonus rise (pagat, "Scoring").

    A random bot at seat 0 announces wildly, so its two heuristic opponents often pass
    20 together; the search looks for a hand where the rubber goes to 40."""

    def first_raise(records: list[alsos.Record]) -> tuple[int, Rubber]:
        session = alsos.new_session(records[0].rules())
        assert isinstance(session, Rubber)
        for n, record in enumerate(records, 1):
            session.add(record.replay().settlement)
            if session.target > 20:
                return n, session
        return 0, session

    def to_40(records: list[alsos.Record]) -> bool:
        n, session = first_raise(records)
        return n > 0 and session.target == 40

    argv = ["play", "--watch", "--rubber", "--bots", "random,heuristic,heuristic", "--hands", "3"]
    _seed, out, records, _f = _seek(argv, to_40, "a tie past 20", tmp_path, capsys)
    n, session = first_raise(records)
    assert (session.target, session.bonus) == (40, 4)
    scores = re.findall(rf"score after hand {n}: (.*)", out)[0]
    assert sum(int(v) > 20 for v in re.findall(r"seat \d (\d+)", scores)) >= 2
    told = out.split(f"score after hand {n}: ")[1].splitlines()[1]
    assert told.endswith("passed 20 on the same hand: the rubber now goes to 40, for a bonus of 4")


def test_a_radli_profile_plays_a_radli(capsys: pytest.CaptureFixture[str]) -> None:
    rules = alsos.load_variant("csibor", players=3)
    assert rules.scoring.session == "radli"
    out = _run(
        ["play", "--watch", "--rubber", "--variant", "csibor", "--players", "3", "--hands", "2"],
        capsys,
    )
    assert f"a rádli to {rules.scoring.session_params.radli_target}" in out


def test_in_a_session_you_keep_your_seat_and_sit_out_when_you_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With four players the dealer sits out (pagat, "Alsós with four players")."""
    argv = ["play", "--rubber", "--variant", "four-player", "--hands", "2"]
    _seed, out, records, _f = _seek(
        argv, lambda r: len(r) == 2, "a rubber not won in one hand", tmp_path, capsys,
        (monkeypatch, "1\n" * 400),
    )  # fmt: skip
    assert [r.dealer for r in records] == [0, 1]
    first, second = out.split("== Hand 2 ==")
    assert "seat 1 you, seat 2 heuristic bot, seat 3 heuristic bot; seat 0 deals" in first
    assert "seat 1 (you) deals and sits out this hand: the bots play it" in second
    assert "-- your turn" in first and "-- your turn" not in second
    assert "score after hand 2" in second


# --------------------------------------------------------------- bots


def test_bots_by_name_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--seed", "2", "--bots", "random,heuristic,random"], capsys)
    assert "seat 0 random bot, seat 1 heuristic bot, seat 2 random bot" in out


def test_unknown_bot_lists_the_available_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--watch", "--bots", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "'nobody'" in err
    for name in alsos.bots.available():
        assert name in err
    assert main(["play", "--watch", "--bots", "random,random"]) == 2
    assert "one per seat (3 at this table)" in capsys.readouterr().err


def test_heuristic_is_the_default_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--seed", "2"], capsys)
    assert "seat 0 heuristic bot" in out


# ------------------------------------------------ options, colour, pipes


def test_players_option_for_play_and_validate(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--variant", "csibor", "--players", "2", "--seed", "1"], capsys)
    assert "players: seat 0 heuristic bot, seat 1 heuristic bot\n" in out
    assert _run(["validate", "csibor", "--players", "4"], capsys).strip() == "ok: csibor"
    assert main(["play", "--watch", "--variant", "potter1930", "--players", "5"]) == 1
    assert "players" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    compiled = compiled_modules()
    short = [name.removeprefix("alsos.") for name in compiled]
    build = f"compiled: {', '.join(short)}" if compiled else "pure Python"
    assert out == f"alsos {alsos.__version__} ({build})"


def test_compiled_modules_are_read_from_the_installed_files(tmp_path: Path) -> None:
    """An extension module file beside the package's sources counts as compiled; a .py does not."""
    package = tmp_path / "alsos"
    (package / "search").mkdir(parents=True)
    (package / "hand").mkdir()
    (package / "version.py").write_text("")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (package / "hand" / f"engine{suffix}").write_bytes(b"")
    (package / "search" / f"solver{suffix}").write_bytes(b"")
    (package / "search" / "playout.py").write_text("")
    assert compiled_modules(package) == ("alsos.hand.engine", "alsos.search.solver")


@pytest.mark.parametrize("colour", ["never", "always"])
def test_a_closed_pipe_ends_quietly(colour: str) -> None:
    proc = subprocess.run(
        f"{sys.executable} -m alsos play --watch --rubber --seed 7 --color {colour} | head -3",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert len(proc.stdout.splitlines()) == 3
    assert proc.stderr == ""


def test_piped_output_is_plain_and_colour_says_the_same() -> None:
    def run(*extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "alsos", "play", "--watch", "--seed", "7", *extra],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    piped = run()
    assert "\x1b[" not in piped
    pytest.importorskip("rich")
    coloured = run("--color", "always")
    assert "\x1b[" in coloured
    assert ANSI.sub("", coloured) == piped


def test_no_color_turns_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from alsos.terminal.screen import make_screen

    pytest.importorskip("rich")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not make_screen("auto").colour
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "xterm")
    assert make_screen("auto").colour


def test_without_rich_the_screen_is_plain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich.console", None)  # as if rich were not installed
    assert main(["play", "--watch", "--seed", "7", "--color", "always"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b[" not in out and "== Settlement ==" in out
    assert "needs rich" in err


def test_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--seed", "1", "--suits", "symbols"], capsys)
    tricks = "\n".join(line for line in out.splitlines() if line.startswith("  trick "))
    assert "♣" in tricks or "♥" in tricks or "♦" in tricks or "♠" in tricks
    assert not re.search(r"\b[MPTZ](A|K|O|U|10|9|8|7)\b", tricks)
    legal = alsos.Game(alsos.load_variant("potter1930"), seed=1).legal_actions()
    assert choice("♣A", legal) == "MA"


def test_a_resumed_hand_is_told_from_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def siber_then_left(records: list[alsos.Record]) -> bool:
        taken = _siber(records[0])
        return (
            taken is not None
            and taken[0] != 1
            and taken[1] > 0
            and alsos.Phase.PLAY in _phases(records[0])
            and not records[0].replay().is_over
        )

    _seed, first, records, saved = _seek(
        ["play", "--seat", "1"],
        siber_then_left,
        "a bot's síber before seat 1 leaves",
        tmp_path,
        capsys,
        (monkeypatch, "1\n1\n1\n1\nquit\n"),
        save="json",
    )
    steps = len(records[0].actions)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--resume", str(saved), "--seat", "1"]) == 1
    again = capsys.readouterr().out
    assert f"(the saved hand stopped here, after {steps} steps)" in again
    told = again.split("(the saved hand stopped here")[0]
    for header in ("== Bidding ==", "== Pick-up ==", "== Síber ==", "== First trick =="):
        assert header in first and header in told
    assert "puts a card away face down" in told  # still hidden from seat 1
    assert not re.search(r"discard [MPTZ]", told)


def test_figures_and_kontra_levels_are_explained_once(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["play", "--watch", "--seed", "3", "--bots", "random"], capsys)
    rules = alsos.load_variant("potter1930")
    for name, fig in rules.figures.items():
        if f"announce {name} (" in out:
            title = fig.title or name
            label = title if title.startswith(name) else f"{name} ({title})"
            assert out.count(f"    ({label}: ") == 1
    for level in rules.kontra.levels:
        if f" {level} " in out:
            assert out.count(f"    ({level}: multiplies the item by 4") == 1
    assert re.search(r"\((\w+)@(\d) is the \1 seat \2 announced\)", out)


# ------------------------------------------------- a contract ladder (altiansz)


def _watch(variant: str, seed: int, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    return _run(["play", "--watch", "--variant", variant, "--seed", str(seed), *more], capsys)


def test_altiansz_bidding_names_the_ladder_and_the_draws(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The auction is a ladder of contracts with talon draws, not an offered trump
    suit (altiansz, "Bidding and use of the Talon", "Contracts")."""
    rules = alsos.load_variant("altiansz")
    # seed 5, random bots: seat 2 draws and bids Game, seat 0 draws its discards and
    # bids 150, names acorns and takes the face-up card.
    out = _watch("altiansz", 5, capsys, "--bots", "random")
    bidding = out.split("== Bidding ==")[1].split("\n")[0]
    titles = [c.title for c in named_contracts(rules).values()]
    assert bidding.strip() == "contracts low to high: " + ", ".join(titles)
    for wrong in ("accept", "turned-up", "offers", "kontra", "rubber"):
        assert wrong not in out
    deal = alsos.Game(rules, seed=5, dealer=0).deal
    talon = {c.name for c in deal.talon}
    first = re.search(r"seat 2: draw \(takes (\w+) (\w+): face-down talon cards\)", out)
    assert first is not None and set(first.groups()) <= talon
    assert not set(first.groups()) & {c.name for c in deal.hands[2]}
    discarded = re.search(r"seat 2: draw .*?, discard (\w+), discard (\w+), contract game", out)
    assert discarded is not None
    again = re.search(r"seat 0: draw \(takes (\w+) (\w+): the cards seat 2 discarded\)", out)
    assert again is not None and set(again.groups()) == set(discarded.groups())
    # each contract is explained once, by its objectives' own descriptions
    spec = named_contracts(rules)["150"]
    meaning = " and ".join(figure_meaning(rules, name) for name in spec.objectives)
    assert out.count(f"    ({spec.title}: {meaning}") == 1
    assert "exchange (takes the face-up talon card, then discards one face up)" in out
    assert "== First trick ==  150, trump acorns: seat 0 plays against the others together" in out
    assert f"(to win, seat 0 must {meaning}" in out


def test_altiansz_settlement_speaks_of_the_contract_and_the_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A contract is won or lost as a whole, +1 or -1 to the declarer, over a session
    of a number of deals (altiansz, "Scoring")."""
    rules = alsos.load_variant("altiansz")
    out = _watch("altiansz", 5, capsys, "--bots", "random")
    settlement = out.split("== Settlement ==")[1]
    assert "contract: 150, trump acorns; seat 0 declared" in settlement
    assert "the contract: seat 0 lost it" in settlement
    assert "written on the score sheet: seat 0 -1, seat 1 0, seat 2 0" in settlement
    assert "each item is settled" not in settlement
    assert f"A session is {rules.scoring.session_params.deals} deals" in settlement
    assert "after 1 trick:" in settlement  # one trick, not "1 tricks"


def test_altiansz_klopitzky_is_won_by_the_fewest_card_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nobody bids: Klopitzky, where the fewest card points win (altiansz, "Klopitzky")."""

    def nobody_bid(records: list[alsos.Record]) -> bool:
        contract = records[0].replay().contract
        return contract is not None and contract.kind is alsos.Kind.KLOPITZKY

    argv = ["play", "--watch", "--variant", "altiansz"]
    _seed, out, _r, _f = _seek(argv, nobody_bid, "a hand nobody bids", tmp_path, capsys)
    assert "== First trick ==  Klopitzky: nobody bid, so each seat plays for itself" in out
    assert "fewest card points" in out and "most tricks" not in out
    points = re.search(r"card points won in tricks: (.*)", out)
    assert points is not None
    by_seat = {int(s): int(v) for s, v in re.findall(r"seat (\d) (\d+)", points.group(1))}
    low = min(by_seat.values())
    winners = sorted(s for s, v in by_seat.items() if v == low)
    assert f"{' and '.join(f'seat {s}' for s in winners)} win" in out


@pytest.mark.parametrize("players", [3, 4])
def test_altiansz_session_is_a_number_of_deals_with_an_allowance(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A session is 18 deals (24 with four) and a seat declares at most six times
    (altiansz, "Scoring", "Bidding and use of the Talon")."""
    rules = alsos.load_variant("altiansz", players=players)
    deals, limit = rules.scoring.session_params.deals, declare_limit(rules)
    assert limit is not None
    argv = ["--players", str(players), "--rubber", "--bots", "random"]
    out = _watch("altiansz", 3, capsys, *argv)
    assert f"a session of {deals} deals" in out and "rubber" not in out
    assert len(re.findall(rf"== Deal \d+ of {deals} ==", out)) == deals
    declared = dict.fromkeys(range(players), 0)
    for n, part in enumerate(out.split("== Deal ")[1:], 1):
        seat = re.search(r"contract: .*; seat (\d) declared", part)
        if seat:
            declared[int(seat.group(1))] += 1
        assert f"score after deal {n} of {deals}: " in part
        left = ", ".join(f"seat {s} {limit - v}" for s, v in declared.items())
        assert f"contracts each seat may still declare: {left}" in part
    assert f"the {deals} deals are played: " in out
    result = re.search(r"net result .*: (.*)", out)
    assert result is not None
    assert sum(int(v) for v in re.findall(r"seat \d ([+-]\d+)", result.group(1))) == 0


def _ever_seen(record_path: Path, me: int) -> set[str]:
    """Every card seat ``me`` held or saw face up at some step of the recorded hand."""
    record = alsos.Record.loads(record_path.read_text(encoding="utf-8"))
    game = alsos.Game(record.replay().rules, seed=record.seed, dealer=record.dealer)
    seen: set[str] = set()
    for step in (None, *record.actions):
        if step is not None:
            game.apply(step[1], seat=step[0])
        view = game.view(me)
        seen |= {c.name for c in view.hand} | {c.name for c in view.talon_seen}
    return seen


@pytest.mark.parametrize(
    ("seed", "seat", "answer"), [(5, 1, 2), (5, 0, 1), (13, 1, 2), (2, 2, 2), (8, 0, 3)]
)
def test_a_seated_altiansz_player_never_sees_hidden_cards(
    seed: int,
    seat: int,
    answer: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Others' draws and face-down discards stay hidden (altiansz, "Bidding and use of
    the Talon": the cards are drawn and discarded unseen)."""
    saved = tmp_path / "hand.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{answer}\n1\n" * 40))
    argv = ["play", "--variant", "altiansz", "--seed", str(seed), "--seat", str(seat)]
    assert main([*argv, "--bots", "random", "--save", str(saved)]) in (0, 1)
    out = capsys.readouterr().out.split("'quit' leaves.", 1)[1]
    record = alsos.Record.loads(saved.read_text(encoding="utf-8"))
    game = record.replay()
    hidden = {alsos.Card(c).name for c in game.talon}
    for other in game.active:
        if other != seat:
            hidden |= set(alsos.format_cards(game.state.hands[other]).split())
    hidden -= _ever_seen(saved, seat)
    assert hidden
    for card in hidden:
        assert not re.search(rf"\b{card}\b", out), f"{card} was shown to seat {seat}"


def test_altiansz_help_lists_the_contract_ladder() -> None:
    rules = alsos.load_variant("altiansz")
    text = "\n".join(plain(line) for line in help_lines(rules, Screen()))
    for cid, spec in named_contracts(rules).items():
        assert f"  {cid} ({spec.title}): " in text
    assert "contract solo" in text and "draw" in text
    assert "Kontra levels" not in text and "accept" not in text and "Figures" not in text
    assert "no kontra" in text


def test_ladder_actions_are_grouped() -> None:
    game = alsos.Game(alsos.load_variant("altiansz"), seed=5, dealer=0)
    _, line = grouped(game.legal_actions(), Screen())
    assert plain(line) == "pass · draw · contract: solo"
    game.apply("draw")
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    _, line = grouped(game.legal_actions(), Screen())
    ids = [cid for cid, c in named_contracts(game.rules).items() if c.talon]
    assert plain(line) == "contract: " + ", ".join(ids)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_every_profile_watches_to_its_settlement(
    variant: str, players: int | None, bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each shipped table tells its hands without words from another table's rules."""
    rules = alsos.load_variant(variant, **({} if players is None else {"players": players}))
    more = ["--bots", bots] + ([] if players is None else ["--players", str(players)])
    for seed in (1, 2, 3):
        out = _watch(variant, seed, capsys, *more)
        assert "== Settlement ==" in out and "written on the score sheet: " in out
        assert ("rubber" in out) == (rules.scoring.session == "rubber")
        ladder = bool(named_contracts(rules))
        assert ("'accept' takes them" in out) == (not ladder)
        if "contract: Klopitzky" in out:
            rule = words.klopitzky_rule(rules)
            assert rule in out
            assert ("most tricks" in out) == ("most tricks" in rule)
        if not rules.kontra.levels:
            assert "kontra" not in out.lower()
        if len(alsos.Game(rules, seed=seed).active) == 2:
            assert "the others together" not in out


def _told(game: alsos.Game, viewer: int | None, script: dict[int, list[str]]) -> str:
    """Tell ``game`` played by ``script`` (each seat's actions in order; then the first
    legal action) to a ``viewer`` seat, or to a watcher with ``None``."""
    out = io.StringIO()
    watched = game.active if viewer is None else (viewer,)
    narrator = Narrator(game, Screen(file=out), watched, viewer)
    narrator.open()

    def scripted(game: alsos.Game, legal: Sequence[Action]) -> Action | str:
        narrator.before()
        todo = script.get(game.to_act)  # type: ignore[arg-type]
        return todo.pop(0) if todo else legal[0]

    play_out(game, scripted, after=lambda _g, step: narrator.step(step.seat, step.events))
    narrator.close()
    return out.getvalue()


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_a_siber_after_a_ladder_auction_is_told(viewer: int | None) -> None:
    """A defender has used up its contracts, so the declarer may take the set-aside
    pair with the face-up card and discards three face down (altiansz, "Bidding and
    use of the Talon")."""
    rules = alsos.load_variant("altiansz")
    limit = declare_limit(rules)
    assert limit is not None

    def game() -> alsos.Game:
        return alsos.Game(rules, seed=5, dealer=0, declared_before=[0, limit, 0])

    hand = game().deal.hands[2]
    # seat 2 draws two cards, puts two of its own away, bids Game, names acorns, síber
    away = [c.name for c in sorted(hand)[:2]]
    script = {
        2: ["draw", *(f"discard {c}" for c in away), "contract game", "bid acorns", "siber"],
        0: ["pass"],
        1: ["pass"],
    }
    out = _told(game(), viewer, {s: list(a) for s, a in script.items()})
    assert f"seat 1: declared {limit} times this session, must pass" in out
    assert "siber (takes the face-up card and the pair set aside, then discards three" in out
    full = _told(game(), None, {s: list(a) for s, a in script.items()})
    put = re.findall(r"discard (\w+)", full.split("siber (")[1].split("\n")[0])
    assert len(put) == 3
    if viewer == 0:  # a defender sees neither the draw nor what went face down
        told = out.split("siber (")[1].split("\n")[0]
        assert told.count("puts a card away face down") == 3
        face_up = {c.name for c in game().view(0).talon_seen}  # seen by all at the deal
        for card in {*put, *away} - face_up:
            assert not re.search(rf"\b{card}\b", out.split("== Settlement")[0])


def _tell_twice(
    narrators: Sequence[Narrator],
    outs: Sequence[io.StringIO],
    told: list[int],
    _game: alsos.Game,
    step: Step,
) -> None:
    """Tell ``step`` to the first narrator as it happened and to the second without its
    ``Took`` events; where cards came from the talon, only the first shows the hand."""
    bare = [e for e in step.events if not isinstance(e, Took)]
    printed = []
    for narrator, out, events in zip(narrators, outs, (step.events, bare), strict=True):
        start = len(out.getvalue())
        narrator.step(step.seat, events)
        narrator.flush()
        printed.append(out.getvalue()[start:])
    if len(bare) < len(step.events) and not isinstance(step.action, Discard):
        assert "now holds" in printed[0] and "now holds" not in printed[1], printed
        told.append(step.seat)


@pytest.mark.parametrize("variant", ["potter1930", "altiansz"])
def test_a_hand_changed_by_the_talon_is_told_from_the_events(variant: str) -> None:
    """A watched hand changed by an exchange, a síber or a draw is shown again because
    the action's events say so (``Took``), not because the narrator compared views: told
    the same actions without their ``Took`` events, it prints no new hand."""
    told: list[int] = []
    for seed in range(1, 40):
        game = alsos.Game(alsos.load_variant(variant), seed=seed)
        outs = (io.StringIO(), io.StringIO())
        narrators = [Narrator(game, Screen(file=out), game.active, None) for out in outs]
        for narrator in narrators:
            narrator.open()
        tell = functools.partial(_tell_twice, narrators, outs, told)
        play_out(game, at_random(random.Random(seed)), after=tell)
        if told:
            return
    pytest.fail(f"no hand changed by the talon in 39 random {variant} hands")
