"""Files of one row per hand: JSON Lines, CSV or Parquet (``alsos simulate --out``).

Kept apart from the study itself: a writer knows only the columns and the file
format, so other tools that produce rows (or read them back) need nothing of
the simulation.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from alsos.errors import ResearchError

__all__ = ["SUFFIXES", "RowFileError", "RowWriter", "check_format", "row_writer"]

#: The file suffixes a row file may have.
SUFFIXES = (".parquet", ".csv", ".jsonl")


class RowFileError(ResearchError):
    """A row file that cannot be written in this installation (Parquet without pyarrow)."""


class RowWriter:
    """Rows to a file, written a batch of :attr:`BATCH` rows at a time (Parquet
    row groups of a useful size, whatever the jobs were)."""

    BATCH = 4096

    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        self.queue: list[dict[str, Any]] = []

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Queue ``rows``; write the queue once it is a batch long."""
        self.queue.extend(rows)
        if len(self.queue) >= self.BATCH:
            self.finish()

    def finish(self) -> None:
        """Write what is queued."""
        if self.queue:
            self.write(self.queue)
            self.queue = []

    def write(self, rows: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class _JsonlWriter(RowWriter):
    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        super().__init__(path, columns)
        self.file = path.open("w", encoding="utf-8")

    def write(self, rows: list[dict[str, Any]]) -> None:
        self.file.writelines(json.dumps(row, separators=(",", ":")) + "\n" for row in rows)

    def close(self) -> None:
        self.file.close()


class _CsvWriter(RowWriter):
    """Plain columns as they are; ``payments`` and ``items`` as JSON text; None as empty."""

    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        super().__init__(path, columns)
        self.file = path.open("w", encoding="utf-8", newline="")
        self.csv = csv.DictWriter(self.file, fieldnames=list(columns))
        self.csv.writeheader()

    def write(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            flat = dict(row)
            flat["payments"] = json.dumps(row["payments"])
            flat["items"] = json.dumps(row["items"], separators=(",", ":"))
            self.csv.writerow(flat)

    def close(self) -> None:
        self.file.close()


class _ParquetWriter(RowWriter):
    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        super().__init__(path, columns)
        check_format(path)
        import pyarrow as pa
        import pyarrow.parquet as pq

        item = pa.struct([
            ("label", pa.string()), ("seat", pa.int64()), ("side", pa.int64()),
            ("made", pa.bool_()), ("value", pa.int64()), ("base", pa.int64()),
            ("front", pa.int64()), ("boost", pa.int64()), ("kontra", pa.int64()),
            ("call", pa.int64()),
        ])  # fmt: skip
        self.schema = pa.schema([
            ("variant", pa.string()), ("seed", pa.int64()), ("dealer", pa.int64()),
            ("contract", pa.string()), ("kind", pa.string()), ("declarer", pa.int64()),
            ("won", pa.bool_()), ("conceded", pa.bool_()), ("kontra", pa.int64()),
            ("stake", pa.int64()), ("payments", pa.list_(pa.int64())), ("items", pa.list_(item)),
        ])  # fmt: skip
        self.pa = pa
        self.writer = pq.ParquetWriter(path, self.schema)

    def write(self, rows: list[dict[str, Any]]) -> None:
        self.writer.write_table(self.pa.Table.from_pylist(rows, schema=self.schema))

    def close(self) -> None:
        self.writer.close()


def check_format(path: Path) -> None:
    """Fail before a study, not after it, when the file's format cannot be written."""
    if path.suffix == ".parquet":
        try:
            import pyarrow.parquet  # noqa: F401
        except ImportError as e:
            raise RowFileError("--out .parquet needs pyarrow: pip install 'alsos[data]'") from e


def row_writer(path: Path, columns: Sequence[str]) -> RowWriter:
    """The writer of ``path``'s format (its suffix, one of :data:`SUFFIXES`)."""
    kinds: dict[str, type[RowWriter]] = {
        ".parquet": _ParquetWriter, ".csv": _CsvWriter, ".jsonl": _JsonlWriter,
    }  # fmt: skip
    return kinds[path.suffix](path, columns)
