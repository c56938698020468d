"""The games the adapters are checked on: every registered game (shipped, and the toy game the
tests register), plus the example plugin game, found on its folder's path."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from towers.core.registry import register_bot, register_game, unregister_bot, unregister_game

PILLARS = Path(__file__).resolve().parents[1] / "plugin" / "towers-pillars"


@pytest.fixture(scope="session", autouse=True)
def pillars() -> Iterator[None]:
    sys.path.insert(0, str(PILLARS))
    register_game("pillars", "towers_pillars:PLUGIN")
    register_bot("tallest", "towers_pillars.bots:TallestBot")
    yield
    unregister_bot("tallest")
    unregister_game("pillars")
    sys.path.remove(str(PILLARS))
