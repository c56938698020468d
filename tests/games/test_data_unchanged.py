"""Each game's data, as its ``data`` module loads it, equals what it was before the loaders
moved onto one validated reader (:mod:`towers.core.datafile`): the same classes, attribute
names and values, recorded in ``fixtures/loaded_data.json``."""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from towers.games.dark_tower import data as dark_tower_data
from towers.games.dark_tower import tower as dark_tower_tower
from towers.games.sifnos import data as sifnos_data
from towers.games.tiletum import data as tiletum_data
from towers.games.torres import data as torres_data
from towers.games.turris import data as turris_data

FIXTURE = Path(__file__).parent / "fixtures" / "loaded_data.json"

LOADERS: dict[str, Callable[[], object]] = {
    "torres": torres_data.load,
    "torres help": torres_data.load_help,
    "tiletum": tiletum_data.load,
    "tiletum help": tiletum_data.load_help,
    "turris": turris_data.load,
    "turris help": turris_data.load_help,
    "sifnos": sifnos_data.load,
    "sifnos help": sifnos_data.help_topics,
    "dark_tower": dark_tower_data.load,
    "dark_tower tower": dark_tower_tower.load,
}


def plain(value: Any) -> Any:
    """``value`` as JSON: a dataclass as its class name and fields, containers as lists (sets
    sorted), mapping keys as their repr, so two loads compare equal exactly when they are."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"class": type(value).__name__, "fields": fields}
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, dict):
        return {"dict": [[repr(k), plain(v)] for k, v in value.items()]}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted((plain(v) for v in value), key=json.dumps)}
    if isinstance(value, tuple):
        return {"tuple": [plain(v) for v in value]}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot record a {type(value).__name__}")


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_loaded_data_is_unchanged(name: str) -> None:
    recorded = json.loads(FIXTURE.read_text())[name]
    assert plain(LOADERS[name]()) == recorded


def record(names: list[str]) -> None:
    """Record the loaded data of ``names`` anew (after a data file's values changed on
    purpose): ``python -m tests.games.test_data_unchanged torres``."""
    recorded = json.loads(FIXTURE.read_text())
    for name in names:
        recorded[name] = plain(LOADERS[name]())
    FIXTURE.write_text(json.dumps(recorded, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    import sys

    record(sys.argv[1:] or sorted(LOADERS))
