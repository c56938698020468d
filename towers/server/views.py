"""What a seat (or a spectator) is shown: the view of the game, the log as it may read it, replays,
and the WebSocket clients kept up to date."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import random
import re
import time
from typing import Any

from towers.core import knowledge
from towers.core.chance import derive_seed
from towers.core.game import CHANCE, State
from towers.core.registry import title_of, views_of
from towers.server.errors import ApiError
from towers.server.rooms import OVER, PLAYING, Client, Room, jsonable

log = logging.getLogger("towers.server")


def seat_label(room: Room, seat: int) -> str:
    """The seat as the page names it (:meth:`Views.seat_name <towers.core.views.Views.seat_name>`,
    "Blue"), with its player's name beside it when one was given ("Blue (Ann)"); "chance"
    for chance: :meth:`Room.label <towers.server.rooms.Room.label>`."""
    return room.label(seat)


class Views:
    """Part of :class:`~towers.server.service.GameService` (the attributes it uses are set there)."""

    async def ensure_seen(self, room: Room) -> None:
        """Work out who may read each logged action that is not yet known."""
        async with room.seen_lock:
            while True:
                missing = [i for i, seen in enumerate(room.log.seen) if seen is None]
                if not missing:
                    return
                version = room.version
                history = room.history()
                known = {i: room.before[i] for i in missing if i in room.before}
                seen = await self.bots.work_out_seen(
                    room.game, history, missing, known, room.seed, room.id
                )
                if room.version != version and room.history()[: len(history)] != history:
                    continue  # an undo changed the log meanwhile: start again
                for ply, value in seen.items():
                    if ply < room.ply:
                        room.log.seen[ply] = value
                await self.db(self.store.set_seen_by, room.id, seen)

    def view(self, room: Room, seat: int | None, *, svg: bool = False) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know of the game now, without the log."""
        key = ("view", seat, svg)
        cached = room.cache.get(key)
        if cached is None:
            cached = room.cache[key] = self._build_view(room, seat, svg)
        view = dict(cached)
        view["seats"] = [
            {
                "seat": i,
                "kind": s.kind,
                "name": s.name,
                "is_bot": s.is_bot,
                "present": s.is_bot or self.is_present(room, i),
                "params": {k: v for k, v in s.params.items() if not k.startswith("_")},
            }
            for i, s in enumerate(room.seats)
        ]
        return view

    def _build_view(self, room: Room, seat: int | None, svg: bool) -> dict[str, Any]:
        state = room.state
        game = room.game
        mover = state.current_player()
        over = state.is_terminal()
        observation = state.observation(seat)
        mine = seat is not None and mover == seat and not room.seats[seat].is_bot
        rng = random.Random(derive_seed(room.seed, "reveal", room.ply))
        view: dict[str, Any] = {
            "id": room.id,
            "game": game.name,
            "title": title_of(game.name),
            "players": game.num_players,
            "options": jsonable(dict(game.options)),
            "you": seat,
            "ply": room.ply,
            "status": OVER if over else PLAYING,
            "current_player": mover,
            "to_move": mover if mover >= 0 else None,
            "your_turn": mine,
            "observation": observation,
            "scores": shown_scores(state, observation),
            "winners": state.winners() if over else [],
            "legal": [
                {**room.describe(a), "ends_turn": ends_turn(state, a, rng)}
                for a in state.legal_actions()
            ]
            if mine
            else [],
            "can_undo": seat is not None and self.why_no_undo(room, seat, thorough=False) is None,
        }
        views = views_of(game)
        ending = views.ending(state) if over else None
        view["ending"] = jsonable(dataclasses.asdict(ending)) if ending is not None else None
        view["colours"] = views.colours()
        view["seat_names"] = views.seat_names()
        if svg:
            view["svg"] = self.board(room, seat)
        return view

    def board(self, room: Room, seat: int | None) -> str | None:
        """The board as ``seat`` sees it now (an svg; None for a game with none)."""
        key = ("svg", seat)
        if key not in room.cache:
            room.cache[key] = views_of(room.game).svg(room.state, seat)
        svg: str | None = room.cache[key]
        return svg

    def board_pieces(self, room: Room, seat: int | None) -> list[str] | None:
        """The board drawn for ``seat`` cut into pieces (see :func:`cut_board`); None for a
        game with no board."""
        key = ("pieces", seat)
        pieces = room.cache.get(key)
        if pieces is None:
            svg = self.board(room, seat)
            pieces = room.cache[key] = cut_board(svg) if svg else []
        return pieces or None

    def log_entries(
        self, room: Room, seat: int | None, start: int = 0, end: int | None = None
    ) -> list[dict[str, Any]]:
        """The log from ``start`` to ``end`` as ``seat`` may read it (after
        :meth:`ensure_seen`; an entry not yet worked out reads as hidden): each entry's
        chapter of the game and the action in words (the room's chronicle)."""
        chronicle = room.chronicle
        chronicle.follow(room)
        out = []
        for ply in range(max(0, start), room.ply if end is None else end):
            actor = room.log.actors[ply]
            seen = room.log.seen[ply]
            visible = (seat is not None and actor == seat) or (
                seen is not None and knowledge.can_read(seen, seat)
            )
            if visible:
                text = chronicle.words[ply]
            else:
                text = "a hidden outcome" if actor == CHANCE else "a hidden choice"
            out.append(
                {
                    "ply": ply,
                    "actor": actor,
                    "who": seat_label(room, actor),
                    "chapter": chronicle.chapters[ply],
                    "text": text,
                }
            )
        return out

    async def replay(
        self, game_id: str, secret: str | None, step: int, svg: bool
    ) -> dict[str, Any]:
        room = await self.room(game_id)
        seat = self.seat_of(room, secret)
        async with room.lock:
            total = room.ply
            if not 0 <= step <= total:
                raise ApiError(
                    404, "unknown_step", f"step {step} is not in this game; steps are 0 to {total}"
                )
            await self.ensure_seen(room)
            state = self._state_before(room, step) if step < total else room.state
            observation = state.observation(seat)
            out: dict[str, Any] = {
                "id": room.id,
                "game": room.game.name,
                "you": seat,
                "step": step,
                "total": total,
                "current_player": state.current_player(),
                "observation": observation,
                "scores": shown_scores(state, observation),
                "winners": state.winners() if state.is_terminal() else [],
                "log": self.log_entries(room, seat, 0, step),
            }
            views = views_of(room.game)
            ending = views.ending(state) if state.is_terminal() else None
            out["ending"] = jsonable(dataclasses.asdict(ending)) if ending is not None else None
            out["colours"] = views.colours()
            out["seat_names"] = views.seat_names()
            if svg:
                out["svg"] = views.svg(state, seat)
        return out

    def join(self, room: Room, client: Client) -> None:
        room.clients.add(client)
        client.task = asyncio.create_task(self._writer(room, client))
        for c in room.clients:
            c.touch()  # presence changed

    def leave(self, room: Room, client: Client) -> None:
        client.closed = True
        room.clients.discard(client)
        client.wake.set()
        room.idle_since = time.monotonic()
        for c in room.clients:
            c.touch()

    def state_message(self, room: Room, client: Client) -> str:
        """The view for the client's seat, with the log entries it lacks as far as it is
        known who may read them (the rest follows in a later message)."""
        whole = client.svg and client.whole_svg
        message = {"type": "state", **self.view(room, client.seat, svg=whole)}
        if client.svg and not whole:
            message["board"] = self._board_news(room, client)
        if client.log:
            end = room.ply
            missing = next((i for i in range(client.known, end) if room.log.seen[i] is None), None)
            if missing is not None:
                end = missing
                self._schedule_seen(room)
            message["log_from"] = client.known
            message["log"] = self.log_entries(room, client.seat, client.known, end)
            client.known = end
        return json.dumps(message)

    def _board_news(self, room: Room, client: Client) -> dict[str, Any] | None:
        """The pieces of the board the client lacks: ``size`` pieces in all, ``changed`` as
        ``[index, text]`` pairs; the client keeps the others (None: the game has no board)."""
        pieces = self.board_pieces(room, client.seat)
        if pieces is None:
            client.pieces = []
            return None
        held = client.pieces
        changed = [
            [i, piece] for i, piece in enumerate(pieces) if i >= len(held) or held[i] != piece
        ]
        client.pieces = pieces
        return {"size": len(pieces), "changed": changed}

    def _schedule_seen(self, room: Room) -> None:
        """Work out the log in the background; then send it to the clients that want it."""
        if room.seen_task is not None and not room.seen_task.done():
            return

        async def work() -> None:
            try:
                await self.ensure_seen(room)
            except Exception:
                log.exception("working out the log of game %s failed", room.id)
                return
            for c in room.clients:
                if c.log and c.known < room.ply:
                    c.touch()

        room.seen_task = asyncio.create_task(work())

    async def _writer(self, room: Room, client: Client) -> None:
        try:
            while not client.closed:
                await client.wake.wait()
                client.wake.clear()
                while client.outbox and not client.closed:
                    await client.ws.send_text(client.outbox.popleft())
                if client.dirty and not client.closed:
                    client.dirty = False
                    await client.ws.send_text(self.state_message(room, client))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the socket went away; the reader side cleans up
            log.debug("stopped writing to a client of game %s: %r", room.id, exc)
            client.closed = True


PANEL = re.compile(r'<g class="tw-panel"')


def cut_board(svg: str) -> list[str]:
    """An svg cut before each of its panels (``<g class="tw-panel"``, see
    :mod:`towers.core.panels`) and before its closing tag: the opening with the backdrop, one
    piece per panel, the close. Joined they are the svg again, so a client that holds the
    pieces is sent only the ones that changed (a move changes a panel or two)."""
    end = svg.rfind("</svg>")
    if end < 0:
        return [svg]
    cuts = [0, *(m.start() for m in PANEL.finditer(svg, 0, end)), end, len(svg)]
    return [svg[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]


def ends_turn(state: State, action: int, rng: random.Random) -> bool:
    """Whether ``action`` is the last its actor may take back: after it another seat or chance
    moves, or the game is over, or it shows some seat hidden information (so it stands)."""
    after = state.clone()
    after.apply_action(action)
    if after.is_terminal() or after.current_player() != state.current_player():
        return True
    return knowledge.reveals(state, action, rng)


def shown_scores(state: State, observation: dict[str, Any]) -> list[float] | None:
    """Final scores at the end; during the game only what the observation shows."""
    if state.is_terminal():
        return state.scores()
    shown = observation.get("scores") if isinstance(observation, dict) else None
    if isinstance(shown, list) and len(shown) == state.game.num_players:
        return shown
    return None
