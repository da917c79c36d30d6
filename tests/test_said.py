"""A sentence written when it is read (:class:`alsos.language.Said`), a language's
decimal mark, and a plugin's own catalogue falling back on alsos's (issue 33)."""

from __future__ import annotations

import gettext
import pickle
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from alsos.language import N_, Said, language, said_in


def test_a_said_sentence_is_its_english_text() -> None:
    said = Said(N_("a name is at most {most} characters, not {n}"), most=24, n=30)
    assert said == "a name is at most 24 characters, not 30" and isinstance(said, str)
    assert str(ValueError(said)) == said  # an error carrying it reads as before
    assert said_in(ValueError(said), language("hu")) == "a név legfeljebb 24 karakter lehet, ez 30"
    assert said_in("plain text", language("hu")) == "plain text"  # not a Said: as it is


def test_a_said_sentence_nests_counts_and_crosses_processes() -> None:
    seats = Said(N_("{items} and {last}"), items=Said(N_("seat {seat}"), seat=0), last="x")
    assert seats == "seat 0 and x"
    assert seats.written(language("hu")) == "0. játékos és x"
    one, two = (
        Said.counted("{n} trick", "{n} tricks", 1),
        Said.counted("{n} trick", "{n} tricks", 2),
    )
    assert (one, two) == ("1 trick", "2 tricks")
    back = pickle.loads(pickle.dumps(two))  # to and from a worker process
    assert back == two and back.written(language("qps")).startswith("⟦")
    assert back.written(language("hu")) == two.written(language("hu"))


def test_numbers_take_the_language_decimal_mark() -> None:
    assert language("en").number(0.25, "+.2f") == "+0.25"
    assert language("hu").number(0.25, "+.2f") == "+0,25"
    assert language("hu").number(3, "d") == "3"  # no decimals: nothing to change


def test_a_plugin_catalogue_falls_back_on_alsos_words(tmp_path: Path) -> None:
    """``Language.within``: a plugin's catalogue gives its own words, and for a message
    it does not have, alsos's catalogue is asked before the English is kept."""
    catalog = Catalog(locale="hu", domain="plugin")
    catalog.add("Five tricks", "Öt ütés")
    folder = tmp_path / "hu" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "plugin.mo").open("wb") as f:
        write_mo(f, catalog)
    hu = language("hu").within("plugin", tmp_path)
    assert hu.text("Five tricks") == "Öt ütés"
    assert hu.text("Figures") == "Figurák"  # alsos's own
    assert hu.text("never translated") == "never translated"
    assert language("en").within("plugin", tmp_path).text("Five tricks") == "Five tricks"
    missing = language("hu").within("nothing-here", tmp_path)
    assert missing.text("Figures") == "Figurák"
    assert isinstance(missing.translations, gettext.NullTranslations)


def test_a_language_code_is_never_a_path() -> None:
    """``language()`` knows only the codes of LANGUAGES: an alias, a path or a huge
    value is refused (briefly quoted), never looked up on the disk or kept."""
    from alsos.language import LanguageError

    for asked in ("./hu", "hu/.", "hu/../hu", "a" * 300, "./" * 3000 + "hu", "HU"):
        with pytest.raises(LanguageError) as refused:
            language(asked)
        assert len(str(refused.value)) < 200
    assert language("hu") is language("hu")


class _Unreadable:
    """A hook whose signature cannot be read, as a compiled function's (mypyc)."""

    def __init__(self, takes_lang: bool) -> None:
        self.takes_lang = takes_lang

    @property
    def __signature__(self) -> None:
        raise ValueError("no signature found")

    def __call__(self, rules: object, **kw: object) -> str:
        if kw and not self.takes_lang:
            raise TypeError("unexpected keyword argument 'lang'")
        lang = kw.get("lang")
        return "with lang" if lang is not None else "without"


def test_a_hook_without_a_readable_signature_is_asked_in_the_language() -> None:
    """The compiled build's rule modules have no signature to read: ``described`` asks
    them with the language, and without it only if they refuse one."""
    from alsos.hand.hooks import described

    class Owner:
        def __init__(self, takes: bool) -> None:
            self.describe = _Unreadable(takes)

    assert described(Owner(True), language("hu"), None) == "with lang"
    assert described(Owner(False), language("hu"), None) == "without"
