"""Tests of the ``alsos`` command line (alsos.cli.main), run in-process.

They check what a user sees: a watched hand ends in a printed settlement, the
shipped profiles are listed, a broken profile is reported with its key path,
and the interactive prompt survives bad input and ends cleanly on EOF.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from drive import bots_for, play_out

import alsos
from alsos.cli import main


def test_watch_plays_a_hand_to_its_settlement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--watch", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 3" in out
    assert any(line.startswith("  seat ") and ": " in line for line in out.splitlines())
    assert any("payments" in line for line in out.splitlines())


def test_watch_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--watch", "--seed", "11"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "--watch", "--seed", "11"]) == 0
    assert capsys.readouterr().out == first


def test_watch_prints_every_trick_with_its_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """Each trick line names its cards in the order played and its winner, as the game has them."""
    assert main(["play", "--watch", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    game = _watched_game(5)
    lines = [line for line in out.splitlines() if line.lstrip().startswith("trick ")]
    assert len(lines) == len(game.tricks)
    for n, (line, trick, winner) in enumerate(
        zip(lines, game.tricks, game.trick_winners, strict=True), 1
    ):
        cards = ", ".join(f"seat {s} {alsos.Card(c).name}" for s, c in trick)
        assert line.startswith(f"  trick {n}: {cards} → seat {winner} wins")


def _watched_game(seed: int) -> alsos.Game:
    """The hand ``alsos play --watch --seed N`` plays, replayed with the same bots."""
    from alsos.terminal import _bot_seed

    game = alsos.Game(alsos.load_variant("potter1930"), seed=seed, dealer=0)
    play_out(game, bots_for(game, "heuristic", lambda s: _bot_seed(seed, s)))
    return game


def test_variants_lists_potter1930(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "potter1930" in out
    assert "3 players" in out
    for vid in alsos.shipped_variants():
        assert vid in out


def test_validate_accepts_a_shipped_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "potter1930"]) == 0
    assert capsys.readouterr().out.strip() == "ok: potter1930"


def test_validate_reports_the_key_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "extends: potter1930\nid: bad\nfigures:\n  kassza: {value: -1}\n", encoding="utf-8"
    )
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "figures.kassza.value" in out
    assert "ok:" not in out


def test_validate_reports_a_wrong_type(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: potter1930\nid: bad\ngames: {trump: lots}\n", encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "games.trump" in capsys.readouterr().out


def test_validate_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "nothing.yaml")]) == 1
    assert "cannot read" in capsys.readouterr().out


def test_interactive_bad_line_then_eof(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("this is not an action\n"))
    assert main(["play", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "you may:" in out
    assert "error:" in out
    assert "this is not an action" in out
    assert "end of input" in out


def test_interactive_bad_number_then_eof(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("999\n"))
    assert main(["play", "--seed", "3", "--seat", "1"]) == 1
    assert "no legal action number 999" in capsys.readouterr().out


def test_interactive_plays_to_the_end_by_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Always answering "1" (the first legal action) must finish the hand.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    assert main(["play", "--seed", "4", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "payments" in out
    assert re.search(r"^  (seat \d, )*seat 2 \(you\)(, seat \d)*: ", out, re.MULTILINE)


def test_interactive_hides_other_hands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # EOF at the first prompt: nothing printed so far may name another seat's card.
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "9", "--seat", "0"]) == 1
    out = capsys.readouterr().out
    assert "your hand:" in out
    out = out.split("'quit' leaves.", 1)[1]  # skip the greeting, whose examples name cards
    game = alsos.Game(alsos.load_variant("potter1930"), seed=9, dealer=0)
    for other in (1, 2):
        for card in game.deal.hands[other]:
            assert not re.search(rf"\b{card}\b", out), f"seat {other}'s {card} was shown"


def test_bad_seat_and_bad_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "7", "--seed", "1"]) == 2
    assert main(["play", "--variant", "no-such-variant", "--watch"]) == 1
    err = capsys.readouterr().err
    assert "seat 7" in err
    assert "no such variant" in err


def test_usage_errors_return_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["--help"]) == 0
    assert "play" in capsys.readouterr().out


@pytest.mark.slow
def test_python_dash_m(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "alsos", "variants"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "potter1930" in done.stdout


# ------------------------------------------------------------- records


def test_watch_saves_a_record_that_replays_to_the_same_settlement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.txt"
    assert main(["play", "--watch", "--seed", "7", "--save", str(path)]) == 0
    watched = capsys.readouterr().out
    record = alsos.Record.loads(path.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_over and record.seed == 7
    settlement = game.settlement
    assert settlement is not None
    payments = ", ".join(f"seat {s} {v:+d}" for s, v in sorted(settlement.payments.items()))
    assert payments in watched

    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert "-- bidding --" in replayed
    assert str(game.settlement) in replayed
    assert replayed.count("\nseat ") >= len(game.history)


def test_an_unfinished_hand_is_saved_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "unfinished.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n"))
    assert main(["play", "--seed", "3", "--seat", "1", "--save", str(saved)]) == 1
    first = alsos.Record.loads(saved.read_text(encoding="utf-8"))
    game = first.replay()
    assert not game.is_over and game.to_act == 1
    assert "unfinished" in capsys.readouterr().out

    # Resume, and let the bots finish it in watch mode.
    done = tmp_path / "done.txt"
    assert main(["play", "--resume", str(saved), "--watch", "--save", str(done)]) == 0
    out = capsys.readouterr().out
    assert f"after {len(game.history)} steps" in out
    final = alsos.Record.loads(done.read_text(encoding="utf-8"))
    assert final.actions[: len(first.actions)] == first.actions
    assert final.replay().is_over


def test_replay_reports_a_broken_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Variant "potter1930"]\n[Deal "x"]\n[Dealer "0"]\n\n1 pass\n', "utf-8")
    assert main(["replay", str(path)]) == 1
    assert "Deal" in capsys.readouterr().err


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"
    assert main(["play", "--watch", "--seed", "2", "--save", str(path)]) == 0
    proc = subprocess.run(
        f"{sys.executable} -m alsos replay {path} | head -2",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert len(proc.stdout.splitlines()) == 2
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


@pytest.mark.parametrize("command", [["play", "--watch", "--variant"], ["rules"]])
def test_a_huge_variant_text_is_quoted_short(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 18 item 19: the command line quotes at most ~60 characters of what it refuses,
    however long the variant text it was given."""
    spec = "potter1930[a=" + "x" * 100_000 + "]"
    assert main([*command, spec]) != 0
    err = capsys.readouterr().err
    assert "cannot load variant" in err
    assert len(err) < 1_000


def _package_with_note(tmp_path: Path, note: str) -> Path:
    package = tmp_path / "alsos"
    package.mkdir()
    (package / "_build.txt").write_text(note + "\n", encoding="utf-8")
    return package


def test_a_failed_compile_is_told_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wheel that fell back to pure Python (``_build.txt`` says why) is told
    the first time the command runs, then not again for that installation."""
    from alsos.cli import _tell_a_failed_compile_once
    from alsos.version import build_fallback

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    package = _package_with_note(tmp_path, "mypyc failed: error: command 'gcc' failed")
    assert build_fallback(package) == "mypyc failed: error: command 'gcc' failed"
    _tell_a_failed_compile_once(package)
    told = capsys.readouterr().err.splitlines()
    assert len(told) == 1 and told[0].startswith(
        "alsos: this installation is pure Python, not the compiled build: "
    ), told
    assert "(mypyc failed: error: command 'gcc' failed)" in told[0]
    _tell_a_failed_compile_once(package)
    assert capsys.readouterr().err == ""
    # a reinstall writes a new note: told again
    (package / "_build.txt").unlink()
    (package / "_build.txt").write_text("no working C compiler: no gcc\n", encoding="utf-8")
    _tell_a_failed_compile_once(package)
    assert "(no working C compiler: no gcc)" in capsys.readouterr().err


def test_where_nothing_can_be_kept_a_failed_compile_is_told_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from alsos.cli import _tell_a_failed_compile_once

    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file"))  # no folder can be made
    package = _package_with_note(tmp_path, "no working C compiler: no gcc")
    for _ in range(2):
        _tell_a_failed_compile_once(package)
        assert capsys.readouterr().err.startswith("alsos: this installation is pure Python")


def test_a_pure_build_on_purpose_and_the_checkout_are_not_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ALSOS_BUILD=pure`` and an editable install (the checkout) are pure by choice."""
    from alsos.cli import _tell_a_failed_compile_once
    from alsos.version import build_fallback

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    chosen = _package_with_note(tmp_path, "ALSOS_BUILD=pure")
    checkout = Path(__file__).resolve().parent.parent / "alsos"
    for package in (chosen, checkout):
        assert build_fallback(package) is None
        _tell_a_failed_compile_once(package)
    assert capsys.readouterr().err == ""
    assert not (tmp_path / "cache").exists()


def test_help_texts_say_percent_once(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse fills in ``%`` in an option's help but not in a description: each help
    page prints "95%", never "95%%"."""
    for argv in (["analyze", "--help"], ["--help"]):  # the second lists arena's help
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "%%" not in out and "95%" in out, argv


@pytest.mark.parametrize(
    ("argv", "module"),
    [(["serve"], "alsos.web.server"), (["serve", "--schema"], "alsos.web.protocol")],
)
def test_serve_without_the_web_extra_says_how_to_install_it(
    argv: list[str],
    module: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # importing it now fails
    assert main(argv) == 1
    assert "pip install 'alsos[web]'" in capsys.readouterr().err
