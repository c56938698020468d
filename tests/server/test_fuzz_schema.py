"""The published schema says exactly what the API takes: integer bounds as integers, every
method a path takes in its Allow header, and that an action is given by number or in words."""

from __future__ import annotations

import pytest

from tests.server.live import Live
from towers.server.schemas import MAX_INT, MAX_SEED

HUMAN = {"kind": "human"}


def test_integer_bounds_are_published_as_integers(live: Live) -> None:
    text = live.http.get("/openapi.json").text
    assert "e+18" not in text and "9.223372036854776e18" not in text
    assert str(MAX_SEED) in text
    spec = live.http.get("/openapi.json").json()
    seed = spec["components"]["schemas"]["CreateGame"]["properties"]["seed"]["anyOf"][0]
    assert seed == {"type": "integer", "minimum": 0, "maximum": MAX_SEED}
    ply = spec["components"]["schemas"]["ActionRequest"]["properties"]["ply"]
    assert type(ply["maximum"]) is int and ply["maximum"] == MAX_INT


@pytest.mark.parametrize("seed", [22.0, 22, float(MAX_SEED // 2**20 * 2**20)])
def test_a_seed_the_schema_calls_an_integer_is_accepted(live: Live, seed: float) -> None:
    r = live.http.post("/api/games", json={"game": "torres", "seed": seed, "players": 2.0})
    assert r.status_code == 201, r.text


@pytest.mark.parametrize("seed", ["22", 22.5, True])
def test_a_seed_that_is_not_a_whole_number_is_refused_saying_so(live: Live, seed: object) -> None:
    r = live.http.post("/api/games", json={"game": "torres", "seed": seed})
    assert r.status_code == 400, r.text
    assert "seed" in r.json()["message"] and "whole number" in r.json()["message"]


def test_the_schema_says_an_action_is_a_number_or_words_not_both(live: Live) -> None:
    spec = live.http.get("/openapi.json").json()
    one_of = spec["components"]["schemas"]["ActionRequest"]["oneOf"]
    assert sorted(tuple(branch["required"]) for branch in one_of) == [("action",), ("text",)]
    g = live.create("torres", players=2, seats=[HUMAN, HUMAN], seed=3)
    secret = g["seats"][0]["secret"]
    for body in ({"ply": 0}, {"ply": 0, "action": 1, "text": "end turn"}, {"ply": 0, "text": None}):
        r = live.act(g["id"], secret, **body)
        assert r.status_code == 400 and "exactly one" in r.json()["message"], (body, r.text)
    r = live.act(g["id"], secret, ply=0, text="end turn", action=None)
    assert r.status_code in (200, 422), r.text  # words alone: played, or refused by the rules


def declared(spec: dict, path: str) -> set[str]:
    return {m.upper() for m in spec["paths"][path]}


def test_options_lists_every_method_a_path_takes(live: Live) -> None:
    spec = live.http.get("/openapi.json").json()
    g = live.create("torres", seed=3)["id"]
    for template in spec["paths"]:
        path = template.replace("{game_id}", g).replace("{seat}", "0")
        r = live.http.options(path)
        assert r.status_code == 204, (path, r.text)
        allowed = {m.strip() for m in r.headers["allow"].split(",")}
        assert allowed == declared(spec, template) | {"OPTIONS"}, path
        r = live.http.request("DELETE", path)
        assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"
        assert {m.strip() for m in r.headers["allow"].split(",")} == declared(spec, template)
        for method in declared(spec, template):
            assert method in r.json()["message"], (path, r.text)


def test_the_play_endpoints_are_linked(live: Live) -> None:
    spec = live.http.get("/openapi.json").json()
    created = spec["paths"]["/api/games"]["post"]["responses"]["201"]["links"]
    targets = {link["operationId"] for link in created.values()}
    ids = {
        op["operationId"]: (path, method)
        for path, ops in spec["paths"].items()
        for method, op in ops.items()
    }
    assert targets <= set(ids)
    assert {ids[t][0] for t in targets} >= {
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/seats/{seat}",
        "/api/games/{game_id}/replay",
    }
