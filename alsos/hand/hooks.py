"""Asking a rule module's hooks in the reader's language.

A hook that writes for a person (``describe``, a session's ``overview``, ``goal``,
...) takes the :class:`~alsos.language.Language` to write in as its ``lang``
parameter; :func:`described` asks it so, within the module's own catalogue where it
names one (:func:`words_in`), and still asks a hook written before hooks took a
language -- one without the parameter -- in English.
"""

from __future__ import annotations

import inspect
from typing import Any

from alsos.language import Language

__all__ = ["described", "with_lang", "words_in"]


def words_in(owner: Any, lang: Language) -> Language:
    """The language a rule module (or figure kind) ``owner`` writes its sentences in:
    ``lang`` itself for alsos's own modules, ``lang`` within the module's own gettext
    catalogue where it names one (``catalogue = (domain, localedir)``, a plugin's)."""
    catalogue = getattr(owner, "catalogue", None)
    return lang if catalogue is None else lang.within(*catalogue)


def described(owner: Any, lang: Language, *args: Any, hook: str = "describe") -> Any:
    """What ``owner``'s ``describe`` hook (or the hook named ``hook``: a session's
    ``overview``) says of ``args`` (``rules``, or ``fig, rules``), in ``lang`` (within
    the owner's own catalogue) -- or in English, for a hook written before hooks took a
    language (one without a ``lang`` parameter); None for an owner without the hook."""
    said = getattr(owner, hook, None)
    if said is None:
        return None
    return with_lang(said, words_in(owner, lang), *args)


def with_lang(hook: Any, lang: Language, *args: Any) -> Any:
    """``hook(*args, lang=lang)`` if the hook takes a language, else ``hook(*args)``.
    A compiled hook (alsos's rule modules in the compiled build) has no signature to
    read: it is asked with the language, and without it only if it refuses one."""
    takes = _takes_lang(hook)
    if takes is None:
        try:
            return hook(*args, lang=lang)
        except TypeError:
            return hook(*args)
    return hook(*args, lang=lang) if takes else hook(*args)


def _takes_lang(hook: Any) -> bool | None:
    """Whether ``hook`` has a ``lang`` parameter (None: its signature cannot be read)."""
    try:
        params = inspect.signature(hook).parameters.values()
    except (TypeError, ValueError):  # a builtin or compiled function: it says nothing
        return None
    return any(p.name == "lang" or p.kind is p.VAR_KEYWORD for p in params)
