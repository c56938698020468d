"""The log in words (the room's chronicle): each entry's chapter and words are the game's own,
they come back the same when the game is loaded again and after an undo, and a seat reads no
more in them than it may: hidden entries stay hidden to the other seats and to spectators, live
and in replays, and what a seat reads is the same in every world it cannot tell apart."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.live import Live
from tests.server.test_secrets import torres_after_an_acquisition
from tests.server.test_undo_seats import act_first, torres_at_first_turn
from towers.core import knowledge
from towers.core.chance import sample_chance
from towers.core.registry import make, views_of

HIDDEN = ("a hidden choice", "a hidden outcome")
GAMES = [("torres", 2), ("tiletum", 2), ("turris", 2), ("sifnos", 2), ("dark_tower", 1)]


def told(live: Live, gid: str) -> list[tuple[str, str]]:
    """Each ply's chapter and words, worked out here by replaying the stored game."""
    assert live.service is not None
    row, rows = live.service.store.load(gid)  # type: ignore[misc]
    game = make(row.game, players=row.players, **row.options)
    views = views_of(game)
    state = game.new_initial_state()
    out = []
    for r in rows:
        out.append((views.chapter(state), views.log_words(state, r.action)))
        state.apply_trusted(r.action)
    return out


def log_of(live: Live, gid: str, secret: str | None = None) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = live.view(gid, secret, log=True)["log"]
    return entries


def forget(live: Live, gid: str) -> None:
    """Drop the game from the server's memory: the next request loads it from the database."""
    assert live.service is not None
    live.service.rooms.pop(gid, None)


def test_chapters_and_words_survive_a_reload_and_an_undo(live: Live) -> None:
    gid, secrets = torres_at_first_turn(live, seed=21)
    start = live.view(gid, secrets[0])
    moves = [e for e in start["legal"] if e["text"].startswith(("block", "move", "add knight"))]
    act_first(live, gid, secrets[0], moves[0]["text"])
    act_first(live, gid, secrets[0], "advance marker")
    before = log_of(live, gid, secrets[0])
    assert [(e["chapter"], e["text"]) for e in before] == told(live, gid)
    assert any(e["chapter"] for e in before)  # Torres names its phases and rounds
    forget(live, gid)
    assert log_of(live, gid, secrets[0]) == before
    # an undo cuts the chronicle short; the move played instead is told in its own words
    ply = live.view(gid, secrets[0])["ply"]
    assert live.undo(gid, secrets[0], ply).status_code == 200
    assert log_of(live, gid, secrets[0]) == before[:-1]
    other = act_first(live, gid, secrets[0], moves[-1]["text"])
    after = log_of(live, gid, secrets[0])
    assert after[:-1] == before[:-1] and len(after) == other["ply"]
    assert [(e["chapter"], e["text"]) for e in after] == told(live, gid)
    forget(live, gid)
    assert log_of(live, gid, secrets[0]) == after


def test_hidden_entries_stay_hidden_live_and_in_replays(live: Live) -> None:
    gid, secrets = torres_after_an_acquisition(live, 57)
    assert live.service is not None
    live.view(gid, log=True)  # works out who may read each entry
    _, rows = live.service.store.load(gid)  # type: ignore[misc]
    words = told(live, gid)
    hidden = 0
    for seat, secret in ((0, secrets[0]), (1, secrets[1]), (None, None)):
        logs = [log_of(live, gid, secret)]
        headers = {"X-Seat-Secret": secret} if secret else {}
        total = len(rows)
        for step in (total // 2, total):
            r = live.http.get(f"/api/games/{gid}/replay", params={"step": step}, headers=headers)
            logs.append(r.json()["log"])
        for log in logs:
            for e in log:
                row = rows[e["ply"]]
                readable = (seat is not None and row.actor == seat) or (
                    row.seen_by is not None and knowledge.can_read(row.seen_by, seat)
                )
                chapter, said = words[e["ply"]]
                assert e["chapter"] == chapter  # the part of the game is public
                if readable:
                    assert e["text"] == said
                else:
                    assert e["text"] == HIDDEN[row.actor < 0], e
                    hidden += 1
    assert hidden, "the drawn cards are hidden from the other seat and the spectator"


@pytest.mark.parametrize(("game_name", "players"), GAMES)
def test_a_seat_reads_the_same_log_in_worlds_it_cannot_tell_apart(
    game_name: str, players: int
) -> None:
    """For each action of a random game and each seat: in a world re-dealt for that seat (the
    same to it before the action, and after it), the chapter is the same, and so are the
    words where the seat may read them."""
    game = make(game_name, players=players)
    views = views_of(game)
    rng = random.Random(11)
    state = game.new_initial_state()
    compared = 0
    for _ in range(70):
        if state.is_terminal():
            break
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        seen = knowledge.seen_by(state, action, rng)
        after = state.clone()
        after.apply_trusted(action)
        for seat in range(players):
            for _ in range(2):
                world = state.determinize(seat, rng)
                assert views.chapter(world) == views.chapter(state)
                if seen is not None and seat not in seen:
                    continue  # the seat reads "a hidden choice" (or outcome)
                if action not in world.legal_actions():
                    continue
                twin = world.clone()
                twin.apply_trusted(action)
                if twin.observation(seat) != after.observation(seat):
                    continue  # the seat tells these worlds apart after the action
                assert views.log_words(world, action) == views.log_words(state, action)
                compared += 1
        state = after
    assert compared
