"""A broken data file of each game (a missing key, a value of the wrong type) stops the load
with an error naming the file, the key's path and what is allowed there."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from towers.core.datafile import DataFileError
from towers.games.torres import data as torres_data


def _copy(source: Path, tmp_path: Path, name: str, old: str, new: str) -> Path:
    """The data folder ``source`` copied to ``tmp_path`` with ``old`` replaced once in ``name``."""
    folder = tmp_path / "data"
    shutil.copytree(source, folder)
    text = (folder / name).read_text()
    assert old in text, f"{old!r} is not in {name}"
    (folder / name).write_text(text.replace(old, new, 1))
    return folder


def _torres(folder: Path) -> object:
    torres_data.load(folder / "torres.toml")
    return torres_data.load_help(folder / "help.toml")


CASES: list[tuple[str, Callable[[Path], object], Path, str, str, str, str]] = [
    # game, loader, data folder, file, text, replacement, message
    (
        "torres",
        _torres,
        torres_data.DATA_FILE.parent,
        "torres.toml",
        "action_points = 5\n",
        "",
        "torres.toml: turn.action_points: missing (a required key)",
    ),
    (
        "torres",
        _torres,
        torres_data.DATA_FILE.parent,
        "torres.toml",
        "rounds = [4, 3, 3]",
        'rounds = [4, "three", 3]',
        "torres.toml: phases[0].rounds[1]: should be a whole number, not 'three'",
    ),
    (
        "torres",
        _torres,
        torres_data.DATA_FILE.parent,
        "help.toml",
        "[[topics]]\n",
        "[[topics]]\nkind2 = 1\n",
        "help.toml: topics[0].kind2: unknown key; the keys allowed here are key, name, kind,",
    ),
]


@pytest.mark.parametrize(
    ("game", "loader", "folder", "name", "old", "new", "message"),
    CASES,
    ids=[f"{c[0]}-{c[3]}-{i}" for i, c in enumerate(CASES)],
)
def test_a_broken_data_file_names_the_fault(
    tmp_path: Path,
    game: str,
    loader: Callable[[Path], object],
    folder: Path,
    name: str,
    old: str,
    new: str,
    message: str,
) -> None:
    broken = _copy(folder, tmp_path, name, old, new)
    with pytest.raises(DataFileError, match=re.escape(message)):
        loader(broken)
