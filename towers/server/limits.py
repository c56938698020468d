"""What one client may cost the server before the app sees its request.

- A request body may have at most :data:`MAX_BODY` bytes. :class:`BodyLimit` answers 413 as
  soon as the bytes received pass it, whether the body declares its length or comes in
  chunks, and reads no more of it (the connection is closed after the answer).
- A WebSocket message may have at most ``Limits.ws_max_size`` bytes (after decompression);
  a larger one closes the connection with code 1009 (message too big).
- A request's header must arrive whole within ``Limits.header_timeout`` seconds of the
  connection's opening (or of the request's first byte on a kept-alive connection), and its
  body within ``Limits.body_timeout`` seconds of the header; otherwise the connection is
  closed (with 408 when no answer is under way).
- One address may hold at most ``Limits.connections_per_address`` connections (HTTP and
  WebSocket together) at once; the next is answered 429 and closed.

:class:`GuardedProtocol` is uvicorn's HTTP protocol (httptools) with the last three;
``towers serve``, :func:`~towers.server.serve.server_command` and the app made by
:func:`~towers.server.app.app_from_env` all run under it (see ``serve.uvicorn_options``).
"""

from __future__ import annotations

import asyncio
import json
import math
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr

MAX_BODY = 64 * 1024
"""The largest request body read, in bytes (a game's creation is well under 2 KB)."""
MAX_WS_MESSAGE = 16 * 1024
"""The largest WebSocket message read, in bytes (the game's messages are under 1 KB)."""
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 10.0
CONNECTIONS_PER_ADDRESS = 64

HTTP_PROTOCOL = "towers.server.limits:GuardedProtocol"
"""``GuardedProtocol`` as uvicorn's ``--http`` option names it (limits from the environment)."""


@dataclass(frozen=True)
class Limits:
    """The limits on each connection; :meth:`from_env` reads them from ``TOWERS_*``."""

    header_timeout: float = HEADER_TIMEOUT
    """Seconds a request's header may take to arrive whole."""
    body_timeout: float = BODY_TIMEOUT
    """Seconds a request's body may take to arrive whole, from the end of its header."""
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    """Connections one client address may hold open at once; 0 for no cap (behind a proxy,
    every client has the proxy's address: cap there instead)."""
    ws_max_size: int = MAX_WS_MESSAGE
    """The largest WebSocket message, in bytes."""

    ENV: ClassVar[dict[str, str]] = {
        "header_timeout": "TOWERS_HEADER_TIMEOUT",
        "body_timeout": "TOWERS_BODY_TIMEOUT",
        "connections_per_address": "TOWERS_CONNECTIONS_PER_ADDRESS",
        "ws_max_size": "TOWERS_WS_MAX_SIZE",
    }

    def __post_init__(self) -> None:
        for name in ("header_timeout", "body_timeout"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a number of seconds above 0, not {value!r}")
        if not (
            isinstance(self.connections_per_address, int) and self.connections_per_address >= 0
        ):
            raise ValueError(
                "connections_per_address must be a whole number, 0 (no cap) or more, "
                f"not {self.connections_per_address!r}"
            )
        if not (isinstance(self.ws_max_size, int) and self.ws_max_size >= 1024):
            raise ValueError(
                f"ws_max_size must be a whole number of bytes, 1024 or more, not {self.ws_max_size!r}"
            )

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Limits:
        """The limits the environment sets, the defaults for the rest; a value that is not a
        number raises ValueError naming the variable."""
        given: dict[str, Any] = {}
        for field in fields(cls):
            name = cls.ENV[field.name]
            text = env.get(name)
            if text is None or text == "":
                continue
            kind = float if field.name.endswith("timeout") else int
            try:
                given[field.name] = kind(text)
            except ValueError:
                what = "a number of seconds" if kind is float else "a whole number"
                raise ValueError(f"{name} must be {what}, not {text!r}") from None
        try:
            return cls(**given)
        except ValueError as exc:
            raise ValueError(f"{exc} (from the environment)") from None

    def to_env(self) -> dict[str, str]:
        """The environment that makes :meth:`from_env` give these limits."""
        return {self.ENV[name]: str(value) for name, value in asdict(self).items()}


# ---- the body ---------------------------------------------------------------------------------
def _error_body(code: str, message: str) -> bytes:
    return json.dumps({"error": code, "message": message}).encode()


def too_large_message(limit: int = MAX_BODY) -> str:
    return f"a request body may have at most {limit} bytes"


class BodyLimit:
    """ASGI middleware: a request body past ``limit`` bytes is answered 413 (with
    ``Connection: close``) as soon as its length is known to pass it, from the
    Content-Length header or from the bytes received so far; the app, if it was reading,
    then reads a disconnect, and whatever it answers is dropped."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(send)
                return
        received = 0
        refused = False
        started = False

        async def guarded_receive() -> dict[str, Any]:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    refused = True
                    if not started:
                        await self._refuse(send)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: dict[str, Any]) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, guarded_receive, guarded_send)
        except Exception:
            if not refused:
                raise

    async def _refuse(self, send: Any) -> None:
        body = _error_body("too_large", too_large_message(self.limit))
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


# ---- the connection ---------------------------------------------------------------------------
def _plain_answer(status: int, reason: str, code: str, message: str) -> bytes:
    body = _error_body(code, message)
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


_FROM_ENV: Limits | None = None


def _env_limits() -> Limits:
    global _FROM_ENV
    if _FROM_ENV is None:
        _FROM_ENV = Limits.from_env()
    return _FROM_ENV


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a time limit on each request's header and body and
    a cap on the connections of one address. ``limits`` None reads them from the
    environment; :func:`guarded` makes a subclass with limits of its own."""

    limits: ClassVar[Limits | None] = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = type(self).limits or _env_limits()
        self.deadline: asyncio.TimerHandle | None = None
        self.refused = False

    # ---- connections of one address ------------------------------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        cap = self.guard.connections_per_address
        peer = get_remote_addr(transport)
        if cap and peer is not None and self._open_from(peer[0]) >= cap:
            # answered once the request has come in (closing on unread data would reset the
            # connection and lose the answer), or closed after a moment without one
            self.refused = True
            self.transport = transport
            self.deadline = self.loop.call_later(
                min(1.0, self.guard.header_timeout), transport.close
            )
            return
        super().connection_made(transport)
        self._arm(self.guard.header_timeout, header=True)

    def _open_from(self, host: str) -> int:
        count = 0
        for conn in self.connections:
            client = getattr(conn, "client", None)
            if client is not None and client[0] == host:
                count += 1
        return count

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.refused:
            return
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            if not self.transport.is_closing():
                cap = self.guard.connections_per_address
                message = (
                    f"this address has {cap} connections open to the server, the most "
                    "allowed; close one and try again"
                )
                answer = _plain_answer(429, "Too Many Requests", "too_many_connections", message)
                self.transport.write(answer)
                self.transport.close()
            return
        super().data_received(data)

    # ---- time limits -----------------------------------------------------------------------
    def _arm(self, seconds: float, header: bool) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(seconds, self._expired, header)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _expired(self, header: bool) -> None:
        self.deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        idle = self.cycle is None or self.cycle.response_complete
        if header and idle:
            seconds = self.guard.header_timeout
            message = f"a request's header must arrive whole within {seconds:g} s"
            self.transport.write(_plain_answer(408, "Request Timeout", "timeout", message))
        self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.deadline is None:
            self._arm(self.guard.header_timeout, header=True)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        upgrading = self.parser.should_upgrade() and self._should_upgrade()
        if not upgrading and not self.transport.is_closing():
            self._arm(self.guard.body_timeout, header=False)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()


def guarded(limits: Limits) -> type[GuardedProtocol]:
    """:class:`GuardedProtocol` with these limits (for uvicorn's ``http`` setting)."""
    return type("GuardedProtocol", (GuardedProtocol,), {"limits": limits})
