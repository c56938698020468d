"""Hints, what if and reviews over the HTTP API (towers.server.learning): when they are
allowed, what they answer, and that a seat learns nothing it may not see."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import Live, live_server
from towers.core.knowledge import EVERYBODY
from towers.core.registry import make, views_of
from towers.learn.review import Review
from towers.server import learning


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    folder: Path = tmp_path_factory.mktemp("learn")
    with live_server(f"sqlite:///{folder / 'games.sqlite3'}") as server:
        yield server


@pytest.fixture(autouse=True)
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learning, "REVIEW_ITERATIONS", 2)


def headers(secret: str | None) -> dict[str, str]:
    return {"X-Seat-Secret": secret} if secret else {}


def post(live: Live, game_id: str, what: str, secret: str | None, **body: Any) -> Any:
    return live.http.post(f"/api/games/{game_id}/{what}", json=body, headers=headers(secret))


def vs_bot(live: Live, seed: int = 5) -> tuple[str, str]:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}], seed=seed)
    return g["id"], g["seats"][0]["secret"]


def my_turn(live: Live, game_id: str, secret: str) -> dict[str, Any]:
    return live.wait(game_id, lambda v: v["your_turn"], secret)


# ---- hints ---------------------------------------------------------------------------------
def test_a_hint_against_a_bot_names_a_legal_move_and_says_why(live: Live) -> None:
    game_id, secret = vs_bot(live)
    policy = live.http.get(f"/api/games/{game_id}/hints", headers=headers(secret)).json()
    assert policy["allowed"] and policy["reason"] is None and not policy["needs_agreement"]
    view = my_turn(live, game_id, secret)
    r = post(live, game_id, "hint", secret, ply=view["ply"], iterations=12)
    assert r.status_code == 200, r.text
    h = r.json()
    legal = {a["action"]: a for a in view["legal"]}
    assert h["action"] in legal
    assert h["targets"] == legal[h["action"]]["targets"]
    assert h["words"] == legal[h["action"]]["text"]
    assert h["lines"][0] == f"Hint for {view['seat_names'][0]}: {h['words']}"
    assert any(line.startswith("Points now:") for line in h["lines"])
    assert h["iterations"] == 12
    # the same question asks the same search: the same answer
    again = post(live, game_id, "hint", secret, ply=view["ply"], iterations=12).json()
    assert again["action"] == h["action"] and again["lines"] == h["lines"]
    # the move the player was about to make is compared with the one found
    intended = next(a for a in legal if a != h["action"])
    mine = post(live, game_id, "hint", secret, ply=view["ply"], iterations=12, intended=intended)
    assert any(line.startswith("Your move") for line in mine.json()["lines"])


def test_hints_refused_off_turn_stale_to_spectators_and_for_bad_input(live: Live) -> None:
    game_id, secret = vs_bot(live, seed=6)
    view = my_turn(live, game_id, secret)
    stale = post(live, game_id, "hint", secret, ply=view["ply"] + 3, iterations=4)
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    watcher = post(live, game_id, "hint", None, ply=view["ply"], iterations=4)
    assert watcher.status_code == 401
    policy = live.http.get(f"/api/games/{game_id}/hints").json()
    assert not policy["allowed"] and "spectator" in policy["reason"]
    illegal = next(a for a in range(200) if a not in {x["action"] for x in view["legal"]})
    bad = post(live, game_id, "hint", secret, ply=view["ply"], intended=illegal)
    assert bad.status_code == 422
    huge = post(live, game_id, "hint", secret, ply=view["ply"], iterations=10**6)
    assert huge.status_code == 422
    assert live.view(game_id, secret)["ply"] == view["ply"]  # nothing changed


def test_a_game_between_people_needs_every_seat_to_agree(live: Live) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=11)
    game_id, secrets = g["id"], [s["secret"] for s in g["seats"]]
    view = live.view(game_id, secrets[0])
    mover = 0 if view["your_turn"] else 1
    other = 1 - mover
    r = post(live, game_id, "hint", secrets[mover], ply=view["ply"], iterations=4)
    assert r.status_code == 403 and r.json()["error"] == "hints_refused"
    assert r.json()["message"] == (
        "no hints here: in a game between people, hints need every player's yes, "
        f"and {view['seat_names'][0]} and {view['seat_names'][1]} have not agreed"
    )
    post(live, game_id, "hints/agree", secrets[mover], agree=True)
    r = post(live, game_id, "hint", secrets[mover], ply=view["ply"], iterations=4)
    assert r.status_code == 403 and r.json()["message"].endswith(
        f"{view['seat_names'][other]} has not agreed"
    )
    policy = post(live, game_id, "hints/agree", secrets[other], agree=True).json()
    assert policy["allowed"] and policy["agreed"] == [0, 1] and policy["needs_agreement"]
    ok = post(live, game_id, "hint", secrets[mover], ply=view["ply"], iterations=4)
    assert ok.status_code == 200, ok.text
    wrong = post(live, game_id, "hint", secrets[other], ply=view["ply"], iterations=4)
    assert wrong.status_code == 409 and wrong.json()["error"] == "not_your_turn"
    # a seat takes its yes back: hints stop for all
    post(live, game_id, "hints/agree", secrets[other], agree=False)
    again = post(live, game_id, "hint", secrets[mover], ply=view["ply"], iterations=4)
    assert again.status_code == 403


def test_a_cooperative_game_between_people_allows_hints(live: Live) -> None:
    g = live.create("dark_tower", players=2, seats=[{"kind": "human"}] * 2, seed=3)
    game_id, secrets = g["id"], [s["secret"] for s in g["seats"]]
    view = live.wait(game_id, lambda v: v["to_move"] is not None and v["to_move"] >= 0)
    mover = view["to_move"]
    policy = live.http.get(f"/api/games/{game_id}/hints", headers=headers(secrets[mover])).json()
    assert policy["allowed"] and not policy["needs_agreement"]
    r = post(live, game_id, "hint", secrets[mover], ply=view["ply"], iterations=6)
    assert r.status_code == 200, r.text
    assert r.json()["lines"][0].startswith(f"Hint for {view['seat_names'][mover]}: ")


def test_a_hint_depends_only_on_what_the_seat_may_know(live: Live) -> None:
    """Torres hides the cards: a position re-dealt for the seat (what it sees the same, the
    rest dealt anew) is given the same hint as the true one."""
    game_id, secret = vs_bot(live, seed=8)
    assert live.service is not None
    room = live.service.rooms[game_id]
    rng = random.Random(8)
    for _ in range(400):  # on until some card is hidden from seat 0
        view = my_turn(live, game_id, secret)
        other = room.state.determinize(0, random.Random(99))
        if other.to_json() != room.state.to_json():
            break
        action = rng.choice(view["legal"])["action"]
        assert live.act(game_id, secret, ply=view["ply"], action=action).status_code == 200
    else:
        raise AssertionError("nothing was ever hidden from seat 0")
    true_state = room.state
    assert other.observation(0) == true_state.observation(0)
    first = post(live, game_id, "hint", secret, ply=view["ply"], iterations=30).json()
    room.state = other
    try:
        second = post(live, game_id, "hint", secret, ply=view["ply"], iterations=30).json()
    finally:
        room.state = true_state
    assert (second["action"], second["lines"]) == (first["action"], first["lines"])


def searching(live: Live) -> int:
    assert live.service is not None
    found = learning.learning_of(live.service)
    assert found is not None
    return found.searching


def wait_searching(live: Live, count: int, within: float = 3.0) -> float:
    started = time.monotonic()
    while searching(live) != count:
        assert time.monotonic() - started < within, f"still {searching(live)} hints searched"
        time.sleep(0.02)
    return time.monotonic() - started


def test_a_hint_stops_when_its_client_goes(live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learning, "HINT_ITERATIONS", 10**7)  # only the think time bounds it
    game_id, secret = vs_bot(live, seed=12)
    view = my_turn(live, game_id, secret)
    with pytest.raises(httpx.ReadTimeout):
        post_with(live, game_id, secret, {"ply": view["ply"]}, timeout=0.5)
    # well before the think time of 5 seconds ends
    assert wait_searching(live, 0, within=2.0) < 2.0


def test_a_hint_stops_when_the_seat_moves_meanwhile(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(learning, "HINT_ITERATIONS", 10**7)
    game_id, secret = vs_bot(live, seed=13)
    view = my_turn(live, game_id, secret)
    answers: list[Any] = []
    asking = threading.Thread(
        target=lambda: answers.append(post_with(live, game_id, secret, {"ply": view["ply"]}))
    )
    asking.start()
    wait_searching(live, 1)
    move = view["legal"][0]["action"]
    assert live.act(game_id, secret, ply=view["ply"], action=move).status_code == 200
    asking.join(timeout=10)
    assert answers and answers[0].status_code == 409 and answers[0].json()["error"] == "stale"
    assert wait_searching(live, 0, within=2.0) < 2.0


def post_with(
    live: Live, game_id: str, secret: str, body: dict[str, Any], timeout: float = 30
) -> httpx.Response:
    with httpx.Client(base_url=live.base, timeout=timeout) as client:
        return client.post(f"/api/games/{game_id}/hint", json=body, headers=headers(secret))


# ---- what if ------------------------------------------------------------------------------
def test_what_if_previews_a_legal_move_and_refuses_others(live: Live) -> None:
    game_id, secret = vs_bot(live, seed=9)
    view = my_turn(live, game_id, secret)
    action = view["legal"][0]["action"]
    r = post(live, game_id, "whatif", secret, ply=view["ply"], action=action)
    assert r.status_code == 200, r.text
    p = r.json()
    assert p["lines"][0] == f"What if {view['seat_names'][0]} plays {view['legal'][0]['text']}?"
    assert any("decide" in line or "ends" in line for line in p["lines"])
    illegal = next(a for a in range(200) if a not in {x["action"] for x in view["legal"]})
    assert post(live, game_id, "whatif", secret, ply=view["ply"], action=illegal).status_code == 422
    stale = post(live, game_id, "whatif", secret, ply=view["ply"] + 1, action=action)
    assert stale.status_code == 409
    assert live.view(game_id, secret)["ply"] == view["ply"]


# ---- reviews --------------------------------------------------------------------------------
def finished_game(live: Live, seed: int) -> tuple[str, str]:
    """A Torres game whose seat 0 (a person's, then handed to a bot) has played to the end."""
    game_id, secret = vs_bot(live, seed=seed)
    r = live.set_seat(game_id, secret, 0, kind="random")
    assert r.status_code == 200, r.text
    live.wait(game_id, lambda v: v["status"] == "over", secret, timeout=60)
    return game_id, secret


def stored_path(live: Live, game_id: str) -> Path:
    assert live.service is not None
    return learning.learn_dir(live.service.config.database) / f"{game_id}.review.json"


def wait_review(live: Live, game_id: str, secret: str | None) -> Any:
    for _ in range(600):
        r = live.http.get(f"/api/games/{game_id}/review", headers=headers(secret))
        if r.status_code != 202:
            return r
        time.sleep(0.1)
    raise AssertionError("the review was not made in a minute")


def test_a_review_is_made_in_the_background_then_stored(live: Live) -> None:
    game_id, secret = finished_game(live, seed=21)
    first = live.http.get(f"/api/games/{game_id}/review", headers=headers(secret))
    assert first.status_code == 202
    progress = first.json()
    assert progress["status"] == "running" and 0 <= progress["done"] <= max(progress["total"], 0)
    r = wait_review(live, game_id, secret)
    assert r.status_code == 200, r.text
    made = r.json()
    view = live.view(game_id, secret)
    assert made["status"] == "done" and made["finished"] and made["you"] == 0
    assert made["steps"] == view["ply"]
    assert [s[-1] for s in made["scores"]] == view["scores"]
    assert made["categories"] and made["rows"] and made["verdict"]
    assert len(made["costs"]) == 2 and made["ratings"]
    stored = stored_path(live, game_id)
    assert stored.exists()
    # the second request reads the stored review at once
    started = time.monotonic()
    again = live.http.get(f"/api/games/{game_id}/review", headers=headers(secret))
    assert again.status_code == 200 and again.json() == made
    assert time.monotonic() - started < 2
    assert Review.from_json(stored.read_text()).key


def test_a_spectators_review_hides_the_seats_hidden_choices(live: Live) -> None:
    for seed in range(22, 32):  # a game where a card was kept or returned, seen by its owner
        game_id, secret = finished_game(live, seed=seed)
        mine = wait_review(live, game_id, secret).json()
        stored = Review.from_json(stored_path(live, game_id).read_text())
        hidden = [i for i, r in enumerate(stored.ratings) if r.readers != EVERYBODY]
        if hidden:
            break
    else:
        raise AssertionError("no game of ten had a hidden choice")
    theirs = wait_review(live, game_id, None).json()
    assert theirs["you"] is None
    for i in hidden:
        rating = stored.ratings[i]
        assert theirs["ratings"][i]["words"] == learning.HIDDEN
        if rating.seat == 0:
            assert mine["ratings"][i]["words"] == rating.log != learning.HIDDEN
    for swing, stored_swing in zip(theirs["swings"], stored.swings, strict=True):
        if stored_swing.readers != EVERYBODY:
            assert "a hidden choice" in swing["text"] and stored_swing.text != swing["text"]
        else:
            # the move preferred may be a card only its seat knew it held: not named to others
            best = next(r for r in stored.ratings if r.step == swing["step"]).best_words
            assert "the search found a move of theirs" in swing["text"]
            assert best not in swing["text"].split(";", 1)[1]
    for swing, stored_swing in zip(mine["swings"], stored.swings, strict=True):
        if stored_swing.seat == 0:
            assert swing["text"] == stored_swing.text  # its own seat reads it all
    # scores are public: the same for all
    assert theirs["scores"] == mine["scores"]


def test_a_game_not_over_is_not_reviewed(live: Live) -> None:
    game_id, secret = vs_bot(live, seed=23)
    r = live.http.get(f"/api/games/{game_id}/review", headers=headers(secret))
    assert r.status_code == 409 and r.json()["error"] == "game_not_over"


@pytest.mark.parametrize("game", ["dark_tower", "sifnos", "tiletum", "torres", "turris"])
def test_every_game_gives_a_hint_and_a_preview(live: Live, game: str) -> None:
    from towers.core.registry import game_class

    players = max(game_class(game).min_players, 2)
    seats = [{"kind": "human"}] + [{"kind": "random"}] * (players - 1)
    g = live.create(game, players=players, seats=seats, seed=17)
    game_id, secret = g["id"], g["seats"][0]["secret"]
    view = my_turn(live, game_id, secret)
    r = post(live, game_id, "hint", secret, ply=view["ply"], iterations=6)
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["action"] in {a["action"] for a in view["legal"]}
    assert h["lines"][0] == f"Hint for {view['seat_names'][0]}: {h['words']}"
    p = post(live, game_id, "whatif", secret, ply=view["ply"], action=h["action"])
    assert p.status_code == 200, p.text
    assert p.json()["lines"][0] == f"What if {view['seat_names'][0]} plays {h['words']}?"


@pytest.mark.parametrize("game", ["dark_tower", "tiletum", "turris"])
def test_other_games_are_reviewed_in_their_own_measure(live: Live, game: str) -> None:
    g = live.create(game, players=2, seats=[{"kind": "random"}] * 2, seed=19)
    game_id = g["id"]
    view = live.wait(game_id, lambda v: v["status"] == "over", timeout=120)
    made = wait_review(live, game_id, None).json()
    assert made["finished"] and made["steps"] == view["ply"]
    assert made["unit"] == ("measure" if game == "dark_tower" else "points")
    assert [s[-1] for s in made["scores"]] == view["scores"]
    assert made["categories"] == view["ending"]["categories"]
    for swing in made["swings"]:
        name = views_of(make(game, players=2)).seat_name(swing["seat"])
        assert swing["text"].startswith(f"Step {swing['step']}, {name}: ")
