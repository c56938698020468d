"""A seat change is written only over the seats it was decided on (compare-and-set): a change
another process committed meanwhile is never overwritten, and the later writer is refused with
409. Run on SQLite and on PostgreSQL, with separate sessions (engines) on one database."""

from __future__ import annotations

import json
import threading
from typing import Any

from sqlalchemy import select, update

from tests.server.live import Live, live_server
from tests.server.test_api import two_humans
from towers.server.store import GameRow, LogRow, Store, games

HUMANS = [{"kind": "human", "params": {}, "name": ""}] * 2


def bot(kind: str) -> dict[str, Any]:
    return {"kind": kind, "params": {}, "name": ""}


def stored_seats(store: Store, game_id: str) -> list[dict[str, Any]]:
    with store.engine.connect() as conn:
        text = conn.execute(select(games.c.seats).where(games.c.id == game_id)).scalar_one()
    seats: list[dict[str, Any]] = json.loads(text)
    return seats


def new_game(store: Store, game_id: str) -> None:
    row = GameRow(game_id, "toy", 2, {}, 1, HUMANS, [None, None], 0, "playing", 0, False, "{}")
    store.create(row, [])


def test_a_seat_change_over_seats_another_session_changed_is_refused(database: str) -> None:
    a, b = Store(database), Store(database)
    try:
        new_game(a, "g1")
        read = stored_seats(a, "g1")  # both read the seats as they are
        changed = [HUMANS[0], bot("random")]
        assert b.set_seats("g1", changed, False, expected=read, ply=0)
        # a decided on the seats it read: its write would undo b's
        assert not a.set_seats("g1", [bot("greedy"), HUMANS[1]], True, expected=read, ply=0)
        assert stored_seats(a, "g1") == changed
        # over the seats as they now are, it is written
        assert a.set_seats("g1", [bot("greedy"), bot("random")], True, expected=changed, ply=0)
        assert stored_seats(b, "g1") == [bot("greedy"), bot("random")]
        # a seat change decided before a move (the ply read is behind) is refused too
        assert not b.set_seats("g1", HUMANS, False, expected=stored_seats(b, "g1"), ply=3)
        assert not b.set_seats("nowhere", HUMANS, False, expected=HUMANS, ply=0)
    finally:
        a.close()
        b.close()


def test_of_two_sessions_writing_at_once_exactly_one_wins(database: str) -> None:
    stores = [Store(database) for _ in range(2)]
    wanted = [[bot("random"), HUMANS[1]], [HUMANS[0], bot("greedy")]]
    start = threading.Barrier(2)  # both write at once, every round
    won = [False, False]

    def write(i: int, game_id: str, read: list[dict[str, Any]]) -> None:
        start.wait()
        won[i] = stores[i].set_seats(game_id, wanted[i], True, expected=read, ply=0)

    try:
        for round_ in range(12):
            game_id = f"race{round_}"
            new_game(stores[0], game_id)
            read = stored_seats(stores[0], game_id)
            threads = [threading.Thread(target=write, args=(i, game_id, read)) for i in (0, 1)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(won) == [False, True], f"round {round_}: {won}"
            assert stored_seats(stores[1], game_id) == wanted[won.index(True)]
    finally:
        for store in stores:
            store.close()


def test_the_server_refuses_a_seat_change_over_one_it_has_not_heard_of(database: str) -> None:
    with live_server(database, poll_interval=60) as live:
        check_refused_then_taken(live, database)


def hand_seat_1_to_a_bot_unheard(other: Store, gid: str) -> None:
    """Another process hands seat 1 to a random bot; its announcement has not come yet."""
    with other.engine.begin() as conn:
        seats = json.loads(
            conn.execute(select(games.c.seats).where(games.c.id == gid)).scalar_one()
        )
        seats[1] = bot("random")
        conn.execute(update(games).where(games.c.id == gid).values(seats=json.dumps(seats)))


def check_refused_then_taken(live: Live, database: str) -> None:
    gid, secrets = two_humans(live, seed=5)
    assert live.view(gid)["seats"][1]["kind"] == "human"  # the server has the game loaded
    other = Store(database)
    try:
        hand_seat_1_to_a_bot_unheard(other, gid)
        r = live.set_seat(gid, secrets[1], 1, kind="greedy")
        assert r.status_code == 409, r.text
        assert r.json()["error"] == "seats_changed"
        assert "look at the table again" in r.json()["message"]
        assert stored_seats(other, gid)[1]["kind"] == "random"  # not overwritten
        # the server has caught up: the seat is a random bot's, and changing it now is taken
        assert live.view(gid)["seats"][1]["kind"] == "random"
        r = live.set_seat(gid, secrets[1], 1, kind="greedy")
        assert r.status_code == 200, r.text
        assert stored_seats(other, gid)[1]["kind"] == "greedy"
    finally:
        other.close()


# ---- a move's bot_to_move flag is written over the seats it was worked out from ----------


def flag_and_seats(store: Store, game_id: str) -> tuple[int, bool, list[dict[str, Any]]]:
    """The stored ply, bot_to_move flag and seats, read together."""
    with store.engine.connect() as conn:
        r = conn.execute(
            select(games.c.ply, games.c.bot_to_move, games.c.seats).where(games.c.id == game_id)
        ).one()
    return r.ply, bool(r.bot_to_move), json.loads(r.seats)


def test_a_move_decided_on_seats_another_session_changed_is_refused(database: str) -> None:
    """A move's bot_to_move follows from the seats its writer read: over seats changed since,
    it would leave the flag stale, so it is refused (the writer reloads) and nothing is
    written."""
    a, b = Store(database), Store(database)
    try:
        new_game(a, "g1")
        read = stored_seats(a, "g1")
        # b hands seat 1 to a bot, whose turn it is after the move a is about to write
        changed = [HUMANS[0], bot("random")]
        assert b.set_seats("g1", changed, False, expected=read, ply=0)
        # a worked out its flag from the two humans it read: seat 1 to move, no bot
        where = {"ply": 1, "status": "playing", "to_move": 1, "bot_to_move": False}
        assert not a.append("g1", 0, [LogRow(0, 4, 0)], where, seats=read)
        assert flag_and_seats(b, "g1") == (0, False, changed)
        loaded = b.load("g1")
        assert loaded is not None and loaded[1] == []
        # over the seats as they now are, the flag is right and the move is written
        assert a.append("g1", 0, [LogRow(0, 4, 0)], {**where, "bot_to_move": True}, seats=changed)
        assert flag_and_seats(b, "g1") == (1, True, changed)
        # an undo over seats changed since is refused the same way
        assert b.set_seats("g1", HUMANS, False, expected=changed, ply=1)
        back = {"ply": 0, "status": "playing", "to_move": 0, "bot_to_move": False}
        assert not a.truncate("g1", 1, 0, back, seats=changed)
        assert flag_and_seats(b, "g1") == (1, False, HUMANS)
        assert a.truncate("g1", 1, 0, back, seats=HUMANS)
        assert flag_and_seats(b, "g1") == (0, False, HUMANS)
    finally:
        a.close()
        b.close()


def test_the_server_refuses_a_move_over_a_seat_change_it_has_not_heard_of(database: str) -> None:
    with live_server(database, poll_interval=60) as live:
        gid, secrets = two_humans(live, seed=5)
        v = live.view(gid, secrets[0])
        assert v["seats"][1]["kind"] == "human"  # the server has the game loaded
        other = Store(database)
        try:
            hand_seat_1_to_a_bot_unheard(other, gid)
            r = live.act(gid, secrets[0], ply=v["ply"], action=v["legal"][0]["action"])
            assert r.status_code == 409, r.text
            assert r.json()["error"] == "stale"
            assert flag_and_seats(other, gid)[:2] == (v["ply"], False)  # nothing written
            # the server has caught up with the seats; the move is taken, its flag right
            v = live.view(gid, secrets[0])
            assert v["seats"][1]["kind"] == "random"
            r = live.act(gid, secrets[0], ply=v["ply"], action=v["legal"][0]["action"])
            assert r.status_code == 200, r.text
            with other.engine.connect() as conn:
                row = conn.execute(
                    select(games.c.to_move, games.c.bot_to_move, games.c.status).where(
                        games.c.id == gid
                    )
                ).one()
            assert row.status != "playing" or row.bot_to_move == (row.to_move == 1)
        finally:
            other.close()
