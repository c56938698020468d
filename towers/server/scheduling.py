"""When bots move: a task per game whose seat to move is a bot, asking the bot runner in the light
or the heavy lane, and standing in for a bot that fails."""

from __future__ import annotations

import asyncio
import logging

from towers.core.chance import derive_seed
from towers.core.errors import GameOptionError
from towers.core.registry import bot_class
from towers.server.bots import HEAVY, LIGHT, report_failure, stand_in
from towers.server.errors import ApiError
from towers.server.rooms import Room, Seat, bot_to_move

log = logging.getLogger("towers.server")

LIGHT_SECONDS = 1.0
"""A bot move that took longer puts its seat in the heavy lane (see BotRunner)."""


class BotScheduling:
    """Part of :class:`~towers.server.service.GameService` (the attributes it uses are set there)."""

    def _schedule_bot(self, room: Room) -> None:
        if room.bot_task is not None and not room.bot_task.done():
            return
        if bot_to_move(room.state, room.seats):
            room.bot_task = asyncio.create_task(self._bot_loop(room))

    async def _bot_loop(self, room: Room) -> None:
        while True:
            async with room.lock:
                state = room.state
                seat = state.current_player()
                if seat < 0 or not room.seats[seat].is_bot:
                    return
                spec = room.seats[seat]
                ply = room.ply
                snapshot = state.clone()
            if self.config.bot_delay > 0:
                await asyncio.sleep(self.config.bot_delay)
            params = {k: v for k, v in spec.params.items() if not k.startswith("_")}
            seed = derive_seed(room.seed, "bot", seat, ply)
            lane = HEAVY if seat in room.heavy_seats or not is_light_seat(spec) else LIGHT
            try:
                action, thought = await self.bots.choose(snapshot, spec.kind, params, seed, lane)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                report_failure(room, seat, spec, ply, exc)
                action, thought = stand_in(snapshot, seed), None  # its lane stays as it was
            # a seat whose search was slow thinks in the heavy lane from now on (the time it
            # waited for a worker, or for a worker process to start, does not count)
            if thought is not None and thought > LIGHT_SECONDS:
                room.heavy_seats.add(seat)
            elif thought is not None:
                room.heavy_seats.discard(seat)
            async with room.lock:
                if room.ply != ply or room.seats[seat] is not spec:
                    continue  # an undo, a reload or a seat change came first
                try:
                    await self._commit(room, seat, action)
                except ApiError as exc:
                    if exc.code == "stale":
                        continue
                    log.error("bot %s in game %s: %s", spec.kind, room.id, exc.message)
                    await self._commit(room, seat, stand_in(snapshot, seed))


def is_light_seat(seat: Seat) -> bool:
    """True when the seat's bot declares its moves light with these parameters."""
    try:
        light = getattr(bot_class(seat.kind), "is_light", None)
    except (GameOptionError, ImportError):
        return True
    return True if light is None else bool(light(seat.params))
