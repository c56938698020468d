"""Hidden information: nothing a seat may not see reaches it, by any endpoint or message.

The strongest check is differential: two games that a seat cannot tell apart (they differ only
in another seat's hidden cards) must look byte for byte the same to that seat, through the
HTTP view, the WebSocket, the log and the replay. Any leak would make them differ.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.server.live import Live, ServerProcess, receive_state
from tests.toy_game import ToyGame
from towers.core.chance import derive_seed, sample_chance
from towers.core.registry import views_of


def everything_seen(live: Live, gid: str, secret: str | None) -> list[Any]:
    """All that a seat (or a spectator) can fetch about a game, ids removed."""
    headers = {"X-Seat-Secret": secret} if secret else {}
    seen: list[Any] = []
    view = live.http.get(
        f"/api/games/{gid}", params={"svg": "true", "log": "true"}, headers=headers
    ).json()
    seen.append(view)
    for step in range(view["ply"] + 1):
        seen.append(
            live.http.get(
                f"/api/games/{gid}/replay", params={"step": step, "svg": "true"}, headers=headers
            ).json()
        )
    with live.socket(gid, secret, svg=True, log=True) as ws:
        seen.append(receive_state(ws))
    for item in seen:  # whether a seat is at the table depends on timing, not on the cards
        for s in item.get("seats", ()):
            s.pop("present", None)
    text = json.dumps(seen, sort_keys=True).replace(gid, "<id>")
    return json.loads(text)  # type: ignore[no-any-return]


def play(live: Live, gid: str, secret: str, text: str) -> dict[str, Any]:
    v = live.view(gid, secret)
    r = live.act(gid, secret, ply=v["ply"], text=text)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def torres_after_an_acquisition(live: Live, seed: int) -> tuple[str, list[str]]:
    """Two humans; seat 0 acquires a card (three drawn by chance) and keeps the first."""
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=seed)
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    for seat in (0, 1, 1):  # the first knights, then the King
        v = live.view(gid, secrets[seat])
        play(live, gid, secrets[seat], v["legal"][0]["text"])
    v = play(live, gid, secrets[0], "acquire card")
    from towers.games.torres.actions import CARD_KEYS, CARD_NAMES

    def named(key: str) -> str:  # the observation holds keys, moves the printed names
        return CARD_NAMES[CARD_KEYS.index(key)]

    drawn = sorted(v["observation"]["drawn"], key=CARD_KEYS.index)
    v = play(live, gid, secrets[0], f"keep {named(drawn[0])}")
    for card in v["observation"]["drawn"]:
        v = play(live, gid, secrets[0], f"return {named(card)} top")
    return gid, secrets


def test_torres_seat_cannot_tell_games_that_differ_in_the_others_cards(live: Live) -> None:
    games = [torres_after_an_acquisition(live, seed) for seed in (101, 202, 303)]
    hands = [live.view(gid, secrets[0])["observation"]["hand"] for gid, secrets in games]
    assert len({json.dumps(h) for h in hands}) > 1, "the seeds should deal different cards"
    other = [everything_seen(live, gid, secrets[1]) for gid, secrets in games]
    spectator = [everything_seen(live, gid, None) for gid, _ in games]
    assert other[0] == other[1] == other[2]
    assert spectator[0] == spectator[1] == spectator[2]
    # the test can see a difference where there is one: seat 0 sees its own cards
    own = [everything_seen(live, gid, secrets[0]) for gid, secrets in games]
    assert own[0] != own[1] or own[1] != own[2]


def test_torres_log_hides_draws_and_kept_cards_from_the_others(live: Live) -> None:
    gid, secrets = torres_after_an_acquisition(live, 77)
    mine = live.view(gid, secrets[0], log=True)["log"]
    theirs = live.view(gid, secrets[1], log=True)["log"]
    watched = live.view(gid, log=True)["log"]
    tail = slice(3, None)
    assert [e["text"] for e in mine[tail]][0].startswith("acquire card")  # with its result
    assert [e["text"].split()[0] for e in mine[tail]][1:] == ["draw"] * 3 + ["keep"] + [
        "return"
    ] * 2
    expected = [mine[3]["text"]] + ["a hidden outcome"] * 3 + ["a hidden choice"] * 3
    assert [e["text"] for e in theirs[tail]] == expected
    assert [e["text"] for e in watched[tail]] == expected
    # the public setup is readable by everybody
    assert [e["text"] for e in watched[:3]] == [e["text"] for e in mine[:3]]


def toy_seeds() -> tuple[int, int]:
    """Two seeds that deal seat 0 the same cards in the same order, and seat 1 others."""
    game = ToyGame(2, deck=6)
    hands: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
    for seed in range(500):
        state = game.new_initial_state()
        ply = 0
        while state.is_chance_node():
            rng = random.Random(derive_seed(seed, "chance", ply))
            state.apply_action(sample_chance(state, rng))
            ply += 1
        mine, theirs = tuple(state.hands[0]), tuple(sorted(state.hands[1]))
        if mine in hands and hands[mine][1] != theirs:
            return hands[mine][0], seed
        hands.setdefault(mine, (seed, theirs))
    raise AssertionError("no such seeds")


def test_toy_seat_cannot_tell_games_that_differ_in_the_others_hand(live: Live) -> None:
    first, second = toy_seeds()
    games = []
    for seed in (first, second):
        g = live.create(
            "toy", players=2, options={"deck": 6}, seats=[{"kind": "human"}] * 2, seed=seed
        )
        games.append((g["id"], [s["secret"] for s in g["seats"]]))
    assert everything_seen(live, *_seat(games[0], 0)) == everything_seen(live, *_seat(games[1], 0))
    assert everything_seen(live, games[0][0], None) == everything_seen(live, games[1][0], None)
    assert everything_seen(live, *_seat(games[0], 1)) != everything_seen(live, *_seat(games[1], 1))
    # seat 0 passes and draws (not the same card in both games): a spectator cannot tell
    for gid, secrets in games:
        play(live, gid, secrets[0], "pass")
    assert everything_seen(live, games[0][0], None) == everything_seen(live, games[1][0], None)


def _seat(game: tuple[str, list[str]], seat: int) -> tuple[str, str]:
    return game[0], game[1][seat]


def test_views_hold_only_the_seats_own_observation(live: Live) -> None:
    gid, secrets = torres_after_an_acquisition(live, 55)
    room = live.service.rooms[gid]  # type: ignore[union-attr]
    for seat, secret in ((0, secrets[0]), (1, secrets[1]), (None, None)):
        v = live.view(gid, secret, svg=True)
        assert v["observation"] == room.state.observation(seat)
        assert v["svg"] == views_of(room.game).svg(room.state, seat)
        text = json.dumps(v)
        assert "seed" not in text and "secret" not in text
        for other in secrets:
            assert other not in text


def test_no_secret_and_no_hidden_card_in_the_server_log(tmp_path: Path, database: str) -> None:
    out = tmp_path / "server.log"
    server = ServerProcess(database, log_level="debug", output=out)
    live = server.start()
    try:
        gid, secrets = torres_after_an_acquisition(live, 99)
        with live.socket(gid, secrets[1], log=True) as ws:
            receive_state(ws)
        everything_seen(live, gid, secrets[0])
    finally:
        live.http.close()
        server.stop()
    text = out.read_text()
    assert "GET /api/games/" in text  # the access log was on
    for secret in secrets:
        assert secret not in text
    for word in ("keep ", "draw ", "return "):
        assert word not in text
