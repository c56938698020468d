"""``towers serve``: the app under uvicorn, with one or several worker processes."""

from __future__ import annotations

import os
import sys
from typing import Any

from towers.server.bots import PROCESS, THREAD
from towers.server.limits import HTTP_PROTOCOL, Limits, guarded
from towers.server.schema import upgrade_url
from towers.server.service import ServerConfig
from towers.server.store import to_url
from towers.server.wire import PROTOCOL


def server_command(port: int, log_level: str = "warning", *extra: str) -> list[str]:
    """The command that starts the app in its own uvicorn process on 127.0.0.1, configured
    from the environment (TOWERS_DATABASE, TOWERS_BOT_MODE, ... and the limits of
    ``Limits.from_env``), as tests and benchmarks do."""
    limits = Limits.from_env()
    return [
        sys.executable, "-m", "uvicorn", "towers.server.app:app_from_env", "--factory",
        "--host", "127.0.0.1", "--port", str(port), "--log-level", log_level, "--ws", PROTOCOL,
        "--http", HTTP_PROTOCOL, "--ws-max-size", str(limits.ws_max_size), *extra,
    ]  # fmt: skip


def uvicorn_options(limits: Limits | None = None) -> dict[str, Any]:
    """uvicorn's settings for the app: the WebSocket protocol of ``wire.py``, the HTTP
    protocol that holds each connection to ``limits``, and the largest WebSocket message.
    ``limits`` None: the protocol reads them from the environment in each process (as
    uvicorn's workers need)."""
    given = limits or Limits.from_env()
    return {
        "ws": PROTOCOL,
        "http": HTTP_PROTOCOL if limits is None else guarded(limits),
        "ws_max_size": given.ws_max_size,
    }


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str = "towers-games.sqlite3",
    workers: int = 1,
    bot_processes: int = 1,
    bot_delay: float = 0.4,
    log_level: str = "info",
    limits: Limits | None = None,
) -> None:
    """Serve until interrupted. ``database`` is a SQLite file or a SQLAlchemy URL
    (``postgresql+psycopg://user@host/db``); ``bot_processes`` 0 runs bots in threads;
    ``limits`` None takes them from the environment (``TOWERS_HEADER_TIMEOUT``, ...)."""
    import uvicorn

    limits = limits or Limits.from_env()

    url = to_url(database)
    # the schema brought up to date once, before any worker starts (and a bad URL fails here)
    print(upgrade_url(url), file=sys.stderr, flush=True)
    mode = PROCESS if bot_processes > 0 else THREAD
    if workers > 1:
        os.environ.update(
            TOWERS_DATABASE=url,
            TOWERS_BOT_MODE=mode,
            TOWERS_BOT_WORKERS=str(max(1, bot_processes)),
            TOWERS_BOT_DELAY=str(bot_delay),
            TOWERS_WATCH_PARENT="1",
            **limits.to_env(),
        )
        uvicorn.run(
            "towers.server.app:app_from_env",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level=log_level,
            **uvicorn_options(),
        )
        return
    from towers.server.app import create_app, tune_gc

    config = ServerConfig(
        database=url, bot_mode=mode, bot_workers=max(1, bot_processes), bot_delay=bot_delay
    )
    app = create_app(config, limits)
    tune_gc()
    uvicorn.run(app, host=host, port=port, log_level=log_level, **uvicorn_options(limits))
