"""The server killed outright (SIGKILL) at random moments, again and again: while bots play a
game among themselves, and while a table enters a companion session. After each restart
every move and entry the server had answered is in the database, the bots take up their
move again by themselves, the table carries on where the server stopped, and the game ends
as the one played without a stop.

The moments are drawn from a seeded generator, so a failure shows the same plan when run
again (the processes' own speed still moves each kill a little)."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.companion.helpers import table_choice
from tests.server.live import Databases, Live, ServerProcess, live_server
from towers.agents.greedy import GreedyBot
from towers.companion.session import CompanionSession
from towers.server.store import Store

SEED = 4242
BOTS = [{"kind": "greedy"}, {"kind": "random"}]
KILLS = 10
DEADLINE = 150.0
"""Seconds a test may take at most (a quiet machine needs well under half of it); a server
that hangs fails it instead."""


def stored_history(database: str, game_id: str) -> list[int]:
    store = Store(database)
    try:
        loaded = store.load(game_id)
        assert loaded is not None, "the game is not in the database"
        return [r.action for r in loaded[1]]
    finally:
        store.close()


def stored_ply(database: str, game_id: str) -> int:
    store = Store(database)
    try:
        return store.plies([game_id])[game_id]
    finally:
        store.close()


def bot_game_reference(database: str) -> tuple[list[int], list[float]]:
    """The bots' game played straight through: its log and its scores."""
    with live_server(database) as live:
        game_id = live.create("turris", players=2, seats=BOTS, seed=SEED)["id"]
        view = live.wait(game_id, lambda v: v["status"] == "over", timeout=120)
    return stored_history(database, game_id), view["scores"]


def test_bots_killed_mid_move_again_and_again_play_the_game_of_an_unbroken_server(
    databases: Databases,
) -> None:
    reference, scores = bot_game_reference(databases.new())
    rng = random.Random(SEED)
    deadline = time.monotonic() + DEADLINE
    db = databases.new()
    # a bot waits a little before each action, so that the game lasts some seconds
    server = ServerProcess(db, TOWERS_BOT_DELAY="0.02")
    live = server.start()
    kills = 0
    try:
        game_id = live.create("turris", players=2, seats=BOTS, seed=SEED)["id"]
        while kills < KILLS:
            # watch the game for a random while; what the server has shown is answered
            seen = 0
            until = time.monotonic() + rng.uniform(0.05, 1.0)
            while time.monotonic() < until:
                view = live.view(game_id)
                seen = view["ply"]
                assert view["status"] == "playing", "the game ended before every kill"
            server.kill()
            live.http.close()
            kills += 1
            kept = stored_history(db, game_id)
            assert kept == reference[: len(kept)], "the stored game left the game's path"
            assert len(kept) >= seen, f"the server showed ply {seen}, then kept {len(kept)}"
            live = server.start()
            # the bots take up their move by themselves: nobody has asked for the game
            resumed = time.monotonic() + 30
            while stored_ply(db, game_id) <= len(kept):
                assert time.monotonic() < resumed, "the bots did not move after the restart"
                time.sleep(0.02)
            assert stored_history(db, game_id)[: len(kept)] == kept
            assert time.monotonic() < deadline
        view = live.wait(
            game_id, lambda v: v["status"] == "over", timeout=deadline - time.monotonic()
        )
        assert view["scores"] == scores
    finally:
        live.http.close()
        server.stop()
    assert stored_history(db, game_id) == reference


@dataclass
class Session:
    """A companion session played straight through: the table's entries (the greedy bot's
    choice for each hero, a seeded draw for each card or die) and the history after each."""

    actions: list[int]
    marks: list[int]
    """``marks[k]``: the history's length once ``k`` entries are made."""
    history: list[int]
    won: bool


def session_reference(seed: int) -> Session:
    session = CompanionSession.new(2, seed=seed)
    session.advance()
    bot, rng = GreedyBot(seed=seed), random.Random(seed)
    actions, marks = [], [session.history_len]
    while not session.is_over():
        action = table_choice(session, bot, rng)
        session.enter(action)
        actions.append(action)
        marks.append(session.history_len)
    return Session(actions, marks, session.state.history(), session.state.result > 0)


class Table:
    """The table entering the session's entries one after another, as fast as the server
    answers, until the server goes away."""

    def __init__(self, live: Live, game_id: str, ref: Session, done: int) -> None:
        self.live, self.game_id, self.ref = live, game_id, ref
        self.answered = done
        """Entries the server has answered (so taken)."""
        self.last: dict[str, Any] | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        ref = self.ref
        while self.answered < len(ref.actions):
            k = self.answered
            body = {"ply": ref.marks[k], "action": ref.actions[k]}
            try:
                r = self.live.http.post(f"/api/companion/{self.game_id}/entries", json=body)
            except httpx.TransportError:
                return  # the server was killed under the request
            assert r.status_code == 200, r.text
            self.last = r.json()
            self.answered = k + 1

    def join(self) -> None:
        self.thread.join(timeout=60)
        assert not self.thread.is_alive(), "an entry was never answered"


def test_a_companion_session_killed_again_and_again_loses_no_entry(databases: Databases) -> None:
    ref = session_reference(SEED)
    rng = random.Random(SEED + 1)
    deadline = time.monotonic() + DEADLINE
    db = databases.new()
    server = ServerProcess(db)
    live = server.start()
    try:
        r = live.http.post("/api/companion", json={"players": 2, "seed": SEED})
        assert r.status_code == 200, r.text
        game_id = r.json()["id"]
        assert stored_history(db, game_id) == ref.history[: ref.marks[0]]
        done = 0
        for _ in range(KILLS):
            # a random moment: after a random number of entries, a random while into the next
            target = done + rng.randint(0, 2 * len(ref.actions) // (KILLS + 4))
            table = Table(live, game_id, ref, done)
            while table.answered < target and table.thread.is_alive():
                assert time.monotonic() < deadline, "the entries were not answered"
                time.sleep(0.001)
            time.sleep(rng.uniform(0.0, 0.03))
            server.kill()
            table.join()
            live.http.close()
            assert table.answered < len(ref.actions), "the session ended before every kill"
            kept = stored_history(db, game_id)
            assert kept == ref.history[: len(kept)], "the stored session left the game's path"
            assert len(kept) in ref.marks, "a session stored in the middle of an entry"
            done = ref.marks.index(len(kept))
            assert done >= table.answered, (
                f"the server answered {table.answered} entries, then kept {done}"
            )
            live = server.start()
            view = live.http.get(f"/api/companion/{game_id}").json()
            assert view["ply"] == len(kept) and view["history"] == kept
            assert not view["over"]
            assert time.monotonic() < deadline
        # the rest of the session, unbroken
        table = Table(live, game_id, ref, done)
        table.join()
        assert table.answered == len(ref.actions)
        assert table.last is not None and table.last["over"]
        assert table.last["result"] == ("won" if ref.won else "lost")
    finally:
        live.http.close()
        server.stop()
    assert stored_history(db, game_id) == ref.history


def test_what_a_tower_connected_in_a_real_ones_place_draws_is_kept(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.companion.helpers import TableTower
    from towers.games.dark_tower.tower import SimulatedTower, Tower

    def open_device(kind: str, tower: Tower | None = None) -> Any:
        return TableTower() if kind == "ble" else SimulatedTower(tower)

    monkeypatch.setattr("towers.server.companion.open_device", open_device)
    with live_server(database) as live:
        http = live.http
        game_id = http.post("/api/companion", json={"players": 2, "seed": SEED}).json()["id"]
        assert http.post(f"/api/companion/{game_id}/tower", json={"kind": "ble"}).is_success
        view = http.get(f"/api/companion/{game_id}").json()
        # the table enters its entries until it is asked where a skull came out
        for _ in range(300):
            if "skull come out" in (view["waiting"] or {}).get("ask", ""):
                break
            body = {"ply": view["ply"], "action": view["entries"][0]["action"]}
            r = http.post(f"/api/companion/{game_id}/entries", json=body)
            assert r.status_code == 200, r.text
            view = r.json()
        else:
            raise AssertionError("the table was never asked where a skull came out")
        # the simulated tower takes over, and draws it
        r = http.post(f"/api/companion/{game_id}/tower", json={"kind": "simulated"})
        assert r.status_code == 200, r.text
        drawn = r.json()
        assert drawn["ply"] > view["ply"]
        assert stored_history(database, game_id) == drawn["history"]
        body = {"ply": drawn["ply"], "action": drawn["entries"][0]["action"]}
        r = http.post(f"/api/companion/{game_id}/entries", json=body)
        assert r.status_code == 200, r.text
        after = r.json()
    with live_server(database) as live:
        again = live.http.get(f"/api/companion/{game_id}").json()
        assert again["history"] == after["history"] == stored_history(database, game_id)
