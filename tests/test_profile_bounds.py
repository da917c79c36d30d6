"""The profile loader on hostile input: bounded, read once, every refusal a ProfileError.

An uploaded profile (the web table's, up to 64 KiB; the loader's, up to 1 MiB)
was read twice, nested brackets ended in a ``RecursionError``, and a table
thirty times too large (2,001 figures, 4,000 sources) was structured and
analysed entry by entry before it was refused, or loaded.  Each test failed
before its fix.  None measures time: a bound is shown to hold where it is met,
by the line it names, the part of the text never read and the work never done.
"""

from __future__ import annotations

import difflib
import json
import tempfile
import typing
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alsos
from alsos.ruleset import loading, yaml_reading
from alsos.ruleset.checks import MAX_FIGURES, MAX_SOURCES
from alsos.ruleset.loading import load_profile_text
from alsos.ruleset.yaml_reading import MAX_NESTING, MAX_NODES

QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def _refusal(text: str, **options: Any) -> str:
    """The message of the ProfileError that loading ``text`` raises (nothing else)."""
    with pytest.raises(alsos.ProfileError) as info:
        load_profile_text(text, **options)
    assert info.value.source == "upload.yaml"
    return str(info.value)


# ------------------------------------------------------------------- nesting


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 30_000 + "]" * 30_000,  # the audit's 60 KB profile
        "a: " + "{a: " * 15_000 + "1" + "}" * 15_000,
        "a: " + "[{a: " * 8_000 + "1" + "}]" * 8_000,
        "a:\n" + "- " * 20_000 + "1\n",  # block lists on one line
        "".join(" " * i + f"k{i}:\n" for i in range(300)) + " " * 300 + "x\n",  # block mappings
        "a:\n" + "".join(" " * i + "-\n" for i in range(300)),
        "- " * 30 + "[" * 30_000,  # block around flow, and never closed
    ],
    ids=["flow-lists", "flow-maps", "flow-mixed", "block-lists", "block-maps", "dashes", "mixed"],
)
def test_deep_nesting_is_a_profile_error_naming_the_bound(text: str) -> None:
    message = _refusal(text)
    assert f"nested more than {MAX_NESTING} deep" in message
    assert "line " in message


def test_the_nesting_bound_is_met_at_its_bracket() -> None:
    """The 30,000-deep profile is refused at the 21st bracket, and no deeper: 20
    levels (the document's mapping and 19 lists) reach the structure check."""
    assert "line 1, column 24: " in _refusal("a: " + "[" * 30_000 + "]" * 30_000)
    within = _refusal("a: " + "[" * (MAX_NESTING - 1) + "]" * (MAX_NESTING - 1))
    assert "nested" not in within and "a: unknown key" in within
    assert "nested more than" in _refusal("a: " + "[" * MAX_NESTING + "]" * MAX_NESTING)


def test_a_recursion_error_while_reading_is_a_profile_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last resort: with the nesting bound lifted, PyYAML's recursion still ends
    in a ProfileError, never a RecursionError."""
    monkeypatch.setattr(yaml_reading, "MAX_NESTING", 10**9)
    assert "nested more than" in _refusal("a:\n" + "- " * 30_000 + "1\n")


def test_a_deep_file_is_refused_as_an_upload_is(tmp_path: Any) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("extends: potter1930\nkontra: {levels: " + "[" * 5000 + "]" * 5000 + "}\n")
    with pytest.raises(alsos.ProfileError, match=r"deep.yaml: line 2, column \d+: lists and"):
        alsos.load_variant(path)


# ---------------------------------------------------------------- node count


def _sources(n: int, tail: str = "") -> str:
    return "extends: potter1930\nsources:\n" + "".join(f"  s{i}: pagat\n" for i in range(n)) + tail


def test_the_node_bound_stops_the_reading_at_the_first_node_past_it() -> None:
    """Nodes 1-5 are the document, extends, its value, sources and its mapping; each
    entry then adds a key and a value, one line each.  The text past the bound is
    never read: a syntax error at its end is not reported."""
    entry = (MAX_NODES + 1 - 6) // 2  # the entry holding node MAX_NODES + 1
    message = _refusal(_sources(3 * MAX_NODES, tail="broken: [\n"))
    assert f"line {3 + entry}, column " in message
    assert f"more than {MAX_NODES} keys, values, lists and mappings" in message
    assert "sources" in message and "YAML error" not in message


def test_the_node_bound_names_the_key_path() -> None:
    text = "extends: potter1930\ncalling: {allowed_with: [" + "x, " * 2 * MAX_NODES + "]}\n"
    assert f"calling.allowed_with[{MAX_NODES - 7}]: more than" in _refusal(text)


# ---------------------------------------------------------------- read once


def test_an_upload_is_read_once_and_writes_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text was written to a scratch file and parsed twice (once for its
    ``extends``, once to load it); its parent is read once, as before."""
    text = "extends: potter1930\nid: mine\nname: Mine\ngames: {trump: 2}\n"
    reads: list[str] = []
    real = yaml.load

    def spy(stream: Any, *args: Any, **kwargs: Any) -> Any:
        reads.append("upload" if stream == text else "other")
        return real(stream, *args, **kwargs)

    def no_scratch(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an upload writes no file")

    monkeypatch.setattr(yaml, "load", spy)
    monkeypatch.setattr(tempfile, "TemporaryDirectory", no_scratch)
    rules = load_profile_text(text, "mine.yaml")
    assert rules.games.trump == 2 and str(rules) == "mine.yaml" and rules.parent == "potter1930"
    assert sorted(reads) == ["other", "upload"]


def test_an_upload_loads_as_the_same_file_does(tmp_path: Any) -> None:
    text = "extends: house\nid: mine\nname: Mine\nsources: {main: club}\nplayers: 3\n"
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    by_file, by_text = alsos.load_variant(path), load_profile_text(text, "mine.yaml")
    assert by_file == by_text
    assert (by_text.parent, by_text.own_sources) == (by_file.parent, by_file.own_sources)


# ------------------------------------------------------------- large tables


def _figures(n: int) -> str:
    return "extends: potter1930\nfigures:\n" + "".join(
        f"  f{i}: {{kind: volat, value: 2}}\n" for i in range(n)
    )


def test_a_profile_within_the_node_bound_is_read_whole() -> None:
    # 5 nodes before the entries, 2 a line: the largest count of sources that fits
    message = _refusal(_sources((MAX_NODES - 5) // 2))
    assert f"sections cited; at most {MAX_SOURCES}" in message


def test_two_thousand_figures_are_refused_while_reading() -> None:
    """The audit's 64 KB profile: refused at the node bound, in the figures."""
    assert "figures.f" in _refusal(_figures(2001))


def test_too_many_figures_are_refused_before_any_is_analysed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Within the node bound, the figure count is checked before the per-figure work
    (shape, incomplete figures, structuring), on the merged table."""
    calls: list[str] = []
    for name in ("shape_problems", "_incomplete_figures"):
        real = getattr(loading, name)

        def spy(*args: Any, _real: Any = real, _name: str = name) -> Any:
            calls.append(_name)
            return _real(*args)

        monkeypatch.setattr(loading, name, spy)
    message = _refusal(_figures(200))
    assert f"figures: 210 figures; at most {MAX_FIGURES}" in message
    assert calls == []


def test_sources_beyond_the_bound_are_refused() -> None:
    """A profile cites its main source, a section or two of the rules each, its
    rulings: four thousand entries were loaded, and are now refused."""
    assert "more than" in _refusal(_sources(4000))
    message = _refusal(_sources(100))
    assert f"sources: 112 sections cited; at most {MAX_SOURCES}" in message
    many = {f"s{i}": "pagat" for i in range(MAX_SOURCES + 1)}
    with pytest.raises(alsos.ProfileError, match=r"option sources=.*sections cited"):
        alsos.load_variant("potter1930", sources=many)


def test_the_sources_of_the_shipped_profiles_are_within_the_bound() -> None:
    for vid in alsos.shipped_variants():
        assert len(alsos.load_variant(vid).sources) <= MAX_SOURCES // 4, vid


def test_a_large_table_for_another_player_count_is_refused() -> None:
    """The ``by_players`` override for a count not being loaded is structured too;
    a table too large there is refused by name before that work."""
    text = (
        "extends: potter1930\nplayer_counts: [2, 3]\nby_players:\n  2:\n"
        "    deal: {seen_packets: [4, 4], unseen_packets: [4]}\n    figures:\n"
        + "".join(f"      g{i}: {{kind: volat, value: 2}}\n" for i in range(60))
    )
    message = _refusal(text, players=3)
    assert "by_players.2.figures: 70 figures; at most 64" in message


def test_misspelt_figures_are_guessed_at_a_bounded_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """difflib compares a name with every known figure: the loader guesses for the
    first few incomplete figures only (the message lists the rest alike)."""
    guesses: list[str] = []
    real = difflib.get_close_matches

    def spy(word: Any, *args: Any, **kwargs: Any) -> Any:
        guesses.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", spy)
    text = "extends: potter1930\nfigures:\n" + "".join(
        f"  ultimo{i}: {{value: 2}}\n" for i in range(50)
    )
    assert "is not a known figure; did you mean 'ultimo'" in _refusal(text)
    assert 0 < len(guesses) <= 8


def test_type_hints_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``typing.get_type_hints`` compiled each class's annotations at each figure."""
    text = _figures(40)
    _refusal(text + "  bad: {kind: volat, value: x}\n")  # every class seen once
    calls: list[object] = []
    real = typing.get_type_hints

    def spy(obj: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(obj)
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(typing, "get_type_hints", spy)
    assert "value: expected a whole number" in _refusal(text + "  bad: {kind: volat, value: x}\n")
    assert load_profile_text(text.replace("f39", "f39x")).figures
    assert calls == []


# --------------------------------------------------------- values of a wrong shape


@pytest.mark.parametrize(
    ("patch", "expected"),
    [
        ("deal: {talon_between: 1}", "deal.talon_between: expected a list, got 1"),
        ("deal: {talon_between: true}", "deal.talon_between: expected a list, got True"),
        ("deal: {seen_packets: 2.5}", "deal.seen_packets: expected a list, got 2.5"),
        ("deal: {unseen_packets: null}", "deal.unseen_packets: expected a list, got None"),
        ("kontra: {levels: 3}", "kontra.levels: expected a list, got 3"),
        ("player_counts: 3", "player_counts: expected a list, got 3"),
        ("exchange: {entitled: 7}", "exchange.entitled: expected a list, got 7"),
        ("melds: {vannak_ranks_no_trumps: 7}", "melds.vannak_ranks_no_trumps: expected a list"),
        ("calling: {allowed_with: 1}", "calling.allowed_with: expected a list, got 1"),
        ("figures: {ultimo: {cards: 3}}", "figures.ultimo.cards: expected a list, got 3"),
        ("announcements: {exclusive: 1}", "announcements.exclusive: expected a list, got 1"),
        ("announcements: {exclusive: [1]}", "announcements.exclusive[0]: expected a list, got 1"),
        ("announcements: {exclusive: [[a]]}", "announcements.exclusive[0]: expected a list of 2"),
        ("deal: 3", "deal: expected a mapping of keys, got 3"),
        ("games: null", "games: expected a mapping of keys, got None"),
        ("calling: [1]", "calling: expected a mapping of keys, got [1]"),
        (
            "bidding: {module: ladder, contracts: {x: 3}}",
            "bidding.contracts.x: expected a mapping of keys, got 3",
        ),
    ],
)
def test_a_scalar_where_a_list_or_mapping_belongs_is_named(patch: str, expected: str) -> None:
    """An int where a list belongs was "'int' object is not iterable" (or, for
    ``calling``, silently replaced by the default)."""
    message = _refusal(f"extends: potter1930\n{patch}\n")
    assert expected in message
    assert "iterable" not in message and "unknown error" not in message


def test_null_stays_allowed_where_a_key_may_be_null() -> None:
    text = "extends: potter1930\nmelds: {vannak_ranks_no_trumps: null}\ncalling: null\n"
    assert load_profile_text(text).melds.vannak_ranks_no_trumps is None


def test_a_wrong_shape_is_named_in_an_override_and_an_option() -> None:
    text = (
        "extends: potter1930\nplayer_counts: [2, 3]\n"
        "by_players: {2: {deal: {seen_packets: [4, 4], unseen_packets: [4], talon_between: 1}}}\n"
    )
    assert "by_players.2.deal.talon_between: expected a list, got 1" in _refusal(text)
    with pytest.raises(alsos.ProfileError, match=r"deal\.talon_between: expected a list, got 1"):
        alsos.load_variant("potter1930", **{"deal.talon_between": 1})


# ------------------------------------------------------------------ property


def _flow(value: Any) -> str:
    """``value`` as YAML flow text (JSON scalars are YAML); recursion is bounded by
    the depth of the generated trees, the deep wrapping is added as text."""
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


_SCALARS = st.none() | st.booleans() | st.integers(-5, 40) | st.text("abkoz7 ", max_size=6)
_KEYS = st.sampled_from(
    ["deal", "figures", "sources", "kontra", "levels", "talon_between", "ultimo", "kind", "x"]
)
_TREES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=20,
)


@QUICK
@given(
    key=_KEYS,
    tree=_TREES,
    depth=st.integers(0, 3000),
    styles=st.text("[{-", min_size=1, max_size=4),
    width=st.integers(1, 3 * MAX_NODES),
)
def test_any_nested_lists_and_mappings_load_or_are_refused(
    key: str, tree: Any, depth: int, styles: str, width: int
) -> None:
    """Deep (up to 3,000 levels, ``styles`` repeated: flow lists, flow mappings,
    block lists) and wide (repeated up to three times the node bound) values: a
    Ruleset or a ProfileError, never anything else."""
    body = _flow(tree)
    if width > 1:
        body = "[" + ", ".join([body] * min(width, 60_000 // (len(body) + 2) + 1)) + "]"
    wraps = (styles * depth)[:depth]
    for w in reversed(wraps.replace("-", "")):
        body = "[" + body + "]" if w == "[" else "{k: " + body + "}"
    dashes = "- " * wraps.count("-")  # block lists hold the flow ones
    text = f"extends: potter1930\n{key}:\n  {dashes}{body}\n"
    try:
        rules = load_profile_text(text)
    except alsos.ProfileError as e:
        assert len(str(e)) < 30_000
    else:
        assert isinstance(rules, alsos.Ruleset)
