"""Loading variant profiles: YAML to a checked :class:`~alsos.ruleset.profile.Ruleset`.

Every way a profile can be wrong is reported as a :class:`ProfileError`
naming the file, the key path and the reason, and nothing half-loaded is
returned:

- YAML is read with a safe loader that also refuses repeated keys;
- ``extends`` chains are followed with paths made absolute, so a cycle is
  found however it is spelled;
- the data is structured by a strict cattrs converter: unknown keys, wrong
  scalar types and a string where a list belongs are refused;
- ``by_players`` overrides are checked for every player count, not only
  the one being loaded;
- :func:`alsos.ruleset.checks.check` then refuses combinations the engine cannot honour.
"""

from __future__ import annotations

import difflib
import json
import pathlib
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs
import yaml

from alsos.language import N_, Said
from alsos.ruleset import params, registry, wording
from alsos.ruleset.checks import check, oversize_tables, short
from alsos.ruleset.profile import FAMILY_PLACES, ProfileError, Ruleset
from alsos.ruleset.reasons import clauses, or_list, unknown_key
from alsos.ruleset.structure import Refused, hints, lines, shape_problems, structured
from alsos.ruleset.yaml_reading import StrictLoader, read_yaml

__all__ = ["load_profile_text", "load_variant", "shipped_variants", "split_variant"]

_PLAYER_COUNTS = (2, 3, 4)
#: Ruleset fields the loader fills itself; a profile cannot set them.
_HIDDEN = ("options", "origin", "parent", "own_sources", "profile_text", "_tables")


#: A profile is a few kilobytes; anything far larger is not one.
_MAX_BYTES = 1 << 20
#: What a shipped id looks like: a name, never a path.
_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _variants_dir() -> pathlib.Path:
    """Where the shipped profiles are: inside the installed package, else the checkout."""
    package = pathlib.Path(__file__).parent.parent  # alsos/, the ruleset's parent
    packaged = package / "variants"
    return packaged if packaged.is_dir() else package.parent / "variants"


def shipped_variants() -> list[str]:
    """Ids of the profiles packaged with alsos."""
    return sorted(p.stem for p in _variants_dir().glob("*.yaml"))


def _locate(name_or_path: str | pathlib.Path) -> tuple[str, pathlib.Path]:
    """(name used in messages, file) for a shipped id or a path."""
    if isinstance(name_or_path, str) and not name_or_path.endswith((".yaml", ".yml")):
        return f"variants/{name_or_path}.yaml", _variants_dir() / f"{name_or_path}.yaml"
    path = pathlib.Path(name_or_path)
    return str(path), path


def _read_yaml(name_or_path: str | pathlib.Path) -> tuple[str, pathlib.Path, dict[str, Any]]:
    source, path = _locate(name_or_path)
    shipped = source.startswith("variants/") and not isinstance(name_or_path, pathlib.Path)
    shipped_ids = ", ".join(shipped_variants())
    if shipped and not _ID.fullmatch(str(name_or_path)):
        raise ProfileError(
            short(str(name_or_path)),
            [
                Said(
                    N_(
                        "not a shipped variant id (ids are names such as potter1930: "
                        "{ids}); a profile file's path ends in .yaml"
                    ),
                    ids=shipped_ids,
                )
            ],
        )
    unreadable = N_("cannot read the file: {reason}")
    try:
        exists = path.is_file()
        size = path.stat().st_size if exists else 0
    except OSError as e:
        raise ProfileError(short(source), [Said(unreadable, reason=e.strerror)]) from None
    if not exists:
        if shipped:
            raise ProfileError(
                str(name_or_path),
                [Said(N_("no such variant; shipped ones are {ids}"), ids=shipped_ids)],
            )
        raise ProfileError(source, [Said(N_("cannot read the file: no such file"))])
    if size > _MAX_BYTES:
        raise ProfileError(
            source,
            [Said(N_("the file has {size} bytes; a profile is at most 1 MiB"), size=size)],
        )
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as e:
        raise ProfileError(source, [Said(unreadable, reason=e.strerror)]) from None
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise ProfileError(
            source,
            [
                Said(
                    N_("line {line}: not UTF-8 text (byte 0x{byte}); save it as UTF-8"),
                    line=line,
                    byte=f"{raw[e.start]:02x}",
                )
            ],
        ) from None
    return source, path.resolve(), _profile_data(source, read_yaml(source, text))


def _profile_data(source: str, data: Any) -> dict[str, Any]:
    """``data`` read from a profile, checked to be a mapping without the keys the
    loader sets itself."""
    if not isinstance(data, dict):
        raise ProfileError(source, [Said(N_("the profile must be a mapping of keys to values"))])
    if "options" in data:
        raise ProfileError(
            source,
            [Said(N_("options: not a profile key; pass options to load_variant instead"))],
        )
    for key in _HIDDEN:
        if key in data and key != "options":
            raise ProfileError(
                source, [Said(N_("{key}: not a profile key; the loader sets it"), key=key)]
            )
    return data


def _merge_over(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` (a child profile, a ``by_players`` entry) merged over ``base``, without
    the keys of a module ``over`` replaces (:func:`params.forget_switched`) or the
    translations of a text it gives anew (:func:`wording.forget_translated`)."""
    return _merge(wording.forget_translated(params.forget_switched(base, over), over), over)


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _resolve(
    name_or_path: str | pathlib.Path,
    seen: tuple[pathlib.Path, ...] = (),
    lineage: dict[str, Any] | None = None,
) -> tuple[str, dict[str, Any]]:
    """The profile's data merged over its ``extends`` chain.

    ``lineage``, when given, receives the profile's own parent (``extends``,
    paths made absolute) and the sections it cites itself (``sources``), which
    the rulebook uses to cite a changed clause to the profile that changed it.
    """
    source, path, data = _read_yaml(name_or_path)
    if path in seen:
        chain = " -> ".join(p.name for p in (*seen, path))
        raise ProfileError(
            source, [Said(N_("extends: circular inheritance ({chain})"), chain=chain)]
        )
    return source, _resolve_data(source, path, data, seen, lineage)


def _resolve_data(
    source: str,
    path: pathlib.Path | None,
    data: dict[str, Any],
    seen: tuple[pathlib.Path, ...] = (),
    lineage: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``data``, a profile already read (from the file ``path``, or from text when
    None), merged over its ``extends`` chain (see :func:`_resolve`).

    Text names no file, so its ``extends`` may name only a shipped variant: an
    upload must not make the loader open local files.
    """
    parent = data.pop("extends", None)
    if lineage is not None:
        own = data.get("sources")
        lineage["own_sources"] = tuple(own) if isinstance(own, dict) else ()
        lineage["parent"] = None
    if parent is None:
        return data
    if path is None and not (isinstance(parent, str) and parent in shipped_variants()):
        raise ProfileError(
            source,
            [
                Said(
                    N_(
                        "extends: {parent} is not a shipped variant; an uploaded profile "
                        "extends only one of {ids}"
                    ),
                    parent=short(parent),
                    ids=", ".join(shipped_variants()),
                )
            ],
        )
    if not isinstance(parent, str):
        raise ProfileError(source, [Said(N_("extends: expected a variant id or a file path"))])
    relative = parent.endswith((".yaml", ".yml")) and not pathlib.Path(parent).is_absolute()
    if path is not None and relative:
        parent = str(path.parent / parent)
    if lineage is not None:
        lineage["parent"] = parent
    try:
        _, base = _resolve(parent, seen if path is None else (*seen, path))
    except ProfileError as e:
        if e.source == source or all(p.startswith("extends:") for p in e.problems):
            raise ProfileError(source, e.problems) from None
        inherited: list[str] = [
            Said(N_("extends: {parent}: {problem}"), parent=repr(parent), problem=p)
            for p in e.problems
        ]
        inherited.append(Said(N_("(in {source})"), source=e.source))
        raise ProfileError(source, inherited) from None
    return _merge_over(base, data)


def _structure(data: dict[str, Any], where: str = "") -> tuple[Ruleset | None, list[str]]:
    """The ruleset ``data`` describes, or None and why not (key paths after ``where``).

    Tables larger than a ruleset may hold are refused first, then values of the
    wrong shape: the work after each grows with the entries.  The rule modules'
    own keys are read into their parameters (:mod:`alsos.ruleset.params`).
    """
    problems = oversize_tables(data, where)
    problems = problems or shape_problems(data, Ruleset, where)
    if problems:
        return None, problems
    explained = _incomplete_figures(data, where)
    common, found, foreign = params.split(data, where)
    rules, refused = structured(common, Ruleset)
    if rules is None:
        out = [_explain_extra(r, where) if r.extra else lines([r], where)[0] for r in refused]
        # The figures explained above would be reported again, as missing fields.
        explain = tuple(
            f"{where}figures.{name}{end}"
            for name in explained
            for end in (":", ".kind:", ".value:")
        )
        kept = [m for m in out if not m.startswith(explain)]
        return None, list(explained.values()) + kept + foreign
    objects, wrong = params.read(found, where)
    if foreign or wrong:
        return None, foreign + wrong
    return params.attach(rules, objects), []


#: For how many unknown keys or incomplete figures a message guesses what was meant.
_GUESSES = 8


def _incomplete_figures(data: Mapping[str, Any], where: str) -> dict[str, str]:
    """Figures the converter would call "required field missing", by name, with a
    better reason: most often a misspelt figure of the base profile (``kasza:
    {value: 2}`` for kassza), else a new figure that lacks its kind or value."""
    figures = data.get("figures")
    if not isinstance(figures, Mapping):
        return {}
    known = [n for n, f in figures.items() if isinstance(f, Mapping) and "kind" in f]
    kinds = ", ".join(registry.available("figures"))
    guesses = _GUESSES  # difflib compares a name with each known one: bound the work
    out: dict[str, str] = {}
    for name, fig in figures.items():
        if not isinstance(name, str):  # a YAML key such as 3 or true (a merged child's too)
            out[str(name)] = Said(
                N_("{where}: a figure's name must be text, got {name}"),
                where=f"{where}figures",
                name=short(name),
            )
            continue
        key = f"{where}figures.{name[:40]}"
        if not isinstance(fig, Mapping):
            out[name] = Said(
                N_(
                    "{where}: expected the figure's keys (e.g. {{kind: volat, value: 2}}), "
                    "got {value}"
                ),
                where=key,
                value=short(fig),
            )
            continue
        missing = [k for k in ("kind", "value") if k not in fig]
        if not missing:
            continue
        close = []
        if guesses and len(name) <= 40:  # a figure id is at most 40 characters
            guesses -= 1
            close = difflib.get_close_matches(name, [k for k in known if k != name], 3, 0.6)
        if close:
            out[name] = Said(
                N_(
                    "{where}: {name} is not a known figure; did you mean {guesses}? "
                    "(a new figure needs kind and value)"
                ),
                where=key,
                name=short(name),
                guesses=or_list([repr(c) for c in close]),
            )
        elif len(missing) == 2:
            out[name] = Said(
                N_("{where}: a new figure needs kind and value; kind is one of {kinds}"),
                where=f"{key}.kind",
                kinds=kinds,
            )
        else:
            out[name] = Said(
                N_("{where}: a new figure needs {key}; kind is one of {kinds}"),
                where=f"{key}.{missing[0]}",
                key=missing[0],
                kinds=kinds,
            )
    return out


def _nested(key: str, value: Any) -> dict[str, Any]:
    """The dotted option ``key`` with ``value`` as profile data: ``{"a": {"b": value}}``."""
    out: Any = value
    for part in reversed(key.split(".")):
        out = {part: out}
    return dict(out)


def _set_option(data: dict[str, Any], key: str, value: Any) -> None:
    node = data
    names = key.split(".")
    for p in names[:-1]:
        sub = node.get(p)
        if not isinstance(sub, dict):
            sub = {}
            node[p] = sub
        node = sub
    node[names[-1]] = value


def load_variant(name_or_path: str | pathlib.Path, **options: Any) -> Ruleset:
    """Load a shipped profile by id, or a user's YAML file by path.

    Keyword ``options`` override profile keys by dotted path, e.g.
    ``load_variant("potter1930", **{"games.trump": 2})``, and ``players=N``
    picks a player count (with the profile's ``by_players`` overrides).  The
    canonical string ``str(ruleset)`` records them
    (``potter1930[games.trump=2]``) and is accepted here too.

    :raises ProfileError: (a :class:`~alsos.errors.RulesetError`) naming the file,
        key path and reason: no such variant or file, YAML it cannot read, a key or
        value the profile format does not allow, a rule module no package
        provides, an option or player count that does not fit.
    """
    name_or_path = _take_bracket_options(name_or_path, options)
    lineage: dict[str, Any] = {}
    source, data = _resolve(name_or_path, lineage=lineage)
    # What str(rules) starts with, so that load_variant(str(rules)) reads it back: the
    # shipped id as loaded (not the profile's own id, which options may change).
    origin = source[len("variants/") : -len(".yaml")] if source.startswith("variants/") else source
    return _ruleset(source, data, options, {**lineage, "origin": origin})


def _ruleset(
    source: str, data: dict[str, Any], options: dict[str, Any], loader_fields: dict[str, Any]
) -> Ruleset:
    """The checked ruleset of ``data`` (a profile merged over its ``extends`` chain)
    with ``options``, for the player count they choose; ``loader_fields`` are the
    fields the loader sets itself (origin, parent, own_sources)."""
    by_players = _by_players(source, data)
    players = _player_count(source, data, options, by_players)
    data["players"] = players
    if players in by_players:
        data = _merge_over(data, by_players[players])
    for key, value in options.items():
        _check_option(key, value)
        section, _, name = key.partition(".")
        data = params.forget_switched(data, {section: {name: value}})  # a module chosen
        data = wording.forget_translated(data, _nested(key, value))  # a text given anew
        _set_option(data, key, value)
    params.complete(data)
    rules, problems = _structure(data)
    if rules is None:
        by_option = _blame_options(problems, options)
        if by_option is not None:
            raise ProfileError(*by_option)
        raise ProfileError(source, problems)
    problems = check(rules)
    if problems:
        raise ProfileError(source, problems)
    return attrs.evolve(rules, options=dict(options), **loader_fields)


def _take_bracket_options(
    name_or_path: str | pathlib.Path, options: dict[str, Any]
) -> str | pathlib.Path:
    """The profile named by ``name_or_path``, with the options of a canonical string
    (``potter1930[games.trump=2]``) added to ``options`` (keywords win)."""
    name = str(name_or_path)
    if isinstance(name_or_path, str) and name.endswith("]") and "[" in name:
        name, _, rest = name[:-1].partition("[")
        for item in _split_options(rest):
            key, value = _read_option(name, item)
            options.setdefault(key, value)
        return name
    return name_or_path


def split_variant(variant: str) -> tuple[str, dict[str, Any]]:
    """The name and the load options of a canonical string (``str(rules)``):
    ``split_variant("upload.yaml[players=4]")`` is ``("upload.yaml", {"players": 4})``,
    so that ``load_profile_text(rules.profile_text, name, **options)`` loads the
    rules of a profile given as text again.

    :raises ProfileError: options it cannot read (as :func:`load_variant` says).
    """
    options: dict[str, Any] = {}
    return str(_take_bracket_options(variant, options)), options


def _by_players(source: str, data: dict[str, Any]) -> dict[Any, Any]:
    """The profile's ``by_players`` overrides, taken out of ``data`` and checked to be
    a mapping of player counts to mappings."""
    by_players = data.pop("by_players", None) or {}
    if not isinstance(by_players, dict):
        raise ProfileError(
            source, [Said(N_("by_players: expected a mapping of player counts to overrides"))]
        )
    problems: list[str] = []
    for count, override in by_players.items():
        if isinstance(count, bool) or count not in _PLAYER_COUNTS:
            problems.append(
                Said(N_("{where}: not a player count; use 2, 3 or 4"), where=f"by_players.{count}")
            )
        elif not isinstance(override, dict):
            problems.append(Said(N_("{where}: expected a mapping"), where=f"by_players.{count}"))
    if problems:
        raise ProfileError(source, problems)
    return by_players


def _player_count(
    source: str, data: dict[str, Any], options: dict[str, Any], by_players: dict[Any, Any]
) -> Any:
    """The player count to load (the ``players`` option, else the profile's), checked
    against the counts the profile declares; every ``by_players`` entry must be one
    of them, and the overrides for the other counts must load as well.  The value is
    returned as given (``3.0`` stays a float, for the structure check to judge)."""
    players = options.get("players", data.get("players", 3))
    if isinstance(players, bool) or players not in _PLAYER_COUNTS:
        where = _option("players") if "players" in options else source
        raise ProfileError(
            where, [Said(N_("players: expected 2, 3 or 4, got {value}"), value=short(players))]
        )
    problems: list[str] = []
    declared = _declared_counts(
        {**data, "player_counts": options.get("player_counts", data.get("player_counts"))}
    )
    if declared is not None:
        counts = ", ".join(str(n) for n in declared)
        if players not in declared:
            raise ProfileError(
                source,
                [
                    Said(
                        N_(
                            "players: this profile is for {counts} players, not {n}; "
                            "other counts need rules of their own (player_counts, by_players)"
                        ),
                        counts=counts,
                        n=players,
                    )
                ],
            )
        problems += [
            Said(
                N_(
                    "{where}: {n} is not a player count of this profile ({counts}); "
                    "add it to player_counts, or remove the entry"
                ),
                where=f"by_players.{n}",
                n=n,
                counts=counts,
            )
            for n in by_players
            if n not in declared
        ]
    for count, override in by_players.items():
        if count != players:  # the loaded count is checked below, in full
            trial = {**data, "players": count}
            trial = _merge_over(trial, override)
            params.complete(trial)
            problems += _structure(trial, f"by_players.{count}.")[1]
    if problems:
        raise ProfileError(source, problems)
    return players


def _check_option(key: str, value: Any) -> None:
    """Raise :class:`ProfileError` unless option ``key`` names a profile key and
    ``value`` is plain data (what a YAML profile could hold)."""
    unknown = _unknown_key(key.split("."))
    if unknown:
        raise ProfileError(_option(f"{key[:60]}={_json(value)}"), [unknown])
    try:
        plain = json.loads(json.dumps(value))
    except (TypeError, ValueError):
        raise ProfileError(
            _option(key),
            [
                Said(
                    N_(
                        "{key}: {value} is not plain data; give text, a number, true/false, "
                        "null, a list or a mapping"
                    ),
                    key=key,
                    value=short(value),
                )
            ],
        ) from None
    if plain != value and not isinstance(value, tuple):
        raise ProfileError(
            _option(key),
            [Said(N_("{key}: {value} does not survive JSON"), key=key, value=short(value))],
        )


def _option(option: str) -> Said:
    """The source of a problem with a load option (``option players``)."""
    return Said(N_("option {option}"), option=option)


def _declared_counts(data: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The player counts a profile is written for: its ``player_counts`` (a
    ``player_counts`` option included), else its own ``players`` (3 if it names
    none); None when these are malformed, which the structuring step reports."""
    counts = data.get("player_counts")
    if counts is None or counts == [] or counts == ():
        counts = [data.get("players", 3)]
    if not isinstance(counts, (list, tuple)) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in counts
    ):
        return None
    return tuple(counts)


def _json(value: Any) -> str:
    return short(json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str), 80)


def _unknown_key(keys: list[str], prefix: str = "") -> str | None:
    """Why the dotted key ``keys`` names nothing in the profile format, or None
    (``prefix`` comes before the key path it names).

    In a family's section a key may be a parameter of any installed module of the
    family (which module's it is, is judged once the profile is read)."""
    hint: Any = Ruleset
    sections = {s for s, _, _ in FAMILY_PLACES.values()}
    for depth, part in enumerate(keys):
        where = prefix + ".".join(keys[: depth + 1])
        origin = typing.get_origin(hint)
        if depth == 1 and keys[0] in sections:
            hint = params.key_type(keys[0], part)
            if hint is None:
                return unknown_key(where, part, params.all_keys(keys[0]))
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 1:
                hint = args[0]
        elif attrs.has(hint):
            names = [f.name for f in attrs.fields(hint) if f.init and f.name not in _HIDDEN]
            if part not in names:
                return unknown_key(where, part, names)
            hint = hints(hint)[part]
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 1:
                hint = args[0]
        elif origin in (dict, Mapping):
            hint = typing.get_args(hint)[1]
        elif depth < len(keys):
            return Said(
                N_("{where}: {key} is a value, not a mapping of keys"),
                where=where,
                key=".".join(keys[:depth]),
            )
    return None


def _explain_extra(refused: Refused, where: str) -> str:
    """cattrs's "extra fields found (x)" as "path.x: unknown key; did you mean ...?"
    (one line for the keys of one mapping; ``where`` before its first key path)."""
    path = [p for p in refused.path.split(".") if p]
    out: list[str] = []
    for i, name in enumerate(n.strip() for n in refused.extra):
        # difflib compares each name with each known key: a few suggestions will do
        prefix = where if i == 0 else ""
        why = _unknown_key([*path, name], prefix) if i < _GUESSES else None
        out.append(why or Said(N_("{where}: unknown key"), where=prefix + ".".join([*path, name])))
    return clauses(out)


def _blame_options(problems: list[str], options: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(source, problems) naming the option, when every problem is under an option's key."""
    blamed = []
    for problem in problems:
        key = next(
            (k for k in options if problem == k or problem.startswith((f"{k}:", f"{k}."))), None
        )
        if key is None:
            return None
        blamed.append(key)
    first = blamed[0]
    return _option(f"{first}={_json(options[first])}"), problems


#: How deep an option's value may nest lists and mappings; a profile needs three.
_MAX_DEPTH = 16


def _read_option(name: str, item: str) -> tuple[str, Any]:
    """(key, value) of one ``key=value`` of a canonical string such as
    ``potter1930[games.trump=2]``: the value as JSON, else as one line of YAML.

    This text also arrives from a record's Variant header, OpenSpiel's
    ``variant`` parameter and ``--variant``, so anything unreadable (unclosed
    or absurdly deep brackets, YAML aliases) is a :class:`ProfileError`.
    """
    key, eq, raw = item.partition("=")
    source = name if len(name) <= 60 else f"{name[:55]}..."
    if not eq:
        raise ProfileError(
            source, [Said(N_("cannot read option {item}: write key=value"), item=short(item))]
        )
    key = key.strip()
    depth = _nesting(raw)
    if depth > _MAX_DEPTH:
        raise ProfileError(
            source,
            [
                Said(
                    N_("option {key}: the value nests {depth} brackets deep; at most {most}"),
                    key=short(key),
                    depth=depth,
                    most=_MAX_DEPTH,
                )
            ],
        )
    try:
        return key, json.loads(raw)
    except (ValueError, RecursionError):
        pass
    try:
        return key, yaml.load(raw, Loader=StrictLoader)
    except (yaml.YAMLError, ValueError, RecursionError) as e:
        problem = getattr(e, "problem", None) or Said(N_("not a value"))
        raise ProfileError(
            source,
            [
                Said(
                    N_(
                        "option {key}: cannot read the value {value} ({problem}); "
                        'write JSON or YAML such as 2, true, "text", [1, 2] or {{a: 1}}'
                    ),
                    key=short(key),
                    value=short(raw),
                    problem=problem,
                )
            ],
        ) from None


def _nesting(text: str) -> int:
    """The deepest nesting of brackets and braces in ``text`` (quotes not counted)."""
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _split_options(given: str) -> list[str]:
    """Split ``a=1;b=[1,2];c="x;y"`` at the semicolons outside brackets and quotes."""
    out, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(given):
        if ch == '"' and (i == 0 or given[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted and ch in "[{":
            depth += 1
        elif not quoted and ch in "]}":
            depth -= 1
        elif not quoted and depth == 0 and ch == ";":
            out.append(given[start:i])
            start = i + 1
    out.append(given[start:])
    return [p for p in (x.strip() for x in out) if p]


def load_profile_text(text: str, name: str = "upload.yaml", **options: Any) -> Ruleset:
    """Load a profile given as YAML text (an upload) as :func:`load_variant` loads a file.

    Text from someone else must not make the loader open local files: its
    ``extends`` may name only a shipped variant.  ``name`` stands for the text
    in messages and in ``str(rules)``.  The text is read once, with the bounds of
    :class:`~alsos.ruleset.yaml_reading.StrictLoader`, and no file is written; the
    ruleset keeps it (``rules.profile_text``), and a game's record carries it
    (the ``Profile`` header), so that the hand replays without the text at hand.

    :raises ProfileError: (a :class:`~alsos.errors.RulesetError`) what
        :func:`load_variant` would say, or an ``extends`` naming a file.
    """
    if len(text.encode("utf-8", "replace")) > _MAX_BYTES:
        raise ProfileError(name, [Said(N_("the text is over 1 MiB; a profile is at most 1 MiB"))])
    lineage: dict[str, Any] = {}
    data = _resolve_data(name, None, _profile_data(name, read_yaml(name, text)), lineage=lineage)
    return _ruleset(name, data, options, {**lineage, "origin": name, "profile_text": text})
