"""A tower with no radio: stands in for bleak's scanner and client, so :class:`BleTower`
(and whatever drives it) is tested on machines without Bluetooth.

:class:`FakeTower` is the tower on the table. Its ``scanner`` and ``client_factory`` are
what :class:`BleTower` takes in place of bleak's; they answer the same calls
(``find_device_by_name``, ``discover``, ``connect``, ``disconnect``, ``is_connected``,
``start_notify``, ``write_gatt_char``, the disconnected callback). It behaves as the
protocol's facts say: it answers each state packet with its state (the one-shot sound and
light sequence cleared), a calibration with CALIBRATION_FINISHED and its state, and a fallen
skull with its state and the counter one higher. The table's side is scripted with its
methods: ``drop_skull()``, ``drop_connection()``, ``jam()``, ``send_raw()`` (garbled
bytes), ``answer_delay`` (late answers), ``battery_interval`` (the battery readings a tower sends
all the time), ``refuse_connections`` (a tower out of reach), and ``adapter_error`` (no
adapter: what bleak raises then).

>>> tower = FakeTower()
>>> tower.state.skull_count
0
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

from .protocol import (
    DEVICE_NAME,
    NOTIFY_CHARACTERISTIC,
    PACKET_SIZE,
    STATE_TYPE,
    WRITE_CHARACTERISTIC,
    Alert,
    BatteryReading,
    CalibrationFinished,
    Command,
    Drum,
    MalformedPacket,
    Response,
    ResponseType,
    StateReport,
    TowerState,
    encode_response,
)


class FakeBleakError(Exception):
    """What the fake raises where bleak raises ``BleakError``."""


@dataclasses.dataclass(frozen=True)
class FakeDevice:
    """What a scan finds: a ``BLEDevice``'s name and address."""

    name: str
    address: str


class FakeTower:
    """A Return to Dark Tower at the GATT level; see the module's docstring."""

    def __init__(
        self,
        *,
        name: str = DEVICE_NAME,
        present: bool = True,
        adapter_error: BaseException | None = None,
        answer_delay: float = 0.0,
        calibration_delay: float = 0.0,
        calibration_reply: str = "finished",
        announce_on_subscribe: bool = False,
        battery_interval: float | None = None,
        battery_millivolts: int = 3900,
    ) -> None:
        if calibration_reply not in ("finished", "state"):
            raise ValueError("calibration_reply is 'finished' or 'state'")
        self.name = name
        self.present = present
        """Whether the tower is switched on and in reach (scans find it, connects succeed)."""
        self.adapter_error = adapter_error
        """Raised by every scan when set: the host has no adapter to use."""
        self.answer_delay = answer_delay
        self.calibration_delay = calibration_delay
        self.calibration_reply = calibration_reply
        """'finished': CALIBRATION_FINISHED then the state; 'state': only the state."""
        self.announce_on_subscribe = announce_on_subscribe
        """Whether the tower sends its state as soon as notifications are subscribed."""
        self.battery_interval = battery_interval
        """Seconds between battery readings while subscribed (a real tower: about 0.2);
        None sends none."""
        self.battery_millivolts = battery_millivolts
        self.refuse_connections = 0
        """The next this many connection attempts fail."""
        self.state = TowerState()
        self.writes: list[bytes] = []
        """Every packet written to the tower, in order."""
        self.cues: list[tuple[str, int]] = []
        """The sounds and light sequences the tower played."""
        self.scans = 0
        self.connects = 0
        self.jammed: set[int] = set()
        self._client: FakeClient | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # ----------------------------------------------------------- bleak's side

    @property
    def scanner(self) -> FakeScanner:
        return FakeScanner(self)

    def client_factory(
        self, device: FakeDevice, disconnected_callback: Callable[[Any], None] | None = None
    ) -> FakeClient:
        return FakeClient(self, device, disconnected_callback)

    # ------------------------------------------------------------ the table's side

    def drop_skull(self, count: int = 1) -> None:
        """``count`` skulls fall through the beam: the counter rises and the tower tells."""

        def fall() -> None:
            self.state = dataclasses.replace(
                self.state, skull_count=(self.state.skull_count + count) & 0xFFFF
            )
            self._send(StateReport(self.state), 0.0)

        self._on_loop(fall)

    def drop_connection(self, forget: bool = False) -> None:
        """The link drops (out of range, a flat battery). With ``forget`` the tower also
        restarts: drums home but not calibrated, lights off, counter at 0."""

        def drop() -> None:
            if forget:
                self.state = TowerState()
            client, self._client = self._client, None
            if client is not None and client._connected:
                client._connected = False
                client._notify = None
                if client._disconnected_callback is not None:
                    client._disconnected_callback(client)

        self._on_loop(drop)

    def jam(self, level: int) -> None:
        """Drum ``level`` jams: the next turns leave it where it is, reported jammed."""
        self.jammed.add(level)

    def send_raw(self, data: bytes) -> None:
        """The tower sends ``data`` as a notification, whatever it is."""
        self._on_loop(lambda: self._deliver(bytes(data)))

    def send(self, response: Response) -> None:
        """The tower sends ``response``."""
        self.send_raw(encode_response(response))

    def _on_loop(self, action: Callable[[], None]) -> None:
        """Run ``action`` on the loop of the client connected now, and wait for it (or now,
        with no loop yet)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            action()
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:  # already on a loop: the action runs there
            action()
            return

        async def run() -> None:
            action()

        asyncio.run_coroutine_threadsafe(run(), loop).result(5)

    # ---------------------------------------------------------- the tower inside

    def _send(self, response: Response, delay: float) -> None:
        packet = encode_response(response)
        if self._loop is None:
            return
        self._loop.call_later(delay, self._deliver, packet)

    def _deliver(self, packet: bytes) -> None:
        client = self._client
        if client is not None and client._connected and client._notify is not None:
            client._notify(NOTIFY_CHARACTERISTIC, bytearray(packet))

    def _receive(self, packet: bytes) -> None:
        """A packet written to the tower: act on it and answer."""
        if len(packet) == 1 and packet[0] in set(Command):
            self._command(Command(packet[0]))
            return
        try:
            if len(packet) != PACKET_SIZE or packet[0] != STATE_TYPE:
                raise MalformedPacket(packet.hex())
            wanted = TowerState.from_packet(packet)
        except MalformedPacket:
            self._send(Alert(ResponseType.INVALID_STATE, b""), self.answer_delay)
            return
        if wanted.sound:
            self.cues.append(("sound", wanted.sound))
        if wanted.sequence:
            self.cues.append(("sequence", wanted.sequence))
        drums = []
        for level, (now, want) in enumerate(zip(self.state.drums, wanted.drums, strict=True)):
            turns = want.position != now.position
            if turns and level in self.jammed:
                drums.append(dataclasses.replace(now, jammed=True))
            else:
                drums.append(dataclasses.replace(now, position=want.position, jammed=False))
        self.state = dataclasses.replace(
            wanted.without_cues(),
            drums=(drums[0], drums[1], drums[2]),
            beam_fault=self.state.beam_fault,
        )
        self._send(StateReport(self.state), self.answer_delay)

    def _command(self, command: Command) -> None:
        if command == Command.CALIBRATION:
            home = Drum(position=0, calibrated=True)
            self.state = dataclasses.replace(self.state, drums=(home, home, home))
            self.jammed.clear()
            if self.calibration_reply == "finished":
                self._send(CalibrationFinished(), self.calibration_delay)
            self._send(StateReport(self.state), self.calibration_delay)
            return
        if command == Command.RESET_COUNTER:
            self.state = dataclasses.replace(self.state, skull_count=0)
        self._send(StateReport(self.state), self.answer_delay)


class FakeScanner:
    """``BleakScanner``'s class methods, finding the fake tower."""

    def __init__(self, tower: FakeTower) -> None:
        self.tower = tower

    async def discover(self, timeout: float = 5.0) -> list[FakeDevice]:
        self.tower.scans += 1
        if self.tower.adapter_error is not None:
            raise self.tower.adapter_error
        if not self.tower.present:
            return []
        return [FakeDevice(self.tower.name, "F4:12:FA:00:00:01")]

    async def find_device_by_name(self, name: str, timeout: float = 10.0) -> FakeDevice | None:
        found = [d for d in await self.discover(timeout) if d.name == name]
        return found[0] if found else None


class FakeClient:
    """``BleakClient`` for the fake tower."""

    def __init__(
        self,
        tower: FakeTower,
        device: FakeDevice,
        disconnected_callback: Callable[[Any], None] | None,
    ) -> None:
        self.tower = tower
        self.address = device.address
        self._disconnected_callback = disconnected_callback
        self._connected = False
        self._notify: Callable[[Any, bytearray], None] | None = None

    @property
    def is_connected(self) -> bool:
        return self._connected

    async def connect(self, **kwargs: Any) -> None:
        self.tower.connects += 1
        if self.tower.refuse_connections > 0 or not self.tower.present:
            self.tower.refuse_connections = max(0, self.tower.refuse_connections - 1)
            raise FakeBleakError(f"Device with address {self.address} was not found")
        self.tower._loop = asyncio.get_running_loop()
        self.tower._client = self
        self._connected = True

    async def disconnect(self) -> None:
        if not self._connected:
            return
        self._connected = False
        self._notify = None
        if self.tower._client is self:
            self.tower._client = None
        if self._disconnected_callback is not None:
            self._disconnected_callback(self)

    async def start_notify(
        self, char_specifier: str, callback: Callable[[Any, bytearray], None], **kwargs: Any
    ) -> None:
        self._check(char_specifier, NOTIFY_CHARACTERISTIC)
        self._notify = callback
        if self.tower.announce_on_subscribe:
            self.tower._send(StateReport(self.tower.state), 0.0)
        if self.tower.battery_interval is not None:
            self._beat()

    def _beat(self) -> None:
        """Send a battery reading, and the next one later, while subscribed."""
        interval = self.tower.battery_interval
        if not self._connected or self._notify is None or interval is None:
            return
        self._notify(
            NOTIFY_CHARACTERISTIC,
            bytearray(encode_response(BatteryReading(self.tower.battery_millivolts))),
        )
        asyncio.get_running_loop().call_later(interval, self._beat)

    async def write_gatt_char(
        self, char_specifier: str, data: bytes, response: bool | None = None
    ) -> None:
        self._check(char_specifier, WRITE_CHARACTERISTIC)
        self.tower.writes.append(bytes(data))
        self.tower._receive(bytes(data))

    def _check(self, char_specifier: str, expected: str) -> None:
        if not self._connected:
            raise FakeBleakError("Not connected")
        if str(char_specifier).lower() != expected:
            raise FakeBleakError(f"Characteristic {char_specifier} was not found")
