"""A bot that fails in the middle of a game is never silent: the server logs the game, the
seat and the bot, a random legal move stands in so the game goes on, and every page open on
the game is told which seat's bot failed."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from tests.server.live import Live, receive


class Failing:
    """A bot that cannot choose a move."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: Any) -> int:
        raise RuntimeError("this bot always fails")


def test_a_failing_bot_is_logged_and_announced_and_the_game_goes_on(
    live: Live, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from towers.core import registry

    monkeypatch.setitem(registry._BOTS, "failing", f"{__name__}:Failing")
    created = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "failing"}])
    gid, secret = created["id"], created["seats"][0]["secret"]
    caplog.set_level(logging.ERROR, logger="towers.server")
    with live.socket(gid, secret) as ws:
        view = live.view(gid, secret)
        response = live.act(gid, secret, ply=view["ply"], text=view["legal"][0]["text"])
        assert response.status_code == 200, response.text
        deadline = time.monotonic() + 30
        notice = None
        while notice is None and time.monotonic() < deadline:
            msg = receive(ws, timeout=max(0.1, deadline - time.monotonic()))
            if msg["type"] == "error" and msg.get("error") == "bot_failed":
                notice = msg
    assert notice is not None, "no page was told that the bot failed"
    assert notice["seat"] == 1 and "failing" in notice["message"]
    assert "random legal move" in notice["message"]
    # the notice goes out as the stand-in move is played: the move follows it
    live.wait(gid, lambda v: v["ply"] >= view["ply"] + 2, secret, timeout=30)
    logged = [r.getMessage() for r in caplog.records if "failed" in r.getMessage()]
    assert any(gid in line and "failing" in line for line in logged), logged
