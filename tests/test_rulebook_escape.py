"""A profile's own words reach every rulebook format as text, never as markup.

A profile is a user's file, so its name, figure titles, kontra words, group
names and source notes are free text.  Each output -- Markdown, reStructuredText,
the comparison, the files ``--out`` writes and the Sphinx directives' HTML --
must show them as written and let none of them open an element, a link, a
directive or a block (issue 18 item 29).
"""

from __future__ import annotations

import pickle
import re
from html.parser import HTMLParser
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from alsos import load_variant
from alsos.cli import main
from alsos.hand.chosen import named_contracts
from alsos.rulebook import compare, render, write
from alsos.ruleset.profile import Ruleset

docutils_core = pytest.importorskip("docutils.core")
from docutils import nodes  # noqa: E402

#: The attacks, one per field of the profile that reaches the text.
NAME = (
    "<script>alert(1)</script> *n* _n_ `n` | [l](javascript:alert(1))"
    "\n.. raw:: html\n\n   <b>x</b>\n# h"
)
TITLE = "<img src=x onerror=alert(2)>\n.. raw:: html\n\n   <script>alert(3)</script>"
TITLE2 = "- item | pipe | `tick` *star* _u_ {kontra} javascript:alert(4)"
GROUP = "<i>g</i>\n.. raw:: html\n\n   <script>alert(5)</script>"
LEVEL = "<script>alert(6)</script>"
LEVEL2 = "re\n.. raw:: html\n\n   <script>alert(7)</script>::"
RULING = "alsos ruling (<img src=x onerror=alert`8`> [l]: javascript:alert `c` | p)"
SOURCE = "pagat, <script>alert(10)</script>\n\n.. raw:: html\n\n   <b>hi</b>"
CONTRACT = "1. <script>alert(11)</script>\n\n.. raw:: html"

PROFILE = f"""\
extends: potter1930
id: hostile
name: {NAME!r}
sources:
  rulings: {RULING!r}
  figures: {SOURCE!r}
figures:
  abszolut: {{title: {TITLE!r}}}
  volat: {{title: {TITLE2!r}, group: {GROUP!r}}}
  ultimo: {{group: {GROUP!r}}}
kontra:
  levels: [kontra, {LEVEL!r}, {LEVEL2!r}]
""".replace("'", '"')


def _fold(text: str) -> str:
    """``text`` as it should read: each run of line breaks and control characters
    one space, no space at either end."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+", " ", text).strip()


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The hostile profile, read through the real loader from a YAML file."""
    path = tmp_path_factory.mktemp("profile") / "hostile.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    rules = load_variant(path)
    assert rules.name == NAME and rules.figures["abszolut"].title == TITLE  # what YAML gave
    return rules


def _ladder(rules: Ruleset) -> Ruleset:
    """altiansz with a hostile contract title (ladder contracts are described by
    the ladder module, outside the rulebook package)."""
    contracts = dict(named_contracts(rules))
    first = next(iter(contracts))
    contracts[first] = attrs.evolve(contracts[first], title=CONTRACT)
    params = attrs.evolve(rules.bidding.params, contracts=contracts)
    return attrs.evolve(rules, bidding=attrs.evolve(rules.bidding, params=params))


# ------------------------------------------------------------------ Markdown


class _Html(HTMLParser):
    """The elements, attributes and text of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _markdown_html(text: str) -> _Html:
    markdown_it = pytest.importorskip("markdown_it")
    html = markdown_it.MarkdownIt("commonmark").enable("table").render(text)
    parser = _Html()
    parser.feed(html)
    return parser


#: What a Markdown rulebook (without pictures) may contain once rendered.
_MD_TAGS = {"h1", "h2", "p", "ul", "ol", "li", "em", "strong", "code", "pre"}
_MD_TAGS |= {"table", "thead", "tbody", "tr", "th", "td"}


def _assert_markdown_is_text(text: str) -> _Html:
    assert "<" not in text  # no HTML at all: profile text has its < as &lt;
    assert not [line for line in text.splitlines() if line.startswith(("..", "   <"))]
    page = _markdown_html(text)
    for tag, attributes in page.tags:
        if tag == "img":  # a card picture written beside the text (--out)
            assert dict(attributes)["src"].startswith("images/"), attributes  # type: ignore[union-attr]
            continue
        assert tag in _MD_TAGS, tag
        assert all(k in ("start", "class", "style") for k, _ in attributes), (tag, attributes)
    return page


def test_markdown_rulebook_shows_the_profile_text_as_text(hostile: Ruleset) -> None:
    text = render(hostile, "markdown")
    page = _assert_markdown_is_text(text)
    seen = "".join(page.text)
    for attack in (NAME, TITLE, TITLE2, LEVEL, LEVEL2, SOURCE):
        assert _fold(attack) in seen, attack
    assert "<img src=x onerror=alert`8`> [l]: javascript:alert `c` | p" in seen  # a ruling
    assert text.splitlines()[0].startswith("# &lt;script&gt;")  # one heading line


def test_markdown_ladder_contract_titles_are_escaped() -> None:
    text = render(_ladder(load_variant("altiansz")), "markdown")
    page = _assert_markdown_is_text(text)
    assert _fold(CONTRACT) in "".join(page.text)


def test_markdown_comparison_escapes_names_titles_and_keys(hostile: Ruleset) -> None:
    text = compare([hostile, load_variant("potter1930")], "markdown")
    page = _assert_markdown_is_text(text)
    assert "figures.group." + _fold(GROUP) in "".join(page.text)  # a group name in a key
    # every row of a table has as many cells as its header: no stray pipes
    for table in re.findall(r"(?:^\|.*\n)+", text, flags=re.M):
        rows = table.splitlines()
        widths = {len(re.split(r"(?<!\\)\|", r)) for r in rows}
        assert len(widths) == 1, rows


def test_markdown_code_block_cannot_be_closed_by_profile_text() -> None:
    """The settlement is a code block naming the kontra words said (the example
    hand has a second-level one); a word with a fence in it stays inside."""
    rules = load_variant("potter1930")
    word = "x\n```\n<script>alert(1)</script>\n```"
    rules = attrs.evolve(rules, kontra=attrs.evolve(rules.kontra, levels=("kontra", word)))
    text = render(rules, "markdown")
    page = _assert_markdown_is_text(text)
    assert [t for t, _ in page.tags].count("pre") == 1


# ------------------------------------------------------------------ reStructuredText

#: What a reST rulebook (without pictures) may hold once docutils parsed it.
_RST_NODES = (
    nodes.document, nodes.section, nodes.title, nodes.paragraph, nodes.Text,
    nodes.bullet_list, nodes.enumerated_list, nodes.list_item, nodes.emphasis,
    nodes.strong, nodes.literal, nodes.literal_block, nodes.table, nodes.tgroup,
    nodes.colspec, nodes.thead, nodes.tbody, nodes.row, nodes.entry, nodes.inline,
)  # fmt: skip


def _doctree(text: str) -> nodes.document:
    doc = docutils_core.publish_doctree(
        text, settings_overrides={"report_level": 5, "halt_level": 5, "syntax_highlight": "none"}
    )
    problems = [m.astext() for m in doc.findall(nodes.system_message) if m["level"] >= 2]
    assert not problems, problems
    return doc


def _assert_rst_is_text(text: str) -> nodes.document:
    doc = _doctree(text)
    for node in doc.findall():
        if isinstance(node, nodes.comment) and not node.astext():
            continue  # an empty table cell is written ``..``
        assert isinstance(node, _RST_NODES), (type(node).__name__, node.astext()[:80])
    return doc


def test_rst_rulebook_shows_the_profile_text_as_text(hostile: Ruleset) -> None:
    doc = _assert_rst_is_text(render(hostile, "rst", images="none"))
    title = next(iter(doc.findall(nodes.title)))
    assert title.astext() == _fold(NAME)
    seen = doc.astext()
    for attack in (TITLE, TITLE2, LEVEL, LEVEL2, SOURCE):
        assert _fold(attack) in seen, attack
    cells = {e.astext() for e in doc.findall(nodes.entry)}
    assert _fold(TITLE) in cells and _fold(TITLE2) in cells


def test_rst_pictures_are_the_only_raw_html(hostile: Ruleset) -> None:
    doc = _doctree(render(hostile, "rst"))  # inline pictures: raw SVG
    raw = list(doc.findall(nodes.raw))
    assert raw and all(r.astext().startswith("<svg") for r in raw)
    assert not any("alert" in r.astext() for r in raw)


def test_rst_ladder_contract_titles_and_comparison_are_escaped(hostile: Ruleset) -> None:
    doc = _assert_rst_is_text(render(_ladder(load_variant("altiansz")), "rst", images="none"))
    assert _fold(CONTRACT) in {e.astext() for e in doc.findall(nodes.entry)}
    doc = _assert_rst_is_text(compare([hostile, load_variant("potter1930")], "rst"))
    assert _fold(TITLE) in doc.astext() and _fold(LEVEL2) in doc.astext()


# ------------------------------------------------------------------ files


@pytest.mark.parametrize(
    "origin",
    ["../../../etc/x", "/abs/../../x.yaml", "..", ".hidden", "a" * 400, "é" * 200, "<x>|y"],
)
def test_written_files_stay_in_the_folder(tmp_path: Path, origin: str) -> None:
    rules = attrs.evolve(load_variant("potter1930"), origin=origin)
    folder = tmp_path / "out"
    path = write(rules, folder, "markdown", images="none")
    assert path.parent == folder and path.is_file()
    assert not path.name.startswith(".") and len(path.name.encode()) <= 255


def test_long_names_stay_apart() -> None:
    from alsos.rulebook.writer import file_stem

    assert file_stem("a" * 300 + "1") != file_stem("a" * 300 + "2")
    assert file_stem("potter1930") == "potter1930"
    assert file_stem("house[players=3]") == "house-players-3"


def test_cli_out_with_a_hostile_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / ("d" * 200) / ("e" * 50)
    deep.mkdir(parents=True)
    profile = deep / ("p" * 200 + ".yaml")
    profile.write_text(PROFILE, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["rules", str(profile), "--out", str(out)]) == 0
    (written,) = out.glob("*.md")
    _assert_markdown_is_text(written.read_text(encoding="utf-8"))
    capsys.readouterr()


# ------------------------------------------------------------------ Sphinx


def test_sphinx_directives_render_the_profile_text_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A page with the rulebook and comparison of the hostile profile builds with
    ``-W -n``; its HTML holds no element or attribute the profile wrote, and the
    only raw nodes are the card pictures."""
    pytest.importorskip("sphinx")
    from sphinx.cmd.build import build_main

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["alsos.sphinxext"]\n', encoding="utf-8")
    (src / "hostile.yaml").write_text(PROFILE, encoding="utf-8")
    (src / "index.rst").write_text(
        "Page\n====\n\n.. alsos-rulebook:: hostile.yaml\n\n"
        ".. alsos-compare:: hostile.yaml potter1930\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    assert build_main(["-W", "-n", "-q", "-E", "-b", "html", str(src), str(out)]) == 0, (
        capsys.readouterr().err
    )
    html = (out / "index.html").read_text(encoding="utf-8")
    page = _Html()
    page.feed(html)
    for tag, attributes in page.tags:
        assert tag not in ("img", "iframe", "object", "b", "i"), tag
        for key, value in attributes:
            assert not key.startswith("on"), (tag, key)
            if key in ("href", "src"):
                assert not (value or "").lower().startswith(("javascript", "data")), value
    assert not re.search(r"<script[^>]*>[^<]*alert", html)
    assert _fold(NAME) in "".join(page.text)
    with (out / ".doctrees" / "index.doctree").open("rb") as f:
        doc = pickle.load(f)
    raw = list(doc.findall(nodes.raw))
    assert raw and all(r.astext().startswith("<svg") and "alert" not in r.astext() for r in raw)


# ------------------------------------------------------------------ properties

_MARKUP = "<>&*_`|[](){}#!\\:.-+=~ \n\t\r\x0b\x0c\x1c\x85\u2028\u00a0é中\u0301"
_texts = st.text(alphabet=st.sampled_from(_MARKUP) | st.characters(), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_texts)
def test_escaped_markdown_is_the_text_in_every_place(text: str) -> None:
    """As a heading, a list item, mid-paragraph and a table cell, the escaped
    string renders to exactly the folded string, in no element of its own."""
    from alsos.rulebook.escape import escape_markdown

    want = _fold(text).replace("\x00", "\ufffd")
    if not want:
        return
    esc = escape_markdown(text)
    for doc, tags in (
        (f"# {esc}", ["h1"]),
        (f"- {esc}", ["ul", "li"]),
        (f"a {esc} b", ["p"]),
        (f"| h |\n|---|\n| {esc} |", ["table", "thead", "tr", "th", "tbody", "tr", "td"]),
    ):
        page = _markdown_html(doc)
        assert [t for t, _ in page.tags] == tags, (doc, page.tags)
        got = "".join(page.text).strip()
        expected = {"a": f"a {want} b", "|": f"h\n{want}"}.get(doc[0], want)
        assert re.sub(r"\s+", " ", got) == re.sub(r"\s+", " ", expected), doc


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_texts)
@example("0@00")  # a bare e-mail address: docutils makes a mailto link of it
@example("javascript:alert(1)")
def test_escaped_rst_is_the_text_in_every_place(text: str) -> None:
    """As a title, a list item, mid-paragraph and a list-table cell, docutils
    reads the escaped string as exactly the folded string, with no markup."""
    want = _fold(text)
    if not want:
        return
    from alsos.rulebook.escape import escape_rst, text_width

    esc = escape_rst(text)
    title = f"{esc}\n{'=' * max(len(esc), text_width(esc))}\n\nbody\n"
    cell = f".. list-table::\n\n   * - {esc}\n"
    for doc in (title, f"- {esc}\n", f"a {esc} b\n", cell):
        tree = _assert_rst_is_text(doc)
        leaves = [n for n in tree.findall(nodes.Text)]
        got = "".join(n.astext() for n in leaves)
        expected = {"a": f"a {want} b", "-": want}.get(doc[0], want)
        if doc is title:
            expected = want + "body"
        assert got == expected, (doc, got)


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=_texts, title=_texts)
def test_random_name_and_title_stay_text_in_both_formats(name: str, title: str) -> None:
    """The whole rulebook of potter1930 with a random name and figure title."""
    base = load_variant("potter1930")
    figures = dict(base.figures)
    figures["abszolut"] = attrs.evolve(figures["abszolut"], title=title)
    rules = attrs.evolve(base, name=name, figures=figures)
    page = _assert_markdown_is_text(render(rules, "markdown"))
    cells = "\n".join(page.text)
    if _fold(title):
        assert _fold(title).replace("\x00", "\ufffd") in cells
    doc = _assert_rst_is_text(render(rules, "rst", images="none"))
    if _fold(title):
        assert _fold(title) in {e.astext() for e in doc.findall(nodes.entry)}
    if _fold(name):
        assert next(iter(doc.findall(nodes.title))).astext() == _fold(name)


def test_shown_rules_play_as_the_profile_does(hostile: Ruleset) -> None:
    """The escaped copy only changes words: the worked example still replays."""
    from alsos.rulebook import worked_example
    from alsos.rulebook.escape import shown
    from alsos.rulebook.worked import explain

    record = worked_example(hostile)
    assert record is not None
    assert explain(shown(hostile, "rst"), record)


def test_sources_page_escapes_the_profiles_citations(hostile: Ruleset) -> None:
    """The Sources page (``alsos-sources``) quotes each profile's citations."""
    from alsos.rulebook import sources_text

    _assert_markdown_is_text(sources_text("markdown", [hostile]))
    doc = _assert_rst_is_text(sources_text("rst", [hostile]))
    assert _fold(SOURCE) in doc.astext()


def test_table_options_are_escaped_where_cited() -> None:
    """A table option's value is quoted in the citations and the profile line."""
    rules = load_variant("potter1930", **{"figures.abszolut.title": "<b>x</b>\n.. raw:: html"})
    _assert_markdown_is_text(render(rules, "markdown"))
    _assert_rst_is_text(render(rules, "rst", images="none"))
