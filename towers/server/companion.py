"""Companion sessions in the browser: people play on their own board, the page is the app.

A companion session is stored like any game (a row of ``games``, its log in ``actions``): its
seats are all people at one table, flagged ``"companion": true``, with no secrets (whoever
holds the link sits at the table). It is driven by :class:`towers.companion.session.
CompanionSession`, so the app draws its own outcomes and the table enters the rest, and a
restarted server picks the session up from its log.

- ``GET  /api/companion/setup``: the set-up choices (options with their choices' names,
  heroes, default heroes)
- ``POST /api/companion``: ``{"game", "players", "options", "seed", "tower"}`` starts a
  session (``tower``: ``simulated`` or ``manual``, a real tower worked by hand), with the
  owner's printed values (``printed.toml`` in the user's data folder) kept in it
- ``GET  /api/companion/{id}``: the messages, whom the app waits for, the entries, the board
- ``POST /api/companion/{id}/entries``: ``{"ply": n, "action": a}``, one entry
- ``POST /api/companion/{id}/undo``: ``{"ply": n}``, take back the last entry of the turn
- ``POST /api/companion/{id}/tower``: ``{"kind": "ble"}`` connects a real tower
- ``POST /api/companion/{id}/drums``: ``{"ply", "drums": {"top": "east"}}``: where the drums
  of a tower worked by hand face after a turn
- ``GET  /companion/{id}``: the page
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from pydantic import Field

from towers.companion import GAMES
from towers.companion import printed as P
from towers.companion.entries import haggle_legend
from towers.companion.mirror import (
    BLE,
    KIND_NAMES,
    KINDS,
    MANUAL,
    SIMULATED,
    TowerMirror,
    TowerUnavailable,
    open_device,
)
from towers.companion.session import VERSION, CompanionSession, EntryError, setup_choices
from towers.core.errors import GameOptionError, SaveFormatError
from towers.core.game import CHANCE
from towers.core.record import FORMAT
from towers.core.registry import views_of
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.render import hero_name
from towers.games.dark_tower.tower import LEVELS, SIDES
from towers.server.errors import ApiError, malformed, unknown_game
from towers.server.rooms import HUMAN, OVER, PLAYING
from towers.server.schemas import ActionNumber, Error, Players, Ply, Seed, Strict
from towers.server.service import GameService
from towers.server.store import GameRow, LogRow

WEB = Path(__file__).resolve().parent.parent / "web"
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Error} for code in (400, 404, 409, 413, 422)
}
MESSAGES = 60
"""How many of the latest announcements a session's page shows."""


class CreateCompanion(Strict):
    game: str = Field(
        default="dark_tower", max_length=64, description="a game with a companion mode"
    )
    players: Players = Field(default=2, description="heroes at the table")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seed: Seed | None = Field(None, description="seed of the app's draws (default: random)")
    tower: str = Field(
        default=SIMULATED, max_length=32, description="the tower: simulated, or manual"
    )


class Entry(Strict):
    ply: Ply
    action: ActionNumber


class Undo(Strict):
    ply: Ply


class Drums(Strict):
    ply: Ply
    drums: dict[str, str] = Field(
        max_length=3, description="each turned drum (top, middle, bottom) and the side it faces"
    )


class Connect(Strict):
    kind: str = Field(max_length=32, description="the tower: simulated or ble")


def is_companion(row: GameRow) -> bool:
    return any(isinstance(s, dict) and s.get("companion") for s in row.seats)


class Table:
    """A session held in memory, with the latest announcements and a lock."""

    def __init__(self, session: CompanionSession, messages: list[str]) -> None:
        self.session = session
        self.messages = messages[-MESSAGES:]
        self.latest = messages[-MESSAGES:]
        self.entered: str | None = None
        """The entry that led to the latest messages (None: none, or an undo)."""
        self.lock = asyncio.Lock()

    def said(self, lines: list[str], entered: str | None = None) -> None:
        self.entered = entered
        self.latest = lines
        entry = [f"Entered: {entered}"] if entered else []
        self.messages = (self.messages + entry + lines)[-MESSAGES:]


class CompanionTables:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.tables: dict[str, Table] = {}

    async def create(self, body: CreateCompanion) -> dict[str, Any]:
        if body.game not in GAMES:
            raise malformed(
                f"no companion mode for {body.game!r}; the games with one are {', '.join(GAMES)}",
                field="game",
            )
        if body.tower not in (SIMULATED, MANUAL):
            raise malformed(
                f"no tower kind {body.tower!r} to start with; the kinds are {SIMULATED} and "
                f"{MANUAL} (a tower over Bluetooth is connected from the session's page)",
                field="tower",
            )
        seed = secrets.randbits(62) if body.seed is None else body.seed
        try:
            printed = P.load()
        except P.PrintedError as exc:
            raise malformed(str(exc), field="printed") from None
        try:
            session = CompanionSession.new(
                body.players, body.options, seed, body.tower, printed=printed
            )
        except GameOptionError as exc:
            raise malformed(str(exc), field="options") from None
        session.printed_path = P.default_path()
        lines = session.opening() + session.advance()
        game_id = secrets.token_urlsafe(9)
        history = session.state.history()
        rows = [LogRow(ply, a, CHANCE) for ply, a in enumerate(history)]
        names = [hero_name(session.state, s) for s in range(body.players)]
        row = GameRow(
            id=game_id,
            game=body.game,
            players=body.players,
            options=dict(session.state.game.options),
            seed=seed,
            seats=[{"kind": HUMAN, "name": n, "companion": True} for n in names],
            secrets=[None] * body.players,
            ply=len(history),
            **self._where(session),
        )
        # the table's own set-up rides on the first seat: the tower and the printed values
        row.seats[0]["table"] = {"tower": body.tower, "printed": session.printed}
        await self.service.db(self.service.store.create, row, rows)
        self.tables[game_id] = Table(session, lines)
        return {"id": game_id, "url": f"/companion/{game_id}"}

    def _where(self, session: CompanionSession) -> dict[str, Any]:
        state = session.state
        return {
            "status": OVER if state.is_terminal() else PLAYING,
            "to_move": state.current_player(),
            "bot_to_move": False,
            "state": state.to_json(),
        }

    async def table(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is not None:
            return table
        loaded = await self.service.db(self.service.store.load, game_id)
        if loaded is None or not is_companion(loaded[0]):
            raise unknown_game(game_id)
        row, log = loaded
        kept = row.seats[0].get("table", {}) if row.seats else {}
        kept = kept if isinstance(kept, dict) else {}
        # a tower over Bluetooth is connected again from the page; till then the table tells
        # what its tower did, as with a tower worked by hand, and nothing is drawn for it
        was_ble = kept.get("tower") == BLE
        record = {
            "format": FORMAT,
            "game": row.game,
            "players": row.players,
            "options": row.options,
            "seed": row.seed,
            "history": [r.action for r in log],
            "companion": {
                "version": VERSION,
                "tower": MANUAL if was_ble else kept.get("tower", SIMULATED),
                "printed": kept.get("printed", {}),
            },
        }
        try:
            session = CompanionSession.from_record(record)
        except (SaveFormatError, TowerUnavailable) as exc:
            raise ApiError(409, "unreadable", f"the stored session cannot be read: {exc}") from None
        session.printed_path = P.default_path()
        recap = session.recap()
        if was_ble:
            recap.append(
                "Your tower was connected over Bluetooth: connect it again (Connect tower). "
                "Until then, enter where skulls come out of it by hand."
            )
        table = self.tables.setdefault(game_id, Table(session, recap))
        return table

    async def _keep_tower(self, game_id: str, kind: str) -> None:
        """Keep the tower the table plays with beside the session, so that a restarted
        server never lets a simulated tower draw what a real one on the table decides."""
        store = self.service.store
        loaded = await self.service.db(store.load, game_id)
        if loaded is None:
            return
        row = loaded[0]
        seats = json.loads(json.dumps(row.seats))
        kept = seats[0].get("table")
        seats[0]["table"] = {**(kept if isinstance(kept, dict) else {}), "tower": kind}

        def write() -> bool:
            return store.set_seats(game_id, seats, False, expected=row.seats, ply=row.ply)

        if not await self.service.db(write):
            self.tables.pop(game_id, None)
            raise ApiError(409, "stale", "the session changed elsewhere; reload the page")

    def view(self, game_id: str, table: Table) -> dict[str, Any]:
        s = table.session
        state = s.state
        waiting = s.waiting()
        entries = [{"action": a, "name": s.label(a)} for a in s.shown_entries()]
        top = state.pending[-1] if not state.is_terminal() else None
        return {
            "id": game_id,
            "ply": s.history_len,
            "over": s.is_over(),
            "result": {1: "won", -1: "lost"}.get(state.result, "playing"),
            "ending": state.ending,
            "month": state.month,
            "messages": table.messages,
            "latest": table.latest,
            "entered": table.entered,
            "waiting": None
            if waiting is None
            else {
                "seat": waiting.seat,
                "table": waiting.is_table,
                "ask": waiting.ask,
                "hero": None if waiting.seat is None else hero_name(state, waiting.seat),
                "drums": [LEVELS[lv] for lv in waiting.drums],
                "haggle_legend": haggle_legend()
                if isinstance(top, F.HaggleRoll) and waiting.is_table
                else None,
            },
            "designed": s.designed_warning(),
            "entries": entries,
            "can_undo": s.history_len > s.barrier,
            "history": state.history(),
            "tower": {
                "kind": s.tower_kind,
                "name": KIND_NAMES.get(s.tower_kind, s.tower_kind),
                "kinds": [{"kind": k, "name": KIND_NAMES[k]} for k in KINDS],
                "sides": list(SIDES),
                "problem": s.mirror.problem,
                "state": state.tower.public(),
            },
            "svg": views_of(state.game).svg(state, None),
        }

    async def _commit(self, game_id: str, table: Table, before: int, undo: bool) -> None:
        """Write the session's change: new log rows, or (undo) the log cut back."""
        s = table.session
        store = self.service.store
        where = {"ply": s.history_len, **self._where(s)}
        try:
            if undo:
                done = await self.service.db(store.truncate, game_id, before, s.history_len, where)
            else:
                history = s.state.history()
                rows = [LogRow(p, history[p], -1) for p in range(before, len(history))]
                done = await self.service.db(store.append, game_id, before, rows, where)
        except BaseException:
            self.tables.pop(game_id, None)  # memory is ahead of the store: read it again
            raise
        if not done:
            self.tables.pop(game_id, None)
            raise ApiError(409, "stale", "the session changed elsewhere; reload the page")

    async def _change(
        self,
        game_id: str,
        ply: int,
        undo: bool,
        change: Callable[[CompanionSession], list[str]],
    ) -> dict[str, Any]:
        """Make ``change`` to the session at step ``ply`` (refused when the session is at
        another step), store it and say what it brought."""
        table = await self.table(game_id)
        async with table.lock:
            s = table.session
            before = s.history_len
            if ply != before:
                raise ApiError(409, "stale", f"the session is at step {before}, not {ply}")
            try:
                lines = change(s)
            except EntryError as exc:
                raise ApiError(400, "refused", str(exc)) from None
            await self._commit(game_id, table, before, undo)
            entered = None if undo else s.label(s.state.history()[before])
            table.said(lines, entered)
            return self.view(game_id, table)

    async def enter(self, game_id: str, body: Entry) -> dict[str, Any]:
        return await self._change(game_id, body.ply, False, lambda s: s.enter(body.action))

    async def undo(self, game_id: str, body: Undo) -> dict[str, Any]:
        return await self._change(game_id, body.ply, True, lambda s: s.undo())

    async def drums(self, game_id: str, body: Drums) -> dict[str, Any]:
        """Where the drums of a tower worked by hand face: checked against the engine's,
        then the app's draws that follow are played and stored."""
        table = await self.table(game_id)
        async with table.lock:
            s = table.session
            before = s.history_len
            if body.ply != before:
                raise ApiError(409, "stale", f"the session is at step {before}, not {body.ply}")
            try:
                lines = s.confirm_drums(dict(body.drums))
            except EntryError as exc:
                raise ApiError(400, "refused", str(exc)) from None
            if s.history_len != before:
                await self._commit(game_id, table, before, undo=False)
            said = ", ".join(f"{k} {v}" for k, v in body.drums.items())
            table.said(lines, f"the drums face {said}")
            return self.view(game_id, table)

    async def connect(self, game_id: str, body: Connect) -> dict[str, Any]:
        table = await self.table(game_id)
        if body.kind not in KINDS:
            raise malformed(f"no tower kind {body.kind!r}; the kinds are {', '.join(KINDS)}")
        async with table.lock:
            s = table.session
            before = s.history_len
            try:
                device = await asyncio.to_thread(open_device, body.kind, s.state.tower.copy())
            except TowerUnavailable as exc:
                raise ApiError(400, "no_tower", str(exc)) from None
            s.mirror = TowerMirror(device, s.state.tower)
            s.tower_kind = body.kind
            await self._keep_tower(game_id, body.kind)
            lines = [f"Tower connected: {body.kind}."] + s.advance()
            if s.history_len != before:
                # a simulated tower in a real one's place draws where the skulls came out:
                # stored before it is shown, as every entry is
                await self._commit(game_id, table, before, undo=False)
            table.said(lines)
            return self.view(game_id, table)


def add_routes(app: FastAPI, service: GameService) -> None:
    """The companion API and page, beside the games'."""
    tables = CompanionTables(service)
    app.state.companion = tables

    @app.get("/api/companion/setup", tags=["companion"], responses=ERRORS)
    async def companion_setup() -> dict[str, Any]:
        return setup_choices()

    @app.post("/api/companion", tags=["companion"], responses=ERRORS)
    async def create_companion(body: CreateCompanion) -> dict[str, Any]:
        return await tables.create(body)

    @app.get("/api/companion/{game_id}", tags=["companion"], responses=ERRORS)
    async def get_companion(game_id: str) -> dict[str, Any]:
        return tables.view(game_id, await tables.table(game_id))

    @app.post("/api/companion/{game_id}/entries", tags=["companion"], responses=ERRORS)
    async def enter(game_id: str, body: Entry) -> dict[str, Any]:
        return await tables.enter(game_id, body)

    @app.post("/api/companion/{game_id}/undo", tags=["companion"], responses=ERRORS)
    async def undo(game_id: str, body: Undo) -> dict[str, Any]:
        return await tables.undo(game_id, body)

    @app.post("/api/companion/{game_id}/drums", tags=["companion"], responses=ERRORS)
    async def drums(game_id: str, body: Drums) -> dict[str, Any]:
        return await tables.drums(game_id, body)

    @app.post("/api/companion/{game_id}/tower", tags=["companion"], responses=ERRORS)
    async def connect(game_id: str, body: Connect) -> dict[str, Any]:
        return await tables.connect(game_id, body)

    @app.get("/companion/{game_id}", include_in_schema=False)
    async def companion_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "companion.html")
