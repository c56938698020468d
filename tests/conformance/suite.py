"""What the conformance suite covers: the games, and their data files under tests/data/<game>/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import towers
from towers.core import registry

TEST_GAMES = ("toy",)
"""Games registered by tests/conftest.py for the whole suite, checked like shipped games."""


def suite_games() -> list[str]:
    """The shipped games (those of the towers package) and TEST_GAMES.

    Games that single test modules register for their own use are left out, so what runs
    does not depend on which test modules were collected first.
    """
    return [name for name in towers.list_games() if name in TEST_GAMES or registry.is_shipped(name)]


DATA = Path(__file__).resolve().parent.parent / "data"


def data_files(kind: str) -> list[Path]:
    """Every ``tests/data/<game>/<kind>/*.json``, sorted."""
    return sorted(DATA.glob(f"*/{kind}/*.json"))


def file_id(path: Path) -> str:
    return str(path.relative_to(DATA))


def load(path: Path) -> dict[str, Any]:
    record = json.loads(path.read_text())
    assert isinstance(record, dict), f"{path} holds no record"
    assert record.get("game") == path.parent.parent.name, (
        f"{path} holds a record of {record.get('game')!r}, not of the folder's game"
    )
    return record
