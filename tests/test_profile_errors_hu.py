"""An uploaded profile's problems in the reader's language (issue 33).

The loader's problems stay the English a programmer reads (``str(e)``,
``e.problems``: the tests of the loader compare them), and each is an
:class:`alsos.language.Said` -- a whole message and its values -- so the web
table writes an upload's refusal in the page's language.  Here:

- every problem of every broken profile (``tests/broken_profiles/``) and of
  profiles made below is a Said whose text is the English it was before (the
  texts below were read from the loader before its problems were Saids), whose
  pseudo-language writing is marked as a whole and hides no English in a value
  (only key paths, quoted input, lists of ids and PyYAML's own reasons are
  values), and that survives a worker process (pickle);
- a few problems read in Hungarian exactly;
- the web app refuses a broken upload in the language the request asks for.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path
from typing import Any

import pytest

import alsos
import alsos.ruleset.registry
from alsos.language import ENGLISH, Said, language, said_in
from alsos.ruleset.loading import load_profile_text, load_variant

BROKEN = Path(__file__).resolve().parent / "broken_profiles"
HU = language("hu")
QPS = language("qps")

#: Each broken profile's problems, as the loader wrote them before they were Saids
#: (those whose problems list no installed modules, shipped ids or a class's keys,
#: which change as alsos grows).
ENGLISH_PROBLEMS: dict[str, list[str]] = {
    "alias_bomb.yaml": [
        "line 6, column 8: aliases (*a) are not supported in profiles; write the value out",
    ],
    "bad_card_spec.yaml": [
        "figures.lucky.cards: unknown rank '11'; expected one of A K O U 10 9 8 7",
    ],
    "bad_exchange_takes.yaml": [
        (
            "exchange.takes: unknown value 'everything'; use one of talon, seen, reveal, "
            "trumps-and-aces"
        ),
    ],
    "by_players_bad_count.yaml": [
        "by_players.5: not a player count; use 2, 3 or 4",
    ],
    "by_players_not_mapping.yaml": [
        "by_players: expected a mapping of player counts to overrides",
    ],
    "by_players_undeclared.yaml": [
        (
            "by_players.2: 2 is not a player count of this profile (3); add it to "
            "player_counts, or remove the entry"
        ),
    ],
    "by_players_unknown_key.yaml": [
        (
            "by_players.2: 2 is not a player count of this profile (3); add it to "
            "player_counts, or remove the entry"
        ),
        "by_players.2.games.trmp: unknown key; did you mean 'trump' or 'no_trumps'?",
    ],
    "card_order_repeated_rank.yaml": [
        (
            "cards.trump_order: a card order must name each of the eight ranks once, got 'U 9 "
            "A 10 K O 8 U'"
        ),
    ],
    "circular_a.yaml": [
        ("extends: circular inheritance (circular_a.yaml -> circular_b.yaml -> circular_a.yaml)"),
    ],
    "circular_b.yaml": [
        ("extends: circular inheritance (circular_b.yaml -> circular_a.yaml -> circular_b.yaml)"),
    ],
    "duplicate_key.yaml": [
        "line 8, column 3: YAML error: the key 'ultimo' appears twice in one mapping",
    ],
    "entitled_empty.yaml": [
        "exchange.entitled: name at least one trump rank that may síber",
    ],
    "exclusive_unknown_figure.yaml": [
        "announcements.exclusive: 'eight' is not a figure of this profile",
    ],
    "figure_id_unwritable.yaml": [
        (
            "figures.Big Fig: a figure id is lower-case letters, digits and hyphens (it is "
            "typed as 'announce <id>' and must read back the same), e.g. 'big-fig'"
        ),
    ],
    "figure_misspelt.yaml": [
        (
            "figures.kasza: 'kasza' is not a known figure; did you mean 'kassza'? (a new "
            "figure needs kind and value)"
        ),
    ],
    "figure_named_game.yaml": [
        (
            "figures.game: 'game' is a word of the notation (game, gyerunk, call); name the "
            "figure otherwise"
        ),
    ],
    "figure_not_a_mapping.yaml": [
        "figures.lucky: expected the figure's keys (e.g. {kind: volat, value: 2}), got 3",
    ],
    "five_players.yaml": [
        "players: expected 2, 3 or 4, got 5",
    ],
    "id_too_long.yaml": [
        (
            "id: 'cccccccccccccccccccccccccccccccccccccccccccccccccccccc...c' is not an id: 1 "
            "to 64 printable characters (it names the profile's files), e.g. "
            "'cccccccccccccccccccccccccccccccccccccccc'"
        ),
    ],
    "int_for_bool.yaml": [
        "play.must_trump: expected true or false, got 1",
    ],
    "ladder_bad_trumps.yaml": [
        "bidding.contracts.ultimo.trumps: 'hearts' is not one of any, suit, none",
    ],
    "ladder_objective_without_no_trumps_threshold.yaml": [
        (
            "bidding.contracts.absolute.objectives: 'absolute' cannot be judged without "
            "trumps, but this contract may be played without trumps (trumps: any); give the "
            "figure what its kind needs for that (a points figure: threshold_no_trumps), or "
            "the contract trumps: suit"
        ),
    ],
    "ladder_scoring_without_ladder_bidding.yaml": [
        ("scoring.module: the ladder scoring module needs bidding.module: ladder, not 'potter'"),
    ],
    "ladder_unknown_objective.yaml": [
        "bidding.contracts.solo.objectives: 'six-tricks' is not a figure of this profile",
    ],
    "list_as_key.yaml": [
        "line 5, column 3: a key must be text or a number, not a list",
    ],
    "mapping_for_list.yaml": [
        "kontra.levels: expected a list, got a mapping",
    ],
    "merge_key.yaml": [
        (
            "line 6, column 3: merge keys (<<) are not supported in profiles; write the keys "
            "out, or use 'extends:' to build on another profile"
        ),
    ],
    "negative_packet.yaml": [
        "deal.seen_packets: every packet must hold at least one card",
    ],
    "not_a_mapping.yaml": [
        "the profile must be a mapping of keys to values",
    ],
    "not_utf8.yaml": [
        "line 4: not UTF-8 text (byte 0xff); save it as UTF-8",
    ],
    "null_key.yaml": [
        "None: a key here is a name (text), not NoneType",
    ],
    "number_key_nested.yaml": [
        "kontra.1: a key here is a name (text), not int",
    ],
    "options_key.yaml": [
        "options: not a profile key; pass options to load_variant instead",
    ],
    "passes_unbounded.yaml": [
        (
            "announcements.passes_to_close: must be between 1 and 3 (the seats in play), or "
            "null for one fewer than the seats; got 1000000000"
        ),
    ],
    "player_counts_five.yaml": [
        "player_counts: 5 seats cannot play; use 2, 3 or 4",
    ],
    "players_as_list.yaml": [
        "players: expected 2, 3 or 4, got [3]",
    ],
    "players_not_in_counts.yaml": [
        (
            "players: this profile is for 3, 4 players, not 2; other counts need rules of "
            "their own (player_counts, by_players)"
        ),
    ],
    "points_bad_rank.yaml": [
        "cards.trump_points.Z: unknown rank 'Z'; expected one of A K O U 10 9 8 7",
    ],
    "points_figure_without_threshold.yaml": [
        "figures.lucky.threshold: a points figure needs a threshold",
    ],
    "python_object_tag.yaml": [
        (
            "line 4, column 5: unsafe YAML tag refused: could not determine a constructor for "
            "the tag 'tag:yaml.org,2002:python/object/apply:builtins.print'; only plain YAML "
            "values are allowed (no tags that run code)"
        ),
    ],
    "self_extends.yaml": [
        "extends: circular inheritance (self_extends.yaml -> self_extends.yaml)",
    ],
    "sequence_value_too_short.yaml": [
        ("melds.sequence_values.2: sequences are 3 to 8 cards long and score a value of 0 or more"),
    ],
    "set_for_list.yaml": [
        "kontra.levels: expected a list, got a set (its order is not kept)",
    ],
    "six_kontra_levels.yaml": [
        (
            "kontra.levels: at most 5 levels, one for each word of the notation (kontra, "
            "rekontra, szubkontra, hirskontra, mordkontra); this profile names 6"
        ),
    ],
    "string_for_int.yaml": [
        "games.trump: expected a whole number, got 'one'",
    ],
    "string_for_list.yaml": [
        "kontra.levels: expected a list, got the text 'kontra'",
    ],
    "talon_between_too_many.yaml": [
        "deal.talon_between: 4 entries for 3 rounds of packets",
    ],
    "too_many_figures.yaml": [
        (
            "figures: 110 figures; at most 64 (each one is offered at every turn of the "
            "auction and announcements)"
        ),
    ],
    "trick_figure_out_of_range.yaml": [
        "figures.lucky.trick: must be between 1 and 9",
    ],
    "trick_figure_several_cards.yaml": [
        (
            "figures.ultimo.card: a trick figure's card is one card ('trump 7', 'TA', 'TA or "
            "PA'), not 'all A'"
        ),
    ],
    "unknown_nested_key.yaml": [
        "figures.uhu.vlaue: unknown key; did you mean 'value'?",
    ],
    "yaml_syntax_error.yaml": [
        "line 7, column 28: YAML error: expected ',' or ']', but got '}'",
    ],
}

#: English words that show a sentence, not data, in a value.
_ENGLISH = re.compile(
    r"(?<![-\w.])(the|is|not|a|an|of|must|expected|cannot|needs?|use|got|and|or)(?![-\w.])"
)
#: Values that are someone else's words: PyYAML's reasons, the operating system's.
_OTHERS_WORDS = {
    ("YAML error: {problem}", "problem"),
    (
        "unsafe YAML tag refused: {problem}; only plain YAML values are allowed "
        "(no tags that run code)",
        "problem",
    ),
    ("cannot read the file: {reason}", "reason"),
}


def _problems(load: Any) -> alsos.ProfileError:
    with pytest.raises(alsos.ProfileError) as info:
        load()
    return info.value


def _escapes(said: Said) -> list[tuple[str, str, str]]:
    """The values of ``said`` (and of the Saids in it) that read as English sentences:
    text that reaches a person without passing through a language."""
    out = []
    for name, value in said.values.items():
        if isinstance(value, Said):
            out += _escapes(value)
        elif isinstance(value, str) and (said.message, name) not in _OTHERS_WORDS:
            bare = re.sub(r"'[^']*'|\"[^\"]*\"", "", value)  # quoted input is data
            if len(bare.split()) >= 3 and _ENGLISH.search(bare):  # a sentence, not a name
                out.append((said.message, name, value))
    return out


def test_an_english_sentence_in_a_value_is_found() -> None:
    """What :func:`_escapes` guards against: a reason glued in as text."""
    from alsos.language import N_

    glued = Said(N_("{where}: {reason}"), where="games.trump", reason="must be a number")
    assert _escapes(glued) == [("{where}: {reason}", "reason", "must be a number")]
    data = Said(N_("{where}: {reason}"), where="x", reason=Said(N_("invalid value")))
    assert _escapes(data) == []
    listed = Said(N_("it has {known}"), known="trumps-and-aces, no-tricks, 'is not'")
    assert _escapes(listed) == []


def _check_said(e: alsos.ProfileError) -> None:
    """Every problem of ``e`` is a Said, written in English as its text, marked as a
    whole in the pseudo-language with no English in a value; the error is one too."""
    assert e.problems
    for p in e.problems:
        assert isinstance(p, Said), p
        assert said_in(p, ENGLISH) == p
        marked = said_in(p, QPS)
        assert marked.startswith("⟦") and marked.endswith("⟧"), marked
        assert _escapes(p) == [], p
    assert isinstance(e.args[0], Said)
    assert str(e) == f"{e.source}: " + "; ".join(e.problems)
    assert said_in(e, QPS).startswith("⟦") and said_in(e, HU) != str(e)


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_broken_profile_is_refused_in_saids_with_its_english(path: Path) -> None:
    e = _problems(lambda: load_variant(path))
    _check_said(e)
    if path.name in ENGLISH_PROBLEMS:
        assert list(e.problems) == ENGLISH_PROBLEMS[path.name]


#: Profiles made here (each an upload's text), and their problems in English as
#: the loader wrote them before they were Saids.
MADE: dict[str, list[str]] = {
    "extends: potter1930\ndeal: {talon_between: [-1, 0]}\n": [
        "deal.talon_between: a number of cards cannot be negative",
        "deal.talon_between: the first entry lays the indicator: at least 1",
    ],
    "extends: potter1930\ndeal: {seen_packets: [3, 3, 3, 3]}\n": [
        "deal: 3 hands of 15 cards leave fewer than 3 for the talon"
    ],
    "extends: potter1930\nbidding: {suit_rank: [M, P, T, Q]}\n": [
        "bidding.suit_rank[3]: unknown suit 'Q'; expected one of acorns, hearts, gourds, "
        "leaves (or M, P, T, Z)"
    ],
    "extends: potter1930\ncards: {trump_order: 'U 9 A 10 K O 8 X7'}\n": [
        "cards.trump_order: cannot read card order 'U 9 A 10 K O 8 X7': unknown rank 'X7'; "
        "expected one of A K O U 10 9 8 7"
    ],
    "extends: potter1930\nexchange: {reveal_from: [middle], required_figure: nope}\n": [
        "exchange.reveal_from: 'middle' is neither 'bottom' nor 'top'",
        "exchange.required_figure: 'nope' is not a figure here",
    ],
    "extends: potter1930\ncalling: {module: gyerunk, targets: x, allowed_with: [nope]}\n": [
        "calling.targets: unknown value 'x'; use one of game, any",
        "calling.allowed_with: 'nope' is not a figure of this profile",
    ],
    "extends: potter1930\nbidding: {betli_switch: -2}\n": [
        "bidding.betli_switch: must not be negative (or null for no switch)"
    ],
    "extends: potter1930\nfigures: {new: {value: 3}}\n": [
        "figures.new.kind: a new figure needs kind; kind is one of "
        + ", ".join(alsos.ruleset.registry.available("figures"))
    ],
    "extends: potter1930\nfigures: {abc: {kind: volat, value: 1, must_hold: true}}\n": [
        "figures.abc.must_hold: name the card(s) to hold in card or cards"
    ],
    "extends: potter1930\nannouncements: {exclusive: [[a, b, c]]}\n": [
        "announcements.exclusive[0]: expected a list of 2, got ['a', 'b', 'c']"
    ],
    "extends: potter1930\nfigures: {"
    + ", ".join(f"f{i}: {{kind: volat, value: -1}}" for i in range(10))
    + "}\n": [
        "figures.f0.value: must not be negative (... and 9 more like it: figures.f1.value, "
        "figures.f2.value, figures.f3.value, ...)"
    ],
    "extends: potter1930\nsources: {" + ", ".join(f"s{i}: x" for i in range(70)) + "}\n": [
        "sources: 82 sections cited; at most 64 (one for each section of the rulebook)"
    ],
    "by_players: {3: {games: {trmp: 1, bogus: 2}}}\n": [
        "id: required field missing",
        "name: required field missing",
        "games.bogus: unknown key; known keys: trump, no_trumps, betli, klopitzky; "
        "games.trmp: unknown key; did you mean 'trump' or 'no_trumps'?",
    ],
}


@pytest.mark.parametrize("text", list(MADE), ids=range(len(MADE)))
def test_a_profile_made_here_is_refused_in_saids_with_its_english(text: str) -> None:
    e = _problems(lambda: load_profile_text(text, "upload.yaml"))
    _check_said(e)
    assert list(e.problems) == MADE[text]
    assert e.source == "upload.yaml"


def test_an_option_is_refused_in_saids_too() -> None:
    """A load option the loader refuses names it as the source, in words too."""
    e = _problems(lambda: load_variant("potter1930", players=7))
    _check_said(e)
    assert str(e) == "option players: players: expected 2, 3 or 4, got 7"
    assert said_in(e, HU) == "players beállítás: players: 2, 3 vagy 4 kell, nem 7"


@pytest.mark.parametrize(
    ("name", "hungarian"),
    [
        (
            "unknown_nested_key.yaml",
            "figures.uhu.vlaue: ismeretlen kulcs; erre gondoltál: 'value'?",
        ),
        (
            "figure_misspelt.yaml",
            "figures.kasza: 'kasza' nem ismert figura; erre gondoltál: 'kassza'? "
            "(egy új figurához kind és value kell)",
        ),
        ("string_for_int.yaml", "games.trump: egész szám kell, nem 'one'"),
        ("not_utf8.yaml", "4. sor: ez nem UTF-8 szöveg (0xff bájt); mentsd UTF-8 kódolással"),
        (
            "duplicate_key.yaml",
            "8. sor, 3. oszlop: YAML-hiba: a(z) 'ultimo' kulcs kétszer szerepel ugyanabban "
            "a leképezésben",
        ),
        (
            "by_players_undeclared.yaml",
            "by_players.2: a(z) 2 nem játékosszáma ennek a profilnak (3); vedd fel a "
            "player_counts közé, vagy töröld a tételt",
        ),
        (
            "entitled_empty.yaml",
            "exchange.entitled: nevezz meg legalább egy adurangot, amellyel síberelni lehet",
        ),
    ],
)
def test_a_problem_reads_in_hungarian(name: str, hungarian: str) -> None:
    e = _problems(lambda: load_variant(BROKEN / name))
    assert [said_in(p, HU) for p in e.problems] == [hungarian]
    assert said_in(e, HU) == f"{e.source}: {hungarian}"


def test_problems_alike_are_counted_in_hungarian_too() -> None:
    text = next(t for t in MADE if "f9:" in t)
    e = _problems(lambda: load_profile_text(text, "upload.yaml"))
    assert said_in(e.problems[0], HU) == (
        "figures.f0.value: nem lehet negatív (... és még 9 ugyanilyen: figures.f1.value, "
        "figures.f2.value, figures.f3.value, ...)"
    )


def test_a_refusal_crosses_a_worker_process_with_its_words() -> None:
    """Uploads are read in worker processes: the refusal they send back (a pickle)
    is still written in any language."""
    e = _problems(lambda: load_variant(BROKEN / "figure_misspelt.yaml"))
    back = pickle.loads(pickle.dumps(e))
    assert str(back) == str(e) and back.problems == e.problems
    assert all(isinstance(p, Said) for p in back.problems)
    assert said_in(back, HU) == said_in(e, HU) != str(e)


def test_a_problem_too_long_is_cut_in_each_language() -> None:
    """A problem over 500 characters is cut to 490 and "..." in English (the error's
    bound), and in any other language as written there, still a Said."""
    keys = ", ".join(f"k{i:03d}x{'y' * 30}: 1" for i in range(20))
    e = _problems(lambda: load_profile_text(f"extends: potter1930\ngames: {{{keys}}}\n"))
    long = [p for p in e.problems if p.endswith("...")]
    assert long and all(isinstance(p, Said) and len(p) == 493 for p in long)
    for p in long:
        for lang in (HU, QPS):
            written = said_in(p, lang)
            assert len(written) == 493 and written.endswith("...") and written != p
        assert pickle.loads(pickle.dumps(p)) == p
        assert said_in(pickle.loads(pickle.dumps(p)), HU) == said_in(p, HU)


# ------------------------------------------------------------------ the web table


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_broken_upload_is_refused_in_the_language_asked() -> None:
    """``POST /api/tables?lang=``: an uploaded profile's refusal in that language; the
    refusal is read once and kept, and still written anew for each request."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from test_web import _Server

    seats = ["human", "heuristic", "heuristic"]
    text = "extends: potter1930\nfigures: {kasza: {value: 2}}\ngames: {trump: one}\n"
    english = (
        "upload.yaml: figures.kasza: 'kasza' is not a known figure; did you mean 'kassza'? "
        "(a new figure needs kind and value); games.trump: expected a whole number, got 'one'"
    )
    magyar = (
        "upload.yaml: figures.kasza: 'kasza' nem ismert figura; erre gondoltál: 'kassza'? "
        "(egy új figurához kind és value kell); games.trump: egész szám kell, nem 'one'"
    )
    with _Server() as client:

        def refused(query: str, **body: Any) -> str:
            asked = {"variant": "-", "seats": seats, "profile": text, **body}
            r = client.post(f"/api/tables{query}", json=asked)
            assert r.status_code == 400, r.text
            return str(r.json()["error"])

        assert refused("?lang=hu") == magyar
        assert refused("") == english
        assert refused("?lang=en") == english
        assert refused("?lang=hu") == magyar
        marked = refused("?lang=qps")
        assert marked.startswith("⟦upload.yaml: ") and marked.endswith("⟧")
        assert "expected" not in marked and "'kassza'" in marked
        # a shipped profile refused for a count, and a variant there is not
        assert refused("?lang=hu", variant="potter1930", profile=None, players=5) == (
            "players beállítás: players: 2, 3 vagy 4 kell, nem 5"
        )
        assert refused("?lang=hu", variant="nope", profile=None).startswith(
            "nincs 'nope' nevű mellékelt változat; ezek közül válassz: "
        )
        bad = client.post("/api/tables?lang=xx", json={"variant": "-", "seats": seats})
        assert bad.status_code == 400 and "no words for the language 'xx'" in bad.json()["error"]


def test_the_page_asks_for_a_table_in_its_language() -> None:
    """The lobby's form sends the page's language with the request to make a table,
    as it does for the lobby's list."""
    script = (Path(alsos.__file__).parent / "web" / "static" / "lobby.js").read_text("utf-8")
    # (sent through send(), which adds a signed-in page's CSRF token)
    assert 'send(`api/tables?lang=${encodeURIComponent(lang())}`, "POST"' in script
    assert '"api/tables"' not in script
