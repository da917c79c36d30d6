"""Profile loading, item by item (issue 18): each test failed before its fix.

The broken-profile corpus (``tests/broken_profiles``) holds the profiles the
loader now refuses because the engine could not play them; the mutated-profile
campaign in ``test_fuzz.py`` checks the class.  Here: option strings, grouped
messages, and the player counts a profile declares.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from drive import at_random, play_out

import alsos
from alsos.cli import main
from alsos.records.record import Record, RecordError

DEEP = "[" * 5000

# ------------------------------------------------ 14: the canonical option string


@pytest.mark.parametrize(
    "spec",
    [
        f"potter1930[a={DEEP}]",
        f"potter1930[games.trump={DEEP}1{']' * 5000}]",
        "potter1930[games.trump=" + "{" * 100 + "]",
        "potter1930[games.trump={a: [}]",
        "potter1930[kontra.levels=&a [*a]]",
        "potter1930[kontra.levels=[&a x, *a]]",
        "potter1930[games.trump=!!python/object/apply:os.system [ls]]",
        "potter1930[games.trump=@x]",
    ],
)
def test_an_unreadable_option_string_is_a_profile_error(spec: str) -> None:
    """A Variant header, OpenSpiel's ``variant`` and ``--variant`` all come here: an
    unclosed or absurdly deep bracket was a RecursionError or a YAML error."""
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(spec)
    assert len(str(info.value)) < 400
    assert "games.trump=" + "{" * 60 not in str(info.value)  # input quoted short


def test_an_unreadable_variant_header_is_a_record_error() -> None:
    record = Record(variant=f"potter1930[a={DEEP}]", deal="", dealer=0, actions=())
    with pytest.raises(RecordError, match="nests 5000 brackets deep; at most 16"):
        record.rules()


def test_an_unreadable_variant_on_the_command_line_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--watch", "--variant", f"potter1930[a={DEEP}]"]) == 1
    assert "the value nests 5000 brackets deep; at most 16" in capsys.readouterr().err


# ------------------------------------------------------- 16: repeated problems


def test_a_problem_repeated_a_thousand_times_is_listed_once(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    names = [f"fig{i}" for i in range(1000)]
    path.write_text(
        yaml.safe_dump(
            {"extends": "potter1930", "id": "m", "name": "M", "calling": {"allowed_with": names}}
        ),
        "utf-8",
    )
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(path)
    text = str(info.value)
    assert len(text) < 400, text
    assert "calling.allowed_with: 'fig0' is not a figure of this profile" in text
    assert "and 999 more like it" in text


def test_a_few_alike_problems_are_each_listed(tmp_path: Path) -> None:
    """Grouping starts only past three: a short list stays complete."""
    path = tmp_path / "few.yaml"
    path.write_text(
        "extends: potter1930\nid: f\nname: F\ncalling: {allowed_with: [x, y, z]}\n", "utf-8"
    )
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(path)
    assert [p.split("'")[1] for p in info.value.problems] == ["x", "y", "z"]


# --------------------------------------------------- 26: declared player counts


def test_a_player_count_the_profile_does_not_declare_is_refused() -> None:
    """potter1930 is pagat's three-player game: two players got an unsourced table
    (nine cards each, a 14-card talon) still named "three players"."""
    with pytest.raises(alsos.ProfileError, match="for 3 players, not 2"):
        alsos.load_variant("potter1930", players=2)
    with pytest.raises(alsos.ProfileError, match="for 3 players, not 4"):
        alsos.load_variant("potter1930[players=4]")
    with pytest.raises(alsos.ProfileError, match="for 2 players, not 3"):
        alsos.load_variant("tompa", players=3)
    with pytest.raises(alsos.ProfileError, match="for 3, 4 players, not 2"):
        alsos.load_variant("altiansz", players=2)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--watch", "--variant", "potter1930", "--players", "2"],
        ["play", "--watch", "--variant", "tompa", "--players", "4"],
        ["validate", "potter1930", "--players", "4"],
        ["rules", "potter1930", "--players", "2"],
    ],
)
def test_the_command_line_refuses_an_undeclared_count(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "players" in captured.out + captured.err


def test_openspiel_refuses_an_undeclared_count() -> None:
    pytest.importorskip("pyspiel")
    from alsos.openspiel import ruleset_of

    with pytest.raises(alsos.ProfileError, match="for 3 players, not 2"):
        ruleset_of({"variant": "potter1930", "players": 2})
    assert ruleset_of({"variant": "csibor", "players": 2}).players == 2


def _declared() -> list[tuple[str, int]]:
    out = []
    for vid in alsos.shipped_variants():
        rules = alsos.load_variant(vid)
        out += [(vid, n) for n in rules.player_counts or (rules.players,)]
    return out


@pytest.mark.parametrize(("vid", "players"), _declared())
def test_every_declared_count_loads_and_plays(vid: str, players: int) -> None:
    rules = alsos.load_variant(vid, players=players)
    assert rules.players == players
    game = alsos.Game(rules, seed=players)
    play_out(game, at_random(random.Random(players)))
    assert sum(game.settlement.payments.values()) == 0  # type: ignore[union-attr]


def test_a_count_declared_by_an_option_loads() -> None:
    """Declaring the count is the way to seat a profile otherwise (the tests compare
    tompa with potter1930's rules at two seats this way)."""
    rules = alsos.load_variant(
        "potter1930",
        players=2,
        **{"player_counts": [2], "deal.seen_packets": [4, 4], "deal.unseen_packets": [4]},
    )
    assert rules.players == 2 and alsos.load_variant(str(rules)) == rules
