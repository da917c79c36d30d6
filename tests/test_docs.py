"""The documentation: the ``alsos rules`` command, the Sphinx extension and the site.

The rulebook pages of the site are generated when it is built, so these
tests build it (with warnings as errors, as CI does) and look for rulebook
text in the result.  The extension's directives are also tried one by one on
small throwaway projects, including the ways they should fail.  The Sphinx
tests are skipped when Sphinx is not installed (``pip install -e '.[docs]'``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import alsos
from alsos.cli import main
from alsos.rulebook import GLOSSARY

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# ------------------------------------------------------------------ alsos rules


def test_rules_prints_the_rulebook_as_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "potter1930"]) == 0
    out = capsys.readouterr().out
    rules = alsos.load_variant("potter1930")
    assert out.startswith(f"# {rules.name}\n")
    assert "## Kontra" in out and "kontra" in out.lower()


def test_rules_prints_rst_with_a_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "tompa", "--format", "rst"]) == 0
    lines = capsys.readouterr().out.splitlines()
    name = alsos.load_variant("tompa").name
    assert lines[0] == name and lines[1] == "=" * len(name)


def test_rules_players_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "csibor", "--players", "2"]) == 0
    two = capsys.readouterr().out
    assert main(["rules", "csibor", "--players", "4"]) == 0
    four = capsys.readouterr().out
    assert "for 2 players" in two and "for 4 players" in four


def test_rules_compare_prints_only_differences(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "potter1930", "--compare", "house"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Differences between potter1930, house")
    assert "mordkontra" in out  # house adds the fifth kontra level
    assert "## Players and cards" not in out  # the same in both, so left out
    assert main(["rules", "potter1930", "--compare", "potter1930"]) == 0
    assert "agree on every rule" in capsys.readouterr().out


def test_rules_compare_several_and_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["rules", "csibor", "--players", "2", "--compare", "csibor[players=4]", "club"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "csibor[players=2]" in out and "csibor[players=4]" in out and "club" in out


def test_rules_reads_a_profile_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = DOCS / "examples" / "my-table.yaml"
    assert main(["rules", str(path), "--compare", "potter1930"]) == 0
    out = capsys.readouterr().out
    assert "figures.ultimo" in out and "figures.volat" in out


def test_rules_reports_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "no-such-variant"]) == 1
    err = capsys.readouterr().err
    assert "no-such-variant" in err and "potter1930" in err  # lists the shipped ids
    assert main(["rules", "potter1930", "--compare", "nope"]) == 1
    assert "'nope'" in capsys.readouterr().err


def test_rules_rejects_an_unknown_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "potter1930", "--format", "html"]) == 2
    assert "invalid choice" in capsys.readouterr().err


# ------------------------------------------------------------------- the pages


def test_every_shipped_variant_has_a_page() -> None:
    """A new profile needs a page in docs/variants/; the page holds no copied text."""
    pages = {p.stem for p in (DOCS / "variants").glob("*.rst")} - {"index"}
    assert pages == set(alsos.shipped_variants())
    for vid in pages:
        text = (DOCS / "variants" / f"{vid}.rst").read_text(encoding="utf-8")
        assert f".. alsos-rulebook:: {vid}" in text
        assert len(text.splitlines()) < 40  # a title and directives, not a rulebook


def test_no_page_takes_a_name_the_html_builder_writes_itself() -> None:
    """Sphinx's HTML builder writes ``search.html`` and ``genindex.html`` (and
    ``py-modindex.html``) over any page of that name, so such a page would be
    built and then lost, with every link to it dangling (docs/search.rst was, until
    it became docs/searching.rst)."""
    taken = {"search", "genindex", "py-modindex"}
    pages = {p.relative_to(DOCS).with_suffix("").as_posix() for p in DOCS.rglob("*.rst")}
    assert pages and not pages & taken


def test_compare_page_covers_every_shipped_variant() -> None:
    text = (DOCS / "compare.rst").read_text(encoding="utf-8")
    match = re.search(r"^\.\. alsos-compare:: (.+)$", text, re.MULTILINE)
    assert match is not None
    assert sorted(match.group(1).split()) == alsos.shipped_variants()


def test_notation_is_restructured_text() -> None:
    assert (DOCS / "notation.rst").is_file()
    assert not (DOCS / "notation.md").exists()


# ------------------------------------------------------------ building with Sphinx


def _build(src: Path, out: Path, builder: str = "html") -> int:
    """Build ``src`` with warnings as errors and nitpicky references; its exit status.

    In a child process that imports the checkout's source (``PYTHONPATH``):
    the docs describe the ``.py`` files, whose ``#:`` comments document module
    data, and an installed compiled build has no source for autodoc to read.
    Sphinx's messages are passed on to this process's standard error.
    """
    pytest.importorskip("sphinx")
    cmd = [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-E", "-b", builder]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [*cmd, str(src), str(out)], capture_output=True, text=True, env=env, timeout=600
    )
    sys.stderr.write(done.stdout + done.stderr)
    return done.returncode


def _text(html_file: Path) -> str:
    """The visible text of a built page, tags removed."""
    html = html_file.read_text(encoding="utf-8")
    body = re.sub(r"<svg.*?</svg>", " ", html, flags=re.DOTALL)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


@pytest.mark.slow
def test_the_site_builds_without_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "html"
    assert _build(DOCS, out) == 0, capsys.readouterr().err

    # The notation page lists every figure id of every shipped profile (generated).
    notation = _text(out / "notation.html")
    for vid in alsos.shipped_variants():
        base = alsos.load_variant(vid)
        for n in base.player_counts or (base.players,):
            for name in alsos.load_variant(vid, players=n).figures:
                assert f"announce {name}" in notation, (vid, name)

    potter = _text(out / "variants" / "potter1930.html")
    rules = alsos.load_variant("potter1930")
    assert rules.name in potter
    assert "kontra" in potter and "rekontra" in potter
    assert "Players and cards" in potter and "Settlement and scoring" in potter

    csibor = _text(out / "variants" / "csibor.html")
    for n in (2, 3, 4):
        assert f"csibor[players={n}]" in csibor
        assert f"for {n} players" in csibor

    compare = _text(out / "compare.html")
    for vid in alsos.shipped_variants():
        assert vid in compare

    glossary = _text(out / "glossary.html")
    for term in GLOSSARY:
        assert term in glossary

    api = (out / "api.html").read_text(encoding="utf-8")
    for name in (
        "alsos.Game",
        "alsos.load_variant",
        "alsos.pack.svg.card_svg",
        "alsos.rulebook.render",
    ):
        assert f'id="{name}"' in api


@pytest.mark.slow
def test_the_examples_in_the_docs_pass(tmp_path: Path) -> None:
    """The doctest builder runs every ``>>>`` example of the site.

    It runs in a child process: the tutorial registers a figure kind, which
    must not leak into the rule registry of the other tests.
    """
    pytest.importorskip("sphinx")
    cmd = [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-E", "-b", "doctest"]
    done = subprocess.run(
        [*cmd, str(DOCS), str(tmp_path / "doctest")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _project(tmp_path: Path, body: str) -> Path:
    """A throwaway Sphinx project using only the alsos extension."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["alsos.sphinxext"]\n', encoding="utf-8")
    (src / "index.rst").write_text(body, encoding="utf-8")
    return src


def test_rulebook_directive_from_a_path_without_its_title(tmp_path: Path) -> None:
    src = _project(
        tmp_path,
        "Our table\n=========\n\n.. alsos-rulebook:: rules/mine.yaml\n   :no-title:\n",
    )
    (src / "rules").mkdir()
    (src / "rules" / "mine.yaml").write_text(
        "extends: potter1930\nid: mine\nname: Our own rules\n", encoding="utf-8"
    )
    out = tmp_path / "out"
    assert _build(src, out) == 0
    page = _text(out / "index.html")
    assert "Our table" in page and "Players and cards" in page
    assert "Our own rules" not in page  # :no-title: left the rulebook's title out
    assert "rules/mine.yaml" in page and str(tmp_path) not in page  # named as on the page


def test_rulebook_directive_keeps_its_title_by_default(tmp_path: Path) -> None:
    src = _project(tmp_path, ".. alsos-rulebook:: tompa\n")
    out = tmp_path / "out"
    assert _build(src, out) == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    name = alsos.load_variant("tompa").name
    assert re.search(rf"<h1>{re.escape(name)}", html)  # the rulebook's title heads the page
    assert "<h2>Players and cards" in html


def test_compare_glossary_and_cards_directives(tmp_path: Path) -> None:
    src = _project(
        tmp_path,
        "Page\n====\n\nSee :term:`kontra`.\n\n.. alsos-cards:: MA P10\n   :width: 30\n\n"
        ".. alsos-glossary::\n\n.. alsos-compare:: potter1930 house\n",
    )
    out = tmp_path / "out"
    assert _build(src, out) == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="#term-kontra"' in html  # glossary entries are Sphinx terms
    assert 'class="alsos-cards"><svg' in html and 'aria-label="MA P10"' in html
    assert "Differences between potter1930, house" in html
    assert "alsos-compare" in html  # the tables carry a class for stylesheets


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (".. alsos-rulebook:: no-such-variant\n", "no such variant"),
        (".. alsos-rulebook:: missing.yaml\n", "no profile file"),
        (".. alsos-compare:: potter1930 nope\n", "cannot load 'nope'"),
        (".. alsos-cards:: MA X9\n", "X9"),
        ("* item\n\n  .. alsos-rulebook:: potter1930\n", "section's body"),
    ],
)
def test_directive_errors_fail_the_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    src = _project(tmp_path, "Page\n====\n\n" + body)
    assert _build(src, tmp_path / "out") != 0
    assert message in capsys.readouterr().err


def test_the_notation_page_lists_every_phase_and_the_turn_protocol() -> None:
    text = (DOCS / "notation.rst").read_text(encoding="utf-8")
    for phase in alsos.Phase:
        assert f"``{phase.name}``" in text and f"``{phase.value}``" in text, phase
    for words in ("``pass`` ends the turn", "the card it plays ends its turn", "A round closes"):
        assert words in text
