"""A real Return to Dark Tower over Bluetooth LE.

- :mod:`.protocol`: the packets, as bytes (no radio; no bleak).
- :mod:`.device`: :class:`BleTower`, a :class:`TowerDevice` driving a real tower with bleak
  (the optional extra ``towers[tower]``).
- :mod:`.fake`: :class:`FakeTower`, the tower at bleak's level with no radio, for tests.
- :func:`open_tower`: the one call a front end makes to get a tower: simulated, real over
  Bluetooth, or real and worked by hand (``manual``: the table says what it did).

Every kind is a :class:`~towers.games.dark_tower.tower.TowerDevice` (the same calls, held to
one test suite: ``tests/games/dark_tower/ble/test_interface.py``).

What is designed rather than stated, and which of the source's disagreeing documents is
followed, is in ``docs/games/dark_tower_tower.md``.
"""

from __future__ import annotations

from typing import Any

from ..tower import ManualTower, SimulatedTower, TowerDevice
from .device import BleTower, TowerError, TowerTimeout, TowerUnavailable

KINDS = ("simulated", "ble", "manual")

__all__ = [
    "KINDS",
    "BleTower",
    "ManualTower",
    "SimulatedTower",
    "TowerDevice",
    "TowerError",
    "TowerTimeout",
    "TowerUnavailable",
    "open_tower",
]


def open_tower(kind: str, **kw: Any) -> TowerDevice:
    """A tower ready to play: ``simulated``, ``ble`` (connected and calibrated) or ``manual``
    (a real tower the table works by hand). ``kw``: ``tower``, the game's :class:`Tower` to
    start from (every kind); for ``ble``
    also :class:`BleTower`'s other arguments, and ``calibrate`` (default True).
    :class:`TowerUnavailable` (one line) when a real tower cannot be had.

    >>> open_tower("simulated").skull_count()
    0
    >>> open_tower("paper")
    Traceback (most recent call last):
    ...
    ValueError: no tower kind 'paper': the kinds are simulated, ble, manual
    """
    if kind == "simulated":
        return SimulatedTower(**kw)
    if kind == "manual":
        return ManualTower(**kw)
    if kind == "ble":
        calibrate = kw.pop("calibrate", True)
        tower = BleTower(**kw)
        tower.connect(calibrate=calibrate)
        return tower
    raise ValueError(f"no tower kind {kind!r}: the kinds are {', '.join(KINDS)}")
