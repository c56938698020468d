"""How fast a move reaches the board in the browser, and how many bytes each state message takes:
the whole svg in every message (as before, and as the API gives it) against the pieces that
changed (``?board=pieces``, as the page asks).

Starts ``towers`` under uvicorn (as ``bench/load_server.py`` does), opens a game page of each
game in Debian's Chromium (Playwright) as seat 0 and plays ``--moves`` of its moves, each a
random legal one sent on the page's own WebSocket; the other seats' moves are played over HTTP.
For each of seat 0's moves it measures, in the page, the time from the action sent to the board
drawn (the new svg in place and laid out) and to the next frame after it; and it counts the
bytes of every state message the page receives: as JSON, and deflated as permessage-deflate
sends them (the context kept from message to message, as in ``load_server.py``). A benchmark,
not a test: nothing is asserted.

    python bench/board_transport.py                      # every game, 40 moves each
    python bench/board_transport.py --games sifnos --moves 80
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_server import free_port, start_server  # noqa: E402

from towers.server.wire import MEM_LEVEL, SERVER_WINDOW_BITS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
GAMES = {"torres": 2, "tiletum": 2, "turris": 2, "sifnos": 2, "dark_tower": 1}
MODES = {"whole svg (before)": "svg", "changed pieces (after)": ""}

# In the page, before its scripts: with ``board=svg`` the page is made to work as it did before
# the board came in pieces (the socket's address asks for the whole svg, which is parsed whole,
# and the log is drawn anew each time); onState and renderBoard are timed.
SETUP = """(board) => {
  if (board) {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url, protocols) { super(`${url.split("?")[0]}?board=${board}`, protocols); }
    };
  }
  window.__drawn = null;
  window.__arrived = null;
  addEventListener("DOMContentLoaded", () => {
    if (board) {  // the page as it was: the whole board parsed, the whole log drawn anew
      setBoardSvg = (node, svg) => { node.innerHTML = svg; return false; };
      renderLogGroups = (list, entries) => list.replaceChildren(
        ...entries.map((e) => el("li", { "data-ply": e.ply, text: `${e.who}: ${e.text}` })));
    }
    const take = onState;
    onState = function (msg) {
      const t = performance.now();
      take.call(this, msg);
      if (window.__drawn && window.__drawn.ply === msg.ply && window.__drawn.arrived === undefined) {
        window.__drawn.arrived = t;
        window.__drawn.done = performance.now();
      }
    };
    const draw = renderBoard;
    renderBoard = function (...args) {
      const t = performance.now();
      draw.apply(this, args);
      const at = { ply: view.ply, start: t, set: performance.now(), frame: null };
      window.__drawn = at;
      requestAnimationFrame(() => { at.frame = performance.now(); });
    };
  });
}"""

# Send a random legal action of seat 0 on the page's socket; the time it was sent.
SEND = """(seed) => {
  const legal = view.legal;
  const pick = legal[Math.floor(seed * legal.length)];
  window.__sent = { ply: view.ply, at: performance.now() };
  ws.send(JSON.stringify({ type: "action", ply: view.ply, action: pick.action }));
  return view.ply;
}"""

DRAWN = """(ply) => {
  const d = window.__drawn;
  return view.ply > ply && d && d.ply > ply && d.frame !== null;
}"""


def play_others(http: httpx.Client, gid: str, secrets: list[str], rng: random.Random) -> str:
    """Play the other seats' moves until seat 0 is to move or the game is over."""
    while True:
        v = http.get(f"/api/games/{gid}").json()
        if v["status"] == "over":
            return "over"
        mover = v["to_move"]
        if mover == 0:
            return "mine"
        if mover is None:
            time.sleep(0.01)
            continue
        mine = http.get(f"/api/games/{gid}", headers={"X-Seat-Secret": secrets[mover]}).json()
        if not mine["legal"]:
            time.sleep(0.01)
            continue
        action = rng.choice(mine["legal"])["action"]
        http.post(
            f"/api/games/{gid}/actions",
            json={"ply": mine["ply"], "action": action},
            headers={"X-Seat-Secret": secrets[mover]},
        )


def run_game(
    browser: Any, base: str, game: str, board: str, moves: int, seed: int
) -> dict[str, list[float]]:
    http = httpx.Client(base_url=base, timeout=30)
    players = GAMES[game]
    created = http.post(
        "/api/games",
        json={
            "game": game,
            "players": players,
            "seats": [{"kind": "human"}] * players,
            "seed": seed,
        },
    ).json()
    gid = created["id"]
    secrets = [s["secret"] for s in created["seats"]]
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.add_init_script(f"({SETUP})({json.dumps(board)})")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.goto(f"{base}/game/{gid}#seat=0&secret={secrets[0]}")
    page.wait_for_selector("#board svg")
    rng = random.Random(seed)
    set_ms: list[float] = []
    frame_ms: list[float] = []
    first = len(frames)
    for _ in range(moves):
        if play_others(http, gid, secrets, rng) == "over":
            break
        page.wait_for_function("() => view && view.your_turn && view.legal.length > 0")
        ply = page.evaluate(SEND, rng.random())
        page.wait_for_function(DRAWN, arg=ply, timeout=20_000)
        sent, drawn = page.evaluate("() => [window.__sent, window.__drawn]")
        set_ms.append(drawn["set"] - sent["at"])
        frame_ms.append(drawn["frame"] - sent["at"])
    page.wait_for_timeout(300)  # the log's late news
    context.close()
    deflate = zlib.compressobj(wbits=-SERVER_WINDOW_BITS, memLevel=MEM_LEVEL)
    raw: list[float] = []
    wire: list[float] = []
    for i, payload in enumerate(frames):
        data = payload.encode() if isinstance(payload, str) else payload
        size = len(deflate.compress(data) + deflate.flush(zlib.Z_SYNC_FLUSH)) - 4
        if i > first and json.loads(data).get("type") == "state":  # the first is the whole board
            raw.append(len(data))
            wire.append(size)
    return {"set": set_ms, "frame": frame_ms, "bytes": raw, "deflated": wire}


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--moves", type=int, default=40, help="seat 0's moves per game")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        proc = start_server(f"sqlite:///{folder}/games.sqlite3", port, 1)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                print(
                    f"{'game':<11} {'board sent as':<23} {'moves':>5} {'drawn ms p50':>12} "
                    f"{'p95':>6} {'frame ms p50':>12} {'p95':>6} {'bytes/msg':>10} "
                    f"{'deflated':>9}"
                )
                for game in args.games:
                    for label, board in MODES.items():
                        r = run_game(
                            browser, f"http://127.0.0.1:{port}", game, board, args.moves, args.seed
                        )
                        print(
                            f"{game:<11} {label:<23} {len(r['set']):>5} "
                            f"{pct(r['set'], 0.5):>12.1f} {pct(r['set'], 0.95):>6.1f} "
                            f"{pct(r['frame'], 0.5):>12.1f} {pct(r['frame'], 0.95):>6.1f} "
                            f"{statistics.mean(r['bytes'] or [0]):>10.0f} "
                            f"{statistics.mean(r['deflated'] or [0]):>9.0f}",
                            flush=True,
                        )
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
