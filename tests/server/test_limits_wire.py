"""What one client may cost the server on the wire: a body or a WebSocket message past its
size, a header or a body that never finishes, and too many connections from one address.

Each test talks to a real server on 127.0.0.1 over raw sockets, with short time limits of
its own, and every loop is bounded."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.server.live import Live, live_server
from towers.server.limits import HTTP_PROTOCOL, MAX_BODY, Limits
from towers.server.serve import server_command, uvicorn_options

QUICK = Limits(header_timeout=1.0, body_timeout=1.0, connections_per_address=8)


@pytest.fixture(scope="module")
def guarded(databases: Any) -> Iterator[Live]:
    with live_server(databases.new(), QUICK) as live:
        yield live


def raw(live: Live, timeout: float = 5.0) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", live.port), timeout=timeout)
    return s


def read_until_closed(s: socket.socket, limit: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took;
    a reset counts as closed."""
    started = time.monotonic()
    got = b""
    s.settimeout(limit)
    try:
        while len(got) < 1_000_000:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"still open after {limit} s; received {got[:200]!r}") from None
    return got, time.monotonic() - started


def answer(data: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
    return status, headers, body


# ---- the body ---------------------------------------------------------------------------------
def test_a_chunked_body_past_the_limit_is_refused_at_once_and_not_read(guarded: Live) -> None:
    s = raw(guarded)
    s.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"x" * 65536
    sent = 0
    refused_after: int | None = None
    try:
        while sent < 50 * 2**20:  # 50 MB, unless the server stops taking it
            s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += len(chunk)
    except (BrokenPipeError, ConnectionResetError):
        refused_after = sent
    try:
        data, _ = read_until_closed(s, 5)
    except ConnectionResetError:  # pragma: no cover - the answer was lost to the reset
        data = b""
    s.close()
    assert refused_after is not None, "the server read all 50 MB"
    assert refused_after < 20 * 2**20, refused_after
    if data:  # the answer arrives unless the reset overtook it
        status, headers, body = answer(data)
        assert status == 413 and headers["connection"] == "close"
        assert json.loads(body) == {
            "error": "too_large",
            "message": f"a request body may have at most {MAX_BODY} bytes",
        }


def test_a_chunked_body_past_the_limit_answers_413_in_the_apis_format(guarded: Live) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(4):
            yield b" " * (MAX_BODY // 2)

    r = guarded.http.post(
        "/api/games", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413, r.text
    assert r.json()["error"] == "too_large" and str(MAX_BODY) in r.json()["message"]


def test_a_declared_length_past_the_limit_is_refused_before_the_body(guarded: Live) -> None:
    s = raw(guarded)
    s.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 52428800\r\n\r\n"
    )
    data, _ = read_until_closed(s, 5)
    s.close()
    status, headers, body = answer(data)
    assert status == 413 and headers["connection"] == "close"
    assert json.loads(body)["error"] == "too_large"


def test_a_chunked_body_within_the_limit_is_read(guarded: Live) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "torres", '
        yield b'"seed": 4}'

    r = guarded.http.post(
        "/api/games", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 201, r.text


# ---- WebSocket messages -------------------------------------------------------------------------
def close_code_after_big_message(live: Live, size: int) -> int | None:
    game = live.create("torres", seed=2)
    url = f"{live.ws_base}/api/games/{game['id']}/ws"
    with connect(url, open_timeout=10, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "secret": "x" * size}))
        try:
            for _ in range(10):
                ws.recv(timeout=10)
        except ConnectionClosed:
            pass
        except TimeoutError:
            raise AssertionError("the connection stayed open") from None
        return ws.close_code


def test_a_websocket_message_past_the_limit_closes_with_1009(guarded: Live) -> None:
    assert close_code_after_big_message(guarded, QUICK.ws_max_size + 1) == 1009


def test_a_websocket_message_past_the_limit_closes_with_1009_whatever_the_server(
    live: Live,
) -> None:
    """The app holds to the limit itself too, under a uvicorn set up without it."""
    assert close_code_after_big_message(live, Limits().ws_max_size + 1) == 1009


def test_a_websocket_message_within_the_limit_is_read(guarded: Live) -> None:
    game = guarded.create("torres", seed=2)
    url = f"{guarded.ws_base}/api/games/{game['id']}/ws"
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "secret": "x" * 2000}))
        msg = json.loads(ws.recv(timeout=10))
        assert msg["type"] == "error" and msg["error"] == "wrong_secret"


# ---- time limits ------------------------------------------------------------------------------
def test_connections_with_half_a_header_are_closed_after_the_header_time(guarded: Live) -> None:
    sockets = [raw(guarded) for _ in range(6)]
    try:
        for s in sockets:
            s.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        started = time.monotonic()
        for s in sockets:
            data, _ = read_until_closed(s, 5)
            if data:  # no answer was under way: 408 before the close
                status, headers, body = answer(data)
                assert status == 408 and json.loads(body)["error"] == "timeout"
        elapsed = time.monotonic() - started
        assert elapsed < QUICK.header_timeout + 1.5, elapsed
    finally:
        for s in sockets:
            s.close()


def test_a_connection_that_sends_nothing_is_closed(guarded: Live) -> None:
    s = raw(guarded)
    try:
        _, elapsed = read_until_closed(s, 5)
        assert elapsed < QUICK.header_timeout + 1.5
    finally:
        s.close()


def test_a_header_sent_a_byte_at_a_time_is_cut_off_at_the_header_time(guarded: Live) -> None:
    s = raw(guarded)
    request = b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n" + b"X-Pad: y\r\n" * 40
    started = time.monotonic()
    closed = False
    try:
        for i in range(len(request)):  # a byte every 0.1 s would take over 40 s
            s.sendall(request[i : i + 1])
            time.sleep(0.1)
            if time.monotonic() - started > QUICK.header_timeout + 2:
                break
    except (BrokenPipeError, ConnectionResetError):
        closed = True
    if not closed:
        read_until_closed(s, 2)
    s.close()
    assert time.monotonic() - started < QUICK.header_timeout + 3


def test_a_body_that_stalls_is_cut_off_at_the_body_time(guarded: Live) -> None:
    s = raw(guarded)
    try:
        s.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"game": '
        )
        _, elapsed = read_until_closed(s, 5)
        assert elapsed < QUICK.body_timeout + 1.5
    finally:
        s.close()


def test_a_kept_alive_connection_gets_the_header_time_for_each_request(guarded: Live) -> None:
    s = raw(guarded)
    try:
        s.sendall(b"GET /api/games?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        s.settimeout(5)
        first = s.recv(65536)
        assert first.startswith(b"HTTP/1.1 200"), first[:100]
        s.sendall(b"GET /api/games?limit=1 HTTP/1.1\r\nHost")
        data, elapsed = read_until_closed(s, 5)
        assert elapsed < QUICK.header_timeout + 1.5
        if data:
            assert answer(data)[0] == 408
    finally:
        s.close()


def test_a_prompt_client_is_not_cut_off(guarded: Live) -> None:
    """Requests on one connection spread over more than the header time each arrive whole."""
    with guarded.http.stream("GET", "/api/catalog") as r:
        assert r.status_code == 200
    started = time.monotonic()
    for _ in range(6):
        assert guarded.http.get("/api/games", params={"limit": 1}).status_code == 200
        time.sleep(0.3)
    assert time.monotonic() - started > QUICK.header_timeout


# ---- connections of one address ---------------------------------------------------------------
def test_one_address_may_hold_at_most_its_connections(database: str) -> None:
    limits = Limits(header_timeout=5.0, body_timeout=5.0, connections_per_address=4)
    with live_server(database, limits) as live:
        live.http.close()  # the test counts its own connections only
        held = []
        try:
            for _ in range(4):  # each made sure of with a whole request
                s = raw(live)
                s.sendall(b"GET /api/games?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n")
                assert s.recv(65536).startswith(b"HTTP/1.1 200")
                held.append(s)
            extra = raw(live)
            started = time.monotonic()
            extra.sendall(b"GET /api/games?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            data, elapsed = read_until_closed(extra, 3)
            extra.close()
            assert elapsed < 0.5
            status, _, body = answer(data)
            assert status == 429 and json.loads(body)["error"] == "too_many_connections"
            assert "4 connections" in json.loads(body)["message"]
            silent = raw(live)  # one that sends nothing is closed within a second
            _, elapsed = read_until_closed(silent, 3)
            silent.close()
            assert elapsed < 1.5
            held.pop().close()
            deadline = started + 5
            while True:  # the closed one is let go as soon as the server sees it gone
                s = raw(live)
                s.sendall(b"GET /api/games?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n")
                first = s.recv(65536)
                if first.startswith(b"HTTP/1.1 200"):
                    held.append(s)
                    break
                s.close()
                assert time.monotonic() < deadline, first[:100]
                time.sleep(0.05)
        finally:
            for s in held:
                s.close()


def test_websockets_count_towards_an_address_s_connections(database: str) -> None:
    limits = Limits(header_timeout=5.0, body_timeout=5.0, connections_per_address=3)
    with live_server(database, limits) as live:
        game = live.create("torres", seed=1)
        live.http.close()
        url = f"{live.ws_base}/api/games/{game['id']}/ws"
        with connect(url, open_timeout=5), connect(url, open_timeout=5):
            with connect(url, open_timeout=5):
                with pytest.raises(InvalidStatus, match="429"):
                    connect(url, open_timeout=5)


# ---- every way of serving gets the limits -----------------------------------------------------
def test_every_way_of_serving_sets_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOWERS_WS_MAX_SIZE", "4096")
    command = server_command(8123)
    assert command[command.index("--http") + 1] == HTTP_PROTOCOL
    assert command[command.index("--ws-max-size") + 1] == "4096"
    options = uvicorn_options()
    assert options["http"] == HTTP_PROTOCOL and options["ws_max_size"] == 4096
    given = uvicorn_options(QUICK)
    assert given["http"].limits == QUICK and given["ws_max_size"] == QUICK.ws_max_size
    assert Limits.from_env({**QUICK.to_env()}) == QUICK


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TOWERS_HEADER_TIMEOUT", "soon"),
        ("TOWERS_HEADER_TIMEOUT", "0"),
        ("TOWERS_CONNECTIONS_PER_ADDRESS", "-1"),
        ("TOWERS_WS_MAX_SIZE", "12"),
    ],
)
def test_a_bad_limit_in_the_environment_is_refused_by_name(name: str, value: str) -> None:
    with pytest.raises(ValueError, match="must be") as caught:
        Limits.from_env({name: value})
    field = next(f for f, env in Limits.ENV.items() if env == name)
    assert name in str(caught.value) or field in str(caught.value)
