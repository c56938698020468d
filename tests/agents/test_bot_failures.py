"""A bot that fails in the middle of a game on the server is never silent: the game goes on with
a stand-in move, the server's log says which game, seat and bot (with its parameters) failed,
and the pages open on the game are told."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import towers
from tests.server.live import Live, live_server
from towers.core import registry
from towers.server.bots import THREAD, BotFailed, BotRunner, bot_spec, report_failure
from towers.server.rooms import Client, Seat


class Broken:
    """A bot whose every choice fails."""

    about = "fails at every move"

    def __init__(self, seed: int | None = None, depth: int = 3) -> None:
        self.seed = seed
        self.depth = depth
        self.time_limit: float | None = None

    def choose(self, state: towers.State) -> int:
        raise RuntimeError(f"the search lost its way at depth {self.depth}")


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(registry._BOTS, "broken", f"{__name__}:Broken")
    return "broken"


def test_a_failing_bot_is_named_with_its_seat_and_parameters(broken: str) -> None:
    state = towers.make("torres", players=2).new_initial_state()
    runner = BotRunner(THREAD, workers=1, time_limit=5.0)
    try:
        with pytest.raises(BotFailed) as failure:
            asyncio.run(runner.choose(state, broken, {"depth": 7}, seed=1))
    finally:
        runner.close()
    err = failure.value
    assert (err.seat, err.spec) == (0, "broken:depth=7")
    assert str(err) == "seat 0's bot broken:depth=7 failed: the search lost its way at depth 7"
    assert isinstance(err.cause, RuntimeError)


def test_a_seat_spec_is_written_as_typed() -> None:
    assert bot_spec("random", {}) == "random"
    assert bot_spec("mcts", {"seconds": 2.0, "clock": "cpu", "_light": True}) == (
        "mcts:seconds=2.0,clock=cpu"
    )


class Socket:
    """Stands in for a page's WebSocket."""


def test_a_failure_is_logged_and_told_to_every_page(caplog: pytest.LogCaptureFixture) -> None:
    page = Client(Socket(), seat=0, svg=False, log=False)
    room: Any = SimpleNamespace(id="g123", clients={page}, label=lambda seat: f"seat {seat} (Ada)")
    cause = BotFailed(1, "mcts:seconds=2", ValueError("no legal action"))
    with caplog.at_level(logging.ERROR, logger="towers.server"):
        notice = report_failure(room, 1, Seat("mcts", {"seconds": 2}), 14, cause)
    [record] = caplog.records
    said = record.getMessage()
    assert record.levelno == logging.ERROR
    for part in ("game g123", "seat 1 (Ada)", "mcts:seconds=2", "ply 14", "no legal action"):
        assert part in said, said
    assert record.exc_info is not None
    message = json.loads(page.outbox[-1])
    assert message["type"] == "error" and message["error"] == "bot_failed"
    assert message["message"] == notice and (message["seat"], message["ply"]) == (1, 14)
    assert "seat 1 (Ada)" in notice and "mcts:seconds=2" in notice and "random" in notice


@pytest.fixture
def live(tmp_path: Path, broken: str) -> Iterator[Live]:
    with live_server(f"sqlite:///{tmp_path / 'games.sqlite3'}") as server:
        yield server


def test_a_game_goes_on_past_a_failing_bot_and_the_log_names_it(
    live: Live, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="towers.server"):
        body = {
            "game": "torres",
            "seats": [{"kind": "broken", "params": {"depth": 5}}, {"kind": "human"}],
        }
        made = live.http.post("/api/games", json=body)
        assert made.status_code == 201, made.text
        game_id = made.json()["id"]
        deadline = time.monotonic() + 30
        view = live.http.get(f"/api/games/{game_id}").json()
        while view["ply"] == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
            view = live.http.get(f"/api/games/{game_id}").json()
    assert view["ply"] > 0  # a stand-in move was played for the bot
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert failures
    text = "\n".join(logging.Formatter().format(r) for r in failures)
    for part in (game_id, "seat 0", "broken:depth=5", "the search lost its way at depth 5"):
        assert part in text, text
