"""Shared by the viewer's tests: hands to show, what the engine says about them, and a
small HTML tree to read the viewer's output with (the standard library's parser)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from html.parser import HTMLParser

from drive import bots_for, play_out

import alsos
from alsos.pack.cards import CARDS, Card, cards_of
from alsos.records.record import Record

VOID = {"meta", "br", "img", "input", "link", "hr"}


def played(variant: str, seed: int, players: int | None = None, bot: str = "heuristic") -> Record:
    """The record of a whole hand played by ``bot`` at every seat."""
    options = {} if players is None else {"players": players}
    game = alsos.Game(alsos.load_variant(variant, **options), seed=seed)
    play_out(game, bots_for(game, bot, lambda s: seed * 8 + s))
    return game.record()


def first_hand(
    variant: str,
    good: Callable[[Record], bool],
    what: str,
    seeds: range = range(3, 80),
    bot: str = "heuristic",
) -> Record:
    """The first hand played by ``bot`` over ``seeds`` that ``good`` accepts (what it
    looks for: ``what``), so a test needing a kind of hand does not hang on one seed."""
    for seed in seeds:
        record = played(variant, seed, bot=bot)
        if good(record):
            return record
    raise AssertionError(f"no {variant} hand by {bot} bots at seeds {seeds} has {what}")


def replay_by_trick(record: Record) -> list[dict[int, int]]:
    """Cards each seat holds (picked up or not) at the deal and after each trick, by the engine."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)

    def counts() -> dict[int, int]:
        return {s: len(game.hand(s)) + game.unseen[s].bit_count() for s in game.active}

    out = [counts()]
    for seat, action in record.actions:
        before = game.trick_no
        game.apply(action, seat=seat)
        if game.trick_no != before:
            out.append(counts())
    return out


def seen_by(record: Record, seat: int) -> set[Card]:
    """Every card ``seat`` saw face up at some moment of the hand (by the engine's views)."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    seen: set[Card] = set()

    def look() -> None:
        v = game.view(seat)
        seen.update(v.hand, v.talon_seen, (c for _s, c in v.trick))
        for t in v.tricks:
            seen.update(c for _s, c in t.cards)

    look()
    for s, action in record.actions:
        game.apply(action, seat=s)
        look()
    return seen


def all_cards() -> set[Card]:
    return set(CARDS)


def dealt(record: Record) -> dict[int, set[Card]]:
    """Each seat's dealt cards, seen and unseen parts together."""
    game = alsos.Game(record.rules(), deal=alsos.Deal.parse(record.deal), dealer=record.dealer)
    return {s: set(game.hand(s)) | set(cards_of(game.unseen[s])) for s in game.active}


class Node:
    """An element: its tag, attributes, children and text."""

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node] = []
        self.content: list[str | Node] = []  # text and children, in document order

    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def walk(self) -> Iterator[Node]:
        yield self
        for c in self.children:
            yield from c.walk()

    def find(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> list[Node]:
        """Descendants with the class, tag and attribute values given (``data_card`` for
        ``data-card``)."""
        want = {k.replace("_", "-"): v for k, v in attrs.items()}
        return [
            n for n in self.walk()
            if n is not self
            and (cls is None or cls in n.classes())
            and (tag is None or n.tag == tag)
            and all(n.attrs.get(k) == v for k, v in want.items())
        ]  # fmt: skip

    def one(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> Node:
        found = self.find(cls, tag, **attrs)
        assert len(found) == 1, (cls, tag, attrs, len(found))
        return found[0]

    def all_text(self) -> str:
        if self.tag in ("style", "script"):
            return ""
        return "".join(c if isinstance(c, str) else c.all_text() for c in self.content)

    def cards(self) -> list[str]:
        """The faces drawn inside, in order (card codes)."""
        return [n.attrs["data-card"] or "" for n in self.find("c") if "data-card" in n.attrs]

    def backs(self) -> int:
        return len(self.find("back"))


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        self.cur.content.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        self.cur.content.append(node)

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.cur
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"stray </{tag}>"
        self.cur = node.parent

    def handle_data(self, data: str) -> None:
        self.cur.content.append(data)


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    assert builder.cur is builder.root, f"unclosed <{builder.cur.tag}>"
    return builder.root
