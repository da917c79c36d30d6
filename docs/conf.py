"""Sphinx configuration for the alsos documentation.

Build the site and run the examples in it (both must pass without warnings)::

    sphinx-build -W -n -b html docs docs/_build/html
    sphinx-build -W -n -b doctest docs docs/_build/doctest

The rulebook pages are not stored here: the ``alsos.sphinxext`` directives
write them from the shipped profiles each time the site is built.  Nothing is
fetched from the network (no intersphinx), so the build works offline.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import alsos

project = "alsos"
author = "alsos contributors"
copyright = "alsos contributors, MIT licence"
version = release = alsos.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "alsos.sphinxext",
]

exclude_patterns = ["_build"]
root_doc = "index"
language = "en"

# Every cross-reference must resolve (sphinx-build -n).  Only names from other
# projects are let through, since their inventories are not fetched.
nitpicky = True
nitpick_ignore = [
    ("py:func", "yaml.safe_load"),
    # alsos.sphinxext.setup's annotations, imported for type checking only.
    ("py:class", "Sphinx"),
    ("py:class", "ExtensionMetadata"),
    # The bot protocol in alsos.rl.gymnasium's signature (alsos.bots has no API page yet).
    ("py:class", "alsos.bots.Bot"),
    # alsos.play.turn.GameCore's annotations (Game's per-decision methods), whose event
    # type is imported for type checking only (alsos.hand.events.Event).
    ("py:class", "Event"),
]
# The standard library's types in signatures (no intersphinx, so no inventory).
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|enum|random|pathlib|argparse|gettext|os)\.\w+"),
    # The optional libraries of alsos.rl and alsos.openspiel (no inventories either).
    ("py:class", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel)\..+"),
    # the web table's frameworks in alsos.web's documented signatures
    ("py:class", r"(starlette|sqlalchemy)\..+"),
    # the web table's parts that have no API page (the hub's database threads, the limits)
    ("py:class", r"alsos\.web\.(guard|writes|hub|room)\..+"),
    # The job and result type variables of alsos.research.parallel.run.
    ("py:class", r"alsos\.research\.parallel\.[JR]"),
    # Private type variables of signatures (alsos.ruleset.tables, alsos.terminal).
    ("py:class", r"(alsos\.[\w.]+\.)?_T"),
]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options: dict[str, Any] = {"undoc-members": True}

# Examples in the pages run under `sphinx-build -b doctest`.  DOCS is this
# folder, so pages can reach the example profiles in docs/examples/.
DOCS = Path(__file__).resolve().parent
doctest_global_setup = f"import alsos\nfrom pathlib import Path\nDOCS = Path({str(DOCS)!r})"

# Furo reads well on wide and narrow screens (a sidebar that folds away on a
# phone); it comes with the docs extra.
html_theme = "furo"
html_title = f"alsos {release}"
html_theme_options: dict[str, Any] = {"navigation_with_keys": True}
html_static_path = ["_static"]
html_css_files = ["alsos.css"]


def _skip_reexported(
    app: Any, what: str, name: str, obj: object, skip: bool, options: Any
) -> bool | None:
    """Document each public name once: under ``alsos``, not again in its home module.

    The ``alsos`` section is built with ``:imported-members:``; there autodoc
    records each class's home (``alsos.play.game.Game``) as its canonical name, so
    references to either spelling resolve.  The module sections skip those
    names, which would otherwise be described twice.
    """
    in_home_module = what == "module" and not getattr(options, "imported_members", None)
    if in_home_module and name in alsos.__all__ and getattr(alsos, name, None) is obj:
        return True
    return None


_REEXPORTED = {name: getattr(alsos, name) for name in alsos.__all__}


def _public_alias(target: str, module: str | None, cls: str | None) -> str | None:
    """The ``alsos.<name>...`` spelling of a reference to a re-exported object, if any.

    A docstring in ``alsos/pack/cards.py`` may say ``Card.parse`` (meaning
    ``alsos.pack.cards.Card.parse``), but the method is documented as
    ``alsos.Card.parse``; this finds that name.
    """
    candidates = [target]
    if module:
        candidates.append(f"{module}.{target}")
        if cls:
            candidates.append(f"{module}.{cls}.{target}")
    for full in candidates:
        parts = full.split(".")
        if parts[0] != "alsos":
            continue
        for k in range(2, len(parts)):  # the home module is alsos.<layer>.<module>
            home, name, rest = ".".join(parts[:k]), parts[k], parts[k + 1 :]
            obj = _REEXPORTED.get(name)
            if obj is not None and getattr(obj, "__module__", None) == home:
                return ".".join(["alsos", name, *rest])
    return None


def _resolve_public_alias(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve references to a re-exported object's home-module name (see above)."""
    if node.get("refdomain") != "py":
        return None
    alias = _public_alias(node["reftarget"], node.get("py:module"), node.get("py:class"))
    if alias is None:
        return None
    domain = env.domains["py"] if hasattr(env, "domains") else env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], alias, node, contnode
    )


_ENUM_REPR = re.compile(r"<((?:\w+\.)*\w+): [^<>]*>")
_LONG_DEFAULT = 40


def _tidy_signature(
    app: Any,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Make generated signatures readable: enum reprs as names, long defaults as ``...``.

    The profile classes (attrs) have defaults such as ``(<Suit.LEAVES: 3>, ...)``
    or a whole nested ruleset, which are neither valid Python nor useful in a
    signature; the values are described in the profile format instead.
    """
    if not signature:
        return None
    tidy = _ENUM_REPR.sub(r"\1", signature)
    try:
        func = ast.parse(f"def _f{tidy}: pass").body[0]
    except SyntaxError:
        return (tidy, return_annotation) if tidy != signature else None
    assert isinstance(func, ast.FunctionDef)
    args = func.args
    defaults = [_short(d) for d in args.defaults]
    kw_defaults = [None if d is None else _short(d) for d in args.kw_defaults]
    if defaults == args.defaults and kw_defaults == args.kw_defaults:
        return (tidy, return_annotation) if tidy != signature else None
    args.defaults, args.kw_defaults = defaults, kw_defaults
    return f"({ast.unparse(args)})", return_annotation


def _short(node: ast.expr) -> ast.expr:
    return ast.Constant(...) if len(ast.unparse(node)) > _LONG_DEFAULT else node


def setup(app: Any) -> None:
    """Hook the helpers above into autodoc and reference resolution."""
    app.connect("autodoc-skip-member", _skip_reexported)
    app.connect("autodoc-process-signature", _tidy_signature)
    app.connect("missing-reference", _resolve_public_alias)
