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

import sys
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
