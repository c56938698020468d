"""What goes over the wire is compressed: HTTP answers with gzip for a client that accepts it,
WebSocket messages with permessage-deflate, as a browser asks for both."""

from __future__ import annotations

import gzip
import json

from tests.server.live import Live, receive_state
from towers.server.app import GZIP_FROM


def test_a_view_with_its_board_comes_gzipped_and_reads_the_same(live: Live) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=5)
    gid, secret = g["id"], g["seats"][0]["secret"]
    url = f"/api/games/{gid}?svg=true&log=true"
    headers = {"X-Seat-Secret": secret}
    plain = live.http.get(url, headers={**headers, "Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    with live.http.stream("GET", url, headers={**headers, "Accept-Encoding": "gzip"}) as r:
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        wire = b"".join(r.iter_raw())
    assert json.loads(gzip.decompress(wire)) == plain.json()
    assert len(wire) * 4 < len(plain.content), (len(wire), len(plain.content))


def test_a_small_answer_is_sent_as_it_is(live: Live) -> None:
    r = live.http.get("/api/games?limit=1", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200
    assert len(r.content) < GZIP_FROM and "content-encoding" not in r.headers


def test_websocket_messages_are_deflated_with_a_window_that_holds_the_last_board(
    live: Live,
) -> None:
    """permessage-deflate, offered as a browser offers it, is taken with the server's window
    at 32 KB (RFC 7692's most): the answer leaves server_max_window_bits out, or names 15, so
    the next board is sent as its changes."""
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=6)
    with live.socket(g["id"], g["seats"][0]["secret"], svg=True, board="pieces") as ws:
        extensions = ws.response.headers.get("Sec-WebSocket-Extensions", "")
        assert "permessage-deflate" in extensions, extensions
        params = dict(
            (p.strip().split("=") + [""])[:2] for p in extensions.split(";")[1:] if p.strip()
        )
        assert params.get("server_max_window_bits", "15") == "15", extensions
        board = receive_state(ws)["board"]
        assert "".join(piece for _, piece in board["changed"]).startswith("<svg")
