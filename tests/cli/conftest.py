"""The CLI tests play the toy game (tests/toy_game.py, registered in tests/conftest.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

TOY = "toy"


@pytest.fixture
def runner() -> CliRunner:
    # a wide terminal: tests read long lines (a file's path in a temporary folder) whole
    return CliRunner(env={"COLUMNS": "240"})
