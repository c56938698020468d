"""The tower's Bluetooth LE protocol as bytes: the 20-byte state packet, the single-byte
commands and the tower's responses. Pure Python; nothing here talks to a radio.

The facts (UUIDs, bit positions, type codes, the battery table) were noted from the
UltimateDarkTower library's constants and pack/unpack code (ChessMess/UltimateDarkTower,
commit a7095e2, MIT). Where that library's prose notes and its code disagree, the choice made
here is said next to the field and in ``docs/games/dark_tower_tower.md``.

A packet is a type byte and 19 bytes of state; the same layout goes both ways. We send a
state packet to say how the tower should be (drum positions, lights, a sound, a light
sequence, the volume, the skull counter), and the tower answers with its state:

>>> state = TowerState().with_drum(1, position=2).with_light(0, 1, effect=1)
>>> packet = state.to_packet()
>>> len(packet), packet[:4].hex()
(20, '00800002')
>>> TowerState.from_packet(packet) == state
True
>>> decode_response(bytes([7, 0, 0, 0x0F, 0xA0])).millivolts
4000
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass

# ---------------------------------------------------------------------------- the link

DEVICE_NAME = "ReturnToDarkTower"
"""The name the tower advertises."""
UART_SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
WRITE_CHARACTERISTIC = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
"""We write commands here. The library calls it TX and its notes call it RX (the tower's
view): by use, writes go to 6e400002."""
NOTIFY_CHARACTERISTIC = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"
"""The tower's responses come as notifications here."""

PACKET_SIZE = 20
STATE_TYPE = 0

LEVELS = ("top", "middle", "bottom")
LAYERS = ("top_ring", "middle_ring", "bottom_ring", "ledge", "base1", "base2")
"""Light layers; each has four lights, numbered as the layer's positions: north, east,
south, west on the rings, northeast, southeast, southwest, northwest elsewhere."""
LIGHTS_PER_LAYER = 4
EFFECTS = ("off", "on", "breathe", "breatheFast", "breathe50percent", "flicker")
"""Light effect values 0 to 5 as the library's code names them. Its notes list eight other
names (slow pulse, fast pulse, slow fade, fast fade, strobe, ...); the code is what has driven
real towers, so its values are used. The field is 3 bits: 6 and 7 are carried unnamed."""
VOLUMES = ("loud", "medium", "quiet", "mute")
"""Volume values 0 to 3, as the library's code and constants have them (0 is the loudest).
The notes say 4 bits from 0 (silent) to 15 (loudest); the code clamps to 0..3 and that is
what the tower is known to take, so only 0..3 are sent (the 4-bit field decodes whole)."""


class MalformedPacket(ValueError):
    """Bytes that are not a packet this protocol knows (wrong length, unknown type)."""


def _bounded(name: str, value: object, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ValueError(f"{name} must be an int from 0 to {high}, not {value!r}")
    return value


# ------------------------------------------------------------------------ the state


@dataclass(frozen=True, slots=True)
class Drum:
    """One drum in a state packet: where it faces (0..3, an index into north, east, south,
    west), whether it is calibrated or jammed, and whether it plays its turning sound."""

    position: int = 0
    calibrated: bool = False
    jammed: bool = False
    play_sound: bool = False

    def __post_init__(self) -> None:
        _bounded("a drum's position", self.position, 3)


@dataclass(frozen=True, slots=True)
class Light:
    """One light: its effect (0..7, see ``EFFECTS``) and whether the effect loops."""

    effect: int = 0
    loop: bool = False

    def __post_init__(self) -> None:
        _bounded("a light's effect", self.effect, 7)


_DARK = (Light(),) * LIGHTS_PER_LAYER


@dataclass(frozen=True, slots=True)
class TowerState:
    """The 19 bytes of state, decoded. Every field of the packet has a place here, so a
    state read from the tower and sent back is the same bytes."""

    drums: tuple[Drum, Drum, Drum] = (Drum(), Drum(), Drum())
    lights: tuple[tuple[Light, ...], ...] = (_DARK,) * len(LAYERS)
    sound: int = 0
    """An audio sample to play (1..127; 0 plays none). The tower clears it in its answer."""
    sound_loop: bool = False
    skull_count: int = 0
    """The beam-break counter at the skull drop: 16 bits, big-endian in packet bytes 16-17.
    The library reads only the low byte (17); the whole counter is read here, so a count
    past 255 is still a count."""
    beam_fault: bool = False
    reverse: tuple[bool, bool, bool] = (False, False, False)
    """Per-drum reverse bits: the source warns never to set them; kept so state round-trips."""
    volume: int = 0
    sequence: int = 0
    """A light sequence to play (1..255; 0 plays none). The tower clears it in its answer."""

    def __post_init__(self) -> None:
        if len(self.drums) != len(LEVELS) or len(self.reverse) != len(LEVELS):
            raise ValueError("a tower state has three drums and three reverse bits")
        if len(self.lights) != len(LAYERS) or any(
            len(layer) != LIGHTS_PER_LAYER for layer in self.lights
        ):
            raise ValueError(f"a tower state has {len(LAYERS)} layers of 4 lights")
        _bounded("the sound", self.sound, 127)
        _bounded("the skull count", self.skull_count, 0xFFFF)
        _bounded("the volume field", self.volume, 15)
        _bounded("the light sequence", self.sequence, 255)

    # -------------------------------------------------------------------- changes

    def with_drum(self, level: int, **changes: int | bool) -> TowerState:
        """This state with drum ``level`` (0 top, 1 middle, 2 bottom) changed."""
        drums = list(self.drums)
        drums[_bounded("a level", level, 2)] = dataclasses.replace(drums[level], **changes)  # type: ignore[arg-type]
        return dataclasses.replace(self, drums=(drums[0], drums[1], drums[2]))

    def with_light(self, layer: int, light: int, effect: int, loop: bool = False) -> TowerState:
        """This state with one light changed (``layer`` an index into ``LAYERS``)."""
        layers = [list(lights) for lights in self.lights]
        layers[_bounded("a layer", layer, len(LAYERS) - 1)][
            _bounded("a light", light, LIGHTS_PER_LAYER - 1)
        ] = Light(effect, loop)
        return dataclasses.replace(self, lights=tuple(tuple(lights) for lights in layers))

    def with_volume(self, volume: int) -> TowerState:
        """This state at ``volume`` 0 (loud) to 3 (mute): the values the tower is known to
        take (see ``VOLUMES``)."""
        if isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 3:
            raise ValueError(
                f"volume {volume!r} is not a volume: 0 loud, 1 medium, 2 quiet or 3 mute"
            )
        return dataclasses.replace(self, volume=volume)

    def without_cues(self) -> TowerState:
        """This state with no sound and no light sequence: what the tower answers after
        playing them (they are one-shot, not state to keep)."""
        return dataclasses.replace(self, sound=0, sound_loop=False, sequence=0)

    # -------------------------------------------------------------------- packets

    def to_packet(self) -> bytes:
        """The 20-byte packet: type 0, then the state bit by bit."""
        packet = bytearray(PACKET_SIZE)
        packet[0] = STATE_TYPE
        # Bytes 1-2 read as one little-endian word put each drum in 5 bits from bit 5*i:
        # play_sound, position (2 bits), jammed, calibrated. The library's notes draw the
        # bottom drum's position as 3 bits (3-5 of byte 2); its code uses 2 bits with jammed
        # at bit 5 and calibrated at bit 6. Four positions need two bits, and the code is
        # what turns real drums, so the code's layout is followed.
        word = 0
        for i, drum in enumerate(self.drums):
            bits = drum.play_sound | drum.position << 1 | drum.jammed << 3 | drum.calibrated << 4
            word |= bits << (5 * i)
        packet[1:3] = word.to_bytes(2, "little")
        # Layer L takes bytes 3+2L (lights 0 and 1) and 4+2L (lights 2 and 3), the lower-
        # numbered light in the high nibble: effect in its top 3 bits, loop in its lowest.
        # The notes give two other nibble orders that contradict each other; this is the
        # code's, the only one that has been sent to towers.
        for layer, lights in enumerate(self.lights):
            for light, value in enumerate(lights):
                nibble = value.effect << 1 | value.loop
                packet[3 + 2 * layer + light // 2] |= nibble << (4 if light % 2 == 0 else 0)
        packet[15] = self.sound | self.sound_loop << 7
        packet[16:18] = self.skull_count.to_bytes(2, "big")
        packet[18] = (
            self.beam_fault
            | self.reverse[0] << 1
            | self.reverse[1] << 2
            | self.reverse[2] << 3
            | self.volume << 4
        )
        packet[19] = self.sequence
        return bytes(packet)

    @classmethod
    def from_packet(cls, packet: bytes | bytearray | Sequence[int]) -> TowerState:
        """The state in a 20-byte state packet (type 0)."""
        data = bytes(packet)
        if len(data) < PACKET_SIZE or data[0] != STATE_TYPE:
            raise MalformedPacket(
                f"a state packet is {PACKET_SIZE} bytes starting 0x00, not {data.hex() or 'empty'}"
            )
        word = int.from_bytes(data[1:3], "little")
        drums = []
        for i in range(len(LEVELS)):
            bits = word >> (5 * i)
            drums.append(
                Drum(
                    position=bits >> 1 & 3,
                    calibrated=bool(bits >> 4 & 1),
                    jammed=bool(bits >> 3 & 1),
                    play_sound=bool(bits & 1),
                )
            )
        lights = []
        for layer in range(len(LAYERS)):
            row = []
            for light in range(LIGHTS_PER_LAYER):
                nibble = data[3 + 2 * layer + light // 2] >> (4 if light % 2 == 0 else 0) & 0xF
                row.append(Light(effect=nibble >> 1, loop=bool(nibble & 1)))
            lights.append(tuple(row))
        return cls(
            drums=(drums[0], drums[1], drums[2]),
            lights=tuple(lights),
            sound=data[15] & 0x7F,
            sound_loop=bool(data[15] >> 7),
            skull_count=int.from_bytes(data[16:18], "big"),
            beam_fault=bool(data[18] & 1),
            reverse=(bool(data[18] >> 1 & 1), bool(data[18] >> 2 & 1), bool(data[18] >> 3 & 1)),
            volume=data[18] >> 4,
            sequence=data[19],
        )


# ---------------------------------------------------------------------- commands


class Command(enum.IntEnum):
    """The single-byte commands. 0 is the state packet's type, not a command of its own,
    and the source warns against values past 5."""

    DOOR_RESET = 1
    UNJAM_DRUMS = 2
    RESET_COUNTER = 3
    CALIBRATION = 4
    OVERWRITE_DRUM_STATES = 5


def encode_command(command: Command | int) -> bytes:
    """A single-byte command as the one-byte packet that carries it.

    >>> encode_command(Command.CALIBRATION)
    b'\\x04'
    """
    if isinstance(command, bool) or not isinstance(command, int) or command not in set(Command):
        raise ValueError(
            f"{command!r} is not a single-byte command: they are "
            + ", ".join(f"{c.value} ({c.name.lower()})" for c in Command)
        )
    return bytes([int(command)])


# --------------------------------------------------------------------- responses


class ResponseType(enum.IntEnum):
    """The first byte of every packet the tower sends."""

    TOWER_STATE = 0
    INVALID_STATE = 1
    HARDWARE_FAILURE = 2
    MECH_JIGGLE_TRIGGERED = 3
    MECH_DURATION = 4
    MECH_UNEXPECTED_TRIGGER = 5
    DIFFERENTIAL_READINGS = 6
    BATTERY_READING = 7
    CALIBRATION_FINISHED = 8

    @property
    def is_critical(self) -> bool:
        """A response that reports something wrong with the tower."""
        return self in _CRITICAL


_CRITICAL = frozenset(
    {
        ResponseType.INVALID_STATE,
        ResponseType.HARDWARE_FAILURE,
        ResponseType.MECH_JIGGLE_TRIGGERED,
        ResponseType.MECH_UNEXPECTED_TRIGGER,
    }
)

BATTERY_CELL_THRESHOLDS_MV = (
    1500, 1390, 1350, 1320, 1295, 1270, 1245, 1225, 1205, 1180,
    1175, 1166, 1150, 1133, 1125, 1107, 1095, 1066, 1033, 980,
)  # fmt: skip
"""One alkaline AA cell's millivolts at each 5% step (the library's table at ~250 mA)."""
BATTERY_CELLS = 3
"""The library divides the reported millivolts by 3 before reading the table."""


@dataclass(frozen=True, slots=True)
class StateReport:
    """Type 0: the tower's state."""

    state: TowerState


@dataclass(frozen=True, slots=True)
class Alert:
    """Types 1, 2, 3 and 5: the tower reports a fault (an invalid state, a hardware failure,
    a jiggle to unjam a drum, an unexpected trigger). The payload has no documented layout."""

    kind: ResponseType
    payload: bytes


@dataclass(frozen=True, slots=True)
class RotationDuration:
    """Type 4: how long a rotation took; the source gives no byte layout, so the payload
    is kept as it came."""

    payload: bytes


@dataclass(frozen=True, slots=True)
class DifferentialReadings:
    """Type 6: voltage readings of the beam sensor and the three drums' sensors (bytes 1-4;
    the source is not certain of their meaning)."""

    beam: int
    top: int
    middle: int
    bottom: int


@dataclass(frozen=True, slots=True)
class BatteryReading:
    """Type 7, about every 200 ms: the batteries' millivolts, big-endian in bytes 3-4. The
    library's notes say the battery comes through the standard Battery Service; its code
    reads these UART packets and names no Battery Service, so these are read."""

    millivolts: int

    @property
    def percent(self) -> int:
        """The library's estimate: 5% for each table step one cell's share meets.

        >>> BatteryReading(4500).percent, BatteryReading(2000).percent
        (100, 0)
        """
        cell = self.millivolts / BATTERY_CELLS
        return 5 * sum(cell >= threshold for threshold in BATTERY_CELL_THRESHOLDS_MV)


@dataclass(frozen=True, slots=True)
class CalibrationFinished:
    """Type 8: the drums have found their home positions."""


Response = (
    StateReport
    | Alert
    | RotationDuration
    | DifferentialReadings
    | BatteryReading
    | CalibrationFinished
)

_MIN_LENGTH = {
    ResponseType.TOWER_STATE: PACKET_SIZE,
    ResponseType.DIFFERENTIAL_READINGS: 5,
    ResponseType.BATTERY_READING: 5,
}


def decode_response(packet: bytes | bytearray | Sequence[int]) -> Response:
    """What a notification from the tower says; :class:`MalformedPacket` for bytes that
    are not a response (empty, an unknown type, too short for its type)."""
    data = bytes(packet)
    if not data:
        raise MalformedPacket("an empty notification is not a response")
    try:
        kind = ResponseType(data[0])
    except ValueError:
        raise MalformedPacket(
            f"response type {data[0]} is unknown: types are 0 to {max(ResponseType)} "
            f"(packet {data.hex()})"
        ) from None
    need = _MIN_LENGTH.get(kind, 1)
    if len(data) < need:
        raise MalformedPacket(
            f"a {kind.name} response is at least {need} bytes, not {len(data)} ({data.hex()})"
        )
    if kind == ResponseType.TOWER_STATE:
        return StateReport(TowerState.from_packet(data[:PACKET_SIZE]))
    if kind == ResponseType.BATTERY_READING:
        return BatteryReading(int.from_bytes(data[3:5], "big"))
    if kind == ResponseType.DIFFERENTIAL_READINGS:
        return DifferentialReadings(data[1], data[2], data[3], data[4])
    if kind == ResponseType.CALIBRATION_FINISHED:
        return CalibrationFinished()
    if kind == ResponseType.MECH_DURATION:
        return RotationDuration(data[1:])
    return Alert(kind, data[1:])


def encode_response(response: Response) -> bytes:
    """The packet a tower sends for ``response`` (what a fake tower answers with); bytes the
    source leaves undescribed are 0.

    >>> decode_response(encode_response(BatteryReading(3600)))
    BatteryReading(millivolts=3600)
    """
    if isinstance(response, StateReport):
        return response.state.to_packet()
    if isinstance(response, BatteryReading):
        mv = _bounded("millivolts", response.millivolts, 0xFFFF)
        return bytes([ResponseType.BATTERY_READING, 0, 0]) + mv.to_bytes(2, "big")
    if isinstance(response, DifferentialReadings):
        values = (response.beam, response.top, response.middle, response.bottom)
        return bytes([ResponseType.DIFFERENTIAL_READINGS, *values])
    if isinstance(response, CalibrationFinished):
        return bytes([ResponseType.CALIBRATION_FINISHED])
    if isinstance(response, RotationDuration):
        return bytes([ResponseType.MECH_DURATION]) + response.payload
    if not response.kind.is_critical:
        raise ValueError(f"an alert is a critical response type, not {response.kind.name}")
    return bytes([response.kind]) + response.payload
