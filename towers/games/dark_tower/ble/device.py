"""A real tower at the table, driven over Bluetooth LE with ``bleak``.

:class:`BleTower` is a :class:`~towers.games.dark_tower.tower.TowerDevice`. It keeps what the
game expects of the tower in a :class:`SimulatedTower` (drum positions, the seals riding on
them, the lights; the same checks and messages as the simulated tower) and keeps the real
tower in step with it: every command is the whole state packet, built from that model and
the skull counter the tower last reported.

bleak is asyncio and :class:`TowerDevice` is not: bleak runs on an event loop in a
background thread, and each call waits for the tower's answer with a timeout that ends in a
:class:`TowerTimeout` naming what did not happen. Notifications arrive on that thread; a
garbled one is logged and ignored.

A lost connection is resumed on its own: the tower is found again, notifications are
subscribed again, and the expected state (drums, lights, volume) is sent again, calibrating
first if the tower says its drums are not calibrated. A call made meanwhile waits for the
link to come back (within its timeout). Seals are not in the protocol: they live in the
model, so nothing about them can be lost with the link.

The scanner and the client are injected (``scanner``, ``client_factory``); by default they
are bleak's ``BleakScanner`` and ``BleakClient``, so :mod:`.fake` can stand in for the radio.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, TypeVar

from ..tower import LEVELS, SimulatedTower, Tower
from .protocol import (
    DEVICE_NAME,
    EFFECTS,
    LAYERS,
    LIGHTS_PER_LAYER,
    NOTIFY_CHARACTERISTIC,
    VOLUMES,
    WRITE_CHARACTERISTIC,
    Alert,
    BatteryReading,
    CalibrationFinished,
    Command,
    Drum,
    Light,
    MalformedPacket,
    Response,
    StateReport,
    TowerState,
    decode_response,
    encode_command,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

SIMULATED_HINT = "play with the simulated tower (--tower simulated)"
INSTALL_HINT = "pip install 'towers[tower]'"


class TowerUnavailable(RuntimeError):
    """A real tower cannot be opened: the Bluetooth support is not installed, there is no
    adapter to use, or no tower answered. The message is one line that says which, and
    what to do instead."""


class TowerError(RuntimeError):
    """The tower did not do what it was told: it jammed, or the link was lost for good."""


class TowerTimeout(TowerError):
    """The tower did not answer in time."""


class Client(Protocol):
    """The calls of ``bleak.BleakClient`` this module makes."""

    @property
    def is_connected(self) -> bool: ...

    async def connect(self) -> Any: ...

    async def disconnect(self) -> Any: ...

    async def start_notify(
        self, char_specifier: str, callback: Callable[[Any, bytearray], None]
    ) -> None: ...

    async def write_gatt_char(self, char_specifier: str, data: bytes, response: bool) -> None: ...


class Scanner(Protocol):
    """The call of ``bleak.BleakScanner`` this module makes (a class method there)."""

    async def find_device_by_name(self, name: str, timeout: float) -> Any: ...


ClientFactory = Callable[[Any, Callable[[Any], None]], Client]
"""Makes a client for a found device, given the callback to call when it disconnects."""


def _one_line(error: BaseException) -> str:
    """An error for the log: its kind and its words."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _reason(error: BaseException) -> str:
    """An error for a person: its words, no Python names."""
    if isinstance(error, OSError) and error.strerror:
        # no D-Bus socket, no BlueZ: the system's Bluetooth service is not there to ask
        return f"the system's Bluetooth service cannot be reached: {error.strerror}"
    return " ".join(str(error).split()) or "no reason given"


def bleak_defaults() -> tuple[Scanner, ClientFactory]:
    """bleak's scanner and a factory of bleak clients; :class:`TowerUnavailable` without
    bleak installed."""
    try:
        from bleak import BleakClient, BleakScanner
    except ImportError:
        raise TowerUnavailable(
            f"the Bluetooth support is not installed: {INSTALL_HINT}, or {SIMULATED_HINT}"
        ) from None

    def client_factory(device: Any, on_disconnect: Callable[[Any], None]) -> Client:
        client: Client = BleakClient(device, disconnected_callback=on_disconnect)
        return client

    scanner: Scanner = BleakScanner  # find_device_by_name is a class method there
    return scanner, client_factory


class _LoopThread:
    """An asyncio event loop running in a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tower-ble", daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float, what: str) -> T:
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise TowerTimeout(f"the tower did not {what} within {timeout:g} s") from None

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        if not self.thread.is_alive():
            self.loop.close()


Waiter = tuple[Callable[[Response], bool], "asyncio.Future[Response]"]


class BleTower:
    """A real Return to Dark Tower, over Bluetooth LE. ``connect()`` finds it by name,
    connects and calibrates; then it is driven as any :class:`TowerDevice`. ``close()``
    lets it go.

    ``tower`` is the game's tower when a game is resumed: its drums and seals are where the
    real tower is brought after calibrating. ``scanner`` and ``client_factory`` stand in
    for bleak's ``BleakScanner`` and ``BleakClient`` (see :mod:`.fake`)."""

    def __init__(
        self,
        *,
        name: str = DEVICE_NAME,
        scanner: Scanner | None = None,
        client_factory: ClientFactory | None = None,
        tower: Tower | None = None,
        scan_timeout: float = 10.0,
        connect_timeout: float = 20.0,
        command_timeout: float = 25.0,
        calibration_timeout: float = 60.0,
        reconnect_attempts: int = 5,
        reconnect_delay: float = 2.0,
        resync_wait: float = 2.0,
    ) -> None:
        if scanner is None or client_factory is None:
            default_scanner, default_factory = bleak_defaults()
            scanner = scanner or default_scanner
            client_factory = client_factory or default_factory
        self.name = name
        self._scanner = scanner
        self._client_factory = client_factory
        self.model = SimulatedTower(_without_skulls(tower) if tower is not None else None)
        """What the game expects of the tower: drums, seals and lights (no skulls: where
        they are is the table's to say)."""
        self.scan_timeout = scan_timeout
        self.connect_timeout = connect_timeout
        self.command_timeout = command_timeout
        self.calibration_timeout = calibration_timeout
        self.reconnect_attempts = reconnect_attempts
        self.reconnect_delay = reconnect_delay
        self.resync_wait = resync_wait

        self.battery: BatteryReading | None = None
        """The last battery reading (the tower sends one about every 200 ms)."""
        self.alerts: list[Alert] = []
        """Faults the tower reported (invalid state, hardware failure, jiggle, trigger)."""
        self.reconnections = 0
        self.address: str | None = None
        """The address of the tower connected (a UUID on macOS)."""
        self._volume = 0
        self._lock = threading.Lock()
        self._drop = threading.Condition(self._lock)
        self._reported: TowerState | None = None
        self._counter: int | None = None
        self._drops_total = 0
        self._drops_pending = 0
        self._turned: list[int] = []
        self._runner: _LoopThread | None = None
        self._client: Client | None = None
        self._linked: asyncio.Event | None = None
        """Set while the link is up."""
        self._ready: asyncio.Event | None = None
        """Set while the link is up and the tower has been brought to the expected state:
        the game's commands wait for it, the resynchronisation's own only for the link."""
        self._waiters: list[Waiter] = []
        self._reconnecting: asyncio.Task[None] | None = None
        self._lost: str | None = None
        self._closing = False

    # ------------------------------------------------------------------ opening

    def connect(self, calibrate: bool = True) -> None:
        """Find the tower by its advertised name, connect, subscribe to its notifications,
        and calibrate it (unless ``calibrate`` is False). :class:`TowerUnavailable`, one
        line, when there is no adapter, no tower answers, or it cannot be connected."""
        if self._runner is not None:
            raise TowerError("this tower is already connected; close() it first")
        self._runner = _LoopThread()
        self._closing = False
        self._lost = None
        try:
            self._run(self._a_open(), self.scan_timeout + self.connect_timeout + 5, "connect")
            if calibrate:
                self.calibrate()
        except BaseException:
            self.close()
            raise

    async def _a_open(self) -> None:
        self._linked = asyncio.Event()
        self._ready = asyncio.Event()
        try:
            device = await self._a_find()
        except TowerUnavailable:
            raise
        except Exception as error:  # bleak's BleakError, or OSError without a Bluetooth stack
            raise TowerUnavailable(
                f"no Bluetooth adapter can be used here ({_reason(error)}): {SIMULATED_HINT},"
                " or turn Bluetooth on"
            ) from None
        try:
            await self._a_link(device)
        except TowerUnavailable:
            raise
        except Exception as error:
            raise TowerUnavailable(
                f"found the tower but could not connect to it ({_reason(error)}): switch it "
                f"off and on, or {SIMULATED_HINT}"
            ) from None
        self._ready.set()

    async def _a_find(self) -> Any:
        device = await self._scanner.find_device_by_name(self.name, timeout=self.scan_timeout)
        if device is None:
            raise TowerUnavailable(
                f"no tower named {self.name} answered a {self.scan_timeout:g} s scan: switch it "
                f"on and bring it near, or {SIMULATED_HINT}"
            )
        return device

    async def _a_link(self, device: Any = None) -> None:
        """Scan (unless given the ``device``), connect and subscribe: the link is up when
        this returns."""
        if device is None:
            device = await self._a_find()
        client = self._client_factory(device, self._on_disconnect)
        try:
            await asyncio.wait_for(client.connect(), self.connect_timeout)
        except TimeoutError:
            raise TowerUnavailable(
                f"found the tower but it did not accept a connection within "
                f"{self.connect_timeout:g} s: switch it off and on, or {SIMULATED_HINT}"
            ) from None
        self._client = client
        self.address = str(getattr(device, "address", "")) or None
        await client.start_notify(NOTIFY_CHARACTERISTIC, self._on_notify)
        assert self._linked is not None
        self._linked.set()
        log.info("connected to the tower %s", self.name)

    def close(self) -> None:
        """Disconnect and stop the background loop; safe to call twice."""
        runner, self._runner = self._runner, None
        if runner is None:
            return
        self._closing = True

        async def shut() -> None:
            task = self._reconnecting
            if task is not None and not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
            client, self._client = self._client, None
            if client is not None and client.is_connected:
                await client.disconnect()

        try:
            runner.run(shut(), 10, "disconnect")
        except Exception as error:  # closing goes on whatever the link says
            log.warning("closing the tower: %s", _one_line(error))
        runner.stop()

    def __enter__(self) -> BleTower:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ TowerDevice

    def calibrate(self) -> None:
        """Turn every drum to its home position and wait for the tower to say it is done;
        then bring the drums back where the game has them (at the start: home)."""
        self._run(self._a_calibrate(), self.calibration_timeout + 5, "calibrate")

    def rotate(self, level: int, steps: int) -> None:
        """Turn drum ``level`` by ``steps`` of 90 degrees clockwise and wait until the tower
        reports it there; :class:`TowerError` if the drum jams."""
        self._check_open()
        with self._lock:
            self.model.rotate(level, steps)
            target = self.model.tower.drums[level]
            sequence = self.model.tower.data.rotation_sequences[level]

        def arrived(response: Response) -> bool:
            if not isinstance(response, StateReport):
                return False
            drum = response.state.drums[level]
            return drum.position == target or drum.jammed

        answer = self._command(
            lambda: self._expected(sequence=sequence), arrived, f"turn the {LEVELS[level]} drum"
        )
        assert isinstance(answer, StateReport)
        if answer.state.drums[level].position != target:
            raise TowerError(
                f"the {LEVELS[level]} drum jammed short of position {target}: clear it and "
                "calibrate the tower"
            )

    def break_seal(self, opening: int) -> None:
        """A seal comes off ``opening``: the tower plays its seal reveal."""
        self._check_open()
        with self._lock:
            self.model.break_seal(opening)
            data = self.model.tower.data
        self._command(
            lambda: self._expected(sequence=data.seal_break_sequence, sound=data.seal_break_sound),
            _is_state,
            "show the seal",
        )

    def restore_seal(self, opening: int) -> None:
        """A seal goes back on ``opening``: the tower sounds it."""
        self._check_open()
        with self._lock:
            self.model.restore_seal(opening)
            sound = self.model.tower.data.seal_break_sound
        self._command(lambda: self._expected(sound=sound), _is_state, "sound the seal")

    def drop_detected(self) -> bool:
        """True once for each skull the tower's counter saw fall in, since last asked."""
        with self._lock:
            if self._drops_pending:
                self._drops_pending -= 1
                return True
            return False

    def wait_for_drop(self, timeout: float) -> bool:
        """Block until a skull falls in (then as ``drop_detected()``) or ``timeout`` passes."""
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout < 0:
            raise ValueError(f"timeout {timeout!r} is not a number of seconds >= 0")
        with self._drop:
            self._drop.wait_for(lambda: self._drops_pending > 0, timeout)
            if self._drops_pending:
                self._drops_pending -= 1
                return True
            return False

    def skull_count(self) -> int:
        """How many skulls the tower counted falling in since it was connected."""
        with self._lock:
            return self._drops_total

    def set_light(self, layer: str, position: str, effect: str) -> None:
        self._check_open()
        with self._lock:
            self.model.set_light(layer, position, effect)
        self._command(self._expected, _is_state, "set a light")

    def play_sequence(self, sequence: int) -> None:
        self._check_open()
        with self._lock:
            self.model.play_sequence(sequence)
        self._command(
            lambda: self._expected(sequence=sequence), _is_state, f"play light sequence {sequence}"
        )

    def play_sound(self, sound: int) -> None:
        self._check_open()
        with self._lock:
            self.model.play_sound(sound)
        self._command(lambda: self._expected(sound=sound), _is_state, f"play sound {sound}")

    def drum_positions(self) -> tuple[int, int, int]:
        """Where each drum faces as the tower last reported it (0 north .. 3 west); before
        any report, where the game expects them."""
        with self._lock:
            if self._reported is None:
                drums = self.model.tower.drums
                return (drums[0], drums[1], drums[2])
            top, middle, bottom = self._reported.drums
            return (top.position, middle.position, bottom.position)

    # ------------------------------------------------------------- beyond it

    def turned_drums(self) -> list[int]:
        """The levels of the drums the tower reported turning since last asked, in order."""
        with self._lock:
            turned, self._turned = self._turned, []
            return turned

    def set_volume(self, volume: int | str) -> None:
        """0 ``loud``, 1 ``medium``, 2 ``quiet`` or 3 ``mute``."""
        if isinstance(volume, str):
            if volume not in VOLUMES:
                raise ValueError(f"no volume {volume!r}: volumes are {', '.join(VOLUMES)}")
            volume = VOLUMES.index(volume)
        TowerState().with_volume(volume)  # the check, with its message
        self._check_open()
        with self._lock:
            self._volume = volume
        self._command(self._expected, _is_state, "set the volume")

    def is_connected(self) -> bool:
        client = self._client
        return client is not None and client.is_connected

    # ---------------------------------------------------------------- commands

    def _check_open(self) -> None:
        """Refuse a command before it changes anything when the tower is not open."""
        if self._runner is None:
            raise TowerError("the tower is not connected: connect() it first")

    def _run(self, coro: Coroutine[Any, Any, T], timeout: float, what: str) -> T:
        if self._runner is None:
            coro.close()
        self._check_open()
        assert self._runner is not None
        return self._runner.run(coro, timeout, what)

    def _command(
        self, build: Callable[[], bytes], until: Callable[[Response], bool], what: str
    ) -> Response:
        return self._run(
            self._a_command(build, until, what, self.command_timeout),
            self.command_timeout + 5,
            what,
        )

    def _expected(self, sequence: int = 0, sound: int = 0) -> bytes:
        """The state packet that makes the tower as the game expects it, with a one-shot
        light sequence and sound. Fields the game does not set (calibrated, jammed, the beam
        fault) are as the tower last reported them, and the skull counter too: sending a
        different count would set the tower's counter to it."""
        base = self._reported or TowerState()
        drums = tuple(
            dataclasses.replace(drum, position=position, play_sound=False)
            for drum, position in zip(base.drums, self.model.tower.drums, strict=True)
        )
        data = self.model.tower.data
        rows = [[Light()] * LIGHTS_PER_LAYER for _ in LAYERS]
        for (layer, position), effect in self.model.lights.items():
            positions = data.ring_positions if layer.endswith("_ring") else data.corner_positions
            # designed: an effect other than off and on loops, so it lasts until changed
            loop = effect not in ("off", "on")
            rows[LAYERS.index(layer)][positions.index(position)] = Light(
                EFFECTS.index(effect), loop
            )
        state = dataclasses.replace(
            base,
            drums=(drums[0], drums[1], drums[2]),
            lights=tuple(tuple(row) for row in rows),
            sound=sound,
            sound_loop=False,
            reverse=(False, False, False),
            volume=self._volume,
            sequence=sequence,
        )
        return state.to_packet()

    def _expect(self, until: Callable[[Response], bool]) -> asyncio.Future[Response]:
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        self._waiters.append((until, future))
        return future

    def _forget(self, future: asyncio.Future[Response]) -> None:
        self._waiters = [(u, f) for u, f in self._waiters if f is not future]
        if not future.done():
            future.cancel()

    async def _a_command(
        self,
        build: Callable[[], bytes],
        until: Callable[[Response], bool],
        what: str,
        timeout: float,
        resyncing: bool = False,
    ) -> Response:
        """Write the packet ``build`` makes and wait for the first response ``until``
        accepts (a command of the resynchronisation itself, ``resyncing``, does not wait for
        it to finish)."""
        answer = self._expect(until)
        try:
            async with asyncio.timeout(timeout):
                await self._a_write(build, resyncing)
                return await answer
        except TimeoutError:
            raise TowerTimeout(
                f"the tower did not {what} within {timeout:g} s"
                + ("" if self.is_connected() else " (it is not connected)")
                + ": it will be sent the expected state when it answers again"
            ) from None
        finally:
            self._forget(answer)

    async def _a_write(self, build: Callable[[], bytes], resyncing: bool) -> None:
        """Write once the link is up (and resynchronised, unless ``resyncing``); a write that
        fails drops the link, whose resumption sends the expected state again (which includes
        this command's lasting part)."""
        assert self._linked is not None and self._ready is not None
        while True:
            if self._lost is not None:
                raise TowerError(self._lost)
            await (self._linked if resyncing else self._ready).wait()
            client = self._client
            if client is None:
                continue
            # Built now, not when asked for: the skull counter it carries back must be the
            # last one reported, or an old count written after a reset reads as drops.
            with self._lock:
                packet = build()
            try:
                await client.write_gatt_char(WRITE_CHARACTERISTIC, packet, response=True)
                return
            except Exception as error:
                log.warning("writing to the tower failed: %s", _one_line(error))
                self._on_disconnect(client)

    async def _a_calibrate(self, resyncing: bool = False) -> None:
        def done(response: Response) -> bool:
            return isinstance(response, CalibrationFinished) or (
                isinstance(response, StateReport)
                and all(drum.calibrated for drum in response.state.drums)
            )

        # The tower ends a calibration with a CALIBRATION_FINISHED response; the library also
        # takes the next state report as the end, so either is accepted (a state only when it
        # says all three drums are calibrated).
        await self._a_command(
            lambda: encode_command(Command.CALIBRATION),
            done,
            "calibrate",
            self.calibration_timeout,
            resyncing,
        )
        with self._lock:
            base = self._reported or TowerState()
            home = Drum(position=0, calibrated=True)
            self._reported = dataclasses.replace(base, drums=(home, home, home))
        await self._a_send_expected(resyncing=resyncing)

    async def _a_send_expected(self, always: bool = False, resyncing: bool = False) -> None:
        """Send the expected state unless the tower last reported just that, and wait until
        it reports the drums where the game has them."""
        with self._lock:
            packet = self._expected()
            same = self._reported is not None and self._reported.to_packet() == packet
        if always or not same:
            await self._a_command(
                self._expected, self._at_expected, "take its state", self.command_timeout, resyncing
            )

    def _at_expected(self, response: Response) -> bool:
        return (
            isinstance(response, StateReport)
            and [drum.position for drum in response.state.drums] == self.model.tower.drums
        )

    # ------------------------------------------------------------ notifications

    def _on_notify(self, sender: Any, data: bytearray) -> None:
        try:
            response = decode_response(data)
        except MalformedPacket as error:
            log.warning("ignored a notification from the tower: %s", error)
            return
        if isinstance(response, StateReport):
            self._take_state(response.state)
        elif isinstance(response, BatteryReading):
            self.battery = response
        elif isinstance(response, Alert):
            log.warning("the tower reports %s (%s)", response.kind.name, response.payload.hex())
            self.alerts.append(response)
        for until, future in list(self._waiters):
            if not future.done() and until(response):
                future.set_result(response)

    def _take_state(self, state: TowerState) -> None:
        with self._lock:
            previous, self._reported = self._reported, state
            count = state.skull_count
            if self._counter is not None and count > self._counter:
                self._drops_total += count - self._counter
                self._drops_pending += count - self._counter
                self._drop.notify_all()
            elif self._counter is not None and count < self._counter:
                # reset (by a command, or the tower restarted): count on from the new value
                log.info("the tower's skull counter went from %d to %d", self._counter, count)
            self._counter = count
            if previous is not None:
                self._turned += [
                    level
                    for level, (before, now) in enumerate(
                        zip(previous.drums, state.drums, strict=True)
                    )
                    if before.position != now.position
                ]

    # ------------------------------------------------------------ reconnection

    def _on_disconnect(self, client: Any) -> None:
        """bleak calls this on the loop when the link drops."""
        if self._closing or client is not self._client:
            return
        assert self._linked is not None and self._ready is not None
        self._linked.clear()
        self._ready.clear()
        if self._reconnecting is None or self._reconnecting.done():
            log.warning("lost the connection to the tower: reconnecting")
            self._reconnecting = asyncio.get_running_loop().create_task(self._a_reconnect())

    async def _a_reconnect(self) -> None:
        for attempt in range(1, self.reconnect_attempts + 1):
            await asyncio.sleep(self.reconnect_delay)
            announced = self._expect(_is_state)
            try:
                await self._a_link()
                await self._a_resync(announced)
                assert self._ready is not None
                self._ready.set()
                self.reconnections += 1
                log.info("reconnected to the tower (attempt %d)", attempt)
                return
            except Exception as error:
                log.warning(
                    "reconnecting to the tower, attempt %d of %d: %s",
                    attempt,
                    self.reconnect_attempts,
                    _one_line(error),
                )
                assert self._linked is not None
                self._linked.clear()
                client, self._client = self._client, None
                if client is not None and client.is_connected:
                    await _quietly(client.disconnect())
            finally:
                self._forget(announced)
        self._lost = (
            f"lost the tower and could not reconnect in {self.reconnect_attempts} attempts: "
            f"bring it near and switch it on, then connect again, or {SIMULATED_HINT}"
        )
        log.error(self._lost)
        for _, future in self._waiters:
            if not future.done():
                future.set_exception(TowerError(self._lost))
        assert self._linked is not None and self._ready is not None
        self._linked.set()  # wake the writers, who now see _lost
        self._ready.set()

    async def _a_resync(self, announced: asyncio.Future[Response]) -> None:
        """After the link comes back: give the tower a moment to say its state (its skull
        counter may have moved while we were away), calibrate it if it lost its bearings,
        then send it the expected state."""
        try:
            await asyncio.wait_for(asyncio.shield(announced), self.resync_wait)
        except TimeoutError:
            pass
        if not announced.done():  # it said nothing: what it holds is unknown, send it all
            await self._a_send_expected(always=True, resyncing=True)
        if not self._is_calibrated():
            await self._a_calibrate(resyncing=True)
        else:
            await self._a_send_expected(resyncing=True)

    def _is_calibrated(self) -> bool:
        with self._lock:
            reported = self._reported
        return reported is not None and all(drum.calibrated for drum in reported.drums)


def _without_skulls(tower: Tower) -> Tower:
    """The game's tower as it stands, drums and seals, with nothing inside."""
    return Tower(
        tower.data, tower.drums[:], [slots[:] for slots in tower.seals], [0, 0, 0], [0, 0, 0]
    )


def _is_state(response: Response) -> bool:
    return isinstance(response, StateReport)


async def _quietly(awaitable: Awaitable[Any]) -> None:
    try:
        await awaitable
    except Exception as error:  # the link is being dropped anyway
        log.debug("ignored while dropping the link: %s", _one_line(error))
