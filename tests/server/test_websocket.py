"""The WebSocket: live states for every watcher, and refusals sent to the sender only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.live import Live, receive, receive_state
from tests.server.test_api import snapshot, two_humans
from tests.server.test_undo_seats import torres_at_first_turn
from towers.core.registry import views_of


def refused(ws: Any, code: str, status: int) -> dict[str, Any]:
    msg = receive(ws)
    while msg["type"] == "state":
        msg = receive(ws)
    assert msg["type"] == "error", msg
    assert msg["error"] == code and msg["status"] == status, msg
    assert msg["message"]
    return msg


class LogReader:
    """Keeps a client's copy of the log from state messages (``log_from`` trims, ``log`` adds)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        del self.entries[message["log_from"] :]
        self.entries.extend(message["log"])
        return message

    def until(self, ws: Any, size: int) -> list[dict[str, Any]]:
        """Read states until the log holds ``size`` entries (it may follow the state)."""
        while len(self.entries) < size:
            self.take(receive_state(ws))
        return self.entries


def closed_with(ws: Any, code: int) -> None:
    with pytest.raises(ConnectionClosed) as info:
        while True:
            ws.recv(timeout=10)
    assert info.value.rcvd is not None and info.value.rcvd.code == code


def test_hello_with_a_wrong_secret_is_refused_and_closed(live: Live) -> None:
    gid, _ = two_humans(live)
    with live.socket(gid, "not-a-secret") as ws:
        refused(ws, "wrong_secret", 403)
        closed_with(ws, 4403)


def test_hello_for_an_unknown_game_is_refused_and_closed(live: Live) -> None:
    with live.socket("no-such-game", None) as ws:
        refused(ws, "unknown_game", 404)
        closed_with(ws, 4404)


def test_a_first_message_that_is_not_hello_is_refused(live: Live) -> None:
    gid, secrets = two_humans(live)
    for first in (
        "[1, 2]",
        "not json",
        json.dumps({"type": "action", "ply": 0, "action": 1}),
        json.dumps({"type": "hello", "secret": 5}),
    ):
        with live.socket(gid, send_hello=False) as ws:
            ws.send(first)
            refused(ws, "malformed", 400)
            closed_with(ws, 4400)


def test_every_watcher_gets_the_new_state_as_its_own_seat_sees_it(live: Live) -> None:
    gid, secrets = two_humans(live, seed=31)
    with (
        live.socket(gid, secrets[0], svg=True, log=True, board="pieces") as a,
        live.socket(gid, secrets[1], log=True) as b,
        live.socket(gid, None, svg=True, log=True, board="pieces") as c,
    ):
        logs = [LogReader(), LogReader(), LogReader()]
        sa, sb, sc = (r.take(receive_state(ws)) for r, ws in zip(logs, (a, b, c), strict=True))
        assert sa["your_turn"] and not sb["your_turn"] and sc["you"] is None
        assert sa["log_from"] == 0 and sa["log"] == []
        # the board comes as pieces (the first time all of them), joined the svg of the seat
        assert "svg" not in sa and "board" not in sb
        room = live.service.rooms[gid]  # type: ignore[union-attr]
        pieces = sa["board"]["changed"]
        assert [i for i, _ in pieces] == list(range(sa["board"]["size"]))
        assert "".join(p for _, p in pieces) == views_of(room.game).svg(room.state, 0)
        action = sa["legal"][0]
        a.send(json.dumps({"type": "action", "ply": sa["ply"], "action": action["action"]}))
        na = logs[0].take(receive_state(a, lambda m: m["ply"] > sa["ply"]))
        nb = logs[1].take(receive_state(b, lambda m: m["ply"] > sa["ply"]))
        nc = logs[2].take(receive_state(c, lambda m: m["ply"] > sa["ply"]))
        room = live.service.rooms[gid]  # type: ignore[union-attr]
        assert na["observation"] == room.state.observation(0)
        assert nb["observation"] == room.state.observation(1)
        assert nc["observation"] == room.state.observation(None)
        assert nb["your_turn"] and nb["legal"] and not na["legal"]
        start = room.game.new_initial_state()  # Torres begins with seat 0's decision
        views = views_of(room.game)
        entry = {
            "ply": 0,
            "actor": 0,
            "who": views.seat_name(0),
            "chapter": views.chapter(start),
            "text": views.log_words(start, action["action"]),
        }
        for reader, ws in zip(logs, (a, b, c), strict=True):
            assert reader.until(ws, 1) == [entry]
        # a move changes some of the board's pieces only; the others are not sent again
        assert 0 < len(na["board"]["changed"]) < na["board"]["size"]
        # the next state carries only the new log entries
        b.send(json.dumps({"type": "action", "ply": nb["ply"], "action": nb["legal"][0]["action"]}))
        # later states carry only the new log entries
        while True:
            nnc = receive_state(c)
            if nnc["log"]:
                break
        assert nnc["log_from"] == 1 and [e["ply"] for e in nnc["log"]] == [1]


def test_refusals_go_to_the_sender_only_and_change_nothing(live: Live) -> None:
    gid, secrets = two_humans(live, seed=37)
    with (
        live.socket(gid, secrets[0]) as a,
        live.socket(gid, secrets[1]) as b,
        live.socket(gid, None) as spectator,
    ):
        sa = receive_state(a)
        receive_state(b)
        receive_state(spectator)
        before = snapshot(live, gid)
        ply = sa["ply"]
        legal = sa["legal"][0]["action"]
        cases = [
            (b, {"type": "action", "ply": ply, "action": legal}, "not_your_turn", 409),
            (a, {"type": "action", "ply": ply + 1, "action": legal}, "stale", 409),
            (a, {"type": "action", "ply": ply, "text": "end turn"}, "illegal_action", 422),
            (a, {"type": "action", "ply": ply, "text": "sing"}, "malformed", 400),
            (a, {"type": "action", "ply": ply}, "malformed", 400),
            (a, {"type": "action", "ply": "0", "action": legal}, "malformed", 400),
            (a, {"type": "dance"}, "malformed", 400),
            (a, {"type": "action", "ply": -1, "action": legal}, "out_of_range", 422),
            (a, {"type": "action", "ply": ply, "action": 2**40}, "out_of_range", 422),
            (a, {"type": "action", "ply": ply, "action": 10**6}, "out_of_range", 422),
            (a, {"type": "undo", "ply": 2**63}, "out_of_range", 422),
            (a, {"type": "undo", "ply": ply}, "cannot_undo", 409),
            (spectator, {"type": "action", "ply": ply, "action": legal}, "missing_secret", 401),
            (spectator, {"type": "undo", "ply": ply}, "missing_secret", 401),
        ]
        for ws, message, code, status in cases:
            ws.send(json.dumps(message))
            refused(ws, code, status)
        a.send("{{{")
        refused(a, "malformed", 400)
        a.send(json.dumps({"type": "ping"}))
        assert receive(a) == {"type": "pong"}
        assert snapshot(live, gid) == before
        # nobody else heard of the refusals: their next message is the next real state
        a.send(json.dumps({"type": "action", "ply": ply, "action": legal}))
        nxt = receive(b)
        assert nxt["type"] == "state" and nxt["ply"] == ply + 1


def test_undo_over_the_socket_trims_everyones_log(live: Live) -> None:
    gid, secrets = torres_at_first_turn(live, seed=41)
    with live.socket(gid, secrets[0], log=True) as a, live.socket(gid, None, log=True) as c:
        sa = receive_state(a)
        receive_state(c)
        move = next(e for e in sa["legal"] if e["text"].startswith("block"))
        a.send(json.dumps({"type": "action", "ply": sa["ply"], "action": move["action"]}))
        after = receive_state(a, lambda m: m["ply"] == sa["ply"] + 1)
        assert after["can_undo"]
        receive_state(c, lambda m: m["ply"] == sa["ply"] + 1)
        a.send(json.dumps({"type": "undo", "ply": after["ply"]}))
        back = receive_state(a, lambda m: m["ply"] == sa["ply"])
        watched = receive_state(c, lambda m: m["ply"] == sa["ply"])
        assert back["observation"] == sa["observation"]
        assert back["log_from"] == sa["ply"] and back["log"] == []
        assert watched["log_from"] == sa["ply"] and watched["log"] == []
