"""Rule modules' per-hand memory: :class:`ModuleState` (documented with
:mod:`alsos.hand.state`, which exports it).

Kept apart from the hand state so that the compiled build can compile
:class:`~alsos.hand.state.HandState` while a rule module -- built-in or a plugin,
always interpreted -- subclasses :class:`ModuleState`, whose subclasses get
a ``copy`` generated for their slots when they are defined.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = ["ModuleState", "frozen"]


# A frozenset: the membership test hashes the class once rather than comparing
# it with each of the three (the generated copy asks it for every slot).
_CONTAINERS = frozenset((list, set, dict))


def frozen(value: Any) -> Any:
    """``value`` as a hashable value of the same content: lists and tuples as tuples,
    sets as frozensets, dicts as frozensets of their items (recursively)."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(frozen(v) for v in value)
    if isinstance(value, dict):
        return frozenset((k, frozen(v)) for k, v in value.items())
    return value


def _compile_copy(cls: type, names: tuple[str, ...]) -> Any:
    """A straight-line ``copy`` for ``cls``'s slots, generated once per class.

    The cattrs technique: reflection once per type, then plain code, which is
    several times faster than a loop over the slot names with ``getattr``.
    """
    lines = ["def copy(self):", "    new = _new(_cls)"]
    for name in names:  # plain attribute stores (slot names are identifiers): no call per slot
        lines.append(f"    v = self.{name}")
        lines.append(f"    new.{name} = v.copy() if v.__class__ in _containers else v")
    lines.append("    return new")
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "_cls": cls,
        "_containers": _CONTAINERS,
    }
    exec("\n".join(lines), namespace)  # the code is built from slot names only
    return namespace["copy"]


class ModuleState:
    """Base of a rule module's per-hand memory, kept in the hand state.

    Subclasses declare ``__slots__``.  :meth:`copy` copies every slot, and
    one level into lists, sets and dicts, which suits records of ints, seats
    and short lists; a module with deeper structures overrides it.
    """

    __slots__ = ()
    _all_slots: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            names.extend([slots] if isinstance(slots, str) else slots)
        cls._all_slots = tuple(names)
        if "copy" not in cls.__dict__:
            cls.copy = _compile_copy(cls, cls._all_slots)  # type: ignore[method-assign]

    def copy(self) -> ModuleState:
        """An independent copy: lists, sets and dicts in the slots are copied.

        Each subclass gets this written out for its own slots when it is defined
        (``_compile_copy``); the base class has no slots to copy.
        """
        return object.__new__(type(self))

    def key(self) -> tuple[Any, ...]:
        """The module's memory as a hashable snapshot (for :meth:`HandState.key_fields`)."""
        return (type(self).__name__, *(frozen(getattr(self, n)) for n in self._all_slots))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._all_slots)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._all_slots)
        return f"{type(self).__name__}({fields})"
