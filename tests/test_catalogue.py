"""The catalogues of alsos's words (issue 33): the template holds every message the code
marks, each language translates every one of them with the same placeholders, and the
compiled ``.mo`` a wheel ships says what its ``.po`` says.

The template and the catalogues are made with Babel (docs/i18n.rst); these tests read
them with Babel too, and the compiled catalogue with the standard library's gettext,
as alsos does at run time.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from alsos.language import LANGUAGES, LOCALE_DIR, language, locale_language
from alsos.pack.cards import Rank, Suit
from alsos.words.rules import CARD_WORDS

babel = pytest.importorskip("babel", reason="the catalogue tools are in the dev extra")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

#: The keywords the messages are marked with (docs/i18n.rst's extract command).
KEYWORDS = {
    "t": None,
    "text": None,
    "parts": None,
    "_line": None,
    "plural": (1, 2),
    "counted": (1, 2),
    "N_": None,
}
_ROOT = Path(__file__).resolve().parent.parent
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: The languages with a catalogue of their own (English is the source text).
TRANSLATED = sorted(
    p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / "alsos.po").is_file()
)


def _marked() -> set[str | tuple[str, ...]]:
    """Every message the code marks, read from the source as ``pybabel extract -F
    alsos/words/locale/babel.cfg`` does."""
    with (LOCALE_DIR / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: set[str | tuple[str, ...]] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(_ROOT),
        method_map=method_map,
        options_map=options_map,
        keywords=KEYWORDS,
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def _catalogue(path: Path) -> dict[str | tuple[str, ...], object]:
    with path.open("rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


def test_the_template_holds_every_message_the_code_marks() -> None:
    template = set(_catalogue(LOCALE_DIR / "alsos.pot"))
    marked = _marked()
    assert marked - template == set(), "messages missing from alsos.pot: run the extract"
    assert template - marked == set(), "alsos.pot holds messages no code uses: extract again"


def test_hungarian_is_a_catalogue_and_a_language() -> None:
    assert "hu" in TRANSLATED and "hu" in LANGUAGES
    assert language("hu").code == "hu"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(code: str) -> None:
    po = LOCALE_DIR / code / "LC_MESSAGES" / "alsos.po"
    with po.open("rb") as f:
        catalogue = read_po(f)
    template = _catalogue(LOCALE_DIR / "alsos.pot")
    ids = {m.id for m in catalogue if m.id}
    assert ids == set(template), f"{po}: update it from alsos.pot"
    for m in catalogue:
        if not m.id:
            continue
        assert not m.fuzzy, f"{code}: {m.id!r} is fuzzy"
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(strings), f"{code}: {m.id!r} is not translated"
        if isinstance(m.id, tuple):  # a plural: every form of the language
            assert len(strings) == catalogue.num_plurals, m.id
        # every placeholder a form fills is one the source gives, and the form for
        # most counts (the last) fills every one the source's last form does (a
        # singular may say "one" where its plural says "{n}")
        given = set().union(*(_PLACEHOLDER.findall(x) for x in sources))
        for s in strings:
            assert set(_PLACEHOLDER.findall(s)) <= given, (code, m.id, s)
        assert set(_PLACEHOLDER.findall(strings[-1])) >= set(_PLACEHOLDER.findall(sources[-1])), (
            code,
            m.id,
            strings[-1],
        )


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_says_what_its_source_says(code: str) -> None:
    """The ``.mo`` shipped in the wheel is the ``.po`` compiled (``pybabel compile``)."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    with (folder / "alsos.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    with (folder / "alsos.po").open("rb") as f:
        source = read_po(f)
    for m in source:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            for n, form in ((1, m.string[0]), (2, m.string[-1])):
                assert compiled.ngettext(m.id[0], m.id[1], n) == form, m.id
        else:
            assert compiled.gettext(m.id) == m.string, f"{code}: {m.id!r}: compile again"


def test_the_card_words_are_every_suit_and_rank_name() -> None:
    assert set(CARD_WORDS) == {s.name_en for s in Suit} | {r.name_en for r in Rank}


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LC_ALL": "hu_HU.UTF-8", "LANG": "en_GB.UTF-8"}, "hu"),
        ({"LC_ALL": "C", "LANG": "hu_HU.UTF-8"}, "en"),
        ({"LANGUAGE": "de:hu", "LANG": "de_DE.UTF-8"}, "hu"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_variables_choose_a_language(environ: dict[str, str], code: str) -> None:
    assert locale_language(environ) == code
