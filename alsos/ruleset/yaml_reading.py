"""Reading a profile's YAML text: a safe loader, bounded before it does the work.

A profile is small and shallow: the largest shipped one (csibor, with its
``by_players`` overrides) is 554 keys, values, lists and mappings, nested
five deep.  But its text may come from anyone (the web table's uploads), and
PyYAML's pure-Python parser spends some 20 to 40 microseconds on each node and
composes nested lists by recursion.  :class:`StrictLoader` refuses, while it
reads and before the costly steps that follow (building Python values,
structuring, checking):

- aliases, merge keys, repeated keys, and keys that are not text or numbers;
- lists and mappings nested more than :data:`MAX_NESTING` deep: brackets are
  counted as the scanner meets them, and block-style nesting as the composer
  does, so no input reaches Python's recursion limit (thousands of brackets
  were a ``RecursionError`` after most of a second);
- more than :data:`MAX_NODES` nodes in the document, counted as each one is
  composed, so a large text is refused at that node, not after all of it.

:func:`read_yaml` turns every refusal and YAML error into a
:class:`~alsos.ruleset.profile.ProfileError` naming the line and column.
"""

from __future__ import annotations

from typing import Any

import yaml

from alsos.language import N_, Said
from alsos.ruleset.checks import short
from alsos.ruleset.profile import ProfileError

__all__ = ["MAX_NESTING", "MAX_NODES", "StrictLoader", "read_yaml"]

#: How deep lists and mappings may nest (the document's own mapping is one level);
#: the shipped profiles nest at most five, and PyYAML composes each level by
#: recursion, so the bound keeps far below Python's recursion limit.
MAX_NESTING = 20
#: How many nodes (keys, values, lists and mappings) one profile may hold: seven
#: times the largest shipped profile, room for 64 figures that spell out every key.
#: Reading costs some 20 to 40 microseconds a node, so a text with more is refused
#: at node ``MAX_NODES + 1`` in about a tenth of a second, whatever its length.
MAX_NODES = 4000


class _Refused(yaml.MarkedYAMLError):
    """A bound of :class:`StrictLoader`; its problem is the whole reason."""


class StrictLoader(yaml.SafeLoader):
    """A safe loader for profiles: no repeated keys, no aliases, no merge keys, and
    at most :data:`MAX_NESTING` levels and :data:`MAX_NODES` nodes.

    Aliases (``*name``) are refused outright: a profile never needs them, and
    nested aliases can expand a few hundred bytes into gigabytes.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.nodes = 0
        self.depth = 0
        #: The index of each node being composed, outermost first: None for the
        #: document or a key, a position in a list, a key's node in a mapping.
        self.indexes: list[Any] = []

    def fetch_flow_collection_start(self, TokenClass: Any) -> None:
        """Count a ``[`` or ``{`` here, before the parser sees it: the scanner reads
        ahead on a line while it may start a key, at a cost that grows with the
        brackets still open."""
        if self.flow_level >= MAX_NESTING:
            raise _Refused(None, None, _too_deep(), self.get_mark())
        super().fetch_flow_collection_start(TokenClass)

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None,
                None,
                Said(
                    N_("aliases (*{anchor}) are not supported in profiles; write the value out"),
                    anchor=event.anchor,
                ),
                event.start_mark,
            )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(None, None, self._too_many(index), self.peek_event().start_mark)  # type: ignore[no-untyped-call]
        nests = self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent)
        if nests and self.depth >= MAX_NESTING:
            raise _Refused(None, None, _too_deep(), self.peek_event().start_mark)  # type: ignore[no-untyped-call]
        # No try/finally: an error abandons the loader, and these only name its place.
        self.depth += nests
        self.indexes.append(index)
        node = super().compose_node(parent, index)
        self.indexes.pop()
        self.depth -= nests
        return node

    def _too_many(self, index: Any) -> Said:
        """Why the node about to be composed (``index`` is its index) is one too many,
        naming its key path (``figures.f832.value``)."""
        path = ""
        for i in (*self.indexes, index):
            if isinstance(i, int):
                path += f"[{i}]"
            elif isinstance(i, yaml.ScalarNode):
                path += f"{'.' if path else ''}{i.value[:30]}"
            elif i is not None:
                path += f"{'.' if path else ''}?"  # a list or mapping as a key
        if not path:
            return Said(
                N_(
                    "more than {most} keys, values, lists and mappings; "
                    "a profile has a few hundred (the largest shipped one 554)"
                ),
                most=MAX_NODES,
            )
        return Said(
            N_(
                "{where}: more than {most} keys, values, lists and mappings; "
                "a profile has a few hundred (the largest shipped one 554)"
            ),
            where=path,
            most=MAX_NODES,
        )


def _too_deep() -> Said:
    return Said(
        N_(
            "lists and mappings nested more than {most} deep; "
            "a profile nests a few (the shipped ones at most 5)"
        ),
        most=MAX_NESTING,
    )


def _no_duplicates(loader: StrictLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            raise _Refused(
                None,
                None,
                Said(
                    N_(
                        "merge keys (<<) are not supported in profiles; write the keys out, "
                        "or use 'extends:' to build on another profile"
                    )
                ),
                key_node.start_mark,
            )
        key = loader.construct_object(key_node, deep=deep)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise _Refused(
                None,
                None,
                Said(N_("a key must be text or a number, not a {kind}"), kind=type(key).__name__),
                key_node.start_mark,
            )
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                Said(N_("the key {key} appears twice in one mapping"), key=short(key)),
                key_node.start_mark,
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _no_duplicates,
)


def read_yaml(source: str, text: str) -> Any:
    """The one document in ``text``, read with :class:`StrictLoader`.

    :raises ProfileError: naming ``source``, the line and column, and the problem.
    """
    try:
        return yaml.load(text, Loader=StrictLoader)
    except RecursionError:
        # Only a last resort: the nesting bound stops long before the limit.
        raise ProfileError(source, [_too_deep()]) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or str(e)
        if isinstance(e, _Refused) or "aliases" in problem:
            said = problem
        elif "could not determine a constructor" in problem:
            said = Said(
                N_(
                    "unsafe YAML tag refused: {problem}; only plain YAML values are allowed "
                    "(no tags that run code)"
                ),
                problem=problem,
            )
        else:
            said = Said(N_("YAML error: {problem}"), problem=problem)
        if mark is not None:
            said = Said(
                N_("line {line}, column {column}: {problem}"),
                line=mark.line + 1,
                column=mark.column + 1,
                problem=said,
            )
        raise ProfileError(source, [said]) from None
