"""Games in play on this server: create, act, undo, hand a seat to a bot, watch.

A :class:`Room` is one game held in memory: its state, its log and the clients watching it.
:class:`GameService` keeps the rooms, writes every change to the :class:`~towers.server.store.
Store` before anyone sees it, runs the bots and chance, and pushes each change to every
watcher as the view its seat may have.

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
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from towers.agents.mcts import MAX_SECONDS
from towers.agents.params import BotParamError, Param, clamp_params
from towers.core import knowledge
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import ActionParseError, GameOptionError, IllegalActionError
from towers.core.game import CHANCE, Game, State
from towers.core.registry import bot_class, game_class, list_bots, list_games, make
from towers.server.bots import HEAVY, LIGHT, THREAD, BotRunner, stand_in
from towers.server.errors import (
    ApiError,
    illegal,
    malformed,
    missing_secret,
    out_of_range,
    over_limit,
    unknown_game,
    wrong_secret,
)
from towers.server.store import GameRow, LogRow, Store

log = logging.getLogger("towers.server")

HUMAN = "human"
PLAYING = "playing"
OVER = "over"
MAX_NAME = 40
THINK = "seconds"
"""The bot parameter that is a think time per move: held to the server's ``max_think`` too."""
LIGHT_SECONDS = 1.0
"""A bot move that took longer puts its seat in the heavy lane (see BotRunner)."""
SNAPSHOT_EVERY = 32
BEFORE_KEPT = 8
T = TypeVar("T")


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
    """How often rooms being watched are checked against the database (other workers)."""
    idle_rooms_after: float = 600.0
    """Rooms nobody watches are dropped from memory after this many seconds."""


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class Seat:
    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    name: str = ""

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": self.params, "name": self.name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        """A stored seat; a bot's parameters are held to today's bounds (a game stored
        before a bound existed plays on within it)."""
        kind = str(data["kind"])
        params = dict(data.get("params") or {})
        if kind != HUMAN:
            try:
                params = clamp_params(bot_class(kind).PARAMS, params)
            except (GameOptionError, ImportError, AttributeError):
                pass  # a bot this server lacks: its moves are stood in for
        return cls(kind, params, str(data.get("name", "")))


class Log:
    """The actions of a game in order: who took each, which, and who may read it in words
    (as :func:`knowledge.seen_by` gives it; None until worked out). Kept as three flat lists:
    a long game is then three objects for the garbage collector, not thousands."""

    def __init__(self, rows: list[LogRow]) -> None:
        self.actors = [r.actor for r in rows]
        self.actions = [r.action for r in rows]
        self.seen: list[str | None] = [r.seen_by for r in rows]

    def __len__(self) -> int:
        return len(self.actions)

    def extend(self, rows: list[LogRow]) -> None:
        for r in rows:
            self.actors.append(r.actor)
            self.actions.append(r.action)
            self.seen.append(r.seen_by)

    def truncate(self, size: int) -> None:
        del self.actors[size:], self.actions[size:], self.seen[size:]


class Client:
    """One open WebSocket: its seat, what it asked for, and what it was last sent."""

    def __init__(self, ws: Any, seat: int | None, svg: bool, log: bool) -> None:
        self.ws = ws
        self.seat = seat
        self.svg = svg
        self.log = log
        self.known = 0  # log entries the client holds
        self.dirty = True
        self.outbox: deque[str] = deque()
        self.wake = asyncio.Event()
        self.wake.set()
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    def touch(self) -> None:
        self.dirty = True
        self.wake.set()

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.append(json.dumps(message))
        self.wake.set()


class Room:
    """One game in memory."""

    def __init__(self, row: GameRow, game: Game, state: State, log: Log) -> None:
        self.id = row.id
        self.game = game
        self.seed = row.seed
        self.seats = [Seat.from_dict(s) for s in row.seats]
        self.secrets = list(row.secrets)
        self.state = state
        self.log = log
        self.lock = asyncio.Lock()
        self.seen_lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.last_request: dict[int, float] = {}
        self.before: dict[int, State] = {}  # the state before a recent ply's action
        self.version = 0
        self.cache: dict[Any, Any] = {}
        self.words: dict[int, dict[str, Any]] = {}  # action -> its words and targets
        self.bot_task: asyncio.Task[None] | None = None
        self.heavy_seats: set[int] = set()  # bot seats whose last move was slow
        self.seen_task: asyncio.Task[None] | None = None
        self.idle_since = time.monotonic()

    @property
    def ply(self) -> int:
        return len(self.log)

    def changed(self) -> None:
        self.version += 1
        self.cache.clear()
        for c in self.clients:
            c.touch()

    def label(self, seat: int) -> str:
        if seat < 0:
            return "chance"
        name = self.seats[seat].name
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    def history(self) -> list[int]:
        return list(self.log.actions)

    def describe(self, action: int) -> dict[str, Any]:
        """An action with its words and board targets (both the same in every state)."""
        known = self.words.get(action)
        if known is None:
            known = self.words[action] = {
                "action": action,
                "text": self.state.action_to_string(action),
                "targets": self.game.action_targets(action),
            }
        return known


class GameService:
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

    # ---- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        for game_id in await self.db(self.store.waiting_for_bots):
            try:
                room = await self.room(game_id)
            except ApiError:
                continue
            self._schedule_bot(room)
        self._poller = asyncio.create_task(self._poll())

    async def stop(self) -> None:
        tasks = [t for t in (self._poller, *self._tasks) if t is not None]
        tasks += [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        tasks += [r.seen_task for r in self.rooms.values() if r.seen_task is not None]
        tasks += [c.task for r in self.rooms.values() for c in r.clients if c.task is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        self._db_pool.shutdown(wait=True)
        self.store.close()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call: SQLite right here (a local call of a millisecond, and no
        hand-over between threads), a database server on the database threads."""
        if self.store.is_sqlite:
            return fn(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_pool, fn, *args)

    # ---- catalog ----------------------------------------------------------------------------
    def catalog(self) -> dict[str, Any]:
        games = []
        for name in list_games():
            try:
                cls = game_class(name)
                hidden = make(name).has_hidden_information()
            except (ImportError, GameOptionError):
                continue
            games.append(
                {
                    "name": name,
                    "min_players": cls.min_players,
                    "max_players": cls.max_players,
                    "hidden_information": hidden,
                    "options": [
                        {
                            "name": key,
                            "default": _jsonable(opt.default),
                            "help": opt.help,
                            "choices": [_jsonable(c) for c in opt.choices],
                        }
                        for key, opt in cls.OPTIONS.items()
                    ],
                }
            )
        bots = []
        for name in list_bots():
            try:
                cls = bot_class(name)
            except (ImportError, GameOptionError):
                continue
            bots.append(
                {
                    "name": name,
                    "about": cls.about,
                    "params": {p.name: self._published(p) for p in cls.PARAMS},
                }
            )
        return {"games": games, "bots": bots, "seat_kinds": [HUMAN, *[b["name"] for b in bots]]}

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
            options=_jsonable(dict(game.options)),
            seed=seed,
            seats=[s.to_dict() for s in specs],
            secrets=[hash_secret(k) if k else None for k in keys],
            ply=len(rows),
            status=OVER if state.is_terminal() else PLAYING,
            to_move=state.current_player(),
            bot_to_move=_bot_to_move(state, specs),
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
                    "kind": s.kind,
                    "name": s.name,
                    **({"secret": k, "link": f"/game/{game_id}#seat={i}&secret={k}"} if k else {}),
                }
                for i, (s, k) in enumerate(zip(specs, keys, strict=True))
            ],
            "spectator_link": f"/game/{game_id}",
        }

    def _check_seat(self, i: int, spec: dict[str, Any]) -> Seat:
        kind = str(spec.get("kind", HUMAN)).lower()
        params = spec.get("params") or {}
        name = str(spec.get("name") or "").strip()
        if len(name) > MAX_NAME:
            raise malformed(f"seat {i}: a name has at most {MAX_NAME} characters", field="seats")
        if not name.isprintable():
            raise malformed(
                f"seat {i}: a name is printable text, without control characters", field="seats"
            )
        if kind == HUMAN:
            if params:
                raise malformed(f"seat {i}: a human seat takes no parameters", field="seats")
            return Seat(HUMAN, {}, name)
        return Seat(kind, self._check_bot(kind, params, f"seat {i}"), name)

    def _published(self, param: Param) -> dict[str, Any]:
        """A bot parameter as the catalog shows it, with this server's bound on think time."""
        out = param.to_dict()
        if param.name == THINK:
            out["limit"] = min(out["limit"] or self.config.max_think, self.config.max_think)
        return out

    def _check_bot(self, kind: str, params: dict[str, Any], where: str) -> dict[str, Any]:
        """The bot's parameters checked, within this server's bounds: a value past a bound
        is refused with 422 naming the parameter and the bound, anything else with 400."""
        if kind not in list_bots():
            raise malformed(
                f"{where}: unknown seat kind {kind!r}; a seat can be: "
                f"{', '.join([HUMAN, *list_bots()])}",
                field="seats",
            )
        try:
            checked: dict[str, Any] = bot_class(kind).check_params(params, limited=True)
        except BotParamError as exc:
            if exc.limit is not None:
                raise over_limit(f"{where}: {exc}", exc.param, exc.limit) from exc
            raise malformed(f"{where}: {exc}", field="seats") from exc
        except (GameOptionError, ImportError) as exc:
            raise malformed(f"{where}: {exc}", field="seats") from exc
        think = checked.get(THINK)
        if isinstance(think, int | float) and think > self.config.max_think:
            raise over_limit(
                f"{where}: {kind}: {THINK} may be at most {self.config.max_think} on this "
                f"server, not {think}",
                THINK,
                self.config.max_think,
            )
        return checked

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
        key = json.dumps(
            [room.game.name, room.game.num_players, _jsonable(dict(room.game.options))]
        )
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

    def seat_of(self, room: Room, secret: str | None, *, required: bool = False) -> int | None:
        """The seat whose secret this is; None for no secret (a spectator)."""
        if not secret:
            if required:
                raise missing_secret()
            return None
        digest = hash_secret(secret)
        for seat, stored in enumerate(room.secrets):
            if stored is not None and hmac.compare_digest(stored, digest):
                room.last_request[seat] = time.monotonic()
                return seat
        raise wrong_secret()

    def is_present(self, room: Room, seat: int) -> bool:
        if any(c.seat == seat for c in room.clients):
            return True
        last = room.last_request.get(seat)
        return last is not None and time.monotonic() - last < self.config.absent_after

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
                who = "chance" if mover == CHANCE else room.label(mover)
                raise ApiError(
                    409, "not_your_turn", f"it is {who}'s turn, not seat {seat}'s", to_move=mover
                )
            if room.seats[seat].is_bot:
                raise ApiError(
                    409,
                    "seat_is_bot",
                    f"a {room.seats[seat].kind} bot plays seat {seat} now; take the seat back "
                    "before playing",
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
            "bot_to_move": _bot_to_move(state, room.seats),
        }
        if since is None or state.is_terminal() or ply // SNAPSHOT_EVERY != since // SNAPSHOT_EVERY:
            fields["state"] = state.to_json()
        return fields

    # ---- undo -------------------------------------------------------------------------------
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
                self.store.truncate, room.id, room.ply, target, self._fields(room, new)
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

    # ---- seats ------------------------------------------------------------------------------
    async def set_seat(
        self, game_id: str, secret: str | None, seat: int, kind: str, params: dict[str, Any]
    ) -> Room:
        room = await self.room(game_id)
        asker = self.seat_of(room, secret, required=True)
        n = room.game.num_players
        if not 0 <= seat < n:
            raise ApiError(404, "unknown_seat", f"there is no seat {seat}; seats are 0 to {n - 1}")
        kind = kind.lower()
        async with room.lock:
            if room.state.is_terminal():
                raise ApiError(409, "game_over", "the game is over")
            current = room.seats[seat]
            if kind == HUMAN:
                if params:
                    raise malformed("a human seat takes no parameters")
                if asker != seat:
                    raise ApiError(
                        403, "not_your_seat", "only the seat's own secret can take a seat back"
                    )
                if not current.is_bot:
                    raise ApiError(409, "already_human", f"seat {seat} is already yours")
                room.seats[seat] = Seat(HUMAN, {}, current.name)
            else:
                params = self._check_bot(kind, params, f"seat {seat}")
                if asker != seat:
                    if current.is_bot:
                        raise ApiError(
                            403,
                            "not_your_seat",
                            f"a bot already plays seat {seat}; only its own player may change it",
                        )
                    if self.is_present(room, seat):
                        raise ApiError(
                            409,
                            "seat_present",
                            f"seat {seat} is still at the table; a bot may take over a seat "
                            "only after its player has left",
                        )
                room.seats[seat] = Seat(kind, dict(params), current.name)
            await self.db(
                self.store.set_seats,
                room.id,
                [s.to_dict() for s in room.seats],
                _bot_to_move(room.state, room.seats),
            )
            room.changed()
            self._schedule_bot(room)
        return room

    # ---- bots -------------------------------------------------------------------------------
    def _schedule_bot(self, room: Room) -> None:
        if room.bot_task is not None and not room.bot_task.done():
            return
        if _bot_to_move(room.state, room.seats):
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
            lane = HEAVY if seat in room.heavy_seats or not _is_light(spec) else LIGHT
            started = time.monotonic()
            try:
                action = await self.bots.choose(snapshot, spec.kind, params, seed, lane)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot %s failed in game %s at ply %d", spec.kind, room.id, ply)
                action = stand_in(snapshot, seed)
            # a seat whose move was slow thinks in the heavy lane from now on
            if time.monotonic() - started > LIGHT_SECONDS:
                room.heavy_seats.add(seat)
            else:
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

    # ---- views ------------------------------------------------------------------------------
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
        view: dict[str, Any] = {
            "id": room.id,
            "game": game.name,
            "players": game.num_players,
            "options": _jsonable(dict(game.options)),
            "you": seat,
            "ply": room.ply,
            "status": OVER if over else PLAYING,
            "current_player": mover,
            "to_move": mover if mover >= 0 else None,
            "your_turn": mine,
            "observation": observation,
            "scores": _scores(state, observation),
            "winners": state.winners() if over else [],
            "legal": [room.describe(a) for a in state.legal_actions()] if mine else [],
            "can_undo": seat is not None and self.why_no_undo(room, seat, thorough=False) is None,
        }
        if svg:
            view["svg"] = game.render_svg(state, seat)
        return view

    def log_entries(
        self, room: Room, seat: int | None, start: int = 0, end: int | None = None
    ) -> list[dict[str, Any]]:
        """The log from ``start`` to ``end`` as ``seat`` may read it (after
        :meth:`ensure_seen`; an entry not yet worked out reads as hidden)."""
        state = room.state
        out = []
        for ply in range(max(0, start), room.ply if end is None else end):
            actor = room.log.actors[ply]
            seen = room.log.seen[ply]
            visible = (seat is not None and actor == seat) or (
                seen is not None and knowledge.can_read(seen, seat)
            )
            if visible:
                text = state.action_to_string(room.log.actions[ply])
            else:
                text = "a hidden outcome" if actor == CHANCE else "a hidden choice"
            out.append({"ply": ply, "actor": actor, "who": room.label(actor), "text": text})
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
                "scores": _scores(state, observation),
                "winners": state.winners() if state.is_terminal() else [],
                "log": self.log_entries(room, seat)[:step],
            }
            if svg:
                out["svg"] = room.game.render_svg(state, seat)
        return out

    # ---- watchers ---------------------------------------------------------------------------
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
        message = {"type": "state", **self.view(room, client.seat, svg=client.svg)}
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

    # ---- other workers ----------------------------------------------------------------------
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


def _is_light(seat: Seat) -> bool:
    """True when the seat's bot declares its moves light with these parameters."""
    try:
        light = getattr(bot_class(seat.kind), "is_light", None)
    except (GameOptionError, ImportError):
        return True
    return True if light is None else bool(light(seat.params))


def _bot_to_move(state: State, seats: list[Seat]) -> bool:
    mover = state.current_player()
    return 0 <= mover < len(seats) and seats[mover].is_bot


def _scores(state: State, observation: dict[str, Any]) -> list[float] | None:
    """Final scores at the end; during the game only what the observation shows."""
    if state.is_terminal():
        return state.scores()
    shown = observation.get("scores") if isinstance(observation, dict) else None
    if isinstance(shown, list) and len(shown) == state.game.num_players:
        return shown
    return None


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def _thread_pool(workers: int, prefix: str) -> Any:
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=prefix)
