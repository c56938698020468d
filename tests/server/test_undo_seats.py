"""Undo inside one's own turn, and seats handed to bots and taken back."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.server.live import Live, receive_state
from tests.server.test_api import snapshot, two_humans
from tests.toy_game import PASS, PLAY, ToyGame
from towers.core import knowledge


def act_first(live: Live, gid: str, secret: str, text: str | None = None) -> dict[str, Any]:
    v = live.view(gid, secret)
    body: dict[str, Any] = {"ply": v["ply"]}
    if text is None:
        body["action"] = v["legal"][0]["action"]
    else:
        body["text"] = text
    r = live.act(gid, secret, **body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def torres_at_first_turn(live: Live, seed: int = 11) -> tuple[str, list[str]]:
    """Two humans, setup done (knights and King placed): seat 0 to take actions."""
    gid, secrets = two_humans(live, seed=seed)
    act_first(live, gid, secrets[0])  # first knight
    act_first(live, gid, secrets[1])  # first knight
    act_first(live, gid, secrets[1])  # the King, placed by the last player
    v = live.view(gid, secrets[0])
    assert v["your_turn"] and v["observation"]["step"] == "take actions"
    return gid, secrets


def test_undo_takes_back_ones_own_actions_of_this_turn_only(live: Live) -> None:
    gid, secrets = torres_at_first_turn(live)
    start = live.view(gid, secrets[0])
    assert not start["can_undo"]  # the last action was seat 1's King
    r = live.undo(gid, secrets[0], start["ply"])
    assert r.status_code == 409 and r.json()["error"] == "cannot_undo"
    assert "another seat" in r.json()["message"]
    stored = snapshot(live, gid)
    moves = [e for e in start["legal"] if e["text"].startswith(("block", "move", "add knight"))]
    first = act_first(live, gid, secrets[0], moves[0]["text"])
    assert first["can_undo"]
    second = act_first(live, gid, secrets[0], "advance marker")
    assert second["can_undo"] and second["observation"]["scores"][0] == 1
    # the other seat may not undo seat 0's actions
    r = live.undo(gid, secrets[1], second["ply"])
    assert r.status_code == 409 and r.json()["error"] == "cannot_undo"
    # a stale undo is refused
    r = live.undo(gid, secrets[0], second["ply"] - 1)
    assert r.status_code == 409 and r.json()["error"] == "stale"
    back = live.undo(gid, secrets[0], second["ply"]).json()
    assert back["ply"] == first["ply"] and back["observation"] == first["observation"]
    back = live.undo(gid, secrets[0], back["ply"]).json()
    assert back["ply"] == start["ply"] and back["observation"] == start["observation"]
    assert not back["can_undo"]
    assert snapshot(live, gid) == stored  # the log is as it was before the turn
    r = live.undo(gid, secrets[0], back["ply"])
    assert r.status_code == 409


def test_no_undo_across_a_chance_outcome_or_into_another_turn(live: Live) -> None:
    gid, secrets = torres_at_first_turn(live, seed=17)
    v = act_first(live, gid, secrets[0], "acquire card")  # three cards drawn by chance
    assert not v["can_undo"]
    r = live.undo(gid, secrets[0], v["ply"])
    assert r.status_code == 409 and "chance" in r.json()["message"]
    drawn = v["observation"]["drawn"]
    keep = next(e for e in v["legal"] if e["text"].startswith("keep"))
    v = act_first(live, gid, secrets[0], keep["text"])
    assert v["can_undo"]  # keeping a drawn card reveals nothing new to anyone
    assert len(drawn) == 3
    # end the turn: the turn passes, and seat 0 may no longer take anything back
    while v["your_turn"]:
        texts = [e["text"] for e in v["legal"]]
        choice = next(
            (t for t in ("end turn", "return leftover blocks") if t in texts),
            next((t for t in texts if t.startswith("return")), texts[0]),
        )
        v = act_first(live, gid, secrets[0], choice)
    assert v["to_move"] == 1
    r = live.undo(gid, secrets[0], v["ply"])
    assert r.status_code == 409 and "own turn" in r.json()["message"]


def test_an_action_that_shows_a_hidden_card_cannot_be_taken_back() -> None:
    game = ToyGame(2)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    played = next(a for a in state.legal_actions() if a >= PLAY)
    # playing a card scores value x height: the others learn which card it was
    assert knowledge.reveals(state, played, rng)
    assert not knowledge.reveals(state, PASS, rng)


def test_a_bot_takes_over_a_seat_whose_player_left_and_the_player_comes_back(live: Live) -> None:
    gid, secrets = two_humans(live, seed=23)
    with live.socket(gid, secrets[1]) as ws:
        receive_state(ws)
        r = live.set_seat(gid, secrets[0], 1, kind="random")
        assert r.status_code == 409 and r.json()["error"] == "seat_present"
    time.sleep(1.2)  # the fixture's absent_after is 1 s
    assert not live.view(gid)["seats"][1]["present"]
    # a spectator may not, and a bad bot is refused
    assert live.set_seat(gid, None, 1, kind="random").status_code == 401
    r = live.set_seat(gid, secrets[0], 1, kind="wizard")
    assert r.status_code == 400
    r = live.set_seat(gid, secrets[0], 7, kind="random")
    assert r.status_code == 404
    r = live.set_seat(gid, secrets[0], 1, kind="random")
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["kind"] == "random" and r.json()["seats"][1]["is_bot"]
    # seat 0 places its knight; the bot answers for seat 1 (knight and King)
    act_first(live, gid, secrets[0])
    v = live.wait(gid, lambda x: x["your_turn"], secrets[0])
    assert v["observation"]["step"] == "take actions"
    # only seat 1 itself may take its seat back
    assert live.set_seat(gid, secrets[0], 1, kind="human").status_code == 403
    r = live.set_seat(gid, secrets[1], 1, kind="human")
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "human"
    assert live.set_seat(gid, secrets[1], 1, kind="human").status_code == 409


def test_a_player_may_hand_their_own_seat_to_a_bot_and_play_on_later(live: Live) -> None:
    gid, secrets = two_humans(live, seed=29)
    r = live.set_seat(gid, secrets[0], 0, kind="greedy", params={"samples": 1})
    assert r.status_code == 200, r.text
    v = live.wait(gid, lambda x: x["to_move"] == 1, secrets[1])
    assert v["seats"][0]["kind"] == "greedy"
    # a human may not play a seat while a bot has it
    r = live.set_seat(gid, secrets[0], 0, kind="human")
    assert r.status_code == 200
    assert live.view(gid, secrets[0])["seats"][0]["kind"] == "human"


def test_a_seat_created_for_a_bot_cannot_be_claimed(live: Live) -> None:
    g = live.create("torres", seats=[{"kind": "human"}, {"kind": "random"}], seed=2)
    secret = g["seats"][0]["secret"]
    r = live.set_seat(g["id"], secret, 1, kind="human")
    assert r.status_code == 403
    r = live.set_seat(g["id"], secret, 1, kind="greedy")
    assert r.status_code == 403


def test_playing_a_hidden_card_shows_it_so_the_undo_is_refused(live: Live) -> None:
    gid, secrets = two_humans(live, seed=6)  # a seed that deals a card playable next turn
    for seat in (0, 1, 1):  # first knights, the King
        act_first(live, gid, secrets[seat])
    v = act_first(live, gid, secrets[0], "acquire card")
    from towers.games.torres.actions import CARD_KEYS, CARD_NAMES

    def named(key: str) -> str:  # the observation holds keys, moves the printed names
        return CARD_NAMES[CARD_KEYS.index(key)]

    kept = named(sorted(v["observation"]["drawn"], key=CARD_KEYS.index)[0])
    v = act_first(live, gid, secrets[0], f"keep {kept}")
    while v["observation"].get("drawn"):
        v = act_first(live, gid, secrets[0], f"return {named(v['observation']['drawn'][0])} top")
    for seat in (0, 1):
        while live.view(gid, secrets[seat])["your_turn"]:
            texts = [e["text"] for e in live.view(gid, secrets[seat])["legal"]]
            act_first(live, gid, secrets[seat], "end turn" if "end turn" in texts else None)
    v = live.view(gid, secrets[0])
    play = next(e for e in v["legal"] if e["text"].startswith(f"play {kept}"))
    v = act_first(live, gid, secrets[0], play["text"])
    # the other seat now knows a card of seat 0's hidden hand: the play stands
    r = live.undo(gid, secrets[0], v["ply"])
    assert r.status_code == 409 and "revealed hidden information" in r.json()["message"]
    assert not live.view(gid, secrets[0])["can_undo"]
