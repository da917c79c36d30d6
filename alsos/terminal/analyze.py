"""``alsos analyze``: every decision of a recorded hand judged, printed in a language.

The command's own lines (a file it cannot read or write, a file of several
hands) and the report (:func:`alsos.analysis.report`) are written in the
:class:`~alsos.language.Language` the command was given; :mod:`alsos.cli`
wires the options to :func:`analyze_file`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from alsos.language import ENGLISH, Language, said_in
from alsos.play.data import to_data
from alsos.records.record import loads_all
from alsos.terminal import read_record_file

__all__ = ["analyze_file"]


def analyze_file(
    path: str,
    seat: int | None,
    out: str | None,
    worlds: int,
    seed: int,
    html: str | None = None,
    lang: Language = ENGLISH,
) -> int:
    """Print the analysis of the one hand in the record file ``path`` in ``lang`` (and
    write it as JSON to ``out``, as a viewer page to ``html``: every card shown, as the
    record's replay); return the exit code."""
    from alsos.analysis import AnalysisError, analyze, report

    records = read_record_file(path, loads_all, lang)
    if records is None:
        return 1
    if len(records) != 1:
        print(
            lang.plural(
                "{file}: holds {n} hand; analyze takes a file of one",
                "{file}: holds {n} hands; analyze takes a file of one",
                len(records),
                file=path,
            ),
            file=sys.stderr,
        )
        return 2
    try:
        # The local user's own command: a record may name a profile file (docs/records.rst).
        analysis = analyze(records[0], seat=seat, worlds=worlds, seed=seed, allow_files=True)
    except AnalysisError as e:
        print(f"{path}: {said_in(e, lang)}", file=sys.stderr)
        return 2
    print(report(analysis, lang), end="")
    writes = []
    if out is not None:
        writes.append((out, json.dumps(to_data(analysis), indent=1, ensure_ascii=False) + "\n"))
    if html is not None:
        from alsos.viewer import page

        writes.append((html, page(records[0], analysis=analysis, allow_files=True, lang=lang)))
    for target, text in writes:
        try:
            Path(target).write_text(text, encoding="utf-8")
        except OSError as e:
            print(lang.text("cannot write {file}: {error}", file=target, error=e), file=sys.stderr)
            return 1
    if html is not None:
        print(lang.text("viewer with the analysis written to {file}", file=html))
    return 0
