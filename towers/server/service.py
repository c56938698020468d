"""Games in play on this server: create, act, undo, hand a seat to a bot, watch.

A :class:`~towers.server.rooms.Room` is one game held in memory: its state, its log and the
clients watching it. :class:`GameService` keeps the rooms, writes every change to the
:class:`~towers.server.store.Store` before anyone sees it, runs the bots and chance, and pushes
each change to every watcher as the view its seat may have. This module creates games, loads
them and plays actions; the rest of the service is in parts of its own, each a class it is
made of: seats and the catalog (``seats.py``), undo (``undo.py``), when bots move
(``scheduling.py``), what each seat is shown (``views.py``) and storage (``storage.py``).

Rules of the server:

- A request names its seat by the seat's secret; no secret is a spectator. Each client gets
  ``observation(seat)``, the SVG drawn for that seat, the legal actions only on its own turn,
  and the log with the actions it may not know shown as "a hidden choice".
- An action must say the ply it was chosen at; a different ply is stale and refused.
- A change is applied to a copy of the state, written (the log rows and the game's new ply,
  status and seat to move in one transaction; the whole state too every SNAPSHOT_EVERY plies,
  so a load replays little) and only then made current, so a refused or failed change leaves
  nothing behind. The game is its options, its seed and its log.
- Chance is sampled right after the action that led to it, from a generator seeded by the
  game's seed and the ply, and written in the same transaction; bots are seeded by the game's
  seed, their seat and the ply. So a game restarted from its log goes on identically.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import secrets
from dataclasses import dataclass
from typing import Any

from towers.agents.mcts import MAX_SECONDS
from towers.core import knowledge
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import ActionParseError, GameOptionError, IllegalActionError
from towers.core.game import CHANCE, State
from towers.core.registry import game_class, list_games, make, views_of
from towers.server.bots import THREAD, BotRunner
from towers.server.errors import (
    ApiError,
    illegal,
    malformed,
    out_of_range,
    unknown_game,
)
from towers.server.rooms import (
    HUMAN,
    OVER,
    PLAYING,
    Client,
    Log,
    Room,
    Seat,
    bot_to_move,
    hash_secret,
    jsonable,
)
from towers.server.scheduling import BotScheduling
from towers.server.seats import Seating
from towers.server.storage import Storage
from towers.server.store import GameRow, LogRow, Store
from towers.server.undo import Undoing
from towers.server.views import Views, seat_label

__all__ = ["HUMAN", "Client", "GameService", "Room", "Seat", "ServerConfig"]

log = logging.getLogger("towers.server")


@dataclass
class ServerConfig:
    database: str = "sqlite:///towers-games.sqlite3"
    bot_mode: str = THREAD
    bot_workers: int = 1
    bot_delay: float = 0.0
    """Seconds a bot waits before each action, so people can follow its turn."""
    max_think: float = MAX_SECONDS
    """The longest a bot move may take: the most think time (``seconds``) a seat may be
    given, and when any bot's move is cut short and answered with the best found so far."""
    absent_after: float = 60.0
    """A seat with no open connection and no request for this long has left the table."""
    poll_interval: float = 1.0
    """How often rooms being watched are checked against the database (other workers), with
    SQLite; PostgreSQL tells each process of the others' changes as they are committed."""
    idle_rooms_after: float = 600.0
    """Rooms nobody watches are dropped from memory after this many seconds."""


@functools.cache
def seat_names_by_players(name: str) -> dict[str, list[str]]:
    """Each seat's name (:meth:`Views.seat_name <towers.core.views.Views.seat_name>`) in a
    game of ``name`` for each player count its default options allow.

    >>> seat_names_by_players("torres")["3"]
    ['Red', 'Blue', 'Green']
    """
    cls = game_class(name)
    out = {}
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            game = make(name, players=players)
        except GameOptionError:
            continue  # a count only some options allow (Dark Tower's competitive game)
        out[str(players)] = views_of(game).seat_names()
    return out


class GameService(Seating, Undoing, BotScheduling, Views, Storage):
    def __init__(self, config: ServerConfig | None = None, store: Store | None = None) -> None:
        self.config = config or ServerConfig()
        self.store = store or Store(self.config.database)
        self.bots = BotRunner(
            self.config.bot_mode, self.config.bot_workers, time_limit=self.config.max_think
        )
        self._db_pool = _thread_pool(4, "towers-db")
        self.rooms: dict[str, Room] = {}
        self._words: dict[str, dict[int, dict[str, Any]]] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._poller: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._listening = False
        self._stale: set[str] = set()
        self._followers: dict[str, asyncio.Task[None]] = {}

    def catalog(self) -> dict[str, Any]:
        """The catalog (:meth:`Seating.catalog`), each game with its seats' names for each
        player count it is played with, its options left at their defaults (``seat_names``,
        by the count in words: ``{"2": ["Red", "Blue"], ...}``), for the new-game form."""
        out = Seating.catalog(self)
        for entry in out["games"]:
            entry["seat_names"] = seat_names_by_players(entry["name"])
        return out

    # ---- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        for game_id in await self.db(self.store.waiting_for_bots):
            try:
                room = await self.room(game_id)
            except ApiError:
                continue
            self._schedule_bot(room)
        self._poller = asyncio.create_task(self._poll())
        if self.store.is_postgres:
            ready = asyncio.Event()
            self._listener = asyncio.create_task(self._listen(ready))
            try:  # serve once listening; if it cannot, serve anyway (and poll)
                await asyncio.wait_for(ready.wait(), timeout=10)
            except TimeoutError:
                log.warning("not hearing other processes' changes yet; polling meanwhile")

    async def stop(self) -> None:
        tasks = [t for t in (self._poller, self._listener, *self._tasks) if t is not None]
        tasks += [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        tasks += [r.seen_task for r in self.rooms.values() if r.seen_task is not None]
        tasks += [c.task for r in self.rooms.values() for c in r.clients if c.task is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        self._db_pool.shutdown(wait=True)
        self.store.close()

    # ---- create -----------------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        seed: int | None,
    ) -> dict[str, Any]:
        if game_name not in list_games():
            raise malformed(
                f"unknown game {game_name!r}; games: {', '.join(list_games())}", field="game"
            )
        try:
            cls = game_class(game_name)
        except ImportError as exc:
            raise ApiError(
                400, "unavailable", f"game {game_name!r} cannot be loaded: {exc}"
            ) from exc
        if players is None:
            players = len(seats) if seats else cls.min_players
        if not cls.min_players <= players <= cls.max_players:
            raise out_of_range(
                f"{game_name} is for {cls.min_players} to {cls.max_players} players, not {players}",
                field="players",
            )
        try:
            game = cls(players, **options)
        except GameOptionError as exc:
            raise malformed(str(exc), field="options") from exc
        if seats is None:
            seats = [{"kind": HUMAN} for _ in range(players)]
        if len(seats) != players:
            raise malformed(
                f"{len(seats)} seats were given for {players} players; give one per player",
                field="seats",
            )
        specs = [self._check_seat(i, s) for i, s in enumerate(seats)]
        if seed is None:
            seed = secrets.randbits(63)
        game_id = secrets.token_urlsafe(9)
        keys: list[str | None] = [None if s.is_bot else secrets.token_urlsafe(24) for s in specs]
        state = game.new_initial_state()
        rows = self._resolve_chance(state, seed, 0, {})
        row = GameRow(
            id=game_id,
            game=game_name,
            players=players,
            options=jsonable(dict(game.options)),
            seed=seed,
            seats=[s.to_dict() for s in specs],
            secrets=[hash_secret(k) if k else None for k in keys],
            ply=len(rows),
            status=OVER if state.is_terminal() else PLAYING,
            to_move=state.current_player(),
            bot_to_move=bot_to_move(state, specs),
            state=state.to_json(),
        )
        await self.db(self.store.create, row, rows)
        room = Room(row, game, state, Log(rows))
        self._share_words(room)
        self.rooms[game_id] = room
        self._schedule_bot(room)
        return {
            "id": game_id,
            "game": game_name,
            "players": players,
            "seats": [
                {
                    "seat": i,
                    "seat_name": views_of(game).seat_name(i),
                    "kind": s.kind,
                    "name": s.name,
                    **({"secret": k, "link": f"/game/{game_id}#seat={i}&secret={k}"} if k else {}),
                }
                for i, (s, k) in enumerate(zip(specs, keys, strict=True))
            ],
            "spectator_link": f"/game/{game_id}",
        }

    def _resolve_chance(
        self, state: State, seed: int, ply: int, before: dict[int, State]
    ) -> list[LogRow]:
        """Sample chance until a seat decides; the rows to log (ply numbers from ``ply``)."""
        rows = []
        seen = None if state.game.has_hidden_information() else knowledge.EVERYBODY
        while state.is_chance_node():
            before[ply] = state.clone()
            outcome = sample_chance(state, random.Random(derive_seed(seed, "chance", ply)))
            state.apply_trusted(outcome)
            rows.append(LogRow(ply, outcome, CHANCE, seen))
            ply += 1
        return rows

    # ---- rooms ------------------------------------------------------------------------------
    async def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if len(game_id) > 40:
            raise unknown_game(game_id[:40] + "...")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                loaded = await self.db(self.store.load, game_id)
                if loaded is None:
                    self._loading.pop(game_id, None)
                    raise unknown_game(game_id)
                room = self._build_room(*loaded)
                self._share_words(room)
                self.rooms[game_id] = room
        self._loading.pop(game_id, None)
        return room

    def _share_words(self, room: Room) -> None:
        """Rooms of one game (same players and options) share the words of its actions."""
        key = json.dumps([room.game.name, room.game.num_players, jsonable(dict(room.game.options))])
        room.words = self._words.setdefault(key, {})

    def _build_room(self, row: GameRow, rows: list[LogRow]) -> Room:
        try:
            game = make(row.game, players=row.players, **row.options)
        except (GameOptionError, ImportError) as exc:
            raise ApiError(
                404,
                "game_unavailable",
                f"game {row.id!r} is a {row.game!r} game, which this server cannot load: {exc}",
            ) from exc
        history = [r.action for r in rows]
        try:
            state = game.state_from_json(row.state)
            done = state.history()
            if done != history[: len(done)]:
                raise GameOptionError("the saved state is not on the path of the log")
            for action in history[len(done) :]:  # the log since the last snapshot
                state.apply_trusted(action)
        except (GameOptionError, KeyError, ValueError):
            state = knowledge.state_at(game, history, len(history))
        return Room(row, game, state, Log(rows))

    # ---- actions ----------------------------------------------------------------------------
    async def act(
        self, game_id: str, secret: str | None, ply: int, action: int | None, text: str | None
    ) -> Room:
        room = await self.room(game_id)
        seat = self.seat_of(room, secret, required=True)
        assert seat is not None
        async with room.lock:
            await self._check_ply(room, ply)
            state = room.state
            if state.is_terminal():
                raise ApiError(409, "game_over", "the game is over; nothing more can be played")
            mover = state.current_player()
            if mover != seat:
                raise ApiError(
                    409,
                    "not_your_turn",
                    f"it is {seat_label(room, mover)}'s turn, not {seat_label(room, seat)}'s",
                    to_move=mover,
                )
            if room.seats[seat].is_bot:
                raise ApiError(
                    409,
                    "seat_is_bot",
                    f"a {room.seats[seat].kind} bot plays {seat_label(room, seat)} now; take "
                    "the seat back before playing",
                )
            if (action is None) == (text is None):
                raise malformed("give the action as a number ('action') or in words ('text')")
            if text is not None:
                try:
                    action = state.string_to_action(text)
                except ActionParseError as exc:
                    raise malformed(str(exc), field="text") from exc
            assert action is not None
            size = room.game.num_distinct_actions()
            if not 0 <= action < size:
                raise out_of_range(
                    f"{action} is not an action of {room.game.name}; actions are 0 to {size - 1}",
                    field="action",
                )
            await self._commit(room, seat, action)
        return room

    async def _check_ply(self, room: Room, ply: int) -> None:
        if ply != room.ply:
            # another worker may have moved the game on: look before calling it stale
            stored = (await self.db(self.store.plies, [room.id])).get(room.id)
            if stored is not None and stored != room.ply:
                await self._reload(room)
        if ply != room.ply:
            raise ApiError(
                409,
                "stale",
                f"this was chosen at ply {ply} but the game is at ply {room.ply}; "
                "look at the new position and choose again",
                ply=room.ply,
            )

    async def _commit(self, room: Room, actor: int, action: int) -> None:
        """Apply ``action`` and the chance after it to a copy, write it, then make it current."""
        old = room.state
        new = old.clone()
        try:
            new.apply_action(action)
        except IllegalActionError as exc:
            raise illegal(exc) from exc
        start = room.ply
        before: dict[int, State] = {start: old}
        hidden = room.game.has_hidden_information()
        rows = [LogRow(start, action, actor, None if hidden else knowledge.EVERYBODY)]
        rows += self._resolve_chance(new, room.seed, start + 1, before)
        if not await self._write(room, start, rows, new, before):
            raise ApiError(
                409, "stale", "the game moved on meanwhile; look at the new position", ply=room.ply
            )


def _thread_pool(workers: int, prefix: str) -> Any:
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=prefix)
