"""Trying a real tower before a game: connect, and if asked calibrate and turn a drum, saying
what happened line by line (``towers tower scan`` and ``towers tower test``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..tower import LEVELS, SIDES
from .device import BleTower


def level_of(name: str) -> int:
    """A drum's level from its name or number.

    >>> level_of("middle"), level_of("2")
    (1, 2)
    """
    if name in LEVELS:
        return LEVELS.index(name)
    if name in ("0", "1", "2"):
        return int(name)
    raise ValueError(f"no drum {name!r}: the drums are top, middle and bottom (or 0, 1, 2)")


def try_tower(
    say: Callable[[str], None],
    turn: int | None = None,
    battery_wait: float = 1.0,
    **kw: Any,
) -> None:
    """Connect to the tower and say so; with ``turn`` (a level), calibrate it and turn that
    drum a quarter turn; then say its battery (waiting up to ``battery_wait`` seconds for a
    reading). ``kw`` goes to :class:`BleTower`. Raises what ``BleTower`` raises."""
    tower = BleTower(**kw)
    tower.connect(calibrate=turn is not None)
    try:
        say(f"connected to {tower.name}" + (f" at {tower.address}" if tower.address else ""))
        if turn is not None:
            say("calibrated: every drum is home")
            tower.rotate(turn, 1)
            faces = ", ".join(
                f"{LEVELS[level]} {SIDES[side]}"
                for level, side in enumerate(tower.drum_positions())
            )
            say(f"turned the {LEVELS[turn]} drum a quarter turn clockwise: the drums face {faces}")
        deadline = time.monotonic() + battery_wait
        while tower.battery is None and time.monotonic() < deadline:
            time.sleep(0.05)
        battery = tower.battery
        say(
            f"battery: {battery.millivolts} mV, about {battery.percent}%"
            if battery is not None
            else f"battery: no reading within {battery_wait:g} s"
        )
    finally:
        tower.close()
