"""Companion sessions on the server: started, played, refused, undone, connected to a tower,
and picked up again by a restarted server from its store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import live_server


def entry(http: httpx.Client, gid: str, view: dict[str, Any], k: int = 0) -> dict[str, Any]:
    r = http.post(
        f"/api/companion/{gid}/entries",
        json={"ply": view["ply"], "action": view["entries"][k]["action"]},
    )
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_session_survives_a_server_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with live_server(db) as live:
        r = live.http.post("/api/companion", json={"players": 2, "seed": 6})
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
        view = live.http.get(f"/api/companion/{gid}").json()
        assert view["waiting"]["table"] and "treasure" in view["waiting"]["ask"]
        for _ in range(6):
            view = entry(live.http, gid, view)
        before = view
    with live_server(db) as again:
        view = again.http.get(f"/api/companion/{gid}").json()
        assert view["ply"] == before["ply"]
        assert view["history"] == before["history"]
        assert view["entries"] == before["entries"]
        assert any("Month 1 of 6" in m for m in view["messages"])
        view = entry(again.http, gid, view)
        assert view["ply"] > before["ply"]


def test_a_session_with_another_main_goal_announces_it(tmp_path: Path) -> None:
    with live_server(f"sqlite:///{tmp_path / 'g.sqlite3'}") as live:
        http = live.http
        goals = next(
            o for o in http.get("/api/companion/setup").json()["options"] if o["name"] == "goal"
        )
        assert goals["default"] == "recover-azkols-treasures"
        assert "Break Grigor's Ensorcellment" in goals["names"]
        body = {"players": 2, "seed": 6, "options": {"goal": "break-grigors-ensorcellment"}}
        r = http.post("/api/companion", json=body)
        assert r.status_code == 200, r.text
        view = http.get(f"/api/companion/{r.json()['id']}").json()
        said = "\n".join(view["messages"])
        assert "Break Grigor's Ensorcellment against Ashstrider" in said
        assert "Main goal: Break Grigor's Ensorcellment, with " in said
        assert "Recover Azkol" not in said
        bad = http.post("/api/companion", json={"options": {"goal": "slay-the-moon"}})
        assert bad.status_code == 400
        message = bad.json()["message"]
        assert "slay-the-moon" in message and "recover-azkols-treasures" in message
        assert "\n" not in message


def test_refusals_are_one_line_and_change_nothing(tmp_path: Path) -> None:
    with live_server(f"sqlite:///{tmp_path / 'g.sqlite3'}") as live:
        http = live.http
        assert http.post("/api/companion", json={"game": "torres"}).status_code == 400
        bad = http.post("/api/companion", json={"options": {"difficulty": "easy"}})
        assert bad.status_code == 400 and "difficulty" in bad.json()["message"]
        gid = http.post("/api/companion", json={"players": 2, "seed": 6}).json()["id"]
        view = http.get(f"/api/companion/{gid}").json()
        wrong = http.post(f"/api/companion/{gid}/entries", json={"ply": view["ply"], "action": 1})
        assert wrong.status_code == 400
        assert "cannot be entered now" in wrong.json()["message"]
        assert "\n" not in wrong.json()["message"]
        stale = http.post(
            f"/api/companion/{gid}/entries",
            json={"ply": view["ply"] + 3, "action": view["entries"][0]["action"]},
        )
        assert stale.status_code == 409
        nothing = http.post(f"/api/companion/{gid}/undo", json={"ply": view["ply"]})
        assert nothing.status_code == 400 and "nothing to undo" in nothing.json()["message"]
        tower = http.post(f"/api/companion/{gid}/tower", json={"kind": "ble"})
        assert tower.status_code == 400 and "simulated tower" in tower.json()["message"]
        assert http.get(f"/api/companion/{gid}").json()["history"] == view["history"]
        assert http.get("/api/companion/nosuchgame").status_code == 404


def test_undo_on_the_server_takes_back_the_last_entry_of_the_turn(tmp_path: Path) -> None:
    with live_server(f"sqlite:///{tmp_path / 'g.sqlite3'}") as live:
        http = live.http
        gid = http.post("/api/companion", json={"players": 2, "seed": 6}).json()["id"]
        view = http.get(f"/api/companion/{gid}").json()
        for _ in range(200):
            names = [e["name"] for e in view["entries"]]
            if "banner" in names and "done" in names:
                break
            view = entry(http, gid, view)
        start = view
        view = entry(http, gid, view, [e["name"] for e in view["entries"]].index("done"))
        assert view["can_undo"]
        r = http.post(f"/api/companion/{gid}/undo", json={"ply": view["ply"]})
        assert r.status_code == 200, r.text
        assert r.json()["history"] == start["history"]
        assert r.json()["latest"][0] == "Undone: done."


def test_a_session_takes_whole_numbers_as_the_schema_states_them(tmp_path: Path) -> None:
    """``22.0`` is an integer to JSON Schema, as everywhere in the API; ``"2"`` is not."""
    with live_server(f"sqlite:///{tmp_path / 'g.sqlite3'}") as live:
        r = live.http.post("/api/companion", json={"players": 2.0, "seed": 22.0})
        assert r.status_code == 200, r.text
        for bad in ({"players": "2"}, {"players": 2.5}, {"seed": True}, {"players": 99}):
            r = live.http.post("/api/companion", json=bad)
            assert r.status_code in (400, 422), (bad, r.text)
            assert "players" in r.text or "seed" in r.text


def test_a_real_tower_is_remembered_across_a_restart_and_nothing_is_drawn_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session whose real tower was connected comes back after a restart asking the table
    where skulls come out (as a tower worked by hand) and saying to connect the tower again;
    a simulated tower never draws in its place."""
    from tests.companion.helpers import TableTower
    from towers.games.dark_tower.tower import SimulatedTower, Tower

    def open_device(kind: str, tower: Tower | None = None) -> Any:
        return TableTower() if kind == "ble" else SimulatedTower(tower)

    monkeypatch.setattr("towers.server.companion.open_device", open_device)
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    with live_server(db) as live:
        gid = live.http.post("/api/companion", json={"players": 2, "seed": 3}).json()["id"]
        r = live.http.post(f"/api/companion/{gid}/tower", json={"kind": "ble"})
        assert r.status_code == 200, r.text
        view = r.json()
        for _ in range(300):  # the table enters until it is asked where a skull came out
            if "skull come out" in (view["waiting"] or {}).get("ask", ""):
                break
            view = entry(live.http, gid, view)
        else:
            raise AssertionError("the table was never asked where a skull came out")
    with live_server(db) as live:
        again = live.http.get(f"/api/companion/{gid}").json()
        assert again["ply"] == view["ply"], "a tower drew what the table's tower decides"
        assert "skull come out" in again["waiting"]["ask"]
        assert again["tower"]["kind"] == "manual"
        assert any("connect it again" in line for line in again["messages"][-3:]), again[
            "messages"
        ][-3:]
