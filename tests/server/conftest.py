"""The server tests run on both databases: SQLite in a temporary file, and PostgreSQL, a
throwaway cluster started for the run (tests/server/postgres.py) with a database per module.

A test that wants a database asks for ``database`` (a new empty one, as a URL) or ``live`` (a
server in a thread on one database per module); either makes it run once on each. Without
PostgreSQL installed (``bash scripts/install-postgres``) its half is skipped, unless
``TOWERS_REQUIRE_POSTGRES`` is set (the test command sets it): then it fails.
``TOWERS_TEST_POSTGRES=postgresql+psycopg://user@host/db`` uses that server instead; its user
must be allowed to create databases.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.live import Databases, Live, live_server

DATABASES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_databases() -> Iterator[Callable[[], str]]:
    given = os.environ.get("TOWERS_TEST_POSTGRES")
    if given:
        yield _databases_on(given)
        return
    from tests.server.postgres import Postgres, find_bindir

    bindir = find_bindir()
    if bindir is None:
        message = "PostgreSQL is not installed (bash scripts/install-postgres installs it)"
        if os.environ.get("TOWERS_REQUIRE_POSTGRES"):
            pytest.fail(message)
        pytest.skip(message)
    with Postgres(bindir) as pg:
        yield pg.new_database


def _databases_on(url: str) -> Callable[[], str]:
    """New databases on a server that is already running, named after this process."""
    import psycopg
    from sqlalchemy import make_url

    base = make_url(url)
    conninfo = base.set(drivername="postgresql").render_as_string(hide_password=False)
    counter = itertools.count(1)

    def new() -> str:
        name = f"towers_test_{os.getpid()}_{next(counter)}"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return base.set(database=name).render_as_string(hide_password=False)

    return new


@pytest.fixture(scope="module", params=DATABASES)
def databases(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Databases:
    if request.param == "postgresql":
        return Databases("postgresql", request.getfixturevalue("postgres_databases"))
    folder: Path = tmp_path_factory.mktemp("sqlite")
    counter = itertools.count(1)
    return Databases("sqlite", lambda: f"sqlite:///{folder / f'games-{next(counter)}.sqlite3'}")


@pytest.fixture
def database(databases: Databases) -> str:
    """A new empty database of this run's kind."""
    return databases.new()


@pytest.fixture(scope="module")
def live(databases: Databases) -> Iterator[Live]:
    with live_server(databases.new(), absent_after=1.0, poll_interval=0.2) as server:
        yield server
