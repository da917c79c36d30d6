"""The error families (:mod:`alsos.errors`): every error class alsos defines for what
it was given is an ``AlsosError`` (still a ``ValueError``) in exactly one family,
the documented tree is the real one, real refusals are caught by ``except
alsos.AlsosError``, and every public error crosses a process boundary (pickles) as
the same class with the same message.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import alsos
import alsos.errors
from alsos.errors import (
    ActionError,
    AlsosError,
    BotError,
    NotationError,
    ResearchError,
    RLError,
    RulesetError,
    SearchError,
    WebError,
)

ROOT = Path(__file__).resolve().parent.parent

FAMILIES = (
    RulesetError,
    NotationError,
    ActionError,
    BotError,
    SearchError,
    ResearchError,
    RLError,
    WebError,
)

#: The exception classes of alsos that are deliberately not AlsosErrors (nor
#: ValueErrors), by qualified name, with the reason.  A new exception class that is
#: not a ValueError must be added here on purpose.
NOT_ALSOS_ERRORS = {
    # A game used from two threads at once is the caller's bug, not a value it gave;
    # a ValueError base would let `except ValueError` around apply() (which means
    # "refused action") swallow it.
    "alsos.play.game.ConcurrentUseError": RuntimeError,
    # SIGTERM turned into what Ctrl-C raises, so that a run stops as it does for Ctrl-C.
    "alsos.research.parallel.Terminated": KeyboardInterrupt,
    # The store telling the hub that another server process wrote this ply first:
    # signalling inside the web table, caught there by name.  Not about what a caller
    # gave, so no AlsosError, nor a ValueError (which the web code reads as refused input).
    "alsos.web.store.PlyTaken": Exception,
    # A bound of the YAML reader, always turned into a ProfileError before it leaves.
    "alsos.ruleset.yaml_reading._Refused": Exception,
    # A warning, not an error: a profile's key that has no effect (issue 31, item 1).
    # No longer raised since 0.3 (such a key is a ProfileError); kept as a public name.
    "alsos.ruleset.profile.ProfileWarning": UserWarning,
}


def _missing_extra(error: ImportError) -> bool:
    """An import that failed for an optional dependency (not for alsos itself)."""
    missing = error.name or getattr(error.__cause__, "name", None)
    return bool(missing) and not str(missing).startswith("alsos")


def _modules() -> list[ModuleType]:
    """Every module of the package that imports here (a module needing an extra that
    is not installed is left out, as the tests of that extra skip)."""
    out = [alsos]
    names = [m.name for m in pkgutil.walk_packages(alsos.__path__, "alsos.", lambda n: None)]
    for name in names:
        if name == "alsos.__main__":  # runs the command line
            continue
        try:
            out.append(importlib.import_module(name))
        except ImportError as e:
            if not _missing_extra(e):
                raise
    return out


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class alsos defines, by its qualified name."""
    found: dict[str, type[BaseException]] = {}
    for module in _modules():
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__.startswith("alsos")
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


CLASSES = _exception_classes()
MEMBERS = {
    name: cls
    for name, cls in CLASSES.items()
    if issubclass(cls, ValueError) and cls is not AlsosError and cls not in FAMILIES
}
PUBLIC = sorted(
    {
        cls
        for module in _modules()
        for name in getattr(module, "__all__", ())
        if isinstance(cls := getattr(module, name, None), type) and issubclass(cls, BaseException)
    },
    key=lambda cls: f"{cls.__module__}.{cls.__qualname__}",
)


def test_the_walk_finds_the_package_s_errors() -> None:
    """The walk is not vacuous: it finds the errors of every layer it can import."""
    assert len(MEMBERS) >= 25
    assert {AlsosError, *FAMILIES, *MEMBERS.values()} <= set(PUBLIC)
    assert CLASSES["alsos.ruleset.profile.ProfileError"] is alsos.ProfileError
    assert CLASSES["alsos.records.record.RecordError"] is alsos.RecordError


def test_every_value_error_of_alsos_is_an_alsos_error_in_exactly_one_family() -> None:
    for name, cls in MEMBERS.items():
        assert issubclass(cls, AlsosError), name
        families = [family for family in FAMILIES if issubclass(cls, family)]
        assert len(families) == 1, (name, families)


def test_the_families_are_alsos_errors_and_value_errors() -> None:
    assert AlsosError.__bases__ == (ValueError,)
    for family in FAMILIES:
        assert family.__bases__ == (AlsosError,), family
    assert {f for f in CLASSES.values() if f.__bases__ == (AlsosError,)} == set(FAMILIES)


def test_the_exceptions_outside_the_tree_are_the_listed_ones() -> None:
    outside = {name: cls for name, cls in CLASSES.items() if not issubclass(cls, ValueError)}
    listed = {name: base for name, base in NOT_ALSOS_ERRORS.items() if name in CLASSES}
    assert set(outside) == set(listed)
    for name, base in listed.items():
        assert outside[name].__bases__[0] is base or issubclass(outside[name], base), name
        assert not issubclass(outside[name], AlsosError), name


def test_the_names_are_exported() -> None:
    names = {"AlsosError", *(family.__name__ for family in FAMILIES)}
    assert names == set(alsos.errors.__all__)
    assert names <= set(alsos.__all__)
    for name in names:
        assert getattr(alsos, name) is getattr(alsos.errors, name)


# --------------------------------------------------------------- the documented tree


def _resolve(dotted: str) -> type | None:
    """The class a documented dotted name names (None if its module needs a missing
    extra); a name that resolves to nothing fails."""
    module_name, _, attr = dotted.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        if _missing_extra(e):
            return None
        raise
    cls = getattr(module, attr)
    assert isinstance(cls, type), dotted
    return cls


_NAME = re.compile(r"(?::class:`~?|``)(alsos(?:\.\w+)+)(?:`|``)")


def _documented(text: str) -> set[type]:
    return {cls for name in _NAME.findall(text) if (cls := _resolve(name)) is not None}


def _walked(family: type) -> set[type]:
    return {cls for cls in MEMBERS.values() if issubclass(cls, family)}


def test_each_family_s_docstring_names_its_classes() -> None:
    for family in FAMILIES:
        doc = family.__doc__ or ""
        assert "Its classes:" in doc, family
        assert _documented(doc.split("Its classes:")[1]) == _walked(family), family


def test_the_api_page_s_tree_is_the_package_s() -> None:
    page = (ROOT / "docs" / "api.rst").read_text(encoding="utf-8")
    section = page.split("Errors: ``alsos.errors``")[1].split(".. automodule::")[0]
    tree = section.split("The tree:")[1].split("Outside the tree:")[0]
    entries = re.split(r"\n  - ", tree)[1:]
    assert len(entries) == len(FAMILIES)
    for family, entry in zip(FAMILIES, entries, strict=True):
        head, _, classes = entry.partition(":\n")
        assert f"alsos.errors.{family.__name__}`" in head, (family, head)
        assert _documented(classes) == _walked(family), family
    outside = section.split("Outside the tree:")[1]
    for name in NOT_ALSOS_ERRORS:
        if not name.rpartition(".")[2].startswith("_"):
            assert name.rpartition(".")[2] in outside, name


# ------------------------------------------------------------- real refusals, caught


def _caught(call: object) -> AlsosError:
    with pytest.raises(AlsosError) as info:
        call()  # type: ignore[operator]
    error = info.value
    copy = pickle.loads(pickle.dumps(error))  # and it crosses a process boundary
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    return error


def test_a_refused_profile_is_an_alsos_error() -> None:
    from alsos.ruleset.loading import load_profile_text

    error = _caught(lambda: alsos.load_variant("potter1930", **{"games.trump": "x"}))
    assert isinstance(error, alsos.ProfileError) and isinstance(error, RulesetError)
    error = _caught(lambda: load_profile_text("id: x\nextends: potter1930\nbidding: [1\n"))
    assert isinstance(error, alsos.ProfileError)
    error = _caught(lambda: alsos.load_variant("no-such-variant"))
    assert isinstance(error, RulesetError)


def test_a_malformed_record_is_an_alsos_error() -> None:
    error = _caught(lambda: alsos.Record.loads("not a record"))
    assert isinstance(error, alsos.RecordError) and isinstance(error, NotationError)
    record = alsos.Record.from_game(alsos.Game(alsos.load_variant("potter1930"), seed=1))
    broken = record.dumps().replace("[Seed", '[Result "0 +1, 1 -1, 2 0"]\n[Seed')
    assert isinstance(_caught(lambda: alsos.Record.loads(broken).replay()), alsos.RecordError)
    assert isinstance(_caught(lambda: alsos.Deal.parse("MA / talon")), NotationError)
    assert isinstance(_caught(lambda: alsos.parse_cards("MA XX")), NotationError)
    # an unknown record format was a plain ValueError
    assert type(_caught(lambda: record.dumps("xml"))) is NotationError


def test_an_illegal_action_and_a_seat_not_at_the_table_are_alsos_errors() -> None:
    game = alsos.Game(alsos.load_variant("potter1930"), seed=1)
    error = _caught(lambda: game.apply("play MA"))
    assert isinstance(error, alsos.IllegalActionError) and isinstance(error, ActionError)
    assert isinstance(_caught(lambda: game.apply("pass", seat=2)), ActionError)
    assert isinstance(_caught(lambda: alsos.parse_action("bid")), NotationError)
    # a seat not at the table was a plain ValueError
    assert type(_caught(lambda: game.view(7))) is ActionError


def test_an_unknown_bot_spec_is_an_alsos_error() -> None:
    from alsos.bots import BotOptionError, UnknownBotError, make_spec

    assert isinstance(_caught(lambda: make_spec("no-such-bot")), UnknownBotError)
    assert isinstance(_caught(lambda: make_spec("pimc((")), BotError)
    assert isinstance(_caught(lambda: make_spec("pimc(wrolds=4)")), BotOptionError)
    # an option value a bot refuses was a plain ValueError
    assert type(_caught(lambda: make_spec("pimc(worlds=0)"))) is BotError
    assert type(_caught(lambda: make_spec("heuristic(mistakes=2)"))) is BotError


def test_except_value_error_still_catches_them() -> None:
    """The families add a base; nothing that caught a ValueError misses one now."""
    with pytest.raises(ValueError):
        alsos.load_variant("no-such-variant")
    with pytest.raises(ValueError):
        alsos.Game(alsos.load_variant("potter1930"), seed=1).view(7)


# ----------------------------------------------------------------------- pickling


def _example(cls: type[BaseException]) -> BaseException:
    """An instance of ``cls``, built as the code that raises it builds one."""
    if issubclass(cls, alsos.ProfileError):
        return cls("my.yaml", ["games.trump: expected a whole number, got 'x'"])
    if issubclass(cls, alsos.DataError):
        return cls("View", ["hand[1]: cannot read card 'XX'"])
    if issubclass(cls, alsos.IllegalActionError):
        legal = (alsos.parse_action("pass"), alsos.parse_action("accept"))
        return cls("play MA", alsos.Phase.BIDDING, 1, legal, "not a bid")
    if issubclass(cls, alsos.RecordError):
        return cls("a record begins with its headers", line=3, column=2, index=4, path="$.x")
    own_init = any("__init__" in vars(c) for c in cls.__mro__ if c.__module__.startswith("alsos"))
    assert not own_init, f"{cls.__qualname__} takes arguments of its own: add it to _example"
    return cls(f"what a {cls.__name__} says")


@pytest.mark.parametrize("cls", PUBLIC, ids=lambda cls: cls.__qualname__)
def test_each_public_error_pickles_as_itself(cls: type[BaseException]) -> None:
    error = _example(cls)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert str(copy) == str(error)
    assert copy.args == error.args
    if isinstance(error, alsos.RecordError):
        assert isinstance(copy, alsos.RecordError)
        assert (copy.reason, copy.line, copy.column, copy.index, copy.path) == (
            error.reason, error.line, error.column, error.index, error.path,
        )  # fmt: skip
    if isinstance(error, alsos.IllegalActionError):
        assert isinstance(copy, alsos.IllegalActionError)
        assert (copy.action, copy.phase, copy.seat, copy.legal, copy.reason) == (
            error.action, error.phase, error.seat, error.legal, error.reason,
        )  # fmt: skip
