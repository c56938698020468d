"""A turn of the action phase: take a die, maybe change it, the action's bonus tile, the
die's resources, the action with 7 minus the value in AP plus bonus markers."""

from __future__ import annotations

from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import (
    ARCHITECT,
    CONTRACT,
    FOOD,
    GOLD,
    IRON,
    JOKER,
    KING,
    MERCHANT,
    STONE,
    WOOL,
)

from .helpers import A, D, do, frame, kind, names, new, refresh, set_res, store, top

ACTIONS_BY_VALUE_ROUND_1 = [D.wheel_actions[v - 1] for v in range(1, 7)]


def _wheel(s: R.TiletumState, value: int, colour: int, count: int = 1) -> R.TiletumState:
    s.wheel_dice = [[0] * 5 for _ in range(6)]
    s.wheel_dice[value - 1][colour] = count
    return refresh(s)


def test_a_die_can_be_taken_only_if_it_is_on_the_wheel() -> None:
    s = _wheel(new(2, seed=1), 3, IRON)
    assert [n for n in names(s) if n.startswith("die")] == ["die 3 blue"]
    assert "die 3 yellow" in s.explain(s.string_to_action("die 3 yellow"))


def test_changing_the_die_costs_two_gold_a_step_and_six_wraps_to_one() -> None:
    s = _wheel(new(2, seed=1), 6, WOOL)
    set_res(s, 0, gold=4)
    do(s, "die 6 light gray")
    values = [n for n in names(s)]
    # 6 is free; 5 and 1 cost 2; 4 and 2 cost 4; 3 costs 6 (not affordable).
    assert values == ["value 1", "value 2", "value 4", "value 5", "value 6"]
    do(s, "value 1")
    assert s.resources[0][GOLD] == 2
    assert s.die_value == 1
    assert "costs 6 gold" in (new_state := _wheel(new(2, seed=1), 6, WOOL)).explain(
        do(set_res(new_state, 0, gold=4), "die 6 light gray").string_to_action("value 3")
    )


def test_the_changed_value_sets_resources_action_and_action_points() -> None:
    s = _wheel(new(2, seed=2), 2, STONE)
    s.action_bonus_tiles = [-1] * 6
    set_res(s, 0, gold=2)
    do(s, "die 2 dark gray", "value 1")
    # Value 1: 1 stone and 6 AP for the action beside segment 1 this round.
    assert s.resources[0][STONE] == 1
    f = top(s)
    assert f == F.PerformAction(ACTIONS_BY_VALUE_ROUND_1[0], 6, True)
    assert s.dice_taken[0] == [STONE]


def test_dice_colours_give_their_resources() -> None:
    for colour, res in ((0, GOLD), (1, FOOD), (2, WOOL), (3, STONE), (4, IRON)):
        s = _wheel(new(2, seed=3), 4, colour)
        s.action_bonus_tiles = [-1] * 6
        set_res(s, 0)
        do(s, f"die 4 {A.COLOUR_NAMES[colour]}", "value 4")
        assert s.resources[0][res] == 4 and sum(s.resources[0]) == 4


def test_the_actions_bonus_tile_is_optional() -> None:
    s = _wheel(new(2, seed=4), 3, GOLD)
    action = ACTIONS_BY_VALUE_ROUND_1[2]
    s.action_bonus_tiles[action] = kind("vp-4")
    store(s, 0)
    do(s, "die 3 yellow", "value 3")
    assert set(names(s)) == {"take tile", "skip"}
    do(s, "take tile")
    assert s.storehouse[0] == [kind("vp-4")] and s.action_bonus_tiles[action] == -1
    s = _wheel(new(2, seed=4), 3, GOLD)
    s.action_bonus_tiles[action] = kind("vp-4")
    do(s, "die 3 yellow", "value 3", "skip")
    assert s.action_bonus_tiles[action] == kind("vp-4")


def test_the_actions_bonus_tile_needs_storehouse_room() -> None:
    s = _wheel(new(2, seed=4), 3, GOLD)
    s.action_bonus_tiles[ACTIONS_BY_VALUE_ROUND_1[2]] = kind("vp-4")
    store(s, 0, "any-2", "any-3", "gold-3", "one-each")  # full (4 spaces)
    do(s, "die 3 yellow", "value 3")
    assert isinstance(top(s), F.PerformAction)  # no question asked: the tile cannot be taken


def test_substitute_helper_takes_the_resources_as_another_type() -> None:
    s = _wheel(new(2, seed=5), 2, GOLD)
    s.action_bonus_tiles = [-1] * 6
    store(s, 0, "substitute")
    set_res(s, 0)
    do(s, "die 2 yellow", "value 2")
    assert "skip" in names(s) and "resources as iron" in names(s)
    assert "resources as gold" not in names(s)
    do(s, "resources as iron")
    assert s.resources[0][IRON] == 2 and s.resources[0][GOLD] == 0
    assert s.storehouse[0] == []  # the helper leaves the game


def test_substitute_helper_taken_with_the_die_can_be_used_at_once() -> None:
    s = _wheel(new(2, seed=5), 2, GOLD)
    s.action_bonus_tiles[ACTIONS_BY_VALUE_ROUND_1[1]] = kind("substitute")
    store(s, 0)
    do(s, "die 2 yellow", "value 2", "take tile")
    assert "resources as food" in names(s)


def test_joker_takes_any_other_action_with_its_bonus_markers() -> None:
    s = new(2, seed=6)
    joker_value = D.wheel_actions.index(JOKER) + 1
    _wheel(s, joker_value, GOLD)
    s.action_bonus_tiles = [-1] * 6
    s.bonus_action_points[0][MERCHANT] = 2
    do(s, f"die {joker_value} yellow", f"value {joker_value}")
    assert names(s) == [
        "action architect",
        "action merchant",
        "action character",
        "action contract",
        "action king",
    ]
    do(s, "action merchant")
    assert top(s).action == MERCHANT and top(s).action_points == 7 - joker_value + 2


def test_bonus_action_point_markers_add_to_the_dies_action() -> None:
    s = new(2, seed=7)
    value = D.wheel_actions.index(KING) + 1
    _wheel(s, value, IRON)
    s.action_bonus_tiles = [-1] * 6
    s.bonus_action_points[0][KING] = 3
    do(s, f"die {value} blue", f"value {value}")
    assert top(s).action_points == 7 - value + 3


def test_tasks_are_allowed_before_the_die_and_the_turn_needs_a_die() -> None:
    s = new(2, seed=8)
    set_res(s, 0, gold=2)
    assert "buy iron" in names(s)
    assert "end turn" not in names(s)
    do(s, "buy iron")
    assert s.resources[0][IRON] == 1 and s.resources[0][GOLD] == 0


def test_unused_action_points_are_lost_at_the_end_of_the_turn() -> None:
    s = new(2, seed=9)
    frame(s, ARCHITECT, 5)
    do(s, "end turn")
    assert s.current_player() in (R.CHANCE, 1)
    assert not s.stack or s.active_player == 1


def test_a_bonus_action_ends_with_stop_or_when_its_points_are_spent() -> None:
    s = new(2, seed=10)
    frame(s, CONTRACT, 3)
    s.stack.append(F.PerformAction(ARCHITECT, 1, False))
    refresh(s)
    assert "stop action" in names(s) and "end turn" not in names(s)
    here = s.architect[0]
    target = D.adjacent[here][0]
    do(s, f"architect to {D.spot_names[target]}")
    assert top(s).action == CONTRACT  # the 1-AP architect action ended by itself
    assert "end turn" in names(s)


def test_three_turns_each_then_the_king_phase() -> None:
    s = new(2, seed=12)
    turns = []
    while s.round == 0 and not s.game_over:
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
            continue
        if s.stack and isinstance(s.stack[-1], F.Turn):
            turns.append((s.turn, s.active_player))
        legal = names(s)
        pick = next(
            (n for n in ("end turn", "skip", "value") if any(x.startswith(n) for x in legal)), None
        )
        choice = next(x for x in legal if pick and x.startswith(pick)) if pick else legal[0]
        do(s, choice)
    assert turns == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert s.phase == R.S_KING_SCORE or s.round == 1
