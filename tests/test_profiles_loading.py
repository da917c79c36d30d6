"""Loading variant profiles: the shipped ones, inheritance, options, refusals and the schema.

``tests/broken_profiles/`` holds one mistake per file.  Each file starts with
``# expect: <key path> | <reason>``; loading it must raise
:class:`alsos.ProfileError` whose text names the file, contains the key path
and contains the reason (an empty part is not checked).  Files the loader
still accepts, or refuses without saying where, are listed in ``GAPS`` and
run as strict expected failures, so fixing the loader turns them into
errors until they are taken off the list.

The schema tests check :func:`alsos.ruleset.schema.profile_schema` against the
profile classes, and, when the ``jsonschema`` package is installed, validate
the shipped YAML files with it.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from drive import at_random, play_out

import alsos
from alsos.cli import main
from alsos.ruleset.profile import FigureRule, Ruleset
from alsos.ruleset.schema import profile_schema

ROOT = Path(__file__).resolve().parent.parent
BROKEN = Path(__file__).resolve().parent / "broken_profiles"
VARIANTS = ROOT / "variants"
PLUGIN_PROFILE = ROOT / "examples" / "plugin" / "fivetricks.yaml"

# Broken profiles the loader does not yet refuse as it should: file -> why.
# Loader gaps still open, as file name -> what goes wrong; each runs as a strict
# expected failure until the loader is fixed (all found gaps are fixed now).
GAPS: dict[str, str] = {}


def _expectation(path: Path) -> tuple[str, str]:
    """The ``(key path, reason)`` pair from a broken profile's ``# expect:`` line."""
    first = path.read_bytes().split(b"\n")[0].decode("utf-8")  # the rest may be any bytes
    m = re.fullmatch(r"#\s*expect:(.*)\|(.*)", first)
    assert m is not None, f"{path.name} must start with '# expect: <key path> | <reason>'"
    return m.group(1).strip(), m.group(2).strip()


def _broken_cases() -> list[Any]:
    cases = []
    for path in sorted(BROKEN.glob("*.yaml")):
        marks = []
        if path.name in GAPS:
            marks.append(pytest.mark.xfail(strict=True, reason=f"loader gap: {GAPS[path.name]}"))
        cases.append(pytest.param(path, id=path.stem, marks=marks))
    return cases


# ------------------------------------------------------------ broken profiles


def test_broken_corpus_is_there() -> None:
    files = {p.name for p in BROKEN.glob("*.yaml")}
    assert len(files) >= 15
    assert set(GAPS) <= files


@pytest.mark.parametrize("path", _broken_cases())
def test_broken_profile_is_refused_with_path_and_reason(path: Path) -> None:
    key, reason = _expectation(path)
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(path)
    text = str(info.value)
    assert path.name in text
    assert key in text
    assert reason in text
    assert info.value.problems
    assert path.name in info.value.source


@pytest.mark.parametrize(
    ("name", "why"),
    [("card_order_repeated_rank.yaml", "once"), ("points_bad_rank.yaml", "unknown rank 'Z'")],
)
def test_card_errors_say_what_is_wrong(name: str, why: str) -> None:
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(BROKEN / name)
    assert why in str(info.value)


def test_python_tags_are_refused_not_run(tmp_path: Path) -> None:
    marker = tmp_path / "created-by-yaml"
    profile = tmp_path / "evil.yaml"
    profile.write_text(
        "extends: potter1930\n"
        "id: evil\n"
        f"name: !!python/object/apply:os.mkdir [{json.dumps(str(marker))}]\n",
        encoding="utf-8",
    )
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(profile)
    assert "evil.yaml" in str(info.value)
    assert "python/object" in str(info.value)
    assert not marker.exists()


def test_yaml_syntax_error_names_the_line() -> None:
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(BROKEN / "yaml_syntax_error.yaml")
    assert re.search(r"\bline 7\b", str(info.value))


def test_missing_file_is_a_profile_error(tmp_path: Path) -> None:
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant(tmp_path / "absent.yaml")
    assert "absent.yaml" in str(info.value)


# ------------------------------------------------------------ shipped profiles


def test_every_shipped_profile_loads() -> None:
    ids = alsos.shipped_variants()
    assert "potter1930" in ids
    assert {p.stem for p in VARIANTS.glob("*.yaml")} == set(ids)
    for vid in ids:
        rules = alsos.load_variant(vid)
        assert rules.id == vid
        assert isinstance(rules, Ruleset)
        for n in rules.player_counts:
            assert alsos.load_variant(vid, players=n).players == n


def test_two_player_profile_with_players_option() -> None:
    rules = alsos.load_variant("two-player", players=2)
    assert rules.players == 2
    assert rules.hand_size == 12
    assert rules.options == {"players": 2}


# ----------------------------------------------------------------- extends


def test_extends_merges_figures_key_by_key(tmp_path: Path) -> None:
    parent = alsos.load_variant("potter1930")
    child_file = tmp_path / "child.yaml"
    child_file.write_text(
        "extends: potter1930\nid: child\nname: child\nfigures:\n  ultimo: {value: 7}\n",
        encoding="utf-8",
    )
    child = alsos.load_variant(child_file)
    assert child.figures["ultimo"] == attrs.evolve(parent.figures["ultimo"], value=7)
    assert child.figures["ultimo"].kind == "trick"
    assert child.figures["ultimo"].card == "trump 7"
    others = {k: v for k, v in child.figures.items() if k != "ultimo"}
    assert others == {k: v for k, v in parent.figures.items() if k != "ultimo"}
    assert child.cards == parent.cards
    assert child.exchange == parent.exchange


def test_extends_merges_nested_sections() -> None:
    parent = alsos.load_variant("potter1930")
    two = alsos.load_variant("two-player")
    assert two.figures["abszolut"].back is False
    assert two.figures["abszolut"] == attrs.evolve(parent.figures["abszolut"], back=False)
    assert two.deal.module == parent.deal.module  # a key the child does not name
    assert two.exchange.params.takes == "reveal"
    assert two.exchange.params.entitled == parent.exchange.params.entitled


def test_extends_a_file_relative_to_the_child(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(
        "extends: potter1930\nid: base\nname: base\ngames: {trump: 3}\n", encoding="utf-8"
    )
    (tmp_path / "leaf.yaml").write_text(
        "extends: base.yaml\nid: leaf\nname: leaf\ngames: {betli: 9}\n", encoding="utf-8"
    )
    leaf = alsos.load_variant(tmp_path / "leaf.yaml")
    assert (leaf.games.trump, leaf.games.betli, leaf.games.no_trumps) == (3, 9, 2)


# ----------------------------------------------------------------- options


def test_options_by_dotted_key_path() -> None:
    base = alsos.load_variant("house")
    rules = alsos.load_variant("house", **{"exchange.takes": "reveal", "figures.uhu.value": 5})
    assert rules.exchange.params.takes == "reveal"
    assert rules.exchange == attrs.evolve(
        base.exchange, params=attrs.evolve(base.exchange.params, takes="reveal")
    )
    assert rules.figures["uhu"] == attrs.evolve(base.figures["uhu"], value=5)
    assert rules.options == {"exchange.takes": "reveal", "figures.uhu.value": 5}


def test_bad_option_is_reported_with_its_key_path() -> None:
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant("house", **{"exchange.takes": "everything"})
    assert "exchange.takes" in str(info.value)
    with pytest.raises(alsos.ProfileError) as info:
        alsos.load_variant("house", **{"games.trump": "one"})
    assert "games.trump" in str(info.value)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("potter1930", {}),
        ("potter1930", {"games.trump": 2}),
        (
            "house",
            {
                "exchange.takes": "reveal",
                "exchange.reveal_from": ["top", "bottom"],
                "exchange.entitled": ["7", "8", "9"],
                "kontra.levels": ["kontra", "rekontra"],
                "figures.uhu.value": 3,
            },
        ),
        ("house", {"name": 'a; b [c] "d"', "announcements.exclusive": [["uhu", "ultimo"]]}),
        ("two-player", {"players": 2}),
        ("csibor", {"players": 4, "cards.betli_order": "A 10 K O U 9 8 7"}),
    ],
)
def test_canonical_string_round_trips(variant: str, options: dict[str, Any]) -> None:
    if variant not in alsos.shipped_variants():
        pytest.skip(f"{variant} is not shipped")
    rules = alsos.load_variant(variant, **options)
    text = str(rules)
    again = alsos.load_variant(text)
    assert again == rules
    assert again.options == rules.options
    assert str(again) == text
    assert text == variant if not options else text.startswith(f"{variant}[")


# ------------------------------------------------------------------ schema


def _as_json(data: Any) -> Any:
    """A YAML document as JSON sees it: int keys become strings."""
    return json.loads(json.dumps(data))


def _yaml(path: Path) -> Any:
    return _as_json(yaml.safe_load(path.read_text(encoding="utf-8")))


def _objects(node: Any) -> list[dict[str, Any]]:
    """Every sub-schema in ``node`` that lists ``properties``."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict) and node.get("type") == "object":
            found.append(node)
        for value in node.values():
            found.extend(_objects(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_objects(value))
    return found


def test_schema_describes_every_ruleset_field() -> None:
    schema = profile_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    props = schema["properties"]
    # set by load_variant, never written in a profile
    fields = {a.name for a in attrs.fields(Ruleset)} - {
        "options",
        "origin",
        "parent",
        "own_sources",
        "profile_text",  # the text an upload was loaded from (load_profile_text)
        "_tables",  # what is derived from the ruleset, hung on it (never in a profile)
    }
    assert fields <= set(props)
    assert set(props) - fields == {"extends", "by_players"}
    assert schema["additionalProperties"] is False
    assert schema["if"] == {"required": ["extends"]}
    assert schema["else"]["required"] == ["id", "name"]
    assert set(schema["properties"]["by_players"]["properties"]) == {"2", "3", "4"}


def test_schema_sections_match_their_classes() -> None:
    defs = profile_schema()["$defs"]
    for name, cls in (("CardRules", alsos.ruleset.profile.CardRules), ("FigureRule", FigureRule)):
        assert set(defs[name]["properties"]) == {a.name for a in attrs.fields(cls)}
        assert defs[name]["description"] == inspect.cleandoc(cls.__doc__ or "")
    assert defs["CardRules"]["properties"]["trump_order"]["default"] == "U 9 A 10 K O 8 7"
    assert defs["CardRules"]["properties"]["trump_points"]["default"]["U"] == 20
    ranks = set(defs["CardRules"]["properties"]["trump_points"]["properties"])
    assert ranks == {"A", "K", "O", "U", "10", "9", "8", "7"}


def test_schema_figures_need_kind_and_value_only_when_complete() -> None:
    schema = profile_schema()
    defs = schema["$defs"]
    assert set(defs["FigureRule"]["required"]) == {"kind", "value"}
    assert "required" not in defs["FigureRulePatch"]
    strict_figures = schema["else"]["properties"]["figures"]["additionalProperties"]
    assert strict_figures == {"$ref": "#/$defs/FigureRule"}


def test_schema_objects_are_closed() -> None:
    schema = profile_schema()
    objects = _objects(schema)
    assert len(objects) > 10
    for obj in objects:
        # a family's section is closed over the keys its modules' conditions add
        closed = obj.get("additionalProperties", obj.get("unevaluatedProperties"))
        assert closed is False, obj.get("description", obj)


def test_schema_command_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == profile_schema()


def _validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    schema = profile_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_shipped_profiles_validate_against_the_schema() -> None:
    validator = _validator()
    files = sorted(VARIANTS.glob("*.yaml"))
    assert files
    if PLUGIN_PROFILE.exists():
        files.append(PLUGIN_PROFILE)
    for path in files:
        errors = [
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(_yaml(path))
        ]
        assert errors == [], path.name


@pytest.mark.parametrize(
    "doc",
    [
        {"extends": "potter1930", "colour": "red"},
        {"extends": "house", "figures": {"uhu": {"vlaue": 3}}},
        {"extends": "potter1930", "games": {"trump": "one"}},
        {"extends": "potter1930", "play": {"must_trump": 1}},
        {"extends": "potter1930", "cards": {"trump_points": {"Z": 3}}},
        {"extends": "potter1930", "cards": {"trump_order": "U 9 A"}},
        {"extends": "potter1930", "bidding": {"suit_rank": ["spades"]}},
        {"extends": "potter1930", "kontra": {"levels": "kontra"}},
        {"extends": "potter1930", "by_players": {"5": {}}},
        {"extends": "potter1930", "by_players": {"2": {"extends": "house"}}},
        {"extends": 5},
        {"name": "no id"},
        {"id": "x", "name": "x", "figures": {"lucky": {"value": 2}}},
        ["not", "a", "mapping"],
        # Issue 18: the bounds the loader puts on single keys.
        {"extends": "potter1930", "id": "x" * 65},
        {"extends": "potter1930", "id": ""},
        {"extends": "potter1930", "figures": {f"f{i}": {"value": 1} for i in range(65)}},
        {"extends": "potter1930", "player_counts": [3, 5]},
    ],
)
def test_schema_refuses_broken_documents(doc: Any) -> None:
    validator = _validator()
    assert list(validator.iter_errors(doc)), doc


@pytest.mark.parametrize(
    "doc",
    [
        {"extends": "potter1930"},
        {"extends": "potter1930", "figures": {"ultimo": {"value": 7}}},
        {"id": "x", "name": "x", "by_players": {"2": {"figures": {"ultimo": {"value": 3}}}}},
        {"id": "x", "name": "x", "exchange": {"entitled": [7, "8"], "required_figure": None}},
    ],
)
def test_schema_accepts_partial_and_alternative_forms(doc: Any) -> None:
    validator = _validator()
    assert [e.message for e in validator.iter_errors(doc)] == []


PLAYABLE = Path(__file__).resolve().parent / "playable_profiles"


@pytest.mark.parametrize("path", sorted(PLAYABLE.glob("*.yaml")), ids=lambda p: p.stem)
def test_an_odd_but_accepted_profile_plays_and_renders(path: Path) -> None:
    """Profiles at the edges of what the loader accepts: every hand finishes, the
    cards are all accounted for, payments sum to zero, and the rulebook renders."""
    import random

    from alsos.rulebook import render

    rules = alsos.load_variant(path)
    render(rules, "markdown")
    render(rules, "rst")
    for seed in range(30):
        game = alsos.Game(rules, seed=seed)
        play_out(game, at_random(random.Random(seed)), max_steps=5000)
        assert game.is_over, (path.name, seed)
        s = game.state
        cards = (
            sum(h.bit_count() for h in s.hands)
            + len(s.talon)
            + sum(w.bit_count() for w in s.won)
            + len(s.trick)
        )
        assert cards == 32, (path.name, seed)
        assert game.settlement is not None and sum(game.settlement.payments.values()) == 0


def test_a_profile_given_as_text_opens_no_file_and_names_no_server_path() -> None:
    """load_profile_text (the web table's uploads): ``extends`` names only a shipped
    variant, and messages and ``str(rules)`` show the given name, not a scratch file."""
    from alsos.ruleset.loading import load_profile_text
    from alsos.ruleset.profile import ProfileError

    rules = load_profile_text("extends: potter1930\nname: Mine\n", "mine.yaml")
    assert rules.name == "Mine" and str(rules) == "mine.yaml"
    for parent in ("../potter1930.yaml", "/etc/hosts.yaml", "[1]"):
        with pytest.raises(ProfileError) as e:
            load_profile_text(f"extends: {parent}\n", "mine.yaml")
        assert e.value.source == "mine.yaml" and "not a shipped variant" in str(e.value)
    with pytest.raises(ProfileError) as e:
        load_profile_text("extends: potter1930\nplayers: [\n", "mine.yaml")
    assert "alsos-profile" not in str(e.value) and str(e.value).startswith("mine.yaml: line ")
    with pytest.raises(ProfileError, match="over 1 MiB"):
        load_profile_text("#" * (1 << 20) + "\n")


def test_a_figure_named_by_a_number_is_refused_naming_it(tmp_path: Path) -> None:
    """A child profile whose ``figures`` has a key that is not text (YAML reads ``3``
    as a number), checked again for each player count of ``by_players``, is refused
    with a ProfileError that says so, not a TypeError (found by tests/test_fuzz.py)."""
    path = tmp_path / "child.yaml"
    path.write_text("extends: altiansz\nid: child\nname: Child\nfigures: {3: 0}\n")
    with pytest.raises(alsos.ProfileError, match=r"figures: a figure's name must be text, got 3"):
        alsos.load_variant(str(path))
