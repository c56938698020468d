"""The CLI tests play the toy game (tests/toy_game.py, registered in tests/conftest.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

TOY = "toy"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
