"""Load on loopback: many concurrent games between scripted clients over WebSocket.

Starts ``towers`` under uvicorn (or uses ``--url``), creates ``--games`` Torres games with two
human seats each, and connects one scripted client per seat. A client answers each state in
which it is to move with a legal action after ``--think`` seconds (ending its turn often, so
games move along), and measures the time from sending an action to receiving the new state.
A finished game is replaced by a new one, so the load stays at ``--games`` games.

Prints moves a second, the 50th/95th/99th percentile latency, and the bytes of state messages
the clients receive per move: as JSON, and deflated as the server's permessage-deflate sends
them (zlib with uvicorn's settings: a window of 2**12, memLevel 5, the context kept from
message to message; worked out on the client, with the same library and settings). A benchmark, not a test: nothing is asserted.

    python bench/load_server.py                        # SQLite in a temporary file
    python bench/load_server.py --database postgresql+psycopg://user@127.0.0.1/towers
    python bench/load_server.py --postgres --workers 2   # a throwaway cluster, as the tests
    python bench/load_server.py --games 50 --seconds 20 --think 0.2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from towers.server.serve import server_command
from towers.server.wire import MEM_LEVEL, SERVER_WINDOW_BITS, browser_offer

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    started: float = 0.0
    measure_from: float = 0.0  # perf_counter time: moves sent before it are not counted
    stop: float = 0.0
    bytes_json: int = 0  # state messages received while measuring, as JSON
    bytes_deflated: int = 0  # the same, as permessage-deflate sends them


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(database: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "TOWERS_DATABASE": database,
        "TOWERS_BOT_MODE": "process",  # as `towers serve` runs: bots and log work elsewhere
        "TOWERS_BOT_DELAY": "0",
        # every seat connects from this machine: no cap on connections from one address
        "TOWERS_CONNECTIONS_PER_ADDRESS": "0",
        "PYTHONPATH": str(ROOT),
    }
    cmd = server_command(port, "warning", "--no-access-log", "--workers", str(workers))
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=2).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
        if proc.poll() is not None:
            break
    proc.kill()
    raise SystemExit("the server did not start")


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = view["legal"]
    end = [e for e in legal if e["text"] == "end turn"]
    pick = end[0] if end and rng.random() < 0.35 else rng.choice(legal)
    return {"type": "action", "ply": view["ply"], "action": pick["action"]}


async def seat_client(
    ws_url: str, secret: str, think: float, stats: Stats, rng: random.Random, svg: bool
) -> bool:
    """Play one seat until the game ends (True) or the run stops (False)."""
    offer = [browser_offer()]
    async with connect(
        ws_url, max_size=2**24, open_timeout=60, compression=None, extensions=offer
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "secret": secret, "svg": svg, "log": svg}))
        sent_at: float | None = None
        sent_ply = -1
        # as the server's permessage-deflate: one stream a connection
        deflate = zlib.compressobj(wbits=-SERVER_WINDOW_BITS, memLevel=MEM_LEVEL)
        while True:
            timeout = max(0.01, stats.stop - time.monotonic())
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                return False
            msg = json.loads(raw)
            now = time.perf_counter()
            data = raw.encode() if isinstance(raw, str) else raw
            # the sync flush's 4 closing bytes are not sent (RFC 7692, 7.2.1)
            deflated = len(deflate.compress(data) + deflate.flush(zlib.Z_SYNC_FLUSH)) - 4
            if now >= stats.measure_from and msg["type"] == "state":
                stats.bytes_json += len(data)
                stats.bytes_deflated += deflated
            if msg["type"] == "error":
                stats.errors[msg["error"]] = stats.errors.get(msg["error"], 0) + 1
                sent_at = None
                continue
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["ply"] > sent_ply:
                if sent_at >= stats.measure_from:
                    stats.latencies.append(now - sent_at)
                sent_at = None
            if msg["status"] == "over":
                return True
            if msg["your_turn"] and sent_at is None and time.monotonic() < stats.stop:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                message = choose(msg, rng)
                sent_ply = message["ply"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps(message))


async def table(
    http: httpx.AsyncClient, base: str, think: float, stats: Stats, seed: int, svg: bool
) -> None:
    """One game at a time, both seats scripted; a finished game is replaced by a new one."""
    rng = random.Random(seed)
    while time.monotonic() < stats.stop:
        try:
            await one_game(http, base, think, stats, rng, svg)
        except (
            OSError,
            TimeoutError,
            httpx.HTTPError,
            ConnectionClosed,
        ) as exc:  # counted, and the table goes on
            name = type(exc).__name__
            stats.errors[name] = stats.errors.get(name, 0) + 1


async def one_game(
    http: httpx.AsyncClient, base: str, think: float, stats: Stats, rng: random.Random, svg: bool
) -> None:
    r = await http.post(
        "/api/games",
        json={
            "game": "torres",
            "players": 2,
            "seats": [{"kind": "human"}] * 2,
            "seed": rng.randrange(2**31),
        },
    )
    r.raise_for_status()
    game = r.json()
    ws_url = base.replace("http", "ws", 1) + f"/api/games/{game['id']}/ws"
    results = await asyncio.gather(
        *(
            seat_client(ws_url, s["secret"], think, stats, random.Random(rng.random()), svg)
            for s in game["seats"]
        )
    )
    if all(results):
        stats.games_finished += 1


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def run(
    base: str, games: int, seconds: float, think: float, svg: bool, warmup: float
) -> Stats:
    stats = Stats()
    stats.started = time.monotonic()
    stats.measure_from = time.perf_counter() + warmup
    stats.stop = stats.started + warmup + seconds
    # one HTTP client for all tables: making one is costly (it loads certificates)
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        await asyncio.gather(*(table(http, base, think, stats, seed, svg) for seed in range(games)))
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measured run")
    parser.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds first (games created, clients connected), not measured",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before answering (0: at once)",
    )
    parser.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL for the server (default: SQLite in a temporary file)",
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="a throwaway PostgreSQL cluster, made as the tests make theirs but durable as a "
        "real server is, fsync on (needs initdb)",
    )
    parser.add_argument(
        "--synchronous-commit",
        choices=["on", "off"],
        default=None,
        help="PostgreSQL's synchronous_commit for the server's connections (default: on)",
    )
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument("--url", default=None, help="use a running server instead")
    parser.add_argument(
        "--svg", action="store_true", help="ask for the SVG board and the log, as the page does"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    proc = None
    tmp = None
    base = args.url
    database = args.database
    cluster = None
    if args.postgres and base is None and database is None:
        import sys

        sys.path.insert(0, str(ROOT))
        from tests.server.postgres import Postgres, find_bindir

        bindir = find_bindir()
        if bindir is None:
            raise SystemExit("no PostgreSQL here: bash scripts/install-postgres")
        cluster = Postgres(bindir, durable=True)
        cluster.start()
        database = cluster.new_database()
        from towers.server.store import Store

        Store(database).close()  # the schema made once, before the workers start
    if args.synchronous_commit and database is not None:
        joiner = "&" if "?" in database else "?"
        database += f"{joiner}options=-csynchronous_commit%3D{args.synchronous_commit}"
    if base is None:
        if database is None:
            tmp = tempfile.TemporaryDirectory()
            database = f"sqlite:///{tmp.name}/load.sqlite3"
        port = free_port()
        proc = start_server(database, port, args.workers)
        base = f"http://127.0.0.1:{port}"
    try:
        stats = asyncio.run(run(base, args.games, args.seconds, args.think, args.svg, args.warmup))
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        if tmp is not None:
            tmp.cleanup()
        if cluster is not None:
            cluster.stop()
    lat = [x * 1000 for x in stats.latencies]
    figures = {
        "database": "running server" if args.url else database.split("://")[0],
        "games": args.games,
        "seconds": args.seconds,
        "think": args.think,
        "svg_and_log": args.svg,
        "moves": len(lat),
        "moves_per_second": round(len(lat) / args.seconds, 1),
        "games_finished": stats.games_finished,
        "p50_ms": round(percentile(lat, 50), 2),
        "p95_ms": round(percentile(lat, 95), 2),
        "p99_ms": round(percentile(lat, 99), 2),
        "mean_ms": round(statistics.fmean(lat), 2) if lat else None,
        # every client's state messages, per move made
        "bytes_per_move": round(stats.bytes_json / len(lat)) if lat else None,
        "deflated_bytes_per_move": round(stats.bytes_deflated / len(lat)) if lat else None,
        "errors": stats.errors,
    }
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:>18}: {value}")


if __name__ == "__main__":
    main()
