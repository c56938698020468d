"""A bot's parameters are checked when its seat is made, by the server as by the command line:
a value the bot does not take is refused at once, naming the parameter and what it allows,
and the catalog the lobby reads publishes the allowed values of each."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.live import live_server

HUMAN = {"kind": "human"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    folder = tmp_path_factory.mktemp("seat-params")
    with live_server(f"sqlite:///{folder / 'games.sqlite3'}") as live:
        yield live.http


def games_count(client: httpx.Client) -> int:
    return len(client.get("/api/games", params={"limit": 200}).json())


@pytest.mark.parametrize(
    ("bot", "params", "said"),
    [
        ("mcts", {"clock": "banana"}, "clock must be wall or cpu, not banana"),
        ("mcts", {"clock": ""}, "clock must be wall or cpu"),
        ("mcts", {"clock": 3}, "clock must be wall or cpu, not 3"),
        ("mcts", {"seconds": 0}, "seconds must be a number more than 0"),
        ("mcts", {"c": -1}, "c must be a number of at least 0"),
        ("mcts", {"minimax": 2}, "minimax must be a number from 0 to 1"),
        ("mcts", {"loss": 1}, "loss must be a number from -100 to 0"),
        ("mcts", {"relative": "maybe"}, "relative must be true or false"),
        ("mcts", {"iterations": 2.5}, "iterations must be a whole number of at least 1"),
        ("mcts", {"rollout_depth": True}, "rollout_depth must be a whole number"),
        ("greedy", {"samples": "many"}, "samples must be a whole number of at least 1"),
        ("random", {"depth": 3}, "random has no parameter 'depth'"),
    ],
)
def test_a_bad_bot_parameter_is_refused_when_the_game_is_made(
    client: httpx.Client, bot: str, params: dict[str, Any], said: str
) -> None:
    before = games_count(client)
    body = {"game": "torres", "seats": [HUMAN, {"kind": bot, "params": params}]}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    assert said in r.json()["message"]
    assert games_count(client) == before


def test_a_bad_bot_parameter_is_refused_when_a_seat_is_handed_over(client: httpx.Client) -> None:
    made = client.post("/api/games", json={"game": "torres", "seats": [HUMAN, HUMAN]}).json()
    secret = made["seats"][1]["secret"]
    r = client.put(
        f"/api/games/{made['id']}/seats/1",
        json={"kind": "mcts", "params": {"clock": "banana"}},
        headers={"X-Seat-Secret": secret},
    )
    assert r.status_code == 400, r.text
    assert "clock must be wall or cpu, not banana" in r.json()["message"]


def test_the_catalog_publishes_the_choices_of_a_text_parameter(client: httpx.Client) -> None:
    bots = {b["name"]: b for b in client.get("/api/catalog").json()["bots"]}
    clock = bots["mcts"]["params"]["clock"]
    assert clock["choices"] == ["wall", "cpu"]
    assert clock["allowed"] == "wall or cpu" and clock["default"] == "wall"
    assert bots["mcts"]["params"]["iterations"]["choices"] == []


def test_a_good_clock_is_taken(client: httpx.Client) -> None:
    body = {
        "game": "torres",
        "seats": [HUMAN, {"kind": "mcts", "params": {"clock": "CPU", "seconds": 0.1}}],
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
