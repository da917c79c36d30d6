"""What the web page writes for a person (tests): every message its scripts look up with
``tr("...")`` or hold in their tables of words, and every text its HTML marks with
``data-tr`` (text), ``data-tr-label`` (aria-label) or ``data-tr-placeholder``."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "alsos" / "web" / "static"
_STRING = r'"((?:[^"\\]|\\.)*)"'
# tr("..."), and the strings of the scripts' tables of words (GROUPS, PHASES, SUITS,
# STANDIN, KINDS, SAID, STATES: `key: "message"`), the column heads and the fallback of a lookup
_CALL = re.compile(r"\btr\(\s*" + _STRING)
_TABLES = re.compile(
    r"const (GROUPS|PHASES|SUITS|STANDIN|KINDS|SAID|STATES) = \{(.*?)\};", re.DOTALL
)
_VALUE = re.compile(r":\s*" + _STRING)
_HEADS = re.compile(r"for \(const h of \[([^\]]*)\]\)")
_FALLBACK = re.compile(r"\|\|\s*" + _STRING + r"\)")


def script_messages(text: str) -> set[str]:
    found = set(_CALL.findall(text))
    for _, body in _TABLES.findall(text):
        found.update(_VALUE.findall(body))
    for heads in _HEADS.findall(text):
        found.update(re.findall(_STRING, heads))
    found.update(m for m in _FALLBACK.findall(text) if " " in m)
    return {
        m.encode().decode("unicode_escape").encode("latin-1").decode("utf-8") if "\\" in m else m
        for m in found
    }


class _Marked(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: set[str] = set()
        self._open: list[bool] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-tr-label" in a and a.get("aria-label"):
            self.found.add(str(a["aria-label"]))
        if "data-tr-placeholder" in a and a.get("placeholder"):
            self.found.add(str(a["placeholder"]))
        if tag in ("input", "meta", "link", "br", "img"):
            return
        self._open.append("data-tr" in a)
        if "data-tr" in a:
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("input", "meta", "link", "br", "img") or not self._open:
            return
        if self._open.pop():
            self.found.add(" ".join("".join(self._text).split()))

    def handle_data(self, data: str) -> None:
        if any(self._open):
            self._text.append(data)


def html_messages(text: str) -> set[str]:
    parser = _Marked()
    parser.feed(text)
    return {html.unescape(m) for m in parser.found if m}


def page_messages() -> set[str]:
    """Every message the page looks up."""
    found = html_messages((STATIC / "index.html").read_text(encoding="utf-8"))
    for name in (
        "table.js",
        "lobby.js",
        "puzzles.js",
        "tutorial.js",
        "accounts.js",
        "tournaments.js",
    ):
        found |= script_messages((STATIC / name).read_text(encoding="utf-8"))
    return found
