"""A profile's words in several languages (``words:``, issue 33).

A profile may give its name, its figures' and ladder contracts' titles and its
rulings in another language (:mod:`alsos.ruleset.wording`).  These tests check
that the section is loaded as strictly as every other key (each error names its
key path, in English), that it inherits language by language and a child's own
text drops the parent's translation of it, that the JSON Schema lists it, that
the words change no rule (a seeded hand plays and settles the same with and
without them, and under :func:`worded`), that a record carrying the profile
keeps them, and that the rulebook and the words layer use them in Hungarian
while English stays as it was.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest
from drive import at_random, play_out

import alsos
from alsos import Record
from alsos.language import ENGLISH, language
from alsos.pack.cards import Suit
from alsos.pack.phases import Contract, Kind
from alsos.rulebook import render
from alsos.ruleset import tables
from alsos.ruleset.loading import load_profile_text
from alsos.ruleset.profile import ProfileWords
from alsos.ruleset.schema import profile_schema
from alsos.ruleset.wording import profile_languages, profile_words, worded
from alsos.words.rules import contract_name, figure_label, ladder_header, talon_users

HU = language("hu")

#: house with words of its own: the parent's Hungarian words for 111 and 120 stay.
OURS = """\
extends: house
id: our-house
name: Alsós at our house
words:
  hu:
    name: Alsós nálunk
    figures:
      uhu: {title: uhu (tök vagy piros ász)}
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(alsos.ProfileError) as caught:
        load_profile_text(text)
    return caught.value.problems


# ------------------------------------------------------------------ loading


def test_a_shipped_profile_carries_its_hungarian_words() -> None:
    """Every shipped profile names itself in Hungarian, unlike its English name."""
    for vid in alsos.shipped_variants():
        rules = alsos.load_variant(vid)
        hu = rules.words["hu"]
        assert isinstance(hu, ProfileWords)
        assert hu.name and hu.name != rules.name, vid
    house = alsos.load_variant("house")
    assert house.words["hu"].figures["111"].title == "111 (szanzaduban 91)"
    assert house.figures["111"].title == "111 (NT: 91)"  # the profile's own, unchanged


def test_the_languages_a_profile_may_use() -> None:
    assert profile_languages() == ("en", "hu")


@pytest.mark.parametrize(
    ("words", "path", "reason"),
    [
        ("{de: {name: Alsós}}", "words.de", "not a language a profile gives words in; use en"),
        ("{qps: {name: x}}", "words.qps", "the pseudo-language"),
        (
            "{hu: {figures: {abszolutt: {title: x}}}}",
            "words.hu.figures.abszolutt",
            "is not a figure of this profile; did you mean 'abszolut'?",
        ),
        (
            "{hu: {contracts: {solo: {title: Szóló}}}}",
            "words.hu.contracts.solo",
            "is not a ladder contract of this profile; it has none",
        ),
        ("{hu: {name: [a, b]}}", "words.hu.name", "expected text"),
        ("{hu: {figures: {volat: volát}}}", "words.hu.figures.volat", "expected a mapping"),
        ("{hu: {figures: {volat: {titel: x}}}}", "words.hu.figures.volat.titel", "unknown key"),
        ("{hu: {figures: {volat: {title: ''}}}}", "words.hu.figures.volat.title", "empty"),
        ("{hu: {name: ' '}}", "words.hu.name", "empty"),
        ("{hu: {rulings: [x]}}", "words.hu.rulings", "in their order: 0, not 1"),
        ("{hu: Alsós}", "words.hu", "expected a mapping of keys"),
    ],
)
def test_wrong_words_are_refused_with_their_key_path(words: str, path: str, reason: str) -> None:
    """Each mistake is a ProfileError naming the key path and what is allowed, in
    English (the loader's messages are for the programmer who wrote the file)."""
    problems = _problems(f"extends: potter1930\nwords: {words}\n")
    assert any(p.startswith(f"{path}: ") or p.startswith(f"{path}.") for p in problems), problems
    assert any(reason in p for p in problems), problems


def test_rulings_must_match_the_profiles_and_read_back() -> None:
    tompa = alsos.load_variant("tompa")
    assert len(tompa.words["hu"].rulings) == 2
    one = "extends: tompa\nwords: {hu: {rulings: [egy]}}\n"
    assert any("in their order: 2, not 1" in p for p in _problems(one))
    brackets = "extends: tompa\nwords: {hu: {rulings: [egy (kettő), három]}}\n"
    assert any(p.startswith("words.hu.rulings[0]: ") for p in _problems(brackets))


def test_a_ladder_contract_is_titled_only_where_the_profile_has_it() -> None:
    altiansz = alsos.load_variant("altiansz")
    assert altiansz.words["hu"].contracts["solo"].title == "Szóló"
    problems = _problems("extends: altiansz\nwords: {hu: {contracts: {sollo: {title: x}}}}\n")
    assert problems == [
        "words.hu.contracts.sollo: 'sollo' is not a ladder contract of this profile; "
        "did you mean 'solo'?"
    ]


# ------------------------------------------------------------------ inheritance


def test_words_inherit_per_language_and_a_childs_own_text_drops_the_parents() -> None:
    ours = load_profile_text(OURS)
    hu = ours.words["hu"]
    assert hu.name == "Alsós nálunk"  # its own, over house's
    assert set(hu.figures) == {"111", "120", "uhu"}  # merged key by key with house's
    # A child that renames itself without a Hungarian name does not inherit house's.
    renamed = load_profile_text("extends: house\nid: x\nname: Our Alsós\n")
    assert renamed.words["hu"].name is None
    assert profile_words(renamed, HU).name is None
    # One that keeps house's name keeps its translation too.
    assert load_profile_text("extends: house\nid: y\n").words["hu"].name == (
        alsos.load_variant("house").words["hu"].name
    )
    # A figure retitled drops the parent's translation of that title only.
    retitled = load_profile_text('extends: house\nid: z\nfigures: {"111": {title: Hundred+}}\n')
    assert set(retitled.words["hu"].figures) == {"120"}
    # So does a table option.
    option = alsos.load_variant("house", **{"figures.120.title": "120!"})
    assert set(option.words["hu"].figures) == {"111"}


def test_a_child_choosing_another_auction_drops_the_contracts_titles() -> None:
    """altiansz's Hungarian contract titles name its ladder's contracts: a child that
    bids trump suits instead has none, and loads."""
    text = (
        "extends: altiansz\nid: no-ladder\nbidding: {module: potter}\nscoring: {module: potter}\n"
    )
    rules = load_profile_text(text)
    assert not rules.words["hu"].contracts
    assert rules.words["hu"].figures["majority"].title == "több, mint a két védő együtt"


# ------------------------------------------------------------------ schema


def test_the_schema_lists_the_words() -> None:
    schema = profile_schema()
    words = schema["properties"]["words"]
    assert words["propertyNames"] == {"enum": ["en", "hu"]}
    defs = schema["$defs"]
    assert set(defs["ProfileWords"]["properties"]) == {"name", "figures", "contracts", "rulings"}
    assert defs["ItemWords"]["required"] == ["title"]


def test_the_shipped_words_validate_against_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import json

    import yaml

    validator = jsonschema.Draft202012Validator(profile_schema())
    root = Path(__file__).resolve().parent.parent / "variants"
    for path in sorted(root.glob("*.yaml")):
        data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert "words" in data, path.name
        validator.validate(data)
    bad = {"extends": "potter1930", "words": {"de": {"name": "x"}}}
    assert not validator.is_valid(bad)


# ------------------------------------------------------------------ no change to play


def _played(rules: alsos.Ruleset, seed: int) -> tuple[list[object], dict[int, int]]:
    game = alsos.Game(rules, seed=seed)
    steps = play_out(game, at_random(random.Random(seed)))
    settlement = game.settlement
    assert settlement is not None
    return [str(s.action) for s in steps], dict(settlement.payments)


def test_words_are_not_part_of_a_rulesets_identity() -> None:
    plain = load_profile_text("extends: house\nid: our-house\nname: Alsós at our house\n")
    ours = load_profile_text(OURS)
    assert ours == plain and hash(ours) == hash(plain) and str(ours) == str(plain)
    assert ours.words != plain.words
    again = pickle.loads(pickle.dumps(ours))
    assert again.words == ours.words


@pytest.mark.parametrize("vid", ["house", "altiansz", "csibor", "tompa"])
def test_worded_changes_no_play(vid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded hand under the Hungarian-worded ruleset takes the same actions and
    pays the same as under the ruleset itself."""
    monkeypatch.setattr(tables, "_NAMED", {})  # the copy must not stand in elsewhere
    rules = alsos.load_variant(vid)
    hu = worded(rules, "hu")
    assert hu.name == rules.words["hu"].name and str(hu) == str(rules)
    assert worded(rules, "en") is rules and worded(rules, "qps") is rules
    for seed in (1, 2, 3):
        assert _played(hu, seed) == _played(rules, seed)


def test_a_seeded_hand_settles_the_same_with_and_without_words() -> None:
    plain = load_profile_text("extends: house\nid: our-house\nname: Alsós at our house\n")
    ours = load_profile_text(OURS)
    for seed in (4, 5):
        assert _played(ours, seed) == _played(plain, seed)


def test_a_record_carrying_the_profile_keeps_its_words() -> None:
    rules = load_profile_text(OURS, players=3)
    game = alsos.Game(rules, seed=2)
    play_out(game, at_random(random.Random(2)))
    record = Record.loads(game.record(seats=["a", "b", "c"]).dumps("text"))
    assert record.rules().words["hu"].name == "Alsós nálunk"


# ------------------------------------------------------------------ what a person reads


def test_the_hungarian_rulebook_of_csibor_has_its_hungarian_name() -> None:
    csibor = alsos.load_variant("csibor")
    assert render(csibor, lang="hu").startswith("# Alsós Csibor szerint (2001, magyar Wikipédia)\n")
    assert render(csibor, "rst", lang="hu").startswith(
        "Alsós Csibor szerint (2001, magyar Wikipédia)\n====="
    )
    assert render(csibor).startswith("# Alsós after Csibor (2001, Hungarian Wikipedia)\n")


def test_the_hungarian_rulebook_titles_figures_contracts_and_rulings() -> None:
    house = render(alsos.load_variant("house"), lang="hu")
    assert "| 111 (szanzaduban 91) |" in house and "NT: 91" not in house
    assert "| 111 (NT: 91) |" in render(alsos.load_variant("house"))
    altiansz = render(alsos.load_variant("altiansz"), lang="hu")
    assert "Arany ászok" in altiansz and "Golden Aces" not in altiansz
    tompa = render(alsos.load_variant("tompa"), lang="hu")
    assert "- a 100-at és a 200-at túl kell lépni, az elérésük nem elég" in tompa


def test_figure_label_and_contract_name_in_hungarian() -> None:
    house = alsos.load_variant("house")
    assert figure_label(house, "111", HU) == "111 (szanzaduban 91)"
    assert figure_label(house, "111") == "111 (NT: 91)"  # English by default
    assert figure_label(house, "111", ENGLISH) == "111 (NT: 91)"
    assert figure_label(house, "abszolut", HU) == "abszolut (abszolút)"
    altiansz = alsos.load_variant("altiansz")
    solo = Contract(Kind.TRUMP, Suit.ACORNS, "solo")
    assert contract_name(altiansz, solo, HU).startswith("Szóló")
    assert contract_name(altiansz, solo).startswith("Solo, trump acorns")
    assert "Szóló" in talon_users(altiansz, HU) and "Szóló" in ladder_header(altiansz, HU)
    assert "Solo" in ladder_header(altiansz) and "Szóló" not in ladder_header(altiansz)


def test_a_ruleset_shown_in_a_language_is_never_the_one_its_name_finds() -> None:
    """The rulebook in Hungarian works on a copy with Hungarian words and the same
    canonical string; a record's replay (``known_rules``/``rules_named``) must still find
    the ruleset itself, or later English pages would show the Hungarian name."""
    ours = load_profile_text(OURS)
    game = alsos.Game(ours, seed=5)
    play_out(game, at_random(random.Random(5)))
    record = game.record()
    assert "Alsós nálunk" in render(ours, "markdown", lang="hu")
    shown = worded(ours, "hu")
    assert str(shown) == str(ours) and shown.name == "Alsós nálunk"
    tables.tables_of(shown)  # what rendering does to the copy: it must not be remembered
    assert tables.known_rules(str(ours)) is not shown
    assert Record.loads(str(record)).replay().rules.name == "Alsós at our house"
