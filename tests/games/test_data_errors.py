"""A broken data file of each game (a missing key, a value of the wrong type) stops the load
with an error naming the file, the key's path and what is allowed there."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from towers.core.datafile import DataFileError
from towers.games.tiletum import data as tiletum_data
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


def _tiletum(folder: Path) -> object:
    old = tiletum_data.DATA_DIR
    tiletum_data.DATA_DIR = folder
    try:  # past the cache: the files of ``folder``, not those read before
        tiletum_data.load.__wrapped__()
        return tiletum_data.load_help.__wrapped__()
    finally:
        tiletum_data.DATA_DIR = old


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
    (
        "tiletum",
        _tiletum,
        tiletum_data.DATA_DIR,
        "board.toml",
        "[rounds]\nvalue = 4\n",
        "[rounds]\n",
        "board.toml: rounds.value: missing (a required key)",
    ),
    (
        "tiletum",
        _tiletum,
        tiletum_data.DATA_DIR,
        "map.toml",
        "pos = [58, 71]",
        'pos = [58, "71"]',
        "map.toml: town[1].pos[1]: should be a whole number, not '71'",
    ),
    (
        "tiletum",
        _tiletum,
        tiletum_data.DATA_DIR,
        "tiles.toml",
        "[[helper]]\n",
        "[[helper]]\ncolour = 1\n",
        "tiles.toml: helper[0].colour: unknown key; the keys allowed here are source, reason, id,",
    ),
    (
        "tiletum",
        _tiletum,
        tiletum_data.DATA_DIR,
        "characters.toml",
        'action = "contract", ap = 1 }',
        'action = "contract", ap = 1, vp = 2 }',
        "characters.toml: character[0].bonus[1]: an effect is exactly one of vp, gain,",
    ),
    (
        "tiletum",
        _tiletum,
        tiletum_data.DATA_DIR,
        "help.toml",
        'source = "rulebook: Action phase"',
        'source = "the box"',
        "help.toml: topic[0].source: should be 'rulebook: <section>' or 'designed: <reason>'",
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
