"""Test-session setup: the helper modules beside the tests import as ``tests.x``.

Some tests import their helpers as ``tests.profiles`` (others as ``profiles``:
pytest puts this folder on ``sys.path``).  For ``tests`` to be importable, the
checkout's root goes on ``sys.path`` too -- at the END, after site-packages,
so that ``import alsos`` still loads the installed package (the compiled build
CI tests, see .ci/run), never the checkout's ``alsos`` folder ahead of it.
Where alsos is not installed, or ``PYTHONPATH`` names the checkout, the
checkout's ``.py`` files are what runs, as before.
"""

from __future__ import annotations

import contextlib
import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.append(_ROOT)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A long fuzz campaign is slow too, so ``-m "not slow"`` (which replaces the
    configured ``-m 'not fuzz'``) leaves it out as well."""
    for item in items:
        if item.get_closest_marker("fuzz") is not None:
            item.add_marker(pytest.mark.slow)


# The web table's storage (tests/test_web*.py): every test that takes ``db_url``
# runs on a SQLite file and, where ALSOS_TEST_POSTGRES_URL names a PostgreSQL
# database (.ci/run starts one with .ci/postgres), on PostgreSQL too, each test
# in a schema of its own that is dropped afterwards.
POSTGRES_URL = os.environ.get("ALSOS_TEST_POSTGRES_URL", "")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database for the web table: its SQLAlchemy URL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        return
    yield request.getfixturevalue("postgres_url")


@contextlib.contextmanager
def postgres_schema() -> Iterator[str]:
    """A new schema in the test PostgreSQL database (ALSOS_TEST_POSTGRES_URL, which
    must be set): a URL whose connections use it, the schema dropped afterwards."""
    from urllib.parse import quote

    import sqlalchemy as sa

    from alsos.web.store import engine_url

    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = sa.create_engine(engine_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    joiner = "&" if "?" in POSTGRES_URL else "?"
    try:
        yield f"{POSTGRES_URL}{joiner}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new schema in the test PostgreSQL database: a URL whose connections use it
    (the test is skipped where there is no PostgreSQL)."""
    if not POSTGRES_URL:
        pytest.skip("no PostgreSQL: set ALSOS_TEST_POSTGRES_URL (.ci/postgres starts one)")
    with postgres_schema() as url:
        yield url
