"""Taking an action back: only the seat's own last action of its turn, never across another seat's
action or a chance outcome, and never one that revealed hidden information."""

from __future__ import annotations

import functools
import random

from towers.core import knowledge
from towers.core.chance import derive_seed
from towers.core.game import State
from towers.server.errors import ApiError
from towers.server.rooms import Room


class Undoing:
    """Part of :class:`~towers.server.service.GameService` (the attributes it uses are set there)."""

    def why_no_undo(self, room: Room, seat: int, *, thorough: bool = True) -> str | None:
        """Why ``seat`` may not take back the last action now; None if it may.

        Without ``thorough`` only the cheap rules are checked (and a reveal already found):
        views use that, an undo request checks everything."""
        state = room.state
        if state.is_terminal():
            return "the game is over"
        if room.seats[seat].is_bot:
            return f"a bot plays seat {seat} now"
        if state.current_player() != seat:
            return "an action can be taken back only during one's own turn"
        if not room.log or room.log.actors[-1] != seat:
            return (
                "nothing of this turn is left to take back: an undo never crosses another "
                "seat's action or a chance outcome"
            )
        key = ("reveals", room.version)
        if key not in room.cache:
            if not thorough:
                return None
            pre = self._state_before(room, room.ply - 1)
            rng = random.Random(derive_seed(room.seed, "reveal", room.ply))
            room.cache[key] = knowledge.reveals(pre, room.log.actions[-1], rng)
            if room.cache[key]:  # views already sent offered an undo: correct them
                for k in [k for k in room.cache if k[0] == "view"]:
                    del room.cache[k]
                for c in room.clients:
                    c.touch()
        if room.cache[key]:
            return "that action revealed hidden information, so it stands"
        return None

    def _state_before(self, room: Room, ply: int) -> State:
        pre = room.before.get(ply)
        if pre is None:
            pre = knowledge.state_at(room.game, room.history(), ply)
            room.before[ply] = pre
        return pre

    async def undo(self, game_id: str, secret: str | None, ply: int) -> Room:
        room = await self.room(game_id)
        seat = self.seat_of(room, secret, required=True)
        assert seat is not None
        async with room.lock:
            await self._check_ply(room, ply)
            why = self.why_no_undo(room, seat)
            if why is not None:
                raise ApiError(409, "cannot_undo", f"cannot undo: {why}")
            target = room.ply - 1
            new = self._state_before(room, target).clone()
            ok = await self.db(
                functools.partial(self.store.truncate, seats=room.stored_seats),
                room.id,
                room.ply,
                target,
                self._fields(room, new),
            )
            if not ok:
                await self._reload(room)
                raise ApiError(409, "stale", "the game moved on meanwhile", ply=room.ply)
            room.state = new
            room.log.truncate(target)
            for c in room.clients:
                c.known = min(c.known, target)
            room.changed()
        return room
