"""Writing games and reading them back: every change goes to the database before anyone sees it,
snapshots of the state spare long replays, and rooms follow what other server processes wrote."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from towers.core.game import State
from towers.server.rooms import OVER, PLAYING, Room, bot_to_move
from towers.server.store import LogRow

log = logging.getLogger("towers.server")

SNAPSHOT_EVERY = 32
BEFORE_KEPT = 8
T = TypeVar("T")


class Storage:
    """Part of :class:`~towers.server.service.GameService` (the attributes it uses are set there)."""

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call: SQLite right here (a local call of a millisecond, and no
        hand-over between threads), a database server on the database threads."""
        if self.store.is_sqlite:
            return fn(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_pool, fn, *args)

    async def _write(
        self, room: Room, start: int, rows: list[LogRow], new: State, before: dict[int, State]
    ) -> bool:
        ok = await self.db(
            self.store.append, room.id, start, rows, self._fields(room, new, since=start)
        )
        if not ok:
            await self._reload(room)
            return False
        room.state = new
        room.log.extend(rows)
        room.before.update(before)
        # keep the states before the last few plies for the log and undo (older ones are
        # replayed when needed): fewer live objects, shorter garbage collections
        for ply in [p for p in room.before if p < room.ply - BEFORE_KEPT]:
            del room.before[ply]
        room.changed()
        self._schedule_bot(room)
        return True

    def _fields(self, room: Room, state: State, since: int | None = None) -> dict[str, Any]:
        """The game row for ``state``; the state itself only every SNAPSHOT_EVERY plies, at
        the end, and when ``since`` (the ply written from) is None: the log is the truth,
        the snapshot only spares a long replay when the game is loaded."""
        ply = len(state.history())
        fields: dict[str, Any] = {
            "ply": ply,
            "status": OVER if state.is_terminal() else PLAYING,
            "to_move": state.current_player(),
            "bot_to_move": bot_to_move(state, room.seats),
        }
        if since is None or state.is_terminal() or ply // SNAPSHOT_EVERY != since // SNAPSHOT_EVERY:
            fields["state"] = state.to_json()
        return fields

    async def _reload(self, room: Room) -> None:
        """Take the game as the database has it (another worker wrote to it)."""
        loaded = await self.db(self.store.load, room.id)
        if loaded is None:
            return
        fresh = self._build_room(*loaded)
        old = room.history()
        new = fresh.history()
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        room.state, room.log, room.seats = fresh.state, fresh.log, fresh.seats
        room.before.clear()
        for c in room.clients:
            c.known = min(c.known, same)
        room.changed()
        self._schedule_bot(room)

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.config.poll_interval)
            try:
                await self._poll_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("polling the database failed")

    async def _poll_once(self) -> None:
        now = time.monotonic()
        for game_id, room in list(self.rooms.items()):
            idle = not room.clients and not room.lock.locked()
            busy_bot = room.bot_task is not None and not room.bot_task.done()
            if idle and not busy_bot and now - room.idle_since > self.config.idle_rooms_after:
                del self.rooms[game_id]
        watched = [r for r in self.rooms.values() if r.clients]
        if not watched:
            return
        plies = await self.db(self.store.plies, [r.id for r in watched])
        for room in watched:
            if plies.get(room.id, room.ply) != room.ply and not room.lock.locked():
                async with room.lock:
                    await self._reload(room)
