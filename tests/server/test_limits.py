"""What one request can cost the server: every bot parameter that sets work has a bound, every
bot move a time limit, a long think holds up no other game's bot, and a game stored before a
bound existed plays on within it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.live import Live, live_server
from towers.agents.greedy import MAX_SAMPLES
from towers.agents.mcts import MAX_ITERATIONS, MAX_ROLLOUT_DEPTH
from towers.server.schemas import MAX_SEED
from towers.server.store import Store

HUMAN = {"kind": "human"}


def games_count(live: Live) -> int:
    return len(live.http.get("/api/games", params={"limit": 200}).json())


# ---- bounds -----------------------------------------------------------------------------------
def test_the_catalog_publishes_each_bound(live: Live) -> None:
    bots = {b["name"]: b for b in live.http.get("/api/catalog").json()["bots"]}
    mcts = bots["mcts"]["params"]
    assert mcts["iterations"]["limit"] == MAX_ITERATIONS
    assert mcts["rollout_depth"]["limit"] == MAX_ROLLOUT_DEPTH
    assert mcts["seconds"]["limit"] > 0
    assert bots["greedy"]["params"]["samples"]["limit"] == MAX_SAMPLES
    assert mcts["c"]["limit"] is None  # sets no work
    for bot in bots.values():
        assert bot["about"] and "``" not in bot["about"]
        for p in bot["params"].values():
            assert p["help"] and p["allowed"]


PAST_BOUNDS = [
    ("mcts", "iterations", 1_000_000_000, MAX_ITERATIONS),
    ("mcts", "iterations", MAX_ITERATIONS + 1, MAX_ITERATIONS),
    ("mcts", "rollout_depth", 10**6, MAX_ROLLOUT_DEPTH),
    ("mcts", "seconds", 1e6, None),
    ("greedy", "samples", 10**30, MAX_SAMPLES),
]


@pytest.mark.parametrize(("bot", "param", "value", "bound"), PAST_BOUNDS)
def test_a_bot_past_a_bound_is_refused_with_422_naming_it(
    live: Live, bot: str, param: str, value: Any, bound: int | None
) -> None:
    before = games_count(live)
    body = {"game": "torres", "seats": [HUMAN, {"kind": bot, "params": {param: value}}]}
    r = live.http.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    answer = r.json()
    assert answer["error"] == "over_limit"
    assert answer["param"] == param and param in answer["message"]
    if bound is not None:
        assert answer["limit"] == bound and str(bound) in answer["message"]
    assert games_count(live) == before


@pytest.mark.parametrize(("bot", "param", "value", "bound"), PAST_BOUNDS)
def test_a_seat_handed_to_a_bot_past_a_bound_is_refused(
    live: Live, bot: str, param: str, value: Any, bound: int | None
) -> None:
    g = live.create("torres", players=2, seats=[HUMAN, HUMAN], seed=3)
    secret = g["seats"][1]["secret"]
    r = live.set_seat(g["id"], secret, 1, kind=bot, params={param: value})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "over_limit" and r.json()["param"] == param
    seats = live.view(g["id"])["seats"]
    assert [s["kind"] for s in seats] == ["human", "human"]


def test_the_largest_allowed_values_are_accepted(live: Live) -> None:
    seats = [{"kind": "mcts", "params": {"iterations": MAX_ITERATIONS}}, HUMAN]
    g = live.create("torres", players=2, seats=seats, seed=1)
    assert g["seats"][0]["kind"] == "mcts"
    r = live.http.post(
        "/api/games",
        json={"game": "torres", "seats": [HUMAN, {"kind": "greedy", "params": {"samples": 4}}]},
    )
    assert r.status_code == 201


@pytest.mark.parametrize("seed", [MAX_SEED + 1, 2**64, 10**40, -1])
def test_a_seed_out_of_range_is_422_not_a_server_error(live: Live, seed: int) -> None:
    before = games_count(live)
    r = live.http.post("/api/games", json={"game": "torres", "seed": seed})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "out_of_range" and "seed" in r.json()["message"]
    assert games_count(live) == before


def test_the_largest_seed_makes_a_game(live: Live) -> None:
    g = live.create("torres", seed=MAX_SEED)
    assert live.view(g["id"])["status"] == "playing"


@pytest.mark.parametrize("seat", [-1, 64, 2**63])
def test_a_seat_number_out_of_range_is_422(live: Live, seat: int) -> None:
    g = live.create("torres", players=2, seats=[HUMAN, HUMAN], seed=3)
    r = live.set_seat(g["id"], g["seats"][0]["secret"], seat, kind="random")
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "out_of_range"


def test_a_seat_the_game_does_not_have_is_404(live: Live) -> None:
    g = live.create("torres", players=2, seats=[HUMAN, HUMAN], seed=3)
    r = live.set_seat(g["id"], g["seats"][0]["secret"], 5, kind="random")
    assert r.status_code == 404 and r.json()["error"] == "unknown_seat"


# ---- time limit ----------------------------------------------------------------------------
def bot_game(live: Live, params: dict[str, Any], seed: int) -> str:
    seats = [{"kind": "mcts", "params": params}, {"kind": "random"}]
    return str(live.create("torres", players=2, seats=seats, seed=seed)["id"])


def test_a_bot_move_past_its_time_limit_answers_with_the_best_so_far(database: str) -> None:
    db = database
    limit = 0.3
    with live_server(db, max_think=limit) as live:
        mcts = next(b for b in live.http.get("/api/catalog").json()["bots"] if b["name"] == "mcts")
        assert mcts["params"]["seconds"]["limit"] == limit  # this server's own bound
        r = live.http.post(
            "/api/games",
            json={"game": "torres", "seats": [HUMAN, {"kind": "mcts", "params": {"seconds": 1}}]},
        )
        assert r.status_code == 422 and r.json()["limit"] == limit
        # the most iterations allowed take half a minute a move here; the limit cuts them
        gid = bot_game(live, {"iterations": MAX_ITERATIONS}, seed=5)
        started = time.monotonic()
        live.wait(gid, lambda v: v["ply"] >= 6, timeout=60)
        elapsed = time.monotonic() - started
        log = live.view(gid, log=True)["log"]
        searched = sum(1 for e in log if e["actor"] == 0)
        assert searched >= 2
        assert elapsed < searched * (limit + 0.5) + 2, (elapsed, searched)


def test_a_heavy_game_holds_up_no_light_game(database: str) -> None:
    """Light bots answer while heavy ones are still on their first move: had they waited
    behind a heavy think, that move would have been made before they answered. The test
    looks at the order of events, never at how long they took."""
    db = database
    limit = 30.0
    # worker processes: the heavy thinks are stopped when the server stops
    with live_server(db, max_think=limit, bot_mode="process") as live:
        heavy = [
            bot_game(live, {"seconds": limit}, seed=1),
            bot_game(live, {"iterations": MAX_ITERATIONS}, seed=2),
        ]
        light = []
        for i in range(4):
            g = live.create("torres", players=2, seats=[HUMAN, {"kind": "greedy"}], seed=100 + i)
            light.append((g["id"], g["seats"][0]["secret"]))
        # each light game: the human moves until the greedy bot has had to answer twice
        for gid, secret in light:
            answered = 0
            while answered < 2:
                v = live.wait(gid, lambda v: v["your_turn"], secret, timeout=limit)
                r = live.act(gid, secret, ply=v["ply"], text="end turn")
                if r.status_code != 200:  # end turn not allowed yet: any legal action
                    r = live.act(gid, secret, ply=v["ply"], action=v["legal"][0]["action"])
                assert r.status_code == 200, r.text
                if r.json()["to_move"] == 1:
                    answered += 1
        # eight light answers, and the heavy bots still on their first move
        for gid in heavy:
            v = live.view(gid)
            assert v["status"] == "playing" and v["ply"] == 0, v["ply"]


# ---- games stored before a bound -------------------------------------------------------------
def test_a_stored_game_past_todays_bounds_plays_on_clamped(database: str) -> None:
    db = database
    with live_server(db, max_think=1.0) as live:
        gid = live.create("torres", players=2, seats=[HUMAN, HUMAN], seed=9)["id"]
    # the seat is rewritten as an older server, with no bounds, would have stored it
    store = Store(db)
    try:
        loaded = store.load(gid)
        assert loaded is not None
        heavy = {"kind": "mcts", "params": {"iterations": 10**9, "rollout_depth": "deep"}}
        row = loaded[0]
        assert store.set_seats(
            gid, [heavy, {"kind": "random"}], True, expected=row.seats, ply=row.ply
        )
    finally:
        store.close()
    with live_server(db, max_think=1.0) as live:
        v = live.view(gid)
        assert v["seats"][0]["params"]["iterations"] == MAX_ITERATIONS
        assert v["seats"][0]["params"]["rollout_depth"] == 0  # not a number: the default
        # the bots play on at once, each mcts move cut at the time limit
        live.wait(gid, lambda v: v["ply"] > 8, timeout=60)


class Undeclared:
    """Plays the first legal action."""

    def __init__(self, seed: int | None = None, depth: int = 1) -> None:
        self.seed = seed

    def choose(self, state: Any) -> int:
        return int(state.legal_actions()[0])


def test_a_bot_that_declares_no_parameters_is_offered_and_checked(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    from towers.core import registry

    monkeypatch.setitem(registry._BOTS, "undeclared", f"{__name__}:Undeclared")
    bots = {b["name"]: b for b in live.http.get("/api/catalog").json()["bots"]}
    assert bots["undeclared"] == {
        "name": "undeclared",
        "about": "Plays the first legal action.",
        "params": {},
    }
    body = {"game": "torres", "seats": [HUMAN, {"kind": "undeclared", "params": {"width": 2}}]}
    r = live.http.post("/api/games", json=body)
    assert r.status_code == 400 and "no parameter 'width'" in r.json()["message"], r.text
    body["seats"][1]["params"] = {"depth": 2}
    assert live.http.post("/api/games", json=body).status_code == 201
