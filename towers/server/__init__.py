"""Play in the browser: ``towers serve``, open the page, play.

- :mod:`towers.server.app`: the ASGI app (HTTP API at ``/api``, OpenAPI at ``/docs``, the
  WebSocket, the page from :mod:`towers.web`);
- :mod:`towers.server.service`: games in memory, seats and secrets, bots, chance, undo;
- :mod:`towers.server.store`: the games and their logs in SQLite or PostgreSQL;
- :mod:`towers.server.knowledge`: who may read which action, and what may be taken back;
- :mod:`towers.server.bots`: bots thinking in worker threads or processes;
- :mod:`towers.server.serve`: running it under uvicorn.

Every registered game is served through the public game contract only.
"""

from towers.server.app import create_app
from towers.server.service import GameService, ServerConfig

__all__ = ["GameService", "ServerConfig", "create_app"]
