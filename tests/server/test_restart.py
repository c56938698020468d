"""A server killed outright (SIGKILL) in the middle of a game restarts with the game exactly
where it was, and the game then goes on exactly as it would have without the restart."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from tests.server.live import Databases, Live, ServerProcess
from towers.server.store import Store

SEED = 1234
SEATS = [{"kind": "human"}, {"kind": "random"}]


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """The scripted human: a choice that depends only on the position (so on the ply)."""
    rng = random.Random(view["ply"])
    texts = [e["text"] for e in view["legal"]]
    if "end turn" in texts and rng.random() < 0.6:
        return {"ply": view["ply"], "text": "end turn"}
    return {"ply": view["ply"], "action": rng.choice(view["legal"])["action"]}


def wait_for_turn(live: Live, gid: str, secret: str) -> dict[str, Any]:
    return live.wait(gid, lambda v: v["your_turn"] or v["status"] == "over", secret, timeout=60)


def history(database: str, gid: str) -> list[int]:
    store = Store(database)
    try:
        loaded = store.load(gid)
        assert loaded is not None
        return [r.action for r in loaded[1]]
    finally:
        store.close()


def test_a_killed_server_restarts_and_the_game_goes_on_identically(databases: Databases) -> None:
    # the game played straight through
    ref_db = databases.new()
    server = ServerProcess(ref_db)
    live = server.start()
    try:
        created = live.create("torres", players=2, seats=SEATS, seed=SEED)
        ref_id, secret = created["id"], created["seats"][0]["secret"]
        v = wait_for_turn(live, ref_id, secret)
        while v["status"] == "playing":
            assert live.act(ref_id, secret, **choose(v)).status_code == 200
            v = wait_for_turn(live, ref_id, secret)
        reference_scores = v["scores"]
    finally:
        live.http.close()
        server.stop()
    reference = history(ref_db, ref_id)

    # the same game, the server killed twice along the way
    db = databases.new()
    server = ServerProcess(db, TOWERS_BOT_DELAY="0.01")
    live = server.start()
    created = live.create("torres", players=2, seats=SEATS, seed=SEED)
    gid, secret = created["id"], created["seats"][0]["secret"]
    kills = {len(reference) // 4: "bot", 2 * len(reference) // 3: "request"}
    try:
        v = wait_for_turn(live, gid, secret)
        while v["status"] == "playing":
            body = choose(v)
            ends_turn = body.get("text") == "end turn"
            due = [p for p in kills if v["ply"] >= p and (ends_turn or kills[p] == "request")]
            if due:
                how = kills.pop(due[0])
                acknowledged = v["ply"]
                if how == "bot":
                    # the human ends the turn; the bot is mid-turn when the server dies
                    assert live.act(gid, secret, **body).status_code == 200
                    time.sleep(0.04)
                    acknowledged = len(history(db, gid))
                    server.kill()
                else:
                    # the server dies while a move is on its way
                    sender = threading.Thread(target=_send_quietly, args=(live, gid, secret, body))
                    sender.start()
                    time.sleep(0.002)
                    server.kill()
                    sender.join()
                stored = history(db, gid)
                assert stored[:acknowledged] == reference[:acknowledged]
                live.http.close()
                live = server.start()
                # where the log says it was (a bot to move may have moved on already)
                assert live.view(gid, secret)["ply"] >= len(stored) >= acknowledged
                assert history(db, gid)[: len(stored)] == stored
                v = wait_for_turn(live, gid, secret)
                continue
            assert live.act(gid, secret, **body).status_code == 200
            v = wait_for_turn(live, gid, secret)
        assert not kills, "the game ended before every kill"
        assert v["scores"] == reference_scores
    finally:
        live.http.close()
        server.stop()
    assert history(db, gid) == reference


def _send_quietly(live: Live, gid: str, secret: str, body: dict[str, Any]) -> None:
    try:
        live.act(gid, secret, **body)
    except Exception:  # noqa: BLE001 - the server was killed under the request
        pass


def test_a_stored_game_this_server_cannot_load_says_so(database: str) -> None:
    from sqlalchemy import update

    from tests.server.live import live_server
    from towers.server.store import games

    db = database
    with live_server(db) as live:
        gid = live.create("torres")["id"]
    store = Store(db)
    try:
        with store.engine.begin() as conn:  # as if written by a server with another game
            conn.execute(update(games).where(games.c.id == gid).values(game="atlantis"))
    finally:
        store.close()
    with live_server(db) as live:
        r = live.http.get(f"/api/games/{gid}")
        assert r.status_code == 404
        assert r.json()["error"] == "game_unavailable" and "atlantis" in r.json()["message"]
