"""Several server workers on one database, and bots thinking in another process."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import towers
from tests.server.live import Live, ServerProcess, live_server, receive_state
from towers.server.bots import PROCESS, THREAD, BotRunner
from towers.server.scheduling import LIGHT_SECONDS


@pytest.fixture
def two_workers(database: str) -> Iterator[tuple[Live, Live]]:
    db = database
    with live_server(db, poll_interval=0.1) as a, live_server(db, poll_interval=0.1) as b:
        yield a, b


def test_workers_sharing_a_database_play_one_game(two_workers: tuple[Live, Live]) -> None:
    a, b = two_workers
    g = a.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=8)
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    with b.socket(gid, None) as watcher:
        first = receive_state(watcher)
        v = a.view(gid, secrets[0])
        r = a.act(gid, secrets[0], ply=v["ply"], action=v["legal"][0]["action"])
        assert r.status_code == 200
        # the worker that did not take the move sees it too (it polls the database)
        moved = receive_state(watcher, lambda m: m["ply"] > first["ply"])
        assert moved["ply"] == r.json()["ply"]
    # seat 1 plays on the other worker, at once
    v = b.view(gid, secrets[1])
    assert v["your_turn"]
    r = b.act(gid, secrets[1], ply=v["ply"], action=v["legal"][0]["action"])
    assert r.status_code == 200, r.text
    # and seat 1 again on the first worker, whose copy of the game is behind
    ply = r.json()["ply"]
    legal = b.view(gid, secrets[1])["legal"]
    r = a.act(gid, secrets[1], ply=ply, action=legal[0]["action"])
    assert r.status_code == 200, r.text
    # the same move sent to the other worker, which has not heard of it yet: one game, one
    # history; the database refuses the second writer and that worker catches up
    r = b.act(gid, secrets[1], ply=ply, action=legal[1]["action"])
    assert r.status_code == 409 and r.json()["error"] == "stale"
    assert b.view(gid)["ply"] == a.view(gid)["ply"] == ply + 1


@pytest.mark.parametrize("mode", [THREAD, PROCESS])
def test_bots_choose_the_same_in_a_thread_or_a_process(mode: str) -> None:
    game = towers.make("torres", players=2)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    runner = BotRunner(mode, workers=1)
    try:
        chosen = asyncio.run(runner.choose(state, "greedy", {"samples": 1}, 42))
    finally:
        runner.close()
    expected = towers.make_bot("greedy", seed=42, samples=1).choose(state.clone())
    assert chosen.action == expected and state.is_legal(chosen.action)
    # the seconds that keep a seat in the light lane are the bot's own search: a worker
    # process starting up (a second or more) is not counted against it
    assert 0 <= chosen.thought < LIGHT_SECONDS


def test_who_may_read_the_log_is_the_same_worked_out_in_a_process() -> None:
    import random

    from towers.core.chance import sample_chance

    game = towers.make("torres", players=2)
    state = game.new_initial_state()
    rng = random.Random(4)
    actors = []
    while len(state.history()) < 12:
        actors.append(state.current_player())
        legal = state.legal_actions()
        acquire = state.string_to_action("acquire card")
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = acquire if acquire in legal else legal[0]
        state.apply_action(action)
    history = state.history()
    plies = list(range(len(history)))
    results = []
    for mode in (THREAD, PROCESS):
        runner = BotRunner(mode)
        try:
            results.append(asyncio.run(runner.work_out_seen(game, history, plies, {}, 9)))
        finally:
            runner.close()
    assert results[0] == results[1]
    assert "*" in results[0].values() and "[0]" in results[0].values()  # draws are private


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (children, their children, ...), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    living = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            living.add(pid)
    return living


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
@pytest.mark.parametrize("ending", ["SIGKILL", "SIGTERM"])
def test_bot_worker_processes_end_with_the_server(database: str, ending: str) -> None:
    server = ServerProcess(database, TOWERS_BOT_MODE="process")
    live = server.start()
    try:
        seats = [{"kind": "random"}, {"kind": "greedy", "params": {"samples": 1}}]
        gid = live.create("torres", players=2, seats=seats, seed=4)["id"]
        live.wait(gid, lambda v: v["ply"] > 4, timeout=60)
        live.view(gid, log=True)  # the log's worker too
        assert server.proc is not None
        pid = server.proc.pid
        workers = descendants(pid)
        assert len(workers) >= 2, workers  # bots and the log, in processes of their own
        if ending == "SIGKILL":
            server.kill()
        else:
            server.stop()
        deadline = time.monotonic() + 10
        while alive(workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(workers), f"still running after the server ended: {alive(workers)}"
    finally:
        live.http.close()
        server.stop()


class Stubborn:
    """A bot that takes no notice of its time limit."""

    about = "never stops in time"

    def __init__(self, seed: int | None = None, nap: float = 3.0) -> None:
        self.seed = seed
        self.nap = nap
        self.time_limit: float | None = None

    def choose(self, state: towers.State) -> int:
        time.sleep(self.nap)
        return int(state.legal_actions()[0])


def test_a_bot_that_ignores_its_time_limit_is_stood_in_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from towers.core import registry

    monkeypatch.setitem(registry._BOTS, "stubborn", f"{__name__}:Stubborn")
    game = towers.make("torres", players=2)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    runner = BotRunner(THREAD, workers=1, time_limit=0.2, grace=0.3)
    try:
        started = time.monotonic()
        chosen = asyncio.run(runner.choose(state, "stubborn", {}, 7))
        assert time.monotonic() - started < 2.0
    finally:
        runner.close()
    assert state.is_legal(chosen.action)
    assert chosen.thought > LIGHT_SECONDS  # the seat thinks in the heavy lane from now on
