"""Alembic's environment: the revisions run on the connection :mod:`towers.server.schema`
hands over (``config.attributes["connection"]``), in its transaction."""

from alembic import context

from towers.server.store import metadata


def run() -> None:
    connection = context.config.attributes["connection"]
    # batch mode: SQLite alters a table by copying it, which Alembic does for it
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # run by Alembic, not merely imported
    run()
