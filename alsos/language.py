"""A language, passed as a parameter to whatever writes words for a person.

It lives below the rules (the package's lowest layers) so that every part that
writes a sentence -- a rule module describing itself to the rulebook, the story
of a hand, the terminal, the web page -- takes the same parameter.

Every sentence :mod:`alsos.words` writes goes through a :class:`Language`: a
whole message with named placeholders (``"{player} plays {card}"``), looked up
in the language's catalogue by the standard library's ``gettext``, then
filled in.  Messages are never assembled from translated fragments, so another
language can order the words its own way, and counts go through
:meth:`Language.plural` (``ngettext``), so its plural forms fit.

A language is an object handed to the code that writes text -- a server picks
one per connection, as Babel's ``Translations`` are picked per request -- never
a process-wide setting.  English is the source text, so its catalogue is
empty; the catalogues of other languages live in ``alsos/words/locale`` as
gettext ``.mo`` files, made from the ``.po`` files beside them
(``docs/i18n.rst`` says how a language is added).  The pseudo-language
``qps`` marks every message it is asked for (``⟦…⟧``, vowels accented): text
that reaches a person without passing through a language shows up unmarked
(tests/test_words.py).
"""

from __future__ import annotations

import gettext
import os
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from alsos.errors import NotationError

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "Language",
    "LanguageError",
    "Said",
    "language",
    "locale_language",
    "said_in",
]

#: Where the catalogues are: ``alsos/words/locale/<code>/LC_MESSAGES/alsos.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "words" / "locale"
#: The gettext domain of alsos's own messages.
DOMAIN = "alsos"


def N_(message: str) -> str:
    """Mark ``message`` as one to translate where it is written, and return it as it
    is: a message chosen before it is looked up (``message = N_("...") if ... else
    N_("...")``) is then found by the catalogue's extraction (``pybabel extract -k
    N_``, docs/i18n.rst), as gettext's ``gettext_noop`` is."""
    return message


class LanguageError(NotationError):
    """A language code alsos has no words for (the message lists the ones it has)."""


class _Pseudo(gettext.NullTranslations):
    """The pseudo-language ``qps``: each message bracketed, its vowels accented, its
    ``{placeholders}`` left as they are -- visibly not English, still readable."""

    _ACCENTS = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")

    def gettext(self, message: str) -> str:
        return "⟦" + _outside_braces(message, self._ACCENTS) + "⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


def _outside_braces(message: str, table: dict[int, int]) -> str:
    out, depth = [], 0
    for ch in message:
        depth += ch == "{"
        out.append(ch if depth else ch.translate(table))
        depth -= ch == "}" and depth > 0
    return "".join(out)


class Language:
    """One language's words: :meth:`text` and :meth:`plural` fill a message in.

    ``code`` is the language's code (``en``, ``qps``); ``translations`` the
    ``gettext.NullTranslations`` that looks messages up (English: none, the
    messages are the English text).
    """

    __slots__ = ("_gettext", "_ngettext", "_within", "code", "translations")

    def __init__(self, code: str, translations: gettext.NullTranslations) -> None:
        self.code = code
        self.translations = translations
        self._gettext = translations.gettext
        self._ngettext = translations.ngettext
        self._within: dict[tuple[str, str], Language] = {}

    def within(self, domain: str, localedir: str | os.PathLike[str]) -> Language:
        """This language with the messages of another gettext ``domain``, whose
        catalogues are in ``localedir`` (``<localedir>/<code>/LC_MESSAGES/<domain>.mo``):
        a plugin's rule module brings its own words and their translations, as a Sphinx
        extension brings its catalogue (``app.add_message_catalog``).  Where the
        domain has no word for a message, alsos's own catalogue is asked, then the
        message stays as written (English); the pseudo-language marks them all the
        same."""
        key = (domain, os.fspath(localedir))
        found = self._within.get(key)
        if found is None:
            if self.code in ("en", "qps"):
                found = self
            else:
                own = gettext.translation(domain, key[1], languages=[self.code], fallback=True)
                own.add_fallback(self.translations)  # alsos's own words, where it has none
                found = Language(self.code, own)
            self._within[key] = found
        return found

    def __repr__(self) -> str:
        return f"<Language {self.code}>"

    def text(self, message: str, /, **values: Any) -> str:
        """``message`` in this language, its ``{named}`` placeholders filled from ``values``."""
        found = self._gettext(message)
        return found.format(**values) if values else found

    def parts(self, message: str, /, **values: Any) -> tuple[Any, ...]:
        """``message`` in this language as a tuple of parts: its text, with each
        ``{placeholder}`` replaced by its value as it is (a card, a suit, any object a
        client draws its own way) -- a tuple or list value is spliced in, a plain ``int``
        is written as text.  What :meth:`text` does for a string, for a line that
        holds more than words (the story of a hand: :mod:`alsos.words.story`)."""
        out: list[Any] = []
        for literal, field, spec, _ in _FORMATTER.parse(self._gettext(message)):
            if literal:
                out.append(literal)
            if field is None:
                continue
            value = values[field]
            if isinstance(value, tuple | list):
                out.extend(value)
            elif type(value) in (str, int):  # not a subclass: a card is an int too
                out.append(format(value, spec or ""))
            else:
                out.append(value)
        merged: list[Any] = []
        for part in out:
            if isinstance(part, str) and merged and isinstance(merged[-1], str):
                merged[-1] += part
            elif part != "":
                merged.append(part)
        return tuple(merged)

    def plural(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The form of ``singular``/``plural`` this language uses for ``n``, filled in
        (``n`` is a placeholder too)."""
        return self._ngettext(singular, plural, n).format(n=n, **values)

    def number(self, value: float, spec: str = "") -> str:
        """``value`` formatted by ``spec`` (``"+.2f"``) with this language's decimal
        mark: ``+0.25`` in English, ``+0,25`` in Hungarian (:meth:`decimal`)."""
        return self.decimal(format(value, spec))

    def decimal(self, written: str) -> str:
        """A number written with a decimal point (``+1.25``) with this language's mark
        instead: the message ``{whole}.{fraction}``, which a catalogue translates
        (``{whole},{fraction}``) as any other, so a language brings its own mark
        without code (alsos has no locale library at run time)."""
        whole, _, fraction = written.partition(".")
        if not fraction:
            return written
        return self.text("{whole}.{fraction}", whole=whole, fraction=fraction)

    def join(self, items: Iterable[str]) -> str:
        """``a``, ``a and b``, ``a, b and c`` in this language."""
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        return self.text("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


_FORMATTER = string.Formatter()


class Said(str):
    """A sentence kept as its message and values, to be written in a language when read.

    What a person may be told by code that has no language at hand -- a refusal
    raised deep down (``raise SeatNameError(Said(N_("a name needs at least one
    letter")))``), a problem a profile's loader finds -- is one: it *is* the English
    text (a ``str``, so everything that reads it as text goes on working), and
    :func:`said_in` (or :meth:`written`) writes it in the reader's language where
    it is shown.
    """

    __slots__ = ("message", "plural", "values")
    message: str
    plural: tuple[str, int] | None
    values: dict[str, Any]

    def __new__(cls, message: str, /, **values: Any) -> Said:
        return cls._made(message, None, values)

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **values: Any) -> Said:
        """A sentence whose form follows the count ``n`` (:meth:`Language.plural`)."""
        return cls._made(singular, (plural, n), values)

    @classmethod
    def _made(cls, message: str, plural: tuple[str, int] | None, values: dict[str, Any]) -> Said:
        made = super().__new__(cls, _write(ENGLISH, message, plural, values))
        made.message, made.plural, made.values = message, plural, values
        return made

    def __repr__(self) -> str:  # as the text it is: a list of problems prints as before
        return str.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled to and from worker processes
        return (Said._made, (self.message, self.plural, self.values))

    def written(self, lang: Language) -> str:
        """The sentence in ``lang`` (a value that is itself a :class:`Said` too)."""
        return _write(lang, self.message, self.plural, self.values)


def _write(
    lang: Language, message: str, plural: tuple[str, int] | None, values: dict[str, Any]
) -> str:
    filled = {k: v.written(lang) if isinstance(v, Said) else v for k, v in values.items()}
    if plural is not None:
        return lang.plural(message, plural[0], plural[1], **filled)
    return lang.text(message, **filled)


def said_in(what: object, lang: Language) -> str:
    """``what`` as a person reads it in ``lang``: a :class:`Said` (or an exception whose
    first argument is one) written in it; anything else as its text (English)."""
    if isinstance(what, BaseException) and len(what.args) == 1:
        what = what.args[0]
    return what.written(lang) if isinstance(what, Said) else str(what)


#: The languages alsos has words for, by code.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "hu": "magyar (Hungarian)",
    "qps": "pseudo-language (marks every message)",
}

ENGLISH = Language("en", gettext.NullTranslations())
_MADE: dict[str, Language] = {"en": ENGLISH, "qps": Language("qps", _Pseudo())}


def language(lang: str | Language = "en") -> Language:
    """The :class:`Language` for the code ``lang`` (a Language is returned as it is).

    :raises LanguageError: (a :class:`~alsos.errors.NotationError`) for a code
        alsos has no words for, naming the ones it has.
    """
    if isinstance(lang, Language):
        return lang
    found = _MADE.get(lang) if isinstance(lang, str) else None
    if found is not None:
        return found
    if (  # a known code only: never a path to look at, and never one more object per alias
        isinstance(lang, str)
        and lang in LANGUAGES
        and (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    ):
        made = Language(lang, gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang]))
        _MADE[lang] = made
        return made
    known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    asked = repr(lang if not isinstance(lang, str) or len(lang) <= 40 else lang[:37] + "...")
    raise LanguageError(f"no words for the language {asked}; alsos has {known}")


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The code of the language the usual locale variables ask for (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, in gettext's order) that alsos has words
    for, else ``en``: ``hu_HU.UTF-8`` gives ``hu``.  ``environ``: the variables
    (default: the process's)."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):  # LANGUAGE lists several, in order
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES and code != "qps":
                return code
            if code in ("c", "posix"):
                return "en"
        if var != "LANGUAGE":
            return "en"  # the first set variable decides (gettext's rule)
    return "en"
