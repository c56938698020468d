"""One suite for every tower a game can play with: the simulated tower, a real tower over
Bluetooth (the fake peripheral at bleak's level: no radio) and a real tower worked by hand.
Each is a ``TowerDevice`` and answers the same calls the same way; what a kind cannot do
(a model has no beam to wait on) is said where it differs."""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from towers.games.dark_tower.ble import open_tower
from towers.games.dark_tower.ble.fake import FakeTower
from towers.games.dark_tower.tower import (
    ManualTower,
    SimulatedTower,
    Tower,
    TowerDevice,
)

QUICK = {"reconnect_delay": 0.01, "resync_wait": 0.05, "command_timeout": 2.0}
README = Path(__file__).resolve().parents[4] / "README.md"


@dataclass
class Kind:
    device: Any
    drop: Callable[[], None]
    """What a skull dropped in at the top is for this kind."""
    confirm: Callable[[], None]
    """What the table does after a turn (a tower worked by hand says where the drums are)."""


def _simulated() -> Kind:
    device = SimulatedTower()

    def drop() -> None:
        device.insert_skull()
        device.settle(random.Random(0))  # the model lets its skulls out before the next

    return Kind(device, drop, lambda: None)


def _ble() -> Kind:
    fake = FakeTower()
    device = open_tower("ble", scanner=fake.scanner, client_factory=fake.client_factory, **QUICK)
    return Kind(device, fake.drop_skull, lambda: None)


def _manual() -> Kind:
    device = ManualTower()

    def confirm() -> None:
        device.confirm_drums(dict(enumerate(device.expected_drums())))

    return Kind(device, device.report_drop, confirm)


@pytest.fixture(params=["simulated", "ble", "manual"])
def kind(request: pytest.FixtureRequest) -> Iterator[Kind]:
    made = {"simulated": _simulated, "ble": _ble, "manual": _manual}[request.param]()
    yield made
    made.device.close()


def test_every_kind_is_a_tower_device(kind: Kind) -> None:
    assert isinstance(kind.device, TowerDevice)


def test_a_turned_drum_is_where_the_game_turned_it(kind: Kind) -> None:
    kind.device.rotate(0, 1)
    kind.device.rotate(2, 3)
    kind.confirm()
    assert kind.device.drum_positions() == (1, 0, 3)


@pytest.mark.parametrize(
    ("call", "args", "says"),
    [
        ("rotate", (3, 1), "level 3 is not a level"),
        ("rotate", (0, 4), "steps 4 is not a turn"),
        ("break_seal", (12,), "opening 12 is not an opening"),
        ("restore_seal", (0,), "already sealed"),
        ("set_light", ("roof", "north", "on"), "no light 'roof'"),
        ("play_sequence", (99,), "no light sequence 99"),
        ("play_sound", (0,), "no sound 0"),
        ("wait_for_drop", (-1,), "timeout -1 is not a number of seconds"),
    ],
)
def test_bad_input_is_refused_with_what_is_allowed_and_changes_nothing(
    kind: Kind, call: str, args: tuple[Any, ...], says: str
) -> None:
    before = kind.device.drum_positions()
    with pytest.raises(ValueError, match=re.escape(says)):
        getattr(kind.device, call)(*args)
    assert kind.device.drum_positions() == before
    assert kind.device.skull_count() == 0


def test_a_seal_comes_off_once(kind: Kind) -> None:
    kind.device.break_seal(4)
    with pytest.raises(ValueError, match="has no seal to break"):
        kind.device.break_seal(4)
    kind.device.restore_seal(4)


def test_a_skull_dropped_in_is_seen_once(kind: Kind) -> None:
    assert not kind.device.drop_detected()
    assert kind.device.wait_for_drop(0.05) is False
    kind.drop()
    assert kind.device.wait_for_drop(2) is True
    assert kind.device.drop_detected() is False  # seen once
    kind.drop()
    deadline = threading.Event()
    for _ in range(200):
        if kind.device.drop_detected():
            break
        deadline.wait(0.01)
    else:
        raise AssertionError("the second skull was never seen")
    assert kind.device.skull_count() == 2


def test_lights_sounds_calibration_and_closing_are_taken(kind: Kind) -> None:
    kind.device.set_light("top_ring", "north", "breathe")
    kind.device.play_sequence(19)
    kind.device.play_sound(112)
    kind.device.calibrate()
    kind.confirm()
    assert kind.device.drum_positions() == (0, 0, 0)


def test_each_kind_starts_where_the_game_has_its_tower() -> None:
    tower = Tower.calibrated()
    tower.rotate(1, 2)
    for device in (SimulatedTower(tower.copy()), ManualTower(tower)):
        assert device.drum_positions() == (0, 2, 0)
    fake = FakeTower()
    ble = open_tower(
        "ble", tower=tower, scanner=fake.scanner, client_factory=fake.client_factory, **QUICK
    )
    try:
        assert ble.drum_positions() == (0, 2, 0)
    finally:
        ble.close()


def test_a_tower_worked_by_hand_waits_for_the_table_to_say_a_skull_fell() -> None:
    device = ManualTower()
    threading.Timer(0.05, device.report_drop).start()
    assert device.wait_for_drop(5) is True


def test_a_tower_worked_by_hand_refuses_drums_that_are_not_where_the_game_has_them() -> None:
    device = ManualTower()
    device.rotate(1, 2)
    with pytest.raises(ValueError) as refused:
        device.confirm_drums({1: "east"})
    message = str(refused.value)
    assert "middle drum must be turned to face south" in message
    assert "Battle glyph" in message and "\n" not in message
    assert device.unconfirmed == [1] and device.drum_positions() == (0, 0, 0)
    with pytest.raises(ValueError, match="not a side"):
        device.confirm_drums({1: "up"})
    with pytest.raises(ValueError, match="not a level"):
        device.confirm_drums({5: "north"})
    device.confirm_drums({1: "S"})
    assert device.unconfirmed == [] and device.drum_positions() == (0, 2, 0)


def readme_tower_block() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Playing with your tower", 1)[1].split("\n## ", 1)[0]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_tower_snippet_runs_as_written_with_the_simulated_tower() -> None:
    block = readme_tower_block()
    assert 'open_tower("ble")  # or "simulated"' in block
    for call in ("tower.rotate(0, 1)", "tower.wait_for_drop(60)", "tower.close()"):
        assert call in block
    namespace: dict[str, Any] = {}
    exec(
        compile(block.replace('open_tower("ble")', 'open_tower("simulated")'), "README", "exec"),
        namespace,
    )
    assert namespace["tower"].drum_positions() == (1, 0, 0)
