"""The soak test of the web table, short (issue 30): honest tables play on while a
hostile client does the worst it is allowed, and through a database hiccup.

``examples/web_soak.py`` runs a real ``alsos serve`` on the loopback address,
20 honest tables (a person and two bots each) and a hostile client sending
hostile profiles, floods of connections, hints at its own tables, and
viewer and analysis pages, for 20 seconds; docs/server.rst has the figures of
the full run (200 tables, two minutes).  What is checked here is that nothing
freezes: no honest table waits on the server, every hand in play is finished,
the server lives and logs no traceback, and the limits answered the hostile
client.  The latency bound is a freeze detector, not a speed target: one
second, where the server before issue 30 gave 2.7 s at this size.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("websockets", reason="needs the web extra (uvicorn[standard])")
pytest.importorskip("httpx")

pytestmark = pytest.mark.slow

_SOAK = Path(__file__).resolve().parent.parent / "examples" / "web_soak.py"


def _soak(tmp_path: Path, *extra: str) -> dict[str, object]:
    out = tmp_path / "soak.json"
    done = subprocess.run(
        [sys.executable, str(_SOAK), "--tables", "20", "--seconds", "20", "--grace", "120",
         "--target-p99", "1000", "--json", str(out), *extra],
        capture_output=True, text=True, timeout=400,
    )  # fmt: skip
    assert out.exists(), done.stdout + done.stderr
    result: dict[str, object] = json.loads(out.read_text())
    assert done.returncode == 0, done.stdout[-4000:]
    return result


def test_honest_tables_play_on_beside_a_hostile_client(tmp_path: Path) -> None:
    result = _soak(tmp_path)
    honest, server = result["honest"], result["server"]
    assert isinstance(honest, dict) and isinstance(server, dict)
    assert honest["stalled"] == [] and honest["unfinished"] == []
    assert server["status"] is None and server["tracebacks"] == 0
    hostile = result["hostile"]
    assert isinstance(hostile, dict)
    assert "4429" in json.dumps(hostile)  # its connections met the caps
    deep = hostile["tally"]["upload deep"]  # its deep profile was refused, not a crash
    assert any(k.startswith("400 upload.yaml") for k in deep), deep
    assert not any(k.startswith("500") for k in json.dumps(hostile["tally"]).split('"')), deep


def test_every_table_finishes_through_an_unwritable_sqlite_file(tmp_path: Path) -> None:
    """The database's files made immutable for 8 s in the middle (``chattr +i``: root
    on a file system that has it): every honest table still finishes its hand."""
    if shutil.which("chattr") is None or os.geteuid() != 0:
        pytest.skip("needs root and chattr to make the database's files immutable")
    result = _soak(tmp_path, "--hiccup", "readonly", "--hiccup-at", "6", "--hiccup-for", "8")
    honest, hiccup = result["honest"], result["hiccup"]
    assert isinstance(honest, dict) and isinstance(hiccup, dict)
    assert hiccup.get("taken"), hiccup
    assert honest["unfinished"] == [] and honest["stalled"] == []
