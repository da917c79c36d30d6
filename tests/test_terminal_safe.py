"""No control character from a record, a profile or typed input reaches the terminal.

Issue 18 item 30: ``alsos replay`` printed a record's seat names as they were, so a
name holding ESC sequences could retitle the window or clear the screen.  The
command line now writes everything through one filter
(:func:`alsos.terminal.safe.printable`); these tests feed it hostile seat names,
comments and profile names through ``alsos replay`` and ``alsos play``.
"""

from __future__ import annotations

import io
import sys
import unicodedata
from pathlib import Path

import pytest
from drive import play_out
from hypothesis import given
from hypothesis import strategies as st

import alsos
from alsos.bots import make
from alsos.cli import main
from alsos.terminal.safe import printable

ROOT = Path(__file__).resolve().parent.parent

# Window title (OSC 0, ended by BEL), clear screen, full reset, a C1 CSI, a carriage
# return that would overwrite the line, a right-to-left override.
HOSTILE = ["\x1b]0;pwned\x07", "\x1b[2J\x1bc", "\x9b31mred\rover\u202eevil"]


def _unsafe(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on rather than show."""
    return [
        c for c in text if (unicodedata.category(c) == "Cc" and c not in "\n\t") or c in _REORDERING
    ]


# Unicode's bidirectional controls and zero-width characters (Cf), which reorder or hide
# text: a line can be made to read other than it is.
_REORDERING = (
    "\u061c\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
)


def _hostile_record(tmp_path: Path) -> Path:
    game = alsos.Game(alsos.load_variant("potter1930"), seed=1)
    play_out(game, lambda g, legal: make("random", seed=1).choose(g.view(g.to_act), legal))
    record = game.record(seats=HOSTILE, comments=[(0, "hi \x1b[31mred\x9b"), (-1, "\x1b[H")])
    path = tmp_path / "hostile.alsos"
    path.write_text(record.dumps(), encoding="utf-8")
    assert alsos.Record.loads(path.read_text(encoding="utf-8")).seats == tuple(HOSTILE)
    return path


def _hostile_profile(tmp_path: Path) -> Path:
    text = (ROOT / "variants" / "potter1930.yaml").read_text(encoding="utf-8")
    lines = [
        'name: "Evil \\e]0;pwned\\a\\e[2J\\u202e"' if line.startswith("name:") else line
        for line in text.splitlines()
    ]
    path = tmp_path / "hostile.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert "\x1b]0;pwned" in alsos.load_variant(str(path)).name
    return path


def test_replay_shows_hostile_seat_names_without_their_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _hostile_record(tmp_path)
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert not _unsafe(out + err)
    assert "(\\x1b]0;pwned\\x07) was dealt" in out  # shown, as visible escapes
    assert "\\x9b31mred\\x0dover\\u202eevil" in out


def test_replay_errors_quote_hostile_text_without_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad \x1b[2J.alsos"
    path.write_text('[Variant "\x1b]0;pwned\x07"]\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "bad \\x1b[2J.alsos" in out + err
    assert not _unsafe(out + err)


def test_play_shows_a_hostile_profile_name_and_typed_input_without_control_characters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = _hostile_profile(tmp_path)
    assert main(["play", "--variant", str(profile), "--watch", "--seed", "2"]) == 0
    out, err = capsys.readouterr()
    assert "Evil \\x1b]0;pwned\\x07\\x1b[2J\\u202e" in out
    assert not _unsafe(out + err)
    # typed input is echoed and quoted in the error message
    monkeypatch.setattr(sys, "stdin", io.StringIO("\x1b]0;typed\x07\n"))
    main(["play", "--variant", str(profile), "--seed", "3", "--seat", "1"])
    out, err = capsys.readouterr()
    assert "\\x1b]0;typed" in out
    assert not _unsafe(out + err)


def test_play_resumes_a_hostile_record_without_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _hostile_record(tmp_path)
    main(["play", "--resume", str(path), "--watch"])
    out, err = capsys.readouterr()
    assert not _unsafe(out + err)


def test_colour_keeps_its_own_sequences_and_escapes_the_hostile_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With colour, rich's styling sequences reach the terminal (they are written under
    the filter) but the profile's are still made visible."""
    pytest.importorskip("rich")
    profile = _hostile_profile(tmp_path)
    argv = ["play", "--variant", str(profile), "--watch", "--seed", "2", "--color", "always"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "\x1b[" in out  # rich's colours
    assert "\x1b]0;pwned" not in out and "\x1b[2J" not in out
    assert "Evil \\x1b]0;pwned\\x07\\x1b[2J\\u202e" in out


@given(st.text())
def test_printable_leaves_nothing_a_terminal_acts_on(text: str) -> None:
    """Any text comes out with no control character but line feeds and tabs, the same
    text again when put through twice, and unchanged when it had none."""
    out = printable(text)
    assert not _unsafe(out)
    assert printable(out) == out
    if not _unsafe(text):
        assert out == text
