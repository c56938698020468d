"""A real server for the tests: uvicorn on a free loopback port, in a thread or a process."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from towers.server import ServerConfig, create_app
from towers.server.limits import Limits
from towers.server.serve import server_command, uvicorn_options
from towers.server.service import GameService
from towers.server.wire import browser_offer

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Databases:
    """New empty databases of one kind, as SQLAlchemy URLs."""

    def __init__(self, kind: str, new: Callable[[], str]) -> None:
        self.kind = kind
        self.new = new

    @property
    def is_sqlite(self) -> bool:
        return self.kind == "sqlite"


class Live:
    """A running server: its base URL, an HTTP client and (in a thread) its service."""

    def __init__(self, port: int, service: GameService | None = None) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self.service = service

    # ---- HTTP -----------------------------------------------------------------------------
    def create(self, game: str = "torres", **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/games", json={"game": game, **body})
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    def view(self, game_id: str, secret: str | None = None, **query: Any) -> dict[str, Any]:
        headers = {"X-Seat-Secret": secret} if secret else {}
        params = {k: str(v).lower() for k, v in query.items()}
        r = self.http.get(f"/api/games/{game_id}", headers=headers, params=params)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def act(self, game_id: str, secret: str | None, **body: Any) -> httpx.Response:
        headers = {"X-Seat-Secret": secret} if secret else {}
        return self.http.post(f"/api/games/{game_id}/actions", json=body, headers=headers)

    def undo(self, game_id: str, secret: str | None, ply: int) -> httpx.Response:
        headers = {"X-Seat-Secret": secret} if secret else {}
        return self.http.post(f"/api/games/{game_id}/undo", json={"ply": ply}, headers=headers)

    def set_seat(self, game_id: str, secret: str | None, seat: int, **body: Any) -> httpx.Response:
        headers = {"X-Seat-Secret": secret} if secret else {}
        return self.http.put(f"/api/games/{game_id}/seats/{seat}", json=body, headers=headers)

    def wait(
        self, game_id: str, until: Any, secret: str | None = None, timeout: float = 30
    ) -> dict[str, Any]:
        """Poll the view until ``until(view)`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            v = self.view(game_id, secret)
            if until(v):
                return v
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting; last view at ply {v['ply']}")
            time.sleep(0.02)

    # ---- WebSocket ------------------------------------------------------------------------
    @contextmanager
    def socket(
        self,
        game_id: str,
        secret: str | None = None,
        *,
        send_hello: bool = True,
        board: str | None = None,
        **hello: Any,
    ) -> Iterator[ClientConnection]:
        """An open WebSocket to the game, offering compression as a browser does, the hello
        sent (``secret`` None: a spectator); ``board="pieces"`` asks for the board as pieces."""
        url = f"{self.ws_base}/api/games/{game_id}/ws" + (f"?board={board}" if board else "")
        with connect(url, open_timeout=10, compression=None, extensions=[browser_offer()]) as ws:
            if send_hello:
                ws.send(json.dumps({"type": "hello", "secret": secret, **hello}))
            yield ws


def receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return data


def receive_state(ws: ClientConnection, until: Any = None, timeout: float = 10) -> dict[str, Any]:
    """The next state message (skipping others) for which ``until`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        msg = receive(ws, max(0.01, deadline - time.monotonic()))
        if msg["type"] == "state" and (until is None or until(msg)):
            return msg


@contextmanager
def live_server(database: str, limits: Limits | None = None, **config: Any) -> Iterator[Live]:
    """The app under uvicorn in a thread of this process (so tests may look at its service),
    held to ``limits`` as ``towers serve`` holds it (the defaults)."""
    cfg = ServerConfig(database=database, **config)
    limits = limits or Limits()
    app = create_app(cfg, limits)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="on",
            **uvicorn_options(limits),
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    live = Live(port, app.state.service)
    try:
        yield live
    finally:
        live.http.close()
        server.should_exit = True
        thread.join(timeout=20)


class ServerProcess:
    """``towers.server`` in a child process that can be killed outright and started again."""

    def __init__(
        self,
        database: str,
        port: int | None = None,
        log_level: str = "warning",
        output: Path | None = None,
        **env: str,
    ) -> None:
        self.database = database
        self.port = port or free_port()
        self.log_level = log_level
        self.output = output
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Live:
        env = {
            **os.environ,
            "TOWERS_DATABASE": self.database,
            "TOWERS_BOT_MODE": "thread",
            "TOWERS_BOT_DELAY": "0",
            "PYTHONPATH": str(ROOT),
            **self.env,
        }
        out = self.output.open("ab") if self.output is not None else None
        self.proc = subprocess.Popen(
            server_command(self.port, self.log_level),
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT if out is not None else None,
        )
        if out is not None:
            out.close()  # the child holds its own copy
        live = Live(self.port)
        deadline = time.monotonic() + 30
        while True:
            try:
                if live.http.get("/api/catalog").status_code == 200:
                    return live
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server process did not start")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what was committed is all that survives."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None
