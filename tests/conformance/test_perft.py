"""Legal-move counts at fixed positions, stored as data (rewrite: scripts/make_test_data.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from towers.core.conformance import PERFT_FORMAT, check_perft

from .suite import DATA, data_files, file_id, load, suite_games

FILES = data_files("perft")


@pytest.mark.parametrize("path", FILES, ids=[file_id(p) for p in FILES])
def test_perft(path: Path) -> None:
    record = load(path)
    assert record.get("format") == PERFT_FORMAT, f"{path}: format {record.get('format')!r}"
    check_perft(None, record)


@pytest.mark.parametrize("name", suite_games())
def test_every_game_has_perft_data(name: str) -> None:
    assert list((DATA / name / "perft").glob("*.json")), (
        f"no perft data for {name}: run python scripts/make_test_data.py {name}"
    )
