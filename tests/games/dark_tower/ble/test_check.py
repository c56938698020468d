"""Trying a tower before a game: the lines it says, against the fake tower and, through the
command line, against bleak on a machine with no tower in reach."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from towers.cli import app
from towers.games.dark_tower.ble.check import level_of, try_tower
from towers.games.dark_tower.ble.fake import FakeTower


def test_try_a_tower_and_turn_a_drum():
    fake = FakeTower(battery_interval=0.01, battery_millivolts=4200)
    lines: list[str] = []
    try_tower(lines.append, turn=1, scanner=fake.scanner, client_factory=fake.client_factory)
    assert lines == [
        "connected to ReturnToDarkTower at F4:12:FA:00:00:01",
        "calibrated: every drum is home",
        "turned the middle drum a quarter turn clockwise: the drums face top north, "
        "middle east, bottom north",
        "battery: 4200 mV, about 95%",
    ]
    assert fake.writes[0] == b"\x04" and fake._client is None  # calibrated, then let go


def test_try_a_tower_without_turning_and_no_battery_yet():
    fake = FakeTower()
    lines: list[str] = []
    try_tower(
        lines.append, battery_wait=0.05, scanner=fake.scanner, client_factory=fake.client_factory
    )
    assert lines == [
        "connected to ReturnToDarkTower at F4:12:FA:00:00:01",
        "battery: no reading within 0.05 s",
    ]
    assert fake.writes == []  # connecting alone sends nothing


def test_level_names():
    assert [level_of(n) for n in ("top", "middle", "bottom", "0", "1", "2")] == [0, 1, 2, 0, 1, 2]
    with pytest.raises(ValueError, match="the drums are top, middle and bottom"):
        level_of("side")


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (["tower", "test", "--drum", "side"], 2, "no drum 'side'"),
        (["tower", "scan", "--timeout", "0"], 2, "--timeout must be more than 0 seconds"),
        (["tower", "scan", "--timeout", "0.5"], 1, "--tower simulated"),
        (["tower", "test", "--timeout", "0.5"], 1, "--tower simulated"),
    ],
)
def test_the_command_line_says_one_line(args, code, says):
    """No tower is in reach of the machine running the tests: one line, exit code 1."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == code
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and says in lines[0]
    assert "Traceback" not in result.output
