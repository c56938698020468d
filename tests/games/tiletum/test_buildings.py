"""Player Boards — Completed Buildings: all rooms filled plus a crest."""

from __future__ import annotations

from towers.games.tiletum import frames as F
from towers.games.tiletum.data import ARCHITECT, CHARACTER, CONTRACT, JOKER, KING, MERCHANT

from .helpers import D, do, frame, names, new, place_characters, refresh, set_res, store, top


def test_a_full_building_with_a_crest_strengthens_its_action() -> None:
    s = frame(new(2, seed=1), CHARACTER, 2)
    place_characters(s, 0, 0, "notary-1")  # building 1 (2 rooms): floor 2 missing
    s.crests[0][0] = 0
    store(s, 0, "weaver-2")
    set_res(s, 0)
    do(s, "place Weaver (2 wool) in building 1 floor 2")
    assert s.completed_buildings[0] == 1
    assert s.bonus_action_points[0][CONTRACT] == 2  # two rooms: +2 AP on the contract action
    assert s.houses_in_supply[0] == 3  # the roof house too


def test_the_bonus_applies_to_the_current_action() -> None:
    s = frame(new(2, seed=2), CHARACTER, 3)
    s.crests[0][2] = 1
    store(s, 0, "scholar-1")
    set_res(s, 0)
    do(s, "place Scholar (a character action with 1 action point) in building 3 floor 1")
    # scholar-1 strengthens the character action: +1 AP at once for this action
    assert s.bonus_action_points[0][CHARACTER] == 1
    assert s.stack[1].action == CHARACTER and s.stack[1].action_points == 3 - 1 + 1
    # (the scholar's own bonus, a character action with 1 AP, is on top)
    assert top(s) == F.PerformAction(CHARACTER, 1, False)


def test_the_bonus_applies_through_the_joker() -> None:
    s = new(2, seed=3)
    v = D.wheel_actions.index(JOKER) + 1
    s.wheel_dice = [[0] * 5 for _ in range(6)]
    s.wheel_dice[v - 1][0] = 1
    s.action_bonus_tiles = [-1] * 6
    s.bonus_action_points[0][KING] = 2
    refresh(s)
    do(s, f"die {v} yellow", f"value {v}", "action king")
    assert top(s).action_points == 7 - v + 2
    # completing a king building now adds to this joker king action
    store(s, 0, "lion")
    s.rooms[0][s.game.rooms[2][0]] = D.kind_index["courtier-1"]
    set_res(s, 0, food=5)
    do(s, "crest Lion on space 3", "skip")
    assert top(s).action_points == 7 - v + 2 + 1


def test_no_bonus_for_the_rightmost_building() -> None:
    s = frame(new(2, seed=4), MERCHANT, 1)
    store(s, 0, "eagle")
    set_res(s, 0, food=2)
    vp = s.vp[0]
    do(s, "crest Eagle on space 6")
    assert s.completed_buildings[0] == 1 << 5 and s.bonus_action_points[0] == [0] * 5
    assert s.vp[0] == vp + 5
    assert s.final_points(0)[1] == 0  # one completed building scores nothing yet


def test_the_bonus_only_counts_for_the_dies_action_not_helper_actions() -> None:
    s = new(2, seed=5)
    s.bonus_action_points[0][ARCHITECT] = 3
    store(s, 0, "architect-2")
    refresh(s)
    do(s, "use an architect action with 2 action points")
    assert top(s) == F.PerformAction(ARCHITECT, 2, False)


def test_a_building_of_mixed_characters_asks_which_action() -> None:
    s = frame(new(2, seed=6), CHARACTER, 2)
    place_characters(s, 0, 4, "trader-1")  # building 5 (2 rooms), a merchant character
    s.crests[0][4] = 3
    store(s, 0, "courtier-2")  # a king character on floor 2
    do(s, "place Courtier (a King action with 2 action points) in building 5 floor 2")
    # the completion is asked before the courtier's king action
    assert set(names(s)) == {"action merchant", "action king"}
    do(s, "action king")
    assert s.bonus_action_points[0][KING] == 2 and s.bonus_action_points[0][MERCHANT] == 0


def test_two_buildings_on_one_action_add_up() -> None:
    s = frame(new(2, seed=7), CHARACTER, 1)
    s.bonus_action_points[0][CHARACTER] = 2
    s.crests[0][2] = 0
    store(s, 0, "baker-1")
    set_res(s, 0)
    do(s, "place Baker (1 food) in building 3 floor 1")
    assert s.bonus_action_points[0][CHARACTER] == 3


def test_a_building_without_its_crest_is_not_completed() -> None:
    s = frame(new(2, seed=8), CHARACTER, 1)
    store(s, 0, "baker-1")
    set_res(s, 0)
    do(s, "place Baker (1 food) in building 3 floor 1")
    assert s.completed_buildings[0] == 0 and s.bonus_action_points[0] == [0] * 5
    assert s.roof_houses_freed[0] == 1 << 2 and s.houses_in_supply[0] == 3
    assert s.resources[0] == [1, 1, 0, 0, 0]  # the roof bonus (1 gold) and the baker's food
