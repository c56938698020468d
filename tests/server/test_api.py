"""The HTTP API: creating games, playing, and every refusal (4xx, nothing changed)."""

from __future__ import annotations

from typing import Any

import pytest

import towers
from tests.server.live import Live
from towers.core.record import replay
from towers.core.registry import views_of
from towers.games.torres import actions as A


def snapshot(live: Live, game_id: str) -> Any:
    """Everything stored about a game: its row, its log, and the state they make."""
    assert live.service is not None
    loaded = live.service.store.load(game_id)
    assert loaded is not None
    row, log = loaded
    state = live.service._build_room(row, log).state.to_json()
    return (row.ply, state, row.seats, row.status, [(r.ply, r.action, r.actor) for r in log])


def torres_vs(live: Live, bot: str = "random", seed: int = 5, **extra: Any) -> tuple[str, str]:
    g = live.create(
        "torres", players=2, seats=[{"kind": "human"}, {"kind": bot}], seed=seed, **extra
    )
    return g["id"], g["seats"][0]["secret"]


def two_humans(live: Live, game: str = "torres", seed: int = 11) -> tuple[str, list[str]]:
    g = live.create(game, players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=seed)
    return g["id"], [s["secret"] for s in g["seats"]]


# ---- catalog and creation ------------------------------------------------------------------
def test_catalog_lists_every_registered_game_and_bot(live: Live) -> None:
    cat = live.http.get("/api/catalog").json()
    names = {g["name"] for g in cat["games"]}
    assert set(towers.list_games()) <= names
    torres = next(g for g in cat["games"] if g["name"] == "torres")
    assert (torres["min_players"], torres["max_players"]) == (2, 4)
    variant = next(o for o in torres["options"] if o["name"] == "variant")
    assert variant["choices"] == ["basic", "common_deck", "master"]
    assert {"random", "greedy", "mcts"} <= {b["name"] for b in cat["bots"]}
    mcts = next(b for b in cat["bots"] if b["name"] == "mcts")
    assert "seconds" in mcts["params"]
    assert cat["seat_kinds"][0] == "human"


def test_create_gives_a_secret_and_link_to_human_seats_only(live: Live) -> None:
    g = live.create(
        "torres",
        players=3,
        options={"variant": "common_deck"},
        seats=[
            {"kind": "human", "name": "Ann"},
            {"kind": "mcts", "params": {"seconds": 0.05}},
            {"kind": "human"},
        ],
    )
    assert [s["kind"] for s in g["seats"]] == ["human", "mcts", "human"]
    assert g["seats"][0]["name"] == "Ann"
    assert g["seats"][0]["link"] == f"/game/{g['id']}#seat=0&secret={g['seats'][0]['secret']}"
    assert "secret" not in g["seats"][1] or g["seats"][1]["secret"] is None
    assert len({g["seats"][0]["secret"], g["seats"][2]["secret"]}) == 2
    assert g["spectator_link"] == f"/game/{g['id']}"
    v = live.view(g["id"])
    assert v["options"]["variant"] == "common_deck"
    assert v["players"] == 3
    # the secrets are stored only as hashes
    row = live.service.store.load(g["id"])[0]  # type: ignore[union-attr]
    assert g["seats"][0]["secret"] not in str(row.secrets)


def test_every_game_can_be_created_with_its_defaults(live: Live) -> None:
    for name in towers.list_games():
        g = live.create(name)
        v = live.view(g["id"])
        assert v["game"] == name and v["status"] == "playing"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "torres", "seats": [{"kind": "human", "name": "a\u0000b"}] * 2}, "printable"),
        ({"game": "torres", "players": "two"}, "players"),
        ({"game": "torres", "options": {"variant": "speed"}}, "not allowed"),
        ({"game": "torres", "options": {"colour": "red"}}, "no option colour"),
        ({"game": "torres", "players": 2, "seats": [{"kind": "human"}]}, "1 seats"),
        ({"game": "torres", "seats": [{"kind": "human"}, {"kind": "wizard"}]}, "unknown seat kind"),
        (
            {"game": "torres", "seats": [{"kind": "human"}, {"kind": "mcts", "params": {"c": -1}}]},
            "mcts: c",
        ),
        (
            {
                "game": "torres",
                "seats": [{"kind": "human"}, {"kind": "greedy", "params": {"x": 1}}],
            },
            "seat 1",
        ),
        (
            {
                "game": "torres",
                "seats": [{"kind": "human"}, {"kind": "mcts", "params": {"seconds": "long"}}],
            },
            "seconds must be a number",
        ),
        (
            {"game": "torres", "seats": [{"kind": "human", "params": {"a": 1}}, {"kind": "human"}]},
            "no parameters",
        ),
        ({"game": "torres", "surprise": True}, "surprise"),
        ({"players": 2}, "game"),
    ],
)
def test_bad_creation_is_refused_with_400(live: Live, body: dict[str, Any], words: str) -> None:
    before = len(live.http.get("/api/games", params={"limit": 200}).json())
    r = live.http.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "malformed"
    assert words in r.json()["message"]
    assert len(live.http.get("/api/games", params={"limit": 200}).json()) == before


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/nothing", 404, "not_found"),
        ("GET", "/nowhere/at/all", 404, "not_found"),
        ("DELETE", "/api/games", 405, "method_not_allowed"),
        ("PATCH", "/api/catalog", 405, "method_not_allowed"),
        ("GET", "/static/no-such-file.js", 404, "not_found"),
    ],
)
def test_unknown_routes_answer_in_the_api_format(
    live: Live, method: str, path: str, status: int, code: str
) -> None:
    r = live.http.request(method, path)
    assert r.status_code == status
    assert r.json()["error"] == code and r.json()["message"]


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"", b"[1, 2", b"\xff\xfe", b'"a string"', b"null", b"[]", b"{}" * 3],
)
def test_bodies_that_do_not_parse_answer_in_the_api_format(live: Live, content: bytes) -> None:
    for path in ("/api/games", "/api/games/xyz/actions", "/api/games/xyz/undo"):
        r = live.http.post(path, content=content, headers={"Content-Type": "application/json"})
        assert r.status_code in (400, 404), (path, content, r.text)
        assert set(r.json()) >= {"error", "message"}


def test_a_body_too_large_is_refused_before_it_is_read(live: Live) -> None:
    before = len(live.http.get("/api/games", params={"limit": 200}).json())
    body = b'{"game": "torres", "options": {"x": "' + b"a" * 100_000 + b'"}}'
    r = live.http.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    assert len(live.http.get("/api/games", params={"limit": 200}).json()) == before


@pytest.mark.parametrize("players", [0, 1, 5, 7, 65])
def test_a_player_count_out_of_range_is_422(live: Live, players: int) -> None:
    r = live.http.post("/api/games", json={"game": "torres", "players": players})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "out_of_range"
    if 1 <= players <= 64:
        assert "2 to 4 players" in r.json()["message"]


def test_malformed_json_is_400(live: Live) -> None:
    r = live.http.post(
        "/api/games", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400
    assert r.json()["error"] == "malformed"


# ---- viewing -------------------------------------------------------------------------------
def test_unknown_game_is_404_everywhere(live: Live) -> None:
    for method, path, body in [
        ("GET", "/api/games/nope", None),
        ("POST", "/api/games/nope/actions", {"ply": 0, "action": 0}),
        ("POST", "/api/games/nope/undo", {"ply": 0}),
        ("PUT", "/api/games/nope/seats/0", {"kind": "random"}),
        ("GET", "/api/games/nope/replay?step=0", None),
    ]:
        r = live.http.request(method, path, json=body, headers={"X-Seat-Secret": "x"})
        assert r.status_code == 404, (path, r.text)
        assert r.json()["error"] == "unknown_game"


def test_wrong_secret_is_403_everywhere_and_changes_nothing(live: Live) -> None:
    gid, secret = torres_vs(live)
    v = live.view(gid, secret)
    before = snapshot(live, gid)
    bad = {"X-Seat-Secret": secret[:-1] + ("A" if secret[-1] != "A" else "B")}
    for method, path, body in [
        ("GET", f"/api/games/{gid}", None),
        ("POST", f"/api/games/{gid}/actions", {"ply": v["ply"], "action": v["legal"][0]["action"]}),
        ("POST", f"/api/games/{gid}/undo", {"ply": v["ply"]}),
        ("PUT", f"/api/games/{gid}/seats/0", {"kind": "random"}),
        ("GET", f"/api/games/{gid}/replay?step=0", None),
    ]:
        r = live.http.request(method, path, json=body, headers=bad)
        assert r.status_code == 403, (path, r.text)
        assert r.json()["error"] == "wrong_secret"
    assert snapshot(live, gid) == before


def test_missing_secret_is_401_for_what_needs_a_seat(live: Live) -> None:
    gid, secret = torres_vs(live)
    v = live.view(gid, secret)
    before = snapshot(live, gid)
    r = live.act(gid, None, ply=v["ply"], action=v["legal"][0]["action"])
    assert r.status_code == 401 and r.json()["error"] == "missing_secret"
    assert live.undo(gid, None, v["ply"]).status_code == 401
    assert live.set_seat(gid, None, 0, kind="random").status_code == 401
    assert snapshot(live, gid) == before


def test_spectator_sees_the_public_view_only(live: Live) -> None:
    gid, secret = torres_vs(live)
    spectator = live.view(gid, svg=True, log=True)
    seat = live.view(gid, secret, svg=True, log=True)
    state = live.service.rooms[gid].state  # type: ignore[union-attr]
    assert spectator["you"] is None
    assert spectator["observation"] == state.observation(None)
    assert seat["observation"] == state.observation(0)
    assert spectator["legal"] == [] and not spectator["your_turn"]
    assert "hand" not in spectator["observation"]
    assert seat["legal"] and seat["your_turn"]
    assert 'id="card-' not in spectator["svg"] and 'id="deck"' not in spectator["svg"]
    assert 'id="deck"' in seat["svg"]


def test_legal_actions_carry_words_and_board_targets(live: Live) -> None:
    gid, secret = torres_vs(live)
    v = live.view(gid, secret)
    for entry in v["legal"]:
        assert entry["text"] == A.to_string(entry["action"])
        assert entry["targets"] == views_of(towers.make("torres")).targets(entry["action"])
    first = v["legal"][0]
    assert first["targets"] == [f"sq-{first['text'].split()[-1]}"]


# ---- acting ----------------------------------------------------------------------------------
def test_an_action_by_number_or_in_words(live: Live) -> None:
    gid, secret = torres_vs(live, seed=8)
    v = live.view(gid, secret)
    r = live.act(gid, secret, ply=v["ply"], text=v["legal"][1]["text"])
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["ply"] > v["ply"]
    log = live.view(gid, secret, log=True)["log"]
    game = towers.make("torres", players=2)
    views, start = views_of(game), game.new_initial_state()
    assert log[0] == {
        "ply": 0,
        "actor": 0,
        "who": "Red",
        "chapter": views.chapter(start),
        "text": views.log_words(start, v["legal"][1]["action"]),  # its words and result
    }


def test_refusals_change_nothing(live: Live) -> None:
    gid, secrets = two_humans(live)
    v = live.view(gid, secrets[0])
    ply = v["ply"]
    legal = [e["action"] for e in v["legal"]]
    illegal = next(a for a in range(A.NUM_ACTIONS) if a not in legal)
    before = snapshot(live, gid)
    cases = [
        (secrets[1], {"ply": ply, "action": legal[0]}, 409, "not_your_turn"),
        (secrets[0], {"ply": ply + 1, "action": legal[0]}, 409, "stale"),
        (secrets[0], {"ply": ply + 3, "action": legal[0]}, 409, "stale"),
        (secrets[0], {"ply": -1, "action": legal[0]}, 422, "out_of_range"),
        (secrets[0], {"ply": 2**31, "action": legal[0]}, 422, "out_of_range"),
        (secrets[0], {"ply": ply, "action": illegal}, 422, "illegal_action"),
        (secrets[0], {"ply": ply, "action": A.NUM_ACTIONS + 5}, 422, "out_of_range"),
        (secrets[0], {"ply": ply, "action": -1}, 422, "out_of_range"),
        (secrets[0], {"ply": ply, "action": 2**63}, 422, "out_of_range"),
        (secrets[0], {"ply": ply, "text": "fly to the moon"}, 400, "malformed"),
        (secrets[0], {"ply": ply}, 400, "malformed"),
        (secrets[0], {"ply": ply, "action": legal[0], "text": "end turn"}, 400, "malformed"),
        (secrets[0], {"ply": ply, "action": True}, 400, "malformed"),
        (secrets[0], {"ply": ply, "action": "3"}, 400, "malformed"),
        (secrets[0], {"action": legal[0]}, 400, "malformed"),
        (secrets[0], {"ply": ply, "action": legal[0], "extra": 1}, 400, "malformed"),
    ]
    for secret, body, status, code in cases:
        r = live.act(gid, secret, **body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"] == code, (body, r.text)
        assert r.json()["message"]
    assert snapshot(live, gid) == before


def test_an_illegal_action_is_explained_with_the_rulebook_section(live: Live) -> None:
    gid, secret = torres_vs(live, seed=21)
    v = live.view(gid, secret)
    # place the first knight, then try to place a block during setup of the bot
    r = live.act(gid, secret, ply=v["ply"], text="end turn")
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "illegal_action"
    assert body["rule"].startswith("Torres")
    assert body["rule"] in body["message"]
    assert body["allowed"] and body["allowed_total"] >= len(body["allowed"])


def test_bot_moves_come_after_the_human_and_a_finished_game_refuses_moves(live: Live) -> None:
    gid, secret = torres_vs(live, seed=4)
    v = live.view(gid, secret)
    while v["status"] == "playing":
        assert v["your_turn"]
        # end the turn quickly, else the first legal action
        words = [e for e in v["legal"] if e["text"] == "end turn"] or v["legal"][:1]
        r = live.act(gid, secret, ply=v["ply"], action=words[0]["action"])
        assert r.status_code == 200, r.text
        v = live.wait(gid, lambda x: x["your_turn"] or x["status"] == "over", secret)
    state = replay_from_store(live, gid)
    assert v["scores"] == state.scores()
    assert v["winners"] == state.winners()
    assert v["current_player"] == -4 and v["legal"] == []
    r = live.act(gid, secret, ply=v["ply"], text="end turn")
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    r = live.undo(gid, secret, v["ply"])
    assert r.status_code == 409
    r = live.set_seat(gid, secret, 0, kind="random")
    assert r.status_code == 409


def replay_from_store(live: Live, gid: str) -> Any:
    row, log = live.service.store.load(gid)  # type: ignore[union-attr,misc]
    record = {
        "format": "towers-game/1",
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "history": [r.action for r in log],
    }
    return replay(record)


def test_chance_outcomes_are_logged_and_replay_exactly(live: Live) -> None:
    gid, secret = torres_vs(live, seed=9)
    v = live.view(gid, secret)
    while v["your_turn"] and "acquire card" not in [e["text"] for e in v["legal"]]:
        r = live.act(gid, secret, ply=v["ply"], action=v["legal"][0]["action"])
        v = live.wait(gid, lambda x: x["your_turn"], secret)
    r = live.act(gid, secret, ply=v["ply"], text="acquire card")
    assert r.status_code == 200
    after = r.json()
    assert len(after["observation"]["drawn"]) == 3
    state = replay_from_store(live, gid)
    assert state.observation(0) == after["observation"]
    row, log = live.service.store.load(gid)  # type: ignore[union-attr,misc]
    assert [r.actor for r in log[-3:]] == [-1, -1, -1]  # the three draws are in the log


# ---- replay ----------------------------------------------------------------------------------
def test_replay_steps_through_the_game_as_the_seat_saw_it(live: Live) -> None:
    gid, secret = torres_vs(live, seed=12)
    v = live.view(gid, secret)
    for _ in range(3):
        live.act(gid, secret, ply=v["ply"], action=v["legal"][0]["action"])
        v = live.wait(gid, lambda x: x["your_turn"], secret)
    state = replay_from_store(live, gid)
    history = state.history()
    game = towers.make("torres", players=2)
    for step in range(len(history) + 1):
        r = live.http.get(
            f"/api/games/{gid}/replay",
            params={"step": step, "svg": "true"},
            headers={"X-Seat-Secret": secret},
        )
        assert r.status_code == 200
        body = r.json()
        s = game.new_initial_state()
        for a in history[:step]:
            s.apply_action(a)
        assert body["observation"] == s.observation(0)
        assert body["svg"] == views_of(game).svg(s, 0)
        assert len(body["log"]) == step and body["total"] == len(history)
    for bad, status in ((-1, 422), (len(history) + 1, 404), (2**31, 422)):
        r = live.http.get(f"/api/games/{gid}/replay", params={"step": bad})
        assert r.status_code == status, r.text


# ---- the documented API ---------------------------------------------------------------------
def test_openapi_documents_every_endpoint(live: Live) -> None:
    spec = live.http.get("/openapi.json").json()
    paths = spec["paths"]
    for path in (
        "/api/catalog",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/seats/{seat}",
        "/api/games/{game_id}/replay",
    ):
        assert path in paths, path
    assert "409" in paths["/api/games/{game_id}/actions"]["post"]["responses"]
    assert live.http.get("/docs").status_code == 200


def test_pages_and_static_files_are_served(live: Live) -> None:
    assert "New game" in live.http.get("/").text
    assert "game.js" in live.http.get("/game/anything").text
    for name in ("app.css", "index.js", "game.js"):
        assert live.http.get(f"/static/{name}").status_code == 200


def test_the_game_page_and_the_lesson_page_carry_the_shared_help_once(live: Live) -> None:
    """The help card and "How this game goes" are written once (help-dialogs.html) and served
    inside both pages in place of their include line."""
    for url in ("/game/anything", "/learn/torres", "/learn/torres/1"):
        text = live.http.get(url).text
        assert text.count('id="help-card"') == 1, url
        assert text.count('<dialog id="howto"') == 1, url
        assert "<!-- include" not in text, url
        assert text.index('id="howto"') < text.index('<script src="/static/help.js">'), url


def test_the_view_the_catalog_and_refusals_name_seats_as_the_game_does(live: Live) -> None:
    """A seat is named by the game's name for it (``Views.seat_name``), its player's name
    beside: in the view, the replay, the log, the created game's seats, the catalog (for each
    player count) and the words of a refusal; the seat number stays an id."""
    cat = live.http.get("/api/catalog").json()
    names = {g["name"]: g["seat_names"] for g in cat["games"]}
    assert names["torres"]["4"] == ["Red", "Blue", "Green", "Yellow"]
    assert names["dark_tower"]["2"] == ["Brutal Warlord", "Relic Hunter"]
    for game, by_count in names.items():
        for count, seats in by_count.items():
            made = views_of(towers.make(game, players=int(count))).seat_names()
            assert seats == made and len(set(seats)) == len(seats)
    g = live.create(
        "torres", players=2, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}], seed=3
    )
    assert [s["seat_name"] for s in g["seats"]] == ["Red", "Blue"]
    gid, secrets = g["id"], [s["secret"] for s in g["seats"]]
    v = live.view(gid, secrets[0], log=True)
    assert v["seat_names"] == ["Red", "Blue"]
    legal = v["legal"][0]["action"]
    r = live.act(gid, secrets[1], ply=v["ply"], action=legal)
    assert r.status_code == 409 and r.json()["message"] == "it is Red (Ann)'s turn, not Blue's"
    assert live.act(gid, secrets[0], ply=v["ply"], action=legal).status_code == 200
    log = live.view(gid, secrets[0], log=True)["log"]
    assert {e["who"] for e in log} <= {"Red (Ann)", "Blue", "chance"} and log[-1][
        "who"
    ] == "Red (Ann)"
    step = live.http.get(f"/api/games/{gid}/replay", params={"step": 0}).json()
    assert step["seat_names"] == ["Red", "Blue"]
