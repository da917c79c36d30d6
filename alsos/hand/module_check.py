"""Checking a registered rule module's methods and parameters against its family.

What :func:`alsos.hand.protocol.adopt` asks of every module a profile may
choose (built in or from a plugin): that each method its family names takes
the right number of arguments (:func:`accepts`), that a subclass writes the
methods its family leaves abstract (:func:`defines`), and that its ``Params``
is an attrs class whose every field has a default and is not a key every
section of its family has (:func:`check_params`).  A module that fails is
refused with a :class:`ModuleCheckError` naming it, its family and what is
wrong -- when it is registered, not in the middle of a hand.
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

import attrs

from alsos.errors import RulesetError
from alsos.language import N_, Said
from alsos.ruleset.profile import FAMILY_PLACES, Ruleset

__all__ = ["ModuleCheckError", "accepts", "check_params", "defines"]


class ModuleCheckError(RulesetError):
    """A rule module that does not fit its family: the message names the module,
    the family and the method that is missing or takes the wrong arguments."""


def accepts(func: Any, n: int) -> bool:
    """Whether ``func`` can be called with ``n`` positional arguments."""
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):  # a builtin or compiled function: trust it
        return True
    try:
        sig.bind(*range(n))
    except TypeError:
        return False
    return True


def defines(obj: Any, base: type, method: str) -> bool:
    """Whether ``obj`` (a class or an instance) defines ``method`` itself."""
    if not isinstance(obj, type) and method in vars(obj):
        return True
    cls = obj if isinstance(obj, type) else type(obj)
    return getattr(cls, method, None) is not getattr(base, method, None)


def check_params(what: str, family: str, params: Any) -> None:
    """A module's ``Params``: an attrs class whose every field has a default (a profile
    may leave any key out) and is not a key its section has already."""
    if not (isinstance(params, type) and attrs.has(params)):
        raise ModuleCheckError(
            Said(
                N_("{module}: Params is the attrs class of its parameters, not {value}"),
                module=what,
                value=repr(str(params)[:60]),
            )
        )
    section = FAMILY_PLACES[family][0]
    common = {f.name for f in attrs.fields(_section_class(section))}
    for f in attrs.fields(params):
        if f.default is attrs.NOTHING:
            raise ModuleCheckError(
                Said(
                    N_(
                        "{module}: its parameter {name} needs a default "
                        "(a profile may leave it out)"
                    ),
                    module=what,
                    name=repr(f.name),
                )
            )
        if f.name in common or not f.name.isidentifier():
            raise ModuleCheckError(
                Said(
                    N_("{module}: its parameter {name} is a key every {section} section has"),
                    module=what,
                    name=repr(f.name),
                    section=section,
                )
            )


def _section_class(section: str) -> type:
    cls: type = typing.get_type_hints(Ruleset)[section]
    return cls
