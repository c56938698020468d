"""The Tower on the table, kept in step with the engine's tower.

The engine's :class:`~towers.games.dark_tower.tower.Tower` is where the rules turn drums and
break seals. After each step the mirror sends the device at the table what the engine did:
the drums turned, the seals to remove or put back (with the seal-break lights and sound as
cues). A :class:`~towers.games.dark_tower.tower.SimulatedTower` is a model of the same tower,
so it is also told each skull dropped in and where each came out, and must then equal the
engine's tower; a real tower drops and lets out its skulls itself, and the table says where
they came out.

A device that fails (a real tower out of reach) does not stop the game: the failure is one
line to show, and the engine goes on as the record of what the tower should look like.
"""

from __future__ import annotations

from collections.abc import Callable

from towers.games.dark_tower.tower import (
    LEVELS,
    SIDES,
    ManualTower,
    SimulatedTower,
    Tower,
    TowerDevice,
    drum_words,
)

SIMULATED, BLE, MANUAL = "simulated", "ble", "manual"

CUES = {"month": 19, "victory": 12, "defeat": 11, "tower_acts": 5, "dungeon": 13}
"""The light sequences the Tower plays as cues (fact: reference tower.json, light_sequences:
monthStarted 19, victory 12, defeat 11, angryStrobe01 5, dungeonIdle 13)."""
KINDS = (SIMULATED, BLE, MANUAL)
KIND_NAMES = {
    SIMULATED: "simulated tower",
    BLE: "your tower over Bluetooth",
    MANUAL: "your tower, worked by hand",
}
"""Each kind in words, for a person choosing one."""


class TowerUnavailable(Exception):
    """No tower of the kind asked for can be used here; the message says why in one line."""


TowerFactory = Callable[..., TowerDevice]
"""``factory(kind, tower=...)``: a device of ``kind`` set to the engine's ``tower``."""


def open_device(kind: str, tower: Tower | None = None) -> TowerDevice:
    """The default factory: a simulated tower, or a real one over Bluetooth (its package is
    imported only when asked for, so a machine without it plays on with the simulation),
    each starting from ``tower`` (the game's drums and seals)."""
    if kind == SIMULATED:
        return SimulatedTower(tower.copy() if tower is not None else None)
    if kind == MANUAL:
        return ManualTower(tower)
    if kind == BLE:
        try:
            from towers.games.dark_tower import ble  # type: ignore[attr-defined,unused-ignore]
        except ImportError:
            raise TowerUnavailable(
                "no Bluetooth tower support in this installation (towers[tower]); play on "
                "with the simulated tower"
            ) from None
        try:
            device: TowerDevice = ble.open_tower(kind, tower=tower)
        except Exception as exc:  # the radio's own errors: say them in one line
            raise TowerUnavailable(
                f"cannot connect to a tower: {str(exc).splitlines()[0] if str(exc) else exc!r}"
                "; play on with the simulated tower"
            ) from None
        return device
    raise TowerUnavailable(f"no tower kind {kind!r}; the kinds are {', '.join(KINDS)}")


def is_simulated(device: TowerDevice) -> bool:
    return isinstance(device, SimulatedTower)


class TowerMirror:
    """Sends a device the engine's tower changes, step by step."""

    def __init__(self, device: TowerDevice, engine: Tower) -> None:
        self.device = device
        if isinstance(device, SimulatedTower):
            device.tower = engine.copy()
        self.problem: str | None = None
        """The device's last failure, in one line, until it answers again (None: it does)."""

    @property
    def simulated(self) -> bool:
        return is_simulated(self.device)

    @property
    def manual(self) -> bool:
        """Whether the Tower is a real one worked by hand (the table says what it did)."""
        return isinstance(self.device, ManualTower)

    def unconfirmed(self) -> list[int]:
        """The drums turned by hand whose position the table has not yet said."""
        return list(self.device.unconfirmed) if isinstance(self.device, ManualTower) else []

    def step(self, before: Tower, released: int | None, after: Tower) -> list[str]:
        """Bring the device from ``before`` to ``after``: the release outcome ``released`` if
        the step was one, the skulls dropped in, the drums turned and the seals changed.
        Returns the instructions for the table (a seal to remove or put back)."""
        said: list[str] = []
        try:
            if self._step(before, released, after, said):
                self.problem = None
        except Exception as exc:  # a device's failure is shown, never fatal
            self.problem = f"the tower did not follow: {exc}".splitlines()[0]
            said.append(f"{self.problem}; the game goes on, set the Tower as told by hand.")
            if isinstance(self.device, SimulatedTower):
                self.device.tower = after.copy()
        return said

    def _step(self, before: Tower, released: int | None, after: Tower, said: list[str]) -> bool:
        """Tell the device; whether it was told anything (and so answered)."""
        device = self.device
        told = False
        simulated = isinstance(device, SimulatedTower)
        if simulated and released is not None:
            assert isinstance(device, SimulatedTower)
            device.tower.release(released)
            told = True
        for _ in range(after.dropped - before.dropped):
            if isinstance(device, SimulatedTower):
                device.insert_skull()
                told = True
            elif isinstance(device, ManualTower):
                device.report_drop()  # the table entered the drop
        for level in range(len(LEVELS)):
            steps = (after.drums[level] - before.drums[level]) % 4
            if steps:
                device.rotate(level, steps)
                told = True
                if isinstance(device, ManualTower):
                    said.append(
                        f"Turn the {LEVELS[level]} drum by hand {steps} quarter "
                        f"turn{'s' if steps > 1 else ''} clockwise, to "
                        f"{drum_words(after.data, level, after.drums[level])}."
                    )
        # a seal rides its drum: compare each drum's slots, and name the opening it faces now
        for level in range(len(LEVELS)):
            for slot in range(len(SIDES)):
                was, now = before.seals[level][slot], after.seals[level][slot]
                opening = level * 4 + (slot + after.drums[level]) % 4
                if was and not now:
                    device.break_seal(opening)
                    said.append(f"Remove the seal from the {_opening_words(opening)}.")
                elif now and not was:
                    device.restore_seal(opening)
                    said.append(f"Put a seal back on the {_opening_words(opening)}.")
                told = told or was != now
        return told

    def cue(self, name: str) -> None:
        """Light the Tower for a moment of the game (``CUES``); a failure is kept, not raised."""
        try:
            self.device.play_sequence(CUES[name])
        except Exception as exc:  # a device's failure is shown, never fatal
            self.problem = f"the tower did not follow: {exc}".splitlines()[0]


def _opening_words(opening: int) -> str:
    level, side = divmod(opening, 4)
    return f"{LEVELS[level]} {SIDES[side]} opening"
