"""Writing games and reading them back: every change goes to the database before anyone sees it,
snapshots of the state spare long replays, and rooms follow what other server processes wrote.

With PostgreSQL a process hears each change another one commits (LISTEN/NOTIFY, on a
connection of its own) and takes the game as the database has it at once, so its clients see
a move, an undo or a seat change made through any process. Without it (SQLite, or while that
connection is down), watched games are compared with the database every ``poll_interval``.
A process that hears of a change does not start the game's bots: the process that made the
change runs them."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from towers.core.game import State
from towers.server.rooms import OVER, PLAYING, Room, bot_to_move
from towers.server.store import CHANNEL, LogRow

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
        fields = self._fields(room, new, since=start)
        ok = await self.db(
            functools.partial(self.store.append, seats=room.stored_seats),
            room.id,
            start,
            rows,
            fields,
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

    async def _reload(self, room: Room, *, bots: bool = True) -> None:
        """Take the game as the database has it (another worker wrote to it); ``bots``: start
        its bots here if one is to move."""
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
        room.stored_seats = fresh.stored_seats
        room.before.clear()
        for c in room.clients:
            c.known = min(c.known, same)
        room.changed()
        if bots:
            self._schedule_bot(room)

    # ---- other processes' changes, as they are committed (PostgreSQL) -------------------------
    async def _listen(self, ready: asyncio.Event) -> None:
        import psycopg

        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.store.conninfo(), autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self._listening = True
                    ready.set()
                    for game_id in list(self.rooms):  # what was missed while not listening
                        self._follow(game_id)
                    async for note in conn.notifies():
                        origin, _, game_id = note.payload.partition(" ")
                        if origin != self.store.origin:
                            self._follow(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database restarted, or the network failed
                log.warning("not hearing other processes' changes (%s); polling meanwhile", exc)
            finally:
                self._listening = False
            await asyncio.sleep(1.0)

    def _follow(self, game_id: str) -> None:
        """Reload the game if it is held here; changes heard meanwhile make one more reload."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        self._stale.add(game_id)
        if game_id not in self._followers:
            task = asyncio.create_task(self._catch_up(room))
            self._followers[game_id] = task
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, room: Room) -> None:
        try:
            while room.id in self._stale:
                self._stale.discard(room.id)
                async with room.lock:
                    await self._reload(room, bots=False)
        except Exception:
            log.exception("following game %s failed", room.id)
        finally:
            self._followers.pop(room.id, None)

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
        if not watched or self._listening:
            return
        plies = await self.db(self.store.plies, [r.id for r in watched])
        for room in watched:
            if plies.get(room.id, room.ply) != room.ply and not room.lock.locked():
                async with room.lock:
                    await self._reload(room)
