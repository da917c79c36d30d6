"""Rulesets and their loading: what a variant's profile says, checked.

:mod:`~alsos.ruleset.profile` (the immutable :class:`~alsos.Ruleset`),
:mod:`~alsos.ruleset.loading` (the strict YAML loader with key paths),
:mod:`~alsos.ruleset.yaml_reading` (its YAML reader, bounded in nesting and size),
:mod:`~alsos.ruleset.checks` (which option combinations make sense),
:mod:`~alsos.ruleset.reasons` (how its problems are said, in any language),
:mod:`~alsos.ruleset.schema` (the profile's JSON Schema),
:mod:`~alsos.ruleset.wording` (a profile's words in other languages),
:mod:`~alsos.ruleset.registry` (rule modules by name, plugins by entry point)
and :mod:`~alsos.ruleset.sources` (the rule documents cited).  Needs only
:mod:`alsos.pack`.
"""
