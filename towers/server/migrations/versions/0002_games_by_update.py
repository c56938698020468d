"""Games indexed by when they last changed: the list of recent games (``GET /api/games``)
reads the newest few instead of sorting every game.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_updated", "games", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_games_updated", table_name="games")
