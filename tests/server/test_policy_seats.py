"""A trained policy is code as much as data, so a server seats the policy bot only with a file
from the folder its operator names (TOWERS_POLICY_DIR), and lists the bot only then."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.live import Live
from towers.agents.policy import POLICY_DIR


def _policy_seat(live: Live, path: str) -> tuple[int, dict[str, object]]:
    r = live.http.post(
        "/api/games",
        json={
            "game": "torres",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "policy", "params": {"path": path}}],
        },
    )
    return r.status_code, r.json()


def test_without_a_policy_folder_the_bot_is_neither_listed_nor_seated(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(POLICY_DIR, raising=False)
    names = {b["name"] for b in live.http.get("/api/catalog").json()["bots"]}
    assert "policy" not in names and "mcts" in names
    status, body = _policy_seat(live, "/etc/passwd")
    assert status == 400 and body["field"] == "seats", body
    assert "offers no trained policies" in str(body)


def test_with_a_policy_folder_only_its_files_are_seated(
    live: Live, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "torres-a.zip").write_bytes(b"not loaded by this test")
    monkeypatch.setenv(POLICY_DIR, str(tmp_path))
    bots = {b["name"]: b for b in live.http.get("/api/catalog").json()["bots"]}
    assert bots["policy"]["params"]["path"]["type"] == "string"
    for outside in ("../etc/passwd", "/etc/passwd", "missing.zip"):
        status, body = _policy_seat(live, outside)
        assert status == 400 and body["field"] == "seats", body
        assert "offers torres-a.zip" in str(body)
