"""A game held in memory by the server (:class:`Room`), its seats, its log and the clients
watching it; nothing here talks to the database or runs a bot."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from towers.agents.params import clamp_params
from towers.core.errors import GameOptionError
from towers.core.game import Game, State
from towers.core.registry import bot_class, views_of
from towers.server.store import GameRow, LogRow

log = logging.getLogger("towers.server")

HUMAN = "human"


PLAYING = "playing"


OVER = "over"


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


class Chronicle:
    """The log as it reads: for each ply, the chapter of the game it was taken in and the
    action in words with its public result (the game's ``Views.chapter`` and
    ``Views.log_words`` of the state before it). Kept in memory only: worked out as actions
    are applied (from the states before them the room keeps) and again by replaying the
    history when the room is loaded or its log was cut short or rewritten (an undo, another
    process's change); the database holds the actions alone."""

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.chapters: list[str] = []
        self.words: list[str] = []

    def __len__(self) -> int:
        return len(self.actions)

    def follow(self, room: Room) -> None:
        """Bring the chronicle up to the room's log."""
        actions = room.log.actions
        same = len(self.actions)
        if same > len(actions) or self.actions != actions[:same]:
            same = 0
            while (
                same < min(len(self.actions), len(actions)) and self.actions[same] == actions[same]
            ):
                same += 1
            del self.actions[same:], self.chapters[same:], self.words[same:]
        if same == len(actions):
            return
        views = views_of(room.game)
        cursor: State | None = None  # a state of our own, replayed to the ply at hand
        for ply in range(same, len(actions)):
            action = actions[ply]
            pre = cursor if cursor is not None else room.before.get(ply)
            if pre is None:
                pre = cursor = self._replay(room, ply)
            try:
                chapter = views.chapter(pre)
                words = views.log_words(pre, action)
            except Exception:  # a fault of the game's words must not stop the game
                log.exception("the log's words of ply %d of game %s failed", ply, room.id)
                chapter, words = "", pre.action_to_string(action)
            self.actions.append(action)
            self.chapters.append(chapter)
            self.words.append(words)
            if cursor is not None:
                cursor.apply_trusted(action)

    @staticmethod
    def _replay(room: Room, ply: int) -> State:
        """The state before ``ply``: from the latest earlier state the room keeps, else from
        the start (a copy: the room's states are not changed)."""
        history = room.log.actions
        kept = [k for k in room.before if k <= ply]
        if kept:
            start = max(kept)
            state = room.before[start].clone()
        else:
            start = 0
            state = room.game.new_initial_state()
        for action in history[start:ply]:
            state.apply_trusted(action)
        return state


class Client:
    """One open WebSocket: its seat, what it asked for, and what it was last sent."""

    def __init__(self, ws: Any, seat: int | None, svg: bool, log: bool) -> None:
        self.ws = ws
        self.seat = seat
        self.svg = svg
        self.log = log
        self.known = 0  # log entries the client holds
        # the board: the whole svg in every message, as the API always gave it, unless the
        # socket's address asks for the pieces that changed (``?board=pieces``, as the page does)
        query = getattr(ws, "query_params", None) or {}
        self.whole_svg = query.get("board") != "pieces"
        self.pieces: list[str] = []  # the board's pieces the client holds
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
        self.stored_seats = row.seats
        """The seats as the database holds them, read or written last: a seat change, a
        move and an undo are written only over these (compare-and-set)."""
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
        self.chronicle = Chronicle()

    @property
    def ply(self) -> int:
        return len(self.log)

    def changed(self) -> None:
        self.version += 1
        self.cache.clear()
        if self.chronicle:  # a room just loaded works its chronicle out when it is read
            self.chronicle.follow(self)
        for c in self.clients:
            c.touch()

    def label(self, seat: int) -> str:
        if seat < 0:
            return "chance"
        printed = views_of(self.game).seat_name(seat)
        name = self.seats[seat].name
        return f"{printed} ({name})" if name else printed

    def history(self) -> list[int]:
        return list(self.log.actions)

    def describe(self, action: int) -> dict[str, Any]:
        """An action with its words and board targets (both the same in every state)."""
        known = self.words.get(action)
        if known is None:
            known = self.words[action] = {
                "action": action,
                "text": self.state.action_to_string(action),
                "targets": views_of(self.game).targets(action),
            }
        return known


def bot_to_move(state: State, seats: list[Seat]) -> bool:
    mover = state.current_player()
    return 0 <= mover < len(seats) and seats[mover].is_bot


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))
