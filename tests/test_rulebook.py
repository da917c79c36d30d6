"""The rulebook is written from the ruleset's data (issue: rulebooks from profiles).

Each test changes or compares rulesets and checks the prose follows, so a
rulebook that ignored an option, or mentioned a rule the table does not
have, would fail here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from profiles import PROFILES

import alsos
from alsos.hand.chosen import named_contracts
from alsos.records.record import Record
from alsos.rulebook import (
    GLOSSARY,
    compare,
    overview,
    render,
    rulebook,
    rulings,
    sources_text,
    summary,
    worked_example,
    write,
)
from alsos.rulebook.worked import EXAMPLES


@pytest.mark.parametrize("variant", alsos.shipped_variants())
@pytest.mark.parametrize("fmt", ["markdown", "rst"])
def test_every_shipped_profile_has_a_complete_rulebook(variant: str, fmt: str) -> None:
    rules = alsos.load_variant(variant)
    text = render(rules, fmt)
    assert rules.name in text
    for title in ("Players and cards", "The deal", "Bidding", "Play"):
        assert title in text
    # A game without kontra (altiansz) leaves the section out rather than say so.
    assert ("Kontra" in text) == bool(rules.kontra.levels)
    assert "{" not in text.replace("{{", "")  # every term marker was rendered


def test_tompa_has_no_szubkontra_and_no_calling() -> None:
    """pagat Tompa: kontra stops at rekontra and calling is not allowed, so neither appears."""
    text = render(alsos.load_variant("tompa"))
    assert "szubkontra" not in text
    assert "gyerünk" not in text and "## Calling" not in text
    assert "Betli" not in text and "Klopitzky" not in text
    potter = render(alsos.load_variant("potter1930"))
    assert "szubkontra" in potter and "gyerünk" in potter


def test_a_changed_option_changes_the_text() -> None:
    base = render(alsos.load_variant("potter1930"))
    changed = render(alsos.load_variant("potter1930", **{"games.trump": 4}))
    assert "| trump game | 1 |" in base
    assert "| trump game | 4 |" in changed
    tie = render(alsos.load_variant("house", **{"exchange.takes": "reveal"}))
    assert "turned up one at a time" in tie
    assert "turned up one at a time" not in render(alsos.load_variant("house"))


def test_figure_values_come_from_the_profile() -> None:
    """huwiki, "Figurák": csibor's abszolút is 3 from the back and 6 from the front."""
    text = render(alsos.load_variant("csibor"))
    row = next(line for line in text.splitlines() if line.startswith("  | abszolút"))
    assert "| 3 | 6 |" in row


def test_each_clause_cites_a_source() -> None:
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        for section in rulebook(rules):
            for clause in section.clauses:
                assert clause.source, (variant, clause.key)


def test_hungarian_terms_are_explained_once() -> None:
    text = render(alsos.load_variant("potter1930"))
    explanation = GLOSSARY["elölről"]
    assert text.count(explanation) == 1
    assert f"*elölről* ({explanation})" in text
    assert text.count("*elölről*") > 1


def test_compare_lists_only_differences() -> None:
    potter, house = alsos.load_variant("potter1930"), alsos.load_variant("house")
    text = compare([potter, house])
    assert "mordkontra" in text
    assert "figures.uhu" in text
    assert "cards.trump_order" not in text  # both rank trumps the same way
    same = compare([potter, alsos.load_variant("potter1930")])
    assert "agree on every rule" in same


def test_compare_of_three_rulesets_has_a_column_each() -> None:
    rules = [alsos.load_variant(v) for v in ("potter1930", "club", "tompa")]
    text = compare(rules)
    header = next(line for line in text.splitlines() if line.startswith("| rule"))
    assert header.count("|") == 5


def test_rst_output_is_valid_restructuredtext() -> None:
    docutils = pytest.importorskip("docutils.core")
    text = render(alsos.load_variant("csibor", players=4), "rst")
    html = docutils.publish_string(
        text, writer="html", settings_overrides={"report_level": 2, "halt_level": 2}
    )
    assert "rádli".encode() in html


def test_examples_are_drawn_as_cards() -> None:
    text = render(alsos.load_variant("potter1930"), images="inline")
    assert re.search(r'<img alt="PA PK PO" src="data:image/svg\+xml;base64,', text)
    rst = render(alsos.load_variant("potter1930"), "rst")
    assert ".. raw:: html" in rst and "<svg" in rst


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_every_figure_is_shown_with_its_notation(rules: alsos.Ruleset) -> None:
    """A reader sees how to write each figure next to its name (``announce <id>``)."""
    for fmt in ("markdown", "rst"):
        text = render(rules, fmt)
        for name, fig in rules.figures.items():
            if fig.enabled:
                assert f"announce {name}" in text, (rules, name, fmt)


# ------------------------------------------------------------ issue 12: teaching


def _overview_keys(rules: alsos.Ruleset) -> list[str]:
    return [c.key for c in overview(rules)]


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_every_rulebook_opens_with_how_a_hand_goes(variant: str) -> None:
    rules = alsos.load_variant(variant)
    for fmt in ("markdown", "rst"):
        text = render(rules, fmt)
        start = text.index("How a hand goes")
        assert start < text.index("Players and cards")
        steps = overview(rules)
        keys = [c.key for c in steps]
        assert keys[0] == "overview.deal" and "overview.settlement" in keys
        # Only how hands add up to a session may follow the settlement.
        assert keys[keys.index("overview.settlement") + 1 :] in ([], ["overview.session"])
        for n in range(1, len(steps) + 1):
            assert f"\n{n}. **" in text[start:]


def test_the_overview_is_written_from_the_data() -> None:
    """A step the table does not have is left out: no calling in tompa (pagat, Tompa
    rules A-J), no figures when every figure is switched off; the deal step counts
    the profile's own packets and the seat that sits out (pagat, "Four-Player Game")."""
    potter = alsos.load_variant("potter1930")
    assert "overview.calling" in _overview_keys(potter)
    assert "overview.calling" not in _overview_keys(alsos.load_variant("tompa"))
    front = next(c for c in overview(potter) if c.key == "overview.front")
    assert "{figura}" in front.text and "abszolút" in front.text
    off = {f"figures.{n}.enabled": False for n in potter.figures}
    bare = alsos.load_variant("potter1930", **off)
    text = " ".join(c.text for c in overview(bare))
    assert "figura" not in text and "announce" not in text and "{kontra}" in text
    four = " ".join(c.text for c in overview(alsos.load_variant("four-player")))
    assert "sits this hand out" in four and "Each of the 3 players gets 9 cards" in four
    assert "sits this hand out" not in " ".join(c.text for c in overview(potter))
    dealt = alsos.load_variant("two-player")
    deal = next(c for c in overview(dealt) if c.key == "overview.deal")
    assert "12 cards (8 to look at now, 4 more kept face down" in deal.text


@pytest.mark.parametrize("rules", PROFILES, ids=str)
def test_melds_and_kontra_levels_are_shown_with_their_notation(rules: alsos.Ruleset) -> None:
    """Each kontra level and meld name has the text that says it beside it."""
    text = render(rules)
    for word in rules.kontra.levels:
        assert re.search(rf"\| \*{word}\*[^|]* \| {word} game", text), (rules, word)
    if not rules.melds.contest:  # every meld declared at once, by kind (altiansz, "Melds")
        assert "(declare melds)" in text and "| declare vannak |" not in text
        return
    for n in rules.melds.sequence_values:
        name = alsos.pack.actions.MELD_NAMES[n]
        assert re.search(rf"\| \*?{name}\*? \({n} cards\) \| declare {name} \|", text)
    assert "| declare vannak |" in text


def test_images_none_inline_and_files(tmp_path: Path) -> None:
    rules = alsos.load_variant("potter1930")
    none = render(rules)
    assert "<img" not in none and "data:image" not in none and "<svg" not in none
    assert "For example: PA PK PO" in none
    inline = render(rules, images="inline")
    assert 'src="data:image/svg+xml;base64,' in inline
    path = write(rules, tmp_path)
    assert path == tmp_path / "potter1930.md"
    text = path.read_text(encoding="utf-8")
    assert "data:image" not in text
    refs = re.findall(r"!\[([^\]]*)\]\((images/[^)]+\.svg)\)", text)
    assert refs and any(alt == "PA PK PO" for alt, _ in refs)
    for _alt, ref in refs:
        assert (tmp_path / ref).read_text(encoding="utf-8").startswith("<svg")
    assert len({ref for _, ref in refs}) == len(list((tmp_path / "images").glob("*.svg")))
    rst = write(rules, tmp_path / "rst", "rst")
    assert ".. image:: images/" in rst.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="inline"):
        render(rules, images="base64")


def test_markdown_is_text_not_pictures() -> None:
    """Without pictures the Markdown rulebook is a few dozen kilobytes; with them
    inline it is mostly base64 (the reason the default leaves them out)."""
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        plain, inline = render(rules), render(rules, images="inline")
        assert len(plain.encode()) < 40_000, variant
        assert len(inline) > 2 * len(plain), variant


_HASH_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\b|VARIANTS\.md|\b\d{3}\.txt\b")


def test_no_hash_file_name_reaches_a_reader() -> None:
    """Sources are cited by key and section (alsos.ruleset.sources), never by the file
    names or numbers of the project's copies, and rulings are "alsos ruling"."""
    root = Path(__file__).resolve().parent.parent
    read = [
        *(root / "docs").rglob("*.rst"),  # the site's pages
        *(root / "alsos").rglob("*.py"),  # docstrings (the API reference)
        *(root / "variants").glob("*.yaml"),  # profiles and their comments
        root / "README.md",
    ]
    for page in read:
        assert not _HASH_NAME.search(page.read_text(encoding="utf-8")), page
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        for n in rules.player_counts or (rules.players,):
            counted = alsos.load_variant(variant, players=n)
            for fmt in ("markdown", "rst"):
                assert not _HASH_NAME.search(render(counted, fmt)), (variant, n, fmt)
        for text in rules.sources.values():
            assert not _HASH_NAME.search(text), variant
    assert not _HASH_NAME.search(sources_text("rst"))


def test_rulings_are_written_out_in_the_rulebook() -> None:
    """pagat, Tompa rules F5: the sources leave "100" open; alsos rules that it must be
    exceeded, and the rulebook says so in its own words."""
    tompa = alsos.load_variant("tompa")
    assert any("exceeded" in r for r in rulings(tompa))
    text = render(tompa)
    assert "an alsos ruling decides it" in text
    assert "- 100 and 200 must be exceeded, not merely reached" in text
    assert "alsos ruling" not in render(alsos.load_variant("potter1930"))


def test_the_sources_page_lists_what_each_profile_takes() -> None:
    text = sources_text("markdown")
    parts = re.split(r"^## ", text, flags=re.M)[1:]
    by_key = {re.search(r"\(`([\w-]+)`\)", p.splitlines()[0]).group(1): p for p in parts}  # type: ignore[union-attr]
    assert set(by_key) == set(alsos.ruleset.sources.SOURCES)
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        for section, cite in rules.sources.items():
            for key in alsos.ruleset.sources.cited_keys(cite):
                assert f"| {variant} |" in by_key[key], (variant, key)
                assert f"{section}: {cite}" in by_key[key]
    assert SOURCES_REFERENCE_OF_PAGAT in by_key["pagat"]


SOURCES_REFERENCE_OF_PAGAT = alsos.ruleset.sources.SOURCES["pagat"].reference


def test_summary_against_potter1930_is_computed_from_data() -> None:
    potter = alsos.load_variant("potter1930")
    assert summary(potter, potter) == "the reference rules"
    tompa = summary(alsos.load_variant("tompa"), potter)
    assert tompa.startswith("2 players") and "kontra up to rekontra" in tompa
    assert "no volat" in tompa
    house = summary(alsos.load_variant("house"), potter)
    assert "adds 111, 120, uhu" in house and "mordkontra" in house
    changed = summary(alsos.load_variant("potter1930", **{"games.trump": 4}), potter)
    assert changed == "other rules: games"


# ------------------------------------------------------------ worked examples


def _counted() -> list[alsos.Ruleset]:
    out = []
    for variant in alsos.shipped_variants():
        rules = alsos.load_variant(variant)
        out += [alsos.load_variant(variant, players=n) for n in rules.player_counts or ()]
        if not rules.player_counts:
            out.append(rules)
    return out


@pytest.mark.parametrize("rules", _counted(), ids=str)
def test_every_shipped_profile_has_a_worked_example(rules: alsos.Ruleset) -> None:
    """The example record replays legally to its settlement, shows a figure announced
    and a kontra (where the rules have them), a ladder climbed with talon draws, a
    contract won and melds declared (where they have a ladder, altiansz "Bidding and
    use of the Talon"), and the rulebook explains it down to the settlement lines."""
    record = worked_example(rules)
    assert record is not None
    assert record.variant == str(rules)
    game = record.replay(rules)  # checks every action and the Result header
    assert game.is_over and game.settlement is not None
    said = [str(a).split()[0] for _, a in record.actions]
    assert ("kontra" in said) == bool(rules.kontra.levels)
    assert "announce" in said or not any(f.enabled for f in rules.figures.values())
    if named_contracts(rules):
        assert said.count("contract") >= 2 and said.count("draw") >= 2
        assert said.count("declare") >= 2
        st = game.settlement
        assert st.declarer is not None and all(e.made for e in st.entries)
    for fmt in ("markdown", "rst"):
        text = render(rules, fmt)
        assert "A worked example" in text
        for line in str(game.settlement).splitlines():
            assert line in text, (fmt, line)
        assert f"In all: seat {min(game.settlement.payments)} " in text
        if named_contracts(rules):
            # The declarer is named with its contract, not when the auction is won.
            assert game.contract is not None and game.contract.name is not None
            title = named_contracts(rules)[game.contract.name].title
            assert f"is the declarer; the contract is {title}," in text


def test_the_example_files_are_record_files() -> None:
    """The contract with the hand viewer: alsos/worked_examples/<id>.alsos in the
    record text format, its Result header agreeing with the replay."""
    for path in sorted(EXAMPLES.glob("*.alsos")):
        record = Record.loads(path.read_text(encoding="utf-8"))
        assert record.result is not None
        record.replay()  # raises RecordError if an action or the result is wrong
        vid = record.variant.split("[")[0]
        assert path.stem == vid or path.stem.startswith(f"{vid}-")


def test_an_example_follows_table_options_or_is_left_out() -> None:
    """A value changed by an option keeps the profile's example with new payments; an
    option that makes the example's play illegal removes it."""
    base = worked_example(alsos.load_variant("potter1930"))
    assert base is not None
    doubled = worked_example(alsos.load_variant("potter1930", **{"games.trump": 4}))
    assert doubled is not None and doubled.actions == base.actions
    assert doubled.result != base.result
    announced = next(str(a).split()[1] for _, a in base.actions if str(a).startswith("announce"))
    off = alsos.load_variant("potter1930", **{f"figures.{announced}.enabled": False})
    assert worked_example(off) is None
    assert "A worked example" not in render(off)
    assert "a complete example hand follows" not in render(off)


# ------------------------------------------------------------ the command line


def test_cli_rules_writes_markdown_and_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from alsos.cli import main

    assert main(["rules", "potter1930"]) == 0
    out = capsys.readouterr().out
    assert "How a hand goes" in out and "data:image" not in out and "<svg" not in out
    assert main(["rules", "potter1930", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {tmp_path / 'potter1930.md'}"
    text = (tmp_path / "potter1930.md").read_text(encoding="utf-8")
    for ref in re.findall(r"\]\((images/[^)]+)\)", text):
        assert (tmp_path / ref).is_file()
    assert main(["rules", "potter1930", "--images", "inline"]) == 0
    assert "data:image/svg+xml;base64," in capsys.readouterr().out
    assert main(["rules", "potter1930", "--images", "files"]) == 2
    assert "--out" in capsys.readouterr().err


def test_cli_variants_summarises_each_profile(capsys: pytest.CaptureFixture[str]) -> None:
    from alsos.cli import main

    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    potter = alsos.load_variant("potter1930")
    for variant in alsos.shipped_variants():
        line = f"    vs potter1930: {summary(alsos.load_variant(variant), potter)}\n"
        assert line in out, variant


def test_the_altiansz_overview_follows_its_ladder() -> None:
    """altiansz, "Bidding and use of the Talon", "Melds", "Scoring", "Klopitzky": the
    overview climbs a ladder of contracts with talon draws, has melds declared by
    every player and no kontra, stops play once decided, lets the fewest card points
    win Klopitzky (explained so at first use), and ends with a session of 18 deals
    (24 with four seated) and the six-contract allowance."""
    for players, deals in ((3, 18), (4, 24)):
        rules = alsos.load_variant("altiansz", players=players)
        keys = _overview_keys(rules)
        assert "overview.front" not in keys and "overview.exchange" not in keys
        assert keys[-1] == "overview.session"
        steps = {c.key: c.text for c in overview(rules)}
        assert "ladder of 12, from Solo up to Volát" in steps["overview.bidding"]
        assert "draws two talon cards" in steps["overview.bidding"]
        assert "indicator" not in steps["overview.deal"]
        assert "no contest" in steps["overview.melds"]
        assert "stops as soon as the contract is certainly won or lost" in steps["overview.play"]
        assert "what every player has seen" in steps["overview.play"]  # altiansz, "Play"
        assert f"{deals} deals" in steps["overview.session"]
        assert "at most 6 contracts" in steps["overview.session"]
        text = render(rules)
        assert "the fewest card points win" in text
        assert "taking the most tricks loses" not in text
        assert "kontra" not in text.lower()
    potter = render(alsos.load_variant("potter1930"))
    assert "Klopitzky* (a game with no declarer in which taking the most tricks loses)" in potter


def test_the_altiansz_early_end_is_told_from_public_facts() -> None:
    """altiansz, "Play": the rulebook says the early end is judged only from what every
    player has seen (the profile's ruling), citing the source's play section."""
    rules = alsos.load_variant("altiansz")
    found = [c for s in rulebook(rules) for c in s.clauses if c.key == "play.decided"]
    assert len(found) == 1
    assert "face up" in found[0].text and "plays on" in found[0].text
    assert found[0].source == 'altiansz, "Play"'


def test_a_comparison_says_where_there_is_no_kontra() -> None:
    """altiansz has no kontra (its "Contracts" are won or lost as a whole): the
    rulebook leaves the section out, a comparison with potter1930 says so."""
    text = compare([alsos.load_variant("altiansz"), alsos.load_variant("potter1930")])
    assert "Nothing is doubled: there is no kontra." in text
    assert "## Kontra" not in render(alsos.load_variant("altiansz"))
