"""The ASGI app: the HTTP API (documented at ``/docs``), the WebSocket and the page.

HTTP (a seat's secret goes in the ``X-Seat-Secret`` header; without it you are a spectator):

- ``GET  /api/catalog``: the games with their options, and the bots with their parameters
- ``GET  /api/games``: recently active games (no secrets)
- ``POST /api/games``: create a game; the answer holds each human seat's secret and link
- ``GET  /api/games/{id}?svg=&log=``: the game as your seat may see it
- ``POST /api/games/{id}/actions``: ``{"ply": n, "action": a}`` or ``{"ply": n, "text": "..."}``
- ``POST /api/games/{id}/undo``: ``{"ply": n}``, take back your last action of this turn
- ``PUT  /api/games/{id}/seats/{seat}``: ``{"kind": "greedy"}`` hands a seat that left (or your
  own) to a bot; ``{"kind": "human"}`` with that seat's secret takes it back
- ``GET  /api/games/{id}/replay?step=k``: the game after k actions, as your seat saw it
- ``GET  /api/games/{id}/help``: how the game goes, what each component does and the
  rulebook sections its refusals cite (public: the rules are no secret)

WebSocket ``/api/games/{id}/ws``: send ``{"type": "hello", "secret": ..., "svg": bool,
"log": bool}`` first; the server answers with ``{"type": "state", ...}`` (the same view as the
GET, with ``log_from`` and the new ``log`` entries) and again after every change. Then send
``{"type": "action", "ply": n, "action": a}`` (or ``"text"``), ``{"type": "undo", "ply": n}``
or ``{"type": "ping"}``; a refusal comes back to the sender only, as ``{"type": "error",
"status": 4xx, "error": code, "message": ...}``.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path as PathLib
from typing import Annotated, Any

from fastapi import FastAPI, Header, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.routing import Route
from starlette.websockets import WebSocketDisconnected

from towers.core.registry import list_bots, list_games
from towers.server import lessons
from towers.server.companion import add_routes as add_companion_routes
from towers.server.errors import ApiError, invalid_request, malformed
from towers.server.learning import Learning
from towers.server.limits import MAX_BODY, BodyLimit, Limits
from towers.server.schemas import (
    MAX_INT,
    MAX_SEATS,
    MAX_SEED,
    ActionRequest,
    Created,
    CreateGame,
    Error,
    GameHelp,
    GameView,
    Hello,
    HintAgreement,
    HintAnswer,
    HintRequest,
    HintsPolicy,
    LessonHint,
    LessonTry,
    LessonVerdict,
    LessonView,
    ReplayStep,
    ReviewAnswer,
    ReviewProgress,
    SeatRequest,
    Tutorials,
    UndoRequest,
    WhatIfAnswer,
    WhatIfRequest,
    WsAction,
    WsUndo,
)
from towers.server.service import HUMAN, Client, GameService, ServerConfig

log = logging.getLogger("towers.server")
WEB = PathLib(__file__).resolve().parent.parent / "web"
HELLO_TIMEOUT = 30.0
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Error} for code in (400, 401, 403, 404, 409, 413, 422)
}
GZIP_FROM = 1024
"""HTTP answers of this many bytes or more are gzipped for clients that accept it."""

Secret = Annotated[
    str | None,
    Header(description="the seat's secret; leave it out to watch as a spectator"),
]


def create_app(config: ServerConfig | None = None, limits: Limits | None = None) -> FastAPI:
    """The app, with its own :class:`GameService` (started and stopped with the app).
    ``limits`` gives the largest WebSocket message (the server under uvicorn should be given
    the same limits: ``serve.uvicorn_options``)."""
    service = GameService(config)
    ws_max_size = (limits or Limits()).ws_max_size

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    # the API's documentation at /docs with Swagger UI's files from the package, no CDN
    app = FastAPIOffline(
        redoc_url=None,
        title="towers",
        summary="Play tower board games in the browser or from a script.",
        description=__doc__,
        version="1",
        lifespan=lifespan,
    )
    app.state.service = service
    # a view with its SVG is 28-60 KB of JSON, a few KB gzipped; level 5 costs a fraction of 9
    # (WebSocket messages are compressed by permessage-deflate, which uvicorn offers)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM, compresslevel=5)

    _add_error_handlers(app)

    # outside every other middleware: a body past the limit is refused before any reads it
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    _add_game_routes(app, service)
    _add_learning_routes(app, service)
    _add_lesson_routes(app)
    _add_socket(app, service, ws_max_size)
    _add_pages(app)
    add_companion_routes(app, service)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.openapi = _with_names(app)  # type: ignore[method-assign]
    return app


def _add_error_handlers(app: FastAPI) -> None:
    """Every error answered in the API's own format: ``{"error", "message", ...}``."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_dict(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        error = invalid_request(exc.errors())
        return JSONResponse(error.to_dict(), status_code=error.status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        """Unknown routes and methods answer in the API's own format too; a method the path
        does not take is answered 405 with every method it does take (OPTIONS: 204)."""
        headers = exc.headers
        if exc.status_code == 405:
            allowed = _methods_at(app, request.scope["path"])
            if request.method == "OPTIONS":
                return Response(status_code=204, headers={"Allow": ", ".join(allowed)})
            headers = {**(headers or {}), "Allow": ", ".join(m for m in allowed if m != "OPTIONS")}
            exc = HTTPException(405, exc.detail, headers)
        error = _http_error(request, exc)
        return JSONResponse(error.to_dict(), status_code=error.status, headers=headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path, exc_info=exc)
        error = ApiError(500, "server_error", "the server failed to answer; nothing was changed")
        return JSONResponse(error.to_dict(), status_code=500)


def _add_game_routes(app: FastAPI, service: GameService) -> None:
    """The games: the catalog, creating one, its view, actions, undo, seats, replay, help."""

    # ---- the API ------------------------------------------------------------------------
    @app.get("/api/catalog", responses=ERRORS, tags=["games"])
    async def catalog() -> dict[str, Any]:
        """Every registered game (players, options with defaults) and every bot."""
        return service.catalog()

    @app.get("/api/games", responses=ERRORS, tags=["games"])
    async def recent(limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[dict[str, Any]]:
        """Recently active games: id, game, status and seat kinds (nothing secret)."""
        return await service.db(service.store.recent, limit)

    @app.post(
        "/api/games", status_code=201, response_model=Created, responses=ERRORS, tags=["games"]
    )
    async def create(body: CreateGame) -> dict[str, Any]:
        """Create a game. Each human seat gets a secret: give the seat's link to its player."""
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        return await service.create(body.game, body.players, body.options, seats, body.seed)

    @app.get(
        "/api/games/{game_id}",
        response_model=None,
        responses={200: {"model": GameView}, **ERRORS},
        tags=["play"],
    )
    async def get_game(
        game_id: str,
        x_seat_secret: Secret = None,
        svg: bool = False,
        log: bool = False,
    ) -> dict[str, Any]:
        """The game as your seat may see it (a spectator's view without a secret)."""
        room = await service.room(game_id)
        seat = service.seat_of(room, x_seat_secret)
        if log:
            await service.ensure_seen(room)
        view = service.view(room, seat, svg=svg)
        if log:
            view["log"] = service.log_entries(room, seat)
        return view

    @app.post(
        "/api/games/{game_id}/actions",
        response_model=None,
        responses={200: {"model": GameView}, **ERRORS},
        tags=["play"],
    )
    async def act(
        game_id: str, body: ActionRequest, x_seat_secret: Secret = None
    ) -> dict[str, Any]:
        """Play an action on your turn. Refused (nothing changed) when it is not your turn
        (409), the ply is stale (409), or the rules forbid it (422, with the rule)."""
        room = await service.act(game_id, x_seat_secret, body.ply, body.action, body.text)
        return service.view(room, service.seat_of(room, x_seat_secret))

    @app.post(
        "/api/games/{game_id}/undo",
        response_model=None,
        responses={200: {"model": GameView}, **ERRORS},
        tags=["play"],
    )
    async def undo(game_id: str, body: UndoRequest, x_seat_secret: Secret = None) -> dict[str, Any]:
        """Take back your last action, during your own turn, unless it revealed hidden
        information; never across another seat's action or a chance outcome."""
        room = await service.undo(game_id, x_seat_secret, body.ply)
        return service.view(room, service.seat_of(room, x_seat_secret))

    @app.put(
        "/api/games/{game_id}/seats/{seat}",
        response_model=None,
        responses={200: {"model": GameView}, **ERRORS},
        tags=["play"],
    )
    async def set_seat(
        game_id: str,
        seat: Annotated[int, Path(ge=0, lt=MAX_SEATS)],
        body: SeatRequest,
        x_seat_secret: Secret = None,
    ) -> dict[str, Any]:
        """Hand a seat to a bot (your own, or one whose player has left), or take your seat
        back from a bot with ``{"kind": "human"}``."""
        room = await service.set_seat(game_id, x_seat_secret, seat, body.kind, body.params)
        return service.view(room, service.seat_of(room, x_seat_secret))

    @app.get(
        "/api/games/{game_id}/replay",
        response_model=None,
        responses={200: {"model": ReplayStep}, **ERRORS},
        tags=["play"],
    )
    async def replay(
        game_id: str,
        step: Annotated[int, Query(ge=0, le=MAX_INT)],
        x_seat_secret: Secret = None,
        svg: bool = False,
    ) -> dict[str, Any]:
        """The game after ``step`` actions, as your seat (or a spectator) saw it then."""
        return await service.replay(game_id, x_seat_secret, step, svg)

    helps: dict[str, dict[str, Any]] = {}

    @app.get("/api/games/{game_id}/help", responses=ERRORS, tags=["play"])
    async def game_help(game_id: str) -> dict[str, Any]:
        """How this game goes (``howto``), each component a player may ask about (``topics``:
        its ``key``, as the board's ``data-help`` names it, printed ``name``, ``kind`` and what it
        does) and the rulebook sections its refusals cite (``rules``), the same for every seat."""
        room = await service.room(game_id)
        game = room.game
        key = json.dumps([game.name, game.num_players, dict(game.options)], default=str)
        found = helps.get(key)
        if found is None:
            found = helps[key] = lessons.help_of(game)
        return found


def _add_learning_routes(app: FastAPI, service: GameService) -> None:
    """Hints, what if and reviews (:mod:`towers.server.learning`), stopped with the app."""
    # ---- hints, what if and reviews (towers.server.learning) --------------------------------
    learning = Learning(service)
    app.state.learning = learning
    served = app.router.lifespan_context

    @asynccontextmanager
    async def with_learning(the_app: FastAPI) -> AsyncIterator[Any]:
        """The app's life, and at its end every hint and review under way stopped."""
        async with served(the_app) as held:
            try:
                yield held
            finally:
                learning.close()

    app.router.lifespan_context = with_learning

    @app.get(
        "/api/games/{game_id}/hints",
        response_model=HintsPolicy,
        responses=ERRORS,
        tags=["learn"],
    )
    async def hints_policy(game_id: str, x_seat_secret: Secret = None) -> dict[str, Any]:
        """Whether your seat may ask for hints in this game, and why not."""
        room = await service.room(game_id)
        return learning.policy(room, service.seat_of(room, x_seat_secret))

    @app.post(
        "/api/games/{game_id}/hints/agree",
        response_model=HintsPolicy,
        responses=ERRORS,
        tags=["learn"],
    )
    async def hints_agree(
        game_id: str, body: HintAgreement, x_seat_secret: Secret = None
    ) -> dict[str, Any]:
        """Your seat's yes (or no) to hints in a game between people, where hints need every
        human seat's yes."""
        room = await service.room(game_id)
        seat = service.seat_of(room, x_seat_secret, required=True)
        assert seat is not None
        return await learning.agree(room, seat, body.agree)

    @app.post(
        "/api/games/{game_id}/hint",
        response_model=HintAnswer,
        responses=ERRORS,
        tags=["learn"],
    )
    async def ask_hint(
        game_id: str, body: HintRequest, request: Request, x_seat_secret: Secret = None
    ) -> dict[str, Any]:
        """The move the strongest bot finds for your seat, to move now, from what your seat
        may know, and why in words. Refused when hints are not allowed here (403), it is not
        your turn or the ply is stale (409); stopped (409) when the game moves on meanwhile."""
        room = await service.room(game_id)
        seat = service.seat_of(room, x_seat_secret, required=True)
        assert seat is not None
        return await learning.hint(
            room, seat, body.ply, body.iterations, body.seconds, body.intended, request
        )

    @app.post(
        "/api/games/{game_id}/whatif",
        response_model=WhatIfAnswer,
        responses=ERRORS,
        tags=["learn"],
    )
    async def what_if(
        game_id: str, body: WhatIfRequest, x_seat_secret: Secret = None
    ) -> dict[str, Any]:
        """What one of your legal moves would do, before you make it: points now, standing,
        who decides next and their likely reply."""
        room = await service.room(game_id)
        seat = service.seat_of(room, x_seat_secret, required=True)
        assert seat is not None
        return await learning.whatif(room, seat, body.ply, body.action)

    @app.get(
        "/api/games/{game_id}/review",
        response_model=None,
        responses={200: {"model": ReviewAnswer}, 202: {"model": ReviewProgress}, **ERRORS},
        tags=["learn"],
    )
    async def game_review(game_id: str, x_seat_secret: Secret = None) -> JSONResponse:
        """The review of a finished game as your seat (or a spectator) may read it: 202 with
        its progress while it is made in the background, then 200 (stored: at once)."""
        room = await service.room(game_id)
        seat = service.seat_of(room, x_seat_secret)
        status, body = await learning.review(room, seat)
        return JSONResponse(body, status_code=status)


def _add_lesson_routes(app: FastAPI) -> None:
    """The tutorials (:mod:`towers.server.lessons`) and their pages."""

    # ---- tutorials (towers.server.lessons) ----------------------------------------------------
    @app.get("/api/learn", response_model=Tutorials, tags=["learn"])
    async def learn_tutorials() -> dict[str, Any]:
        """Every game's tutorial: its lessons in order, each with the rulebook section it
        teaches; the last is a game against the random bot."""
        return lessons.listing()

    @app.get("/api/learn/{game}/help", response_model=GameHelp, responses=ERRORS, tags=["learn"])
    async def learn_help(game: str) -> dict[str, Any]:
        """The help of the tutorial's game, as a game page of that game has it (the how-to,
        the components by key, the rules in short). No lesson is called ``help``."""
        return lessons.tutorial_help(game)

    @app.get(
        "/api/learn/{game}/{lesson}", response_model=LessonView, responses=ERRORS, tags=["learn"]
    )
    async def learn_lesson(game: str, lesson: str) -> dict[str, Any]:
        """One lesson: its words, its position drawn for the lesson's seat and that seat's
        legal moves (words and board targets), built afresh from the lesson's script."""
        return await asyncio.to_thread(lessons.lesson_view, game, lesson)

    @app.post(
        "/api/learn/{game}/{lesson}/try",
        response_model=LessonVerdict,
        responses=ERRORS,
        tags=["learn"],
    )
    async def learn_try(game: str, lesson: str, body: LessonTry) -> dict[str, Any]:
        """A move tried in the lesson, judged: the lesson's move (what follows, the board
        after it), or why it is weaker or refused by the rules. Nothing is kept."""
        return await asyncio.to_thread(lessons.try_move, game, lesson, body.action, body.text)

    @app.post(
        "/api/learn/{game}/{lesson}/hint",
        response_model=LessonHint,
        responses=ERRORS,
        tags=["learn"],
    )
    async def learn_hint(game: str, lesson: str) -> dict[str, Any]:
        """The lesson's hint: the move it asks for, the board's places to choose for it and
        why, the lesson's own teaching first; where several moves answer it, the best of them
        by a search of about 2 seconds. 409 for the last lesson (its game page has hints)."""
        return await asyncio.to_thread(lessons.lesson_hint, game, lesson)

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> HTMLResponse:
        return page("learn.html")

    @app.get("/learn/{game}/{lesson}", include_in_schema=False)
    async def lesson_page(game: str, lesson: str) -> HTMLResponse:
        return page("learn.html")


def _add_socket(app: FastAPI, service: GameService, ws_max_size: int) -> None:
    """The WebSocket of a game: its view pushed to each client as the game moves on."""

    # ---- the WebSocket ------------------------------------------------------------------
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            first = await asyncio.wait_for(_receive(ws, ws_max_size), HELLO_TIMEOUT)
            hello = _parse(first, Hello)
            if hello.type != "hello":
                raise malformed('the first message must be {"type": "hello", ...}')
            room = await service.room(game_id)
            seat = service.seat_of(room, hello.secret)
        except ApiError as exc:
            await _refuse(ws, exc)
            return
        except MessageTooBig:
            await _close(ws, 1009)
            return
        except (TimeoutError, WebSocketDisconnect, WebSocketDisconnected):
            await _close(ws, 4408)
            return
        client = Client(ws, seat, hello.svg, hello.log)
        service.join(room, client)
        try:
            while True:
                text = await _receive(ws, ws_max_size)
                try:
                    await _handle(service, game_id, hello.secret, client, text)
                except ApiError as exc:
                    client.send({"type": "error", "status": exc.status, **exc.to_dict()})
        except MessageTooBig:
            await _close(ws, 1009)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass
        finally:
            service.leave(room, client)
            if client.task is not None:
                client.task.cancel()


INCLUDE = re.compile(r"^<!-- include ([a-z-]+\.html) -->\n", re.M)


def page(name: str) -> HTMLResponse:
    """A page of towers/web, each ``<!-- include PART.html -->`` line replaced by that part
    (the parts the game page and the lesson page share, written once)."""
    text = (WEB / name).read_text(encoding="utf-8")
    return HTMLResponse(INCLUDE.sub(lambda m: (WEB / m[1]).read_text(encoding="utf-8"), text))


def _add_pages(app: FastAPI) -> None:
    """The pages and the icons."""

    # ---- the page -----------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> HTMLResponse:
        return page("game.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(ICON_PNG, media_type="image/png", headers=ICON_CACHE)

    @app.get("/icon.svg", include_in_schema=False)
    async def icon() -> Response:
        return Response(icon_svg(turn=False), media_type="image/svg+xml", headers=ICON_CACHE)

    @app.get("/icon-turn.svg", include_in_schema=False)
    async def icon_turn() -> Response:
        return Response(icon_svg(turn=True), media_type="image/svg+xml", headers=ICON_CACHE)


# ---- the icon: a tower on the header's purple, drawn in 32 by 32 squares -----------------------
ICON_CACHE = {"Cache-Control": "public, max-age=86400"}
ICON_BACK = (0x2D, 0x22, 0x50)
ICON_WALL = (0xF7, 0xF3, 0xEA)
ICON_DOOR = (0x7A, 0x4F, 0xC2)
ICON_TURN = (0xFF, 0xB3, 0x00)
# (x, y, width, height, colour), the later drawn over the earlier
ICON_PARTS = [
    (11, 12, 10, 16, ICON_WALL),  # the tower
    (8, 9, 16, 4, ICON_WALL),  # its parapet
    (8, 5, 4, 4, ICON_WALL),  # and three merlons
    (14, 5, 4, 4, ICON_WALL),
    (20, 5, 4, 4, ICON_WALL),
    (14, 20, 4, 8, ICON_DOOR),  # the door
]


def _hex(colour: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour)


def icon_svg(turn: bool) -> str:
    """The page's icon; with a yellow dot in its corner when it is the viewer's turn."""
    parts = "".join(
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{_hex(c)}"/>'
        for x, y, w, h, c in ICON_PARTS
    )
    dot = f'<circle cx="25" cy="25" r="6.5" fill="{_hex(ICON_TURN)}" stroke="{_hex(ICON_BACK)}" stroke-width="2"/>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
        f'<rect width="32" height="32" rx="6" fill="{_hex(ICON_BACK)}"/>{parts}'
        f"{dot if turn else ''}</svg>"
    )


def _icon_png() -> bytes:
    """The icon without the dot as a 32 by 32 PNG (its corners rounded as the svg's)."""
    import struct
    import zlib

    rows = []
    for y in range(32):
        row = bytearray([0])  # no filter
        for x in range(32):
            cx, cy = min(max(x + 0.5, 6), 26), min(max(y + 0.5, 6), 26)
            inside = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= 36
            colour = ICON_BACK
            for px, py, w, h, c in ICON_PARTS:
                if px <= x < px + w and py <= y < py + h:
                    colour = c
            row += bytes([*colour, 255 if inside else 0])
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", 32, 32, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


ICON_PNG = _icon_png()


def _with_names(app: FastAPI) -> Any:
    """``app.openapi`` with the games and seat kinds this server knows listed as the allowed
    values of ``game`` and ``kind``, so the documentation names them."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = plain()
            schemas = spec["components"]["schemas"]
            schemas["CreateGame"]["properties"]["game"]["enum"] = list_games()
            kinds = [HUMAN, *list_bots()]
            for model in ("SeatSpec", "SeatRequest"):
                schemas[model]["properties"]["kind"]["enum"] = kinds
            _exact_bounds(spec)
            _add_links(spec)
        return app.openapi_schema  # type: ignore[return-value]

    return openapi


BOUNDS = {float(bound): bound for bound in (MAX_SEED, MAX_INT)}
"""The API's bounds too large for a float to hold exactly, by their float."""


def _exact_bounds(node: Any) -> None:
    """The bounds of integers stated as integers: FastAPI's OpenAPI model keeps them as
    floats, and ``2**63 - 1`` as a float is ``2**63``."""
    if isinstance(node, dict):
        if node.get("type") == "integer":
            for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                value = node.get(key)
                if isinstance(value, float) and value.is_integer():
                    node[key] = BOUNDS.get(value, int(value))
        for value in node.values():
            _exact_bounds(value)
    elif isinstance(node, list):
        for value in node:
            _exact_bounds(value)


GAME = "/api/games/{game_id}"
SECRET = "header.x-seat-secret"
SAME_SEAT = {"game_id": "$response.body#/id", SECRET: "$request.header.x-seat-secret"}
LINKS: dict[tuple[str, str, str], dict[str, tuple[str, str, dict[str, Any], dict[str, Any]]]] = {
    ("/api/games", "post", "201"): {
        "view": (GAME, "get", {"game_id": "$response.body#/id"}, {}),
        "view_as_seat_0": (
            GAME,
            "get",
            {"game_id": "$response.body#/id", SECRET: "$response.body#/seats/0/secret"},
            {},
        ),
        "act_as_seat_0": (
            f"{GAME}/actions",
            "post",
            {"game_id": "$response.body#/id", SECRET: "$response.body#/seats/0/secret"},
            {"ply": 0},
        ),
        "hand_seat_1_to_a_bot": (
            f"{GAME}/seats/{{seat}}",
            "put",
            {"game_id": "$response.body#/id", "seat": 1, SECRET: "$response.body#/seats/1/secret"},
            {},
        ),
        "replay_the_start": (
            f"{GAME}/replay",
            "get",
            {"game_id": "$response.body#/id", "step": 0},
            {},
        ),
    },
    (GAME, "get", "200"): {
        "act": (
            f"{GAME}/actions",
            "post",
            SAME_SEAT,
            {"ply": "$response.body#/ply", "action": "$response.body#/legal/0/action"},
        ),
        "undo": (f"{GAME}/undo", "post", SAME_SEAT, {"ply": "$response.body#/ply"}),
        "replay": (f"{GAME}/replay", "get", {**SAME_SEAT, "step": "$response.body#/ply"}, {}),
    },
    (f"{GAME}/actions", "post", "200"): {
        "view": (GAME, "get", SAME_SEAT, {}),
        "act_again": (
            f"{GAME}/actions",
            "post",
            SAME_SEAT,
            {"ply": "$response.body#/ply", "action": "$response.body#/legal/0/action"},
        ),
        "undo": (f"{GAME}/undo", "post", SAME_SEAT, {"ply": "$response.body#/ply"}),
    },
    (f"{GAME}/undo", "post", "200"): {
        "view": (GAME, "get", SAME_SEAT, {}),
        "act": (
            f"{GAME}/actions",
            "post",
            SAME_SEAT,
            {"ply": "$response.body#/ply", "action": "$response.body#/legal/0/action"},
        ),
    },
    (f"{GAME}/seats/{{seat}}", "put", "200"): {
        "view": (GAME, "get", SAME_SEAT, {}),
    },
}
"""How the play endpoints lead from one to the next (OpenAPI links): the game made, then
viewed, played, undone, a seat handed over and replayed, as the seat that asked."""


def _add_links(spec: dict[str, Any]) -> None:
    paths = spec["paths"]
    for (path, method, status), links in LINKS.items():
        response = paths[path][method]["responses"][status]
        out = response.setdefault("links", {})
        for name, (target, verb, parameters, body) in links.items():
            link: dict[str, Any] = {
                "operationId": paths[target][verb]["operationId"],
                "parameters": parameters,
            }
            if body:
                link["requestBody"] = body
            out[name] = link


class MessageTooBig(Exception):
    """A WebSocket message past the limit: the connection is closed with 1009."""


async def _receive(ws: WebSocket, max_size: int) -> str:
    """The next text message; a binary one reads as text that is not JSON (malformed)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    size = len(text.encode()) if text is not None else len(message.get("bytes") or b"")
    if size > max_size:
        raise MessageTooBig
    return text if text is not None else "(binary)"


async def _handle(
    service: GameService, game_id: str, secret: str | None, client: Client, text: str
) -> None:
    try:
        kind = json.loads(text).get("type")
    except (json.JSONDecodeError, AttributeError):
        raise malformed("messages are JSON objects with a 'type'") from None
    if kind == "action":
        msg = _parse(text, WsAction)
        await service.act(game_id, secret, msg.ply, msg.action, msg.text)
    elif kind == "undo":
        undo = _parse(text, WsUndo)
        await service.undo(game_id, secret, undo.ply)
    elif kind == "ping":
        client.send({"type": "pong"})
    else:
        raise malformed(f"unknown message type {kind!r}; types: action, undo, ping")


def _parse(text: str, model: Any) -> Any:
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        raise invalid_request(exc.errors()) from None


def _methods_at(app: FastAPI, path: str) -> list[str]:
    """Every method some route takes at ``path``, and OPTIONS (answered by the app itself)."""
    methods = {"OPTIONS"}
    for route in app.router.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.match(path):
            methods |= route.methods
    return sorted(methods)


def _http_error(request: Request, exc: HTTPException) -> ApiError:
    if exc.status_code == 404:
        return ApiError(
            404,
            "not_found",
            f"there is nothing at {request.url.path} on this server; the API is described at /docs",
        )
    if exc.status_code == 405:
        headers = {k.lower(): v for k, v in (exc.headers or {}).items()}
        allowed = headers.get("allow", "")
        return ApiError(
            405,
            "method_not_allowed",
            f"{request.method} is not allowed on {request.url.path}"
            + (f"; allowed: {allowed}" if allowed else ""),
        )
    if exc.status_code == 400:
        return malformed(f"malformed request: {exc.detail}")
    return ApiError(exc.status_code, "http_error", str(exc.detail))


async def _refuse(ws: WebSocket, exc: ApiError) -> None:
    try:
        await ws.send_text(json.dumps({"type": "error", "status": exc.status, **exc.to_dict()}))
    except Exception:  # noqa: BLE001 - the client may be gone already
        pass
    await _close(ws, 4000 + exc.status)


async def _close(ws: WebSocket, code: int) -> None:
    try:
        await ws.close(code=code)
    except Exception:  # noqa: BLE001 - already closed
        pass


def tune_gc() -> None:
    """Fewer, shorter pauses of the garbage collector: what is loaded at start-up (the
    libraries, the game data) is frozen out of every collection, and collections run less
    often. A full collection over a big heap otherwise stalls every game for 100 ms and more."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def app_from_env() -> FastAPI:
    """The app configured by ``TOWERS_*`` environment variables (for uvicorn's workers)."""
    env = os.environ
    config = ServerConfig(
        database=env.get("TOWERS_DATABASE", ServerConfig.database),
        bot_mode=env.get("TOWERS_BOT_MODE", ServerConfig.bot_mode),
        bot_workers=int(env.get("TOWERS_BOT_WORKERS", ServerConfig.bot_workers)),
        bot_delay=float(env.get("TOWERS_BOT_DELAY", ServerConfig.bot_delay)),
        poll_interval=float(env.get("TOWERS_POLL_INTERVAL", ServerConfig.poll_interval)),
        absent_after=float(env.get("TOWERS_ABSENT_AFTER", ServerConfig.absent_after)),
    )
    app = create_app(config, Limits.from_env())
    tune_gc()
    if env.get("TOWERS_WATCH_PARENT"):
        # one of several server processes: end with the process that started it, however
        # that one ended (its bot workers then end with this one)
        from towers.server.bots import watch_parent

        watch_parent(os.getppid())
    return app
