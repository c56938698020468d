"""WebSocket messages compressed with a window that holds the last board.

A state message carries the seat's SVG board, 20-60 KB of text, and the next one is mostly the
same board again. Under permessage-deflate (RFC 7692) each connection keeps one compression
stream, so a message can point back into the one before, but only as far as the window
reaches: uvicorn's 4 KB window (``server_max_window_bits=12``) sees a sliver of the last board
and a move costs about 12.8 KB; a 32 KB window, the most the extension allows, sees most of it
and a move costs about 1.6 KB (``bench/load_server.py`` prints the figure).

The price is memory: zlib's compressor takes ``2**(window_bits + 2) + 2**(MEM_LEVEL + 9)``
bytes a connection, 144 KB here against 32 KB with uvicorn's settings, about 45 MB more for
400 seats connected at once. Messages from the browser are small: their window stays at 4 KB.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    ServerPerMessageDeflateFactory,
)
from websockets.server import ServerProtocol

SERVER_WINDOW_BITS = 15
"""The server's compression window, 2**15 = 32 KB, the largest RFC 7692 allows."""

CLIENT_WINDOW_BITS = 12
"""The window the browser compresses its own (small) messages with."""

MEM_LEVEL = 5
"""zlib's memLevel for the server's compressor (uvicorn's choice, kept)."""

PROTOCOL = "towers.server.wire:WideWindowProtocol"
"""``WideWindowProtocol`` as uvicorn's ``--ws`` option names it."""


def compression() -> ServerPerMessageDeflateFactory:
    """The permessage-deflate offer the server accepts."""
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=SERVER_WINDOW_BITS,
        client_max_window_bits=CLIENT_WINDOW_BITS,
        compress_settings={"memLevel": MEM_LEVEL},
    )


def browser_offer() -> ClientPerMessageDeflateFactory:
    """permessage-deflate as a browser offers it (``permessage-deflate;
    client_max_window_bits``), leaving the server its window, for clients that stand in for
    one (the tests, ``bench/load_server.py``)."""
    return ClientPerMessageDeflateFactory(client_max_window_bits=True)


class WideWindowProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O), its permessage-deflate with a
    32 KB server window instead of 4 KB; everything else as uvicorn has it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[compression()],
                max_size=self.config.ws_max_size,
                logger=self.conn.logger,
            )
