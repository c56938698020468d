"""Whole games replayed to a recorded state digest (rewrite: scripts/make_test_data.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from towers.core.conformance import GOLDEN_FORMAT, check_golden

from .suite import DATA, data_files, file_id, load, suite_games

FILES = data_files("golden")


@pytest.mark.parametrize("path", FILES, ids=[file_id(p) for p in FILES])
def test_golden(path: Path) -> None:
    record = load(path)
    assert record.get("format") == GOLDEN_FORMAT, f"{path}: format {record.get('format')!r}"
    check_golden(record)


@pytest.mark.parametrize("name", suite_games())
def test_every_game_has_golden_data(name: str) -> None:
    assert list((DATA / name / "golden").glob("*.json")), (
        f"no golden games for {name}: run python scripts/make_test_data.py {name}"
    )
