"""The database schema's versions: which revision a database is at, and bringing it up to date.

The tables are declared in :mod:`towers.server.store`; each change to them is a revision in
``migrations/versions`` (run by Alembic), and :data:`HEAD` is the revision this release reads
and writes. ``towers db upgrade`` runs :func:`upgrade` (``towers serve`` does at start); a
:class:`~towers.server.store.Store` makes a new database at :data:`HEAD` and refuses one at
another revision, naming the command. A database written before revisions were kept has the
tables of the first one and no version: it is taken to be at :data:`BASELINE`.

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> upgrade(engine)
(None, '0002')
>>> upgrade(engine)
('0002', '0002')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect

HEAD = "0002"
"""The revision this release's tables are at (a test holds it to the newest revision)."""
BASELINE = "0001"
"""The revision of a database written before revisions were kept: the tables, no version."""
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class SchemaError(Exception):
    """A database this release cannot use as it is (too old: upgrade it; or too new)."""


def revision(conn: Connection) -> str | None:
    """The database's revision; None for an empty database."""
    current = MigrationContext.configure(conn).get_current_revision()
    if current is None and inspect(conn).has_table("games"):
        return BASELINE
    return current


def revisions() -> list[str]:
    """Every revision this release knows, oldest first."""
    script = ScriptDirectory.from_config(_config(None))
    return [s.revision for s in reversed(list(script.walk_revisions()))]


def describe(revision: str | None) -> str:
    if revision is None:
        return "empty"
    if revision == BASELINE:
        return f"{BASELINE} (the first)"
    return revision


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the database up to :data:`HEAD` in one transaction (where the database has
    transactions for changes of schema: PostgreSQL does); the revisions before and after."""
    with engine.begin() as conn:
        return upgrade_on(conn)


def upgrade_on(conn: Connection, to: str = HEAD) -> tuple[str | None, str]:
    before = revision(conn)
    if before == to:
        return before, to
    if before is not None and before not in revisions():
        raise SchemaError(
            f"the database is at schema revision {before}, which this release does not know "
            f"(it knows {', '.join(revisions())}): it was written by a newer release"
        )
    config = _config(conn)
    if before is not None and MigrationContext.configure(conn).get_current_revision() is None:
        command.stamp(config, before)  # written before revisions were kept
    command.upgrade(config, to)
    return before, to


def check_on(conn: Connection, where: str) -> None:
    """Raise :class:`SchemaError` unless the database is at :data:`HEAD` (or empty: then
    make it at :data:`HEAD`)."""
    current = revision(conn)
    if current is None:
        upgrade_on(conn)
    elif current != HEAD:
        newer = current not in revisions()
        raise SchemaError(
            f"the database {where} is at schema revision {current}; this release uses "
            f"{HEAD}"
            + (
                ": it was written by a newer release"
                if newer
                else f": run `towers db upgrade --database {where}` first"
            )
        )


def _config(conn: Connection | None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    attributes: dict[str, Any] = config.attributes
    attributes["connection"] = conn
    return config


def upgrade_url(url: str) -> str:
    """Upgrade the database at the SQLAlchemy URL ``url``: a line that says what was done."""
    from sqlalchemy import create_engine

    engine = create_engine(url)
    where = engine.url.render_as_string(hide_password=True)
    try:
        before, after = upgrade(engine)
    finally:
        engine.dispose()
    if before == after:
        return f"database {where}: schema at revision {after}, up to date"
    if before is None:
        return f"database {where}: new, made at schema revision {after}"
    return f"database {where}: schema upgraded from revision {describe(before)} to {after}"
