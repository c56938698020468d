"""A card dealt face down is named to no other seat on the board the server draws: Return to
Dark Tower's competitive game deals each hero four heroic tests that only that hero may read,
and the board's list of recent happenings, the log and the replay say "a hidden outcome" to
everybody else (the spectator too)."""

from __future__ import annotations

import json
from typing import Any

from tests.server.live import Live


def seen(live: Live, gid: str, secret: str | None) -> str:
    """Everything a viewer fetches of a game, as one text: the view with its SVG and log, and
    the replay of every step with its SVG."""
    headers = {"X-Seat-Secret": secret} if secret else {}
    view = live.http.get(
        f"/api/games/{gid}", params={"svg": "true", "log": "true"}, headers=headers
    ).json()
    out: list[Any] = [view]
    for step in range(view["ply"] + 1):
        out.append(
            live.http.get(
                f"/api/games/{gid}/replay", params={"step": step, "svg": "true"}, headers=headers
            ).json()
        )
    return json.dumps(out)


def test_the_heroic_tests_dealt_are_read_by_their_hero_alone(live: Live) -> None:
    created = live.create(
        "dark_tower",
        players=2,
        options={"mode": "competitive"},
        seats=[{"kind": "human"}] * 2,
        seed=4,
    )
    gid, secrets = created["id"], [s["secret"] for s in created["seats"]]
    tests = [live.view(gid, secrets[s])["observation"]["heroes"][s]["tests"] for s in (0, 1)]
    assert all(all(tests[s].values()) for s in (0, 1)), "the tests were not dealt"
    spectator = seen(live, gid, None)
    assert "heroic test dealt" not in spectator
    for seat in (0, 1):
        mine, theirs = seen(live, gid, secrets[seat]), tests[1 - seat]
        for name in theirs.values():
            if name not in tests[seat].values():
                assert name.replace("'", "&#x27;") not in mine and name not in mine, (seat, name)
                assert json.dumps(name)[1:-1] not in mine, (seat, name)
        assert all(json.dumps(n)[1:-1] in mine for n in tests[seat].values())
        assert all(json.dumps(n)[1:-1] not in spectator for n in tests[seat].values())
