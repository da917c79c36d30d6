"""The hand viewer in another language: every word a person reads on its page goes
through the page's :class:`~alsos.language.Language`.

The pseudo-language ``qps`` brackets every message it looks up (``⟦…⟧``), so a page
drawn in it shows any text that escaped the language unbracketed: the tests read
every text and every attribute a person (or a screen reader) reads, and allow outside
the brackets only what is no language's -- the record's notation (cards ``MA``,
actions as typed), players' names and comments, numbers, the profile's own names.
Then the Hungarian page is read for a few exact words, its decimal commas, and in
Chromium for what its copy button says (its script's words come from Python).
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest
from pseudo import unmarked
from test_viewer_browser import DESKTOP, _open, browser  # noqa: F401 (a fixture)
from viewer_helpers import Node, first_hand, parse, played

import alsos
from alsos.analysis import Analysis, analyze
from alsos.language import Language, language
from alsos.records.record import Record
from alsos.viewer import fragment, page
from alsos.viewer_marks import number
from alsos.viewer_style import script
from alsos.words.settlement import explain_settlement

if TYPE_CHECKING:
    from playwright.sync_api import Browser

QPS = language("qps")
HU = language("hu")
#: What a person reads in an element's attributes.
READ = ("aria-label", "title", "alt", "data-title")
#: A card in the notation (``MA``, ``P10``) and a rank's index on a card's picture.
NOTATION = re.compile(r"\b[MPTZ](?:A|K|O|U|10|9|8|7)\b|\b(?:A|K|O|U)\b")
LETTER = re.compile(r"[^\W\d_]")


def _game(record: Record) -> alsos.Game:
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    for seat, action in record.actions:
        game.apply(action, seat=seat)
    return game


def _allowed(records: Iterable[Record]) -> list[str]:
    """What may stand outside the brackets: the notation of the actions, names and
    comments, the profile's own names, and what the words layer itself leaves in
    English in qps (its own tests' business, not the viewer's): longest first."""
    out = {"alsos"}
    for record in records:
        game = _game(record)
        out.update(str(action) for _seat, action in record.actions)
        out.update(name for name in record.seats if name)
        out.update(text for _i, text in record.comments)
        rules = game.rules
        out.update((rules.name, record.variant, record.version, *rules.kontra.levels))
        out.update(rules.figures)  # the profile's figures by their ids, as it names them
        if game.settlement is not None:
            out.update(game.settlement.notes)  # the scoring module's own words
            for line in explain_settlement(game.settlement, game, lang=QPS):
                if "⟦" not in line:
                    out.add(line.strip())
    return sorted(out, key=len, reverse=True)


def _runs(node: Node, depth: list[int]) -> Iterator[tuple[str, int]]:
    """The page's text in document order, each piece with the bracket depth it starts
    at (a message may hold markup: a link, a card's picture), leaving out the style,
    the script and the record's own text."""
    if node.tag in ("style", "script") or "av-record" in node.classes():
        return
    for part in node.content:
        if isinstance(part, Node):
            yield from _runs(part, depth)
        else:
            yield part, depth[0]
            depth[0] += part.count("⟦") - part.count("⟧")


def _escaped(html: str, records: Iterable[Record]) -> list[str]:
    """Every piece of text a person reads on ``html`` (drawn in qps) that has letters
    outside the brackets, once what is allowed there is taken out."""
    allowed = _allowed(records)
    root = parse(html)

    def bare(text: str) -> str:
        for word in allowed:
            text = text.replace(word, " ")
        return NOTATION.sub(" ", text)

    found = []
    for text, depth in _runs(root, [0]):
        rest = bare(unmarked(text, depth))
        if LETTER.search(rest):
            found.append(text)
    for node in root.walk():
        for name in READ:
            value = node.attrs.get(name)
            if value and LETTER.search(bare(unmarked(value))):
                found.append(f"{name}={value!r}")
    return found


@pytest.fixture(scope="module")
def potter() -> Record:
    return played("potter1930", 3)


@pytest.fixture(scope="module")
def judged(potter: Record) -> Analysis:
    return analyze(potter, worlds=2, seed=1)


def test_a_qps_page_holds_no_word_that_escaped_the_language(
    potter: Record, judged: Analysis
) -> None:
    """A whole page (every seat's cards, the settlement, the analysis with its decimal
    values, the list of steps) leaves no English outside the pseudo-language's marks."""
    html = page(potter, analysis=judged, lang="qps")
    assert _escaped(html, [potter]) == []
    assert html.startswith('<!DOCTYPE html>\n<html lang="qps">')


def test_a_seat_page_and_its_own_analysis_are_in_the_language(potter: Record) -> None:
    """A page for one seat (face-down cards, other seats' hidden actions, the values from
    its view only) is as wholly in the language."""
    judged = analyze(potter, seat=1, worlds=2, seed=1)
    html = page(potter, seat=1, analysis=judged, lang="qps")
    assert _escaped(html, [potter]) == []
    assert "⟦á fácé-dówn cárd⟧" in html


def _says(word: str) -> Callable[[Record], bool]:
    """A hand in which some action starts with ``word`` (``show``, ``kontra``)."""
    return lambda record: any(str(a).startswith(word) for _s, a in record.actions)


@pytest.mark.parametrize(
    ("variant", "what", "good"),
    [
        ("csibor", "meld validation", _says("show")),
        ("house", "a kontra", _says("kontra")),
        ("two-player", "a síber", _says("siber")),
        ("altiansz", "a ladder contract", _says("")),
    ],
)
def test_hands_of_every_kind_are_drawn_in_the_language(
    variant: str, what: str, good: Callable[[Record], bool]
) -> None:
    """Meld validation (what a seat showed), figures and kontras at stake and in the
    settlement's table, a síber's hidden discards on a seat's page, a ladder contract:
    each drawn for every card and for two seats."""
    record = first_hand(variant, good, what)
    for seat in (None, 0, 1):
        html = fragment(record, seat=seat, lang="qps")
        assert _escaped(html, [record]) == [], (variant, seat)


def test_several_hands_and_an_unfinished_one(potter: Record) -> None:
    """A page of several hands (their headings, the title's count) and a hand that
    stopped (its step names the seat to act and the phase)."""
    named = attrs.evolve(potter, seats=("Anna", "Béla", "Cili"), comments=((2, "nice one"),))
    unfinished = attrs.evolve(potter, actions=potter.actions[:7], result=None)
    html = page([named, unfinished], lang="qps")
    assert _escaped(html, [named, unfinished]) == []
    assert "Anna" in html and "nice one" in html


def test_the_scripts_words_are_the_languages(potter: Record) -> None:
    """What the link button says once it has copied the address comes from the
    language: the script holds no English words in qps."""
    js = script(QPS)
    assert "Copied" not in js and "Copy the address" not in js
    assert "'⟦Cópíéd: '+location.href+'⟧'" in js
    assert script(QPS) in page(potter, lang="qps")


def test_the_scripts_words_are_safe_string_literals() -> None:
    """A translation with quotes, a backslash or ``</script>`` cannot end the script's
    string (or the script): each is escaped in the literal."""

    class Odd(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "it's \\ </script> {address} done"

    js = script(Language("xx", Odd()))
    assert "'it\\'s \\\\ \\u003c/script> '+location.href+' done'" in js
    assert "</script" not in js


def test_the_hungarian_page(potter: Record, judged: Analysis) -> None:
    """The Hungarian page: its language, a few of its exact words, the cards' names,
    and the analysis's decimals written with a comma."""
    html = page(potter, analysis=judged, lang="hu")
    assert html.startswith('<!DOCTYPE html>\n<html lang="hu">')
    for words in (
        "<title>Egy alsós leosztás</title>",
        ">Az osztás<",
        "Vissza</button>",
        ">Link másolása ehhez a lépéshez</button>",
        ">Miért ennyi a kifizetés<",
        ">Elszámolás<",
        "Készítette: <a",
    ):
        assert words in html, words
    assert "'Kimásolva: '+location.href" in html
    root = parse(html)
    labels = {n.attrs.get("aria-label") for n in root.find("c") if "data-card" in n.attrs}
    assert "makk ász" in labels and not any("acorns" in (x or "") for x in labels)
    strip = " ".join(n.all_text() for n in root.find("av-eval"))
    assert re.search(r"[+-]\d+,\d\d\b", strip), strip
    assert not re.search(r"\d\.\d", strip), strip


def test_the_engines_english_is_said_again_in_the_language() -> None:
    """What the engine writes in English (a hidden action, what a seat showed of its meld,
    an item at stake, how an item's value came about, a contract) is written again from
    the same facts: word for word the engine's text in English, bracketed in qps."""
    from alsos.hand.history import HIDDEN_KINDS, MeldAnswer
    from alsos.hand.settlement import Entry
    from alsos.pack.cards import Rank, Suit
    from alsos.pack.phases import Contract, Kind
    from alsos.play.view import ItemView
    from alsos.viewer_words import (
        contract_words,
        detail_words,
        hidden_words,
        item_words,
        meld_shown,
    )

    english = language("en")
    for public in HIDDEN_KINDS.values():
        assert hidden_words(public, english) == public
        assert hidden_words(public, QPS).startswith("⟦")
    answers = [
        MeldAnswer("vannak", int(Rank.ACE)),
        MeldAnswer("top", int(Rank.KING)),
        MeldAnswer("suit", int(Suit.HEARTS)),
        MeldAnswer("trumps", 1),
        MeldAnswer("trumps", 0),
    ]
    for answer in answers:
        assert meld_shown(answer, english) == f"shows {answer.text}"
        assert meld_shown(answer, QPS).startswith("⟦")
    assert meld_shown(MeldAnswer("top", int(Rank.ACE)), HU) == "a sora legmagasabb lapja: A"
    items = [ItemView("game", 0, 0, 2), ItemView("ultimo", 1, 1, 4, 1, 2)]
    for item in items:
        assert item_words(item, english) == str(item)
        assert item_words(item, QPS).startswith("⟦")
    entry = Entry(
        "game", 0, 0, False, 16, (1, 2), base=1, front_multiplier=2,
        boosts=(("uhu front", 2),), steps=((1, True), (0, False)), call=2,
        step_names=("kontra",),
    )  # fmt: skip
    assert detail_words(entry, english) == entry.detail
    assert "front" not in unmarked(detail_words(entry, QPS))
    for contract in (
        Contract(Kind.TRUMP, Suit.ACORNS), Contract(Kind.BETLI), Contract(Kind.NO_TRUMPS),
        Contract(Kind.KLOPITZKY), Contract(Kind.TRUMP, Suit.LEAVES, "trull"),
    ):  # fmt: skip
        assert contract_words(contract, str(contract), english) == str(contract)
        assert contract_words(contract, str(contract), QPS).startswith("⟦")
    assert contract_words(None, "thrown in", HU) == "bedobva"
    assert contract_words(Contract(Kind.BETLI), "a plugin's own", HU) == "a plugin's own"


def test_numbers_take_the_languages_decimal_mark() -> None:
    """A whole number keeps no decimals; others have two, with the language's mark."""
    assert [number(v) for v in (2.0, -0.5, 1.256)] == ["+2", "-0.50", "+1.26"]
    assert [number(v, HU) for v in (2.0, -0.5, 1.256)] == ["+2", "-0,50", "+1,26"]
    assert number(4.0, HU, sign=False, whole=False) == "4,00"
    assert number(-0.0, sign=False) == "0"


def test_english_is_the_default(potter: Record) -> None:
    """No language given is English, as the code ``en`` and the Language object."""
    assert page(potter) == page(potter, lang="en") == page(potter, lang=language("en"))


@pytest.mark.slow
def test_the_hungarian_copy_button_says_its_words(
    browser: Browser,  # noqa: F811 (the fixture of test_viewer_browser, imported above)
    potter: Record,
    tmp_path: Path,
) -> None:
    """In Chromium, the Hungarian page's copy button says, in Hungarian, that it copied
    the address (or, where the browser refuses, to copy it)."""
    tab = _open(browser, page(potter, lang="hu"), tmp_path, DESKTOP)
    tab.keyboard.press("ArrowRight")
    tab.get_by_role("button", name="Link másolása ehhez a lépéshez").click()
    # the words come when the clipboard's promise settles: wait for them
    tab.wait_for_function("() => document.querySelector('.av-said').textContent !== ''")
    said = tab.inner_text(".av-said")
    assert said.endswith(tab.url) and said.startswith(("Kimásolva: ", "Másold ki a címet: "))
    assert tab.inner_text(".av-next").strip() == "Tovább ▶"
    tab.close()


def test_alsos_replay_writes_the_page_in_the_language_asked_for(
    potter: Record, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``alsos replay FILE --html OUT --lang hu`` writes the Hungarian page; without
    ``--lang`` the locale's language is taken (here none: English)."""
    from alsos.cli import main

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    record = tmp_path / "hand.alsos"
    record.write_text(potter.dumps(), encoding="utf-8")
    out = tmp_path / "hand.html"
    assert main(["replay", str(record), "--html", str(out), "--lang", "hu"]) == 0
    assert out.read_text(encoding="utf-8") == page(potter, lang="hu", allow_files=True)
    assert main(["replay", str(record), "--html", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == page(potter)
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert main(["replay", str(record), "--html", str(out), "--seat", "1"]) == 0
    assert '<html lang="hu">' in out.read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("ALSOS_VIEWER_SCREENSHOTS") != "1",
    reason="writes docs/_static/viewer-hu-*.png only when ALSOS_VIEWER_SCREENSHOTS=1",
)
def test_screenshots_of_the_hungarian_viewer(tmp_path: Path) -> None:
    """The documentation's pictures of the Hungarian viewer (docs/_static/viewer-hu-*.png),
    taken from the real page: a trick with the analysis on a desktop, a trick on a phone."""
    from playwright.sync_api import sync_playwright
    from test_viewer_browser import ARGS, CHROMIUM, PHONE

    record = played("csibor", 4)
    shots = [
        (page(record, analysis=analyze(record, worlds=4, seed=1), lang="hu"), "#step=10",
         {"width": 1280, "height": 800}, "desktop"),
        (page(record, lang="hu"), "#step=4", PHONE, "phone"),
    ]  # fmt: skip
    static = Path(__file__).resolve().parent.parent / "docs" / "_static"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for html, where, viewport, name in shots:
            path = tmp_path / f"{name}.html"
            path.write_text(html, encoding="utf-8")
            tab = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
            tab.goto(path.as_uri() + where)
            tab.wait_for_selector(".alsos-viewer.av-js")
            shot = static / f"viewer-hu-{name}.png"
            tab.screenshot(path=str(shot))
            _smaller(shot)
        browser.close()


def _smaller(png: Path) -> None:
    """A screenshot in 128 colours (a third of the bytes), where Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(png) as im:
        small = im.convert("RGB").quantize(128, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(png, optimize=True)
