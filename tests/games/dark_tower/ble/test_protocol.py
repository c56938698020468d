"""The tower's packets against the documented layout, field by field, and the decisions taken
where the source's notes and code disagree."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from towers.games.dark_tower.ble import protocol as P
from towers.games.dark_tower.ble.protocol import (
    Alert,
    BatteryReading,
    CalibrationFinished,
    Command,
    DifferentialReadings,
    Drum,
    Light,
    MalformedPacket,
    ResponseType,
    RotationDuration,
    StateReport,
    TowerState,
    decode_response,
    encode_command,
    encode_response,
)
from towers.games.dark_tower.tower import load

# ------------------------------------------------------------ the documented layout

# (field, packet byte, low bit, high bit), as the facts list the state packet.
DRUM_FIELDS = [
    ("drum.top.play_sound", 1, 0, 0),
    ("drum.top.position", 1, 1, 2),
    ("drum.top.jammed", 1, 3, 3),
    ("drum.top.calibrated", 1, 4, 4),
    ("drum.middle.play_sound", 1, 5, 5),
    ("drum.middle.position", 1, 6, 7),
    ("drum.middle.jammed", 2, 0, 0),
    ("drum.middle.calibrated", 2, 1, 1),
    ("drum.bottom.play_sound", 2, 2, 2),
    ("drum.bottom.position", 2, 3, 4),
    ("drum.bottom.jammed", 2, 5, 5),
    ("drum.bottom.calibrated", 2, 6, 6),
]
OTHER_FIELDS = [
    ("audio.sample", 15, 0, 6),
    ("audio.loop", 15, 7, 7),
    ("beam.count_high", 16, 0, 7),
    ("beam.count_low", 17, 0, 7),
    ("beam.fault", 18, 0, 0),
    ("drum.top.reverse", 18, 1, 1),
    ("drum.middle.reverse", 18, 2, 2),
    ("drum.bottom.reverse", 18, 3, 3),
    ("audio.volume", 18, 4, 7),
    ("led_sequence", 19, 0, 7),
]
# The light rule as the facts state it: layer L's lights 0 and 1 in byte 3+2L, 2 and 3 in
# byte 4+2L; the first of each pair in bits 5-7 (effect) and 4 (loop), the second in 1-3, 0.
LIGHT_FIELDS = [
    (f"layer[{layer}].light[{light}].{part}", 3 + 2 * layer + light // 2, low, high)
    for layer in range(6)
    for light in range(4)
    for part, (low, high) in (
        ("effect", (5, 7) if light % 2 == 0 else (1, 3)),
        ("loop", (4, 4) if light % 2 == 0 else (0, 0)),
    )
]
FIELDS = DRUM_FIELDS + OTHER_FIELDS + LIGHT_FIELDS
LEVEL = {"top": 0, "middle": 1, "bottom": 2}


def state_with(field: str, value: int) -> TowerState:
    """A state with ``field`` set to ``value`` and every other field 0."""
    state = TowerState()
    if field.startswith("drum.") and not field.endswith("reverse"):
        _, level, part = field.split(".")
        return state.with_drum(LEVEL[level], **{part: value if part == "position" else bool(value)})
    if field.startswith("layer["):
        layer, light = int(field[6]), int(field[15])
        if field.endswith("effect"):
            return state.with_light(layer, light, effect=value)
        return state.with_light(layer, light, effect=0, loop=bool(value))
    if field.endswith("reverse"):
        reverse = [False] * 3
        reverse[LEVEL[field.split(".")[1]]] = bool(value)
        return dataclasses.replace(state, reverse=(reverse[0], reverse[1], reverse[2]))
    changes = {
        "audio.sample": {"sound": value},
        "audio.loop": {"sound_loop": bool(value)},
        "beam.count_high": {"skull_count": value << 8},
        "beam.count_low": {"skull_count": value},
        "beam.fault": {"beam_fault": bool(value)},
        "audio.volume": {"volume": value},
        "led_sequence": {"sequence": value},
    }[field]
    return dataclasses.replace(state, **changes)  # type: ignore[arg-type]


def test_the_layout_covers_every_bit_but_one():
    """Every bit of bytes 1-19 belongs to exactly one documented field, except bit 7 of
    byte 2, which the code leaves unused."""
    owners: dict[tuple[int, int], str] = {}
    for field, byte, low, high in FIELDS:
        for bit in range(low, high + 1):
            assert (byte, bit) not in owners, (field, owners.get((byte, bit)))
            owners[(byte, bit)] = field
    free = {(b, i) for b in range(1, 20) for i in range(8)} - set(owners)
    assert free == {(2, 7)}


@pytest.mark.parametrize(("field", "byte", "low", "high"), FIELDS, ids=[f[0] for f in FIELDS])
def test_each_field_alone(field, byte, low, high):
    """The field at its largest value sets exactly its bits, and those bits alone decode to
    exactly that field; the value 1 sets its lowest bit."""
    top = (1 << (high - low + 1)) - 1
    packet = state_with(field, top).to_packet()
    expected = bytearray(P.PACKET_SIZE)
    expected[byte] = top << low
    assert packet == bytes(expected)
    assert TowerState.from_packet(expected) == state_with(field, top)
    expected[byte] = 1 << low
    assert state_with(field, 1).to_packet() == bytes(expected)
    assert TowerState.from_packet(expected) == state_with(field, 1)


def test_the_empty_state_is_type_0_and_all_zero():
    assert TowerState().to_packet() == bytes(20)


# ------------------------------------------------------------------ round trips

drums = st.builds(Drum, st.integers(0, 3), st.booleans(), st.booleans(), st.booleans())
lights = st.builds(Light, st.integers(0, 7), st.booleans())
states = st.builds(
    TowerState,
    drums=st.tuples(drums, drums, drums),
    lights=st.tuples(*[st.tuples(lights, lights, lights, lights)] * 6),
    sound=st.integers(0, 127),
    sound_loop=st.booleans(),
    skull_count=st.integers(0, 0xFFFF),
    beam_fault=st.booleans(),
    reverse=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    volume=st.integers(0, 15),
    sequence=st.integers(0, 255),
)


@given(states)
def test_state_round_trip(state):
    packet = state.to_packet()
    assert len(packet) == 20 and packet[0] == 0
    assert TowerState.from_packet(packet) == state


@given(st.binary(min_size=19, max_size=19))
def test_packet_round_trip(body):
    """Any 19 bytes of state decode and encode back, but for the unused bit 7 of byte 2."""
    packet = b"\x00" + body
    again = TowerState.from_packet(packet).to_packet()
    assert again[2] == packet[2] & 0x7F
    assert again[:2] + again[3:] == packet[:2] + packet[3:]


responses = st.one_of(
    states.map(StateReport),
    st.builds(
        Alert,
        st.sampled_from([t for t in ResponseType if t.is_critical]),
        st.binary(max_size=19),
    ),
    st.builds(RotationDuration, st.binary(max_size=19)),
    st.builds(DifferentialReadings, *[st.integers(0, 255)] * 4),
    st.builds(BatteryReading, st.integers(0, 0xFFFF)),
    st.just(CalibrationFinished()),
)


@given(responses)
def test_response_round_trip(response):
    assert decode_response(encode_response(response)) == response


# -------------------------------------------------------------------- responses


def test_each_response_type():
    state = TowerState().with_drum(2, position=3, calibrated=True)
    assert decode_response(state.to_packet()) == StateReport(state)
    for kind in (1, 2, 3, 5):
        alert = decode_response(bytes([kind, 9, 8]))
        assert alert == Alert(ResponseType(kind), b"\x09\x08") and alert.kind.is_critical
    assert decode_response(bytes([4, 1, 2])) == RotationDuration(b"\x01\x02")
    assert decode_response(bytes([6, 10, 20, 30, 40])) == DifferentialReadings(10, 20, 30, 40)
    assert decode_response(bytes([8])) == CalibrationFinished()
    for kind in (0, 4, 6, 7, 8):
        assert not ResponseType(kind).is_critical


def test_battery_reading_and_percent():
    """Millivolts big-endian in bytes 3-4; the percent is 5 for each step of the one-cell
    table that a third of it meets."""
    reading = decode_response(bytes([7, 0xAA, 0xBB, 0x11, 0x94]))
    assert reading == BatteryReading(4500)
    assert reading.percent == 100  # 1500 mV a cell meets all 20 steps
    assert BatteryReading(3 * 1180).percent == 55  # 1180 down to 980: 11 steps
    assert BatteryReading(3 * 1179).percent == 50
    assert BatteryReading(3 * 980).percent == 5
    assert BatteryReading(3 * 979).percent == 0


@pytest.mark.parametrize(
    ("packet", "message"),
    [
        (b"", "empty"),
        (b"\x09", "type 9 is unknown"),
        (b"\xff\x00", "type 255 is unknown"),
        (bytes(19), "TOWER_STATE response is at least 20 bytes, not 19"),
        (b"\x07\x00\x00\x0f", "BATTERY_READING response is at least 5 bytes, not 4"),
        (b"\x06\x01", "DIFFERENTIAL_READINGS response is at least 5 bytes"),
    ],
)
def test_garbled_responses_are_refused(packet, message):
    with pytest.raises(MalformedPacket, match=message):
        decode_response(packet)


def test_a_longer_state_response_is_read_by_its_first_20_bytes():
    state = TowerState(sequence=3)
    assert decode_response(state.to_packet() + b"\x99") == StateReport(state)


def test_from_packet_refuses_what_is_not_a_state():
    with pytest.raises(MalformedPacket, match="20 bytes starting 0x00"):
        TowerState.from_packet(b"\x07" + bytes(19))


# --------------------------------------------------------------------- commands


def test_single_byte_commands():
    assert [encode_command(c) for c in Command] == [bytes([v]) for v in (1, 2, 3, 4, 5)]
    assert encode_command(4) == b"\x04"
    for wrong in (0, 6, 255, True, "4"):
        with pytest.raises(ValueError, match="not a single-byte command: they are 1"):
            encode_command(wrong)  # type: ignore[arg-type]


def test_values_out_of_their_fields_are_refused():
    with pytest.raises(ValueError, match="position must be an int from 0 to 3"):
        Drum(position=4)
    with pytest.raises(ValueError, match="effect must be an int from 0 to 7"):
        Light(effect=8)
    with pytest.raises(ValueError, match="sound must be an int from 0 to 127"):
        TowerState(sound=128)
    with pytest.raises(ValueError, match="skull count must be an int from 0 to 65535"):
        TowerState(skull_count=-1)
    with pytest.raises(ValueError, match="three drums"):
        TowerState(drums=(Drum(), Drum()))  # type: ignore[arg-type]


# ------------------------------------------------ where the notes and code disagree


LEGACY_ROTATE = {  # the legacy rotate command's byte values, as the facts list them
    "top": {"north": 16, "east": 2, "south": 20, "west": 22},
    "middle": {"north": 16, "east": 64, "south": 144, "west": 208},
    "bottom": {"north": 66, "east": 74, "south": 82, "west": 90},
}
SIDES = ("north", "east", "south", "west")


@pytest.mark.parametrize("level", ["top", "middle", "bottom"])
def test_the_legacy_rotate_bytes_read_as_the_codes_drum_layout(level):
    """The bytes the older rotate command sent (top | middle in byte 1, bottom in byte 2)
    decode, with the layout followed here, to the side each was named for: the bottom
    drum's position in bits 3-4 of byte 2, and its calibrated bit at 6."""
    for side, value in LEGACY_ROTATE[level].items():
        packet = bytearray(20)
        packet[2 if level == "bottom" else 1] = value
        drum = TowerState.from_packet(packet).drums[LEVEL[level]]
        assert SIDES[drum.position] == side
        if level == "bottom":
            assert drum.calibrated and not drum.jammed


def test_decision_bottom_position_is_two_bits():
    """The notes draw a 3-bit bottom position (bits 3-5 of byte 2); the code's 2 bits are
    followed, so bit 5 is the bottom drum's jam flag, not a position of 4."""
    packet = bytearray(20)
    packet[2] = 0b0010_0000
    bottom = TowerState.from_packet(packet).drums[2]
    assert bottom.position == 0 and bottom.jammed
    assert TowerState().with_drum(2, position=3).to_packet()[2] == 0b0001_1000


def test_decision_light_nibbles_follow_the_code():
    """Lights 0 and 1 of a layer share its first byte, light 0 in the high nibble."""
    state = TowerState().with_light(0, 0, effect=1).with_light(0, 1, effect=7, loop=True)
    assert state.to_packet()[3:5] == bytes([0x20 | 0x0F, 0])
    state = TowerState().with_light(5, 3, effect=P.EFFECTS.index("flicker"), loop=True)
    assert state.to_packet()[14] == 0x0B


def test_decision_effects_are_the_codes_six():
    """The code's names 0-5 are followed (not the notes' eight), and the game's data
    names the same effects in the same order."""
    assert P.EFFECTS == ("off", "on", "breathe", "breatheFast", "breathe50percent", "flicker")
    assert P.EFFECTS == load().light_effects
    assert P.LAYERS == load().light_layers


def test_decision_volume_is_0_loud_to_3_mute():
    """The code's 0 loud .. 3 mute is followed, not the notes' 0 silent .. 15 max; a
    reported 4-bit value still decodes whole."""
    assert P.VOLUMES == ("loud", "medium", "quiet", "mute")
    assert TowerState().with_volume(3).to_packet()[18] == 0x30
    with pytest.raises(ValueError, match="0 loud, 1 medium, 2 quiet or 3 mute"):
        TowerState().with_volume(4)
    packet = bytearray(20)
    packet[18] = 0xF0
    assert TowerState.from_packet(packet).volume == 15


def test_decision_characteristics_by_use():
    """Writes go to 6e400002 and notifications come on 6e400003, whatever each side calls
    them; both belong to the UART service 6e400001."""
    assert P.WRITE_CHARACTERISTIC.startswith("6e400002")
    assert P.NOTIFY_CHARACTERISTIC.startswith("6e400003")
    assert {P.UART_SERVICE[8:], P.WRITE_CHARACTERISTIC[8:], P.NOTIFY_CHARACTERISTIC[8:]} == {
        "-b5a3-f393-e0a9-e50e24dcca9e"
    }


def test_decision_the_whole_skull_counter_is_read():
    """The library reads only the low byte (17); the whole 16-bit counter is read here."""
    packet = bytearray(20)
    packet[16:18] = b"\x01\x02"
    assert TowerState.from_packet(packet).skull_count == 258


def test_decision_battery_from_uart_type_7():
    """The battery comes from UART type 7 packets (the code), not the Battery Service (the
    notes): a type-7 notification is a battery reading."""
    assert isinstance(decode_response(bytes([7, 0, 0, 0x0E, 0x10])), BatteryReading)


def test_cues_are_cleared_from_a_state():
    state = TowerState(sound=112, sound_loop=True, sequence=14, skull_count=3)
    assert state.without_cues() == TowerState(skull_count=3)
