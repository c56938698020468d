"""Buildings: each one's placement rule, the lower spaces first, and what completing it gives
(rulebook: Buildings; Workshop Dice)."""

from __future__ import annotations

import pytest

from towers.games.sifnos import frames as F
from towers.games.sifnos.rules import SifnosState

from .conftest import D, act, names, new_game, play, workshop_dice

SPACE = {s.id: s.index for s in D.building_spaces}


def built(state: SifnosState, seat: int = 0, **values: int) -> None:
    """Dice already on these Building spaces."""
    for name, v in values.items():
        state.buildings[seat][SPACE[name]] = v


def can(state: SifnosState, name: str, value: int, seat: int = 0) -> bool:
    return state.can_build(seat, SPACE[name], value)


def to_workshop(*values: int, **already: int) -> SifnosState:
    """Seat 0 with these Workshop Dice (and Dice already on Buildings), at the Workshop step
    of its Defend (no invasion)."""
    state = new_game(3)
    built(state, **already)
    workshop_dice(state, 0, *values)
    play(state, "done", "done")
    assert state.pending[-1] == F.Workshop(seat=0)
    return state


# ---------------------------------------------------------------------- the common rule
WITH_BELOW = [s for s in D.building_spaces if s.below]


@pytest.mark.parametrize("space", WITH_BELOW, ids=[s.id for s in WITH_BELOW])
def test_lower_spaces_before_those_above(space) -> None:  # type: ignore[no-untyped-def]
    state = new_game(3)
    assert not any(state.can_build(0, space.index, v) for v in range(1, 7))


def test_workshop_dice_are_placed_by_the_current_player_before_recoup() -> None:
    state = to_workshop(3)
    assert "build 3 on Gate left 1" in names(state)
    assert "done" not in names(state)  # the current player must place them
    act(state, "build 3 on Gate left 1")
    assert state.workshop[0] == []
    assert isinstance(state.pending[-1], F.Roll)  # Recoup: the Dice drawn back


def test_a_workshop_die_that_fits_nowhere_stays() -> None:
    # the package's interpretation: it waits in the Workshop
    full = {s.id: 1 for s in D.building_spaces}
    state = new_game(3)
    built(state, **full)
    workshop_dice(state, 0, 5)
    play(state, "done", "done")
    assert state.workshop[0] == [5]
    assert not isinstance(state.pending[-1], F.Workshop)


# ------------------------------------------------------------------------------- Gate
def test_gate_all_dice_different() -> None:
    state = new_game(3)
    built(state, gate_left_1=3)
    assert not can(state, "gate_right_1", 3)
    assert can(state, "gate_right_1", 4)
    assert not can(state, "gate_left_2", 3)


def test_gate_two_sides_built_independently() -> None:
    state = new_game(3)
    assert can(state, "gate_right_1", 6)
    built(state, gate_right_1=6)
    assert can(state, "gate_right_2", 5)
    assert not can(state, "gate_left_2", 5)


def test_gate_the_final_die_gives_2_gold_influence() -> None:
    state = to_workshop(6, gate_left_1=1, gate_left_2=2, gate_left_3=3, gate_right_1=4,
                        gate_right_2=5)  # fmt: skip
    act(state, "build 6 on Gate right 3")
    assert state.influence[0] == [0, 0, 2]


# ------------------------------------------------------------------------- Storehouse
def test_storehouse_any_values() -> None:
    state = new_game(3)
    built(state, storehouse_1=6)
    assert all(can(state, "storehouse_2", v) for v in range(1, 7))
    assert all(can(state, "storehouse_3", v) for v in range(1, 7))
    assert not can(state, "storehouse_4", 1)  # its lower space first


def test_storehouse_low_sum_gives_1_influence() -> None:
    state = to_workshop(1, storehouse_1=2, storehouse_2=3, storehouse_3=4)
    act(state, "build 1 on Storehouse 4")
    assert state.pending[-1] == F.InfluenceChoice(seat=0, n=1)
    act(state, "silver influence")
    assert state.influence[0] == [0, 1, 0]


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("lead", "gold", [1, 0, 1]),
    ("silver", "silver", [0, 2, 0]),
])  # fmt: skip
def test_storehouse_high_sum_gives_2_influence_of_one_or_two_minerals(
    first: str, second: str, expected: list[int]
) -> None:
    state = to_workshop(6, storehouse_1=6, storehouse_2=5, storehouse_3=4)
    act(state, "build 6 on Storehouse 4")
    play(state, f"{first} influence", f"{second} influence")
    assert state.influence[0] == expected


# ---------------------------------------------------------------------------- Columns
def test_columns_pairs_sum_to_7() -> None:
    state = new_game(3)
    built(state, column_lead_1=2)
    assert can(state, "column_lead_2", 5)
    assert not can(state, "column_lead_2", 4)
    assert all(can(state, "column_silver_1", v) for v in range(1, 7))


def test_columns_complete_for_1_then_2_then_3_influence() -> None:
    state = to_workshop(4, 1, 6, column_silver_1=3, column_lead_1=6, column_gold_1=1)
    act(state, "build 4 on Silver Column 2")
    assert state.influence[0] == [0, 1, 0]
    act(state, "build 1 on Lead Column 2")
    assert state.influence[0] == [2, 1, 0]
    act(state, "build 6 on Gold Column 2")
    assert state.influence[0] == [2, 1, 3]


# ----------------------------------------------------------------------------- Temple
def test_temple_lower_dice_higher_than_upper() -> None:
    state = new_game(3)
    built(state, temple_1=5, temple_2=4)
    assert can(state, "temple_4", 3)
    assert not can(state, "temple_4", 4)
    assert not can(state, "temple_4", 6)


def test_temple_upper_die_needs_both_below() -> None:
    state = new_game(3)
    built(state, temple_1=6)
    assert not can(state, "temple_4", 1)
    built(state, temple_2=6)
    assert can(state, "temple_4", 1)
    built(state, temple_4=5)
    assert not can(state, "temple_6", 1)  # temple_5 is not placed


# ---------------------------------------------------------------------------- Obelisk
def test_obelisk_all_dice_equal() -> None:
    state = new_game(3)
    built(state, obelisk_1=4)
    assert can(state, "obelisk_2", 4)
    assert not can(state, "obelisk_2", 3)


def test_obelisk_third_die_after_both_bottom_dice() -> None:
    state = new_game(3)
    built(state, obelisk_1=4)
    assert not can(state, "obelisk_3", 4)
    built(state, obelisk_2=4)
    assert can(state, "obelisk_3", 4)
    assert not can(state, "obelisk_3", 5)


# ---------------------------------------------------------------------------- Theatre
def test_theatre_neighbours_exactly_1_apart() -> None:
    state = new_game(3)
    built(state, theatre_2=4)
    assert can(state, "theatre_1", 3)
    assert can(state, "theatre_1", 5)
    assert not can(state, "theatre_1", 4)
    assert not can(state, "theatre_1", 6)
    assert all(can(state, "theatre_3", v) for v in (3, 5))
    built(state, theatre_1=3)
    assert can(state, "theatre_4", 5) and can(state, "theatre_4", 3)
    assert not can(state, "theatre_4", 2)


def test_a_building_space_reward_is_gained_as_the_die_is_placed() -> None:
    # a placed Die's own reward (the upper Temple space: any 1 Influence)
    state = to_workshop(2, temple_1=5, temple_2=4)
    act(state, "build 2 on Temple 4")
    act(state, "gold influence")
    assert state.influence[0] == [0, 0, 1]
