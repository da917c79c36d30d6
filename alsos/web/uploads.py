"""The rules a table is played by: a shipped variant, or a profile a client uploaded.

A shipped profile is read once per server (:func:`shipped_rules`): parsing and
checking a profile's YAML costs far more than a hand's actions, so reading it
for every new or reloaded table would cap the tables a server can start.

An uploaded profile is text from anyone.  The loader bounds what it reads
(:func:`alsos.ruleset.loading.load_profile_text`: the size, the nesting, the
number of entries), and the server adds what a shared process needs
(:class:`Uploads`): the text is read in a worker process, never in the event
loop, within a time bound, and once -- the rules it gives (or the refusal) are
kept by the text's digest, so a table reloaded after a restart or asked for
again does not read it again.

A refusal is kept as the loader said it: a :class:`~alsos.language.Said`, English as
text, which the server writes in the language the request asks for
(:func:`~alsos.language.said_in`), so a person reads why their profile was refused
in the page's language.
"""

from __future__ import annotations

import functools
import hashlib
from collections import OrderedDict
from typing import Any

from alsos.language import ENGLISH, N_, Language, Said
from alsos.pack.cards import quote
from alsos.ruleset.loading import load_profile_text, load_variant, shipped_variants
from alsos.ruleset.profile import ProfileError, Ruleset
from alsos.ruleset.reasons import clauses
from alsos.ruleset.wording import name_in
from alsos.web.room import TableError
from alsos.web.searches import Searches

__all__ = ["Uploads", "read_upload", "shipped_rules", "variants"]


@functools.lru_cache(maxsize=64)
def shipped_rules(variant: str, players: int | None) -> Ruleset:
    """A shipped profile for ``players`` seats (a client names no file), read once per
    server (a Ruleset is immutable; a refusal is not kept: it is raised again).

    :raises TableError: no such shipped variant, or a player count it does not allow.
    """
    if variant not in shipped_variants():
        raise TableError(
            Said(
                N_("no shipped variant {variant}; choose one of {ids}"),
                variant=quote(variant),
                ids=", ".join(shipped_variants()),
            )
        )
    try:
        return load_variant(variant) if players is None else load_variant(variant, players=players)
    except ValueError as e:
        said = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], Said) else str(e)
        raise TableError(said) from None


@functools.cache
def _shipped(lang: str) -> tuple[tuple[str, str, int, tuple[int, ...]], ...]:
    """Each shipped variant's id, name in the language ``lang``, usual player count and
    allowed counts, from the profiles read once per server (:func:`shipped_rules`)."""
    out = []
    for vid in shipped_variants():
        rules = shipped_rules(vid, None)
        counts = tuple(rules.player_counts or (rules.players,))
        out.append((vid, name_in(rules, lang), rules.players, counts))
    return tuple(out)


def variants(lang: Language = ENGLISH) -> list[dict[str, Any]]:
    """The shipped variants as the page's form lists them (``GET /api/variants``):
    id, name (in ``lang``: the profile's own words), usual player count and the counts
    it allows.  Read from the profiles once per server, like every table's rules: a
    request reads no file."""
    return [
        {"id": vid, "name": name, "players": players, "counts": list(counts)}
        for vid, name, players, counts in _shipped(lang.code)
    ]


def read_upload(text: str, players: int | None) -> Ruleset | str:
    """(In a worker.)  The rules of an uploaded profile for ``players`` seats (None: its
    own count, named as such, so that the table reads the same rules again when it
    is loaded with the count it was stored with), or the loader's refusal (a
    ProfileError: the key path and the reason), a :class:`~alsos.language.Said` to be
    written in the reader's language (its text is the English).

    Each text is named after its digest (``upload-<12 hex>.yaml``): the rulesets of
    two uploads never share a name, by which a worker finds a view's rules
    (:func:`alsos.ruleset.tables.rules_named`) and a record names them; a refusal
    names the file ``upload.yaml``, as the person who sent it knows it."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    name = f"upload-{digest}.yaml"
    try:
        if players is None:
            players = load_profile_text(text, name).players
        return load_profile_text(text, name, players=players)
    except ValueError as e:
        return _refusal(e, name)
    except RecursionError:  # the loader bounds the nesting; should it ever not
        return Said(N_("{source}: the profile nests too deep to read"), source="upload.yaml")


def _refusal(error: ValueError, name: str) -> str:
    """The loader's refusal of the text named ``name``, naming it ``upload.yaml``: the
    ProfileError's sentence with its problems kept (each a Said), else its text."""
    english = str(error).replace(name, "upload.yaml")
    if not isinstance(error, ProfileError):
        return english
    source = error.source
    if not isinstance(source, Said):
        source = source.replace(name, "upload.yaml")
    said = Said(N_("{source}: {problems}"), source=source, problems=clauses(error.problems))
    return said if said == english else english


class Uploads:
    """Uploaded profiles read in the workers of ``searches``, each text once.

    ``timeout``: seconds a profile may take to read before it is refused;
    ``keep``: how many texts' rules (or refusals) are kept, the least recently
    used let go first.
    """

    def __init__(self, searches: Searches, *, timeout: float = 5.0, keep: int = 256) -> None:
        self.searches = searches
        self.timeout = timeout
        self.keep = keep
        self._read: OrderedDict[tuple[str, int | None], Ruleset | str] = OrderedDict()

    async def rules(self, text: str, players: int | None, *, queue: str) -> Ruleset:
        """The rules of the uploaded ``text`` for ``players`` seats.  ``queue``: whose
        turn the reading takes (:meth:`Searches.run`: the client that uploads it, or
        the table it is for).

        :raises TableError: the loader refused it, or it took too long to read.
        """
        key = (hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), players)
        found = self._read.get(key)
        if found is None:
            try:
                found = await self.searches.run(
                    queue, read_upload, text, players, timeout=self.timeout
                )
            except TimeoutError:
                found = Said(
                    N_("the profile took over {seconds} s to read: it is not one"),
                    seconds=f"{self.timeout:g}",
                )
            self._read[key] = found
            if players is None and not isinstance(found, str):
                self._read[key[0], found.players] = found  # what a reload asks for
            while len(self._read) > self.keep:
                self._read.popitem(last=False)
        self._read.move_to_end(key)
        if isinstance(found, str):
            raise TableError(found)
        return found
