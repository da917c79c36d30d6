"""A record of a hand played under a profile given as text (a web table's upload)
carries that text, its ``Profile`` header, and replays on its own.

The ruleset loaded from text keeps it (``rules.profile_text``); ``game.record()``
writes it; reading it back gives an equal record (text and JSON); replaying loads
the rules from the header -- never from a file, even one of the ``Variant``'s name
-- and a text the loader refuses is a :class:`RecordError` on the ``Profile``
header.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from drive import at_random, play_out

import alsos
from alsos import Record, RecordError
from alsos.records.record import replay_session
from alsos.records.record_syntax import MAX_PROFILE, MAX_VALUE, quote_value
from alsos.ruleset import tables
from alsos.ruleset.loading import load_profile_text

# Differs from potter1930 in its name and one game's value, so a replay under the
# shipped rules, or under another upload of the same name, would show.
TEXT = (
    "# my table's rules\n"
    "extends: potter1930\n"
    "id: my-potter\n"
    'name: "My \\"Potter\\""\n'
    "games:\n"
    "  trump: 3\n"
)


def _finished(text: str = TEXT, seed: int = 3) -> alsos.Game:
    game = alsos.Game(load_profile_text(text, players=3), seed=seed)
    play_out(game, at_random(random.Random(seed)))
    return game


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh machine: no ruleset in use (the registry of rulesets by name is
    empty), and the working folder holds a decoy ``upload.yaml`` of other rules."""
    monkeypatch.setattr(tables, "_NAMED", {})
    (tmp_path / "upload.yaml").write_text("extends: potter1930\nname: Decoy\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_ruleset_loaded_from_text_keeps_it_and_a_file_one_does_not() -> None:
    rules = load_profile_text(TEXT, players=3)
    assert rules.profile_text == TEXT
    assert str(rules) == "upload.yaml[players=3]" and rules.id == "my-potter"
    assert alsos.load_variant("potter1930").profile_text is None
    assert "profile_text" not in repr(rules)  # kept, never compared or shown
    with pytest.raises(alsos.ProfileError, match="profile_text: not a profile key"):
        load_profile_text("extends: potter1930\nprofile_text: x\n")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_record_carries_its_profile_and_reads_back_equal(fmt: str) -> None:
    game = _finished()
    record = game.record(seats=["a", "b", "c"])
    assert record.profile == TEXT and record.variant == "upload.yaml[players=3]"
    written = record.dumps(fmt)
    again = Record.loads(written)
    assert again == record and again.profile == TEXT
    if fmt == "text":
        line = next(ln for ln in written.splitlines() if ln.startswith("[Profile "))
        assert "\\u000a" in line and "\n" not in line  # one header line, breaks escaped
    else:
        assert json.loads(written)["headers"]["Profile"] == TEXT
    seat = game.record(seat=1)
    assert seat.profile == TEXT and Record.loads(seat.dumps(fmt)) == seat


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_record_with_its_profile_replays_with_no_file(fmt: str, elsewhere: Path) -> None:
    game = _finished()
    text = game.record().dumps(fmt)
    for allow_files in (False, True):  # the decoy upload.yaml is never read
        tables._NAMED.clear()
        replayed = Record.loads(text).replay(allow_files=allow_files)
        assert replayed.rules == game.rules and replayed.rules.name == 'My "Potter"'
        assert replayed.history == game.history
        assert replayed.settlement == game.settlement
        assert replayed.record() == game.record()  # and it carries the profile again
    tables._NAMED.clear()
    seat = Record.loads(game.record(seat=2).dumps(fmt)).replay()
    assert seat.view(2) == game.view(2)
    tables._NAMED.clear()
    assert replay_session([Record.loads(text)]).scores == replay_session([game.record()]).scores


def test_another_upload_of_the_same_name_does_not_stand_in(elsewhere: Path) -> None:
    """Two uploads are both ``upload.yaml``: a record replays under its own text."""
    game = _finished()
    text = game.record().dumps()
    other = load_profile_text("extends: potter1930\nname: Other\n", players=3)
    tables.remember(other)  # in use under the same canonical string
    assert tables.known_rules("upload.yaml[players=3]") is other
    replayed = Record.loads(text).replay()
    assert replayed.rules.name == 'My "Potter"' and replayed.settlement == game.settlement


def test_a_profile_the_loader_refuses_is_an_error_on_the_profile_header(
    elsewhere: Path,
) -> None:
    record = _finished().record()
    text = record.dumps()
    line = _profile_line(text) + 1
    for broken, why in (
        ("extends: potter1930\nplayers: [\n", "YAML error"),
        ("extends: ../../etc/x.yaml\n", "not a shipped variant"),
        ("extends: potter1930\nbidding: {nonsense: 1}\n", "bidding.nonsense: unknown key"),
    ):
        bad = Record.loads(text.replace(text.splitlines()[line - 1], _header(broken)))
        with pytest.raises(RecordError) as info:
            bad.replay(allow_files=True)
        assert info.value.line == line and info.value.reason.startswith("Profile ")
        assert why in info.value.reason
        as_json = Record.loads(json.dumps({**record.to_json(), "headers": _with(record, broken)}))
        with pytest.raises(RecordError) as info:
            as_json.rules()
        assert info.value.path == "$.headers.Profile" and why in info.value.reason


def test_a_record_with_a_profile_names_no_shipped_variant(elsewhere: Path) -> None:
    """The registry finds rulesets by name: a record may not pass its text off as
    potter1930 (nor make a replay remember it as that)."""
    record = _finished().record()
    forged = Record.loads(record.dumps().replace("upload.yaml[players=3]", "potter1930"))
    with pytest.raises(RecordError, match="Variant 'potter1930': a record that carries its"):
        forged.replay()
    assert tables.known_rules("potter1930") is None
    option = Record.loads(record.dumps().replace("[players=3]", "[players=7]"))
    with pytest.raises(RecordError, match=r"Variant .*players: expected 2, 3 or 4"):
        option.replay()


def test_the_profile_header_holds_more_than_another_header(elsewhere: Path) -> None:
    """A profile the loader takes fits (up to 1 Mi characters); other headers keep 64 Ki."""
    long_text = TEXT + "# " + "x" * (MAX_VALUE + 10) + "\n"
    game = _finished(long_text)
    text = game.record().dumps()
    assert Record.loads(text).replay().settlement == game.settlement
    with pytest.raises(RecordError, match=f"at most {MAX_VALUE}"):
        Record.loads(text.replace("[Dealer", f'[Event "{"x" * (MAX_VALUE + 1)}"]\n[Dealer'))
    too_long = "x" * (MAX_PROFILE + 1)
    with pytest.raises(RecordError, match=f"header Profile: .*at most {MAX_PROFILE}") as info:
        Record.loads(text.replace(text.splitlines()[_profile_line(text)], _header(too_long)))
    assert info.value.line == _profile_line(text) + 1
    with pytest.raises(RecordError, match="header Profile"):
        Record(variant="upload.yaml", deal=game.record().deal, dealer=0, profile=too_long)


def _profile_line(text: str) -> int:
    """The index of the Profile header's line in a record's text."""
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith("[Profile "))


def _header(profile: str) -> str:
    return f"[Profile {quote_value(profile)}]"


def _with(record: Record, profile: str) -> dict[str, str]:
    return {**dict(record.headers()), "Profile": profile}


def test_a_session_is_played_under_one_profile(elsewhere: Path) -> None:
    """Hands of one session carry one profile: another text under the same name is refused."""
    first = _finished().record()
    changed = TEXT.replace("trump: 3", "trump: 4")
    other = alsos.Game(load_profile_text(changed, players=3), seed=4, dealer=1)
    play_out(other, at_random(random.Random(4)))
    assert other.record().variant == first.variant
    with pytest.raises(RecordError, match=r"Profile .*hand 2: differs from the first hand's"):
        replay_session([first, other.record()])
