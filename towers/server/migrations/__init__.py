"""The database schema's revisions, run by Alembic (see :mod:`towers.server.schema`)."""
