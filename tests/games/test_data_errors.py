"""A broken data file of each game (a missing key, a value of the wrong type) stops the load
with an error naming the file, the key's path and what is allowed there."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from towers.core.datafile import DataFileError
from towers.games.dark_tower import data as dark_tower_data
from towers.games.sifnos import data as sifnos_data
from towers.games.tiletum import data as tiletum_data
from towers.games.torres import data as torres_data
from towers.games.turris import data as turris_data


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


def _sifnos(folder: Path) -> object:
    old = sifnos_data.DATA_DIR
    sifnos_data.DATA_DIR = folder
    try:  # past the cache: the files of ``folder``, not those read before
        sifnos_data.load.__wrapped__()
        return sifnos_data.help_topics.__wrapped__()
    finally:
        sifnos_data.DATA_DIR = old


def _dark_tower(folder: Path) -> object:
    old = dark_tower_data.DATA_DIR
    dark_tower_data.DATA_DIR = folder
    try:  # past the cache: the files of ``folder``, not those read before
        return dark_tower_data.load.__wrapped__()
    finally:
        dark_tower_data.DATA_DIR = old


def _turris(folder: Path) -> object:
    turris_data.load(folder)
    return turris_data.load_help(folder)


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
    (
        "sifnos",
        _sifnos,
        sifnos_data.DATA_DIR,
        "game.toml",
        "tents_per_vp = 2\n",
        "",
        "game.toml: scoring.tents_per_vp: missing (a required key)",
    ),
    (
        "sifnos",
        _sifnos,
        sifnos_data.DATA_DIR,
        "map.toml",
        "x = 140",
        "x = 140.5",
        "map.toml: tower_spaces[0].x: should be a whole number, not 140.5",
    ),
    (
        "sifnos",
        _sifnos,
        sifnos_data.DATA_DIR,
        "player_board.toml",
        "[recoup]\n",
        "[recoup]\nsoldiers = 1\n",
        "player_board.toml: recoup.soldiers: unknown key; the keys allowed here are dice, towers,",
    ),
    (
        "sifnos",
        _sifnos,
        sifnos_data.DATA_DIR,
        "cards.toml",
        'effect = { kind = "discount_others", discard = "lead" }',
        'effect = { kind = "discount_others" }',
        "cards.toml: cards[1]: discount_others takes a discard exactly when it is priced",
    ),
    (
        "sifnos",
        _sifnos,
        sifnos_data.DATA_DIR,
        "schemes.toml",
        "tower_priority = [0, 1, 2, 3]",
        "tower_priority = [0, 1, 2, 2]",
        "schemes.toml: schemes[0].tower_priority: an order of the 4 corners, 0 to 3",
    ),
    (
        "sifnos",
        _sifnos,
        sifnos_data.DATA_DIR,
        "map.toml",
        'image = "jar"',
        'image = "vase"',
        "map.toml: tower_spaces[0].image: should be 'horse', 'jar', 'helmet', 'owl' or 'lyre'",
    ),
    (
        "dark_tower",
        _dark_tower,
        dark_tower_data.DATA_DIR,
        "items.toml",
        "enhanced_cost = 2\n",
        "",
        "items.toml: buildings[0].enhanced_cost: missing (a required key)",
    ),
    (
        "dark_tower",
        _dark_tower,
        dark_tower_data.DATA_DIR,
        "game.toml",
        "count = 6",
        'count = "six"',
        "game.toml: months.count: should be a whole number, not 'six'",
    ),
    (
        "dark_tower",
        _dark_tower,
        dark_tower_data.DATA_DIR,
        "items.toml",
        "[haggle]\n",
        "[haggle]\nfaces2 = 1\n",
        "items.toml: haggle.faces2: unknown key; the keys allowed here are faces, warriors,",
    ),
    (
        "dark_tower",
        _dark_tower,
        dark_tower_data.DATA_DIR,
        "heroes.toml",
        'banner = "gain 2 warriors"',
        'banner = "gain 2 horses"',
        "heroes.toml: heroes[0].banner: 'gain 2 horses' is not an effect; effects are",
    ),
    (
        "dark_tower",
        _dark_tower,
        dark_tower_data.DATA_DIR,
        "items.toml",
        'source = "reference: board.json (the four building types); designed',
        'source = "board.json (the four building types); designed',
        "items.toml: buildings[0].source: should be 'reference: <file>', 'rulebook: <section>'",
    ),
    (
        "turris",
        _turris,
        turris_data.DATA_DIR,
        "game.toml",
        "[start_ichor]\nvalue = 3\n",
        "[start_ichor]\n",
        "game.toml: start_ichor.value: missing (a required key)",
    ),
    (
        "turris",
        _turris,
        turris_data.DATA_DIR,
        "beasts.toml",
        "number = 1",
        "number = true",
        "beasts.toml: beast[0].number: should be a whole number, not True",
    ),
    (
        "turris",
        _turris,
        turris_data.DATA_DIR,
        "beasts.toml",
        'name = "Pain"',
        'name = "Pain"\nspeed = 2',
        "beasts.toml: beast[0].speed: unknown key; the keys allowed here are source, id, name,",
    ),
    (
        "turris",
        _turris,
        turris_data.DATA_DIR,
        "beasts.toml",
        'name = "Pain"',
        'name = "Pain"\nspeed_source = "designed: x"',
        "beasts.toml: beast[0]: field 'speed_source' names no field of the item",
    ),
]


def test_read_raw_keeps_the_tables_in_the_files_order(tmp_path: Path) -> None:
    from towers.core.datafile import read_raw
    from towers.games.sifnos.data import _GameFile

    model, raw = read_raw(sifnos_data.DATA_DIR / "game.toml", _GameFile)
    assert model.setup.towers == raw["setup"]["towers"]
    assert list(raw["setup"])[:3] == ["source", "scoring_tiles", "face_up_cards"]


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
