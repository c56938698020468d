"""BleTower against the fake tower at bleak's level: no radio anywhere."""

from __future__ import annotations

import dataclasses
import logging
import random
import re
import sys
import threading
import time
from pathlib import Path

import pytest
from bleak.exc import BleakError

from towers.games.dark_tower.ble import (
    BleTower,
    TowerError,
    TowerTimeout,
    TowerUnavailable,
    open_tower,
)
from towers.games.dark_tower.ble.fake import FakeTower
from towers.games.dark_tower.ble.protocol import (
    Alert,
    BatteryReading,
    ResponseType,
    StateReport,
)
from towers.games.dark_tower.tower import SimulatedTower, Tower, TowerDevice

QUICK = {"reconnect_delay": 0.01, "resync_wait": 0.05, "command_timeout": 2.0}


def connect(fake: FakeTower, **kw) -> BleTower:
    options = {**QUICK, **kw}
    return open_tower(  # type: ignore[return-value]
        "ble", scanner=fake.scanner, client_factory=fake.client_factory, **options
    )


@pytest.fixture
def fake() -> FakeTower:
    return FakeTower()


@pytest.fixture
def tower(fake):
    device = connect(fake)
    yield device
    device.close()


def until(condition, timeout: float = 2.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


# ------------------------------------------------------------------ connecting


def test_scan_connect_and_calibrate(fake, tower):
    assert isinstance(tower, TowerDevice)
    assert fake.scans == 1 and fake.connects == 1 and tower.is_connected()
    assert fake.writes == [b"\x04"]  # calibration, and nothing more: the drums are home
    assert all(drum.calibrated for drum in fake.state.drums)
    assert tower.drum_positions() == (0, 0, 0)


def test_calibration_ended_by_a_state_report_alone():
    fake = FakeTower(calibration_reply="state")
    with connect(fake) as tower:
        assert fake.writes == [b"\x04"] and tower.drum_positions() == (0, 0, 0)


def test_calibration_that_never_ends_times_out_clearly():
    fake = FakeTower(calibration_delay=5)
    with pytest.raises(TowerTimeout, match=r"^the tower did not calibrate within 0.2 s"):
        connect(fake, calibration_timeout=0.2)


def test_no_tower_found_is_one_clear_line():
    fake = FakeTower(present=False)
    with pytest.raises(TowerUnavailable) as error:
        connect(fake, scan_timeout=0.1)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith("no tower named ReturnToDarkTower answered a 0.1 s scan")
    assert "--tower simulated" in message


def test_no_adapter_is_one_clear_line():
    fake = FakeTower(adapter_error=BleakError("No Bluetooth adapters found."))
    with pytest.raises(TowerUnavailable) as error:
        connect(fake)
    message = str(error.value)
    assert "\n" not in message
    assert message == (
        "no Bluetooth adapter can be used here (No Bluetooth adapters found.): "
        "play with the simulated tower (--tower simulated), or turn Bluetooth on"
    )


def test_no_bluetooth_service_is_one_clear_line():
    fake = FakeTower(adapter_error=FileNotFoundError(2, "No such file or directory"))
    with pytest.raises(TowerUnavailable) as error:
        connect(fake)
    assert str(error.value).startswith(
        "no Bluetooth adapter can be used here (the system's Bluetooth service cannot be "
        "reached: No such file or directory): play with the simulated tower"
    )


def test_without_bleak_installed(monkeypatch):
    monkeypatch.setitem(sys.modules, "bleak", None)  # import bleak now fails
    with pytest.raises(TowerUnavailable) as error:
        open_tower("ble")
    assert str(error.value) == (
        "the Bluetooth support is not installed: pip install 'towers[tower]', "
        "or play with the simulated tower (--tower simulated)"
    )


def test_open_tower_simulated():
    device = open_tower("simulated")
    assert isinstance(device, SimulatedTower) and isinstance(device, TowerDevice)
    device.calibrate()
    device.rotate(1, 3)
    assert device.drum_positions() == (0, 3, 0)
    device.close()


def test_close_ends_the_background_thread(fake):
    before = threading.active_count()
    device = connect(fake)
    assert threading.active_count() == before + 1
    device.close()
    device.close()
    assert threading.active_count() == before and not fake.state.drums[0].jammed
    with pytest.raises(TowerError, match="not connected: connect"):
        device.rotate(0, 1)
    with pytest.raises(TowerError, match="not connected: connect"):
        device.break_seal(0)
    assert device.model.tower.drums == [0, 0, 0] and not device.model.tower.open_openings()


# ---------------------------------------------------------------------- commands


def test_a_rotation_as_the_facts_encode_it(fake, tower):
    tower.rotate(0, 1)
    # top drum: position 1 in bits 1-2 and calibrated (bit 4) of byte 1; middle and bottom
    # calibrated (byte 2 bits 1 and 6); light sequence 16 (rotationDrumTop) in byte 19
    assert fake.writes[-1] == bytes([0, 0x12, 0x42]) + bytes(16) + bytes([16])
    tower.rotate(2, 3)
    # the bottom drum at west: byte 2 is 90, the legacy rotate command's "bottom west"
    assert fake.writes[-1][1:3] == bytes([0x12, 90]) and fake.writes[-1][19] == 18
    assert tower.drum_positions() == (1, 0, 3)
    assert tower.turned_drums() == [0, 2] and tower.turned_drums() == []
    assert fake.cues == [("sequence", 16), ("sequence", 18)]
    assert fake.state.sequence == 0  # one-shot: cleared in the tower's answer


def test_a_seal_as_the_facts_encode_it(fake, tower):
    tower.rotate(1, 1)
    tower.break_seal(5)  # middle east: the middle drum's slot 0, now facing east
    assert fake.writes[-1][15] == 112 and fake.writes[-1][19] == 14
    assert tower.model.tower.open_openings() == [5]
    tower.rotate(1, 1)
    assert tower.model.tower.open_openings() == [6]  # the opening rides with its drum
    tower.restore_seal(6)
    assert fake.writes[-1][15] == 112 and fake.writes[-1][19] == 0
    assert tower.model.tower.open_openings() == []


def test_bad_input_is_refused_and_sends_nothing(fake, tower):
    sent = len(fake.writes)
    with pytest.raises(ValueError, match="level 3 is not a level of the tower"):
        tower.rotate(3, 1)
    with pytest.raises(ValueError, match="steps are 1, 2 or 3"):
        tower.rotate(0, 4)
    with pytest.raises(ValueError, match="has no seal to break"):
        tower.break_seal(0) or tower.break_seal(0)
    sent += 1  # the first break went out
    with pytest.raises(ValueError, match="effects are off, on"):
        tower.set_light("ledge", "northeast", "blink")
    with pytest.raises(ValueError, match="sounds are 1 to 113"):
        tower.play_sound(0)
    with pytest.raises(ValueError, match="volumes are loud, medium, quiet, mute"):
        tower.set_volume("eleven")
    with pytest.raises(ValueError, match="0 loud, 1 medium, 2 quiet or 3 mute"):
        tower.set_volume(9)
    assert len(fake.writes) == sent and tower.drum_positions() == (0, 0, 0)


def test_lights_sounds_sequences_and_volume(fake, tower):
    tower.set_light("ledge", "southeast", "flicker")
    tower.set_light("top_ring", "north", "on")
    packet = fake.writes[-1]
    assert packet[9] == 0x0B  # ledge light 1: effect 5 in bits 1-3, looping
    assert packet[3] == 0x20  # top ring light 0: on, not looping
    tower.play_sound(94)
    assert fake.writes[-1][15] == 94 and fake.writes[-1][9] == 0x0B  # lights stay
    tower.play_sequence(19)
    assert fake.writes[-1][19] == 19
    tower.set_volume("quiet")
    assert fake.writes[-1][18] >> 4 == 2 and fake.state.volume == 2
    assert fake.cues == [("sound", 94), ("sequence", 19)]


def test_a_jammed_drum_is_an_error(fake, tower):
    fake.jam(1)
    with pytest.raises(TowerError, match="the middle drum jammed short of position 1"):
        tower.rotate(1, 1)


# -------------------------------------------------------------------- the skulls


def test_a_drop_detected_from_the_skull_counter(fake, tower):
    assert not tower.drop_detected() and tower.skull_count() == 0
    fake.drop_skull()
    assert tower.wait_for_drop(2)
    assert not tower.drop_detected() and tower.skull_count() == 1
    fake.drop_skull(2)  # two at once: detected once each
    until(lambda: tower.skull_count() == 3)
    assert tower.drop_detected() and tower.drop_detected() and not tower.drop_detected()
    assert not tower.wait_for_drop(0.01)


def test_commands_carry_the_counter_back(fake, tower):
    """A state packet sets the tower's counter, so commands send the last one reported."""
    fake.drop_skull(3)
    until(lambda: tower.skull_count() == 3)
    tower.rotate(0, 1)
    assert fake.writes[-1][16:18] == b"\x00\x03" and fake.state.skull_count == 3


def test_a_counter_reset_is_not_a_drop(fake, tower):
    fake.drop_skull(300)
    until(lambda: tower.skull_count() == 300)  # past 255: the whole counter is read
    fake.state = dataclasses.replace(fake.state, skull_count=0)  # the counter was reset
    fake.send(StateReport(fake.state))
    fake.drop_skull()
    until(lambda: tower.skull_count() == 301)
    assert [tower.drop_detected() for _ in range(302)].count(True) == 301


# -------------------------------------------------------------- noise and delays


def test_a_garbled_notification_is_ignored_with_a_warning(fake, tower, caplog):
    with caplog.at_level(logging.WARNING):
        fake.send_raw(b"\x2a\x01")
        fake.send_raw(b"\x00\x01\x02")
        fake.send_raw(b"")
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [
        "ignored a notification from the tower: response type 42 is unknown: types are 0 to 8"
        " (packet 2a01)",
        "ignored a notification from the tower: a TOWER_STATE response is at least 20 bytes,"
        " not 3 (000102)",
        "ignored a notification from the tower: an empty notification is not a response",
    ]
    tower.rotate(0, 1)
    assert tower.drum_positions() == (1, 0, 0) and tower.skull_count() == 0


def test_a_late_answer_times_out_then_is_taken(fake, tower):
    fake.answer_delay = 0.3
    with pytest.raises(TowerTimeout, match=r"^the tower did not turn the top drum within 0.1 s"):
        tower.command_timeout = 0.1
        tower.rotate(0, 2)
    until(lambda: tower.drum_positions() == (2, 0, 0))
    fake.answer_delay = 0
    tower.rotate(0, 1)
    assert tower.drum_positions() == (3, 0, 0)


def test_battery_and_alerts_are_kept(fake, tower):
    fake.send(BatteryReading(3900))
    fake.send(Alert(ResponseType.HARDWARE_FAILURE, b"\x01"))
    until(lambda: tower.battery is not None and tower.alerts)
    assert tower.battery.percent == 80
    assert tower.alerts == [Alert(ResponseType.HARDWARE_FAILURE, b"\x01")]


# ------------------------------------------------------------ losing the link


def test_a_lost_connection_resumed_with_state_resent(fake, tower):
    tower.rotate(0, 1)
    tower.rotate(2, 2)
    tower.break_seal(9)
    tower.set_light("base1", "northwest", "breathe")
    fake.drop_connection(forget=True)  # and the tower restarted: drums home, uncalibrated
    assert not fake.state.drums[0].calibrated
    tower.rotate(1, 1)  # waits for the link, which comes back with the state
    assert tower.reconnections == 1 and fake.connects == 2 and fake.scans == 2
    assert [d.position for d in fake.state.drums] == [1, 1, 2]
    assert all(d.calibrated for d in fake.state.drums)
    assert b"\x04" in fake.writes[fake.writes.index(b"\x04") + 1 :]  # calibrated again
    assert fake.state.lights[4][3].effect == 2  # the light is back
    assert tower.model.tower.open_openings() == [9]  # the seal, kept in the model
    assert tower.drum_positions() == (1, 1, 2)


def test_a_drop_while_away_is_detected_when_the_tower_says_its_state():
    fake = FakeTower(announce_on_subscribe=True)
    with connect(fake) as tower:
        tower.rotate(0, 3)
        fake.drop_connection()
        fake.drop_skull()  # nobody hears it now
        until(lambda: tower.reconnections == 1)
        assert tower.wait_for_drop(2) and tower.skull_count() == 1
        assert fake.state.skull_count == 1 and [d.position for d in fake.state.drums] == [3, 0, 0]


def test_a_tower_out_of_reach_for_a_while(fake, tower):
    fake.refuse_connections = 2
    fake.drop_connection()
    tower.rotate(0, 1)
    assert fake.connects == 4 and tower.reconnections == 1
    assert tower.drum_positions() == (1, 0, 0)


def test_a_tower_gone_for_good(fake):
    device = connect(fake, reconnect_attempts=2)
    fake.present = False
    fake.drop_connection()
    with pytest.raises(
        TowerError, match="lost the tower and could not reconnect in 2 attempts: bring it near"
    ):
        device.rotate(0, 1)
    device.close()


def test_a_tower_found_but_refusing_the_connection():
    fake = FakeTower()
    fake.refuse_connections = 1
    with pytest.raises(TowerUnavailable) as error:
        connect(fake)
    assert str(error.value) == (
        "found the tower but could not connect to it (Device with address "
        "F4:12:FA:00:00:01 was not found): switch it off and on, or play with the simulated "
        "tower (--tower simulated)"
    )


def test_with_bleak_itself_and_no_tower_in_reach():
    """bleak's own scanner, on a machine with no tower near (and here no Bluetooth at all):
    one clear line, whichever bleak says."""
    with pytest.raises(TowerUnavailable) as error:
        open_tower("ble", scan_timeout=0.5, connect_timeout=0.5)
    assert "\n" not in str(error.value) and "--tower simulated" in str(error.value)


def test_the_docs_example_with_the_fake_runs():
    """docs/games/dark_tower_tower.md's example of testing without a radio runs as written."""
    doc = Path(__file__).resolve().parents[4] / "docs" / "games" / "dark_tower_tower.md"
    blocks = re.findall(r"^```python\n(.*?)^```", doc.read_text(), re.M | re.S)
    (example,) = [block for block in blocks if "FakeTower()" in block]
    scope: dict[str, object] = {}
    exec(example, scope)
    scope["tower"].close()  # type: ignore[attr-defined]


def test_battery_readings_all_the_time_disturb_nothing():
    """A tower sends a battery reading every 200 ms; here every 5 ms, through turns, a drop
    and a lost link."""
    fake = FakeTower(battery_interval=0.005, battery_millivolts=3600)
    with connect(fake) as tower:
        tower.rotate(1, 2)
        fake.drop_skull()
        assert tower.wait_for_drop(2)
        fake.drop_connection()
        tower.rotate(1, 1)
        assert tower.drum_positions() == (0, 3, 0) and tower.reconnections == 1
        assert tower.battery == BatteryReading(3600) and tower.battery.percent == 55


def test_a_resumed_game_brings_the_tower_to_the_games_drums():
    """A game resumed with drums turned and a seal off: after calibrating, the real tower is
    turned to the game's drums; the skulls inside the game's tower are not the device's."""
    game = Tower.calibrated()
    game.rotate(0, 3)
    game.break_seal(8)
    game.drop()  # a release opens in the game's tower: the device must not inherit it
    fake = FakeTower()
    with connect(fake, tower=game) as tower:
        assert fake.writes[0] == b"\x04"
        assert [d.position for d in fake.state.drums] == [3, 0, 0]
        assert tower.model.tower.open_openings() == [8] and not tower.model.tower.is_releasing()
        tower.rotate(2, 1)  # a release open in the game's tower does not stop the device
        assert tower.model.tower.open_openings() == [9] and game.drums == [3, 0, 0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_real_tower_follows_a_simulated_one_through_noise_and_lost_links(seed):
    """Random turns, seals, lights, drops, garbled notifications and lost links (some with
    the tower restarting): the device, the fake tower and a simulated tower agree after
    every step, and every skull dropped is counted once."""
    rng = random.Random(seed)
    sim = SimulatedTower()
    data = sim.tower.data
    fake = FakeTower(battery_interval=0.01, announce_on_subscribe=rng.random() < 0.5)
    drops = 0
    with connect(fake) as tower:
        for _ in range(40):
            op = rng.choice(["rotate", "seal", "light", "drop", "garble", "lose"])
            if op == "lose":
                fake.drop_connection(forget=rng.random() < 0.3)
                op = "rotate"  # the next command waits for the link and the resync
            if op == "rotate":
                level, steps = rng.randrange(3), rng.randint(1, 3)
                sim.rotate(level, steps)
                tower.rotate(level, steps)
            elif op == "seal" and sim.tower.sealed_openings():
                opening = rng.choice(sim.tower.sealed_openings())
                sim.break_seal(opening)
                tower.break_seal(opening)
            elif op == "seal":
                opening = rng.choice(sim.tower.open_openings())
                sim.restore_seal(opening)
                tower.restore_seal(opening)
            elif op == "light":
                layer = rng.choice(data.light_layers)
                ring = layer.endswith("_ring")
                position = rng.choice(data.ring_positions if ring else data.corner_positions)
                effect = rng.choice(data.light_effects)
                sim.set_light(layer, position, effect)
                tower.set_light(layer, position, effect)
            elif op == "drop":
                fake.drop_skull()
                drops += 1
                assert tower.wait_for_drop(2)
            else:
                fake.send_raw(bytes([rng.randint(9, 255)]) + rng.randbytes(rng.randrange(20)))
            assert tower.model.tower.drums == sim.tower.drums
            assert tower.model.tower.open_openings() == sim.tower.open_openings()
            assert tower.skull_count() == drops and not tower.drop_detected()
        assert [d.position for d in fake.state.drums] == sim.tower.drums
        assert tower.drum_positions() == tuple(sim.tower.drums)
        for (layer, position), effect in sim.lights.items():
            ring = layer.endswith("_ring")
            index = (data.ring_positions if ring else data.corner_positions).index(position)
            light = fake.state.lights[data.light_layers.index(layer)][index]
            assert light.effect == data.light_effects.index(effect)
