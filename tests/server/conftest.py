"""A live server per test module: SQLite in a temporary file, bots in threads, no bot delay.

Set ``TOWERS_TEST_DATABASE`` to a SQLAlchemy URL (``postgresql+psycopg://...``) to run these
tests against that database instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.server.live import Live, live_server


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    url = os.environ.get("TOWERS_TEST_DATABASE")
    if not url:
        url = f"sqlite:///{tmp_path_factory.mktemp('server') / 'games.sqlite3'}"
    with live_server(url, absent_after=1.0, poll_interval=0.2) as server:
        yield server
